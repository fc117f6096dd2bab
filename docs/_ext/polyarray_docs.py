"""polyarray's Sphinx extension: the generated API reference, and every example run as a doctest.

**The API reference** (``docs/api/``, written on each build, never committed)
comes from the declarations (``polyarray._declare.DECLARATIONS``) and the public
modules' ``__all__``, so a function declared on any branch appears once it is
declared: one page per category of ``polyarray.api`` (in ``CATEGORIES`` order),
each function with its signature, its docstring and, per backend, how it is
computed, read from ``docs/_data/coverage.json`` (``docs/coverage.py``). A
declared function that the file lacks, or a function of the file that is no
longer declared, is a build warning (an error under ``-W``).

**Examples.** Every ``>>>`` example runs under ``sphinx-build -b doctest``:
docstrings' doctest blocks, ``{doctest}`` directives and Markdown ``pycon``
fences (turned into doctests here). A ``>>>`` line in any other code block is a
warning: it would not run. An example that uses a framework or library
other than NumPy (``torch``, ``jax``, ``tensorflow``/``tf``, ``sklearn``,
``scipy``, ``einops``, found by name in the example or in an earlier example on
its page, whose names it may use) is skipped where one of them is not
installed; ``POLYARRAY_DOCS_REQUIRE`` (comma-separated, or ``all``)
names those that must be there, so that a page that needs them fails instead of
being skipped (``nox -s clients`` runs every page with ``all``).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import os
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
API = DOCS / "api"
COVERAGE = DOCS / "_data" / "coverage.json"

#: What an example's text names -> the module that must be importable for it to run.
NEEDS = {
    "torch": re.compile(r"\btorch\b"),
    "jax": re.compile(r"\bjax\b"),
    "tensorflow": re.compile(r"\b(tensorflow|tf)\b"),
    "sklearn": re.compile(r"\bsklearn\b"),
    "scipy": re.compile(r"\bscipy\b"),
    "einops": re.compile(r"\beinops\b"),
}

#: How the reference words each status of ``python -m polyarray backends --json``.
STATUS_TEXT = {
    "native": "native",
    "partial": "partly native",
    "composed": "composed",
    "missing": "not available",
}

#: Where the public functions that choose, list and register backends live (the "Backends and contexts" page);
#: other public functions that no declaration makes go to "Other functions".
BACKEND_MODULES = ("polyarray._handler", "polyarray._discovery", "polyarray._dynamic")

GENERATED_NOTE = ".. Generated from the declarations by docs/_ext/polyarray_docs.py on every build; do not edit.\n"


# --------------------------------------------------------------------------- examples


def _required() -> set[str]:
    value = os.environ.get("POLYARRAY_DOCS_REQUIRE", "")
    if value.strip() == "all":
        return set(NEEDS)
    return {name.strip() for name in value.split(",") if name.strip()}


def missing(*modules: str) -> bool:
    """Whether examples needing ``modules`` are skipped here: one is not installed and none is required.

    Used as the ``skipif`` of a page's examples (``doctest_global_setup`` imports it).
    """
    required = _required()
    if required & set(modules):
        return False
    return any(importlib.util.find_spec(module) is None for module in modules)


def _is_test_node(node: nodes.Node) -> bool:
    return isinstance(node, nodes.doctest_block) or (
        isinstance(node, (nodes.literal_block, nodes.comment)) and "testnodetype" in node
    )


def _mark_examples(app: Sphinx, doctree: nodes.document) -> None:
    """Turn ``pycon`` fences into doctests, warn about ``>>>`` that would not run, and mark what a page needs."""
    for node in list(doctree.findall(nodes.literal_block)):
        if "testnodetype" in node:
            continue
        text = node.astext()
        if node.get("language") == "pycon":
            node["testnodetype"] = "doctest"
            node["groups"] = ["default"]
            node["options"] = {}
        elif re.search(r"^>>> ", text, re.MULTILINE):
            logger.warning(
                "this code block holds a '>>>' example that would not run: mark it as a pycon block "
                "(```pycon in Markdown) so that the doctests run it",
                location=node,
            )
    # An example needs what it names and what every example before it on the page needs (it may use their names).
    needs: tuple[str, ...] = ()
    for node in doctree.findall(_is_test_node):
        text = node.astext()
        needs += tuple(name for name, pattern in NEEDS.items() if name not in needs and pattern.search(text))
        if needs:
            node["skipif"] = f"missing{needs!r}" if len(needs) > 1 else f"missing({needs[0]!r})"


# --------------------------------------------------------------------------- the API reference


def _title(text: str) -> str:
    """A page title from a module docstring's first line: up to its first ':' or ' (', or ', ' when long."""
    line = text.strip().splitlines()[0].rstrip(".")
    for stop in (":", " ("):
        line = line.split(stop, 1)[0]
    if len(line) > 60 and ", " in line:
        line = line.split(", ", 1)[0]
    return line


def _heading(text: str, underline: str) -> str:
    return f"{text}\n{underline * len(text)}\n"


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def _backends(coverage: dict[str, Any]) -> list[str]:
    """The backends of the coverage file that load, NumPy (the reference) first."""
    names = [name for name, info in coverage["backends"].items() if info["loads"]]
    return sorted(names, key=lambda name: (name != "numpy", name))


def _status_table(statuses: dict[str, str], backends: list[str]) -> str:
    def row(cells: list[str]) -> str:
        return "   * - " + "\n     - ".join(cells)

    cells = [STATUS_TEXT.get(statuses.get(name, "missing"), statuses.get(name, "")) for name in backends]
    return f".. list-table::\n   :header-rows: 1\n   :class: polyarray-backends\n\n{row(backends)}\n{row(cells)}\n"


def _function_entry(decl: Any, coverage: dict[str, Any], backends: list[str]) -> str:
    target = f"polyarray.{decl.qualname}"
    entry = f".. autofunction:: {target}\n\n"
    if decl.kind == "standalone":
        body = "**Backends:** runs in polyarray's core, the same on every backend.\n"
    elif decl.qualname in coverage["functions"]:
        kind = {
            "compositional": "written once in polyarray's core from other polyarray functions",
            "mixed": "a composition in polyarray's core that a backend may replace with the framework's own function",
            "primary": "each backend's own implementation",
        }[decl.kind]
        body = f"**Backends** ({kind}):\n\n" + _status_table(coverage["functions"][decl.qualname], backends)
    else:
        body = "**Backends:** not recorded yet (``docs/_data/coverage.json`` lacks it).\n"
    return entry + _indent(body, 3) + "\n\n"


def _public_extras(module: Any, declared: set[str]) -> list[str]:
    """Public names of a namespace module that no declaration makes (``pa.random.Generator``)."""
    return [name for name in getattr(module, "__all__", ()) if name not in declared]


def _category_page(category: str, decls: list[Any], coverage: dict[str, Any], backends: list[str]) -> str:
    module = importlib.import_module(f"polyarray.api.{category}")
    doc = inspect.cleandoc(module.__doc__ or category)
    title = _title(doc)
    intro = doc.split("\n", 1)[1].strip() if "\n" in doc else ""
    first_line = doc.splitlines()[0]
    parts = [GENERATED_NOTE, _heading(title, "="), first_line + "\n"]
    if intro:
        parts.append(intro + "\n")
    parts.append(".. contents:: On this page\n   :local:\n   :depth: 1\n")
    for decl in decls:
        parts.append(_heading(f"{'pa.' + decl.qualname}", "-"))
        parts.append(_function_entry(decl, coverage, backends))
    namespace = decls[0].namespace if decls else ""
    if namespace:
        public = importlib.import_module(f"polyarray.{namespace}")
        for name in _public_extras(public, {d.name for d in decls}):
            obj = getattr(public, name)
            directive = "autoclass" if inspect.isclass(obj) else "autofunction"
            parts.append(_heading(f"pa.{namespace}.{name}", "-"))
            members = "   :members:\n" if inspect.isclass(obj) else ""
            parts.append(f".. {directive}:: polyarray.{namespace}.{name}\n{members}\n")
    return "\n".join(parts)


def _core_pages(declared: set[str]) -> dict[str, str]:
    """The public names that are not declared functions, from ``polyarray.__all__``, by what they are."""
    import polyarray as pa
    from polyarray import _declare

    functions, others, classes, errors, dtypes, constants = [], [], [], [], [], []
    for name in pa.__all__:
        if name in ("linalg", "fft", "random"):
            continue
        obj = getattr(pa, name)
        # A declared function, or a name of polyarray's own that a namespace's declaration shares (pa.trace beside
        # pa.linalg.trace): only the former is on a category's page.
        if name in declared and getattr(obj, "__module__", "").startswith("polyarray.api"):
            continue
        if inspect.isclass(obj) and issubclass(obj, BaseException):
            errors.append(name)
        elif inspect.isclass(obj) and name[0].isupper():
            classes.append(name)
        elif isinstance(obj, pa.DType):
            dtypes.append(name)
        elif callable(obj):
            (functions if getattr(obj, "__module__", "") in BACKEND_MODULES else others).append(name)
        else:
            constants.append(name)

    backends = [GENERATED_NOTE, _heading("Backends and contexts", "=")]
    backends.append(
        "Choosing, listing and registering backends, and the dynamic-backend switches; the user guide's "
        ":doc:`/guide/backends` and :doc:`/guide/dynamic` explain them.\n"
    )
    for name in functions:  # functions, and classes used as functions (``with pa.backend_context(name):``)
        directive = "autoclass" if inspect.isclass(getattr(pa, name)) else "autofunction"
        backends.append(_heading(f"pa.{name}", "-") + f".. {directive}:: polyarray.{name}\n")

    other = [GENERATED_NOTE, _heading("Other functions", "=")]
    for name in others:
        directive = "autoclass" if inspect.isclass(getattr(pa, name)) else "autofunction"
        other.append(_heading(f"pa.{name}", "-") + f".. {directive}:: polyarray.{name}\n")

    names = {d.name for d in _declare.declarations()}
    methods = sorted(n for n in vars(pa.Array) if not n.startswith("_") and n in names)
    values = [GENERATED_NOTE, _heading("Arrays, Containers and other classes", "=")]
    for name in classes:
        cls = getattr(pa, name)
        values.append(_heading(f"pa.{name}", "-"))
        if name in ("Array", "Container"):
            own = [n for n in vars(cls) if not n.startswith("_") and n not in methods]
            values.append(f".. autoclass:: polyarray.{name}\n   :members: {', '.join(own)}\n")
            if name == "Array":
                links = ", ".join(f":func:`{m} <polyarray.{m}>`" for m in methods)
                values.append(
                    "Methods: every declared function whose first argument is an array is also a method, "
                    f"``x.fn(...)`` being ``pa.fn(x, ...)``: {links}.\n"
                )
        else:
            values.append(f".. autoclass:: polyarray.{name}\n")

    tree = _error_tree([getattr(pa, name) for name in errors])
    errs = [GENERATED_NOTE, _heading("Errors", "=")]
    errs.append(
        "Every error polyarray raises is a ``pa.PolyarrayError``; each also subclasses the builtin exception that "
        "NumPy raises for the same mistake, so ``except ValueError`` keeps working (:doc:`/guide/errors`). "
        "The hierarchy, with the builtin classes each one also is:\n\n" + tree + "\n"
    )
    for name in errors:
        errs.append(_heading(f"pa.{name}", "-") + f".. autoexception:: polyarray.{name}\n   :show-inheritance:\n")

    kinds = []
    for name in dtypes:
        dtype = getattr(pa, name)
        kinds.append(f"   * - ``pa.{name}``\n     - {_dtype_kind(pa, dtype)}")
    consts = "\n".join(f"   * - ``pa.{name}``\n     - ``{getattr(pa, name)!r}``" for name in constants)
    data = [GENERATED_NOTE, _heading("Dtypes and constants", "=")]
    data.append(
        "The portable dtypes, instances of :class:`pa.DType <polyarray.DType>`, compare equal to every framework's "
        "dtype of the same name (:doc:`/guide/dtypes`).\n\n"
        ".. list-table::\n   :header-rows: 1\n\n   * - dtype\n     - kind (``pa.isdtype``)\n" + "\n".join(kinds) + "\n"
    )
    data.append(_heading("Constants", "-") + ".. list-table::\n\n" + consts + "\n")
    pages = {"backends": backends, "classes": values, "dtypes": data, "errors": errs, "other": other if others else []}
    return {name: "\n".join(parts) for name, parts in pages.items() if parts}


def _dtype_kind(pa: Any, dtype: Any) -> str:
    for kind in ("bool", "signed integer", "unsigned integer", "real floating", "complex floating"):
        if pa.isdtype(dtype, kind):
            return kind
    return "-"


def _error_tree(errors: list[type]) -> str:
    """A nested bullet list of the error classes, each with the builtin exceptions it also subclasses."""
    chosen = set(errors)
    lines = []

    def parent(cls: type) -> type | None:
        for base in cls.__mro__[1:]:
            if base in chosen:
                return base
        return None

    def builtins_of(cls: type) -> list[str]:
        """The most derived builtin exceptions ``cls`` subclasses that its parent in the tree does not."""
        above = parent(cls)
        found = [b for b in cls.__mro__[1:] if b.__module__ == "builtins" and issubclass(b, BaseException)]
        found = [b for b in found if b not in (Exception, BaseException)]
        found = [b for b in found if not any(o is not b and issubclass(o, b) for o in found)]
        return [b.__name__ for b in found if above is None or not issubclass(above, b)]

    def walk(node: type | None, depth: int) -> None:
        for cls in errors:
            if parent(cls) is node:
                also = builtins_of(cls)
                suffix = f" (also {', '.join(f'``{b}``' for b in also)})" if also else ""
                lines.append(f"{'  ' * depth}* :class:`pa.{cls.__name__} <polyarray.{cls.__name__}>`{suffix}")
                lines.append("")
                walk(cls, depth + 1)

    walk(None, 0)
    return "\n".join(lines)


def _coverage_page(coverage: dict[str, Any], backends: list[str]) -> str:
    versions = ", ".join(
        f"{info['framework']} {info['version']}" if info["framework"] else name
        for name, info in coverage["backends"].items()
    )
    counts = {name: {} for name in backends}
    for statuses in coverage["functions"].values():
        for name in backends:
            status = STATUS_TEXT.get(statuses.get(name, "missing"))
            counts[name][status] = counts[name].get(status, 0) + 1
    summary = "\n".join(
        f"* **{name}**: " + ", ".join(f"{count} {status}" for status, count in sorted(counts[name].items()))
        for name in backends
    )
    header = "   * - function\n" + "\n".join(f"     - {name}" for name in backends)
    rows = []
    for qualname, statuses in coverage["functions"].items():
        cells = "\n".join(f"     - {STATUS_TEXT.get(statuses.get(name, 'missing'))}" for name in backends)
        rows.append(f"   * - :func:`pa.{qualname} <polyarray.{qualname}>`\n{cells}")
    return "\n".join(
        [
            GENERATED_NOTE,
            _heading("Backend coverage", "="),
            "How each backend computes each function whose code depends on the backend (the standalone functions "
            "run in polyarray's core, alike everywhere). *native*: the framework's own function; *partly native*: "
            "the framework's function for the calls it covers, polyarray's composition for the others; "
            "*composed*: written once in polyarray's core from other polyarray functions; *not available*: "
            "calling it raises ``pa.BackendNotImplementedError``.\n",
            f"Recorded with {versions} (``python -m polyarray backends --json``, kept in "
            "``docs/_data/coverage.json`` and checked by ``nox -s all_backends``).\n",
            summary + "\n",
            ".. list-table::\n   :header-rows: 1\n   :class: polyarray-coverage\n",
            header + "\n" + "\n".join(rows) + "\n",
        ]
    )


INDEX = """{note}
API reference
=============

Every public function of polyarray, generated from its one declaration in
``core/src/polyarray/api/``: its signature, its docstring (whose examples run
as this site's doctests) and, for each backend, whether the backend computes it
with the framework's own function (*native*), with polyarray's composition of
other functions (*composed*), natively for some calls only (*partly native*),
or not at all. :doc:`coverage` has the whole table.

``import polyarray as pa``: functions live in ``pa``, ``pa.linalg``, ``pa.fft``
and ``pa.random``. Each one accepts ``pa.Array`` objects and the native arrays
of every installed backend, and returns ``pa.Array`` objects.

.. toctree::
   :maxdepth: 1

{pages}
"""


def _write(path: Path, text: str) -> None:
    """Write only when the text changed, so that Sphinx rereads only what changed."""
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def generate(app: Sphinx) -> None:
    """Write ``docs/api/``: the index, one page per category, the non-declared public names and the coverage table."""
    import polyarray  # noqa: F401 - declares everything
    from polyarray._declare import declarations
    from polyarray.api import CATEGORIES

    coverage = json.loads(COVERAGE.read_text())
    backends = _backends(coverage)
    public = [d for d in declarations() if d.kind != "support"]
    recorded = {d.qualname for d in public if d.kind != "standalone"}
    for qualname in sorted(recorded - coverage["functions"].keys()):
        logger.warning(
            f"pa.{qualname} is declared but {COVERAGE.relative_to(DOCS.parent)} does not record its backends: "
            "run `python docs/coverage.py` where every backend is installed and commit the file"
        )
    for qualname in sorted(coverage["functions"].keys() - recorded):
        logger.warning(
            f"{COVERAGE.relative_to(DOCS.parent)} records pa.{qualname}, which is not declared: "
            "run `python docs/coverage.py` where every backend is installed and commit the file"
        )

    API.mkdir(exist_ok=True)
    pages = []
    by_category: dict[str, list[Any]] = {}
    for decl in public:
        by_category.setdefault(decl.function.__module__.rsplit(".", 1)[-1], []).append(decl)
    for category in CATEGORIES:
        if by_category.get(category):
            _write(API / f"{category}.rst", _category_page(category, by_category[category], coverage, backends))
            pages.append(category)
    core_pages = _core_pages({d.name for d in public})
    for name, text in core_pages.items():
        _write(API / f"{name}.rst", text)
    _write(API / "coverage.rst", _coverage_page(coverage, backends))
    order = [*core_pages, *pages, "coverage"]
    expected = {f"{name}.rst" for name in order} | {"index.rst"}
    for stale in API.glob("*.rst"):
        if stale.name not in expected:
            stale.unlink()
    _write(API / "index.rst", INDEX.format(note=GENERATED_NOTE, pages="\n".join(f"   {name}" for name in order)))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", generate)
    app.connect("doctree-read", _mark_examples)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
