"""Data type functions on NumPy.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

import numpy as np

from ._helpers import check_device
from ._marker import hookimpl


@hookimpl
def astype(x, dtype, /, *, copy=True, device=None):
    # ndarray.astype has the standard's copy semantics on every supported NumPy
    # (copy=False returns x itself when the dtype already matches), so no
    # version variant is needed (np.astype exists only from 2.0).
    check_device(device)
    return np.asarray(x).astype(dtype, copy=copy)
