"""The ``linalg`` extension, on inputs chosen so that the answer is well defined.

Factorizations get well-conditioned matrices (diagonally dominant, or
``B B^H + n I`` where positive-definite ones are needed), so every correct
implementation agrees within ``n * eps`` times a small factor. Results that
are unique only up to signs or phases (eigenvectors, singular vectors, QR
factors) are compared through what is unique: the product they reconstruct
and how far their columns are from orthonormal. Ranks are taken of
integer-valued matrices, whose non-zero singular values stay far above the
rank threshold.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from polyarray.conformance._helpers import bounded, eps, is_inexact, numpy_dtype, with_axis
from polyarray.testing import axes, broadcastable_shapes, conformance, shapes, tolerance

FLOATING = ("floating",)
NUMERIC = ("real", "complex floating")
#: NumPy's linalg has no float16 routines: the reference raises, so float16 factorizations have
#: no reference (a backend that computes them is not wrong).
NO_REFERENCE = ("float16",)

batches = shapes(max_dims=2, max_side=2)
sizes = st.integers(0, 4)


def _atol(dtype, n, scale=1.0):
    """The absolute tolerance of an ``n``-by-``n`` factorization of well-conditioned entries of size ``scale``."""
    # Integer input is computed in float64.
    dtype_eps = eps(dtype) if is_inexact(dtype) else 2.0**-52
    return 256 * max(n, 1) * dtype_eps * max(scale, 1.0)


def _values(case, dtype, shape, label, high=1.0):
    """NumPy values of ``dtype``'s kind in ``[-high, high]`` (integers for integer dtypes)."""
    if dtype.kind in ("bool", "signed integer", "unsigned integer"):
        low = 0 if dtype.kind in ("bool", "unsigned integer") else -1
        return case.draw(hnp.arrays(np.int64, shape, elements=st.integers(low, 1)), label=label)
    real_dtype = np.float64
    elements = st.floats(-high, high, allow_nan=False, width=16)
    values = case.draw(hnp.arrays(real_dtype, shape, elements=elements), label=label)
    if dtype.kind == "complex floating":
        values = values + 1j * case.draw(hnp.arrays(real_dtype, shape, elements=elements), label=label + " (imag)")
    return values


def _to(case, values, dtype):
    """NumPy values as an array of ``dtype`` on the backend."""
    if dtype.kind == "bool":
        values = values != 0
    return case.asarray(np.asarray(values).astype(numpy_dtype(dtype)), dtype)


def _dominant(case, dtype, batch, n, m=None):
    """Well-conditioned matrices: entries in [-1, 1] plus ``n + 1`` on the diagonal (sign drawn per matrix)."""
    m = n if m is None else m
    values = _values(case, dtype, (*batch, n, m), "entries")
    sign = 1 if dtype.kind == "unsigned integer" else case.draw(st.sampled_from([1, -1]), label="sign")
    values = values + sign * (max(n, m) + 1) * np.eye(n, m)
    return _to(case, values, dtype)


def _hermitian(values):
    return (values + np.conj(np.swapaxes(values, -1, -2))) / 2


def _positive_definite(case, dtype, batch, n):
    values = _values(case, dtype, (*batch, n, n), "entries")
    values = values @ np.conj(np.swapaxes(values, -1, -2)) + n * np.eye(n) + np.eye(n)
    return _to(case, values, dtype)


def _conj_t(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _eye_defect(q, columns=True):
    """How far the columns (or rows) of ``q`` are from orthonormal: ``q^H q - I`` (``q q^H - I``)."""
    gram = _conj_t(q) @ q if columns else q @ _conj_t(q)
    return gram - np.eye(gram.shape[-1])


# -- factorizations -----------------------------------------------------------------------------


@conformance("linalg.cholesky")
def test_cholesky(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    x = _positive_definite(case, dtype, case.draw(batches, label="batch"), n)
    case.check("linalg.cholesky", x, upper=case.draw(st.booleans(), label="upper"), atol=_atol(dtype, n, n))


@conformance("linalg.cholesky")
def test_cholesky_not_positive_definite(case):
    dtype = case.dtype(("real floating",), exclude=("float16", "bfloat16"))
    x = _to(case, -np.eye(3), dtype)
    case.check("linalg.cholesky", x, expect_error=True)


def _eigh_canonical(tree):
    """Eigenvalues, and ``V diag(w) V^H`` with ``V^H V - I`` (unique whatever signs or bases were chosen)."""
    w, v = tree
    reconstructed = (v * w[..., None, :]) @ _conj_t(v)
    return [w, np.concatenate([reconstructed.ravel(), _eye_defect(v).ravel()])]


@conformance("linalg.eigh")
def test_eigh(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    values = _hermitian(_values(case, dtype, (*case.draw(batches, label="batch"), n, n), "entries"))
    x = _to(case, values, dtype)
    case.check("linalg.eigh", x, transform=_eigh_canonical, atol=_atol(dtype, n))


@conformance("linalg.eigvalsh")
def test_eigvalsh(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    values = _hermitian(_values(case, dtype, (*case.draw(batches, label="batch"), n, n), "entries"))
    case.check("linalg.eigvalsh", _to(case, values, dtype), atol=_atol(dtype, n))


@conformance("linalg.inv")
def test_inv(case):
    dtype = case.dtype(("integral", "floating"), exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    x = _dominant(case, dtype, case.draw(batches, label="batch"), n)
    case.check("linalg.inv", x, atol=_atol(dtype, n))


@conformance("linalg.inv", "linalg.solve")
def test_singular_matrices(case, function):
    dtype = case.dtype(("real floating", "complex floating"), exclude=("float16", "bfloat16"))
    x = _to(case, np.zeros((3, 3)), dtype)
    if function == "linalg.inv":
        case.check(function, x, expect_error=True)
    else:
        case.check(function, x, _to(case, np.ones(3), dtype), expect_error=True)


def _qr_canonical(tree):
    """``Q R``, with ``Q^H Q - I`` and the part of ``R`` below its diagonal (both zero for any valid QR)."""
    q, r = tree
    below = np.tril(r, -1)
    return [q @ r, np.concatenate([_eye_defect(q).ravel(), below.ravel()])]


@conformance("linalg.qr")
def test_qr(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n, m = case.draw(sizes, label="rows"), case.draw(sizes, label="columns")
    x = _dominant(case, dtype, case.draw(batches, label="batch"), n, m)
    mode = case.draw(st.sampled_from(["reduced", "complete"]), label="mode")
    case.check("linalg.qr", x, mode=mode, transform=_qr_canonical, atol=_atol(dtype, max(n, m), max(n, m) + 1))


@conformance("linalg.qr")
def test_qr_unknown_mode(case):
    x = _to(case, np.eye(2), case.dtype(("real floating",), exclude=("float16", "bfloat16")))
    case.check("linalg.qr", x, mode="economic", expect_error=True)


def _svd_canonical(tree):
    """``U diag(S) Vh``, ``S``, and how far ``U`` and ``Vh`` are from unitary."""
    u, s, vh = tree
    k = s.shape[-1]
    reconstructed = (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]
    return [reconstructed, s, np.concatenate([_eye_defect(u).ravel(), _eye_defect(vh, columns=False).ravel()])]


@conformance("linalg.svd")
def test_svd(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n, m = case.draw(sizes, label="rows"), case.draw(sizes, label="columns")
    values = _values(case, dtype, (*case.draw(batches, label="batch"), n, m), "entries")
    full = case.draw(st.booleans(), label="full_matrices")
    x = _to(case, values, dtype)
    case.check("linalg.svd", x, full_matrices=full, transform=_svd_canonical, atol=_atol(dtype, max(n, m)))


@conformance("linalg.svdvals")
def test_svdvals(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n, m = case.draw(sizes, label="rows"), case.draw(sizes, label="columns")
    x = _to(case, _values(case, dtype, (*case.draw(batches, label="batch"), n, m), "entries"), dtype)
    case.check("linalg.svdvals", x, atol=_atol(dtype, max(n, m)))


@conformance("linalg.slogdet", "linalg.det")
def test_determinants(case, function):
    dtype = case.dtype(("integral", "floating"), exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    x = _dominant(case, dtype, case.draw(batches, label="batch"), n)
    if function == "linalg.det":
        # The determinant is a product of n factors of size up to 2n + 1.
        case.check(function, x, rtol=_atol(dtype, n) / 4, atol=_atol(dtype, n))
    else:
        case.check(function, x, atol=_atol(dtype, n))


@conformance("linalg.slogdet", "linalg.det")
def test_determinants_of_singular_matrices(case, function):
    dtype = case.dtype(("real floating", "complex floating"), exclude=("float16", "bfloat16"))
    n = case.draw(st.integers(1, 3), label="n")
    case.check(function, _to(case, np.zeros((n, n)), dtype))


@conformance("linalg.solve")
def test_solve(case):
    dtype = case.dtype(("integral", "floating"), exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    batch1, batch2 = case.draw(broadcastable_shapes(max_dims=2, max_side=2), label="batches")
    x1 = _dominant(case, dtype, batch1, n)
    if case.draw(st.booleans(), label="vector"):
        x2 = _to(case, _values(case, dtype, (n,), "x2", high=4.0), dtype)
    else:
        k = case.draw(st.integers(0, 3), label="k")
        x2 = _to(case, _values(case, dtype, (*batch2, n, k), "x2", high=4.0), dtype)
    case.check("linalg.solve", x1, x2, atol=_atol(dtype, n, 4.0))


@conformance("linalg.pinv")
def test_pinv(case):
    dtype = case.dtype(FLOATING, exclude=NO_REFERENCE)
    n, m = case.draw(sizes, label="rows"), case.draw(sizes, label="columns")
    x = _dominant(case, dtype, case.draw(batches, label="batch"), n, m)
    rtol = case.draw(st.none() | st.sampled_from([1e-3, 0.5]), label="rtol")
    case.check("linalg.pinv", x, rtol=rtol, atol=_atol(dtype, max(n, m)))


@conformance("linalg.matrix_rank")
def test_matrix_rank(case):
    """Products of small integer matrices: ranks from 0 to full, unambiguous in every precision.

    bfloat16 is left out: its default threshold (``max(M, N) * eps``) is that of bfloat16, which a
    float32 reference cannot apply.
    """
    dtype = case.dtype((*FLOATING, "integral"), exclude=("float16", "bfloat16"))
    n, m = case.draw(sizes, label="rows"), case.draw(sizes, label="columns")
    r = case.draw(st.integers(0, 4), label="inner size")
    batch = case.draw(batches, label="batch")
    left = case.draw(hnp.arrays(np.int64, (*batch, n, r), elements=st.integers(-2, 2)), label="left")
    right = case.draw(hnp.arrays(np.int64, (*batch, r, m), elements=st.integers(-2, 2)), label="right")
    x = _to(case, left @ right, dtype)
    case.check("linalg.matrix_rank", x)


# -- norms and simple functions -------------------------------------------------------------------


@conformance("linalg.matrix_norm")
def test_matrix_norm(case):
    dtype = case.dtype(NUMERIC, exclude=NO_REFERENCE)
    shape = (*case.draw(batches, label="batch"), case.draw(sizes, label="rows"), case.draw(sizes, label="columns"))
    x = case.array(dtype, shape, elements=bounded(dtype, 100.0, specials=False), label="x")
    order = case.draw(st.sampled_from(["fro", "nuc", 1, -1, 2, -2, float("inf"), -float("inf")]), label="ord")
    keepdims = case.draw(st.booleans(), label="keepdims")
    case.check("linalg.matrix_norm", x, ord=order, keepdims=keepdims, atol=_atol(dtype, 4, 100.0))


@conformance("linalg.vector_norm")
def test_vector_norm(case):
    dtype = case.dtype(NUMERIC)
    x = case.array(dtype, elements=bounded(dtype, 100.0), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    order = case.draw(st.sampled_from([2, 1, float("inf"), -float("inf"), 0, 3, 0.5, -1]), label="ord")
    keepdims = case.draw(st.booleans(), label="keepdims")
    case.check("linalg.vector_norm", x, axis=axis, ord=order, keepdims=keepdims, atol=_atol(dtype, 8, 100.0))


@conformance("linalg.matrix_power")
def test_matrix_power(case):
    dtype = case.dtype(("integral", "floating"), exclude=NO_REFERENCE)
    n = case.draw(sizes, label="n")
    power = case.draw(st.integers(-3, 4), label="power")
    if power < 0 or is_inexact(dtype):
        x = _dominant(case, dtype, case.draw(batches, label="batch"), n)
        # Entries grow like (2n + 1)**power and errors with them.
        scale = float((2 * n + 2) ** abs(power))
        case.check("linalg.matrix_power", x, power, rtol=_atol(dtype, n), atol=_atol(dtype, n, scale))
    else:
        x = case.array(dtype, (*case.draw(batches, label="batch"), n, n), label="x")
        case.check("linalg.matrix_power", x, power)


@conformance("linalg.cross")
def test_cross(case):
    dtype = case.dtype(NUMERIC)
    batch1, batch2 = case.draw(broadcastable_shapes(max_dims=2, max_side=3), label="batches")
    position = case.draw(st.integers(0, min(len(batch1), len(batch2))), label="axis position")
    shape1 = with_axis(batch1, 3, position)
    shape2 = with_axis(batch2, 3, position)
    elements = bounded(dtype, 1e3, specials=False) if is_inexact(dtype) else None
    x1 = case.array(dtype, shape1, elements=elements, label="x1")
    x2 = case.array(dtype, shape2, elements=elements, label="x2")
    tol = tolerance(dtype)
    case.check("linalg.cross", x1, x2, axis=-position - 1, atol=tol.atol + 4 * tol.rtol * 2e6)


@conformance("linalg.cross")
def test_cross_needs_three_elements(case):
    dtype = case.dtype(NUMERIC)
    case.check("linalg.cross", case.array(dtype, (2,)), case.array(dtype, (2,)), expect_error=True)


@conformance("linalg.diagonal")
def test_diagonal(case):
    x = case.array(case.dtype(), shapes(min_dims=2), label="x")
    case.check("linalg.diagonal", x, offset=case.draw(st.integers(-5, 5), label="offset"))


@conformance("linalg.trace")
def test_trace(case):
    dtype = case.dtype(NUMERIC)
    elements = bounded(dtype, 1e3) if is_inexact(dtype) else None
    x = case.array(dtype, shapes(min_dims=2), elements=elements, label="x")
    offset = case.draw(st.integers(-4, 4), label="offset")
    tol = tolerance(dtype)
    case.check("linalg.trace", x, offset=offset, atol=tol.atol + 4 * tol.rtol * 4e3)


@conformance("linalg.outer")
def test_outer(case):
    dtype = case.dtype(NUMERIC)
    x1 = case.array(dtype, shapes(min_dims=1, max_dims=1), label="x1")
    x2 = case.array(dtype, shapes(min_dims=1, max_dims=1), label="x2")
    case.check("linalg.outer", x1, x2)
