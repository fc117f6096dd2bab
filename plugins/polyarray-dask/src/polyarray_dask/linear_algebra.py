"""Main-namespace linear algebra on Dask: Dask's own blocked algorithms, computed where the blocks are."""

from __future__ import annotations

import operator

import dask.array as da
import numpy as np

from ._helpers import known_sizes, numpy_when_empty, unknown
from ._marker import hookimpl


@hookimpl
def matmul(x1, x2, /):
    # Dask checks less than NumPy: a mismatch of known sizes is refused here, before any graph is built (0-d
    # operands are refused by the core's check).
    inner1, inner2 = x1.shape[-1], x2.shape[0 if x2.ndim == 1 else -2]
    if not unknown((inner1, inner2)) and inner1 != inner2:
        raise ValueError(f"matmul: mismatch in its core dimension: {inner1} (x1) is not {inner2} (x2)")
    batch = [tuple(0 if unknown((s,)) else s for s in x.shape[:-2]) for x in (x1, x2)]
    np.broadcast_shapes(*batch)  # stacks of matrices must broadcast
    return da.matmul(x1, x2)


@hookimpl
@numpy_when_empty("linear_algebra")
def matrix_transpose(x, /):
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, not a {x.ndim}-d array")
    return da.swapaxes(x, -1, -2)


@hookimpl
@numpy_when_empty("linear_algebra")
def tensordot(x1, x2, /, *, axes=2):
    if not isinstance(axes, (tuple, list)):
        axes = operator.index(axes)
        if axes < 0:
            raise ValueError(f"tensordot needs a non-negative number of axes, not {axes}")
        if axes > min(x1.ndim, x2.ndim):
            raise ValueError(f"tensordot cannot contract {axes} axes of {x1.ndim}-d and {x2.ndim}-d arrays")
        axes = (list(range(x1.ndim - axes, x1.ndim)), list(range(axes)))
    first, second = (list(a) if isinstance(a, (tuple, list)) else [a] for a in axes)
    if len(first) != len(second):
        raise ValueError(f"tensordot needs as many axes of x1 as of x2, not {len(first)} and {len(second)}")
    for axis, ndim in [*((a, x1.ndim) for a in first), *((b, x2.ndim) for b in second)]:
        if not -ndim <= axis < ndim:
            raise np.exceptions.AxisError(axis, ndim)
    # Non-negative axes: Dask's tensordot gets the result's shape wrong for some negative ones.
    first, second = [a % x1.ndim for a in first], [b % x2.ndim for b in second]
    for a, b in zip(first, second):
        if x1.shape[a] != x2.shape[b]:
            raise ValueError(f"tensordot: shape mismatch for sum over axes {a} and {b}: {x1.shape[a]} != {x2.shape[b]}")
    dtype = np.result_type(x1.dtype, x2.dtype)
    if not first:
        # Nothing contracted: the outer product.
        return da.multiply(x1[(Ellipsis,) + (None,) * x2.ndim], x2)
    if x1.size == 0 or x2.size == 0:
        # A sum over no elements is 0 (Dask's graph of empty blocks gets the shape wrong).
        free1 = [n for i, n in enumerate(x1.shape) if i not in first]
        free2 = [n for i, n in enumerate(x2.shape) if i not in second]
        return da.zeros((*free1, *free2), dtype=dtype)
    # Dask sums the blocks' products in a wider dtype: the result takes the operands' (wrapping as NumPy does).
    return da.tensordot(x1, x2, axes=(first, second)).astype(dtype)


@hookimpl
@numpy_when_empty("linear_algebra")
def vecdot(x1, x2, /, *, axis=-1):
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("vecdot needs arrays of at least 1 dimension")
    # The vector axis goes last in each operand; only the other axes broadcast.
    x1, x2 = da.moveaxis(x1, axis, -1), da.moveaxis(x2, axis, -1)
    known_sizes("vecdot", x1, x2)
    if x1.shape[-1] != x2.shape[-1]:
        raise ValueError(f"vecdot needs vectors of the same size, not {x1.shape[-1]} and {x2.shape[-1]}")
    dtype = np.result_type(x1.dtype, x2.dtype)
    if dtype.kind == "c":
        x1 = da.conj(x1)
    return da.sum(da.multiply(x1, x2), axis=-1, dtype=dtype)
