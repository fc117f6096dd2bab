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
  the first non-zero part), with ``NaN + NaN j`` for a NaN part.
"""

from __future__ import annotations

import numpy as np

from ._marker import hookimpl

# Kinds of dtype whose values are already integers: bool, signed, unsigned.
_INTEGRAL_KINDS = "biu"


@hookimpl
def abs(x, /):
    return np.abs(x)


@hookimpl
def acos(x, /):
    return np.arccos(x)


@hookimpl
def acosh(x, /):
    return np.arccosh(x)


@hookimpl
def add(x1, x2, /):
    return np.add(x1, x2)


@hookimpl
def asin(x, /):
    return np.arcsin(x)


@hookimpl
def asinh(x, /):
    return np.arcsinh(x)


@hookimpl
def atan(x, /):
    return np.arctan(x)


@hookimpl
def atan2(x1, x2, /):
    return np.arctan2(x1, x2)


@hookimpl
def atanh(x, /):
    return np.arctanh(x)


@hookimpl
def bitwise_and(x1, x2, /):
    return np.bitwise_and(x1, x2)


@hookimpl
def bitwise_left_shift(x1, x2, /):
    return np.left_shift(x1, x2)


@hookimpl
def bitwise_invert(x, /):
    return np.invert(x)


@hookimpl
def bitwise_or(x1, x2, /):
    return np.bitwise_or(x1, x2)


@hookimpl
def bitwise_right_shift(x1, x2, /):
    return np.right_shift(x1, x2)


@hookimpl
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
    return np.conjugate(x)


@hookimpl
def copysign(x1, x2, /):
    return np.copysign(x1, x2)


@hookimpl
def cos(x, /):
    return np.cos(x)


@hookimpl
def cosh(x, /):
    return np.cosh(x)


@hookimpl
def divide(x1, x2, /):
    return np.divide(x1, x2)


@hookimpl
def equal(x1, x2, /):
    return np.equal(x1, x2)


@hookimpl
def exp(x, /):
    return np.exp(x)


@hookimpl
def expm1(x, /):
    return np.expm1(x)


@hookimpl
def floor(x, /):
    return _round_keeping_integers(np.floor, x)


@hookimpl
def floor_divide(x1, x2, /):
    return np.floor_divide(x1, x2)


@hookimpl
def greater(x1, x2, /):
    return np.greater(x1, x2)


@hookimpl
def greater_equal(x1, x2, /):
    return np.greater_equal(x1, x2)


@hookimpl
def hypot(x1, x2, /):
    return np.hypot(x1, x2)


@hookimpl
def imag(x, /):
    x = np.asarray(x)
    # NumPy's imaginary part of a real array is a read-only view.
    return np.imag(x) if x.dtype.kind == "c" else np.zeros_like(x)


@hookimpl
def isfinite(x, /):
    return np.isfinite(x)


@hookimpl
def isinf(x, /):
    return np.isinf(x)


@hookimpl
def isnan(x, /):
    return np.isnan(x)


@hookimpl
def less(x1, x2, /):
    return np.less(x1, x2)


@hookimpl
def less_equal(x1, x2, /):
    return np.less_equal(x1, x2)


@hookimpl
def log(x, /):
    return np.log(x)


@hookimpl
def log1p(x, /):
    return np.log1p(x)


@hookimpl
def log2(x, /):
    return np.log2(x)


@hookimpl
def log10(x, /):
    return np.log10(x)


@hookimpl
def logaddexp(x1, x2, /):
    return np.logaddexp(x1, x2)


@hookimpl
def logical_and(x1, x2, /):
    return np.logical_and(x1, x2)


@hookimpl
def logical_not(x, /):
    return np.logical_not(x)


@hookimpl
def logical_or(x1, x2, /):
    return np.logical_or(x1, x2)


@hookimpl
def logical_xor(x1, x2, /):
    return np.logical_xor(x1, x2)


@hookimpl
def maximum(x1, x2, /):
    return np.maximum(x1, x2)


@hookimpl
def minimum(x1, x2, /):
    return np.minimum(x1, x2)


@hookimpl
def multiply(x1, x2, /):
    return np.multiply(x1, x2)


@hookimpl
def negative(x, /):
    return np.negative(x)


@hookimpl
def nextafter(x1, x2, /):
    return np.nextafter(x1, x2)


@hookimpl
def not_equal(x1, x2, /):
    return np.not_equal(x1, x2)


@hookimpl
def positive(x, /):
    return np.positive(x)


@hookimpl
def pow(x1, x2, /):
    return np.power(x1, x2)


@hookimpl
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
def signbit(x, /):
    return np.signbit(x)


@hookimpl
def sin(x, /):
    return np.sin(x)


@hookimpl
def sinh(x, /):
    return np.sinh(x)


@hookimpl
def square(x, /):
    return np.square(x)


@hookimpl
def sqrt(x, /):
    return np.sqrt(x)


@hookimpl
def subtract(x1, x2, /):
    return np.subtract(x1, x2)


@hookimpl
def tan(x, /):
    return np.tan(x)


@hookimpl
def tanh(x, /):
    return np.tanh(x)


@hookimpl
def trunc(x, /):
    return _round_keeping_integers(np.trunc, x)
