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
from typing import Any, Protocol, TypeVar, overload

from ._errors import PolyarrayTypeError

__all__ = [
    "CATEGORIES",
    "KINDS",
    "Declaration",
    "DECLARATIONS",
    "primary",
    "compositional",
    "mixed",
    "standalone",
    "declarations",
    "set_publisher",
    "WRAPPER_ORDER",
    "COMBINED_WRAPPERS",
    "WRAPPER_PARAMETERS",
    "ordered_wrappers",
    "wrapper_parameters",
    "wrapper_parameter_names",
    "check_wrapper_names",
    "MAIN_NAMESPACE_ALIASES",
    "WRITING_HOOKS",
    "LAZY_HOOKS",
]

#: The API's category modules (``polyarray.api.<category>``, and the same-named module of every plugin),
#: in the order they are imported.
CATEGORIES = (
    "support",
    "interop",
    "settings",
    "general",
    "dtype_utilities",
    "device_utilities",
    "nest",
    "creation",
    "data_types",
    "elementwise",
    "indexing",
    "linear_algebra",
    "manipulation",
    "searching",
    "set_functions",
    "sorting",
    "statistical",
    "utility",
    "inspection",
    "linalg",
    "fft",
    "nn",
    "losses",
    "random",
)

#: The kinds of declaration (see docs/architecture.md).
KINDS = ("primary", "compositional", "mixed", "standalone", "support")

#: Every declaration by qualified name (``"add"``, ``"linalg.svd"``).
DECLARATIONS: dict[str, Declaration] = {}

# -- the wrappers a declaration may name (their factories live in the ``_wrappers`` package) -------------

#: Every wrapper of the design, outermost first.
WRAPPER_ORDER: tuple[str, ...] = (
    "handle_complex_input",
    "infer_device",
    "handle_device_shifting",
    # These three must see pa.Array arguments, so they run outside the conversion to
    # native arrays (the architecture guide's list had them inside it); arrays of another
    # backend are converted before promotion, so that it sees every operand's dtype.
    "handle_backend_invalid",
    "infer_dtype",
    "handle_array_function",
    "handle_view_indexing",
    "handle_view",
    "outputs_to_polyarray_arrays",
    "outputs_to_polyarray_shapes",
    "outputs_to_native_arrays",
    "inputs_to_native_arrays",
    "inputs_to_native_shapes",
    "inputs_to_polyarray_arrays",
    "handle_out_argument",
    "handle_array_like_without_promotion",
    "handle_partial_mixed_function",
    "handle_nestable",
    "handle_exceptions",
    "handle_nans",
    "handle_nan_matrices",
)

#: Names that stand for several wrappers.
COMBINED_WRAPPERS: dict[str, tuple[str, ...]] = {
    "to_native_arrays_and_back": ("inputs_to_native_arrays", "outputs_to_polyarray_arrays"),
}

#: Keyword-only parameters a wrapper adds to every public signature it is named in, and consumes before the
#: implementation is called (unless the implementation declares the parameter itself, opting in to receive it).
WRAPPER_PARAMETERS: dict[str, tuple[inspect.Parameter, ...]] = {
    "handle_complex_input": (
        inspect.Parameter(
            "complex_mode",
            inspect.Parameter.KEYWORD_ONLY,
            default="jax",
            annotation='Literal["jax", "split", "magnitude"]',
        ),
    ),
    "handle_out_argument": (
        inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="ArrayLike | None"),
    ),
}


def ordered_wrappers(names: Iterable[str]) -> tuple[str, ...]:
    """Expand combined names and sort into :data:`WRAPPER_ORDER` (outermost first)."""
    expanded = {part for name in names for part in COMBINED_WRAPPERS.get(name, (name,))}
    return tuple(name for name in WRAPPER_ORDER if name in expanded)


def wrapper_parameters(names: Iterable[str]) -> list[inspect.Parameter]:
    """The parameters the named wrappers add, in pipeline order."""
    return [p for name in ordered_wrappers(names) for p in WRAPPER_PARAMETERS.get(name, ())]


def wrapper_parameter_names() -> frozenset[str]:
    """Every parameter name some wrapper adds."""
    return frozenset(p.name for params in WRAPPER_PARAMETERS.values() for p in params)


def check_wrapper_names(names: Iterable[str], function: str) -> None:
    """Reject wrapper names that are not in :data:`WRAPPER_ORDER` nor combined names."""
    for name in names:
        for part in COMBINED_WRAPPERS.get(name, (name,)):
            if part not in WRAPPER_ORDER:
                known = ", ".join(sorted(WRAPPER_ORDER) + sorted(COMBINED_WRAPPERS))
                raise PolyarrayTypeError(f"{function!r} names the wrapper {name!r}, which is not one of: {known}.")


#: The support hooks whose defaults write into their array: plugins with immutable arrays implement them.
WRITING_HOOKS = frozenset({"inplace_update", "set_item"})
#: The support hooks whose defaults read values at once: lazy plugins (``lazy: True``) implement them.
LAZY_HOOKS = frozenset({"compute_arrays", "persist_arrays"})

#: Functions of the main namespace that the standard also places in ``linalg``.
MAIN_NAMESPACE_ALIASES = ("matmul", "matrix_transpose", "tensordot", "vecdot")

#: What makes the public function of a declaration (``_dispatch.make_dispatcher``), set by the layer that
#: dispatches (see :func:`set_publisher`): declarations are data, and this module imports nothing above it.
_publisher: list[Callable[[Declaration], Callable[..., Any]]] = []


def set_publisher(publish: Callable[[Declaration], Callable[..., Any]]) -> None:
    """Use ``publish(decl)`` to make the public function of every declaration made from now on."""
    _publisher[:] = [publish]


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
    mixed_backend_wrappers: dict[str, tuple[str, ...]] = field(default_factory=dict)
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
    #: ``check(args, kwargs)``: raises a ``pa.PolyarrayError`` for arguments every backend must refuse (run by
    #: ``handle_exceptions`` before the implementation); it may return the positional arguments in the one form
    #: every backend is given them (``clip``'s integer bounds), else None (the fast path then hands the call to
    #: the chain, which passes them on so).
    check: Callable[[tuple, dict[str, Any]], tuple | None] | None = None
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
    mixed_backend_wrappers: dict[str, tuple[str, ...]] | None,
    result: type | None = None,
    check: Callable[[tuple, dict[str, Any]], tuple | None] | None = None,
) -> Callable[..., Any]:
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
        mixed_backend_wrappers=dict(mixed_backend_wrappers or {}),
        result=result,
        implementation_signature=implementation_signature,
        check=check,
    )
    # A hookspec is named by the function's name alone: functions with a native slot (primary, mixed,
    # support) have names unique across namespaces; a composition of a namespace may share one
    # (``pa.random.split`` beside ``pa.split``), as long as its qualified name is new.
    if decl.qualname in DECLARATIONS or (decl.has_native_slot and decl.name in _NAMES):
        raise PolyarrayTypeError(
            f"{decl.qualname!r} is declared twice: qualified names are unique, and so are the names of "
            "functions a backend may implement (primary, mixed, support), across namespaces."
        )
    if decl.has_native_slot:
        _NAMES.add(decl.name)
    _analyse(decl)
    if kind == "standalone":
        public = function
    elif _publisher:
        public = _publisher[0](decl)
    else:
        raise PolyarrayTypeError(
            f"{decl.qualname!r} is declared before polyarray's dispatch layer is imported: import polyarray first."
        )
    decl.public = public
    DECLARATIONS[decl.qualname] = decl
    return public


#: A declaration's ``check=``: raises for arguments every backend must refuse; may return them in normal form.
Check = Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...] | None]
_Function = TypeVar("_Function", bound=Callable[..., Any])


class Declarator(Protocol):
    """``@primary``, ``@compositional`` …: the public function, a dispatcher with the declared signature."""

    @overload
    def __call__(self, function: Callable[..., Any], /) -> Callable[..., Any]: ...
    @overload
    def __call__(
        self,
        function: None = None,
        /,
        *,
        wrappers: Iterable[str] = (),
        namespace: str | None = None,
        mixed_backend_wrappers: dict[str, tuple[str, ...]] | None = None,
        result: type | None = None,
        check: Check | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]: ...


class StandaloneDeclarator(Protocol):
    """``@standalone``: the declared function itself is public."""

    def __call__(self, function: _Function, /) -> _Function: ...


def _decorator(kind: str) -> Any:
    def decorator(
        function: Callable[..., Any] | None = None,
        *,
        wrappers: Iterable[str] = (),
        namespace: str | None = None,
        mixed_backend_wrappers: dict[str, tuple[str, ...]] | None = None,
        result: type | None = None,
        check: Callable[[tuple, dict[str, Any]], tuple | None] | None = None,
    ):
        def apply(fn: Callable[..., Any]) -> Callable[..., Any]:
            return _declare(fn, kind, wrappers, namespace, mixed_backend_wrappers, result, check)

        return apply if function is None else apply(function)

    decorator.__name__ = kind
    decorator.__doc__ = f"Declare a {kind} function (see docs/architecture.md)."
    return decorator


primary: Declarator = _decorator("primary")
compositional: Declarator = _decorator("compositional")
mixed: Declarator = _decorator("mixed")
standalone: StandaloneDeclarator = _decorator("standalone")
support: Declarator = _decorator("support")
