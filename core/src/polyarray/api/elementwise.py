"""Element-wise functions (array API standard 2024.12).

Every function here works element by element and broadcasts its array
arguments. Binary functions also accept a Python scalar for one operand, as
the standard allows since 2024.12. Special cases (NaN, infinities, signed
zeros) follow IEEE 754 and the standard's tables.
"""

from __future__ import annotations

from typing import Any

from .._declare import mixed, primary
from .._errors import PolyarrayTypeError
from . import _checks
from ._compose import backend_name, default_dtype, python_real
from ._types import ArrayLike
from ._wrappers import BINARY, UNARY
from .data_types import isdtype as _isdtype

__all__ = [
    "abs",
    "acos",
    "acosh",
    "add",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "bitwise_and",
    "bitwise_left_shift",
    "bitwise_invert",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "ceil",
    "clip",
    "conj",
    "copysign",
    "cos",
    "cosh",
    "divide",
    "equal",
    "exp",
    "expm1",
    "floor",
    "floor_divide",
    "greater",
    "greater_equal",
    "hypot",
    "imag",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "less",
    "less_equal",
    "log",
    "log1p",
    "log2",
    "log10",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "multiply",
    "negative",
    "nextafter",
    "not_equal",
    "positive",
    "pow",
    "real",
    "reciprocal",
    "remainder",
    "round",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "square",
    "sqrt",
    "subtract",
    "tan",
    "tanh",
    "trunc",
]


@primary(wrappers=UNARY)
def abs(x: ArrayLike, /) -> ArrayLike:
    """The absolute value of each element.

    Real input keeps its dtype (``abs(-0.0)`` is ``+0.0``, NaN stays NaN; the
    absolute value of the smallest signed integer is not specified). Complex
    input gives the modulus ``sqrt(a**2 + b**2)``, computed without undue
    overflow, as the real dtype of the same precision (complex64 -> float32).

    >>> pa.abs(pa.asarray([-1.5, 0.0, 2.0]))
    Array([1.5, 0. , 2. ], backend=numpy, dtype=float64)
    >>> pa.abs(pa.asarray([3 + 4j]))
    Array([5.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def acos(x: ArrayLike, /) -> ArrayLike:
    """The principal value of the inverse cosine of each element, in radians.

    Real results lie in ``[0, pi]``; input outside ``[-1, 1]`` and NaN give NaN.
    Complex input uses branch cuts on ``(-inf, -1)`` and ``(1, inf)`` of the
    real axis. Floating-point input keeps its dtype.

    >>> pa.acos(pa.asarray([1.0, 0.0, -1.0]))
    Array([0.        , 1.57079633, 3.14159265], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def acosh(x: ArrayLike, /) -> ArrayLike:
    """The inverse hyperbolic cosine of each element.

    Real input below 1 and NaN give NaN; ``acosh(1)`` is ``+0`` and
    ``acosh(+inf)`` is ``+inf``. Complex input uses the branch cut
    ``(-inf, 1)`` of the real axis. Floating-point input keeps its dtype.

    >>> pa.acosh(pa.asarray([1.0, 2.0]))
    Array([0.        , 1.3169579], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def add(x1: ArrayLike | int | float | complex, x2: ArrayLike | int | float | complex, /) -> ArrayLike:
    """Add ``x1`` and ``x2`` element-wise.

    Either operand may be a Python scalar. IEEE 754 rules apply: NaN
    propagates, ``inf + -inf`` is NaN, ``-0.0 + -0.0`` is ``-0.0``.

    >>> pa.add(pa.asarray([1, 2]), 3)
    Array([4, 5], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def asin(x: ArrayLike, /) -> ArrayLike:
    """The principal value of the inverse sine of each element, in radians.

    Real results lie in ``[-pi/2, pi/2]``; input outside ``[-1, 1]`` and NaN
    give NaN; the sign of zero is kept. Floating-point input keeps its dtype.

    >>> pa.asin(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.57079633], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def asinh(x: ArrayLike, /) -> ArrayLike:
    """The inverse hyperbolic sine of each element.

    Odd and defined on the whole real line: ``asinh(-0.0)`` is ``-0.0`` and
    infinities map to infinities of the same sign; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.asinh(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.88137359], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def atan(x: ArrayLike, /) -> ArrayLike:
    """The principal value of the inverse tangent of each element, in radians.

    Real results lie in ``[-pi/2, pi/2]`` (reached at the infinities); the sign
    of zero is kept; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.atan(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.78539816], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def atan2(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The angle of the point ``(x2, x1)``: the inverse tangent of ``x1 / x2`` in the right quadrant.

    ``x1`` is the y-coordinate and ``x2`` the x-coordinate. Results lie in
    ``[-pi, pi]``; signed zeros and infinities pick the quadrant as in IEEE 754
    (``atan2(+0.0, -0.0)`` is ``+pi``); NaN in either operand gives NaN.

    >>> pa.atan2(pa.asarray([1.0, 1.0]), pa.asarray([1.0, -1.0]))
    Array([0.78539816, 2.35619449], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def atanh(x: ArrayLike, /) -> ArrayLike:
    """The inverse hyperbolic tangent of each element.

    Real input outside ``[-1, 1]`` and NaN give NaN; ``atanh(1)`` is ``+inf``
    and ``atanh(-1)`` is ``-inf``; the sign of zero is kept. Floating-point
    input keeps its dtype.

    >>> pa.atanh(pa.asarray([0.0, 0.5]))
    Array([0.        , 0.54930614], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def bitwise_and(x1: ArrayLike | int | bool, x2: ArrayLike | int | bool, /) -> ArrayLike:
    """The bitwise AND of each pair of elements (integer or boolean input).

    Floating-point input raises ``pa.PolyarrayTypeError`` (a ``TypeError``).

    >>> pa.bitwise_and(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([8, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def bitwise_left_shift(x1: ArrayLike | int, x2: ArrayLike | int, /) -> ArrayLike:
    """Shift the bits of each element of ``x1`` left by ``x2`` (integer input, ``x2 >= 0``).

    Bits shifted past the width of the dtype are lost.

    >>> pa.bitwise_left_shift(pa.asarray([1, 3]), pa.asarray([2, 1]))
    Array([4, 6], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def bitwise_invert(x: ArrayLike, /) -> ArrayLike:
    """Flip every bit of each element (integer or boolean input; booleans are negated).

    The result has the dtype of ``x``.

    >>> pa.bitwise_invert(pa.asarray([0, 5]))
    Array([-1, -6], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def bitwise_or(x1: ArrayLike | int | bool, x2: ArrayLike | int | bool, /) -> ArrayLike:
    """The bitwise OR of each pair of elements (integer or boolean input).

    >>> pa.bitwise_or(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([14, 14], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def bitwise_right_shift(x1: ArrayLike | int, x2: ArrayLike | int, /) -> ArrayLike:
    """Shift the bits of each element of ``x1`` right by ``x2`` (integer input, ``x2 >= 0``).

    The shift is arithmetic (the sign propagates), so it equals floor division
    by ``2**x2``.

    >>> pa.bitwise_right_shift(pa.asarray([8, -8]), pa.asarray([2, 2]))
    Array([ 2, -2], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def bitwise_xor(x1: ArrayLike | int | bool, x2: ArrayLike | int | bool, /) -> ArrayLike:
    """The bitwise exclusive OR of each pair of elements (integer or boolean input).

    >>> pa.bitwise_xor(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([ 6, 12], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def ceil(x: ArrayLike, /) -> ArrayLike:
    """Round each element up, to the smallest integer-valued number not below it.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.ceil(pa.asarray([-1.5, 0.2, 2.0]))
    Array([-1.,  1.,  2.], backend=numpy, dtype=float64)
    >>> pa.ceil(pa.asarray([1, 2]))
    Array([1, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY, check=_checks.clip_bounds)
def clip(
    x: ArrayLike, /, min: ArrayLike | int | float | None = None, max: ArrayLike | int | float | None = None
) -> ArrayLike:
    """Clamp each element of ``x`` to the range ``[min, max]``.

    ``min`` and ``max`` may be scalars or arrays that broadcast with ``x``;
    ``None`` leaves that side open (both ``None`` gives a copy of ``x``). The
    result always has the dtype of ``x``. A NaN in ``x``, ``min`` or ``max``
    gives NaN. Bounds with ``min > max`` and bounds of another dtype kind than
    ``x`` are not specified by the standard. A Python int bound beyond the
    range of an integer ``x``'s dtype bounds nothing where it lies on the open
    side (``min=-1`` for ``uint8``) and is an error that is also an
    ``OverflowError`` where no value reaches it (``min=300``), as in NumPy.

    >>> pa.clip(pa.asarray([-2, 0, 5, 9]), 0, 6)
    Array([0, 0, 5, 6], backend=numpy, dtype=int64)
    >>> pa.clip(pa.asarray([1.0, 5.0]), max=pa.asarray([2.0, 3.0]))
    Array([1., 3.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def conj(x: ArrayLike, /) -> ArrayLike:
    """The complex conjugate of each element (the imaginary part negated).

    Real input is returned unchanged. The result has the dtype of ``x``.

    >>> pa.conj(pa.asarray([1 + 2j, 3 - 1j]))
    Array([1.-2.j, 3.+1.j], backend=numpy, dtype=complex128)
    """


@primary(wrappers=BINARY)
def copysign(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The magnitude of ``x1`` with the sign bit of ``x2``, element-wise.

    The sign bit of ``-0.0`` and of a negative NaN counts as negative, so
    ``copysign(1.0, -0.0)`` is ``-1.0``. A NaN ``x1`` gives a NaN with the sign
    bit of ``x2``.

    >>> pa.copysign(pa.asarray([1.0, 2.0, 3.0]), pa.asarray([-0.0, 1.0, -5.0]))
    Array([-1.,  2., -3.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def cos(x: ArrayLike, /) -> ArrayLike:
    """The cosine of each element (in radians).

    Infinities and NaN give NaN; ``cos(±0)`` is ``1``. Complex input is
    handled as ``cosh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.cos(pa.asarray([0.0, 3.141592653589793]))
    Array([ 1., -1.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def cosh(x: ArrayLike, /) -> ArrayLike:
    """The hyperbolic cosine of each element.

    Even: ``cosh(±0)`` is ``1``, ``cosh(±inf)`` is ``+inf``; large input
    overflows to ``+inf``; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.cosh(pa.asarray([0.0, 1.0]))
    Array([1.        , 1.54308063], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def divide(x1: ArrayLike | int | float | complex, x2: ArrayLike | int | float | complex, /) -> ArrayLike:
    """True division of ``x1`` by ``x2``, element-wise.

    The result has a floating-point dtype (integer input gives the default
    float). Division by zero follows IEEE 754: ``1/+0`` is ``+inf``, ``1/-0``
    is ``-inf``, ``0/0`` is NaN.

    >>> pa.divide(pa.asarray([1.0, -1.0, 0.0]), pa.asarray([4.0, 0.0, 0.0]))
    Array([0.25, -inf,  nan], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def equal(x1: ArrayLike | int | float | complex | bool, x2: ArrayLike | int | float | complex | bool, /) -> ArrayLike:
    """Whether ``x1 == x2``, element-wise, as a boolean array.

    NaN equals nothing (not even NaN); ``+0.0`` equals ``-0.0``. Complex
    numbers are equal when both parts are.

    >>> pa.equal(pa.asarray([1.0, 2.0, float("nan")]), pa.asarray([1.0, 3.0, float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def exp(x: ArrayLike, /) -> ArrayLike:
    """The exponential of each element.

    ``exp(±0)`` is ``1``, ``exp(-inf)`` is ``+0``, ``exp(+inf)`` and large input
    give ``+inf``; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.exp(pa.asarray([0.0, 1.0]))
    Array([1.        , 2.71828183], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def expm1(x: ArrayLike, /) -> ArrayLike:
    """``exp(x) - 1`` for each element, accurate for ``x`` near zero.

    The sign of zero is kept; ``expm1(-inf)`` is ``-1``; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.expm1(pa.asarray([0.0, 1e-10]))
    Array([0.e+00, 1.e-10], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def floor(x: ArrayLike, /) -> ArrayLike:
    """Round each element down, to the largest integer-valued number not above it.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.floor(pa.asarray([-1.5, 0.2, 2.0]))
    Array([-2.,  0.,  2.], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def floor_divide(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """Divide ``x1`` by ``x2`` and round down, element-wise (Python's ``//``).

    Integer division by zero gives an unspecified value; floating-point
    division by zero gives an infinity or NaN as in IEEE 754.

    >>> pa.floor_divide(pa.asarray([7, -7]), pa.asarray([2, 2]))
    Array([ 3, -4], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def greater(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """Whether ``x1 > x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.greater(pa.asarray([1, 2, 3]), 2)
    Array([False, False,  True], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def greater_equal(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """Whether ``x1 >= x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.greater_equal(pa.asarray([1, 2, 3]), 2)
    Array([False,  True,  True], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def hypot(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """``sqrt(x1**2 + x2**2)`` for each pair of elements, without undue overflow or underflow.

    An infinite operand gives ``+inf`` even when the other is NaN; otherwise
    NaN propagates.

    >>> pa.hypot(pa.asarray([3.0, 1e200]), pa.asarray([4.0, 1e200]))
    Array([5.00000000e+000, 1.41421356e+200], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def imag(x: ArrayLike, /) -> ArrayLike:
    """The imaginary part of each element.

    Complex input gives the real dtype of the same precision (complex64 ->
    float32). Real input gives zeros of its own dtype.

    >>> pa.imag(pa.asarray([1 + 2j, 3 - 4j]))
    Array([ 2., -4.], backend=numpy, dtype=float64)
    """


def _tolerance(xp: Any, value: Any, name: str, function: str) -> float:
    tolerance = python_real(value)
    if tolerance is None:
        raise PolyarrayTypeError(
            f"pa.{function} on the {backend_name(xp)} backend: {name} must be a real number, not {value!r}."
        )
    return tolerance


def _close(xp: Any, x1: Any, x2: Any, rtol: Any, atol: Any, equal_nan: bool, function: str) -> Any:
    """:func:`isclose` on native arrays of one dtype (the operands' promotion is the caller's)."""
    rtol = _tolerance(xp, rtol, "rtol", function)
    atol = _tolerance(xp, atol, "atol", function)
    x1, x2 = xp.asarray(x1), xp.asarray(x2)
    if not _isdtype(x2.dtype, ("real floating", "complex floating")):
        # Integers and bools compare as floats: |x1 - x2| must not wrap around.
        floating = default_dtype(xp, "real floating")
        x1, x2 = xp.astype(x1, floating), xp.astype(x2, floating)
    magnitude = xp.abs(x2)
    allowed = xp.add(
        xp.asarray(atol, dtype=magnitude.dtype),
        xp.multiply(xp.asarray(rtol, dtype=magnitude.dtype), magnitude),
    )
    within = xp.logical_and(xp.less_equal(xp.abs(xp.subtract(x1, x2)), allowed), xp.isfinite(x2))
    result = xp.logical_or(within, xp.equal(x1, x2))
    if equal_nan:
        result = xp.logical_or(result, xp.logical_and(xp.isnan(x1), xp.isnan(x2)))
    return result


@mixed(wrappers=BINARY)
def isclose(
    xp: Any,
    x1: ArrayLike | int | float | complex | bool,
    x2: ArrayLike | int | float | complex | bool,
    /,
    *,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> ArrayLike:
    """Whether ``x1`` and ``x2`` are equal within a tolerance, element-wise, as NumPy's ``isclose``.

    ``x1`` is close to ``x2`` where ``|x1 - x2| <= atol + rtol * |x2|`` with
    ``x2`` finite, or where ``x1 == x2`` (so equal infinities are close). The
    test is not symmetric: the relative tolerance scales with ``|x2|``. NaN is
    close to nothing, unless ``equal_nan`` makes two NaNs close. Complex
    numbers are compared by the modulus of their difference. The operands
    promote as in :func:`add`; integer and boolean operands are compared in
    the default floating dtype (so the difference cannot wrap around). The
    tolerances are real numbers, applied in the operands' precision. The
    result is a boolean array of the broadcast shape.

    >>> pa.isclose(pa.asarray([1.0, 1.0001, float("nan")]), pa.asarray([1.0000001, 1.0, float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    >>> pa.isclose(pa.asarray([float("nan"), float("inf")]), float("nan"), equal_nan=True)
    Array([ True, False], backend=numpy, dtype=bool)
    """
    return _close(xp, x1, x2, rtol, atol, equal_nan, "isclose")


@primary(wrappers=UNARY)
def isfinite(x: ArrayLike, /) -> ArrayLike:
    """Whether each element is finite (neither infinite nor NaN), as a boolean array.

    A complex number is finite when both parts are. Integers are always finite.

    >>> pa.isfinite(pa.asarray([1.0, float("inf"), float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def isinf(x: ArrayLike, /) -> ArrayLike:
    """Whether each element is ``+inf`` or ``-inf``, as a boolean array.

    A complex number is infinite when either part is, even if the other is NaN.

    >>> pa.isinf(pa.asarray([1.0, -float("inf"), float("nan")]))
    Array([False,  True, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def isnan(x: ArrayLike, /) -> ArrayLike:
    """Whether each element is NaN, as a boolean array.

    A complex number is NaN when either part is.

    >>> pa.isnan(pa.asarray([1.0, float("inf"), float("nan")]))
    Array([False, False,  True], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def less(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """Whether ``x1 < x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.less(pa.asarray([1, 2, 3]), 2)
    Array([ True, False, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def less_equal(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """Whether ``x1 <= x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.less_equal(pa.asarray([1, 2, 3]), 2)
    Array([ True,  True, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def log(x: ArrayLike, /) -> ArrayLike:
    """The natural logarithm of each element.

    ``log(±0)`` is ``-inf``, negative real input and NaN give NaN, ``log(1)``
    is ``+0``. Complex input uses the branch cut ``(-inf, 0)``.
    Floating-point input keeps its dtype.

    >>> pa.log(pa.asarray([1.0, 2.718281828459045]))
    Array([0., 1.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def log1p(x: ArrayLike, /) -> ArrayLike:
    """``log(1 + x)`` for each element, accurate for ``x`` near zero.

    ``log1p(-1)`` is ``-inf``, input below ``-1`` and NaN give NaN; the sign of
    zero is kept. Floating-point input keeps its dtype.

    >>> pa.log1p(pa.asarray([0.0, 1e-10]))
    Array([0.e+00, 1.e-10], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def log2(x: ArrayLike, /) -> ArrayLike:
    """The base-2 logarithm of each element.

    ``log2(±0)`` is ``-inf``, negative real input and NaN give NaN.
    Floating-point input keeps its dtype.

    >>> pa.log2(pa.asarray([1.0, 8.0]))
    Array([0., 3.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def log10(x: ArrayLike, /) -> ArrayLike:
    """The base-10 logarithm of each element.

    ``log10(±0)`` is ``-inf``, negative real input and NaN give NaN.
    Floating-point input keeps its dtype.

    >>> pa.log10(pa.asarray([1.0, 1000.0]))
    Array([0., 3.], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def logaddexp(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """``log(exp(x1) + exp(x2))`` for each pair of elements, without overflow.

    NaN in either operand gives NaN; otherwise a ``+inf`` operand gives ``+inf``.

    >>> pa.logaddexp(pa.asarray([0.0, 1.0]), pa.asarray([0.0, -1.0]))
    Array([0.69314718, 1.12692801], backend=numpy, dtype=float64)
    >>> float(pa.logaddexp(pa.asarray(1000.0), pa.asarray(1000.0)))
    1000.6931471805599
    """


@primary(wrappers=BINARY)
def logical_and(x1: ArrayLike | bool, x2: ArrayLike | bool, /) -> ArrayLike:
    """The logical AND of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_and(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def logical_not(x: ArrayLike, /) -> ArrayLike:
    """The logical NOT of each element, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_not(pa.asarray([True, False]))
    Array([False,  True], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def logical_or(x1: ArrayLike | bool, x2: ArrayLike | bool, /) -> ArrayLike:
    """The logical OR of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_or(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([ True,  True, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def logical_xor(x1: ArrayLike | bool, x2: ArrayLike | bool, /) -> ArrayLike:
    """The logical exclusive OR of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_xor(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([False,  True, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=BINARY)
def maximum(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The larger of each pair of elements.

    NaN in either operand gives NaN. Which of ``-0.0`` and ``+0.0`` is returned
    when they meet is not specified.

    >>> pa.maximum(pa.asarray([1.0, 5.0, float("nan")]), pa.asarray([3.0, 2.0, 0.0]))
    Array([ 3.,  5., nan], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def minimum(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The smaller of each pair of elements.

    NaN in either operand gives NaN. Which of ``-0.0`` and ``+0.0`` is returned
    when they meet is not specified.

    >>> pa.minimum(pa.asarray([1.0, 5.0, float("nan")]), pa.asarray([3.0, 2.0, 0.0]))
    Array([ 1.,  2., nan], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def multiply(x1: ArrayLike | int | float | complex, x2: ArrayLike | int | float | complex, /) -> ArrayLike:
    """Multiply ``x1`` and ``x2`` element-wise.

    IEEE 754 rules apply: ``inf * 0`` is NaN, NaN propagates, the sign of the
    result is the product of the signs.

    >>> pa.multiply(pa.asarray([1.5, -2.0]), pa.asarray([2.0, 0.0]))
    Array([ 3., -0.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def negative(x: ArrayLike, /) -> ArrayLike:
    """The numerical negative of each element (both parts of complex numbers).

    The negative of the smallest signed integer is not specified. The result
    has the dtype of ``x``.

    >>> pa.negative(pa.asarray([1, -2]))
    Array([-1,  2], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def nextafter(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The next representable floating-point value after ``x1`` in the direction of ``x2``.

    The result has the dtype of ``x1``. NaN in either operand gives NaN;
    ``nextafter(-0.0, +0.0)`` is ``+0.0`` and ``nextafter(+0.0, -0.0)`` is
    ``-0.0``.

    >>> x = pa.nextafter(pa.asarray([1.0]), pa.asarray([2.0]))
    >>> float(x[0]) - 1.0 == 2.0**-52
    True
    """


@primary(wrappers=BINARY)
def not_equal(
    x1: ArrayLike | int | float | complex | bool, x2: ArrayLike | int | float | complex | bool, /
) -> ArrayLike:
    """Whether ``x1 != x2``, element-wise, as a boolean array.

    NaN differs from everything (even NaN); ``+0.0`` and ``-0.0`` are equal.

    >>> pa.not_equal(pa.asarray([1.0, 2.0, float("nan")]), pa.asarray([1.0, 3.0, float("nan")]))
    Array([False,  True,  True], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def positive(x: ArrayLike, /) -> ArrayLike:
    """The numerical positive of each element (``+x``), a new array of the same dtype.

    >>> pa.positive(pa.asarray([1, -2]))
    Array([ 1, -2], backend=numpy, dtype=int64)
    """


@primary(wrappers=BINARY)
def pow(x1: ArrayLike | int | float | complex, x2: ArrayLike | int | float | complex, /) -> ArrayLike:
    """Raise each element of ``x1`` to the power of the matching element of ``x2``.

    Floating-point special cases follow IEEE 754 (``x**0`` is ``1`` even for
    NaN, ``1**y`` is ``1``, a negative base with a non-integer exponent gives
    NaN). For integer operands a negative exponent is not specified by the
    standard (NumPy raises ``pa.PolyarrayValueError``). Complex input is
    handled as ``exp(x2 * log(x1))``.

    >>> pa.pow(pa.asarray([2, 3]), pa.asarray([3, 2]))
    Array([8, 9], backend=numpy, dtype=int64)
    >>> pa.pow(pa.asarray([4.0, -1.0]), 0.5)
    Array([ 2., nan], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def real(x: ArrayLike, /) -> ArrayLike:
    """The real part of each element.

    Complex input gives the real dtype of the same precision (complex64 ->
    float32). Real input is returned as is, with its dtype; whether the result
    shares memory with ``x`` is not specified.

    >>> pa.real(pa.asarray([1 + 2j, 3 - 4j]))
    Array([1., 3.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def reciprocal(x: ArrayLike, /) -> ArrayLike:
    """``1 / x`` for each element.

    Floating-point input keeps its dtype and follows the special cases of
    ``divide`` (``1/+0`` is ``+inf``, ``1/-0`` is ``-inf``). Integer and
    boolean input give the default float (float64), as ``divide`` does.

    >>> pa.reciprocal(pa.asarray([2.0, -0.0, 4.0]))
    Array([0.5 , -inf, 0.25], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def remainder(x1: ArrayLike | int | float, x2: ArrayLike | int | float, /) -> ArrayLike:
    """The remainder of dividing ``x1`` by ``x2``, with the sign of ``x2`` (Python's ``%``).

    Integer division by zero gives an unspecified value; for floating-point
    operands a zero divisor, an infinite dividend or NaN gives NaN.

    >>> pa.remainder(pa.asarray([7, -7]), pa.asarray([3, 3]))
    Array([1, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def round(x: ArrayLike, /) -> ArrayLike:
    """Round each element to the nearest integer-valued number, halves to even.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged. Complex input rounds both parts independently. Infinities,
    signed zeros and NaN are kept.

    >>> pa.round(pa.asarray([0.5, 1.5, 2.5, -1.7]))
    Array([ 0.,  2.,  2., -2.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def sign(x: ArrayLike, /) -> ArrayLike:
    """The sign of each element: ``-1``, ``0`` or ``1`` for real input, ``x / |x|`` for complex.

    The result has the dtype of ``x``. Real NaN gives NaN. A complex zero gives
    ``0 + 0j``, and a complex number with a NaN part gives ``NaN + NaN j``; a
    complex number with one infinite part gives the unit number along that
    axis (``sign(inf + 1j)`` is ``1 + 0j``), and one with two infinite parts
    gives ``NaN + NaN j``.

    >>> pa.sign(pa.asarray([-3.0, 0.0, 2.0]))
    Array([-1.,  0.,  1.], backend=numpy, dtype=float64)
    >>> pa.sign(pa.asarray([3 + 4j, 0j]))
    Array([0.6+0.8j, 0. +0.j ], backend=numpy, dtype=complex128)
    """


@primary(wrappers=UNARY)
def signbit(x: ArrayLike, /) -> ArrayLike:
    """Whether the sign bit of each element is set, as a boolean array.

    True for negative numbers, ``-0.0``, ``-inf`` and NaNs with the sign bit
    set; False for ``+0.0`` and positive numbers.

    >>> pa.signbit(pa.asarray([-1.0, -0.0, 0.0, 2.0]))
    Array([ True,  True, False, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=UNARY)
def sin(x: ArrayLike, /) -> ArrayLike:
    """The sine of each element (in radians).

    The sign of zero is kept; infinities and NaN give NaN. Complex input is
    handled as ``-1j * sinh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.sin(pa.asarray([0.0, 1.5707963267948966]))
    Array([0., 1.], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def sinh(x: ArrayLike, /) -> ArrayLike:
    """The hyperbolic sine of each element.

    Odd: the sign of zero is kept and infinities map to infinities of the same
    sign; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.sinh(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.17520119], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def square(x: ArrayLike, /) -> ArrayLike:
    """``x * x`` for each element, with the dtype of ``x``.

    >>> pa.square(pa.asarray([-3, 4]))
    Array([ 9, 16], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def sqrt(x: ArrayLike, /) -> ArrayLike:
    """The principal square root of each element, correctly rounded.

    ``sqrt(-0.0)`` is ``-0.0``; negative real input and NaN give NaN. Complex
    input gives results in the right half-plane (branch cut ``(-inf, 0)``).
    Floating-point input keeps its dtype.

    >>> pa.sqrt(pa.asarray([4.0, 2.0, -1.0]))
    Array([2.        , 1.41421356,        nan], backend=numpy, dtype=float64)
    """


@primary(wrappers=BINARY)
def subtract(x1: ArrayLike | int | float | complex, x2: ArrayLike | int | float | complex, /) -> ArrayLike:
    """Subtract ``x2`` from ``x1`` element-wise (the same as ``x1 + (-x2)``).

    >>> pa.subtract(pa.asarray([5, 3]), pa.asarray([1, 4]))
    Array([ 4, -1], backend=numpy, dtype=int64)
    """


@primary(wrappers=UNARY)
def tan(x: ArrayLike, /) -> ArrayLike:
    """The tangent of each element (in radians).

    The sign of zero is kept; infinities and NaN give NaN. Complex input is
    handled as ``-1j * tanh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.tan(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.55740772], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def tanh(x: ArrayLike, /) -> ArrayLike:
    """The hyperbolic tangent of each element.

    Odd: the sign of zero is kept; ``tanh(±inf)`` is ``±1``; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.tanh(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.76159416], backend=numpy, dtype=float64)
    """


@primary(wrappers=UNARY)
def trunc(x: ArrayLike, /) -> ArrayLike:
    """Round each element toward zero, to the nearest integer-valued number.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.trunc(pa.asarray([-1.5, 0.7, 2.0]))
    Array([-1.,  0.,  2.], backend=numpy, dtype=float64)
    """
