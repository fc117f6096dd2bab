"""What type checkers and editors see of polyarray: the generated stubs, signatures and docstrings.

The stubs (``core/src/polyarray/*.pyi``) are generated from the declarations by
``python -m polyarray._stubgen``; ``nox -s typecheck`` runs mypy and pyright over the library and
over ``user_program.py``, which this file also runs.
"""

from __future__ import annotations

import ast
import inspect
import pydoc
import runpy
from pathlib import Path
from typing import Any

import pytest

import polyarray as pa
from polyarray import _array, _declare, _stubgen

PACKAGE = Path(pa.__file__).parent
PUBLIC = [d for d in _declare.declarations() if d.kind != "support"]


def test_the_committed_stubs_are_a_fresh_generation() -> None:
    stale = [str(path.relative_to(PACKAGE.parents[2])) for path in _stubgen.stale()]
    assert not stale, (
        f"{', '.join(stale)} differ from what the declarations generate: run `{_stubgen.COMMAND}` and commit the stubs."
    )


def test_the_packages_are_marked_typed() -> None:
    # The installed polyarray (its wheel carries the marker) and every plugin of this repository.
    plugins = Path(__file__).resolve().parents[2] / "plugins"
    marked = [PACKAGE / "py.typed", *(p / "src" / p.name.replace("-", "_") / "py.typed" for p in plugins.iterdir())]
    missing = [str(p) for p in marked if not p.is_file()]
    assert missing == [], f"add an empty py.typed to each package (it is how type checkers know it is typed): {missing}"


def _stub_functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


#: A stub's default that says only that there is one (``= ...``: the value is no simple literal).
SOME_DEFAULT = Ellipsis
NO_DEFAULT = "no default"


def _stub_parameters(node: ast.FunctionDef) -> list[tuple[str, str, Any]]:
    """(name, kind, default) of each parameter of a stub's function, in order."""
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params: list[tuple[str, str, ast.expr | None]] = [
        (arg.arg, "POSITIONAL_ONLY" if index < len(args.posonlyargs) else "POSITIONAL_OR_KEYWORD", default)
        for index, (arg, default) in enumerate(zip(positional, defaults, strict=True))
    ]
    if args.vararg:
        params.append((args.vararg.arg, "VAR_POSITIONAL", None))
    params += [(a.arg, "KEYWORD_ONLY", d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg:
        params.append((args.kwarg.arg, "VAR_KEYWORD", None))
    return [(name, kind, NO_DEFAULT if d is None else ast.literal_eval(d)) for name, kind, d in params]


def _runtime_parameters(signature: inspect.Signature, stub: list[tuple[str, str, Any]]) -> list[tuple[str, str, Any]]:
    """The same of a runtime signature; where the stub writes ``...`` for a default, that is taken as its value."""
    out: list[tuple[str, str, Any]] = []
    for index, param in enumerate(signature.parameters.values()):
        default = NO_DEFAULT if param.default is param.empty else param.default
        written = stub[index][2] if index < len(stub) else NO_DEFAULT
        if written is SOME_DEFAULT and default is not NO_DEFAULT:
            default = SOME_DEFAULT
        out.append((param.name, param.kind.name, default))
    return out


STUB_OF = {"": "__init__.pyi", "linalg": "linalg.pyi", "fft": "fft.pyi", "random": "random.pyi"}


def _namespace(decl: _declare.Declaration) -> str:
    return "random" if decl.function.__module__ == "polyarray.api.random" else decl.namespace


@pytest.mark.parametrize("decl", PUBLIC, ids=lambda d: d.qualname)
def test_each_public_function_has_its_runtime_signature_in_the_stub(decl: _declare.Declaration) -> None:
    """Parameter by parameter (name, kind, default), the stub says what ``inspect.signature`` says."""
    stub = _stub_functions(PACKAGE / STUB_OF[_namespace(decl)])
    assert decl.name in stub, f"pa.{decl.qualname} is missing from {STUB_OF[_namespace(decl)]}"
    assert decl.public is not None
    written = _stub_parameters(stub[decl.name])
    assert written == _runtime_parameters(inspect.signature(decl.public), written)
    assert ast.get_docstring(stub[decl.name]) == inspect.cleandoc(decl.doc)


def _stub_names(path: Path) -> set[str]:
    """The names a stub defines or imports at its top level."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("module", [pa, pa.linalg, pa.fft, pa.random], ids=lambda m: m.__name__)
def test_every_public_name_is_in_the_stubs(module: Any) -> None:
    stub = PACKAGE / STUB_OF[module.__name__.partition(".")[2]]
    assert sorted(set(module.__all__) - _stub_names(stub)) == []
    assert "__version__" in _stub_names(PACKAGE / "__init__.pyi")


def test_the_array_methods_stub_names_every_operator_and_method() -> None:
    tree = ast.parse((PACKAGE / "_array_methods.pyi").read_text(encoding="utf-8"))
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    methods = {n.name for n in classes["ArrayMethods"].body if isinstance(n, ast.FunctionDef)}
    made = set(_array.METHODS) | set(_array.ACCELERABLE) | {f"__i{op}__" for op in _array._BINARY}
    assert sorted(made - methods) == []
    assert "sum" in methods and "__radd__" in methods and "__iadd__" in methods


@pytest.mark.parametrize("name", ["add", "linalg.svd", "softmax", "fft.fft", "random.normal", "asarray"])
def test_help_and_inspect_show_the_declared_signature_and_docstring(name: str) -> None:
    decl = _declare.DECLARATIONS[name]
    public: Any = decl.public
    signature = inspect.signature(public)
    assert [p for p in signature.parameters if p != "backend"] == list(decl.signature.parameters)
    assert signature.parameters["backend"].kind is inspect.Parameter.KEYWORD_ONLY
    assert signature.return_annotation == decl.signature.return_annotation
    assert public.__doc__ == decl.doc
    text = pydoc.plain(pydoc.render_doc(public))
    assert f"{decl.name}{signature}" in text.replace("\n", "")
    assert inspect.cleandoc(decl.doc).split("\n")[0] in text


def test_array_methods_show_the_declared_signature() -> None:
    signature = inspect.signature(pa.Array.sum)
    declared = list(_declare.DECLARATIONS["sum"].signature.parameters.values())
    assert list(signature.parameters) == ["self", *(p.name for p in declared[1:])]
    assert "sum(self, /, *, axis" in pydoc.plain(pydoc.render_doc(pa.Array.sum))


def test_the_user_program_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The program the type checkers check is a real one: it runs and prints what it computed."""
    runpy.run_path(str(Path(__file__).with_name("user_program.py")), run_name="__main__")
    out = capsys.readouterr().out
    assert "components (2, 3)" in out and "container 9.0" in out
