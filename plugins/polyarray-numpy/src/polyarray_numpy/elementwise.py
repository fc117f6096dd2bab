"""Element-wise functions on NumPy.

Most functions are NumPy's ufuncs under the standard's name (only names that
exist in NumPy 1.26 as well as 2.x are used: ``np.arccos``, ``np.power``,
``np.left_shift``, ``np.invert`` …). The others fix where NumPy differs from
the array API standard:

- ``ceil``, ``floor``, ``trunc`` and ``round`` keep integer and boolean
  dtypes (NumPy before 2.3 turns them into floats);
- ``clip`` accepts no bound at all and always returns the dtype of ``x``;
- ``imag`` of real input is a writable array of zeros;
- ``reciprocal`` is ``1 / x``, a float division also for integers;
- ``sign`` of complex numbers is ``z / |z|`` (NumPy 1.26 returns the sign of
  the first non-zero part), with ``NaN + NaN j`` for a NaN part;
- ``floor_divide`` with an infinite operand is ``floor(x1 / x2)``, as the
  standard prefers (NumPy follows Python: ``inf // 2`` is NaN, ``-1 // inf``
  is -1);
- ``expm1`` and ``tanh`` of complex numbers give the standard's special
  values where NumPy's differ (``expm1(inf + 0j)``, ``tanh(inf + 1j)`` …).
"""

from __future__ import annotations

import operator

import numpy as np

from ._helpers import NUMPY_2, writing_into
from ._marker import direct, hookimpl

#: The dtypes for which Python's operators give what the ufuncs give, on arrays and NumPy scalars alike
#: (for integers, NumPy's scalar arithmetic warns of an overflow where the ufunc wraps silently).
REAL_FLOATING = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
#: The classes whose values Python's operators compute more cheaply than the ufuncs: NumPy's scalars of those
#: dtypes (the 0-d results of reductions), about ten times. On an ndarray the operator calls the ufunc itself,
#: through a few more calls, so the ufunc is called there.
FLOAT_SCALARS = (np.float16, np.float32, np.float64)

# Kinds of dtype whose values are already integers: bool, signed, unsigned.
_INTEGRAL_KINDS = "biu"


@hookimpl
@direct(np.abs)
def abs(x, /):
    return np.abs(x)


@hookimpl
@direct(np.arccos)
def acos(x, /):
    return np.arccos(x)


@hookimpl
@direct(np.arccosh)
def acosh(x, /):
    return np.arccosh(x)


@hookimpl
@direct(np.add, faster=(operator.add, REAL_FLOATING, FLOAT_SCALARS), inplace=writing_into(np.add))
def add(x1, x2, /):
    return np.add(x1, x2)


@hookimpl
@direct(np.arcsin)
def asin(x, /):
    return np.arcsin(x)


@hookimpl
@direct(np.arcsinh)
def asinh(x, /):
    return np.arcsinh(x)


@hookimpl
@direct(np.arctan)
def atan(x, /):
    return np.arctan(x)


@hookimpl
@direct(np.arctan2)
def atan2(x1, x2, /):
    return np.arctan2(x1, x2)


@hookimpl
@direct(np.arctanh)
def atanh(x, /):
    return np.arctanh(x)


@hookimpl
@direct(np.bitwise_and)
def bitwise_and(x1, x2, /):
    return np.bitwise_and(x1, x2)


@hookimpl
@direct(np.left_shift)
def bitwise_left_shift(x1, x2, /):
    return np.left_shift(x1, x2)


@hookimpl
@direct(np.invert)
def bitwise_invert(x, /):
    return np.invert(x)


@hookimpl
@direct(np.bitwise_or)
def bitwise_or(x1, x2, /):
    return np.bitwise_or(x1, x2)


@hookimpl
@direct(np.right_shift)
def bitwise_right_shift(x1, x2, /):
    return np.right_shift(x1, x2)


@hookimpl
@direct(np.bitwise_xor)
def bitwise_xor(x1, x2, /):
    return np.bitwise_xor(x1, x2)


def _round_keeping_integers(function, x):
    """``function(x)``, except that integer and boolean input comes back unchanged (a copy)."""
    x = np.asarray(x)
    return x.copy() if x.dtype.kind in _INTEGRAL_KINDS else function(x)


@hookimpl
def ceil(x, /):
    return _round_keeping_integers(np.ceil, x)


@hookimpl
def clip(x, /, min=None, max=None):
    x = np.asarray(x)
    if min is None and max is None:
        return x.copy()
    return np.clip(x, min, max).astype(x.dtype, copy=False)


@hookimpl
def conj(x, /):
    # The standard's conj keeps the dtype; NumPy conjugates booleans as int8 (docs/departures.md).
    return x.copy() if x.dtype == np.bool_ else np.conjugate(x)


@hookimpl
@direct(np.copysign)
def copysign(x1, x2, /):
    return np.copysign(x1, x2)


@hookimpl
@direct(np.cos)
def cos(x, /):
    return np.cos(x)


@hookimpl
@direct(np.cosh)
def cosh(x, /):
    return np.cosh(x)


@hookimpl
@direct(np.divide, faster=(operator.truediv, REAL_FLOATING, FLOAT_SCALARS), inplace=writing_into(np.divide))
def divide(x1, x2, /):
    return np.divide(x1, x2)


@hookimpl
@direct(np.equal, faster=(operator.eq, REAL_FLOATING, FLOAT_SCALARS))
def equal(x1, x2, /):
    return np.equal(x1, x2)


@hookimpl
@direct(np.exp)
def exp(x, /):
    return np.exp(x)


@hookimpl
def expm1(x, /):
    x = np.asarray(x)
    if x.dtype.kind != "c":
        return np.expm1(x)
    with np.errstate(all="ignore"):
        return _complex_expm1(x)


def _complex_expm1(x):
    """``exp(x) - 1`` of complex ``x``: NumPy's, with the standard's special cases where NumPy's differ.

    Where a part is not finite, or both are zero, the parts follow NumPy's own
    formula, ``expm1(a) cos(b) - 2 sin(b/2)**2`` and ``exp(a) sin(b)``, except
    that a zero imaginary part stays that zero (and ``expm1(-0 + 0j)`` is
    ``+0 + 0j``), and an infinite real part with an infinite or NaN imaginary
    part gives ``-1 + 0j`` (``-inf``) or ``inf + NaN j`` (``+inf``).
    """
    result = np.expm1(x)
    a, b = x.real, x.imag
    special = ~np.isfinite(a) | ~np.isfinite(b) | ((a == 0) & (b == 0))
    if not special.any():
        return result
    with np.errstate(all="ignore"):
        real = np.expm1(a) * np.cos(b) - 2 * np.sin(b / 2) ** 2 + 0.0
        imag = np.where(b == 0, b, np.exp(a) * np.sin(b))
    stuck = np.isinf(a) & ~np.isfinite(b)
    real = np.where(stuck, np.where(a > 0, np.inf, -1.0).astype(real.dtype), real)
    imag = np.where(stuck, np.where(a > 0, np.nan, 0.0).astype(imag.dtype), imag)
    result = np.array(result)
    result.real[special], result.imag[special] = real[special], imag[special]
    return result


@hookimpl
def floor(x, /):
    return _round_keeping_integers(np.floor, x)


@hookimpl
def floor_divide(x1, x2, /):
    if np.result_type(x1, x2).kind != "f":
        return np.floor_divide(x1, x2)
    infinite = np.isinf(x1) | np.isinf(x2)
    if not infinite.any():
        return np.floor_divide(x1, x2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(infinite, np.floor(np.divide(x1, x2)), np.floor_divide(x1, x2))


@hookimpl
@direct(np.greater, faster=(operator.gt, REAL_FLOATING, FLOAT_SCALARS))
def greater(x1, x2, /):
    return np.greater(x1, x2)


@hookimpl
@direct(np.greater_equal, faster=(operator.ge, REAL_FLOATING, FLOAT_SCALARS))
def greater_equal(x1, x2, /):
    return np.greater_equal(x1, x2)


@hookimpl
@direct(np.hypot)
def hypot(x1, x2, /):
    return np.hypot(x1, x2)


@hookimpl
def imag(x, /):
    x = np.asarray(x)
    # NumPy's imaginary part of a real array is a read-only view.
    return np.imag(x) if x.dtype.kind == "c" else np.zeros_like(x)


@hookimpl
def isclose(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    return np.asarray(np.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _close_handles(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """NumPy's own ``isclose`` for floating operands of one dtype (the core compares integers as floats)."""
    return (
        isinstance(x1, np.ndarray)
        and isinstance(x2, np.ndarray)
        and x1.dtype == x2.dtype
        # NumPy 1.x's isclose turns a complex infinity into inf+nanj (it multiplies by ones).
        and x1.dtype.kind in ("fc" if NUMPY_2 else "f")
        and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in (rtol, atol))
    )


isclose.partial_mixed_handler = _close_handles  # type: ignore[attr-defined]


@hookimpl
@direct(np.isfinite)
def isfinite(x, /):
    return np.isfinite(x)


@hookimpl
@direct(np.isinf)
def isinf(x, /):
    return np.isinf(x)


@hookimpl
@direct(np.isnan)
def isnan(x, /):
    return np.isnan(x)


@hookimpl
@direct(np.less, faster=(operator.lt, REAL_FLOATING, FLOAT_SCALARS))
def less(x1, x2, /):
    return np.less(x1, x2)


@hookimpl
@direct(np.less_equal, faster=(operator.le, REAL_FLOATING, FLOAT_SCALARS))
def less_equal(x1, x2, /):
    return np.less_equal(x1, x2)


@hookimpl
@direct(np.log)
def log(x, /):
    return np.log(x)


@hookimpl
@direct(np.log1p)
def log1p(x, /):
    return np.log1p(x)


@hookimpl
@direct(np.log2)
def log2(x, /):
    return np.log2(x)


@hookimpl
@direct(np.log10)
def log10(x, /):
    return np.log10(x)


@hookimpl
@direct(np.logaddexp)
def logaddexp(x1, x2, /):
    return np.logaddexp(x1, x2)


@hookimpl
@direct(np.logical_and)
def logical_and(x1, x2, /):
    return np.logical_and(x1, x2)


@hookimpl
@direct(np.logical_not)
def logical_not(x, /):
    return np.logical_not(x)


@hookimpl
@direct(np.logical_or)
def logical_or(x1, x2, /):
    return np.logical_or(x1, x2)


@hookimpl
@direct(np.logical_xor)
def logical_xor(x1, x2, /):
    return np.logical_xor(x1, x2)


@hookimpl
@direct(np.maximum)
def maximum(x1, x2, /):
    return np.maximum(x1, x2)


@hookimpl
@direct(np.minimum)
def minimum(x1, x2, /):
    return np.minimum(x1, x2)


@hookimpl
@direct(np.multiply, faster=(operator.mul, REAL_FLOATING, FLOAT_SCALARS), inplace=writing_into(np.multiply))
def multiply(x1, x2, /):
    return np.multiply(x1, x2)


@hookimpl
@direct(np.negative, faster=(operator.neg, REAL_FLOATING, FLOAT_SCALARS))
def negative(x, /):
    return np.negative(x)


@hookimpl
@direct(np.nextafter)
def nextafter(x1, x2, /):
    return np.nextafter(x1, x2)


@hookimpl
@direct(np.not_equal, faster=(operator.ne, REAL_FLOATING, FLOAT_SCALARS))
def not_equal(x1, x2, /):
    return np.not_equal(x1, x2)


@hookimpl
@direct(np.positive)
def positive(x, /):
    return np.positive(x)


#: The dtype kinds an ndarray squared by np.square may have, by the class of the exponent 2: from NumPy 2.1 on,
#: where np.power itself multiplies a real float by itself for the exponent 2 (before, it called pow, whose
#: result differs in the last bit for some values); none before.
_SQUARED_KINDS = {int: "iuf", float: "f"} if np.lib.NumpyVersion(np.__version__) >= "2.1.0" else {}
_NDARRAY, _SQUARE, _POWER = np.ndarray, np.square, np.power
#: The dtypes whose ndarrays ``x ** y`` raises to a power as ``np.power`` does (NumPy 2.1 on, as for squaring):
#: not float16, whose ``x ** 0.5`` NumPy computes as ``np.sqrt``, which rounds some values otherwise.
_POWERED_BY_OPERATOR = (np.dtype(np.float32), np.dtype(np.float64), *(np.dtype(c) for c in "bhilqBHILQ"))


def _power(x1, x2, /):
    """np.power, with an ndarray of integers or real floats to the Python number 2 squared by np.square, which
    gives the same values and dtype in about half the time (NumPy's ``x ** 2`` does the same), where np.power
    squares by multiplying."""
    kinds = _SQUARED_KINDS.get(x2.__class__)
    if kinds is not None and x2 == 2 and x1.__class__ is _NDARRAY and x1.dtype.kind in kinds:
        return _SQUARE(x1)
    return _POWER(x1, x2)


@hookimpl
@direct(_power, faster=(operator.pow, _POWERED_BY_OPERATOR, _NDARRAY) if _SQUARED_KINDS else None)
def pow(x1, x2, /):
    return _power(x1, x2)


@hookimpl
@direct(np.real)
def real(x, /):
    return np.real(x)


@hookimpl
def reciprocal(x, /):
    x = np.asarray(x)
    if x.dtype.kind in _INTEGRAL_KINDS:
        x = x.astype(np.float64)
    # 1 / x, as the standard defines it: np.reciprocal differs on complex special values (1 / 0j).
    return np.divide(np.ones((), dtype=x.dtype), x)


@hookimpl
@direct(np.remainder)
def remainder(x1, x2, /):
    return np.remainder(x1, x2)


@hookimpl
def round(x, /):
    return _round_keeping_integers(np.round, x)


@hookimpl(specname="sign")
def sign_v_2p0_and_above(x, /):
    x = np.asarray(x)
    result = np.sign(x)
    if x.dtype.kind == "c":
        # NumPy gives 1 + 0j for inf + NaN j; the standard asks NaN + NaN j for any NaN part.
        has_nan = np.isnan(x)
        if has_nan.any():
            result = np.where(has_nan, np.asarray(complex(np.nan, np.nan), dtype=x.dtype), result)
    return result


@hookimpl(specname="sign")
def sign_v_1p26_and_below(x, /):
    x = np.asarray(x)
    return _complex_sign(x) if x.dtype.kind == "c" else np.sign(x)


def _complex_sign(x):
    """``x / |x|`` for complex ``x``, with the special cases of NumPy 2's ``sign`` and the standard's NaN rule.

    Each part is divided by the modulus as a real number. Where the modulus is
    infinite, one infinite part gives the unit number along its axis (and a
    modulus that overflowed from finite parts gives the unit number along the
    imaginary axis, as NumPy 2 does); two infinite parts or a NaN part give
    ``NaN + NaN j``; a zero gives ``0 + 0j``.
    """
    re, im = x.real, x.imag
    magnitude = np.hypot(re, im)  # as NumPy 2 computes it (np.abs rounds differently for complex64)
    real_dtype = magnitude.dtype
    zero = np.zeros((), dtype=real_dtype)
    one = np.ones((), dtype=real_dtype)
    nan = np.full((), np.nan, dtype=real_dtype)
    with np.errstate(invalid="ignore", divide="ignore"):
        out_re = np.divide(re, magnitude)
        out_im = np.divide(im, magnitude)
    re_inf, im_inf = np.isinf(re), np.isinf(im)
    infinite = np.isinf(magnitude)
    out_re = np.where(infinite, np.where(re_inf, np.where(re > 0, one, -one), zero), out_re)
    out_im = np.where(infinite, np.where(re_inf, zero, np.where(im > 0, one, -one)), out_im)
    is_zero = magnitude == 0
    out_re = np.where(is_zero, zero, out_re)
    out_im = np.where(is_zero, zero, out_im)
    undefined = np.isnan(re) | np.isnan(im) | (re_inf & im_inf)
    result = np.empty(x.shape, dtype=x.dtype)
    result.real = np.where(undefined, nan, out_re)
    result.imag = np.where(undefined, nan, out_im)
    return result


@hookimpl
@direct(np.signbit)
def signbit(x, /):
    return np.signbit(x)


@hookimpl
@direct(np.sin)
def sin(x, /):
    return np.sin(x)


@hookimpl
@direct(np.sinh)
def sinh(x, /):
    return np.sinh(x)


@hookimpl
@direct(np.square)
def square(x, /):
    return np.square(x)


@hookimpl
@direct(np.sqrt)
def sqrt(x, /):
    return np.sqrt(x)


@hookimpl
@direct(np.subtract, faster=(operator.sub, REAL_FLOATING, FLOAT_SCALARS), inplace=writing_into(np.subtract))
def subtract(x1, x2, /):
    return np.subtract(x1, x2)


@hookimpl
@direct(np.tan)
def tan(x, /):
    return np.tan(x)


@hookimpl
def tanh(x, /):
    result = np.tanh(x)
    if np.asarray(result).dtype.kind == "c":
        # An infinite real part with a finite imaginary part b gives +-1 with a zero of b's sign.
        x = np.asarray(x)
        limit = np.isinf(x.real) & np.isfinite(x.imag)
        if limit.any():
            result = np.array(result)
            result.real[limit] = np.sign(x.real[limit])
            result.imag[limit] = np.copysign(0.0, x.imag[limit])
    return result


@hookimpl
def trunc(x, /):
    return _round_keeping_integers(np.trunc, x)
