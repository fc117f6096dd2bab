"""Main-namespace linear algebra on NumPy."""

from __future__ import annotations

import operator

import numpy as np

from ._marker import direct, hookimpl


@hookimpl
def einsum(subscripts, /, *operands):
    return np.asarray(np.einsum(subscripts, *operands))


@hookimpl
@direct(np.matmul)
def matmul(x1, x2, /):
    return np.matmul(x1, x2)


def _matrices(x, /):
    return type(x) is np.ndarray and x.ndim >= 2


#: ``x.mT`` (NumPy 2): the view ``np.swapaxes(x, -1, -2)`` gives, without NumPy's Python layers.
_MATRIX_TRANSPOSE = operator.attrgetter("mT") if hasattr(np.ndarray, "mT") else None
_INTEGERS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
#: The dtypes of this backend: ``x.mT`` is the implementation's view for an array of any of them, of at least two
#: dimensions (the core's check refuses the others before the fast path calls it).
_EVERY_DTYPE = tuple(
    np.dtype(name) for name in ("bool", *_INTEGERS, "float16", "float32", "float64", "complex64", "complex128")
)


@hookimpl
@direct(_MATRIX_TRANSPOSE, when=_matrices, dtypes=_EVERY_DTYPE)
def matrix_transpose(x, /):
    return x.swapaxes(-1, -2)


@hookimpl
@direct(np.tensordot)
def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


@hookimpl(specname="vecdot")
@direct(getattr(np, "vecdot", None))
def vecdot_v_2p0_and_above(x1, x2, /, *, axis=-1):
    return np.vecdot(x1, x2, axis=axis)  # type: ignore[call-overload]  # NumPy's stubs lack the gufuncs' axis=


@hookimpl(specname="vecdot")
def vecdot_v_1p26_and_below(x1, x2, /, *, axis=-1):
    # The vector axis goes last in each operand; only the other axes broadcast.
    x1, x2 = np.moveaxis(np.asarray(x1), axis, -1), np.moveaxis(np.asarray(x2), axis, -1)
    dtype = np.result_type(x1, x2)
    if dtype.kind == "c":
        x1 = np.conj(x1)
    return np.sum(np.multiply(x1, x2, dtype=dtype), axis=-1, dtype=dtype)
