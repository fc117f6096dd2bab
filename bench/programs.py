"""Whole programs and single operators: what a user's code costs through polyarray, against native code.

Run with ``nox -s bench`` (or ``python bench/programs.py`` where polyarray and the
frameworks are installed; ``--quick`` for NumPy and PyTorch at 64x8 in well under a
minute; ``--help`` for the options).

Four programs are written once against the array API, as a user writes them
(functions of a namespace ``xp`` plus the array's operators and indexing): a
logistic-regression training loop, an MLP training step (forward, hand-written
backward, SGD update), a k-means step and a softmax/normalise block. The same
programs are also written out by hand for each framework (plain NumPy, torch,
``jax.numpy`` and ``tf`` calls, the same operations in the same order). Each
program is timed as

- ``native``: the hand-written framework code on native arrays;
- ``backend``: the array-API code through ``pa.get_backend(name)`` (no dispatch), native mode;
- ``pa native``: the array-API code through ``pa`` with ``pa.set_array_mode(False)``;
- ``pa Array``: the array-API code through ``pa`` in Array mode (the default), on ``pa.Array`` inputs;
- ``compat``: the array-API code through ``array_api_compat.array_namespace(...)``
  where array-api-compat is installed and wraps the framework (NumPy, torch, JAX);
- ``replay``: a ``pa.trace`` graph of the program replayed, traced in native mode
  on native arrays and in Array mode on ``pa.Array`` (see :func:`graph_variants`);
- ``compiled native`` and ``pa.compile`` (JAX, PyTorch, TensorFlow): the framework's
  compiler (``jax.jit``, ``torch.compile``, ``tf.function`` with XLA) applied to the
  hand-written code, and ``pa.compile`` of the array-API code, in native mode.

Every variant's results are checked against the native code's before timing:
a variant that computes something else stops the benchmark with an error.

The per-operator rows time one expression on a ``pa.Array`` against the same
expression on the native array (and, where one exists, the ``pa`` function
that computes it, in native mode): scalar operands, comparisons, indexing,
assignment, properties, and the single calls named by the targets.

Every figure of one run comes from this process (the pure-Python figures from
one subprocess with ``POLYARRAY_PURE_PYTHON=1``): the variants of a row are
interleaved, and each figure is the minimum over many repeats of the mean time
per call of a short tight loop (garbage collector off), so ratios within a run
compare like with like on a noisy machine. Each framework runs on one thread
unless ``OMP_NUM_THREADS`` says otherwise (see below). JAX's results are waited
for (``block_until_ready``) in every variant.

The targets (the call-path issue's, and the graph tracer's replay once it
exists) are ratios to the native code at 64x8 on NumPy and torch, printed as
PASS/FAIL: whole programs in Array mode ≤ 1.3x and in native mode ≤ 1.1x; the
same in Array mode without the compiled fast paths ≤ 2x; Array-mode scalar
operators, ``A > 0`` and getitem ≤ 1.5x; torch ``softmax`` ≤ 1.5x and ``sum``,
``reshape``, ``matmul`` ≤ 1.3x, TensorFlow ``sum`` ≤ 1.5x (each in native and
in Array mode); replay ≤ 1.05x. The exit status is 0 when every target passes,
1 when one fails, 2 when a variant computed something else.
"""

from __future__ import annotations

import os
import sys

# One thread per framework (unless these are set): on a small shared machine, a framework's
# worker threads wait for cores that the others' idle threads spin on, and a 2 µs call takes
# milliseconds. Set before NumPy (OpenBLAS), torch (OpenMP, MKL) or XLA start their pools.
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
THREADS = int(os.environ["OMP_NUM_THREADS"])
if THREADS == 1:
    os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")

import argparse  # noqa: E402
import contextlib  # noqa: E402
import gc  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

import polyarray as pa  # noqa: E402
from polyarray import _accel  # noqa: E402

BACKENDS = ("numpy", "torch", "jax", "tensorflow")
FRAMEWORK_MODULES = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
#: Backends whose arrays array-api-compat's ``array_namespace`` accepts.
COMPAT_BACKENDS = ("numpy", "torch", "jax")
SIZES = ("64x8", "1024x256")
#: The size the targets are stated at.
TARGET_SIZE = "64x8"
#: Backends the targets are stated for (where a native operation takes well under a microsecond).
TARGET_BACKENDS = ("numpy", "torch")

STEPS = 10  # gradient steps of the logistic-regression loop
LR = 0.1  # learning rate
K = 8  # classes of the MLP, clusters of k-means

#: Variant labels, in the order of the tables.
NATIVE, BACKEND, PA_NATIVE, PA_ARRAY, COMPAT = "native", "backend", "pa native", "pa Array", "compat"
REPLAY_NATIVE, REPLAY_ARRAY = "replay native", "replay Array"
COMPILED_NATIVE, PA_COMPILE = "compiled native", "pa.compile"
#: Not a variant: the median over the interleaved rounds of ``pa.compile``'s time over the framework compiler's in
#: the same round (see :func:`measure`), the ratio the compile target reads.
COMPILE_PAIRED = "pa.compile / compiled native, median of rounds"
VARIANT_ORDER = [NATIVE, BACKEND, PA_NATIVE, PA_ARRAY, COMPAT, REPLAY_NATIVE, REPLAY_ARRAY, COMPILED_NATIVE, PA_COMPILE]
#: Variants left out of ``--quick`` unless named (a framework's compiler takes seconds to minutes per program).
SLOW_VARIANTS = (COMPILED_NATIVE, PA_COMPILE)
#: The frameworks' compilers, applied to the hand-written code (``compiled native``) and used by ``pa.compile``.
COMPILERS = {"jax": "jax.jit", "torch": "torch.compile", "tensorflow": "tf.function(jit_compile=True)"}
VARIANT_HEADERS = {
    NATIVE: "native",
    BACKEND: "`pa.get_backend(name)`",
    PA_NATIVE: "`pa`, native mode",
    PA_ARRAY: "`pa`, Array mode",
    COMPAT: "array-api-compat",
    REPLAY_NATIVE: "replay, native mode",
    REPLAY_ARRAY: "replay, Array mode",
    COMPILED_NATIVE: "framework compiler of native",
    PA_COMPILE: "`pa.compile`, native mode",
}


# -- the programs, written once against the array API -------------------------------------------


def logistic_regression(xp: Any, X: Any, y: Any, w: Any, b: Any) -> tuple[Any, Any]:
    """``STEPS`` steps of gradient descent on the logistic loss; ``y`` and ``w`` are columns."""
    n = X.shape[0]
    Xt = xp.matrix_transpose(X)
    for _ in range(STEPS):
        z = X @ w + b
        p = 1.0 / (1.0 + xp.exp(-z))
        err = p - y
        w = w - LR * ((Xt @ err) / n)
        b = b - LR * xp.mean(err)
    return w, b


def mlp_step(xp: Any, X: Any, Y: Any, W1: Any, b1: Any, W2: Any, b2: Any) -> tuple[Any, ...]:
    """One SGD step of a two-layer ReLU network with a softmax cross-entropy loss (``Y`` one-hot)."""
    n = X.shape[0]
    H = X @ W1 + b1
    A = xp.where(H > 0, H, 0.0)
    logits = A @ W2 + b2
    E = xp.exp(logits - xp.max(logits, axis=1, keepdims=True))
    P = E / xp.sum(E, axis=1, keepdims=True)
    loss = -xp.sum(Y * xp.log(P + 1e-9)) / n
    G = (P - Y) / n
    gW2 = xp.matrix_transpose(A) @ G
    gb2 = xp.sum(G, axis=0)
    GH = xp.where(H > 0, G @ xp.matrix_transpose(W2), 0.0)
    gW1 = xp.matrix_transpose(X) @ GH
    gb1 = xp.sum(GH, axis=0)
    return W1 - LR * gW1, b1 - LR * gb1, W2 - LR * gW2, b2 - LR * gb2, loss


def kmeans_step(xp: Any, X: Any, C: Any) -> tuple[Any, Any]:
    """One Lloyd step: squared distances, nearest centroid, centroids moved to their points' mean."""
    k = C.shape[0]
    xx = xp.sum(X * X, axis=1, keepdims=True)
    cc = xp.sum(C * C, axis=1)
    d2 = xx - 2.0 * (X @ xp.matrix_transpose(C)) + cc
    labels = xp.argmin(d2, axis=1)
    onehot = xp.astype(labels[:, None] == xp.arange(k)[None, :], X.dtype)
    counts = xp.sum(onehot, axis=0)
    C = (xp.matrix_transpose(onehot) @ X) / xp.maximum(counts, xp.ones_like(counts))[:, None]
    return C, labels


def softmax_normalise(xp: Any, X: Any) -> tuple[Any, Any]:
    """Columns standardised then a row softmax; rows scaled to unit length."""
    Z = (X - xp.mean(X, axis=0, keepdims=True)) / (xp.std(X, axis=0, keepdims=True) + 1e-6)
    E = xp.exp(Z - xp.max(Z, axis=1, keepdims=True))
    P = E / xp.sum(E, axis=1, keepdims=True)
    U = X / (xp.sqrt(xp.sum(X * X, axis=1, keepdims=True)) + 1e-12)
    return P, U


#: Workload key -> (title, the program written once).
PROGRAMS: dict[str, tuple[str, Callable[..., Any]]] = {
    "logreg": (f"logistic regression ({STEPS} steps)", logistic_regression),
    "mlp": ("MLP training step", mlp_step),
    "kmeans": ("k-means step", kmeans_step),
    "softmax": ("softmax/normalise block", softmax_normalise),
}


# -- the same programs, written by hand for each framework --------------------------------------


def native_programs(name: str) -> dict[str, Callable[..., Any]]:
    """Workload key -> the program in the framework's own calls (same operations, same order)."""
    import_framework(name)
    if name == "numpy":
        return _numpy_programs()
    if name == "torch":
        return _torch_programs()
    if name == "jax":
        return _jax_programs()
    if name == "tensorflow":
        return _tensorflow_programs()
    raise ValueError(name)


def _numpy_programs() -> dict[str, Callable[..., Any]]:
    def logreg(X: Any, y: Any, w: Any, b: Any) -> Any:
        n = X.shape[0]
        Xt = X.T
        for _ in range(STEPS):
            z = X @ w + b
            p = 1.0 / (1.0 + np.exp(-z))
            err = p - y
            w = w - LR * ((Xt @ err) / n)
            b = b - LR * np.mean(err)
        return w, b

    def mlp(X: Any, Y: Any, W1: Any, b1: Any, W2: Any, b2: Any) -> Any:
        n = X.shape[0]
        H = X @ W1 + b1
        A = np.where(H > 0, H, 0.0)
        logits = A @ W2 + b2
        E = np.exp(logits - np.max(logits, axis=1, keepdims=True))
        P = E / np.sum(E, axis=1, keepdims=True)
        loss = -np.sum(Y * np.log(P + 1e-9)) / n
        G = (P - Y) / n
        gW2 = A.T @ G
        gb2 = np.sum(G, axis=0)
        GH = np.where(H > 0, G @ W2.T, 0.0)
        gW1 = X.T @ GH
        gb1 = np.sum(GH, axis=0)
        return W1 - LR * gW1, b1 - LR * gb1, W2 - LR * gW2, b2 - LR * gb2, loss

    def kmeans(X: Any, C: Any) -> Any:
        k = C.shape[0]
        xx = np.sum(X * X, axis=1, keepdims=True)
        cc = np.sum(C * C, axis=1)
        d2 = xx - 2.0 * (X @ C.T) + cc
        labels = np.argmin(d2, axis=1)
        onehot = (labels[:, None] == np.arange(k)[None, :]).astype(X.dtype)
        counts = np.sum(onehot, axis=0)
        C = (onehot.T @ X) / np.maximum(counts, np.ones_like(counts))[:, None]
        return C, labels

    def softmax(X: Any) -> Any:
        Z = (X - np.mean(X, axis=0, keepdims=True)) / (np.std(X, axis=0, keepdims=True) + 1e-6)
        E = np.exp(Z - np.max(Z, axis=1, keepdims=True))
        P = E / np.sum(E, axis=1, keepdims=True)
        U = X / (np.sqrt(np.sum(X * X, axis=1, keepdims=True)) + 1e-12)
        return P, U

    return {"logreg": logreg, "mlp": mlp, "kmeans": kmeans, "softmax": softmax}


def _torch_programs() -> dict[str, Callable[..., Any]]:
    import torch

    def logreg(X: Any, y: Any, w: Any, b: Any) -> Any:
        n = X.shape[0]
        Xt = X.T
        for _ in range(STEPS):
            z = X @ w + b
            p = 1.0 / (1.0 + torch.exp(-z))
            err = p - y
            w = w - LR * ((Xt @ err) / n)
            b = b - LR * torch.mean(err)
        return w, b

    def mlp(X: Any, Y: Any, W1: Any, b1: Any, W2: Any, b2: Any) -> Any:
        n = X.shape[0]
        H = X @ W1 + b1
        A = torch.where(H > 0, H, 0.0)
        logits = A @ W2 + b2
        E = torch.exp(logits - torch.amax(logits, dim=1, keepdim=True))
        P = E / torch.sum(E, dim=1, keepdim=True)
        loss = -torch.sum(Y * torch.log(P + 1e-9)) / n
        G = (P - Y) / n
        gW2 = A.T @ G
        gb2 = torch.sum(G, dim=0)
        GH = torch.where(H > 0, G @ W2.T, 0.0)
        gW1 = X.T @ GH
        gb1 = torch.sum(GH, dim=0)
        return W1 - LR * gW1, b1 - LR * gb1, W2 - LR * gW2, b2 - LR * gb2, loss

    def kmeans(X: Any, C: Any) -> Any:
        k = C.shape[0]
        xx = torch.sum(X * X, dim=1, keepdim=True)
        cc = torch.sum(C * C, dim=1)
        d2 = xx - 2.0 * (X @ C.T) + cc
        labels = torch.argmin(d2, dim=1)
        onehot = (labels[:, None] == torch.arange(k)[None, :]).to(X.dtype)
        counts = torch.sum(onehot, dim=0)
        C = (onehot.T @ X) / torch.maximum(counts, torch.ones_like(counts))[:, None]
        return C, labels

    def softmax(X: Any) -> Any:
        Z = (X - torch.mean(X, dim=0, keepdim=True)) / (torch.std(X, dim=0, keepdim=True, correction=0) + 1e-6)
        E = torch.exp(Z - torch.amax(Z, dim=1, keepdim=True))
        P = E / torch.sum(E, dim=1, keepdim=True)
        U = X / (torch.sqrt(torch.sum(X * X, dim=1, keepdim=True)) + 1e-12)
        return P, U

    return {"logreg": logreg, "mlp": mlp, "kmeans": kmeans, "softmax": softmax}


def _jax_programs() -> dict[str, Callable[..., Any]]:
    import jax.numpy as jnp

    def logreg(X: Any, y: Any, w: Any, b: Any) -> Any:
        n = X.shape[0]
        Xt = X.T
        for _ in range(STEPS):
            z = X @ w + b
            p = 1.0 / (1.0 + jnp.exp(-z))
            err = p - y
            w = w - LR * ((Xt @ err) / n)
            b = b - LR * jnp.mean(err)
        return w, b

    def mlp(X: Any, Y: Any, W1: Any, b1: Any, W2: Any, b2: Any) -> Any:
        n = X.shape[0]
        H = X @ W1 + b1
        A = jnp.where(H > 0, H, 0.0)
        logits = A @ W2 + b2
        E = jnp.exp(logits - jnp.max(logits, axis=1, keepdims=True))
        P = E / jnp.sum(E, axis=1, keepdims=True)
        loss = -jnp.sum(Y * jnp.log(P + 1e-9)) / n
        G = (P - Y) / n
        gW2 = A.T @ G
        gb2 = jnp.sum(G, axis=0)
        GH = jnp.where(H > 0, G @ W2.T, 0.0)
        gW1 = X.T @ GH
        gb1 = jnp.sum(GH, axis=0)
        return W1 - LR * gW1, b1 - LR * gb1, W2 - LR * gW2, b2 - LR * gb2, loss

    def kmeans(X: Any, C: Any) -> Any:
        k = C.shape[0]
        xx = jnp.sum(X * X, axis=1, keepdims=True)
        cc = jnp.sum(C * C, axis=1)
        d2 = xx - 2.0 * (X @ C.T) + cc
        labels = jnp.argmin(d2, axis=1)
        onehot = (labels[:, None] == jnp.arange(k)[None, :]).astype(X.dtype)
        counts = jnp.sum(onehot, axis=0)
        C = (onehot.T @ X) / jnp.maximum(counts, jnp.ones_like(counts))[:, None]
        return C, labels

    def softmax(X: Any) -> Any:
        Z = (X - jnp.mean(X, axis=0, keepdims=True)) / (jnp.std(X, axis=0, keepdims=True) + 1e-6)
        E = jnp.exp(Z - jnp.max(Z, axis=1, keepdims=True))
        P = E / jnp.sum(E, axis=1, keepdims=True)
        U = X / (jnp.sqrt(jnp.sum(X * X, axis=1, keepdims=True)) + 1e-12)
        return P, U

    return {"logreg": logreg, "mlp": mlp, "kmeans": kmeans, "softmax": softmax}


def _tensorflow_programs() -> dict[str, Callable[..., Any]]:
    import tensorflow as tf

    def logreg(X: Any, y: Any, w: Any, b: Any) -> Any:
        n = X.shape[0]
        Xt = tf.transpose(X)
        for _ in range(STEPS):
            z = tf.matmul(X, w) + b
            p = 1.0 / (1.0 + tf.exp(-z))
            err = p - y
            w = w - LR * (tf.matmul(Xt, err) / n)
            b = b - LR * tf.reduce_mean(err)
        return w, b

    def mlp(X: Any, Y: Any, W1: Any, b1: Any, W2: Any, b2: Any) -> Any:
        n = X.shape[0]
        H = tf.matmul(X, W1) + b1
        A = tf.where(H > 0, H, tf.zeros_like(H))
        logits = tf.matmul(A, W2) + b2
        E = tf.exp(logits - tf.reduce_max(logits, axis=1, keepdims=True))
        P = E / tf.reduce_sum(E, axis=1, keepdims=True)
        loss = -tf.reduce_sum(Y * tf.math.log(P + 1e-9)) / n
        G = (P - Y) / n
        gW2 = tf.matmul(A, G, transpose_a=True)
        gb2 = tf.reduce_sum(G, axis=0)
        GA = tf.matmul(G, W2, transpose_b=True)
        GH = tf.where(H > 0, GA, tf.zeros_like(GA))
        gW1 = tf.matmul(X, GH, transpose_a=True)
        gb1 = tf.reduce_sum(GH, axis=0)
        return W1 - LR * gW1, b1 - LR * gb1, W2 - LR * gW2, b2 - LR * gb2, loss

    def kmeans(X: Any, C: Any) -> Any:
        k = C.shape[0]
        xx = tf.reduce_sum(X * X, axis=1, keepdims=True)
        cc = tf.reduce_sum(C * C, axis=1)
        d2 = xx - 2.0 * tf.matmul(X, C, transpose_b=True) + cc
        labels = tf.argmin(d2, axis=1)
        onehot = tf.cast(labels[:, None] == tf.range(k, dtype=labels.dtype)[None, :], X.dtype)
        counts = tf.reduce_sum(onehot, axis=0)
        C = tf.matmul(onehot, X, transpose_a=True) / tf.maximum(counts, tf.ones_like(counts))[:, None]
        return C, labels

    def softmax(X: Any) -> Any:
        Z = (X - tf.reduce_mean(X, axis=0, keepdims=True)) / (tf.math.reduce_std(X, axis=0, keepdims=True) + 1e-6)
        E = tf.exp(Z - tf.reduce_max(Z, axis=1, keepdims=True))
        P = E / tf.reduce_sum(E, axis=1, keepdims=True)
        U = X / (tf.sqrt(tf.reduce_sum(X * X, axis=1, keepdims=True)) + 1e-12)
        return P, U

    return {"logreg": logreg, "mlp": mlp, "kmeans": kmeans, "softmax": softmax}


# -- inputs ---------------------------------------------------------------------------------------


def parse_size(size: str) -> tuple[int, int]:
    rows, _, columns = size.partition("x")
    return int(rows), int(columns)


def program_inputs(workload: str, size: str) -> tuple[np.ndarray, ...]:
    """The program's float32 inputs as NumPy arrays (the same values on every backend)."""
    n, d = parse_size(size)
    rng = np.random.default_rng(12)
    X = rng.standard_normal((n, d)).astype(np.float32)
    if workload == "logreg":
        y = (rng.random((n, 1)) < 0.5).astype(np.float32)
        return X, y, np.zeros((d, 1), np.float32), np.zeros((), np.float32)
    if workload == "mlp":
        Y = np.eye(K, dtype=np.float32)[rng.integers(0, K, n)]
        W1 = (rng.standard_normal((d, d)) / math.sqrt(d)).astype(np.float32)
        W2 = (rng.standard_normal((d, K)) / math.sqrt(d)).astype(np.float32)
        return X, Y, W1, np.zeros(d, np.float32), W2, np.zeros(K, np.float32)
    if workload == "kmeans":
        return X, X[:K].copy()
    if workload == "softmax":
        return (X,)
    raise ValueError(workload)


def import_framework(name: str) -> Any:
    """The framework's module, its thread pools sized to ``THREADS`` on first import."""
    if name == "torch":
        import torch

        if torch.get_num_threads() != THREADS:
            torch.set_num_threads(THREADS)
        return torch
    if name == "tensorflow":
        import tensorflow as tf

        with contextlib.suppress(RuntimeError):  # only before TensorFlow's first operation
            tf.config.threading.set_intra_op_parallelism_threads(THREADS)
            tf.config.threading.set_inter_op_parallelism_threads(THREADS)
        return tf
    if name == "jax":
        import jax.numpy as jnp

        return jnp
    return np


def to_framework(name: str, value: np.ndarray) -> Any:
    """A native array of backend ``name`` holding a copy of ``value``."""
    module = import_framework(name)
    if name == "numpy":
        return value.copy()
    if name == "torch":
        return module.tensor(value)
    if name == "jax":
        return module.asarray(value)
    if name == "tensorflow":
        return module.constant(value)
    raise ValueError(name)


def as_numpy(value: Any) -> Any:
    """A NumPy view of a native array, ``pa.Array``, or a Python number, for comparing results."""
    if isinstance(value, pa.Array):
        return pa.to_numpy(value)
    if hasattr(value, "numpy") and not isinstance(value, np.ndarray):  # torch, TensorFlow
        return value.numpy()
    return np.asarray(value)


def flatten(result: Any) -> list[Any]:
    return [leaf for item in result for leaf in flatten(item)] if isinstance(result, (tuple, list)) else [result]


def check_same(reference: Any, result: Any, what: str) -> None:
    """Raise ``ResultMismatch`` unless ``result`` holds the values, shapes and kinds of ``reference``."""
    expected, actual = flatten(reference), flatten(result)
    if len(expected) != len(actual):
        raise ResultMismatch(f"{what}: {len(actual)} results, the native code gives {len(expected)}")
    for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
        e, a = as_numpy(e), as_numpy(a)
        if e.shape != a.shape or e.dtype.kind != a.dtype.kind:
            raise ResultMismatch(
                f"{what}, result {i}: shape {a.shape} kind {a.dtype.kind!r}, "
                f"the native code gives shape {e.shape} kind {e.dtype.kind!r}"
            )
        if e.dtype.kind == "f":
            ok = np.allclose(a, e, rtol=2e-3, atol=1e-4, equal_nan=True)
        else:
            ok = np.array_equal(a, e)
        if not ok:
            worst = float(np.max(np.abs(a.astype(np.float64) - e.astype(np.float64)))) if e.size else 0.0
            raise ResultMismatch(f"{what}, result {i}: values differ from the native code's (largest gap {worst:g})")


class ResultMismatch(AssertionError):
    """A variant computed something other than the native code."""


# -- timing ---------------------------------------------------------------------------------------


@dataclass
class Settings:
    repeat: int
    loop_s: float


@dataclass
class Variant:
    """One way of running a row: ``loop(n)`` runs it ``n`` times and returns the seconds taken.

    ``mode`` is the polyarray state it runs under (array mode, backend), entered around each loop.
    """

    loop: Callable[[int], float]
    mode: Callable[[], contextlib.AbstractContextManager[Any]] = contextlib.nullcontext
    number: int = 0
    once: Callable[[], Any] | None = None
    #: One run of the row, where the variant is one call (the compiled variants' calls are timed in pairs).
    call: Callable[[], Any] | None = None
    #: Seconds per call in each interleaved round, in the order of the rounds (the figure is their minimum).
    rounds: list[float] = field(default_factory=list)


@contextlib.contextmanager
def polyarray_state(backend: str | None, array_mode: bool) -> Iterator[None]:
    """``pa.set_array_mode(array_mode)`` and, when given, ``backend`` set, for the time of a loop."""
    previous = pa.array_mode()
    pa.set_array_mode(array_mode)
    try:
        if backend is None:
            yield
        else:
            with pa.backend_context(backend):
                yield
    finally:
        pa.set_array_mode(previous)


def call_loop(call: Callable[[], Any]) -> Callable[[int], float]:
    """A loop of ``call()`` with the garbage collector off (as timeit does)."""

    def loop(number: int) -> float:
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            for _ in range(number):
                call()
            return time.perf_counter() - start
        finally:
            if enabled:
                gc.enable()

    return loop


def alternating_loop(first: Callable[[], Any], second: Callable[[], Any], number: int) -> tuple[float, float]:
    """Seconds per call of ``first`` and of ``second``, called ``number`` times each in turns (each of them first
    in every other turn), each call timed alone, with the garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    clock = time.perf_counter
    spent = [0.0, 0.0]
    try:
        for turn in range(number):
            for which in (0, 1) if turn % 2 else (1, 0):
                start = clock()
                (first if which == 0 else second)()
                spent[which] += clock() - start
    finally:
        if enabled:
            gc.enable()
    return spent[0] / number, spent[1] / number


def measure(variants: dict[str, Variant], settings: Settings) -> dict[str, float]:
    """Seconds per call of each variant: the minimum over repeats of the mean of a tight loop.

    Each variant's loop is sized to last about ``settings.loop_s``; the repeats are interleaved
    (each round runs every variant once, in a shuffled order) so that a busy moment of the
    machine, or one that recurs, hits all alike. With ``pa.compile`` and the framework's compiler
    of the native code among the variants, the result also holds :data:`COMPILE_PAIRED`: JAX's
    compiled calls on a few cores run markedly faster for a while after the process starts or
    rests, whichever variant runs then, which a minimum gives to one of the two; a ratio within
    each round compares them under the same conditions. Those two run in one loop, their calls
    alternating (:func:`alternating_loop`): the state of the machine drifts within a loop of
    either, and the variant that ran just before a loop changes its timing too.
    """
    for variant in variants.values():
        with variant.mode():
            variant.loop(1)  # warm-up: first-call compilation, caches
            once = variant.loop(1)
            number = max(1, min(1_000_000, int(settings.loop_s / max(once, 1e-8))))
            if number > 1:  # a finer estimate than one call
                probe = max(1, number // 10)
                number = max(1, int(settings.loop_s / max(variant.loop(probe) / probe, 1e-8)))
            variant.number = number
    paired = [variants[label] for label in (PA_COMPILE, COMPILED_NATIVE) if label in variants]
    paired = paired if len(paired) == 2 and all(variant.call is not None for variant in paired) else []
    order: list[Variant | None] = [variant for variant in variants.values() if not any(variant is p for p in paired)]
    if paired:
        order.append(None)  # the place of the pair in a round
    shuffle = np.random.default_rng(len(variants)).shuffle
    for _ in range(settings.repeat):
        shuffle(order)
        for variant in order:
            if variant is None:
                first, second = paired
                with first.mode(), second.mode():
                    times = alternating_loop(first.call, second.call, max(first.number, second.number))  # type: ignore[arg-type]
                first.rounds.append(times[0])
                second.rounds.append(times[1])
                continue
            with variant.mode():
                variant.rounds.append(variant.loop(variant.number) / variant.number)
    results = {label: min(variant.rounds) for label, variant in variants.items()}
    if PA_COMPILE in variants and COMPILED_NATIVE in variants:
        pairs = zip(variants[PA_COMPILE].rounds, variants[COMPILED_NATIVE].rounds)
        results[COMPILE_PAIRED] = statistics.median(mine / theirs for mine, theirs in pairs)
    return results


# -- whole programs -------------------------------------------------------------------------------


def synchronise(name: str) -> Callable[[Any], Any]:
    """What waits for a result: JAX dispatches asynchronously; the others compute on the call."""
    if name != "jax":
        return lambda result: result

    def wait(result: Any) -> Any:
        for leaf in flatten(result):
            (leaf.data if isinstance(leaf, pa.Array) else leaf).block_until_ready()
        return result

    return wait


def compat_namespace() -> Callable[..., Any] | None:
    if importlib.util.find_spec("array_api_compat") is None:
        return None
    import array_api_compat

    return array_api_compat.array_namespace  # type: ignore[no-any-return]


def program_variants(name: str, workload: str, size: str, kinds: tuple[str, ...]) -> dict[str, Variant]:
    """The variants of one program on one backend, each checked against the native code's result."""
    program = PROGRAMS[workload][1]
    native_program = native_programs(name)[workload]
    values = program_inputs(workload, size)
    native_in = tuple(to_framework(name, v) for v in values)
    array_in = tuple(pa.asarray(to_framework(name, v)) for v in values)
    backend = pa.get_backend(name)
    wait = synchronise(name)
    calls: dict[str, tuple[Callable[[], Any], Callable[[], contextlib.AbstractContextManager[Any]]]] = {
        NATIVE: (lambda: wait(native_program(*native_in)), contextlib.nullcontext),
        BACKEND: (lambda: wait(program(backend, *native_in)), lambda: polyarray_state(None, False)),
        PA_NATIVE: (lambda: wait(program(pa, *native_in)), lambda: polyarray_state(name, False)),
        PA_ARRAY: (lambda: wait(program(pa, *array_in)), lambda: polyarray_state(name, True)),
    }
    namespace = compat_namespace()
    if namespace is not None and name in COMPAT_BACKENDS:
        calls[COMPAT] = (lambda: wait(program(namespace(*native_in), *native_in)), contextlib.nullcontext)
    calls.update(graph_variants(name, program, native_program, native_in, array_in, wait, kinds))
    calls = {label: c for label, c in calls.items() if label in kinds or label == NATIVE}
    reference = native_program(*native_in)
    for label, (call, mode) in calls.items():
        what = f"{PROGRAMS[workload][0]} on {name} at {size}, {label}"
        with mode():
            result = call()
        check_same(reference, result, what)
        wrapped = [isinstance(leaf, pa.Array) for leaf in flatten(result)]
        if label in (PA_ARRAY, REPLAY_ARRAY) and not all(wrapped):
            raise ResultMismatch(f"{what}: a result is not a pa.Array in Array mode")
        if label not in (PA_ARRAY, REPLAY_ARRAY) and any(wrapped):
            raise ResultMismatch(f"{what}: a result is a pa.Array outside Array mode")
        note_cyclic_garbage(call, mode, what)
    return {label: Variant(call_loop(call), mode, call=call) for label, (call, mode) in calls.items()}


#: Notes on variants that leave objects only the garbage collector frees (printed with the tables).
GARBAGE_NOTES: list[str] = []


def note_cyclic_garbage(
    call: Callable[[], Any], mode: Callable[[], contextlib.AbstractContextManager[Any]], what: str
) -> None:
    """Note a variant whose calls leave reference cycles: the timed loops run with the collector
    off (as timeit's do), so the cost of collecting them would not show in the figures."""
    gc.collect()
    with mode():
        call_loop(call)(10)
    garbage = gc.collect()
    if garbage:
        GARBAGE_NOTES.append(f"{what}: {garbage / 10:g} objects in reference cycles a call (collection not timed)")


def graph_variants(
    name: str,
    program: Callable[..., Any],
    native_program: Callable[..., Any],
    native_in: tuple[Any, ...],
    array_in: tuple[Any, ...],
    wait: Callable,
    kinds: tuple[str, ...],
) -> dict[str, tuple[Callable[[], Any], Callable[[], contextlib.AbstractContextManager[Any]]]]:
    """Replay of a traced graph of the program, and the programs compiled (the graph tracer's targets).

    ``pa.trace(fn, *example_args) -> pa.Graph``, called as ``graph(*args)``: replay ≤ 1.05x the
    native code at 64x8 on NumPy and torch, in native and in Array mode. ``pa.compile`` of the
    array-API code within 1.1x of ``jax.jit`` / ``torch.compile`` of the hand-written code. Both
    are checked in :func:`targets`. The compiled variants are made only when asked for (``kinds``).
    """
    variants: dict[str, tuple[Callable[[], Any], Callable[[], contextlib.AbstractContextManager[Any]]]] = {}
    if REPLAY_NATIVE in kinds:
        with polyarray_state(name, False):
            native_graph = pa.trace(lambda *args: program(pa, *args), *native_in)
        variants[REPLAY_NATIVE] = (lambda: wait(native_graph(*native_in)), lambda: polyarray_state(name, False))
    if REPLAY_ARRAY in kinds:
        with polyarray_state(name, True):
            array_graph = pa.trace(lambda *args: program(pa, *args), *array_in)
        variants[REPLAY_ARRAY] = (lambda: wait(array_graph(*array_in)), lambda: polyarray_state(name, True))
    if name in COMPILERS and COMPILED_NATIVE in kinds:
        compiled_native = framework_compile(name, native_program)
        variants[COMPILED_NATIVE] = (lambda: wait(compiled_native(*native_in)), contextlib.nullcontext)
    if name in COMPILERS and PA_COMPILE in kinds:
        compiled = pa.compile(lambda *args: program(pa, *args))
        variants[PA_COMPILE] = (lambda: wait(compiled(*native_in)), lambda: polyarray_state(name, False))
    return variants


def framework_compile(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (hand-written framework code) compiled as ``pa.compile`` compiles graphs on ``name``."""
    if name == "jax":
        import jax

        return jax.jit(function)  # type: ignore[no-any-return]
    if name == "torch":
        import torch

        return torch.compile(function)  # type: ignore[no-any-return]
    import tensorflow as tf

    return tf.function(function, jit_compile=True, autograph=False)  # type: ignore[no-any-return]


def measure_programs(
    names: list[str], workloads: list[str], sizes: list[str], kinds: tuple[str, ...], settings: Settings
) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """size -> backend -> workload -> variant -> seconds per program call."""
    results: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for size in sizes:
        for name in names:
            for workload in workloads:
                variants = program_variants(name, workload, size, kinds)
                results.setdefault(size, {}).setdefault(name, {})[workload] = measure(variants, settings)
                _progress(f"{size} {name} {workload}")
    return results


def measure_tracing(settings: Settings) -> float:
    """Seconds ``pa.trace`` takes for a function of ``TRACE_CALLS`` calls (the recording backend built)."""

    def layers(x: Any, w: Any) -> Any:
        for _ in range(TRACE_CALLS // 4):
            x = pa.tanh(x @ w + 1.0) * 0.5  # matmul, add, tanh, multiply
        return x

    x, w = (pa.asarray(np.full((8, 8), 0.1, dtype=np.float32)) for _ in range(2))
    graph = pa.trace(layers, x, w)
    if len(graph.nodes) != TRACE_CALLS:
        raise ResultMismatch(f"the traced function made {len(graph.nodes)} calls, not {TRACE_CALLS}")
    best = math.inf
    for _ in range(max(3, settings.repeat // 3)):
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            pa.trace(layers, x, w)
            best = min(best, time.perf_counter() - start)
        finally:
            if enabled:
                gc.enable()
    _progress("tracing")
    return best


# -- single operators and calls -------------------------------------------------------------------


@dataclass
class Op:
    """One per-operator row: ``expression`` timed on ``pa.Array`` operands (Array mode) and on native ones.

    ``native`` replaces the expression on the native side for a backend whose arrays do not take
    it (TensorFlow's boolean masks, JAX's immutable arrays); ``function`` is the ``pa`` function
    that computes the same, timed in native mode on native operands. ``target`` bounds the
    Array-mode ratio (and the native-mode one where ``function`` is set and ``target_both``).
    A statement (``exec`` is True) is compared through the ``A`` it leaves.
    """

    group: str
    expression: str
    native: dict[str, str] = field(default_factory=dict)
    function: str | None = None
    target: float | None = None
    target_backends: tuple[str, ...] = TARGET_BACKENDS
    target_both: bool = False
    exec: bool = False
    compare: bool = True


SCALAR_TARGET = 1.5
OPS: list[Op] = [
    Op("scalar", "1.0 + A", function="pa.add(1.0, A)", target=SCALAR_TARGET),
    Op("scalar", "A + 1.0", function="pa.add(A, 1.0)", target=SCALAR_TARGET),
    Op("scalar", "1.0 - A", function="pa.subtract(1.0, A)", target=SCALAR_TARGET),
    Op("scalar", "A / 64", function="pa.divide(A, 64)", target=SCALAR_TARGET),
    Op("scalar", "0.1 * A", function="pa.multiply(0.1, A)", target=SCALAR_TARGET),
    Op("scalar", "A ** 2", function="pa.pow(A, 2)", target=SCALAR_TARGET),
    Op("scalar", "A += 1", exec=True, target=SCALAR_TARGET),
    Op("scalar", "A > 0", function="pa.greater(A, 0)", target=SCALAR_TARGET),
    Op("arrays", "A + B", function="pa.add(A, B)"),
    Op("arrays", "A == B", function="pa.equal(A, B)"),
    Op("arrays", "A @ M", function="pa.matmul(A, M)"),
    Op("getitem", "A[1:3]", target=SCALAR_TARGET),
    Op("getitem", "A[0]", target=SCALAR_TARGET),
    Op("getitem", "A[:, 2]", target=SCALAR_TARGET),
    Op("getitem", "A[mask]", native={"tensorflow": "tf.boolean_mask(A, mask)"}, target=SCALAR_TARGET),
    Op(
        "getitem",
        "A[idx]",
        native={"tensorflow": "tf.gather(A, idx)"},
        function="pa.take(A, idx, axis=0)",
        target=SCALAR_TARGET,
    ),
    Op(
        "setitem",
        "A[0] = 1.0",
        native={
            "jax": "A = A.at[0].set(1.0)",
            "tensorflow": "A = tf.tensor_scatter_nd_update(A, [[0]], tf.ones((1, A.shape[1])))",
        },
        exec=True,
    ),
    Op(
        "setitem",
        "A[mask] = 0",
        native={"jax": "A = jnp.where(mask, 0.0, A)", "tensorflow": "A = tf.where(mask, 0.0, A)"},
        exec=True,
    ),
    # Creation: Python numbers, a native array and sizes into an array (no target; the default dtypes are
    # polyarray's, so the native side names float64 where its framework's default is float32).
    Op(
        "creation",
        "pa.asarray([1.0, 2.0])",
        native={
            "numpy": "np.asarray([1.0, 2.0])",
            "torch": "torch.tensor([1.0, 2.0], dtype=torch.float64)",
            "jax": "jnp.asarray([1.0, 2.0])",
            "tensorflow": "tf.constant([1.0, 2.0], tf.float64)",
        },
        function="pa.asarray([1.0, 2.0])",
    ),
    Op(
        "creation",
        "pa.asarray(A)",
        native={
            "numpy": "np.asarray(A)",
            "torch": "torch.asarray(A)",
            "jax": "jnp.asarray(A)",
            "tensorflow": "tf.convert_to_tensor(A)",
        },
        function="pa.asarray(A)",
    ),
    Op(
        "creation",
        "pa.zeros((ROWS, COLS))",
        native={
            "numpy": "np.zeros((ROWS, COLS))",
            "torch": "torch.zeros((ROWS, COLS), dtype=torch.float64)",
            "jax": "jnp.zeros((ROWS, COLS))",
            "tensorflow": "tf.zeros((ROWS, COLS), tf.float64)",
        },
        function="pa.zeros((ROWS, COLS))",
    ),
    Op(
        "creation",
        "pa.full((ROWS, COLS), 2.0)",
        native={
            "numpy": "np.full((ROWS, COLS), 2.0)",
            "torch": "torch.full((ROWS, COLS), 2.0, dtype=torch.float64)",
            "jax": "jnp.full((ROWS, COLS), 2.0)",
            "tensorflow": "tf.fill((ROWS, COLS), tf.constant(2.0, tf.float64))",
        },
        function="pa.full((ROWS, COLS), 2.0)",
    ),
    Op(
        "creation",
        "pa.arange(COLS)",
        native={
            "numpy": "np.arange(COLS)",
            "torch": "torch.arange(COLS)",
            "jax": "jnp.arange(COLS)",
            "tensorflow": "tf.range(COLS, dtype=tf.int64)",
        },
        function="pa.arange(COLS)",
    ),
    Op("property", "A.shape[0]"),
    Op("property", "A.dtype", compare=False),
    Op("property", "A.ndim"),
    Op("property", "A.device", compare=False),
    # The single calls the targets name (native mode and Array mode both held to them).
    Op(
        "call",
        "pa.softmax(A, axis=-1)",
        native={
            "numpy": "np_softmax(A)",
            "torch": "torch.softmax(A, -1)",
            "jax": "jax.nn.softmax(A, axis=-1)",
            "tensorflow": "tf.nn.softmax(A, -1)",
        },
        function="pa.softmax(A, axis=-1)",
        target=1.5,
        target_backends=("torch",),
        target_both=True,
    ),
    Op(
        "call",
        "pa.sum(A)",
        native={"numpy": "np.sum(A)", "torch": "torch.sum(A)", "jax": "jnp.sum(A)", "tensorflow": "tf.reduce_sum(A)"},
        function="pa.sum(A)",
        target=1.3,
        target_backends=("torch",),
        target_both=True,
    ),
    Op(
        "call",
        "pa.reshape(A, (COLS, ROWS))",
        native={
            "numpy": "np.reshape(A, (COLS, ROWS))",
            "torch": "torch.reshape(A, (COLS, ROWS))",
            "jax": "jnp.reshape(A, (COLS, ROWS))",
            "tensorflow": "tf.reshape(A, (COLS, ROWS))",
        },
        function="pa.reshape(A, (COLS, ROWS))",
        target=1.3,
        target_backends=("torch",),
        target_both=True,
    ),
    Op(
        "call",
        "pa.matmul(A, M)",
        native={
            "numpy": "np.matmul(A, M)",
            "torch": "torch.matmul(A, M)",
            "jax": "jnp.matmul(A, M)",
            "tensorflow": "tf.matmul(A, M)",
        },
        function="pa.matmul(A, M)",
        target=1.3,
        target_backends=("torch",),
        target_both=True,
    ),
]
#: TensorFlow's ``sum`` is held to 1.5x (its row is shared with torch's 1.3x).
BACKEND_TARGETS = {("pa.sum(A)", "tensorflow"): 1.5}


def op_target(op: Op, name: str) -> float | None:
    if (op.expression, name) in BACKEND_TARGETS:
        return BACKEND_TARGETS[op.expression, name]
    return op.target if name in op.target_backends else None


def np_softmax(x: Any) -> Any:
    """NumPy's softmax as a NumPy user writes it (NumPy has none)."""
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def op_globals(name: str) -> dict[str, Any]:
    """The names the statements use: the frameworks' modules and ``pa``."""
    import_framework(name)
    names: dict[str, Any] = {"pa": pa, "np": np, "np_softmax": np_softmax}
    if name == "torch":
        import torch

        names["torch"] = torch
    if name == "jax":
        import jax
        import jax.numpy as jnp

        names.update(jax=jax, jnp=jnp)
    if name == "tensorflow":
        import tensorflow as tf

        names["tf"] = tf
    return names


def op_operands(name: str, size: str, array_mode: bool) -> dict[str, Any]:
    """Fresh operands: ``A``, ``B`` (n x d), ``M`` (d x d), ``mask = A > 0``, ``idx`` (int64 rows)."""
    n, d = parse_size(size)
    rng = np.random.default_rng(7)
    values: dict[str, np.ndarray] = {
        "A": rng.standard_normal((n, d)).astype(np.float32),
        "B": rng.standard_normal((n, d)).astype(np.float32),
        "M": rng.standard_normal((d, d)).astype(np.float32),
        "idx": np.array([0, 2, n - 1, 1], dtype=np.int64),
    }
    values["mask"] = values["A"] > 0
    operands = {key: to_framework(name, value) for key, value in values.items()}
    if array_mode:
        operands = {key: pa.asarray(value) for key, value in operands.items()}
    return {**operands, "ROWS": n, "COLS": d}


def compile_loop(statement: str, is_exec: bool, names: dict[str, Any]) -> tuple[Callable[..., float], Callable]:
    """A timing loop over ``statement`` whose operands are local variables, and a once-runner."""
    operands = "A, B, M, mask, idx, ROWS, COLS"
    body = statement if is_exec else f"_ = {statement}"
    source = (
        f"def _loop(_number, _clock, {operands}):\n"
        f"    _start = _clock()\n"
        f"    for _i in range(_number):\n"
        f"        {body}\n"
        f"    return _clock() - _start\n"
        f"def _once({operands}):\n" + (f"    {statement}\n    return A\n" if is_exec else f"    return {statement}\n")
    )
    namespace = dict(names)
    exec(compile(source, f"<bench op {statement!r}>", "exec"), namespace)
    return namespace["_loop"], namespace["_once"]


def op_variant(
    statement: str, is_exec: bool, name: str, size: str, array_mode: bool, backend: str | None, names: dict[str, Any]
) -> Variant:
    loop, once = compile_loop(statement, is_exec, names)

    def timed(number: int) -> float:
        operands = op_operands_cache(name, size, array_mode, fresh=is_exec)
        enabled = gc.isenabled()
        gc.disable()
        try:
            return float(loop(number, time.perf_counter, **operands))
        finally:
            if enabled:
                gc.enable()

    def mode() -> contextlib.AbstractContextManager[Any]:
        return polyarray_state(backend, array_mode) if backend is not None else contextlib.nullcontext()

    def run_once() -> Any:
        return once(**op_operands(name, size, array_mode))

    return Variant(timed, mode, once=run_once)


_OPERANDS: dict[tuple[str, str, bool], dict[str, Any]] = {}


def op_operands_cache(name: str, size: str, array_mode: bool, fresh: bool) -> dict[str, Any]:
    """The operands of a loop: fresh ones for a statement that changes ``A``, shared ones otherwise."""
    if fresh:
        return op_operands(name, size, array_mode)
    key = (name, size, array_mode)
    if key not in _OPERANDS:
        _OPERANDS[key] = op_operands(name, size, array_mode)
    return _OPERANDS[key]


def measure_ops(names: list[str], size: str, settings: Settings) -> dict[str, dict[str, dict[str, float]]]:
    """backend -> expression -> {"native", "pa Array", "pa native"} -> seconds per operation."""
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in names:
        names_for = op_globals(name)
        for op in OPS:
            native_statement = op.native.get(name, op.expression)
            variants = {
                NATIVE: op_variant(native_statement, op.exec, name, size, False, None, names_for),
                PA_ARRAY: op_variant(op.expression, op.exec, name, size, True, name, names_for),
            }
            if op.function is not None:
                variants[PA_NATIVE] = op_variant(op.function, op.exec, name, size, False, name, names_for)
            reference = variants[NATIVE].once()  # type: ignore[misc]
            for label, variant in variants.items():
                with variant.mode():
                    result = variant.once()  # type: ignore[misc]
                if op.compare:
                    check_same(reference, result, f"{op.expression!r} on {name} at {size}, {label}")
            results.setdefault(name, {})[op.expression] = measure(variants, settings)
        _progress(f"{size} {name} operators")
    return results


# -- without the compiled fast paths --------------------------------------------------------------


def measure_pure_python(args: argparse.Namespace, settings: Settings) -> dict[str, Any] | None:
    """The programs in a subprocess with ``POLYARRAY_PURE_PYTHON=1``: native, ``pa`` native and Array mode.

    Only where the target is stated (NumPy and torch at 64x8, when selected): None elsewhere.
    """
    names = [n for n in args.backends if n in TARGET_BACKENDS]
    if not names or TARGET_SIZE not in args.sizes:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "pure.json")
        command = [
            sys.executable, os.path.abspath(__file__), "--pure-python-child", "--json", path,
            "--backends", ",".join(names), "--workloads", ",".join(args.workloads),
            "--sizes", TARGET_SIZE, "--repeat", str(settings.repeat), "--loop-ms", str(settings.loop_s * 1e3),
        ]  # fmt: skip
        env = {**os.environ, _accel.ENVIRONMENT_VARIABLE: "1"}
        completed = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True)
        if completed.returncode == 2:
            print(completed.stdout)
            raise ResultMismatch("the pure-Python run computed something other than the native code (above)")
        if completed.returncode != 0 or not os.path.exists(path):
            print(completed.stdout)
            raise RuntimeError(f"the pure-Python subprocess failed with status {completed.returncode}")
        with open(path) as handle:
            data: dict[str, Any] = json.load(handle)
    if data["compiled"]:
        raise RuntimeError(f"{_accel.ENVIRONMENT_VARIABLE}=1 left the compiled fast paths on")
    return data


# -- reporting ------------------------------------------------------------------------------------


def _progress(text: str) -> None:
    print(f"  measured: {text}", file=sys.stderr, flush=True)


def _time(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs" if seconds >= 1e-7 else f"{seconds * 1e9:.0f} ns"


def _ratio(value: float | None, native: float) -> str:
    return "-" if value is None else f"{value / native:.2f}x"


@dataclass
class Verdict:
    text: str
    ratio: float | None
    limit: float
    unit: str = "x"

    @property
    def ok(self) -> bool | None:
        return None if self.ratio is None else self.ratio <= self.limit

    def line(self) -> str:
        bound = f"≤ {self.limit:.2f}{self.unit}"
        if self.ratio is None:
            return f"- not measured: {self.text} {bound}"
        return f"- {'PASS' if self.ok else 'FAIL'}: {self.text} {bound} (measured {self.ratio:.2f}{self.unit})"


#: Whole-program targets at ``TARGET_SIZE`` on ``TARGET_BACKENDS``: variant -> bound on the ratio to native.
PROGRAM_TARGETS = {PA_ARRAY: 1.3, PA_NATIVE: 1.1, REPLAY_NATIVE: 1.05, REPLAY_ARRAY: 1.05}
#: ``pa.compile`` against the framework's compiler of the hand-written code, at ``TARGET_SIZE``, on these backends.
COMPILE_TARGET, COMPILE_TARGET_BACKENDS = 1.1, ("jax", "torch")
#: Tracing a function of ``TRACE_CALLS`` calls, in milliseconds.
TRACE_CALLS, TRACE_TARGET_MS = 200, 20.0
PURE_PYTHON_TARGET = 2.0


def print_programs(table: dict[str, dict[str, dict[str, dict[str, float]]]], title: str) -> None:
    for size, per_backend in table.items():
        columns = [c for c in VARIANT_ORDER if any(c in row for rows in per_backend.values() for row in rows.values())]
        print(f"\n### {title}, {size} float32\n")
        print("| backend | program | " + " | ".join(VARIANT_HEADERS[c] for c in columns) + " |")
        print("|---|---|" + "---|" * len(columns))
        for name, rows in per_backend.items():
            for workload, row in rows.items():
                native = row[NATIVE]
                cells = [_time(native) if c == NATIVE else _ratio(row.get(c), native) for c in columns]
                print(f"| {name} | {PROGRAMS[workload][0]} | " + " | ".join(cells) + " |")


def print_ops(table: dict[str, dict[str, dict[str, float]]], size: str) -> None:
    print(f"\n### Single operators and calls, {size} float32\n")
    print("Array mode: the expression on `pa.Array` operands; `pa` function: the function computing it,")
    print("native mode, on native operands; both against the expression (or its native spelling) on native ones.\n")
    print("| backend | group | expression | native | Array mode | `pa` function, native mode | target |")
    print("|---|---|---|---|---|---|---|")
    by_expression = {op.expression: op for op in OPS}
    for name, rows in table.items():
        for expression, row in rows.items():
            op = by_expression[expression]
            native = row[NATIVE]
            spelled = op.native.get(name)
            label = f"`{expression}`" + (f" (native: `{spelled}`)" if spelled else "")
            limit = op_target(op, name)
            bound = f"≤ {limit:.2f}x" if limit else "-"
            print(
                f"| {name} | {op.group} | {label} | {_time(native)} | {_ratio(row.get(PA_ARRAY), native)} | "
                f"{_ratio(row.get(PA_NATIVE), native)} | {bound} |"
            )


def targets(
    programs: dict[str, Any] | None,
    ops: dict[str, Any] | None,
    pure: dict[str, Any] | None,
    args: argparse.Namespace,
    tracing: float | None = None,
) -> list[Verdict]:
    """The targets of the call-path issue (and the tracer's, once it exists), one verdict per row."""
    verdicts: list[Verdict] = []
    names = [n for n in TARGET_BACKENDS if n in args.backends]
    if programs is not None and TARGET_SIZE in programs:
        for name in names:
            rows = programs[TARGET_SIZE].get(name, {})
            for variant, limit in PROGRAM_TARGETS.items():
                if variant not in args.variants:
                    continue
                if not any(variant in row for row in rows.values()):  # the replay, before pa.trace exists
                    text = f"{name} {TARGET_SIZE} every program: {VARIANT_HEADERS[variant]} (no `pa.trace` yet)"
                    verdicts.append(Verdict(text, None, limit))
                    continue
                for workload, row in rows.items():
                    text = f"{name} {TARGET_SIZE} {PROGRAMS[workload][0]}: {VARIANT_HEADERS[variant]}"
                    verdicts.append(Verdict(text, row[variant] / row[NATIVE], limit))
    if programs is not None and TARGET_SIZE in programs and PA_COMPILE in args.variants:
        for name in (n for n in COMPILE_TARGET_BACKENDS if n in args.backends):
            for workload, row in programs[TARGET_SIZE].get(name, {}).items():
                if COMPILE_PAIRED in row:
                    text = (
                        f"{name} {TARGET_SIZE} {PROGRAMS[workload][0]}: `pa.compile` / {COMPILERS[name]} of native, "
                        f"median of rounds"
                    )
                    verdicts.append(Verdict(text, row[COMPILE_PAIRED], COMPILE_TARGET))
    if tracing is not None:
        text = f"tracing a {TRACE_CALLS}-call function (ms)"
        verdicts.append(Verdict(text, tracing * 1e3, TRACE_TARGET_MS, unit=" ms"))
    if pure is not None and TARGET_SIZE in pure["programs"]:
        for name in names:
            for workload, row in pure["programs"][TARGET_SIZE].get(name, {}).items():
                what = f"{name} {TARGET_SIZE} {PROGRAMS[workload][0]}, pure Python: `pa`, Array mode"
                verdicts.append(Verdict(what, row[PA_ARRAY] / row[NATIVE], PURE_PYTHON_TARGET))
    if ops is not None:
        by_expression = {op.expression: op for op in OPS}
        for name, rows in ops.items():
            for expression, row in rows.items():
                op = by_expression[expression]
                bound = op_target(op, name)
                if bound is None:
                    continue
                verdicts.append(Verdict(f"{name} `{expression}`, Array mode", row[PA_ARRAY] / row[NATIVE], bound))
                if op.target_both and PA_NATIVE in row:
                    text = f"{name} `{op.function}`, native mode"
                    verdicts.append(Verdict(text, row[PA_NATIVE] / row[NATIVE], bound))
    return verdicts


# -- the command line -----------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="numpy and torch (unless --backends), 64x8, short loops")
    parser.add_argument("--backends", help="comma-separated (default: every installed one; --quick: numpy,torch)")
    parser.add_argument("--workloads", default=",".join(PROGRAMS), help=f"comma-separated of {', '.join(PROGRAMS)}")
    parser.add_argument("--sizes", help=f"comma-separated ROWSxCOLUMNS (default: {','.join(SIZES)}; --quick: 64x8)")
    parser.add_argument("--op-size", default=TARGET_SIZE, help="the operands' size for the per-operator rows")
    parser.add_argument(
        "--variants",
        help="comma-separated program variants besides native (default: all of "
        + ", ".join(v.replace(" ", "-") for v in VARIANT_ORDER[1:])
        + "; --quick leaves out "
        + ", ".join(v.replace(" ", "-") for v in SLOW_VARIANTS)
        + ")",
    )
    parser.add_argument("--no-programs", action="store_true", help="skip the whole programs")
    parser.add_argument("--no-ops", action="store_true", help="skip the per-operator rows")
    parser.add_argument("--no-pure-python", action="store_true", help="skip the run without the compiled fast paths")
    parser.add_argument("--repeat", type=int, help="interleaved repeats per figure (default 40; --quick: 15)")
    parser.add_argument("--loop-ms", type=float, help="milliseconds per timed loop (default 2)")
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--pure-python-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    installed = [n for n in BACKENDS if n in pa.available_backends() and importlib.util.find_spec(FRAMEWORK_MODULES[n])]
    args.backends = args.backends.split(",") if args.backends else (["numpy", "torch"] if args.quick else installed)
    args.backends = [n for n in args.backends if n in installed or parser.error(f"backend {n!r} is not installed")]
    args.workloads = args.workloads.split(",")
    for workload in args.workloads:
        if workload not in PROGRAMS:
            parser.error(f"unknown workload {workload!r}: choose from {', '.join(PROGRAMS)}")
    args.sizes = args.sizes.split(",") if args.sizes else ([TARGET_SIZE] if args.quick else list(SIZES))
    if args.variants is None:
        kept = [v for v in VARIANT_ORDER[1:] if not (args.quick and v in SLOW_VARIANTS)]
        args.variants = ",".join(v.replace(" ", "-") for v in kept)
    args.variants = tuple(v.replace("-", " ") for v in args.variants.split(","))
    for variant in args.variants:
        if variant not in VARIANT_ORDER[1:]:
            parser.error(f"unknown variant {variant.replace(' ', '-')!r}")
    # Many short loops rather than a few long ones: on a shared machine, the minimum of short
    # loops finds the moments the process ran alone, and repeated runs agree within a few percent.
    args.repeat = args.repeat or (15 if args.quick else 40)
    args.loop_ms = args.loop_ms or 2.0
    return args


def pure_python_child(args: argparse.Namespace, settings: Settings) -> int:
    for name in args.backends:
        import_framework(name)
    try:
        programs = measure_programs(args.backends, args.workloads, args.sizes, (PA_NATIVE, PA_ARRAY), settings)
    except ResultMismatch as error:
        print(f"RESULT MISMATCH (pure Python): {error}")
        return 2
    with open(args.json, "w") as handle:
        json.dump({"compiled": _accel.AVAILABLE, "programs": programs}, handle)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    settings = Settings(repeat=args.repeat, loop_s=args.loop_ms / 1e3)
    if args.pure_python_child:
        return pure_python_child(args, settings)
    started = time.perf_counter()
    for name in args.backends:  # first: TensorFlow takes its thread settings before its first operation
        import_framework(name)
    versions = {n: pa.get_backend(n).framework_version for n in args.backends}
    compat = importlib.util.find_spec("array_api_compat")
    if compat is not None:
        import array_api_compat

        versions["array-api-compat"] = array_api_compat.__version__
    compiled = "on" if _accel.AVAILABLE else f"off (not built, or {_accel.ENVIRONMENT_VARIABLE}=1)"
    print(
        f"polyarray whole programs and operators, {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, {THREADS} thread(s) per framework; {versions}; "
        f"compiled fast paths {compiled}; "
        f"min over {settings.repeat} interleaved repeats of ~{args.loop_ms:g} ms loops"
    )
    programs = ops = pure = tracing = None
    try:
        if not args.no_programs:
            programs = measure_programs(args.backends, args.workloads, args.sizes, args.variants, settings)
            if REPLAY_NATIVE in args.variants or REPLAY_ARRAY in args.variants:
                tracing = measure_tracing(settings)
        if not args.no_ops:
            ops = measure_ops(args.backends, args.op_size, settings)
        if not args.no_programs and not args.no_pure_python:
            pure = measure_pure_python(args, settings)
    except ResultMismatch as error:
        print(f"\nRESULT MISMATCH: {error}", file=sys.stderr)
        return 2
    if programs is not None:
        print_programs(programs, "Whole programs")
        for note in GARBAGE_NOTES:
            print(f"- {note}")
    if pure is not None:
        title = f"Whole programs without the compiled fast paths ({_accel.ENVIRONMENT_VARIABLE}=1)"
        print_programs(pure["programs"], title)
    if ops is not None:
        print_ops(ops, args.op_size)
    if tracing is not None:
        print("\n### Tracing\n")
        print(f"`pa.trace` of a function making {TRACE_CALLS} calls (NumPy, 8x8): {tracing * 1e3:.2f} ms")
    verdicts = targets(programs, ops, pure, args, tracing)
    print("\n### Targets (ratios to the native code, this run)\n")
    for verdict in verdicts:
        print(verdict.line())
    failed = sum(1 for v in verdicts if v.ok is False)
    passed = sum(1 for v in verdicts if v.ok)
    pending = len(verdicts) - failed - passed
    print(f"\n{passed} PASS, {failed} FAIL, {pending} not measured yet; {time.perf_counter() - started:.0f} s")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"versions": versions, "programs": programs, "ops": ops, "pure_python": pure}, handle, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
