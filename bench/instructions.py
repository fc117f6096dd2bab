"""Whole programs counted in instructions: what polyarray adds to a program, without the machine's noise.

    python bench/instructions.py                          # NumPy, the four programs at 64x8 (a few minutes)
    python bench/instructions.py --backends numpy,torch --workloads kmeans
    python bench/instructions.py --variants "replay native,replay Array"   # pa.trace's replays

Timings of sub-millisecond programs on a shared machine move by 10-30% from
run to run (docs/performance.md), more than most changes to the call path
make. This benchmark runs each program of bench/programs.py (hand-written
native code, ``pa`` in native and in Array mode, and the replay of its
traced graph in both modes) under valgrind's callgrind tool, which counts the
instructions the process executes: the same count for the same code and
inputs, whatever else the machine does. Each variant runs in two processes,
of ``SHORT`` and ``LONG`` iterations; the difference over ``LONG - SHORT`` is
the count per iteration, free of the start-up. ``PYTHONHASHSEED`` is fixed,
since string hashing changes dictionaries' probe sequences and with them the
counts by a few percent.

The counts mean something for backends that compute on the calling thread
(NumPy, PyTorch at these sizes): JAX's compiled programs run on XLA's thread
pool, whose workers spin while they wait, and callgrind counts the spins
(``pa.compile`` and ``jax.jit`` of one program, the same executable, differ
by a third). An instruction count is not a time: memory, caches and branch
prediction weigh differently. Read its ratios beside bench/programs.py's
timed ones, as the steady measure of a change to the call path. Needs
``valgrind`` on PATH (Debian's package; not installed by the project).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

_HERE = os.path.dirname(os.path.abspath(__file__))

#: Iterations of the two processes per variant.
SHORT, LONG = 100, 500
#: Variants counted (bench/programs.py's labels) and how the table names them; the native code is always counted.
VARIANTS = {
    "native": "native",
    "pa native": "`pa`, native mode",
    "pa Array": "`pa`, Array mode",
    "replay native": "replay, native mode",
    "replay Array": "replay, Array mode",
}
WORKLOADS = ("logreg", "mlp", "kmeans", "softmax")
SIZE = "64x8"


def child(backend: str, workload: str, label: str, number: int) -> None:
    """Run one variant ``number`` times (the process callgrind counts)."""
    import programs  # bench/programs.py, beside this file

    variant = programs.program_variants(backend, workload, SIZE, (label,))[label]
    with variant.mode():
        variant.loop(number)


def count(backend: str, workload: str, label: str, number: int) -> int:
    """The instructions of a process running one variant ``number`` times."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        os.path.abspath(__file__),
        "--child",
        backend,
        workload,
        label,
        str(number),
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1", "TF_CPP_MIN_LOG_LEVEL": "2"}
    process = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    found = re.search(r"Collected : (\d+)", process.stderr)
    if process.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(command[4:])} failed:\n{process.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="numpy", help="comma-separated (default: numpy)")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated of " + ", ".join(WORKLOADS))
    choices = list(VARIANTS)[1:]  # the native code is always counted
    parser.add_argument("--variants", default=",".join(choices), help="comma-separated of " + ", ".join(choices))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes counted at once")
    parser.add_argument("--child", nargs=4, metavar=("BACKEND", "WORKLOAD", "LABEL", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        backend, workload, label, number = args.child
        child(backend, workload, label, int(number))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py counts instructions with valgrind: install it (apt install valgrind).")
    rows = [(b, w) for b in args.backends.split(",") for w in args.workloads.split(",")]
    asked = args.variants.split(",")
    unknown = set(asked) - set(VARIANTS)
    if unknown:
        raise SystemExit(f"unknown variants {sorted(unknown)}: the variants are {', '.join(choices)}")
    labels = ["native", *(label for label in choices if label in asked)]
    jobs = [(b, w, label, number) for b, w in rows for label in labels for number in (SHORT, LONG)]
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        totals = dict(zip(jobs, pool.map(lambda job: count(*job), jobs)))
    counts = {
        (b, w, label): (totals[(b, w, label, LONG)] - totals[(b, w, label, SHORT)]) / (LONG - SHORT)
        for b, w in rows
        for label in labels
    }
    print(f"### Instructions per program, {SIZE} float32 (callgrind; ratios to the native code)\n")
    print("| backend | program | native | " + " | ".join(VARIANTS[label] for label in labels[1:]) + " |")
    print("|---|---|---|" + "---|" * (len(labels) - 1))
    for backend, workload in rows:
        native = counts[(backend, workload, "native")]
        ratios = [f"{counts[(backend, workload, label)] / native:.3f}x" for label in labels[1:]]
        print(f"| {backend} | {workload} | {native / 1e6:.3f} M | " + " | ".join(ratios) + " |")


if __name__ == "__main__":
    main()
