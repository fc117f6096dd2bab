"""Manipulation functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import direct, hookimpl


@hookimpl
def broadcast_arrays(*arrays):
    return list(np.broadcast_arrays(*arrays))


@hookimpl
@direct(np.broadcast_to)
def broadcast_to(x, /, shape):
    return np.broadcast_to(x, shape)


@hookimpl(specname="concat")
@direct(getattr(np, "concat", None))
def concat_v_2p0_and_above(arrays, /, *, axis=0):
    return np.concat(arrays, axis=axis)


@hookimpl(specname="concat")
def concat_v_1p26_and_below(arrays, /, *, axis=0):
    # Value-based casting would demote 0-d arrays (axis=None): promote the dtypes explicitly.
    arrays = [np.asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    return np.concatenate(arrays, axis=axis, dtype=np.result_type(*(a.dtype for a in arrays)))


@hookimpl
def expand_dims(x, /, axis=0):
    return np.expand_dims(x, axis)


@hookimpl
@direct(np.flip)
def flip(x, /, *, axis=None):
    return np.flip(x, axis=axis)


@hookimpl
@direct(np.moveaxis)
def moveaxis(x, source, destination, /):
    return np.moveaxis(x, source, destination)


@hookimpl
def pad(x, pad_width, /, mode="constant", *, constant_values=0):
    if mode == "constant":
        return np.pad(x, pad_width, mode, constant_values=constant_values)
    return np.pad(x, pad_width, mode)


@hookimpl
def permute_dims(x, /, axes):
    # What np.permute_dims (np.transpose before 2.0) calls, without its Python layer.
    return x.transpose(axes)


@hookimpl
def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, np.ndarray) and repeats.dtype == np.uint64:
        repeats = repeats.astype(np.int64)  # NumPy refuses to cast uint64 counts to its index type
    return np.repeat(x, repeats, axis=axis)


@hookimpl(specname="reshape")
@direct(np.reshape)
def reshape_v_2p1_and_above(x, /, shape, *, copy=None):
    return np.reshape(x, shape, copy=copy)


@hookimpl(specname="reshape")
def reshape_v_2p0_and_below(x, /, shape, *, copy=None):
    x = np.asarray(x)
    if copy is None:
        return np.reshape(x, shape)
    if copy:
        return np.reshape(x.copy(), shape)
    view = x.view()
    try:
        view.shape = shape  # reshapes in place, or fails when the data cannot be viewed so
    except AttributeError as error:
        raise ValueError("Unable to avoid creating a copy while reshaping.") from error
    return view


@hookimpl
@direct(np.roll)
def roll(x, /, shift, *, axis=None):
    return np.roll(x, shift, axis=axis)


@hookimpl
def split(x, indices_or_sections, /, *, axis=0):
    return np.split(x, indices_or_sections, axis=axis)


@hookimpl
def squeeze(x, /, axis):
    return np.squeeze(x, axis=axis)


@hookimpl
@direct(np.stack)
def stack(arrays, /, *, axis=0):
    return np.stack(arrays, axis=axis)


@hookimpl
@direct(np.tile)
def tile(x, repetitions, /):
    return np.tile(x, repetitions)


@hookimpl(specname="unstack")
@direct(getattr(np, "unstack", None))
def unstack_v_2p1_and_above(x, /, *, axis=0):
    return np.unstack(x, axis=axis)


@hookimpl(specname="unstack")
def unstack_v_2p0_and_below(x, /, *, axis=0):
    return tuple(np.moveaxis(np.asarray(x), axis, 0))
