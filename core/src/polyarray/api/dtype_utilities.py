"""Dtype utilities: portable and native dtypes, and polyarray's default dtypes.

The default dtypes are those that creation functions give Python values when
no ``dtype`` is passed (``pa.asarray([1.0])``, ``pa.ones(3)``, ``pa.arange(5)``)
and that a Python scalar of a higher kind takes in promotion (``int8`` array
with ``1.5``). They are the same on every backend:

======================  ==============  ====================================================
kind                    default         may be set to
======================  ==============  ====================================================
``"real floating"``     ``float64``     ``float16``, ``bfloat16``, ``float32``, ``float64``
``"integral"``          ``int64``       ``int8``, ``int16``, ``int32``, ``int64``
``"complex floating"``  ``complex128``  ``complex64``, ``complex128``
``"indexing"``          ``int64``       follows ``"integral"``
======================  ==============  ====================================================

They are context-local like the backend: ``set_default_*`` changes them in
this thread or task and as the process default that new threads start from;
``with pa.default_dtype_as(dtype):`` changes one in this context only, and
the end of the block gives this context back what it had before the block
(a ``set_default_*`` inside the block included). The kinds are independent:
setting ``float32`` leaves the complex default at ``complex128``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .. import _choice, _dtypes, _handler
from .._array import Array as _Array
from .._declare import standalone
from .._dtypes import DType
from .._errors import PolyarrayTypeError, PolyarrayValueError
from ._types import ArrayLike, DTypeLike

if TYPE_CHECKING:
    from .._backend import Backend

__all__ = [
    "as_native_dtype",
    "as_portable_dtype",
    "dtype",
    "set_default_dtype",
    "set_default_float_dtype",
    "set_default_int_dtype",
    "set_default_complex_dtype",
    "unset_default_dtype",
    "default_dtype",
    "default_float_dtype",
    "default_int_dtype",
    "default_complex_dtype",
    "default_dtype_as",
]

#: Names accepted for the kinds of default dtype, with their short forms.
_KIND_NAMES = {
    "real floating": "real floating",
    "float": "real floating",
    "integral": "integral",
    "int": "integral",
    "complex floating": "complex floating",
    "complex": "complex floating",
    "indexing": "indexing",
}
_PYTHON_TYPES = {int: "integral", float: "real floating", complex: "complex floating"}


def _kind(kind: str) -> str:
    try:
        return _KIND_NAMES[kind]
    except (KeyError, TypeError):
        raise PolyarrayValueError(
            f"{kind!r} is not a kind with a default dtype; use one of {', '.join(map(repr, _KIND_NAMES))}."
        ) from None


def _default_kind_of(dtype: Any, wanted: str | None = None) -> tuple[str, DType]:
    """The default kind a dtype can be the default of (checked against ``wanted``), and the dtype."""
    portable = _dtypes.as_dtype(dtype)
    for kind, dtype_kinds in _dtypes.DEFAULT_KINDS.items():
        if portable.kind in dtype_kinds and wanted in (None, kind):
            return kind, portable
    allowed = {
        kind: ", ".join(d.name for d in _dtypes.DTYPES.values() if d.kind in dtype_kinds)
        for kind, dtype_kinds in _dtypes.DEFAULT_KINDS.items()
    }
    if wanted is not None:
        raise PolyarrayTypeError(f"The default {wanted} dtype must be one of {allowed[wanted]}, not {portable.name}.")
    listing = "; ".join(f"{kind}: {names}" for kind, names in allowed.items())
    raise PolyarrayTypeError(f"{portable.name} cannot be a default dtype; the defaults are ({listing}).")


def _backend(backend: str | Backend | None) -> Backend:
    return _handler.current_backend() if backend is None else _handler.resolve_backend(backend)


@standalone
def as_native_dtype(dtype: DTypeLike, /, *, backend: str | Backend | None = None) -> Any:
    """The native dtype of a backend (the current one when ``backend`` is None) for any dtype-like.

    ``dtype`` is a portable dtype, its name, or a native dtype of any framework.
    A dtype the backend does not have (``bfloat16`` on NumPy) is a
    ``PolyarrayTypeError`` naming the dtypes it has.

    >>> pa.as_native_dtype(pa.float32)
    dtype('float32')
    >>> pa.as_native_dtype("int8", backend="numpy")
    dtype('int8')
    """
    chosen = _backend(backend)
    if type(dtype) is not DType and not isinstance(dtype, str):
        try:
            if dtype in chosen._to_portable:
                return dtype
        except TypeError:
            pass
    return chosen.native_dtype(_dtypes.as_dtype(dtype))


@standalone
def as_portable_dtype(dtype: DTypeLike, /) -> DType:
    """The portable dtype (``pa.float32`` …) of a dtype name, a native dtype of any framework, or a DType.

    Python's ``bool`` gives ``pa.bool``; ``int``, ``float`` and ``complex`` give
    the current default dtype of their kind (see :func:`default_dtype`). Anything
    else is a ``PolyarrayTypeError``.

    >>> import numpy as np
    >>> pa.as_portable_dtype(np.dtype("float32")), pa.as_portable_dtype("int8"), pa.as_portable_dtype(np.uint16)
    (pa.float32, pa.int8, pa.uint16)
    >>> pa.as_portable_dtype(float)
    pa.float64
    """
    kind = _PYTHON_TYPES.get(dtype) if type(dtype) is type else None
    if kind is not None:
        return _dtypes.default_dtypes()[kind]
    return _dtypes.as_dtype(dtype)


@standalone
def dtype(x: ArrayLike, /) -> DType:
    """The portable dtype of an array: a ``pa.Array`` or a native array of any backend.

    Anything without a dtype (a list, a Python scalar) is a ``PolyarrayTypeError``:
    convert it with ``pa.asarray`` first.

    >>> pa.dtype(pa.asarray([1, 2], dtype=pa.int16)), pa.dtype(np.zeros(2, dtype=np.float32))
    (pa.int16, pa.float32)
    """
    if type(x) is _Array:
        return x.dtype
    native = getattr(x, "dtype", None)
    if native is None or isinstance(x, (DType, str, type, list, tuple)):
        raise PolyarrayTypeError(f"pa.dtype needs an array, not {type(x).__name__}; convert it with pa.asarray first.")
    owner = _choice.owner_of(x)
    return owner.portable_dtype(native) if owner is not None else _dtypes.as_dtype(native)


@standalone
def set_default_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` the default dtype of its kind (real floating, signed integer or complex floating).

    ``pa.set_default_dtype(pa.float32)`` is ``pa.set_default_float_dtype(pa.float32)``.
    It applies in this thread or task and to threads started later; undo it
    with :func:`unset_default_dtype`. Other dtypes (``bool``, unsigned
    integers) are a ``PolyarrayTypeError``.

    >>> pa.set_default_dtype(pa.float32)
    >>> pa.asarray([1.0, 2.0]).dtype, pa.default_float_dtype()
    (pa.float32, pa.float32)
    >>> pa.unset_default_dtype()
    >>> pa.asarray([1.0, 2.0]).dtype
    pa.float64
    """
    kind, portable = _default_kind_of(dtype)
    _dtypes.set_default_dtypes({kind: portable})


@standalone
def set_default_float_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``float16``, ``bfloat16``, ``float32`` or ``float64``) the default real floating dtype.

    >>> pa.set_default_float_dtype(pa.float32)
    >>> pa.ones(2).dtype, pa.linspace(0, 1, 3).dtype
    (pa.float32, pa.float32)
    >>> pa.unset_default_dtype()
    """
    _dtypes.set_default_dtypes(dict([_default_kind_of(dtype, "real floating")]))


@standalone
def set_default_int_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``int8``, ``int16``, ``int32`` or ``int64``) the default integer dtype.

    The default indexing dtype follows it.

    >>> pa.set_default_int_dtype(pa.int32)
    >>> pa.arange(3).dtype, pa.default_dtype("indexing")
    (pa.int32, pa.int32)
    >>> pa.unset_default_dtype()
    """
    _dtypes.set_default_dtypes(dict([_default_kind_of(dtype, "integral")]))


@standalone
def set_default_complex_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``complex64`` or ``complex128``) the default complex floating dtype.

    >>> pa.set_default_complex_dtype(pa.complex64)
    >>> pa.asarray([1j]).dtype
    pa.complex64
    >>> pa.unset_default_dtype()
    """
    _dtypes.set_default_dtypes(dict([_default_kind_of(dtype, "complex floating")]))


@standalone
def unset_default_dtype(kind: str | None = None) -> None:
    """Give one kind (``"real floating"``/``"float"``, ``"integral"``/``"int"``, ``"complex floating"``/``"complex"``),
    or every kind when None, polyarray's built-in default back (float64, int64, complex128).

    >>> pa.set_default_float_dtype(pa.float16)
    >>> pa.set_default_int_dtype(pa.int16)
    >>> pa.unset_default_dtype("float")
    >>> pa.default_float_dtype(), pa.default_int_dtype()
    (pa.float64, pa.int16)
    >>> pa.unset_default_dtype()
    >>> pa.default_int_dtype()
    pa.int64
    """
    if kind is None:
        _dtypes.reset_default_dtypes()
        return
    name = _kind(kind)
    _dtypes.reset_default_dtypes(("integral",) if name == "indexing" else (name,))


@standalone
def default_dtype(kind: str = "real floating") -> DType:
    """This context's default dtype of a kind: ``"real floating"`` (or ``"float"``), ``"integral"``
    (``"int"``), ``"complex floating"`` (``"complex"``) or ``"indexing"``.

    >>> pa.default_dtype(), pa.default_dtype("integral"), pa.default_dtype("complex")
    (pa.float64, pa.int64, pa.complex128)
    """
    return _dtypes.default_dtypes()[_kind(kind)]


@standalone
def default_float_dtype() -> DType:
    """This context's default real floating dtype (``float64`` unless changed).

    >>> pa.default_float_dtype()
    pa.float64
    """
    return _dtypes.default_dtypes()["real floating"]


@standalone
def default_int_dtype() -> DType:
    """This context's default integer dtype (``int64`` unless changed).

    >>> pa.default_int_dtype()
    pa.int64
    """
    return _dtypes.default_dtypes()["integral"]


@standalone
def default_complex_dtype() -> DType:
    """This context's default complex floating dtype (``complex128`` unless changed).

    >>> pa.default_complex_dtype()
    pa.complex128
    """
    return _dtypes.default_dtypes()["complex floating"]


@standalone
@contextlib.contextmanager
def default_dtype_as(dtype: DTypeLike, /) -> Iterator[DType]:
    """Make ``dtype`` the default of its kind inside a ``with`` block, in this thread or task only.

    The previous defaults come back when the block ends, also on an error.
    The block receives the portable dtype.

    >>> with pa.default_dtype_as(pa.int32) as d:
    ...     d, pa.arange(3).dtype
    (pa.int32, pa.int32)
    >>> pa.arange(3).dtype
    pa.int64
    """
    kind, portable = _default_kind_of(dtype)
    token = _dtypes.override_default_dtypes({kind: portable})
    try:
        yield portable
    finally:
        _dtypes.DEFAULTS.reset(token)
