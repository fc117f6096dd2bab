"""pa.top_k on the NumPy backend, against a reference written from Python's sort.

The reference orders each slice by (NaN last or first, value, index) with
Python's ``sorted``: ties go to the lower index, ``-0.0`` equals ``0.0``, and
NaN is larger than every number, as pa.top_k documents.
"""

from __future__ import annotations

import math

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa

DTYPES = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64")


def _order(values: list, largest: bool) -> list[int]:
    def key(i):
        value = values[i]
        nan = isinstance(value, float) and math.isnan(value)
        if largest:
            return (0 if nan else 1, 0 if nan else -value, i)
        return (1 if nan else 0, 0 if nan else value, i)

    return sorted(range(len(values)), key=key)


def reference(x: np.ndarray, k: int, axis: int, largest: bool) -> tuple[np.ndarray, np.ndarray]:
    moved = np.moveaxis(x, axis, -1)
    rows = moved.reshape(math.prod(moved.shape[:-1]), moved.shape[-1])
    indices = np.array([_order(row.tolist(), largest)[:k] for row in rows], dtype=np.int64)
    indices = indices.reshape((*moved.shape[:-1], k))
    values = np.take_along_axis(moved, indices, axis=-1)
    return np.moveaxis(values, -1, axis), np.moveaxis(indices, -1, axis)


@st.composite
def top_k_calls(draw):
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    few = st.sampled_from([0, 1, 2]) if dtype.kind in "iu" else None
    if dtype.kind == "f" and draw(st.booleans()):
        few = st.sampled_from([0.0, -0.0, 1.0, np.nan, -np.inf])
    x = draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5), elements=few))
    axis = draw(st.integers(-x.ndim, x.ndim - 1))
    k = draw(st.integers(0, x.shape[axis]))
    return x, k, axis, draw(st.booleans())


@given(call=top_k_calls())
def test_top_k_agrees_with_the_reference(call):
    x, k, axis, largest = call
    values, indices = pa.top_k(pa.asarray(x), k, axis=axis, largest=largest)
    want_values, want_indices = reference(x, k, axis, largest)
    assert values.dtype == pa.asarray(x).dtype and indices.dtype == pa.int64
    np.testing.assert_array_equal(pa.to_numpy(indices), want_indices)
    np.testing.assert_array_equal(pa.to_numpy(values), want_values)
    if x.dtype.kind == "f":  # -0.0 comes back as -0.0
        np.testing.assert_array_equal(np.signbit(pa.to_numpy(values)), np.signbit(want_values))


def test_the_documented_order():
    x = pa.asarray([1.0, np.nan, 3.0, 3.0, -0.0, 0.0, np.nan, -np.inf])
    largest = pa.top_k(x, 8)
    assert pa.to_numpy(largest.indices).tolist() == [1, 6, 2, 3, 0, 4, 5, 7]
    smallest = pa.top_k(x, 8, largest=False)
    assert pa.to_numpy(smallest.indices).tolist() == [7, 4, 5, 0, 2, 3, 1, 6]
    assert np.signbit(pa.to_numpy(smallest.values)[1])


def test_result_is_a_named_tuple_and_works_on_any_axis():
    x = pa.reshape(pa.arange(12), (3, 4))
    result = pa.top_k(x, 2, axis=0)
    assert type(result).__name__ == "TopKResult" and result._fields == ("values", "indices")
    assert pa.to_numpy(result.values).tolist() == [[8, 9, 10, 11], [4, 5, 6, 7]]
    assert pa.to_numpy(result.indices).tolist() == [[2, 2, 2, 2], [1, 1, 1, 1]]
    assert pa.top_k(pa.zeros((2, 0)), 0).values.shape == (2, 0)
    assert x.top_k(1).indices.shape == (3, 1)


@pytest.mark.parametrize("k", [-1, 4])
def test_k_outside_the_axis_is_an_error(k):
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.top_k.*k="):
        pa.top_k(pa.ones((3,)), k)


def test_bad_input():
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.top_k"):
        pa.top_k(pa.ones((3,)), 1.0)
    with pytest.raises(pa.PolyarrayTypeError, match="complex"):
        pa.top_k(pa.asarray([1j, 2j]), 1)
    with pytest.raises(IndexError, match=r"dimension 0|0-d"):
        pa.top_k(pa.asarray(1.0), 0)
    with pytest.raises(pa.PolyarrayAxisError):
        pa.top_k(pa.ones((3,)), 1, axis=1)
