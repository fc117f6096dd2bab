"""The linalg extension on JAX.

Where JAX and NumPy differ, NumPy's (and the standard's) behaviour is kept:

- integer and boolean matrices are computed in the default floating dtype
  (float64; float32 without 64-bit mode); JAX's LAPACK bindings have no half-precision routines:
  bfloat16 matrices are computed in float32 and the results given in
  bfloat16, float16 factorizations raise a ``TypeError`` as on NumPy;
- ``cholesky``, ``eigh`` and ``eigvalsh`` read the lower triangle only, as
  LAPACK does for NumPy, instead of symmetrizing the input (JAX's default);
  ``symmetrize_input=`` exists on ``cholesky`` and ``eigvalsh`` from JAX 0.6;
- outside ``jax.jit``, a matrix that is not positive-definite (``cholesky``)
  or singular (``inv``, ``solve``, ``matrix_power`` with ``n < 0``) raises a
  ``ValueError``; JAX would return NaN or infinite values, which is what
  happens inside ``jax.jit``, where the values are not known;
- ``pinv`` and ``matrix_rank`` default to the standard's tolerance
  ``max(M, N) * eps`` (JAX's ``pinv`` uses ten times that);
- ``solve`` reads a 1-d ``x2`` as one vector shared by the stack, and
  anything else as a stack of matrices: JAX 0.5 does so itself; before, it
  read an ``x2`` of one dimension fewer than ``x1`` as a stack of vectors, so
  the operands are broadcast to the same rank first.
"""

from __future__ import annotations

import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import (
    BFLOAT16,
    accumulation_dtype,
    as_array,
    concrete,
    default_width,
    dtype_argument,
    floating,
    kind,
    magnitude,
    normalize_axes,
    normalize_axis,
)
from ._marker import hookimpl

# -- helpers ----------------------------------------------------------------------------


def _inexact(x, name):
    """``x`` with an inexact dtype: integers and booleans take the default floating dtype (``floating``)."""
    dtype = floating(x.dtype)
    if dtype == x.dtype:
        return x
    return x.astype(dtype)


def _factorizable(x, name):
    """``x`` as an inexact matrix stack that JAX's LAPACK bindings can factorize (float16 cannot be)."""
    x = _inexact(x, name)
    if x.dtype.itemsize == 2:
        raise TypeError(f"{name}: array type {x.dtype} is unsupported in linalg; cast it to float32 first")
    return x


def _narrowed(result):
    """float32 parts of a result as bfloat16 (tuples item by item); other dtypes unchanged."""
    if isinstance(result, tuple):
        return tuple(_narrowed(item) for item in result)
    return result.astype(BFLOAT16) if result.dtype == np.float32 else result


def _bfloat16_in_float32(function):
    """``function`` computing bfloat16 matrices in float32 and giving bfloat16 results.

    JAX's LAPACK bindings have no bfloat16 routines; the standard asks for
    results in the input's precision.
    """

    @functools.wraps(function)
    def computing(x, *args, **kwargs):
        if getattr(x, "dtype", None) != BFLOAT16:
            return function(x, *args, **kwargs)
        widened = tuple(a.astype(np.float32) if getattr(a, "dtype", None) == BFLOAT16 else a for a in args)
        return _narrowed(function(x.astype(np.float32), *widened, **kwargs))

    return computing


def _default_rtol(x):
    """The standard's default relative tolerance ``max(M, N) * eps`` for the inexact ``x``."""
    return max(x.shape[-2:]) * jnp.finfo(x.dtype).eps


def _all_finite(*arrays):
    return all(bool(jnp.all(jnp.isfinite(a))) for a in arrays)


def _check_singular(result, *operands):
    """Raise as NumPy does where finite operands gave a non-finite result (a singular matrix)."""
    if concrete(result, *operands) and not _all_finite(result) and _all_finite(*operands):
        raise ValueError("Singular matrix")
    return result


# -- implementations --------------------------------------------------------------------


def _check_cholesky(result):
    if concrete(result) and bool(jnp.any(jnp.isnan(result))):
        raise ValueError("Matrix is not positive definite")
    return result


def _upper(lower, upper):
    return jnp.conj(jnp.swapaxes(lower, -1, -2)) if upper else lower


@hookimpl(specname="cholesky")
@_bfloat16_in_float32
def cholesky_v_0p6_and_above(x, /, *, upper=False):
    x = _factorizable(as_array(x), "cholesky")
    lower = jnp.linalg.cholesky(x, symmetrize_input=False)
    return _upper(_check_cholesky(lower), upper)


@hookimpl(specname="cholesky")
@_bfloat16_in_float32
def cholesky_v_0p5_and_below(x, /, *, upper=False):
    # jnp.linalg.cholesky always symmetrizes there: call the LAPACK-level routine.
    x = _factorizable(as_array(x), "cholesky")
    lower = jax.lax.linalg.cholesky(x, symmetrize_input=False)
    return _upper(_check_cholesky(lower), upper)


@hookimpl
def cross(x1, x2, /, *, axis=-1):
    x1, x2 = as_array(x1), as_array(x2)
    return jnp.linalg.cross(x1, x2, axis=axis)


@hookimpl
@_bfloat16_in_float32
def det(x, /):
    x = _factorizable(as_array(x), "det")
    return jnp.linalg.det(x)


@hookimpl
def diagonal(x, /, *, offset=0):
    return jnp.linalg.diagonal(as_array(x), offset=offset)


@hookimpl
@_bfloat16_in_float32
def eigh(x, /):
    x = _factorizable(as_array(x), "eigh")
    eigenvalues, eigenvectors = jnp.linalg.eigh(x, UPLO="L", symmetrize_input=False)
    return eigenvalues, eigenvectors


@hookimpl(specname="eigvalsh")
@_bfloat16_in_float32
def eigvalsh_v_0p6_and_above(x, /):
    x = _factorizable(as_array(x), "eigvalsh")
    return jnp.linalg.eigvalsh(x, UPLO="L", symmetrize_input=False)


@hookimpl(specname="eigvalsh")
@_bfloat16_in_float32
def eigvalsh_v_0p5_and_below(x, /):
    # jnp.linalg.eigvalsh takes no symmetrize_input there: take eigh's eigenvalues.
    x = _factorizable(as_array(x), "eigvalsh")
    return jnp.linalg.eigh(x, UPLO="L", symmetrize_input=False)[0]


@hookimpl
@_bfloat16_in_float32
def inv(x, /):
    x = _factorizable(as_array(x), "inv")
    return _check_singular(jnp.linalg.inv(x), x)


@hookimpl
@_bfloat16_in_float32
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _inexact(as_array(x), "matrix_norm")
    if ord is None:
        ord = "fro"
    if ord in ("nuc", 2, -2) and x.dtype.itemsize == 2:
        raise TypeError(f"matrix_norm(ord={ord!r}): array type {x.dtype} is unsupported in linalg")
    if kind(x.dtype) == "c" and ord not in ("nuc", 2, -2):
        x = magnitude(x)  # these norms depend on |x| only (JAX's |inf + nan j| is NaN)
    return jnp.linalg.matrix_norm(x, keepdims=keepdims, ord=ord)


@hookimpl
@_bfloat16_in_float32
def matrix_power(x, n, /):
    x = as_array(x)
    n = operator.index(n)
    if n < 0:
        x = _factorizable(x, "matrix_power")
        return _check_singular(jnp.linalg.matrix_power(x, n), x)
    return jnp.linalg.matrix_power(x, n)


@hookimpl
@_bfloat16_in_float32
def matrix_rank(x, /, *, rtol=None):
    x = _factorizable(as_array(x), "matrix_rank")
    dtype = default_width(np.dtype(np.int64))
    if x.size == 0:
        return jnp.zeros(x.shape[:-2], dtype=dtype)
    singular_values = jnp.linalg.svdvals(x)
    if rtol is None:
        rtol = _default_rtol(x)
    else:
        rtol = jnp.asarray(rtol, dtype=singular_values.dtype)[..., jnp.newaxis]
    tolerance = jnp.max(singular_values, axis=-1, keepdims=True) * rtol
    return jnp.count_nonzero(singular_values > tolerance, axis=-1).astype(dtype)


@hookimpl
def outer(x1, x2, /):
    x1, x2 = as_array(x1), as_array(x2)
    return jnp.linalg.outer(x1, x2)


@hookimpl
@_bfloat16_in_float32
def pinv(x, /, *, rtol=None):
    x = _factorizable(as_array(x), "pinv")
    if rtol is None:
        rtol = _default_rtol(x)
    elif not isinstance(rtol, (int, float)):
        rtol = as_array(rtol)
    return jnp.linalg.pinv(x, rtol=rtol)


@hookimpl
@_bfloat16_in_float32
def qr(x, /, *, mode="reduced"):
    x = _factorizable(as_array(x), "qr")
    q, r = jnp.linalg.qr(x, mode=mode)
    return q, r


@hookimpl
@_bfloat16_in_float32
def slogdet(x, /):
    x = _factorizable(as_array(x), "slogdet")
    sign, logabsdet = jnp.linalg.slogdet(x)
    return sign, logabsdet


def _solve_operands(x1, x2):
    x1 = _factorizable(as_array(x1), "solve")
    x2 = as_array(x2)
    dtype = jnp.result_type(x1.dtype, floating(x2.dtype))
    x1, x2 = x1.astype(dtype), x2.astype(dtype)
    rows = x2.shape[0] if x2.ndim == 1 else x2.shape[-2]
    if rows != x1.shape[-1]:
        raise ValueError(f"solve: x2 has {rows} rows, but the matrices of x1 are {x1.shape[-2:]}")
    return x1, x2


@hookimpl(specname="solve")
@_bfloat16_in_float32
def solve_v_0p5_and_above(x1, x2, /):
    x1, x2 = _solve_operands(x1, x2)
    return _check_singular(jnp.linalg.solve(x1, x2), x1, x2)


@hookimpl(specname="solve")
@_bfloat16_in_float32
def solve_v_0p4p38_and_below(x1, x2, /):
    # Broadcasting both operands to one rank makes JAX read x2 as a stack of matrices.
    x1, x2 = _solve_operands(x1, x2)
    vector = x2.ndim == 1
    b = x2[:, jnp.newaxis] if vector else x2
    batch = jnp.broadcast_shapes(x1.shape[:-2], b.shape[:-2])
    result = jnp.linalg.solve(jnp.broadcast_to(x1, batch + x1.shape[-2:]), jnp.broadcast_to(b, batch + b.shape[-2:]))
    result = result[..., 0] if vector else result
    return _check_singular(result, x1, x2)


@hookimpl
@_bfloat16_in_float32
def svd(x, /, *, full_matrices=True):
    x = _factorizable(as_array(x), "svd")
    u, s, vh = jnp.linalg.svd(x, full_matrices=full_matrices)
    return u, s, vh


@hookimpl
@_bfloat16_in_float32
def svdvals(x, /):
    x = _factorizable(as_array(x), "svdvals")
    return jnp.linalg.svdvals(x)


@hookimpl
def trace(x, /, *, offset=0, dtype=None):
    x = as_array(x)
    if dtype is None:
        dtype = accumulation_dtype(x.dtype)
    else:
        dtype = dtype_argument(dtype)
    return jnp.linalg.trace(x, offset=offset, dtype=dtype)


@hookimpl
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _inexact(as_array(x), "vector_norm")
    if axis is not None:
        axis = normalize_axes(axis, x.ndim) if isinstance(axis, (tuple, list)) else normalize_axis(axis, x.ndim)
    if kind(x.dtype) == "c":
        x = magnitude(x)  # every vector norm depends on |x| only (JAX's |inf + nan j| is NaN)
    return jnp.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
