"""Creation functions on the NumPy backend, compared with NumPy itself."""

from __future__ import annotations

import math

import dtype_sets
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

DTYPES = dtype_sets.portable(dtype_sets.ALL)
dtypes = st.sampled_from(DTYPES)
shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4)
shape_args = shapes | st.integers(0, 5)
numpy_dtypes = (
    hnp.boolean_dtypes()
    | hnp.integer_dtypes(endianness="=")
    | hnp.unsigned_integer_dtypes(endianness="=")
    | hnp.floating_dtypes(endianness="=", sizes=(16, 32, 64))
    | hnp.complex_number_dtypes(endianness="=", sizes=(64, 128))
)
any_arrays = numpy_dtypes.flatmap(lambda d: hnp.arrays(d, shapes))


def check(result, want):
    """``result`` is a pa.Array with the dtype, shape and values of the NumPy array ``want``."""
    assert isinstance(result, pa.Array)
    assert result.dtype == want.dtype, (result.dtype, want.dtype)
    assert result.shape == want.shape
    np.testing.assert_array_equal(pa.to_numpy(result), want)


def expected_shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


# -- arange --------------------------------------------------------------------------------


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(-7, 7).filter(bool))
def test_arange_integers(start, stop, step):
    result = pa.arange(start, stop, step)
    check(result, np.arange(start, stop, step))
    assert result.dtype == pa.int64
    assert result.shape == (max(0, math.ceil((stop - start) / step)),)


@given(st.integers(-20, 20))
def test_arange_stop_only(stop):
    check(pa.arange(stop), np.arange(stop))
    assert pa.arange(stop).shape == (max(stop, 0),)


finite = st.floats(-1e3, 1e3, allow_nan=False)


@given(finite, finite, st.floats(0.05, 10) | st.floats(-10, -0.05))
def test_arange_floats(start, stop, step):
    assume(abs((stop - start) / step) < 1e4)
    result = pa.arange(start, stop, step)
    want = np.arange(start, stop, step)
    assert result.dtype == pa.float64
    assert result.shape == want.shape
    np.testing.assert_allclose(pa.to_numpy(result), want)


def test_arange_default_dtype_follows_the_arguments():
    assert pa.arange(0, 5, 1).dtype == pa.int64
    assert pa.arange(0, 5.0).dtype == pa.float64
    assert pa.arange(0.5).dtype == pa.float64
    assert pa.arange(0, 5, 0.5).dtype == pa.float64
    check(pa.arange(0.5), np.asarray([0.0]))


@pytest.mark.parametrize("dtype", [pa.int8, pa.uint16, pa.float32, pa.float16, pa.int64])
def test_arange_with_dtype(dtype):
    check(pa.arange(2, 10, 3, dtype=dtype), np.arange(2, 10, 3, dtype=dtype.name))
    check(pa.arange(4, dtype=dtype.name), np.arange(4, dtype=dtype.name))


def test_arange_empty_and_negative_steps():
    check(pa.arange(5, 0), np.arange(5, 0))
    check(pa.arange(5, 0, -2), np.asarray([5, 3, 1]))
    assert pa.arange(0).shape == (0,)


def test_arange_step_zero_is_an_error():
    with pytest.raises(pa.PolyarrayValueError):
        pa.arange(0, 5, 0)
    with pytest.raises(ValueError):
        pa.arange(0.0, 1.0, 0.0)


# -- asarray -------------------------------------------------------------------------------


@given(any_arrays)
def test_asarray_of_numpy_arrays(x):
    check(pa.asarray(x), x)
    assert pa.asarray(x).data is x


def test_asarray_of_python_values():
    check(pa.asarray(True), np.asarray(True))
    check(pa.asarray([1, 2]), np.asarray([1, 2]))
    check(pa.asarray([1.5, -0.0]), np.asarray([1.5, -0.0]))
    check(pa.asarray([1j]), np.asarray([1j]))
    check(pa.asarray([[1, 2]], dtype=pa.uint8), np.asarray([[1, 2]], dtype=np.uint8))


def test_asarray_copy():
    x = np.arange(3)
    assert pa.asarray(x, copy=False).data is x
    copied = pa.asarray(x, copy=True).data
    assert not np.shares_memory(copied, x)
    with pytest.raises(ValueError):
        pa.asarray(x, dtype=pa.float32, copy=False)


#: asarray's options for a float32 pa.Array, and whether the result is that array itself.
ASARRAY_OF_AN_ARRAY = [
    ({}, True),
    ({"copy": False}, True),
    ({"copy": None, "dtype": pa.float32}, True),
    ({"device": "cpu"}, True),
    ({"copy": True}, False),
    ({"dtype": pa.int32}, False),
]


@pytest.mark.parametrize("path", ["fast path", "chain"])
@pytest.mark.parametrize(("options", "same"), ASARRAY_OF_AN_ARRAY)
def test_asarray_of_an_array_needing_no_conversion_is_that_array(polyarray_backend, options, same, path):
    """``asarray(x)`` without a copy, a cast or a move is ``x`` itself, as ``np.asarray(a) is a``: a write to
    either is seen through the other on every backend, the immutable ones too (the standard's test suite writes
    to ``x`` after ``asarray(x, copy=False)``); a copy or a cast shares nothing. The fast path and the wrapper
    chain agree."""
    x = pa.asarray([0.0, 1.0], dtype=pa.float32, backend=polyarray_backend)
    function = pa.get_backend(polyarray_backend).asarray
    y = (function if path == "fast path" else function.chain)(x, **options)
    assert isinstance(y, pa.Array)
    assert (y is x) is same
    x[0] = 5.0
    y[1] = 7.0
    assert pa.to_numpy(y).tolist() == ([5.0, 7.0] if same else [0.0, 7.0])
    assert pa.to_numpy(x).tolist() == ([5.0, 7.0] if same else [5.0, 1.0])


def test_asarray_of_an_array_in_native_mode_is_its_native_array():
    x = pa.asarray([0.0, 1.0])
    pa.set_array_mode(False)  # the autouse fixture of conftest.py sets it back
    assert pa.asarray(x) is x.data
    assert pa.get_backend("numpy").asarray.chain(x) is x.data


# -- empty, zeros, ones, full --------------------------------------------------------------


@given(shape_args, dtypes)
def test_empty(shape, dtype):
    result = pa.empty(shape, dtype=dtype)
    assert isinstance(result, pa.Array)
    assert result.shape == expected_shape(shape)
    assert result.dtype == dtype


@given(shape_args, dtypes)
def test_zeros_and_ones(shape, dtype):
    check(pa.zeros(shape, dtype=dtype), np.zeros(shape, dtype=dtype.name))
    check(pa.ones(shape, dtype=dtype), np.ones(shape, dtype=dtype.name))


@pytest.mark.parametrize("function", [pa.empty, pa.zeros, pa.ones])
def test_default_dtype_is_float64(function):
    assert function((2, 0)).dtype == pa.float64
    assert function(()).shape == ()
    assert function(3).shape == (3,)


def test_complex_ones_are_one_plus_zero_j():
    values = pa.to_numpy(pa.ones(3, dtype=pa.complex64))
    np.testing.assert_array_equal(values.real, 1)
    np.testing.assert_array_equal(values.imag, 0)


def test_negative_shapes_are_errors():
    with pytest.raises(pa.PolyarrayValueError):
        pa.zeros((2, -1))
    with pytest.raises(pa.PolyarrayValueError):
        pa.full(-3, 1.0)


fill_values = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.complex_numbers(allow_nan=False)
)


@given(shape_args, fill_values)
def test_full_default_dtype_follows_the_fill_value(shape, fill_value):
    result = pa.full(shape, fill_value)
    want = np.full(shape, fill_value)
    check(result, want)
    kind = {bool: pa.bool, int: pa.int64, float: pa.float64, complex: pa.complex128}[type(fill_value)]
    assert result.dtype == kind


@given(shape_args, dtypes, st.integers(0, 100))
def test_full_with_dtype(shape, dtype, fill_value):
    value = bool(fill_value) if dtype == pa.bool else fill_value
    check(pa.full(shape, value, dtype=dtype), np.full(shape, value, dtype=dtype.name))


def test_full_special_values():
    check(pa.full(2, float("nan")), np.full(2, np.nan))
    check(pa.full(2, -0.0), np.full(2, -0.0))
    assert np.signbit(pa.to_numpy(pa.full(2, -0.0))).all()
    check(pa.full((), float("-inf"), dtype=pa.float32), np.full((), -np.inf, dtype=np.float32))


def test_full_of_an_int_beyond_the_default_integer_is_an_error():
    with pytest.raises(pa.PolyarrayValueError):
        pa.full(2, 2**70)


# -- *_like --------------------------------------------------------------------------------


@given(any_arrays)
def test_like_functions_take_shape_and_dtype(x):
    check(pa.zeros_like(x), np.zeros_like(x))
    check(pa.ones_like(pa.asarray(x)), np.ones_like(x))
    check(pa.full_like(x, 1), np.full_like(x, 1))
    empty = pa.empty_like(pa.asarray(x))
    assert empty.shape == x.shape
    assert empty.dtype == x.dtype


@given(any_arrays, dtypes)
def test_like_functions_with_dtype(x, dtype):
    check(pa.zeros_like(x, dtype=dtype), np.zeros_like(x, dtype=dtype.name))
    check(pa.ones_like(x, dtype=dtype.name), np.ones_like(x, dtype=dtype.name))
    check(pa.full_like(x, True, dtype=dtype), np.full_like(x, True, dtype=dtype.name))
    empty = pa.empty_like(x, dtype=dtype)
    assert (empty.shape, empty.dtype) == (x.shape, dtype)


def test_full_like_keeps_the_dtype_of_x():
    result = pa.full_like(pa.asarray([1, 2, 3], dtype=pa.int16), 7)
    check(result, np.full(3, 7, dtype=np.int16))
    check(pa.full_like(np.zeros(2, np.float32), float("nan")), np.full(2, np.nan, np.float32))


def test_like_functions_accept_0d_and_nested_lists():
    check(pa.zeros_like(np.float32(3)), np.zeros((), np.float32))
    check(pa.ones_like([[1, 2], [3, 4]]), np.ones((2, 2), dtype=np.int64))


# -- eye -----------------------------------------------------------------------------------


@given(st.integers(0, 6), st.none() | st.integers(0, 6), st.integers(-7, 7), dtypes)
def test_eye(n_rows, n_cols, k, dtype):
    check(pa.eye(n_rows, n_cols, k=k, dtype=dtype), np.eye(n_rows, n_cols, k=k, dtype=dtype.name))


def test_eye_defaults():
    check(pa.eye(3), np.eye(3))
    assert pa.eye(2).dtype == pa.float64
    check(pa.eye(2, dtype=pa.complex128), np.asarray([[1 + 0j, 0], [0, 1 + 0j]]))
    with pytest.raises(pa.PolyarrayValueError):
        pa.eye(-1)


# -- linspace ------------------------------------------------------------------------------


@given(finite, finite, st.integers(0, 30), st.booleans())
def test_linspace(start, stop, num, endpoint):
    result = pa.linspace(start, stop, num, endpoint=endpoint)
    want = np.linspace(start, stop, num, endpoint=endpoint)
    assert result.dtype == pa.float64
    assert result.shape == (num,)
    np.testing.assert_allclose(pa.to_numpy(result), want)
    if num > 1 and endpoint:
        assert pa.to_numpy(result)[0] == start
        np.testing.assert_allclose(pa.to_numpy(result)[-1], stop)


@given(st.complex_numbers(max_magnitude=1e3), st.complex_numbers(max_magnitude=1e3), st.integers(0, 10))
def test_linspace_complex(start, stop, num):
    result = pa.linspace(start, stop, num)
    assert result.dtype == pa.complex128
    np.testing.assert_allclose(pa.to_numpy(result), np.linspace(start, stop, num))


def test_linspace_dtypes_and_errors():
    assert pa.linspace(0, 1, 3).dtype == pa.float64
    assert pa.linspace(0, 1j, 3).dtype == pa.complex128
    check(pa.linspace(0, 1, 5, dtype=pa.float32), np.linspace(0, 1, 5, dtype=np.float32))
    check(pa.linspace(2, 3, 1, endpoint=False), np.asarray([2.0]))
    check(pa.linspace(0, 1, 0), np.zeros(0))
    with pytest.raises(pa.PolyarrayValueError):
        pa.linspace(0, 1, -1)


# -- meshgrid ------------------------------------------------------------------------------

vectors = st.lists(numpy_dtypes.flatmap(lambda d: hnp.arrays(d, st.integers(0, 4))), max_size=4)


@given(vectors, st.sampled_from(["xy", "ij"]))
def test_meshgrid(arrays, indexing):
    result = pa.meshgrid(*arrays, indexing=indexing)
    want = np.meshgrid(*arrays, indexing=indexing)
    assert isinstance(result, list)
    assert len(result) == len(arrays)
    for r, w in zip(result, want):
        check(r, w)


def test_meshgrid_shapes():
    x, y, z = pa.arange(2), pa.arange(3), pa.arange(4)
    assert [g.shape for g in pa.meshgrid(x, y, z)] == [(3, 2, 4)] * 3
    assert [g.shape for g in pa.meshgrid(x, y, z, indexing="ij")] == [(2, 3, 4)] * 3
    assert pa.meshgrid() == []


def test_meshgrid_results_are_independent_of_the_inputs():
    x = np.arange(3)
    (grid,) = pa.meshgrid(x)
    assert not np.shares_memory(pa.to_numpy(grid), x)


def test_meshgrid_errors():
    with pytest.raises(pa.PolyarrayValueError):
        pa.meshgrid(pa.arange(2), indexing="yx")
    with pytest.raises(pa.PolyarrayValueError):
        pa.meshgrid(pa.zeros((2, 2)))


# -- tril, triu ----------------------------------------------------------------------------

matrices = numpy_dtypes.flatmap(
    lambda d: hnp.arrays(d, hnp.array_shapes(min_dims=2, max_dims=4, min_side=0, max_side=4))
)


@given(matrices, st.integers(-5, 5))
def test_tril_triu(x, k):
    check(pa.tril(x, k=k), np.tril(x, k=k))
    check(pa.triu(pa.asarray(x), k=k), np.triu(x, k=k))


def test_tril_triu_default_k_and_nan():
    x = np.asarray([[np.nan, 1.0], [2.0, np.nan]])
    check(pa.tril(x), np.asarray([[np.nan, 0.0], [2.0, np.nan]]))
    check(pa.triu(x), np.asarray([[np.nan, 1.0], [0.0, np.nan]]))


@pytest.mark.parametrize("function", [pa.tril, pa.triu])
@pytest.mark.parametrize("x", [np.float64(1.0), np.arange(3)])
def test_tril_triu_need_a_matrix(function, x):
    with pytest.raises(pa.PolyarrayValueError):
        function(x)


# -- from_dlpack ---------------------------------------------------------------------------

dlpack_arrays = (
    hnp.integer_dtypes(endianness="=")
    | hnp.unsigned_integer_dtypes(endianness="=")
    | hnp.floating_dtypes(endianness="=", sizes=(16, 32, 64))
    | hnp.complex_number_dtypes(endianness="=", sizes=(64, 128))
).flatmap(lambda d: hnp.arrays(d, shapes))


@given(dlpack_arrays)
def test_from_dlpack(x):
    check(pa.from_dlpack(x), x)
    check(pa.from_dlpack(pa.asarray(x)), x)


def test_from_dlpack_copy():
    x = np.arange(4.0)
    shared = pa.to_numpy(pa.from_dlpack(x))
    assert np.shares_memory(shared, x)
    assert np.shares_memory(pa.to_numpy(pa.from_dlpack(x, copy=False)), x)
    copied = pa.to_numpy(pa.from_dlpack(x, copy=True))
    assert not np.shares_memory(copied, x)
    np.testing.assert_array_equal(copied, x)


def test_from_dlpack_needs_dlpack():
    with pytest.raises(pa.PolyarrayError):
        pa.from_dlpack([1, 2, 3])


# -- devices, modes, backends --------------------------------------------------------------

WITH_DEVICE = [
    lambda device: pa.arange(3, device=device),
    lambda device: pa.asarray([1], device=device),
    lambda device: pa.empty(2, device=device),
    lambda device: pa.empty_like(np.zeros(2), device=device),
    lambda device: pa.eye(2, device=device),
    lambda device: pa.from_dlpack(np.zeros(2), device=device),
    lambda device: pa.full(2, 1, device=device),
    lambda device: pa.full_like(np.zeros(2), 1, device=device),
    lambda device: pa.linspace(0, 1, 3, device=device),
    lambda device: pa.ones(2, device=device),
    lambda device: pa.ones_like(np.zeros(2), device=device),
    lambda device: pa.zeros(2, device=device),
    lambda device: pa.zeros_like(np.zeros(2), device=device),
]


@pytest.mark.parametrize("create", WITH_DEVICE)
def test_device(create):
    assert create("cpu").device == "cpu"
    assert create(None).device == "cpu"
    with pytest.raises(pa.PolyarrayValueError, match="gpu:0"):
        create("gpu:0")


def test_native_mode_returns_ndarrays():
    pa.set_array_mode(False)
    assert type(pa.zeros(2)) is np.ndarray
    assert type(pa.arange(3)) is np.ndarray
    grids = pa.meshgrid(np.arange(2), np.arange(3))
    assert isinstance(grids, list)
    assert all(type(g) is np.ndarray for g in grids)
    np.testing.assert_array_equal(pa.tril(np.ones((2, 2))), [[1, 0], [1, 1]])


def test_backend_namespace_and_keyword():
    xp = pa.get_backend("numpy")
    check(xp.linspace(0, 1, 3), np.linspace(0, 1, 3))
    check(pa.eye(2, backend="numpy"), np.eye(2))


def test_signatures_are_positional_and_keyword_only_as_the_standard_says():
    with pytest.raises(TypeError):
        pa.ones_like(x=np.zeros(2))
    with pytest.raises(TypeError):
        pa.tril(np.ones((2, 2)), 1)
    with pytest.raises(TypeError):
        pa.eye(2, 2, 1)
    check(pa.linspace(0, 1, num=3), np.linspace(0, 1, 3))
    check(pa.arange(1, stop=4, step=2), np.arange(1, 4, 2))


@pytest.mark.parametrize(
    ("start", "stop", "num"), [(0.0, 63.0, 14), (0.1, 0.7, 3), (-1e10, 3.3, 97), (1 + 2j, 3 - 1j, 7), (5, 2, 4)]
)
def test_linspace_ends_at_stop_exactly(polyarray_backend, start, stop, num):
    """With ``endpoint=True`` the last value is ``stop`` itself, as the standard says and NumPy gives (Dask's
    ``start + (num - 1) * step`` missed it by a bit for ``linspace(0.0, 63.0, 14)``)."""
    values = pa.to_numpy(pa.linspace(start, stop, num, backend=polyarray_backend))
    assert values[-1] == stop and values[0] == start
    np.testing.assert_allclose(values, np.linspace(start, stop, num), rtol=1e-6)
