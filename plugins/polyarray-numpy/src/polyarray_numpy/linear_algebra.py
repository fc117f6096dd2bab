"""Main-namespace linear algebra on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import hookimpl


@hookimpl
def matmul(x1, x2, /):
    return np.matmul(x1, x2)


@hookimpl
def matrix_transpose(x, /):
    return np.swapaxes(x, -1, -2)


@hookimpl
def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


@hookimpl(specname="vecdot")
def vecdot_v_2p0_and_above(x1, x2, /, *, axis=-1):
    return np.vecdot(x1, x2, axis=axis)


@hookimpl(specname="vecdot")
def vecdot_v_1p26_and_below(x1, x2, /, *, axis=-1):
    x1, x2 = np.broadcast_arrays(x1, x2)
    return np.sum(np.conj(x1) * x2, axis=axis)
