"""Neural-network functions on Dask.

``dropout`` draws its mask with Dask's own generator, block by block.
``sigmoid`` is native so that it costs one task per block, as a plain
``1 / (1 + exp(-x))`` in Dask does (the core's composition of it builds
eight element-wise layers); it computes what the composition computes. The
other nn functions are the core's compositions, which build graphs from the
functions of this plugin.
"""

from __future__ import annotations

import operator

import dask.array as da
import numpy as np

from ._helpers import elementwise, known_sizes
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
    prob = float(prob)
    if not 0.0 <= prob < 1.0:
        raise ValueError(f"the dropout probability must lie in [0, 1), not {prob!r}")
    result_dtype = x.dtype if dtype is None else np.dtype(dtype)
    if not training or prob == 0.0:
        return x.astype(result_dtype)
    if scale and not np.issubdtype(result_dtype, np.inexact):
        raise TypeError(f"dropout with scale=True needs a floating-point result dtype, not {result_dtype}")
    known_sizes("dropout", x)
    shape = _mask_shape(tuple(int(s) for s in x.shape), noise_shape)
    chunks = x.chunks if shape == tuple(x.shape) else "auto"
    keep = da.random.default_rng(seed).random(shape, chunks=chunks) >= prob
    y = x.astype(result_dtype)
    if scale:
        y = y * np.asarray(1.0 / (1.0 - prob), dtype=result_dtype)
    return da.where(keep, y, np.zeros((), dtype=result_dtype))


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
