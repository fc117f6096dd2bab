"""Indexing functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import direct, hookimpl


@hookimpl
@direct(np.take)
def take(x, indices, /, *, axis=None):
    return np.take(x, indices, axis=axis)


@hookimpl
@direct(np.take_along_axis)
def take_along_axis(x, indices, /, *, axis=-1):
    return np.take_along_axis(x, indices, axis=axis)
