"""The linalg extension on NumPy.

Version variants cover what NumPy 2.0 added or changed: ``cholesky(upper=)``,
``pinv`` with ``rtol``, the broadcasting of ``solve``; and what NumPy 2.4
fixed: ``matrix_rank``, ``matrix_norm`` and ``vector_norm`` of empty input
(before 2.4 they raise where the maximum over no elements is 0), whose
variants for older NumPy are polyarray's own.
Functions that NumPy 2.x only renamed (``diagonal``, ``trace``, ``outer``,
``cross``, ``svdvals``) have one implementation built from functions that
every supported NumPy has.
"""

from __future__ import annotations

import math

import numpy as np

from ._helpers import normalize_axes
from ._marker import direct, hookimpl

# -- helpers ----------------------------------------------------------------------------


def _floating(x):
    """``x`` with an inexact dtype: integers and booleans become float64."""
    return x if x.dtype.kind in "fc" else x.astype(np.float64)


def _default_rtol(x):
    """The standard's default relative tolerance ``max(M, N) * eps`` for the inexact ``x``."""
    return max(x.shape[-2:]) * np.finfo(x.dtype).eps


# -- implementations --------------------------------------------------------------------


@hookimpl(specname="cholesky")
@direct(np.linalg.cholesky)
def cholesky_v_2p0_and_above(x, /, *, upper=False):
    return np.linalg.cholesky(x, upper=upper)


@hookimpl(specname="cholesky")
def cholesky_v_1p26_and_below(x, /, *, upper=False):
    lower = np.linalg.cholesky(x)
    return np.conj(np.swapaxes(lower, -1, -2)) if upper else lower


@hookimpl
@direct(np.cross)
def cross(x1, x2, /, *, axis=-1):
    return np.cross(x1, x2, axis=axis)


@hookimpl
@direct(np.linalg.det)
def det(x, /):
    return np.linalg.det(x)


@hookimpl
def diagonal(x, /, *, offset=0):
    return np.diagonal(x, offset=offset, axis1=-2, axis2=-1)


@hookimpl
def eigh(x, /):
    eigenvalues, eigenvectors = np.linalg.eigh(x)
    return eigenvalues, eigenvectors


@hookimpl
@direct(np.linalg.eigvalsh)
def eigvalsh(x, /):
    return np.linalg.eigvalsh(x)


@hookimpl
@direct(np.linalg.inv)
def inv(x, /):
    return np.linalg.inv(x)


@hookimpl(specname="matrix_norm")
def matrix_norm_v_2p4_and_above(x, /, *, keepdims=False, ord="fro"):
    return np.linalg.matrix_norm(x, keepdims=keepdims, ord=ord)


@hookimpl(specname="matrix_norm")
def matrix_norm_v_2p3_and_below(x, /, *, keepdims=False, ord="fro"):
    x = np.asarray(x)
    if x.shape[-1] * x.shape[-2] == 0 and not isinstance(ord, str) and ord in (1, 2, np.inf):
        # NumPy 2.4 (and the maximum over no elements) gives 0 where older NumPy raises.
        shape = x.shape[:-2] + ((1, 1) if keepdims else ())
        return np.zeros(shape, dtype=_floating(x).real.dtype)
    return np.linalg.norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


@hookimpl
@direct(np.linalg.matrix_power)
def matrix_power(x, n, /):
    return np.linalg.matrix_power(x, n)


@hookimpl(specname="matrix_rank")
def matrix_rank_v_2p4_and_above(x, /, *, rtol=None):
    rank = np.linalg.matrix_rank(x, rtol=rtol)
    return np.asarray(rank, dtype=np.int_)


@hookimpl(specname="matrix_rank")
def matrix_rank_v_2p3_and_below(x, /, *, rtol=None):
    x = np.asarray(x)
    singular_values = np.linalg.svd(x, compute_uv=False)
    if rtol is None:
        rtol = max(x.shape[-2:]) * np.finfo(singular_values.dtype).eps
    else:
        rtol = np.asarray(rtol)[..., np.newaxis]
    tolerance = np.max(singular_values, axis=-1, keepdims=True, initial=0) * rtol
    return np.asarray(np.count_nonzero(singular_values > tolerance, axis=-1), dtype=np.int_)


@hookimpl
def outer(x1, x2, /):
    return np.multiply.outer(np.asarray(x1), np.asarray(x2))


@hookimpl(specname="pinv")
def pinv_v_2p0_and_above(x, /, *, rtol=None):
    return np.linalg.pinv(_floating(np.asarray(x)), rtol=rtol)


@hookimpl(specname="pinv")
def pinv_v_1p26_and_below(x, /, *, rtol=None):
    x = _floating(np.asarray(x))
    return np.linalg.pinv(x, rcond=_default_rtol(x) if rtol is None else rtol)


@hookimpl
def qr(x, /, *, mode="reduced"):
    q, r = np.linalg.qr(x, mode=mode)
    return q, r


@hookimpl
def slogdet(x, /):
    sign, logabsdet = np.linalg.slogdet(x)
    return sign, logabsdet


@hookimpl(specname="solve")
@direct(np.linalg.solve)
def solve_v_2p0_and_above(x1, x2, /):
    return np.linalg.solve(x1, x2)


@hookimpl(specname="solve")
def solve_v_1p26_and_below(x1, x2, /):
    # NumPy 1.26 reads x2 as a stack of vectors whenever x2.ndim == x1.ndim - 1; the
    # standard reads it as a vector only when it is 1-d. Broadcasting both operands to
    # the same number of dimensions first makes NumPy use the standard's reading.
    x1, x2 = np.asarray(x1), np.asarray(x2)
    vector = x2.ndim == 1
    if vector:
        x2 = x2[:, np.newaxis]
    batch = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    result = np.linalg.solve(np.broadcast_to(x1, batch + x1.shape[-2:]), np.broadcast_to(x2, batch + x2.shape[-2:]))
    return result[..., 0] if vector else result


@hookimpl
def svd(x, /, *, full_matrices=True):
    u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    return u, s, vh


@hookimpl
def svdvals(x, /):
    return np.linalg.svd(x, compute_uv=False)


@hookimpl
def trace(x, /, *, offset=0, dtype=None):
    return np.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


@hookimpl(specname="vector_norm")
def vector_norm_v_2p4_and_above(x, /, *, axis=None, keepdims=False, ord=2):
    if isinstance(axis, list):
        axis = tuple(axis)
    return np.linalg.vector_norm(_magnitudes(x), axis=axis, keepdims=keepdims, ord=ord)


def _magnitudes(x):
    """``x``, or ``|x|`` for complex ``x``: the norm of complex vectors is that of their elements' magnitudes.

    NumPy squares the parts of complex numbers, so ``nan + inf j`` counts as NaN;
    its magnitude, as ``abs`` gives it (and C99's ``cabs``), is inf.
    """
    x = np.asarray(x)
    return np.abs(x) if x.dtype.kind == "c" else x


@hookimpl(specname="vector_norm")
def vector_norm_v_2p3_and_below(x, /, *, axis=None, keepdims=False, ord=2):
    # numpy.linalg.norm takes one axis (two mean a matrix norm): move the reduced axes
    # to the end and flatten them into one.
    x = _floating(_magnitudes(x))
    if axis is None:
        axes = tuple(range(x.ndim))
    else:
        axes = normalize_axes(axis, x.ndim)
    rest = [i for i in range(x.ndim) if i not in axes]
    kept = [x.shape[i] for i in rest]
    vectors = np.transpose(x, rest + list(axes)).reshape([*kept, math.prod(x.shape[i] for i in axes)])
    if not isinstance(ord, str) and ord == np.inf:
        # The maximum over no elements is 0, as in NumPy 2.4.
        result = np.max(np.abs(vectors), axis=-1, initial=0)
    else:
        result = np.linalg.norm(vectors, ord=ord, axis=-1)
    if keepdims:
        result = np.reshape(result, [1 if i in axes else size for i, size in enumerate(x.shape)])
    return result
