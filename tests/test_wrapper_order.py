"""The pipeline applies the wrappers a declaration names in WRAPPER_ORDER, outermost first."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import Declaration
from polyarray._wrappers import (
    _FACTORIES,
    COMBINED_WRAPPERS,
    WRAPPER_ORDER,
    apply_wrappers,
    check_wrapper_names,
    ordered_wrappers,
)


def _probe(x):
    return x


PROBE = Declaration(
    name="probe",
    namespace="",
    kind="primary",
    function=_probe,
    signature=inspect.signature(_probe),
    wrappers=(),
)


def _recorders(calls: list[str]) -> dict:
    """A factory per wrapper name that records, per call, that its wrapper ran."""

    def recorder(name):
        def factory(function, decl, backend):
            def recorded(*args, **kwargs):
                calls.append(name)
                return function(*args, **kwargs)

            return recorded

        return factory

    return {name: recorder(name) for name in WRAPPER_ORDER}


@pytest.fixture
def calls(monkeypatch):
    """Recording factories in place of the real ones, for this test only.

    The NumPy backend is built first: one built while they are in place would keep them.
    """
    pa.get_backend("numpy")
    recorded: list[str] = []
    for name, factory in _recorders(recorded).items():
        monkeypatch.setitem(_FACTORIES, name, factory)
    return recorded


def test_every_wrapper_runs_in_wrapper_order(calls):
    function = apply_wrappers(_probe, PROBE, None, reversed(WRAPPER_ORDER))
    assert function(3) == 3
    assert calls == list(WRAPPER_ORDER)


@given(st.permutations(WRAPPER_ORDER).flatmap(lambda names: st.integers(0, len(names)).map(lambda n: names[:n])))
def test_any_subset_in_any_order_runs_in_wrapper_order(names):
    recorded: list[str] = []
    saved = dict(_FACTORIES)
    _FACTORIES.update(_recorders(recorded))
    try:
        apply_wrappers(_probe, PROBE, None, names)(1)
    finally:
        _FACTORIES.clear()
        _FACTORIES.update(saved)
    assert recorded == [name for name in WRAPPER_ORDER if name in names]


def test_to_native_arrays_and_back_expands_to_the_two_conversion_wrappers(calls):
    assert COMBINED_WRAPPERS["to_native_arrays_and_back"] == ("inputs_to_native_arrays", "outputs_to_polyarray_arrays")
    assert ordered_wrappers(["to_native_arrays_and_back"]) == ("outputs_to_polyarray_arrays", "inputs_to_native_arrays")
    apply_wrappers(_probe, PROBE, None, ["handle_nans", "to_native_arrays_and_back", "handle_exceptions"])(0)
    assert calls == ["outputs_to_polyarray_arrays", "inputs_to_native_arrays", "handle_exceptions", "handle_nans"]


def test_a_real_declarations_chain_follows_the_order(calls):
    decl = pa.add.declaration
    backend = pa.get_backend("numpy")
    apply_wrappers(backend.raw.add, decl, backend, decl.wrappers)(1.0, 2.0)
    assert calls == list(ordered_wrappers(decl.wrappers))
    assert {"handle_out_argument", "handle_nans", "inputs_to_native_arrays"} <= set(calls)


def test_unknown_wrapper_names_are_refused():
    with pytest.raises(pa.PolyarrayTypeError, match="'handle_everything'"):
        check_wrapper_names(["handle_exceptions", "handle_everything"], "probe")
