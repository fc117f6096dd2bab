"""Indexing functions on TensorFlow.

Negative indices count from the end; indices out of bounds raise
``IndexError`` (TensorFlow's ``gather`` would fail differently on each
device).
"""

from __future__ import annotations

import tensorflow as tf

from ._helpers import INTEGER, dtype_name, normalize_axis, shape_of, tensor
from ._marker import hookimpl


def _indices(indices, size):
    """Integer ``indices`` into an axis of ``size`` as non-negative int64, checked to be in bounds."""
    indices = tensor(indices)
    if indices.dtype not in INTEGER:
        raise TypeError(f"indices must be integers, not {dtype_name(indices.dtype)}")
    if indices.dtype == tf.uint64:
        too_large = tf.reduce_any(indices >= tf.constant(size, tf.uint64))
        if bool(too_large):
            raise IndexError(f"an index is out of bounds for an axis of size {size}")
    indices = tf.cast(indices, tf.int64)
    if bool(tf.reduce_any(tf.logical_or(indices >= size, indices < -size))):
        raise IndexError(f"an index is out of bounds for an axis of size {size}")
    return tf.where(indices < 0, indices + size, indices)


@hookimpl
def take(x, indices, /, *, axis=None):
    x = tensor(x)
    if axis is None:  # a 1-d (or 0-d) array: the core has checked that others give an axis
        x = tf.reshape(x, [-1])
        axis = 0
    axis = normalize_axis(axis, len(x.shape))
    return tf.gather(x, _indices(indices, shape_of(x)[axis]), axis=axis)


@hookimpl
def take_along_axis(x, indices, /, *, axis=-1):
    x, indices = tensor(x), tensor(indices)
    ndim = len(x.shape)
    if len(indices.shape) != ndim:
        raise ValueError(
            f"take_along_axis needs indices with as many dimensions as x ({ndim}), not {len(indices.shape)}"
        )
    axis = normalize_axis(axis, ndim)
    indices = _indices(indices, shape_of(x)[axis])
    # The gathered axis goes last; the others broadcast and become the batch of tf.gather.
    order = [a for a in range(ndim) if a != axis] + [axis]
    inverse = [order.index(a) for a in range(ndim)]
    moved_x, moved_i = tf.transpose(x, order), tf.transpose(indices, order)
    xs, ins = shape_of(moved_x), shape_of(moved_i)
    batch = list(tf.broadcast_static_shape(tf.TensorShape(xs[:-1]), tf.TensorShape(ins[:-1])).as_list())
    moved_x = tf.broadcast_to(moved_x, [*batch, xs[-1]])
    moved_i = tf.broadcast_to(moved_i, [*batch, ins[-1]])
    gathered = tf.gather(moved_x, moved_i, axis=len(batch), batch_dims=len(batch))
    return tf.transpose(gathered, inverse)
