"""Utility functions on TensorFlow."""

from __future__ import annotations

import operator

import tensorflow as tf

from ._helpers import BOOL, common_dtype, normalize_axes, normalize_axis, reduced_shape, shape_of, tensor, truth
from ._marker import hookimpl


def _truth(x):
    return truth(x)


def _logical_reduction(function, x, axis, keepdims):
    x = tensor(x)
    axes = normalize_axes(axis, len(x.shape))
    result = function(_truth(x), axis=list(axes), keepdims=keepdims)
    return tf.reshape(result, reduced_shape(shape_of(x), axes, keepdims))


@hookimpl
def all(x, /, *, axis=None, keepdims=False):
    return _logical_reduction(tf.math.reduce_all, x, axis, keepdims)


@hookimpl
def any(x, /, *, axis=None, keepdims=False):
    return _logical_reduction(tf.math.reduce_any, x, axis, keepdims)


def _edge(part, x, axis):
    """``prepend``/``append`` as an array to join to ``x`` along ``axis`` (a scalar fills one slice)."""
    part = tensor(part)
    if len(part.shape) == 0:
        shape = list(shape_of(x))
        shape[axis] = 1
        part = tf.broadcast_to(part, shape)
    return part


@hookimpl
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    x = tensor(x)
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"diff needs a non-negative order n, not {n}")
    axis = normalize_axis(axis, len(x.shape))
    parts = [x]
    if prepend is not None:
        parts.insert(0, _edge(prepend, x, axis))
    if append is not None:
        parts.append(_edge(append, x, axis))
    if len(parts) > 1:
        # Joined as NumPy joins them: the dtypes promote.
        dtype = common_dtype(parts)
        x = tf.concat([tf.cast(p, dtype) if p.dtype != dtype else p for p in parts], axis=axis)
    for _ in range(n):
        size = shape_of(x)[axis]
        if size == 0:
            break
        upper = tf.gather(x, tf.range(1, size), axis=axis)
        lower = tf.gather(x, tf.range(0, size - 1), axis=axis)
        # NumPy's diff of booleans is "not equal".
        x = tf.not_equal(upper, lower) if x.dtype == BOOL else upper - lower
    return x
