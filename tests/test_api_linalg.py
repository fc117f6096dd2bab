"""Linear algebra (main namespace and ``pa.linalg``) against NumPy (array API standard 2024.12).

References are built from NumPy functions that every supported NumPy has, so
that the suite checks the same semantics on NumPy 1.26 and 2.x. The plugin's
variants for older NumPy are also called directly, so that they are checked
on any NumPy.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray_numpy import linalg as np_linalg
from polyarray_numpy import linear_algebra as np_linear_algebra

FLOATS = [np.dtype(np.float32), np.dtype(np.float64)]
INEXACT = [*FLOATS, np.dtype(np.complex64), np.dtype(np.complex128)]
INTEGERS = [np.dtype(d) for d in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)]
NUMERIC = [*INTEGERS, *INEXACT]
STANDARD_LINALG = (
    "cholesky cross det diagonal eigh eigvalsh inv matmul matrix_norm matrix_power matrix_rank matrix_transpose "
    "outer pinv qr slogdet solve svd svdvals tensordot trace vecdot vector_norm"
).split()

batches = hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3)
sides = st.integers(0, 4)


# -- helpers ----------------------------------------------------------------------------


def native(result):
    """The NumPy array inside a ``pa.Array`` result."""
    assert isinstance(result, pa.Array), type(result)
    return np.asarray(result.data)


def real_dtype(dtype):
    return np.empty(0, dtype).real.dtype


def tolerance(dtype):
    single = np.dtype(dtype) in (np.dtype(np.float32), np.dtype(np.complex64))
    return {"rtol": 2e-3, "atol": 2e-3} if single else {"rtol": 1e-9, "atol": 1e-9}


def close(got, expected, dtype):
    np.testing.assert_allclose(got, expected, **tolerance(dtype))


def ct(x):
    """The conjugate transpose of each matrix."""
    return np.conj(np.swapaxes(x, -1, -2))


def eye_like(x):
    """Identity matrices of the shape of the (square) stack ``x``."""
    return np.broadcast_to(np.eye(x.shape[-1], dtype=x.dtype), x.shape)


def close_to_identity(x, dtype):
    close(x, eye_like(x), dtype)


def _values(draw, shape, dtype):
    """Elements in [-1, 1] (exact in float32), complex when ``dtype`` is."""
    elements = st.floats(-1, 1, allow_nan=False, width=32)
    real = draw(hnp.arrays(np.float64, shape, elements=elements))
    if np.dtype(dtype).kind == "c":
        real = real + 1j * draw(hnp.arrays(np.float64, shape, elements=elements))
    return real.astype(dtype)


@st.composite
def matrices(draw, dtypes=INEXACT, square=False, min_side=0):
    """A stack of matrices (empty stacks and 0-sized matrices included)."""
    dtype = draw(st.sampled_from(dtypes))
    m = draw(st.integers(min_side, 4))
    n = m if square else draw(st.integers(min_side, 4))
    return _values(draw, (*draw(batches), m, n), dtype)


@st.composite
def well_conditioned(draw, dtypes=INEXACT, square=True, min_side=0):
    """Matrices whose singular values are all at least 1: ``B + c * I`` with ``c - 1`` above ``||B||``."""
    x = draw(matrices(dtypes, square=square, min_side=min_side))
    m, n = x.shape[-2:]
    return (x + (2 * max(m, n) + 1) * np.eye(m, n, dtype=x.dtype)).astype(x.dtype)


@st.composite
def hermitian_pd(draw, dtypes=INEXACT):
    """Hermitian (real symmetric) positive-definite matrices: ``B @ B^H + (n + 1) * I``."""
    b = draw(matrices(dtypes, square=True))
    n = b.shape[-1]
    return (b @ ct(b) + (n + 1) * np.eye(n, dtype=b.dtype)).astype(b.dtype)


@st.composite
def numeric_arrays(draw, shape, dtypes=NUMERIC):
    dtype = draw(st.sampled_from(dtypes))
    if dtype.kind == "b":
        return draw(hnp.arrays(dtype, shape))
    if dtype.kind in "iu":
        low = max(-20, int(np.iinfo(dtype).min))
        return draw(hnp.arrays(dtype, shape, elements=hnp.from_dtype(dtype, min_value=low, max_value=20)))
    return (_values(draw, shape, dtype) * 10).astype(dtype)


def check_values(result, expected, dtype):
    """Exact for integers, within the dtype's tolerance for floating point."""
    if np.dtype(dtype).kind in "fc":
        close(result, expected, dtype)
    else:
        np.testing.assert_array_equal(result, expected)


def raises_value_error(call):
    with pytest.raises(pa.PolyarrayValueError) as info:
        call()
    assert isinstance(info.value, ValueError)
    return info.value


# -- the namespace ----------------------------------------------------------------------


def test_main_namespace_aliases_are_the_same_functions():
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(pa.linalg, name) is getattr(pa, name)
        assert name in pa.linalg.__all__


def test_linalg_namespace_has_every_standard_function():
    missing = [name for name in STANDARD_LINALG if not callable(getattr(pa.linalg, name, None))]
    assert missing == []
    assert set(STANDARD_LINALG) <= set(pa.linalg.__all__)
    for name in ("EighResult", "QRResult", "SlogdetResult", "SVDResult"):
        assert name in pa.linalg.__all__
    assert pa.linalg.SVDResult._fields == ("U", "S", "Vh")
    assert pa.linalg.EighResult._fields == ("eigenvalues", "eigenvectors")
    assert pa.linalg.QRResult._fields == ("Q", "R")
    assert pa.linalg.SlogdetResult._fields == ("sign", "logabsdet")


def test_linalg_functions_are_not_array_methods():
    # pa.linalg functions live in their namespace only; main-namespace ones become methods.
    assert not hasattr(pa.Array, "svd")
    assert callable(pa.Array.matmul)


def test_native_mode_returns_numpy_arrays_and_named_tuples():
    pa.set_array_mode(False)
    x = np.array([[2.0, 1.0], [1.0, 3.0]])
    assert type(pa.linalg.inv(x)) is np.ndarray
    result = pa.linalg.svd(x)
    assert type(result) is pa.linalg.SVDResult
    assert all(type(part) is np.ndarray for part in result)
    result = pa.linalg.eigh(x)
    assert type(result) is pa.linalg.EighResult and type(result.eigenvectors) is np.ndarray
    assert type(pa.matmul(x, x)) is np.ndarray


# -- matmul, matrix_transpose, tensordot, vecdot ----------------------------------------


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3), sides, sides, sides)
def test_matmul(data, batch, m, k, n):
    dtype = data.draw(st.sampled_from(NUMERIC))
    shape1 = batch.input_shapes[0] + (m, k)
    shape2 = batch.input_shapes[1] + (k, n)
    if data.draw(st.booleans()):
        shape1 = (k,)
    if data.draw(st.booleans()):
        shape2 = (k,)
    x1 = data.draw(numeric_arrays(shape1, [dtype]))
    x2 = data.draw(numeric_arrays(shape2, [dtype]))
    result = native(pa.matmul(pa.asarray(x1), pa.asarray(x2)))
    expected = np.matmul(x1, x2)
    assert result.dtype == x1.dtype and result.shape == expected.shape
    np.testing.assert_array_equal(result, expected)


def test_matmul_promotes_and_rejects_bad_shapes():
    result = pa.matmul(pa.asarray(np.ones((2, 2), np.float32)), pa.asarray(np.ones((2,), np.float64)))
    assert result.dtype == pa.float64 and result.shape == (2,)
    raises_value_error(lambda: pa.matmul(pa.asarray(np.ones((2, 3))), pa.asarray(np.ones((2, 3)))))
    raises_value_error(lambda: pa.matmul(pa.asarray(np.float64(1.0)), pa.asarray(np.ones(2))))
    # The operator goes through the same implementation.
    np.testing.assert_array_equal(native(pa.asarray([[1, 2], [3, 4]]) @ pa.asarray([1, 1])), [3, 7])


@given(st.data(), batches, sides, sides)
def test_matrix_transpose(data, batch, m, n):
    x = data.draw(numeric_arrays((*batch, m, n)))
    result = native(pa.matrix_transpose(pa.asarray(x)))
    assert result.dtype == x.dtype and result.shape == (*batch, n, m)
    np.testing.assert_array_equal(result, np.swapaxes(x, -1, -2))
    np.testing.assert_array_equal(native(pa.asarray(x).mT), np.swapaxes(x, -1, -2))


def test_matrix_transpose_needs_two_dimensions():
    raises_value_error(lambda: pa.matrix_transpose(pa.asarray([1, 2, 3])))


@given(st.data(), st.integers(0, 2))
def test_tensordot_with_a_number_of_axes(data, count):
    shared = data.draw(hnp.array_shapes(min_dims=count, max_dims=count, min_side=0, max_side=3))
    shape1 = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=3)) + shared
    shape2 = shared + data.draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=3))
    dtype = data.draw(st.sampled_from(NUMERIC))
    x1 = data.draw(numeric_arrays(shape1, [dtype]))
    x2 = data.draw(numeric_arrays(shape2, [dtype]))
    result = native(pa.tensordot(pa.asarray(x1), pa.asarray(x2), axes=count))
    expected = np.tensordot(x1, x2, axes=count)
    assert result.dtype == dtype and result.shape == shape1[: len(shape1) - count] + shape2[count:]
    check_values(result, expected, dtype)


@given(st.data())
def test_tensordot_with_axis_lists_and_negative_axes(data):
    x1 = data.draw(numeric_arrays(data.draw(hnp.array_shapes(min_dims=2, max_dims=3, max_side=3)), INEXACT))
    ndim2 = data.draw(st.integers(1, 3))
    axes1 = data.draw(st.lists(st.integers(0, x1.ndim - 1), min_size=1, max_size=min(x1.ndim, ndim2), unique=True))
    axes2 = data.draw(st.permutations(range(ndim2)))[: len(axes1)]
    shape2 = [2] * ndim2
    for a1, a2 in zip(axes1, axes2):
        shape2[a2] = x1.shape[a1]
    x2 = data.draw(numeric_arrays(tuple(shape2), [x1.dtype]))
    negative1 = [a - x1.ndim for a in axes1]
    result = native(pa.tensordot(pa.asarray(x1), pa.asarray(x2), axes=(negative1, list(axes2))))
    expected = np.tensordot(x1, x2, axes=(axes1, list(axes2)))
    assert result.shape == expected.shape and result.dtype == x1.dtype
    close(result, expected, x1.dtype)


def test_tensordot_rejects_bad_axes():
    x = pa.asarray(np.ones((2, 3)))
    raises_value_error(lambda: pa.tensordot(x, x, axes=-1))
    raises_value_error(lambda: pa.tensordot(pa.asarray(np.ones(3)), pa.asarray(np.ones(3)), axes=2))
    raises_value_error(lambda: pa.tensordot(x, x, axes=([0], [1])))  # sizes 2 and 3


def _vecdot_reference(x1, x2, axis):
    a, b = np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)
    dtype = np.result_type(x1, x2)
    return np.sum(np.conj(a).astype(dtype) * b.astype(dtype), axis=-1, dtype=dtype)


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3), st.integers(0, 3))
def test_vecdot(data, batch, size):
    dtype = data.draw(st.sampled_from(NUMERIC))
    axis = data.draw(st.integers(-1 - min(len(s) for s in batch.input_shapes), -1))
    shapes = []
    for shape in batch.input_shapes:
        shape = list(shape)
        shape.insert(len(shape) + axis + 1, size)
        shapes.append(tuple(shape))
    x1 = data.draw(numeric_arrays(shapes[0], [dtype]))
    x2 = data.draw(numeric_arrays(shapes[1], [dtype]))
    expected = _vecdot_reference(x1, x2, axis)
    for result in (
        native(pa.vecdot(pa.asarray(x1), pa.asarray(x2), axis=axis)),
        np.asarray(np_linear_algebra.vecdot_v_1p26_and_below(x1, x2, axis=axis)),
    ):
        assert result.dtype == dtype and result.shape == expected.shape
        check_values(result, expected, dtype)


def test_vecdot_conjugates_the_first_argument_and_keeps_small_integers():
    x = pa.asarray([1j, 2.0])
    assert complex(pa.vecdot(x, x)) == 5
    small = pa.asarray(np.array([100, 100], np.int8))
    assert pa.vecdot(small, small).dtype == pa.int8
    assert np_linear_algebra.vecdot_v_1p26_and_below(small.data, small.data).dtype == np.int8


def test_vecdot_does_not_broadcast_the_vector_axis():
    # Checked in the core (the sizes along the axis), whichever of the NumPy plugin's variants runs.
    with pytest.raises(pa.PolyarrayValueError, match="the same size"):
        pa.vecdot(np.ones((2, 3)), np.ones((2, 1)))
    with pytest.raises(pa.PolyarrayValueError, match="the same size"):
        pa.vecdot(np.ones(3), np.ones(4))


# -- cholesky ---------------------------------------------------------------------------


@given(hermitian_pd(), st.booleans())
def test_cholesky(x, upper):
    factor = native(pa.linalg.cholesky(pa.asarray(x), upper=upper))
    assert factor.dtype == x.dtype and factor.shape == x.shape
    lower = np.linalg.cholesky(x)
    if upper:
        np.testing.assert_array_equal(np.tril(factor, -1), 0)
        close(ct(factor) @ factor, x, x.dtype)
        close(factor, ct(lower), x.dtype)
    else:
        np.testing.assert_array_equal(np.triu(factor, 1), 0)
        close(factor @ ct(factor), x, x.dtype)
        close(factor, lower, x.dtype)
    old = np_linalg.cholesky_v_1p26_and_below(x, upper=upper)
    assert old.dtype == x.dtype
    close(old, factor, x.dtype)


def test_cholesky_of_a_matrix_that_is_not_positive_definite():
    error = raises_value_error(lambda: pa.linalg.cholesky(pa.asarray([[1.0, 2.0], [2.0, 1.0]])))
    assert isinstance(error.__cause__, np.linalg.LinAlgError)


# -- cross ------------------------------------------------------------------------------


def _cross_reference(x1, x2, axis):
    a, b = np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)
    a, b = np.broadcast_arrays(a, b)
    parts = [
        a[..., 1] * b[..., 2] - a[..., 2] * b[..., 1],
        a[..., 2] * b[..., 0] - a[..., 0] * b[..., 2],
        a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0],
    ]
    return np.moveaxis(np.stack(parts, axis=-1), -1, axis)


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3))
def test_cross(data, batch):
    dtype = data.draw(st.sampled_from([np.dtype(np.int64), np.dtype(np.int16), *INEXACT]))
    axis = data.draw(st.integers(-1 - min(len(s) for s in batch.input_shapes), -1))
    shapes = []
    for shape in batch.input_shapes:
        shape = list(shape)
        shape.insert(len(shape) + axis + 1, 3)
        shapes.append(tuple(shape))
    x1 = data.draw(numeric_arrays(shapes[0], [dtype]))
    x2 = data.draw(numeric_arrays(shapes[1], [dtype]))
    result = native(pa.linalg.cross(pa.asarray(x1), pa.asarray(x2), axis=axis))
    expected = _cross_reference(x1, x2, axis)
    assert result.dtype == dtype and result.shape == expected.shape
    check_values(result, expected, dtype)


def test_cross_needs_three_elements_along_the_axis():
    raises_value_error(lambda: pa.linalg.cross(pa.asarray([1.0, 2.0]), pa.asarray([3.0, 4.0])))
    # The vector axis is not broadcast.
    raises_value_error(lambda: pa.linalg.cross(pa.asarray(np.ones((2, 3))), pa.asarray(np.ones((2, 1)))))
    raises_value_error(lambda: pa.linalg.cross(pa.asarray(np.ones((3, 2))), pa.asarray(np.ones((3, 2)))))
    raises_value_error(lambda: pa.linalg.cross(pa.asarray(np.ones(3)), pa.asarray(np.ones(3)), axis=-2))
    np.testing.assert_array_equal(
        native(pa.linalg.cross(pa.asarray(np.eye(3)[:, :2]), pa.asarray(np.eye(3)[:, 1:]), axis=-2)),
        [[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]],
    )


# -- det, slogdet, inv, solve, matrix_power ---------------------------------------------


@given(well_conditioned())
def test_det_and_slogdet(x):
    det = native(pa.linalg.det(pa.asarray(x)))
    assert det.dtype == x.dtype and det.shape == x.shape[:-2]
    expected = np.linalg.det(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64))
    np.testing.assert_allclose(det, expected, rtol=tolerance(x.dtype)["rtol"])
    result = pa.linalg.slogdet(pa.asarray(x))
    assert type(result) is pa.linalg.SlogdetResult
    sign, logabsdet = native(result.sign), native(result.logabsdet)
    assert sign.dtype == x.dtype and logabsdet.dtype == real_dtype(x.dtype)
    assert sign.shape == logabsdet.shape == x.shape[:-2]
    np.testing.assert_allclose(np.abs(sign), 1, **tolerance(x.dtype))
    np.testing.assert_allclose(sign * np.exp(logabsdet), expected, rtol=tolerance(x.dtype)["rtol"])


def test_det_special_values():
    singular = pa.asarray([[1.0, 2.0], [2.0, 4.0]])
    assert float(pa.linalg.det(singular)) == 0.0
    sign, logabsdet = pa.linalg.slogdet(singular)
    assert float(sign) == 0.0 and float(logabsdet) == -np.inf
    assert float(pa.linalg.det(pa.asarray(np.zeros((0, 0))))) == 1.0
    assert pa.linalg.det(pa.asarray([[1, 2], [3, 4]])).dtype == pa.float64
    assert pa.linalg.det(pa.asarray(np.zeros((0, 3, 3), np.float32))).shape == (0,)
    assert abs(float(pa.linalg.det(pa.asarray([[1e200, 0.0], [0.0, 1e200]])))) == np.inf
    assert float(pa.linalg.slogdet(pa.asarray([[1e200, 0.0], [0.0, 1e200]])).logabsdet) == pytest.approx(
        2 * 200 * math.log(10)
    )


@given(well_conditioned())
def test_inv(x):
    result = native(pa.linalg.inv(pa.asarray(x)))
    assert result.dtype == x.dtype and result.shape == x.shape
    close_to_identity(result @ x, x.dtype)
    close(result, np.linalg.inv(x), x.dtype)


@pytest.mark.parametrize("function", ["inv", "solve", "matrix_power"])
def test_singular_matrix_raises_a_value_error(function):
    singular = pa.asarray([[1.0, 2.0], [2.0, 4.0]])
    calls = {
        "inv": lambda: pa.linalg.inv(singular),
        "solve": lambda: pa.linalg.solve(singular, pa.asarray([1.0, 1.0])),
        "matrix_power": lambda: pa.linalg.matrix_power(singular, -1),
    }
    error = raises_value_error(calls[function])
    assert isinstance(error, pa.PolyarrayError)
    assert isinstance(error.__cause__, np.linalg.LinAlgError)
    assert f"pa.linalg.{function}" in str(error)


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 2, 3)])
@pytest.mark.parametrize("name", ["det", "inv", "slogdet", "eigh", "eigvalsh", "cholesky"])
def test_square_matrix_functions_reject_other_shapes(name, shape):
    error = raises_value_error(lambda: getattr(pa.linalg, name)(pa.asarray(np.ones(shape))))
    assert "dimension" in str(error) or "square" in str(error)


def test_float16_is_not_supported_by_numpy_linalg():
    with pytest.raises(pa.PolyarrayTypeError):
        pa.linalg.inv(pa.asarray(np.eye(2, dtype=np.float16)))


def _solve_reference(x1, x2):
    return np.linalg.inv(x1) @ x2


@given(st.data(), well_conditioned(), st.booleans())
def test_solve(data, x1, vector):
    m = x1.shape[-1]
    if vector:
        x2 = data.draw(numeric_arrays((m,), [x1.dtype]))
    else:
        stack = data.draw(hnp.broadcastable_shapes(x1.shape[:-2], max_dims=3, max_side=3))
        x2 = data.draw(numeric_arrays((*stack, m, data.draw(st.integers(0, 3))), [x1.dtype]))
    expected = _solve_reference(x1, x2)
    for result in (
        native(pa.linalg.solve(pa.asarray(x1), pa.asarray(x2))),
        np_linalg.solve_v_1p26_and_below(x1, x2),
    ):
        assert result.dtype == x1.dtype and result.shape == expected.shape
        close(result, expected, x1.dtype)
        product = np.matmul(x1, result[..., None] if vector else result)
        close(product, np.broadcast_to(x2[..., None] if vector else x2, product.shape), x1.dtype)


@pytest.mark.parametrize("implementation", ["public", "numpy 1.26 variant"])
def test_solve_reads_only_a_1d_x2_as_a_vector(implementation):
    solve = (
        (lambda a, b: native(pa.linalg.solve(pa.asarray(a), pa.asarray(b))))
        if implementation == "public"
        else np_linalg.solve_v_1p26_and_below
    )
    a = np.stack([np.eye(3) * (i + 1) for i in range(3)])  # (3, 3, 3)
    b = np.arange(9.0).reshape(3, 3)  # a (3, 3) matrix shared by the stack, not 3 vectors
    result = solve(a, b)
    assert result.shape == (3, 3, 3)
    np.testing.assert_allclose(result, np.stack([b / (i + 1) for i in range(3)]))
    assert solve(a, np.ones(3)).shape == (3, 3)
    with pytest.raises(ValueError):
        solve(np.stack([np.eye(3)] * 2), np.ones((2, 3)))  # M = 2 does not match 3
    with pytest.raises(ValueError):
        solve(np.eye(3), np.ones(2))


@given(well_conditioned(), st.integers(-3, 3))
def test_matrix_power(x, n):
    result = native(pa.linalg.matrix_power(pa.asarray(x), n))
    assert result.dtype == x.dtype and result.shape == x.shape
    expected = eye_like(x)
    base = np.linalg.inv(x) if n < 0 else x
    for _ in range(abs(n)):
        expected = expected @ base
    tol = tolerance(x.dtype)
    np.testing.assert_allclose(result, expected, rtol=tol["rtol"] * 10, atol=tol["atol"] * 10)


def test_matrix_power_needs_an_integer():
    with pytest.raises(pa.PolyarrayTypeError):
        pa.linalg.matrix_power(pa.asarray(np.eye(2)), 1.5)


# -- eigh, eigvalsh, svd, svdvals, qr ---------------------------------------------------


@given(hermitian_pd())
def test_eigh_and_eigvalsh(x):
    result = pa.linalg.eigh(pa.asarray(x))
    assert type(result) is pa.linalg.EighResult
    w, v = native(result.eigenvalues), native(result.eigenvectors)
    assert w.dtype == real_dtype(x.dtype) and w.shape == x.shape[:-1]
    assert v.dtype == x.dtype and v.shape == x.shape
    assert np.all(np.diff(w, axis=-1) >= -1e-6 * np.abs(w).max(initial=1))
    close((v * w[..., None, :]) @ ct(v), x, x.dtype)
    close_to_identity(ct(v) @ v, x.dtype)
    close(w, np.linalg.eigvalsh(x), x.dtype)
    values = native(pa.linalg.eigvalsh(pa.asarray(x)))
    assert values.dtype == real_dtype(x.dtype)
    close(values, w, x.dtype)


def test_eigh_of_a_diagonal_matrix():
    w, v = pa.linalg.eigh(pa.asarray([[3.0, 0.0], [0.0, 1.0]]))
    np.testing.assert_allclose(native(w), [1.0, 3.0])
    np.testing.assert_allclose(np.abs(native(v)), [[0.0, 1.0], [1.0, 0.0]])


@given(matrices(), st.booleans())
def test_svd(x, full_matrices):
    result = pa.linalg.svd(pa.asarray(x), full_matrices=full_matrices)
    assert type(result) is pa.linalg.SVDResult
    u, s, vh = (native(part) for part in result)
    m, n = x.shape[-2:]
    k = min(m, n)
    batch = x.shape[:-2]
    assert u.shape == batch + ((m, m) if full_matrices else (m, k))
    assert vh.shape == batch + ((n, n) if full_matrices else (k, n))
    assert s.shape == (*batch, k)
    assert u.dtype == vh.dtype == x.dtype and s.dtype == real_dtype(x.dtype)
    assert np.all(np.diff(s, axis=-1) <= 1e-6)
    close((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], x, x.dtype)
    close_to_identity(ct(u) @ u, x.dtype)
    close_to_identity(vh @ ct(vh), x.dtype)
    expected = np.linalg.svd(x, compute_uv=False)
    close(s, expected, x.dtype)
    values = native(pa.linalg.svdvals(pa.asarray(x)))
    assert values.dtype == real_dtype(x.dtype) and values.shape == (*batch, k)
    close(values, expected, x.dtype)


@given(well_conditioned(square=False), st.sampled_from(["reduced", "complete"]))
def test_qr(x, mode):
    result = pa.linalg.qr(pa.asarray(x), mode=mode)
    assert type(result) is pa.linalg.QRResult
    q, r = native(result.Q), native(result.R)
    m, n = x.shape[-2:]
    k = min(m, n)
    batch = x.shape[:-2]
    assert q.shape == batch + ((m, k) if mode == "reduced" else (m, m))
    assert r.shape == batch + ((k, n) if mode == "reduced" else (m, n))
    assert q.dtype == r.dtype == x.dtype
    np.testing.assert_array_equal(np.tril(r, -1), 0)
    close(q @ r, x, x.dtype)
    close_to_identity(ct(q) @ q, x.dtype)


def test_qr_rejects_other_modes():
    raises_value_error(lambda: pa.linalg.qr(pa.asarray(np.eye(2)), mode="r"))


# -- pinv, matrix_rank ------------------------------------------------------------------


def _default_rtol(x):
    return max(x.shape[-2:]) * np.finfo(real_dtype(x.dtype)).eps


@given(matrices())
def test_pinv_matches_numpy_with_the_standard_default_tolerance(x):
    result = native(pa.linalg.pinv(pa.asarray(x)))
    expected = np.linalg.pinv(x, _default_rtol(x))
    assert result.dtype == x.dtype and result.shape == x.shape[:-2] + x.shape[-2:][::-1]
    old = np_linalg.pinv_v_1p26_and_below(x)
    assert old.dtype == x.dtype
    scale = max(1.0, float(np.abs(expected).max(initial=0)))
    np.testing.assert_allclose(result, expected, rtol=tolerance(x.dtype)["rtol"], atol=1e-6 * scale)
    np.testing.assert_allclose(old, expected, rtol=tolerance(x.dtype)["rtol"], atol=1e-6 * scale)


@given(well_conditioned(square=False))
def test_pinv_is_the_moore_penrose_inverse(x):
    p = native(pa.linalg.pinv(pa.asarray(x)))
    close(x @ p @ x, x, x.dtype)
    close(p @ x @ p, p, x.dtype)
    close(ct(x @ p), x @ p, x.dtype)
    close(ct(p @ x), p @ x, x.dtype)


@pytest.mark.parametrize("implementation", ["public", "numpy 1.26 variant"], ids=lambda name: name.replace(" ", "-"))
def test_rtol_of_pinv_and_matrix_rank(implementation):
    old = implementation != "public"
    pinv = np_linalg.pinv_v_1p26_and_below if old else (lambda x, **kw: native(pa.linalg.pinv(pa.asarray(x), **kw)))
    rank = (
        np_linalg.matrix_rank_v_2p3_and_below
        if old
        else (lambda x, **kw: native(pa.linalg.matrix_rank(pa.asarray(x), **kw)))
    )
    x = np.diag([1.0, 0.1])
    np.testing.assert_allclose(pinv(x), np.diag([1.0, 10.0]))
    np.testing.assert_allclose(pinv(x, rtol=0.5), np.diag([1.0, 0.0]))
    assert int(rank(x)) == 2 and int(rank(x, rtol=0.5)) == 1
    stack = np.stack([x, x])
    rtols = np.array([0.5, 1e-3])
    np.testing.assert_array_equal(rank(stack, rtol=rtols), [1, 2])
    np.testing.assert_allclose(pinv(stack, rtol=rtols), [np.diag([1.0, 0.0]), np.diag([1.0, 10.0])])
    # Below the standard's default tolerance but above NumPy 1.26's old 1e-15.
    tiny = np.diag([1.0] * 9 + [2e-15])  # the default rtol is 10 * eps, about 2.2e-15
    np.testing.assert_allclose(pinv(tiny), np.diag([1.0] * 9 + [0.0]))
    assert int(rank(tiny)) == 9


@given(st.data(), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_matrix_rank(data, m, n, r):
    dtype = data.draw(st.sampled_from(INEXACT))
    batch = data.draw(batches)
    b = _values(data.draw, (*batch, m, r), dtype)
    c = _values(data.draw, (*batch, r, n), dtype)
    x = b @ c
    s = np.linalg.svd(x, compute_uv=False)
    expected = np.count_nonzero(s > s.max(axis=-1, keepdims=True, initial=0) * _default_rtol(x), axis=-1)
    result = native(pa.linalg.matrix_rank(pa.asarray(x)))
    assert result.dtype == np.asarray(0).dtype and result.shape == batch
    np.testing.assert_array_equal(result, expected)
    assert np.all(result <= min(m, n, r))
    np.testing.assert_array_equal(np_linalg.matrix_rank_v_2p3_and_below(x), expected)


def test_matrix_rank_of_special_matrices():
    assert int(pa.linalg.matrix_rank(pa.asarray(np.zeros((3, 3))))) == 0
    assert int(pa.linalg.matrix_rank(pa.asarray(np.eye(4, dtype=np.float32)))) == 4
    assert int(pa.linalg.matrix_rank(pa.asarray(np.zeros((0, 0))))) == 0
    assert int(np_linalg.matrix_rank_v_2p3_and_below(np.zeros((0, 3)))) == 0
    assert pa.linalg.matrix_rank(pa.asarray(np.ones((2, 0, 0)))).shape == (2,)
    raises_value_error(lambda: pa.linalg.matrix_rank(pa.asarray([1.0, 2.0])))


# -- norms ------------------------------------------------------------------------------


MATRIX_ORDS = ["fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf, None]


@given(matrices(min_side=1), st.sampled_from(MATRIX_ORDS), st.booleans())
def test_matrix_norm(x, order, keepdims):
    expected = np.linalg.norm(x, ord=order, axis=(-2, -1), keepdims=keepdims)
    for result in (
        native(pa.linalg.matrix_norm(pa.asarray(x), ord=order, keepdims=keepdims)),
        np.asarray(np_linalg.matrix_norm_v_2p3_and_below(x, ord=order, keepdims=keepdims)),
    ):
        assert result.dtype == real_dtype(x.dtype) and result.shape == np.shape(expected)
        close(result, expected, x.dtype)


@pytest.mark.parametrize("shape", [(0, 0), (3, 0), (0, 3), (2, 0, 0), (0, 2, 2)])
@pytest.mark.parametrize("order", ["fro", "nuc", 1, 2, np.inf])
def test_matrix_norm_of_empty_matrices_is_zero(shape, order):
    x = np.zeros(shape, np.float32)
    for result in (
        native(pa.linalg.matrix_norm(pa.asarray(x), ord=order, keepdims=True)),
        np.asarray(np_linalg.matrix_norm_v_2p3_and_below(x, ord=order, keepdims=True)),
    ):
        assert result.dtype == np.float32 and result.shape == (*shape[:-2], 1, 1)
        np.testing.assert_array_equal(result, 0)


def test_matrix_norm_special_values():
    assert np.isnan(float(pa.linalg.matrix_norm(pa.asarray([[np.nan, 1.0], [1.0, 1.0]]))))
    assert float(pa.linalg.matrix_norm(pa.asarray([[np.inf, 1.0], [1.0, 1.0]]), ord=1)) == np.inf
    assert float(pa.linalg.matrix_norm(pa.asarray([[3, 0], [0, 4]]))) == 5.0
    assert pa.linalg.matrix_norm(pa.asarray(np.eye(2, dtype=np.complex64))).dtype == pa.float32
    assert float(pa.linalg.matrix_norm(pa.asarray([[1e150, 1e150]]))) == pytest.approx(math.sqrt(2) * 1e150)
    raises_value_error(lambda: pa.linalg.matrix_norm(pa.asarray([1.0, 2.0])))
    raises_value_error(lambda: pa.linalg.matrix_norm(pa.asarray(np.eye(2)), ord=3))


def _vector_norm_reference(x, axis, keepdims, order):
    x = x.astype(np.float64) if x.dtype.kind in "biu" else x
    axes = tuple(range(x.ndim)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    axes = tuple(a % x.ndim for a in axes)
    a = np.abs(x)
    with np.errstate(divide="ignore"):
        if order == np.inf:
            result = np.max(a, axis=axes, keepdims=keepdims, initial=0)
        elif order == -np.inf:
            result = np.min(a, axis=axes, keepdims=keepdims)
        elif order == 0:
            result = np.sum(a != 0, axis=axes, keepdims=keepdims).astype(a.dtype)
        else:
            result = np.sum(a.astype(np.float64) ** order, axis=axes, keepdims=keepdims) ** (1.0 / order)
    return result


@given(st.data(), st.sampled_from([1, 2, np.inf, -np.inf, 0, -1, -2, 3, 0.5]), st.booleans())
def test_vector_norm(data, order, keepdims):
    dtype = data.draw(st.sampled_from([*INEXACT, np.dtype(np.int32)]))
    x = data.draw(numeric_arrays(data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)), [dtype]))
    axis = data.draw(
        st.none()
        | (st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none())
        | st.lists(st.integers(0, max(x.ndim - 1, 0)), unique=True, max_size=x.ndim).map(
            lambda axes: tuple(a - x.ndim if i % 2 else a for i, a in enumerate(axes))
        )
    )
    if order == -np.inf and (x.size == 0 if axis is None else 0 in [x.shape[a] for a in np.atleast_1d(axis)]):
        order = 2  # the minimum over no elements has no value
    expected = _vector_norm_reference(x, axis, keepdims, order)
    want = np.float64 if dtype.kind == "i" else real_dtype(dtype)
    with np.errstate(divide="ignore"):
        results = (
            native(pa.linalg.vector_norm(pa.asarray(x), axis=axis, keepdims=keepdims, ord=order)),
            np.asarray(np_linalg.vector_norm_v_2p3_and_below(x, axis=axis, keepdims=keepdims, ord=order)),
        )
    for result in results:
        assert result.dtype == want and result.shape == np.shape(expected)
        close(result, expected, want)


def test_vector_norm_special_values():
    assert float(pa.linalg.vector_norm(pa.asarray([np.inf, 1.0]))) == np.inf
    assert np.isnan(float(pa.linalg.vector_norm(pa.asarray([np.nan, 1.0]))))
    assert float(pa.linalg.vector_norm(pa.asarray([-0.0, 0.0]))) == 0.0
    assert float(pa.linalg.vector_norm(pa.asarray([3e150, 4e150]))) == pytest.approx(5e150)
    assert float(pa.linalg.vector_norm(pa.asarray(-2.0))) == 2.0
    assert float(pa.linalg.vector_norm(pa.asarray([0.0, 1.0, 2.0]), ord=0)) == 2.0
    assert float(pa.linalg.vector_norm(pa.asarray(np.zeros(0)), ord=np.inf)) == 0.0
    assert pa.linalg.vector_norm(pa.asarray(np.ones((2, 3, 4))), axis=[0, 2]).shape == (3,)
    assert pa.linalg.vector_norm(pa.asarray(np.ones((2, 3, 4))), axis=(0, -1), keepdims=True).shape == (1, 3, 1)
    raises_value_error(lambda: pa.linalg.vector_norm(pa.asarray(np.ones((2, 3))), axis=(0, 0)))
    raises_value_error(lambda: pa.linalg.vector_norm(pa.asarray(np.ones((2, 3))), ord="fro"))


# -- diagonal, trace, outer -------------------------------------------------------------


@given(st.data(), batches, sides, sides, st.integers(-5, 5))
def test_diagonal(data, batch, m, n, offset):
    x = data.draw(numeric_arrays((*batch, m, n), [*NUMERIC, np.dtype(np.bool_)]))
    result = native(pa.linalg.diagonal(pa.asarray(x), offset=offset))
    length = max(0, min(m, n - offset) if offset >= 0 else min(m + offset, n))
    assert result.dtype == x.dtype and result.shape == (*batch, length)
    expected = [x[..., i - min(offset, 0), i + max(offset, 0)] for i in range(length)]
    np.testing.assert_array_equal(result, np.stack(expected, axis=-1) if expected else np.zeros((*batch, 0)))


def _sum_dtype(dtype):
    """The dtype the standard's ``trace`` (like ``sum``) gives by default."""
    if dtype.kind == "i":
        return np.dtype(np.int64)
    if dtype.kind == "u":
        return np.dtype(np.uint64)
    return dtype


@given(st.data(), batches, sides, sides, st.integers(-5, 5))
def test_trace(data, batch, m, n, offset):
    x = data.draw(numeric_arrays((*batch, m, n)))
    result = native(pa.linalg.trace(pa.asarray(x), offset=offset))
    expected = np.trace(x, offset=offset, axis1=-2, axis2=-1)
    assert result.dtype == _sum_dtype(x.dtype) and result.shape == batch
    check_values(result, expected, x.dtype)
    as_float = native(pa.linalg.trace(pa.asarray(x), offset=offset, dtype=pa.complex128))
    assert as_float.dtype == np.complex128
    np.testing.assert_allclose(as_float, np.trace(x.astype(np.complex128), offset, axis1=-2, axis2=-1))


def test_trace_acts_on_the_last_two_axes():
    x = np.arange(24).reshape(2, 3, 4)
    np.testing.assert_array_equal(native(pa.linalg.trace(pa.asarray(x))), [0 + 5 + 10, 12 + 17 + 22])
    assert pa.linalg.trace(pa.asarray(np.ones((2, 2), np.int8))).dtype == pa.int64
    assert pa.linalg.trace(pa.asarray(np.ones((2, 2), np.uint16))).dtype == pa.uint64
    assert pa.linalg.trace(pa.asarray(np.ones((2, 2), np.float32))).dtype == pa.float32
    assert int(pa.linalg.trace(pa.asarray(np.full((2, 2), 100, np.int8)))) == 200
    assert float(pa.linalg.trace(pa.asarray(np.zeros((0, 0))))) == 0.0
    raises_value_error(lambda: pa.linalg.trace(pa.asarray([1, 2])))
    raises_value_error(lambda: pa.linalg.diagonal(pa.asarray([1, 2])))


@given(st.data(), st.integers(0, 5), st.integers(0, 5))
def test_outer(data, n, m):
    dtype = data.draw(st.sampled_from(NUMERIC))
    x1 = data.draw(numeric_arrays((n,), [dtype]))
    x2 = data.draw(numeric_arrays((m,), [dtype]))
    result = native(pa.linalg.outer(pa.asarray(x1), pa.asarray(x2)))
    assert result.dtype == dtype and result.shape == (n, m)
    expected = x1[:, None] * x2[None, :]
    if np.dtype(dtype).kind in "fc":  # complex products may round differently (fused multiply-add)
        np.testing.assert_allclose(result, expected, rtol=10 * np.finfo(dtype).eps, atol=0)
    else:
        np.testing.assert_array_equal(result, expected)


def test_outer_needs_1d_arrays():
    raises_value_error(lambda: pa.linalg.outer(pa.asarray(np.ones((2, 2))), pa.asarray(np.ones(2))))
    raises_value_error(lambda: pa.linalg.outer(pa.asarray(1.0), pa.asarray(np.ones(2))))
    result = pa.linalg.outer(pa.asarray(np.ones(2, np.int8)), pa.asarray(np.ones(2, np.float32)))
    assert result.dtype == pa.float32


@pytest.mark.parametrize("order", [1, 2, 3, np.inf, -np.inf])
def test_vector_norm_of_complex_numbers_uses_their_magnitudes(order):
    # |nan + inf j| is inf (as pa.abs gives it); NumPy's own norm squares the parts and gives NaN.
    x = np.array([0.5 + 0.0j, complex(np.nan, np.inf)], dtype=np.complex64)
    expected = np.linalg.norm(np.abs(x), ord=order)
    for implementation in (
        lambda v: native(pa.linalg.vector_norm(pa.asarray(v), ord=order)),
        lambda v: np.asarray(np_linalg.vector_norm_v_2p3_and_below(v, ord=order)),
    ):
        result = implementation(x)
        assert result.dtype == np.float32
        np.testing.assert_array_equal(result, expected)
