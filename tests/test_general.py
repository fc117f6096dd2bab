"""pa.exists, pa.default, pa.cache_fn and pa.shape."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

values = st.none() | st.integers() | st.text(max_size=3) | st.booleans() | st.floats(allow_nan=False)


@given(x=values)
def test_exists_is_not_none(x):
    assert pa.exists(x) is (x is not None)


@given(x=values, fallback=values, rev=st.booleans())
def test_default_returns_the_first_value_that_exists(x, fallback, rev):
    first, second = (fallback, x) if rev else (x, fallback)
    assert pa.default(x, fallback, rev=rev) is (first if first is not None else second)


def test_default_with_callables():
    x = pa.asarray([1.0])
    assert pa.default(None, x) is x
    assert pa.default(x, pa.asarray([2.0])) is x  # an array exists, whatever its values
    calls = []

    def make(value):
        def produce():
            calls.append(value)
            return value

        return produce

    assert pa.default(make(None), make("second"), with_callable=True) == "second"
    assert calls == [None, "second"]
    calls.clear()
    assert pa.default(make("first"), make("second"), with_callable=True) == "first"
    assert calls == ["first"]  # the default is not evaluated when x exists
    assert callable(pa.default(make("first"), 0))  # without with_callable a callable is a value
    assert pa.default(None, make, with_callable=False) is make
    assert pa.default(make(1), make(2), with_callable=True, rev=True) == 2


def test_default_catching_exceptions():
    def broken():
        raise RuntimeError("no value")

    assert pa.default(broken, "fallback", catch_exceptions=True) == "fallback"
    assert pa.default(broken, lambda: "computed", catch_exceptions=True) == "computed"
    assert pa.default(lambda a, b: a + b, lambda: 3, catch_exceptions=True) == 3  # a TypeError when called
    assert pa.default(lambda a, b: a + b, lambda: 3, catch_exceptions=True, rev=True) == 3
    with pytest.raises(RuntimeError):
        pa.default(broken, "fallback", with_callable=True)
    assert pa.default(lambda: None, lambda: "computed", catch_exceptions=True) == "computed"


def test_cache_fn_remembers_results_of_hashable_calls():
    calls = []

    @pa.cache_fn
    def function(a, b=0, *, scale=1):
        """Adds and scales."""
        calls.append((a, b, scale))
        return (a + b) * scale

    assert function.__name__ == "function" and function.__doc__ == "Adds and scales."
    assert function(1, 2) == 3 and function(1, 2) == 3 and len(calls) == 1
    assert function(1, b=2) == 3 and len(calls) == 2  # keyword and positional calls are different keys
    assert function(1, b=2) == 3 and len(calls) == 2
    assert function(1, 2, scale=2) == 6 and function(1, 2, scale=2) == 6 and len(calls) == 3
    assert function(1.0, 2) == 3.0 and len(calls) == 4  # equal values of other types are other calls
    assert function(True, 2) == 3 and len(calls) == 5
    assert function((1,), (2,)) == (1, 2) and function((1,), (2,)) == (1, 2) and len(calls) == 6
    function.cache_clear()
    assert function(1, 2) == 3 and len(calls) == 7


def test_cache_fn_runs_unhashable_calls_and_failures_every_time():
    calls = []

    @pa.cache_fn
    def total(items):
        calls.append(1)
        if isinstance(items, str):
            raise ValueError("boom")
        return sum(items)

    assert total([1, 2]) == 3 and total([1, 2]) == 3 and len(calls) == 2
    x = pa.asarray([1.0, 2.0])  # arrays are unhashable
    assert float(total(x)) == 3.0 and float(total(x)) == 3.0 and len(calls) == 4
    for _ in range(2):
        with pytest.raises(ValueError):
            total("boom")
    assert len(calls) == 6


@given(a=hnp.arrays(np.float32, hnp.array_shapes(min_dims=0, max_dims=4, min_side=0)))
def test_shape_of_arrays_native_arrays_and_nested_sequences(a):
    nested = [a.tolist()] if a.size else []  # nested lists lose the sizes after a 0
    for value in (pa.asarray(a), a, *nested):
        s = pa.shape(value)
        assert type(s) is pa.Shape and s == a.shape, value
    x = pa.asarray(a)
    pa.set_array_mode(False)
    try:
        s = pa.shape(x)
    finally:
        pa.set_array_mode(True)
    assert type(s) is tuple and s == a.shape


def test_shape_of_scalars():
    assert pa.shape(3.0) == () and pa.shape(True) == () and type(pa.shape(1)) is pa.Shape
    assert pa.shape(pa.sum(pa.asarray([1.0, 2.0]))) == ()
