"""The tensorflow plugin's direct marks: each native callable gives what its implementation gives.

polyarray's fast path calls a marked implementation's native callable for
tensors of the mark's dtypes (``_marker.direct``), and its bare callable for
calls with the required arguments alone or the first few of its options by
keyword. Here each is compared with its implementation, for every dtype of the
mark, over ordinary and unusual arguments: ``axis=()``, tuples and negative
axes, empty tensors, 0-d tensors, NaN, ``keepdims``.
"""

from __future__ import annotations

import inspect
import itertools
import math

import numpy as np
import pytest
import tensorflow as tf
from polyarray_tensorflow import _helpers, _marker, elementwise, statistical

import polyarray as pa

MARKED = sorted(
    (name, function)
    for name, function in vars(statistical).items()
    if callable(function) and isinstance(getattr(function, "polyarray_direct", None), tuple)
)

AXES = [None, 0, 1, -1, (0, 1), (-1, 0), (1,), ()]


def _refused(axis, ndim):
    """Whether the core refuses ``axis`` for an array of ``ndim`` axes before the fast path calls."""
    axes = () if axis is None else axis if isinstance(axis, tuple) else (axis,)
    return any(not -ndim <= a < ndim for a in axes) or len({a % ndim for a in axes}) < len(axes)


def _bits(tensor):
    array = np.asarray(tensor)
    return array.dtype, array.shape, array.tobytes()


def _tensors(dtype):
    values = [[1.0, -2.0, 3.0], [math.nan, 0.5, -0.5]]
    base = tf.constant(values, dtype=tf.float64)
    if dtype.is_complex:
        base = tf.complex(base, tf.reverse(base, [0]))
    base = tf.cast(base, dtype)
    return [base, base[:0], base[:, :0], base[0], base[0, 0]]


def test_the_marked_functions_are_the_ones_expected():
    assert [name for name, _ in MARKED] == ["prod", "sum"]
    for _, function in MARKED:
        native, code, dtypes = function.polyarray_direct
        assert function.__code__ is code and dtypes == statistical._OWN_ACCUMULATION
        assert tf.bfloat16 not in dtypes and not any(d.is_integer or d == tf.bool for d in dtypes)
        assert list(inspect.signature(native).parameters) == ["x", "axis", "dtype", "keepdims"]
        bare, bare_code, options = function.polyarray_bare
        assert bare_code is code and options == _marker.REDUCTION_OPTIONS
        assert bare is getattr(tf.math, f"reduce_{function.__name__}")


@pytest.mark.parametrize(("name", "function"), MARKED, ids=[name for name, _ in MARKED])
def test_the_direct_callable_gives_the_implementations_bits(name, function):
    native, _, dtypes = function.polyarray_direct
    compared = 0
    for dtype, axis, keepdims in itertools.product(sorted(dtypes, key=str), AXES, [False, True]):
        for x in _tensors(dtype):
            if _refused(axis, x.ndim):
                continue
            expected = function(x, axis=axis, keepdims=keepdims)
            assert _bits(native(x, axis=axis, keepdims=keepdims)) == _bits(expected), (name, dtype, x.shape, axis)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("name", "function"), MARKED, ids=[name for name, _ in MARKED])
def test_the_bare_callable_gives_the_implementations_bits_for_the_calls_it_takes(name, function):
    bare, _, options = function.polyarray_bare
    for dtype in function.polyarray_direct[2]:
        for x in _tensors(dtype):
            assert _bits(bare(x)) == _bits(function(x)), (name, dtype, x.shape)
            for axis, keepdims in itertools.product([a for a in AXES if a not in (None, ())], [False, True]):
                if _refused(axis, x.ndim):
                    continue
                assert _bits(bare(x, axis)) == _bits(function(x, axis=axis)), (name, dtype, axis)
                expected = function(x, axis=axis, keepdims=keepdims)
                assert _bits(bare(x, axis, keepdims)) == _bits(expected), (name, dtype, axis, keepdims)
    assert options == ("axis", "keepdims")


def test_a_dtype_asked_for_goes_to_the_implementation():
    x = tf.constant([[1.5, 2.25], [3.0, 4.0]], dtype=tf.float32)
    native = statistical.sum.polyarray_direct[0]
    result = native(x, axis=0, dtype=tf.float64)
    assert result.dtype == tf.float64 and _bits(result) == _bits(statistical.sum(x, axis=0, dtype=tf.float64))


def _outcome(function, args, kwargs):
    try:
        result = function(*args, **kwargs)
    except Exception as error:
        return type(error)
    return _bits(result)


@pytest.mark.parametrize("dtype", [pa.float32, pa.float64, pa.complex64, pa.bfloat16, pa.int32, pa.bool])
@pytest.mark.parametrize("name", ["sum", "prod"])
def test_the_fast_path_gives_what_the_chain_gives(name, dtype):
    """The compiled and the Python fast path against the chain, for the marked dtypes and others, valid
    arguments and refused ones (a repeated axis, an axis out of range, a keepdims that is no bool)."""
    function = pa.get_backend("tensorflow").functions[name]
    x = pa.asarray([[1, 0, 3], [4, 1, 0]], dtype=dtype, backend="tensorflow").data
    calls = [{"axis": axis, "keepdims": keepdims} for axis, keepdims in itertools.product(AXES, [False, True])]
    calls += [{}, {"axis": 1}, {"axis": (0, 0)}, {"axis": 2}, {"axis": -3}, {"keepdims": "yes"}, {"dtype": pa.float64}]
    for kwargs in calls:
        expected = _outcome(function.chain, (x,), kwargs)
        for path in (function, getattr(function, "python", function)):
            assert _outcome(path, (x,), kwargs) == expected, (name, dtype, kwargs, path)


ELEMENTWISE_MARKED = sorted(
    (name, function)
    for name, function in vars(elementwise).items()
    if callable(function) and isinstance(getattr(function, "polyarray_direct", None), tuple)
)


def test_the_marked_elementwise_functions_are_the_ones_expected():
    names = [name for name, _ in ELEMENTWISE_MARKED]
    arithmetic = ["add", "subtract", "multiply", "divide"]
    comparisons = ["equal", "not_equal", "greater", "greater_equal", "less", "less_equal"]
    assert names == sorted([*arithmetic, *comparisons])
    for _, function in ELEMENTWISE_MARKED:
        _, code, dtypes = function.polyarray_direct
        assert function.__code__ is code and dtypes == _helpers.REAL_FLOATING


def _elementwise_operands(dtype):
    values = [1.5, -2.0, 0.0, -0.0, math.inf, -math.inf, math.nan, 3.0, 65504.0, 1e-3]
    x = tf.cast(tf.constant(values, tf.float64), dtype)
    y = tf.reverse(x, [0])
    pairs = [(x, y), (x, x[1]), (x[2], y), (tf.reshape(x, (2, 5)), tf.reshape(y, (2, 5))[0])]
    for scalar in (2, -3, 1000, 2**62 + 2**38 + 1, 0.5, 0.1, 0.0, -0.0, 0.0, 1e300, math.inf, math.nan):
        pairs += [(x, scalar), (scalar, x)]
    return pairs


@pytest.mark.parametrize(("name", "function"), ELEMENTWISE_MARKED, ids=[name for name, _ in ELEMENTWISE_MARKED])
def test_the_elementwise_direct_callable_gives_the_implementations_bits(name, function):
    """For every dtype of the mark: tensors, a 0-d tensor and a broadcast row, and Python scalars on either side
    (which the fast path passes as given where they fit the dtype), special values included: the same dtype,
    shape and bits as the implementation."""
    native, _, dtypes = function.polyarray_direct
    compared = 0
    for dtype in sorted(dtypes, key=str):
        for x1, x2 in _elementwise_operands(dtype):
            expected = _outcome(function, (x1, x2), {})
            assert not isinstance(expected, type) and expected == _outcome(native, (x1, x2), {}), (name, dtype, x1, x2)
            compared += 1
    assert compared == len(dtypes) * 28
