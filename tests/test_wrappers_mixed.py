"""handle_partial_mixed_function: a native implementation used only where its partial_mixed_handler accepts the call."""

from __future__ import annotations

import numpy as np
import pytest
from test_wrappers_views import numpy_plugin

import polyarray as pa
from polyarray._wrappers import _FACTORIES
from polyarray._wrappers.mixed import inner_wrappers

CALLS: list[str] = []


def linear(x, weight, /, *, bias=None):
    CALLS.append("native")
    y = np.matmul(x, np.swapaxes(weight, -1, -2))
    return y if bias is None else y + bias


linear.partial_mixed_handler = lambda x, weight, /, **kwargs: weight.ndim == 2


def _reference(x, weight, bias=None):
    y = np.matmul(x, np.swapaxes(weight, -1, -2))
    return y if bias is None else y + bias


@pytest.fixture
def partial():
    """A backend whose native ``linear`` takes only 2-d weights."""
    CALLS.clear()
    pa.register_backend("partiallinear", numpy_plugin(linear=linear))
    yield pa.get_backend("partiallinear")
    pa.unregister_backend("partiallinear")


def test_the_native_implementation_runs_where_its_handler_says_so(partial):
    x = np.arange(6.0).reshape(3, 2)
    weight = np.array([[1.0, 0.0], [1.0, 1.0]])
    result = partial.linear(x, weight, bias=np.ones(2))
    assert CALLS == ["native"]
    np.testing.assert_array_equal(pa.to_numpy(result), _reference(x, weight, np.ones(2)))


def test_the_composition_runs_elsewhere(partial):
    x = np.arange(12.0).reshape(2, 3, 2)
    weights = np.stack([np.eye(2), 2 * np.eye(2)])  # a batch of weights: 3-d
    result = partial.linear(x, weights)
    assert CALLS == []
    np.testing.assert_array_equal(pa.to_numpy(result), _reference(x, weights))


def test_the_raw_namespace_chooses_the_same_way(partial):
    assert "linear" in partial.partial_mixed and "linear" in partial.native
    partial.raw.linear(np.ones((1, 2)), np.ones((3, 2)))
    assert CALLS == ["native"]
    partial.raw.linear(np.ones((1, 2)), np.ones((1, 3, 2)))
    assert CALLS == ["native"]


def test_dispatch_through_pa_uses_the_wrapped_choice(partial):
    x = pa.asarray(np.ones((1, 2)), backend="partiallinear")
    pa.linear(x, np.ones((4, 2)))
    pa.linear(x, np.ones((2, 4, 2)))
    assert CALLS == ["native"]


def test_a_native_implementation_without_handler_is_not_wrapped_by_the_choice():
    def full_linear(x, weight, /, *, bias=None):
        CALLS.append("full")
        return _reference(x, weight, bias)

    CALLS.clear()
    pa.register_backend("fulllinear", numpy_plugin(linear=full_linear))
    try:
        backend = pa.get_backend("fulllinear")
        assert "linear" not in backend.partial_mixed
        backend.linear(np.ones((1, 2)), np.ones((1, 3, 2)))
        assert CALLS == ["full"]
    finally:
        pa.unregister_backend("fulllinear")


def test_mixed_backend_wrappers_adjust_the_native_path_only(monkeypatch):
    """to_add and to_skip change the native implementation's wrappers; the composition keeps its own."""
    seen: list[str] = []

    def recording(function, decl, backend):
        def recorded(*args, **kwargs):
            seen.append("added")
            return function(*args, **kwargs)

        return recorded

    decl = pa.linear.declaration
    assert "handle_nans" in decl.wrappers
    plugin = numpy_plugin(linear=linear)  # builds the NumPy backend, if needed, with the real factories
    monkeypatch.setitem(_FACTORIES, "handle_nan_matrices", recording)
    monkeypatch.setattr(
        decl, "mixed_backend_wrappers", {"to_add": ("handle_nan_matrices",), "to_skip": ("handle_nans",)}
    )
    CALLS.clear()
    pa.register_backend("adjustedlinear", plugin)
    try:
        backend = pa.get_backend("adjustedlinear")
        pa.set_nan_policy("raise_exception")
        nan_x = np.array([[np.nan, 1.0]])
        backend.linear(nan_x, np.ones((3, 2)))  # native: handle_nans skipped, handle_nan_matrices added
        assert CALLS == ["native"] and seen == ["added"]
        with pytest.raises(pa.PolyarrayValueError, match="NaN"):
            backend.linear(nan_x, np.ones((1, 3, 2)))  # the composition keeps handle_nans
        assert seen == ["added"]
    finally:
        pa.set_nan_policy("nothing")
        pa.unregister_backend("adjustedlinear")


def test_inner_wrappers_are_those_after_the_choice_in_the_order():
    names = ("handle_exceptions", "to_native_arrays_and_back", "handle_nans", "handle_out_argument")
    assert inner_wrappers(names) == ("handle_exceptions", "handle_nans")
