"""The NumPy plugin's direct calls of ufunc reductions and methods give exactly what NumPy's functions give.

``np.sum``, ``np.prod``, ``np.max``, ``np.min``, ``np.mean``, ``np.all``,
``np.any``, ``np.argmax`` and ``np.argmin`` dispatch in Python before they
reach a ufunc's reduction or the array's method; the plugin makes that call
itself, and squares with ``np.square`` where ``np.power`` has the exponent 2.
Here each is compared with the NumPy function on every dtype, shape, axis and
``keepdims``, on arrays and on NumPy's scalars: the same type, dtype, shape and
values (NaN and signed zeros included), or the same error class.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

from polyarray_numpy import elementwise, searching, statistical, utility

REDUCTIONS = [
    (statistical._sum, np.sum),
    (statistical._prod, np.prod),
    (statistical._max, np.max),
    (statistical._min, np.min),
    (statistical._mean, np.mean),
    (utility._all, np.all),
    (utility._any, np.any),
    (searching._argmax, np.argmax),
    (searching._argmin, np.argmin),
]
DTYPES = ["float16", "float32", "float64", "complex64", "complex128", "int8", "int32", "int64", "uint8", "bool"]
SHAPES = [(), (5,), (3, 4), (2, 3, 4), (0, 3), (1, 1)]


def _values(dtype, shape, rng):
    if dtype == "bool":
        return rng.random(shape) > 0.5
    values = rng.standard_normal(shape) * 100
    if dtype.startswith("complex"):
        values = values + 1j * rng.standard_normal(shape)
    values = values.astype(dtype)
    if values.size > 3 and values.dtype.kind in "fc":
        values.flat[0], values.flat[-1] = np.nan, -0.0
    return values


def _outcome(function, x, axis, keepdims):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            result = function(x, axis=axis, keepdims=keepdims)
        except Exception as error:
            return type(error)
    array = np.asarray(result)
    return type(result), array.dtype, array.shape, array.tobytes()


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_direct_reductions_give_what_numpy_gives(dtype):
    rng = np.random.default_rng(DTYPES.index(dtype))
    compared = 0
    for shape in SHAPES:
        x = _values(dtype, shape, rng)
        for value in [x, x[()]] if shape == () else [x, x.T]:
            axes = [None, *range(-value.ndim, value.ndim), ()] + ([(0, 1)] if value.ndim >= 2 else [])
            for (direct, numpy_function), axis, keepdims in itertools.product(REDUCTIONS, axes, [False, True]):
                if numpy_function in (np.argmax, np.argmin) and isinstance(axis, tuple):
                    continue  # one axis or all of them
                expected = _outcome(numpy_function, value, axis, keepdims)
                assert _outcome(direct, value, axis, keepdims) == expected, (numpy_function.__name__, shape, axis)
                compared += 1
    assert compared > 200


POWER_VALUES = [0.0, -0.0, 1.5, -2.25, 3e-8, 6e4, 1e20, -1e20, 1e-30, np.inf, -np.inf, np.nan, 7.0, 1e300, 5e-324]


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int8", "int64", "uint8", "uint64", "bool"])
@pytest.mark.parametrize("exponent", [2, 2.0, 3, 0.5, -1])
def test_power_squares_as_numpy_powers(dtype, exponent):
    rng = np.random.default_rng(7)
    if np.dtype(dtype).kind == "f":
        x = np.concatenate([np.array(POWER_VALUES), rng.standard_normal(2000) * 1e3]).astype(dtype)
    elif dtype == "bool":
        x = rng.random(20) > 0.5
    else:
        info = np.iinfo(dtype)
        x = np.array([0, 1, 2, info.min, info.max, info.max // 2, *range(11, 100)], dtype=dtype)
    for value in [x, x[3:4].reshape(()), *x[:8]]:
        expected = _outcome(lambda v, axis, keepdims: np.power(v, exponent), value, None, False)
        actual = _outcome(lambda v, axis, keepdims: elementwise._power(v, exponent), value, None, False)
        assert actual == expected, (dtype, exponent, value)


def test_power_takes_the_square_for_the_exponent_two_from_numpy_2_1_on(monkeypatch):
    calls = []
    monkeypatch.setattr(elementwise, "_SQUARE", lambda x: calls.append(x) or np.multiply(x, x))
    x = np.arange(4.0, dtype=np.float32)
    np.testing.assert_array_equal(elementwise._power(x, 2), x * x)
    # Before NumPy 2.1 np.power(x, 2) of a float calls pow, which np.square does not round alike: never taken.
    squares = np.lib.NumpyVersion(np.__version__) >= "2.1.0"
    assert len(calls) == int(squares)
    elementwise._power(np.arange(3, dtype=np.int8), 2)
    assert len(calls) == 2 * int(squares)
    elementwise._power(x, 3)
    elementwise._power(np.arange(3), 2.0)  # an integer array to a float power is float64: np.power
    elementwise._power(np.float32(3), 2)  # NumPy's scalars: np.power
    elementwise._power(x, np.int64(2))  # the exponent a NumPy scalar: np.power
    assert len(calls) == 2 * int(squares)
