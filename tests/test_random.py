"""``pa.random`` on NumPy: the Threefry known answers, keys, every draw's distribution, Generator, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import polyarray as pa
import polyarray.api.random as random_module
from polyarray.api.random import normal_quantile, threefry2x32

N = 100_000

#: Random123's known-answer vectors for Threefry-2x32 with 20 rounds: (counter, key, result).
KNOWN_ANSWERS = [
    ((0x00000000, 0x00000000), (0x00000000, 0x00000000), (0x6B200159, 0x99BA4EFE)),
    ((0xFFFFFFFF, 0xFFFFFFFF), (0xFFFFFFFF, 0xFFFFFFFF), (0x1CB996FC, 0xBB002BE7)),
    ((0x243F6A88, 0x85A308D3), (0x13198A2E, 0x03707344), (0xC4923A9C, 0x483DF7A0)),
]


def _np(x) -> np.ndarray:
    return np.asarray(pa.to_numpy(x))


def _words(*values: int) -> list[np.ndarray]:
    return [np.asarray(v, dtype=np.uint32) for v in values]


@pytest.mark.parametrize(("counter", "key", "expected"), KNOWN_ANSWERS)
def test_threefry_known_answers(counter, key, expected):
    xp = pa.get_backend("numpy").raw
    k0, k1, x0, x1 = _words(*key, *counter)
    assert [int(w) for w in threefry2x32(xp, k0, k1, x0, x1)] == list(expected)


def test_threefry_is_elementwise_over_counter_arrays():
    xp = pa.get_backend("numpy").raw
    counters = np.asarray([[0, 0xFFFFFFFF, 0x243F6A88], [0, 0xFFFFFFFF, 0x85A308D3]], dtype=np.uint32)
    key = np.asarray([0x13198A2E, 0x03707344], dtype=np.uint32)
    y0, y1 = threefry2x32(xp, key[0], key[1], counters[0], counters[1])
    for i in range(3):
        one = threefry2x32(xp, key[0], key[1], counters[0, i], counters[1, i])
        assert (int(y0[i]), int(y1[i])) == tuple(int(w) for w in one)
    assert (int(y0[2]), int(y1[2])) == KNOWN_ANSWERS[2][2]


@pytest.mark.parametrize(
    "draw",
    [
        lambda k: pa.random.normal(k, (1001,), dtype=pa.float32),
        lambda k: pa.random.normal(k, (1001,), dtype=pa.float64),
        lambda k: pa.random.uniform(k, (7, 9), dtype=pa.float64),
        lambda k: pa.random.integers(k, (999,), -5, 2**40, dtype=pa.int64),
        lambda k: pa.random.split(k, 5),
    ],
)
@pytest.mark.parametrize("chunk", [random_module.CHUNK, 64])
def test_in_place_updates_draw_what_new_arrays_draw(draw, chunk, monkeypatch):
    # On a mutable backend the generator writes into its own temporaries, a span of ``chunk`` counter pairs
    # at a time (64: many spans and a shorter last one); it draws the same bits with new arrays in one span.
    key = pa.random.key(11)
    monkeypatch.setattr(random_module, "CHUNK", chunk)
    updated = _np(draw(key))
    monkeypatch.setattr(pa.get_backend("numpy").raw, "mutable_arrays", False)
    assert updated.tobytes() == _np(draw(key)).tobytes()


# -- keys ---------------------------------------------------------------------------------


def test_key_layout():
    assert _np(pa.random.key(42)).tolist() == [0, 42]
    assert _np(pa.random.key(2**32 + 5)).tolist() == [1, 5]
    assert _np(pa.random.key(-1)).tolist() == [0xFFFFFFFF, 0xFFFFFFFF]
    assert _np(pa.random.key(2**64 - 1)).tolist() == [0xFFFFFFFF, 0xFFFFFFFF]
    assert pa.random.key(np.int64(3)).dtype == pa.uint32
    assert isinstance(pa.random.key(0), pa.Array)


def test_split_and_fold_in_are_threefry_of_counters():
    xp = pa.get_backend("numpy").raw
    k = pa.random.key(9)
    k0, k1 = _np(k)
    keys = _np(pa.random.split(k, 3))
    assert keys.shape == (3, 2) and keys.dtype == np.uint32
    y0, y1 = threefry2x32(xp, k0, k1, np.arange(3, dtype=np.uint32), np.arange(3, 6, dtype=np.uint32))
    assert keys.ravel().tolist() == np.concatenate([y0, y1]).tolist()
    folded = _np(pa.random.fold_in(k, 12345))
    expected = threefry2x32(xp, k0, k1, np.uint32(0), np.uint32(12345))
    assert folded.tolist() == [int(w) for w in expected]


def test_derived_keys_are_distinct_and_reproducible():
    k = pa.random.key(0)
    keys = _np(pa.random.split(k, 1000))
    assert len({tuple(row) for row in keys.tolist()}) == 1000
    assert np.array_equal(keys, _np(pa.random.split(pa.random.key(0), 1000)))
    folded = {tuple(_np(pa.random.fold_in(k, d)).tolist()) for d in range(200)}
    assert len(folded) == 200
    assert pa.random.split(k, 0).shape == (0, 2)
    assert not np.array_equal(_np(pa.random.split(k)), _np(pa.random.split(pa.random.key(1))))


def test_namespaces():
    assert pa.get_backend("numpy").random.uniform is not None
    assert set(pa.random.__all__) >= {"key", "split", "fold_in", "uniform", "normal", "integers", "bernoulli",
                                      "permutation", "choice", "truncated_normal", "Generator"}  # fmt: skip
    assert not hasattr(pa, "uniform") and not hasattr(pa, "truncated_normal")


# -- floats -------------------------------------------------------------------------------


def _ks(sample: np.ndarray, cdf) -> float:
    """The Kolmogorov-Smirnov statistic of ``sample`` against the distribution function ``cdf``."""
    x = np.sort(sample.astype(np.float64))
    f = cdf(x)
    n = len(x)
    return float(max(np.max(np.arange(1, n + 1) / n - f), np.max(f - np.arange(n) / n)))


#: The KS statistic's critical value at significance 0.001 for N draws.
KS_LIMIT = 1.95 / math.sqrt(N)


def _normal_cdf(x: np.ndarray) -> np.ndarray:
    return 0.5 * np.vectorize(math.erfc)(-x / math.sqrt(2.0))


@pytest.mark.parametrize("dtype", [pa.float32, pa.float64])
def test_uniform_bits_and_distribution(dtype):
    x = _np(pa.random.uniform(pa.random.key(1), (N,), dtype=dtype))
    assert x.dtype == np.dtype(dtype.name)
    assert x.min() >= 0.0 and x.max() < 1.0
    mantissa = 23 if dtype == pa.float32 else 52
    scaled = x.astype(np.float64) * 2.0**mantissa
    assert np.array_equal(scaled, np.floor(scaled))  # exactly `mantissa` random bits
    assert abs(x.mean() - 0.5) < 5 * math.sqrt(1 / 12 / N)
    assert abs(x.var() - 1 / 12) < 0.003
    assert _ks(x, lambda v: v) < KS_LIMIT
    assert len(np.unique(x)) > 0.99 * N


def test_uniform_range_shape_and_default_dtype():
    x = pa.random.uniform(pa.random.key(2), (200, 50), low=-3.0, high=5.0)
    assert x.shape == (200, 50) and x.dtype == pa.float64
    v = _np(x)
    assert v.min() >= -3.0 and v.max() < 5.0
    assert abs(v.mean() - 1.0) < 0.1
    assert _np(pa.random.uniform(pa.random.key(2), (3,), low=2.0, high=2.0)).tolist() == [2.0] * 3
    assert pa.random.uniform(pa.random.key(2), ()).shape == ()
    assert pa.random.uniform(pa.random.key(2), 4).shape == (4,)
    assert pa.random.uniform(pa.random.key(2), (0, 3)).shape == (0, 3)


def test_draws_are_reproducible_and_depend_on_the_key():
    a = _np(pa.random.normal(pa.random.key(5), (1000,)))
    assert np.array_equal(a, _np(pa.random.normal(pa.random.key(5), (1000,))))
    assert not np.array_equal(a, _np(pa.random.normal(pa.random.key(6), (1000,))))


@pytest.mark.parametrize("dtype", [pa.float32, pa.float64])
def test_normal_distribution(dtype):
    x = _np(pa.random.normal(pa.random.key(3), (N,), dtype=dtype))
    assert x.dtype == np.dtype(dtype.name) and np.all(np.isfinite(x))
    assert abs(x.mean()) < 5 / math.sqrt(N)
    assert abs(x.var() - 1.0) < 5 * math.sqrt(2 / N)
    assert _ks(x, _normal_cdf) < KS_LIMIT
    assert abs(np.mean(x**3)) < 5 * math.sqrt(15 / N)  # symmetric
    assert abs(np.mean(x**4) - 3) < 5 * math.sqrt(96 / N)  # normal tails


def test_normal_mean_and_std():
    x = _np(pa.random.normal(pa.random.key(4), (N,), mean=-2.0, std=3.0))
    assert abs(x.mean() + 2.0) < 5 * 3 / math.sqrt(N)
    assert abs(x.std() - 3.0) < 0.05
    assert np.all(_np(pa.random.normal(pa.random.key(4), (5,), mean=1.5, std=0.0)) == 1.5)


def test_normal_quantile_agrees_with_the_standard_library():
    from statistics import NormalDist

    xp = pa.get_backend("numpy").raw
    p = np.asarray([1e-300, 1e-30, 1e-10, 1e-3, 0.07, 0.3, 0.5, 0.8, 0.93, 0.999, 1 - 1e-12], dtype=np.float64)
    got = normal_quantile(xp, p, np.float64)
    expected = [NormalDist().inv_cdf(float(v)) for v in p]
    assert np.allclose(got, expected, rtol=1e-14, atol=0)
    assert normal_quantile(xp, np.asarray([0.0, 1.0]), np.float64).tolist() == [-math.inf, math.inf]


@pytest.mark.parametrize(("lower", "upper"), [(-1.0, 2.0), (-math.inf, -1.5), (3.0, math.inf), (0.5, 0.6)])
def test_truncated_normal_distribution(lower, upper):
    x = _np(pa.random.truncated_normal(pa.random.key(7), (N,), lower, upper))
    assert x.min() >= lower and x.max() <= upper
    lo, hi = _normal_cdf(np.asarray(lower)), _normal_cdf(np.asarray(upper))
    assert _ks(x, lambda v: (_normal_cdf(v) - lo) / (hi - lo)) < KS_LIMIT


def test_truncated_normal_float32_far_tail():
    x = _np(pa.random.truncated_normal(pa.random.key(8), (N,), 6.0, 7.0, dtype=pa.float32))
    assert x.dtype == np.float32 and x.min() >= 6.0 and x.max() <= 7.0
    # The density falls by exp(-6 t) at 6 + t: the mean excess is about 1/6.
    assert abs(float(x.mean()) - 6.0 - 0.157) < 0.01


# -- integers and discrete draws ----------------------------------------------------------


def _chi_square_ok(counts: np.ndarray, expected: np.ndarray) -> bool:
    dof = len(counts) - 1
    statistic = float(np.sum((counts - expected) ** 2 / expected))
    return statistic < dof + 5 * math.sqrt(2 * dof)


def test_integers_are_uniform_over_the_range():
    x = _np(pa.random.integers(pa.random.key(10), (N,), -3, 7))
    assert x.dtype == np.int64 and x.min() == -3 and x.max() == 6
    counts = np.bincount(x + 3, minlength=10)
    assert _chi_square_ok(counts, np.full(10, N / 10))


def test_integers_with_a_range_that_is_no_power_of_two_has_no_modulo_bias():
    # With modulo reduction of 32-bit words, the lowest third of [0, 3 * 2**30) would be drawn twice as often.
    x = _np(pa.random.integers(pa.random.key(11), (N,), 0, 3 * 2**30))
    counts = np.bincount(x // 2**30, minlength=3)
    assert _chi_square_ok(counts, np.full(3, N / 3))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_integers_over_the_whole_dtype(dtype):
    info = np.iinfo(dtype)
    x = _np(
        pa.random.integers(pa.random.key(12), (20_000,), int(info.min), int(info.max) + 1, dtype=getattr(pa, dtype))
    )
    assert x.dtype == np.dtype(dtype)
    middle = np.asarray(int(info.min) + 2 ** (info.bits - 1), dtype=dtype)
    assert abs(float(np.mean(x >= middle)) - 0.5) < 0.02  # both halves of the range are drawn
    if info.bits <= 8:
        assert x.min() == info.min and x.max() == info.max


def test_integers_wider_than_32_bits():
    x = _np(pa.random.integers(pa.random.key(13), (N,), -(2**40), 2**41))
    assert x.min() >= -(2**40) and x.max() < 2**41
    counts = np.bincount((x + 2**40) // 2**38, minlength=12)
    assert _chi_square_ok(counts, np.full(12, N / 12))


def test_bernoulli():
    for p in (0.0, 0.2, 0.5, 1.0):
        x = _np(pa.random.bernoulli(pa.random.key(14), (N,), p))
        assert x.dtype == np.bool_
        assert abs(x.mean() - p) < 5 * math.sqrt(p * (1 - p) / N) + 1e-12


def test_permutation():
    perm = _np(pa.random.permutation(pa.random.key(15), 1000))
    assert sorted(perm.tolist()) == list(range(1000)) and perm.tolist() != list(range(1000))
    rows = pa.reshape(pa.arange(12), (6, 2))
    permuted = _np(pa.random.permutation(pa.random.key(15), rows))
    assert sorted(map(tuple, permuted.tolist())) == sorted(map(tuple, _np(rows).tolist()))
    firsts = [int(_np(pa.random.permutation(pa.random.fold_in(pa.random.key(16), i), 5))[0]) for i in range(2000)]
    assert _chi_square_ok(np.bincount(firsts, minlength=5), np.full(5, 400.0))
    assert pa.random.permutation(pa.random.key(0), 0).shape == (0,)


def test_choice_uniform_and_weighted():
    x = _np(pa.random.choice(pa.random.key(17), 6, (N,)))
    assert _chi_square_ok(np.bincount(x, minlength=6), np.full(6, N / 6))
    p = np.asarray([0.1, 0.0, 0.6, 0.3])
    x = _np(pa.random.choice(pa.random.key(18), 4, (N,), p=pa.asarray(p)))
    counts = np.bincount(x, minlength=4)
    assert counts[1] == 0
    assert _chi_square_ok(counts[[0, 2, 3]], N * p[[0, 2, 3]])
    values = pa.asarray([[1, 1], [2, 2], [3, 3]])
    drawn = pa.random.choice(pa.random.key(19), values, (4, 5))
    assert drawn.shape == (4, 5, 2)
    assert set(_np(drawn).ravel().tolist()) <= {1, 2, 3}


def test_choice_without_replacement():
    x = _np(pa.random.choice(pa.random.key(20), 50, (7, 7), replace=False))
    assert len(set(x.ravel().tolist())) == 49
    p = np.asarray([0.5, 0.0, 0.25, 0.25])
    for i in range(20):
        drawn = _np(pa.random.choice(pa.random.fold_in(pa.random.key(21), i), 4, (3,), replace=False, p=pa.asarray(p)))
        assert sorted(drawn.tolist()) == [0, 2, 3]
    firsts = [
        int(_np(pa.random.choice(pa.random.fold_in(pa.random.key(22), i), 4, (2,), replace=False, p=pa.asarray(p)))[0])
        for i in range(1000)
    ]
    assert _chi_square_ok(np.bincount(firsts, minlength=4)[[0, 2, 3]], 1000 * p[[0, 2, 3]])


# -- Generator ----------------------------------------------------------------------------


def test_generator_draws_what_the_split_keys_draw():
    rng = pa.random.Generator(23)
    key = pa.random.key(23)
    for method, args in [("uniform", ((5,),)), ("normal", ((5,),)), ("integers", ((5,), 0, 100)),
                         ("bernoulli", ((5,), 0.5)), ("permutation", (7,)), ("choice", (9, (3,))),
                         ("truncated_normal", ((5,), -1.0, 1.0))]:  # fmt: skip
        first, key = pa.random.split(key)
        expected = getattr(pa.random, method)(first, *args)
        got = getattr(rng, method)(*args)
        assert np.array_equal(_np(got), _np(expected)), method
    assert np.array_equal(_np(rng.key), _np(key))


def test_generator_state_and_backend():
    rng = pa.random.Generator(24)
    assert not np.array_equal(_np(rng.normal((4,))), _np(rng.normal((4,))))
    assert np.array_equal(_np(pa.random.Generator(24).normal((4,))), _np(pa.random.Generator(24).normal((4,))))
    assert "Generator(key=" in repr(rng)
    assert pa.random.Generator(0, backend="numpy").uniform((2,)).backend.name == "numpy"


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda k: pa.random.uniform(k, (-1,)), ValueError, r"shape.*\(-1,\).*negative"),
        (lambda k: pa.random.uniform(k, (2.5,)), TypeError, "shape=.*pass an int or a tuple of ints"),
        (lambda k: pa.random.normal(k, (True,)), TypeError, "shape=.*pass an int or a tuple of ints"),
        (lambda k: pa.random.normal(k, "ab"), TypeError, "shape"),
        (lambda k: pa.random.uniform(k, (2,), low=1.0, high=0.0), ValueError, "low <= high"),
        (lambda k: pa.random.uniform(k, (2,), high=math.inf), ValueError, "finite"),
        (lambda k: pa.random.uniform(k, (2,), dtype=pa.int32), TypeError, "float32, float64"),
        (lambda k: pa.random.uniform(k, (2,), dtype=pa.float16), TypeError, "float32, float64"),
        (lambda k: pa.random.normal(k, (2,), std=-1.0), ValueError, "std >= 0"),
        (lambda k: pa.random.normal(k, (2,), mean="a"), TypeError, "mean=.a. is not a number"),
        (lambda k: pa.random.integers(k, (2,), 0, 10, dtype=pa.float32), TypeError, "int8"),
        (lambda k: pa.random.integers(k, (2,), 5, 5), ValueError, "low < high"),
        (lambda k: pa.random.integers(k, (2,), 0, 1.5), TypeError, "high=1.5.*pass an int"),
        (lambda k: pa.random.integers(k, (2,), -1, 10, dtype=pa.uint8), ValueError, "does not fit uint8"),
        (lambda k: pa.random.integers(k, (2,), 0, 2**31 + 1, dtype=pa.int32), ValueError, "does not fit int32"),
        (lambda k: pa.random.bernoulli(k, (2,), 1.5), ValueError, r"p must lie in \[0, 1\]"),
        (lambda k: pa.random.bernoulli(k, (2,), -0.1), ValueError, r"p must lie in \[0, 1\]"),
        (lambda k: pa.random.choice(k, 3, (4,), replace=False), ValueError, "without replacement"),
        (lambda k: pa.random.choice(k, 0, (1,)), ValueError, "empty population"),
        (lambda k: pa.random.choice(k, 3, (2,), p=pa.asarray([0.5, 0.6, -0.1])), ValueError, "probabilities >= 0"),
        (lambda k: pa.random.choice(k, 3, (2,), p=pa.asarray([0.2, 0.2, 0.2])), ValueError, "sum to 1"),
        (lambda k: pa.random.choice(k, 3, (2,), p=pa.asarray([0.5, 0.5])), ValueError, "shape"),
        (lambda k: pa.random.choice(k, 2, (2,), p=pa.asarray([1, 0])), TypeError, "real floating"),
        (lambda k: pa.random.truncated_normal(k, (2,), 1.0, 1.0), ValueError, "lower < upper"),
        (lambda k: pa.random.permutation(k, -2), ValueError, "population size"),
        (lambda k: pa.random.split(k, -1), ValueError, "num must be non-negative"),
        (lambda k: pa.random.fold_in(k, 2**32), ValueError, "data must lie"),
        (lambda k: pa.random.fold_in(k, -1), ValueError, "data must lie"),
        (lambda k: pa.random.key(2**64), ValueError, "seed must lie"),
        (lambda k: pa.random.key(1.0), TypeError, "seed=1.0.*pass an int"),
    ],
)
def test_bad_input_raises_clear_errors(call, error, match):
    with pytest.raises(pa.PolyarrayError, match=match) as info:
        call(pa.random.key(0))
    assert isinstance(info.value, error)
    assert "pa.random." in str(info.value) and "numpy backend" in str(info.value)


@pytest.mark.parametrize(
    "bad_key",
    [pa.asarray([0, 1]), pa.asarray([0, 1, 2], dtype=pa.uint32), pa.asarray([[0, 1]], dtype=pa.uint32), [0, 1]],
    ids=["int64", "three-words", "2-d", "list"],
)
def test_bad_keys(bad_key):
    for call in (
        lambda: pa.random.uniform(bad_key, (2,)),
        lambda: pa.random.split(bad_key),
        lambda: pa.random.integers(bad_key, (2,), 0, 3),
    ):
        with pytest.raises(pa.PolyarrayTypeError, match=r"a key is a uint32 array of shape \(2,\)"):
            call()


@pytest.mark.parametrize("module", ["polyarray.random", "polyarray.api.random"])
def test_module_examples_run(module):
    """The examples of Generator and of the helpers (threefry2x32, normal_quantile), which are no declarations."""
    import doctest
    import importlib

    options = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(importlib.import_module(module), extraglobs={"pa": pa, "np": np}, optionflags=options)
    assert result.failed == 0 and result.attempted >= 10
