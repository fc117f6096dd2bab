"""``python -m polyarray backends``: every discovered backend, whether it loads, and its coverage.

Every entry point gets a row, whatever its plugin does: one that fails to
load, answers a malformed ``backend_info``, has an invalid name, or shares
its name with another distribution is listed as not loading, with the reason
and what to do under the table.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import time
from typing import TextIO

from .. import _accel
from .._discovery import available_backends, backend_info, framework_version, invalid_names
from .._errors import PolyarrayError
from .._handler import resolve_backend
from .progress import importing
from .table import format_table


def _framework_text(name: str) -> str:
    try:
        info = backend_info(name)
        version = framework_version(info.framework) if info.framework else None
    except (Exception, SystemExit):
        return "?"
    if not info.framework:
        return "-"
    return f"{info.framework} {version}" if version is not None else f"{info.framework} (not installed)"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, PolyarrayError):
        return str(exc)
    return (
        f"building it raised {type(exc).__name__}: {exc}. The plugin is broken: fix it or uninstall it; "
        f"every other backend keeps working."
    )


def shown_name(name: str, width: int = 40) -> str:
    """An invalid entry-point name as the table shows it: quoted, ASCII only, at most ``width`` characters.

    >>> shown_name("../x")
    "'../x'"
    """
    text = ascii(name)
    return text if len(text) <= width else text[: width - 4] + "...'"


def speedups_status() -> str:
    """Whether the compiled fast paths (``polyarray._speedups``) are on, and if not, why.

    >>> speedups_status().startswith(("on", "off"))
    True
    """
    if _accel.AVAILABLE:
        return "on"
    variable = _accel.ENVIRONMENT_VARIABLE
    if os.environ.get(variable):
        return f"off: {variable}={os.environ[variable]} turns them off (unset it to turn them on)"
    if importlib.util.find_spec("polyarray._speedups") is None:
        return (
            "off: not built (no C compiler was found when polyarray was installed); "
            "reinstall polyarray where a C compiler is available to build them"
        )
    try:
        importlib.import_module("polyarray._speedups")
    except ImportError as exc:
        return f"off: polyarray._speedups failed to import: {exc}"
    return "off: polyarray._speedups imports now but did not when polyarray was imported"


def report_backends(out: TextIO, progress: TextIO | None = None) -> int:
    """Print the table; problems are listed under it with what to do. Always exits 0.

    While a backend's framework imports, ``progress`` (standard error by
    default) shows it, when it is a terminal.
    """
    rows, problems = [], []
    for name in available_backends():
        framework = _framework_text(name)
        start = time.perf_counter()
        try:
            with importing(name, progress):
                backend = resolve_backend(name)
        except (Exception, SystemExit) as exc:  # one plugin must never stop the listing
            rows.append([name, framework, "no", "-", "-", "-", "-"])
            problems.append(f"{name}: {_reason(exc)}")
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
    for name, reason in invalid_names().items():
        shown = shown_name(name)
        rows.append([shown, "?", "no", "-", "-", "-", "-"])
        problems.append(f"{shown}: {reason}")
    header = ["backend", "framework", "loads", "native", "composed", "missing", "load time"]
    print(format_table(header, rows), file=out)
    print(f"\ncompiled fast paths: {speedups_status()}", file=out)
    if problems:
        print("", file=out)
        for problem in problems:
            print("* " + problem.replace("\n", "\n    "), file=out)
    return 0


def report_functions(out: TextIO, name: str, progress: TextIO | None = None) -> int:
    """Print every public function of backend ``name`` by category: native, composed, and missing ones.

    Exits 0 when the backend loads (missing functions are listed, not an error), 1 when it does not.
    """
    from .._declare import declarations

    try:
        with importing(name, progress):
            backend = resolve_backend(name)
    except (Exception, SystemExit) as exc:
        print(f"{name}: does not load: {_reason(exc)}", file=out)
        return 1
    by_category: dict[str, list[str]] = {}
    for decl in declarations(("primary", "mixed", "compositional")):
        by_category.setdefault(decl.function.__module__.rsplit(".", 1)[-1], []).append(decl.qualname)
    print(
        f"{name} ({_framework_text(name)}): {len(backend.native)} native, {len(backend.composed)} composed "
        f"by the core, {len(backend.missing)} missing",
        file=out,
    )
    for category, names in by_category.items():
        print(f"\n{category} ({len(names)})", file=out)
        for label, chosen in (("native", backend.native), ("composed", backend.composed), ("missing", backend.missing)):
            found = [n for n in names if n in chosen]
            if found:
                print(f"  {label + ':':<10}" + _wrapped(found, 12), file=out)
    if backend.missing:
        print(f"\nmissing on {name}: {', '.join(sorted(backend.missing))}", file=out)
    return 0


def _wrapped(names: list[str], indent: int, width: int = 100) -> str:
    """``names`` joined by spaces, wrapped at ``width`` with continuation lines indented by ``indent``."""
    lines, line = [], ""
    for item in names:
        if line and indent + len(line) + 1 + len(item) > width:
            lines.append(line)
            line = item
        else:
            line = f"{line} {item}" if line else item
    lines.append(line)
    return ("\n" + " " * indent).join(lines)
