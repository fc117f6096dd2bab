"""Set functions on NumPy.

The values come out sorted on every backend. ``np.unique`` with
``return_index=True`` sorts the flattened input stably, so each value is the
element at its first occurrence (``-0.0`` or ``+0.0``, whichever comes first);
``equal_nan=False`` makes every NaN a value of its own, as the standard asks.
NumPy's ``unique_values`` is not used: from NumPy 2.3 on it may return the
values in hash order.
"""

from __future__ import annotations

import numpy as np

from ._marker import hookimpl


def _unique(x):
    """(values, first indices, inverse indices in the shape of x, counts) of ``x``."""
    x = np.asarray(x)
    values, indices, inverse, counts = np.unique(
        x, return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    return values, indices, inverse.reshape(x.shape), counts


@hookimpl
def unique_all(x, /):
    return _unique(x)


@hookimpl
def unique_counts(x, /):
    values, _, _, counts = _unique(x)
    return values, counts


@hookimpl
def unique_inverse(x, /):
    values, _, inverse, _ = _unique(x)
    return values, inverse


@hookimpl
def unique_values(x, /):
    values, _ = np.unique(x, return_index=True, equal_nan=False)
    return values
