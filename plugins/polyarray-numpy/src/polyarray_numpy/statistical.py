"""Statistical functions on NumPy.

NumPy sums and multiplies narrow integers in the platform's C ``long`` (32 bits
on Windows with NumPy 1.x): the standard's default accumulation dtype is chosen
here instead. ``np.cumulative_sum``/``np.cumulative_prod`` exist from NumPy 2.1.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ._helpers import NUMPY_2, normalize_axes, ufunc_reduction
from ._marker import direct, hookimpl

_INT64, _UINT64, _FLOAT64 = np.dtype(np.int64), np.dtype(np.uint64), np.dtype(np.float64)
_NDARRAY, _INTP = np.ndarray, np.intp
# Typed Any: no overload in NumPy's stubs for ufunc.reduce matches the positional calls below.
_ADD: Any = np.add.reduce
_MULTIPLY: Any = np.multiply.reduce

# np.sum, np.prod, np.max, np.min and np.mean dispatch in Python (about 1 µs a call) before they call a ufunc's
# reduction for an ndarray; the functions below make that same call directly, and pass anything else (NumPy's
# scalars) to the NumPy function. tests/test_numpy_direct_calls.py compares them with NumPy's.


def _sum(x, /, *, axis=None, dtype=None, keepdims=False):
    if x.__class__ is _NDARRAY:
        return _ADD(x, axis, dtype, None, keepdims)
    return np.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def _prod(x, /, *, axis=None, dtype=None, keepdims=False):
    if x.__class__ is _NDARRAY:
        return _MULTIPLY(x, axis, dtype, None, keepdims)
    return np.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


_max = ufunc_reduction(np.maximum, np.max)
_min = ufunc_reduction(np.minimum, np.min)


def _mean(x, /, *, axis=None, keepdims=False):
    """np.mean of a non-empty real or complex floating ndarray wider than float16, as NumPy computes it (a sum
    divided by the count as an ``intp``, in place for an array result)."""
    if x.__class__ is not _NDARRAY or x.dtype.kind not in "fc" or x.dtype.itemsize < 4 or x.size == 0:
        return np.mean(x, axis=axis, keepdims=keepdims)
    if axis is None:
        count = x.size
    else:
        count = 1
        for each in normalize_axes(axis, x.ndim):
            count *= x.shape[each]
    total = _ADD(x, axis, None, None, keepdims)
    if total.__class__ is _NDARRAY:
        return np.true_divide(total, _INTP(count), out=total, casting="unsafe", subok=False)
    return total.dtype.type(total / _INTP(count))


def _accumulation_dtype(dtype):
    """The standard's default dtype of a sum or product of an array of ``dtype``."""
    kind = dtype.kind
    if kind == "b" or (kind == "i" and dtype.itemsize < 8):
        return _INT64
    if kind == "u" and dtype.itemsize < 8:
        return _UINT64
    # NumPy's reductions take a dtype= of native byte order only, also for big-endian input.
    return dtype if dtype.isnative else dtype.newbyteorder("=")


def _reduced_axes(axis, ndim):
    """``axis`` as a tuple of distinct non-negative axes (all of them for ``None``)."""
    if axis is None:
        return tuple(range(ndim))
    return normalize_axes(axis, ndim)


def _nan_result(x, axis, keepdims, dtype):
    """The all-NaN result of a reduction of ``x`` over ``axis`` (for means and variances of too few elements)."""
    axes = _reduced_axes(axis, x.ndim)
    if keepdims:
        shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    else:
        shape = tuple(n for i, n in enumerate(x.shape) if i not in axes)
    nan = complex(np.nan, np.nan) if dtype.kind == "c" else np.nan
    return np.full(shape, nan, dtype=dtype)


def _reduced_size(x, axis):
    axes = _reduced_axes(axis, x.ndim)
    size = 1
    for a in axes:
        size *= x.shape[a]
    return size


def _accumulates_in_own_dtype(x, /, *, axis=None, dtype=None, keepdims=False):
    """Whether a sum or product of ``x`` is NumPy's own: no dtype asked for, and ``x`` accumulates in its dtype."""
    return dtype is None and type(x) is np.ndarray and _accumulation_dtype(x.dtype) == x.dtype


def _not_empty(x, /, *, axis=None, keepdims=False):
    return type(x) is np.ndarray and x.size > 0


def _not_empty_without_correction(x, /, *, axis=None, correction=0.0, keepdims=False):
    # With no correction and some elements, no NaN case applies.
    return correction == 0 and type(x) is np.ndarray and x.size > 0


#: NumPy 2 takes ``correction=`` in np.std and np.var itself (the same arguments as ours).
_TAKES_CORRECTION = NUMPY_2


def _mean_dtype(dtype):
    return dtype if dtype.kind in "fc" else _FLOAT64


def _variance_dtype(dtype):
    if dtype.kind == "f":
        return dtype
    if dtype.kind == "c":
        return np.finfo(dtype).dtype
    return _FLOAT64


def _cumulative(accumulate, identity, x, axis, dtype, include_initial):
    """A cumulative sum or product as ``np.cumulative_sum``/``np.cumulative_prod`` of NumPy 2.1 compute it."""
    x = np.asarray(x)
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        axis = 0  # a 1-d array (the core has checked that others give an axis)
    result = accumulate(x, axis=axis, dtype=dtype)
    if include_initial:
        axis = operator.index(axis) % result.ndim
        shape = (*result.shape[:axis], 1, *result.shape[axis + 1 :])
        result = np.concatenate([np.full(shape, identity, dtype=result.dtype), result], axis=axis)
    return result


@hookimpl(specname="cumulative_prod")
def cumulative_prod_v_2p1_and_above(x, /, *, axis=None, dtype=None, include_initial=False):
    x = np.asarray(x)
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    return np.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)


@hookimpl(specname="cumulative_prod")
def cumulative_prod_v_2p0_and_below(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(np.cumprod, 1, x, axis, dtype, include_initial)


@hookimpl(specname="cumulative_sum")
def cumulative_sum_v_2p1_and_above(x, /, *, axis=None, dtype=None, include_initial=False):
    x = np.asarray(x)
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    return np.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)


@hookimpl(specname="cumulative_sum")
def cumulative_sum_v_2p0_and_below(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(np.cumsum, 0, x, axis, dtype, include_initial)


@hookimpl
@direct(_max)
def max(x, /, *, axis=None, keepdims=False):
    return _max(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_mean, when=_not_empty)
def mean(x, /, *, axis=None, keepdims=False):
    x = np.asarray(x)
    if x.size == 0:
        # NumPy warns and divides 0 by 0: the standard's mean of no elements is NaN.
        if _reduced_size(x, axis) == 0:
            return _nan_result(x, axis, keepdims, _mean_dtype(x.dtype))
        return np.mean(x, axis=axis, keepdims=keepdims, dtype=_mean_dtype(x.dtype))
    return _mean(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_min)
def min(x, /, *, axis=None, keepdims=False):
    return _min(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_prod, when=_accumulates_in_own_dtype)
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    x = np.asarray(x)
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    return _prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


#: The dtypes a sum accumulates in whatever dtype= asks: NumPy's own sum is the implementation's there.
_OWN_ACCUMULATION = tuple(np.dtype(name) for name in ("float32", "float64", "complex64", "complex128"))


@hookimpl
@direct(_sum, when=_accumulates_in_own_dtype, dtypes=_OWN_ACCUMULATION)
def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    x = np.asarray(x)
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    return _sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


@hookimpl
@direct(np.var if _TAKES_CORRECTION else None, when=_not_empty_without_correction)
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    x = np.asarray(x)
    if (correction > 0 or x.size == 0) and _reduced_size(x, axis) - correction <= 0:
        # NumPy warns and gives inf or NaN here: the standard asks for NaN.
        return _nan_result(x, axis, keepdims, _variance_dtype(x.dtype))
    return np.var(x, axis=axis, ddof=correction, keepdims=keepdims)


@hookimpl
@direct(np.std if _TAKES_CORRECTION else None, when=_not_empty_without_correction)
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    x = np.asarray(x)
    if (correction > 0 or x.size == 0) and _reduced_size(x, axis) - correction <= 0:
        return _nan_result(x, axis, keepdims, _variance_dtype(x.dtype))
    return np.std(x, axis=axis, ddof=correction, keepdims=keepdims)
