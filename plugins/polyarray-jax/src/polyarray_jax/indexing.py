"""Indexing functions on JAX.

JAX fills or clips out-of-bounds indices instead of failing; outside
``jax.jit``, where the indices are known, they are checked here and raise an
``IndexError`` as on NumPy.
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, concrete, normalize_axis
from ._marker import hookimpl


def _check_bounds(indices, size, axis):
    if concrete(indices) and indices.size:
        low, high = int(jnp.min(indices)), int(jnp.max(indices))
        if low < -size or high >= size:
            bad = high if high >= size else low
            raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {size}")


@hookimpl
def take(x, indices, /, *, axis=None):
    x, indices = as_array(x), as_array(indices)
    if axis is None:
        size = x.size  # a 1-d (or 0-d) array: the core has checked that others give an axis
    else:
        axis = normalize_axis(axis, x.ndim)
        size = x.shape[axis]
    _check_bounds(indices, size, 0 if axis is None else axis)
    return jnp.take(x, indices, axis=axis)


@hookimpl
def take_along_axis(x, indices, /, *, axis=-1):
    x, indices = as_array(x), as_array(indices)
    axis = normalize_axis(axis, x.ndim)
    if indices.ndim != x.ndim:
        raise ValueError(f"take_along_axis needs indices of {x.ndim} dimensions like x, not {indices.ndim}")
    _check_bounds(indices, x.shape[axis], axis)
    return jnp.take_along_axis(x, indices, axis=axis)
