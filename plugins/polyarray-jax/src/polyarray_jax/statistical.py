"""Statistical functions on JAX.

Sums and products of narrow integers accumulate in the standard's default
accumulation dtype (int64 or uint64; int32 or uint32 without 64-bit mode),
and means and variances of integers have the default floating dtype (float64;
float32 without 64-bit mode). ``jnp.cumulative_prod`` exists from JAX 0.4.36;
before, it is built from ``jnp.cumprod``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import accumulation_dtype, as_array, default_width, dtype_argument, kind, normalize_axes, reduction_axis
from ._marker import hookimpl

_FLOAT64 = np.dtype(np.float64)


def _sum_dtype(x, dtype, name):
    if dtype is not None:
        return dtype_argument(dtype)
    return accumulation_dtype(x.dtype)


def _reduced_shape(x, axis, keepdims):
    axes = normalize_axes(axis, x.ndim)
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    return tuple(n for i, n in enumerate(x.shape) if i not in axes)


def _reduced_size(x, axis):
    size = 1
    for a in normalize_axes(axis, x.ndim):
        size *= x.shape[a]
    return size


def _mean_dtype(x, name):
    if kind(x.dtype) in "fc":
        return x.dtype
    return default_width(_FLOAT64)


def _variance_dtype(x, name):
    letter = kind(x.dtype)
    if letter == "f":
        return x.dtype
    if letter == "c":
        return np.dtype(np.float32) if x.dtype == np.complex64 else _FLOAT64
    return default_width(_FLOAT64)


def _cumulative_axis(x, axis):
    if axis is None:
        return 0  # a 1-d array (the core has checked that others give an axis)
    return reduction_axis(axis, x.ndim)


@hookimpl(specname="cumulative_prod")
def cumulative_prod_v_0p4p36_and_above(x, /, *, axis=None, dtype=None, include_initial=False):
    x = as_array(x)
    dtype = _sum_dtype(x, dtype, "cumulative_prod")
    x = x.reshape(1) if x.ndim == 0 else x
    axis = _cumulative_axis(x, axis)
    return jnp.cumulative_prod(x, axis=axis, dtype=dtype, include_initial=include_initial)


@hookimpl(specname="cumulative_prod")
def cumulative_prod_v_0p4p35_and_below(x, /, *, axis=None, dtype=None, include_initial=False):
    x = as_array(x)
    dtype = _sum_dtype(x, dtype, "cumulative_prod")
    x = x.reshape(1) if x.ndim == 0 else x
    axis = _cumulative_axis(x, axis)
    result = jnp.cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = (*result.shape[:axis], 1, *result.shape[axis + 1 :])
        result = jnp.concatenate([jnp.ones(shape, dtype=result.dtype), result], axis=axis)
    return result


@hookimpl
def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    x = as_array(x)
    dtype = _sum_dtype(x, dtype, "cumulative_sum")
    x = x.reshape(1) if x.ndim == 0 else x
    axis = _cumulative_axis(x, axis)
    return jnp.cumulative_sum(x, axis=axis, dtype=dtype, include_initial=include_initial)


@hookimpl
def max(x, /, *, axis=None, keepdims=False):
    x = as_array(x)
    return jnp.max(x, axis=reduction_axis(axis, x.ndim), keepdims=keepdims)


@hookimpl
def mean(x, /, *, axis=None, keepdims=False):
    x = as_array(x)
    axis = reduction_axis(axis, x.ndim)
    dtype = _mean_dtype(x, "mean")
    if _reduced_size(x, axis) == 0:
        # The standard's mean of no elements is NaN.
        nan = complex(np.nan, np.nan) if kind(dtype) == "c" else np.nan
        return jnp.full(_reduced_shape(x, axis, keepdims), nan, dtype=dtype)
    if kind(dtype) == "c":
        # NumPy divides the complex sum by the count as a complex number: an infinite part
        # makes both parts NaN (JAX's real division keeps inf + inf j).
        total = jnp.sum(x, axis=axis, keepdims=keepdims, dtype=dtype)
        count = jnp.asarray(_reduced_size(x, axis), dtype=_real(dtype))
        re, im = jnp.real(total), jnp.imag(total)
        zero = jnp.zeros((), dtype=re.dtype)
        return jax.lax.complex((re + im * zero) / count, (im - re * zero) / count)
    return jnp.mean(x, axis=axis, keepdims=keepdims, dtype=dtype)


def _real(dtype):
    return np.dtype(np.float32) if dtype == np.complex64 else np.dtype(np.float64)


@hookimpl
def min(x, /, *, axis=None, keepdims=False):
    x = as_array(x)
    return jnp.min(x, axis=reduction_axis(axis, x.ndim), keepdims=keepdims)


@hookimpl
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    x = as_array(x)
    dtype = _sum_dtype(x, dtype, "prod")
    return jnp.prod(x, axis=reduction_axis(axis, x.ndim), dtype=dtype, keepdims=keepdims)


@hookimpl
def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    x = as_array(x)
    dtype = _sum_dtype(x, dtype, "sum")
    return jnp.sum(x, axis=reduction_axis(axis, x.ndim), dtype=dtype, keepdims=keepdims)


def _spread(function, name, x, axis, correction, keepdims):
    x = as_array(x)
    axis = reduction_axis(axis, x.ndim)
    dtype = _variance_dtype(x, name)
    if _reduced_size(x, axis) - correction <= 0:
        # JAX divides by zero or a negative count here: the standard asks for NaN.
        return jnp.full(_reduced_shape(x, axis, keepdims), np.nan, dtype=dtype)
    if kind(x.dtype) not in "fc":
        x = x.astype(dtype)
    return function(x, axis=axis, correction=correction, keepdims=keepdims).astype(dtype)


@hookimpl
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _spread(jnp.var, "var", x, axis, correction, keepdims)


@hookimpl
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _spread(jnp.std, "std", x, axis, correction, keepdims)
