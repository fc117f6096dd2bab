"""Searching functions on JAX.

Non-zero means non-zero in either part of a complex number, and subnormal
numbers count (XLA flushes them to zero in comparisons). Index results have
the default index dtype: int64, or int32 without 64-bit mode. ``nonzero``
needs known values, so it does not run inside ``jax.jit``; a ``searchsorted``
``sorter`` index outside ``[0, len(x1))`` is a ``ValueError``, as in NumPy,
where the sorter's values are known (outside ``jax.jit``).
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import REAL_FLOATING, as_array, concrete, index_dtype, kind, reduction_axis, truth
from ._marker import direct, hookimpl


def _arg_reduction(function, name, x, axis, keepdims):
    x = as_array(x)
    dtype = index_dtype()
    if axis is not None:
        axis = reduction_axis(axis, x.ndim)
    if kind(x.dtype) == "c":
        return _complex_arg_reduction(function, x, axis, keepdims).astype(dtype)
    return function(x, axis=axis, keepdims=keepdims).astype(dtype)


def _complex_arg_reduction(function, x, axis, keepdims):
    """``argmax``/``argmin`` of complex numbers ordered by real, then imaginary part, as in NumPy.

    The first NaN (in either part) wins, as a NaN does for real input.
    """
    if axis is None:
        result = _complex_arg_reduction(function, x.reshape(-1), 0, False)
        return result.reshape((1,) * x.ndim) if keepdims else result
    if x.shape[axis] == 0:
        return function(jnp.real(x), axis=axis, keepdims=keepdims)  # the framework's error
    extreme = jnp.max if function is jnp.argmax else jnp.min
    re, im = jnp.real(x), jnp.imag(x)
    best_re = extreme(re, axis=axis, keepdims=True)
    on_best = re == best_re
    best_im = extreme(jnp.where(on_best, im, jnp.nan), axis=axis, keepdims=True)
    candidate = on_best & ((im == best_im) | jnp.isnan(best_im))
    nan = jnp.isnan(re) | jnp.isnan(im)
    first_nan = jnp.argmax(nan, axis=axis, keepdims=keepdims)
    first_best = jnp.argmax(candidate, axis=axis, keepdims=keepdims)
    return jnp.where(jnp.any(nan, axis=axis, keepdims=keepdims), first_nan, first_best)


@hookimpl
def argmax(x, /, *, axis=None, keepdims=False):
    return _arg_reduction(jnp.argmax, "argmax", x, axis, keepdims)


@hookimpl
def argmin(x, /, *, axis=None, keepdims=False):
    return _arg_reduction(jnp.argmin, "argmin", x, axis, keepdims)


@hookimpl
def count_nonzero(x, /, *, axis=None, keepdims=False):
    x = as_array(x)
    dtype = index_dtype()
    return jnp.count_nonzero(truth(x), axis=reduction_axis(axis, x.ndim), keepdims=keepdims).astype(dtype)


@hookimpl
def nonzero(x, /):
    x = as_array(x)
    dtype = index_dtype()
    return tuple(i.astype(dtype) for i in jnp.nonzero(truth(x)))


@hookimpl
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    x1, x2 = as_array(x1), as_array(x2)
    dtype = index_dtype()
    if sorter is not None and concrete(sorter):
        # As NumPy refuses it (an index from the end too); inside jax.jit the values are not known.
        if bool(jnp.any((sorter < 0) | (sorter >= x1.shape[0]))):
            raise ValueError(f"sorter holds an index out of range [0, {x1.shape[0]}) for x1")
    return jnp.searchsorted(x1, x2, side=side, sorter=sorter).astype(dtype)


def _where_direct(condition, x1, x2, /):
    """:func:`where` of an array condition: JAX's own, which reads a Python scalar beside an array as of the
    array's dtype (weakly typed), as the chain's promotion does."""
    return jnp.where(condition if condition.dtype == bool else truth(condition), x1, x2)


@hookimpl
@direct(_where_direct, dtypes=REAL_FLOATING)
def where(condition, x1, x2, /):
    return _where_direct(as_array(condition), x1, x2)
