"""Neural-network functions on TensorFlow.

Of the ``mixed`` functions, TensorFlow's own kernels serve the calls they cover (a
``partial_mixed_handler`` says which: real floating-point input, and the
options TensorFlow has), and the core's composition serves the rest
(complex input, several softmax axes, a batch of ``linear`` weights …).
``layer_norm`` has no TensorFlow function of its own, and ``tf.nn.leaky_relu``
reads ``alpha`` in single precision: both always run the composition. ``dropout``
is the core's composition, drawing its mask from ``pa.random`` (the same mask on
every backend).
"""

from __future__ import annotations

import math
import operator

import numpy as np
import tensorflow as tf

from ._helpers import (
    INEXACT,
    INTEGRAL,
    REAL_FLOATING,
    constant,
    dtype_name,
    is_tensor,
    normalize_axes,
    operands,
    shape_of,
    tensor,
)
from ._marker import hookimpl
from .linear_algebra import matmul_any


def _real_floating(x, *args, **kwargs) -> bool:
    """The native kernels take real floating-point tensors."""
    return is_tensor(x) and x.dtype in REAL_FLOATING


# -- activations ------------------------------------------------------------------------


@hookimpl
def relu(x, /):
    return tf.nn.relu(tensor(x))


_RELU_DTYPES = REAL_FLOATING | (INTEGRAL - {tf.bool})
relu.partial_mixed_handler = lambda x, *args, **kwargs: is_tensor(x) and x.dtype in _RELU_DTYPES


@hookimpl
def gelu(x, /, *, approximate=False):
    # x / 2 * erfc(-x / sqrt(2)) on TensorFlow's erfc kernel: accurate in the negative tail, where
    # 1 + erf cancels. tf.nn.gelu is not used: its results differ from this formula by up to
    # 2.5e-6 (relative, float64) in the tail on TensorFlow 2.21, and before 2.19 it used 1 + erf.
    x = tensor(x)
    result = tf.constant(0.5, x.dtype) * x * tf.math.erfc(-x * tf.constant(math.sqrt(0.5), x.dtype))
    # x * Phi(x) tends to 0 at -inf, where the formula gives -inf * 0 = NaN.
    return tf.where(tf.equal(x, tf.constant(-math.inf, x.dtype)), tf.zeros((), x.dtype), result)


# The tanh approximation is the core's composition (its sigmoid form does not cancel in the tail).
gelu.partial_mixed_handler = lambda x, *args, approximate=False, **kwargs: _real_floating(x) and not approximate


@hookimpl
def sigmoid(x, /):
    return tf.math.sigmoid(tensor(x))


sigmoid.partial_mixed_handler = _real_floating


@hookimpl
def softplus(x, /, *, beta=1.0, threshold=None):
    return tf.math.softplus(tensor(x))


softplus.partial_mixed_handler = lambda x, *args, beta=1.0, threshold=None, **kwargs: (
    _real_floating(x) and beta == 1 and threshold is None
)


def _single_axis(x, *args, axis=-1, **kwargs) -> bool:
    """One axis of a non-empty real floating-point tensor (TensorFlow's softmax kernels)."""
    return _real_floating(x) and isinstance(axis, int) and len(x.shape) > 0 and 0 not in shape_of(x)


def _non_finite_slices(x, axis, result, finite_value):
    """``result`` with each slice along ``axis`` that holds NaN or ``+inf`` as the core's composition gives it.

    TensorFlow's kernels make a slice with ``+inf`` all NaN and may leave finite
    entries of a slice with NaN finite; the composition (and the other
    backends) make a slice with NaN all NaN, and one with ``+inf`` NaN at the
    ``+inf`` entries and ``finite_value`` (0 for softmax, ``-inf`` for
    log_softmax) elsewhere.
    """
    nan = tf.constant(math.nan, x.dtype)
    infinite = tf.equal(x, tf.constant(math.inf, x.dtype))
    replaced = tf.where(infinite, nan, tf.constant(finite_value, x.dtype))
    result = tf.where(tf.reduce_any(infinite, axis=axis, keepdims=True), replaced, result)
    return tf.where(tf.reduce_any(tf.math.is_nan(x), axis=axis, keepdims=True), nan, result)


def _all_finite(x):
    """Whether every element of ``x`` is finite, read where TensorFlow executes eagerly and ``x`` is on the CPU,
    whose tensors NumPy reads without a copy (:func:`_non_finite_slices` makes about ten operations); False
    elsewhere, as in a graph, whose values are not known."""
    return tf.executing_eagerly() and "CPU" in x.device and bool(np.isfinite(x.numpy()).all())


@hookimpl
def softmax(x, /, *, axis=-1):
    x = tensor(x)
    result = tf.nn.softmax(x, axis=axis)
    return result if _all_finite(x) else _non_finite_slices(x, axis, result, 0.0)


softmax.partial_mixed_handler = _single_axis


@hookimpl
def log_softmax(x, /, *, axis=-1):
    x = tensor(x)
    result = tf.nn.log_softmax(x, axis=axis)
    return result if _all_finite(x) else _non_finite_slices(x, axis, result, -math.inf)


log_softmax.partial_mixed_handler = _single_axis


@hookimpl
def logsumexp(x, /, *, axis=None, keepdims=False):
    x = tensor(x)
    axes = normalize_axes(axis, len(x.shape))
    return tf.math.reduce_logsumexp(x, axis=list(axes), keepdims=keepdims)


logsumexp.partial_mixed_handler = lambda x, *args, **kwargs: _real_floating(x) and 0 not in shape_of(x)


# -- layers -----------------------------------------------------------------------------


@hookimpl
def linear(x, weight, /, *, bias=None):
    x, weight = operands(x, weight)
    y = matmul_any(x, tf.transpose(weight))
    if bias is None:
        return y
    y, bias = operands(y, bias)
    return y + bias


linear.partial_mixed_handler = lambda x, weight, *args, **kwargs: (
    is_tensor(weight) and len(weight.shape) == 2 and is_tensor(x) and x.dtype in INEXACT and weight.dtype == x.dtype
)


@hookimpl
def one_hot(indices, depth, /, *, on_value=None, off_value=None, axis=None, dtype=None):
    indices = tensor(indices)
    if indices.dtype not in INTEGRAL - {tf.bool}:
        raise TypeError(f"one_hot needs integer indices, not an array of dtype {dtype_name(indices.dtype)}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"one_hot needs a non-negative integer depth, not {depth!r}")
    ndim = len(indices.shape)
    position = ndim if axis is None else operator.index(axis)
    if not -ndim - 1 <= position <= ndim:
        raise ValueError(f"one_hot: axis {axis} is out of range for a result of {ndim + 1} dimensions")
    position %= ndim + 1
    if dtype is None:
        given = [v for v in (on_value, off_value) if v is not None]
        if given and all(isinstance(v, bool) for v in given):
            dtype = tf.bool
        elif given and all(isinstance(v, int) for v in given):
            dtype = tf.int64
        else:
            dtype = tf.float64
    dtype = tf.as_dtype(dtype)
    on = constant(1 if on_value is None else on_value, dtype)
    off = constant(0 if off_value is None else off_value, dtype)
    # Compared in int64: a huge uint64 index wraps to a negative one, out of range like any other.
    classes = tf.range(depth, dtype=tf.int64)
    wide = tf.cast(indices, tf.int64) if indices.dtype != tf.uint64 else tf.bitcast(indices, tf.int64)
    mask = tf.equal(tf.expand_dims(wide, position), tf.reshape(classes, [depth] + [1] * (ndim - position)))
    return tf.where(mask, on, off)
