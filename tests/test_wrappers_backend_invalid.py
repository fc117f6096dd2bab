"""handle_backend_invalid: arrays of another backend are refused, or converted when dynamic_backend allows it."""

from __future__ import annotations

import numpy as np
import pytest
from test_wrappers_views import Frozen, frozen, frozen_array, numpy_plugin  # noqa: F401

import polyarray as pa
from polyarray._wrappers.backend_invalid import BackendMismatchError, handle_backend_invalid


@pytest.fixture(autouse=True)
def _arrays_not_dynamic():
    """New arrays are dynamic by default (and then converted): these tests make arrays that are not."""
    with pa.dynamic_backend_as(False):
        yield


def test_by_default_an_array_of_another_backend_is_converted_for_the_call(frozen):  # noqa: F811
    with pa.dynamic_backend_as(True):
        other = frozen_array([1.0, 2.0])
    assert other.dynamic_backend
    result = pa.add(pa.asarray(np.ones(2)), other)
    assert result.backend.name == "numpy" and other.backend.name == "frozen"
    np.testing.assert_array_equal(pa.to_numpy(result), [2.0, 3.0])


def test_an_array_of_another_backend_is_refused_naming_both(frozen):  # noqa: F811
    x = pa.asarray(np.ones(2))
    other = frozen_array([1.0, 2.0])
    with pytest.raises(BackendMismatchError) as info:
        pa.add(x, other)
    message = str(info.value)
    assert "runs on the numpy backend" in message and "of the frozen backend" in message
    assert "pa.asarray(pa.to_numpy(x), backend='numpy')" in message
    assert isinstance(info.value, pa.PolyarrayTypeError)
    with pytest.raises(BackendMismatchError, match=r"runs on the frozen backend .* of the numpy backend"):
        pa.multiply(other, np.ones(2))


def test_sequences_and_keyword_arguments_are_looked_at(frozen):  # noqa: F811
    with pytest.raises(BackendMismatchError, match=r"pa\.concat"):
        pa.concat([pa.asarray(np.ones(1)), frozen_array([1.0])])
    with pytest.raises(BackendMismatchError, match=r"pa\.clip"):
        pa.clip(np.ones(2), max=Frozen([1.0, 1.0]))


def test_arrays_of_the_backend_scalars_and_numpy_scalars_pass(frozen):  # noqa: F811
    x = frozen_array([1.0, 2.0])
    np.testing.assert_array_equal(pa.to_numpy(pa.add(x, np.float64(1.0))), [2.0, 3.0])
    np.testing.assert_array_equal(pa.to_numpy(pa.add(x, 1)), [2.0, 3.0])
    np.testing.assert_array_equal(pa.to_numpy(pa.add(np.ones(2), np.ones(2))), [2.0, 2.0])


def test_array_parameters_only(frozen):  # noqa: F811
    # reshape's shape is no array parameter: a tuple passes whatever it holds.
    assert pa.reshape(pa.asarray(np.ones(4)), (2, 2)).shape == (2, 2)


def _sees_arrays(decl, backend):
    """The wrapper around a function that returns what it received: as where it runs outside the conversion."""
    return handle_backend_invalid(lambda *args, **kwargs: (args, kwargs), decl, backend)


def test_a_dynamic_array_of_another_backend_is_converted_for_the_call(frozen):  # noqa: F811
    check = _sees_arrays(pa.add.declaration, pa.get_backend("numpy"))
    other = frozen_array(np.array([1, 2], dtype=np.int32))
    other.dynamic_backend = True
    (first, second), _ = check(other, pa.asarray(np.ones(2)))
    # A new array for this call (not itself dynamic); the argument stays where it was.
    assert type(first) is pa.Array and first.backend.name == "numpy" and not first.dynamic_backend
    assert other.backend.name == "frozen" and type(other.data) is Frozen
    other.dynamic_backend = False
    assert type(first.data) is np.ndarray and first.data.dtype == np.int32
    np.testing.assert_array_equal(first.data, [1, 2])
    assert second.backend.name == "numpy"


def test_a_non_dynamic_array_of_another_backend_is_refused_where_arrays_are_seen(frozen):  # noqa: F811
    check = _sees_arrays(pa.exp.declaration, pa.get_backend("numpy"))
    with pytest.raises(BackendMismatchError, match=r"given a pa\.Array of the frozen backend"):
        check(frozen_array([1.0]))
    same = pa.asarray(np.ones(1))
    assert check(same)[0][0] is same


def test_a_backend_without_declared_native_types_checks_nothing():
    pa.register_backend("typeless", numpy_plugin())
    try:
        backend = pa.get_backend("typeless")
        backend.native_array_types = ()

        def probe(*args):
            return args

        assert handle_backend_invalid(probe, pa.add.declaration, backend) is probe
    finally:
        pa.unregister_backend("typeless")
