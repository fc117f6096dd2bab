"""Declaring the API: each public function is declared once, here described.

A declaration records the function's public signature, its docstring, its
kind (see :data:`KINDS`), the namespace it lives in (``""``, ``"linalg"`` or
``"fft"``) and the wrappers that every backend's implementation gets.
The decorators return the public function (``pa.add``), which dispatches
each call to the backend that the call resolves to.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ._errors import PolyarrayTypeError

__all__ = [
    "KINDS",
    "Declaration",
    "DECLARATIONS",
    "primary",
    "compositional",
    "mixed",
    "standalone",
    "declarations",
]

#: The kinds of declaration (see docs/architecture.md).
KINDS = ("primary", "compositional", "mixed", "standalone", "support")

#: Every declaration by qualified name (``"add"``, ``"linalg.svd"``).
DECLARATIONS: dict[str, Declaration] = {}

_NAMES: set[str] = set()


@functools.lru_cache(maxsize=8192)
def signature_of(function: Callable[..., Any]) -> inspect.Signature:
    """``inspect.signature(function)``, computed once per implementation (validation and wrappers all ask)."""
    return inspect.signature(function)


_SEQUENCE_PREFIXES = ("Sequence[", "list[", "tuple[", "Iterable[")


@dataclass(eq=False)
class Declaration:
    """One declared function: what every backend must provide under this name."""

    name: str
    namespace: str
    kind: str
    function: Callable[..., Any]
    signature: inspect.Signature
    wrappers: tuple[str, ...]
    #: The core's body bound to ``xp``: the composition of a compositional or mixed function,
    #: or the default of a support hook that has one (written for mutable arrays).
    composition: Callable[..., Any] | None = None
    #: (position, category) of positional parameters the wrappers convert.
    positional_categories: tuple[tuple[int, str], ...] = ()
    #: name -> category of parameters that may be passed by keyword.
    keyword_categories: dict[str, str] = field(default_factory=dict)
    #: (position where ``*args`` starts, category), when ``*args`` holds arrays.
    varargs: tuple[int, str] | None = None
    returns_dtype: bool = False
    #: A NamedTuple class that tuple results are turned into (``unique_all``, ``svd`` …).
    result: type | None = None
    public: Callable[..., Any] | None = None
    #: ``check(args, kwargs)``: raises a ``pa.PolyarrayError`` for arguments every backend must refuse
    #: (run by ``handle_exceptions`` before the implementation; the fast path leaves such functions to the chain).
    check: Callable[[tuple, dict[str, Any]], None] | None = None
    #: The signature implementations match: the public one without the parameters
    #: that wrappers add and consume (``out``, ``complex_mode`` …).
    implementation_signature: inspect.Signature | None = None

    def signature_for(self, implementation: Callable[..., Any]) -> inspect.Signature:
        """The signature ``implementation`` must have: wrapper-added parameters it opts into are kept."""
        own = signature_of(implementation).parameters
        base = self.implementation_signature or self.signature
        added = [p for p in self.signature.parameters.values() if p.name not in base.parameters and p.name in own]
        return _insert_keyword_only(base, added)

    @property
    def qualname(self) -> str:
        return f"{self.namespace}.{self.name}" if self.namespace else self.name

    @property
    def doc(self) -> str:
        return self.function.__doc__ or ""

    @property
    def has_native_slot(self) -> bool:
        """Whether backends may implement this function natively (it is a hookspec)."""
        return self.kind in ("primary", "mixed", "support")


def declarations(kind: str | Iterable[str] | None = None) -> list[Declaration]:
    """The declarations of the given kind(s), in declaration order."""
    if kind is None:
        return list(DECLARATIONS.values())
    kinds = {kind} if isinstance(kind, str) else set(kind)
    return [d for d in DECLARATIONS.values() if d.kind in kinds]


def _annotation_text(annotation: Any) -> str:
    if annotation is inspect.Parameter.empty:
        return ""
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def _is_array_annotation(text: str) -> bool:
    return "Array" in text


def _category(text: str) -> str | None:
    """What a parameter annotated ``text`` can hold that the wrappers convert."""
    has_array, has_dtype = _is_array_annotation(text), "DType" in text
    if has_array and has_dtype:
        return "array_or_dtype"
    if has_dtype:
        return "dtype"
    if has_array:
        return "array_sequence" if text.startswith(_SEQUENCE_PREFIXES) else "array"
    return None


def _analyse(decl: Declaration) -> None:
    """Find, once, which parameters can hold arrays or dtypes."""
    positional: list[tuple[int, str]] = []
    keyword: dict[str, str] = {}
    from ._wrappers import wrapper_parameter_names

    consumed = wrapper_parameter_names()
    for index, param in enumerate(decl.signature.parameters.values()):
        if param.name in consumed:
            continue
        category = _category(_annotation_text(param.annotation))
        if category is None or param.kind is param.VAR_KEYWORD:
            continue
        if param.kind is param.VAR_POSITIONAL:
            decl.varargs = (index, category)
            continue
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            positional.append((index, category))
        if param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            keyword[param.name] = category
    decl.positional_categories = tuple(positional)
    decl.keyword_categories = keyword
    decl.returns_dtype = "DType" in _annotation_text(decl.signature.return_annotation)


def _insert_keyword_only(signature: inspect.Signature, added: list[inspect.Parameter]) -> inspect.Signature:
    """``signature`` with keyword-only ``added`` parameters placed before any ``**kwargs``."""
    if not added:
        return signature
    params = list(signature.parameters.values())
    at = len(params) - (1 if params and params[-1].kind is inspect.Parameter.VAR_KEYWORD else 0)
    return signature.replace(parameters=[*params[:at], *added, *params[at:]])


def _with_wrapper_parameters(signature: inspect.Signature, wrappers: tuple[str, ...]) -> inspect.Signature:
    """Add the keyword-only parameters the named wrappers handle (``out=`` …) to a public signature."""
    from ._wrappers import wrapper_parameters

    added = [p for p in wrapper_parameters(wrappers) if p.name not in signature.parameters]
    return _insert_keyword_only(signature, added)


def _namespace_of(function: Callable[..., Any]) -> str:
    module = function.__module__.rsplit(".", 1)[-1]
    return module if module in ("linalg", "fft") else ""


def _declare(
    function: Callable[..., Any],
    kind: str,
    wrappers: Iterable[str],
    namespace: str | None,
    result: type | None = None,
    check: Callable[[tuple, dict[str, Any]], None] | None = None,
) -> Callable[..., Any]:
    from ._wrappers import check_wrapper_names

    namespace = _namespace_of(function) if namespace is None else namespace
    signature = inspect.signature(function)
    composition = None
    params = list(signature.parameters.values())
    if kind == "support" and params and params[0].name == "xp":
        # A support hook with a body: the default for plugins that do not implement it.
        signature = signature.replace(parameters=params[1:])
        composition = function
    elif kind in ("compositional", "mixed"):
        if not params or params[0].name != "xp":
            raise PolyarrayTypeError(
                f"The {kind} declaration {function.__name__!r} must take the backend "
                f"namespace 'xp' as its first parameter."
            )
        signature = signature.replace(parameters=params[1:])
        composition = function
    wrappers = tuple(wrappers)
    check_wrapper_names(wrappers, function.__name__)
    implementation_signature = signature
    signature = _with_wrapper_parameters(signature, wrappers)
    decl = Declaration(
        name=function.__name__,
        namespace=namespace,
        kind=kind,
        function=function,
        signature=signature,
        wrappers=wrappers,
        composition=composition,
        result=result,
        implementation_signature=implementation_signature,
        check=check,
    )
    if decl.name in _NAMES:
        raise PolyarrayTypeError(f"{decl.qualname!r} is declared twice: function names are unique across namespaces.")
    _NAMES.add(decl.name)
    _analyse(decl)
    if kind == "standalone":
        public = function
    else:
        from ._dispatch import make_dispatcher

        public = make_dispatcher(decl)
    decl.public = public
    DECLARATIONS[decl.qualname] = decl
    return public


def _decorator(kind: str):
    def decorator(
        function: Callable[..., Any] | None = None,
        *,
        wrappers: Iterable[str] = (),
        namespace: str | None = None,
        result: type | None = None,
        check: Callable[[tuple, dict[str, Any]], None] | None = None,
    ):
        def apply(fn: Callable[..., Any]) -> Callable[..., Any]:
            return _declare(fn, kind, wrappers, namespace, result, check)

        return apply if function is None else apply(function)

    decorator.__name__ = kind
    decorator.__doc__ = f"Declare a {kind} function (see docs/architecture.md)."
    return decorator


primary = _decorator("primary")
compositional = _decorator("compositional")
mixed = _decorator("mixed")
standalone = _decorator("standalone")
support = _decorator("support")
