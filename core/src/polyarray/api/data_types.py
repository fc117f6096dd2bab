"""Data type functions (array API standard 2024.12).

``astype`` works on arrays and is implemented by every backend. The others
only look at dtypes, which are portable, so they are written once here and
answer the same on every backend: they accept portable dtypes (``pa.float32``),
dtype names (``"float32"``), native dtypes of any framework
(``numpy.float32``, ``torch.float32`` ...) and arrays (``pa.Array`` or native,
through their ``.dtype``), and return portable dtypes. Promotion follows the
one table of :mod:`polyarray._promotion`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .. import _dtypes, _handler, _promotion
from .._array import Array as _Array
from .._declare import primary, standalone
from .._dtypes import DTYPES as _DTYPES
from .._dtypes import DType
from .._dtypes import as_dtype as _as_dtype
from .._errors import PolyarrayTypeError, PolyarrayValueError
from . import _checks
from ._types import ArrayLike, Device, DTypeLike
from ._wrappers import CAST

__all__ = ["FInfo", "IInfo", "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]


@dataclass(frozen=True)
class FInfo:
    """Machine limits of a floating-point dtype (the result of :func:`finfo`).

    ``bits``: the width of the real type; ``eps``: the difference between 1.0 and
    the next larger representable number; ``max``/``min``: the largest and
    smallest finite values; ``smallest_normal``: the smallest positive normal
    number; ``dtype``: the real floating dtype described.
    """

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: DType


@dataclass(frozen=True)
class IInfo:
    """Machine limits of an integer dtype (the result of :func:`iinfo`).

    ``bits``: the width; ``max``/``min``: the largest and smallest values;
    ``dtype``: the integer dtype described.
    """

    bits: int
    max: int
    min: int
    dtype: DType


#: Exponent and mantissa (fraction) bits of each IEEE-754-style binary format.
_FLOAT_FORMATS = {"float16": (5, 10), "bfloat16": (8, 7), "float32": (8, 23), "float64": (11, 52)}
#: The real type of each complex type's components.
_COMPONENTS = {"complex64": "float32", "complex128": "float64"}


def _float_info(name: str) -> FInfo:
    exponent_bits, mantissa_bits = _FLOAT_FORMATS[name]
    max_exponent = 2 ** (exponent_bits - 1) - 1
    eps = math.ldexp(1.0, -mantissa_bits)
    largest = math.ldexp(2.0 - eps, max_exponent)
    return FInfo(
        bits=1 + exponent_bits + mantissa_bits,
        eps=eps,
        max=largest,
        min=-largest,
        smallest_normal=math.ldexp(1.0, 1 - max_exponent),
        dtype=_DTYPES[name],
    )


def _int_info(dtype: DType) -> IInfo:
    if dtype.kind == "signed integer":
        return IInfo(bits=dtype.bits, max=2 ** (dtype.bits - 1) - 1, min=-(2 ** (dtype.bits - 1)), dtype=dtype)
    return IInfo(bits=dtype.bits, max=2**dtype.bits - 1, min=0, dtype=dtype)


_FINFO: dict[str, FInfo] = {name: _float_info(name) for name in _FLOAT_FORMATS}
_FINFO.update({name: _FINFO[component] for name, component in _COMPONENTS.items()})
_IINFO: dict[str, IInfo] = {
    name: _int_info(d) for name, d in _DTYPES.items() if d.kind in ("signed integer", "unsigned integer")
}

#: The kinds ``isdtype`` knows, each as the set of ``DType.kind`` values it covers.
_KINDS: dict[str, frozenset[str]] = {
    "bool": frozenset({"bool"}),
    "signed integer": frozenset({"signed integer"}),
    "unsigned integer": frozenset({"unsigned integer"}),
    "integral": frozenset({"signed integer", "unsigned integer"}),
    "real floating": frozenset({"real floating"}),
    "complex floating": frozenset({"complex floating"}),
    "numeric": frozenset({"signed integer", "unsigned integer", "real floating", "complex floating"}),
}


def _dtype_of(obj: Any) -> DType:
    """The portable dtype of a dtype-like object or of an array (through its ``.dtype``)."""
    if type(obj) is DType:
        return obj
    if type(obj) is _Array:
        return obj.dtype
    if not isinstance(obj, (type, str)) and hasattr(obj, "shape"):
        native = getattr(obj, "dtype", None)
        if native is not None:
            obj = native
    return _as_dtype(obj)


def matches_kind(dtype: DType, kind: Any) -> bool:
    """Whether ``dtype`` is ``kind``: a kind name, a dtype, or a tuple of them (see :func:`isdtype`)."""
    if isinstance(kind, tuple):
        return any(matches_kind(dtype, k) for k in kind)
    if isinstance(kind, str):
        kinds = _KINDS.get(kind)
        if kinds is not None:
            return dtype.kind in kinds
        if kind not in _DTYPES:
            raise PolyarrayValueError(
                f"{kind!r} is neither a dtype kind ({', '.join(repr(k) for k in _KINDS)}) nor a dtype name."
            )
    return dtype == _dtype_of(kind)


@primary(wrappers=CAST, check=_checks.real_cast)
def astype(x: ArrayLike, dtype: DTypeLike, /, *, copy: bool = True, device: Device | None = None) -> ArrayLike:
    """A copy of ``x`` cast to ``dtype``, regardless of the promotion rules.

    ``copy=True`` always returns a new array; ``copy=False`` returns ``x``
    itself when it already has ``dtype``. Casting complex to a real dtype is an
    error (take ``real`` or ``imag`` first); complex or real to ``bool`` gives
    ``False`` for zero and ``True`` otherwise. Casting NaN or infinity to an
    integer dtype, or a value out of the target's range, gives values that
    depend on the backend.

    >>> pa.astype(pa.asarray([1.7, -2.0, 0.0]), pa.int32)
    Array([ 1, -2,  0], backend=numpy, dtype=int32)
    >>> pa.astype(pa.asarray([0.0, 2.5]), pa.bool)
    Array([False,  True], backend=numpy, dtype=bool)
    """


@standalone
def can_cast(from_: ArrayLike | DTypeLike, to: DTypeLike, /) -> bool:
    """Whether ``from_`` (a dtype or an array) promotes to ``to`` under polyarray's promotion rules.

    True exactly when ``result_type(from_, to) == to``, so it follows the
    array API standard's table and polyarray's documented extensions (``bool``
    promotes to every dtype, integers to floating dtypes; ``uint64`` never to a
    signed integer).

    >>> pa.can_cast(pa.int8, pa.int32), pa.can_cast(pa.float64, pa.float32)
    (True, False)
    >>> pa.can_cast(pa.asarray([1, 2], dtype=pa.uint8), "int16")
    True
    """
    return _promotion.can_cast(_dtype_of(from_), _dtype_of(to))


@standalone
def finfo(type: ArrayLike | DTypeLike, /) -> FInfo:
    """Machine limits of a floating-point dtype (or of an array's dtype), as an :class:`FInfo`.

    For a complex dtype the limits are those of its real components, and
    ``dtype`` is that real dtype. Every value is a Python ``float`` (``bits`` an
    ``int``) and is the same on every backend; ``bfloat16`` is covered too.
    A non-floating dtype is a ``PolyarrayTypeError``.

    >>> info = pa.finfo(pa.float32)
    >>> info.bits, info.eps, info.dtype
    (32, 1.1920928955078125e-07, pa.float32)
    >>> pa.finfo(pa.complex128).max
    1.7976931348623157e+308
    """
    dtype = _dtype_of(type)
    try:
        return _FINFO[dtype.name]
    except KeyError:
        raise PolyarrayTypeError(
            f"finfo needs a floating-point dtype, not {dtype.name}; use iinfo for integers."
        ) from None


@standalone
def iinfo(type: ArrayLike | DTypeLike, /) -> IInfo:
    """Machine limits of an integer dtype (or of an array's dtype), as an :class:`IInfo`.

    Every value is a Python ``int``. A non-integer dtype (``bool`` included) is
    a ``PolyarrayTypeError``.

    >>> info = pa.iinfo(pa.int8)
    >>> info.bits, info.min, info.max
    (8, -128, 127)
    >>> pa.iinfo("uint64").max
    18446744073709551615
    """
    dtype = _dtype_of(type)
    try:
        return _IINFO[dtype.name]
    except KeyError:
        raise PolyarrayTypeError(
            f"iinfo needs an integer dtype, not {dtype.name}; use finfo for floating types."
        ) from None


@standalone
def isdtype(dtype: DTypeLike, kind: DTypeLike | str | tuple[DTypeLike | str, ...]) -> bool:
    """Whether ``dtype`` is of the given kind.

    ``kind`` is a dtype (equality), a kind name, or a tuple of them (any
    matches). Kind names: ``"bool"``, ``"signed integer"``,
    ``"unsigned integer"``, ``"integral"`` (both integer kinds),
    ``"real floating"`` (``float16``, ``bfloat16``, ``float32``, ``float64``),
    ``"complex floating"`` and ``"numeric"`` (integral, real and complex
    floating). An unknown kind name is a ``PolyarrayValueError``.

    >>> pa.isdtype(pa.float32, "real floating"), pa.isdtype(pa.int8, ("bool", "unsigned integer"))
    (True, False)
    >>> pa.isdtype(pa.bfloat16, "numeric"), pa.isdtype(pa.int64, pa.int64)
    (True, True)
    """
    return matches_kind(_dtype_of(dtype), kind)


@standalone
def result_type(*arrays_and_dtypes: ArrayLike | DTypeLike | bool | int | float | complex) -> DType:
    """The dtype that promoting the arguments (arrays, dtypes and Python scalars) gives.

    Arrays and dtypes are joined on polyarray's promotion lattice, which is
    the array API standard's table with documented extensions (see
    :mod:`polyarray._promotion`): ``bool`` with any dtype gives that dtype, an
    integer with a floating dtype gives the floating dtype, and ``uint64`` with
    a signed integer is a ``PolyarrayTypeError``. The result does not depend on
    the order of the arguments. Python scalars then take the array dtype when
    their kind allows (``int8`` with ``1`` is ``int8``, ``float32`` with ``1j``
    is ``complex64``), or polyarray's default dtype of their kind when it is
    higher (``int8`` with ``1.5`` is ``pa.default_float_dtype()``), as in
    ``pa.add`` and the other functions that promote. At least
    one argument must be an array or a dtype.

    >>> pa.result_type(pa.int8, pa.uint8), pa.result_type(pa.float32, pa.complex128)
    (pa.int16, pa.complex128)
    >>> pa.result_type(pa.asarray([1, 2], dtype=pa.int16), pa.float32)
    pa.float32
    >>> pa.result_type(pa.float32, 1.0), pa.result_type(pa.int32, 2.5)
    (pa.float32, pa.float64)
    """
    return result_type_on(None, arrays_and_dtypes)


def result_type_on(backend: Any, arrays_and_dtypes: tuple[Any, ...]) -> DType:
    """:func:`result_type` with the Python scalars' defaults of ``backend`` (None: the backend the call runs on)."""
    dtypes: list[DType] = []
    scalars: set[type] = set()
    for value in arrays_and_dtypes:
        if type(value) in _promotion.PYTHON_SCALAR_TYPES:
            scalars.add(type(value))
        else:
            dtypes.append(_dtype_of(value))
    if not dtypes:
        raise PolyarrayTypeError(
            "result_type needs at least one array or dtype (Python scalars alone have no dtype to promote)."
        )
    result = _promotion.promote_types(dtypes)
    if scalars:
        # The default dtypes pa.add & co. (the infer_dtype wrapper) would use: those of the backend the
        # call would run on, where it lacks a 64-bit dtype (JAX without 64-bit mode).
        if backend is None:
            backend = _handler.current_backend(*arrays_and_dtypes)
        defaults = _dtypes.defaults_on(backend.default_dtypes)
        for scalar_type in _promotion.PYTHON_SCALAR_TYPES:
            if scalar_type in scalars:
                result = _promotion.promote_scalar(result, scalar_type, defaults)
    return result
