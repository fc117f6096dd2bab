"""Sorting functions on NumPy."""

from __future__ import annotations

from typing import Literal

import numpy as np

from ._marker import hookimpl


@hookimpl
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    x = np.asarray(x)
    if x.ndim == 0:
        raise np.exceptions.AxisError(axis, 0)
    kind: Literal["stable"] | None = "stable" if stable else None
    if not descending:
        return np.argsort(x, axis=axis, kind=kind)
    # Sorting the reversed array ascending and mapping the indices back keeps equal elements in order.
    flipped = np.flip(x, axis=axis)
    last = x.shape[axis] - 1
    return np.flip(last - np.argsort(flipped, axis=axis, kind=kind), axis=axis)


@hookimpl
def sort(x, /, *, axis=-1, descending=False, stable=True):
    result = np.sort(x, axis=axis, kind="stable" if stable else None)
    return np.flip(result, axis=axis) if descending else result
