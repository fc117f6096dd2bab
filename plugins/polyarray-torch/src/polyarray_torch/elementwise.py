"""Element-wise functions on PyTorch.

Most functions are torch's under the standard's name. The others fix where
torch differs from the standard or from NumPy's results:

- integer and boolean input to the functions of real numbers (``sin``,
  ``sqrt``, ``hypot`` …) is computed in the floating dtype NumPy picks
  (``float16`` for 8-bit integers, ``float32`` for 16-bit, ``float64`` beyond;
  torch would pick ``float32``), and ``divide`` and ``reciprocal`` of integers
  give ``float64``;
- ``ceil``, ``floor``, ``trunc`` and ``round`` keep integer and boolean input
  as it is, and ``round`` rounds both parts of complex numbers;
- ``clip`` accepts no bound at all and always returns the dtype of ``x``;
- ``floor_divide`` and ``remainder`` of integers by zero give 0, as NumPy does
  (torch raises), ``remainder`` of floating-point numbers is exact (torch's
  is NaN where the quotient overflows), and ``floor_divide`` with an infinite
  operand is ``floor(x1 / x2)`` as the standard asks;
- complex ``expm1``, ``acos`` and ``tanh`` give the standard's special values;
- ``uint16``, ``uint32`` and ``uint64``, which torch has few kernels for, are
  computed exactly: order through a key with the top bit flipped, wrapping
  arithmetic through the signed dtype of the same width, division and shifts
  as ``_helpers.unsigned_divmod`` and ``unsigned_shift`` do;
- ``positive``, ``conj`` and ``real`` of real input, and ``imag``, return
  arrays rather than torch's lazy views with conjugate bits;
- ``sign`` of NaN is NaN, and of complex numbers ``z / |z|`` with the
  standard's special cases (torch's ``sgn`` gives NaN for infinite parts);
- a Python scalar may come first (torch wants a tensor there).
"""

from __future__ import annotations

import math

import torch

from ._helpers import (
    LIMITED_DTYPES,
    exact_unsigned,
    guard_dtypes,
    inexact,
    is_inexact,
    is_unsigned,
    promote_types,
    scalar_dtype,
    scalar_operands,
    unsigned_divmod,
    unsigned_shift,
    unsupported,
)
from ._marker import direct, hookimpl

_FLOAT64 = torch.float64
#: Real dtypes torch has CPU kernels for (not uint16, uint32 or uint64): floating, numeric, and with bool.
_FLOATING = frozenset((torch.float16, torch.bfloat16, torch.float32, torch.float64))
_NUMERIC_KERNELS = frozenset((torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)) | _FLOATING
_REAL_KERNELS = _NUMERIC_KERNELS | {torch.bool}
_HALF = (torch.float16, torch.bfloat16)
_TENSOR = torch.Tensor


def _compared(function, reflected):
    """A comparison of two tensors of one dtype, or of a tensor with a Python scalar that keeps its dtype (on
    either side): torch's own ``function``, or ``reflected`` with the operands swapped (torch takes a scalar
    second only). The direct function of the comparisons below."""

    def compare(x1, x2, /):
        if isinstance(x1, _TENSOR):
            return function(x1, x2)
        return reflected(x2, x1)

    compare.__name__ = compare.__qualname__ = f"_{function.__name__}_direct"
    return compare


def _extremum_direct(function):
    """``function`` (``torch.maximum``/``minimum``) of two tensors of one dtype, else the implementation's way."""

    def extremum(x1, x2, /):
        if isinstance(x1, _TENSOR) and isinstance(x2, _TENSOR):
            return function(x1, x2)
        return _extremum(function, x1, x2)

    extremum.__name__ = extremum.__qualname__ = f"_{function.__name__}_direct"
    return extremum


def _both_tensors(x1, x2):
    """Both operands as tensors (Python scalars take the other operand's dtype where the rules allow)."""
    if type(x1) is _TENSOR and type(x2) is _TENSOR:
        return x1, x2
    x1, x2 = scalar_operands(x1, x2)
    if not isinstance(x2, torch.Tensor):
        x2 = torch.asarray(x2, dtype=scalar_dtype(x2, x1.dtype), device=x1.device)
    return x1, x2


def _inexact_pair(x1, x2):
    """Both operands as tensors of a floating dtype (NumPy's choice for integers)."""
    x1, x2 = _both_tensors(x1, x2)
    dtype = promote_types(inexact(x1).dtype, inexact(x2).dtype)
    return x1.to(dtype), x2.to(dtype)


def _is_integral_or_bool(x) -> bool:
    return not (x.dtype.is_floating_point or x.dtype.is_complex)


@hookimpl
@direct(torch.abs, dtypes=_NUMERIC_KERNELS)
@guard_dtypes
def abs(x, /):
    if x.dtype == torch.bool or is_unsigned(x.dtype):
        return x.clone()
    return torch.abs(x)


@hookimpl
@guard_dtypes
def acos(x, /):
    result = torch.acos(inexact(x))
    if result.dtype.is_complex:
        # The imaginary part has the sign opposite to Im x (-0 for a real x), as C99's cacos gives it.
        imag = result.imag
        keep = torch.isnan(imag) | torch.isnan(x.imag)
        result = torch.complex(result.real, torch.where(keep, imag, torch.copysign(imag.abs(), -x.imag)))
    return result


@hookimpl
@guard_dtypes
def acosh(x, /):
    return torch.acosh(inexact(x))


def _complex_parts_sum(x1, x2, negate):
    """``x1 + x2`` (``x1 - x2`` with ``negate``) of complex tensors, part by part.

    torch adds complex tensors as ``x1 + alpha * x2`` with a complex ``alpha``,
    which turns infinite parts into NaN (``inf * 0``); the standard adds the
    real and imaginary parts separately.
    """
    x1, x2 = _both_tensors(x1, x2)
    dtype = promote_types(x1.dtype, x2.dtype)
    parts1 = torch.view_as_real(x1.to(dtype).resolve_conj())
    parts2 = torch.view_as_real(x2.to(dtype).resolve_conj())
    return torch.view_as_complex(parts1 - parts2 if negate else parts1 + parts2)


def _is_complex_operand(value) -> bool:
    return value.dtype.is_complex if isinstance(value, torch.Tensor) else isinstance(value, complex)


@hookimpl
@direct(torch.add, dtypes=_REAL_KERNELS, inplace=_TENSOR.add_)
@guard_dtypes
@exact_unsigned("wrapping")
def add(x1, x2, /):
    if type(x1) is _TENSOR and type(x2) is _TENSOR and not (x1.dtype.is_complex or x2.dtype.is_complex):
        return torch.add(x1, x2)
    if _is_complex_operand(x1) or _is_complex_operand(x2):
        return _complex_parts_sum(x1, x2, negate=False)
    return torch.add(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def asin(x, /):
    return torch.asin(inexact(x))


@hookimpl
@guard_dtypes
def asinh(x, /):
    return torch.asinh(inexact(x))


@hookimpl
@guard_dtypes
def atan(x, /):
    return torch.atan(inexact(x))


@hookimpl
@guard_dtypes
def atan2(x1, x2, /):
    return torch.atan2(*_inexact_pair(x1, x2))


@hookimpl
@guard_dtypes
def atanh(x, /):
    return torch.atanh(inexact(x))


@hookimpl
@guard_dtypes
def bitwise_and(x1, x2, /):
    return torch.bitwise_and(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def bitwise_left_shift(x1, x2, /):
    x1, x2 = _both_tensors(x1, x2)
    if x1.dtype in LIMITED_DTYPES:
        return unsigned_shift(x1, x2, right=False)
    return torch.bitwise_left_shift(x1, x2)


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def bitwise_invert(x, /):
    return torch.bitwise_not(x)


@hookimpl
@guard_dtypes
def bitwise_or(x1, x2, /):
    return torch.bitwise_or(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def bitwise_right_shift(x1, x2, /):
    x1, x2 = _both_tensors(x1, x2)
    if x1.dtype in LIMITED_DTYPES:
        return unsigned_shift(x1, x2, right=True)
    return torch.bitwise_right_shift(x1, x2)


@hookimpl
@guard_dtypes
def bitwise_xor(x1, x2, /):
    return torch.bitwise_xor(*scalar_operands(x1, x2))


def _round_keeping_integers(function, x):
    """``function(x)``, except that integer and boolean input comes back unchanged (a copy)."""
    if _is_integral_or_bool(x):
        return x.clone()
    if x.dtype.is_complex:
        raise TypeError(f"{function.__name__} is not defined for complex input ({x.dtype})")
    return function(x)


@hookimpl
@guard_dtypes
def ceil(x, /):
    return _round_keeping_integers(torch.ceil, x)


def _bound(bound, x):
    """A clip bound as a tensor (torch takes tensor bounds only when both are tensors).

    A Python float bound of a floating ``x`` is rounded to its dtype as NumPy casts
    (torch refuses a float just above the dtype's largest value).
    """
    if bound is None or isinstance(bound, torch.Tensor):
        return bound
    if isinstance(bound, float) and x.dtype.is_floating_point:
        return torch.asarray(bound, dtype=torch.float64, device=x.device).to(x.dtype)
    return torch.asarray(bound, dtype=scalar_dtype(bound, x.dtype), device=x.device)


@hookimpl
@guard_dtypes
@exact_unsigned("selecting")
def clip(x, /, min=None, max=None):
    if x.dtype.is_complex:
        raise unsupported("clip", x.dtype, f"torch {torch.__version__} orders no complex numbers")
    if min is None and max is None:
        return x.clone()
    if isinstance(min, torch.Tensor) or isinstance(max, torch.Tensor) or x.dtype.is_floating_point:
        min, max = _bound(min, x), _bound(max, x)
    result = torch.clamp(x, min, max)
    if isinstance(min, torch.Tensor) or isinstance(max, torch.Tensor):
        # A NaN bound gives NaN, as in NumPy's maximum/minimum (torch.clamp ignores it).
        for bound in (min, max):
            if bound is not None and is_inexact(bound.dtype):
                result = torch.where(torch.isnan(bound), bound.to(result.dtype), result)
    elif any(isinstance(bound, float) and bound != bound for bound in (min, max)):
        result = torch.full_like(result, float("nan"))
    return result if result.dtype == x.dtype else result.to(x.dtype)


@hookimpl
@guard_dtypes
def conj(x, /):
    return torch.conj_physical(x) if x.dtype.is_complex else x.clone()


@hookimpl
@guard_dtypes
def copysign(x1, x2, /):
    return torch.copysign(*_inexact_pair(x1, x2))


@hookimpl
@guard_dtypes
def cos(x, /):
    return torch.cos(inexact(x))


@hookimpl
@guard_dtypes
def cosh(x, /):
    return torch.cosh(inexact(x))


@hookimpl
@direct(torch.divide, dtypes=_FLOATING, inplace=_TENSOR.div_)
@guard_dtypes
def divide(x1, x2, /):
    x1, x2 = _both_tensors(x1, x2)
    if _is_integral_or_bool(x1) and _is_integral_or_bool(x2):
        x1, x2 = x1.to(_FLOAT64), x2.to(_FLOAT64)
    return torch.divide(x1, x2)


@hookimpl
@direct(_compared(torch.eq, torch.eq), dtypes=_REAL_KERNELS, bare=torch.eq)
@guard_dtypes
def equal(x1, x2, /):
    return torch.eq(*scalar_operands(x1, x2))


@hookimpl
@direct(torch.exp, dtypes=_FLOATING)
@guard_dtypes
def exp(x, /):
    return torch.exp(inexact(x))


@hookimpl
@guard_dtypes
def expm1(x, /):
    if x.dtype.is_complex:
        return _complex_expm1(x)
    return torch.expm1(inexact(x))


def _complex_expm1(x):
    """NumPy's formula for ``expm1`` of complex numbers, with the standard's special cases.

    A zero imaginary part stays that zero (and ``expm1(-0 + 0j)`` is ``+0 + 0j``);
    an infinite real part with an infinite or NaN imaginary part gives
    ``-1 + 0j`` (``-inf``) or ``inf + NaN j``.
    """
    a, b = x.real, x.imag
    real = torch.expm1(a) * torch.cos(b) - 2 * torch.sin(b / 2) ** 2 + 0.0
    imag = torch.where(b == 0, b, torch.exp(a) * torch.sin(b))
    stuck = torch.isinf(a) & ~torch.isfinite(b)
    positive = a > 0
    real = torch.where(stuck, torch.where(positive, math.inf, -1.0), real)
    imag = torch.where(stuck, torch.where(positive, math.nan, 0.0), imag)
    return torch.complex(real, imag)


@hookimpl
@guard_dtypes
def floor(x, /):
    return _round_keeping_integers(torch.floor, x)


def _integer_division(function, x1, x2):
    """``function(x1, x2)``, with 0 where an integer ``x2`` is 0 (torch raises there, NumPy gives 0)."""
    x1, x2 = _both_tensors(x1, x2)
    if _is_integral_or_bool(x1) and _is_integral_or_bool(x2) and x2.dtype != torch.bool:
        zero = x2 == 0
        safe = torch.where(zero, torch.ones((), dtype=x2.dtype, device=x2.device), x2)
        result = function(x1, safe)
        return torch.where(zero, torch.zeros((), dtype=result.dtype, device=result.device), result)
    return function(x1, x2)


@hookimpl
@guard_dtypes
def floor_divide(x1, x2, /):
    x1, x2 = _both_tensors(x1, x2)
    if x1.dtype in LIMITED_DTYPES and x2.dtype == x1.dtype:
        return unsigned_divmod(x1, x2)[0]
    result = _integer_division(torch.floor_divide, x1, x2)
    if result.dtype.is_floating_point:
        # With an infinite operand the standard asks floor(x1 / x2) (inf // 2 is inf, -1 // inf is -0).
        infinite = torch.isinf(x1) | torch.isinf(x2)
        result = torch.where(infinite, torch.floor(torch.true_divide(x1, x2)).to(result.dtype), result)
    return result


@hookimpl
@direct(_compared(torch.gt, torch.lt), dtypes=_REAL_KERNELS, bare=torch.gt)
@guard_dtypes
@exact_unsigned("ordering")
def greater(x1, x2, /):
    return torch.gt(*scalar_operands(x1, x2))


@hookimpl
@direct(_compared(torch.ge, torch.le), dtypes=_REAL_KERNELS, bare=torch.ge)
@guard_dtypes
@exact_unsigned("ordering")
def greater_equal(x1, x2, /):
    return torch.ge(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def hypot(x1, x2, /):
    return torch.hypot(*_inexact_pair(x1, x2))


@hookimpl
@guard_dtypes
def imag(x, /):
    if x.dtype.is_complex:
        return torch.imag(x.resolve_conj())
    return torch.zeros_like(x)


@hookimpl
@guard_dtypes
def isclose(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    return torch.isclose(x1, x2, rtol=rtol, atol=atol, equal_nan=equal_nan)


_CLOSE_DTYPES = frozenset({torch.float32, torch.float64, torch.complex64, torch.complex128})


def _close_handles(x1, x2, /, *, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """torch's own ``isclose`` where it computes NumPy's answer: operands of one float32/float64/complex dtype,
    tolerances in [0, 1] (torch refuses negative ones, and tests the difference for finiteness, which differs
    from NumPy's test of ``x2`` only where a huge tolerance meets an overflowing difference)."""
    return (
        isinstance(x1, torch.Tensor)
        and isinstance(x2, torch.Tensor)
        and x1.dtype == x2.dtype
        and x1.dtype in _CLOSE_DTYPES
        and all(isinstance(t, (int, float)) and not isinstance(t, bool) and 0 <= t <= 1 for t in (rtol, atol))
    )


isclose.partial_mixed_handler = _close_handles


@hookimpl
@guard_dtypes
def isfinite(x, /):
    return torch.isfinite(x)


@hookimpl
@guard_dtypes
def isinf(x, /):
    return torch.isinf(x)


@hookimpl
@guard_dtypes
def isnan(x, /):
    return torch.isnan(x)


@hookimpl
@direct(_compared(torch.lt, torch.gt), dtypes=_REAL_KERNELS, bare=torch.lt)
@guard_dtypes
@exact_unsigned("ordering")
def less(x1, x2, /):
    return torch.lt(*scalar_operands(x1, x2))


@hookimpl
@direct(_compared(torch.le, torch.ge), dtypes=_REAL_KERNELS, bare=torch.le)
@guard_dtypes
@exact_unsigned("ordering")
def less_equal(x1, x2, /):
    return torch.le(*scalar_operands(x1, x2))


@hookimpl
@direct(torch.log, dtypes=_FLOATING)
@guard_dtypes
def log(x, /):
    return torch.log(inexact(x))


@hookimpl
@guard_dtypes
def log1p(x, /):
    result = torch.log1p(inexact(x))
    if x.dtype.is_complex:
        # torch's complex log1p gives NaN for some tiny (subnormal) parts: log(1 + x) there.
        broken = torch.isnan(result) & ~torch.isnan(x)
        result = torch.where(broken, torch.log(x + 1), result)
        # The standard's log1p(NaN ± inf j) and log1p(±inf + NaN j) are +inf + NaN j (torch gives NaN + NaN j).
        re, im = x.real, x.imag
        infinite_and_nan = (torch.isinf(re) & torch.isnan(im)) | (torch.isnan(re) & torch.isinf(im))
        special = torch.complex(torch.full((), math.inf, dtype=re.dtype), torch.full((), math.nan, dtype=re.dtype))
        result = torch.where(infinite_and_nan, special.to(x.device), result)
    return result


@hookimpl
@guard_dtypes
def log2(x, /):
    return torch.log2(inexact(x))


@hookimpl
@guard_dtypes
def log10(x, /):
    return torch.log10(inexact(x))


@hookimpl
@guard_dtypes
def logaddexp(x1, x2, /):
    x1, x2 = _inexact_pair(x1, x2)
    if x1.dtype.is_complex:
        raise TypeError(f"logaddexp is defined for real input, not {x1.dtype}")
    return torch.logaddexp(x1, x2)


@hookimpl
@guard_dtypes
def logical_and(x1, x2, /):
    return torch.logical_and(*map(_truth, _both_tensors(x1, x2)))


@hookimpl
@guard_dtypes
def logical_not(x, /):
    return torch.logical_not(_truth(x))


def _truth(x):
    """``x != 0`` for uint16/uint32/uint64 tensors (torch has no logical kernels for them); others unchanged."""
    return x != 0 if x.dtype in LIMITED_DTYPES else x


@hookimpl
@guard_dtypes
def logical_or(x1, x2, /):
    return torch.logical_or(*map(_truth, _both_tensors(x1, x2)))


@hookimpl
@guard_dtypes
def logical_xor(x1, x2, /):
    return torch.logical_xor(*map(_truth, _both_tensors(x1, x2)))


@hookimpl
@direct(_extremum_direct(torch.maximum), dtypes=_NUMERIC_KERNELS, bare=torch.maximum)
@guard_dtypes
@exact_unsigned("selecting")
def maximum(x1, x2, /):
    return _extremum(torch.maximum, x1, x2)


@hookimpl
@direct(_extremum_direct(torch.minimum), dtypes=_NUMERIC_KERNELS, bare=torch.minimum)
@guard_dtypes
@exact_unsigned("selecting")
def minimum(x1, x2, /):
    return _extremum(torch.minimum, x1, x2)


def _extremum(function, x1, x2):
    x1, x2 = _both_tensors(x1, x2)
    for x in (x1, x2):
        if x.dtype.is_complex:
            raise unsupported(function.__name__, x.dtype, f"torch {torch.__version__} orders no complex numbers")
    return function(x1, x2)


@hookimpl
@direct(torch.multiply, dtypes=_REAL_KERNELS, inplace=_TENSOR.mul_)
@guard_dtypes
@exact_unsigned("wrapping")
def multiply(x1, x2, /):
    return torch.multiply(*scalar_operands(x1, x2))


@hookimpl
@direct(torch.negative, dtypes=_NUMERIC_KERNELS)
@guard_dtypes
@exact_unsigned("wrapping")
def negative(x, /):
    return torch.negative(x)


@hookimpl
@guard_dtypes
def nextafter(x1, x2, /):
    return torch.nextafter(*_inexact_pair(x1, x2))


@hookimpl
@direct(_compared(torch.ne, torch.ne), dtypes=_REAL_KERNELS, bare=torch.ne)
@guard_dtypes
def not_equal(x1, x2, /):
    return torch.ne(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def positive(x, /):
    if x.dtype == torch.bool:
        raise TypeError("positive is not defined for boolean input")
    return x.clone()


@hookimpl
@direct(torch.pow, dtypes=_FLOATING, inplace=_TENSOR.pow_)
@guard_dtypes
def pow(x1, x2, /):
    x1, x2 = scalar_operands(x1, x2)
    if x1.dtype in LIMITED_DTYPES:
        return _unsigned_pow(*_both_tensors(x1, x2))
    if _is_integral_or_bool(x1) and x1.dtype != torch.bool:
        negative = x2 < 0 if isinstance(x2, torch.Tensor) and _is_integral_or_bool(x2) else None
        if (negative is not None and bool(negative.any())) or (type(x2) is int and x2 < 0):
            # torch gives 0 or wrapped values; NumPy (and polyarray on it) refuse.
            if math.prod(torch.broadcast_shapes(x1.shape, getattr(x2, "shape", ()))):
                raise ValueError("Integers to negative integer powers are not allowed.")
    result = torch.pow(x1, x2)
    if result.dtype.is_complex and isinstance(x2, torch.Tensor):
        # exp(x2 * log(x1)) is NaN where log(x1) is infinite or NaN; z ** 0 is 1 and 0 ** p is 0 (p > 0).
        one = torch.ones((), dtype=result.dtype, device=result.device)
        zero = torch.zeros((), dtype=result.dtype, device=result.device)
        result = torch.where(x2 == 0, one, result)
        positive = x2.real > 0 if x2.dtype.is_complex else x2 > 0
        result = torch.where((x1 == 0) & positive, zero, result)
    return result


def _unsigned_pow(x1, x2):
    """``x1 ** x2`` of uint16/uint32/uint64 tensors, wrapping as NumPy does, through int64."""
    dtype = x1.dtype
    if x2.dtype != dtype:
        raise unsupported("pow", dtype)
    if dtype != torch.uint64:
        return torch.pow(x1.to(torch.int64), x2.to(torch.int64)).to(dtype)
    exponent = x2.view(torch.int64)
    if bool((exponent < 0).any()):
        raise unsupported("pow", dtype, f"torch {torch.__version__} has no pow for uint64 exponents of 2**63 or more")
    return torch.pow(x1.view(torch.int64), exponent).view(dtype)


@hookimpl
@guard_dtypes
def real(x, /):
    return torch.real(x.resolve_conj()) if x.dtype.is_complex else x


@hookimpl
@guard_dtypes
def reciprocal(x, /):
    if _is_integral_or_bool(x):
        x = x.to(_FLOAT64)
    # 1 / x, as the standard defines it (also for complex special values such as 1 / 0j).
    return torch.divide(torch.ones((), dtype=x.dtype, device=x.device), x)


@hookimpl
@guard_dtypes
def remainder(x1, x2, /):
    x1, x2 = _both_tensors(x1, x2)
    if x1.dtype in LIMITED_DTYPES and x2.dtype == x1.dtype:
        return unsigned_divmod(x1, x2)[1]
    if x1.dtype.is_floating_point and x2.dtype.is_floating_point:
        return _float_remainder(x1, x2)
    return _integer_division(torch.remainder, x1, x2)


def _float_remainder(x1, x2):
    """NumPy's remainder of floating-point operands: ``fmod`` moved to the divisor's sign.

    Half precision is computed in float32 and rounded, as NumPy does.
    """
    if x1.dtype in _HALF:
        return _float_remainder(x1.float(), x2.float()).to(x1.dtype)
    mod = _exact_fmod(x1, x2)
    mod = torch.where((mod != 0) & ((x2 < 0) != (mod < 0)), mod + x2, mod)
    # A zero remainder has the sign of the divisor.
    return torch.where(mod == 0, torch.copysign(torch.zeros_like(mod), x2), mod)


def _exact_fmod(x1, x2):
    """``torch.fmod``, also where the quotient ``x1 / x2`` overflows.

    torch's vectorised CPU kernels give NaN there (``fmod(1e300, 1e-300)`` on 8 or
    more elements), where the exact result is finite. Those elements are reduced in
    stages, ``fmod(x1, x2 * 2**k)`` with ``k`` chosen to keep each quotient finite,
    which is exact because ``x2 * 2**k`` is a multiple of ``x2``.
    """
    mod = torch.fmod(x1, x2)
    wrong = mod.isnan() & x1.isfinite() & ~x2.isnan() & (x2 != 0)
    if not wrong.any():
        return mod
    x2 = torch.broadcast_to(x2, mod.shape)
    reduced = torch.where(wrong, torch.broadcast_to(x1, mod.shape), torch.zeros_like(mod))
    divisor = torch.where(wrong, x2, torch.ones_like(mod))
    # Each stage brings the exponent of ``reduced`` to at most ``step`` above the divisor's.
    step = math.frexp(torch.finfo(mod.dtype).max)[1] - 2
    while True:
        shift = torch.clamp(torch.frexp(reduced).exponent - torch.frexp(divisor).exponent - step, min=0)
        if not shift.any():
            break
        reduced = torch.fmod(reduced, torch.ldexp(divisor, shift))
    return torch.where(wrong, torch.fmod(reduced, divisor), mod)


@hookimpl
@guard_dtypes
def round(x, /):
    if x.dtype.is_complex:
        return torch.complex(torch.round(x.real), torch.round(x.imag))
    return _round_keeping_integers(torch.round, x)


@hookimpl
@guard_dtypes
def sign(x, /):
    if x.dtype == torch.bool:
        raise TypeError("sign is not defined for boolean input")
    if x.dtype.is_complex:
        return _complex_sign(x)
    if x.dtype in LIMITED_DTYPES:
        return (x != 0).to(x.dtype)
    result = torch.sign(x)
    if x.dtype.is_floating_point:
        result = torch.where(torch.isnan(x), x, result)
    return result


def _complex_sign(x):
    """``x / |x|`` with the standard's special cases (see the NumPy plugin's ``_complex_sign``)."""
    re, im = x.real, x.imag
    magnitude = torch.hypot(re, im)
    zero = torch.zeros((), dtype=re.dtype, device=x.device)
    one = torch.ones((), dtype=re.dtype, device=x.device)
    out_re = re / magnitude
    out_im = im / magnitude
    re_inf, im_inf = torch.isinf(re), torch.isinf(im)
    infinite = torch.isinf(magnitude)
    out_re = torch.where(infinite, torch.where(re_inf, torch.where(re > 0, one, -one), zero), out_re)
    out_im = torch.where(infinite, torch.where(re_inf, zero, torch.where(im > 0, one, -one)), out_im)
    is_zero = magnitude == 0
    out_re = torch.where(is_zero, zero, out_re)
    out_im = torch.where(is_zero, zero, out_im)
    undefined = torch.isnan(re) | torch.isnan(im) | (re_inf & im_inf)
    nan = torch.full((), float("nan"), dtype=re.dtype, device=x.device)
    return torch.complex(torch.where(undefined, nan, out_re), torch.where(undefined, nan, out_im))


@hookimpl
@guard_dtypes
def signbit(x, /):
    return torch.signbit(x)


@hookimpl
@guard_dtypes
def sin(x, /):
    return torch.sin(inexact(x))


@hookimpl
@guard_dtypes
def sinh(x, /):
    return torch.sinh(inexact(x))


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def square(x, /):
    if x.dtype == torch.bool:
        return x.to(torch.int8)  # NumPy squares booleans as int8
    if x.dtype.is_complex:
        # NumPy forms re**2 - im**2 with a fused multiply-add: once im**2 overflows, -inf for a finite re and
        # NaN for an infinite one; else the difference rounded once, which (re - im)(re + im) matches without
        # overflowing early (torch's product gives NaN for (1e200 + 1e200j)**2).
        re, im = x.real, x.imag
        real = (re - im) * (re + im) + 0.0  # an exact zero is +0, as the fused sum gives
        overflowed = -(im * im) + torch.where(torch.isfinite(re), torch.zeros_like(re), re * re)
        real = torch.where(torch.isinf(im * im), overflowed, real)
        return torch.complex(real, 2 * re * im)
    return torch.square(x)


@hookimpl
@direct(torch.sqrt, dtypes=_FLOATING)
@guard_dtypes
def sqrt(x, /):
    return torch.sqrt(inexact(x))


@hookimpl
@direct(torch.subtract, dtypes=_NUMERIC_KERNELS, inplace=_TENSOR.sub_)
@guard_dtypes
@exact_unsigned("wrapping")
def subtract(x1, x2, /):
    if _is_complex_operand(x1) or _is_complex_operand(x2):
        return _complex_parts_sum(x1, x2, negate=True)
    return torch.subtract(*scalar_operands(x1, x2))


@hookimpl
@guard_dtypes
def tan(x, /):
    return torch.tan(inexact(x))


@hookimpl
@direct(torch.tanh, dtypes=_FLOATING)
@guard_dtypes
def tanh(x, /):
    result = torch.tanh(inexact(x))
    if result.dtype.is_complex:
        # An infinite real part with a finite imaginary part b gives +-1 with a zero of b's sign.
        limit = torch.isinf(x.real) & torch.isfinite(x.imag)
        real = torch.where(limit, torch.sign(x.real), result.real)
        imag = torch.where(limit, torch.copysign(torch.zeros_like(x.imag), x.imag), result.imag)
        result = torch.complex(real, imag)
    return result


@hookimpl
@guard_dtypes
def trunc(x, /):
    return _round_keeping_integers(torch.trunc, x)
