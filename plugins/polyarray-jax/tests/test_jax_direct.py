"""The JAX plugin's guarded direct marks: the native callable gives what the implementation gives.

A mark with dtypes (``_marker.direct(native, dtypes=...)``) lets the fast path
call ``native`` for a first array of one of them, with a Python scalar beside
it as given. Here each such mark is compared with its implementation for every
one of its dtypes, on arrays and on the Python scalars the fast path passes
(those that keep the array's dtype), on either side, special values included:
the native callable with the scalar as given, the implementation with it as
the chain gives it, an array of the other operand's dtype.
"""

from __future__ import annotations

import inspect
import itertools
import math

import jax.numpy as jnp
import numpy as np
import pytest
from polyarray_jax import elementwise, searching

MARKED = sorted(
    (name, function)
    for module in (elementwise, searching)
    for name, function in vars(module).items()
    if callable(function)
    and isinstance(getattr(function, "polyarray_direct", None), tuple)
    and len(function.polyarray_direct) == 3
)


def _outcome(function, args):
    try:
        result = function(*args)
    except (TypeError, ValueError) as error:
        return type(error)
    array = np.asarray(result)
    return array.dtype, array.shape, array.tobytes()


def _operands(dtype):
    values = [1.5, -2.0, 0.0, -0.0, math.inf, -math.inf, math.nan, 3.0]
    array = jnp.asarray(np.asarray(values, dtype=np.float64)).astype(dtype)
    scalars = [2, -3, 64, 0.5, 1e-3, 0.0, -0.0]
    yield array, jnp.flip(array)
    yield array, array[0]
    for scalar in scalars:
        yield array, scalar
        yield scalar, array


def test_the_guarded_marks_are_the_ones_expected():
    assert [name for name, _ in MARKED] == ["divide", "where"]
    for _, function in MARKED:
        native, code, dtypes = function.polyarray_direct
        assert function.__code__ is code and dtypes and all(d.kind in "fV" for d in map(np.dtype, dtypes))
    assert elementwise.divide.polyarray_direct[0] is jnp.divide
    native = searching.where.polyarray_direct[0]
    assert list(inspect.signature(native).parameters) == list(inspect.signature(searching.where).parameters)


@pytest.mark.parametrize("dtype", sorted(searching.where.polyarray_direct[2], key=str))
def test_where_gives_the_implementations_bits_for_its_dtypes(dtype):
    """Boolean, integer and floating conditions, an array or a Python scalar as either branch (the scalar as
    given to the native callable, as an array of the branch's dtype to the implementation)."""
    native = searching.where.polyarray_direct[0]
    x = jnp.asarray(np.asarray([1.5, -2.0, -0.0, math.nan, math.inf, 3.0])).astype(dtype)
    conditions = [x > 0, jnp.asarray([0, 1, 2, 0, -1, 1]), jnp.asarray([0.0, 0.5, math.nan, -0.0, 1.0, 2.0])]
    compared = 0
    for condition in conditions:
        for x1, x2 in [(x, jnp.flip(x)), (x, 0.0), (-0.0, x), (x, 2), (x, x[0]), (x, math.nan)]:
            as_arrays = tuple(jnp.asarray(a, dtype=dtype) if isinstance(a, (int, float)) else a for a in (x1, x2))
            expected = _outcome(searching.where, (condition, *as_arrays))
            assert _outcome(native, (condition, x1, x2)) == expected, (dtype, condition, x1, x2)
            compared += 1
    assert compared == 18


#: The marks of two operands (``where``, of three, is compared above).
BINARY_MARKED = [(name, function) for name, function in MARKED if name != "where"]


@pytest.mark.parametrize(("name", "function"), BINARY_MARKED, ids=[name for name, _ in BINARY_MARKED])
def test_the_native_callable_gives_the_implementations_bits_for_its_dtypes(name, function):
    native, _, dtypes = function.polyarray_direct
    compared = 0
    for dtype, args in itertools.chain.from_iterable(((d, a) for a in _operands(d)) for d in sorted(dtypes, key=str)):
        # The chain hands the implementation a Python scalar as an array of the other operand's dtype.
        as_arrays = tuple(jnp.asarray(a, dtype=dtype) if isinstance(a, (int, float, complex)) else a for a in args)
        expected = _outcome(function, as_arrays)
        assert _outcome(native, args) == expected, (name, dtype, args)
        compared += 1
    assert compared == len(dtypes) * 16
