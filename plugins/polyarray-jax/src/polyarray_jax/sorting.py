"""Sorting functions on JAX.

``jax.numpy``'s ``sort`` and ``argsort`` take ``stable`` and ``descending``
(keeping equal elements in their order in both directions) and sort NaN last
in ascending order, first in descending order, as the standard asks.
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, index_dtype, normalize_axis
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
