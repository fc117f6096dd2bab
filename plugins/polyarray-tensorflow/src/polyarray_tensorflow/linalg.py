"""The linalg extension on TensorFlow.

TensorFlow factorizes float32, float64, complex64 and complex128 matrices.
Integer and boolean input is computed in float64, as on NumPy; float16 input
of the factorizations is refused with a ``TypeError`` as NumPy's linalg
refuses it. bfloat16 (which NumPy lacks) is factorized in float32 and the
results are rounded to bfloat16. Functions that only add and multiply
(``cross``, ``diagonal``, ``outer``, ``trace``, ``matrix_power`` with
``n >= 0``, the norms that need no factorization) keep every dtype.
Stacks broadcast where the standard says so (``solve``).
"""

from __future__ import annotations

import math
import operator

import numpy as np
import tensorflow as tf

from ._helpers import (
    BOOL,
    HALF,
    INTEGRAL,
    REAL_OF,
    SIGNED,
    UNSIGNED,
    dtype_name,
    normalize_axes,
    normalize_axis,
    operands,
    reduced_shape,
    shape_of,
    tensor,
)
from ._marker import hookimpl
from .linear_algebra import _matmul2

# -- helpers ----------------------------------------------------------------------------


def _factorizable(x, name):
    """``x`` in a dtype TensorFlow's (and NumPy's) factorizations take: integers become float64, bfloat16 float32."""
    if x.dtype in INTEGRAL:
        return tf.cast(x, tf.float64)
    if x.dtype == tf.bfloat16:
        return tf.cast(x, tf.float32)
    if x.dtype in HALF:
        raise TypeError(f"{name}: array type {dtype_name(x.dtype)} is unsupported in linalg")
    return x


def _rounded(result, like):
    """float32 results (one tensor or a tuple) rounded to bfloat16 when the input ``like`` was bfloat16."""
    if like.dtype != tf.bfloat16:
        return result
    if isinstance(result, tuple):
        return tuple(_rounded(r, like) for r in result)
    return tf.cast(result, tf.bfloat16) if result.dtype == tf.float32 else result


def _real(dtype):
    return REAL_OF.get(dtype, dtype)


def _eps(dtype):
    return float(np.finfo(_real(dtype).as_numpy_dtype).eps)


def _svdvals(x):
    return tf.linalg.svd(x, compute_uv=False)


def _empty_matrices(x):
    shape = shape_of(x)
    return shape[-1] == 0 or shape[-2] == 0


# -- implementations --------------------------------------------------------------------


@hookimpl
def cholesky(x, /, *, upper=False):
    x = original = tensor(x)
    x = _factorizable(x, "cholesky")
    if _empty_matrices(x):
        return _rounded(tf.identity(x), original)
    lower = tf.linalg.cholesky(x)
    # LAPACK (NumPy) refuses a matrix whose factor would have a diagonal entry that is not positive.
    if not bool(tf.reduce_all(tf.math.real(tf.linalg.diag_part(lower)) > 0)):
        raise ValueError("Matrix is not positive definite")
    return _rounded(tf.linalg.adjoint(lower) if upper else lower, original)


@hookimpl
def cross(x1, x2, /, *, axis=-1):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        raise TypeError("cross is not defined for boolean input")
    for x in (x1, x2):
        if not -len(x.shape) <= axis < len(x.shape):
            raise ValueError(f"cross: axis {axis} is out of bounds for an array of dimension {len(x.shape)}")
    a1, a2 = normalize_axis(axis, len(x1.shape)), normalize_axis(axis, len(x2.shape))
    if shape_of(x1)[a1] != 3 or shape_of(x2)[a2] != 3:
        raise ValueError(
            f"cross needs vectors of 3 elements along axis {axis}, not {shape_of(x1)[a1]} and {shape_of(x2)[a2]}"
        )
    u = tf.unstack(x1, axis=a1)
    v = tf.unstack(x2, axis=a2)
    parts = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    shape = tuple(np.broadcast_shapes(*(shape_of(p) for p in parts)))
    parts = [tf.broadcast_to(p, shape) for p in parts]
    result_ndim = len(shape) + 1
    return tf.stack(parts, axis=normalize_axis(axis, result_ndim))


@hookimpl
def det(x, /):
    x = original = tensor(x)
    x = _factorizable(x, "det")
    if shape_of(x)[-1] == 0:
        return _rounded(tf.ones(shape_of(x)[:-2], x.dtype), original)
    return _rounded(tf.linalg.det(x), original)


@hookimpl
def diagonal(x, /, *, offset=0):
    x = tensor(x)
    rows, cols = shape_of(x)[-2:]
    offset = operator.index(offset)
    if offset >= cols or -offset >= rows or rows == 0 or cols == 0:
        return tf.zeros((*shape_of(x)[:-2], 0), x.dtype)
    return tf.linalg.diag_part(x, k=offset)


@hookimpl
def eigh(x, /):
    x = original = tensor(x)
    x = _factorizable(x, "eigh")
    eigenvalues, eigenvectors = tf.linalg.eigh(x)
    # TensorFlow gives the (real) eigenvalues of a complex matrix a complex dtype.
    return _rounded((tf.math.real(eigenvalues), eigenvectors), original)


@hookimpl
def eigvalsh(x, /):
    x = tensor(x)
    return _rounded(tf.math.real(tf.linalg.eigvalsh(_factorizable(x, "eigvalsh"))), x)


@hookimpl
def inv(x, /):
    x = original = tensor(x)
    x = _factorizable(x, "inv")
    if _empty_matrices(x):
        return _rounded(tf.identity(x), original)
    return _rounded(tf.linalg.inv(x), original)


def _norm_input(x):
    """``x`` with integers as float64 (norms of other dtypes keep their precision)."""
    return tf.cast(x, tf.float64) if x.dtype in INTEGRAL else x


def _abs(x):
    return tf.math.abs(x)


@hookimpl
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _norm_input(tensor(x))
    shape = shape_of(x)
    real = _real(x.dtype)
    empty = _empty_matrices(x)
    batch = shape[:-2]
    out_shape = batch + ((1, 1) if keepdims else ())
    if ord is None or (isinstance(ord, str) and ord == "fro"):
        work = tf.float32 if real in HALF else real
        squares = tf.math.square(tf.cast(_abs(x), work))
        result = tf.cast(tf.math.sqrt(tf.reduce_sum(squares, axis=[-2, -1])), real)
    elif isinstance(ord, str) and ord == "nuc":
        if empty:
            return tf.zeros(out_shape, real)
        result = _rounded(tf.reduce_sum(_svdvals(_factorizable(x, "matrix_norm")), axis=-1), x)
    elif ord in (1, -1, math.inf, -math.inf):
        # Column sums (ord 1) or row sums (ord inf); the extremum is over the other axis.
        sums_axis = -2 if ord in (1, -1) else -1
        if shape[-1 if sums_axis == -2 else -2] == 0:
            if ord < 0:
                raise ValueError("zero-size array to reduction operation minimum which has no identity")
            return tf.zeros(out_shape, real)
        sums = tf.reduce_sum(_abs(x), axis=sums_axis)
        result = tf.reduce_max(sums, axis=-1) if ord > 0 else tf.reduce_min(sums, axis=-1)
    elif ord in (2, -2):
        if empty:
            if ord == -2:
                raise ValueError("zero-size array to reduction operation minimum which has no identity")
            return tf.zeros(out_shape, real)
        values = _rounded(_svdvals(_factorizable(x, "matrix_norm")), x)
        result = values[..., 0] if ord == 2 else values[..., -1]
    else:
        raise ValueError(f"invalid matrix norm order {ord!r}")
    return tf.reshape(result, out_shape)


@hookimpl
def matrix_power(x, n, /):
    x = tensor(x)
    n = operator.index(n)
    size = shape_of(x)[-1]
    if n == 0:
        identity = tf.eye(size, dtype=tf.float64) if x.dtype != BOOL else tf.eye(size, dtype=tf.float64) > 0
        return tf.broadcast_to(tf.cast(identity, x.dtype), shape_of(x))
    if n < 0:
        x = inv(x)
        n = -n
    result, base = None, x
    while n:
        if n & 1:
            result = base if result is None else _matmul2(result, base)
        n >>= 1
        if n:
            base = _matmul2(base, base)
    return result


@hookimpl
def matrix_rank(x, /, *, rtol=None):
    x = tensor(x)
    x = _factorizable(x, "matrix_rank")
    shape = shape_of(x)
    if _empty_matrices(x):
        return tf.zeros(shape[:-2], tf.int64)
    values = _svdvals(x)
    real = values.dtype
    if rtol is None:
        tolerance = tf.constant(max(shape[-2:]) * _eps(real), real)
    else:
        tolerance = tf.cast(tensor(rtol), real)[..., None]
    cutoff = tf.reduce_max(values, axis=-1, keepdims=True) * tolerance
    return tf.reduce_sum(tf.cast(values > cutoff, tf.int64), axis=-1)


@hookimpl
def outer(x1, x2, /):
    x1, x2 = operands(x1, x2)
    if x1.dtype == BOOL:
        return tf.logical_and(x1[:, None], x2[None, :])
    return x1[:, None] * x2[None, :]


@hookimpl
def pinv(x, /, *, rtol=None):
    x = original = tensor(x)
    x = _factorizable(x, "pinv")
    shape = shape_of(x)
    if _empty_matrices(x):
        return _rounded(tf.zeros((*shape[:-2], shape[-1], shape[-2]), x.dtype), original)
    s, u, v = tf.linalg.svd(x, full_matrices=False)
    real = s.dtype
    if rtol is None:
        tolerance = tf.constant(max(shape[-2:]) * _eps(real), real)
    else:
        tolerance = tf.cast(tensor(rtol), real)[..., None]
    cutoff = tolerance * tf.reduce_max(s, axis=-1, keepdims=True)
    large = s > cutoff
    inverse = tf.where(large, 1 / tf.where(large, s, tf.ones((), real)), tf.zeros((), real))
    scaled = v * tf.cast(inverse, x.dtype)[..., None, :]
    return _rounded(tf.linalg.matmul(scaled, u, adjoint_b=True), original)


@hookimpl
def qr(x, /, *, mode="reduced"):
    x = original = tensor(x)
    x = _factorizable(x, "qr")
    q, r = tf.linalg.qr(x, full_matrices=mode == "complete")
    return _rounded((q, r), original)


@hookimpl
def slogdet(x, /):
    x = original = tensor(x)
    x = _factorizable(x, "slogdet")
    if shape_of(x)[-1] == 0:
        batch = shape_of(x)[:-2]
        return _rounded((tf.ones(batch, x.dtype), tf.zeros(batch, _real(x.dtype))), original)
    sign, logabsdet = tf.linalg.slogdet(x)
    # TensorFlow gives the log of a complex determinant's modulus as a complex number.
    logabsdet = tf.math.real(logabsdet)
    singular = tf.math.is_inf(logabsdet)
    sign = tf.where(singular, tf.zeros((), sign.dtype), sign)
    return _rounded((sign, logabsdet), original)


@hookimpl
def solve(x1, x2, /):
    x1, x2 = operands(x1, x2)
    original = x1 = tensor(x1)
    x1 = _factorizable(x1, "solve")
    x2 = tf.cast(x2, x1.dtype) if x2.dtype != x1.dtype else x2
    s1, s2 = shape_of(x1), shape_of(x2)
    vector = len(s2) == 1
    if vector:
        x2 = x2[:, None]
        s2 = shape_of(x2)
    if s2[-2] != s1[-1]:
        raise ValueError(f"solve: x1 has {s1[-1]} rows but x2 has {s2[-2]}")
    try:
        batch = tuple(np.broadcast_shapes(s1[:-2], s2[:-2]))
    except ValueError:
        raise ValueError(f"solve: the stack shapes of {s1} and {s2} do not broadcast") from None
    x1 = tf.broadcast_to(x1, batch + s1[-2:])
    x2 = tf.broadcast_to(x2, batch + s2[-2:])
    if s1[-1] == 0:
        result = tf.zeros(batch + s2[-2:], x1.dtype)
    else:
        result = tf.linalg.solve(x1, x2)
    return _rounded(result[..., 0] if vector else result, original)


@hookimpl
def svd(x, /, *, full_matrices=True):
    x = original = tensor(x)
    x = _factorizable(x, "svd")
    s, u, v = tf.linalg.svd(x, full_matrices=full_matrices)
    return _rounded((u, s, tf.linalg.adjoint(v)), original)


@hookimpl
def svdvals(x, /):
    x = tensor(x)
    return _rounded(_svdvals(_factorizable(x, "svdvals")), x)


def _sum_dtype(dtype):
    if dtype == BOOL or dtype in SIGNED:
        return tf.int64
    if dtype in UNSIGNED:
        return tf.uint64
    return dtype


@hookimpl
def trace(x, /, *, offset=0, dtype=None):
    x = tensor(x)
    target = _sum_dtype(x.dtype) if dtype is None else tf.as_dtype(dtype)
    values = diagonal(x, offset=offset)
    values = tf.cast(values, target) if values.dtype != target else values
    if target == tf.bfloat16:
        return tf.cast(tf.reduce_sum(tf.cast(values, tf.float32), axis=-1), target)
    return tf.reduce_sum(values, axis=-1)


@hookimpl
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _norm_input(tensor(x))
    shape = shape_of(x)
    axes = normalize_axes(axis, len(shape))
    real = _real(x.dtype)
    out_shape = reduced_shape(shape, axes, keepdims)
    magnitude = _abs(x)
    work = tf.float32 if real in HALF else real
    magnitude = tf.cast(magnitude, work)
    size = 1
    for a in axes:
        size *= shape[a]
    if ord == math.inf:
        result = tf.reduce_max(magnitude, axis=list(axes)) if size else tf.zeros(out_shape, work)
    elif ord == -math.inf:
        if size == 0:
            raise ValueError("zero-size array to reduction operation minimum which has no identity")
        result = tf.reduce_min(magnitude, axis=list(axes))
    elif ord == 0:
        result = tf.reduce_sum(tf.cast(tf.not_equal(magnitude, 0), work), axis=list(axes))
    elif ord == 1:
        result = tf.reduce_sum(magnitude, axis=list(axes))
    elif ord == 2:
        result = tf.math.sqrt(tf.reduce_sum(tf.math.square(magnitude), axis=list(axes)))
    else:
        p = tf.constant(float(ord), work)
        result = tf.math.pow(tf.reduce_sum(tf.math.pow(magnitude, p), axis=list(axes)), 1 / p)
    if ord in (math.inf, -math.inf):
        has_nan = tf.reduce_any(tf.math.is_nan(magnitude), axis=list(axes)) if size else False
        if size:
            result = tf.where(has_nan, tf.constant(math.nan, work), result)
    return tf.reshape(tf.cast(result, real), out_shape)
