"""Statistical functions on Dask: tree reductions over the blocks, computed where the blocks are.

The accumulation dtypes are the standard's, as on the NumPy backend (sums of
narrow integers in int64 or uint64, means of integers in float64). Where a
mean or variance has too few elements, the result is NaN, decided from the
shape when it is known and inside the graph when it is not.
"""

from __future__ import annotations

import math

import dask.array as da
import numpy as np

from ._helpers import numpy_when_empty, reduced_axes, reduced_size, unknown
from ._marker import hookimpl

_INT64, _UINT64, _FLOAT64 = np.dtype(np.int64), np.dtype(np.uint64), np.dtype(np.float64)


def _accumulation_dtype(dtype):
    """The standard's default dtype of a sum or product of an array of ``dtype``."""
    kind = dtype.kind
    if kind == "b" or (kind == "i" and dtype.itemsize < 8):
        return _INT64
    if kind == "u" and dtype.itemsize < 8:
        return _UINT64
    return dtype


def _mean_dtype(dtype):
    return dtype if dtype.kind in "fc" else _FLOAT64


def _variance_dtype(dtype):
    if dtype.kind == "f":
        return dtype
    if dtype.kind == "c":
        return np.finfo(dtype).dtype
    return _FLOAT64


def _reduced_shape(x, axis, keepdims):
    axes = reduced_axes(axis, x.ndim)
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    return tuple(n for i, n in enumerate(x.shape) if i not in axes)


def _nan(x, axis, keepdims, dtype):
    """The all-NaN result of a reduction of ``x`` over ``axis``."""
    nan = complex(np.nan, np.nan) if dtype.kind == "c" else np.nan
    shape = _reduced_shape(x, axis, keepdims)
    if unknown(shape):
        return da.full_like(da.sum(x, axis=axis, keepdims=keepdims, dtype=dtype), nan, dtype=dtype)
    return da.full(shape, nan, dtype=dtype)


def _cumulative(accumulate, identity, x, axis, dtype, include_initial):
    if dtype is None:
        dtype = _accumulation_dtype(x.dtype)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    axis %= x.ndim
    result = accumulate(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = (*result.shape[:axis], 1, *result.shape[axis + 1 :])
        result = da.concatenate([da.full(shape, identity, dtype=result.dtype), result], axis=axis)
    return result


def _cast_blocks(accumulate):
    """``accumulate`` whose blocks are cast to the ``dtype`` asked for (Dask before 2025.10 accumulates
    each block in NumPy's default dtype and ignores it, while saying it gives it)."""

    def accumulated(x, *, axis, dtype):
        return da.map_blocks(_astype, accumulate(x, axis=axis, dtype=dtype), dtype=dtype, target=np.dtype(dtype))

    return accumulated


def _astype(block, target):
    # Integers wrap around as an accumulation in the narrower dtype would.
    return block.astype(target, copy=False)


@hookimpl(specname="cumulative_prod")
@numpy_when_empty("statistical")
def cumulative_prod_v_2025p10_and_above(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(da.cumprod, 1, x, axis, dtype, include_initial)


@hookimpl(specname="cumulative_prod")
@numpy_when_empty("statistical")
def cumulative_prod_v_2025p9_and_below(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_cast_blocks(da.cumprod), 1, x, axis, dtype, include_initial)


@hookimpl(specname="cumulative_sum")
@numpy_when_empty("statistical")
def cumulative_sum_v_2025p10_and_above(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(da.cumsum, 0, x, axis, dtype, include_initial)


@hookimpl(specname="cumulative_sum")
@numpy_when_empty("statistical")
def cumulative_sum_v_2025p9_and_below(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(_cast_blocks(da.cumsum), 0, x, axis, dtype, include_initial)


@hookimpl
@numpy_when_empty("statistical")
def max(x, /, *, axis=None, keepdims=False):
    return da.max(x, axis=axis, keepdims=keepdims)


@hookimpl
@numpy_when_empty("statistical")
def min(x, /, *, axis=None, keepdims=False):
    return da.min(x, axis=axis, keepdims=keepdims)


@hookimpl
@numpy_when_empty("statistical")
def mean(x, /, *, axis=None, keepdims=False):
    dtype = _mean_dtype(x.dtype)
    if reduced_size(x, axis) == 0:
        return _nan(x, axis, keepdims, dtype)
    return da.mean(x, axis=axis, keepdims=keepdims, dtype=dtype)


@hookimpl
@numpy_when_empty("statistical")
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    return da.prod(x, axis=axis, dtype=dtype or _accumulation_dtype(x.dtype), keepdims=keepdims)


@hookimpl
@numpy_when_empty("statistical")
def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    return da.sum(x, axis=axis, dtype=dtype or _accumulation_dtype(x.dtype), keepdims=keepdims)


def _moment(function, x, axis, correction, keepdims):
    dtype = _variance_dtype(x.dtype)
    size = reduced_size(x, axis)
    if not math.isnan(size) and (correction > 0 or size == 0) and size - correction <= 0:
        return _nan(x, axis, keepdims, dtype)
    result = function(x, axis=axis, ddof=correction, keepdims=keepdims)
    if math.isnan(size) and correction > 0:
        # Too few elements is known only when computed: NaN there, as on NumPy.
        count = da.sum(da.ones_like(x, dtype=np.intp), axis=axis, keepdims=keepdims)
        result = da.where(count - correction > 0, result, np.asarray(np.nan, dtype=dtype))
    return result.astype(dtype)


@hookimpl
@numpy_when_empty("statistical")
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _moment(da.var, x, axis, correction, keepdims)


@hookimpl
@numpy_when_empty("statistical")
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _moment(da.std, x, axis, correction, keepdims)
