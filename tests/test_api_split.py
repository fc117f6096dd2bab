"""pa.split, checked against numpy.split on the NumPy backend: the plugin's native one and the core's composition."""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS


def _composed(x, indices_or_sections, axis=0):
    """The core's composition on the NumPy backend's raw namespace (NumPy's own split bypassed)."""
    return DECLARATIONS["split"].composition(pa.get_backend("numpy").raw, x, indices_or_sections, axis=axis)


@st.composite
def split_calls(draw):
    x = draw(hnp.arrays(np.int16, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=6)))
    axis = draw(st.integers(-x.ndim, x.ndim - 1))
    length = x.shape[axis]
    if draw(st.booleans()):
        divisors = [n for n in range(1, 7) if length % n == 0]
        return x, draw(st.sampled_from(divisors)), axis
    return x, draw(st.lists(st.integers(-length - 2, length + 2), max_size=4)), axis


@given(call=split_calls())
def test_split_agrees_with_numpy(call):
    x, indices_or_sections, axis = call
    expected = np.split(x, indices_or_sections, axis=axis)
    for got in (pa.split(pa.asarray(x), indices_or_sections, axis=axis), _composed(x, indices_or_sections, axis)):
        assert type(got) is list and len(got) == len(expected)
        for piece, want in zip(got, expected):
            piece = pa.to_numpy(pa.asarray(piece))
            assert piece.dtype == want.dtype and piece.shape == want.shape
            np.testing.assert_array_equal(piece, want)


def test_split_points_as_python_slices():
    x = pa.arange(10)
    pieces = [pa.to_numpy(p).tolist() for p in pa.split(x, [3, -2, 20])]
    assert pieces == [[0, 1, 2], [3, 4, 5, 6, 7], [8, 9], []]
    assert [p.shape for p in pa.split(x, [5, 3])] == [(5,), (0,), (7,)]
    assert [p.shape for p in pa.split(x, [])] == [(10,)]
    assert [p.shape for p in pa.split(pa.zeros((0, 2)), 3)] == [(0, 2)] * 3


def test_every_dtype_and_special_values_are_kept():
    x = pa.asarray([np.nan, -0.0, np.inf, 1.0], dtype=pa.float32)
    first, second = pa.split(x, 2)
    assert first.dtype == pa.float32 and np.isnan(pa.to_numpy(first)[0]) and np.signbit(pa.to_numpy(first)[1])
    assert pa.to_numpy(second).tolist() == [np.inf, 1.0]
    assert [p.dtype for p in pa.split(pa.asarray([True, False]), 2)] == [pa.bool, pa.bool]


def test_random_split_is_another_function():
    assert pa.random.split is not pa.split
    assert pa.random.split(pa.random.key(0)).shape == (2, 2)
    assert pa.asarray([1, 2]).split(2)[1].shape == (1,)


@pytest.mark.parametrize(
    ("arguments", "error", "match"),
    [
        ((pa.arange(5), 2), pa.PolyarrayValueError, "equal sections"),
        ((pa.arange(5), 0), pa.PolyarrayValueError, "at least 1"),
        ((pa.arange(5), -1), pa.PolyarrayValueError, "at least 1"),
        ((pa.asarray(1.0), 1), IndexError, "0-d"),
        ((pa.arange(5), 2.0), pa.PolyarrayTypeError, "float"),
        ((pa.arange(5), [1.5]), pa.PolyarrayTypeError, "float"),
        ((pa.arange(5), "2"), pa.PolyarrayTypeError, "str"),
    ],
)
def test_bad_arguments(arguments, error, match):
    with pytest.raises(error, match=match):
        pa.split(*arguments)


def test_axis_out_of_range():
    with pytest.raises(pa.PolyarrayAxisError):
        pa.split(pa.ones((2, 2)), 2, axis=2)
