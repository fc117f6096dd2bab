"""Manipulation functions on Dask.

Nothing is copied on the client: each function is a graph over the blocks
of its input. ``reshape`` may regroup blocks (a rechunk, done where the
blocks are); ``reshape``, ``unstack`` and ``repeat`` by an array need sizes
that are known.
"""

from __future__ import annotations

import math
import operator

import dask.array as da
import numpy as np

from ._helpers import known_sizes, numpy_when_empty
from ._marker import direct, hookimpl


@hookimpl
def broadcast_arrays(*arrays):
    return list(da.broadcast_arrays(*arrays))


@hookimpl
@numpy_when_empty("manipulation")
def broadcast_to(x, /, shape):
    return da.broadcast_to(x, tuple(shape))


@hookimpl
def concat(arrays, /, *, axis=0):
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        arrays = [a.reshape(-1) for a in arrays]
        axis = 0
    if any(a.ndim == 0 for a in arrays):
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    return da.concatenate(arrays, axis=axis, allow_unknown_chunksizes=True)


@hookimpl
@numpy_when_empty("manipulation")
def expand_dims(x, /, axis=0):
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise IndexError(f"axis {axis} is out of bounds for an array of dimension {x.ndim + 1}")
    axis %= x.ndim + 1
    # Indexing with None, which (unlike Dask's expand_dims, a reshape) takes unknown sizes.
    return x[(slice(None),) * axis + (None, Ellipsis)]


@hookimpl
@numpy_when_empty("manipulation")
def flip(x, /, *, axis=None):
    return da.flip(x, axis=axis)


@hookimpl
@direct(da.moveaxis)
def moveaxis(x, source, destination, /):
    return da.moveaxis(x, source, destination)


@hookimpl
@numpy_when_empty("manipulation")
def permute_dims(x, /, axes):
    axes = tuple(axes)
    if sorted(operator.index(a) % max(x.ndim, 1) for a in axes) != list(range(x.ndim)) or len(axes) != x.ndim:
        raise ValueError(f"permute_dims needs a permutation of the {x.ndim} axes, not {axes}")
    return da.transpose(x, axes)


def _repeat_block(block, repeats, axis):
    return np.repeat(block, repeats, axis=axis)


@hookimpl
@numpy_when_empty("manipulation")
def repeat(x, repeats, /, *, axis=None):
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis %= max(x.ndim, 1)
    if isinstance(repeats, int):
        if repeats < 0:
            raise ValueError(f"repeat needs non-negative repeats, not {repeats}")
        return da.repeat(x, repeats, axis=axis)
    # Repeats given per element: each block repeats its own elements; the sizes are known when computed.
    if repeats.ndim > 1 or repeats.dtype.kind not in "iu":
        raise ValueError("repeat needs an integer or a 1-d array of integers as repeats")
    known_sizes("repeat", x)
    length = int(x.shape[axis])
    if repeats.ndim == 1 and repeats.shape[0] not in (1, length):
        raise ValueError(f"repeat: {repeats.shape[0]} repeats cannot be broadcast to an axis of size {length}")
    repeats = da.broadcast_to(repeats.reshape(-1), (length,)).rechunk((x.chunks[axis],))
    letters = "abcdefghijklmnopqrstuvwxyz"[: x.ndim]
    return da.blockwise(
        _repeat_block, letters, x, letters, repeats, letters[axis], axis=axis, dtype=x.dtype,
        adjust_chunks={letters[axis]: lambda _: math.nan},
    )  # fmt: skip


@hookimpl
@numpy_when_empty("manipulation")
def reshape(x, /, shape, *, copy=None):
    known_sizes("reshape", x)
    shape = tuple(operator.index(s) for s in shape)
    if shape.count(-1) > 1:
        raise ValueError("reshape can only infer one unknown dimension (-1)")
    if any(s < -1 for s in shape):
        raise ValueError(f"reshape needs sizes of at least -1, not {shape}")
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape:
        if known == 0 or x.size % known:
            raise ValueError(f"cannot reshape an array of size {x.size} into shape {shape}")
    elif known != x.size:
        raise ValueError(f"cannot reshape an array of size {x.size} into shape {shape}")
    # Dask arrays share no memory: copy=False never needs a copy, copy=True gives a new array.
    return da.reshape(x, shape)


@hookimpl
@numpy_when_empty("manipulation")
def roll(x, /, shift, *, axis=None):
    return da.roll(x, shift, axis=axis)


@hookimpl
@numpy_when_empty("manipulation")
def squeeze(x, /, axis):
    axes = axis if isinstance(axis, tuple) else (axis,)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"cannot select an axis to squeeze out which has size not equal to one (axis {a})")
    return da.squeeze(x, axis=axis)


@hookimpl
def stack(arrays, /, *, axis=0):
    arrays = list(arrays)
    if not arrays:
        raise ValueError("need at least one array to stack")
    shapes = {tuple(a.shape) for a in arrays}
    if len(shapes) > 1:
        raise ValueError(f"all input arrays must have the same shape, not {sorted(shapes)}")
    return da.stack(arrays, axis=axis)


@hookimpl
@numpy_when_empty("manipulation")
def tile(x, repetitions, /):
    return da.tile(x, tuple(repetitions))


@hookimpl
@numpy_when_empty("manipulation")
def unstack(x, /, *, axis=0):
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    known_sizes("unstack", x)
    moved = da.moveaxis(x, axis, 0)
    return tuple(moved[index] for index in range(int(moved.shape[0])))
