"""Sorting functions on PyTorch.

``torch.sort`` already orders NaN last (first when descending) and keeps
equal elements in order when ``stable``, descending too.
"""

from __future__ import annotations

import torch

from ._helpers import check_axis, guard_dtypes, unsupported
from ._marker import hookimpl


def _axis(x, axis, name):
    if x.dtype.is_complex:
        raise unsupported(name, x.dtype, f"torch {torch.__version__} sorts no complex numbers")
    return check_axis(axis, x.ndim)


@hookimpl
@guard_dtypes
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    return torch.argsort(x, dim=_axis(x, axis, "argsort"), descending=descending, stable=stable)


@hookimpl
@guard_dtypes
def sort(x, /, *, axis=-1, descending=False, stable=True):
    return torch.sort(x, dim=_axis(x, axis, "sort"), descending=descending, stable=stable).values
