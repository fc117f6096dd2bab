"""polyarray's per-call overhead against native calls and against other backend-agnostic layers.

Run with ``nox -s bench`` (or ``python bench/overhead.py`` where polyarray and
the frameworks are installed). Everything is measured in this one process run,
so the ratios compare like with like on a noisy machine: each figure is the
minimum over repeats of the mean time per call of a tight loop.

Printed: a table per backend (native call, ``pa.get_backend(name).fn``,
``pa.fn`` in native mode, ``pa.fn`` in Array mode, and autoray, TensorLy and
array-api-compat where installed), the cost of switching backends and of
``backend_context``, what the dynamic default costs per array created, build
time, import time and memory, and the targets as PASS/FAIL.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import platform
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import polyarray as pa
from polyarray import _accel

NUMBER = int(os.environ.get("POLYARRAY_BENCH_NUMBER", "20000"))
REPEAT = int(os.environ.get("POLYARRAY_BENCH_REPEAT", "7"))
FRAMEWORK_MODULES = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
#: Targets on the ratio to the native call, for ``add`` of 8 float32 (NumPy and PyTorch).
RATIO_TARGETS = {"backend fn": 1.20, "pa.fn native mode": 1.35, "pa.fn Array mode": 2.0}


def loop_length(function: Callable[[], Any]) -> int:
    """How many calls of ``function`` a timed loop makes: ``NUMBER``, and for a call slower than 5 µs (Ivy's)
    about 0.1 s worth of them (the call made once, to see)."""
    start = time.perf_counter()
    function()
    once = time.perf_counter() - start
    return NUMBER if once < 5e-6 else max(20, min(NUMBER, int(0.1 / once)))


def per_call(function: Callable[[], Any]) -> float:
    """Seconds per call: the minimum over repeats of the mean of a tight loop (:func:`loop_length` calls)."""
    number = loop_length(function)
    return min(timeit.repeat(function, number=number, repeat=REPEAT)) / number


def _calling(function: Callable[..., Any], args: tuple[Any, ...]) -> Callable[[], Any]:
    return lambda: function(*args)


def per_call_of(function: Callable[..., Any], args: tuple[Any, ...]) -> float:
    """Seconds per call of ``function(*args)`` (see :func:`per_call`)."""
    return per_call(_calling(function, args))


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


# -- the workloads -----------------------------------------------------------------------


def twenty_ops(xp: Any, x: Any) -> Any:
    """A function of 20 element-wise operations, written once for any namespace."""
    y = xp.multiply(x, x)
    for _ in range(4):
        y = xp.add(y, x)
        y = xp.multiply(y, x)
        y = xp.subtract(y, x)
        y = xp.tanh(y)
    y = xp.exp(y)
    y = xp.negative(y)
    y = xp.abs(y)
    return y


def native_cases(name: str) -> dict[str, tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The native calls per workload, with their native inputs."""
    values = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
    matrix = np.arange(16, dtype=np.float32).reshape(4, 4) / 16
    if name == "numpy":
        xp: Any = np

        def softmax(x: Any) -> Any:
            e = np.exp(x - np.max(x, axis=-1, keepdims=True))
            return e / np.sum(e, axis=-1, keepdims=True)

        a, m = values, matrix
        native = {
            "add": (np.add, (a, a)),
            "sum": (np.sum, (a,)),
            "matmul": (np.matmul, (m, m)),
            "reshape": (np.reshape, (a, (2, 4))),
            "softmax": (softmax, (a,)),
        }
    elif name == "torch":
        import torch

        xp = torch
        a, m = torch.from_numpy(values), torch.from_numpy(matrix)
        native = {
            "add": (torch.add, (a, a)),
            "sum": (torch.sum, (a,)),
            "matmul": (torch.matmul, (m, m)),
            "reshape": (torch.reshape, (a, (2, 4))),
            "softmax": (lambda x: torch.softmax(x, -1), (a,)),
        }
    elif name == "jax":
        import jax
        import jax.numpy as jnp

        xp = jnp
        a, m = jnp.asarray(values), jnp.asarray(matrix)
        native = {
            "add": (jnp.add, (a, a)),
            "sum": (jnp.sum, (a,)),
            "matmul": (jnp.matmul, (m, m)),
            "reshape": (jnp.reshape, (a, (2, 4))),
            "softmax": (lambda x: jax.nn.softmax(x, axis=-1), (a,)),
        }
    elif name == "tensorflow":
        import tensorflow as tf

        xp = tf.experimental.numpy
        a, m = tf.constant(values), tf.constant(matrix)
        native = {
            "add": (tf.add, (a, a)),
            "sum": (tf.reduce_sum, (a,)),
            "matmul": (tf.matmul, (m, m)),
            "reshape": (tf.reshape, (a, (2, 4))),
            "softmax": (lambda x: tf.nn.softmax(x, -1), (a,)),
        }
    else:
        raise ValueError(name)
    native["20 ops"] = (lambda x: twenty_ops(xp, x), (a,))
    return native


POLYARRAY_CALLS: dict[str, Callable[[Any], Callable[..., Any]]] = {
    "add": lambda ns: ns.add,
    "sum": lambda ns: ns.sum,
    "matmul": lambda ns: ns.matmul,
    "reshape": lambda ns: ns.reshape,
    "softmax": lambda ns: ns.softmax,
    "20 ops": lambda ns: lambda x: twenty_ops(ns, x),
}


def rival_calls(name: str) -> dict[str, dict[str, Callable[..., Any]]]:
    """Workload -> rival -> callable taking the native inputs."""
    rivals: dict[str, dict[str, Callable[..., Any]]] = {}
    if installed("autoray"):
        import autoray as ar

        rivals["autoray"] = {
            "add": lambda a, b: ar.do("add", a, b),
            "sum": lambda a: ar.do("sum", a),
            "matmul": lambda a, b: ar.do("matmul", a, b),
            "reshape": lambda a, s: ar.do("reshape", a, s),
            "softmax": lambda a: ar.do("softmax", a) if name != "numpy" else None,
            "20 ops": lambda a: twenty_ops(ar.numpy, a),
        }
        if name == "numpy":
            del rivals["autoray"]["softmax"]
    if installed("array_api_compat"):
        import array_api_compat

        def namespace(*arrays: Any) -> Any:
            return array_api_compat.array_namespace(*arrays)

        rivals["array-api-compat"] = {
            "add": lambda a, b: namespace(a, b).add(a, b),
            "sum": lambda a: namespace(a).sum(a),
            "matmul": lambda a, b: namespace(a, b).matmul(a, b),
            "reshape": lambda a, s: namespace(a).reshape(a, s),
            "20 ops": lambda a: twenty_ops(namespace(a), a),
        }
    if installed("ivy"):
        import ivy

        rivals["ivy"] = {
            "add": ivy.add,
            "sum": ivy.sum,
            "matmul": ivy.matmul,
            "reshape": ivy.reshape,
            "softmax": ivy.softmax,
            "20 ops": lambda a: twenty_ops(ivy, a),
        }
    if installed("tensorly") and name in ("numpy", "torch", "jax", "tensorflow"):
        import tensorly as tl

        tl_name = {"torch": "pytorch"}.get(name, name)
        rivals["tensorly"] = {
            "add": lambda a, b, _n=tl_name: _tl(_n).add(a, b),
            "sum": lambda a, _n=tl_name: _tl(_n).sum(a),
            "matmul": lambda a, b, _n=tl_name: _tl(_n).matmul(a, b),
            "reshape": lambda a, s, _n=tl_name: _tl(_n).reshape(a, s),
            "20 ops": lambda a, _n=tl_name: twenty_ops(_tl(_n), a),
        }
        del tl
    return rivals


@contextlib.contextmanager
def _rival_backend(rival: str, name: str) -> Iterator[None]:
    """Ivy's backend set to ``name`` while its calls are timed (a global switch Ivy needs)."""
    if rival != "ivy":
        yield
        return
    import ivy

    ivy.set_backend(name)
    try:
        yield
    finally:
        ivy.unset_backend()


def _tl(backend: str) -> Any:
    import tensorly as tl

    if tl.get_backend() != backend:
        tl.set_backend(backend)
    return tl


# -- measuring ---------------------------------------------------------------------------


def _timed_in_turns(columns: dict[str, tuple[Callable[[], Any], bool]]) -> dict[str, float]:
    """Seconds per call of each column's call, run with its array mode, in turns: each of ``REPEAT`` rounds
    times every column once, and each column keeps its fastest round. A drift of the machine (its clock, its
    caches) reaches every column alike, where timing one column after the other would hand it to one."""
    numbers: dict[str, int] = {}
    best = {label: float("inf") for label in columns}
    try:
        for label, (call, array_mode) in columns.items():
            pa.set_array_mode(array_mode)
            numbers[label] = loop_length(call)
        for _ in range(REPEAT):
            for label, (call, array_mode) in columns.items():
                pa.set_array_mode(array_mode)
                seconds = timeit.timeit(call, number=numbers[label]) / numbers[label]
                best[label] = min(best[label], seconds)
    finally:
        pa.set_array_mode(True)
    return best


def measure_backend(name: str) -> dict[str, dict[str, float]]:
    """Workload -> way of calling -> seconds per call.

    The native call and polyarray's three ways of calling are timed in turns (:func:`_timed_in_turns`).
    """
    backend = pa.get_backend(name)
    results: dict[str, dict[str, float]] = {}
    rivals = rival_calls(name)
    for workload, (native, args) in native_cases(name).items():
        pa.set_backend(name)
        via_backend = POLYARRAY_CALLS[workload](backend)
        via_module = POLYARRAY_CALLS[workload](pa)
        arrays = tuple(pa.asarray(a) if not isinstance(a, tuple) else a for a in args)
        try:
            row = _timed_in_turns(
                {
                    "native": (_calling(native, args), True),
                    "backend fn": (_calling(via_backend, args), False),
                    "pa.fn native mode": (_calling(via_module, args), False),
                    "pa.fn Array mode": (_calling(via_module, arrays), True),
                }
            )
        finally:
            pa.unset_backend()
        for rival, calls in rivals.items():
            call = calls.get(workload)
            if call is None:
                continue
            try:
                with _rival_backend(rival, name):
                    row[rival] = per_call_of(call, args)
            except Exception as error:  # a rival lacking a function for this backend
                print(f"  ({rival} cannot run {workload} on {name}: {type(error).__name__})", file=sys.stderr)
        results[workload] = row
    return results


def measure_switching(names: list[str]) -> dict[str, float]:
    first, second = (names + names)[:2]
    pa.get_backend(first), pa.get_backend(second)

    pa.set_backend(first)

    def switch() -> None:
        # To the other backend and back: set_backend pushes onto the backend stack, previous_backend pops.
        pa.set_backend(second)
        pa.previous_backend()

    def context() -> None:
        with pa.backend_context(first):
            pass

    switching = per_call(switch) / 2
    entering = per_call(context)
    pa.unset_backend()
    return {"switch a built backend": switching, "backend_context enter + exit": entering}


def measure_dynamic_default() -> dict[str, float]:
    """What the dynamic default (new arrays registered for ``set_backend(name, dynamic=True)``) costs per array.

    ``pa.add`` in Array mode and ``pa.asarray`` on NumPy, with the default (True) and inside
    ``pa.dynamic_backend_as(False)``, timed in alternation so that both see the same machine.
    """
    values = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
    x = pa.asarray(values, backend="numpy")
    calls = {"pa.add(x, x) Array mode": lambda: pa.add(x, x), "pa.asarray(native)": lambda: pa.asarray(values)}
    timings: dict[str, float] = {}
    for label, call in calls.items():
        default, opted_out = [], []
        for _ in range(3):
            default.append(per_call(call))
            with pa.dynamic_backend_as(False):
                opted_out.append(per_call(call))
        timings[f"{label}, dynamic_backend True (the default)"] = min(default)
        timings[f"{label}, inside dynamic_backend_as(False)"] = min(opted_out)
    return timings


# The framework's import leaves garbage that the next allocations would collect (TensorFlow's:
# about 150 ms on its 350,000 objects); collected first, so that the build is timed alone.
_SUBPROCESS_BUILD = """
import gc, time, tracemalloc, importlib, sys
name, module = sys.argv[1], sys.argv[2]
importlib.import_module(module)
import polyarray as pa
gc.collect()
if sys.argv[3] == "time":
    t = time.perf_counter()
    pa.get_backend(name)
    print(time.perf_counter() - t)
else:  # tracing memory slows the build down: a separate run
    tracemalloc.start()
    pa.get_backend(name)
    print(tracemalloc.get_traced_memory()[0])
"""

_SUBPROCESS_IMPORT = """
import time, sys
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter()
import polyarray
t2 = time.perf_counter()
assert "torch" not in sys.modules and "jax" not in sys.modules and "tensorflow" not in sys.modules
print(t1 - t0, t2 - t1)
"""


def _run(code: str, *args: str) -> list[float]:
    output = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True).stdout
    return [float(v) for v in output.split()]


def measure_build(name: str) -> tuple[float, float]:
    """Seconds to build the backend after its framework is imported, and the bytes it holds (min over 3)."""
    seconds = min(_run(_SUBPROCESS_BUILD, name, FRAMEWORK_MODULES[name], "time")[0] for _ in range(3))
    return seconds, _run(_SUBPROCESS_BUILD, name, FRAMEWORK_MODULES[name], "memory")[0]


def measure_import() -> tuple[float, float]:
    """Seconds to import NumPy, then polyarray beyond it, in fresh processes (min over 5)."""
    runs = [_run(_SUBPROCESS_IMPORT) for _ in range(5)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


# -- reporting ---------------------------------------------------------------------------


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:.2f} µs"


def report(per_backend: dict[str, dict[str, dict[str, float]]], extras: dict[str, Any]) -> list[tuple[str, bool]]:
    verdicts: list[tuple[str, bool]] = []
    for name, table in per_backend.items():
        columns = sorted({c for row in table.values() for c in row}, key=_column_order)
        print(f"\n### {name}\n")
        print("| workload | " + " | ".join(columns) + " |")
        print("|---|" + "---|" * len(columns))
        for workload, row in table.items():
            native = row["native"]
            cells = [
                _us(row[c]) if c == "native" else (f"{row[c] / native:.2f}x" if c in row else "-") for c in columns
            ]
            print(f"| {workload} | " + " | ".join(cells) + " |")
        if name in ("numpy", "torch"):
            add = table["add"]
            for column, limit in RATIO_TARGETS.items():
                ratio = add[column] / add["native"]
                text = f"{name}: {column} on add ≤ {limit:.2f}x native (measured {ratio:.2f}x)"
                verdicts.append((text, ratio <= limit))
    print("\n### Beyond a single call\n")
    for label, value in extras["timings"].items():
        print(f"- {label}: {_us(value)}")
    for name, (seconds, size) in extras["builds"].items():
        print(f"- first build of {name} after its framework import: {seconds * 1e3:.1f} ms, {size / 1e6:.2f} MB held")
    numpy_s, polyarray_s = extras["import"]
    print(f"- import numpy: {numpy_s * 1e3:.1f} ms; import polyarray beyond it: {polyarray_s * 1e3:.1f} ms")
    timings = extras["timings"]
    switching = timings["switch a built backend"]
    verdicts.append((f"switching a built backend ≤ 1 µs ({_us(switching)})", switching <= 1e-6))
    verdicts.append(
        (
            f"backend_context enter + exit ≤ 1.5 µs ({_us(timings['backend_context enter + exit'])})",
            timings["backend_context enter + exit"] <= 1.5e-6,
        )
    )
    for name, (seconds, _) in extras["builds"].items():
        verdicts.append((f"first build of {name} ≤ 50 ms ({seconds * 1e3:.1f} ms)", seconds <= 0.050))
    verdicts.append((f"import polyarray ≤ 50 ms beyond NumPy ({polyarray_s * 1e3:.1f} ms)", polyarray_s <= 0.050))
    print("\n### Targets\n")
    for text, ok in verdicts:
        print(f"- {'PASS' if ok else 'FAIL'}: {text}")
    return verdicts


def _column_order(column: str) -> tuple[int, str]:
    order = ["native", "backend fn", "pa.fn native mode", "pa.fn Array mode"]
    return (order.index(column), column) if column in order else (len(order), column)


def main() -> int:
    names = [n for n in ("numpy", "torch", "jax", "tensorflow") if n in pa.available_backends()]
    names = [n for n in names if installed(FRAMEWORK_MODULES[n])]
    versions = {n: pa.get_backend(n).framework_version for n in names}
    print(f"polyarray overhead, {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs; frameworks: {versions}; {NUMBER} calls x {REPEAT} repeats")  # fmt: skip
    compiled = "on" if _accel.AVAILABLE else f"off (not built, or {_accel.ENVIRONMENT_VARIABLE}=1)"
    print(f"compiled fast paths (polyarray._speedups): {compiled}")
    per_backend = {name: measure_backend(name) for name in names}
    extras = {
        "timings": {**measure_switching(names), **measure_dynamic_default()},
        "builds": {name: measure_build(name) for name in names},
        "import": measure_import(),
    }
    verdicts = report(per_backend, extras)
    path = os.environ.get("POLYARRAY_BENCH_JSON")
    if path:
        with open(path, "w") as handle:
            json.dump({"per_backend": per_backend, "extras": extras, "versions": versions}, handle, indent=1)
    return 0 if all(ok for _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
