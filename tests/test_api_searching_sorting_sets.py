"""Searching, sorting and set functions against NumPy (array API standard 2024.12)."""

from __future__ import annotations

import math

import dtype_sets
import numpy as np
import pytest
from checks import assert_axis_error, check
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray_numpy import searching as np_searching
from polyarray_numpy import set_functions as np_sets

REAL_DTYPES = dtype_sets.REAL
real_dtypes = st.sampled_from(REAL_DTYPES)
dtypes = st.sampled_from(dtype_sets.ALL)
shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)
nonempty_shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=5)


@st.composite
def arrays(draw, shape=shapes, dtype=dtypes, repeats=True):
    """Arrays of the given dtypes, 0-d and empty ones included (NaN, inf and -0.0 for floats).

    With ``repeats``, elements come from a few values so that ties and duplicates are common.
    """
    dtype = draw(dtype) if isinstance(dtype, st.SearchStrategy) else np.dtype(dtype)
    shape = draw(shape) if isinstance(shape, st.SearchStrategy) else shape
    elements = hnp.from_dtype(dtype)
    if repeats:
        pool = draw(st.lists(elements, min_size=1, max_size=4))
        elements = st.sampled_from(pool)
    return draw(hnp.arrays(dtype, shape, elements=elements))


def optional_axis(data, ndim, allow_none=True):
    options = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
    if allow_none:
        options = st.none() | options
    return data.draw(options)


# -- argmax, argmin -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(data=st.data(), x=arrays(shape=nonempty_shapes, dtype=real_dtypes))
def test_argmax_argmin(name, data, x):
    axis = optional_axis(data, x.ndim)
    keepdims = data.draw(st.booleans())
    result = getattr(pa, name)(pa.asarray(x), axis=axis, keepdims=keepdims)
    expected = getattr(np, name)(x, axis=axis, keepdims=keepdims)
    check(result, np.asarray(expected, dtype=np.int64))


def test_argmax_argmin_nan_0d_and_bad_input():
    x = pa.asarray([1.0, float("nan"), 3.0, float("nan")])
    assert int(pa.argmax(x)) == 1 and int(pa.argmin(x)) == 1  # the first NaN
    check(pa.argmax(pa.asarray([[1, 3, 3]]), axis=-1), np.array([1]))  # the first of equal values
    check(pa.argmax(pa.asarray(5.0)), np.array(0))
    for function in (pa.argmax, pa.argmin):
        with pytest.raises(pa.PolyarrayValueError):
            function(pa.asarray([]))
        assert_axis_error(lambda f=function: f(pa.ones((2, 2)), axis=2))


# -- count_nonzero, nonzero ---------------------------------------------------------------


@given(st.data(), arrays())
def test_count_nonzero(data, x):
    choice = data.draw(st.sampled_from(["none", "int", "tuple"]))
    if choice == "none" or x.ndim == 0:
        axis = None
    elif choice == "int":
        axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    else:
        axis = tuple(data.draw(st.lists(st.integers(0, x.ndim - 1), unique=True)))
    keepdims = data.draw(st.booleans())
    expected = np.asarray(np.count_nonzero(x, axis=axis, keepdims=keepdims), dtype=np.int64)
    check(pa.count_nonzero(pa.asarray(x), axis=axis, keepdims=keepdims), expected)


def test_count_nonzero_special_values():
    x = pa.asarray([0.0, -0.0, float("nan"), float("inf")])
    check(pa.count_nonzero(x), np.array(2))
    check(pa.count_nonzero(pa.asarray([0j, 1j, complex(1, 0)])), np.array(2))
    check(pa.count_nonzero(pa.asarray([[True, False]]), keepdims=True), np.array([[1]]))
    assert_axis_error(lambda: pa.count_nonzero(pa.ones((2,)), axis=1))


@given(arrays(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5)))
def test_nonzero(x):
    results = pa.nonzero(pa.asarray(x))
    expected = np.nonzero(x)
    assert type(results) is tuple and len(results) == x.ndim
    for r, e in zip(results, expected):
        check(r, e.astype(np.int64))


def test_nonzero_rejects_0d():
    with pytest.raises(pa.PolyarrayValueError):
        pa.nonzero(pa.asarray(1))
    check(pa.nonzero(pa.asarray([0.0, float("nan"), -0.0]))[0], np.array([1]))


# -- searchsorted -------------------------------------------------------------------------


@given(st.data(), real_dtypes)
def test_searchsorted(data, dtype):
    x1 = data.draw(arrays(shape=hnp.array_shapes(min_dims=1, max_dims=1, min_side=0, max_side=6), dtype=dtype))
    x2 = data.draw(arrays(shape=shapes, dtype=dtype))
    side = data.draw(st.sampled_from(["left", "right"]))
    ordered = np.sort(x1)
    expected = np.searchsorted(ordered, x2, side=side).astype(np.int64)
    check(pa.searchsorted(pa.asarray(ordered), pa.asarray(x2), side=side), expected)
    sorter = np.argsort(x1, kind="stable")
    result = pa.searchsorted(pa.asarray(x1), pa.asarray(x2), side=side, sorter=pa.asarray(sorter))
    check(result, np.searchsorted(x1, x2, side=side, sorter=sorter).astype(np.int64))


def test_searchsorted_boundaries_and_bad_input():
    x1 = pa.asarray([1.0, 2.0, 2.0, 3.0, float("nan")])
    x2 = pa.asarray([0.0, 2.0, 4.0, float("nan")])
    check(pa.searchsorted(x1, x2), np.array([0, 1, 4, 4]))
    check(pa.searchsorted(x1, x2, side="right"), np.array([0, 3, 4, 5]))
    with pytest.raises(pa.PolyarrayValueError):
        pa.searchsorted(pa.ones((2, 2)), pa.asarray([1.0]))
    with pytest.raises(pa.PolyarrayValueError):
        pa.searchsorted(pa.asarray([1, 2]), pa.asarray([1]), side="middle")


# -- where --------------------------------------------------------------------------------


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=3), dtypes, dtypes)
def test_where(data, shapes_, dtype1, dtype2):
    condition = data.draw(hnp.arrays(np.bool_, shapes_.input_shapes[0]))
    x1 = data.draw(arrays(shape=shapes_.input_shapes[1], dtype=dtype1, repeats=False))
    x2 = data.draw(arrays(shape=shapes_.input_shapes[2], dtype=dtype2, repeats=False))
    # The plugin's NumPy code follows NumPy's promotion; pa.where promotes by polyarray's shared table.
    numpy_dtype = np.result_type(dtype1, dtype2)
    numpy_expected = np.where(condition, x1.astype(numpy_dtype), x2.astype(numpy_dtype))
    legacy = np_searching.where_v_1p26_and_below(condition, x1, x2)
    assert legacy.dtype == numpy_expected.dtype
    np.testing.assert_array_equal(legacy, numpy_expected)
    try:
        promoted = np.dtype(pa.result_type(pa.as_portable_dtype(dtype1), pa.as_portable_dtype(dtype2)).name)
    except pa.PolyarrayTypeError:
        with pytest.raises(pa.PolyarrayTypeError):
            pa.where(pa.asarray(condition), pa.asarray(x1), pa.asarray(x2))
        return
    expected = np.where(condition, x1.astype(promoted), x2.astype(promoted))
    check(pa.where(pa.asarray(condition), pa.asarray(x1), pa.asarray(x2)), expected)


@pytest.mark.parametrize(
    ("dtype", "scalar"),
    [(np.int8, 3), (np.uint16, 7), (np.float32, 1.5), (np.float16, -2), (np.complex64, 2j), (np.bool_, True),
     (np.float64, float("nan")), (np.complex128, 1.0)],
)  # fmt: skip
def test_where_python_scalars_take_the_array_dtype(dtype, scalar):
    condition = np.array([True, False, True])
    x = np.array([1, 0, 1], dtype=dtype)
    for where in (pa.where, np_searching.where_v_1p26_and_below):
        for args, expected in (((x, scalar), np.where(condition, x, dtype(scalar))),
                               ((scalar, x), np.where(condition, dtype(scalar), x))):  # fmt: skip
            result = np.asarray(where(condition, *args))
            assert result.dtype == np.dtype(dtype), (where, result.dtype)
            np.testing.assert_array_equal(result, expected)


def test_where_0d_arrays_promote_by_dtype():
    condition = np.array([True, False])
    small, big = np.array([1, 2], dtype=np.int8), np.array(300, dtype=np.int64)
    check(pa.where(pa.asarray(condition), pa.asarray(small), pa.asarray(big)), np.array([1, 300]))
    legacy = np_searching.where_v_1p26_and_below(condition, small, big)
    assert legacy.dtype == np.int64 and legacy.tolist() == [1, 300]


def test_where_bad_input():
    with pytest.raises(pa.PolyarrayValueError):
        pa.where(pa.asarray([True, False]), pa.ones((3,)), 0.0)


# -- sort, argsort ------------------------------------------------------------------------


def _sort_key(value):
    """Ascending order with NaN after every other value (as NumPy sorts)."""
    value = value.item()
    return (math.isnan(value), 0 if math.isnan(value) else value) if isinstance(value, float) else (False, value)


def _stable_argsort(x, axis, descending):
    """A reference stable argsort along ``axis``, built with Python's (stable) sorted."""

    def one(row):
        return sorted(range(len(row)), key=lambda i: _sort_key(row[i]), reverse=descending)

    moved = np.moveaxis(x, axis, -1)
    out = np.empty(moved.shape, dtype=np.int64)
    for index in np.ndindex(moved.shape[:-1]):
        out[index] = one(moved[index])
    return np.moveaxis(out, -1, axis)


@given(st.data(), arrays(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5), dtype=real_dtypes))
def test_argsort(data, x):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    descending = data.draw(st.booleans())
    stable = data.draw(st.booleans())
    result = pa.argsort(pa.asarray(x), axis=axis, descending=descending, stable=stable)
    if stable:
        check(result, _stable_argsort(x, axis, descending))
    else:
        # any order of equal elements: the indices must still sort x
        indices = pa.to_numpy(result)
        assert indices.dtype == np.int64 and indices.shape == x.shape
        expected = np.sort(x, axis=axis)
        np.testing.assert_array_equal(
            np.take_along_axis(x, indices, axis=axis), np.flip(expected, axis=axis) if descending else expected
        )


@given(st.data(), arrays(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5), dtype=real_dtypes))
def test_sort(data, x):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    descending = data.draw(st.booleans())
    result = pa.sort(pa.asarray(x), axis=axis, descending=descending, stable=data.draw(st.booleans()))
    expected = np.sort(x, axis=axis)
    check(result, np.flip(expected, axis=axis) if descending else expected)


def test_sort_nan_order_and_default_axis():
    x = pa.asarray([[2.0, float("nan"), -1.0], [0.0, -0.0, 5.0]])
    check(pa.sort(x), np.array([[-1.0, 2.0, np.nan], [0.0, -0.0, 5.0]]))
    check(pa.sort(x, descending=True), np.array([[np.nan, 2.0, -1.0], [5.0, 0.0, -0.0]]))
    check(pa.argsort(x, descending=True), np.array([[1, 0, 2], [2, 0, 1]]))
    check(pa.argsort(pa.asarray([1, 1, 1]), descending=True), np.array([0, 1, 2]))


def test_sort_bad_input():
    for function in (pa.sort, pa.argsort):
        with pytest.raises(pa.PolyarrayIndexError):
            function(pa.asarray(3.0))  # a 0-d array has no axis -1
        assert_axis_error(lambda f=function: f(pa.ones((2, 2)), axis=2))
        assert_axis_error(lambda f=function: f(pa.ones((2, 2)), axis=-3, descending=True))


# -- unique_* -----------------------------------------------------------------------------


def _is_nan(values):
    return np.isnan(values) if values.dtype.kind in "fc" else np.zeros(values.shape, dtype=bool)


def _check_unique_values(values, x):
    """``values`` holds each non-NaN value of ``x`` once and every NaN of ``x``."""
    assert values.dtype == x.dtype and values.ndim == 1
    flat = x.ravel()
    nan_values, nan_x = _is_nan(values), _is_nan(flat)
    assert nan_values.sum() == nan_x.sum()
    expected = np.unique(flat[~nan_x])  # -0.0 and 0.0 are one value
    np.testing.assert_array_equal(np.sort(values[~nan_values]), expected)


def _check_counts(values, counts, x):
    assert counts.dtype == np.int64 and counts.shape == values.shape
    flat = x.ravel()
    for value, count in zip(values, counts):
        assert count == (1 if _is_nan(np.asarray(value)) else np.count_nonzero(flat == value))


def _check_inverse(values, inverse, x):
    assert inverse.dtype == np.int64 and inverse.shape == x.shape
    rebuilt = values[inverse] if x.size else np.empty(x.shape, x.dtype)
    np.testing.assert_array_equal(rebuilt, x)  # NaN-aware; -0.0 == 0.0


def _check_indices(values, indices, x):
    assert indices.dtype == np.int64 and indices.shape == values.shape
    flat = x.ravel()
    np.testing.assert_array_equal(flat[indices], values)
    for value, index in zip(values, indices):
        if not _is_nan(np.asarray(value)):
            assert index == np.flatnonzero(flat == value)[0]  # the first occurrence


@given(arrays())
def test_unique_all(x):
    result = pa.unique_all(pa.asarray(x))
    assert type(result) is pa.UniqueAllResult
    assert all(isinstance(r, pa.Array) for r in result)
    values, indices, inverse, counts = (pa.to_numpy(r) for r in result)
    assert result.values.shape == values.shape and result.counts.shape == counts.shape
    _check_unique_values(values, x)
    _check_indices(values, indices, x)
    _check_inverse(values, inverse, x)
    _check_counts(values, counts, x)
    v, i, inv, c = np_sets.unique_all(x)
    _check_unique_values(v, x)
    _check_indices(v, i, x)
    _check_inverse(v, inv, x)
    _check_counts(v, c, x)


@given(arrays())
def test_unique_counts(x):
    result = pa.unique_counts(pa.asarray(x))
    assert type(result) is pa.UniqueCountsResult and result._fields == ("values", "counts")
    values, counts = pa.to_numpy(result.values), pa.to_numpy(result.counts)
    _check_unique_values(values, x)
    _check_counts(values, counts, x)
    v, c = np_sets.unique_counts(x)
    _check_unique_values(v, x)
    _check_counts(v, c, x)


@given(arrays())
def test_unique_inverse(x):
    result = pa.unique_inverse(pa.asarray(x))
    assert type(result) is pa.UniqueInverseResult and result._fields == ("values", "inverse_indices")
    values, inverse = pa.to_numpy(result.values), pa.to_numpy(result.inverse_indices)
    _check_unique_values(values, x)
    _check_inverse(values, inverse, x)
    v, inv = np_sets.unique_inverse(x)
    _check_unique_values(v, x)
    _check_inverse(v, inv, x)


@given(arrays())
def test_unique_values(x):
    result = pa.unique_values(pa.asarray(x))
    assert isinstance(result, pa.Array)
    _check_unique_values(pa.to_numpy(result), x)
    _check_unique_values(np_sets.unique_values(x), x)


def test_unique_nan_and_signed_zero():
    x = pa.asarray([float("nan"), 0.0, -0.0, float("nan"), 1.0])
    values, counts = pa.unique_counts(x)
    assert pa.to_numpy(counts).tolist() == [2, 1, 1, 1]
    assert np.isnan(pa.to_numpy(values)).sum() == 2
    assert int(pa.count_nonzero(pa.unique_values(x) == 0.0)) == 1
    inverse = pa.unique_inverse(pa.ones((2, 3))).inverse_indices
    check(inverse, np.zeros((2, 3), dtype=np.int64))
    check(pa.unique_all(pa.asarray(7)).inverse_indices, np.array(0))


def test_unique_native_mode_keeps_the_named_tuple():
    pa.set_array_mode(False)
    result = pa.unique_all(np.array([2, 1, 2]))
    assert type(result) is pa.UniqueAllResult
    assert all(type(r) is np.ndarray for r in result)
    assert result.counts.tolist() == [1, 2]
    assert type(pa.nonzero(np.array([0, 1]))[0]) is np.ndarray
    assert type(pa.sort(np.array([2, 1]))) is np.ndarray
