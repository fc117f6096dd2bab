"""uint16, uint32 and uint64 on the PyTorch backend: exact results, as NumPy gives them, where torch lacks kernels."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

UNSIGNED = ("uint16", "uint32", "uint64")


def _specials(name: str) -> np.ndarray:
    """Values at the edges of ``name``: 0, 1, the top bit, the largest value, and their neighbours."""
    bits = np.iinfo(name).bits
    values = [0, 1, 2, 3, 7, 2 ** (bits // 2), 2 ** (bits - 1) - 1, 2 ** (bits - 1), 2 ** (bits - 1) + 1]
    values += [2**bits - 2, 2**bits - 1]
    return np.array(values, dtype=name)


def _pairs(name: str) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of special values, as two 1-d arrays."""
    specials = _specials(name)
    return np.repeat(specials, specials.size), np.tile(specials, specials.size)


def _same(got, expected) -> None:
    """``got`` (a polyarray result on torch) has the value, dtype and shape of ``expected`` (on NumPy)."""
    got_items = got if isinstance(got, tuple) else (got,)
    expected_items = expected if isinstance(expected, tuple) else (expected,)
    for g, e in zip(got_items, expected_items, strict=True):
        g, e = pa.to_numpy(g), pa.to_numpy(e)
        assert g.dtype == e.dtype and g.shape == e.shape, (g.dtype, e.dtype, g.shape, e.shape)
        np.testing.assert_array_equal(g, e)


def _both(function, *arrays):
    """``function`` of ``arrays`` on torch and on NumPy."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = function(*(pa.asarray(a, backend="numpy") for a in arrays))
    return function(*(pa.asarray(a, backend="torch") for a in arrays)), expected


BINARY = {
    "less": pa.less,
    "less_equal": pa.less_equal,
    "greater": pa.greater,
    "greater_equal": pa.greater_equal,
    "add": pa.add,
    "subtract": pa.subtract,
    "multiply": pa.multiply,
    "floor_divide": pa.floor_divide,
    "remainder": pa.remainder,
    "maximum": pa.maximum,
    "minimum": pa.minimum,
    "bitwise_and": pa.bitwise_and,
    "logical_and": pa.logical_and,
    "logical_xor": pa.logical_xor,
    "where": lambda x1, x2: pa.where(x1 > x2, x1, x2),
    "operator <": lambda x1, x2: x1 < x2,
    "operator //": lambda x1, x2: x1 // x2,
    "operator %": lambda x1, x2: x1 % x2,
}

UNARY = {
    "abs": pa.abs,
    "negative": pa.negative,
    "positive": pa.positive,
    "sign": pa.sign,
    "square": pa.square,
    "bitwise_invert": pa.bitwise_invert,
    "logical_not": pa.logical_not,
    "sum": pa.sum,
    "prod": pa.prod,
    "cumulative_sum": pa.cumulative_sum,
    "min": pa.min,
    "max": pa.max,
    "argmin": pa.argmin,
    "argmax": pa.argmax,
    "sort": pa.sort,
    "argsort": pa.argsort,
    "descending argsort": lambda x: pa.argsort(x, descending=True),
    "unique_all": pa.unique_all,
    "diff": pa.diff,
    "clip": lambda x: pa.clip(x, 3, 2**15 + 1),
    "comparison with a Python int": lambda x: x >= 7,
    "sum with a Python int": lambda x: x + 5,
    "boolean mask": lambda x: x[x > 2],
    "max over an axis": lambda x: pa.max(pa.reshape(x, (11, -1)), axis=1),
}


@pytest.mark.parametrize("name", UNSIGNED)
@pytest.mark.parametrize("function", list(BINARY), ids=str)
def test_binary_functions_are_exact_on_every_pair_of_edge_values(name, function):
    _same(*_both(BINARY[function], *_pairs(name)))


@pytest.mark.parametrize("name", UNSIGNED)
@pytest.mark.parametrize("function", list(UNARY), ids=str)
def test_unary_functions_and_reductions_are_exact_on_edge_values(name, function):
    _same(*_both(UNARY[function], _pairs(name)[0]))


@pytest.mark.parametrize("name", UNSIGNED)
@pytest.mark.parametrize("right", [False, True], ids=["left", "right"])
def test_shifts_are_logical_and_give_zero_from_the_width_on(name, right):
    values, _ = _pairs(name)
    bits = np.iinfo(name).bits
    amounts = np.resize(
        np.array([0, 1, 3, bits // 2, bits - 1, bits, bits + 1, 2 * bits, 255], dtype=name), values.size
    )
    function = pa.bitwise_right_shift if right else pa.bitwise_left_shift
    _same(*_both(function, values, amounts))


@pytest.mark.parametrize("name", UNSIGNED)
def test_matrix_products_powers_and_cross_products_wrap_as_numpy_does(name):
    rng = np.random.default_rng(0)
    top = np.iinfo(name).max
    a = rng.integers(0, top, (4, 6), dtype=name, endpoint=True)
    b = rng.integers(0, top, (6, 3), dtype=name, endpoint=True)
    _same(*_both(pa.matmul, a, b))
    _same(*_both(lambda x1, x2: pa.tensordot(x1, x2, axes=1), a, b))
    _same(*_both(pa.vecdot, a, a))
    square = rng.integers(0, top, (4, 4), dtype=name, endpoint=True)
    _same(*_both(lambda x: pa.linalg.matrix_power(x, 5), square))
    _same(*_both(pa.linalg.cross, a[:, :3], a[:, 3:]))


@pytest.mark.parametrize("name", UNSIGNED)
def test_powers_wrap_as_numpy_does(name):
    values = np.resize(_specials(name), 40)
    exponents = np.arange(40).astype(name)
    _same(*_both(pa.pow, values, exponents))


def test_a_uint64_exponent_of_2_to_the_63_or_more_is_refused():
    x = pa.asarray(np.array([3], dtype="uint64"), backend="torch")
    with pytest.raises(pa.UnsupportedDtypeError, match="uint64"):
        pa.pow(x, pa.asarray(np.array([2**63], dtype="uint64"), backend="torch"))


@given(
    st.sampled_from(UNSIGNED).flatmap(
        lambda name: st.tuples(
            hnp.arrays(name, 24, elements=st.integers(0, np.iinfo(name).max)),
            hnp.arrays(name, 24, elements=st.integers(0, np.iinfo(name).max)),
        )
    )
)
def test_division_and_order_agree_with_numpy_on_any_values(pair):
    x1, x2 = pair
    for function in (pa.floor_divide, pa.remainder, pa.less, pa.maximum, pa.subtract, pa.multiply):
        _same(*_both(function, x1, x2))
    _same(*_both(pa.sort, x1))


def test_the_order_key_is_monotonic_and_inverted_exactly():
    from polyarray_torch._helpers import from_order_key, order_key

    for name in UNSIGNED:
        values = np.sort(_specials(name))
        tensor = torch.asarray(values)
        key = order_key(tensor)
        assert bool((key[1:] > key[:-1]).all())
        assert torch.equal(from_order_key(key, tensor.dtype).view(key.dtype), tensor.view(key.dtype))
