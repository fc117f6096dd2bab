"""Set functions on Dask, with the NumPy backend's results: sorted values, every NaN a value of its own.

The array is read block by block: each block's unique values (with their
first positions and counts) are found where the block is, and one task
merges them. The merge keeps the earliest occurrence of each value (so of
``-0.0`` and ``+0.0`` whichever comes first, as NumPy's ``unique`` with
``return_index`` does) and the NaNs in the order they occur. The inverse
indices are found block by block again from the merged values. The number
of unique values is unknown (None) until computed.
"""

from __future__ import annotations

import math

import dask.array as da
import numpy as np
from dask import delayed

from ._helpers import known_sizes, numpy_when_empty
from ._marker import hookimpl


def _block_unique(block):
    """(values, first positions, counts, length, NaN count) of one block of the flattened array."""
    values, first, counts = np.unique(block, return_index=True, return_counts=True, equal_nan=False)
    nans = int(np.count_nonzero(values != values))
    return values, first, counts, block.size, nans


def _merge(partials):
    """The unique values of the whole array from the blocks' (see :func:`_block_unique`).

    Returns (values, first positions, counts, NaN offset of each block).
    """
    starts = np.cumsum([0] + [p[3] for p in partials[:-1]], dtype=np.intp)
    values = np.concatenate([p[0] for p in partials])
    positions = np.concatenate([p[1].astype(np.intp) + start for p, start in zip(partials, starts)])
    counts = np.concatenate([p[2] for p in partials])
    # Stable: among equal values the earliest block's comes first, so ``first`` is the earliest occurrence.
    _, first, inverse = np.unique(values, return_index=True, return_inverse=True, equal_nan=False)
    totals = np.bincount(inverse.reshape(-1), weights=counts, minlength=len(first)).astype(np.intp)
    nan_offsets = np.cumsum([0] + [p[4] for p in partials[:-1]], dtype=np.intp)
    return values[first], positions[first], totals, nan_offsets


def _block_inverse(block, merged, index):
    """The positions, among the merged unique values, of the elements of the ``index``-th block."""
    values, nan_offset = merged[0], merged[3][index]
    finite = values[values == values]
    positions = np.searchsorted(finite, block).astype(np.intp)
    nan = block != block
    if nan.any():
        # Each NaN is its own value: the k-th NaN of the array is the k-th NaN among the values.
        positions[nan] = len(finite) + nan_offset + np.arange(int(np.count_nonzero(nan)))
    return positions


def _unique(x, *, inverse=False):
    """(values, first indices, inverse indices or None, counts) of ``x`` as Dask arrays."""
    if x.ndim > 1:
        known_sizes("a set function", x)
    flat = x.reshape(-1)
    blocks = flat.to_delayed().reshape(-1)
    merged = delayed(_merge)([delayed(_block_unique)(block) for block in blocks])
    unknown = (math.nan,)
    values = da.from_delayed(merged[0], shape=unknown, dtype=x.dtype)
    first = da.from_delayed(merged[1], shape=unknown, dtype=np.intp)
    counts = da.from_delayed(merged[2], shape=unknown, dtype=np.intp)
    if not inverse:
        return values, first, None, counts
    parts = [
        da.from_delayed(delayed(_block_inverse)(block, merged, index), shape=(size,), dtype=np.intp)
        for index, (block, size) in enumerate(zip(blocks, flat.chunks[0]))
    ]
    positions = da.concatenate(parts, allow_unknown_chunksizes=True) if parts else da.zeros((0,), dtype=np.intp)
    return values, first, positions.reshape(x.shape) if x.ndim != 1 else positions, counts


@hookimpl
@numpy_when_empty("set_functions")
def unique_all(x, /):
    return _unique(x, inverse=True)


@hookimpl
@numpy_when_empty("set_functions")
def unique_counts(x, /):
    values, _, _, counts = _unique(x)
    return values, counts


@hookimpl
@numpy_when_empty("set_functions")
def unique_inverse(x, /):
    values, _, positions, _ = _unique(x, inverse=True)
    return values, positions


@hookimpl
@numpy_when_empty("set_functions")
def unique_values(x, /):
    return _unique(x)[0]
