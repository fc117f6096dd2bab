"""What ``pa.random`` costs: one million float32 normals against the framework's own generator.

Run with ``nox -s bench`` (or ``python bench/random_draws.py`` where polyarray and
the frameworks are installed). For NumPy (``np.random.default_rng().standard_normal``)
and PyTorch (``torch.randn``), each figure is the minimum over repeats of one
call drawing ``SIZE`` float32 normals; the ratio is polyarray's time over the
framework's. polyarray draws the same numbers on every backend (Threefry-2x32
computed with the backend's own integer operations, then Box-Muller), so it
does more work than a framework's native generator. The target printed as
PASS/FAIL: at most ``TARGET`` times the native time.

Before timing, the process allocates and frees one buffer of ``SETTLE_BYTES``,
as any program that has held a large array has done: glibc's malloc returns
freed memory at the top of its heap to the kernel once it exceeds a threshold
that grows with the largest block freed so far, and in a process that has
freed nothing large, temporaries above it are mapped afresh, page by page, on
every call. polyarray's draw goes through temporaries of at most 512 KB on
NumPy and PyTorch (it draws a span of counters at a time), so it hardly
depends on this; ``--fresh`` skips the settling, to see it (docs/random.md
has the figures).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import polyarray as pa

REPEAT = int(os.environ.get("POLYARRAY_BENCH_REPEAT", "7"))
SIZE = 1_000_000
#: The bound on polyarray's time over the native generator's.
TARGET = 3.0
#: The buffer allocated and freed before timing: above glibc's largest heap trim threshold's start, below its
#: 32 MB ceiling for the dynamic mmap threshold.
SETTLE_BYTES = 24 * 2**20


def settle_allocator() -> None:
    """Allocate and free one ``SETTLE_BYTES`` buffer, as a program that has held a large array has done."""
    np.ones(SETTLE_BYTES, dtype=np.uint8)


def best_of(call: Callable[[], Any], repeat: int = REPEAT) -> float:
    """The minimum wall time of ``call`` over ``repeat`` runs, after one warm-up."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def natives() -> dict[str, Callable[[], Any]]:
    """The framework's own generator for each installed backend measured here."""
    rng = np.random.default_rng(0)
    found: dict[str, Callable[[], Any]] = {"numpy": lambda: rng.standard_normal(SIZE, dtype=np.float32)}
    if importlib.util.find_spec("torch") is not None and "torch" in pa.available_backends():
        import torch

        generator = torch.Generator().manual_seed(0)
        found["torch"] = lambda: torch.randn(SIZE, dtype=torch.float32, generator=generator)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--fresh", action="store_true", help="time without settling the allocator first")
    fresh = parser.parse_args(argv).fresh
    if not fresh:
        settle_allocator()
    print(f"pa.random.normal: {SIZE:,} float32 draws, best of {REPEAT}; {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} CPUs; allocator "
          f"{'as at start (--fresh)' if fresh else f'settled ({SETTLE_BYTES >> 20} MB freed first)'}")  # fmt: skip
    rows, failed = [], False
    key = pa.random.key(0)
    for name, native in natives().items():
        backend_key = pa.asarray(pa.to_numpy(key), backend=name)
        ours = best_of(lambda k=backend_key: pa.random.normal(k, (SIZE,), dtype=pa.float32))
        theirs = best_of(native)
        ratio = ours / theirs
        verdict = "PASS" if ratio <= TARGET else "FAIL"
        failed |= verdict == "FAIL"
        rows.append((name, ours * 1e3, theirs * 1e3, ratio, verdict))
    print(f"{'backend':<10} {'pa.random (ms)':>15} {'native (ms)':>12} {'ratio':>7}  target <= {TARGET:g}x")
    for name, ours_ms, theirs_ms, ratio, verdict in rows:
        print(f"{name:<10} {ours_ms:>15.1f} {theirs_ms:>12.1f} {ratio:>6.2f}x  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
