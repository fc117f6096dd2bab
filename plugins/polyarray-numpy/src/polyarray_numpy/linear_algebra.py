"""Main-namespace linear algebra on NumPy."""

from __future__ import annotations

import operator

import numpy as np

from ._marker import direct, hookimpl


@hookimpl
@direct(np.matmul)
def matmul(x1, x2, /):
    return np.matmul(x1, x2)


@hookimpl
def matrix_transpose(x, /):
    x = np.asarray(x)
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose needs at least 2 dimensions, not a {x.ndim}-d array")
    return np.swapaxes(x, -1, -2)


@hookimpl
def tensordot(x1, x2, /, *, axes=2):
    if not isinstance(axes, (tuple, list)):
        axes = operator.index(axes)
        if axes < 0:
            raise ValueError(f"tensordot needs a non-negative number of axes, not {axes}")
        x1, x2 = np.asarray(x1), np.asarray(x2)
        if axes > min(x1.ndim, x2.ndim):
            raise ValueError(f"tensordot cannot contract {axes} axes of {x1.ndim}-d and {x2.ndim}-d arrays")
    return np.tensordot(x1, x2, axes=axes)


@hookimpl(specname="vecdot")
def vecdot_v_2p0_and_above(x1, x2, /, *, axis=-1):
    return np.vecdot(x1, x2, axis=axis)  # type: ignore[call-overload]  # NumPy's stubs lack the gufuncs' axis=


@hookimpl(specname="vecdot")
def vecdot_v_1p26_and_below(x1, x2, /, *, axis=-1):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("vecdot needs arrays of at least 1 dimension")
    # The vector axis goes last in each operand; only the other axes broadcast.
    x1, x2 = np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)
    if x1.shape[-1] != x2.shape[-1]:
        raise ValueError(f"vecdot needs vectors of the same size, not {x1.shape[-1]} and {x2.shape[-1]}")
    dtype = np.result_type(x1, x2)
    if dtype.kind == "c":
        x1 = np.conj(x1)
    return np.sum(np.multiply(x1, x2, dtype=dtype), axis=-1, dtype=dtype)
