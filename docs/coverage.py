"""Write, or check, ``docs/_data/coverage.json``: how each backend computes each function.

The API reference shows, per function and per backend, whether it runs natively,
composed from other polyarray functions, or not at all. Building every backend
needs every framework, which the ``docs`` session does not install; so the table
comes from this committed file, made where every backend is installed:

    python docs/coverage.py            # rewrite it from ``python -m polyarray backends --json``
    python docs/coverage.py --check    # exit 1, saying what changed, when it is out of date

``nox -s all_backends`` (every framework installed) runs the check; the docs
build refuses a file that lacks a declared function or names one that is no
longer declared. Framework versions are recorded but not compared.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "_data" / "coverage.json"
REGENERATE = "python docs/coverage.py"


def current() -> dict[str, Any]:
    """``python -m polyarray backends --json`` from every backend installed in this environment."""
    done = subprocess.run(
        [sys.executable, "-m", "polyarray", "backends", "--json"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"python -m polyarray backends --json failed ({done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout)


def _compared(data: dict[str, Any]) -> tuple[dict[str, bool], dict[str, dict[str, str]]]:
    """What must match: which backends there are and whether they load, and every function's statuses."""
    return {name: b["loads"] for name, b in data["backends"].items()}, data["functions"]


def differences(committed: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """One line per difference between the committed file and this environment's backends."""
    old_backends, old_functions = _compared(committed)
    new_backends, new_functions = _compared(now)
    lines = []
    for name in sorted(old_backends.keys() | new_backends.keys()):
        if name not in new_backends:
            lines.append(f"backend {name}: in the file, not installed here")
        elif name not in old_backends:
            lines.append(f"backend {name}: installed here, not in the file")
        elif old_backends[name] != new_backends[name]:
            lines.append(f"backend {name}: loads {old_backends[name]} in the file, {new_backends[name]} here")
    for function in sorted(old_functions.keys() | new_functions.keys()):
        old, new = old_functions.get(function), new_functions.get(function)
        if old is None:
            lines.append(f"pa.{function}: declared, not in the file")
        elif new is None:
            lines.append(f"pa.{function}: in the file, no longer declared")
        elif old != new:
            names = sorted(old.keys() | new.keys())
            changed = ", ".join(f"{b} {old.get(b)} -> {new.get(b)}" for b in names if old.get(b) != new.get(b))
            lines.append(f"pa.{function}: {changed}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 when it differs")
    args = parser.parse_args(argv)
    now = current()
    if not args.check:
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps(now, indent=2, sort_keys=True) + "\n")
        print(f"wrote {DATA} ({len(now['functions'])} functions, backends {', '.join(now['backends'])})")
        return 0
    lines = differences(json.loads(DATA.read_text()), now)
    if not lines:
        print(f"{DATA.name} is up to date ({len(now['functions'])} functions, backends {', '.join(now['backends'])})")
        return 0
    print(f"{DATA} is out of date:", *(f"  {line}" for line in lines), sep="\n")
    print(f"Run `{REGENERATE}` where every backend is installed (as in nox -s all_backends) and commit the file.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
