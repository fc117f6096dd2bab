"""handle_array_function: objects whose class defines ``__polyarray_function__`` take over polyarray functions."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa


class UnitArray:
    """An array carrying a physical unit: it handles pa.add and pa.sum, nothing else."""

    def __init__(self, value, unit):
        self.value = pa.asarray(value)
        self.unit = unit

    def __polyarray_function__(self, func, types, args, kwargs):
        if func is pa.add:
            units = {a.unit for a in args if isinstance(a, UnitArray)}
            if len(units) != 1 or not all(isinstance(a, UnitArray) for a in args):
                raise ValueError(f"cannot add quantities of units {sorted(units)} and plain numbers")
            return UnitArray(func(*(a.value for a in args), **kwargs), self.unit)
        if func is pa.sum:
            (x,) = args
            return UnitArray(func(x.value, **kwargs), x.unit)
        return NotImplemented


def _np(x):
    return pa.to_numpy(x)


@given(
    a=hnp.arrays(np.float64, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0), elements=st.floats(-1e6, 1e6)),
    axis=st.none() | st.integers(0, 2),
)
def test_a_unit_array_takes_over_add_and_sum(a, axis):
    u = UnitArray(a, "m")
    total = pa.add(u, UnitArray(a, "m"))
    assert type(total) is UnitArray and total.unit == "m"
    np.testing.assert_array_equal(_np(total.value), a + a)
    if axis is not None and axis >= a.ndim:
        axis = None
    summed = pa.sum(u, axis=axis)
    assert type(summed) is UnitArray and summed.unit == "m"
    np.testing.assert_allclose(_np(summed.value), np.sum(a, axis=axis), rtol=1e-12, atol=1e-6)


def test_every_way_of_calling_add_reaches_the_override():
    u, v = UnitArray([1.0, 2.0], "s"), UnitArray([3.0, 4.0], "s")
    for result in (
        pa.add(u, v),
        pa.get_backend("numpy").add(u, v),  # the backend's function, no dispatch
        pa.add(u, v, backend="numpy"),
    ):
        assert type(result) is UnitArray and result.unit == "s"
        np.testing.assert_array_equal(_np(result.value), [4.0, 6.0])


def test_an_array_operator_hands_over_to_the_other_operand():
    u = UnitArray([1.0, 2.0], "m")
    with pytest.raises(ValueError, match="plain numbers"):
        pa.asarray([1.0, 2.0]) + u  # Array.__add__ -> pa.add -> UnitArray's override
    assert type(pa.sum(u)) is UnitArray


def test_not_implemented_everywhere_is_a_type_error_naming_the_types():
    u = UnitArray([1.0], "m")
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.multiply.*UnitArray.*NotImplemented") as info:
        pa.multiply(u, u)
    assert isinstance(info.value, TypeError)
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.exp"):
        pa.exp(u)


class Recorder:
    """Records what the protocol passes; answers with a fixed result or NotImplemented."""

    calls: ClassVar[list] = []

    def __init__(self, answer):
        self.answer = answer

    def __polyarray_function__(self, func, types, args, kwargs):
        Recorder.calls.append((self, func, types, args, kwargs))
        return self.answer


class LoudRecorder(Recorder):
    pass


class Other:
    def __polyarray_function__(self, func, types, args, kwargs):
        return ("other", func.__name__)


def test_the_override_receives_the_public_function_the_types_and_the_call():
    Recorder.calls = []
    r = Recorder("answer")
    x = pa.asarray([1.0])
    assert pa.where(x > 0, r, x) == "answer"
    (who, func, types, args, kwargs), *_ = Recorder.calls
    assert who is r and func is pa.where and types == (Recorder,)
    assert args[1] is r and args[2] is x and kwargs == {}
    Recorder.calls = []
    assert pa.linalg.vector_norm(r, ord=1) == "answer"
    assert Recorder.calls[0][1] is pa.linalg.vector_norm and Recorder.calls[0][4] == {"ord": 1}


def test_not_implemented_passes_on_to_the_next_type_and_subclasses_go_first():
    Recorder.calls = []
    declining, other = Recorder(NotImplemented), Other()
    assert pa.add(declining, other) == ("other", "add")
    assert len(Recorder.calls) == 1 and Recorder.calls[0][2] == (Recorder, Other)
    Recorder.calls = []
    base, loud = Recorder(NotImplemented), LoudRecorder("loud")
    assert pa.add(base, loud) == "loud"
    assert [call[0] for call in Recorder.calls] == [loud]  # the subclass answered before its base was asked
    Recorder.calls = []
    same_type = Recorder("first"), Recorder("second")
    assert pa.add(*same_type) == "first"  # one call per type, the leftmost argument of it
    assert len(Recorder.calls) == 1


def test_overrides_are_found_in_sequences_varargs_and_keywords():
    r = Recorder("found")
    x = pa.asarray([1.0, 2.0])
    assert pa.concat([x, r]) == "found"  # one level into a sequence of arrays
    assert pa.broadcast_arrays(x, r) == "found"  # *arrays
    assert pa.linear(x, pa.ones((2, 2)), bias=r) == "found"  # a keyword array parameter


def test_plain_arguments_are_not_taken_over():
    x = pa.asarray([1.0, 2.0])
    result = pa.add(x, np.array([1.0, 1.0]))
    assert type(result) is pa.Array
    np.testing.assert_array_equal(_np(result), [2.0, 3.0])
    # dtypes and other non-array parameters are never looked at
    Recorder.calls = []
    r = Recorder("never")
    with pytest.raises(pa.PolyarrayError):
        pa.zeros(r)
    with pytest.raises(pa.PolyarrayError):
        pa.astype(x, r)
    assert Recorder.calls == []


def test_native_mode_keeps_the_override_result():
    pa.set_array_mode(False)
    u = UnitArray([1.0], "kg")
    total = pa.add(u, u)
    assert type(total) is UnitArray and type(total.value) is np.ndarray


def test_functions_returning_no_arrays_are_not_taken_over():
    Recorder.calls = []
    r = Recorder("never")
    result = pa.to_numpy(r)  # ARRAYS_IN functions do not dispatch the protocol
    assert isinstance(result, np.ndarray) and result.item() is r
    assert Recorder.calls == []
