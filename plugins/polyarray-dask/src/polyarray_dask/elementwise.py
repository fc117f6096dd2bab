"""Element-wise functions on Dask.

Each function builds one task per block, as Dask's own ``x + y`` does.
Where NumPy's function follows the array API standard, the plugin calls
Dask's wrapper of that NumPy function (``da.add`` …). Where NumPy differs
from the standard (integer ``ceil``/``floor``/``round``/``trunc``, ``clip``
without bounds, complex ``expm1``, ``sign`` and ``tanh``, ``floor_divide``
with infinities, ``imag`` of real input, ``reciprocal`` of integers),
polyarray-numpy's implementation, which fixes it, runs on each block
(:func:`~polyarray_dask._helpers.elementwise`): both backends agree value for
value, and nothing is computed when the function is called.
"""

from __future__ import annotations

import dask.array as da

from ._helpers import elementwise, numpy_kernel
from ._marker import direct, hookimpl


def _numpy(name):
    return numpy_kernel("elementwise", name)


@hookimpl
@direct(da.abs)
def abs(x, /):
    return da.abs(x)


@hookimpl
@direct(da.arccos)
def acos(x, /):
    return da.arccos(x)


@hookimpl
@direct(da.arccosh)
def acosh(x, /):
    return da.arccosh(x)


@hookimpl
@direct(da.add)
def add(x1, x2, /):
    return da.add(x1, x2)


@hookimpl
@direct(da.arcsin)
def asin(x, /):
    return da.arcsin(x)


@hookimpl
@direct(da.arcsinh)
def asinh(x, /):
    return da.arcsinh(x)


@hookimpl
@direct(da.arctan)
def atan(x, /):
    return da.arctan(x)


@hookimpl
@direct(da.arctan2)
def atan2(x1, x2, /):
    return da.arctan2(x1, x2)


@hookimpl
@direct(da.arctanh)
def atanh(x, /):
    return da.arctanh(x)


@hookimpl
@direct(da.bitwise_and)
def bitwise_and(x1, x2, /):
    return da.bitwise_and(x1, x2)


@hookimpl
@direct(da.invert)
def bitwise_invert(x, /):
    return da.invert(x)


@hookimpl
@direct(da.left_shift)
def bitwise_left_shift(x1, x2, /):
    return da.left_shift(x1, x2)


@hookimpl
@direct(da.bitwise_or)
def bitwise_or(x1, x2, /):
    return da.bitwise_or(x1, x2)


@hookimpl
@direct(da.right_shift)
def bitwise_right_shift(x1, x2, /):
    return da.right_shift(x1, x2)


@hookimpl
@direct(da.bitwise_xor)
def bitwise_xor(x1, x2, /):
    return da.bitwise_xor(x1, x2)


@hookimpl
def ceil(x, /):
    return elementwise(_numpy("ceil"), x)


@hookimpl
def clip(x, /, min=None, max=None):
    if min is None and max is None:
        return x.copy()
    if max is None:
        return elementwise(_clip_below, x, min)
    if min is None:
        return elementwise(_clip_above, x, max)
    return elementwise(_numpy("clip"), x, min, max)


def _clip_below(x, low):
    return _numpy("clip")(x, low, None)


def _clip_above(x, high):
    return _numpy("clip")(x, None, high)


@hookimpl
def conj(x, /):
    # The standard's conj keeps the dtype; Dask (as NumPy) conjugates booleans as int8.
    return x.copy() if x.dtype == bool else da.conj(x)


@hookimpl
@direct(da.copysign)
def copysign(x1, x2, /):
    return da.copysign(x1, x2)


@hookimpl
@direct(da.cos)
def cos(x, /):
    return da.cos(x)


@hookimpl
@direct(da.cosh)
def cosh(x, /):
    return da.cosh(x)


@hookimpl
@direct(da.divide)
def divide(x1, x2, /):
    return da.divide(x1, x2)


@hookimpl
@direct(da.equal)
def equal(x1, x2, /):
    return da.equal(x1, x2)


@hookimpl
@direct(da.exp)
def exp(x, /):
    return da.exp(x)


@hookimpl
def expm1(x, /):
    return elementwise(_numpy("expm1"), x)


@hookimpl
def floor(x, /):
    return elementwise(_numpy("floor"), x)


@hookimpl
def floor_divide(x1, x2, /):
    return elementwise(_numpy("floor_divide"), x1, x2)


@hookimpl
@direct(da.greater)
def greater(x1, x2, /):
    return da.greater(x1, x2)


@hookimpl
@direct(da.greater_equal)
def greater_equal(x1, x2, /):
    return da.greater_equal(x1, x2)


@hookimpl
@direct(da.hypot)
def hypot(x1, x2, /):
    return da.hypot(x1, x2)


@hookimpl
def imag(x, /):
    return elementwise(_numpy("imag"), x)


@hookimpl
@direct(da.isfinite)
def isfinite(x, /):
    return da.isfinite(x)


@hookimpl
@direct(da.isinf)
def isinf(x, /):
    return da.isinf(x)


@hookimpl
@direct(da.isnan)
def isnan(x, /):
    return da.isnan(x)


@hookimpl
@direct(da.less)
def less(x1, x2, /):
    return da.less(x1, x2)


@hookimpl
@direct(da.less_equal)
def less_equal(x1, x2, /):
    return da.less_equal(x1, x2)


@hookimpl
@direct(da.log)
def log(x, /):
    return da.log(x)


@hookimpl
@direct(da.log10)
def log10(x, /):
    return da.log10(x)


@hookimpl
@direct(da.log1p)
def log1p(x, /):
    return da.log1p(x)


@hookimpl
@direct(da.log2)
def log2(x, /):
    return da.log2(x)


@hookimpl
@direct(da.logaddexp)
def logaddexp(x1, x2, /):
    return da.logaddexp(x1, x2)


@hookimpl
@direct(da.logical_and)
def logical_and(x1, x2, /):
    return da.logical_and(x1, x2)


@hookimpl
@direct(da.logical_not)
def logical_not(x, /):
    return da.logical_not(x)


@hookimpl
@direct(da.logical_or)
def logical_or(x1, x2, /):
    return da.logical_or(x1, x2)


@hookimpl
@direct(da.logical_xor)
def logical_xor(x1, x2, /):
    return da.logical_xor(x1, x2)


@hookimpl
@direct(da.maximum)
def maximum(x1, x2, /):
    return da.maximum(x1, x2)


@hookimpl
@direct(da.minimum)
def minimum(x1, x2, /):
    return da.minimum(x1, x2)


@hookimpl
@direct(da.multiply)
def multiply(x1, x2, /):
    return da.multiply(x1, x2)


@hookimpl
@direct(da.negative)
def negative(x, /):
    return da.negative(x)


@hookimpl
@direct(da.nextafter)
def nextafter(x1, x2, /):
    return da.nextafter(x1, x2)


@hookimpl
@direct(da.not_equal)
def not_equal(x1, x2, /):
    return da.not_equal(x1, x2)


@hookimpl
@direct(da.positive)
def positive(x, /):
    return da.positive(x)


@hookimpl
def pow(x1, x2, /):
    # No direct mark: the fast path would hand dask's power a negative Python int exponent of an integer array,
    # which it refuses with a TypeError; as an array of the dtype it is NumPy's ValueError, when computed.
    return da.power(x1, x2)


@hookimpl
@direct(da.real)
def real(x, /):
    return da.real(x)


@hookimpl
def reciprocal(x, /):
    return elementwise(_numpy("reciprocal"), x)


@hookimpl
@direct(da.remainder)
def remainder(x1, x2, /):
    return da.remainder(x1, x2)


@hookimpl
def round(x, /):
    return elementwise(_numpy("round"), x)


@hookimpl
def sign(x, /):
    return elementwise(_numpy("sign"), x)


@hookimpl
@direct(da.signbit)
def signbit(x, /):
    return da.signbit(x)


@hookimpl
@direct(da.sin)
def sin(x, /):
    return da.sin(x)


@hookimpl
@direct(da.sinh)
def sinh(x, /):
    return da.sinh(x)


@hookimpl
@direct(da.sqrt)
def sqrt(x, /):
    return da.sqrt(x)


@hookimpl
@direct(da.square)
def square(x, /):
    return da.square(x)


@hookimpl
@direct(da.subtract)
def subtract(x1, x2, /):
    return da.subtract(x1, x2)


@hookimpl
@direct(da.tan)
def tan(x, /):
    return da.tan(x)


@hookimpl
def tanh(x, /):
    return elementwise(_numpy("tanh"), x)


@hookimpl
def trunc(x, /):
    return elementwise(_numpy("trunc"), x)
