"""Sorting functions on JAX.

``jax.numpy``'s ``sort`` and ``argsort`` take ``stable`` and ``descending``
(keeping equal elements in their order in both directions) and sort NaN last
in ascending order, first in descending order, as the standard asks.

``top_k`` (the largest ones) is ``jax.lax.top_k``, which keeps equal elements
in index order; it orders floats totally (``-0.0`` below ``0.0``, NaNs by
sign), so it ranks a copy with zeros and NaNs made one value each.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ._helpers import as_array, index_dtype, kind, normalize_axis
from ._marker import hookimpl


@hookimpl
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    x = as_array(x)
    axis = normalize_axis(axis, x.ndim)
    dtype = index_dtype()
    return jnp.argsort(x, axis=axis, stable=stable, descending=descending).astype(dtype)


@hookimpl
def sort(x, /, *, axis=-1, descending=False, stable=True):
    x = as_array(x)
    return jnp.sort(x, axis=normalize_axis(axis, x.ndim), stable=stable, descending=descending)


@hookimpl
def top_k(x, k, /, *, axis=-1, largest=True):
    x = as_array(x)
    moved = jnp.moveaxis(x, axis, -1)
    keys = moved
    if kind(x.dtype) == "f":
        keys = jnp.where(jnp.isnan(moved), jnp.asarray(jnp.nan, x.dtype), moved + jnp.zeros((), x.dtype))
    _, indices = jax.lax.top_k(keys, k)
    values = jnp.take_along_axis(moved, indices, axis=-1)
    indices = indices.astype(index_dtype())
    return jnp.moveaxis(values, -1, axis), jnp.moveaxis(indices, -1, axis)


def _top_k_handles(x, k, /, *, axis=-1, largest=True) -> bool:
    """The largest ones of real arrays with an axis, for a valid ``k`` (the core's composition raises polyarray's
    errors); the smallest ones are the core's too (a stable argsort)."""
    if largest is not True or not isinstance(x, jax.Array) or x.ndim == 0 or kind(x.dtype) not in "biuf":
        return False
    return type(k) is int and type(axis) is int and -x.ndim <= axis < x.ndim and 0 <= k <= x.shape[axis]


top_k.partial_mixed_handler = _top_k_handles
