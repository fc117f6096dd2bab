"""Statistical functions on PyTorch.

Sums and products accumulate in the standard's default dtype (``int64`` for
signed integers and bool, ``uint64`` for unsigned ones; torch would give
``int64`` for every integer). torch has no sum, product or cumulative kernels
for ``uint16``/``uint32``/``uint64`` results: those are computed in ``int64``,
whose wrap-around arithmetic has the same bits, and the result is given the
unsigned dtype; every value is exactly NumPy's.

``axis=()`` reduces nothing (torch would reduce every axis); means and
variances of too few elements are NaN (without torch's warning).
"""

from __future__ import annotations

import math

import torch

from ._helpers import (
    FLOATING_OR_COMPLEX,
    LIMITED_DTYPES,
    REAL_FLOATING,
    accumulation_dtype,
    check_axis,
    exact_unsigned,
    guard_dtypes,
    is_integral,
    normalize_axes,
    real_dtype,
    reduced_shape,
    reduced_size,
    unsupported,
)
from ._marker import REDUCTION_OPTIONS, direct, hookimpl

_FLOAT64 = torch.float64


def _work_dtype(dtype):
    """The dtype torch accumulates in for a result of ``dtype`` (int64 for the unsigned dtypes it lacks)."""
    return torch.int64 if dtype in LIMITED_DTYPES else dtype


def _result_dtype(x, dtype):
    return accumulation_dtype(x.dtype) if dtype is None else dtype


def _cumulative(function, identity, x, axis, dtype, include_initial):
    dtype = _result_dtype(x, dtype)
    if x.ndim == 0:
        x = x.reshape(1)
    if axis is None:
        axis = 0  # a 1-d array (the core has checked that others give an axis)
    axis = check_axis(axis, x.ndim)
    work = _work_dtype(dtype)
    result = function(x.to(work), dim=axis) if x.dtype != work else function(x, dim=axis)
    if include_initial:
        shape = (*result.shape[:axis], 1, *result.shape[axis + 1 :])
        result = torch.cat([torch.full(shape, identity, dtype=work, device=result.device), result], dim=axis)
    return result if result.dtype == dtype else result.to(dtype)


@hookimpl
@guard_dtypes
def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(torch.cumprod, 1, x, axis, dtype, include_initial)


@hookimpl
@guard_dtypes
def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative(torch.cumsum, 0, x, axis, dtype, include_initial)


def _extremum(function, name, x, axis, keepdims):
    if x.dtype.is_complex:
        raise unsupported(name, x.dtype, f"torch {torch.__version__} orders no complex numbers")
    axes = normalize_axes(axis, x.ndim)
    if not axes:
        return x.clone()
    if reduced_size(x.shape, axes) == 0:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    return function(x, dim=axes, keepdim=keepdims)


def _max_direct(x, /, *, axis=None, keepdims=False):
    """:func:`max` of a real floating tensor: torch's own, but for ``axis=()`` and empty tensors."""
    if axis != () and x.numel():
        return torch.amax(x, () if axis is None else axis, keepdims)
    return max(x, axis=axis, keepdims=keepdims)


def _min_direct(x, /, *, axis=None, keepdims=False):
    """:func:`min` of a real floating tensor: torch's own, but for ``axis=()`` and empty tensors."""
    if axis != () and x.numel():
        return torch.amin(x, () if axis is None else axis, keepdims)
    return min(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_max_direct, dtypes=REAL_FLOATING, bare=torch.amax, bare_options=REDUCTION_OPTIONS)
@guard_dtypes
@exact_unsigned("selecting")
def max(x, /, *, axis=None, keepdims=False):
    return _extremum(torch.amax, "maximum", x, axis, keepdims)


@hookimpl
@direct(_min_direct, dtypes=REAL_FLOATING, bare=torch.amin, bare_options=REDUCTION_OPTIONS)
@guard_dtypes
@exact_unsigned("selecting")
def min(x, /, *, axis=None, keepdims=False):
    return _extremum(torch.amin, "minimum", x, axis, keepdims)


def _nan_result(x, axes, keepdims, dtype):
    nan = complex(math.nan, math.nan) if dtype.is_complex else math.nan
    return torch.full(reduced_shape(x.shape, axes, keepdims), nan, dtype=dtype, device=x.device)


def _mean_direct(x, /, *, axis=None, keepdims=False):
    """:func:`mean` of a floating tensor: torch's own, but for ``axis=()`` and empty tensors."""
    if axis != () and x.numel():
        return torch.mean(x, () if axis is None else axis, keepdims)
    return mean(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_mean_direct, dtypes=FLOATING_OR_COMPLEX)
@guard_dtypes
def mean(x, /, *, axis=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    dtype = x.dtype if x.dtype.is_floating_point or x.dtype.is_complex else _FLOAT64
    if not axes:
        # The mean of one element, divided by one as NumPy divides it (complex division turns some NaN parts).
        return x.to(dtype) / torch.ones((), dtype=dtype, device=x.device)
    if reduced_size(x.shape, axes) == 0:
        return _nan_result(x, axes, keepdims, dtype)
    return torch.mean(x.to(dtype), dim=axes, keepdim=keepdims)


@hookimpl
@guard_dtypes
def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    dtype = _result_dtype(x, dtype)
    work = _work_dtype(dtype)
    x = x.to(work)
    if not axes:
        return x.to(dtype, copy=True)
    # torch.prod reduces one axis: the reduced axes are moved last and flattened into one.
    kept = [i for i in range(x.ndim) if i not in axes]
    flat = x.permute(*kept, *axes).reshape(*(x.shape[i] for i in kept), reduced_size(x.shape, axes))
    result = torch.prod(flat, dim=-1)
    if keepdims:
        result = result.reshape(reduced_shape(x.shape, axes, True))
    return result.to(dtype)


def _sum_direct(x, /, *, axis=None, dtype=None, keepdims=False):
    """:func:`sum` of a floating tensor: torch's own, but for ``axis=()`` and a ``dtype`` asked for."""
    if dtype is None and axis is None and not keepdims:
        return torch.sum(x)  # the same reduction, without parsing the dim= overload
    if dtype is None and axis != ():
        return torch.sum(x, axis, keepdims)
    return sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


@hookimpl
@direct(_sum_direct, dtypes=FLOATING_OR_COMPLEX, bare=torch.sum, bare_options=REDUCTION_OPTIONS)
@guard_dtypes
def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    dtype = _result_dtype(x, dtype)
    work = _work_dtype(dtype)
    if not axes:
        return x.to(dtype, copy=True)
    if x.dtype in LIMITED_DTYPES:
        x = x.to(torch.int64)  # torch sums these only into int64 (same bits)
    result = torch.sum(x, dim=axes, keepdim=keepdims, dtype=work)
    return result if result.dtype == dtype else result.to(dtype)


def _spread(function, x, axis, correction, keepdims):
    """``torch.var`` or ``torch.std``, with the standard's NaN for too few elements and nothing reduced for ``axis=()``.

    torch's algorithm is one pass (Welford's): its result is finite where
    the squared deviations overflow and NumPy's two passes give inf (float32
    values beyond about 1e19), a departure docs/departures.md lists; it agrees
    with NumPy's to rounding elsewhere, and it is one call, as a hand-written
    torch program makes it.
    """
    axes = normalize_axes(axis, x.ndim)
    if is_integral(x.dtype) or x.dtype == torch.bool:
        x = x.to(_FLOAT64)
    size = reduced_size(x.shape, axes)
    if size - correction <= 0:
        # The standard's NaN (torch warns and divides by a non-positive number).
        return _nan_result(x, axes, keepdims, real_dtype(x.dtype))
    if not axes:
        return torch.abs(x - x)  # the spread of one element: 0, or NaN for NaN and infinities
    return function(x, dim=axes, correction=correction, keepdim=keepdims)


def _std_direct(x, /, *, axis=None, correction=0.0, keepdims=False):
    """:func:`std` of a real floating tensor over one axis longer than ``correction``: torch's own."""
    if axis.__class__ is int and x.ndim and x.shape[axis] - correction > 0:
        return torch.std(x, axis, correction=correction, keepdim=keepdims)
    return std(x, axis=axis, correction=correction, keepdims=keepdims)


def _var_direct(x, /, *, axis=None, correction=0.0, keepdims=False):
    """:func:`var` of a real floating tensor over one axis longer than ``correction``: torch's own."""
    if axis.__class__ is int and x.ndim and x.shape[axis] - correction > 0:
        return torch.var(x, axis, correction=correction, keepdim=keepdims)
    return var(x, axis=axis, correction=correction, keepdims=keepdims)


@hookimpl
@direct(_std_direct, dtypes=REAL_FLOATING)
@guard_dtypes
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _spread(torch.std, x, axis, correction, keepdims)


@hookimpl
@direct(_var_direct, dtypes=REAL_FLOATING)
@guard_dtypes
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    return _spread(torch.var, x, axis, correction, keepdims)
