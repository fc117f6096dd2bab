"""pa.pad, checked against numpy.pad on the NumPy backend: the plugin's native pad and the core's composition."""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

DTYPES = ("bool", "int8", "uint8", "int64", "uint64", "float16", "float32", "float64", "complex128")
MODES = ("constant", "edge", "reflect", "symmetric", "wrap")


def _composed(x, pad_width, mode="constant", **kwargs):
    """The core's composition on the NumPy backend's raw namespace (NumPy's own pad bypassed)."""
    return DECLARATIONS["pad"].composition(pa.get_backend("numpy").raw, x, pad_width, mode, **kwargs)


@st.composite
def widths(draw, ndim):
    """pad_width in each of NumPy's forms: an int, a pair, a 1-tuple, one pair per axis."""
    form = draw(st.sampled_from(["int", "pair", "single", "per axis"]))
    width = st.integers(0, 7)
    if form == "int":
        return draw(width)
    if form == "pair":
        return (draw(width), draw(width))
    if form == "single":
        return (draw(width),)
    return tuple((draw(width), draw(width)) for _ in range(ndim))


@st.composite
def pad_calls(draw):
    dtype = draw(st.sampled_from(DTYPES))
    mode = draw(st.sampled_from(MODES))
    min_side = 0 if mode == "constant" else 1
    x = draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=min_side, max_side=4)))
    kwargs = {}
    if mode == "constant" and draw(st.booleans()):
        value = {"b": st.booleans(), "i": st.integers(-100, 100), "u": st.integers(0, 200)}.get(
            np.dtype(dtype).kind, st.floats(-1e3, 1e3) | st.sampled_from([float("nan"), float("inf")])
        )
        if np.dtype(dtype).kind in "iu" and draw(st.booleans()):
            value = st.floats(0, 100)  # truncated towards zero, as NumPy casts
        per_axis = draw(st.booleans()) and x.ndim
        kwargs["constant_values"] = (
            tuple((draw(value), draw(value)) for _ in range(x.ndim)) if per_axis else draw(value)
        )
    return x, draw(widths(x.ndim)), mode, kwargs


@given(call=pad_calls())
def test_pad_agrees_with_numpy(call):
    x, pad_width, mode, kwargs = call
    try:
        expected = np.pad(x, pad_width, mode, **kwargs)
    except (TypeError, ValueError) as error:  # no widths for a 0-d array given as (): NumPy's TypeError
        for pad in (pa.pad, lambda x, *args, **kwargs: _composed(np.asarray(x), *args, **kwargs)):
            with pytest.raises(type(error)):
                pad(pa.asarray(x), pad_width, mode, **kwargs)
        return
    for got in (pa.to_numpy(pa.pad(pa.asarray(x), pad_width, mode, **kwargs)), _composed(x, pad_width, mode, **kwargs)):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)


def test_widths_beyond_the_axis_continue_the_mirror_or_period():
    x = pa.asarray([1, 2, 3])
    assert pa.to_numpy(pa.pad(x, (5, 0), "reflect")).tolist() == [2, 1, 2, 3, 2, 1, 2, 3]
    assert pa.to_numpy(pa.pad(x, (0, 7), "symmetric")).tolist() == [1, 2, 3, 3, 2, 1, 1, 2, 3, 3]
    assert pa.to_numpy(pa.pad(x, (4, 4), "wrap")).tolist() == [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1]
    assert pa.to_numpy(pa.pad(pa.asarray([7]), 2, "reflect")).tolist() == [7] * 5


def test_corners_take_the_last_axis_constant():
    out = pa.pad(pa.ones((1, 1)), 1, constant_values=((2, 3), (4, 5)))
    assert pa.to_numpy(out).tolist() == [[4, 2, 5], [4, 1, 5], [4, 3, 5]]


def test_special_values_empty_and_zero_dimensional_arrays():
    out = pa.to_numpy(pa.pad(pa.asarray([np.nan, -0.0]), 1, "edge"))
    assert np.isnan(out[:2]).all() and np.signbit(out[2:]).all()
    assert pa.to_numpy(pa.pad(pa.asarray([1.0]), 1, constant_values=np.inf)).tolist() == [np.inf, 1.0, np.inf]
    assert pa.pad(pa.zeros((0, 2)), 1).shape == (2, 4)
    assert pa.pad(pa.zeros((0, 2)), ((0, 0), (1, 1)), "edge").shape == (0, 4)
    scalar = pa.pad(pa.asarray(3.0), 2)
    assert scalar.shape == () and float(scalar) == 3.0


def test_the_result_is_a_new_array():
    x = pa.asarray([1.0, 2.0])
    for out in (pa.pad(x, 0), pa.Array(_composed(pa.to_numpy(x), 0), "numpy")):
        out[0] = 5.0
        assert pa.to_numpy(x).tolist() == [1.0, 2.0]


@pytest.mark.parametrize(
    ("arguments", "error", "match"),
    [
        ((pa.ones((2,)), -1), pa.PolyarrayValueError, "non-negative"),
        ((pa.ones((2,)), 1.5), pa.PolyarrayTypeError, "not integers"),
        ((pa.ones((2,)), True), pa.PolyarrayTypeError, "not integers"),
        ((pa.ones((2,)), "1"), pa.PolyarrayTypeError, "pad_width"),
        ((pa.ones((2,)), ((1, 2), (3, 4))), pa.PolyarrayValueError, "1 dimensions"),
        ((pa.ones((2,)), 1, "mean"), pa.PolyarrayValueError, "NumPy's mode"),
        ((pa.ones((2,)), 1, "foo"), pa.PolyarrayValueError, "mode='foo'"),
        ((pa.zeros((0,)), 1, "edge"), pa.PolyarrayValueError, "empty axis"),
        ((pa.zeros((0,)), 1, "reflect"), pa.PolyarrayValueError, "empty axis"),
        ((pa.ones((2,)), 10**30, "wrap"), pa.PolyarrayValueError, "more than an array holds"),
        ((pa.ones((2, 2)), ((0, 0), (2**62, 2**62))), pa.PolyarrayValueError, "axis 1 9223372036854775810"),
    ],
)
def test_bad_arguments(arguments, error, match):
    with pytest.raises(error, match=rf"pa\.pad.*{match}|{match}.*pa\.pad"):
        pa.pad(*arguments)


@pytest.mark.parametrize(
    ("dtype", "value", "error"),
    [
        (pa.uint8, -1, pa.PolyarrayValueError),
        (pa.int8, 300, pa.PolyarrayValueError),
        (pa.int16, float("nan"), pa.PolyarrayValueError),
        (pa.int16, float("inf"), pa.PolyarrayValueError),
        (pa.float32, 1j, pa.PolyarrayTypeError),
        (pa.float32, "0", pa.PolyarrayTypeError),
        (pa.float32, None, pa.PolyarrayTypeError),
    ],
)
def test_bad_constants(dtype, value, error):
    with pytest.raises(error, match=r"pa\.pad.*constant_values"):
        pa.pad(pa.ones((2,), dtype=dtype), 1, constant_values=value)
    with pytest.raises(error):
        _composed(np.ones(2, dtype=dtype.name), 1, constant_values=value)


def test_a_constant_with_another_mode_is_an_error():
    with pytest.raises(pa.PolyarrayValueError, match="does not use it"):
        pa.pad(pa.ones((2,)), 1, "edge", constant_values=3)


def test_lists_and_methods():
    assert pa.to_numpy(pa.pad([1, 2], 1, "wrap")).tolist() == [2, 1, 2, 1]
    assert pa.asarray([1, 2]).pad((0, 1)).shape == (3,)


def _extension(before, size, after, mode):
    """The indices NumPy 2's pad repeats along an axis of ``size`` (NumPy 1.x pads widths beyond twice the axis
    differently in the symmetric mode): one period of the axis' indices, continued both ways."""
    if mode == "edge":
        return [min(max(i, 0), size - 1) for i in range(-before, size + after)]
    ahead = list(range(size))
    period = {"wrap": ahead, "symmetric": ahead + ahead[::-1], "reflect": ahead + ahead[-2:0:-1]}[mode]
    return [period[i % len(period)] for i in range(-before, size + after)]


@pytest.mark.parametrize("mode", ("edge", "reflect", "symmetric", "wrap"))
def test_the_composition_computes_the_indices_on_every_backend(polyarray_backend, mode):
    # The composition (torch's pad for these modes) computes the indices it takes with the backend's arange and
    # remainder: widths far beyond the axis cost an index array, not a Python list as long as the padded axis.
    raw = pa.get_backend(polyarray_backend).raw
    for size in (1, 2, 3, 5):
        x = np.arange(2 * size, dtype=np.float32).reshape(2, size)
        for before, after in ((0, 1), (1, 0), (2, 3), (7, 11), (13, 2)):
            composed = DECLARATIONS["pad"].composition(raw, raw.asarray(x), ((0, 0), (before, after)), mode)
            expected = x[:, _extension(before, size, after, mode)]
            assert np.array_equal(pa.to_numpy(composed), expected), (size, before, after)
    short = np.arange(3, dtype=np.float32)
    long = DECLARATIONS["pad"].composition(raw, raw.asarray(short), (10**6, 0), mode)
    assert np.array_equal(pa.to_numpy(long), short[_extension(10**6, 3, 0, mode)])


def test_the_extension_is_numpys_where_numpy_pads_widths_beyond_the_axis_as_its_mirror():
    x = np.arange(3)
    for mode in ("edge", "reflect", "symmetric", "wrap"):
        for before, after in ((2, 1), (4, 5)):  # within twice the axis: NumPy 1.x and 2.x agree
            assert x[_extension(before, 3, after, mode)].tolist() == np.pad(x, (before, after), mode=mode).tolist()
