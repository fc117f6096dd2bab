"""Manipulation functions on TensorFlow.

Joining functions promote their inputs as NumPy does; shapes that do not
fit raise ``ValueError`` (TensorFlow's ``InvalidArgumentError`` is turned into one).
"""

from __future__ import annotations

import itertools
import operator

import numpy as np
import tensorflow as tf

from ._helpers import (
    common_dtype,
    normalize_axes,
    normalize_axis,
    shape_of,
    tensor,
)
from ._marker import hookimpl


def _broadcast_shape(shapes):
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError as error:
        raise ValueError(f"shapes {', '.join(map(str, shapes))} do not broadcast: {error}") from None


@hookimpl
def broadcast_arrays(*arrays):
    arrays = [tensor(a) for a in arrays]
    shape = _broadcast_shape([shape_of(a) for a in arrays])
    return [tf.broadcast_to(a, shape) for a in arrays]


@hookimpl
def broadcast_to(x, /, shape):
    x = tensor(x)
    shape = tuple(operator.index(n) for n in shape)
    have = shape_of(x)
    if len(have) > len(shape) or any(n not in (1, m) for n, m in zip(reversed(have), reversed(shape))):
        raise ValueError(f"an array of shape {have} cannot be broadcast to {shape}")
    return tf.broadcast_to(x, shape)


def _joined(arrays):
    arrays = [tensor(a) for a in arrays]
    dtype = common_dtype(arrays)
    return [a if a.dtype == dtype else tf.cast(a, dtype) for a in arrays]


@hookimpl
def concat(arrays, /, *, axis=0):
    arrays = _joined(arrays)
    if axis is None:
        return tf.concat([tf.reshape(a, [-1]) for a in arrays], axis=0)
    ndim = len(arrays[0].shape)
    if ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis(axis, ndim)
    for index, a in enumerate(arrays[1:], start=1):
        if len(a.shape) != ndim:
            raise ValueError(
                f"all arrays must have the same number of dimensions: array 0 has {ndim}, "
                f"array {index} has {len(a.shape)}"
            )
    return tf.concat(arrays, axis=axis)


@hookimpl
def expand_dims(x, /, axis=0):
    x = tensor(x)
    return tf.expand_dims(x, operator.index(axis))  # the core has checked the axis


@hookimpl
def flip(x, /, *, axis=None):
    x = tensor(x)
    axes = normalize_axes(axis, len(x.shape))
    return tf.reverse(x, list(axes)) if axes else tf.identity(x)


def _axis_list(value, ndim):
    items = value if isinstance(value, (tuple, list)) else (value,)
    return [normalize_axis(a, ndim) for a in items]


@hookimpl
def moveaxis(x, source, destination, /):
    x = tensor(x)
    ndim = len(x.shape)
    source, destination = _axis_list(source, ndim), _axis_list(destination, ndim)
    if len(source) != len(destination):
        raise ValueError("moveaxis needs as many destination axes as source axes")
    if len(set(source)) != len(source) or len(set(destination)) != len(destination):
        raise ValueError("moveaxis axes must be distinct")
    order = [n for n in range(ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return tf.transpose(x, order)


@hookimpl
def pad(x, pad_width, /, mode="constant", *, constant_values=0):
    x = tensor(x)
    pairs = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (x.shape.rank, 2))
    if mode == "constant":
        return tf.pad(x, pairs, constant_values=tf.constant(constant_values, dtype=x.dtype))
    return tf.pad(x, pairs, mode=mode.upper())


_PAD_CONSTANTS = {"bool": (bool,), "integral": (int,), "floating": (int, float), "complex": (int, float, complex)}


def _pad_handles(x, pad_width, /, mode="constant", *, constant_values=0) -> bool:
    """TensorFlow's ``pad``: the constant mode with one constant of the array's kind, and the reflect and
    symmetric modes where the widths stay within the axis (its limit); the core's composition pads the rest."""
    if not isinstance(x, tf.Tensor) or None in x.shape.as_list():
        return False
    if mode == "constant":
        dtype = x.dtype
        group = (
            "bool"
            if dtype == tf.bool
            else "complex"
            if dtype.is_complex
            else "floating"
            if dtype.is_floating
            else "integral"
        )
        return type(constant_values) in _PAD_CONSTANTS[group]
    if mode not in ("reflect", "symmetric"):
        return False
    try:
        pairs = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (x.shape.rank, 2)).tolist()
    except (TypeError, ValueError):
        return False  # the core's check refuses these widths
    limit = 1 if mode == "reflect" else 0
    return all(max(pair) <= size - limit for size, pair in zip(x.shape.as_list(), pairs))


pad.partial_mixed_handler = _pad_handles


@hookimpl
def permute_dims(x, /, axes):
    x = tensor(x)
    ndim = len(x.shape)
    axes = [normalize_axis(a, ndim) for a in axes]
    if sorted(axes) != list(range(ndim)):
        raise ValueError(f"axes {tuple(axes)} are not a permutation of the {ndim} axes")
    return tf.transpose(x, axes)


@hookimpl
def repeat(x, repeats, /, *, axis=None):
    x = tensor(x)
    if isinstance(repeats, int):
        if repeats < 0:
            raise ValueError(f"repeat needs non-negative counts, not {repeats}")
        counts = tf.constant(repeats, tf.int64)
    else:
        counts = tf.cast(tensor(repeats), tf.int64)
        if bool(tf.reduce_any(counts < 0)):
            raise ValueError("repeat needs non-negative counts")
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    else:
        axis = normalize_axis(axis, len(x.shape))
    size = shape_of(x)[axis]
    if len(counts.shape) > 1 or (len(counts.shape) == 1 and int(counts.shape[0]) not in (1, size)):
        raise ValueError(f"repeat needs one count or {size} counts, not an array of shape {shape_of(counts)}")
    if 0 in shape_of(x):
        # TensorFlow's repeat fails on empty input: the result is empty too, of the repeated length.
        if len(counts.shape) == 0 or int(counts.shape[0]) == 1:
            total = size * int(tf.reshape(counts, [-1])[0]) if size else 0
        else:
            total = int(tf.reduce_sum(counts))
        result_shape = list(shape_of(x))
        result_shape[axis] = total
        return tf.zeros(result_shape, x.dtype)
    if x.dtype == tf.uint16:
        # TensorFlow has no uint16 tile kernel (repeat uses it): repeat the same bits as int16.
        return tf.bitcast(tf.repeat(tf.bitcast(x, tf.int16), counts, axis=axis), tf.uint16)
    return tf.repeat(x, counts, axis=axis)


@hookimpl
def reshape(x, /, shape, *, copy=None):
    # Tensors are immutable and reshaping never needs a copy, so copy=False always holds.
    return tf.reshape(tensor(x), [operator.index(n) for n in shape])


@hookimpl
def roll(x, /, shift, *, axis=None):
    x = tensor(x)
    if axis is None:
        shape = shape_of(x)
        flat = tf.reshape(x, [-1])
        if int(flat.shape[0]) == 0:
            return tf.identity(x)
        total = sum(shift) if isinstance(shift, (tuple, list)) else operator.index(shift)
        return tf.reshape(tf.roll(flat, total, axis=0), shape)
    axes = _axis_list(axis, len(x.shape))
    if not axes:
        return tf.identity(x)
    shifts = list(shift) if isinstance(shift, (tuple, list)) else [shift] * len(axes)
    if len(shifts) != len(axes):
        if len(shifts) == 1:
            shifts = shifts * len(axes)
        elif len(axes) == 1:
            axes = axes * len(shifts)
        else:
            raise ValueError("roll needs as many shifts as axes")
    if any(shape_of(x)[a] == 0 for a in axes):
        return tf.identity(x)
    return tf.roll(x, [operator.index(s) for s in shifts], axes)


@hookimpl
def split(x, indices_or_sections, /, *, axis=0):
    x = tensor(x)
    if isinstance(indices_or_sections, int):
        return tf.split(x, indices_or_sections, axis=axis)
    points = [0, *(int(i) for i in indices_or_sections), x.shape[axis]]
    return tf.split(x, [b - a for a, b in itertools.pairwise(points)], axis=axis)


def _split_handles(x, indices_or_sections, /, *, axis=0) -> bool:
    """``tf.split`` (by section sizes) for a number of sections, or split points in order within the axis;
    the core's composition splits at negative or backward points, which NumPy reads as slice bounds."""
    if not isinstance(x, tf.Tensor) or type(axis) is not int or not -x.shape.rank <= axis < x.shape.rank:
        return False
    length = x.shape[axis]
    if length is None:
        return False
    if type(indices_or_sections) is int:
        return indices_or_sections > 0 and length % indices_or_sections == 0
    try:
        points = [operator.index(i) for i in indices_or_sections]
    except TypeError:
        return False
    return all(0 <= a <= b <= length for a, b in zip([0, *points], [*points, length]))


split.partial_mixed_handler = _split_handles


@hookimpl
def squeeze(x, /, axis):
    x = tensor(x)
    shape = shape_of(x)
    axes = normalize_axes(axis, len(shape))
    for a in axes:
        if shape[a] != 1:
            raise ValueError(f"cannot squeeze axis {a}: its size is {shape[a]}, not 1")
    return tf.reshape(x, [n for i, n in enumerate(shape) if i not in axes])


@hookimpl
def stack(arrays, /, *, axis=0):
    arrays = _joined(arrays)
    axis = operator.index(axis)  # the core has checked it
    shapes = {shape_of(a) for a in arrays}
    if len(shapes) > 1:
        raise ValueError(f"stack needs arrays of one shape, not {sorted(shapes)}")
    return tf.stack(arrays, axis=axis)


@hookimpl
def tile(x, repetitions, /):
    x = tensor(x)
    repetitions = [operator.index(r) for r in repetitions]
    if any(r < 0 for r in repetitions):
        raise ValueError(f"tile needs non-negative repetitions, not {tuple(repetitions)}")
    ndim = len(x.shape)
    if ndim < len(repetitions):
        x = tf.reshape(x, [1] * (len(repetitions) - ndim) + list(shape_of(x)))
    else:
        repetitions = [1] * (ndim - len(repetitions)) + repetitions
    if x.dtype == tf.uint16:
        # TensorFlow has no uint16 tile kernel: tile the same bits as int16.
        return tf.bitcast(tf.tile(tf.bitcast(x, tf.int16), repetitions), tf.uint16)
    return tf.tile(x, repetitions)


@hookimpl
def unstack(x, /, *, axis=0):
    x = tensor(x)
    return tuple(tf.unstack(x, axis=normalize_axis(axis, len(x.shape))))
