"""handle_array_like_without_promotion: lists, tuples and Python scalars where arrays go, on every backend."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_wrappers_views import RECEIVED, Frozen, frozen, frozen_array  # noqa: F401

import polyarray as pa
from polyarray._wrappers.array_like import handle_array_like_without_promotion


def _received(name: str) -> tuple[type, ...]:
    return next(types for function, types in reversed(RECEIVED) if function == name)


def test_numpy_takes_array_likes_itself_so_the_wrapper_costs_nothing():
    backend = pa.get_backend("numpy")

    def probe(*args):
        return args

    assert backend.accepts_array_likes
    assert handle_array_like_without_promotion(probe, pa.exp.declaration, backend) is probe
    np.testing.assert_array_equal(pa.to_numpy(pa.exp([0.0, 1.0], backend="numpy")), np.exp([0.0, 1.0]))


def test_lists_and_tuples_become_native_arrays(frozen):  # noqa: F811
    result = frozen.exp([0.0, 1.0])
    assert _received("exp") == (Frozen,)
    np.testing.assert_array_equal(pa.to_numpy(result), np.exp([0.0, 1.0]))
    result = frozen.matmul(((1.0, 2.0), (3.0, 4.0)), [1.0, 1.0])
    assert _received("matmul") == (Frozen, Frozen)
    np.testing.assert_array_equal(pa.to_numpy(result), [3.0, 7.0])


def test_each_item_of_a_sequence_of_arrays_is_converted(frozen):  # noqa: F811
    result = frozen.concat([[1, 2], frozen_array([3])])
    np.testing.assert_array_equal(pa.to_numpy(result), [1, 2, 3])
    assert result.dtype == pa.int64


def test_a_scalar_is_converted_only_where_the_parameter_takes_no_scalars(frozen):  # noqa: F811
    frozen.exp(1.0)
    assert _received("exp") == (Frozen,)
    x = frozen_array(np.array([0.0, 1.0], dtype=np.float32))
    result = frozen.clip(x, 0.5)
    assert _received("clip") == (Frozen, float)
    assert result.dtype == pa.float32
    np.testing.assert_array_equal(pa.to_numpy(result), [0.5, 1.0])
    assert frozen.add(x, 2.5).dtype == pa.float32  # no promotion to float64 through asarray(2.5)


def test_keyword_arguments_are_converted(frozen):  # noqa: F811
    result = frozen.linear(frozen_array([[1.0, 2.0]]), [[1.0, 0.0]], bias=[0.5])
    np.testing.assert_array_equal(pa.to_numpy(result), [[1.5]])


def test_asarray_defaults_decide_the_dtype(frozen):  # noqa: F811
    assert frozen.negative([1, 2]).dtype == pa.int64
    assert frozen.logical_not([True, False]).dtype == pa.bool
    assert frozen.abs([1.5, -2.0]).dtype == pa.float64
    assert frozen.negative([1 + 1j]).dtype == pa.complex128


@given(st.lists(st.floats(allow_nan=False, width=64), min_size=0, max_size=6))
def test_lists_of_floats_give_numpys_results(frozen, items):  # noqa: F811
    with np.errstate(all="ignore"):
        expected = np.square(np.asarray(items, dtype=np.float64))
        got = pa.to_numpy(frozen.square(items))
    np.testing.assert_array_equal(got, expected)


def test_other_arguments_are_left_alone(frozen):  # noqa: F811
    result = frozen.reshape([1, 2, 3, 4], (2, 2))
    assert _received("reshape") == (Frozen, tuple)
    assert result.shape == (2, 2)


def test_a_bad_array_like_fails_in_asarray_with_a_polyarray_error(frozen):  # noqa: F811
    with pytest.raises(pa.PolyarrayError):
        frozen.exp([[1.0], [2.0, 3.0]])
