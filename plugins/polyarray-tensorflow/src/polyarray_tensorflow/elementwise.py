"""Element-wise functions on TensorFlow.

The results follow the NumPy backend, dtype and special values included:

- integer and boolean input of a floating-point function (``sqrt``, ``exp``,
  ``atan2`` …) is computed in the floating dtype NumPy picks (float16 for
  8-bit types, float32 for 16-bit ones, float64 otherwise);
- ``maximum``/``minimum`` (and ``clip``) propagate NaN, which TensorFlow's
  kernels do not;
- integer ``floor_divide`` and ``remainder`` by zero give 0 (TensorFlow
  raises), floating-point ones follow NumPy's ``divmod`` exactly, except that
  ``floor_divide`` with an infinite operand is ``floor(x1 / x2)`` as the
  standard asks;
- shifts by at least the width of the dtype give 0 (or -1 for negative
  numbers shifted right), as in NumPy;
- ``sign`` of complex numbers is ``z / |z|`` with the standard's special
  cases; ``sign(-0.0)`` is ``+0.0``;
- complex ``expm1``, ``tanh``, ``cosh``, ``sinh`` and ``sqrt`` give the
  standard's special values (C99's, as NumPy gives them).

Where TensorFlow lacks a kernel for a dtype, the value is computed exactly
in a dtype that holds the same bits or values (unsigned integers through
their signed twins, float16/bfloat16 through float32, as NumPy itself
computes half precision).
"""

from __future__ import annotations

import math

import tensorflow as tf

from ._helpers import (
    BITS_OF,
    BOOL,
    COMPLEX,
    FLOAT_FOR_INTEGRAL,
    HALF,
    INTEGER,
    INTEGRAL,
    REAL_FLOATING,
    REAL_OF,
    SIGNED_OF,
    UNSIGNED,
    WIDTH,
    dtype_name,
    is_python_scalar,
    operands,
    scalar_operand,
    tensor,
    truth,
)
from ._marker import direct, hookimpl

# -- helpers ----------------------------------------------------------------------------


def _floating(x: tf.Tensor) -> tf.Tensor:
    """``x``, with integer and boolean input cast to the floating dtype NumPy computes it in."""
    target = FLOAT_FOR_INTEGRAL.get(x.dtype)
    return x if target is None else tf.cast(x, target)


def _float_unary(function, x):
    return function(_floating(tensor(x)))


def _float_binary(x1, x2):
    x1, x2 = operands(x1, x2)
    return _floating(x1), _floating(x2)


def _zero(dtype) -> tf.Tensor:
    return tf.zeros((), dtype)


def _one(dtype) -> tf.Tensor:
    return tf.ones((), dtype)


def _real_only(x: tf.Tensor, function: str) -> None:
    if x.dtype in COMPLEX:
        raise TypeError(f"{function} is not defined for complex input ({dtype_name(x.dtype)})")


def _no_bool(x: tf.Tensor, function: str) -> None:
    if x.dtype == BOOL:
        raise TypeError(f"{function} is not defined for boolean input")


def _is_nan(x: tf.Tensor) -> tf.Tensor:
    if x.dtype in COMPLEX:
        return tf.math.logical_or(tf.math.is_nan(tf.math.real(x)), tf.math.is_nan(tf.math.imag(x)))
    if x.dtype in REAL_FLOATING:
        return tf.math.is_nan(x)
    return tf.zeros(tf.shape(x), tf.bool)


def _as_signed(x: tf.Tensor) -> tf.Tensor:
    """The bits of an unsigned tensor as the signed integer of the same width."""
    return tf.bitcast(x, SIGNED_OF[x.dtype])


def _truth(x: tf.Tensor) -> tf.Tensor:
    """``x != 0`` (NaN counts as true), as a boolean tensor."""
    return truth(x)


def _ordered(x: tf.Tensor) -> tf.Tensor:
    """``x`` in a dtype whose kernels compare it (booleans as uint8)."""
    return tf.cast(x, tf.uint8) if x.dtype == BOOL else x


# -- complex arithmetic with NumPy's special values ----------------------------------------
#
# TensorFlow's complex kernels use textbook formulas that overflow or give NaN
# where NumPy (C99 Annex G) gives infinities or finite values. These follow
# NumPy's own algorithms.


def _parts(z):
    return tf.math.real(z), tf.math.imag(z)


def _complex_multiply(a, b):
    """``a * b`` as NumPy computes it: ``(ar*br - ai*bi) + (ar*bi + ai*br) j``.

    NumPy fuses the first product of each part with the sum (a fused
    multiply-add): where the second product alone overflows, the part is that
    infinity, even when the first product would overflow too if rounded.
    """
    ar, ai = _parts(a)
    br, bi = _parts(b)
    second_re, second_im = ai * bi, ai * br
    real = ar * br - second_re
    imag = ar * bi + second_im
    # The fused product is exact, so finite whenever its factors are.
    fused_re = tf.logical_and(tf.math.is_finite(ar), tf.math.is_finite(br))
    fused_im = tf.logical_and(tf.math.is_finite(ar), tf.math.is_finite(bi))
    real = tf.where(tf.logical_and(tf.math.is_inf(second_re), fused_re), -second_re, real)
    imag = tf.where(tf.logical_and(tf.math.is_inf(second_im), fused_im), second_im, imag)
    return tf.complex(real, imag)


def complex_divide(a, b):
    """``a / b`` by Smith's method, as NumPy divides complex numbers.

    Each part is divided by the scale rather than multiplied by its reciprocal,
    which would be subnormal, and flushed to zero, for divisors near the
    largest finite number.
    """
    ar, ai = _parts(a)
    br, bi = _parts(b)
    dtype = ar.dtype
    one, zero = _one(dtype), _zero(dtype)
    abs_br, abs_bi = tf.math.abs(br), tf.math.abs(bi)
    real_larger = tf.greater_equal(abs_br, abs_bi)
    both_zero = tf.logical_and(tf.equal(abs_br, zero), tf.equal(abs_bi, zero))
    safe_br = tf.where(tf.equal(br, zero), one, br)
    safe_bi = tf.where(tf.equal(bi, zero), one, bi)
    # |br| >= |bi|
    rat1 = bi / safe_br
    den1 = br + bi * rat1
    re1, im1 = (ar + ai * rat1) / den1, (ai - ar * rat1) / den1
    # |br| < |bi|
    rat2 = br / safe_bi
    den2 = bi + br * rat2
    re2, im2 = (ar * rat2 + ai) / den2, (ai * rat2 - ar) / den2
    re = tf.where(real_larger, re1, re2)
    im = tf.where(real_larger, im1, im2)
    re = tf.where(both_zero, ar / abs_br, re)
    im = tf.where(both_zero, ai / abs_bi, im)
    return tf.complex(re, im)


def _complex_abs_log(re, im):
    """``log(hypot(re, im))`` without overflow or underflow of the squares."""
    dtype = re.dtype
    a, b = tf.math.abs(re), tf.math.abs(im)
    larger, smaller = tf.maximum(a, b), tf.minimum(a, b)
    safe = tf.where(tf.equal(larger, _zero(dtype)), _one(dtype), larger)
    ratio = smaller / safe
    finite = tf.math.log(safe) + tf.constant(0.5, dtype) * tf.math.log1p(ratio * ratio)
    result = tf.where(tf.equal(larger, _zero(dtype)), tf.constant(-math.inf, dtype), finite)
    nan = tf.logical_or(tf.math.is_nan(a), tf.math.is_nan(b))
    result = tf.where(nan, tf.constant(math.nan, dtype), result)
    infinite = tf.logical_or(tf.math.is_inf(a), tf.math.is_inf(b))
    return tf.where(infinite, tf.constant(math.inf, dtype), result)


def _complex_log(z):
    re, im = _parts(z)
    return tf.complex(_complex_abs_log(re, im), _atan2(im, re))


def _complex_log1p(z):
    """NumPy's ``log1p`` of complex numbers: ``log(|z + 1|) + i atan2(Im z, Re z + 1)``."""
    re, im = _parts(z)
    shifted = re + _one(re.dtype)
    return tf.complex(_complex_abs_log(shifted, im), _atan2(im, shifted))


def _complex_expm1(z):
    """NumPy's formula for ``expm1`` of complex numbers, with the standard's special cases.

    A zero imaginary part stays that zero (and ``expm1(-0 + 0j)`` is ``+0 + 0j``);
    an infinite real part with an infinite or NaN imaginary part gives
    ``-1 + 0j`` (``-inf``) or ``inf + NaN j``.
    """
    re, im = _parts(z)
    dtype = re.dtype
    half = tf.math.sin(im / tf.constant(2.0, dtype))
    real = tf.math.expm1(re) * tf.math.cos(im) - tf.constant(2.0, dtype) * half * half + _zero(dtype)
    imag = tf.where(tf.equal(im, _zero(dtype)), im, tf.math.exp(re) * tf.math.sin(im))
    stuck = tf.logical_and(tf.math.is_inf(re), tf.logical_not(tf.math.is_finite(im)))
    positive = tf.greater(re, _zero(dtype))
    real = tf.where(stuck, tf.where(positive, tf.constant(math.inf, dtype), -_one(dtype)), real)
    imag = tf.where(stuck, tf.where(positive, tf.constant(math.nan, dtype), _zero(dtype)), imag)
    return tf.complex(real, imag)


def _complex_sqrt(z):
    """The principal square root with C99's special values, without overflow."""
    re, im = _parts(z)
    dtype = re.dtype
    zero, two = _zero(dtype), tf.constant(2.0, dtype)
    quarter = tf.constant(0.25, dtype)
    threshold = tf.constant(float(tf.as_dtype(dtype).max) / (1 + math.sqrt(2)), dtype)
    big = tf.logical_or(tf.math.abs(re) >= threshold, tf.math.abs(im) >= threshold)
    a = tf.where(big, re * quarter, re)
    b = tf.where(big, im * quarter, im)
    magnitude = _hypot(tf.math.abs(a), tf.math.abs(b))
    t_pos = tf.math.sqrt((a + magnitude) * tf.constant(0.5, dtype))
    t_neg = tf.math.sqrt((-a + magnitude) * tf.constant(0.5, dtype))
    safe_pos = tf.where(tf.equal(t_pos, zero), _one(dtype), t_pos)
    safe_neg = tf.where(tf.equal(t_neg, zero), _one(dtype), t_neg)
    non_negative = tf.greater_equal(a, zero)
    out_re = tf.where(non_negative, t_pos, tf.math.abs(b) / (two * safe_neg))
    out_im = tf.where(non_negative, b / (two * safe_pos), tf.where(_signbit(b), -t_neg, t_neg))
    out_re = tf.where(big, out_re * two, out_re)
    out_im = tf.where(big, out_im * two, out_im)
    # Special values, in C99's order of precedence (last applied wins).
    re_inf, im_inf = tf.math.is_inf(re), tf.math.is_inf(im)
    nan = tf.constant(math.nan, dtype)
    inf = tf.constant(math.inf, dtype)
    negative_inf = tf.logical_and(re_inf, _signbit(re))
    positive_inf = tf.logical_and(re_inf, tf.logical_not(_signbit(re)))
    im_nan_or_zero = tf.where(tf.math.is_nan(im), nan, tf.where(_signbit(im), -zero, zero))
    out_re = tf.where(positive_inf, inf, out_re)
    out_im = tf.where(positive_inf, im_nan_or_zero, out_im)
    out_re = tf.where(negative_inf, tf.where(tf.math.is_nan(im), nan, zero), out_re)
    out_im = tf.where(negative_inf, tf.where(_signbit(im), -inf, inf), out_im)
    re_nan = tf.math.is_nan(re)
    out_re = tf.where(re_nan, nan, out_re)
    out_im = tf.where(re_nan, nan, out_im)
    out_re = tf.where(im_inf, inf, out_re)
    out_im = tf.where(im_inf, im, out_im)
    both_zero = tf.logical_and(tf.equal(re, zero), tf.equal(im, zero))
    out_re = tf.where(both_zero, zero, out_re)
    out_im = tf.where(both_zero, im, out_im)
    return tf.complex(out_re, out_im)


def _half_exp_factors(x):
    """``(a, sign)`` with ``a * a / 2 == exp(|x|) / 2`` for large ``|x|``: ``a = exp(|x| / 2)`` does not overflow."""
    return tf.math.exp(tf.math.abs(x) * tf.constant(0.5, x.dtype)), tf.where(_signbit(x), -_one(x.dtype), _one(x.dtype))


#: Beyond this ``|x|``, ``cosh(x)`` and ``|sinh(x)|`` are ``exp(|x|) / 2`` to every digit (e**-40 < eps).
_LARGE = 20.0


def _scaled_hyperbolic(x, factor, sine):
    """``cosh(x) * factor`` (or ``sinh(x) * factor``) without the overflow of ``cosh(x)`` alone.

    TensorFlow's ``cosh`` and ``sinh`` overflow when ``exp(|x|)`` does, a little
    before the results themselves do (``cosh(710.0)`` is finite); for large
    ``|x|`` the product is formed as ``(a * factor) * (a / 2)`` with ``a = exp(|x| / 2)``.
    """
    large = tf.greater(tf.math.abs(x), tf.constant(_LARGE, x.dtype))
    small = tf.where(large, _zero(x.dtype), x)
    near = (tf.math.sinh(small) if sine else tf.math.cosh(small)) * factor
    a, sign = _half_exp_factors(x)
    far = (a * factor) * (a * tf.constant(0.5, x.dtype))
    if sine:
        far = far * sign
    return tf.where(large, far, near)


def _complex_hyperbolic(z, sine):
    """``cosh`` or ``sinh`` (``sine``) of complex numbers from real functions, as C99 defines them."""
    re, im = _parts(z)
    cos_im, sin_im = tf.math.cos(im), tf.math.sin(im)
    if sine:
        out_re, out_im = _scaled_hyperbolic(re, cos_im, True), _scaled_hyperbolic(re, sin_im, False)
    else:
        out_re, out_im = _scaled_hyperbolic(re, cos_im, False), _scaled_hyperbolic(re, sin_im, True)
    # A zero imaginary part stays an exact zero (no inf * 0): sinh keeps the sign of Im z, cosh multiplies
    # it by the sign of Re z.
    zero_im = tf.equal(im, _zero(im.dtype))
    signed = im if sine else tf.where(_signbit(re), -im, im)
    out_im = tf.where(zero_im, signed, out_im)
    # An infinite or NaN imaginary part with a zero or infinite real part: C99's values, as NumPy gives them.
    dtype = re.dtype
    nan, inf, zero = tf.constant(math.nan, dtype), tf.constant(math.inf, dtype), _zero(dtype)
    undefined = tf.logical_not(tf.math.is_finite(im))
    zero_re = tf.logical_and(undefined, tf.equal(re, zero))
    inf_re = tf.logical_and(undefined, tf.math.is_inf(re))
    out_re = tf.where(zero_re, re if sine else nan, tf.where(inf_re, inf, out_re))
    out_im = tf.where(zero_re, nan if sine else zero, tf.where(inf_re, nan, out_im))
    return tf.complex(out_re, out_im)


# -- the standard's functions -----------------------------------------------------------


@hookimpl
def abs(x, /):
    x = tensor(x)
    if x.dtype in UNSIGNED or x.dtype == BOOL:
        return tf.identity(x)
    return tf.math.abs(x)


@hookimpl
def acos(x, /):
    return _float_unary(tf.math.acos, x)


@hookimpl
def acosh(x, /):
    return _float_unary(tf.math.acosh, x)


# The arithmetic and comparisons of two real floating operands of one dtype, or one and a Python scalar, are
# TensorFlow's own: the fast path calls them itself (``_marker.direct``), through :func:`_own`.


def _scalar_tensor(value, dtype):
    """A Python scalar beside a tensor of ``dtype`` (float32 or float64: the fast path passes no scalar beside a
    half-precision tensor) as a 0-d tensor of it. TensorFlow's own conversion keeps the tensors of the scalars
    it converts, found by value, so 0.0 and -0.0 share one: a float zero is made as :func:`operands` makes every
    scalar, through NumPy, at four times the cost."""
    if value == 0 and value.__class__ is float:
        return scalar_operand(value, dtype)
    return tf.constant(value, dtype)


def _own(function):
    """``function`` of two tensors of one real floating dtype, or one and a Python scalar, which becomes a tensor
    of the other's dtype as :func:`operands` makes it (TensorFlow's operations make a scalar that comes first
    float32, whatever the other's dtype)."""

    def own(x1, x2, /):
        if is_python_scalar(x1):
            x1 = _scalar_tensor(x1, x2.dtype)
        elif is_python_scalar(x2):
            x2 = _scalar_tensor(x2, x1.dtype)
        return function(x1, x2)

    own.__name__ = own.__qualname__ = f"_own_{function.__name__}"
    return own


@direct(_own(tf.math.add), dtypes=REAL_FLOATING)
@hookimpl
def add(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        return tf.math.logical_or(x1, x2)
    return tf.math.add(x1, x2)


@hookimpl
def asin(x, /):
    return _float_unary(tf.math.asin, x)


@hookimpl
def asinh(x, /):
    return _float_unary(tf.math.asinh, x)


@hookimpl
def atan(x, /):
    return _float_unary(tf.math.atan, x)


@hookimpl
def atan2(x1, x2, /):
    x1, x2 = _float_binary(x1, x2)
    _real_only(x1, "atan2")
    return _atan2(x1, x2)


def _atan2(y, x):
    """``tf.math.atan2``, right also where ``y`` or ``x`` is subnormal.

    TensorFlow's kernels give NaN or wrong angles there (``atan2(t, t)`` is NaN in
    float32 for the smallest subnormal ``t``; ``atan2(t, -1)`` is ``-pi``). Where
    both are subnormal or zero they are scaled by the same power of two, exactly,
    through their bits: a subnormal number's magnitude bits, read as an integer,
    are the number times 2**149 (float32) or 2**1074. A subnormal number beside
    a normal one is read as a zero of its sign, which moves the angle by less
    than the smallest normal number.
    """
    if x.dtype not in (tf.float32, tf.float64):
        return tf.math.atan2(y, x)
    smallest_normal = tf.constant(_SMALLEST_NORMAL[x.dtype], x.dtype)
    small_y, small_x = tf.math.abs(y) < smallest_normal, tf.math.abs(x) < smallest_normal
    both_small = tf.logical_and(small_y, small_x)
    zero = _zero(x.dtype)
    y = tf.where(tf.logical_and(small_y, tf.logical_not(small_x)), tf.where(_signbit(y), -zero, zero), y)
    x = tf.where(tf.logical_and(small_x, tf.logical_not(small_y)), tf.where(_signbit(x), -zero, zero), x)
    return tf.where(both_small, tf.math.atan2(_subnormal_scaled(y), _subnormal_scaled(x)), tf.math.atan2(y, x))


#: The smallest normal number of each floating dtype that flushes subnormal numbers.
_SMALLEST_NORMAL = {tf.float32: 2.0**-126, tf.float64: 2.0**-1022}


def _subnormal_scaled(v):
    """A subnormal or zero ``v`` times 2**149 (float32) or 2**1074 (float64), exactly, sign kept."""
    bits_dtype = BITS_OF[v.dtype]
    magnitude = tf.bitwise.bitwise_and(tf.bitcast(v, bits_dtype), tf.constant(bits_dtype.max, bits_dtype))
    scaled = tf.cast(magnitude, v.dtype)
    return tf.where(_signbit(v), -scaled, scaled)


@hookimpl
def atanh(x, /):
    return _float_unary(tf.math.atanh, x)


def _bitwise_operands(x1, x2, function):
    x1, x2 = operands(x1, x2)
    if x1.dtype not in INTEGRAL:
        raise TypeError(f"{function} needs integer or boolean input, not {dtype_name(x1.dtype)}")
    return x1, x2


@hookimpl
def bitwise_and(x1, x2, /):
    x1, x2 = _bitwise_operands(x1, x2, "bitwise_and")
    if x1.dtype == BOOL:
        return tf.math.logical_and(x1, x2)
    return tf.bitwise.bitwise_and(x1, x2)


def _shift_operands(x1, x2, function):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        # NumPy shifts booleans as int8.
        x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
    if x1.dtype not in INTEGER:
        raise TypeError(f"{function} needs integer input, not {dtype_name(x1.dtype)}")
    # A shift by the width of the dtype or more is undefined in TensorFlow's kernels; a negative one shifts
    # everything out in NumPy, which reads the count as unsigned (TensorFlow would shift by nothing).
    too_far = tf.logical_or(tf.greater_equal(x2, tf.cast(WIDTH[x1.dtype], x2.dtype)), tf.less(x2, _zero(x2.dtype)))
    safe = tf.where(too_far, _zero(x2.dtype), x2)
    return x1, safe, too_far


@hookimpl
def bitwise_left_shift(x1, x2, /):
    x1, shift, too_far = _shift_operands(x1, x2, "bitwise_left_shift")
    return tf.where(too_far, _zero(x1.dtype), tf.bitwise.left_shift(x1, shift))


@hookimpl
def bitwise_invert(x, /):
    x = tensor(x)
    if x.dtype == BOOL:
        return tf.math.logical_not(x)
    if x.dtype not in INTEGER:
        raise TypeError(f"bitwise_invert needs integer or boolean input, not {dtype_name(x.dtype)}")
    return tf.bitwise.invert(x)


@hookimpl
def bitwise_or(x1, x2, /):
    x1, x2 = _bitwise_operands(x1, x2, "bitwise_or")
    if x1.dtype == BOOL:
        return tf.math.logical_or(x1, x2)
    return tf.bitwise.bitwise_or(x1, x2)


@hookimpl
def bitwise_right_shift(x1, x2, /):
    x1, shift, too_far = _shift_operands(x1, x2, "bitwise_right_shift")
    if x1.dtype in UNSIGNED:
        beyond = _zero(x1.dtype)
    else:
        beyond = tf.where(tf.less(x1, _zero(x1.dtype)), -_one(x1.dtype), _zero(x1.dtype))
    return tf.where(too_far, beyond, tf.bitwise.right_shift(x1, shift))


@hookimpl
def bitwise_xor(x1, x2, /):
    x1, x2 = _bitwise_operands(x1, x2, "bitwise_xor")
    if x1.dtype == BOOL:
        return tf.math.logical_xor(x1, x2)
    return tf.bitwise.bitwise_xor(x1, x2)


def _rounding(function, x, name):
    x = tensor(x)
    if x.dtype in INTEGRAL:
        return tf.identity(x)
    _real_only(x, name)
    return function(x)


@hookimpl
def ceil(x, /):
    return _rounding(tf.math.ceil, x, "ceil")


def _nan_maximum(x1, x2, pick_first):
    """``x1`` where ``pick_first``, else ``x2``; NaN where either is NaN (as NumPy's maximum)."""
    result = tf.where(pick_first, x1, x2)
    if x1.dtype in REAL_FLOATING or x1.dtype in COMPLEX:
        nan = tf.logical_or(_is_nan(x1), _is_nan(x2))
        result = tf.where(nan, tf.where(_is_nan(x1), x1, x2), result)
    return result


def _greater_equal_ordered(x1, x2):
    """``x1 >= x2`` for real dtypes, lexicographic (real, then imaginary part) for complex ones, as NumPy orders."""
    if x1.dtype in COMPLEX:
        r1, r2 = tf.math.real(x1), tf.math.real(x2)
        i1, i2 = tf.math.imag(x1), tf.math.imag(x2)
        return tf.logical_or(tf.greater(r1, r2), tf.logical_and(tf.equal(r1, r2), tf.greater_equal(i1, i2)))
    return tf.greater_equal(_ordered(x1), _ordered(x2))


def _maximum(x1, x2):
    return _nan_maximum(x1, x2, _greater_equal_ordered(x1, x2))


def _minimum(x1, x2):
    return _nan_maximum(x1, x2, _greater_equal_ordered(x2, x1))


@hookimpl
def clip(x, /, min=None, max=None):
    x = tensor(x)
    if min is None and max is None:
        return tf.identity(x)
    result = x
    if min is not None:
        result, bound = operands(result, min)
        result = _maximum(result, bound)
    if max is not None:
        result, bound = operands(result, max)
        result = _minimum(result, bound)
    return result if result.dtype == x.dtype else tf.cast(result, x.dtype)


@hookimpl
def conj(x, /):
    x = tensor(x)
    return tf.math.conj(x) if x.dtype in COMPLEX else tf.identity(x)


def _signbit(x):
    """Whether the sign bit of each element of the real floating ``x`` is set."""
    return tf.less(tf.bitcast(x, BITS_OF[x.dtype]), tf.zeros((), BITS_OF[x.dtype]))


@hookimpl
def copysign(x1, x2, /):
    x1, x2 = _float_binary(x1, x2)
    _real_only(x1, "copysign")
    magnitude = tf.math.abs(x1)
    return tf.where(_signbit(x2), tf.math.negative(magnitude), magnitude)


@hookimpl
def cos(x, /):
    return _float_unary(tf.math.cos, x)


@hookimpl
def cosh(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_hyperbolic(x, sine=False)
    x = _floating(x)
    return _scaled_hyperbolic(x, _one(x.dtype), sine=False)


@direct(_own(tf.math.truediv), dtypes=REAL_FLOATING)
@hookimpl
def divide(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype in INTEGRAL:
        x1, x2 = tf.cast(x1, tf.float64), tf.cast(x2, tf.float64)
    if x1.dtype in COMPLEX:
        return complex_divide(x1, x2)
    return tf.math.truediv(x1, x2)


@direct(_own(tf.math.equal), dtypes=REAL_FLOATING)
@hookimpl
def equal(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return tf.math.equal(x1, x2)


@hookimpl
def exp(x, /):
    return _float_unary(tf.math.exp, x)


@hookimpl
def expm1(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_expm1(x)
    return _float_unary(tf.math.expm1, x)


@hookimpl
def floor(x, /):
    return _rounding(tf.math.floor, x, "floor")


def _float_divmod(x1, x2):
    """NumPy's ``divmod`` of floating-point operands: (floor quotient, remainder), special cases included."""
    dtype = x1.dtype
    if dtype in HALF:
        # NumPy computes half precision in float32 and rounds the results.
        quotient, modulus = _float_divmod(tf.cast(x1, tf.float32), tf.cast(x2, tf.float32))
        return tf.cast(quotient, dtype), tf.cast(modulus, dtype)
    zero = _zero(dtype)
    mod = tf.truncatemod(x1, x2)
    div = (x1 - mod) / x2
    adjust = tf.logical_and(tf.not_equal(mod, zero), tf.not_equal(tf.less(x2, zero), tf.less(mod, zero)))
    mod = tf.where(adjust, mod + x2, mod)
    div = tf.where(adjust, div - _one(dtype), div)
    signed_zero_b = tf.where(_signbit(x2), -zero, zero)
    mod = tf.where(tf.equal(mod, zero), signed_zero_b, mod)
    floordiv = tf.math.floor(div)
    floordiv = tf.where(tf.greater(div - floordiv, tf.constant(0.5, dtype)), floordiv + _one(dtype), floordiv)
    ratio = x1 / x2
    floordiv = tf.where(tf.equal(div, zero), tf.where(_signbit(ratio), -zero, zero), floordiv)
    by_zero = tf.equal(x2, zero)
    floordiv = tf.where(by_zero, ratio, floordiv)
    mod = tf.where(by_zero, tf.truncatemod(x1, x2), mod)
    return floordiv, mod


def _integer_division(function, x1, x2):
    """``function(x1, x2)`` for integers, with 0 where ``x2`` is 0 (as NumPy gives; TensorFlow raises)."""
    by_zero = tf.equal(x2, _zero(x2.dtype))
    safe = tf.where(by_zero, _one(x2.dtype), x2)
    result = function(x1, safe)
    return tf.where(by_zero, _zero(x1.dtype), result)


@hookimpl
def floor_divide(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
    _real_only(x1, "floor_divide")
    if x1.dtype in INTEGER:
        return _integer_division(tf.math.floordiv, x1, x2)
    quotient = _float_divmod(x1, x2)[0]
    # With an infinite operand the standard asks floor(x1 / x2) (inf // 2 is inf, -1 // inf is -0).
    infinite = tf.logical_or(tf.math.is_inf(x1), tf.math.is_inf(x2))
    return tf.where(infinite, tf.math.floor(x1 / x2), quotient)


def _comparison(function, x1, x2, name):
    x1, x2 = operands(x1, x2)
    if x1.dtype in COMPLEX:
        # NumPy orders complex numbers by real part, then imaginary part.
        # A NaN imaginary part makes the real parts not decide (NumPy's CGT/CGE/CLT/CLE).
        r1, i1 = _parts(x1)
        r2, i2 = _parts(x2)
        strict = tf.math.greater if function in (tf.math.greater, tf.math.greater_equal) else tf.math.less
        no_nan = tf.logical_not(tf.logical_or(tf.math.is_nan(i1), tf.math.is_nan(i2)))
        by_real = tf.logical_and(strict(r1, r2), no_nan)
        return tf.logical_or(by_real, tf.logical_and(tf.equal(r1, r2), function(i1, i2)))
    return function(_ordered(x1), _ordered(x2))


@direct(_own(tf.math.greater), dtypes=REAL_FLOATING)
@hookimpl
def greater(x1, x2, /):
    return _comparison(tf.math.greater, x1, x2, "greater")


@direct(_own(tf.math.greater_equal), dtypes=REAL_FLOATING)
@hookimpl
def greater_equal(x1, x2, /):
    return _comparison(tf.math.greater_equal, x1, x2, "greater_equal")


def _hypot(a, b):
    """``sqrt(a**2 + b**2)`` of non-negative ``a`` and ``b`` without overflow: the larger times a ratio."""
    dtype = a.dtype
    if dtype != tf.float64:
        # float32 and narrower: squares of the values cannot overflow in float64.
        wide = tf.sqrt(tf.square(tf.cast(a, tf.float64)) + tf.square(tf.cast(b, tf.float64)))
        return tf.cast(wide, dtype)
    larger, smaller = tf.maximum(a, b), tf.minimum(a, b)
    safe = tf.where(tf.equal(larger, _zero(dtype)), _one(dtype), larger)
    ratio = smaller / safe
    return tf.where(tf.equal(larger, _zero(dtype)), _zero(dtype), larger * tf.sqrt(_one(dtype) + ratio * ratio))


@hookimpl
def hypot(x1, x2, /):
    x1, x2 = _float_binary(x1, x2)
    _real_only(x1, "hypot")
    a, b = tf.math.abs(x1), tf.math.abs(x2)
    result = _hypot(a, b)
    nan = tf.logical_or(tf.math.is_nan(a), tf.math.is_nan(b))
    result = tf.where(nan, tf.constant(math.nan, a.dtype), result)
    infinite = tf.logical_or(tf.math.is_inf(a), tf.math.is_inf(b))
    return tf.where(infinite, tf.constant(math.inf, a.dtype), result)


@hookimpl
def imag(x, /):
    x = tensor(x)
    return tf.math.imag(x) if x.dtype in COMPLEX else tf.zeros_like(x)


@hookimpl
def isfinite(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return tf.logical_and(tf.math.is_finite(tf.math.real(x)), tf.math.is_finite(tf.math.imag(x)))
    if x.dtype in REAL_FLOATING:
        return tf.math.is_finite(x)
    return tf.ones(tf.shape(x), tf.bool)


@hookimpl
def isinf(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return tf.logical_or(tf.math.is_inf(tf.math.real(x)), tf.math.is_inf(tf.math.imag(x)))
    if x.dtype in REAL_FLOATING:
        return tf.math.is_inf(x)
    return tf.zeros(tf.shape(x), tf.bool)


@hookimpl
def isnan(x, /):
    return _is_nan(tensor(x))


@direct(_own(tf.math.less), dtypes=REAL_FLOATING)
@hookimpl
def less(x1, x2, /):
    return _comparison(tf.math.less, x1, x2, "less")


@direct(_own(tf.math.less_equal), dtypes=REAL_FLOATING)
@hookimpl
def less_equal(x1, x2, /):
    return _comparison(tf.math.less_equal, x1, x2, "less_equal")


@hookimpl
def log(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_log(x)
    return _float_unary(_natural_log, x)


def _natural_log(x):
    """``tf.math.log`` of real ``x``, right also for positive subnormal float32 and bfloat16 numbers.

    TensorFlow's float32 kernel gives ``log(2**-150)`` for every subnormal input.
    A positive subnormal float32 is its bits, read as an integer, times 2**-149.
    """
    if x.dtype == tf.bfloat16:
        return tf.cast(_natural_log(tf.cast(x, tf.float32)), x.dtype)
    if x.dtype != tf.float32:
        return tf.math.log(x)
    bits = tf.bitcast(x, tf.int32)
    subnormal = tf.logical_and(bits > 0, bits < 0x800000)
    result = tf.math.log(tf.where(subnormal, tf.cast(bits, tf.float32), x))
    return tf.where(subnormal, result - tf.constant(149 * math.log(2), tf.float32), result)


@hookimpl
def log1p(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_log1p(x)
    return _float_unary(tf.math.log1p, x)


def _log_base(x, base):
    x = _floating(tensor(x))
    if x.dtype in HALF:
        # Rounded once from float32, as NumPy computes half precision.
        return tf.cast(_log_base(tf.cast(x, tf.float32), base), x.dtype)
    if x.dtype in COMPLEX:
        scale = tf.constant(1 / math.log(base), REAL_OF[x.dtype])
        logarithm = _complex_log(x)
        return tf.complex(tf.math.real(logarithm) * scale, tf.math.imag(logarithm) * scale)
    return _natural_log(x) / tf.constant(math.log(base), x.dtype)


@hookimpl
def log2(x, /):
    return _log_base(x, 2)


@hookimpl
def log10(x, /):
    return _log_base(x, 10)


@hookimpl
def logaddexp(x1, x2, /):
    x1, x2 = _float_binary(x1, x2)
    _real_only(x1, "logaddexp")
    dtype = x1.dtype
    if dtype in HALF:
        return tf.cast(logaddexp(tf.cast(x1, tf.float32), tf.cast(x2, tf.float32)), dtype)
    # NumPy's npy_logaddexp: equal operands (infinities included) give x + log(2).
    difference = x1 - x2
    positive = x1 + tf.math.log1p(tf.math.exp(-difference))
    negative = x2 + tf.math.log1p(tf.math.exp(difference))
    result = tf.where(tf.greater(difference, _zero(dtype)), positive, negative)
    result = tf.where(tf.math.is_nan(difference), x1 + x2, result)
    return tf.where(tf.equal(x1, x2), x1 + tf.constant(math.log(2.0), dtype), result)


@hookimpl
def logical_and(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return tf.math.logical_and(_truth(x1), _truth(x2))


@hookimpl
def logical_not(x, /):
    return tf.math.logical_not(_truth(tensor(x)))


@hookimpl
def logical_or(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return tf.math.logical_or(_truth(x1), _truth(x2))


@hookimpl
def logical_xor(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return tf.math.logical_xor(_truth(x1), _truth(x2))


@hookimpl
def maximum(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return _maximum(x1, x2)


@hookimpl
def minimum(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return _minimum(x1, x2)


@direct(_own(tf.math.multiply), dtypes=REAL_FLOATING)
@hookimpl
def multiply(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        return tf.math.logical_and(x1, x2)
    if x1.dtype in COMPLEX:
        return _complex_multiply(x1, x2)
    return tf.math.multiply(x1, x2)


@hookimpl
def negative(x, /):
    x = tensor(x)
    _no_bool(x, "negative")
    if x.dtype in UNSIGNED:
        return tf.math.subtract(tf.zeros((), x.dtype), x)
    return tf.math.negative(x)


def _half_nextafter(x1, x2):
    """``nextafter`` of float16/bfloat16, on the bit patterns (TensorFlow's kernel takes float32/64 only)."""
    dtype = x1.dtype
    bits = tf.bitcast(x1, tf.int16)
    # Away from zero is one more in the bit pattern, towards zero one less, for either sign.
    away = tf.equal(tf.greater(x2, x1), tf.greater(x1, _zero(dtype)))
    stepped = tf.bitcast(tf.where(away, bits + 1, bits - 1), dtype)
    smallest = tf.bitcast(tf.ones(tf.shape(bits), tf.int16), dtype)
    from_zero = tf.where(tf.less(x2, x1), -smallest, smallest)
    result = tf.where(tf.equal(x1, _zero(dtype)), from_zero, stepped)
    result = tf.where(tf.equal(x1, x2), x2, result)
    nan = tf.logical_or(tf.math.is_nan(x1), tf.math.is_nan(x2))
    return tf.where(nan, tf.constant(math.nan, dtype), result)


@hookimpl
def nextafter(x1, x2, /):
    x1, x2 = _float_binary(x1, x2)
    _real_only(x1, "nextafter")
    if x1.dtype in HALF:
        x1, x2 = tf.broadcast_to(x1, tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))), x2
        x2 = tf.broadcast_to(x2, tf.shape(x1))
        return _half_nextafter(x1, x2)
    return tf.math.nextafter(x1, x2)


@direct(_own(tf.math.not_equal), dtypes=REAL_FLOATING)
@hookimpl
def not_equal(x1, x2, /):
    x1, x2 = operands(x1, x2)
    return tf.math.not_equal(x1, x2)


@hookimpl
def positive(x, /):
    x = tensor(x)
    _no_bool(x, "positive")
    return tf.identity(x)


def _wrapping_power(x1, x2):
    """``x1 ** x2`` for unsigned integers, wrapping around as NumPy's does (on the signed twin's bits).

    TensorFlow has no unsigned power kernel: the power is taken in int64, whose
    wrapping multiplication gives the same low bits. A uint64 exponent may not
    fit int64: an odd base has order dividing 2**62 modulo 2**64, so the
    exponent is reduced modulo 2**62; an even base to a power of 64 or more is 0.
    """
    dtype = x1.dtype
    if dtype == tf.uint64:
        exponent = tf.bitcast(tf.bitwise.bitwise_and(x2, tf.constant(2**62 - 1, tf.uint64)), tf.int64)
        power = tf.bitcast(tf.math.pow(_as_signed(x1), exponent), dtype)
        even = tf.equal(tf.bitwise.bitwise_and(x1, tf.constant(1, tf.uint64)), tf.constant(0, tf.uint64))
        vanishes = tf.logical_and(even, tf.greater_equal(x2, tf.constant(64, tf.uint64)))
        return tf.where(vanishes, _zero(dtype), power)
    return tf.cast(tf.math.pow(tf.cast(x1, tf.int64), tf.cast(x2, tf.int64)), dtype)


def _complex_power(x1, x2):
    """``x1 ** x2`` with the special cases of NumPy's complex power (exponent 0, base 0, small integers).

    The general case is ``exp(x2 * log(x1))`` with this plugin's logarithm:
    TensorFlow's ``pow`` puts ``-1 - 0j`` and ``-1 + tiny j`` on the wrong side
    of the branch cut.
    """
    x1, x2 = tf.broadcast_to(x1, tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))), x2
    x2 = tf.broadcast_to(x2, tf.shape(x1))
    ar, ai = _parts(x1)
    br, bi = _parts(x2)
    real = ar.dtype
    zero = _zero(real)
    result = tf.math.exp(_complex_multiply(x2, _complex_log(x1)))
    square = _complex_multiply(x1, x1)
    integer = tf.equal(bi, zero)
    for exponent, power in ((3.0, _complex_multiply(x1, square)), (2.0, square), (1.0, x1)):
        result = tf.where(tf.logical_and(integer, tf.equal(br, tf.constant(exponent, real))), power, result)
    base_zero = tf.logical_and(tf.equal(ar, zero), tf.equal(ai, zero))
    # 0 ** b is exp(b log 0): 0 where Re b > 0 (as NumPy 2 gives it), NaN otherwise.
    zero_result = tf.where(
        tf.greater(br, zero),
        tf.zeros((), x1.dtype),
        tf.constant(complex(math.nan, math.nan), x1.dtype),
    )
    result = tf.where(base_zero, zero_result, result)
    exponent_zero = tf.logical_and(tf.equal(br, zero), tf.equal(bi, zero))
    return tf.where(exponent_zero, tf.ones((), x1.dtype), result)


@hookimpl
def pow(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        # NumPy raises booleans to powers as int8.
        x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
    if x1.dtype in COMPLEX:
        return _complex_power(x1, x2)
    if x1.dtype in INTEGER:
        if x1.dtype not in UNSIGNED and bool(tf.reduce_any(tf.less(x2, _zero(x2.dtype)))):
            raise ValueError("Integers to negative integer powers are not allowed.")
        if x1.dtype in UNSIGNED:
            return _wrapping_power(x1, x2)
    return tf.math.pow(x1, x2)


@hookimpl
def real(x, /):
    x = tensor(x)
    return tf.math.real(x) if x.dtype in COMPLEX else tf.identity(x)


@hookimpl
def reciprocal(x, /):
    x = tensor(x)
    if x.dtype in INTEGRAL:
        x = tf.cast(x, tf.float64)
    if x.dtype in COMPLEX:
        return complex_divide(tf.ones_like(x), x)
    return tf.math.truediv(_one(x.dtype), x)


@hookimpl
def remainder(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        x1, x2 = tf.cast(x1, tf.int8), tf.cast(x2, tf.int8)
    _real_only(x1, "remainder")
    if x1.dtype in INTEGER:
        return _integer_division(tf.math.floormod, x1, x2)
    return _float_divmod(x1, x2)[1]


@hookimpl
def round(x, /):
    x = tensor(x)
    if x.dtype in INTEGRAL:
        return tf.identity(x)
    if x.dtype in COMPLEX:
        return tf.complex(tf.math.round(tf.math.real(x)), tf.math.round(tf.math.imag(x)))
    return tf.math.round(x)


def _complex_sign(x):
    """``x / |x|`` for complex ``x``, with the special cases of NumPy 2's ``sign`` and the standard's NaN rule."""
    real_dtype = REAL_OF[x.dtype]
    re, im = tf.math.real(x), tf.math.imag(x)
    magnitude = tf.math.abs(x)
    zero, one = _zero(real_dtype), _one(real_dtype)
    nan = tf.constant(math.nan, real_dtype)
    safe = tf.where(tf.equal(magnitude, zero), one, magnitude)
    out_re, out_im = re / safe, im / safe
    re_inf, im_inf = tf.math.is_inf(re), tf.math.is_inf(im)
    infinite = tf.math.is_inf(magnitude)
    out_re = tf.where(infinite, tf.where(re_inf, tf.where(re > zero, one, -one), zero), out_re)
    out_im = tf.where(infinite, tf.where(re_inf, zero, tf.where(im > zero, one, -one)), out_im)
    is_zero = tf.equal(magnitude, zero)
    out_re = tf.where(is_zero, zero, out_re)
    out_im = tf.where(is_zero, zero, out_im)
    undefined = tf.logical_or(tf.logical_or(tf.math.is_nan(re), tf.math.is_nan(im)), tf.logical_and(re_inf, im_inf))
    return tf.complex(tf.where(undefined, nan, out_re), tf.where(undefined, nan, out_im))


@hookimpl
def sign(x, /):
    x = tensor(x)
    _no_bool(x, "sign")
    if x.dtype in COMPLEX:
        return _complex_sign(x)
    if x.dtype in UNSIGNED:
        return tf.cast(tf.greater(x, _zero(x.dtype)), x.dtype)
    result = tf.math.sign(x)
    if x.dtype in REAL_FLOATING:
        # sign(-0.0) is +0.0, as in NumPy.
        result = tf.where(tf.equal(x, _zero(x.dtype)), _zero(x.dtype), result)
    return result


@hookimpl
def signbit(x, /):
    x = tensor(x)
    if x.dtype in REAL_FLOATING:
        return _signbit(x)
    _real_only(x, "signbit")
    if x.dtype in UNSIGNED or x.dtype == BOOL:
        return tf.zeros(tf.shape(x), tf.bool)
    return tf.less(x, _zero(x.dtype))


@hookimpl
def sin(x, /):
    return _float_unary(tf.math.sin, x)


@hookimpl
def sinh(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_hyperbolic(x, sine=True)
    x = _floating(x)
    return _scaled_hyperbolic(x, _one(x.dtype), sine=True)


@hookimpl
def square(x, /):
    x = tensor(x)
    if x.dtype == BOOL:
        # NumPy squares booleans as int8.
        x = tf.cast(x, tf.int8)
    if x.dtype in COMPLEX:
        # NumPy forms re**2 - im**2 with a fused multiply-add: once im**2 overflows, -inf for a finite re and
        # NaN for an infinite one (inf - inf); else the difference rounded once, which (re - im)(re + im)
        # matches without overflowing early.
        re, im = _parts(x)
        real = (re - im) * (re + im) + tf.zeros_like(re)  # an exact zero is +0, as the fused sum gives
        overflowed = -(im * im) + tf.where(tf.math.is_finite(re), tf.zeros_like(re), re * re)
        real = tf.where(tf.math.is_inf(im * im), overflowed, real)
        return tf.complex(real, tf.constant(2.0, re.dtype) * re * im)
    return tf.math.multiply(x, x)


@hookimpl
def sqrt(x, /):
    x = tensor(x)
    if x.dtype in COMPLEX:
        return _complex_sqrt(x)
    return _float_unary(tf.math.sqrt, x)


@direct(_own(tf.math.subtract), dtypes=REAL_FLOATING)
@hookimpl
def subtract(x1, x2, /):
    x1, x2 = operands(x1, x2)
    _no_bool(x1, "subtract")
    return tf.math.subtract(x1, x2)


@hookimpl
def tan(x, /):
    return _float_unary(tf.math.tan, x)


@hookimpl
def tanh(x, /):
    x = tensor(x)
    result = _float_unary(tf.math.tanh, x)
    if x.dtype not in COMPLEX:
        return result
    # An infinite real part with a finite imaginary part b gives +-1 with a zero of b's sign.
    re, im = _parts(x)
    limit = tf.logical_and(tf.math.is_inf(re), tf.math.is_finite(im))
    zero = _zero(re.dtype)
    real = tf.where(limit, tf.math.sign(re), tf.math.real(result))
    imag = tf.where(limit, tf.where(_signbit(im), -zero, zero), tf.math.imag(result))
    return tf.complex(real, imag)


def _trunc(x):
    return tf.where(tf.less(x, _zero(x.dtype)), tf.math.ceil(x), tf.math.floor(x))


@hookimpl
def trunc(x, /):
    return _rounding(_trunc, x, "trunc")
