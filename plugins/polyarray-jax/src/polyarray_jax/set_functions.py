"""Set functions on JAX.

``jax.numpy`` has the standard's functions: every NaN is a distinct value and
``-0.0`` equals ``+0.0``. The inverse indices get the shape of ``x`` and the
index arrays the default index dtype (int64, refused without 64-bit mode).
JAX replaces a complex value with a NaN part by ``nan + 0j`` in the unique
values; for complex input the values are therefore taken from ``x`` at the
first indices. The number of unique values must be known, so these do not run
inside ``jax.jit``.
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, index_dtype, kind
from ._marker import hookimpl


def _unique(x, name):
    """``unique_all`` of ``x``, with the unique values as they are in ``x`` and index arrays of the index dtype."""
    x = as_array(x)
    dtype = index_dtype(name)
    values, indices, inverse, counts = jnp.unique_all(x)
    if kind(x.dtype) == "c":
        values = x.reshape(-1)[indices]
    return values, indices.astype(dtype), inverse.reshape(x.shape).astype(dtype), counts.astype(dtype)


@hookimpl
def unique_all(x, /):
    return _unique(x, "unique_all")


@hookimpl
def unique_counts(x, /):
    values, _, _, counts = _unique(x, "unique_counts")
    return values, counts


@hookimpl
def unique_inverse(x, /):
    values, _, inverse, _ = _unique(x, "unique_inverse")
    return values, inverse


@hookimpl
def unique_values(x, /):
    x = as_array(x)
    if kind(x.dtype) == "c":
        return _unique(x, "unique_values")[0]
    return jnp.unique_values(x)
