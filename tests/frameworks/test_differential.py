"""Every declared function, called the same way on every backend, gives NumPy's outcome (tests/differential.py).

Each test draws calls of one function (valid and spoiled ones), makes each call
on NumPy, PyTorch, JAX and TensorFlow, and fails when a backend's value, dtype,
shape or error class differs from the NumPy backend's, other than by a
documented departure. The session's end prints every disagreement with the
shortest call that showed it. ``POLYARRAY_FUZZ_EXAMPLES`` sets the number of
examples per function (6 by default); the examples are the same on every run.
"""

from __future__ import annotations

import pytest
from differential import (
    BACKENDS,
    DEPARTURES,
    DEPARTURES_DOC,
    EXAMPLES,
    FINDINGS,
    Call,
    Outcome,
    Verdict,
    builtin_classes,
    call_strategy,
    check_call,
    compare,
    documented,
    fuzzed_functions,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

FUNCTIONS = fuzzed_functions()

FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_backend_agrees_with_numpy(function):
    @FUZZ
    @given(data=st.data())
    def fuzz(data):
        check_call(data.draw(call_strategy(function), label="call"), BACKENDS)

    fuzz()
    assert FINDINGS.valid[function], f"no drawn call of {function} was valid on NumPy: its recipe draws only errors"
    findings = FINDINGS.of(function)
    assert not findings, "\n".join(
        f"[{f.backend}] {f.kind}: {f.call}\n    numpy: {f.reference}\n    {f.backend}: {f.got}" for f in findings
    )


def test_every_declared_array_function_is_fuzzed():
    declared = {d.qualname for d in DECLARATIONS.values() if d.kind in ("primary", "compositional", "mixed")}
    assert declared <= set(FUNCTIONS)


def test_every_departure_is_documented():
    text = DEPARTURES_DOC.read_text()
    missing = [(d.function, b) for d in DEPARTURES for b in d.backends if not documented(d.function, b, text)]
    assert not missing, f"departures of the fuzzer missing from {DEPARTURES_DOC.name}: {missing}"


def test_the_comparison_catches_each_kind_of_disagreement():
    call = Call("add", (), {})
    one = pa.asarray([1.0, 2.0], backend="torch")
    assert compare(call, "torch", Outcome(result=pa.asarray([1.0, 2.0])), Outcome(result=one)).kind is None
    wrong_value = Outcome(result=pa.asarray([1.0, 2.5], backend="torch"))
    assert compare(call, "torch", Outcome(result=pa.asarray([1.0, 2.0])), wrong_value).kind == "value"
    wrong_dtype = Outcome(result=pa.asarray([1.0, 2.0], dtype=pa.float32, backend="torch"))
    assert compare(call, "torch", Outcome(result=pa.asarray([1.0, 2.0])), wrong_dtype).kind == "dtype"
    value_error, type_error = pa.PolyarrayValueError("v"), pa.PolyarrayTypeError("t")
    assert compare(call, "torch", Outcome(error=value_error), Outcome(error=type_error)).kind == "error class"
    assert compare(call, "torch", Outcome(error=value_error), Outcome(error=ValueError("raw"))).kind == "error class"
    assert compare(call, "torch", Outcome(error=value_error), Outcome(result=one)).kind == "returned only here"
    assert compare(call, "torch", Outcome(result=one), Outcome(error=value_error)).kind == "raised only here"
    unsupported = pa.UnsupportedDtypeError("add", "torch", "uint64")
    assert compare(call, "torch", Outcome(result=one), Outcome(error=unsupported)) == Verdict(None, unsupported=True)
    assert builtin_classes(pa.PolyarrayAxisError("a")) == {"IndexError", "LookupError", "ValueError"}


def test_a_departure_counts_only_where_a_table_row_names_function_and_backend():
    table = "| function | backends | what differs |\n|---|---|---|\n| `pa.dropout` | torch, jax | the mask |\n"
    assert documented("dropout", "jax", table)
    assert not documented("dropout", "tensorflow", table)
    assert not documented("out", "jax", table)
    assert not documented("*", "jax", table)
    assert documented("*", "jax", table + "| `*` | jax | subnormal inputs |\n")
