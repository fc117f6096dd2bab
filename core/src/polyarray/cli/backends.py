"""``python -m polyarray backends``: every discovered backend, whether it loads, and its coverage."""

from __future__ import annotations

import time
from typing import TextIO

from .._discovery import available_backends, backend_info, framework_version
from .._errors import PolyarrayError
from .._handler import resolve_backend
from .table import format_table


def _framework_text(name: str) -> str:
    try:
        info = backend_info(name)
    except PolyarrayError:
        return "?"
    if not info.framework:
        return "-"
    version = framework_version(info.framework)
    return f"{info.framework} {version}" if version is not None else f"{info.framework} (not installed)"


def report_backends(out: TextIO) -> int:
    """Print the table; problems are listed under it with what to do. Always exits 0."""
    rows, problems = [], []
    for name in available_backends():
        framework = _framework_text(name)
        start = time.perf_counter()
        try:
            backend = resolve_backend(name)
        except PolyarrayError as exc:
            rows.append([name, framework, "no", "-", "-", "-", "-"])
            problems.append(f"{name}: {exc}")
            continue
        build_ms = (time.perf_counter() - start) * 1e3
        rows.append(
            [
                name,
                framework,
                "yes",
                len(backend.native),
                len(backend.composed),
                len(backend.missing),
                f"{build_ms:.0f} ms",
            ]
        )
        if backend.missing:
            problems.append(f"{name}: not implemented: {', '.join(sorted(backend.missing))}")
    header = ["backend", "framework", "loads", "native", "composed", "missing", "load time"]
    print(format_table(header, rows), file=out)
    if problems:
        print("", file=out)
        for problem in problems:
            print(f"* {problem}", file=out)
    return 0
