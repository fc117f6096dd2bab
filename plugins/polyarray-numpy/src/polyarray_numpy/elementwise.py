"""Element-wise functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import hookimpl


@hookimpl
def add(x1, x2, /):
    return np.add(x1, x2)


@hookimpl
def exp(x, /):
    return np.exp(x)
