"""polyarray on Dask: the same workload through ``pa`` and through plain ``dask.array``, and at larger than memory.

Run with ``nox -s bench`` (or ``python bench/dask_backend.py [ratios|scale|all]`` where polyarray and
polyarray-dask are installed). Not a test: it prints figures and each target as PASS/FAIL.

``ratios`` (Dask's threaded scheduler, one process): one workload, written once with ``dask.array``
and once with ``pa`` functions on the Dask backend (the same operations in the same order:
standardising the columns, five logistic-regression steps, the loss). Each figure is the minimum over
``POLYARRAY_BENCH_REPEAT`` runs (as bench/overhead.py's), the two versions alternating, each going first in
every other round. Targets:

- wall time (building the graph and computing it) through ``pa`` <= 1.1x plain Dask;
- tasks in the graph through ``pa`` within 5 % of plain Dask's (before and after Dask's optimisation);
- building the graph through ``pa`` <= 1.2x building it with ``dask.array``.

``scale`` (a ``dask.distributed.LocalCluster`` of worker processes on this machine): an array larger
than the workers' memory together (8 GB of float32 by default, generated block by block on the
workers by Dask's random generator, with 4 workers of 1 GiB each) is reduced through ``pa``: the
column means and standard deviations, the Gram matrix ``X.T @ X`` and three logistic-regression steps,
then the same with plain ``dask.array``. Each worker's memory is sampled every 0.2 s; the run must
finish with no worker restarted (a worker over its memory limit is killed and restarted by its nanny).
``--gb``, ``--workers``, ``--memory`` and ``--features`` change the sizes.
"""

from __future__ import annotations

import argparse
import os
import platform
import threading
import time
from typing import Any

import dask
import dask.array as da
import numpy as np

import polyarray as pa

REPEAT = int(os.environ.get("POLYARRAY_BENCH_REPEAT", "7"))
LEARNING_RATE = 0.5
#: Targets of the ratios, pa / plain Dask.
WALL_RATIO, TASK_TOLERANCE, BUILD_RATIO = 1.1, 0.05, 1.2


# -- the workload, written twice ---------------------------------------------------------------------


def plain_workload(x: da.Array, y: da.Array, steps: int) -> tuple[da.Array, da.Array]:
    """Standardise, ``steps`` logistic-regression steps and the loss, with ``dask.array``."""
    samples, features = x.shape
    z = (x - x.mean(axis=0)) / x.std(axis=0)
    w = da.zeros(features, dtype=np.float32)
    b = da.zeros((), dtype=np.float32)
    zt = z.T
    for _ in range(steps):
        p = 1 / (1 + da.exp(-(z @ w + b)))
        error = p - y
        w = w - LEARNING_RATE * (zt @ error) / samples
        b = b - LEARNING_RATE * error.mean()
    p = 1 / (1 + da.exp(-(z @ w + b)))
    loss = -(y * da.log(p) + (1 - y) * da.log(1 - p)).mean()
    return loss, w


def pa_workload(x: pa.Array, y: pa.Array, steps: int) -> tuple[pa.Array, pa.Array]:
    """The same operations through ``pa`` (on whatever backend ``x`` and ``y`` belong to)."""
    samples, features = x.shape
    z = (x - pa.mean(x, axis=0)) / pa.std(x, axis=0)
    w = pa.zeros(features, dtype=pa.float32)
    b = pa.zeros((), dtype=pa.float32)
    zt = pa.matrix_transpose(z)
    for _ in range(steps):
        p = 1 / (1 + pa.exp(-(z @ w + b)))
        error = p - y
        w = w - LEARNING_RATE * (zt @ error) / samples
        b = b - LEARNING_RATE * pa.mean(error)
    p = 1 / (1 + pa.exp(-(z @ w + b)))
    loss = -pa.mean(y * pa.log(p) + (1 - y) * pa.log(1 - p))
    return loss, w


def _graph_sizes(*arrays: da.Array) -> tuple[int, int]:
    """Tasks in the graph of ``arrays`` as built, and after Dask's optimisation (what the scheduler runs)."""
    if hasattr(dask.base, "collections_to_expr"):  # Dask 2025 on
        built = len(dask.base.collections_to_expr(arrays, optimize_graph=False).__dask_graph__())
        optimised = len(dask.base.collections_to_expr(arrays, optimize_graph=True).__dask_graph__())
    else:
        built = len(dask.base.collections_to_dsk(arrays, optimize_graph=False))
        optimised = len(dask.base.collections_to_dsk(arrays, optimize_graph=True))
    return built, optimised


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def ratios(samples: int = 200_000, features: int = 32, rows: int = 20_000, steps: int = 5) -> bool:
    """The Targets on Dask's threaded scheduler; returns whether all three hold."""
    rng = da.random.default_rng(0)
    x_d = rng.standard_normal((samples, features), chunks=(rows, features), dtype=np.float32).persist()
    y_d = (rng.random((samples,), chunks=(rows,)) > 0.5).astype(np.float32).persist()
    x, y = pa.asarray(x_d), pa.asarray(y_d)
    pa.set_backend("dask")
    try:
        plain_loss, plain_w = plain_workload(x_d, y_d, steps)
        pa_loss, pa_w = pa_workload(x, y, steps)
        got = pa.compute(pa_loss, pa_w)
        expected = dask.compute(plain_loss, plain_w)
        agree = np.allclose(got[0], expected[0], rtol=1e-5) and np.allclose(got[1], expected[1], rtol=1e-4)
        plain_tasks = _graph_sizes(plain_loss, plain_w)
        pa_tasks = _graph_sizes(pa_loss.data, pa_w.data)

        def plain_build() -> Any:
            return plain_workload(x_d, y_d, steps)

        def pa_build() -> Any:
            return pa_workload(x, y, steps)

        def plain_run() -> Any:
            return dask.compute(*plain_workload(x_d, y_d, steps))

        def pa_run() -> Any:
            return pa.compute(*pa_workload(x, y, steps))

        for function in (plain_build, pa_build, plain_run, pa_run):  # warm-up
            function()
        build: dict[str, list[float]] = {"plain": [], "pa": []}
        wall: dict[str, list[float]] = {"plain": [], "pa": []}
        for repeat in range(REPEAT):
            # The two versions alternate, and which goes first alternates too.
            builds = [("plain", plain_build), ("pa", pa_build)]
            runs = [("plain", plain_run), ("pa", pa_run)]
            for name, function in builds if repeat % 2 else builds[::-1]:
                start = time.perf_counter()
                function()
                build[name].append(time.perf_counter() - start)
            for name, function in runs if repeat % 2 else runs[::-1]:
                start = time.perf_counter()
                function()
                wall[name].append(time.perf_counter() - start)
    finally:
        pa.unset_backend()
    build_plain, build_pa = min(build["plain"]), min(build["pa"])
    wall_plain, wall_pa = min(wall["plain"]), min(wall["pa"])
    task_ok = all(abs(p - q) <= TASK_TOLERANCE * q for p, q in zip(pa_tasks, plain_tasks))
    print(
        f"workload: X {samples} x {features} float32 in {samples // rows} blocks of {rows} rows; standardise, "
        f"{steps} logistic-regression steps, loss; threaded scheduler, minimum of {REPEAT} runs"
    )
    print(f"  results agree with plain Dask: {agree}")
    print(f"  {'':<28}{'plain dask':>12}{'pa on dask':>12}{'ratio':>8}  target")
    rows_out = [
        ("tasks (graph as built)", plain_tasks[0], pa_tasks[0], f"within {TASK_TOLERANCE:.0%}"),
        ("tasks (after optimisation)", plain_tasks[1], pa_tasks[1], f"within {TASK_TOLERANCE:.0%}"),
    ]
    for label, plain, through_pa, target in rows_out:
        print(f"  {label:<28}{plain:>12}{through_pa:>12}{through_pa / plain:>8.3f}  {target}")
    print(
        f"  {'graph build (ms)':<28}{build_plain * 1e3:>12.1f}{build_pa * 1e3:>12.1f}"
        f"{build_pa / build_plain:>8.3f}  <= {BUILD_RATIO}  {_verdict(build_pa <= BUILD_RATIO * build_plain)}"
    )
    print(
        f"  {'wall: build + compute (ms)':<28}{wall_plain * 1e3:>12.1f}{wall_pa * 1e3:>12.1f}"
        f"{wall_pa / wall_plain:>8.3f}  <= {WALL_RATIO}  {_verdict(wall_pa <= WALL_RATIO * wall_plain)}"
    )
    print(f"  tasks: {_verdict(task_ok)}")
    return agree and task_ok and build_pa <= BUILD_RATIO * build_plain and wall_pa <= WALL_RATIO * wall_plain


# -- larger than memory, on a cluster -----------------------------------------------------------------


class _MemoryWatch:
    """Samples the resident memory of every worker process of a client's cluster in a background thread."""

    def __init__(self, client: Any, interval: float = 0.2) -> None:
        self.client, self.interval = client, interval
        self.peak: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def _rss() -> int:
        import psutil

        return psutil.Process().memory_info().rss

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                for worker, rss in self.client.run(self._rss).items():
                    self.peak[worker] = max(self.peak.get(worker, 0), rss)
            except Exception:
                pass
            self._stop.wait(self.interval)

    def __enter__(self) -> _MemoryWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _worker_pids(client: Any) -> set[int]:
    return set(client.run(os.getpid).values())


def scale(gigabytes: float = 8.0, workers: int = 4, memory: str = "1GiB", features: int = 64) -> bool:
    """The larger-than-memory run; returns whether it finished with no worker restarted, results agreeing."""
    from dask.utils import parse_bytes
    from distributed import Client, LocalCluster

    limit = parse_bytes(memory)
    samples = int(gigabytes * 1e9 / (4 * features))
    rows = max(1, (64 * 2**20) // (4 * features))  # blocks of 64 MiB
    print(
        f"data: X {samples} x {features} float32 = {samples * features * 4 / 1e9:.1f} GB in "
        f"{-(-samples // rows)} blocks of {rows * features * 4 / 2**20:.0f} MiB, generated on the workers; "
        f"{workers} worker processes x {memory} ({workers * limit / 2**30:.1f} GiB in all), 1 thread each"
    )
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            memory_limit=memory,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        pids = _worker_pids(client)
        rng = da.random.default_rng(42)
        x_d = rng.standard_normal((samples, features), chunks=(rows, features), dtype=np.float32)
        y_d = (da.random.default_rng(7).random((samples,), chunks=(rows,)) > 0.5).astype(np.float32)
        timings: dict[str, float] = {}
        results: dict[str, list[np.ndarray]] = {}
        peaks: dict[str, int] = {}
        pa.set_backend("dask")
        try:
            # Warm-up: the workers import Dask's and polyarray's modules once, before anything is timed.
            small = x_d[:rows]
            pa.compute(*pa_workload(pa.asarray(small), pa.asarray(y_d[:rows]), steps=1))
            dask.compute(*plain_workload(small, y_d[:rows], steps=1))
            for name in ("plain", "pa"):
                with _MemoryWatch(client) as watch:
                    start = time.perf_counter()
                    if name == "pa":
                        x, y = pa.asarray(x_d), pa.asarray(y_d)
                        stats = pa.compute(pa.mean(x, axis=0), pa.std(x, axis=0), pa.matrix_transpose(x) @ x)
                        steps = pa.compute(*pa_workload(x, y, steps=3))
                    else:
                        stats = dask.compute(x_d.mean(axis=0), x_d.std(axis=0), x_d.T @ x_d)
                        steps = dask.compute(*plain_workload(x_d, y_d, steps=3))
                    timings[name] = time.perf_counter() - start
                results[name] = [*stats, *steps]
                peaks[name] = max(watch.peak.values(), default=0)
        finally:
            pa.unset_backend()
        restarted = _worker_pids(client) != pids
    agree = all(np.allclose(a, b, rtol=1e-4, atol=1e-6) for a, b in zip(results["pa"], results["plain"]))
    mean, std, gram = results["pa"][:3]
    sane = abs(float(mean.mean())) < 1e-2 and abs(float(std.mean()) - 1) < 1e-2 and gram.shape == (features, features)
    for name in ("plain", "pa"):
        print(
            f"  {name:<6} mean, std, X.T @ X, 3 logistic steps: {timings[name]:8.1f} s; peak worker memory "
            f"{peaks[name] / 2**20:7.0f} MiB of {limit / 2**20:.0f} MiB"
        )
    print(f"  time ratio pa / plain dask: {timings['pa'] / timings['plain']:.3f}")
    print(f"  results of pa and plain dask agree: {agree}; statistics as generated (mean 0, std 1): {sane}")
    within = max(peaks.values()) <= limit
    print(f"  peak within the workers' limit: {_verdict(within)}; no worker restarted: {_verdict(not restarted)}")
    return agree and sane and within and not restarted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", choices=("ratios", "scale", "all"), default="all")
    parser.add_argument("--gb", type=float, default=8.0, help="gigabytes of float32 data in the scale run")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--memory", default="1GiB", help="memory limit per worker")
    parser.add_argument("--features", type=int, default=64)
    args = parser.parse_args()
    print(
        f"polyarray {pa.__version__}, dask {dask.__version__}, numpy {np.__version__}, "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
    ok = True
    if args.what in ("ratios", "all"):
        print("\n== pa on Dask against plain dask.array ==")
        ok &= ratios()
    if args.what in ("scale", "all"):
        print("\n== larger than the cluster's memory ==")
        ok &= scale(args.gb, args.workers, args.memory, args.features)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
