"""Statistical and utility functions against NumPy (array API standard 2024.12)."""

from __future__ import annotations

import warnings

import dtype_sets
import numpy as np
import pytest
from checks import assert_axis_error, check
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray_numpy import statistical as np_statistical

INT_DTYPES = dtype_sets.INTEGER
FLOAT_DTYPES = dtype_sets.FLOATING
COMPLEX_DTYPES = dtype_sets.COMPLEX
real_dtypes = st.sampled_from(dtype_sets.REAL)
numeric_dtypes = st.sampled_from(dtype_sets.NUMERIC)
dtypes = st.sampled_from(dtype_sets.ALL)
inexact_dtypes = st.sampled_from(dtype_sets.INEXACT)
shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
nonempty_shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)

#: The standard's default accumulation dtype of sums and products (int64 default integer).
ACCUMULATION = {
    **{np.dtype(d): np.dtype(np.int64) for d in (np.bool_, np.int8, np.int16, np.int32, np.int64)},
    **{np.dtype(d): np.dtype(np.uint64) for d in (np.uint8, np.uint16, np.uint32, np.uint64)},
    **{np.dtype(d): np.dtype(d) for d in FLOAT_DTYPES + COMPLEX_DTYPES},
}


@st.composite
def arrays(draw, shape=shapes, dtype=dtypes, finite=False):
    """Arrays of the given dtypes, 0-d and empty ones included (NaN, inf, -0.0 and large values for floats)."""
    dtype = draw(dtype) if isinstance(dtype, st.SearchStrategy) else np.dtype(dtype)
    shape = draw(shape) if isinstance(shape, st.SearchStrategy) else shape
    elements = None
    if finite and dtype.kind == "f":
        elements = st.floats(-1e3, 1e3, width=8 * dtype.itemsize)
    elif finite and dtype.kind == "c":
        elements = hnp.from_dtype(dtype, allow_nan=False, allow_infinity=False, max_magnitude=1e3)
    return draw(hnp.arrays(dtype, shape, elements=elements))


@st.composite
def axes(draw, ndim, allow_tuple=True):
    """None, an int axis (maybe negative) or a tuple of distinct axes of an ``ndim``-d array."""
    kinds = ["none"] + (["int", "tuple"] if ndim else ["tuple"] if allow_tuple else [])
    kind = draw(st.sampled_from(kinds if allow_tuple else [k for k in kinds if k != "tuple"]))
    if kind == "none":
        return None
    if kind == "int":
        return draw(st.integers(-ndim, ndim - 1))
    chosen = draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)) if ndim else []
    return tuple(a - ndim if draw(st.booleans()) else a for a in chosen)


def reduced_size(x, axis):
    if axis is None:
        return x.size
    axis = (axis,) if isinstance(axis, int) else axis
    return int(np.prod([x.shape[a] for a in axis]))


# -- sum, prod ----------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name", ["sum", "prod"])
@given(data=st.data(), x=arrays(dtype=dtypes))
def test_sum_prod(name, data, x):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    dtype = data.draw(st.none() | st.sampled_from([np.dtype(np.float64), np.dtype(np.int32), x.dtype]))
    if dtype is not None and x.dtype.kind == "c" and dtype.kind != "c":
        dtype = None
    expected_dtype = ACCUMULATION[x.dtype] if dtype is None else dtype
    expected = getattr(np, name)(x, axis=axis, dtype=expected_dtype, keepdims=keepdims)
    kwargs = {} if dtype is None else {"dtype": getattr(pa, dtype.name) if data.draw(st.booleans()) else dtype.name}
    result = getattr(pa, name)(pa.asarray(x), axis=axis, keepdims=keepdims, **kwargs)
    check(result, np.asarray(expected, dtype=expected_dtype))


def test_sum_prod_dtypes_and_empty():
    check(pa.sum(pa.asarray([100, 100], dtype=pa.int8)), np.array(200, dtype=np.int64))
    check(pa.prod(pa.asarray([200, 2], dtype=pa.uint8)), np.array(400, dtype=np.uint64))
    check(pa.sum(pa.asarray([True, True, False])), np.array(2, dtype=np.int64))
    check(pa.sum(pa.asarray([1.5, 2.5], dtype=pa.float16)), np.array(4.0, dtype=np.float16))
    check(pa.sum(pa.asarray([], dtype=pa.float32)), np.array(0.0, dtype=np.float32))
    check(pa.prod(pa.ones((0, 2), dtype=pa.int16), axis=0), np.array([1, 1], dtype=np.int64))
    check(pa.sum(pa.asarray([1, 2], dtype=pa.int8), dtype=pa.int8), np.array(3, dtype=np.int8))
    for function in (pa.sum, pa.prod):
        assert_axis_error(lambda f=function: f(pa.ones((2,)), axis=1))
        with pytest.raises(pa.PolyarrayValueError):
            function(pa.ones((2, 2)), axis=(0, 0))


# -- max, min -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["max", "min"])
@given(data=st.data(), x=arrays(shape=nonempty_shapes, dtype=real_dtypes))
def test_max_min(name, data, x):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    result = getattr(pa, name)(pa.asarray(x), axis=axis, keepdims=keepdims)
    check(result, getattr(np, name)(x, axis=axis, keepdims=keepdims))


def test_max_min_nan_and_empty():
    x = pa.asarray([[1.0, float("nan")], [3.0, -1.0]])
    check(pa.max(x, axis=1), np.array([np.nan, 3.0]))
    check(pa.min(x, axis=0), np.array([1.0, np.nan]))
    for function in (pa.max, pa.min):
        with pytest.raises(pa.PolyarrayValueError):
            function(pa.ones((0, 3)), axis=0)
        check(function(pa.ones((0, 3)), axis=1), np.ones((0,)))
        assert_axis_error(lambda f=function: f(pa.ones((2,)), axis=-2))


@pytest.mark.parametrize("axis", [0, None])
@pytest.mark.parametrize("name", ["max", "min", "argmax", "argmin"])
def test_a_reduction_of_nothing_says_the_axes_are_empty_on_every_backend(polyarray_backend, name, axis):
    """Over axes that hold no elements (one, or all of them), ``max``, ``min``, ``argmax`` and ``argmin`` raise
    one error on every backend, whose message says the axes are empty and what to do (not to check how shapes
    broadcast)."""
    with pytest.raises(pa.PolyarrayValueError) as caught:
        pa.to_numpy(getattr(pa, name)(pa.ones((0, 3), backend=polyarray_backend), axis=axis))
    message = str(caught.value)
    assert f"pa.{name} failed on the {polyarray_backend} backend" in message
    assert "The reduced axes hold no elements" in message and "broadcast" not in message


# -- mean, var, std -----------------------------------------------------------------------


def _mean_dtype(dtype):
    return dtype if dtype.kind in "fc" else np.dtype(np.float64)


def _variance_dtype(dtype):
    return np.finfo(dtype).dtype if dtype.kind in "fc" else np.dtype(np.float64)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@given(data=st.data(), x=arrays(dtype=numeric_dtypes, finite=True))
def test_mean(data, x):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    result = pa.mean(pa.asarray(x), axis=axis, keepdims=keepdims)
    expected = np.mean(x, axis=axis, keepdims=keepdims)
    check(result, np.asarray(expected, dtype=_mean_dtype(x.dtype)), exact=False)


def test_mean_of_nothing_is_nan_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check(pa.mean(pa.asarray([], dtype=pa.float32)), np.array(np.nan, dtype=np.float32))
        check(pa.mean(pa.ones((0, 2)), axis=0, keepdims=True), np.full((1, 2), np.nan))
        check(pa.mean(pa.ones((0, 2)), axis=1), np.ones((0,)))
        check(pa.mean(pa.asarray([], dtype=pa.int8)), np.array(np.nan))
        result = pa.to_numpy(pa.mean(pa.asarray([], dtype=pa.complex64)))
        assert result.dtype == np.complex64 and np.isnan(result.real) and np.isnan(result.imag)
    check(pa.mean(pa.asarray([1.0, float("nan")])), np.array(np.nan))
    check(pa.mean(pa.asarray([1, 2], dtype=pa.int16)), np.array(1.5))
    assert_axis_error(lambda: pa.mean(pa.ones((2,)), axis=1))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name", ["var", "std"])
@given(
    data=st.data(),
    x=arrays(dtype=st.sampled_from([np.dtype(np.int32), np.dtype(np.uint8)]) | inexact_dtypes, finite=True),
)
def test_var_std(name, data, x):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    correction = data.draw(st.sampled_from([0, 1, 0.5, 2.0]))
    result = getattr(pa, name)(pa.asarray(x), axis=axis, correction=correction, keepdims=keepdims)
    dtype = _variance_dtype(x.dtype)
    if reduced_size(x, axis) - correction <= 0:
        shape = np.sum(np.ones(x.shape), axis=axis, keepdims=keepdims).shape
        check(result, np.full(shape, np.nan, dtype=dtype))
    else:
        expected = getattr(np, name)(x, axis=axis, ddof=correction, keepdims=keepdims)
        check(result, np.asarray(expected, dtype=dtype), exact=False)


def test_var_std_too_few_elements_is_nan_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for function in (pa.var, pa.std):
            check(function(pa.asarray([1.0, 2.0]), correction=2), np.array(np.nan))
            check(function(pa.asarray([1.0, 2.0]), correction=3), np.array(np.nan))  # NumPy gives inf
            check(function(pa.ones((3, 1), dtype=pa.float32), axis=1, correction=1), np.full(3, np.nan, np.float32))
            check(function(pa.ones((0, 2)), axis=0), np.full(2, np.nan))
    check(pa.var(pa.asarray([1.0, 3.0]), correction=1), np.array(2.0))
    check(pa.std(pa.asarray([1j, -1j])), np.array(1.0))
    check(pa.var(pa.asarray([1.0, float("nan")])), np.array(np.nan))
    assert_axis_error(lambda: pa.var(pa.ones((2,)), axis=3, correction=1))
    assert_axis_error(lambda: pa.std(pa.ones((2,)), axis=3))


# -- cumulative_sum, cumulative_prod ------------------------------------------------------

#: The reference accumulation, its identity, and the variant for NumPy < 2.1 (which runs on every NumPy).
CUMULATIVE = {
    "cumulative_sum": (np.cumsum, 0, np_statistical.cumulative_sum_v_2p0_and_below),
    "cumulative_prod": (np.cumprod, 1, np_statistical.cumulative_prod_v_2p0_and_below),
}


def _cumulative_reference(name, x, axis, dtype, include_initial):
    accumulate, identity, _ = CUMULATIVE[name]
    if axis is None:
        axis = 0
    result = accumulate(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(result.shape)
        shape[axis] = 1
        result = np.concatenate([np.full(shape, identity, dtype=dtype), result], axis=axis)
    return result


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("name", list(CUMULATIVE))
@given(data=st.data(), x=arrays(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4)))
def test_cumulative(name, data, x):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1) | (st.none() if x.ndim == 1 else st.nothing()))
    include_initial = data.draw(st.booleans())
    dtype = data.draw(st.none() | st.sampled_from([np.dtype(np.float64), x.dtype]))
    if dtype is not None and x.dtype.kind == "c":
        dtype = x.dtype
    expected_dtype = ACCUMULATION[x.dtype] if dtype is None else dtype
    expected = _cumulative_reference(name, x, axis, expected_dtype, include_initial)
    kwargs = {} if dtype is None else {"dtype": dtype.name}
    result = getattr(pa, name)(pa.asarray(x), axis=axis, include_initial=include_initial, **kwargs)
    check(result, expected)
    legacy = CUMULATIVE[name][2](x, axis=axis, dtype=dtype, include_initial=include_initial)
    assert legacy.dtype == expected.dtype and legacy.shape == expected.shape
    np.testing.assert_array_equal(legacy, expected)


@pytest.mark.parametrize("name", list(CUMULATIVE))
def test_cumulative_0d_and_bad_input(name):
    function = getattr(pa, name)
    for variant in (function, CUMULATIVE[name][2]):
        assert np.asarray(variant(np.asarray(3, dtype=np.int8))).tolist() == [3]
        result = np.asarray(variant(np.asarray(3, dtype=np.int8), include_initial=True))
        assert result.dtype == np.int64 and result.shape == (2,)
    # The core checks the axis for every backend before the implementation runs.
    with pytest.raises(pa.PolyarrayValueError, match="pass the axis"):
        function(np.ones((2, 2)))  # axis is required for n-d arrays
    assert_axis_error(lambda: function(np.ones((2, 2)), axis=2))
    with pytest.raises(pa.PolyarrayValueError):
        function(pa.ones((2, 2)))
    assert_axis_error(lambda: function(pa.ones((2, 2)), axis=-3))


def test_cumulative_values():
    check(
        pa.cumulative_sum(pa.asarray([1, 2, 3], dtype=pa.uint8), include_initial=True),
        np.array([0, 1, 3, 6], np.uint64),
    )
    check(pa.cumulative_prod(pa.asarray([[1.0, 2.0], [3.0, 4.0]]), axis=0), np.array([[1.0, 2.0], [3.0, 8.0]]))
    check(pa.cumulative_sum(pa.ones((2, 0)), axis=1, include_initial=True), np.zeros((2, 1)))
    check(pa.cumulative_sum(pa.asarray([1.0, float("nan"), 2.0])), np.array([1.0, np.nan, np.nan]))


# -- all, any -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["all", "any"])
@given(data=st.data(), x=arrays())
def test_all_any(name, data, x):
    axis = data.draw(axes(x.ndim))
    keepdims = data.draw(st.booleans())
    result = getattr(pa, name)(pa.asarray(x), axis=axis, keepdims=keepdims)
    check(result, np.asarray(getattr(np, name)(x, axis=axis, keepdims=keepdims)))


def test_all_any_special_values():
    x = pa.asarray([float("nan"), float("inf"), -float("inf")])
    assert bool(pa.all(x)) and bool(pa.any(x))
    assert bool(pa.all(pa.asarray([]))) and not bool(pa.any(pa.asarray([])))
    assert not bool(pa.all(pa.asarray([0.0, -0.0]))) and not bool(pa.any(pa.asarray([-0.0])))
    assert bool(pa.all(pa.asarray([1j, complex(1, 0)])))
    check(pa.any(pa.ones((2, 0)), axis=1), np.array([False, False]))
    for function in (pa.all, pa.any):
        assert_axis_error(lambda f=function: f(pa.ones((2,)), axis=1))


# -- diff ---------------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@given(
    data=st.data(),
    x=arrays(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5), dtype=numeric_dtypes),
)
def test_diff(data, x):
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.integers(0, 3))
    kwargs = {}
    for key in ("prepend", "append"):
        if data.draw(st.booleans()):
            shape = list(x.shape)
            shape[axis] = data.draw(st.integers(0, 2))
            kwargs[key] = data.draw(arrays(shape=tuple(shape), dtype=x.dtype))
    # NumPy's diff leaves prepend and append out when n=0: join them here.
    joined = np.concatenate([kwargs.get("prepend", np.take(x, [], axis=axis)), x,
                             kwargs.get("append", np.take(x, [], axis=axis))], axis=axis)  # fmt: skip
    expected = np.diff(joined, n=n, axis=axis)
    result = pa.diff(pa.asarray(x), axis=axis, n=n, **{k: pa.asarray(v) for k, v in kwargs.items()})
    check(result, expected)
    size = x.shape[axis] + sum(v.shape[axis] for v in kwargs.values())
    assert result.shape[axis] == max(size - n, 0)


def test_diff_bad_input():
    with pytest.raises(pa.PolyarrayValueError):
        pa.diff(pa.asarray(1.0))
    with pytest.raises(pa.PolyarrayValueError):
        pa.diff(pa.asarray([1, 2]), n=-1)
    assert_axis_error(lambda: pa.diff(pa.ones((2, 2)), axis=2))
    check(pa.diff(pa.asarray([[1, 2]]), axis=0), np.zeros((0, 2), dtype=np.int64))
    check(pa.diff(pa.asarray([1, 2]), n=0, prepend=pa.asarray(0), append=pa.asarray([5])), np.array([0, 1, 2, 5]))
    assert_axis_error(lambda: pa.diff(pa.ones((2,)), axis=1, n=0, append=pa.ones((1,))))
    with pytest.raises(pa.PolyarrayValueError):
        pa.diff(pa.asarray(1.0), n=0, append=pa.asarray(2.0))


# -- native mode --------------------------------------------------------------------------


def test_native_mode_returns_numpy_values():
    pa.set_array_mode(False)
    x = np.arange(6.0).reshape(2, 3)
    assert type(pa.sum(x, axis=0)) is np.ndarray
    assert isinstance(pa.mean(x), (np.ndarray, np.generic))
    assert type(pa.cumulative_sum(x, axis=1)) is np.ndarray
    assert type(pa.diff(x)) is np.ndarray
    assert float(pa.var(x, correction=1)) == pytest.approx(3.5)


QUANTILE_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


@given(
    data=st.data(),
    x=arrays(
        shape=nonempty_shapes,
        dtype=st.sampled_from([np.dtype(d) for d in ("float32", "float64", "int32", "int64")]),
        finite=True,
    ),
)
def test_quantile_agrees_with_numpy(data, x):
    axis = data.draw(axes(x.ndim))
    q = data.draw(st.one_of(st.floats(0.0, 1.0), st.lists(st.floats(0.0, 1.0), min_size=1, max_size=3)))
    method = data.draw(st.sampled_from(QUANTILE_METHODS))
    keepdims = data.draw(st.booleans())
    if axis == ():
        return
    interpolated = x.dtype.kind == "f" or method in ("linear", "midpoint")
    # Integers interpolate in float64: NumPy's own integer arithmetic overflows near the int64 limits.
    reference = x.astype(np.float64) if interpolated and x.dtype.kind == "i" else x
    expected = np.quantile(reference, q, axis=axis, method=method, keepdims=keepdims)
    got = pa.to_numpy(pa.quantile(pa.asarray(x), q, axis=axis, method=method, keepdims=keepdims))
    assert got.shape == expected.shape
    if interpolated:
        want_dtype = x.dtype if x.dtype.kind == "f" else np.dtype(np.float64)
        assert got.dtype == want_dtype
        # Interpolation in the input's precision: within a few ulps of the largest element.
        atol = 4 * np.finfo(want_dtype).eps * float(np.max(np.abs(x), initial=1.0))
        np.testing.assert_allclose(got, expected.astype(want_dtype), rtol=0, atol=atol)
    else:
        assert got.dtype == x.dtype
        np.testing.assert_array_equal(got, expected)


def test_median_agrees_with_numpy_with_nan_and_infinities():
    x = np.array([[3.0, np.nan, 1.0], [np.inf, -np.inf, 2.0], [np.inf, np.inf, 0.5]])
    for axis in (None, 0, 1, (0, 1)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            expected = np.median(x, axis=axis)
        np.testing.assert_array_equal(pa.to_numpy(pa.median(pa.asarray(x), axis=axis)), expected)


def test_quantile_bad_input():
    x = pa.asarray([1.0, 2.0, 3.0])
    with pytest.raises(pa.PolyarrayValueError, match=r"\[0, 1\]"):
        pa.quantile(x, 50)
    with pytest.raises(pa.PolyarrayValueError, match="method"):
        pa.quantile(x, 0.5, method="cubic")
    with pytest.raises(pa.PolyarrayTypeError, match="real"):
        pa.quantile(pa.asarray([1j]), 0.5)
    with pytest.raises(ValueError, match="no elements"):
        pa.median(pa.asarray(np.zeros((0, 3))), axis=0)
    with pytest.raises(ValueError):
        pa.quantile(x, [[0.5]])
