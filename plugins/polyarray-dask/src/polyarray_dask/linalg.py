"""The linalg extension on Dask.

Functions of whole matrices (``inv``, ``solve``, ``det``, ``cholesky``,
``eigh`` …) gather each matrix into one block and run polyarray-numpy's
implementation on each block of a stack (:func:`~polyarray_dask._helpers.per_matrix`):
stacks of matrices are computed in parallel, and the results agree with the
NumPy backend's. Errors that depend on values (a singular matrix, one that is
not positive definite) surface when the graph is computed.

A tall matrix split into blocks of rows is factored with Dask's
communication-avoiding QR (``tsqr``): ``qr`` (reduced), ``svd``
(``full_matrices=False``) and ``svdvals`` then never gather the matrix.
Norms and ``trace``, ``diagonal``, ``outer`` and ``cross`` are Dask's own
element-wise functions and reductions.
"""

from __future__ import annotations

import operator

import dask.array as da
import numpy as np

from ._helpers import numpy_kernel, per_matrix
from ._marker import hookimpl


def _numpy(name):
    return numpy_kernel("linalg", name)


def _matrices(x, name):
    if x.ndim < 2:
        raise ValueError(f"{name} needs a matrix or a stack of matrices (2 or more dimensions), not a {x.ndim}-d array")
    return x


def _tall_in_row_blocks(x):
    """Whether ``x`` is one tall matrix split into blocks of rows only (what Dask's tsqr factors)."""
    return (
        x.ndim == 2
        and x.dtype.kind in "fc"
        and x.shape[0] >= x.shape[1] > 0
        and len(x.chunks[0]) > 1
        and not np.isnan(x.shape[0])
    )


@hookimpl
def cholesky(x, /, *, upper=False):
    return per_matrix(
        _numpy("cholesky"), "(n,n)->(n,n)", _matrices(x, "cholesky"), function="linalg.cholesky", upper=upper
    )


@hookimpl
def cross(x1, x2, /, *, axis=-1):
    for x in (x1, x2):
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"cross: axis {axis} is out of bounds for an array of dimension {x.ndim}")
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(
            f"cross needs vectors of 3 elements along axis {axis}, not {x1.shape[axis]} and {x2.shape[axis]}"
        )
    a, b = da.moveaxis(x1, axis, -1), da.moveaxis(x2, axis, -1)
    a0, a1, a2 = (a[..., i] for i in range(3))
    b0, b1, b2 = (b[..., i] for i in range(3))
    result = da.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return da.moveaxis(result, -1, axis)


@hookimpl
def det(x, /):
    return per_matrix(_numpy("det"), "(n,n)->()", _matrices(x, "det"), function="linalg.det")


@hookimpl
def diagonal(x, /, *, offset=0):
    return da.diagonal(_matrices(x, "diagonal"), offset=offset, axis1=-2, axis2=-1)


@hookimpl
def eigh(x, /):
    return per_matrix(_numpy("eigh"), "(n,n)->(n),(n,n)", _matrices(x, "eigh"), function="linalg.eigh")


@hookimpl
def eigvalsh(x, /):
    return per_matrix(_numpy("eigvalsh"), "(n,n)->(n)", _matrices(x, "eigvalsh"), function="linalg.eigvalsh")


@hookimpl
def inv(x, /):
    return per_matrix(_numpy("inv"), "(n,n)->(n,n)", _matrices(x, "inv"), function="linalg.inv")


def _matrix_norm_of_stack(x, *, ord):
    return _numpy("matrix_norm")(x, ord=ord)


@hookimpl
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _matrices(x, "matrix_norm")
    if isinstance(ord, str) and ord == "fro":
        # Dask's reductions over the blocks: the matrix is never gathered.
        squares = da.real(x * da.conj(x)) if x.dtype.kind == "c" else da.square(x.astype(_real_float(x.dtype)))
        return da.sqrt(da.sum(squares, axis=(-2, -1), keepdims=keepdims))
    result = per_matrix(_matrix_norm_of_stack, "(m,n)->()", x, function="linalg.matrix_norm", ord=ord)
    return result[..., np.newaxis, np.newaxis] if keepdims else result


def _real_float(dtype):
    return dtype if dtype.kind == "f" else np.dtype(np.float64)


def _matrix_power(x, *, n):
    return _numpy("matrix_power")(x, n)


@hookimpl
def matrix_power(x, n, /):
    return per_matrix(_matrix_power, "(m,m)->(m,m)", _matrices(x, "matrix_power"), function="linalg.matrix_power", n=n)


def _matrix_rank(x, rtol=None):
    return _numpy("matrix_rank")(x, rtol=rtol)


@hookimpl
def matrix_rank(x, /, *, rtol=None):
    x = _matrices(x, "matrix_rank")
    if isinstance(rtol, da.Array):
        # One tolerance per matrix of the stack: an input of the gufunc, broadcast with the stack.
        return per_matrix(_matrix_rank, "(m,n),()->()", x, rtol, function="linalg.matrix_rank")
    return per_matrix(_matrix_rank, "(m,n)->()", x, function="linalg.matrix_rank", rtol=rtol)


@hookimpl
def outer(x1, x2, /):
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer needs two 1-d arrays, not {x1.ndim}-d and {x2.ndim}-d")
    return x1[:, np.newaxis] * x2[np.newaxis, :]


def _pinv(x, rtol=None):
    return _numpy("pinv")(x, rtol=rtol)


@hookimpl
def pinv(x, /, *, rtol=None):
    x = _matrices(x, "pinv")
    if isinstance(rtol, da.Array):
        return per_matrix(_pinv, "(m,n),()->(n,m)", x, rtol, function="linalg.pinv")
    return per_matrix(_pinv, "(m,n)->(n,m)", x, function="linalg.pinv", rtol=rtol)


def _qr(x, *, mode):
    return _numpy("qr")(x, mode=mode)


@hookimpl
def qr(x, /, *, mode="reduced"):
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr mode must be 'reduced' or 'complete', not {mode!r}")
    x = _matrices(x, "qr")
    if mode == "reduced" and _tall_in_row_blocks(x):
        return da.linalg.qr(x.rechunk({1: -1}))
    signature = "(m,n)->(m,k),(k,n)" if mode == "reduced" else "(m,n)->(m,m),(m,n)"
    return per_matrix(_qr, signature, x, function="linalg.qr", mode=mode)


@hookimpl
def slogdet(x, /):
    return per_matrix(_numpy("slogdet"), "(n,n)->(),()", _matrices(x, "slogdet"), function="linalg.slogdet")


def _solve_vector(a, b):
    """``solve`` of a stack of matrices and a vector (or a stack of vectors aligned with them)."""
    return _numpy("solve")(a, b[..., np.newaxis])[..., 0]


@hookimpl
def solve(x1, x2, /):
    x1 = _matrices(x1, "solve")
    if x2.ndim == 0:
        raise ValueError("solve needs x2 of at least 1 dimension")
    if x2.ndim == 1:
        return per_matrix(_solve_vector, "(n,n),(n)->(n)", x1, x2, function="linalg.solve")
    return per_matrix(_numpy("solve"), "(n,n),(n,k)->(n,k)", x1, x2, function="linalg.solve")


def _svd(x, *, full_matrices):
    return _numpy("svd")(x, full_matrices=full_matrices)


def _per_matrix_svd(x, full_matrices):
    signature = "(m,n)->(m,p),(k),(q,n)" if full_matrices else "(m,n)->(m,k),(k),(k,n)"
    return per_matrix(_svd, signature, _matrices(x, "svd"), function="linalg.svd", full_matrices=full_matrices)


@hookimpl(specname="svd")
def svd_v_2026p3_and_above(x, /, *, full_matrices=True):
    if not full_matrices and _tall_in_row_blocks(x):
        return da.linalg.svd(x.rechunk({1: -1}), full_matrices=False)
    return _per_matrix_svd(x, full_matrices)


@hookimpl(specname="svd")
def svd_v_2026p2_and_below(x, /, *, full_matrices=True):
    # Before Dask 2026.3, da.linalg.svd takes no full_matrices: it always gives the reduced factors.
    if not full_matrices and _tall_in_row_blocks(x):
        return da.linalg.svd(x.rechunk({1: -1}))
    return _per_matrix_svd(x, full_matrices)


@hookimpl
def svdvals(x, /):
    x = _matrices(x, "svdvals")
    if _tall_in_row_blocks(x):
        # The singular values of x are those of R in x = QR: only R's small SVD reads them.
        _, r = da.linalg.qr(x.rechunk({1: -1}))
        return per_matrix(_numpy("svdvals"), "(m,n)->(k)", r, function="linalg.svdvals")
    return per_matrix(_numpy("svdvals"), "(m,n)->(k)", x, function="linalg.svdvals")


@hookimpl
def trace(x, /, *, offset=0, dtype=None):
    diagonal_ = da.diagonal(_matrices(x, "trace"), offset=offset, axis1=-2, axis2=-1)
    if dtype is None:
        kind, size = x.dtype.kind, x.dtype.itemsize
        dtype = (
            np.int64 if kind == "b" or (kind == "i" and size < 8) else np.uint64 if kind == "u" and size < 8 else None
        )
    return da.sum(diagonal_, axis=-1, dtype=dtype)


@hookimpl
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    if isinstance(axis, list):
        axis = tuple(axis)
    magnitude = da.absolute(x)
    if magnitude.dtype.kind != "f":
        magnitude = magnitude.astype(np.float64)
    if ord == 2:
        return da.sqrt(da.sum(da.square(magnitude), axis=axis, keepdims=keepdims))
    if ord == 1:
        return da.sum(magnitude, axis=axis, keepdims=keepdims)
    if ord == np.inf:
        return _extreme(da.max, magnitude, axis, keepdims, 0)
    if ord == -np.inf:
        return _extreme(da.min, magnitude, axis, keepdims, np.inf)
    if ord == 0:
        return da.sum(magnitude != 0, axis=axis, keepdims=keepdims, dtype=magnitude.dtype)
    ord = operator.index(ord) if isinstance(ord, (int, np.integer)) else float(ord)
    return da.power(da.sum(da.power(magnitude, ord), axis=axis, keepdims=keepdims), 1.0 / ord)


def _extreme(reduce, magnitude, axis, keepdims, empty):
    """``reduce`` (max or min) of magnitudes; over no elements it is ``empty`` (0 for max, as NumPy 2.4 gives)."""
    axes = range(magnitude.ndim) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    if any(magnitude.shape[a] == 0 for a in axes):
        if empty == np.inf:
            raise ValueError("zero-size array to reduction operation minimum which has no identity")
        return da.sum(magnitude, axis=axis, keepdims=keepdims) * 0
    return reduce(magnitude, axis=axis, keepdims=keepdims)
