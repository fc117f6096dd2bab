"""Where the time of one polyarray operation goes: timings against native code, then a profile.

    python bench/profile_call.py "1.0 + A"                    # an Array-mode operator on NumPy, 64x8
    python bench/profile_call.py "A[1:3]" --backend torch
    python bench/profile_call.py "pa.add(1.0, A)" --native-mode
    python bench/profile_call.py --program mlp --backend torch # a whole program of bench/programs.py

The operands are those of bench/programs.py's per-operator rows: ``A``, ``B`` (ROWS x COLS
float32), ``M`` (COLS x COLS), ``mask = A > 0``, ``idx`` (int64 row numbers); ``pa``, ``np``
and the backend's framework module (``torch``, ``jax``/``jnp``, ``tf``) are in scope. In Array
mode (the default) the operands are ``pa.Array``; with ``--native-mode`` they are native arrays
and ``pa.set_array_mode(False)`` holds.

Printed:

1. the operation and its native counterpart (the row's native spelling in bench/programs.py,
   or ``--native``), timed without a profiler, interleaved: seconds per call, the ratio and
   the overhead in µs;
2. the function calls per operation that the profiler sees (Python functions, and C functions
   called from Python), a measure of the call path's length;
3. the profiler's time grouped by where the code lives (polyarray's core module by module, the
   plugin, generated code, the framework, built-ins), then the top functions by own time.

cProfile adds a roughly fixed cost to every function call it sees, so it inflates code made of
many small Python calls against C: read its shares as where the calls are, and the timings
of (1) as what they cost.
"""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))

import argparse  # noqa: E402
import cProfile  # noqa: E402
import pstats  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Any  # noqa: E402

import programs  # noqa: E402  (bench/programs.py: its operands, programs and timing)

import polyarray as pa  # noqa: E402

CORE_PATH = os.path.dirname(os.path.abspath(pa.__file__)) + os.sep


def origin(filename: str, function: str) -> str:
    """The group a profiled function belongs to, by the file that defines it."""
    if filename == "~":  # a built-in or C function, named like "<method 'add' of 'numpy.ufunc' objects>"
        return "C functions called from Python"
    if filename.startswith(CORE_PATH):
        module = filename[len(CORE_PATH) :].removesuffix(".py").replace(os.sep, ".")
        return f"polyarray.{module}"
    if "generated" in filename and "polyarray" in filename:
        return "polyarray generated code"
    for name in ("polyarray_numpy", "polyarray_torch", "polyarray_jax", "polyarray_tensorflow"):
        if f"{os.sep}{name}{os.sep}" in filename:
            return f"plugin {name}"
    if filename.startswith("<bench") or filename.endswith(f"bench{os.sep}programs.py"):
        return "the benchmark's own code (the program, its loop)"
    for framework in ("numpy", "torch", "jax", "jaxlib", "tensorflow", "keras"):
        if f"{os.sep}{framework}{os.sep}" in filename:
            return f"framework {framework}"
    return "other Python"


def short(filename: str, line: int, function: str) -> str:
    if filename == "~":
        return function
    for prefix in (CORE_PATH, os.sep + "site-packages" + os.sep, os.sep + "src" + os.sep, _HERE + os.sep):
        if prefix in filename:
            filename = filename.split(prefix, 1)[1]
            break
    return f"{filename}:{line}({function})"


def profile(variant: programs.Variant, number: int, top: int) -> None:
    profiler = cProfile.Profile()
    with variant.mode():
        profiler.enable()
        variant.loop(number)
        profiler.disable()
    stats = pstats.Stats(profiler)
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    loop_names = {"loop", "_loop", "timed"}
    rows = [
        (key, primitive, total_calls, own, cumulative)
        for key, (primitive, total_calls, own, cumulative, _) in entries.items()
        if not (key[2] in loop_names or key[0].startswith("<bench") or _timing_call(key[2]))
    ]
    python_calls = sum(calls for (filename, _, _), calls, _, _, _ in rows if filename != "~")
    c_calls = sum(calls for (filename, _, _), calls, _, _, _ in rows if filename == "~")
    print(f"\n## Calls per operation (profiled over {number:,} operations)\n")
    print(f"- Python functions: {python_calls / number:.1f}")
    print(f"- C functions called from Python: {c_calls / number:.1f}")
    groups: Counter[str] = Counter()
    for (filename, _, function), _, _, own, _ in rows:
        groups[origin(filename, function)] += own
    total = sum(groups.values()) or 1.0
    print(f"\n## Own time by where the code lives (profiled, {total / number * 1e6:.2f} µs an operation)\n")
    print("| where | µs an operation | share |")
    print("|---|---|---|")
    for group, own in groups.most_common():
        if own / number < 5e-10:  # what the loop's set-up left in the profile
            continue
        print(f"| {group} | {own / number * 1e6:.3f} | {own / total:.0%} |")
    print(f"\n## Top {top} functions by own time\n")
    print("| function | calls an operation | own µs | cumulative µs |")
    print("|---|---|---|---|")
    for (filename, line, function), _, calls, own, cumulative in sorted(rows, key=lambda r: -r[3])[:top]:
        name = short(filename, line, function)
        print(f"| `{name}` | {calls / number:.2f} | {own / number * 1e6:.3f} | {cumulative / number * 1e6:.3f} |")


def _timing_call(function: str) -> bool:
    """The timing loop's own C calls: the clock, the garbage collector's switch, the profiler's."""
    return any(part in function for part in ("perf_counter", "gc.", "_lsprof.Profiler"))


def _is_expression(statement: str) -> bool:
    try:
        compile(statement, "<statement>", "eval")
    except SyntaxError:
        return False
    return True


def native_counterpart(statement: str, name: str) -> str | None:
    for op in programs.OPS:
        if statement in (op.expression, op.function):
            return op.native.get(name, op.expression)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("statement", nargs="?", help="an expression or statement over A, B, M, mask, idx")
    parser.add_argument("--program", choices=list(programs.PROGRAMS), help="profile a whole program instead")
    parser.add_argument("--backend", default="numpy")
    parser.add_argument("--size", default=programs.TARGET_SIZE, help="ROWSxCOLUMNS of the operands")
    parser.add_argument("--native-mode", action="store_true", help="native operands, pa.set_array_mode(False)")
    parser.add_argument("--native", help="the native counterpart to time against (default: the row's in programs.py)")
    parser.add_argument("--number", type=int, default=0, help="operations profiled (default: about 0.5 s worth)")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    if (args.statement is None) == (args.program is None):
        parser.error("give a statement or --program, not both")
    name, array_mode = args.backend, not args.native_mode
    settings = programs.Settings(repeat=15, loop_s=0.002)
    if args.program:
        variants = programs.program_variants(name, args.program, args.size, (programs.PA_NATIVE, programs.PA_ARRAY))
        label = programs.PA_ARRAY if array_mode else programs.PA_NATIVE
        variants = {programs.NATIVE: variants[programs.NATIVE], label: variants[label]}
        title = f"{programs.PROGRAMS[args.program][0]} on {name}, {args.size}, {label}"
    else:
        is_exec = not _is_expression(args.statement)  # an assignment
        names = programs.op_globals(name)
        native = args.native or native_counterpart(args.statement, name)
        if native is None and array_mode:
            native = args.statement  # the same expression on native operands
        label = programs.PA_ARRAY if array_mode else programs.PA_NATIVE
        variants = {label: programs.op_variant(args.statement, is_exec, name, args.size, array_mode, name, names)}
        if native is not None:
            native_variant = programs.op_variant(native, is_exec, name, args.size, False, None, names)
            variants = {programs.NATIVE: native_variant, **variants}
        title = f"`{args.statement}` on {name}, {args.size}, {'Array' if array_mode else 'native'} mode"
        if native is not None:
            title += f", against `{native}` on native operands"
    print(f"# {title}\n")
    seconds = programs.measure(variants, settings)
    for variant_label, value in seconds.items():
        print(f"- {variant_label}: {programs._time(value)}")
    if programs.NATIVE in seconds:
        ours, theirs = seconds[label], seconds[programs.NATIVE]
        print(f"- ratio {ours / theirs:.2f}x; overhead {(ours - theirs) * 1e6:.2f} µs an operation")
    number = args.number or max(1, int(0.5 / seconds[label] / 4))  # the profiler slows calls several times
    profile(variants[label], number, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
