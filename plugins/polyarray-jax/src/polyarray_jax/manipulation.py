"""Manipulation functions on JAX.

Arrays of several dtypes (``concat``, ``stack``) are promoted with polyarray's
rules, which are JAX's except that ``uint64`` with a signed integer is an
error (JAX gives a floating dtype); the core checks every axis. ``reshape``
takes ``copy=`` from JAX 0.4.32 on; before, a copy is made here.
"""

from __future__ import annotations

import math
import operator

import jax.numpy as jnp

from ._helpers import as_array, concrete, kind, normalize_axes, normalize_axis, promote
from ._marker import hookimpl


def _promoted(arrays):
    arrays = [as_array(a) for a in arrays]
    dtype = promote([a.dtype for a in arrays])
    return [a if a.dtype == dtype else a.astype(dtype) for a in arrays]


@hookimpl
def broadcast_arrays(*arrays):
    return list(jnp.broadcast_arrays(*(as_array(a) for a in arrays)))


@hookimpl
def broadcast_to(x, /, shape):
    return jnp.broadcast_to(as_array(x), shape)


@hookimpl
def concat(arrays, /, *, axis=0):
    arrays = _promoted(arrays)
    if axis is not None:
        axis = normalize_axis(axis, arrays[0].ndim)
    return jnp.concatenate(arrays, axis=axis)


@hookimpl
def expand_dims(x, /, axis=0):
    x = as_array(x)
    return jnp.expand_dims(x, operator.index(axis) % (x.ndim + 1))  # the core has checked the axis


@hookimpl
def flip(x, /, *, axis=None):
    x = as_array(x)
    return jnp.flip(x, axis=None if axis is None else normalize_axes(axis, x.ndim))


def _axes_list(axes, ndim):
    return normalize_axes(axes if isinstance(axes, (tuple, list)) else (axes,), ndim)


@hookimpl
def moveaxis(x, source, destination, /):
    x = as_array(x)
    source, destination = _axes_list(source, x.ndim), _axes_list(destination, x.ndim)
    if len(source) != len(destination):
        raise ValueError("moveaxis needs as many source axes as destination axes")
    return jnp.moveaxis(x, source, destination)


@hookimpl
def pad(x, pad_width, /, mode="constant", *, constant_values=0):
    if mode == "constant":
        return jnp.pad(x, pad_width, mode, constant_values=constant_values)
    return jnp.pad(x, pad_width, mode)


def _pad_handles(x, pad_width, /, mode="constant", *, constant_values=0) -> bool:
    """``jnp.pad`` (NumPy's semantics, every mode) with one constant of the array's kind; the core's
    composition pads with per-axis constants and converts other constants."""
    if mode != "constant":
        return True
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        return False
    allowed = {"b": (bool,), "i": (int,), "u": (int,), "f": (int, float), "c": (int, float, complex)}
    return type(constant_values) in allowed.get(kind(dtype), ())


pad.partial_mixed_handler = _pad_handles


@hookimpl
def permute_dims(x, /, axes):
    x = as_array(x)
    given = tuple(operator.index(a) for a in axes)
    axes = tuple(a % x.ndim if -x.ndim <= a < x.ndim else -1 for a in given)
    if sorted(axes) != list(range(x.ndim)):
        raise ValueError(f"axes {given} are not a permutation of the {x.ndim} axes of the array")
    return jnp.permute_dims(x, axes)


@hookimpl
def repeat(x, repeats, /, *, axis=None):
    x = as_array(x)
    if axis is not None:
        axis = normalize_axis(axis, x.ndim)
    if isinstance(repeats, int):
        if repeats < 0:
            raise ValueError(f"repeat counts must be non-negative, not {repeats}")
    else:
        repeats = as_array(repeats)
        if concrete(repeats) and repeats.size and bool(jnp.any(repeats < 0)):
            raise ValueError("repeat counts must be non-negative")
    return jnp.repeat(x, repeats, axis=axis)


def _check_shape(x, shape):
    """Raise a ``ValueError`` (as NumPy does) when ``x`` cannot take ``shape``; JAX raises a TypeError."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    unknown = [s for s in shape if s == -1]
    known = math.prod(s for s in shape if s != -1)
    if len(unknown) > 1 or any(s < -1 for s in shape):
        raise ValueError(f"cannot reshape an array of shape {x.shape} into {shape}")
    fits = x.size == known if not unknown else (known != 0 and x.size % known == 0) or (known == 0 == x.size)
    if not fits:
        raise ValueError(f"cannot reshape an array of size {x.size} into shape {shape}")
    return shape


@hookimpl(specname="reshape")
def reshape_v_0p4p32_and_above(x, /, shape, *, copy=None):
    x = as_array(x)
    return jnp.reshape(x, _check_shape(x, shape), copy=copy)


@hookimpl(specname="reshape")
def reshape_v_0p4p31_and_below(x, /, shape, *, copy=None):
    # jnp.reshape takes no copy= there; JAX never needs a copy to reshape, so only copy=True copies.
    x = as_array(x)
    result = jnp.reshape(x, _check_shape(x, shape))
    return jnp.array(result, copy=True) if copy else result


@hookimpl
def roll(x, /, shift, *, axis=None):
    x = as_array(x)
    if axis is not None:
        axis = tuple(normalize_axis(a, x.ndim) for a in axis) if isinstance(axis, (tuple, list)) else axis
        if isinstance(axis, int):
            axis = normalize_axis(axis, x.ndim)
        if isinstance(shift, (tuple, list)) and isinstance(axis, tuple) and len(shift) != len(axis):
            raise ValueError("roll needs one shift per axis")
    return jnp.roll(x, shift, axis=axis)


@hookimpl
def split(x, indices_or_sections, /, *, axis=0):
    return jnp.split(x, indices_or_sections, axis=axis)


def _split_handles(x, indices_or_sections, /, *, axis=0) -> bool:
    """``jnp.split`` for a number of sections, or split points in order within the axis (it refuses the
    negative and backward points NumPy reads as slice bounds: the core's composition splits at those)."""
    if type(indices_or_sections) is int:
        return True
    try:
        points = [operator.index(i) for i in indices_or_sections]
        length = x.shape[axis]
    except (TypeError, IndexError, AttributeError):
        return False
    return all(0 <= a <= b <= length for a, b in zip([0, *points], [*points, length]))


split.partial_mixed_handler = _split_handles


@hookimpl
def squeeze(x, /, axis):
    x = as_array(x)
    axes = normalize_axes(axis, x.ndim) if isinstance(axis, (tuple, list)) else (normalize_axis(axis, x.ndim),)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"cannot squeeze axis {a}: its size is {x.shape[a]}, not 1")
    return jnp.squeeze(x, axis=axes)


@hookimpl
def stack(arrays, /, *, axis=0):
    arrays = _promoted(arrays)
    return jnp.stack(arrays, axis=operator.index(axis))  # the core has checked the axis


@hookimpl
def tile(x, repetitions, /):
    repetitions = tuple(operator.index(r) for r in repetitions)
    if any(r < 0 for r in repetitions):
        raise ValueError(f"tile needs non-negative repetitions, not {repetitions}")
    return jnp.tile(as_array(x), repetitions)


@hookimpl
def unstack(x, /, *, axis=0):
    x = as_array(x)
    return tuple(jnp.unstack(x, axis=normalize_axis(axis, x.ndim)))
