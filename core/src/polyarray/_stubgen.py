"""The type stubs of polyarray's public modules, generated from the declarations.

    python -m polyarray._stubgen            write them (next to the modules they describe)
    python -m polyarray._stubgen --check    exit 1, naming the stubs that differ from a fresh generation

``polyarray/__init__.pyi``, ``linalg.pyi``, ``fft.pyi`` and ``random.pyi`` give type checkers and editors
every public name: each declared function with its declared parameters and annotations, ``backend=``
and the parameters its wrappers add, and its docstring; the classes, dtypes and constants re-exported.
``_array_methods.pyi`` gives ``pa.Array`` its operators and the methods made from the declarations, and
``pa.Container`` its operators (their classes derive from it for type checkers only).

Public functions return ``pa.Array`` (array mode, the default): a declaration's ``ArrayLike`` result is
``Array`` in the stubs wherever its wrappers turn results into ``pa.Array``. In native mode they return
native arrays, which the stubs do not describe (see docs/architecture.md, "Seen by tools").

A name in an annotation is resolved where the declaring module imports it (following the imports through
polyarray's modules to where it is defined) and imported into the stub from there; a public name of the
stub stands for itself, and a builtin shadowed by a public name (``pa.bool``) is written ``builtins.bool``.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import importlib
import importlib.util
import inspect
import math
import re
import sys
import textwrap
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import polyarray

from . import _array, _container, _declare
from ._dispatch import BACKEND_PARAMETER

__all__ = ["COMMAND", "generate", "main"]

#: The command that regenerates the stubs (named in the freshness test's failure).
COMMAND = "python -m polyarray._stubgen"

_PACKAGE = Path(polyarray.__file__).parent
_LINE_LENGTH = 120
_HEADER = f"# Generated from polyarray's declarations by `{COMMAND}`: do not edit."

#: Where names that a declaration's module does not import are looked for: the parameters wrappers add
#: (``out: ArrayLike | None``, ``complex_mode: Literal[...]``) and ``backend: str | Backend | None``.
_FALLBACK_SCOPES = ("polyarray.api._types", "polyarray._dispatch", "typing")

#: ``ArrayLike`` results of functions whose wrappers return ``pa.Array`` are ``Array`` in the stubs.
_ARRAY_LIKE = ("polyarray.api._types", "ArrayLike")
_ARRAY = ("polyarray._array", "Array")

Origin = tuple[str, str]


class StubError(Exception):
    """A name the generator cannot resolve or a value it cannot write."""


# -- where names come from ----------------------------------------------------------------------------


class _Scope:
    """The names one module defines and imports, read from its source (``TYPE_CHECKING`` imports included)."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.defined: set[str] = set()
        self.imported: dict[str, Origin] = {}
        self.modules: dict[str, str] = {}
        self.stars: list[str] = []
        if module == "typing":
            self.defined = set(typing.__all__)
            return
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise StubError(f"cannot find the source of {module}")
        package = module if spec.submodule_search_locations is not None else module.rpartition(".")[0]
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        for node in _module_statements(tree.body):
            if isinstance(node, ast.ImportFrom):
                base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
                for alias in node.names:
                    if alias.name == "*":
                        self.stars.append(base)
                    else:
                        self.imported[alias.asname or alias.name] = (base, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.modules[alias.asname] = alias.name
                    else:
                        self.modules[alias.name.partition(".")[0]] = alias.name.partition(".")[0]
            elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                self.defined.add(node.name)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                self.defined.update(t.id for t in targets if isinstance(t, ast.Name))


def _module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module's top level, looking into ``if`` and ``try`` blocks."""
    for node in body:
        if isinstance(node, ast.If):
            yield from _module_statements(node.body)
            yield from _module_statements(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _module_statements(node.body)
            for handler in node.handlers:
                yield from _module_statements(handler.body)
        else:
            yield node


_SCOPES: dict[str, _Scope] = {}


def _scope(module: str) -> _Scope:
    if module not in _SCOPES:
        _SCOPES[module] = _Scope(module)
    return _SCOPES[module]


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _origin(module: str, name: str) -> Origin | None:
    """Where ``name``, as ``module`` sees it, is defined: followed through polyarray's own modules."""
    if module == "typing":
        return (module, name) if name in typing.__all__ else None
    if not module.startswith("polyarray"):
        return (module, name)
    scope = _scope(module)
    if name in scope.defined:
        return (module, name)
    if name in scope.imported:
        source, attribute = scope.imported[name]
        if _is_module(f"{source}.{attribute}") and source.startswith("polyarray"):
            return None  # a module, not a name
        return _origin(source, attribute)
    for star in scope.stars:
        if name in getattr(importlib.import_module(star), "__all__", ()):
            return _origin(star, name)
    return None


# -- a stub being written ------------------------------------------------------------------------------


class _Stub:
    """One ``.pyi`` file: its imports, the names it defines, and its text."""

    def __init__(self, module: str) -> None:
        self.module = module
        #: stub-local name -> what it stands for (an origin; the stub's own functions stand for themselves)
        self.names: dict[str, Origin] = {}
        #: origin -> the stub-local name that is it (public names first)
        self.local: dict[Origin, str] = {}
        self.imports: dict[str, set[tuple[str, str]]] = {}
        self.plain_imports: set[str] = set()
        self.lines: list[str] = []

    def define(self, name: str, origin: Origin | None = None) -> None:
        """``name`` is public in this stub (defined here, or re-exported from ``origin``)."""
        origin = origin or (self.module, name)
        self.names[name] = origin
        self.local.setdefault(origin, name)

    def reexport(self, name: str, origin: Origin) -> None:
        self.define(name, origin)
        self.imports.setdefault(origin[0], set()).add((origin[1], name))

    def name_for(self, origin: Origin) -> str:
        """The stub-local name standing for ``origin``, imported under a free name if needed."""
        if origin in self.local:
            return self.local[origin]
        module, name = origin
        if module == "builtins":
            if name in self.names:
                self.plain_imports.add("builtins")
                return f"builtins.{name}"
            return name
        local = name
        while local in self.names:
            local = f"_{local}"
        self.names[local] = origin
        self.local[origin] = local
        self.imports.setdefault(module, set()).add((name, local))
        return local

    def annotation(self, text: Any, modules: tuple[str, ...], array_results: bool = False) -> str:
        """An annotation of ``modules`` (the first one's imports first) written with this stub's names."""
        if text is inspect.Parameter.empty:
            raise StubError(f"a parameter of {modules[0]} has no annotation")
        if not isinstance(text, str):
            text = inspect.formatannotation(text)
        return _unparse(ast.parse(text, mode="eval").body, self, modules, array_results)

    def text(self, docstring: str | None) -> str:
        out = [_HEADER]
        if docstring:
            out += [_docstring(docstring, ""), ""]
        out += [f"import {name}" for name in sorted(self.plain_imports)]
        out += _import_lines(self.imports)
        out += ["", *self.lines]
        text = "\n".join(out).strip("\n") + "\n"
        return re.sub(r"\n{3,}", "\n\n", text)


def _import_lines(imports: dict[str, set[tuple[str, str]]]) -> list[str]:
    """``from m import a, b as c`` lines, standard library first, as ruff's isort orders them."""
    lines: list[str] = []
    third = sorted(m for m in imports if not m.startswith("polyarray"))
    first = sorted(m for m in imports if m.startswith("polyarray"))
    for group in (third, first):
        if lines and group:
            lines.append("")
        for module in group:
            items = sorted(imports[module], key=_isort_key)
            plain = [name for name, local in items if name == local]
            head = f"from {module} import {', '.join(plain)}"
            if plain and len(head) <= _LINE_LENGTH:
                lines.append(head)
            elif plain:
                lines += [f"from {module} import (", *(f"    {name}," for name in plain), ")"]
            lines += [f"from {module} import {name} as {local}" for name, local in items if name != local]
    return lines


def _isort_key(item: tuple[str, str]) -> tuple[int, list[Any]]:
    """isort's order: constants, classes, then the rest; case-insensitive, numbers by value (``int8 < int16``)."""
    name = item[0]
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return (kind, [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name.lower())])


def _resolve(name: str, modules: tuple[str, ...]) -> Origin:
    """Where ``name`` comes from: the first module's imports, a builtin, or the other modules'."""
    for index, module in enumerate(modules):
        if index == 1 and hasattr(builtins, name):
            return ("builtins", name)
        origin = _origin(module, name)
        if origin is not None:
            return origin
    if hasattr(builtins, name):
        return ("builtins", name)
    raise StubError(f"{name!r} in an annotation of {modules[0]} is neither imported there nor a builtin")


def _unparse(node: ast.expr, stub: _Stub, modules: tuple[str, ...], array_results: bool) -> str:
    """The annotation ``node`` as text (double-quoted strings), each name replaced by the stub's."""

    def visit(node: ast.expr) -> str:
        if isinstance(node, ast.Name):
            origin = _resolve(node.id, modules)
            if array_results and origin == _ARRAY_LIKE:
                origin = _ARRAY
            return stub.name_for(origin)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            imported = (_scope(m).modules for m in modules)
            module = next((found[node.value.id] for found in imported if node.value.id in found), None)
            if module is None:
                raise StubError(f"{ast.unparse(node)!r} in an annotation of {modules[0]} names no imported module")
            return stub.name_for((module, node.attr))
        if isinstance(node, ast.Subscript):
            inner = node.slice
            items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return f"{visit(node.value)}[{', '.join(visit(item) for item in items)}]"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return f"{visit(node.left)} | {visit(node.right)}"
        if isinstance(node, ast.List):
            return f"[{', '.join(visit(item) for item in node.elts)}]"
        if isinstance(node, ast.Tuple):
            return f"({', '.join(visit(item) for item in node.elts)})"
        if isinstance(node, ast.Constant):
            return "..." if node.value is Ellipsis else _literal(node.value)
        raise StubError(f"cannot write the annotation {ast.unparse(node)!r} of {modules[0]}")

    return visit(node)


def _literal(value: Any) -> str:
    """``value`` as source text, strings double-quoted (as ruff formats them)."""
    if isinstance(value, str):
        return '"' + repr(value)[1:-1].replace('"', '\\"') + '"' if "'" not in value else repr(value)
    return repr(value)


def _default(value: Any) -> str:
    """A parameter's default as a stub writes it: simple values as they are, anything else ``...``."""
    if value is None or isinstance(value, bool | int | str):
        return _literal(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else "..."
    if isinstance(value, tuple) and all(v is None or isinstance(v, bool | int | str) for v in value):
        return "(" + ", ".join(_literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return "..."


def _docstring(doc: str, indent: str) -> str:
    """``doc`` (cleaned of its source indentation) as a docstring at ``indent``."""
    text = inspect.cleandoc(doc)
    if '"""' in text:
        raise StubError(f'a docstring holds """: {text[:60]!r}')
    prefix = "r" if "\\" in text else ""
    if text.endswith('"'):
        text += " "
    width = _LINE_LENGTH - len(indent)
    opening = f'{prefix}"""'
    if "\n" not in text and len(text) + 2 * len(opening) <= width:
        return f"{indent}{opening}{text}{opening[-3:]}"
    # Lines too long for the stub (only the short docstrings polyarray makes at run time have them) are wrapped.
    first, *rest = text.split("\n")
    lines = textwrap.wrap(first, width - len(opening)) if len(first) > width - len(opening) else [first]
    lines += [part for line in rest for part in (textwrap.wrap(line, width) if len(line) > width else [line])]
    body = [f"{indent}{line}" if line.strip() else "" for line in lines[1:]]
    return "\n".join([f"{indent}{opening}{lines[0]}", *body, f'{indent}"""'])


# -- functions -----------------------------------------------------------------------------------------


def _parameters(stub: _Stub, signature: inspect.Signature, modules: tuple[str, ...]) -> list[str]:
    """Each parameter as text, with ``/`` and ``*`` where the kinds change."""
    out: list[str] = []
    params = list(signature.parameters.values())
    kinds = [p.kind for p in params]
    for index, param in enumerate(params):
        if (
            param.kind is param.KEYWORD_ONLY
            and param.VAR_POSITIONAL not in kinds[:index]
            and (index == 0 or kinds[index - 1] is not param.KEYWORD_ONLY)
        ):
            out.append("*")
        scopes = (*_DISPATCH_SCOPES, *modules) if param.name == BACKEND_PARAMETER.name else modules
        text = param.name if param.name == "self" else f"{param.name}: {stub.annotation(param.annotation, scopes)}"
        if param.kind is param.VAR_POSITIONAL:
            text = f"*{text}"
        elif param.kind is param.VAR_KEYWORD:
            text = f"**{text}"
        if param.default is not param.empty:
            text += f" = {_default(param.default)}"
        out.append(text)
        if param.kind is param.POSITIONAL_ONLY and (index + 1 == len(params) or kinds[index + 1] is not param.kind):
            out.append("/")
    return out


_DISPATCH_SCOPES = ("polyarray._dispatch",)


#: pyright's name for each of mypy's error codes the stubs silence.
_PYRIGHT_RULES = {"override": "reportIncompatibleMethodOverride"}


def _function(
    stub: _Stub, name: str, params: list[str], returns: str, doc: str | None, indent: str = "", ignore: str = ""
) -> None:
    """Append ``def name(params) -> returns:`` with its docstring (or ``...``) to the stub."""
    comment = f"  # type: ignore[{ignore}]  # pyright: ignore[{_PYRIGHT_RULES[ignore]}]" if ignore else ""
    head = f"{indent}def {name}({', '.join(params)}) -> {returns}:"
    if len(head) + (0 if doc else 4) > _LINE_LENGTH:
        lines = [f"{indent}def {name}(", *(f"{indent}    {p}," for p in params), f"{indent}) -> {returns}:"]
    else:
        lines = [head]
    if not doc:
        lines[-1] += " ..."
    lines[0] += comment  # where both checkers report an override
    stub.lines += [*lines, _docstring(doc, indent + "    ")] if doc else lines


def _returns_arrays(decl: _declare.Declaration) -> bool:
    return "outputs_to_polyarray_arrays" in _declare.ordered_wrappers(decl.wrappers)


def _declared_function(stub: _Stub, decl: _declare.Declaration) -> None:
    """The stub of a declaration's public function: its signature as ``inspect.signature`` shows it."""
    public = decl.public
    assert public is not None
    modules = (decl.function.__module__, *_FALLBACK_SCOPES)
    signature = inspect.signature(public)
    wrapped = getattr(public, "__wrapped__", None)
    if not (decl.kind == "standalone" and wrapped is not None and inspect.isgeneratorfunction(wrapped)):
        returns = stub.annotation(signature.return_annotation, modules, array_results=_returns_arrays(decl))
    else:
        # A @contextlib.contextmanager: the declared Iterator[X] is what the block is given.
        node = ast.parse(str(signature.return_annotation), mode="eval").body
        if not isinstance(node, ast.Subscript):
            raise StubError(f"the context manager pa.{decl.qualname} must be annotated -> Iterator[...]")
        item = _unparse(node.slice, stub, modules, False)
        returns = f"{stub.name_for(('contextlib', 'AbstractContextManager'))}[{item}]"
    _function(stub, decl.name, _parameters(stub, signature, modules), returns, decl.doc)


# -- modules -------------------------------------------------------------------------------------------


def _public_declarations() -> dict[int, _declare.Declaration]:
    return {id(d.public): d for d in _declare.declarations() if d.public is not None and d.kind != "support"}


def _module_stub(module_name: str, extra: Callable[[_Stub], None] | None = None) -> str:
    """The stub of a public module: every name of its ``__all__``, in order."""
    module = importlib.import_module(module_name)
    declared = _public_declarations()
    scope = _scope(module_name)
    stub = _Stub(module_name)
    names: list[str] = list(module.__all__)
    constants = [n for n in sorted(scope.defined) if n.startswith("__") and n.endswith("__") and n != "__all__"]
    plan: list[tuple[str, str, Any]] = []
    for name in names:
        value = getattr(module, name)
        decl = declared.get(id(value))
        if decl is not None and (decl.namespace == module_name.partition(".")[2] or module_name == "polyarray"):
            stub.define(name)
            plan.append(("function", name, decl))
        elif decl is not None:
            stub.reexport(name, ("polyarray", decl.name))
        elif inspect.ismodule(value):
            stub.reexport(name, (value.__name__.rpartition(".")[0], value.__name__.rpartition(".")[2]))
        elif name in scope.defined and isinstance(value, type) and value.__module__ == module_name:
            stub.define(name)
            plan.append(("class", name, value))
        elif name in scope.defined and not callable(value):
            stub.define(name)
            plan.append(("constant", name, value))
        else:
            origin = _origin(module_name, name) or _defined_at(value)
            if origin[0] == module_name:
                raise StubError(f"{module_name}.{name}: define it in a module of its own, which {module_name} imports")
            stub.reexport(name, origin)
    for name in constants:
        stub.define(name)
        plan.append(("constant", name, getattr(module, name)))
    for kind, name, value in plan:
        if kind == "constant":
            kind_of = "None" if value is None else stub.name_for(("builtins", type(value).__name__))
            stub.lines.append(f"{name}: {kind_of}")
    stub.lines.append("")
    stub.lines.append("__all__ = [")
    stub.lines += [f"    {_literal(name)}," for name in names]
    stub.lines += ["]", ""]
    for kind, name, value in plan:
        if kind == "function":
            _declared_function(stub, value)
            stub.lines.append("")
        elif kind == "class":
            _class_from_source(stub, module_name, name)
            stub.lines.append("")
    if extra:
        extra(stub)
    return stub.text(module.__doc__)


def _defined_at(value: Any) -> Origin:
    """Where a class or function that a module re-exports is defined."""
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if module and qualname and getattr(sys.modules.get(module), qualname, None) is value:
        return (module, qualname)
    raise StubError(f"cannot tell where {value!r} is defined")


def _class_from_source(stub: _Stub, module_name: str, name: str) -> None:
    """A class of the module as its source writes it, bodies left out (``pa.random.Generator``)."""
    module = importlib.import_module(module_name)
    source = inspect.getsource(getattr(module, name))
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef)
    modules = (module_name,)
    if node.bases or node.keywords or node.decorator_list:
        raise StubError(f"{module_name}.{name}: the generator copies plain classes only")
    stub.lines.append(f"class {name}:")
    doc = ast.get_docstring(node, clean=False)
    if doc:
        stub.lines.append(_docstring(doc, "    "))
    for item in node.body:
        if not isinstance(item, ast.FunctionDef) or (item.name.startswith("_") and not item.name.endswith("__")):
            continue
        for decorator in item.decorator_list:
            stub.lines.append(f"    @{_unparse(decorator, stub, modules, False)}")
        function = getattr(module, name).__dict__[item.name]
        if isinstance(function, property):
            assert function.fget is not None
            function = function.fget
        signature = inspect.signature(function)
        returns = stub.annotation(signature.return_annotation, modules)
        _function(stub, item.name, _parameters(stub, signature, modules), returns, function.__doc__, "    ")


# -- pa.Array's operators and methods ------------------------------------------------------------------


def _operand_annotation(stub: _Stub, qualname: str, position: int) -> str:
    decl = _declare.DECLARATIONS[qualname]
    param = list(decl.signature.parameters.values())[position]
    return stub.annotation(param.annotation, (decl.function.__module__, *_FALLBACK_SCOPES))


def _array_methods() -> str:
    stub = _Stub("polyarray._array_methods")
    array, container = stub.name_for(_ARRAY), stub.name_for(("polyarray._container", "Container"))
    any_ = stub.name_for(("typing", "Any"))
    stub.lines.append("class ArrayMethods:")
    stub.lines.append(_docstring("What ``pa.Array`` has that is made when polyarray is imported.", "    "))
    operators: list[tuple[str, str, str]] = []  # (attribute, function, operand's annotation)
    for op, (function, _symbol) in _array._BINARY.items():
        operand = _operand_annotation(stub, function, 1)
        operators += [(f"__{op}__", function, operand), (f"__r{op}__", function, operand)]
        operators.append((f"__i{op}__", function, operand))
    for op, (function, _symbol) in _array._COMPARISON.items():
        operators.append((f"__{op}__", function, _operand_annotation(stub, function, 1)))
    for attribute, _, operand in operators:
        ignore = "override" if attribute in ("__eq__", "__ne__") else ""
        doc = getattr(_array.Array, attribute).__doc__
        _function(stub, attribute, ["self", f"other: {operand}", "/"], array, doc, "    ", ignore)
    for op in _array._UNARY:
        attribute = f"__{op}__"
        _function(stub, attribute, ["self", "/"], array, getattr(_array.Array, attribute).__doc__, "    ")
    for name, (decl, returns_arrays) in sorted(_array.METHODS.items()):
        modules = (decl.function.__module__, *_FALLBACK_SCOPES)
        signature = inspect.signature(_array.Array.__dict__[name])
        returns = stub.annotation(decl.signature.return_annotation, modules, array_results=returns_arrays)
        doc = _array.Array.__dict__[name].__doc__
        _function(stub, name, _parameters(stub, signature, modules), returns, doc, "    ")
    stub.lines += ["", "", "class ContainerOperators:"]
    stub.lines.append(
        _docstring("``pa.Container``'s operators, made when polyarray is imported (leaf by leaf).", "    ")
    )
    for op in (*_container._BINARY, *_container._COMPARISON):
        reflected = [f"__r{op}__"] if op in _container._BINARY else []
        for attribute in (f"__{op}__", *reflected):
            ignore = "override" if attribute in ("__eq__", "__ne__") else ""
            _function(stub, attribute, ["self", f"other: {any_}", "/"], container, None, "    ", ignore)
    for op in _container._UNARY:
        _function(stub, f"__{op}__", ["self", "/"], container, None, "    ")
    return stub.text(_ARRAY_METHODS_DOC)


_ARRAY_METHODS_DOC = """What ``pa.Array`` and ``pa.Container`` gain when polyarray is imported, for type checkers only.

``_array.py`` and ``_container.py`` derive their classes from these under ``TYPE_CHECKING``; nothing
imports this module at run time.
"""


# -- all stubs -----------------------------------------------------------------------------------------


def generate() -> dict[Path, str]:
    """Every stub's path and text."""
    return {
        _PACKAGE / "__init__.pyi": _module_stub("polyarray"),
        _PACKAGE / "linalg.pyi": _module_stub("polyarray.linalg"),
        _PACKAGE / "fft.pyi": _module_stub("polyarray.fft"),
        _PACKAGE / "random.pyi": _module_stub("polyarray.random"),
        _PACKAGE / "_array_methods.pyi": _array_methods(),
    }


def stale() -> list[Path]:
    """The stubs whose committed text differs from a fresh generation (or that are missing)."""
    return [path for path, text in generate().items() if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="The type stubs of polyarray's public modules.")
    parser.add_argument("--check", action="store_true", help="exit 1 if a stub differs from a fresh generation")
    args = parser.parse_args(argv)
    if args.check:
        paths = stale()
        for path in paths:
            print(f"{path} is out of date with the declarations; run `{COMMAND}`.")
        return 1 if paths else 0
    for path, text in generate().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):
        sys.exit(main())
