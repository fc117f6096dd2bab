"""Type promotion: the one table that every backend follows.

The array API standard defines promotion as the *join* (the least upper bound)
of two dtypes on a lattice. polyarray writes that lattice down once, below,
derives from it a table of every pair of dtypes, and answers
:func:`promote` with one dict lookup. The same table serves every backend,
so the same operands give the same result dtype on NumPy, PyTorch, JAX and
TensorFlow.

The lattice (``a -> b``: ``a`` promotes to ``b``; promotion is transitive)::

    bool              -> int8, uint8
    int8  -> int16  -> int32  -> int64
    uint8 -> uint16 -> uint32 -> uint64
    uint8 -> int16,    uint16 -> int32,    uint32 -> int64
    int64, uint64     -> float16, bfloat16
    float16, bfloat16 -> float32 -> float64
    float32 -> complex64 -> complex128,    float64 -> complex128

What the standard defines, polyarray follows exactly:

* signed with signed and unsigned with unsigned integers: the wider type;
* a signed integer with an unsigned one of up to 32 bits: the smallest signed
  type that holds both (``int8`` with ``uint8`` gives ``int16``);
* real and complex floating types: the wider precision, complex if either is
  (``float64`` with ``complex64`` gives ``complex128``).

Where the standard leaves promotion to the implementation, polyarray decides,
the same on every backend:

* ``bool`` with any other dtype gives that dtype (as NumPy, PyTorch and JAX do).
* An integer dtype with a floating dtype (real or complex) gives **the floating
  dtype**: ``int64`` with ``float32`` gives ``float32``, as in PyTorch and JAX.
  NumPy differs (it gives ``float64`` for ``int32``/``int64`` with ``float32``);
  polyarray does not follow it there.
* ``float16`` and ``bfloat16`` sit below ``float32``; together they give
  ``float32``; with ``complex64`` they give ``complex64``.
* ``uint64`` with any signed integer is **undefined**: no integer type holds both
  ranges, and frameworks disagree (NumPy gives ``float64``, PyTorch refuses).
  :func:`promote` raises :class:`~polyarray.PolyarrayTypeError`; cast one operand
  explicitly with ``pa.astype``. In the lattice, the two have no least upper
  bound (``float16`` and ``bfloat16`` are both minimal upper bounds).

Python scalars (``bool``, ``int``, ``float``, ``complex``) carry no dtype of
their own; :func:`promote_scalar` combines one with an array dtype:

* a scalar of the array's kind or of a lower kind takes the array's dtype
  (``int8`` array with ``3`` is ``int8``; ``float32`` array with ``2`` is ``float32``);
* a ``complex`` scalar with a real floating array gives the complex dtype of the
  same precision (``float32`` gives ``complex64``, ``float64`` gives ``complex128``;
  ``float16`` and ``bfloat16`` give ``complex64``);
* a scalar of a higher kind with a ``bool`` or integer array (``bool`` array with
  ``1``, ``int8`` array with ``1.5``, ``int32`` array with ``1j``) gives
  polyarray's default dtype of the scalar's kind (``pa.default_dtype``, the
  same on every backend; ``float64`` unless changed).

Only dtypes matter, never values: an ``int8`` array with the scalar ``1000``
still promotes to ``int8``. Whether the value fits is checked separately by
:func:`check_scalar`, which the functions that promote call: a Python ``int``
outside the range of the integer dtype it is combined with (``1000`` with
``int8``, ``-1`` with ``uint8``), or beyond the largest finite value of the
floating dtype, is a :class:`~polyarray.PolyarrayValueError` on every backend
(the standard leaves the result undefined). A Python
``float`` is rounded to the array's precision like any floating-point
arithmetic, overflowing to infinity.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from . import _dtypes
from ._dtypes import BUILTIN_DEFAULTS, DTYPES, DType, as_dtype
from ._errors import PolyarrayTypeError, PolyarrayValueError

__all__ = [
    "PROMOTION_TABLE",
    "DEFAULT_DTYPES",
    "promote",
    "promote_types",
    "promote_scalar",
    "can_cast",
    "upper_bounds",
    "check_scalar",
    "SCALAR_BOUNDS",
    "PYTHON_SCALAR_TYPES",
]

#: The Python scalar types that promote with arrays (and stand for 0-d arrays where an array is taken).
PYTHON_SCALAR_TYPES = (bool, int, float, complex)

#: ``a -> b`` for every covering edge of the lattice (see the module docstring).
_EDGES: tuple[tuple[str, str], ...] = (
    ("bool", "int8"),
    ("bool", "uint8"),
    ("int8", "int16"),
    ("int16", "int32"),
    ("int32", "int64"),
    ("uint8", "uint16"),
    ("uint16", "uint32"),
    ("uint32", "uint64"),
    ("uint8", "int16"),
    ("uint16", "int32"),
    ("uint32", "int64"),
    ("int64", "float16"),
    ("int64", "bfloat16"),
    ("uint64", "float16"),
    ("uint64", "bfloat16"),
    ("float16", "float32"),
    ("bfloat16", "float32"),
    ("float32", "float64"),
    ("float32", "complex64"),
    ("float64", "complex128"),
    ("complex64", "complex128"),
)

_NAMES: tuple[str, ...] = tuple(DTYPES)
_BIT: dict[str, int] = {name: 1 << index for index, name in enumerate(_NAMES)}


def _upper_masks() -> dict[str, int]:
    """For each dtype, the bit mask of every dtype it promotes to (itself included)."""
    successors: dict[str, list[str]] = {name: [] for name in _NAMES}
    for low, high in _EDGES:
        successors[low].append(high)
    masks: dict[str, int] = {}

    def visit(name: str) -> int:
        if name not in masks:
            mask = _BIT[name]
            for successor in successors[name]:
                mask |= visit(successor)
            masks[name] = mask
        return masks[name]

    for name in _NAMES:
        visit(name)
    return masks


_UPPER: dict[str, int] = _upper_masks()


def _least(mask: int) -> str | None:
    """The one dtype of ``mask`` that promotes to all the others, or None when there is none."""
    for name in _NAMES:
        if mask & _BIT[name] and _UPPER[name] & mask == mask:
            return name
    return None


#: (name, name) -> DType for every pair with a defined promotion.
_TABLE: dict[tuple[str, str], DType] = {}
for _a in _NAMES:
    for _b in _NAMES:
        _join = _least(_UPPER[_a] & _UPPER[_b])
        if _join is not None:
            _TABLE[_a, _b] = DTYPES[_join]

#: Pairs ``(from, to)`` where ``from`` promotes to ``to`` (``promote(from, to) == to``).
_CASTS: frozenset[tuple[str, str]] = frozenset(pair for pair, result in _TABLE.items() if result.name == pair[1])

#: The promotion table: ``PROMOTION_TABLE[a, b]`` for every pair of portable dtypes that promote.
PROMOTION_TABLE: Mapping[tuple[DType, DType], DType] = MappingProxyType(
    {(DTYPES[a], DTYPES[b]): result for (a, b), result in _TABLE.items()}
)

#: polyarray's built-in default dtypes (``pa.default_dtype`` gives the current ones).
DEFAULT_DTYPES: Mapping[str, DType] = BUILTIN_DEFAULTS


def _undefined(a: DType, b: DType) -> PolyarrayTypeError:
    return PolyarrayTypeError(
        f"polyarray does not promote {a.name} with {b.name}: no integer type holds both ranges "
        f"(the array API standard leaves this undefined). Cast one operand with pa.astype first."
    )


def promote(a: DType, b: DType, /) -> DType:
    """The dtype that ``a`` and ``b`` promote to (one dict lookup).

    Raises :class:`~polyarray.PolyarrayTypeError` for ``uint64`` with a signed
    integer (undefined, see the module docstring). Names and native dtypes are
    accepted too, at the cost of a conversion.

    >>> from polyarray._promotion import promote
    >>> promote(pa.int8, pa.uint8), promote(pa.float32, pa.complex64), promote(pa.int64, pa.float32)
    (pa.int16, pa.complex64, pa.float32)
    """
    try:
        return _TABLE[a.name, b.name]
    except (KeyError, AttributeError):
        pass
    a, b = as_dtype(a), as_dtype(b)  # raises for what is not a dtype
    try:
        return _TABLE[a.name, b.name]
    except KeyError:
        raise _undefined(a, b) from None


def upper_bounds(dtype: DType, /) -> tuple[DType, ...]:
    """Every dtype that ``dtype`` promotes to, itself included, from the narrowest.

    >>> from polyarray._promotion import upper_bounds
    >>> upper_bounds(pa.float32)
    (pa.float32, pa.float64, pa.complex64, pa.complex128)
    """
    mask = _UPPER[as_dtype(dtype).name]
    return tuple(DTYPES[name] for name in _NAMES if mask & _BIT[name])


def promote_types(dtypes: Iterable[DType], /) -> DType:
    """The join of several dtypes; it does not depend on their order.

    ``int8``, ``uint64`` and ``float32`` give ``float32`` in any order, although
    ``int8`` with ``uint64`` alone is undefined.

    >>> from polyarray._promotion import promote_types
    >>> promote_types([pa.int8, pa.uint64, pa.float32])
    pa.float32
    """
    mask = -1
    seen: list[DType] = []
    for dtype in dtypes:
        name = dtype.name if type(dtype) is DType else as_dtype(dtype).name
        mask &= _UPPER[name]
        seen.append(DTYPES[name])
    if not seen:
        raise PolyarrayTypeError("promote_types needs at least one dtype.")
    join = _least(mask)
    if join is None:
        names = ", ".join(sorted({d.name for d in seen}, key=_NAMES.index))
        raise PolyarrayTypeError(
            f"polyarray does not promote {names} together: uint64 with a signed integer has no "
            f"common type (the array API standard leaves this undefined). Cast with pa.astype first."
        )
    return DTYPES[join]


def _scalar_table() -> dict[tuple[str, type], DType | str]:
    """(array dtype name, scalar type) -> the result dtype, or the defaults key to look up."""
    table: dict[tuple[str, type], DType | str] = {}
    complex_of = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64", "float64": "complex128"}
    for name, dtype in DTYPES.items():
        kind = dtype.kind
        integer = kind in ("signed integer", "unsigned integer")
        table[name, bool] = dtype
        table[name, int] = "integral" if kind == "bool" else dtype
        table[name, float] = "real floating" if kind == "bool" or integer else dtype
        if kind == "complex floating":
            table[name, complex] = dtype
        elif kind == "real floating":
            table[name, complex] = DTYPES[complex_of[name]]
        else:
            table[name, complex] = "complex floating"
    return table


_SCALARS: dict[tuple[str, type], DType | str] = _scalar_table()


def promote_scalar(dtype: DType, scalar_type: type, /, defaults: Mapping[str, DType] | None = None) -> DType:
    """The dtype of an array of ``dtype`` combined with a Python scalar of ``scalar_type``.

    ``scalar_type`` is ``bool``, ``int``, ``float`` or ``complex`` (subclasses
    count as their base). ``defaults`` maps ``"integral"``, ``"real floating"``
    and ``"complex floating"`` to default dtypes (None: polyarray's current
    defaults, see ``pa.default_dtype``); it is used only when the scalar's kind
    is higher than the array's.

    >>> from polyarray._promotion import promote_scalar
    >>> promote_scalar(pa.int8, int), promote_scalar(pa.float32, complex), promote_scalar(pa.int16, float)
    (pa.int8, pa.complex64, pa.float64)
    """
    try:
        result = _SCALARS[dtype.name, scalar_type]
    except (KeyError, AttributeError):
        return _promote_scalar_slow(dtype, scalar_type, defaults)
    if isinstance(result, str):
        return (defaults or _dtypes.default_dtypes())[result]
    return result


def _promote_scalar_slow(dtype: Any, scalar_type: Any, defaults: Mapping[str, DType] | None) -> DType:
    for base in PYTHON_SCALAR_TYPES:
        if isinstance(scalar_type, type) and issubclass(scalar_type, base):
            return promote_scalar(as_dtype(dtype), base, defaults)
    raise PolyarrayTypeError(
        f"{scalar_type!r} is not a Python scalar type (bool, int, float or complex) that promotes with arrays."
    )


def can_cast(from_: DType, to: DType, /) -> bool:
    """Whether ``from_`` promotes to ``to`` (``promote(from_, to) == to``).

    >>> from polyarray._promotion import can_cast
    >>> can_cast(pa.int8, pa.int16), can_cast(pa.int16, pa.int8), can_cast(pa.uint64, pa.int64)
    (True, False, False)
    """
    if type(from_) is DType and type(to) is DType:
        return (from_.name, to.name) in _CASTS
    return (as_dtype(from_).name, as_dtype(to).name) in _CASTS


#: Exponent and mantissa bits of each floating format; complex dtypes use their components'.
_FLOAT_FORMATS = {
    "float16": (5, 10),
    "bfloat16": (8, 7),
    "float32": (8, 23),
    "float64": (11, 52),
    "complex64": (8, 23),
    "complex128": (11, 52),
}


def _bounds(dtype: DType) -> tuple[int | float, int | float]:
    if dtype.kind == "signed integer":
        return -(2 ** (dtype.bits - 1)), 2 ** (dtype.bits - 1) - 1
    if dtype.kind == "unsigned integer":
        return 0, 2**dtype.bits - 1
    exponent_bits, mantissa_bits = _FLOAT_FORMATS[dtype.name]
    largest = (2 - 2.0**-mantissa_bits) * 2.0 ** (2 ** (exponent_bits - 1) - 1)
    return -largest, largest


#: dtype name -> (lowest, highest) value a Python ``int`` may take when combined with that dtype.
SCALAR_BOUNDS: Mapping[str, tuple[int | float, int | float]] = MappingProxyType(
    {name: _bounds(dtype) for name, dtype in DTYPES.items() if dtype.kind != "bool"}
)


def check_scalar(value: Any, dtype: DType, /) -> None:
    """Raise :class:`~polyarray.PolyarrayValueError` when a Python ``int`` does not fit ``dtype``.

    Only exact ``int`` values are checked (see the module docstring): they
    must lie within the integer dtype's range, or within the largest finite
    value of a floating dtype (of its components for a complex dtype).

    >>> from polyarray._promotion import check_scalar
    >>> check_scalar(127, pa.int8)
    >>> check_scalar(128, pa.int8)
    Traceback (most recent call last):
    ...
    polyarray._errors.PolyarrayValueError: The Python int 128 is out of range for int8 (-128 to 127), ...
    """
    if type(value) is not int:
        return
    bounds = SCALAR_BOUNDS.get(dtype.name)
    if bounds is None or bounds[0] <= value <= bounds[1]:
        return
    low, high = bounds
    span = f"{low} to {high}" if type(low) is int else f"magnitudes up to {high:.6g}"
    raise PolyarrayValueError(
        f"The Python int {value} is out of range for {dtype.name} ({span}), the dtype it is combined "
        f"with. Use a value in range, or cast the array to a wider dtype first with pa.astype."
    )


del _a, _b, _join  # pyright: ignore[reportPossiblyUnboundVariable]  # the loops ran
