"""Indexing functions on PyTorch.

torch's gather takes no negative indices: they are wrapped first. Index
arrays of any integer dtype are used as ``int64`` (torch would read ``uint8``
and ``bool`` index tensors as masks).
"""

from __future__ import annotations

import torch

from ._helpers import as_signed_bits, check_axis, from_signed_bits, guard_dtypes
from ._marker import hookimpl


def _index(indices):
    return indices if indices.dtype == torch.int64 else indices.to(torch.int64)


@hookimpl
@guard_dtypes
def take(x, indices, /, *, axis=None):
    if axis is None:
        x, axis = x.reshape(-1), 0  # a 1-d (or 0-d) array: the core has checked that others give an axis
    axis = check_axis(axis, x.ndim)
    return x[(slice(None),) * axis + (_index(indices),)]


@hookimpl
@guard_dtypes
def take_along_axis(x, indices, /, *, axis=-1):
    if x.ndim != indices.ndim:
        raise ValueError(f"take_along_axis needs indices of {x.ndim} dimensions like x, not {indices.ndim}")
    axis = check_axis(axis, x.ndim)
    indices = _index(indices)
    size = x.shape[axis]
    if indices.numel() and (bool((indices >= size).any()) or bool((indices < -size).any())):
        raise IndexError(f"take_along_axis: an index is out of bounds for axis {axis} of size {size}")
    indices = torch.where(indices < 0, indices + size, indices)
    return from_signed_bits(torch.take_along_dim(as_signed_bits(x), indices, dim=axis), x.dtype)
