"""Neural-network functions on Dask.

``sigmoid`` is native so that it costs one task per block, as a plain
``1 / (1 + exp(-x))`` in Dask does (the core's composition of it builds
eight element-wise layers); it computes what the composition computes. The
other nn functions (``dropout`` among them, which draws its mask from
``pa.random``) are the core's compositions, which build graphs from the
functions of this plugin.
"""

from __future__ import annotations

import numpy as np

from ._helpers import elementwise
from ._marker import hookimpl


def _sigmoid(x):
    """1 / (1 + exp(-x)) without exponentiating a positive number (the core's composition, on one block)."""
    one = np.ones((), dtype=x.dtype)
    e = np.exp(-np.abs(x))
    r = one / (one + e)
    return np.where(x >= 0, r, e * r)


@hookimpl
def sigmoid(x, /):
    return elementwise(_sigmoid, x)


# Real floating-point input only: the core's composition handles the others (complex input, its errors).
sigmoid.partial_mixed_handler = lambda x, /: getattr(getattr(x, "dtype", None), "kind", None) == "f"
