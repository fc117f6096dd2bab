"""pa.diag, checked against numpy.diag on the NumPy backend: the plugin's native one and the core's composition."""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

DTYPES = ("bool", "int8", "uint16", "int64", "uint64", "float16", "float32", "float64", "complex64", "complex128")


def _composed(x, k):
    """The core's composition on the NumPy backend's raw namespace (the backend that lacks a native diag)."""
    return DECLARATIONS["diag"].composition(pa.get_backend("numpy").raw, x, k=k)


@given(
    x=st.sampled_from(DTYPES).flatmap(
        lambda dtype: hnp.arrays(dtype, hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=4))
    ),
    k=st.integers(-5, 5),
)
def test_diag_agrees_with_numpy(x, k):
    expected = np.diag(x, k)
    for got in (pa.to_numpy(pa.diag(pa.asarray(x), k=k)), _composed(x, k)):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)


def test_special_values_and_empty_input():
    x = pa.asarray([np.nan, -np.inf, -0.0])
    matrix = pa.to_numpy(pa.diag(x))
    assert np.isnan(matrix[0, 0]) and matrix[1, 1] == -np.inf and np.signbit(matrix[2, 2])
    assert (matrix[~np.eye(3, dtype=bool)] == 0).all()
    assert pa.diag(pa.zeros((0,)), k=2).shape == (2, 2)
    assert pa.diag(pa.zeros((0, 3))).shape == (0,)
    assert pa.diag(pa.ones((2, 3)), k=5).shape == (0,)
    assert pa.to_numpy(pa.diag(pa.asarray([True]), k=-1)).tolist() == [[False, False], [True, False]]


def test_the_diagonal_of_a_matrix_is_a_new_array():
    x = pa.asarray([[1.0, 2.0], [3.0, 4.0]])
    d = pa.diag(x)
    d[0] = 10.0
    assert pa.to_numpy(x)[0, 0] == 1.0 and pa.to_numpy(d).tolist() == [10.0, 4.0]


def test_lists_and_methods():
    assert pa.to_numpy(pa.diag([[1, 2], [3, 4]], k=1)).tolist() == [2]
    assert pa.asarray([1, 2]).diag().shape == (2, 2)


@pytest.mark.parametrize("shape", [(), (2, 2, 2), (0, 1, 1)])
def test_other_dimensions_are_an_error(shape):
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.diag.*1-d .* 2-d"):
        pa.diag(pa.zeros(shape))


@pytest.mark.parametrize("k", [1.0, "1", None, True])
def test_k_is_an_int(k):
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.diag"):
        pa.diag(pa.ones((2,)), k=k)
