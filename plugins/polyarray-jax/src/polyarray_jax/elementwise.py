"""Element-wise functions on JAX.

Most functions are ``jax.numpy``'s under the standard's name. The others fix
where JAX differs from NumPy and the array API standard:

- ``ceil``, ``floor``, ``trunc`` and ``round`` keep integer and boolean
  dtypes (JAX before 0.4.31 turns them into floats);
- ``clip`` accepts no bound at all, always returns the dtype of ``x``, and
  reads a Python int bound beyond the range of ``x``'s dtype as no bound on
  that side (JAX would refuse it);
- ``pow`` of integers to a negative integer power raises, as NumPy does
  (JAX would give a meaningless value), and wraps around on overflow for
  every exponent (JAX reads six bits of an array exponent);
- ``reciprocal`` is ``1 / x``, a division in the default floating dtype for integers;
- ``sign`` of complex numbers is ``z / |z|`` with NumPy 2's special cases
  (JAX gives NaN for one infinite part), and ``sign(-0.0)`` is ``+0.0``;
- a zero result of ``floor_divide`` has the sign of ``x1 / x2`` and one of
  ``remainder`` the sign of ``x2``, as in NumPy and Python; with an infinite
  operand ``floor_divide`` is ``floor(x1 / x2)``, as the standard asks;
- complex functions give C99's (and the standard's) special values (see the
  section on complex special values below);
- ``positive`` of booleans is an error, as in NumPy;
- the logical functions count subnormal numbers as non-zero (XLA flushes
  them to zero in comparisons).

Integer and boolean operands of ``divide`` and ``reciprocal`` give the default
floating dtype: float64, or float32 without 64-bit mode.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import REAL_FLOATING, as_array, concrete, default_width, kind, magnitude, truth
from ._marker import direct, hookimpl

# Kinds of dtype whose values are already integers: bool, signed, unsigned.
_INTEGRAL_KINDS = "biu"
_FLOAT64 = np.dtype(np.float64)


# NumPy's floating-point loop for integer and boolean input: the narrowest float that holds
# every value of the input's dtype (bool and 8-bit integers: float16; 16-bit: float32; wider: float64).
_FLOAT_FOR_ITEMSIZE = {1: np.dtype(np.float16), 2: np.dtype(np.float32), 4: _FLOAT64, 8: _FLOAT64}


def _float_input(x, name):
    """``x`` for a floating-point function: integer and boolean input cast as NumPy casts it."""
    x = as_array(x)
    if kind(x.dtype) in _INTEGRAL_KINDS:
        return x.astype(default_width(_FLOAT_FOR_ITEMSIZE[x.dtype.itemsize]))
    return x


def _real_float_operands(x1, x2, name):
    """The operands of a function defined for real numbers only, as floating-point arrays."""
    x1, x2 = _float_input(x1, name), _float_input(x2, name)
    if kind(x1.dtype) == "c" or kind(x2.dtype) == "c":
        raise TypeError(f"{name} is not defined for complex input")
    return x1, x2


def _int8_for_bool(x):
    """Boolean input as int8, which NumPy's integer arithmetic gives for it; others unchanged."""
    x = as_array(x)
    return x.astype(np.int8) if kind(x.dtype) == "b" else x


@hookimpl
def abs(x, /):
    x = as_array(x)
    return magnitude(x) if kind(x.dtype) == "c" else jnp.abs(x)


@hookimpl
def acos(x, /):
    return _unary(jnp.arccos, _complex_acos, x, "acos")


@hookimpl
def acosh(x, /):
    return _unary(jnp.arccosh, _complex_acosh, x, "acosh")


@hookimpl
@direct(jnp.add)
def add(x1, x2, /):
    return jnp.add(x1, x2)


@hookimpl
def asin(x, /):
    return _unary(jnp.arcsin, _complex_asin, x, "asin")


@hookimpl
def asinh(x, /):
    return _unary(jnp.arcsinh, _complex_asinh, x, "asinh")


@hookimpl
def atan(x, /):
    return _unary(jnp.arctan, _complex_atan, x, "atan")


@hookimpl
def atan2(x1, x2, /):
    x1, x2 = _real_float_operands(x1, x2, "atan2")
    return _atan2(x1, x2)


#: Per floating dtype that XLA flushes: the integer dtype of its bits and its smallest normal number.
_SUBNORMAL_BITS = {np.dtype(np.float32): (jnp.int32, 2.0**-126), np.dtype(np.float64): (jnp.int64, 2.0**-1022)}


def _atan2(y, x):
    """``jnp.arctan2``, right also where ``y`` or ``x`` is subnormal.

    XLA gives NaN or wrong angles there (``arctan2(t, t)`` is NaN in float32 for
    the smallest subnormal ``t``; ``arctan2(t, -1)`` is ``-pi`` in float64).
    Where both are subnormal or zero they are scaled by the same power of two,
    exactly, through their bits: a subnormal number's magnitude bits, read as an
    integer, are the number times 2**149 (float32) or 2**1074 (float64). A
    subnormal number beside a normal one is read as a zero of its sign, which
    moves the angle by less than the smallest normal number.
    """
    found = _SUBNORMAL_BITS.get(np.dtype(x.dtype))
    if found is None:
        return jnp.arctan2(y, x)
    bits_dtype, smallest_normal = found

    def scaled(v):
        magnitude = jax.lax.bitcast_convert_type(v, bits_dtype) & jnp.iinfo(bits_dtype).max
        return jnp.where(jnp.signbit(v), -magnitude.astype(v.dtype), magnitude.astype(v.dtype))

    small_y, small_x = jnp.abs(y) < smallest_normal, jnp.abs(x) < smallest_normal
    y_read = jnp.where(small_y & ~small_x, _flushed(y), y)
    x_read = jnp.where(small_x & ~small_y, _flushed(x), x)
    return jnp.where(small_y & small_x, jnp.arctan2(scaled(y), scaled(x)), jnp.arctan2(y_read, x_read))


def _flushed(v):
    """``v`` with subnormal numbers read as zeros of their sign, as XLA reads them, but reliably."""
    found = _SUBNORMAL_BITS.get(np.dtype(v.dtype))
    if found is None:
        return v
    return jnp.where(jnp.abs(v) < found[1], jnp.where(jnp.signbit(v), -jnp.zeros((), v.dtype), 0), v)


@hookimpl
def atanh(x, /):
    return _unary(jnp.arctanh, _complex_atanh, x, "atanh")


@hookimpl
@direct(jnp.bitwise_and)
def bitwise_and(x1, x2, /):
    return jnp.bitwise_and(x1, x2)


@hookimpl
def bitwise_left_shift(x1, x2, /):
    return jnp.left_shift(_int8_for_bool(x1), _int8_for_bool(x2))


@hookimpl
@direct(jnp.invert)
def bitwise_invert(x, /):
    return jnp.invert(x)


@hookimpl
@direct(jnp.bitwise_or)
def bitwise_or(x1, x2, /):
    return jnp.bitwise_or(x1, x2)


@hookimpl
def bitwise_right_shift(x1, x2, /):
    return jnp.right_shift(_int8_for_bool(x1), _int8_for_bool(x2))


@hookimpl
@direct(jnp.bitwise_xor)
def bitwise_xor(x1, x2, /):
    return jnp.bitwise_xor(x1, x2)


def _round_keeping_integers(function, x, name):
    """``function(x)``, except that integer and boolean input comes back unchanged."""
    x = as_array(x)
    letter = kind(x.dtype)
    if letter in _INTEGRAL_KINDS:
        return x
    if letter == "c" and name != "round":
        raise TypeError(f"{name} is not defined for complex input ({x.dtype})")
    return function(x)


@hookimpl
def ceil(x, /):
    return _round_keeping_integers(jnp.ceil, x, "ceil")


def _integer_bound(bound, dtype):
    """A Python int bound clamped to the range of the integer ``dtype`` (others unchanged)."""
    if isinstance(bound, int) and not isinstance(bound, bool) and kind(dtype) in "iu":
        info = np.iinfo(dtype)
        return min(max(bound, int(info.min)), int(info.max))
    return bound


@hookimpl
def clip(x, /, min=None, max=None):
    x = as_array(x)
    if min is None and max is None:
        return x
    if kind(x.dtype) == "c":
        # jnp.clip refuses complex numbers; NumPy orders them by real, then imaginary part.
        result = x if min is None else _nan_propagating(jnp.maximum, x, min)
        return (result if max is None else _nan_propagating(jnp.minimum, result, max)).astype(x.dtype)
    result = jnp.clip(x, _integer_bound(min, x.dtype), _integer_bound(max, x.dtype))
    return result.astype(x.dtype)


@hookimpl
@direct(jnp.conjugate)
def conj(x, /):
    return jnp.conjugate(x)


@hookimpl
def copysign(x1, x2, /):
    x1, x2 = _real_float_operands(x1, x2, "copysign")
    return jnp.copysign(x1, x2)


@hookimpl
def cos(x, /):
    return _unary(jnp.cos, _complex_cos, x, "cos")


def _half_exp_squared(a):
    """``exp(a) / 2`` for large ``a >= 0``, as ``exp(a / 2) * (exp(a / 2) / 2)``: finite wherever the result is.

    XLA's ``cosh`` and ``sinh`` compute ``exp(|x| + log(1/2))`` there, whose rounding of ``log(1/2)`` grows
    with ``|x|`` (relative errors of 5e-14 at ``|x| = 563`` in float64, where NumPy's are within an ulp).
    """
    half = jnp.exp(a / 2)
    return half * (half / 2)


#: Where ``exp(-|x|)`` no longer counts beside ``exp(|x|)`` in any floating dtype's precision.
_LARGE_HYPERBOLIC = 20


def _real_cosh(x):
    a = jnp.abs(x)
    return jnp.where(a > _LARGE_HYPERBOLIC, _half_exp_squared(a), jnp.cosh(x))


def _real_sinh(x):
    a = jnp.abs(x)
    return jnp.where(a > _LARGE_HYPERBOLIC, jnp.sign(x) * _half_exp_squared(a), jnp.sinh(x))


@hookimpl
def cosh(x, /):
    return _unary(_real_cosh, _complex_cosh, x, "cosh")


def _float64_for_integers(x, name):
    """``x`` in the default floating dtype (float64; float32 without 64-bit mode) when it is integral."""
    x = as_array(x)
    if kind(x.dtype) in _INTEGRAL_KINDS:
        return x.astype(default_width(_FLOAT64))
    return x


# The quotient of real floating arrays is JAX's own, with a Python scalar as given too (integers are divided in the
# default floating dtype; a complex array divided by a real scalar is not the quotient by that scalar as a complex
# array in its special values, which the chain passes).
@hookimpl
@direct(jnp.divide, dtypes=REAL_FLOATING)
def divide(x1, x2, /):
    x1 = as_array(x1)
    if kind(x1.dtype) in _INTEGRAL_KINDS:
        x1, x2 = _float64_for_integers(x1, "divide"), _float64_for_integers(x2, "divide")
    return jnp.divide(x1, x2)


@hookimpl
@direct(jnp.equal)
def equal(x1, x2, /):
    return jnp.equal(x1, x2)


@hookimpl
def exp(x, /):
    return _unary(jnp.exp, _complex_exp, x, "exp")


@hookimpl
def expm1(x, /):
    return _unary(jnp.expm1, _complex_expm1, x, "expm1")


@hookimpl
def floor(x, /):
    return _round_keeping_integers(jnp.floor, x, "floor")


@hookimpl
def floor_divide(x1, x2, /):
    x1, x2 = _int8_for_bool(x1), _int8_for_bool(x2)
    if kind(x1.dtype) == "c":
        raise TypeError("floor_divide is not defined for complex input")
    result = jnp.floor_divide(x1, x2)
    if kind(result.dtype) != "f":
        # An integer divided by zero is 0, as NumPy gives (XLA gives -1 or -2, or the largest unsigned value).
        return jnp.where(jnp.asarray(x2) == 0, jnp.zeros((), result.dtype), result)
    quotient = jnp.divide(x1, x2)
    # With an infinite operand the standard asks floor(x1 / x2) (inf // 2 is inf, -1 // inf is -0).
    result = jnp.where(jnp.isinf(x1) | jnp.isinf(x2), jnp.floor(quotient), result)
    # A zero quotient has the sign of x1 / x2 (JAX gives -0.0 for -1.0 // -3.5).
    return jnp.where(result == 0, jnp.copysign(jnp.zeros((), result.dtype), quotient), result)


@hookimpl
@direct(jnp.greater)
def greater(x1, x2, /):
    return jnp.greater(x1, x2)


@hookimpl
@direct(jnp.greater_equal)
def greater_equal(x1, x2, /):
    return jnp.greater_equal(x1, x2)


@hookimpl
def hypot(x1, x2, /):
    x1, x2 = _real_float_operands(x1, x2, "hypot")
    return jnp.hypot(x1, x2)


@hookimpl
def imag(x, /):
    x = as_array(x)
    return jnp.imag(x) if kind(x.dtype) == "c" else jnp.zeros_like(x)


@hookimpl
def isclose(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


def _close_handles(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """JAX's own ``isclose`` (NumPy's formula) for operands of one float32/float64/complex dtype; float16 and
    bfloat16 go to the core's composition, whose every step is rounded to the operands' precision."""
    dtype = getattr(x1, "dtype", None)
    return (
        isinstance(x1, jax.Array)
        and isinstance(x2, jax.Array)
        and dtype == x2.dtype
        and dtype in _CLOSE_DTYPES
        and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in (rtol, atol))
    )


_CLOSE_DTYPES = frozenset(np.dtype(name) for name in ("float32", "float64", "complex64", "complex128"))
isclose.partial_mixed_handler = _close_handles


@hookimpl
@direct(jnp.isfinite)
def isfinite(x, /):
    return jnp.isfinite(x)


@hookimpl
@direct(jnp.isinf)
def isinf(x, /):
    return jnp.isinf(x)


@hookimpl
@direct(jnp.isnan)
def isnan(x, /):
    return jnp.isnan(x)


@hookimpl
@direct(jnp.less)
def less(x1, x2, /):
    return jnp.less(x1, x2)


@hookimpl
@direct(jnp.less_equal)
def less_equal(x1, x2, /):
    return jnp.less_equal(x1, x2)


@hookimpl
def log(x, /):
    return _unary(_natural_log, _complex_log(jnp.log, 1.0), x, "log")


def _natural_log(x):
    """``jnp.log`` of real ``x``, right also for positive subnormal float32 and bfloat16 numbers.

    XLA's float32 logarithm gives ``log(2**-150)`` for every subnormal input. A
    positive subnormal float32 is its bits, read as an integer, times 2**-149.
    """
    if x.dtype == jnp.bfloat16:
        return _natural_log(x.astype(jnp.float32)).astype(jnp.bfloat16)
    if x.dtype != jnp.float32:
        return jnp.log(x)
    return _float32_log(x)


@jax.jit
def _float32_log(x):
    """:func:`_natural_log` of float32 ``x``: compiled once per shape, one dispatch where its six operations
    would each be one."""
    bits = jax.lax.bitcast_convert_type(x, jnp.int32)
    subnormal = (bits > 0) & (bits < 0x800000)
    result = jnp.log(jnp.where(subnormal, bits.astype(jnp.float32), x))
    return jnp.where(subnormal, result - jnp.float32(149 * math.log(2)), result)


@hookimpl
def log1p(x, /):
    return _unary(jnp.log1p, _complex_log(jnp.log1p), x, "log1p")


@hookimpl
def log2(x, /):
    return _unary(jnp.log2, _complex_log(jnp.log2, 1 / math.log(2)), x, "log2")


@hookimpl
def log10(x, /):
    return _unary(jnp.log10, _complex_log(jnp.log10, 1 / math.log(10)), x, "log10")


@hookimpl
def logaddexp(x1, x2, /):
    x1, x2 = _real_float_operands(x1, x2, "logaddexp")
    return jnp.logaddexp(x1, x2)


@hookimpl
def logical_and(x1, x2, /):
    return jnp.logical_and(truth(as_array(x1)), truth(as_array(x2)))


@hookimpl
def logical_not(x, /):
    return jnp.logical_not(truth(as_array(x)))


@hookimpl
def logical_or(x1, x2, /):
    return jnp.logical_or(truth(as_array(x1)), truth(as_array(x2)))


@hookimpl
def logical_xor(x1, x2, /):
    return jnp.logical_xor(truth(as_array(x1)), truth(as_array(x2)))


def _nan_propagating(function, x1, x2):
    """``function(x1, x2)``, with a complex NaN operand propagating as a real one does."""
    result = function(x1, x2)
    if kind(result.dtype) != "c":
        return result
    return jnp.where(jnp.isnan(x1), x1, jnp.where(jnp.isnan(x2), x2, result))


@hookimpl
def maximum(x1, x2, /):
    return _nan_propagating(jnp.maximum, x1, x2)


@hookimpl
def minimum(x1, x2, /):
    return _nan_propagating(jnp.minimum, x1, x2)


@hookimpl
@direct(jnp.multiply)
def multiply(x1, x2, /):
    return jnp.multiply(x1, x2)


@hookimpl
@direct(jnp.negative)
def negative(x, /):
    return jnp.negative(x)


@hookimpl
def nextafter(x1, x2, /):
    x1, x2 = _real_float_operands(x1, x2, "nextafter")
    # Equal operands give x2 (so nextafter(-0.0, +0.0) is +0.0, which JAX misses for float16).
    return jnp.where(x1 == x2, x2, jnp.nextafter(x1, x2))


@hookimpl
@direct(jnp.not_equal)
def not_equal(x1, x2, /):
    return jnp.not_equal(x1, x2)


@hookimpl
def positive(x, /):
    x = as_array(x)
    if kind(x.dtype) == "b":
        raise TypeError("positive is not defined for boolean input")
    return jnp.positive(x)


@hookimpl
def pow(x1, x2, /):
    x1, x2 = _int8_for_bool(x1), _int8_for_bool(x2)
    if kind(x2.dtype) in "iu" and kind(x1.dtype) in "iu" and concrete(x2) and x2.size and bool(jnp.any(x2 < 0)):
        raise ValueError("Integers to negative integer powers are not allowed.")
    if kind(x1.dtype) in "iu" and kind(x2.dtype) in "iu":
        return _integer_power(x1, x2)
    if kind(x1.dtype) == "c":
        # XLA's complex power puts -1 + tiny j on the wrong side of the branch cut.
        x1 = jax.lax.complex(_flushed(jnp.real(x1)), _flushed(jnp.imag(x1)))
    result = jnp.power(x1, x2)
    if kind(result.dtype) != "c":
        return result
    # 0 ** y is 0 for Re y > 0, as exp(y * log(0)) is (JAX gives NaN for a complex y).
    zero_base = (x1 == 0) & (jnp.real(x2) > 0)
    return jnp.where(zero_base, jnp.zeros((), result.dtype), result)


@jax.jit
def _integer_power(base, exponent):
    """``base ** exponent`` for integers, wrapping around on overflow as NumPy does.

    Binary exponentiation over every bit of the exponent's dtype (``jnp.power``
    reads only the low six bits of an array exponent: ``2 ** 64`` gives 1).
    """
    base, exponent = jnp.broadcast_arrays(base, exponent)
    result = jnp.ones_like(base)
    for _ in range(exponent.dtype.itemsize * 8):
        result = jnp.where(exponent & 1, result * base, result)
        base = base * base
        exponent = exponent >> 1
    return result


@hookimpl
@direct(jnp.real)
def real(x, /):
    return jnp.real(x)


@hookimpl
def reciprocal(x, /):
    x = _float64_for_integers(x, "reciprocal")
    # 1 / x, as the standard defines it (also for complex special values such as 1 / 0j).
    return jnp.divide(jnp.ones((), dtype=x.dtype), x)


@hookimpl
def remainder(x1, x2, /):
    x1, x2 = _int8_for_bool(x1), _int8_for_bool(x2)
    if kind(x1.dtype) == "c":
        raise TypeError("remainder is not defined for complex input")
    result = jnp.remainder(x1, x2)
    if kind(result.dtype) != "f":
        return result
    # A zero remainder has the sign of the divisor, as Python's % (JAX gives +0.0 for 1.0 % -1.0).
    return jnp.where(result == 0, jnp.copysign(jnp.zeros((), result.dtype), x2), result)


@hookimpl
def round(x, /):
    return _round_keeping_integers(jnp.round, x, "round")


@hookimpl
def sign(x, /):
    x = as_array(x)
    letter = kind(x.dtype)
    if letter == "c":
        return _complex_sign(x)
    if letter != "f":
        return jnp.sign(x)
    # The sign of -0.0 is +0.0, as NumPy gives it (a where, not an addition of +0, which XLA
    # drops inside jax.jit); a subnormal number, which XLA flushes to zero, still has the sign of its bits.
    result = jnp.sign(x)
    result = jnp.where(result == 0, jnp.zeros((), x.dtype), result)
    return jnp.where(truth(x) & (result == 0), jnp.copysign(jnp.ones((), x.dtype), x), result)


def _complex_sign(x):
    """``x / |x|`` for complex ``x``, with NumPy 2's special cases and the standard's NaN rule.

    Each part is divided by the modulus as a real number. Where the modulus is
    infinite, one infinite part gives the unit number along its axis (and a
    modulus that overflowed from finite parts gives the unit number along the
    imaginary axis, as NumPy 2 does); two infinite parts or a NaN part give
    ``NaN + NaN j``; a zero gives ``0 + 0j``.
    """
    re, im = jnp.real(x), jnp.imag(x)
    magnitude = jnp.hypot(re, im)
    zero = jnp.zeros((), dtype=magnitude.dtype)
    one = jnp.ones((), dtype=magnitude.dtype)
    nan = jnp.full((), np.nan, dtype=magnitude.dtype)
    out_re = re / magnitude
    out_im = im / magnitude
    re_inf, im_inf = jnp.isinf(re), jnp.isinf(im)
    infinite = jnp.isinf(magnitude)
    out_re = jnp.where(infinite, jnp.where(re_inf, jnp.where(re > 0, one, -one), zero), out_re)
    out_im = jnp.where(infinite, jnp.where(re_inf, zero, jnp.where(im > 0, one, -one)), out_im)
    is_zero = magnitude == 0
    out_re = jnp.where(is_zero, zero, out_re)
    out_im = jnp.where(is_zero, zero, out_im)
    undefined = jnp.isnan(re) | jnp.isnan(im) | (re_inf & im_inf)
    # lax.complex builds re + im j from its parts (arithmetic would turn 0 * inf into NaN).
    return jax.lax.complex(jnp.where(undefined, nan, out_re), jnp.where(undefined, nan, out_im))


@hookimpl
def signbit(x, /):
    x = as_array(x)
    if kind(x.dtype) == "c":
        raise TypeError(f"signbit is not defined for complex input ({x.dtype})")
    return jnp.signbit(x)


@hookimpl
def sin(x, /):
    return _unary(jnp.sin, _complex_sin, x, "sin")


@hookimpl
def sinh(x, /):
    return _unary(_real_sinh, _complex_sinh, x, "sinh")


@hookimpl
def square(x, /):
    x = _int8_for_bool(x)
    # XLA's complex square loses NumPy's special values (inf - inf is NaN in the real part); its product does not.
    return jnp.multiply(x, x) if kind(x.dtype) == "c" else jnp.square(x)


@hookimpl
def sqrt(x, /):
    return _unary(jnp.sqrt, _complex_sqrt, x, "sqrt")


@hookimpl
@direct(jnp.subtract)
def subtract(x1, x2, /):
    return jnp.subtract(x1, x2)


@hookimpl
def tan(x, /):
    return _unary(jnp.tan, _complex_tan, x, "tan")


@hookimpl
def tanh(x, /):
    return _unary(jnp.tanh, _complex_tanh, x, "tanh")


@hookimpl
def trunc(x, /):
    return _round_keeping_integers(jnp.trunc, x, "trunc")


# -- complex special values ---------------------------------------------------------------
#
# JAX computes complex functions with the right values for finite, non-zero parts, but not
# always with C99's (and the standard's) special values: it drops the sign of a zero
# imaginary part, which picks the side of a branch cut, and gives NaN for several infinite
# inputs. The functions below build the results from real parts with ``lax.complex``
# (complex arithmetic would turn 0 * inf into NaN and lose signed zeros) and patch the
# special values, so they match NumPy's C99 implementations. The trigonometric functions
# follow from the hyperbolic ones as C99 defines them: sin(z) = -i sinh(iz), cos(z) = cosh(iz),
# tan(z) = -i tanh(iz), asin(z) = -i asinh(iz), atan(z) = -i atanh(iz).


def _unary(real_function, complex_function, x, name):
    x = _float_input(x, name)
    return complex_function(x) if kind(x.dtype) == "c" else real_function(x)


def _times_i(z):
    """``i z``, exactly."""
    return jax.lax.complex(-jnp.imag(z), jnp.real(z))


def _times_minus_i(z):
    """``-i z``, exactly."""
    return jax.lax.complex(jnp.imag(z), -jnp.real(z))


def _upper_half(function, z):
    """``function(z)`` computed for ``Im z >= +0`` and conjugated back where ``Im z`` has its sign bit set.

    Every function given here satisfies ``f(conj z) == conj(f(z))``, signed zeros included.
    """
    re, im = jnp.real(z), jnp.imag(z)
    w = function(jax.lax.complex(re, jnp.abs(im)))
    return jnp.where(jnp.signbit(im), jax.lax.complex(jnp.real(w), -jnp.imag(w)), w)


def _first_quadrant(function, z):
    """``function(z)`` for an odd ``function`` with ``f(conj z) == conj(f(z))``, from the first quadrant.

    The result for ``|Re z| + |Im z| i`` is mirrored back by the signs of both parts
    of ``z``, so that signed zeros choose the side of branch cuts as C99 says.
    """
    re, im = jnp.real(z), jnp.imag(z)
    w = function(jax.lax.complex(jnp.abs(re), jnp.abs(im)))
    w_re, w_im = jnp.real(w), jnp.imag(w)
    w_re = jnp.where(jnp.signbit(re), -w_re, w_re)
    w_im = jnp.where(jnp.signbit(im), -w_im, w_im)
    return jax.lax.complex(w_re, w_im)


def _zero_times_sign(a, b):
    """A zero whose sign is the product of the signs of ``a`` and ``b``."""
    return jnp.copysign(jnp.zeros_like(a), a) * jnp.copysign(jnp.ones_like(b), b)


def _complex_sqrt(z):
    w = _upper_half(jnp.sqrt, z)
    re, im = jnp.real(z), jnp.imag(z)
    inf = jnp.asarray(np.inf, re.dtype)
    w = jnp.where((re == inf) & jnp.isnan(im), jax.lax.complex(inf, im), w)
    w = jnp.where((re == -inf) & jnp.isnan(im), jax.lax.complex(im, inf), w)
    return jnp.where(jnp.isinf(im), jax.lax.complex(inf, im), w)


def _complex_exp(z):
    w = _upper_half(jnp.exp, z)
    re, im = jnp.real(z), jnp.imag(z)
    unbounded = ~jnp.isfinite(im)
    signed_zero = jax.lax.complex(jnp.zeros_like(re), jnp.copysign(jnp.zeros_like(im), im))
    w = jnp.where((re == -np.inf) & unbounded, signed_zero, w)
    nan = jnp.full_like(re, np.nan)
    return jnp.where((re == np.inf) & unbounded, jax.lax.complex(re, nan), w)


def _complex_expm1(z):
    """JAX's ``expm1`` where both parts are finite and not both zero; NumPy's formula elsewhere.

    The formula, ``expm1(a) cos(b) - 2 sin(b/2)**2`` and ``exp(a) sin(b)``, keeps
    a zero imaginary part (and makes ``expm1(-0 + 0j)`` ``+0 + 0j``); an infinite
    real part with an infinite or NaN imaginary part gives ``-1 + 0j`` (``-inf``)
    or ``inf + NaN j`` (``+inf``).
    """
    w = _upper_half(jnp.expm1, z)
    a, b = jnp.real(z), jnp.imag(z)
    special = ~jnp.isfinite(a) | ~jnp.isfinite(b) | ((a == 0) & (b == 0))
    real = jnp.expm1(a) * jnp.cos(b) - 2 * jnp.sin(b / 2) ** 2
    # A zero real part is +0 (XLA drops the addition of +0 that would give it inside jax.jit).
    real = jnp.where(real == 0, jnp.zeros_like(real), real)
    imag = jnp.where(b == 0, b, jnp.exp(a) * jnp.sin(b))
    stuck = jnp.isinf(a) & ~jnp.isfinite(b)
    positive = a > 0
    real = jnp.where(stuck, jnp.where(positive, jnp.full_like(a, np.inf), jnp.full_like(a, -1.0)), real)
    imag = jnp.where(stuck, jnp.where(positive, jnp.full_like(b, np.nan), jnp.zeros_like(b)), imag)
    return jnp.where(special, jax.lax.complex(real, imag), w)


def _complex_log(function, angle_scale=None):
    """``function`` (a logarithm) of complex numbers with the standard's special values.

    With ``angle_scale`` (the logarithm's 1 / log(base)), the imaginary part of
    numbers with a subnormal or zero part is the exact angle times it: XLA's
    angle is NaN or wrong there (see :func:`_atan2`).
    """

    def log(z):
        w = function(z)
        re, im = jnp.real(z), jnp.imag(z)
        if angle_scale is not None:
            angle = _atan2(im, re) * jnp.asarray(angle_scale, re.dtype)
            found = _SUBNORMAL_BITS.get(np.dtype(re.dtype))
            tiny = found[1] if found else 0.0
            w = jnp.where((jnp.abs(re) < tiny) | (jnp.abs(im) < tiny), jax.lax.complex(jnp.real(w), angle), w)
        # An infinite part makes the real part +inf, even when the other part is NaN.
        inf = jnp.asarray(np.inf, re.dtype)
        return jnp.where(jnp.isinf(re) | jnp.isinf(im), jax.lax.complex(inf, jnp.imag(w)), w)

    return log


def _complex_sinh(z):
    a, b = jnp.real(z), jnp.imag(z)
    w = jax.lax.complex(jnp.sinh(a) * jnp.cos(b), jnp.cosh(a) * jnp.sin(b))
    nan = jnp.full_like(a, np.nan)
    unbounded = ~jnp.isfinite(b)
    w = jnp.where(jnp.isinf(a) & unbounded, jax.lax.complex(a, nan), w)
    w = jnp.where((a == 0) & unbounded, jax.lax.complex(a, nan), w)
    return jnp.where(b == 0, jax.lax.complex(jnp.sinh(a), b), w)


def _complex_cosh(z):
    a, b = jnp.real(z), jnp.imag(z)
    w = jax.lax.complex(jnp.cosh(a) * jnp.cos(b), jnp.sinh(a) * jnp.sin(b))
    nan = jnp.full_like(a, np.nan)
    unbounded = ~jnp.isfinite(b)
    w = jnp.where(jnp.isinf(a) & unbounded, jax.lax.complex(jnp.abs(a), nan), w)
    w = jnp.where((a == 0) & unbounded, jax.lax.complex(nan, _zero_times_sign(a, b)), w)
    return jnp.where(b == 0, jax.lax.complex(jnp.cosh(a), _zero_times_sign(a, b)), w)


def _complex_tanh(z):
    w = _first_quadrant(jnp.tanh, z)
    a, b = jnp.real(z), jnp.imag(z)
    # An infinite real part with a finite imaginary part b gives +-1 with a zero of b's sign.
    limit = jax.lax.complex(jnp.copysign(jnp.ones_like(a), a), jnp.copysign(jnp.zeros_like(b), b))
    w = jnp.where(jnp.isinf(a) & jnp.isfinite(b), limit, w)
    return jnp.where((a == 0) & ~jnp.isfinite(b), jax.lax.complex(a, jnp.full_like(b, np.nan)), w)


def _nan_beside_finite(z, w):
    """``w``, with NaN + NaN j where one part of ``z`` is NaN and the other finite: the standard's value for the
    inverse trigonometric and hyperbolic functions (their zero cases aside), which JAX's formula for a large
    finite part (``acos(1e30 + nan j)`` is ``nan - 69.8j``) does not give."""
    a, b = jnp.real(z), jnp.imag(z)
    nan = jnp.full_like(a, np.nan)
    return jnp.where((jnp.isnan(a) & jnp.isfinite(b)) | (jnp.isnan(b) & jnp.isfinite(a)), jax.lax.complex(nan, nan), w)


def _complex_asinh(z):
    w = _nan_beside_finite(z, _first_quadrant(jnp.arcsinh, z))
    a, b = jnp.real(z), jnp.imag(z)
    return jnp.where(jnp.isnan(a) & (b == 0), jax.lax.complex(a, b), w)


def _complex_atanh(z):
    w = _first_quadrant(jnp.arctanh, z)
    a, b = jnp.real(z), jnp.imag(z)
    nan = jnp.full_like(a, np.nan)
    half_pi = jnp.copysign(jnp.full_like(b, np.pi / 2), b)
    w = jnp.where(jnp.isnan(a), jax.lax.complex(nan, nan), w)
    w = jnp.where(jnp.isnan(a) & jnp.isinf(b), jax.lax.complex(jnp.zeros_like(a), half_pi), w)
    w = jnp.where(jnp.isnan(b) & ~jnp.isnan(a), jax.lax.complex(nan, nan), w)
    zero_like_a = jnp.copysign(jnp.zeros_like(a), a)
    return jnp.where(jnp.isnan(b) & (jnp.isinf(a) | (a == 0)), jax.lax.complex(zero_like_a, nan), w)


def _complex_acos(z):
    w = _nan_beside_finite(z, _upper_half(jnp.arccos, z))
    a, b = jnp.real(z), jnp.imag(z)
    return jnp.where((a == 0) & jnp.isnan(b), jax.lax.complex(jnp.full_like(a, np.pi / 2), b), w)


def _complex_acosh(z):
    w = _nan_beside_finite(z, _upper_half(jnp.arccosh, z))
    a, b = jnp.real(z), jnp.imag(z)
    return jnp.where((a == 0) & jnp.isnan(b), jax.lax.complex(b, jnp.full_like(a, np.pi / 2)), w)


def _complex_sin(z):
    return _times_minus_i(_complex_sinh(_times_i(z)))


def _complex_cos(z):
    return _complex_cosh(_times_i(z))


def _complex_tan(z):
    return _times_minus_i(_complex_tanh(_times_i(z)))


def _complex_asin(z):
    return _times_minus_i(_complex_asinh(_times_i(z)))


def _complex_atan(z):
    return _times_minus_i(_complex_atanh(_times_i(z)))
