"""Main-namespace linear algebra on TensorFlow.

TensorFlow multiplies matrices of int32, int64 and floating dtypes only.
Other integers are multiplied exactly in int64 and wrapped back to their
dtype (the same bits NumPy's wrapping arithmetic gives; uint64 through its
int64 bit pattern), and booleans as NumPy does: an element is true where
some product is.
"""

from __future__ import annotations

import operator

import numpy as np
import tensorflow as tf

from ._helpers import (
    BOOL,
    COMPLEX,
    move_axis_last,
    normalize_axis,
    operands,
    shape_of,
    tensor,
)
from ._marker import hookimpl

#: The dtypes TensorFlow's matmul kernels take.
_NATIVE_MATMUL = frozenset(
    {tf.int32, tf.int64, tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.complex64, tf.complex128}
)


def _matmul2(a, b):
    """``a @ b`` for operands of one dtype and at least 2 dimensions each (the stacks broadcast)."""
    dtype = a.dtype
    if dtype in _NATIVE_MATMUL:
        return tf.linalg.matmul(a, b)
    if dtype == BOOL:
        product = tf.linalg.matmul(tf.cast(a, tf.int64), tf.cast(b, tf.int64))
        return tf.not_equal(product, tf.zeros((), tf.int64))
    if dtype == tf.uint64:
        product = tf.linalg.matmul(tf.bitcast(a, tf.int64), tf.bitcast(b, tf.int64))
        return tf.bitcast(product, tf.uint64)
    return tf.cast(tf.linalg.matmul(tf.cast(a, tf.int64), tf.cast(b, tf.int64)), dtype)


def matmul_any(x1, x2):
    """``x1 @ x2`` with the standard's rules for 1-d operands."""
    x1, x2 = operands(x1, x2)
    s1, s2 = shape_of(x1), shape_of(x2)
    if len(s1) == 0 or len(s2) == 0:
        raise ValueError("matmul needs operands of at least 1 dimension, not 0-d arrays")
    a = tf.reshape(x1, [1, s1[0]]) if len(s1) == 1 else x1
    b = tf.reshape(x2, [s2[0], 1]) if len(s2) == 1 else x2
    sa, sb = shape_of(a), shape_of(b)
    if sa[-1] != sb[-2]:
        raise ValueError(f"matmul: the contracted sizes differ ({sa[-1]} and {sb[-2]}) for shapes {s1} and {s2}")
    try:
        batch = tuple(np.broadcast_shapes(sa[:-2], sb[:-2]))
    except ValueError:
        raise ValueError(f"matmul: the stack shapes of {s1} and {s2} do not broadcast") from None
    if sa[:-2] != batch:
        a = tf.broadcast_to(a, batch + sa[-2:])
    if sb[:-2] != batch:
        b = tf.broadcast_to(b, batch + sb[-2:])
    result = _matmul2(a, b)
    if len(s1) == 1:
        result = tf.squeeze(result, axis=-2)
    if len(s2) == 1:
        result = tf.squeeze(result, axis=-1)
    return result


@hookimpl
def einsum(subscripts, /, *operands):
    return tf.einsum(subscripts, *operands)


def _einsum_handles(subscripts, /, *operands, **unexpected) -> bool:
    """TensorFlow's ``einsum``: tensors of one dtype its kernels take, no ellipsis, no label of size 1
    against a larger one (TensorFlow broadcasts neither) and none of size 0 (an empty sum times NaN is 0 in
    NumPy); the core's composition computes the rest."""
    if unexpected or not isinstance(subscripts, str):
        return False  # the core's check refuses the call
    if "." in subscripts or not all(isinstance(x, tf.Tensor) for x in operands):
        return False
    if len({x.dtype for x in operands}) != 1 or operands[0].dtype not in _NATIVE_MATMUL:
        return False
    sizes: dict[str, set] = {}
    terms = subscripts.replace(" ", "").partition("->")[0].split(",")
    for term, x in zip(terms, operands):
        for label, size in zip(term, x.shape.as_list()):
            sizes.setdefault(label, set()).add(size)
    return all(len(found) == 1 and None not in found and 0 not in found for found in sizes.values())


einsum.partial_mixed_handler = _einsum_handles


@hookimpl
def matmul(x1, x2, /):
    return matmul_any(x1, x2)


@hookimpl
def matrix_transpose(x, /):
    return tf.linalg.matrix_transpose(tensor(x))


def _contract(x1, x2, axes1, axes2):
    """The sum over ``axes1`` of ``x1`` and ``axes2`` of ``x2``: a matrix product of reshaped operands."""
    s1, s2 = shape_of(x1), shape_of(x2)
    free1 = [a for a in range(len(s1)) if a not in axes1]
    free2 = [a for a in range(len(s2)) if a not in axes2]
    inner = int(np.prod([s1[a] for a in axes1], dtype=np.int64))
    a = tf.reshape(tf.transpose(x1, free1 + list(axes1)), [-1, inner] if free1 else [1, inner])
    b = tf.reshape(tf.transpose(x2, list(axes2) + free2), [inner, -1] if free2 else [inner, 1])
    rows = int(np.prod([s1[i] for i in free1], dtype=np.int64))
    cols = int(np.prod([s2[i] for i in free2], dtype=np.int64))
    a = tf.reshape(a, [rows, inner])
    b = tf.reshape(b, [inner, cols])
    product = _matmul2(a, b)
    return tf.reshape(product, [s1[i] for i in free1] + [s2[i] for i in free2])


@hookimpl
def tensordot(x1, x2, /, *, axes=2):
    x1, x2 = operands(x1, x2)
    s1, s2 = shape_of(x1), shape_of(x2)
    if isinstance(axes, (tuple, list)):
        if len(axes) != 2:
            raise ValueError("tensordot axes must be an int or a pair of sequences of axes")
        first, second = axes
        first = [first] if isinstance(first, int) else list(first)
        second = [second] if isinstance(second, int) else list(second)
        if len(first) != len(second):
            raise ValueError("tensordot needs as many axes of x1 as of x2")
        axes1 = [normalize_axis(a, len(s1)) for a in first]
        axes2 = [normalize_axis(a, len(s2)) for a in second]
    else:
        count = operator.index(axes)
        axes1 = list(range(len(s1) - count, len(s1)))
        axes2 = list(range(count))
    for a, b in zip(axes1, axes2):
        if s1[a] != s2[b]:
            raise ValueError(f"tensordot: axis {a} of x1 has size {s1[a]}, axis {b} of x2 has size {s2[b]}")
    return _contract(x1, x2, axes1, axes2)


@hookimpl
def vecdot(x1, x2, /, *, axis=-1):
    x1, x2 = operands(x1, x2)
    s1, s2 = shape_of(x1), shape_of(x2)
    a1, a2 = normalize_axis(axis, len(s1)), normalize_axis(axis, len(s2))
    x1 = move_axis_last(x1, a1)
    x2 = move_axis_last(x2, a2)
    if x1.dtype in COMPLEX:
        x1 = tf.math.conj(x1)
    batch = tuple(np.broadcast_shapes(shape_of(x1)[:-1], shape_of(x2)[:-1]))
    a = tf.broadcast_to(x1, (*batch, s1[a1]))[..., None, :]
    b = tf.broadcast_to(x2, (*batch, s1[a1]))[..., :, None]
    return tf.reshape(_matmul2(a, b), batch)
