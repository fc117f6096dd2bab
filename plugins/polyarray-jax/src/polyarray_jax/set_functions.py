"""Set functions on JAX.

``jax.numpy`` has the standard's functions: every NaN is a distinct value and
``-0.0`` equals ``+0.0``. The inverse indices get the shape of ``x`` and the
index arrays the default index dtype (int64; int32 without 64-bit mode).
Complex numbers are sorted here in NumPy's order: those without NaN by real
part, then imaginary part, then those with a NaN imaginary part only (by real
part), a NaN real part only (by imaginary part), and both parts NaN; each
value is the element at its first occurrence (JAX would order a NaN part
differently and replace the value by ``nan + 0j``). The number of unique
values must be known, so these do not run inside ``jax.jit``.
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, index_dtype, kind
from ._marker import hookimpl


def _complex_unique(x):
    """``unique_all`` of complex ``x``: NumPy's sorted order, each value the element at its first occurrence."""
    flat = x.reshape(-1)
    re, im = jnp.real(flat), jnp.imag(flat)
    re_nan, im_nan = jnp.isnan(re), jnp.isnan(im)
    group = jnp.where(re_nan & ~im_nan, 2, jnp.where(~re_nan & im_nan, 1, jnp.where(re_nan, 3, 0)))
    position = jnp.arange(flat.shape[0])
    # The last key is the primary one; a NaN or a zero of either sign is keyed as +0, and the
    # position keeps the sort stable.
    order = jnp.lexsort((position, jnp.where(im_nan | (im == 0), 0, im), jnp.where(re_nan | (re == 0), 0, re), group))
    ordered = flat[order]
    # A value starts wherever an element differs from the one before it: every NaN is its own.
    starts = jnp.concatenate([jnp.ones(min(flat.shape[0], 1), bool), ordered[1:] != ordered[:-1]])
    first = jnp.nonzero(starts)[0]
    counts = jnp.diff(jnp.append(first, flat.shape[0]))
    inverse = jnp.zeros(flat.shape[0], position.dtype).at[order].set(jnp.cumsum(starts) - 1)
    return ordered[first], order[first], inverse, counts


def _unique(x, name):
    """``unique_all`` of ``x``, with the unique values as they are in ``x`` and index arrays of the index dtype."""
    x = as_array(x)
    dtype = index_dtype()
    if kind(x.dtype) == "c":
        values, indices, inverse, counts = _complex_unique(x)
    else:
        values, indices, inverse, counts = jnp.unique_all(x)
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
