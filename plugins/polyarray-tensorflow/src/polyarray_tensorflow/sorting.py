"""Sorting functions on TensorFlow.

TensorFlow sorts with ``top_k``, which is stable but leaves NaN and
booleans to chance: NaNs are placed explicitly (last in ascending order,
first in descending order), booleans are sorted as uint8, and complex
numbers lexicographically (real part, then imaginary part) as NumPy does.
``top_k`` is TensorFlow's own for the largest integers (its order of equal
elements is the index order); floats and booleans go to the core's
composition.
"""

from __future__ import annotations

import tensorflow as tf

from ._helpers import BOOL, COMPLEX, REAL_FLOATING, normalize_axis, tensor
from ._marker import hookimpl


def _stable_argsort_last(x, descending):
    """Indices that sort ``x`` along its last axis, stably, NaNs last (first when ``descending``)."""
    if x.dtype == BOOL:
        x = tf.cast(x, tf.uint8)
    if x.dtype in COMPLEX:
        # Lexicographic: sort by the imaginary part, then stably by the real part.
        first = _stable_argsort_last(tf.math.imag(x), descending)
        real = tf.gather(tf.math.real(x), first, batch_dims=len(x.shape) - 1)
        second = _stable_argsort_last(real, descending)
        return tf.gather(first, second, batch_dims=len(x.shape) - 1)
    direction = "DESCENDING" if descending else "ASCENDING"
    if x.dtype not in REAL_FLOATING:
        return tf.argsort(x, axis=-1, direction=direction, stable=True)
    nan = tf.math.is_nan(x)
    filled = tf.where(nan, tf.constant(float("-inf") if descending else float("inf"), x.dtype), x)
    order = tf.argsort(filled, axis=-1, direction=direction, stable=True)
    # Move the NaNs to their end, keeping both groups in order.
    nan_sorted = tf.cast(tf.gather(nan, order, batch_dims=len(x.shape) - 1), tf.int8)
    key = (1 - nan_sorted) if descending else nan_sorted
    regroup = tf.argsort(key, axis=-1, direction="ASCENDING", stable=True)
    return tf.gather(order, regroup, batch_dims=len(x.shape) - 1)


def _moved(x, axis):
    """``x`` with ``axis`` moved last, and the permutation that moves it back."""
    ndim = len(x.shape)
    axis = normalize_axis(axis, ndim)
    if axis == ndim - 1:
        return x, None
    order = [a for a in range(ndim) if a != axis] + [axis]
    return tf.transpose(x, order), [order.index(a) for a in range(ndim)]


def _back(x, inverse):
    return x if inverse is None else tf.transpose(x, inverse)


def _argsort_moved(x, descending):
    if x.shape[-1] == 0:
        return tf.zeros(tf.shape(x), tf.int64)
    return tf.cast(_stable_argsort_last(x, descending), tf.int64)


def stable_argsort(x, axis=-1, descending=False):
    """Indices (int64) that sort ``x`` along ``axis`` as NumPy's stable sort does."""
    moved, inverse = _moved(tensor(x), axis)
    return _back(_argsort_moved(moved, descending), inverse)


@hookimpl
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    return stable_argsort(x, axis, descending)


@hookimpl
def sort(x, /, *, axis=-1, descending=False, stable=True):
    moved, inverse = _moved(tensor(x), axis)
    order = _argsort_moved(moved, descending)
    return _back(tf.gather(moved, order, batch_dims=len(moved.shape) - 1), inverse)


@hookimpl
def top_k(x, k, /, *, axis=-1, largest=True):
    moved, inverse = _moved(tensor(x), axis)
    values, indices = tf.math.top_k(moved, k, sorted=True)
    return _back(values, inverse), _back(tf.cast(indices, tf.int64), inverse)


_TOP_K_DTYPES = frozenset({tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16})


def _top_k_handles(x, k, /, *, axis=-1, largest=True) -> bool:
    """The largest integers, for a valid ``k`` (the core's composition raises polyarray's errors)."""
    if largest is not True or not isinstance(x, tf.Tensor) or not x.shape.rank or x.dtype not in _TOP_K_DTYPES:
        return False
    rank = x.shape.rank
    return (
        type(k) is int
        and type(axis) is int
        and -rank <= axis < rank
        and x.shape[axis] is not None
        and 0 <= k <= x.shape[axis]
    )


top_k.partial_mixed_handler = _top_k_handles
