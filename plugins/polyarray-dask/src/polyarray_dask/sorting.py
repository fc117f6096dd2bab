"""Sorting functions on Dask.

Each lane along the sorted axis is gathered into one block (the other axes
keep their blocks) and sorted there by polyarray-numpy's implementation, so
ties and NaNs land where the NumPy backend puts them.
"""

from __future__ import annotations

import dask.array as da
import numpy as np

from ._helpers import gathered, numpy_kernel, numpy_when_empty, unknown
from ._marker import hookimpl


def _along(name, x, axis, descending, stable, dtype):
    if x.ndim == 0:
        raise np.exceptions.AxisError(axis, 0)
    axis %= x.ndim
    lanes = gathered(x) if unknown(x.shape) else x.rechunk({axis: -1})
    kernel = numpy_kernel("sorting", name)
    return da.map_blocks(kernel, lanes, axis=axis, descending=descending, stable=stable, dtype=dtype)


@hookimpl
@numpy_when_empty("sorting")
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    return _along("argsort", x, axis, descending, stable, np.intp)


@hookimpl
@numpy_when_empty("sorting")
def sort(x, /, *, axis=-1, descending=False, stable=True):
    return _along("sort", x, axis, descending, stable, x.dtype)
