"""What a dynamic backend switch costs: zero-copy conversions take the same time at any size.

Run with ``nox -s bench`` (or ``python bench/conversion.py`` where polyarray
and the frameworks are installed). For each pair of installed backends, one
dynamic float32 array of 1 MB and one of 400 MB are converted by
``pa.set_backend(target, dynamic=True)``; each figure is the minimum over
repeats of one switch. A conversion that shares memory (DLPack) takes the
same time at both sizes; one that copies takes about 400 times longer at
400 MB. The target printed as PASS/FAIL: NumPy to PyTorch at 400 MB takes at
most 2x its time at 1 MB (and shares memory).
"""

from __future__ import annotations

import importlib.util
import os
import platform
import sys
import time
from typing import Any

import numpy as np

import polyarray as pa

REPEAT = int(os.environ.get("POLYARRAY_BENCH_REPEAT", "7"))
SIZES_MB = (1, 400)
#: The bound on (time at 400 MB) / (time at 1 MB) for NumPy to PyTorch.
ZERO_COPY_RATIO = 2.0
FRAMEWORK_MODULES = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
PAIRS = [
    ("numpy", "torch"),
    ("torch", "numpy"),
    ("numpy", "jax"),
    ("torch", "jax"),
    ("jax", "torch"),
    ("jax", "tensorflow"),
    ("tensorflow", "numpy"),
]


def installed(backend: str) -> bool:
    return importlib.util.find_spec(FRAMEWORK_MODULES[backend]) is not None


def switch_time(source: str, target: str, megabytes: int) -> tuple[float, bool | None]:
    """Seconds of one ``set_backend(target, dynamic=True)`` converting a float32 array, and whether memory is shared.

    Whether it is shared is None where a framework does not tell its arrays' addresses (TensorFlow).
    """
    values = np.random.default_rng(0).random(megabytes * 2**20 // 4, dtype=np.float32)
    x = pa.asarray(values, backend=source)
    source_data, source_backend = x.data, x.backend
    x.dynamic_backend = True
    best = float("inf")
    shared: bool | None = None
    for _ in range(REPEAT):
        x.data, x.backend = source_data, source_backend
        pa.unset_backend()
        start = time.perf_counter()
        pa.set_backend(target, dynamic=True)
        _ready(x.data)
        best = min(best, time.perf_counter() - start)
        shared = _sharing(x.data, source_data)
    pa.unset_backend()
    x.dynamic_backend = False
    return best, shared


def _ready(data: Any) -> None:
    """Wait for a framework that converts asynchronously (JAX) to finish."""
    wait = getattr(data, "block_until_ready", None)
    if wait is not None:
        wait()


def _sharing(converted: Any, original: Any) -> bool | None:
    """Whether two native arrays start at the same address (None when one of them does not say)."""
    first, second = _address(converted), _address(original)
    return None if first is None or second is None else first == second


def _address(data: Any) -> int | None:
    """The address of the first element of a native array (None where the framework does not say)."""
    if isinstance(data, np.ndarray):
        return data.ctypes.data
    module = type(data).__module__.split(".")[0]
    if module == "torch":
        return data.data_ptr()
    if module in ("jax", "jaxlib"):
        return data.unsafe_buffer_pointer()
    return None


def main() -> int:
    backends = [b for b in FRAMEWORK_MODULES if installed(b)]
    versions = ", ".join(f"{b} {pa.get_backend(b).framework_version}" for b in backends)
    print(f"# Dynamic backend switches: {platform.machine()}, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"# {versions}; minimum of {REPEAT} switches, one float32 array each\n")
    print("| source | target | 1 MB | 400 MB | ratio | memory |")
    print("|---|---|---|---|---|---|")
    ratio_numpy_torch = None
    for source, target in PAIRS:
        if source not in backends or target not in backends:
            continue
        times = {}
        for megabytes in SIZES_MB:
            times[megabytes], shared = switch_time(source, target, megabytes)
        ratio = times[SIZES_MB[1]] / times[SIZES_MB[0]]
        memory = {True: "shared", False: "copied", None: "not reported"}[shared]
        print(
            f"| {source} | {target} | {times[1] * 1e6:.1f} µs | {times[400] * 1e6:.1f} µs | {ratio:.2f}x | {memory} |"
        )
        if (source, target) == ("numpy", "torch"):
            ratio_numpy_torch = (ratio, shared)
    if ratio_numpy_torch is None:
        print("\nNumPy to PyTorch: torch is not installed, no target to check.")
        return 0
    ratio, shared = ratio_numpy_torch
    verdict = "PASS" if ratio <= ZERO_COPY_RATIO and shared else "FAIL"
    print(
        f"\n{verdict}: NumPy to PyTorch at 400 MB takes {ratio:.2f}x its time at 1 MB "
        f"(target <= {ZERO_COPY_RATIO}x, memory {'shared' if shared else 'copied'})"
    )
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
