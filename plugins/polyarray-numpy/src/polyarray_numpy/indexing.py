"""Indexing functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import direct, hookimpl


@hookimpl
@direct(np.take)
def take(x, indices, /, *, axis=None):
    return np.take(x, indices, axis=axis)


@hookimpl(specname="take_along_axis")
@direct(np.take_along_axis)
def take_along_axis_v_2p3_and_above(x, indices, /, *, axis=-1):
    return np.take_along_axis(x, indices, axis=axis)


@hookimpl(specname="take_along_axis")
def take_along_axis_v_2p2_and_below(x, indices, /, *, axis=-1):
    # axis has no default before NumPy 2.3.
    return np.take_along_axis(x, indices, axis)
