"""Set functions on PyTorch.

The values come out sorted, as on every backend: the flattened input is
sorted stably (NaNs last; complex numbers by real part, then imaginary part,
as NumPy orders them), and a new value starts wherever an element differs
from the one before it, so every NaN is its own value and ``-0.0`` and
``+0.0`` are one. Each value is the element at its first occurrence, whose
position is the first index.
"""

from __future__ import annotations

import torch

from ._helpers import guard_dtypes
from ._marker import hookimpl


def _stable_order(flat):
    """Indices that sort the 1-d ``flat`` stably, NaNs last, complex numbers lexicographically."""
    if flat.dtype.is_complex:
        by_imaginary = torch.argsort(flat.imag, stable=True)
        by_real = torch.argsort(flat.real[by_imaginary], stable=True)
        return by_imaginary[by_real]
    return torch.argsort(flat, stable=True)


def _unique(x):
    """(values, first indices, inverse indices in the shape of x, counts) of ``x``."""
    flat = x.reshape(-1)
    size = flat.shape[0]
    if size == 0:
        empty = torch.zeros(0, dtype=torch.int64, device=x.device)
        return flat, empty, torch.zeros(x.shape, dtype=torch.int64, device=x.device), empty
    order = _stable_order(flat)
    ordered = flat[order]
    starts = torch.ones(size, dtype=torch.bool, device=x.device)
    starts[1:] = ordered[1:] != ordered[:-1]
    run = torch.cumsum(starts, 0) - 1
    values = ordered[starts]
    counts = torch.bincount(run, minlength=values.shape[0])
    inverse = torch.empty_like(run)
    inverse[order] = run
    return values, order[starts], inverse.reshape(x.shape), counts


@hookimpl
@guard_dtypes
def unique_all(x, /):
    return _unique(x)


@hookimpl
@guard_dtypes
def unique_counts(x, /):
    values, _, _, counts = _unique(x)
    return values, counts


@hookimpl
@guard_dtypes
def unique_inverse(x, /):
    values, _, inverse, _ = _unique(x)
    return values, inverse


@hookimpl
@guard_dtypes
def unique_values(x, /):
    return _unique(x)[0]
