"""pa.Array: operators (with reflected and in-place forms) against NumPy, conversions, protocols, methods."""

from __future__ import annotations

import copy
import operator
import pickle
import sys
import types

import numpy as np
import pytest
from dtype_sets import BOOL, COMPLEX, FLOATING, INTEGER, NUMERIC, REAL
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray._array import wrap_native

REAL_NUMBERS = INTEGER + FLOATING
SIGNED_OR_FLOAT = tuple(d for d in REAL_NUMBERS if d.kind != "u")


def _np(x):
    return pa.to_numpy(x)


def _check(got, expected, ulps=0):
    """``got`` (a pa.Array) has the dtype, shape and values of the NumPy result ``expected``.

    ``ulps``: floating-point values may differ by that many units in the last place
    (NumPy's own loops for ``x op= y`` and ``x op y`` may round differently).
    """
    assert type(got) is pa.Array
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape
    if ulps and expected.dtype.kind in "fc":
        eps = np.finfo(expected.dtype).eps
        np.testing.assert_allclose(_np(got), expected, rtol=ulps * eps, atol=0, equal_nan=True)
    else:
        np.testing.assert_array_equal(_np(got), expected)


# -- operators and the operands they take -----------------------------------------------------------


def _int_range(dtype, low=None, high=None):
    info = np.iinfo(dtype)
    return st.integers(info.min if low is None else max(low, info.min), info.max if high is None else high)


def _nonzero(dtype):
    return _int_range(dtype).filter(bool)


def _shift(dtype):
    return _int_range(dtype, 0, np.iinfo(dtype).bits - 1)


def _small_power(dtype):
    return _int_range(dtype, 0, 5)


#: name -> (operator, in-place operator, dtypes, elements for integer dtypes or None for any value)
def _floordiv(x1, x2):
    """``x1 // x2`` as the standard defines it: NumPy's, but ``floor(x1 / x2)`` where an operand is infinite
    (NumPy gives ``1 // -inf == -1``, the standard ``floor(-0.0) == -0.0``)."""
    result = operator.floordiv(x1, x2)
    if np.result_type(x1, x2).kind != "f":
        return result
    return np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)), result)


#: The reference of an operator where NumPy's differs from the standard's (else the operator on NumPy arrays).
REFERENCES = {"floordiv": _floordiv}

BINARY = {
    "add": (operator.add, operator.iadd, NUMERIC, None),
    "sub": (operator.sub, operator.isub, NUMERIC, None),
    "mul": (operator.mul, operator.imul, NUMERIC, None),
    "truediv": (operator.truediv, operator.itruediv, FLOATING + COMPLEX, None),
    "floordiv": (operator.floordiv, operator.ifloordiv, REAL_NUMBERS, _nonzero),
    "mod": (operator.mod, operator.imod, REAL_NUMBERS, _nonzero),
    "pow": (operator.pow, operator.ipow, NUMERIC, _small_power),
    "and": (operator.and_, operator.iand, BOOL + INTEGER, None),
    "or": (operator.or_, operator.ior, BOOL + INTEGER, None),
    "xor": (operator.xor, operator.ixor, BOOL + INTEGER, None),
    "lshift": (operator.lshift, operator.ilshift, INTEGER, _shift),
    "rshift": (operator.rshift, operator.irshift, INTEGER, _shift),
}
COMPARISON = {
    "lt": (operator.lt, REAL_NUMBERS),
    "le": (operator.le, REAL_NUMBERS),
    "gt": (operator.gt, REAL_NUMBERS),
    "ge": (operator.ge, REAL_NUMBERS),
    "eq": (operator.eq, REAL + COMPLEX),
    "ne": (operator.ne, REAL + COMPLEX),
}
UNARY = {
    "neg": (operator.neg, NUMERIC),
    "pos": (operator.pos, NUMERIC),
    "abs": (operator.abs, NUMERIC),
    "invert": (operator.invert, BOOL + INTEGER),
}


def _elements(dtype, constraint):
    if constraint is not None and dtype.kind in "iu":
        return constraint(dtype)
    return None


def _scalar(dtype, constraint):
    """A Python scalar of the dtype's kind whose value the dtype holds."""
    if dtype.kind == "b":
        return st.booleans()
    if dtype.kind in "iu":
        return constraint(dtype) if constraint is not None else _int_range(dtype)
    if dtype.kind == "f":
        return st.floats(width=min(dtype.itemsize * 8, 64))
    return st.complex_numbers(width=dtype.itemsize * 8)


@st.composite
def _operands(draw, dtypes, constraint=None):
    dtype = draw(st.sampled_from(dtypes))
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, min_side=0, max_side=3))
    elements = _elements(dtype, constraint)
    a = draw(hnp.arrays(dtype, shapes.input_shapes[0], elements=elements))
    b = draw(hnp.arrays(dtype, shapes.input_shapes[1], elements=elements))
    return a, b


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary_operators_and_their_reflected_forms_match_numpy(name, data):
    op, _, dtypes, constraint = BINARY[name]
    a, b = data.draw(_operands(dtypes, constraint))
    s = data.draw(_scalar(a.dtype, constraint))
    x = pa.asarray(a)
    reference = REFERENCES.get(name, op)
    with np.errstate(all="ignore"):
        expected = reference(a, b)
        _check(op(x, pa.asarray(b)), expected)
        # A NumPy array on the left defers to the Array's reflected operator.
        _check(op(a, pa.asarray(b)), expected)
        # Python scalars on either side: the standard converts them to the array's dtype
        # (NumPy 1.26 would look at the value of 0-d arrays instead).
        t = np.asarray(s, dtype=a.dtype)
        _check(op(x, s), reference(a, t))
        _check(op(s, x), reference(t, a))


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_inplace_operators_keep_identity_and_match_numpy(name, data):
    _, iop, dtypes, constraint = BINARY[name]
    dtype = data.draw(st.sampled_from(dtypes))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    # A shape that broadcasts to ``shape`` (a suffix of it, some sizes 1): x keeps its shape.
    suffix = shape[data.draw(st.integers(0, len(shape))) :]
    other_shape = tuple(data.draw(st.sampled_from([1, side])) for side in suffix)
    elements = _elements(dtype, constraint)
    a = data.draw(hnp.arrays(dtype, shape, elements=elements))
    b = data.draw(hnp.arrays(dtype, other_shape, elements=elements))
    x = pa.asarray(a.copy())
    alias, data_before = x, x.data
    op = REFERENCES.get(name, BINARY[name][0])
    with np.errstate(all="ignore"):
        # ``x op= y`` is ``x op y`` written into x. NumPy's own in-place loops may round
        # differently where complex products overflow, so the reference is computed out of place.
        expected = np.asarray(op(a, b)).astype(a.dtype)
        result = iop(x, pa.asarray(b))
    assert result is alias
    _check(x, expected, ulps=4)
    if shape:  # a NumPy array is written in place: the same buffer holds the result
        assert x.data is data_before


def test_inplace_operator_is_seen_through_views_and_shared_memory():
    buffer = np.arange(6.0)
    x = pa.asarray(buffer)  # shares the buffer
    view = x[2:]
    x += 10
    np.testing.assert_array_equal(buffer, np.arange(6.0) + 10)
    np.testing.assert_array_equal(_np(view), np.arange(2.0, 6.0) + 10)
    x *= pa.asarray([1.0, 2.0, 1.0, 2.0, 1.0, 2.0])
    assert buffer[1] == 22.0


def test_inplace_operator_keeps_dtype_and_shape():
    x = pa.asarray([1, 2, 3])
    with pytest.raises(pa.PolyarrayTypeError, match="int64") as info:
        x /= 2
    assert isinstance(info.value, TypeError)
    _check(x, np.array([1, 2, 3]))
    with pytest.raises(pa.PolyarrayValueError, match=r"shape of x from \(3,\) to \(2, 3\)"):
        x += pa.ones((2, 3), dtype=pa.int64)
    f = pa.asarray(np.array([1.0, 2.0], dtype=np.float32))
    f += np.array([0.5, 0.5])  # float64 casts to float32 within its kind, as NumPy's x += y
    _check(f, np.array([1.5, 2.5], dtype=np.float32))
    m = pa.asarray([[1.0, 2.0], [3.0, 4.0]])
    alias = m
    m @= pa.asarray([[0.0, 1.0], [1.0, 0.0]])
    assert m is alias
    _check(m, np.array([[2.0, 1.0], [4.0, 3.0]]))


@st.composite
def _matmul_operands(draw):
    dtype = draw(st.sampled_from(NUMERIC))
    n, k, m = (draw(st.integers(0, 3)) for _ in range(3))
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=1, max_side=2))
    left = draw(st.sampled_from([(k,), (n, k), (*batch, n, k)]))
    right = draw(st.sampled_from([(k,), (k, m), (*batch, k, m)]))
    elements = (
        _int_range(dtype, -100, 100)
        if dtype.kind == "i"
        else (_int_range(dtype, 0, 100) if dtype.kind == "u" else None)
    )
    return draw(hnp.arrays(dtype, left, elements=elements)), draw(hnp.arrays(dtype, right, elements=elements))


@given(operands=_matmul_operands())
def test_matmul_and_its_reflected_form_match_numpy(operands):
    a, b = operands
    with np.errstate(all="ignore"):
        expected = a @ b
        _check(pa.asarray(a) @ pa.asarray(b), expected)
        _check(a @ pa.asarray(b), expected)


@pytest.mark.parametrize("name", sorted(COMPARISON))
@given(data=st.data())
def test_comparisons_match_numpy_both_ways_round(name, data):
    op, dtypes = COMPARISON[name]
    a, b = data.draw(_operands(dtypes))
    s = data.draw(_scalar(a.dtype, None))
    t = np.asarray(s, dtype=a.dtype)  # how the standard sees a Python scalar
    with np.errstate(all="ignore"):
        _check(op(pa.asarray(a), pa.asarray(b)), op(a, b))
        _check(op(pa.asarray(a), s), op(a, t))
        _check(op(s, pa.asarray(a)), op(t, a))  # Python turns ``s < x`` into ``x > s``


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary_operators_match_numpy(name, data):
    op, dtypes = UNARY[name]
    dtype = data.draw(st.sampled_from(dtypes))
    a = data.draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)))
    with np.errstate(all="ignore"):
        _check(op(pa.asarray(a)), op(a))


def test_operators_go_through_the_operator_function_of_the_backend(monkeypatch):
    x = pa.asarray([1.0, 2.0])
    calls = []
    # The compiled slots call backend.operators, the Python operators backend.operands (the same fast path).
    for table in (x.backend.operators, x.backend.operands):
        original = table["subtract"]

        def spy(*args, original=original, **kwargs):
            calls.append(args)
            return original(*args, **kwargs)

        monkeypatch.setitem(table, "subtract", spy)
    _check(x - 1.0, np.array([0.0, 1.0]))
    _check(3.0 - x, np.array([2.0, 1.0]))
    assert len(calls) == 2
    assert calls[0][0] is x and calls[0][1] == 1.0
    assert calls[1][0] == 3.0 and calls[1][1] is x


# -- Python conversions -------------------------------------------------------------------------------


@given(data=st.data())
def test_python_conversions_of_0d_arrays_match_numpy_scalars(data):
    dtype = data.draw(st.sampled_from(REAL))
    a = data.draw(hnp.arrays(dtype, ()))
    x = pa.asarray(a)
    assert bool(x) is bool(a)
    nan = dtype.kind == "f" and bool(np.isnan(a))
    assert complex(x) == complex(a) or nan
    if dtype.kind == "f" and not np.isfinite(a):
        with pytest.raises(ValueError if nan else OverflowError):
            int(x)
    else:
        assert int(x) == int(a) and type(int(x)) is int
    assert float(x) == float(a) or nan
    assert type(float(x)) is float and type(bool(x)) is bool
    if dtype.kind in "iu":
        assert operator.index(x) == int(a)
        assert [10, 20, 30][x % 3] == [10, 20, 30][int(a) % 3]  # usable as an index


def test_int_of_an_infinity_is_the_standards_overflow_error():
    for value in (float("inf"), float("-inf")):
        with pytest.raises(OverflowError) as raised:
            int(pa.asarray(value))
        assert isinstance(raised.value, pa.PolyarrayOverflowError) and isinstance(raised.value, ValueError)
    with pytest.raises(pa.PolyarrayValueError) as raised:
        int(pa.asarray(float("nan")))
    assert not isinstance(raised.value, OverflowError)


def test_conversions_follow_the_standard():
    c = pa.asarray(1 + 2j)
    assert complex(c) == 1 + 2j and bool(c) and not bool(pa.asarray(0j))
    assert bool(pa.asarray(float("nan"))) and not bool(pa.asarray(-0.0))
    for conversion in (int, float):
        with pytest.raises(pa.PolyarrayTypeError):
            conversion(c)
    for value in (1.5, True, 1 + 0j):
        with pytest.raises(pa.PolyarrayTypeError):
            operator.index(pa.asarray(value))
    with pytest.raises(pa.PolyarrayValueError):
        int(pa.asarray(float("nan")))
    assert int(pa.asarray(-2.7)) == -2 and int(pa.asarray(True)) == 1 and float(pa.asarray(False)) == 0.0
    assert complex(pa.asarray(True)) == 1 + 0j
    assert int(pa.sum(pa.asarray([1, 2]))) == 3  # 0-d results of reductions too


@pytest.mark.parametrize("conversion", [bool, int, float, complex, operator.index])
@pytest.mark.parametrize("shape", [(1,), (2, 3), (0,)])
def test_conversions_need_a_0d_array(conversion, shape):
    with pytest.raises(pa.PolyarrayTypeError, match="0-d"):
        conversion(pa.ones(shape, dtype=pa.int32))


# -- attributes -------------------------------------------------------------------------------------


@given(a=hnp.arrays(st.sampled_from(REAL + COMPLEX), hnp.array_shapes(min_dims=0, max_dims=4, min_side=0)))
def test_attributes_match_numpy(a):
    x = pa.asarray(a)
    assert x.dtype == a.dtype and isinstance(x.dtype, pa.DType)
    assert x.shape == a.shape and type(x.shape) is tuple
    assert x.ndim == a.ndim and x.size == a.size and x.device == "cpu"
    if a.ndim == 2:
        _check(x.T, a.T)
    if a.ndim >= 2:
        _check(x.mT, np.swapaxes(a, -1, -2))
    else:
        with pytest.raises(pa.PolyarrayValueError):
            _ = x.mT
    if a.ndim != 2:
        with pytest.raises(pa.PolyarrayValueError, match="2-d"):
            _ = x.T
    if a.ndim:
        assert len(x) == a.shape[0]
        items = list(x)
        assert len(items) == a.shape[0]
        for item, expected in zip(items, a):
            _check(item, expected)
    else:
        with pytest.raises(pa.PolyarrayTypeError):
            len(x)
        with pytest.raises(pa.PolyarrayTypeError):
            iter(x)


def test_arrays_are_not_hashable():
    with pytest.raises(TypeError):
        hash(pa.asarray([1]))
    assert pa.Array.__hash__ is None


def test_to_device():
    x = pa.asarray([1.0])
    assert x.to_device("cpu") is x
    assert x.to_device("cpu", stream=None) is x
    with pytest.raises(pa.PolyarrayValueError, match="gpu:0"):
        x.to_device("gpu:0")


# -- the array API namespace and data interchange ----------------------------------------------------


def test_array_namespace():
    x = pa.asarray([1.0])
    xp = x.__array_namespace__()
    assert xp.__name__ == "polyarray[numpy]"
    assert x.__array_namespace__(api_version="2024.12") is xp
    assert pa.asarray([2]).__array_namespace__() is xp  # one namespace per backend
    for version in ("2023.12", "2025.12", "latest"):
        with pytest.raises(pa.PolyarrayValueError, match=r"2024\.12"):
            x.__array_namespace__(api_version=version)
    _check(xp.add(x, x), np.array([2.0]))
    assert xp.add is pa.get_backend("numpy").add
    assert xp.linalg.inv is pa.get_backend("numpy").linalg.inv and xp.fft.fft is pa.get_backend("numpy").fft.fft
    assert (xp.__array_api_version__, xp.e, xp.pi, xp.newaxis) == ("2024.12", pa.e, pa.pi, None)
    assert (xp.float32, xp.bool, xp.int64) == (pa.float32, pa.bool, pa.int64)
    assert xp.finfo is pa.finfo and xp.isdtype is pa.isdtype and xp.can_cast is pa.can_cast
    assert xp.result_type(xp.int8, 1.5) is pa.float64
    assert xp.__array_namespace_info__().default_dtypes()["integral"] is pa.int64
    assert not hasattr(xp, "set_backend")  # backend management stays on the polyarray module


@given(a=hnp.arrays(st.sampled_from(REAL + COMPLEX), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0)))
def test_dlpack_round_trip(a):
    x = pa.asarray(a)
    back = np.from_dlpack(x)
    assert back.dtype == a.dtype and back.shape == a.shape
    np.testing.assert_array_equal(back, a)
    if a.size:
        assert np.shares_memory(back, x.data)
    assert x.__dlpack_device__() == (1, 0)
    _check(pa.from_dlpack(x), a)


def test_dlpack_of_reduction_results_and_keywords():
    total = pa.sum(pa.asarray([1.0, 2.0]))  # a 0-d result, which NumPy gives as a scalar
    assert np.from_dlpack(total) == 3.0
    assert total.__dlpack_device__() == (1, 0)

    class Exporter:
        """Native data recording the keywords its __dlpack__ receives."""

        def __init__(self):
            self.received = []

        def __dlpack__(self, **kwargs):
            self.received.append(kwargs)
            return "capsule"

    data = Exporter()
    x = wrap_native(data, pa.get_backend("numpy"))  # pa.Array(...) itself takes native arrays only
    assert x.__dlpack__() == "capsule" and data.received == [{}]  # no keyword a producer may not know
    x.__dlpack__(stream=None, max_version=(1, 0), copy=False)
    assert data.received[-1] == {"max_version": (1, 0), "copy": False}
    x.__dlpack__(max_version=(0, 8))  # a consumer knowing only legacy capsules
    assert data.received[-1] == {}


def test_dlpack_keywords_of_the_standard_on_every_backend(polyarray_backend):
    """Legacy capsules, the array's own device and copy=True work alike on every framework."""
    x = pa.asarray([1.0, 2.0], dtype=pa.float32, backend=polyarray_backend)
    device = x.__dlpack_device__()
    for keywords in ({"max_version": (0, 0)}, {"dl_device": device}, {"copy": True}, {"copy": False}):
        assert type(x.__dlpack__(**keywords)).__name__ == "PyCapsule", keywords
    if polyarray_backend == "numpy":

        class Copying:
            """Exports ``x`` with copy=True, whatever the consumer asks (NumPy 1.26 asks with no keyword)."""

            def __dlpack__(self, **keywords):
                return x.__dlpack__(copy=True)

            def __dlpack_device__(self):
                return x.__dlpack_device__()

        copied = np.from_dlpack(Copying())
        assert not np.shares_memory(copied, x.data) and copied.tolist() == [1.0, 2.0]
        assert np.shares_memory(np.from_dlpack(x), x.data)


def test_numpy_array_protocol_copy_semantics():
    buffer = np.arange(4.0)
    x = pa.asarray(buffer)
    assert np.shares_memory(np.asarray(x), buffer)
    copied = np.array(x, copy=True)
    assert not np.shares_memory(copied, buffer)
    np.testing.assert_array_equal(copied, buffer)
    converted = np.asarray(x, dtype=np.float32)
    assert converted.dtype == np.float32
    np.testing.assert_array_equal(converted, buffer)
    # NumPy 2 passes copy= (NumPy 1.26 never does): the protocol method itself, on both.
    assert x.__array__(copy=False) is buffer
    assert not np.shares_memory(x.__array__(copy=True), buffer)
    assert x.__array__(np.float64, copy=False) is buffer
    with pytest.raises(ValueError, match="copy"):
        x.__array__(np.float32, copy=False)
    with pytest.raises(ValueError, match="copy"):
        pa.sum(x).__array__(copy=False)  # a NumPy scalar cannot be seen as an array without a copy
    assert float(np.asarray(pa.sum(x))) == 6.0


# -- printing, copying, pickling -----------------------------------------------------------------------


def test_repr_and_str():
    assert repr(pa.asarray([1.0, 2.0])) == "Array([1., 2.], backend=numpy, dtype=float64)"
    assert repr(pa.asarray(3)) == "Array(3, backend=numpy, dtype=int64)"
    assert repr(pa.asarray([[1, 2], [3, 4]], dtype=pa.int8)) == (
        "Array([[1, 2],\n       [3, 4]], backend=numpy, dtype=int8)"
    )
    assert str(pa.asarray([1.0, 2.0])) == "[1. 2.]"
    assert str(pa.asarray([True])) == "[ True]"


@given(a=hnp.arrays(st.sampled_from(REAL + COMPLEX), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0)))
def test_pickle_round_trip(a):
    x = pa.asarray(a)
    x.dynamic_backend = True
    y = pickle.loads(pickle.dumps(x))
    _check(y, a)
    assert y.backend is x.backend and y.dynamic_backend is True


def test_copy_and_deepcopy_copy_the_data():
    x = pa.asarray([1.0, 2.0])
    for y in (copy.copy(x), copy.deepcopy(x)):
        assert y is not x and not np.shares_memory(y.data, x.data)
        _check(y, np.array([1.0, 2.0]))
        y += 1
        _check(x, np.array([1.0, 2.0]))
    twice = copy.deepcopy([x, x])
    assert twice[0] is twice[1] and twice[0] is not x


# -- methods and native mode -------------------------------------------------------------------------


@given(a=hnp.arrays(st.sampled_from(FLOATING), hnp.array_shapes(min_dims=1, max_dims=3, min_side=1)))
def test_methods_are_the_namespace_functions(a):
    x = pa.asarray(a)
    with np.errstate(all="ignore"):
        _check(x.sum(axis=0), np.sum(a, axis=0))
        _check(x.max(), np.max(a))
        _check(x.reshape((-1,)), a.reshape(-1))
        _check(x.astype(pa.float64), a.astype(np.float64))
        _check(x.abs(), np.abs(a))


def test_methods_exist_only_for_functions_of_an_array():
    assert pa.Array.sum.__doc__ == "Method form of ``pa.sum(self, ...)``."
    for name in ("zeros", "arange", "concat", "set_array_mode", "default"):
        assert not hasattr(pa.Array, name), name


def test_native_mode_functions_give_native_arrays_and_array_operators_give_arrays():
    a = np.array([1.0, 2.0])
    x = pa.asarray(a)
    m = pa.asarray([[1.0, 2.0], [3.0, 4.0]])
    pa.set_array_mode(False)
    assert type(pa.add(a, a)) is np.ndarray
    assert type(pa.add(x, 1.0)) is np.ndarray  # Array in, native out
    assert type(pa.asarray([1, 2])) is np.ndarray
    for result in (x + 1.0, 1.0 - x, -x, x < 1.5, x.sum(), m.T, m.mT, m @ m):
        assert type(result) is pa.Array, result
    _check(x * 2.0, a * 2)
    assert type(x.to_numpy()) is np.ndarray  # a method whose result is no array is left alone
    q, r = m.__array_namespace__().linalg.qr(np.eye(2))
    assert type(q) is np.ndarray and type(r) is np.ndarray
    alias, expected = x, a + 1
    x += 1.0
    assert x is alias and type(x.data) is np.ndarray
    _check(x, expected)


# -- an immutable framework ---------------------------------------------------------------------------


class Frozen:
    """An immutable array: NumPy values without item assignment."""

    __slots__ = ("values",)

    def __init__(self, values):
        self.values = np.array(values)
        self.values.flags.writeable = False

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        return self.values.shape


def _values(x):
    return x.values if isinstance(x, Frozen) else x


def _frozen_plugin() -> types.ModuleType:
    from polyarray_numpy import support
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("polyarray_frozen_test")
    module.Frozen = Frozen

    @hookimpl
    def backend_info():
        return {
            "framework": None,
            "native_array_types": [("polyarray_frozen_test", "Frozen")],
            "mutable_arrays": False,
        }

    @hookimpl
    def to_numpy(x, /):
        return np.array(_values(x))

    @hookimpl
    def asarray(obj, /, *, dtype=None, device=None, copy=None):
        return Frozen(np.asarray(_values(obj), dtype=dtype))

    @hookimpl
    def inplace_update(x, value, /):
        return Frozen(np.asarray(_values(value), dtype=x.dtype))

    @hookimpl
    def set_item(x, key, value, /):
        values = np.array(x.values)
        values[key] = _values(value)
        return Frozen(values)

    def elementwise(function):
        return lambda x1, x2, /: Frozen(function(_values(x1), _values(x2)))

    module.backend_info = backend_info
    module.native_dtype = hookimpl(support.native_dtype)
    module.device_of = hookimpl(support.device_of)
    module.to_numpy = to_numpy
    module.asarray = asarray
    module.inplace_update = inplace_update
    module.set_item = set_item
    module.add = hookimpl(specname="add")(elementwise(np.add))
    module.multiply = hookimpl(specname="multiply")(elementwise(np.multiply))
    module.divide = hookimpl(specname="divide")(elementwise(np.divide))
    return module


@pytest.fixture
def frozen():
    module = _frozen_plugin()
    sys.modules[module.__name__] = module
    pa.register_backend("frozen", module)
    yield pa.get_backend("frozen")
    pa.unregister_backend("frozen")
    del sys.modules[module.__name__]


def test_inplace_operators_on_an_immutable_framework(frozen):
    x = pa.asarray([1.0, 2.0], backend=frozen)
    alias, before = x, x.data
    x += 1.0
    x *= pa.asarray([2.0, 3.0], backend=frozen)
    assert x is alias and x.data is not before and type(x.data) is Frozen
    np.testing.assert_array_equal(before.values, [1.0, 2.0])  # the old data was never written
    _check(x, np.array([4.0, 9.0]))
    i = pa.asarray(np.array([1, 2]), backend=frozen)
    with pytest.raises(pa.PolyarrayTypeError, match="int64"):
        i /= 2
    _check(i, np.array([1, 2]))


def test_operators_on_an_immutable_framework_return_arrays_in_native_mode(frozen):
    x = pa.asarray([1.0, 2.0], backend=frozen)
    pa.set_array_mode(False)
    y = x + x
    assert type(y) is pa.Array and y.backend is frozen
    _check(y, np.array([2.0, 4.0]))


# -- what pa.Array accepts, subclasses, integer arguments given as arrays -------------------------


@pytest.mark.parametrize("value", ["hello", None, [1, 2], (1.0,), 3, 2.5, {"a": 1}, object()])
def test_the_constructor_refuses_what_is_not_a_native_array(value):
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.asarray\(\.\.\.\) for lists, tuples and scalars") as info:
        pa.Array(value)
    assert type(value).__name__ in str(info.value) and isinstance(info.value, TypeError)


def test_the_constructor_takes_native_arrays_and_arrays():
    x = pa.Array(np.arange(3.0))
    assert x.backend.name == "numpy" and x.dtype == pa.float64 and x.shape == (3,)
    assert pa.Array(np.float32(1.5)).dtype == pa.float32  # a NumPy scalar is a native array of NumPy
    y = pa.Array(x)
    assert y.data is x.data and "Array([0., 1., 2.]" in repr(y)


def test_results_are_wrapped_without_the_constructor(monkeypatch):
    # The fast construction path stays unchecked: results never go through Array.__init__.
    def refuse(*args, **kwargs):
        raise AssertionError("Array.__init__ called for a result")

    x = pa.asarray([1.0, 2.0])
    monkeypatch.setattr(pa.Array, "__init__", refuse)
    assert pa.to_numpy(pa.add(x, x)).tolist() == [2.0, 4.0]
    assert pa.to_numpy(x * 2 + pa.sum(x)).tolist() == [5.0, 7.0]


class _Sub(pa.Array):
    __slots__ = ()


def test_a_subclass_works_like_an_array():
    x = _Sub(np.array([3.0, 1.0, 2.0]))
    assert isinstance(x, pa.Array)
    assert pa.to_numpy(pa.add(x, x)).tolist() == [6.0, 2.0, 4.0]
    assert pa.to_numpy(x + 1).tolist() == [4.0, 2.0, 3.0]
    assert pa.to_numpy(pa.sort(x)).tolist() == [1.0, 2.0, 3.0]
    assert pa.to_numpy(pa.concat([x, pa.asarray([4.0])])).tolist() == [3.0, 1.0, 2.0, 4.0]
    assert float(pa.sum(x)) == 6.0 and x.dtype == pa.float64


@pytest.mark.parametrize("mode", [True, False])
def test_an_axis_given_as_a_0d_integer_array(mode):
    x = pa.asarray([[3.0, 1.0], [2.0, 5.0]])
    axis = pa.asarray(1)
    pa.set_array_mode(mode)
    try:
        assert pa.to_numpy(pa.argmax(x, axis=axis)).tolist() == [0, 1]
        assert pa.to_numpy(pa.argmin(x, axis=axis)).tolist() == [1, 0]
        assert pa.to_numpy(pa.cumulative_sum(x, axis=axis)).tolist() == [[3.0, 4.0], [2.0, 7.0]]
        assert pa.to_numpy(pa.sort(x, axis=axis)).tolist() == [[1.0, 3.0], [2.0, 5.0]]
        assert pa.to_numpy(pa.argsort(x, axis=axis)).tolist() == [[1, 0], [0, 1]]
        assert pa.to_numpy(pa.sum(x, axis=(axis,))).tolist() == [4.0, 7.0]
    finally:
        pa.set_array_mode(True)
    with pytest.raises(pa.PolyarrayTypeError):
        pa.sum(x, axis=pa.asarray(1.0))


def test_setting_the_flag_inside_a_backend_context():
    with pa.dynamic_backend_as(False):
        x = pa.asarray([1.0, 2.0])
    with pa.backend_context("numpy"):
        x.dynamic_backend = True
    assert x.dynamic_backend and x.backend.name == "numpy"


# -- messages ---------------------------------------------------------------------------------------


def test_from_dlpack_of_what_exports_no_dlpack_is_a_type_error():
    for value in (None, [1, 2], "text"):
        with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.from_dlpack on the numpy backend takes an object"):
            pa.from_dlpack(value)
    assert pa.to_numpy(pa.from_dlpack(np.arange(3))).tolist() == [0, 1, 2]


def test_every_error_class_is_exported():
    from polyarray import _errors
    from polyarray._wrappers.backend_invalid import BackendMismatchError

    classes = [c for c in vars(_errors).values() if isinstance(c, type) and issubclass(c, Exception)]
    for cls in [*classes, BackendMismatchError]:
        assert getattr(pa, cls.__name__) is cls and cls.__name__ in pa.__all__, cls.__name__


@pytest.mark.parametrize("order", [">", "<"])
def test_either_byte_order_is_accepted(order):
    values = np.arange(1.0, 5.0, dtype=f"{order}f4")
    for fn, expected in [
        (pa.sum, 10.0),
        (pa.prod, 24.0),
        (lambda x: pa.cumulative_sum(x)[-1], 10.0),
        (lambda x: pa.add(x, x)[0], 2.0),
        (lambda x: pa.sort(x)[0], 1.0),
        (pa.max, 4.0),
        (pa.mean, 2.5),
    ]:
        result = fn(values)
        assert float(result) == expected and result.dtype == pa.float32
    assert pa.asarray(values).data.dtype.isnative and pa.asarray(values).dtype == pa.float32
