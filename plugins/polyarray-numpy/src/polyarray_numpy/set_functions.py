"""Set functions on NumPy.

The standard counts every NaN as a distinct value and gives ``inverse_indices``
the shape of ``x``; NumPy 2 has the standard's functions, NumPy 1.x has
``np.unique`` (with ``equal_nan=False``) and a flat inverse.
"""

from __future__ import annotations

import numpy as np

from ._marker import hookimpl


@hookimpl(specname="unique_all")
def unique_all_v_2p0_and_above(x, /):
    x = np.asarray(x)
    values, indices, inverse, counts = np.unique_all(x)
    return values, indices, inverse.reshape(x.shape), counts


@hookimpl(specname="unique_all")
def unique_all_v_1p26_and_below(x, /):
    x = np.asarray(x)
    values, indices, inverse, counts = np.unique(
        x, return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    return values, indices, inverse.reshape(x.shape), counts


@hookimpl(specname="unique_counts")
def unique_counts_v_2p0_and_above(x, /):
    values, counts = np.unique_counts(x)
    return values, counts


@hookimpl(specname="unique_counts")
def unique_counts_v_1p26_and_below(x, /):
    return tuple(np.unique(x, return_counts=True, equal_nan=False))


@hookimpl(specname="unique_inverse")
def unique_inverse_v_2p0_and_above(x, /):
    x = np.asarray(x)
    values, inverse = np.unique_inverse(x)
    return values, inverse.reshape(x.shape)


@hookimpl(specname="unique_inverse")
def unique_inverse_v_1p26_and_below(x, /):
    x = np.asarray(x)
    values, inverse = np.unique(x, return_inverse=True, equal_nan=False)
    return values, inverse.reshape(x.shape)


@hookimpl(specname="unique_values")
def unique_values_v_2p0_and_above(x, /):
    return np.unique_values(x)


@hookimpl(specname="unique_values")
def unique_values_v_1p26_and_below(x, /):
    return np.unique(x, equal_nan=False)
