"""Type promotion applied by every function of several operands, on the NumPy backend.

The expected dtypes come from polyarray's one promotion table
(``polyarray._promotion``); the expected values are NumPy's, computed with
both operands cast to that dtype first.
"""

from __future__ import annotations

import doctest
import itertools

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from dtype_sets import ALL, portable
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray import _promotion
from polyarray._promotion import promote, promote_scalar

DTYPES = portable(ALL)  # every dtype NumPy has (no bfloat16)
PAIRS = [(a, b) for a, b in itertools.product(DTYPES, DTYPES) if (a, b) in _promotion.PROMOTION_TABLE]
UNDEFINED = [(a, b) for a, b in itertools.product(DTYPES, DTYPES) if (a, b) not in _promotion.PROMOTION_TABLE]


@pytest.fixture(autouse=True)
def _defaults_and_quiet_numpy():
    pa.unset_default_dtype()
    with np.errstate(all="ignore"):
        yield
    pa.unset_default_dtype()


def _native(x):
    return np.asarray(x.data if isinstance(x, pa.Array) else x)


def _values(dtype):
    return np.array([0, 1, 2, 3], dtype=np.float64).astype(dtype.name)


def _check(result, expected_dtype, expected_values):
    assert isinstance(result, pa.Array)
    assert result.dtype is expected_dtype, (result.dtype, expected_dtype)
    np.testing.assert_array_equal(_native(result), expected_values)


def test_the_pairs_cover_the_standard_and_only_uint64_with_signed_is_undefined():
    assert (pa.int8, pa.uint8) in PAIRS and (pa.float32, pa.complex128) in PAIRS and (pa.bool, pa.bool) in PAIRS
    assert {frozenset((a.name, b.name)) for a, b in UNDEFINED} == {
        frozenset(("uint64", s)) for s in ("int8", "int16", "int32", "int64")
    }


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=lambda d: d.name)
def test_every_pair_promotes_by_the_table(a, b):
    want = promote(a, b)
    x, y = _values(a), _values(b)
    cx, cy = x.astype(want.name), y.astype(want.name)
    _check(pa.add(pa.asarray(x), pa.asarray(y)), want, np.add(cx, cy))
    _check(pa.multiply(x, pa.asarray(y)), want, np.multiply(cx, cy))  # native and pa.Array operands alike
    _check(pa.equal(pa.asarray(x), y), pa.bool, np.equal(cx, cy))
    _check(pa.where(pa.asarray([True, False, True, False]), x, y), want, np.where([1, 0, 1, 0], cx, cy))


@pytest.mark.parametrize(("a", "b"), UNDEFINED, ids=lambda d: d.name)
def test_uint64_with_a_signed_integer_is_an_error(a, b):
    with pytest.raises(pa.PolyarrayTypeError, match="does not promote") as info:
        pa.add(pa.asarray(_values(a)), pa.asarray(_values(b)))
    assert isinstance(info.value, TypeError)
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.astype"):
        pa.equal(_values(a), _values(b))


def test_documented_rules_where_frameworks_differ():
    i32, f32 = pa.asarray([1, 2], dtype=pa.int32), pa.asarray([0.5, 0.25], dtype=pa.float32)
    _check(pa.add(i32, f32), pa.float32, np.array([1.5, 2.25], np.float32))  # NumPy alone gives float64
    _check(pa.add(pa.asarray([1], dtype=pa.int8), pa.asarray([2], dtype=pa.uint8)), pa.int16, [3])
    _check(pa.multiply(pa.asarray([1.5], dtype=pa.float32), 2), pa.float32, [3.0])
    _check(pa.add(pa.asarray([1], dtype=pa.int64), pa.asarray([1.0], dtype=pa.float16)), pa.float16, [2.0])


SCALARS = [True, 3, 1.5, 2j]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("scalar", SCALARS, ids=repr)
def test_python_scalars_take_the_array_dtype_or_the_default(dtype, scalar):
    want = promote_scalar(dtype, type(scalar))
    x = _values(dtype)
    s = np.asarray(scalar).astype(want.name)
    _check(pa.add(pa.asarray(x), scalar), want, np.add(x.astype(want.name), s))
    _check(pa.multiply(scalar, x), want, np.multiply(s, x.astype(want.name)))  # the scalar first
    _check(pa.equal(x, scalar), pa.bool, np.equal(x.astype(want.name), s))


def test_scalar_examples():
    int8 = pa.asarray([1, 2], dtype=pa.int8)
    _check(pa.add(int8, 3), pa.int8, [4, 5])
    _check(pa.add(int8, 1.5), pa.float64, [2.5, 3.5])  # a higher kind: the default float dtype
    _check(pa.multiply(pa.asarray([1.0], dtype=pa.float32), 1j), pa.complex64, [1j])
    _check(pa.add(pa.asarray([True]), 2), pa.int64, [3])
    _check(pa.add(1, 2), pa.int64, 3)  # scalars alone: the default dtypes
    _check(pa.add(1, 2.5), pa.float64, 3.5)
    _check(pa.add(True, False), pa.bool, True)
    with pa.default_dtype_as(pa.float32), pa.default_dtype_as(pa.int16):
        _check(pa.add(int8, 1.5), pa.float32, [2.5, 3.5])
        _check(pa.add(1, 2), pa.int16, 3)


@pytest.mark.parametrize(
    ("dtype", "value"),
    [(pa.int8, 128), (pa.int8, -129), (pa.uint8, -1), (pa.uint16, 65536), (pa.int64, 2**63),
     (pa.uint64, 2**64), (pa.float16, 65520), (pa.float32, 2**128), (pa.complex64, -(2**128)), (pa.bool, 2**63)],
)  # fmt: skip
def test_python_ints_out_of_range_are_errors(dtype, value):
    x = pa.asarray(_values(dtype))
    with pytest.raises(pa.PolyarrayValueError, match=f"Python int {value} is out of range"):
        pa.add(x, value)
    with pytest.raises(ValueError, match=r"pa\.astype"):
        pa.less(value, x)


@pytest.mark.parametrize(
    ("dtype", "value"),
    [(pa.int8, 127), (pa.int8, -128), (pa.uint8, 255), (pa.uint64, 2**64 - 1), (pa.int64, -(2**63)),
     (pa.float16, 65504), (pa.float32, 2**127)],
)  # fmt: skip
def test_python_ints_at_the_bounds_are_fine(dtype, value):
    x = pa.asarray(np.zeros(2, dtype=dtype.name))
    result = pa.add(x, value)
    assert result.dtype is dtype
    np.testing.assert_array_equal(_native(result), np.full(2, value, dtype=dtype.name))


def test_python_floats_round_to_the_array_precision():
    result = pa.add(pa.asarray([0.0], dtype=pa.float16), 1e6)
    assert result.dtype is pa.float16 and np.isinf(_native(result)).all()
    result = pa.add(pa.asarray([0.0], dtype=pa.float32), 0.1)
    assert _native(result)[0] == np.float32(0.1)


def test_operands_are_cast_only_when_needed(monkeypatch):
    casts = []
    numpy = pa.get_backend("numpy")  # the backend built now (tests may rebuild it)
    astype = numpy.raw.astype

    def counting(x, dtype, /, **kwargs):
        casts.append(np.dtype(dtype).name)
        return astype(x, dtype, **kwargs)

    monkeypatch.setattr(numpy.raw, "astype", counting)
    f32, f64 = np.ones(3, np.float32), np.ones(3, np.float64)
    pa.add(f32, f32)
    pa.add(pa.asarray(f32), f32)
    pa.multiply(f32, 2.0)
    assert casts == []
    pa.add(f32, f64)
    assert casts == ["float64"]
    pa.add(np.ones(2, np.int8), np.ones(2, np.uint8))
    assert casts == ["float64", "int16", "int16"]


def test_functions_of_one_promoting_operand_are_not_promoted():
    clipped = pa.clip(pa.asarray([1, 9], dtype=pa.int8), 2, 5)  # clip keeps the dtype of x
    _check(clipped, pa.int8, [2, 5])
    condition = pa.asarray([1, 0], dtype=pa.uint8)  # where's condition does not promote with x1, x2
    _check(pa.where(condition.astype(pa.bool), pa.asarray([1, 2], dtype=pa.int8), 0), pa.int8, [1, 0])


def test_where_promotes_its_operands():
    condition = pa.asarray([True, False])
    _check(pa.where(condition, pa.asarray([1, 2], dtype=pa.int8), pa.asarray([3, 4], dtype=pa.uint8)), pa.int16, [1, 4])
    _check(pa.where(condition, 1, 2.5), pa.float64, [1.0, 2.5])
    _check(pa.where(condition, pa.asarray([1, 2], dtype=pa.int32), 0.5), pa.float64, [1.0, 0.5])
    with pytest.raises(pa.PolyarrayValueError, match="out of range for uint8"):
        pa.where(condition, pa.asarray([1, 2], dtype=pa.uint8), -1)


def test_native_mode_returns_promoted_native_arrays():
    pa.set_array_mode(False)
    result = pa.add(np.ones(2, np.int32), np.ones(2, np.float32))
    assert isinstance(result, np.ndarray) and result.dtype == np.float32
    assert pa.multiply(np.ones(2, np.float16), 3).dtype == np.float16


def test_the_backend_namespace_promotes_too():
    result = pa.get_backend("numpy").add(np.ones(2, np.int16), np.ones(2, np.uint16))
    assert result.dtype is pa.int32


def test_operands_that_are_not_arrays_or_scalars_are_left_to_the_backend():
    result = pa.add(np.array([1, 2], dtype=np.int64), [1, 2])
    np.testing.assert_array_equal(_native(result), [2, 4])


def test_the_promotion_module_examples_run():
    failures, tried = doctest.testmod(
        _promotion, extraglobs={"pa": pa}, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 0 and failures == 0


_PAIR = st.sampled_from(PAIRS)


@given(st.data(), _PAIR, hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4))
def test_values_equal_numpy_in_the_promoted_dtype(data, pair, shapes):
    a, b = pair
    want = promote(a, b)
    x = data.draw(hnp.arrays(a.name, shapes.input_shapes[0]))
    y = data.draw(hnp.arrays(b.name, shapes.input_shapes[1]))
    cx, cy = x.astype(want.name), y.astype(want.name)
    for name in ("add", "multiply", "subtract", "equal", "less"):
        if name == "subtract" and want is pa.bool:
            continue
        if name == "less" and want.kind == "complex floating":
            continue
        result = getattr(pa, name)(pa.asarray(x), y)
        expected = getattr(np, name)(cx, cy)
        assert result.dtype == expected.dtype and result.shape == expected.shape
        np.testing.assert_array_equal(_native(result), expected)


@given(st.sampled_from(DTYPES), st.sampled_from([bool, int, float]), st.data())
def test_scalar_values_equal_numpy_in_the_promoted_dtype(dtype, kind, data):
    want = promote_scalar(dtype, kind)
    if kind is bool:
        scalar = data.draw(st.booleans())
    elif kind is int:
        low, high = _promotion.SCALAR_BOUNDS[want.name]
        scalar = data.draw(st.integers(max(low, -100), min(high, 100)))
    else:
        scalar = data.draw(st.floats(-1e3, 1e3))
    x = data.draw(hnp.arrays(dtype.name, hnp.array_shapes(min_dims=0, max_dims=2, max_side=3)))
    result = pa.multiply(x, scalar)
    expected = np.multiply(x.astype(want.name), np.asarray(scalar, dtype=want.name))
    assert result.dtype is want
    np.testing.assert_array_equal(_native(result), expected)
