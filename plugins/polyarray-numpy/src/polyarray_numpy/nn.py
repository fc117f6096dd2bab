"""Neural-network functions on NumPy.

Only ``dropout`` is implemented here: the other nn functions are ``mixed``
and NumPy runs the core's composition of them.
"""

from __future__ import annotations

import operator

import numpy as np

from ._marker import hookimpl


def _mask_shape(shape, noise_shape):
    """The shape of the dropout mask: ``noise_shape`` with None entries filled from ``shape``."""
    if noise_shape is None:
        return shape
    noise_shape = tuple(noise_shape)
    if len(noise_shape) != len(shape):
        raise ValueError(f"noise_shape {noise_shape} must have one entry per axis of x, whose shape is {shape}")
    resolved = []
    for size, noise in zip(shape, noise_shape):
        noise = size if noise is None else operator.index(noise)
        if noise not in (1, size):
            raise ValueError(f"noise_shape {noise_shape} must broadcast to the shape of x, {shape}")
        resolved.append(noise)
    return tuple(resolved)


@hookimpl
def dropout(x, prob, /, *, scale=True, dtype=None, training=True, seed=None, noise_shape=None):
    x = np.asarray(x)
    prob = float(prob)
    if not 0.0 <= prob < 1.0:
        raise ValueError(f"the dropout probability must lie in [0, 1), not {prob!r}")
    result_dtype = x.dtype if dtype is None else np.dtype(dtype)
    if not training or prob == 0.0:
        return x.astype(result_dtype, copy=False)
    if scale and not np.issubdtype(result_dtype, np.inexact):
        raise TypeError(f"dropout with scale=True needs a floating-point result dtype, not {result_dtype}")
    keep = np.random.default_rng(seed).random(_mask_shape(x.shape, noise_shape)) >= prob
    y = x.astype(result_dtype, copy=False)
    if scale:
        y = y * np.asarray(1.0 / (1.0 - prob), dtype=result_dtype)
    return np.where(keep, y, np.zeros((), dtype=result_dtype))
