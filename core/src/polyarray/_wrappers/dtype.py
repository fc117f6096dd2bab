"""infer_dtype: default dtypes for creation functions, type promotion for functions of several operands.

Both follow polyarray's own rules, so the same call gives the same dtype on
every backend, whatever the framework's defaults and promotion are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _dtypes
from .._declare import _annotation_text
from .._dtypes import DType, as_dtype
from .._errors import PolyarrayError, UnsupportedDtypeError
from .._promotion import check_scalar, promote, promote_scalar, promote_types
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["infer_dtype", "promoted_operands", "CREATION_RULES"]

_BOOL, _INT, _FLOAT, _COMPLEX = "bool", "integral", "real floating", "complex floating"
#: Python scalar type -> rank of its kind (bool < int < float < complex).
_RANK: dict[type, int] = {bool: 0, int: 1, float: 2, complex: 3}
_KIND_OF_RANK = (_BOOL, _INT, _FLOAT, _COMPLEX)
_SCALARS = (bool, int, float, complex)


def _sequence_rank(values: list | tuple) -> int | None:
    """The highest kind rank of the Python scalars in a nested list/tuple (-1 when empty).

    None when some leaf is not a Python scalar (an array, a NumPy scalar …): the
    backend then decides the dtype itself.
    """
    rank, nested = -1, False
    for cls in set(map(type, values)):
        found = _RANK.get(cls)
        if found is not None:
            rank = max(rank, found)
        elif cls is list or cls is tuple:
            nested = True
        else:
            return None
    if nested:
        for item in values:
            if type(item) is list or type(item) is tuple:
                found = _sequence_rank(item)
                if found is None:
                    return None
                rank = max(rank, found)
    return rank


def _value_kind(value: Any) -> str | None:
    """The default-dtype kind for a Python scalar or nested sequence of them, else None."""
    rank = _RANK.get(type(value))
    if rank is None and (type(value) is list or type(value) is tuple):
        rank = _sequence_rank(value)
        if rank == -1:
            rank = 2  # an empty sequence: the default real floating dtype
    return None if rank is None else _KIND_OF_RANK[rank]


def _arg(args: tuple, kwargs: dict[str, Any], index: int, name: str, default: Any = None) -> Any:
    return args[index] if len(args) > index else kwargs.get(name, default)


def _always_float(args: tuple, kwargs: dict[str, Any]) -> str:
    return _FLOAT


def _full(args: tuple, kwargs: dict[str, Any]) -> str | None:
    fill = _arg(args, kwargs, 1, "fill_value")
    rank = _RANK.get(type(fill))
    return None if rank is None else _KIND_OF_RANK[rank]


def _arange(args: tuple, kwargs: dict[str, Any]) -> str | None:
    values = (args[0] if args else None, _arg(args, kwargs, 1, "stop"), _arg(args, kwargs, 2, "step", 1))
    rank = 1
    for value in values:
        if value is None:
            continue
        found = _RANK.get(type(value))
        if found is None or found == 3:
            return None
        rank = max(rank, found)
    return _KIND_OF_RANK[rank]


def _linspace(args: tuple, kwargs: dict[str, Any]) -> str | None:
    if len(args) < 2:
        return None
    ranks = (_RANK.get(type(args[0])), _RANK.get(type(args[1])))
    if None in ranks:
        return None
    return _COMPLEX if 3 in ranks else _FLOAT


def _asarray(args: tuple, kwargs: dict[str, Any]) -> str | None:
    return _value_kind(args[0]) if args else None


#: Creation functions whose dtype, when none is passed, comes from polyarray's defaults:
#: name -> rule(args, kwargs) giving the kind of default dtype ("bool" for bool), or None
#: to let the backend decide (the values are not Python scalars). ``*_like`` functions
#: keep their input's dtype and need no rule.
CREATION_RULES: dict[str, Callable[[tuple, dict[str, Any]], str | None]] = {
    "empty": _always_float,
    "ones": _always_float,
    "zeros": _always_float,
    "eye": _always_float,
    "full": _full,
    "arange": _arange,
    "linspace": _linspace,
    "asarray": _asarray,
}

_SCALAR_WORDS = re.compile(r"\b(bool|int|float|complex)\b")


def promoted_operands(decl: Declaration) -> tuple[int, ...]:
    """The positions of the operands that promote together.

    They are the positional-only parameters annotated with arrays *and* Python
    scalars (``x1: ArrayLike | int | float``), as the standard writes the
    operands of element-wise functions and ``where``; a parameter that takes
    arrays only (``condition``, ``searchsorted``'s ``x1``) or that may be
    passed by keyword (``clip``'s ``min``) does not promote.
    """
    positions = []
    for index, param in enumerate(decl.signature.parameters.values()):
        text = _annotation_text(param.annotation)
        if param.kind is param.POSITIONAL_ONLY and "Array" in text and _SCALAR_WORDS.search(text):
            positions.append(index)
    return tuple(positions)


@wrapper
def infer_dtype(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Give dtypes by polyarray's rules: defaults for creation, the promotion table for operands.

    * A creation function of :data:`CREATION_RULES` called without ``dtype``
      (or ``dtype=None``) on Python values gets polyarray's default dtype of
      their kind (``pa.default_dtype``: ``float64``, ``int64``, ``complex128``
      unless changed; ``bool`` for bools), so ``pa.asarray([1.0])`` is
      ``float64`` on every backend. Arrays keep their dtype; so do ``*_like``.
    * A function of several operands (see :func:`promoted_operands`: the
      element-wise functions of two arrays and ``where``) gets operands of one
      dtype, the join of theirs on polyarray's promotion table
      (:mod:`polyarray._promotion`): operands of another dtype are cast with
      the backend's ``astype``, Python scalars become 0-d arrays of that dtype
      after :func:`~polyarray._promotion.check_scalar` (a Python int out of
      range is a ``PolyarrayValueError``). Operands that are neither arrays of
      a dtype polyarray knows nor Python scalars (lists, Containers) are left
      to the functions below. Native arrays of one dtype cost one type check
      per operand and one dtype comparison.
    """
    parameters = decl.signature.parameters
    rule = CREATION_RULES.get(decl.name)
    if rule is not None and "dtype" in parameters:
        return _with_default_dtype(function, backend, rule, decl.qualname)
    operands = promoted_operands(decl)
    if len(operands) >= 2:
        return _promoting(function, decl, backend, operands)
    return function


def _native_default(backend: Backend, kind: str, qualname: str) -> Any:
    """The backend's native dtype for this context's default of ``kind`` (``UnsupportedDtypeError`` if it lacks it)."""
    dtype = _dtypes.bool_ if kind == _BOOL else _dtypes.default_dtypes()[kind]
    try:
        return backend._to_native[dtype.name]
    except KeyError:
        raise UnsupportedDtypeError(
            qualname,
            backend.name,
            dtype.name,
            f": the default {kind} dtype is {dtype.name}, which the {backend.name} backend does not have; "
            f"choose another with pa.set_default_dtype or pass dtype=",
        ) from None


def _with_default_dtype(
    function: Callable[..., Any],
    backend: Backend,
    rule: Callable[[tuple, dict[str, Any]], str | None],
    qualname: str,
) -> Callable[..., Any]:
    def with_default_dtype(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("dtype") is None:
            kind = rule(args, kwargs)
            if kind is not None:
                kwargs["dtype"] = _native_default(backend, kind, qualname)
        return function(*args, **kwargs)

    return with_default_dtype


def _promoting(
    function: Callable[..., Any], decl: Declaration, backend: Backend, operands: tuple[int, ...]
) -> Callable[..., Any]:
    from .._array import Array
    from .errors import translate_exception

    native_types = backend.native_array_types
    main_type = native_types[0] if native_types else None
    to_portable = backend._to_portable
    to_native = backend._to_native
    raw = backend.raw
    qualname = decl.qualname
    place_scalars = len(backend.info.devices) > 1
    last = max(operands)

    def portable(native_dtype: Any) -> DType | None:
        try:
            return to_portable[native_dtype]
        except (KeyError, TypeError):
            pass
        try:
            return as_dtype(native_dtype)
        except PolyarrayError:
            return None

    def promote_call(args: tuple, kwargs: dict[str, Any]) -> Any:
        arrays: list[tuple[int, Any, DType]] = []
        scalars: list[tuple[int, Any]] = []
        for index in operands:
            value = args[index]
            if type(value) is Array:
                value = value.data
            if type(value) in _RANK:
                scalars.append((index, value))
                continue
            if not isinstance(value, native_types):
                return function(*args, **kwargs)  # lists, Containers …: left to the wrappers below
            dtype = portable(value.dtype)
            if dtype is None:
                return function(*args, **kwargs)  # a dtype polyarray does not know: the backend decides
            arrays.append((index, value, dtype))
        if len(arrays) == 1:
            target = arrays[0][2]
        elif len(arrays) == 2:
            target = promote(arrays[0][2], arrays[1][2])
        elif arrays:
            target = promote_types([dtype for _, _, dtype in arrays])
        else:
            defaults = _dtypes.default_dtypes()
            target = promote_types(
                _dtypes.bool_ if type(v) is bool else defaults[_KIND_OF_RANK[_RANK[type(v)]]] for _, v in scalars
            )
        if arrays:
            for _, value in scalars:
                target = promote_scalar(target, type(value))
        try:
            native_target = to_native[target.name]
        except KeyError:
            raise UnsupportedDtypeError(
                qualname,
                backend.name,
                target.name,
                f": the operands promote to {target.name}, which the {backend.name} backend does not have; "
                f"cast them with pa.astype first",
            ) from None
        new_args = list(args)
        try:
            for index, value, dtype in arrays:
                if dtype is not target:
                    new_args[index] = raw.astype(value, native_target)
            if scalars:
                asarray = raw.asarray
                device = raw.device_of(arrays[0][1]) if place_scalars and arrays else None
                for index, value in scalars:
                    if type(value) is int:
                        check_scalar(value, target)
                    if device is None:
                        new_args[index] = asarray(value, dtype=native_target)
                    else:
                        new_args[index] = asarray(value, dtype=native_target, device=device)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, qualname, backend.name) from error
        return function(*new_args, **kwargs)

    if operands == (0, 1):

        def promoting(*args: Any, **kwargs: Any) -> Any:
            if len(args) == 2:
                a, b = args
                if type(a) is Array:
                    a = a.data
                if type(b) is Array:
                    b = b.data
                if type(a) is main_type and type(b) is main_type:
                    a, b = a.dtype, b.dtype
                    if a is b or a == b:
                        return function(*args, **kwargs)
                return promote_call(args, kwargs)
            if len(args) > 2:
                return promote_call(args, kwargs)
            return function(*args, **kwargs)

        return promoting

    def promoting_many(*args: Any, **kwargs: Any) -> Any:
        if len(args) > last:
            return promote_call(args, kwargs)
        return function(*args, **kwargs)

    return promoting_many
