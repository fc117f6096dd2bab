"""Neural-network functions on NumPy.

Only ``dropout`` is implemented here: the other nn functions are ``mixed``
and NumPy runs the core's composition of them.
"""

from __future__ import annotations

import operator

import numpy as np

from ._marker import hookimpl


def _mask_shape(shape, noise_shape):
    """The shape of the dropout mask: ``noise_shape`` (checked by the core) with None entries filled from ``shape``."""
    if noise_shape is None:
        return shape
    return tuple(size if noise is None else operator.index(noise) for size, noise in zip(shape, noise_shape))


@hookimpl
def dropout(x, prob, /, *, scale=True, dtype=None, training=True, seed=None, noise_shape=None):
    x = np.asarray(x)
    prob = float(prob)
    result_dtype = x.dtype if dtype is None else np.dtype(dtype)
    if not training or prob == 0.0:
        return x.astype(result_dtype, copy=False)
    keep = np.random.default_rng(seed).random(_mask_shape(x.shape, noise_shape)) >= prob
    y = x.astype(result_dtype, copy=False)
    if scale:
        y = y * np.asarray(1.0 / (1.0 - prob), dtype=result_dtype)
    return np.where(keep, y, np.zeros((), dtype=result_dtype))
