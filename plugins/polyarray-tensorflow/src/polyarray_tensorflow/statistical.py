"""Statistical functions on TensorFlow.

Sums and products use the standard's default accumulation dtype (int64 for
booleans and narrower signed integers, uint64 for narrower unsigned ones).
``max``/``min`` propagate NaN, which TensorFlow's reductions do not
guarantee. TensorFlow has no bfloat16 reduction kernels: bfloat16 is
reduced in float32 and rounded once, and float16 means and variances
accumulate in float32, as NumPy's do.
"""

from __future__ import annotations

import math
import operator

import tensorflow as tf

from ._helpers import (
    BOOL,
    COMPLEX,
    HALF,
    INTEGRAL,
    REAL_FLOATING,
    REAL_OF,
    SIGNED,
    UNSIGNED,
    constant,
    normalize_axes,
    normalize_axis,
    reduced_shape,
    shape_of,
    tensor,
)
from ._marker import REDUCTION_OPTIONS, direct, hookimpl
from .elementwise import complex_divide
from .searching import complex_arg_extremum


def _accumulation_dtype(dtype):
    """The standard's default dtype of a sum or product of an array of ``dtype``."""
    if dtype == BOOL or dtype in SIGNED:
        return tf.int64
    if dtype in UNSIGNED:
        return tf.uint64
    return dtype


def _reduction(function, x, axis, keepdims, dtype):
    """``function`` over ``axis`` of ``x`` cast to ``dtype``; bfloat16 is reduced in float32."""
    x = tensor(x)
    dtype = _accumulation_dtype(x.dtype) if dtype is None else tf.as_dtype(dtype)
    axes = normalize_axes(axis, len(x.shape))
    shape = reduced_shape(shape_of(x), axes, keepdims)
    values = tf.cast(x, dtype) if x.dtype != dtype else x
    # Every axis: TensorFlow's own reduction of all (axis=None), at half the cost of naming them.
    reduced = None if len(axes) == len(x.shape) else list(axes)
    if dtype == tf.bfloat16:
        result = tf.cast(function(tf.cast(values, tf.float32), axis=reduced, keepdims=keepdims), dtype)
    elif dtype == BOOL:
        # A boolean sum is "any", a boolean product "all" (NumPy's add and multiply of booleans).
        logical = tf.math.reduce_any if function is tf.math.reduce_sum else tf.math.reduce_all
        result = logical(values, axis=reduced, keepdims=keepdims)
    else:
        result = function(values, axis=reduced, keepdims=keepdims)
    return result if tuple(result.shape) == tuple(shape) else tf.reshape(result, shape)


def _cumulative(function, identity, x, axis, dtype, include_initial):
    x = tensor(x)
    dtype = _accumulation_dtype(x.dtype) if dtype is None else tf.as_dtype(dtype)
    if len(x.shape) == 0:
        x = tf.reshape(x, [1])
    if axis is None:
        axis = 0  # a 1-d array (the core has checked that others give an axis)
    axis = normalize_axis(axis, len(x.shape))
    values = tf.cast(x, dtype) if x.dtype != dtype else x
    if dtype == tf.bfloat16:
        result = tf.cast(function(tf.cast(values, tf.float32), axis=axis), dtype)
    elif dtype == BOOL:
        # Accumulated in int32 (a product of 0s and 1s stays 0 or 1), then "not zero", as NumPy does.
        result = tf.not_equal(function(tf.cast(values, tf.int32), axis=axis), 0)
    else:
        result = function(values, axis=axis)
    if include_initial:
        shape = list(shape_of(result))
        shape[axis] = 1
        result = tf.concat([tf.fill(shape, constant(identity, dtype)), result], axis=axis)
    return result


@hookimpl
def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(tf.math.cumprod, 1, x, axis, dtype, include_initial)


@hookimpl
def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(tf.math.cumsum, 0, x, axis, dtype, include_initial)


def _extremum(function, boolean, x, axis, keepdims, name):
    x = tensor(x)
    shape = shape_of(x)
    axes = normalize_axes(axis, len(shape))
    if any(shape[a] == 0 for a in axes):
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    out_shape = reduced_shape(shape, axes, keepdims)
    if x.dtype in COMPLEX:
        # NumPy orders complex numbers by real part, then imaginary part: the reduced axes
        # are flattened into one and the extreme element is gathered from it.
        kept = [a for a in range(len(shape)) if a not in axes]
        flat = tf.reshape(tf.transpose(x, kept + list(axes)), [shape[a] for a in kept] + [-1])
        index = complex_arg_extremum(flat, -1, largest=name == "maximum")
        return tf.reshape(tf.gather(flat, index[..., None], batch_dims=len(kept))[..., 0], out_shape)
    if x.dtype == BOOL:
        return tf.reshape(boolean(x, axis=list(axes), keepdims=keepdims), out_shape)
    if x.dtype == tf.bfloat16:
        return tf.cast(_extremum(function, boolean, tf.cast(x, tf.float32), axis, keepdims, name), x.dtype)
    result = function(x, axis=list(axes), keepdims=keepdims)
    if x.dtype in REAL_FLOATING:
        has_nan = tf.reduce_any(tf.math.is_nan(x), axis=list(axes), keepdims=keepdims)
        result = tf.where(has_nan, tf.constant(math.nan, x.dtype), result)
    return tf.reshape(result, out_shape)


@hookimpl
def max(x, /, *, axis=None, keepdims=False):
    return _extremum(tf.math.reduce_max, tf.math.reduce_any, x, axis, keepdims, "maximum")


@hookimpl
def min(x, /, *, axis=None, keepdims=False):
    return _extremum(tf.math.reduce_min, tf.math.reduce_all, x, axis, keepdims, "minimum")


def _reduced_size(shape, axes):
    size = 1
    for a in axes:
        size *= shape[a]
    return size


def _mean_work_dtype(dtype):
    """(dtype the mean is computed in, dtype of the result)."""
    if dtype in INTEGRAL:
        return tf.float64, tf.float64
    if dtype in HALF:
        return tf.float32, dtype
    return dtype, dtype


@hookimpl
def mean(x, /, *, axis=None, keepdims=False):
    x = tensor(x)
    shape = shape_of(x)
    axes = normalize_axes(axis, len(shape))
    work, result_dtype = _mean_work_dtype(x.dtype)
    values = tf.cast(x, work) if x.dtype != work else x
    count = _reduced_size(shape, axes)
    total = tf.reduce_sum(values, axis=list(axes), keepdims=keepdims)
    if count == 0:
        result = total * tf.constant(math.nan, work)
    elif work in COMPLEX:
        # NumPy divides a complex sum by the count as a complex number (inf + inf j gives NaN + NaN j).
        result = complex_divide(total, tf.cast(tf.fill(tf.shape(total), count), work))
    else:
        result = total / tf.cast(count, work)
    return tf.reshape(tf.cast(result, result_dtype), reduced_shape(shape, axes, keepdims))


#: The dtypes whose sum and product are TensorFlow's own reduction, uncast (bfloat16 is reduced in float32).
_OWN_ACCUMULATION = frozenset({tf.float16, tf.float32, tf.float64}) | COMPLEX


def _prod_direct(x, /, *, axis=None, dtype=None, keepdims=False):
    """:func:`prod` of a tensor of ``_OWN_ACCUMULATION``: TensorFlow's own, but for a ``dtype`` asked for."""
    if dtype is None:
        return tf.math.reduce_prod(x, axis, keepdims)
    return prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


def _sum_direct(x, /, *, axis=None, dtype=None, keepdims=False):
    """:func:`sum` of a tensor of ``_OWN_ACCUMULATION``: TensorFlow's own, but for a ``dtype`` asked for."""
    if dtype is None:
        return tf.math.reduce_sum(x, axis, keepdims)
    return sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


@direct(_prod_direct, dtypes=_OWN_ACCUMULATION, bare=tf.math.reduce_prod, bare_options=REDUCTION_OPTIONS)
@hookimpl
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    return _reduction(tf.math.reduce_prod, x, axis, keepdims, dtype)


@direct(_sum_direct, dtypes=_OWN_ACCUMULATION, bare=tf.math.reduce_sum, bare_options=REDUCTION_OPTIONS)
@hookimpl
def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    return _reduction(tf.math.reduce_sum, x, axis, keepdims, dtype)


def _variance(x, axis, correction, keepdims):
    """The variance of ``x`` over ``axis`` and its result dtype."""
    x = tensor(x)
    shape = shape_of(x)
    axes = normalize_axes(axis, len(shape))
    correction = operator.index(correction) if isinstance(correction, bool) else correction
    work, _ = _mean_work_dtype(x.dtype)
    result_dtype = REAL_OF.get(x.dtype, x.dtype) if x.dtype not in INTEGRAL else tf.float64
    values = tf.cast(x, work) if x.dtype != work else x
    count = _reduced_size(shape, axes)
    out_shape = reduced_shape(shape, axes, keepdims)
    real_work = REAL_OF.get(work, work)
    if count - correction <= 0:
        return tf.fill(out_shape, tf.constant(math.nan, result_dtype)), result_dtype
    mean_ = tf.reduce_sum(values, axis=list(axes), keepdims=True) / tf.cast(count, work)
    deviation = values - mean_
    if work in COMPLEX:
        squares = tf.math.square(tf.math.real(deviation)) + tf.math.square(tf.math.imag(deviation))
    else:
        squares = tf.math.square(deviation)
    total = tf.reduce_sum(squares, axis=list(axes), keepdims=keepdims)
    variance = total / tf.cast(count - correction, real_work)
    return tf.reshape(variance, out_shape), result_dtype


@hookimpl
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    variance, dtype = _variance(x, axis, correction, keepdims)
    return tf.cast(tf.math.sqrt(tf.cast(variance, variance.dtype)), dtype)


@hookimpl
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    variance, dtype = _variance(x, axis, correction, keepdims)
    return tf.cast(variance, dtype)
