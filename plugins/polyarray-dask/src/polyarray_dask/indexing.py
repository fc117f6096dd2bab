"""Indexing functions on Dask.

Index arrays stay on the cluster: their values are checked where they are
computed (an index out of bounds is an ``IndexError`` then), never read on
the client.
"""

from __future__ import annotations

import dask.array as da
import numpy as np

from ._helpers import checked_positions, known_sizes, numpy_kernel, numpy_when_empty, per_matrix
from ._marker import hookimpl


@hookimpl
@numpy_when_empty("indexing")
def take(x, indices, /, *, axis=None):
    if axis is None:
        if x.ndim > 1:
            raise ValueError(f"take needs an axis for an array of {x.ndim} dimensions")
        axis = 0
    if x.ndim == 0:
        raise ValueError("take needs an array of at least one dimension")
    if indices.dtype.kind not in "iu":
        raise IndexError(f"take needs integer indices, not {indices.dtype}")
    known_sizes("take", x)
    axis %= x.ndim
    positions = da.map_blocks(
        checked_positions, indices.astype(np.int64), size=int(x.shape[axis]), function="take", dtype=np.int64
    )
    if indices.ndim == 1:
        return da.take(x, positions, axis=axis)
    taken = da.take(x, positions.reshape(-1), axis=axis)
    return taken.reshape(x.shape[:axis] + indices.shape + x.shape[axis + 1 :])


def _take_along_last(x, indices):
    return numpy_kernel("indexing", "take_along_axis")(x, indices, axis=-1)


@hookimpl
@numpy_when_empty("indexing")
def take_along_axis(x, indices, /, *, axis=-1):
    if x.ndim == 0 or indices.ndim != x.ndim:
        raise ValueError(f"take_along_axis needs indices with as many dimensions as x ({x.ndim}), not {indices.ndim}")
    if indices.dtype.kind not in "iu":
        raise IndexError(f"take_along_axis needs integer indices, not {indices.dtype}")
    x_last, indices_last = da.moveaxis(x, axis, -1), da.moveaxis(indices, axis, -1)
    result = per_matrix(_take_along_last, "(n),(k)->(k)", x_last, indices_last, function="take_along_axis")
    return da.moveaxis(result, -1, axis)
