"""Utility functions on PyTorch.

``all`` and ``any`` test ``x != 0`` (torch gives ``uint8`` results for
``uint8`` input and has no kernel for ``uint16``/``uint32``/``uint64``); from
torch 2.2 on they reduce several axes at once, before that the axes are
flattened into one first.
"""

from __future__ import annotations

import torch

from ._helpers import (
    check_axis,
    exact_unsigned,
    guard_dtypes,
    normalize_axes,
    promote_types,
    reduced_shape,
    reduced_size,
)
from ._marker import hookimpl


def _truth(x):
    return x if x.dtype == torch.bool else x != 0


def _flattened(x, axes):
    """``x`` with the axes ``axes`` moved last and flattened into one."""
    kept = [i for i in range(x.ndim) if i not in axes]
    return x.permute(*kept, *axes).reshape(*(x.shape[i] for i in kept), reduced_size(x.shape, axes))


@hookimpl(specname="all")
@guard_dtypes
def all_v_2p2_and_above(x, /, *, axis=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    x = _truth(x)
    return torch.all(x, dim=axes, keepdim=keepdims) if axes else x.clone()


@hookimpl(specname="all")
@guard_dtypes
def all_v_2p1_and_below(x, /, *, axis=None, keepdims=False):
    # torch.all takes one dim before 2.2.
    axes = normalize_axes(axis, x.ndim)
    x = _truth(x)
    if not axes:
        return x.clone()
    result = torch.all(_flattened(x, axes), dim=-1)
    return result.reshape(reduced_shape(x.shape, axes, True)) if keepdims else result


@hookimpl(specname="any")
@guard_dtypes
def any_v_2p2_and_above(x, /, *, axis=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    x = _truth(x)
    return torch.any(x, dim=axes, keepdim=keepdims) if axes else x.clone()


@hookimpl(specname="any")
@guard_dtypes
def any_v_2p1_and_below(x, /, *, axis=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    x = _truth(x)
    if not axes:
        return x.clone()
    result = torch.any(_flattened(x, axes), dim=-1)
    return result.reshape(reduced_shape(x.shape, axes, True)) if keepdims else result


def _edge(part, x, axis):
    """A ``prepend``/``append`` operand: a 0-d one is broadcast to one slice of ``x`` along ``axis``."""
    if part is None:
        return None
    if not isinstance(part, torch.Tensor):
        part = torch.asarray(part, device=x.device)
    if part.ndim == 0:
        part = part.expand(*x.shape[:axis], 1, *x.shape[axis + 1 :])
    return part


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    axis = check_axis(axis, x.ndim)
    parts = [p for p in (_edge(prepend, x, axis), x, _edge(append, x, axis)) if p is not None]
    if len(parts) > 1:
        dtype = parts[0].dtype
        for part in parts[1:]:
            dtype = promote_types(dtype, part.dtype)
        x = torch.cat([part.to(dtype) for part in parts], dim=axis)
    if n == 0:
        return x if len(parts) > 1 else x.clone()
    if x.dtype.is_complex:
        # Part by part: torch subtracts complex numbers as x - alpha * y, turning infinite parts into NaN.
        return torch.view_as_complex(torch.diff(torch.view_as_real(x.resolve_conj()), n=n, dim=axis))
    return torch.diff(x, n=n, dim=axis)
