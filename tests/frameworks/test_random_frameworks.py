"""``pa.random`` gives the same bits on NumPy, PyTorch, JAX (64-bit mode and 32-bit mode) and TensorFlow.

So does ``pa.dropout``, which draws its mask from it.

Keys, words, uniform floats, integers, booleans, permutations and choices are
compared bit for bit with NumPy's; normal and truncated normal draws within a
few units in the last place (of the value, or of 1 for values below 1: each
framework's own logarithm, cosine …). The
keys and uniform draws are also JAX's own (``jax.random`` with its original,
non-partitionable Threefry scheme).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import polyarray as pa
from polyarray.api.random import CHUNK

BACKENDS = ["torch", "jax", "tensorflow"]
SEED = 20261125

#: name -> (function of a key and a backend, whether it can only be compared within a few ulps)
DRAWS = {
    "key": (lambda k, b: pa.random.key(SEED, backend=b), False),
    "split": (lambda k, b: pa.random.split(k, 5), False),
    "fold_in": (lambda k, b: pa.random.fold_in(k, 2**31 + 3), False),
    "uniform32": (lambda k, b: pa.random.uniform(k, (33, 3), low=-2.0, high=7.5, dtype=pa.float32), False),
    "uniform64": (lambda k, b: pa.random.uniform(k, (101,), dtype=pa.float64), False),
    "integers8": (lambda k, b: pa.random.integers(k, (40,), -128, 128, dtype=pa.int8), False),
    "integers32": (lambda k, b: pa.random.integers(k, (40,), -7, 2**31 - 1, dtype=pa.int32), False),
    "uintegers32": (lambda k, b: pa.random.integers(k, (40,), 0, 2**32, dtype=pa.uint32), False),
    "integers64": (lambda k, b: pa.random.integers(k, (40,), -(2**63), 2**63 - 1, dtype=pa.int64), False),
    "uintegers64": (lambda k, b: pa.random.integers(k, (40,), 3, 2**64, dtype=pa.uint64), False),
    "bernoulli": (lambda k, b: pa.random.bernoulli(k, (7, 9), 0.37), False),
    "permutation": (lambda k, b: pa.random.permutation(k, 257), False),
    "permutation_rows": (lambda k, b: pa.random.permutation(k, pa.reshape(pa.arange(24, backend=b), (8, 3))), False),
    "choice": (lambda k, b: pa.random.choice(k, 1000, (50,)), False),
    "choice_p": (
        lambda k, b: pa.random.choice(k, 3, (64,), p=pa.asarray([0.25, 0.5, 0.25], dtype=pa.float32, backend=b)),
        False,
    ),
    "choice_distinct": (lambda k, b: pa.random.choice(k, 20, (10,), replace=False), False),
    "dropout": (lambda k, b: pa.dropout(pa.ones((13, 7), dtype=pa.float32, backend=b), 0.3, key=k), False),
    "dropout_rows": (
        lambda k, b: pa.dropout(
            pa.reshape(pa.arange(24, dtype=pa.float32, backend=b), (4, 6)), 0.5, key=k, noise_shape=(4, 1)
        ),
        False,
    ),
    # Longer than a span (on NumPy and PyTorch, the draw is made a span of counters at a time).
    "uniform32_spans": (lambda k, b: pa.random.uniform(k, (2 * CHUNK + 3,), dtype=pa.float32), False),
    "normal32": (lambda k, b: pa.random.normal(k, (999,), dtype=pa.float32), True),
    "normal32_spans": (lambda k, b: pa.random.normal(k, (2 * CHUNK + 3,), dtype=pa.float32), True),
    "normal64_spans": (lambda k, b: pa.random.normal(k, (CHUNK + 1,), dtype=pa.float64), True),
    "normal64": (lambda k, b: pa.random.normal(k, (999,), mean=3.0, std=2.0, dtype=pa.float64), True),
    "truncated32": (lambda k, b: pa.random.truncated_normal(k, (999,), -0.5, 2.0, dtype=pa.float32), True),
    "truncated64": (lambda k, b: pa.random.truncated_normal(k, (999,), 1.0, np.inf, dtype=pa.float64), True),
}
#: The most units in the last place a normal draw may differ by between frameworks.
ULPS = 8


def _draw(name: str, backend: str) -> np.ndarray:
    function, _ = DRAWS[name]
    key = pa.random.key(SEED, backend=backend)
    result = function(key, backend)
    assert result.backend.name == backend
    return np.asarray(pa.to_numpy(result))


def _ulps(got: np.ndarray, expected: np.ndarray) -> float:
    """The largest difference in units in the last place of the expected value (of 1, for values below 1)."""
    scale = np.maximum(np.abs(expected), 1).astype(expected.dtype)
    return float(np.max(np.abs(got - expected) / np.spacing(scale)))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(DRAWS))
def test_same_draws_as_numpy(name, backend):
    expected, got = _draw(name, "numpy"), _draw(name, backend)
    assert got.shape == expected.shape
    assert got.dtype == expected.dtype
    if DRAWS[name][1]:
        assert _ulps(got, expected) <= ULPS
    else:
        assert np.array_equal(got, expected)


@pytest.mark.parametrize("backend", BACKENDS)
def test_generator_on_every_backend(backend):
    draws = []
    for name in ("numpy", backend):
        rng = pa.random.Generator(SEED, backend=name)
        draws.append([pa.to_numpy(rng.integers((10,), 0, 1000)), pa.to_numpy(rng.uniform((10,), dtype=pa.float32))])
    for ours, reference in zip(*draws):
        assert np.array_equal(ours, reference)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_input_is_refused_alike(backend):
    key = pa.random.key(0, backend=backend)
    calls = [
        lambda: pa.random.normal(key, (2,), std=-1.0),
        lambda: pa.random.integers(key, (2,), 0, 10, dtype=pa.float32),
        lambda: pa.random.choice(key, 3, (4,), replace=False),
        lambda: pa.random.uniform(pa.asarray([1, 2], backend=backend), (2,)),
    ]
    for call in calls:
        with pytest.raises(pa.PolyarrayError) as info:
            call()
        assert f"on the {backend} backend" in str(info.value)


def test_keys_and_uniform_draws_are_jax_random_s():
    import jax
    import jax.random as jr

    with jax.threefry_partitionable(False):
        key = jr.PRNGKey(SEED)
        assert np.array_equal(np.asarray(jr.split(key, 5)), _draw("split", "numpy"))
        assert np.array_equal(np.asarray(jr.fold_in(key, 2**31 + 3)), _draw("fold_in", "numpy"))
        ours = pa.to_numpy(pa.random.uniform(pa.random.key(SEED), (101,), dtype=pa.float32))
        assert np.array_equal(np.asarray(jr.uniform(key, (101,), dtype=np.float32)), ours)
        if jax.config.jax_enable_x64:
            ours = pa.to_numpy(pa.random.uniform(pa.random.key(SEED), (101,), dtype=pa.float64))
            assert np.array_equal(np.asarray(jr.uniform(key, (101,), dtype=np.float64)), ours)


def test_jax_in_32_bit_mode_draws_the_same_bits():
    """JAX without 64-bit mode (no int64 or float64): the 32-bit draws are NumPy's, the 64-bit ones refused."""
    names = [n for n, (_, loose) in DRAWS.items() if "64" not in n]
    expected = {name: _draw(name, "numpy").tolist() for name in names}
    code = f"""
        import json, sys
        import numpy as np
        import polyarray as pa
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        import jax
        assert not jax.config.jax_enable_x64
        from test_random_frameworks import DRAWS, SEED, ULPS, _draw, _ulps
        expected = json.loads(sys.stdin.read())
        report = {{}}
        for name, values in expected.items():
            got = _draw(name, "jax")
            reference = np.asarray(values, dtype=got.dtype)
            same = _ulps(got, reference) <= ULPS if DRAWS[name][1] else np.array_equal(got, reference)
            report[name] = bool(same and got.shape == reference.shape)
        try:
            pa.random.uniform(pa.random.key(0, backend="jax"), (2,), dtype=pa.float64)
            report["float64 refused"] = False
        except pa.UnsupportedDtypeError as error:
            report["float64 refused"] = "64-bit mode" in str(error)
        print(json.dumps(report))
    """
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    env["JAX_PLATFORMS"] = "cpu"
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        input=json.dumps(expected),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == dict.fromkeys([*names, "float64 refused"], True)


def test_dropout_under_jax_jit_draws_with_the_traced_key():
    import jax

    x = pa.ones((5, 8), dtype=pa.float32, backend="jax")

    @jax.jit
    def step(data, key):
        return pa.to_native(pa.dropout(pa.Array(data, "jax"), 0.5, key=pa.Array(key, "jax")))

    keys = pa.random.split(pa.random.key(SEED, backend="jax"), 2)
    for key in keys:
        traced = np.asarray(step(pa.to_native(x), pa.to_native(key)))
        eager = pa.to_numpy(pa.dropout(pa.ones((5, 8), dtype=pa.float32), 0.5, key=pa.asarray(pa.to_numpy(key))))
        assert np.array_equal(traced, eager)
    first, second = (np.asarray(step(pa.to_native(x), pa.to_native(k))) for k in keys)
    assert not np.array_equal(first, second)
