"""Building a backend: from a plugin's hook implementations to a ``Backend`` namespace.

A backend is built once per process. Building reads the chosen implementation
of every declared function out of pluggy (resolving version variants) and
binds the core's compositions; each function is wrapped by its declared
wrappers and given its fast path when it is first used (:class:`Pending`),
then kept as an attribute and in the backend's tables. No pluggy hook is
called per operation.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
import inspect
import threading
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from ._array import INPLACE_OPERATORS
from ._declare import (
    CATEGORIES,
    LAZY_HOOKS,
    MAIN_NAMESPACE_ALIASES,
    WRITING_HOOKS,
    Declaration,
    declarations,
    signature_of,
)
from ._discovery import PROJECT, BackendInfo, InfoSpec, backend_info, framework_version, record_failure
from ._dtypes import DTYPES, DType, as_dtype, defaults_on, dtype_name_of, own_defaults
from ._dynamic import convert_array
from ._errors import (
    BackendLoadError,
    BackendNotImplementedError,
    FrameworkNotInstalledError,
    PluginValidationError,
    PolyarrayTypeError,
    UnsupportedDtypeError,
)
from ._fastpath import build_function, inplace_operator, operands_of, operator_function
from ._promotion import PYTHON_SCALAR_TYPES
from ._variants import parse_variant_name, select_variant
from ._wrappers.mixed import choose as choose_partial_mixed
from ._wrappers.views import direct_index_type, make_getitem, make_setitem

__all__ = [
    "Backend",
    "Namespace",
    "Pending",
    "made",
    "build_backend",
    "derive_backend",
    "hookspecs",
    "validate_module",
    "signature_mismatch",
]

_hookspec = pluggy.HookspecMarker(PROJECT)
_IMPL_ATTRIBUTE = PROJECT + "_impl"
_INFO_HOOKS = frozenset(name for name in vars(InfoSpec) if not name.startswith("_"))
SUBNAMESPACES = ("linalg", "fft", "random")


#: Python types given as dtypes: the default dtype of their kind (None: ``bool``).
_PYTHON_TYPES: dict[object, str | None] = {
    bool: None,
    int: "integral",
    float: "real floating",
    complex: "complex floating",
}


class Namespace:
    """A plain attribute namespace (``xp.linalg``, ``xp.fft``).

    An attribute may be pending (:meth:`pending`): made on first read, then
    kept as a plain attribute. A backend's functions are made so, on first use.
    """

    def __init__(self, name: str) -> None:
        self.__name__ = name

    def __repr__(self) -> str:
        return f"<namespace {self.__name__}>"

    def pending(self, name: str, make: Callable[[], Any]) -> None:
        """Have the attribute ``name`` made by ``make()`` when it is first read.

        The namespace is given a class of its own, holding a descriptor per
        pending name; the first read puts the value in the instance, which
        later reads find as any attribute (a ``__getattr__`` would slow every
        read of every attribute).
        """
        cls = type(self)
        if "_own_class" not in cls.__dict__:
            cls = type(cls.__name__, (cls,), {"_own_class": True, "__slots__": (), "__module__": cls.__module__})
            object.__setattr__(self, "__class__", cls)
        setattr(cls, name, _MadeOnRead(name, make))

    if TYPE_CHECKING:
        # The functions (and sub-namespaces) are set as attributes when a backend is built, one per declaration.
        def __getattr__(self, name: str) -> Any: ...


class _MadeOnRead:
    """A pending attribute (:meth:`Namespace.pending`): a non-data descriptor, so the value made on the first
    read and put in the instance is what later reads find."""

    __slots__ = ("make", "name")

    def __init__(self, name: str, make: Callable[[], Any]) -> None:
        self.name, self.make = name, make

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.make()
        instance.__dict__[self.name] = value
        return value


#: Held while an entry of a backend's tables is made (making one can make others: an operator its function).
_making = threading.RLock()


class Pending:
    # An entry of a backend's tables (``functions``, ``operators``, ``operands``, ``inplace``) not made yet: its
    # first call makes it and puts it in the table in its place (:func:`made`); reading an attribute makes it
    # and keeps it here. PyTorch's compiler traces ``__original_fn`` (see _tracers.trace_python_instead), which
    # leaves the table as it is: its guards read the entry again after tracing.
    __slots__ = ("_key", "_make", "_table", "_value")

    def __init__(self, table: dict[str, Any], key: str, make: Callable[[], Any]) -> None:
        self._table, self._key, self._make = table, key, make
        self._value: Any = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return made(self._table, self._key)(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.entry(), name)

    def __repr__(self) -> str:
        return f"<polyarray entry {self._key!r}, made on first use>"

    def entry(self) -> Any:
        """The entry, made on the first call (the table is left as it is)."""
        if self._value is None:
            with _making:
                if self._value is None:
                    self._value = self._make()
        return self._value


setattr(Pending, "__script_if_tracing_wrapper", True)
setattr(Pending, "__original_fn", property(Pending.entry))


def made(table: dict[str, Any], key: str) -> Any:
    """The entry ``key`` of a backend's table, made first where it is :class:`Pending`."""
    entry = table[key]
    if entry.__class__ is not Pending:
        return entry
    value = entry.entry()
    if table.get(key) is entry:
        table[key] = value
    return value


def _pending_table(keys: Any, make: Callable[[str], Any]) -> dict[str, Any]:
    """A table whose entry for each key is :class:`Pending`, made by ``make(key)``."""
    table: dict[str, Any] = {}
    for key in keys:
        table[key] = Pending(table, key, functools.partial(make, key))
    return table


class RawNamespace(Namespace):
    """A backend's raw namespace (``backend.raw``): the implementations unwrapped, as attributes.

    ``mutable_arrays`` says whether the core's compositions may write into
    the temporaries they make with in-place operators (``api/random.py``
    does): the backend's ``mutable_arrays``, and False on the graph tracer's
    recording backend, whose arrays refuse writes.
    """

    def __init__(self, name: str, mutable_arrays: bool) -> None:
        super().__init__(name)
        self.mutable_arrays = mutable_arrays


class Backend(Namespace):
    """A built backend: every declared function as an attribute, ready to call.

    ``pa.get_backend("numpy").add(a, b)`` calls the NumPy implementation
    through its wrappers with no dispatch at all.

    Attributes:
        name: the backend's name.
        info: the plugin's :class:`~polyarray._discovery.BackendInfo`.
        framework_version: the installed framework's version (None without one).
        functions: qualified name -> public (wrapped) function.
        raw: the same functions unwrapped: native arrays in, native arrays out.
        native: qualified names implemented natively by the plugin.
        composed: qualified names that run the core's composition.
        missing: qualified names the plugin lacks (calling them raises).
        mutable_arrays: whether native arrays can be updated in place
            (``backend_info`` key; views and ``out=`` depend on it).
        accepts_array_likes: whether the framework's functions take lists,
            tuples and Python scalars where arrays go (``backend_info`` key).
        partial_mixed: qualified name -> (native, composition, handler) of
            native implementations that cover only some calls.
        getitem, setitem: ``Array.__getitem__`` and ``Array.__setitem__``
            for arrays of this backend (see ``_wrappers/views.py``).
        direct_index_type: the native array type that basic indexing of this
            backend's arrays gives directly, or None (``_wrappers/views.py``).
        default_dtypes: the backend's own default dtypes by kind, where it lacks
            one of polyarray's (``_dtypes.own_defaults``); None when it holds them all.
    """

    # Slots, so that the compiled fast paths read the tables at a fixed place (see _speedups.c).
    __slots__ = ("direct_index_type", "functions", "inplace", "operands", "operators")

    # Set when the backend is built (``build_backend``), before it is handed out.
    getitem: Callable[[Any, Any], Any]
    #: ``x op= y`` for arrays of this backend, per in-place operator (``"__iadd__"`` …):
    #: ``_fastpath.inplace_operator``.
    inplace: dict[str, Callable[[Any, Any], Any]]
    setitem: Callable[[Any, Any, Any], None]

    def __init__(self, info: BackendInfo, framework_version: str | None) -> None:
        super().__init__(info.name)
        self.name = info.name
        self.info = info
        self.framework_version = framework_version
        self.functions: dict[str, Callable[..., Any]] = {}
        self.raw = RawNamespace(f"{info.name}.raw", info.mutable_arrays)
        #: Declaration name -> the plugin's implementation chosen for this framework version.
        self.implementations: dict[str, Callable[..., Any]] = {}
        self.native: set[str] = set()
        #: Support hooks the plugin implements itself (the others are the core's defaults).
        self.native_support: set[str] = set()
        self.composed: set[str] = set()
        self.missing: set[str] = set()
        self.mutable_arrays = info.mutable_arrays
        self.accepts_array_likes = info.accepts_array_likes
        self.partial_mixed: dict[str, tuple[Callable[..., Any], Callable[..., Any], Callable[..., bool]]] = {}
        #: The functions as ``pa.Array``'s operators and methods call them (``_fastpath.operator_function``).
        self.operators: dict[str, Callable[..., Any]] = {}
        #: The same, as the binary operators call them with the two operands alone (``_fastpath.operands_of``).
        self.operands: dict[str, Callable[[Any, Any], Any]] = {}
        #: The native type basic indexing gives directly, or None (``_wrappers.views.direct_index_type``).
        self.direct_index_type: type | None = None
        self.native_array_types: tuple[type[Any], ...] = ()
        self._to_native: dict[str, Any] = {}
        self._to_portable: dict[Any, DType] = {}
        self.default_dtypes: Mapping[str, DType] | None = None
        #: Native dtype -> the Python scalars that keep it (``_fastpath.scalar_rules``), made on first use.
        self._scalar_rules: dict[Any, tuple[tuple[type, ...], int, int]] | None = None
        for sub in SUBNAMESPACES:
            setattr(self, sub, Namespace(f"{info.name}.{sub}"))
            setattr(self.raw, sub, Namespace(f"{info.name}.raw.{sub}"))

    def __repr__(self) -> str:
        version = f" {self.info.framework} {self.framework_version}" if self.info.framework else ""
        return f"<polyarray backend {self.name!r}{version}>"

    @property
    def dtypes(self) -> tuple[DType, ...]:
        """The portable dtypes this backend can hold."""
        return tuple(DTYPES[name] for name in self._to_native)

    def native_dtype(self, dtype: Any, function: str = "as_native_dtype") -> Any:
        """The native dtype for a portable dtype, its name, or a native dtype (passed through).

        A Python type stands for polyarray's default dtype of its kind (``float``:
        ``pa.default_float_dtype()``), the same on every backend.

        A dtype the backend does not hold is a ``pa.UnsupportedDtypeError`` naming
        ``function``, with the plugin's advice where its ``native_dtype`` hook
        carries one (``unsupported_advice``, a text with ``{dtype}``).
        """
        python_type = type(dtype) is type and dtype in _PYTHON_TYPES
        if python_type or isinstance(dtype, (DType, str)):
            if python_type:
                kind = _PYTHON_TYPES[dtype]
                name = "bool" if kind is None else defaults_on(self.default_dtypes)[kind].name
            else:
                name = as_dtype(dtype).name
            try:
                return self._to_native[name]
            except KeyError:
                detail = f"the {self.name} backend has no {name} dtype; it holds {', '.join(self._to_native)}"
                raise self.unsupported_dtype(function, name, detail) from None
        if type(dtype) in PYTHON_SCALAR_TYPES:
            # TensorFlow's dtypes compare equal to their enum numbers (tf.int32 == 3): a number is never a dtype.
            raise self._not_a_dtype(dtype, function)
        try:
            if dtype in self._to_portable:
                return dtype
        except TypeError:
            raise self._not_a_dtype(dtype, function) from None
        # Another framework's dtype object (np.float32 on torch, torch.int8 on NumPy): the same dtype here.
        found = dtype_name_of(dtype)
        if found is None:
            raise self._not_a_dtype(dtype, function)
        try:
            return self._to_native[found]
        except KeyError:
            detail = f"the {self.name} backend has no {found} dtype; it holds {', '.join(self._to_native)}"
            raise self.unsupported_dtype(function, found, detail) from None

    def _not_a_dtype(self, value: Any, function: str) -> PolyarrayTypeError:
        return PolyarrayTypeError(
            f"pa.{function} on the {self.name} backend: {value!r} ({type(value).__name__}) is not a dtype "
            "polyarray knows; pass a portable dtype (pa.float32, or its name 'float32'), a Python type "
            "(bool, int, float, complex) or a framework's dtype object of one of polyarray's dtypes."
        )

    def unsupported_dtype(self, function: str, name: str, detail: str) -> UnsupportedDtypeError:
        """The error for ``function`` needing the dtype ``name`` that the backend lacks, with the plugin's advice.

        The advice is the ``unsupported_advice`` text (with ``{dtype}``) that the
        plugin's ``native_dtype`` hook may carry (JAX: how to turn 64-bit mode on).
        """
        advice = getattr(getattr(self.raw, "native_dtype", None), "unsupported_advice", None)
        if advice:
            detail += "; " + advice.format(dtype=name)
        return UnsupportedDtypeError(function, self.name, name, ": " + detail)

    def convert_array(self, array: Any, function: str) -> Any:
        """The data of a ``pa.Array`` of another backend as a native array of this one (``function`` names
        the caller in errors), as a dynamic switch converts it: through DLPack where both frameworks allow."""
        return convert_array(array, self, function)

    def portable_dtype(self, native: Any) -> DType:
        """The portable dtype of a native dtype of this backend."""
        try:
            return self._to_portable[native]
        except (KeyError, TypeError):
            pass
        try:
            return as_dtype(native)
        except PolyarrayTypeError:
            raise PolyarrayTypeError(
                f"{native} is a dtype of the {self.name} backend that polyarray does not support; it supports "
                f"{', '.join('pa.' + name for name in self._to_native)} here: convert the native array to one "
                f"of them before handing it to polyarray."
            ) from None


# -- hookspecs --------------------------------------------------------------------------


@functools.cache
def hookspecs() -> ModuleType:
    """One pluggy hookspec per function a backend may implement natively (a namespace pluggy reads)."""
    specs = ModuleType("polyarray.hookspecs")
    for decl in declarations(("primary", "mixed", "support")):
        setattr(specs, decl.name, _hookspec(_spec_stub(decl)))
    return specs


def _spec_stub(decl: Declaration) -> Callable[..., Any]:
    """A real function with the declared parameters (pluggy reads the code object, not ``__signature__``)."""
    defaults: dict[str, Any] = {}
    parts: list[str] = []
    previous_kind = None
    for index, param in enumerate(decl.signature.parameters.values()):
        kind = param.kind
        if previous_kind is param.POSITIONAL_ONLY and kind is not param.POSITIONAL_ONLY:
            parts.append("/")
        if kind is param.KEYWORD_ONLY and previous_kind not in (param.KEYWORD_ONLY, param.VAR_POSITIONAL):
            parts.append("*")
        text = ("*" if kind is param.VAR_POSITIONAL else "**" if kind is param.VAR_KEYWORD else "") + param.name
        if param.default is not param.empty:
            defaults[f"_default_{index}"] = param.default
            text += f"=_default_{index}"
        parts.append(text)
        previous_kind = kind
    if previous_kind is inspect.Parameter.POSITIONAL_ONLY:
        parts.append("/")
    namespace = dict(defaults)
    exec(f"def {decl.name}({', '.join(parts)}):\n    raise NotImplementedError", namespace)
    stub = namespace[decl.name]
    stub.__doc__ = decl.doc
    return stub


# -- validation -------------------------------------------------------------------------


def _describe(signature: inspect.Signature) -> str:
    return str(signature.replace(parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
                                 return_annotation=inspect.Signature.empty))  # fmt: skip


def _same_default(a: Any, b: Any) -> bool:
    try:
        return bool(a is b or a == b)
    except Exception:
        return False


def _default_text(parameter: inspect.Parameter) -> str:
    return "no default" if parameter.default is parameter.empty else f"default {parameter.default!r}"


def signature_mismatch(declared: inspect.Signature, implemented: inspect.Signature) -> str | None:
    """Describe how an implementation's signature differs from its declaration (None if it does not)."""
    want = list(declared.parameters.values())
    have = list(implemented.parameters.values())
    detail = None
    for index in range(max(len(want), len(have))):
        if index >= len(have):
            detail = f"parameter {want[index].name!r} is missing"
        elif index >= len(want):
            detail = f"parameter {have[index].name!r} is not declared"
        elif want[index].name != have[index].name:
            detail = f"parameter {index + 1} is {have[index].name!r}, declared as {want[index].name!r}"
        elif want[index].kind != have[index].kind:
            detail = (
                f"parameter {have[index].name!r} is {have[index].kind.description}, "
                f"declared {want[index].kind.description}"
            )
        elif not _same_default(want[index].default, have[index].default):
            shown = (
                "no default" if have[index].default is inspect.Parameter.empty else f"default {have[index].default!r}"
            )
            declared_default = want[index].default
            expected = "no default" if declared_default is inspect.Parameter.empty else f"default {declared_default!r}"
            detail = f"parameter {have[index].name!r} has {shown}, declared with {expected}"
        if detail:
            return f"{detail} (declared {_describe(declared)}, implemented {_describe(implemented)})"
    return None


def _hookimpls_of(module: ModuleType) -> list[tuple[str, Callable[..., Any], dict[str, Any]]]:
    found = []
    for attribute, value in vars(module).items():
        options = getattr(value, _IMPL_ATTRIBUTE, None)
        if isinstance(options, dict) and callable(value):
            found.append((attribute, value, options))
    return found


def validate_module(module: ModuleType, plugin: str) -> list[str]:
    """Every problem with a module's implementations, each naming plugin and function."""
    by_name = {d.name: d for d in declarations(("primary", "mixed", "support"))}
    problems = []
    for attribute, function, options in _hookimpls_of(module):
        if attribute in _INFO_HOOKS:
            continue
        variant = parse_variant_name(attribute)
        specname = options.get("specname") or attribute
        where = f"{plugin} ({module.__name__}.{attribute})"
        if variant is not None and specname != variant[0]:
            problems.append(
                f"{where}: the version variant {attribute!r} must be registered with "
                f"@hookimpl(specname={variant[0]!r})."
            )
            continue
        decl = by_name.get(specname)
        if decl is None:
            problems.append(f"{where}: there is no declared function {specname!r} to implement.")
            continue
        mismatch = signature_mismatch(decl.signature_for(function), signature_of(function))
        if mismatch:
            problems.append(f"{where}: the signature of {decl.qualname!r} does not match its declaration: {mismatch}.")
    return problems


# -- building ---------------------------------------------------------------------------


def implementation_module_names(info: BackendInfo) -> list[str]:
    """The modules a backend's implementations are imported from, in order.

    Those of ``implementation_package`` named like the API's categories
    (``_declare.CATEGORIES``: ``<package>.support``, ``<package>.elementwise`` …,
    the ones that exist), then the ``implementation_modules`` listed. A package
    holding none of the category modules is a ``PluginValidationError``.
    """
    names: list[str] = []
    package = info.implementation_package
    if package is not None:
        try:
            names = [f"{package}.{c}" for c in CATEGORIES if importlib.util.find_spec(f"{package}.{c}") is not None]
        except (ImportError, ValueError) as exc:
            raise BackendLoadError(
                f"The {info.name!r} backend plugin ({info.plugin}) names the implementation package {package!r}, "
                f"which could not be found: {exc}"
            ) from exc
        if not names:
            raise PluginValidationError(
                f"The {info.name!r} backend plugin ({info.plugin}) names the implementation package {package!r}, "
                f"which holds none of the category modules ({', '.join(CATEGORIES)}); name the modules with "
                f"implementation_modules, or name them like the categories."
            )
    return [*names, *(m for m in info.implementation_modules if m not in names)]


def _import_modules(info: BackendInfo) -> list[ModuleType]:
    modules = list(info.modules)
    for module_name in implementation_module_names(info):
        try:
            modules.append(importlib.import_module(module_name))
        except ImportError as exc:
            missing = (getattr(exc, "name", None) or "").split(".")[0]
            # The framework's import names: its distribution's name, and the top-level modules of its
            # native array types (the distribution tensorflow-cpu installs the module tensorflow).
            framework_modules = {module.split(".")[0] for module, _ in info.native_array_types}
            if info.framework:
                framework_modules |= {info.framework, info.framework.replace("-", "_")}
            if info.framework and missing in framework_modules:
                raise FrameworkNotInstalledError(
                    f"The {info.name!r} backend needs {info.framework}, which could not be imported "
                    f"({exc}). Install it with: {info.install}"
                ) from exc
            raise BackendLoadError(
                f"The {info.name!r} backend plugin ({info.plugin}) failed to import {module_name}: {exc}"
            ) from exc
        except Exception as exc:
            raise BackendLoadError(
                f"The {info.name!r} backend plugin ({info.plugin}) failed to import {module_name}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
    return modules


def _framework_version(info: BackendInfo) -> str | None:
    if not info.framework:
        return None
    version = framework_version(info.framework)
    if version is None:
        raise FrameworkNotInstalledError(
            f"The {info.name!r} backend needs the {info.framework!r} package, which is not "
            f"installed. Install it with: {info.install}"
        )
    return version


def _resolve_types(info: BackendInfo) -> tuple[type, ...]:
    resolved = []
    for module_name, class_path in info.native_array_types:
        target: Any = importlib.import_module(module_name)
        for part in class_path.split("."):
            target = getattr(target, part)
        resolved.append(target)
    return tuple(resolved)


def _not_implemented(decl: Declaration, backend: str, detail: str = "") -> Callable[..., Any]:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise BackendNotImplementedError(decl.qualname, backend, detail)

    missing.__name__ = decl.name
    return missing


def _target(namespace: Namespace, decl: Declaration) -> Namespace:
    return getattr(namespace, decl.namespace) if decl.namespace else namespace


def build_backend(name: str) -> Backend:
    """Build the named backend (see the module docstring); errors are recorded for reporting."""
    info = backend_info(name)
    try:
        return _build(info)
    except BackendLoadError as exc:
        record_failure(name, exc)
        raise


def _build(info: BackendInfo) -> Backend:
    version = _framework_version(info)
    modules = _import_modules(info)
    problems = [p for module in modules for p in validate_module(module, info.plugin)]
    if problems:
        raise PluginValidationError(
            f"The {info.name!r} backend plugin ({info.plugin}) does not match the polyarray API:\n  "
            + "\n  ".join(problems)
        )
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(hookspecs())
    manager.add_hookspecs(InfoSpec)
    try:
        for module in modules:
            manager.register(module, name=f"{info.name}:{module.__name__}")
        manager.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginValidationError(f"The {info.name!r} backend plugin ({info.plugin}): {exc}") from exc

    backend = Backend(info, version)
    backend.native_array_types = _resolve_types(info)
    native: dict[str, Callable[..., Any]] = {}
    for decl in declarations(("primary", "mixed", "support")):
        impls = getattr(manager.hook, decl.name).get_hookimpls()
        if not impls:
            continue
        variants = []
        for impl in impls:
            parsed = parse_variant_name(impl.function.__name__)
            variants.append((parsed[1] if parsed else None, impl.function))
        native[decl.name] = select_variant(decl.qualname, variants, info.framework or "", version, info.plugin)

    # Support hooks whose defaults write into arrays are required only of plugins whose arrays are immutable.
    lacking = [
        d.name
        for d in declarations("support")
        if d.name not in native
        and (
            d.composition is None
            or (not info.mutable_arrays and d.name in WRITING_HOOKS)
            or (info.lazy and d.name in LAZY_HOOKS)
        )
    ]
    if lacking:
        reason = "" if info.mutable_arrays else ", as its arrays are immutable (mutable_arrays: False)"
        reason += ", as it is lazy (lazy: True)" if info.lazy and LAZY_HOOKS & set(lacking) else ""
        raise PluginValidationError(
            f"The {info.name!r} backend plugin ({info.plugin}) must implement the support "
            f"hooks {', '.join(lacking)}{reason} (see core/src/polyarray/api/support.py)."
        )
    backend.implementations = native
    return _assemble(backend)


def _assemble(backend: Backend) -> Backend:
    """Fill ``backend`` from its chosen implementations (``backend.implementations``): steps 6 and 7 of a build."""
    info, native = backend.info, backend.implementations
    raw = backend.raw
    for decl in declarations():
        if decl.kind == "standalone":
            continue
        # Only a function with a native slot takes a plugin's implementation of its name (a composition of a
        # namespace may share the name of one: ``pa.random.split`` beside ``pa.split``).
        implementation = native.get(decl.name) if decl.has_native_slot else None
        composed = functools.partial(decl.composition, raw) if decl.composition is not None else None
        if implementation is None and composed is not None:
            function: Callable[..., Any] = composed
            if decl.kind != "support":
                backend.composed.add(decl.qualname)
        elif implementation is None:
            function = _not_implemented(decl, info.name)
            backend.missing.add(decl.qualname)
        else:
            function = implementation
            handler = getattr(implementation, "partial_mixed_handler", None)
            if handler is not None and composed is not None:
                backend.partial_mixed[decl.qualname] = (implementation, composed, handler)
                function = choose_partial_mixed(implementation, composed, handler)
            if decl.kind != "support":
                backend.native.add(decl.qualname)
            else:
                backend.native_support.add(decl.name)
        setattr(_target(raw, decl), decl.name, function)

    for dtype_name in DTYPES:
        native_dtype = raw.native_dtype(dtype_name)
        if native_dtype is not None:
            backend._to_native[dtype_name] = native_dtype
            backend._to_portable.setdefault(native_dtype, DTYPES[dtype_name])
    backend.default_dtypes = own_defaults(backend._to_native)

    # Each function is wrapped and given its fast path when it is first used: a build makes none of them.
    public = {d.qualname: d for d in declarations() if d.kind not in ("standalone", "support")}
    functions = backend.functions = _pending_table(public, lambda qualname: _public_function(backend, public[qualname]))
    for decl in public.values():
        _target(backend, decl).pending(decl.name, functools.partial(made, functions, decl.qualname))
    for alias in MAIN_NAMESPACE_ALIASES:
        backend.linalg.pending(alias, functools.partial(made, functions, alias))
        setattr(raw.linalg, alias, getattr(raw, alias))
    operators = backend.operators = _pending_table(
        functions, lambda name: operator_function(made(functions, name), backend)
    )
    backend.operands = _pending_table(functions, lambda name: operands_of(made(operators, name)))
    backend.direct_index_type = direct_index_type(backend)
    backend.getitem = make_getitem(backend)

    def inplace(name: str) -> Callable[[Any, Any], Any]:
        function, symbol = INPLACE_OPERATORS[name]
        return inplace_operator(made(functions, function), made(operators, function), backend, symbol, name)

    backend.inplace = _pending_table(INPLACE_OPERATORS, inplace)
    backend.setitem = make_setitem(backend)
    return backend


def _public_function(backend: Backend, decl: Declaration) -> Callable[..., Any]:
    """The backend function of ``decl``: its implementation (in ``backend.raw``) wrapped, with its fast path."""
    wrappers = decl.wrappers
    if decl.qualname in backend.native and decl.mixed_backend_wrappers:
        skip = set(decl.mixed_backend_wrappers.get("to_skip", ()))
        wrappers = tuple(w for w in wrappers if w not in skip) + tuple(decl.mixed_backend_wrappers.get("to_add", ()))
    function = getattr(_target(backend.raw, decl), decl.name)
    partial = backend.partial_mixed.get(decl.qualname)
    if partial is not None:
        # The native implementation, wrapped; the wrapper chooses per call (see _wrappers/mixed.py).
        function = partial[0]
        wrappers = (*wrappers, "handle_partial_mixed_function")
    return build_function(function, decl, backend, wrappers)


def derive_backend(
    source: Backend,
    name: str,
    native_array_types: tuple[type, ...],
    implementation: Callable[[Declaration, Callable[..., Any]], Callable[..., Any]],
) -> Backend:
    """A backend built like ``source`` from its plugin's implementations, each passed through ``implementation``.

    ``implementation(decl, function)`` returns what the new backend uses in
    place of the plugin's ``function`` for ``decl`` (a primary, mixed or
    support declaration); the core's compositions are bound to the new
    backend's raw namespace, and the wrappers and fast paths are made for it
    as for any backend, with ``native_array_types`` as its arrays. The graph
    tracer's recording backend is made this way (``_trace.py``).
    """
    info = dataclasses.replace(source.info, name=name)
    backend = Backend(info, source.framework_version)
    backend.native_array_types = native_array_types
    # The tracer's arrays refuse writes: compositions compute without in-place updates on them.
    backend.raw.mutable_arrays = False
    by_name = {d.name: d for d in declarations(("primary", "mixed", "support"))}
    backend.implementations = {
        decl_name: implementation(by_name[decl_name], function)
        for decl_name, function in source.implementations.items()
    }
    return _assemble(backend)
