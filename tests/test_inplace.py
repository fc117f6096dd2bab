"""``x op= y`` on NumPy: the fast path of ``backend.inplace`` gives what its reference gives, on every operand.

The reference is ``x op y`` written into ``x`` (``assign_result``); the fast
path computes ``x op y`` itself for the common operands and writes it with
the backend's ``inplace_update``, or, for the arithmetic of floating arrays
where NumPy's floating-point errors can only warn, has the ufunc write into
``x`` (``out=x``, the plugin's in-place marks). ``inplace_outcomes.differences``
compares the two on fresh copies in each of NumPy's error modes: errors
ignored, raising, warning (the default), and warning under a filter that
turns warnings into errors.
"""

from __future__ import annotations

import contextlib
import operator
import sys
import warnings

import numpy as np
import pytest
from inplace_outcomes import ERROR_MODES, differences, error_mode, takes_directly

import polyarray as pa
from polyarray import _accel

_IN_PLACE = {"add": operator.iadd, "subtract": operator.isub, "multiply": operator.imul, "divide": operator.itruediv}

NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"
DTYPES = ["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_fast_path_gives_what_the_reference_gives(dtype):
    assert list(differences("numpy", [dtype], list(ERROR_MODES))) == []


def test_the_common_calls_take_the_fast_path():
    x = pa.asarray(np.ones((2, 3), dtype=np.float32))
    assert takes_directly("numpy", "__imul__", x, pa.asarray(np.full(3, 2, dtype=np.float32)))
    assert takes_directly("numpy", "__isub__", x, np.float32(1))
    # A Python scalar where the operator's fast path takes one: through the plugin's direct marks, from NumPy 2 on
    # (NumPy 1.26 promotes by value, and its operators' scalars go to the chain).
    takes_scalars = pa.get_backend("numpy").functions["add"].plan.scalars is not None
    assert takes_scalars is (np.lib.NumpyVersion(np.__version__) >= "2.0.0")
    assert takes_directly("numpy", "__iadd__", x, 2) is takes_scalars
    assert pa.to_numpy(x).tolist() == [[3.0] * 3] * 2
    with pytest.raises(pa.PolyarrayTypeError, match="float64, which cannot be stored in x of dtype int8"):
        takes_directly("numpy", "__iadd__", pa.asarray(np.ones(3, dtype=np.int8)), 2.5)
    assert not takes_directly("numpy", "__iadd__", x, np.ones(3))  # float64: the reference casts
    assert not takes_directly("numpy", "__iadd__", x, 2**70)  # beyond int64: the chain converts it


def test_an_error_of_numpy_leaves_x_unchanged():
    x = pa.asarray(np.array([3e38, 1.0], dtype=np.float32))
    with np.errstate(over="raise"), pytest.raises(pa.PolyarrayValueError, match="overflow encountered"):
        x *= 10
    assert pa.to_numpy(x).tolist() == pytest.approx([3e38, 1.0])
    y = pa.asarray(np.broadcast_to(np.float32(1), (3,)))
    with pytest.raises(ValueError, match="read-only"):
        y += 1
    assert pa.to_numpy(y).tolist() == [1.0, 1.0, 1.0]


def _written_by_the_ufunc(x, y, mode):
    """Whether ``x *= y`` in the error mode ``mode`` was written by the plugin's in-place writer (out=x)."""
    called = []

    def profile(frame, event, arg):
        if event == "call":
            called.append(frame.f_code.co_name)

    with error_mode(mode):
        sys.setprofile(profile)
        try:
            pa.get_backend("numpy").inplace["__imul__"](x, y)
        except pa.PolyarrayError:
            pass
        finally:
            sys.setprofile(None)
    # The plugin's writer ("write"), or its common case in C (no Python call at all).
    return "reference" not in called and "inplace_update" not in called


def test_the_ufunc_writes_into_x_only_where_errors_can_only_warn():
    """NumPy raises a floating-point error after writing its output: the ufunc writes into x (out=x) only in
    NumPy's default error state and where no warning filter turns its warning into an error (from NumPy 2 on,
    where the plugin marks its implementations)."""
    big = np.array([3e38, 1.0], dtype=np.float32)
    for mode in ERROR_MODES:
        x = pa.asarray(big.copy())
        assert _written_by_the_ufunc(x, 10.0, mode) is (NUMPY_2 and mode == "default"), mode
        after = pa.to_numpy(x).tolist()
        assert after == ([np.inf, 10.0] if mode in ("default", "ignore") else pytest.approx([3e38, 1.0])), mode
    with error_mode("default") as caught:
        x = pa.asarray(big.copy())
        x *= 10
    assert [str(w.message) for w in caught] == ["overflow encountered in multiply"]
    assert pa.to_numpy(x).tolist() == [np.inf, 10.0]
    with np.errstate(over="warn"):  # the default's values, set: a state the writer does not take
        assert not _written_by_the_ufunc(pa.asarray(np.ones(2, dtype=np.float32)), 2.0, "default")
    assert _written_by_the_ufunc(pa.asarray(np.ones(2, dtype=np.float32)), 2.0, "default") is NUMPY_2


@pytest.mark.skipif(not NUMPY_2, reason="NumPy 1.x has no in-place marks")
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide"])
def test_the_compiled_common_case_of_a_writer_gives_what_the_writer_gives(name):
    """A writer's common case, spelt as data in its mark, runs in C (``GuardedWriter``) once the writer has read
    the warning filters: in every error mode, called again and again (so its memo of the filters is the current
    one), and after the filters change, the plan's writer and the plugin's own write or raise alike."""
    from polyarray_numpy import elementwise

    writer, _, common = getattr(elementwise, name).polyarray_inplace
    assert common is not None and common[0] is _IN_PLACE[name]
    guarded = pa.get_backend("numpy").functions[name].plan.inplace
    assert (type(guarded).__name__ == "GuardedWriter") is _accel.AVAILABLE

    start = np.array([3e38, 1.0, -2.0], dtype=np.float32)

    def outcomes(write):
        seen = []
        for _ in range(3):
            x = start.copy()
            try:
                write(x, np.float32(10.0))
                seen.append(("wrote", x.tolist()))
            except Exception as error:
                seen.append((type(error).__name__, x.tolist()))
        return seen

    for filters in ("always", "error"):
        with warnings.catch_warnings(record=True):
            warnings.simplefilter(filters)
            outcomes(writer)  # the writer's memo holds these filters
            for state in (None, "ignore", "raise", "warn"):  # None: NumPy's default state; "warn": its values, set
                with np.errstate(all=state) if state else contextlib.nullcontext():
                    assert outcomes(guarded) == outcomes(writer), (filters, state)
                    wrote = filters == "always" and state is None
                    assert (outcomes(guarded)[0][0] == "wrote") is wrote, (filters, state)
            warnings.filterwarnings("error", category=RuntimeWarning)  # the same list, changed in place
            assert outcomes(guarded) == outcomes(writer) == [("ErrorsMayRaise", start.tolist())] * 3
    with error_mode("default") as caught:
        expected = outcomes(writer)
        calls = []
        sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_name) if event == "call" else None)
        try:
            assert outcomes(guarded) == expected and expected[0][0] == "wrote"
        finally:
            sys.setprofile(None)
    assert ("write" in calls or "_filters_keep_warnings" in calls) is not _accel.AVAILABLE, calls
    assert len(caught) == (6 if name == "multiply" else 0)  # each write warned of its overflow, or none
