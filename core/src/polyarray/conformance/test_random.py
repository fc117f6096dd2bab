"""``pa.random`` on the backend under test: the same keys, words and draws as on NumPy.

Keys, uniform floats, integers, booleans, permutations and choices are
compared bit for bit; normal and truncated normal draws go through each
framework's logarithm, square root, cosine and sine, and are compared with
the tolerance of transcendental functions. Invalid arguments must raise on
every backend alike.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from polyarray.testing import conformance

SHAPES = st.lists(st.integers(0, 5), min_size=0, max_size=3).map(tuple)
FLOATS = ("float32", "float64")
EXACT = {"rtol": 0.0, "atol": 0.0}


def _key(case):
    """A key on the backend under test, from a drawn seed."""
    seed = case.draw(st.integers(0, 2**64 - 1), label="seed")
    return case.asarray(np.asarray([seed >> 32, seed & 0xFFFFFFFF], dtype=np.uint32), dtype="uint32")


def _floats(low: float, high: float) -> st.SearchStrategy[float]:
    """Parameters in ``[low, high]`` that are normal numbers in float32 too: backends that read subnormal
    inputs as zero (``flushes_subnormals``) would compute with other parameters."""
    return st.floats(low, high, allow_subnormal=False).filter(lambda value: value == 0 or abs(value) >= 2.0**-126)


@conformance("random.key")
def test_key(case):
    seed = case.draw(st.integers(-(2**63), 2**64 - 1) | st.sampled_from([2**64, -(2**63) - 1]), label="seed")
    case.check("random.key", seed)


@conformance("random.split")
def test_split(case):
    case.check("random.split", _key(case), case.draw(st.integers(-1, 6), label="num"))


@conformance("random.fold_in")
def test_fold_in(case):
    case.check("random.fold_in", _key(case), case.draw(st.integers(-1, 2**32), label="data"))


@conformance("random.uniform")
def test_uniform_is_bit_identical(case):
    dtype = case.draw(st.sampled_from(FLOATS), label="dtype")
    low = case.draw(_floats(-10, 10), label="low")
    high = case.draw(_floats(-10, 10), label="high")
    case.check("random.uniform", _key(case), case.draw(SHAPES, label="shape"), low=low, high=high, dtype=dtype, **EXACT)


@conformance("random.normal")
def test_normal(case):
    dtype = case.draw(st.sampled_from(FLOATS), label="dtype")
    std = case.draw(_floats(-1, 3), label="std")
    key, shape = _key(case), case.draw(SHAPES, label="shape")
    case.check("random.normal", key, shape, mean=0.5, std=std, dtype=dtype, transcendental=True)


@conformance("random.truncated_normal")
def test_truncated_normal(case):
    dtype = case.draw(st.sampled_from(FLOATS), label="dtype")
    lower = case.draw(_floats(-4, 4) | st.just(-np.inf), label="lower")
    upper = case.draw(_floats(-4, 4) | st.just(np.inf), label="upper")
    key, shape = _key(case), case.draw(SHAPES, label="shape")
    case.check("random.truncated_normal", key, shape, lower, upper, dtype=dtype, transcendental=True)


@conformance("random.integers")
def test_integers_are_bit_identical(case):
    dtype = case.draw(st.sampled_from(["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]))
    bits = int(dtype.lstrip("uint"))
    lowest = 0 if dtype.startswith("u") else -(2 ** (bits - 1))
    low = case.draw(st.integers(lowest, lowest + 2**bits - 1), label="low")
    high = case.draw(st.integers(low - 1, lowest + 2**bits), label="high")
    case.check("random.integers", _key(case), case.draw(SHAPES, label="shape"), low, high, dtype=dtype)


@conformance("random.bernoulli")
def test_bernoulli(case):
    p = case.draw(_floats(-0.1, 1.1), label="p")
    case.check("random.bernoulli", _key(case), case.draw(SHAPES, label="shape"), p)


@conformance("random.permutation")
def test_permutation(case):
    if case.draw(st.booleans(), label="of an array"):
        x = case.array(case.dtype(exclude=("bfloat16",)), label="x")
        if x.ndim == 0:
            x = case.asarray(np.arange(4, dtype=np.int32))
    else:
        x = case.draw(st.integers(-1, 30), label="n")
    case.check("random.permutation", _key(case), x)


@conformance("random.choice")
def test_choice(case):
    n = case.draw(st.integers(1, 8), label="n")
    replace = case.draw(st.booleans(), label="replace")
    shape = case.draw(SHAPES, label="shape")
    p = None
    if case.draw(st.booleans(), label="weighted"):
        weights = np.asarray(case.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n), label="weights"), float)
        if weights.sum() == 0:
            weights[0] = 1.0
        p = case.asarray(weights / weights.sum(), dtype=case.draw(st.sampled_from(FLOATS), label="p dtype"))
    case.check("random.choice", _key(case), n, shape, replace=replace, p=p)
