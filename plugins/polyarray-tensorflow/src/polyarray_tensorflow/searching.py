"""Searching functions on TensorFlow.

``argmax``/``argmin`` return the first NaN where there is one (NumPy's
rule), and ``searchsorted`` sorts NaN after every other value, as ``sort``
does; TensorFlow's kernels leave NaN to chance.
"""

from __future__ import annotations

import tensorflow as tf

from ._helpers import (
    BOOL,
    COMPLEX,
    REAL_FLOATING,
    dtype_name,
    move_axis_last,
    normalize_axes,
    normalize_axis,
    operands,
    reduced_shape,
    shape_of,
    tensor,
    truth,
    unsupported,
)
from ._marker import hookimpl
from .sorting import stable_argsort


def _arg_extremum(function, x, axis, keepdims, name):
    x = tensor(x)
    shape = shape_of(x)
    if axis is None:
        flat = tf.reshape(x, [-1])
        if int(flat.shape[0]) == 0:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        result = _arg_along(function, flat, 0)
        return tf.reshape(result, [1] * len(shape)) if keepdims else result
    axis = normalize_axis(axis, len(shape))
    if shape[axis] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    result = _arg_along(function, x, axis)
    return tf.expand_dims(result, axis) if keepdims else result


def complex_arg_extremum(x, axis, largest):
    """The index of the largest (or smallest) complex number along ``axis``, ordered as NumPy orders them.

    Real part first, then imaginary part; the first NaN (in either part) wins,
    as NumPy's argmax and argmin of complex numbers give it.
    """
    nan = tf.logical_or(tf.math.is_nan(tf.math.real(x)), tf.math.is_nan(tf.math.imag(x)))
    moved = move_axis_last(x, axis)
    order = stable_argsort(moved, axis=-1, descending=largest)
    result = order[..., 0]
    if not largest:
        first_nan = tf.math.argmax(tf.cast(nan, tf.int8), axis=axis, output_type=tf.int64)
        result = tf.where(tf.reduce_any(nan, axis=axis), first_nan, result)
    return result


def _arg_along(function, x, axis):
    if x.dtype in COMPLEX:
        return complex_arg_extremum(x, axis, largest=function is tf.math.argmax)
    if x.dtype == BOOL:
        x = tf.cast(x, tf.uint8)
    result = function(x, axis=axis, output_type=tf.int64)
    if x.dtype in REAL_FLOATING:
        nan = tf.math.is_nan(x)
        first_nan = tf.math.argmax(tf.cast(nan, tf.int8), axis=axis, output_type=tf.int64)
        result = tf.where(tf.reduce_any(nan, axis=axis), first_nan, result)
    return result


@hookimpl
def argmax(x, /, *, axis=None, keepdims=False):
    return _arg_extremum(tf.math.argmax, x, axis, keepdims, "argmax")


@hookimpl
def argmin(x, /, *, axis=None, keepdims=False):
    return _arg_extremum(tf.math.argmin, x, axis, keepdims, "argmin")


def _nonzero_mask(x):
    return truth(x)


@hookimpl
def count_nonzero(x, /, *, axis=None, keepdims=False):
    x = tensor(x)
    axes = normalize_axes(axis, len(x.shape))
    counts = tf.reduce_sum(tf.cast(_nonzero_mask(x), tf.int64), axis=list(axes), keepdims=keepdims)
    return tf.reshape(counts, reduced_shape(shape_of(x), axes, keepdims))


@hookimpl
def nonzero(x, /):
    x = tensor(x)
    positions = tf.where(_nonzero_mask(x))
    return tuple(positions[:, axis] for axis in range(len(x.shape)))


@hookimpl
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    x1, x2 = tensor(x1), tensor(x2)
    if sorter is not None:
        sorter = tf.cast(tensor(sorter), tf.int64)
        # As NumPy refuses it (an index from the end too): TensorFlow's gather on a GPU would give zeros.
        if tf.executing_eagerly() and bool(tf.reduce_any((sorter < 0) | (sorter >= int(x1.shape[0])))):
            raise ValueError(f"sorter holds an index out of range [0, {int(x1.shape[0])}) for x1")
        x1 = tf.gather(x1, sorter)
    x1, x2 = operands(x1, x2)
    if x1.dtype in COMPLEX:
        raise unsupported("searchsorted", x1.dtype, f"no searchsorted kernel for {dtype_name(x1.dtype)}")
    if x1.dtype == BOOL:
        x1, x2 = tf.cast(x1, tf.uint8), tf.cast(x2, tf.uint8)
    shape = shape_of(x2)
    values = tf.reshape(x2, [-1])
    size = int(x1.shape[0])
    if x1.dtype in REAL_FLOATING:
        # NaNs sort last: search the values among the numbers, and place NaN after them.
        numbers = int(tf.reduce_sum(tf.cast(tf.logical_not(tf.math.is_nan(x1)), tf.int64)))
        found = tf.searchsorted(x1[:numbers], values, side=side, out_type=tf.int64)
        at_nan = tf.constant(numbers if side == "left" else size, tf.int64)
        found = tf.where(tf.math.is_nan(values), at_nan, found)
    else:
        found = tf.searchsorted(x1, values, side=side, out_type=tf.int64)
    return tf.reshape(found, shape)


@hookimpl
def where(condition, x1, x2, /):
    condition = tensor(condition)
    x1, x2 = operands(x1, x2)
    return tf.where(_nonzero_mask(condition), x1, x2)
