"""A user's program, checked by mypy and pyright in ``nox -s typecheck`` (and run by tests/typing/test_stubs.py).

It uses polyarray as a user would; the ``assert_type`` lines fail the type checkers when a public name
loses its type (to ``Any`` or to something else), and each ``# type: ignore[...]`` (mypy) and
``# pyright: ignore[...]`` marks a call the checkers must refuse: both report an ignore that is not
needed, so a checker that stopped refusing it fails too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import numpy as np

import polyarray as pa

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - the checkers run for Python 3.10
    from typing_extensions import assert_type


def standardize(x: pa.Array, axis: int = 0) -> pa.Array:
    """Zero mean, unit variance along ``axis``: operators with arrays and Python scalars."""
    mean = pa.mean(x, axis=axis, keepdims=True)
    std = pa.std(x, axis=axis, keepdims=True)
    return (x - mean) / (std + 1e-12)


def logistic_regression(features: pa.Array, labels: pa.Array, steps: int = 20) -> pa.Array:
    """A few gradient steps: matmul, element-wise functions, reductions, in-place updates."""
    weights = pa.zeros((features.shape[1] or 0,), dtype=features.dtype)
    for _ in range(steps):
        probabilities = 1.0 / (1.0 + pa.exp(-(features @ weights)))
        gradient = features.T @ (probabilities - labels) / len(labels)
        weights -= 0.1 * gradient
    return weights


def principal_components(x: pa.Array, k: int) -> pa.Array:
    """The first ``k`` principal directions, by ``pa.linalg.svd``."""
    centred = x - x.mean(axis=0)
    _, S, Vh = pa.linalg.svd(centred, full_matrices=False)
    assert_type(S, pa.Array)
    return Vh[:k]


def batches(n: int, size: int) -> Iterator[pa.Array]:
    """Shuffled index batches from ``pa.random``: a key, then a Generator."""
    key = pa.random.key(0)
    first, _ = pa.random.split(key)
    order = pa.random.permutation(first, n)
    rng = pa.random.Generator(1)
    noise = rng.normal((n,), dtype=pa.float32)
    assert_type(noise, pa.Array)
    for start in range(0, n, size):
        yield order[start : start + size]


def main() -> None:
    x = pa.asarray(np.linspace(-1.0, 1.0, 24).reshape(8, 3))
    assert_type(x, pa.Array)
    assert_type(x + 1, pa.Array)
    assert_type(2.0 * x, pa.Array)
    assert_type(x > 0, pa.Array)
    assert_type(x[1:3], pa.Array)
    assert_type(x.T, pa.Array)
    assert_type(x.sum(axis=0), pa.Array)
    assert_type(x.shape, tuple[int | None, ...])
    assert_type(x.dtype, pa.DType)
    assert_type(pa.float32, pa.DType)
    assert_type(pa.linalg.svd(x), pa.linalg.SVDResult)
    assert_type(pa.fft.fft(x), pa.Array)
    assert_type(pa.unique_counts(x).counts, pa.Array)
    assert_type(pa.meshgrid(x[0], x[1]), list[pa.Array])
    assert_type(pa.split(x, 2), list[pa.Array])
    assert_type(pa.top_k(x[0], 2), pa.TopKResult)
    assert_type(pa.top_k(x[0], 2).indices, pa.Array)
    assert_type(pa.einsum("ij,ij->i", x, x), pa.Array)
    assert_type(pa.pad(x, 1), pa.Array)
    assert_type(pa.allclose(x, x), pa.Array)
    assert_type(pa.quantile(x, [0.25, 0.75], axis=0), pa.Array)
    assert_type(pa.diag(x[0]), pa.Array)
    assert_type(x.isclose(x), pa.Array)
    assert_type(pa.finfo(pa.float32).eps, float)
    assert_type(pa.__version__, str)

    labels = pa.astype(pa.asarray(np.arange(8) % 2), pa.float64)
    weights = logistic_regression(standardize(x), labels)
    print("weights", pa.to_numpy(weights).round(3))
    print("components", principal_components(x, 2).shape)
    print("batches", [b.shape for b in batches(8, 3)])

    with pa.backend_context("numpy") as xp:
        y = xp.add(x, x)
        print("in a context", float(pa.sum(y)))
    with pa.default_dtype_as(pa.float32) as dtype:
        assert_type(dtype, pa.DType)
        print("default float", pa.zeros(2).dtype)

    params = pa.Container(w=pa.ones((3,)), b={"c": pa.zeros((1,))})
    doubled = params * 2 + 1
    assert_type(doubled, pa.Container)
    print("container", float(pa.sum(doubled.w)))

    z = pa.add(x, 1.5, backend="numpy")
    assert_type(z, pa.Array)


def refused(x: pa.Array) -> None:
    """Calls the type checkers must refuse (never run): each would raise at run time."""
    pa.add(x, x, bogus=1)  # type: ignore[call-arg]  # pyright: ignore[reportCallIssue]
    pa.linalg.qr(x, mode="economic")  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
    pa.not_a_function(x)  # type: ignore[attr-defined]  # pyright: ignore[reportAttributeAccessIssue]
    pa.sum(x, axis=0, backend=3)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
    pa.cross_entropy(x, x, reduction="average")  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
    pa.split(x, 2.5)  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]


if __name__ == "__main__":
    main()
