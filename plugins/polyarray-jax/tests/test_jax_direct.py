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
from polyarray_jax import elementwise

MARKED = sorted(
    (name, function)
    for name, function in vars(elementwise).items()
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
    assert [name for name, _ in MARKED] == ["divide"]
    for _, function in MARKED:
        native, code, dtypes = function.polyarray_direct
        assert function.__code__ is code and dtypes and all(d.kind in "fV" for d in map(np.dtype, dtypes))
        assert native is jnp.divide and len(inspect.signature(function).parameters) == 2


@pytest.mark.parametrize(("name", "function"), MARKED, ids=[name for name, _ in MARKED])
def test_the_native_callable_gives_the_implementations_bits_for_its_dtypes(name, function):
    native, _, dtypes = function.polyarray_direct
    compared = 0
    for dtype, args in itertools.chain.from_iterable(((d, a) for a in _operands(d)) for d in sorted(dtypes, key=str)):
        # The chain hands the implementation a Python scalar as an array of the other operand's dtype.
        as_arrays = tuple(jnp.asarray(a, dtype=dtype) if isinstance(a, (int, float, complex)) else a for a in args)
        expected = _outcome(function, as_arrays)
        assert _outcome(native, args) == expected, (name, dtype, args)
        compared += 1
    assert compared >= 4 * 9
