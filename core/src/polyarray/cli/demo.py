"""``python -m polyarray demo``: the same model code on every installed backend, side by side.

It trains a logistic regression by gradient descent and runs a PCA, written
once against polyarray, on each backend that loads, and prints the results
(which agree across backends) and the time each took. Every result is
computed in one ``pa.compute`` call, so that a lazy backend (Dask) runs the
whole graph once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TextIO

import numpy as np

import polyarray as pa

from .._errors import PolyarrayError
from .progress import importing
from .table import format_table

STEPS = 300
LEARNING_RATE = 0.5


def make_data(seed: int, samples: int = 512, features: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """A linearly separable-ish binary classification problem (float32)."""
    rng = np.random.default_rng(seed)
    scales = np.linspace(3.0, 0.5, features)
    x = (rng.standard_normal((samples, features)) * scales).astype(np.float32)
    true_w = rng.standard_normal(features).astype(np.float32)
    y = ((x @ true_w + 0.5 * rng.standard_normal(samples)) > 0).astype(np.float32)
    return x, y


def logistic_regression(x: pa.Array, y: pa.Array, steps: int = STEPS) -> dict[str, pa.Array]:
    """Gradient descent on the mean binary cross-entropy; returns loss, accuracy and the norm of the weights."""
    samples, features = x.shape
    assert samples is not None and features is not None  # the demo's data has known sizes
    w = pa.zeros(features, dtype=pa.float32)
    b = pa.zeros((), dtype=pa.float32)
    xt = pa.matrix_transpose(x)
    for _ in range(steps):
        p = pa.sigmoid(pa.matmul(x, w) + b)
        error = p - y
        w = w - LEARNING_RATE * pa.matmul(xt, error) / samples
        b = b - LEARNING_RATE * pa.mean(error)
    p = pa.sigmoid(pa.matmul(x, w) + b)
    loss = pa.binary_cross_entropy(y, p, epsilon=1e-7)
    accuracy = pa.mean(pa.astype(pa.equal(pa.greater(p, 0.5), pa.astype(y, pa.bool)), pa.float32))
    return {"logistic loss": loss, "accuracy": accuracy, "|w|": pa.linalg.vector_norm(w)}


def pca(x: pa.Array, components: int = 2) -> dict[str, pa.Array]:
    """Explained variance ratio of the leading principal components."""
    centred = x - pa.mean(x, axis=0)
    singular_values = pa.linalg.svdvals(centred)
    variance = singular_values**2
    ratio = variance / pa.sum(variance)
    return {f"PCA variance ratio {i + 1}": ratio[i] for i in range(components)}


def run_backend(name: str, x_np: np.ndarray, y_np: np.ndarray) -> tuple[dict[str, float], float]:
    """Run the whole demo on one backend; returns the results and the seconds it took."""
    with pa.backend_context(name):
        start = time.perf_counter()
        x = pa.asarray(x_np, dtype=pa.float32)
        y = pa.asarray(y_np, dtype=pa.float32)
        results = {**logistic_regression(x, y), **pca(x)}
        values = pa.compute(*results.values())  # one pass: a lazy backend runs its graph once
        return {metric: float(value) for metric, value in zip(results, values)}, time.perf_counter() - start


def run_demo(out: TextIO, names: Sequence[str] | None = None, seed: int = 0, progress: TextIO | None = None) -> int:
    """Run on each backend (all that load by default) and print the table; 1 if any disagree or fail.

    While a backend's framework imports, ``progress`` (standard error by
    default) shows it, when it is a terminal.
    """
    x_np, y_np = make_data(seed)
    names = list(names) if names else pa.available_backends()
    columns: dict[str, dict[str, float]] = {}
    timings: dict[str, float] = {}
    failures: list[str] = []
    for name in names:
        try:
            with importing(name, progress):
                backend = pa.get_backend(name)
            if backend.info.lazy:
                pa.compute(pa.ones(2, backend=name) * 2)  # warm-up: nothing to compile; the scheduler starts
            else:
                run_backend(name, x_np, y_np)  # warm-up: compiles kernels
            columns[name], timings[name] = run_backend(name, x_np, y_np)
        except PolyarrayError as exc:
            failures.append(f"{name}: {exc}")
    metrics = list(next(iter(columns.values()), {}))
    rows = [[metric, *(f"{columns[n][metric]:.5f}" for n in columns)] for metric in metrics]
    rows.append(["time (ms)", *(f"{timings[n] * 1e3:.1f}" for n in columns)])
    print(f"polyarray {pa.__version__} demo: logistic regression ({STEPS} steps) and PCA, seed {seed}", file=out)
    print(format_table(["", *columns], rows), file=out)
    disagreements = []
    reference = columns.get("numpy") or next(iter(columns.values()), {})
    for name, results in columns.items():
        for metric, value in results.items():
            if not np.isclose(value, reference[metric], rtol=1e-3, atol=1e-4):
                disagreements.append(f"{name}: {metric} = {value} differs from {reference[metric]}")
    for line in failures + disagreements:
        print(f"* {line}", file=out)
    if not failures and not disagreements:
        print(f"All {len(columns)} backend(s) agree.", file=out)
    return 1 if failures or disagreements or not columns else 0
