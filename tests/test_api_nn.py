"""Neural-network functions and losses: pa.relu … pa.dropout, pa.cross_entropy … pa.stable_divide.

Every function is compared with a reference written here in plain NumPy
(``math.erf`` for gelu), on hypothesis-generated float32/float64 inputs, with
the edge cases that compositions get wrong most often: empty arrays, huge
magnitudes, infinities and NaN.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

MIXED = (
    "relu",
    "leaky_relu",
    "gelu",
    "sigmoid",
    "softplus",
    "softmax",
    "log_softmax",
    "logsumexp",
    "linear",
    "layer_norm",
    "one_hot",
)
COMPOSITIONAL = ("cross_entropy", "binary_cross_entropy", "lstm_update", "stable_divide", "dropout")
FLOATS = (np.float32, np.float64)
#: Relative tolerance of a float32 (float64) computation against a float64 reference.
RTOL = {np.dtype(np.float32): 2e-5, np.dtype(np.float64): 1e-12}


def _np(x):
    return pa.to_numpy(x)


def _float_arrays(dtype, *, bound=50.0, min_dims=0, max_dims=3, min_side=0, max_side=5, shape=None):
    width = np.dtype(dtype).itemsize * 8
    elements = st.floats(-bound, bound, width=width, allow_nan=False, allow_infinity=False)
    if shape is None:
        shape = hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)
    return hnp.arrays(dtype, shape, elements=elements)


float_dtypes = st.sampled_from(FLOATS)


@st.composite
def arrays_and_axis(draw, *, bound=50.0, min_side=0):
    dtype = draw(float_dtypes)
    x = draw(_float_arrays(dtype, bound=bound, min_dims=1, min_side=min_side))
    axis = draw(st.integers(-x.ndim, x.ndim - 1))
    return x, axis


def _check(result, expected, *, rtol=None, atol=0.0, dtype=None):
    out = _np(result)
    expected = np.asarray(expected)
    dtype = np.dtype(dtype if dtype is not None else expected.dtype)
    assert out.dtype == dtype
    assert out.shape == expected.shape
    np.testing.assert_allclose(out, expected, rtol=RTOL.get(dtype, 1e-3) if rtol is None else rtol, atol=atol)


# -- kinds --------------------------------------------------------------------------------


def test_numpy_backend_composes_the_mixed_and_compositional_functions():
    backend = pa.get_backend("numpy")
    for name in MIXED + COMPOSITIONAL:
        assert name in backend.composed, name
        assert name not in backend.native, name


def test_native_mode_returns_numpy_arrays():
    pa.set_array_mode(False)
    x = np.array([[1.0, 2.0], [3.0, -1.0]], dtype=np.float32)
    for result in (pa.softmax(x), pa.relu(x), pa.gelu(x), pa.dropout(x, 0.5, seed=1), pa.cross_entropy(x, x)):
        assert isinstance(result, (np.ndarray, np.generic))
    outputs, (h, c) = pa.lstm_update(x[None], x[:1, :1], x[:1, :1], np.ones((2, 4), "f4"), np.ones((1, 4), "f4"))
    assert all(isinstance(v, np.ndarray) for v in (outputs, h, c))
    assert outputs.dtype == np.float32


def test_methods_and_lists_are_accepted():
    x = pa.asarray([-1.0, 2.0])
    np.testing.assert_array_equal(_np(x.relu()), [0.0, 2.0])
    np.testing.assert_allclose(_np(pa.softmax([0.0, 0.0])), [0.5, 0.5])


# -- elementwise activations ---------------------------------------------------------------


def _erf_gelu(v: float) -> float:
    if v == -math.inf:
        return 0.0
    return 0.5 * v * math.erfc(-v / math.sqrt(2.0))


def _tanh_gelu(x):
    x = x.astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        u = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)
        # (1 + tanh(u)) / 2 written as a sigmoid, so that the reference does not cancel either.
        return np.where(x == -np.inf, 0.0, x / (1.0 + np.exp(-2.0 * u)))


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)))
def test_relu(x):
    _check(pa.relu(x), np.maximum(x, 0), rtol=0, dtype=x.dtype)


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)), st.floats(0.0, 1.0))
def test_leaky_relu(x, alpha):
    expected = np.where(x < 0, x.astype(np.float64) * np.float64(np.asarray(alpha, x.dtype)), x)
    _check(pa.leaky_relu(x, alpha=alpha), expected, dtype=x.dtype, atol=1e-30)


def test_relu_keeps_integers_nan_and_rejects_bool():
    _check(pa.relu(pa.asarray([-3, 0, 4], dtype=pa.int32)), np.array([0, 0, 4], np.int32), rtol=0)
    _check(pa.relu(pa.asarray([253, 4], dtype=pa.uint8)), np.array([253, 4], np.uint8), rtol=0)
    out = _np(pa.relu(pa.asarray([np.nan, -np.inf, np.inf])))
    np.testing.assert_array_equal(out, [np.nan, 0.0, np.inf])
    with pytest.raises(pa.PolyarrayTypeError):
        pa.relu(pa.asarray([True, False]))


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)))
def test_gelu_exact(x):
    expected = np.vectorize(_erf_gelu, otypes=[np.float64])(x.astype(np.float64))
    rtol = 5e-5 if x.dtype == np.float32 else 3e-7
    _check(pa.gelu(x), expected, dtype=x.dtype, rtol=rtol, atol=1e-40)


def test_gelu_exact_accuracy_over_a_dense_grid():
    x = np.concatenate([np.linspace(-38.0, 38.0, 40001), [-1e300, -1e-300, 0.0, 1e-300, 1e300]])
    expected = np.array([_erf_gelu(v) for v in x])
    out = _np(pa.gelu(x))
    # The relative error bound of the erfc fit (1.2e-7) holds far into the negative tail.
    np.testing.assert_allclose(out, expected, rtol=2e-7, atol=1e-310)


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)))
def test_gelu_approximate(x):
    rtol = 5e-5 if x.dtype == np.float32 else 1e-10
    _check(pa.gelu(x, approximate=True), _tanh_gelu(x), dtype=x.dtype, rtol=rtol, atol=1e-37)


def test_gelu_special_values():
    x = np.array([-np.inf, np.inf, np.nan, 0.0], dtype=np.float32)
    for approximate in (False, True):
        out = _np(pa.gelu(x, approximate=approximate))
        assert out.dtype == np.float32
        np.testing.assert_array_equal(out, [0.0, np.inf, np.nan, 0.0])
    # the tanh form is close to the exact one
    grid = np.linspace(-6, 6, 101)
    np.testing.assert_allclose(_np(pa.gelu(grid, approximate=True)), _np(pa.gelu(grid)), atol=1e-3)


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)))
def test_sigmoid(x):
    with np.errstate(over="ignore"):
        expected = 1.0 / (1.0 + np.exp(-x.astype(np.float64)))
    _check(pa.sigmoid(x), expected, dtype=x.dtype, atol=1e-40)


def test_sigmoid_extremes():
    out = _np(pa.sigmoid(pa.asarray([-1e4, 1e4, -np.inf, np.inf, np.nan], dtype=pa.float32)))
    np.testing.assert_array_equal(out, [0.0, 1.0, 0.0, 1.0, np.nan])
    assert out.dtype == np.float32


@given(
    float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)),
    st.sampled_from([1.0, 0.5, 2.0, 10.0]),
    st.sampled_from([None, 0.0, 20.0]),
)
def test_softplus(x, beta, threshold):
    scaled = beta * x.astype(np.float64)
    expected = np.logaddexp(0.0, scaled) / beta
    if threshold is not None:
        # The threshold test sees beta * x in the input's precision (0.5 * 1e-45 is 0 in float32).
        scaled_in_dtype = np.multiply(np.asarray(beta, dtype=x.dtype), x)
        expected = np.where(scaled_in_dtype > threshold, x, expected)
    _check(pa.softplus(x, beta=beta, threshold=threshold), expected, dtype=x.dtype, atol=1e-40)


def test_softplus_extremes_and_errors():
    out = _np(pa.softplus(pa.asarray([-np.inf, np.inf, np.nan, 1e4, -1e4])))
    np.testing.assert_array_equal(out, [0.0, np.inf, np.nan, 1e4, 0.0])
    for beta in (0.0, -1.0):
        with pytest.raises(pa.PolyarrayValueError):
            pa.softplus(pa.asarray([1.0]), beta=beta)


@pytest.mark.parametrize("name", ["leaky_relu", "gelu", "sigmoid", "softplus", "softmax", "log_softmax", "logsumexp"])
def test_floating_only(name):
    with pytest.raises(pa.PolyarrayTypeError, match="floating-point"):
        getattr(pa, name)(pa.asarray([1, 2]))


@pytest.mark.parametrize("name", ["relu", "leaky_relu", "gelu", "sigmoid", "softplus"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_elementwise_activations_keep_shape_and_dtype_on_edge_shapes(name, dtype):
    for shape in [(), (0,), (2, 0, 3)]:
        x = np.full(shape, 0.5, dtype=dtype)
        out = _np(getattr(pa, name)(x))
        assert out.dtype == np.dtype(dtype)
        assert out.shape == shape


# -- softmax family ------------------------------------------------------------------------


def _softmax_ref(x, axis):
    e = np.exp(x.astype(np.float64))
    return e / e.sum(axis=axis, keepdims=True)


@given(arrays_and_axis())
def test_softmax(data):
    x, axis = data
    _check(pa.softmax(x, axis=axis), _softmax_ref(x, axis), dtype=x.dtype, atol=1e-6)


@given(arrays_and_axis())
def test_log_softmax(data):
    x, axis = data
    x64 = x.astype(np.float64)
    with np.errstate(divide="ignore"):
        expected = x64 - np.log(np.exp(x64).sum(axis=axis, keepdims=True))
    atol = 1e-4 if x.dtype == np.float32 else 1e-12
    _check(pa.log_softmax(x, axis=axis), expected, dtype=x.dtype, atol=atol)


@given(arrays_and_axis(min_side=1), st.sampled_from([1e4, -1e4]))
def test_softmax_family_is_stable_at_large_magnitudes(data, shift):
    x, axis = data
    x = x.astype(np.float64)
    shifted = x + shift
    np.testing.assert_allclose(_np(pa.softmax(shifted, axis=axis)), _softmax_ref(x, axis), rtol=1e-9, atol=1e-12)
    expected_log = x - np.log(np.exp(x).sum(axis=axis, keepdims=True))
    np.testing.assert_allclose(_np(pa.log_softmax(shifted, axis=axis)), expected_log, rtol=1e-9, atol=1e-8)
    expected_lse = np.log(np.exp(x).sum(axis=axis)) + shift
    np.testing.assert_allclose(_np(pa.logsumexp(shifted, axis=axis)), expected_lse, rtol=1e-12)


def test_softmax_family_is_stable_in_float32():
    x = np.array([1e4, -1e4, 1e4], dtype=np.float32)
    out = _np(pa.softmax(x))
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, [0.5, 0.0, 0.5])
    np.testing.assert_allclose(_np(pa.log_softmax(x)), [-math.log(2), -2e4 - math.log(2), -math.log(2)], rtol=1e-6)
    lse = _np(pa.logsumexp(x))
    assert lse.dtype == np.float32
    np.testing.assert_allclose(lse, 1e4 + math.log(2), rtol=1e-7)
    np.testing.assert_allclose(_np(pa.logsumexp(-x)), 1e4, rtol=1e-7)


def test_softmax_over_several_axes_and_all():
    x = np.arange(24.0).reshape(2, 3, 4) / 10
    np.testing.assert_allclose(_np(pa.softmax(x, axis=(0, 2))), _softmax_ref(x, (0, 2)), rtol=1e-12)
    np.testing.assert_allclose(_np(pa.softmax(x, axis=None)), _softmax_ref(x, None), rtol=1e-12)
    np.testing.assert_allclose(float(pa.softmax(np.float64(3.0), axis=None)), 1.0)


def test_softmax_infinities_and_nan():
    x = np.array(
        [
            [0.0, -np.inf, 1.0],  # -inf gets probability 0
            [-np.inf, -np.inf, -np.inf],  # only -inf: NaN
            [np.nan, 1.0, 2.0],  # NaN: the slice is NaN
            [1e308, 1e308, -1e308],  # huge but finite: fine
        ]
    )
    with np.errstate(over="ignore", invalid="ignore"):  # -1e308 - 1e308 is -inf; a -inf row is 0 / 0
        out = _np(pa.softmax(x))
    np.testing.assert_allclose(out[0], [1 / (1 + math.e), 0.0, math.e / (1 + math.e)])
    assert np.isnan(out[1]).all() and np.isnan(out[2]).all()
    np.testing.assert_allclose(out[3], [0.5, 0.5, 0.0])
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        log_out = _np(pa.log_softmax(x))
    np.testing.assert_allclose(log_out[0, [0, 2]], np.log(out[0, [0, 2]]))
    assert log_out[0, 1] == -np.inf
    assert np.isnan(log_out[1]).all() and np.isnan(log_out[2]).all()


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3)])
def test_softmax_family_on_empty_arrays(name, shape):
    out = _np(getattr(pa, name)(np.zeros(shape, np.float32)))
    assert out.shape == shape and out.dtype == np.float32


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt)), st.booleans(), st.data())
def test_logsumexp(x, keepdims, data):
    axis = data.draw(
        st.none() | st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none(),
        label="axis",
    )
    with np.errstate(divide="ignore"):
        expected = np.log(np.exp(x.astype(np.float64)).sum(axis=axis, keepdims=keepdims))
    _check(pa.logsumexp(x, axis=axis, keepdims=keepdims), expected, dtype=x.dtype, atol=1e-5)


def test_logsumexp_special_values():
    x = np.array([[-np.inf, -np.inf], [np.inf, 1.0], [np.nan, 1.0], [-np.inf, 0.0]])
    out = _np(pa.logsumexp(x, axis=1))
    np.testing.assert_array_equal(out, [-np.inf, np.inf, np.nan, 0.0])
    assert float(pa.logsumexp(np.float32(2.5))) == 2.5
    np.testing.assert_array_equal(_np(pa.logsumexp(np.zeros((2, 0)), axis=1)), [-np.inf, -np.inf])
    assert _np(pa.logsumexp(np.zeros((2, 0)), axis=0)).shape == (0,)
    empty = _np(pa.logsumexp(np.zeros((0,), np.float32)))
    assert empty.shape == () and empty == -np.inf and empty.dtype == np.float32
    assert _np(pa.logsumexp(np.zeros((3, 0)), axis=(0, 1), keepdims=True)).shape == (1, 1)
    assert _np(pa.logsumexp(np.ones((2, 3, 4)), axis=(0, 2), keepdims=True)).shape == (1, 3, 1)


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "logsumexp"])
def test_softmax_family_bad_axis(name):
    for axis in (2, -3, (0, 0)):
        with pytest.raises(pa.PolyarrayValueError, match="axis"):
            getattr(pa, name)(np.ones((2, 2)), axis=axis)


# -- layers --------------------------------------------------------------------------------


@st.composite
def linear_inputs(draw):
    dtype = draw(float_dtypes)
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3))
    n_in, n_out = draw(st.integers(0, 4)), draw(st.integers(1, 4))
    # a batched weight broadcasts with the axes of x before its last two
    weight_batch = draw(st.sampled_from([(), batch[:-1]]))
    x = draw(_float_arrays(dtype, bound=10, shape=(*batch, n_in)))
    weight = draw(_float_arrays(dtype, bound=10, shape=(*weight_batch, n_out, n_in)))
    bias = draw(st.none() | _float_arrays(dtype, bound=10, shape=(n_out,)))
    return x, weight, bias


@given(linear_inputs())
def test_linear(inputs):
    x, weight, bias = inputs
    x64, w64 = x.astype(np.float64), weight.astype(np.float64)
    expected = x64 @ np.swapaxes(w64, -1, -2) + (0.0 if bias is None else bias.astype(np.float64))
    _check(pa.linear(x, weight, bias=bias), expected, dtype=x.dtype, atol=1e-3)


def test_linear_vector_input_and_errors():
    out = pa.linear(pa.asarray([1.0, 2.0]), pa.asarray([[1.0, 1.0]]))
    np.testing.assert_array_equal(_np(out), [3.0])
    out = pa.linear([[1.0, 2.0]], [[1.0, 1.0], [0.0, 1.0]], bias=[1.0, -1.0])
    assert out.dtype == pa.float64
    np.testing.assert_array_equal(_np(out), [[4.0, 1.0]])
    with pytest.raises(pa.PolyarrayValueError, match="weight"):
        pa.linear(pa.asarray([1.0, 2.0]), pa.asarray([1.0, 1.0]))
    with pytest.raises(pa.PolyarrayError):
        pa.linear(pa.asarray([1.0, 2.0]), pa.asarray([[1.0, 1.0, 1.0]]))


@st.composite
def layer_norm_inputs(draw):
    dtype = draw(float_dtypes)
    x = draw(_float_arrays(dtype, bound=100, min_dims=1, min_side=1))
    n = draw(st.integers(1, x.ndim))
    axes = tuple(range(x.ndim - n, x.ndim))
    normalized = draw(st.sampled_from([axes, axes[0] if n == 1 else axes]))
    affine = x.shape[x.ndim - n :]
    scale = draw(st.none() | _float_arrays(dtype, bound=3, shape=affine))
    offset = draw(st.none() | _float_arrays(dtype, bound=3, shape=affine))
    return x, normalized, axes, scale, offset


@given(layer_norm_inputs(), st.sampled_from([1e-5, 1e-3]), st.sampled_from([1.0, 2.0]))
def test_layer_norm(inputs, eps, new_std):
    x, normalized, axes, scale, offset = inputs
    x64 = x.astype(np.float64)
    expected = (x64 - x64.mean(axis=axes, keepdims=True)) / np.sqrt(x64.var(axis=axes, keepdims=True) + eps)
    expected = expected * new_std
    if scale is not None:
        expected = expected * scale
    if offset is not None:
        expected = expected + offset
    out = pa.layer_norm(x, normalized, scale=scale, offset=offset, eps=eps, new_std=new_std)
    # x - mean carries a rounding error of a few ulps of max|x|, which the division by
    # sqrt(var + eps) can magnify up to 1 / sqrt(eps) times.
    gain = new_std * (1.0 if scale is None else max(1.0, float(np.abs(scale).max())))
    atol = 8 * np.finfo(x.dtype).eps * float(np.abs(x).max()) / math.sqrt(eps) * gain + 1e-12
    _check(out, expected, dtype=x.dtype, rtol=1e-4 if x.dtype == np.float32 else 1e-9, atol=atol)


def test_layer_norm_special_values_and_errors():
    out = _np(pa.layer_norm(np.array([[np.nan, 1.0], [1.0, 3.0]]), -1, eps=0.0))
    assert np.isnan(out[0]).all()
    np.testing.assert_allclose(out[1], [-1.0, 1.0])
    empty = _np(pa.layer_norm(np.zeros((0, 3), np.float32), -1))
    assert empty.shape == (0, 3) and empty.dtype == np.float32
    with pytest.raises(pa.PolyarrayValueError, match="axis"):
        pa.layer_norm(np.ones((2, 2)), 2)
    with pytest.raises(pa.PolyarrayTypeError):
        pa.layer_norm(np.ones((2, 2), dtype=int), -1)


def _one_hot_ref(indices, depth, on, off, axis, dtype):
    out = np.full((*indices.shape, depth), off, dtype=dtype)
    for position, index in np.ndenumerate(indices):
        if 0 <= index < depth:
            out[(*position, index)] = on
    return np.moveaxis(out, -1, axis) if axis is not None else out


@given(
    hnp.arrays(st.sampled_from([np.int32, np.int64, np.uint8]), hnp.array_shapes(min_dims=0, max_dims=2, min_side=0)),
    st.integers(0, 6),
    st.data(),
)
def test_one_hot(indices, depth, data):
    axis = data.draw(st.none() | st.integers(-indices.ndim - 1, indices.ndim), label="axis")
    on, off = data.draw(st.sampled_from([(None, None), (5, -1), (2.5, None), (True, False)]), label="values")
    dtype = data.draw(st.sampled_from([None, pa.float32, pa.int8]), label="dtype")
    result = _np(pa.one_hot(indices, depth, on_value=on, off_value=off, axis=axis, dtype=dtype))
    if dtype is not None:
        expected_dtype = np.dtype(dtype.name)
    elif on is True:
        expected_dtype = np.dtype(bool)
    elif on == 5:
        expected_dtype = np.dtype(np.int64)
    else:
        expected_dtype = np.dtype(np.float64)
    expected = _one_hot_ref(indices, depth, 1 if on is None else on, 0 if off is None else off, axis, expected_dtype)
    assert result.dtype == expected_dtype
    np.testing.assert_array_equal(result, expected)
    assert result.shape == expected.shape


def test_one_hot_wide_and_unsigned_indices():
    big = pa.one_hot(pa.asarray([255, 0], dtype=pa.uint8), 300, dtype=pa.int8)
    expected = np.zeros((2, 300), np.int8)
    expected[0, 255] = expected[1, 0] = 1
    np.testing.assert_array_equal(_np(big), expected)
    huge = pa.one_hot(pa.asarray([2**64 - 1, 1], dtype=pa.uint64), 3)
    np.testing.assert_array_equal(_np(huge), [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    assert _np(pa.one_hot(pa.asarray([1, 2]), 0)).shape == (2, 0)


def test_one_hot_errors():
    with pytest.raises(pa.PolyarrayTypeError, match="integer"):
        pa.one_hot(pa.asarray([0.0, 1.0]), 2)
    with pytest.raises(pa.PolyarrayValueError, match="depth"):
        pa.one_hot(pa.asarray([0, 1]), -1)
    for depth in (2.0, True):  # not an int: a TypeError, as NumPy's for a float where an integer goes
        with pytest.raises(pa.PolyarrayTypeError, match="depth"):
            pa.one_hot(pa.asarray([0, 1]), depth)
    with pytest.raises(pa.PolyarrayValueError, match="axis"):
        pa.one_hot(pa.asarray([0, 1]), 2, axis=2)


# -- dropout -------------------------------------------------------------------------------


@pytest.mark.parametrize("prob", [0.1, 0.5, 0.9])
def test_dropout_drops_the_expected_fraction(prob):
    n = 200_000
    out = _np(pa.dropout(pa.ones((n,), dtype=pa.float32), prob, seed=123))
    assert out.dtype == np.float32 and out.shape == (n,)
    dropped = np.mean(out == 0)
    # 6 standard deviations of the binomial fraction: a false failure has odds below 1e-8.
    assert abs(dropped - prob) < 6 * math.sqrt(prob * (1 - prob) / n)
    np.testing.assert_allclose(out[out != 0], np.float32(1 / (1 - prob)), rtol=1e-6)


@given(float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e4)), st.floats(0.0, 0.95), st.integers(0, 2**32))
def test_dropout_keeps_or_zeroes_each_element(x, prob, seed):
    out = _np(pa.dropout(x, prob, seed=seed))
    assert out.dtype == x.dtype and out.shape == x.shape
    kept = out != 0
    expected = x.astype(np.float64) / (1 - prob)
    np.testing.assert_allclose(out[kept], expected[kept], rtol=RTOL[x.dtype] * 10, atol=1e-40)
    np.testing.assert_array_equal(_np(pa.dropout(x, prob, seed=seed)), out)  # reproducible
    unscaled = _np(pa.dropout(x, prob, seed=seed, scale=False))
    np.testing.assert_array_equal(unscaled[kept], x[kept])


def test_dropout_options():
    x = pa.asarray(np.arange(1.0, 13.0).reshape(3, 4))
    assert pa.dropout(x, 0.5, training=False) is not None
    np.testing.assert_array_equal(_np(pa.dropout(x, 0.5, training=False)), _np(x))
    np.testing.assert_array_equal(_np(pa.dropout(x, 0.0, seed=3)), _np(x))
    converted = pa.dropout(x, 0.5, training=False, dtype=pa.float32)
    assert converted.dtype == pa.float32
    assert pa.dropout(x, 0.5, dtype="float32", seed=0).dtype == pa.float32
    # different seeds draw different masks
    big = pa.ones((1000,))
    assert not np.array_equal(_np(pa.dropout(big, 0.5, seed=1)), _np(pa.dropout(big, 0.5, seed=2)))
    # a shared draw along axis 1: whole rows are kept or dropped
    for noise_shape in [(3, 1), (None, 1)]:
        rows = _np(pa.dropout(pa.ones((3, 50)), 0.5, seed=7, noise_shape=noise_shape))
        assert all(len(set(row.tolist())) == 1 for row in rows)
    # dropped NaN and inf become exactly 0
    special = _np(pa.dropout(pa.asarray([np.nan, np.inf] * 500), 0.5, seed=5))
    assert ((special == 0) | np.isnan(special) | np.isinf(special)).all() and (special == 0).any()
    # integers without scaling are masked; a 0-d array keeps its shape
    ints = _np(pa.dropout(pa.asarray([5] * 100, dtype=pa.int16), 0.5, seed=0, scale=False))
    assert ints.dtype == np.int16 and set(ints.tolist()) == {0, 5}
    assert _np(pa.dropout(pa.asarray(2.0), 0.3, seed=0)).shape == ()


def test_dropout_errors():
    x = pa.ones((2, 3))
    for prob in (1.0, -0.1, 1.5, float("nan")):
        with pytest.raises(pa.PolyarrayValueError, match=r"\[0, 1\)"):
            pa.dropout(x, prob)
    with pytest.raises(pa.PolyarrayTypeError, match="floating-point"):
        pa.dropout(pa.asarray([1, 2]), 0.5)
    for noise_shape in [(2,), (2, 2), (1, 4)]:
        with pytest.raises(pa.PolyarrayValueError, match="noise_shape"):
            pa.dropout(x, 0.5, noise_shape=noise_shape)


def test_dropout_draws_its_mask_from_pa_random():
    x = pa.ones((4, 50))
    key = pa.random.key(11)
    for prob in (0.1, 0.5, 0.75):
        dropped = _np(pa.random.bernoulli(key, (4, 50), prob))
        expected = np.where(dropped, 0.0, 1 / (1 - prob))
        np.testing.assert_array_equal(_np(pa.dropout(x, prob, key=key)), expected)
        # a seed stands for pa.random.key(seed)
        np.testing.assert_array_equal(_np(pa.dropout(x, prob, seed=11)), expected)
    # noise_shape draws one value per row
    rows = _np(pa.random.bernoulli(key, (4, 1), 0.5))
    np.testing.assert_array_equal(
        _np(pa.dropout(x, 0.5, key=key, noise_shape=(None, 1))), np.where(rows, 0.0, 2.0) + 0 * _np(x)
    )
    # keys from split and fold_in work as any key; big and negative seeds are keys too
    for other in (pa.random.split(key)[1], pa.random.fold_in(key, 3)):
        assert not np.array_equal(_np(pa.dropout(x, 0.5, key=other)), _np(pa.dropout(x, 0.5, key=key)))
    np.testing.assert_array_equal(_np(pa.dropout(x, 0.5, seed=-1)), _np(pa.dropout(x, 0.5, key=pa.random.key(-1))))
    np.testing.assert_array_equal(
        _np(pa.dropout(x, 0.5, seed=2**40)), _np(pa.dropout(x, 0.5, key=pa.random.key(2**40)))
    )


def test_dropout_without_seed_or_key_draws_anew():
    x = pa.ones((1000,))
    assert not np.array_equal(_np(pa.dropout(x, 0.5)), _np(pa.dropout(x, 0.5)))


def test_dropout_bad_seeds_and_keys():
    x = pa.ones((3,))
    with pytest.raises(pa.PolyarrayTypeError, match="seed or a key, not both"):
        pa.dropout(x, 0.5, seed=1, key=pa.random.key(1))
    for key in (pa.asarray([1, 2]), pa.asarray([1, 2, 3], dtype=pa.uint32), pa.random.split(pa.random.key(0))):
        with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.dropout.*uint32 array of shape \(2,\)"):
            pa.dropout(x, 0.5, key=key)
    for seed in (1.5, "1", True):
        with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.dropout.*seed"):
            pa.dropout(x, 0.5, seed=seed)
    for seed in (2**64, -(2**63) - 1):
        with pytest.raises(pa.PolyarrayValueError, match=r"pa\.dropout.*seed"):
            pa.dropout(x, 0.5, seed=seed)
    with pytest.raises(pa.PolyarrayTypeError, match="prob"):
        pa.dropout(x, "0.5")


# -- losses --------------------------------------------------------------------------------


@st.composite
def distributions(draw, *, min_dims=1):
    dtype = draw(float_dtypes)
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=3, min_side=1, max_side=4))
    unit = st.floats(0.0, 1.0, width=np.dtype(dtype).itemsize * 8)
    true = draw(hnp.arrays(dtype, shape, elements=unit))
    pred = draw(hnp.arrays(dtype, shape, elements=unit))
    return true, pred


@given(distributions(), st.sampled_from(["none", "sum", "mean"]), st.sampled_from([1e-7, 1e-3]), st.data())
def test_cross_entropy(tp, reduction, epsilon, data):
    true, pred = tp
    axis = data.draw(st.integers(-true.ndim, true.ndim - 1), label="axis")
    low, high = (np.asarray(bound, pred.dtype).astype(np.float64) for bound in (epsilon, 1 - epsilon))
    clipped = np.clip(pred.astype(np.float64), low, high)
    loss = -(true.astype(np.float64) * np.log(clipped)).sum(axis=axis)
    expected = {"none": loss, "sum": loss.sum(), "mean": loss.mean()}[reduction]
    out = pa.cross_entropy(true, pred, axis=axis, epsilon=epsilon, reduction=reduction)
    _check(out, expected, dtype=pred.dtype, rtol=1e-4 if pred.dtype == np.float32 else 1e-10, atol=1e-4)


def test_cross_entropy_details():
    # integer targets are cast to pred's dtype; epsilon keeps log(0) finite
    out = pa.cross_entropy(pa.asarray([[0, 1]]), pa.asarray([[1.0, 0.0]], dtype=pa.float32), reduction="none")
    assert out.dtype == pa.float32
    np.testing.assert_allclose(_np(out), [-math.log(1e-7)], rtol=1e-4)
    out = _np(pa.cross_entropy(np.array([[np.nan, 1.0], [0.0, 1.0]]), np.array([[0.5, 0.5]] * 2), reduction="none"))
    assert np.isnan(out[0]) and out[1] == pytest.approx(math.log(2))


@st.composite
def logits_and_targets(draw):
    dtype = draw(float_dtypes)
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=4))
    width = np.dtype(dtype).itemsize * 8
    true = draw(hnp.arrays(dtype, shape, elements=st.floats(0.0, 1.0, width=width)))
    logits = draw(hnp.arrays(dtype, shape, elements=st.floats(-30.0, 30.0, width=width)))
    pos_weight = draw(st.none() | hnp.arrays(dtype, shape[-1:], elements=st.floats(0.125, 4.0, width=width)))
    return true, logits, pos_weight


def _bce_ref(true, p, pos_weight, epsilon):
    t = true * (1 - epsilon) + 0.5 * epsilon
    w = 1.0 if pos_weight is None else pos_weight
    with np.errstate(divide="ignore"):
        return -(w * t * np.maximum(np.log(p), -100) + (1 - t) * np.maximum(np.log1p(-p), -100))


@given(
    logits_and_targets(),
    st.sampled_from(["none", "sum", "mean"]),
    st.sampled_from([0.0, 0.1]),
    st.sampled_from([None, -1]),
)
def test_binary_cross_entropy_from_logits(inputs, reduction, epsilon, axis):
    true, logits, pos_weight = inputs
    z = logits.astype(np.float64)
    p = np.longdouble(1) / (1 + np.exp(-z.astype(np.longdouble)))
    t = true.astype(np.float64) * (1 - epsilon) + 0.5 * epsilon
    w = 1.0 if pos_weight is None else pos_weight.astype(np.float64)
    loss = (-(w * t * np.log(p) + (1 - t) * np.log1p(-p))).astype(np.float64)
    expected = {"none": loss, "sum": loss.sum(axis=axis), "mean": loss.mean(axis=axis)}[reduction]
    out = pa.binary_cross_entropy(
        true, logits, from_logits=True, epsilon=epsilon, reduction=reduction, pos_weight=pos_weight, axis=axis
    )
    _check(out, expected, dtype=logits.dtype, rtol=1e-4 if logits.dtype == np.float32 else 1e-9, atol=1e-5)


@given(distributions(), st.sampled_from(["none", "sum", "mean"]), st.sampled_from([0.0, 0.2]), st.booleans())
def test_binary_cross_entropy_on_probabilities(tp, reduction, epsilon, weighted):
    true, pred = tp
    pos_weight = np.full(pred.shape[-1:], 2.0, pred.dtype) if weighted else None
    loss = _bce_ref(true.astype(np.float64), pred.astype(np.float64), pos_weight, epsilon)
    expected = {"none": loss, "sum": loss.sum(), "mean": loss.mean()}[reduction]
    with np.errstate(divide="ignore"):
        out = pa.binary_cross_entropy(true, pred, epsilon=epsilon, reduction=reduction, pos_weight=pos_weight)
    _check(out, expected, dtype=pred.dtype, rtol=1e-4 if pred.dtype == np.float32 else 1e-10, atol=1e-4)


def test_binary_cross_entropy_extremes_and_errors():
    true = np.array([0.0, 1.0, 0.0, 1.0, 1.0])
    logits = np.array([1e4, 1e4, -1e4, -1e4, np.nan])
    out = _np(pa.binary_cross_entropy(true, logits, from_logits=True, reduction="none"))
    np.testing.assert_allclose(out[:4], [1e4, 0.0, 0.0, 1e4])
    assert np.isnan(out[4])
    with np.errstate(divide="ignore"):
        probs = _np(pa.binary_cross_entropy(true[:4], np.array([1.0, 1.0, 0.0, 0.0]), reduction="none"))
    np.testing.assert_array_equal(probs, [100.0, 0.0, 0.0, 100.0])
    assert pa.binary_cross_entropy(pa.asarray([1, 0]), pa.asarray([0.5, 0.5], dtype=pa.float32)).dtype == pa.float32
    with pytest.raises(pa.PolyarrayValueError, match="reduction"):
        pa.binary_cross_entropy(true, logits, reduction="average")
    with pytest.raises(pa.PolyarrayValueError, match="reduction"):
        pa.cross_entropy(true, logits, reduction="max")
    with pytest.raises(pa.PolyarrayValueError, match="epsilon"):
        pa.binary_cross_entropy(true, logits, epsilon=1.5)
    with pytest.raises(pa.PolyarrayTypeError, match="floating-point"):
        pa.binary_cross_entropy(true, pa.asarray([0, 1, 0, 1, 1]))


def _lstm_ref(x, h, c, kernel, recurrent_kernel, bias, recurrent_bias):
    def sigmoid(v):
        return 1 / (1 + np.exp(-v))

    hidden = recurrent_kernel.shape[0]
    outputs = []
    for t in range(x.shape[-2]):
        z = x[..., t, :] @ kernel + h @ recurrent_kernel
        if bias is not None:
            z = z + bias
        if recurrent_bias is not None:
            z = z + recurrent_bias
        i, f, g, o = (z[..., k * hidden : (k + 1) * hidden] for k in range(4))
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
        h = sigmoid(o) * np.tanh(c)
        outputs.append(h)
    return np.stack(outputs, axis=-2), h, c


@st.composite
def lstm_inputs(draw):
    dtype = draw(float_dtypes)
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=1, max_side=3))
    steps, n_in, hidden = draw(st.integers(1, 4)), draw(st.integers(1, 3)), draw(st.integers(1, 3))

    def arr(shape):
        return draw(_float_arrays(dtype, bound=2.0, shape=shape))

    return (
        arr((*batch, steps, n_in)),
        arr((*batch, hidden)),
        arr((*batch, hidden)),
        arr((n_in, 4 * hidden)),
        arr((hidden, 4 * hidden)),
        draw(st.none() | st.just((4 * hidden,)).map(arr)),
        draw(st.none() | st.just((4 * hidden,)).map(arr)),
    )


@given(lstm_inputs())
def test_lstm_update(inputs):
    x, h0, c0, kernel, recurrent_kernel, bias, recurrent_bias = inputs
    as64 = [None if v is None else v.astype(np.float64) for v in inputs]
    expected_outputs, expected_h, expected_c = _lstm_ref(*as64)
    outputs, (h, c) = pa.lstm_update(x, h0, c0, kernel, recurrent_kernel, bias=bias, recurrent_bias=recurrent_bias)
    rtol = 1e-4 if x.dtype == np.float32 else 1e-10
    _check(outputs, expected_outputs, dtype=x.dtype, rtol=rtol, atol=1e-5)
    _check(h, expected_h, dtype=x.dtype, rtol=rtol, atol=1e-5)
    _check(c, expected_c, dtype=x.dtype, rtol=rtol, atol=1e-5)


def test_lstm_update_edge_cases_and_errors():
    h0 = c0 = np.full((2, 3), 0.5)
    kernel, recurrent = np.ones((1, 12)), np.ones((3, 12))
    outputs, (h, c) = pa.lstm_update(np.zeros((2, 0, 1)), h0, c0, kernel, recurrent)
    assert _np(outputs).shape == (2, 0, 3)
    np.testing.assert_array_equal(_np(h), h0)
    np.testing.assert_array_equal(_np(c), c0)
    with pytest.raises(pa.PolyarrayValueError, match="4 \\* hidden"):
        pa.lstm_update(np.zeros((2, 1, 1)), h0, c0, np.ones((1, 8)), recurrent)
    with pytest.raises(pa.PolyarrayValueError, match="T, in"):
        pa.lstm_update(np.zeros(1), h0, c0, kernel, recurrent)
    with pytest.raises(pa.PolyarrayTypeError):
        pa.lstm_update(np.zeros((2, 1, 1), dtype=int), h0, c0, kernel, recurrent)


@given(
    float_dtypes.flatmap(lambda dt: _float_arrays(dt, bound=1e3)),
    st.sampled_from([None, 0.5, 1e-3]),
)
def test_stable_divide(x, min_denominator):
    shift = 1e-12 if min_denominator is None else min_denominator
    denominator = np.abs(x[::-1]) if x.ndim else np.abs(x)
    expected = x.astype(np.float64) / (denominator.astype(np.float64) + np.float64(np.asarray(shift, x.dtype)))
    out = pa.stable_divide(x, denominator, min_denominator=min_denominator)
    _check(out, expected, dtype=x.dtype, rtol=RTOL[x.dtype] * 10, atol=1e-40)


def test_stable_divide_scalars_and_integers():
    out = pa.stable_divide(pa.asarray([1.0, 2.0], dtype=pa.float32), 0.0)
    assert out.dtype == pa.float32
    np.testing.assert_allclose(_np(out), [1e12, 2e12], rtol=1e-6)
    out = pa.stable_divide(3.0, pa.asarray([0.0, 1.5], dtype=pa.float32), min_denominator=0.5)
    assert out.dtype == pa.float32
    np.testing.assert_allclose(_np(out), [6.0, 1.5])
    ints = pa.stable_divide(pa.asarray([1, 4]), pa.asarray([0, 2]))
    assert ints.dtype == pa.float64
    np.testing.assert_allclose(_np(ints), [1e12, 2.0])
    assert float(pa.stable_divide(1, 0, min_denominator=0.25)) == 4.0
    np.testing.assert_allclose(_np(pa.stable_divide([1.0, 2.0], [1.0, 0.0], min_denominator=1.0)), [0.5, 2.0])
    out = _np(pa.stable_divide(np.array([np.nan, 1.0]), np.array([1.0, np.nan])))
    assert np.isnan(out).all()
