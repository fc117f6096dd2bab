"""Data type functions on Dask.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

import numpy as np

from ._helpers import check_device
from ._marker import hookimpl


@hookimpl
def astype(x, dtype, /, *, copy=True, device=None):
    check_device(device)
    dtype = np.dtype(dtype)
    if x.dtype.kind == "c" and dtype.kind not in "cb":
        raise TypeError(f"astype does not cast complex ({x.dtype}) to {dtype}: take the real or imaginary part first")
    if x.dtype == dtype:
        # Dask arrays are never written in place by polyarray: a copy is a new array of the same graph.
        return x.copy() if copy else x
    return x.astype(dtype)
