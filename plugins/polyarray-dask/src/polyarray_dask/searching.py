"""Searching functions on Dask.

``nonzero`` gives arrays whose size is unknown (None in polyarray) until
they are computed. A ``searchsorted`` ``sorter`` index outside ``[0, len(x1))``
is a ``ValueError`` where the sorter is computed, as NumPy raises it.
"""

from __future__ import annotations

import math

import dask.array as da
import numpy as np

from ._helpers import numpy_when_empty
from ._marker import direct, hookimpl


@hookimpl
@numpy_when_empty("searching")
def argmax(x, /, *, axis=None, keepdims=False):
    return da.argmax(x, axis=axis, keepdims=keepdims)


@hookimpl
@numpy_when_empty("searching")
def argmin(x, /, *, axis=None, keepdims=False):
    return da.argmin(x, axis=axis, keepdims=keepdims)


@hookimpl
@numpy_when_empty("searching")
def count_nonzero(x, /, *, axis=None, keepdims=False):
    return da.sum(da.not_equal(x, 0), axis=axis, keepdims=keepdims, dtype=np.intp)


@hookimpl
@numpy_when_empty("searching")
def nonzero(x, /):
    if x.ndim == 0:
        raise ValueError("nonzero needs an array of at least one dimension, not a 0-d array")
    return tuple(da.nonzero(x))


def _checked_sorter(sorter: np.ndarray, size: int) -> np.ndarray:
    """A block of ``searchsorted``'s sorter, where it is computed: an index outside ``[0, size)`` is a ``ValueError``,
    as NumPy raises it."""
    if sorter.size and (sorter.min() < 0 or sorter.max() >= size):
        raise ValueError(f"searchsorted: sorter holds an index out of range [0, {size}) for x1")
    return sorter


@hookimpl
@numpy_when_empty("searching")
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    if x1.ndim != 1:
        raise ValueError(f"searchsorted needs a 1-d x1, not one of {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted side must be 'left' or 'right', not {side!r}")
    if sorter is not None:
        sorter = da.map_blocks(_checked_sorter, sorter.astype(np.int64), size=int(x1.shape[0]), dtype=np.int64)
        x1 = da.take(x1, sorter)
    if x2.ndim == 0:
        return da.searchsorted(x1, x2.reshape(1), side=side).reshape(())
    if math.prod(x2.shape) == 0 or x1.shape[0] == 0:
        return da.zeros(x2.shape, dtype=np.intp, chunks=x2.chunks)
    return da.searchsorted(x1, x2, side=side)


@hookimpl
@direct(da.where)
def where(condition, x1, x2, /):
    return da.where(condition, x1, x2)
