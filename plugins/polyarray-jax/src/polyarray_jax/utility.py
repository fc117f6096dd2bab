"""Utility functions on JAX.

``all`` and ``any`` count a complex number as true when either part is non-zero
(JAX looks at the real part only), and subnormal numbers as non-zero (XLA
flushes them to zero in comparisons).
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, normalize_axis, reduction_axis, truth
from ._marker import hookimpl


def _truth(x):
    """``x`` as booleans (JAX reads a complex number by its real part only, and subnormals as zero)."""
    return truth(as_array(x))


@hookimpl
def all(x, /, *, axis=None, keepdims=False):
    x = _truth(x)
    return jnp.all(x, axis=reduction_axis(axis, x.ndim), keepdims=keepdims)


@hookimpl
def any(x, /, *, axis=None, keepdims=False):
    x = _truth(x)
    return jnp.any(x, axis=reduction_axis(axis, x.ndim), keepdims=keepdims)


@hookimpl
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    x = as_array(x)
    if n < 0:
        raise ValueError(f"diff needs a non-negative order n, not {n}")
    axis = normalize_axis(axis, x.ndim)
    prepend = None if prepend is None else as_array(prepend)
    append = None if append is None else as_array(append)
    if n == 0 and (prepend is not None or append is not None):
        return _join(x, axis, prepend, append)
    return jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)


def _join(x, axis, prepend, append):
    """``prepend``, ``x`` and ``append`` joined along ``axis`` (the 0-th difference; jnp.diff skips them)."""
    edge = (*x.shape[:axis], 1, *x.shape[axis + 1 :])
    parts = [p if p.ndim else jnp.broadcast_to(p, edge) for p in (prepend, x, append) if p is not None]
    return jnp.concatenate(parts, axis=axis)
