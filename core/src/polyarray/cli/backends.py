"""``python -m polyarray backends``: every discovered backend, whether it loads, and its coverage.

``--json`` prints the same as data, with how each backend computes each
function (the documentation's API reference reads it from
``docs/_data/coverage.json``, which ``docs/coverage.py`` writes and checks).

Every entry point gets a row, whatever its plugin does: one that fails to
load, answers a malformed ``backend_info``, has an invalid name, or shares
its name with another distribution is listed as not loading, with the reason
and what to do under the table.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from .. import _accel
from .._declare import declarations
from .._discovery import available_backends, backend_info, framework_version, invalid_names
from .._errors import PolyarrayError
from .._handler import resolve_backend
from .progress import importing
from .table import format_table

if TYPE_CHECKING:
    from .._backend import Backend


def _framework_of(name: str) -> tuple[str | None, str | None, str]:
    """The framework's distribution name, its installed version (None for either where there is none), and the
    table's text for them: ``"torch 2.13.0"``, ``"torch (not installed)"``, ``"-"`` (none) or ``"?"`` (unknown)."""
    try:
        framework = backend_info(name).framework
        version = framework_version(framework) if framework else None
    except (Exception, SystemExit):
        return None, None, "?"
    if not framework:
        return None, None, "-"
    return framework, version, f"{framework} {version}" if version is not None else f"{framework} (not installed)"


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


@dataclass
class _Built:
    """One row of the table: a discovered backend, built or with the reason it does not load."""

    name: str
    framework: str | None
    version: str | None
    framework_text: str
    backend: Backend | None = None
    problem: str | None = None
    build_ms: float = 0.0


def _build_all(progress: TextIO | None) -> list[_Built]:
    """Build every discovered backend (one that fails is kept with its reason), then the invalid names."""
    built = []
    for name in available_backends():
        entry = _Built(name, *_framework_of(name))
        start = time.perf_counter()
        try:
            with importing(name, progress):
                entry.backend = resolve_backend(name)
        except (Exception, SystemExit) as exc:  # one plugin must never stop the listing
            entry.problem = _reason(exc)
        entry.build_ms = (time.perf_counter() - start) * 1e3
        built.append(entry)
    for name, reason in invalid_names().items():
        built.append(_Built(shown_name(name), None, None, "?", problem=reason))
    return built


def function_status(backend: Backend, qualname: str) -> str:
    """How ``backend`` computes the declared function ``qualname``.

    ``"native"`` (the plugin's own implementation), ``"partial"`` (the
    plugin's for the calls its ``partial_mixed_handler`` accepts, the core's
    composition for the others), ``"composed"`` (the core's composition of
    other polyarray functions) or ``"missing"`` (calling it raises).

    >>> import polyarray as pa
    >>> function_status(pa.get_backend("numpy"), "add")
    'native'
    >>> function_status(pa.get_backend("numpy"), "cross_entropy")
    'composed'
    """
    if qualname in backend.partial_mixed:
        return "partial"
    if qualname in backend.native:
        return "native"
    if qualname in backend.composed:
        return "composed"
    return "missing"


def coverage(progress: TextIO | None = None) -> dict[str, Any]:
    """What ``--json`` prints: every backend, and per function how each backend that loads computes it.

    ``backends`` maps each discovered name to its ``framework`` and ``version``
    (None without one), whether it ``loads`` and, if not, the ``problem``.
    ``functions`` maps the qualified name of every function whose code depends
    on the backend (primary, mixed and compositional declarations; standalone
    ones run in the core alike everywhere) to ``{backend: status}``, with the
    statuses of :func:`function_status`, for the backends that load.

    >>> data = coverage()
    >>> data["backends"]["numpy"]["loads"], data["functions"]["matmul"]["numpy"]
    (True, 'native')
    """
    built = _build_all(progress)
    loaded = [(entry.name, entry.backend) for entry in built if entry.backend is not None]
    functions = {
        decl.qualname: {name: function_status(backend, decl.qualname) for name, backend in loaded}
        for decl in declarations(("primary", "mixed", "compositional"))
    }
    return {
        "backends": {
            entry.name: {
                "framework": entry.framework,
                "version": entry.version,
                "loads": entry.backend is not None,
                "problem": entry.problem,
            }
            for entry in built
        },
        "functions": dict(sorted(functions.items())),
        "compiled_fast_paths": speedups_status(),
    }


def report_json(out: TextIO, progress: TextIO | None = None) -> int:
    """Print :func:`coverage` as JSON (keys sorted, so that the output of two runs can be compared). Exits 0."""
    print(json.dumps(coverage(progress), indent=2, sort_keys=True), file=out)
    return 0


def report_backends(out: TextIO, progress: TextIO | None = None) -> int:
    """Print the table; problems are listed under it with what to do. Always exits 0.

    While a backend's framework imports, ``progress`` (standard error by
    default) shows it, when it is a terminal.
    """
    rows: list[list[object]] = []
    problems: list[str] = []
    for entry in _build_all(progress):
        framework = entry.framework_text
        backend = entry.backend
        if backend is None:
            rows.append([entry.name, framework, "no", "-", "-", "-", "-"])
            problems.append(f"{entry.name}: {entry.problem}")
            continue
        rows.append(
            [
                entry.name,
                framework,
                "yes",
                len(backend.native),
                len(backend.composed),
                len(backend.missing),
                f"{entry.build_ms:.0f} ms",
            ]
        )
        if backend.missing:
            problems.append(f"{entry.name}: not implemented: {', '.join(sorted(backend.missing))}")
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
        f"{name} ({_framework_of(name)[2]}): {len(backend.native)} native, {len(backend.composed)} composed "
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
