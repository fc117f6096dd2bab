"""pa.isclose and pa.allclose, checked against NumPy's on the NumPy backend.

Both the NumPy plugin's native ``isclose`` and the core's composition (which
every backend runs where its framework has no ``isclose`` for the call) are
compared with ``numpy.isclose`` on every dtype, with NaN, infinities, signed
zeros, 0-d and empty arrays.
"""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

DTYPES = (
    "bool",
    "int8",
    "int16",
    "int64",
    "uint8",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
TOLERANCES = st.sampled_from([(1e-05, 1e-08), (0.0, 0.0), (1e-3, 0.5), (0.1, 0)])


@st.composite
def close_pairs(draw, dtypes=DTYPES):
    """Two arrays of one dtype and broadcastable shapes, whose values are often near one another."""
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3)).input_shapes
    first = draw(hnp.arrays(dtype, shapes[0]))
    second = draw(hnp.arrays(dtype, shapes[1]))
    if dtype.kind in "fc" and draw(st.booleans()):
        # A copy of the first operand scaled by a relative step around the default tolerance.
        step = draw(st.sampled_from([0.0, 1e-9, 5e-6, 2e-5, 1e-3]))
        with np.errstate(all="ignore"):
            second = (first * dtype.type(1 + step)).astype(dtype)
    return first, second


def _composed(x1, x2, **kwargs):
    """The core's composition on the NumPy backend's raw namespace (NumPy's own isclose bypassed)."""
    return DECLARATIONS["isclose"].composition(pa.get_backend("numpy").raw, x1, x2, **kwargs)


@given(pair=close_pairs(), tolerances=TOLERANCES, equal_nan=st.booleans())
def test_isclose_and_allclose_agree_with_numpy(pair, tolerances, equal_nan):
    x1, x2 = pair
    rtol, atol = tolerances
    options = {"rtol": rtol, "atol": atol, "equal_nan": equal_nan}
    expected = np.isclose(x1, x2, **options)
    got = pa.isclose(pa.asarray(x1), pa.asarray(x2), **options)
    assert got.dtype == pa.bool and got.shape == np.shape(expected)
    np.testing.assert_array_equal(pa.to_numpy(got), expected)
    np.testing.assert_array_equal(_composed(x1, x2, **options), expected)
    everything = pa.allclose(pa.asarray(x1), pa.asarray(x2), **options)
    assert everything.shape == () and everything.dtype == pa.bool
    assert bool(everything) is np.allclose(x1, x2, **options)


def test_special_values():
    x1 = pa.asarray([np.inf, -np.inf, np.inf, np.nan, 0.0, -0.0, 1e308, 1.0])
    x2 = pa.asarray([np.inf, -np.inf, -np.inf, np.nan, -0.0, 0.0, -1e308, np.inf])
    expected = [True, True, False, False, True, True, False, False]
    assert pa.to_numpy(pa.isclose(x1, x2)).tolist() == expected
    assert pa.to_numpy(pa.isclose(x1, x2, equal_nan=True)).tolist() == [*expected[:3], True, *expected[4:]]
    # Not symmetric: the relative tolerance scales with |x2|.
    assert bool(pa.isclose(pa.asarray(1.0), 1.1, rtol=0.095, atol=0.0))
    assert not bool(pa.isclose(pa.asarray(1.1), 1.0, rtol=0.095, atol=0.0))


def test_complex_numbers_compare_by_the_modulus_of_the_difference():
    x1 = pa.asarray([1 + 1j, complex(np.inf, 0), complex(np.nan, 1)])
    x2 = pa.asarray([1 + 1.000001j, complex(np.inf, 0), complex(np.nan, 1)])
    assert pa.to_numpy(pa.isclose(x1, x2)).tolist() == [True, True, False]
    assert pa.to_numpy(pa.isclose(x1, x2, equal_nan=True)).tolist() == [True, True, True]


def test_promotion_scalars_and_integers():
    ints = pa.asarray([127, -128], dtype=pa.int8)
    # Compared as floats: |127 - -128| does not wrap around to a small number.
    assert not bool(pa.isclose(ints, pa.asarray([-128, 127], dtype=pa.int8), atol=2.0).any())
    assert pa.to_numpy(pa.isclose(pa.asarray([1, 2]), 2)).tolist() == [False, True]
    assert pa.to_numpy(pa.isclose(2.0, pa.asarray([1.0, 2.0], dtype=pa.float32))).tolist() == [False, True]
    mixed = pa.isclose(pa.asarray([1.0, 2.0], dtype=pa.float32), pa.asarray([1, 3], dtype=pa.int16))
    assert pa.to_numpy(mixed).tolist() == [True, False]
    assert bool(pa.allclose(pa.asarray([True, False]), pa.asarray([1.0, 0.0])))


def test_empty_and_zero_dimensional_arrays():
    empty = pa.isclose(pa.zeros((0, 3)), pa.zeros((3,)))
    assert empty.shape == (0, 3) and empty.dtype == pa.bool
    assert bool(pa.allclose(pa.zeros((0,)), pa.ones((0,))))
    assert pa.isclose(pa.asarray(1.0), pa.asarray(1.0)).shape == ()


def test_methods_and_keywords():
    x = pa.asarray([1.0, 2.0])
    assert pa.to_numpy(x.isclose(pa.asarray([1.0, 2.5]), atol=0.6)).tolist() == [True, True]


@pytest.mark.parametrize("function", [pa.isclose, pa.allclose])
def test_bad_input(function):
    x = pa.asarray([1.0, 2.0])
    with pytest.raises(pa.PolyarrayTypeError, match=f"pa.{function.__name__}.*rtol"):
        function(x, x, rtol="0.1")
    with pytest.raises(pa.PolyarrayTypeError, match="atol"):
        function(x, x, atol=None)
    with pytest.raises(pa.PolyarrayTypeError):
        function(x, x, atol=1j)
    with pytest.raises(ValueError, match=f"pa.{function.__name__}"):
        function(x, pa.ones((3,)))
    with pytest.raises(TypeError):
        function(x, "abc")
