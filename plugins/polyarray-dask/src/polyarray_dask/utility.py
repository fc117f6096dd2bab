"""Utility functions on Dask."""

from __future__ import annotations

import dask.array as da

from ._helpers import numpy_when_empty
from ._marker import direct, hookimpl


@hookimpl
@direct(da.all)
def all(x, /, *, axis=None, keepdims=False):
    return da.all(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(da.any)
def any(x, /, *, axis=None, keepdims=False):
    return da.any(x, axis=axis, keepdims=keepdims)


@hookimpl
@numpy_when_empty("utility")
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if x.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    axis %= x.ndim
    edge = (*x.shape[:axis], 1, *x.shape[axis + 1 :])
    parts = []
    for part in (prepend, x, append):
        if part is not None:
            parts.append(da.broadcast_to(part, edge) if part.ndim == 0 else part)
    joined = da.concatenate(parts, axis=axis) if len(parts) > 1 else x
    length = joined.shape[axis]
    if n >= length:
        # Nothing is left after n differences: the empty result, without building n graph layers.
        shape = (*joined.shape[:axis], 0, *joined.shape[axis + 1 :])
        return da.zeros(shape, dtype=joined.dtype)
    # As NumPy: booleans differ by not_equal (a subtraction of booleans is an error).
    difference = da.not_equal if joined.dtype == bool else da.subtract
    before, after = [slice(None)] * joined.ndim, [slice(None)] * joined.ndim
    before[axis], after[axis] = slice(None, -1), slice(1, None)
    for _ in range(n):
        joined = difference(joined[tuple(after)], joined[tuple(before)])
    return joined
