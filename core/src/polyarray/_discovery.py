"""Finding backends: entry points (read lazily) and run-time registrations.

Listing backends reads installed metadata only. A plugin's entry point names
a light module that imports no framework; its ``backend_info`` hook tells
the framework's distribution, the native array types (by module and class
name, so inference never imports a framework) and the modules holding the
implementations, which are imported only when the backend is built.

What a plugin is trusted with is checked here, once, for every backend:

- an entry point's name must be a valid backend name (:data:`NAME_RULE`);
  one that is not is listed as a broken plugin and never used;
- a name that several distributions register is never resolved silently:
  using it raises :class:`~polyarray.BackendConflictError` naming them all,
  until one is uninstalled or the program chooses one with
  ``pa.register_backend(name, module)`` (a run-time registration wins over
  entry points);
- every field ``backend_info`` returns is checked for its type and shape; a
  malformed answer makes that plugin broken (``PluginValidationError``) and
  leaves every other backend working.
"""

from __future__ import annotations

import difflib
import importlib
import keyword
import re
import reprlib
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pluggy

from ._devices import portable_device
from ._errors import (
    BackendConflictError,
    BackendLoadError,
    BackendNotFoundError,
    PluginValidationError,
    PolyarrayError,
    PolyarrayTypeError,
    PolyarrayValueError,
)
from ._metadata import FoundEntryPoint
from ._metadata import entry_points as installed_entry_points
from ._metadata import version as installed_version

__all__ = [
    "ENTRY_POINT_GROUP",
    "NAME_RULE",
    "BackendInfo",
    "Claim",
    "available_backends",
    "backend_info",
    "backend_infos",
    "conflicts",
    "framework_version",
    "invalid_names",
    "register_backend",
    "load_failures",
]

ENTRY_POINT_GROUP = "polyarray.backends"
PROJECT = "polyarray"

#: What a backend name may be, in words (the check is :func:`name_problem`).
NAME_RULE = (
    "lowercase ASCII letters, digits and underscores, starting with a letter "
    "(the pattern [a-z][a-z0-9_]*), at most 64 characters, and not a Python keyword"
)
_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")

hookspec = pluggy.HookspecMarker(PROJECT)


class InfoSpec:
    """The metadata hook every backend plugin answers from its light module."""

    @hookspec(firstresult=True)
    def backend_info(self) -> dict[str, Any]:  # type: ignore[empty-body]  # a hookspec, never called
        """Describe the backend without importing its framework.

        Keys: ``framework`` (the framework's distribution name, or None),
        ``native_array_types`` (``[(module, class), ...]``),
        ``implementation_package`` (the package holding the implementations:
        polyarray imports its modules named like the API's categories,
        ``<package>.elementwise`` …, when the backend is built),
        ``implementation_modules`` (module names imported at build time, for
        implementations outside such modules),
        ``install`` (the pip requirement that installs the framework),
        ``devices`` (portable device names the backend can use),
        ``mutable_arrays`` (False for a framework whose arrays cannot be
        updated in place, such as JAX or TensorFlow; default True),
        ``accepts_array_likes`` (False for a framework whose functions do not
        take lists, tuples and Python scalars where arrays go, such as PyTorch
        or JAX: polyarray then converts them with the backend's ``asarray``;
        default True, as for NumPy), ``flushes_subnormals`` (True for a
        framework whose arithmetic reads subnormal floating-point inputs as
        zero, as XLA and TensorFlow's CPU kernels do; default False),
        ``lazy`` (True for a framework that builds a graph and computes only
        when asked, such as Dask: see the lazy-backend contract in
        docs/writing-a-backend.md; default False), ``compiler_specialises``
        (True where the function ``compile_function`` returns traces its
        function again for each new combination of input shapes and dtypes and
        keeps each, as ``jax.jit`` does: ``pa.compile`` then leaves those
        checks of a call to it; default False).
        """
        ...


@dataclass(frozen=True)
class BackendInfo:
    """What polyarray knows about a backend before building it."""

    name: str
    framework: str | None
    native_array_types: tuple[tuple[str, str], ...]
    implementation_modules: tuple[str, ...]
    install: str
    plugin: str
    devices: tuple[str, ...] = ("cpu",)
    modules: tuple[ModuleType, ...] = field(default=(), compare=False)
    #: Whether native arrays can be updated in place (``x[...] = v``); see ``api/support.py``.
    mutable_arrays: bool = True
    #: Whether the framework's functions take lists, tuples and Python scalars where arrays go.
    accepts_array_likes: bool = True
    #: Whether the framework's arithmetic reads subnormal inputs as zero (flush-to-zero).
    flushes_subnormals: bool = False
    #: Whether functions build a graph that is computed only when asked (the lazy-backend contract).
    lazy: bool = False
    #: Whether ``compile_function``'s result traces again, and keeps, each new signature of input shapes and dtypes.
    compiler_specialises: bool = False
    #: The package whose modules named like the API's categories hold the implementations (or None).
    implementation_package: str | None = None


@dataclass(frozen=True)
class Claim:
    """One installed distribution's entry point for a backend name."""

    name: str
    distribution: str | None
    #: What the entry point loads: ``module`` or ``module:attribute``.
    target: str
    #: The entry point's value as written, and the distribution's version.
    value: str = field(compare=False, repr=False)
    version: str | None = field(default=None, compare=False, repr=False)

    @property
    def source(self) -> str:
        """The distribution's name, or the target where the metadata names none."""
        return self.distribution or self.target

    def describe(self) -> str:
        """``polyarray-numpy 0.1.0 (module polyarray_numpy)``."""
        return f"{self.source}{f' {self.version}' if self.version else ''} (module {self.target})"


# -- names --------------------------------------------------------------------------------


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a backend name (see :data:`NAME_RULE`), or None when it can."""
    if not isinstance(name, str):
        return f"a backend name is a str, not {type(name).__name__}"
    if _NAME.fullmatch(name) is None or keyword.iskeyword(name):
        return f"{_short(name)} is not a valid backend name: backend names are {NAME_RULE}"
    return None


# -- the entry points ---------------------------------------------------------------------

_lock = threading.RLock()
#: Valid backend name -> the distinct claims to it (more than one: a conflict); None until read.
_claims: dict[str, tuple[Claim, ...]] | None = None
#: Entry-point names that break the name rule -> their claims.
_invalid: dict[str, tuple[Claim, ...]] = {}
_registered: dict[str, BackendInfo] = {}
_infos: dict[str, BackendInfo] = {}
#: One claim of a conflicting name -> its info (None: it does not load), for inference only.
_claim_infos: dict[Claim, BackendInfo | None] = {}
_failures: dict[str, BaseException] = {}
_warned: set[str] = set()


def _normalized(distribution: str | None) -> str | None:
    return re.sub(r"[-_.]+", "-", distribution).lower() if distribution else None


def _claim_of(found: FoundEntryPoint) -> Claim:
    match = _TARGET.fullmatch(found.value)
    target = found.value
    if match is not None:
        target = f"{match['module']}:{match['attribute']}" if match["attribute"] else match["module"]
    return Claim(found.name, found.distribution, target, found.value, found.distribution_version)


def _discovered() -> dict[str, tuple[Claim, ...]]:
    """Every valid backend name with its claims; names breaking the rule go to ``_invalid``."""
    global _claims
    claims = _claims
    if claims is not None:
        return claims
    with _lock:
        if _claims is not None:
            return _claims
        found: dict[str, list[Claim]] = {}
        for entry_point in installed_entry_points(ENTRY_POINT_GROUP):
            claim = _claim_of(entry_point)
            same = found.setdefault(entry_point.name, [])
            # The same entry point seen twice (duplicate metadata of one distribution) is one claim.
            key = (_normalized(claim.distribution), claim.target)
            if all((_normalized(c.distribution), c.target) != key for c in same):
                same.append(claim)
        _invalid.clear()
        valid: dict[str, tuple[Claim, ...]] = {}
        for name, named in found.items():
            (valid if name_problem(name) is None else _invalid)[name] = tuple(named)
        _claims = valid
        return valid


def conflicts() -> dict[str, tuple[Claim, ...]]:
    """The installed backend names that several distributions register, with their claims."""
    return {name: claims for name, claims in _discovered().items() if len(claims) > 1}


def invalid_names() -> dict[str, str]:
    """Entry-point names that break the name rule, each with the error that using it gives."""
    _discovered()
    return {name: _invalid_name_message(name, claims) for name, claims in _invalid.items()}


def framework_version(distribution: str) -> str | None:
    """The installed version of a distribution, read from its metadata; None when it is not installed."""
    return installed_version(distribution)


def available_backends() -> list[str]:
    """The names of every installed or registered backend, sorted.

    Reads package metadata only: no plugin and no framework is imported.
    Entry points whose name breaks the name rule are left out (``python -m
    polyarray backends`` lists them as broken); a name that several
    distributions register is listed, and using it raises
    :class:`~polyarray.BackendConflictError`.

    >>> "numpy" in pa.available_backends()
    True
    """
    return sorted(set(_discovered()) | set(_registered))


# -- reading and checking backend_info ---------------------------------------------------

_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = 80
_repr.maxlist = _repr.maxtuple = _repr.maxdict = 6


def _short(value: object) -> str:
    try:
        return _repr.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"


def _found(value: object) -> str:
    return f"{type(value).__name__} {_short(value)}"


def _is_dotted_name(value: object) -> bool:
    return isinstance(value, str) and all(part.isidentifier() for part in value.split("."))


def _framework(value: Any, problems: list[str]) -> str | None:
    if value is None or (isinstance(value, str) and value.strip()):
        return value
    problems.append(f"'framework': expected the framework's distribution name (a str) or None, found {_found(value)}")
    return None


def _native_array_types(value: Any, problems: list[str]) -> tuple[tuple[str, str], ...]:
    expected = "a (module, class) pair of names such as ('numpy', 'ndarray')"
    if not isinstance(value, (list, tuple)):
        problems.append(
            f"'native_array_types': expected a list of (module, class) pairs such as [('numpy', 'ndarray')], "
            f"found {_found(value)}"
        )
        return ()
    pairs = []
    for index, pair in enumerate(value):
        if isinstance(pair, (list, tuple)) and len(pair) == 2 and all(_is_dotted_name(p) for p in pair):
            pairs.append((pair[0], pair[1]))
        else:
            problems.append(f"'native_array_types'[{index}]: expected {expected}, found {_found(pair)}")
    return tuple(pairs)


def _implementation_modules(value: Any, problems: list[str]) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        problems.append(
            "'implementation_modules': expected a list of module names such as ['polyarray_foo.elementwise'], "
            f"found {_found(value)}"
        )
        return ()
    for index, module in enumerate(value):
        if not _is_dotted_name(module):
            problems.append(f"'implementation_modules'[{index}]: expected a module name, found {_found(module)}")
    return tuple(m for m in value if _is_dotted_name(m))


def _implementation_package(value: Any, problems: list[str]) -> str | None:
    if _is_dotted_name(value):
        return value
    problems.append(
        f"'implementation_package': expected the name of the package holding the implementations, such as "
        f"'polyarray_foo', found {_found(value)}"
    )
    return None


def _install(value: Any, problems: list[str]) -> str | None:
    if value is None or isinstance(value, str):
        return value
    problems.append(f"'install': expected a pip requirement (a str) or None, found {_found(value)}")
    return None


def _devices(value: Any, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not value:
        problems.append(
            f"'devices': expected a non-empty list of device names such as ['cpu', 'gpu:0'], found {_found(value)}"
        )
        return ("cpu",)
    devices = []
    for index, device in enumerate(value):
        if isinstance(device, str):
            try:
                devices.append(portable_device(device))
                continue
            except PolyarrayError:
                pass
        problems.append(f"'devices'[{index}]: expected a device name such as 'cpu' or 'gpu:0', found {_found(device)}")
    return tuple(devices)


def _flag(key: str) -> Callable[[Any, list[str]], bool | None]:
    def check(value: Any, problems: list[str]) -> bool | None:
        if isinstance(value, bool):
            return value
        problems.append(f"{key!r}: expected True or False, found {_found(value)}")
        return None

    return check


#: The keys ``backend_info`` may return, each with its check (which also normalises the value).
_FIELDS: dict[str, Callable[[Any, list[str]], Any]] = {
    "framework": _framework,
    "native_array_types": _native_array_types,
    "implementation_modules": _implementation_modules,
    "implementation_package": _implementation_package,
    "install": _install,
    "devices": _devices,
    "mutable_arrays": _flag("mutable_arrays"),
    "accepts_array_likes": _flag("accepts_array_likes"),
    "flushes_subnormals": _flag("flushes_subnormals"),
    "lazy": _flag("lazy"),
    "compiler_specialises": _flag("compiler_specialises"),
}
_INFO_KEYS = frozenset(_FIELDS)
#: The keys that are True or False.
_FLAGS = ("mutable_arrays", "accepts_array_likes", "flushes_subnormals", "lazy", "compiler_specialises")


def _read_fields(raw: Any, problems: list[str]) -> dict[str, Any]:
    """The checked fields of a ``backend_info`` answer; every problem found is appended."""
    if not isinstance(raw, dict):
        problems.append(f"expected a dict of the keys {sorted(_INFO_KEYS)}, found {_found(raw)}")
        return {}
    fields = {}
    for key, value in raw.items():
        check = _FIELDS.get(key) if isinstance(key, str) else None
        if check is None:
            close = difflib.get_close_matches(key, _INFO_KEYS, n=1) if isinstance(key, str) else []
            hint = f" (did you mean {close[0]!r}?)" if close else f"; the keys are {sorted(_INFO_KEYS)}"
            problems.append(f"unknown key {_short(key)}{hint}")
            continue
        fields[key] = check(value, problems)
    return fields


def _what_to_do(distribution: str | None) -> str:
    if distribution:
        return f"Fix the plugin or uninstall it (pip uninstall {distribution}); every other backend keeps working."
    return "Fix the module given to pa.register_backend; every other backend keeps working."


#: What :func:`_answer_of` returns for a plugin without a ``backend_info`` hook.
_NO_HOOK: Any = object()


def _answer_of(name: str, plugin: Any, source: str, distribution: str | None) -> Any:
    """What the plugin's ``backend_info`` hook returns; ``_NO_HOOK`` when it has none."""
    where = f"The {name!r} backend plugin ({source})"
    if not hasattr(plugin, "backend_info"):
        return _NO_HOOK
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(InfoSpec)
    try:
        manager.register(plugin, name=f"{name}-info")
    except pluggy.PluginValidationError as exc:
        raise PluginValidationError(
            f"{where}: its backend_info hook is invalid: {exc}. {_what_to_do(distribution)}"
        ) from exc
    if not manager.hook.backend_info.get_hookimpls():
        raise PluginValidationError(
            f"{where}: its backend_info is not a function marked with pluggy.HookimplMarker('polyarray'), "
            f"found {_found(plugin.backend_info)}. {_what_to_do(distribution)}"
        )
    try:
        return manager.hook.backend_info()
    except Exception as exc:
        raise PluginValidationError(
            f"{where}: its backend_info() hook raised {type(exc).__name__}: {exc}. {_what_to_do(distribution)}"
        ) from exc


def _info_from_plugin(
    name: str, plugin: Any, source: str, distribution: str | None = None, *, entry_point: str | None = None
) -> BackendInfo:
    """Read and check a plugin's ``backend_info``; any problem is a ``PluginValidationError``.

    An entry point's module must answer the hook; a module given to
    ``pa.register_backend`` may instead hold the implementations itself.
    """
    raw = _answer_of(name, plugin, source, distribution)
    if raw is _NO_HOOK and entry_point is not None:
        raise PluginValidationError(
            f"The {name!r} backend plugin ({source}): {entry_point} has no backend_info hook, so it is not a "
            f"polyarray plugin (an entry point in {ENTRY_POINT_GROUP!r} names a light module whose backend_info "
            f"describes the backend). {_what_to_do(distribution)}"
        )
    problems: list[str] = []
    fields = {} if raw is _NO_HOOK else _read_fields(raw, problems)
    if problems:
        raise PluginValidationError(
            f"The {name!r} backend plugin ({source}) is invalid: its backend_info() returned\n  - "
            + "\n  - ".join(problems)
            + f"\n{_what_to_do(distribution)}"
        )
    framework = fields.get("framework")
    modules = fields.get("implementation_modules")
    package = fields.get("implementation_package")
    flags = {key: fields[key] for key in _FLAGS if key in fields}
    return BackendInfo(
        name=name,
        framework=framework,
        native_array_types=fields.get("native_array_types", ()),
        implementation_modules=modules if modules is not None else (),
        install=fields.get("install") or (f"pip install {framework}" if framework else ""),
        plugin=source,
        devices=fields.get("devices", ("cpu",)),
        modules=(plugin,) if modules is None and package is None and isinstance(plugin, ModuleType) else (),
        implementation_package=package,
        **flags,
    )


#: What an entry point's value may be: ``module``, ``module:attribute``, optionally with ``[extras]``.
_TARGET = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attribute>[\w.]+)\s*)?(\[.*\]\s*)?")


def _load_claim(claim: Claim) -> BackendInfo:
    """Import one entry point's light module and read its info (it must answer ``backend_info``)."""
    where = f"The {claim.name!r} backend plugin ({claim.source})"
    match = _TARGET.fullmatch(claim.value)
    if match is None:
        raise PluginValidationError(
            f"{where}: its entry point's value {claim.value!r} is not an import path "
            f"('package.module' or 'package.module:attribute'). {_what_to_do(claim.distribution)}"
        )
    try:
        plugin: Any = importlib.import_module(match["module"])
        for attribute in filter(None, (match["attribute"] or "").split(".")):
            plugin = getattr(plugin, attribute)
        info = _info_from_plugin(claim.name, plugin, claim.source, claim.distribution, entry_point=claim.target)
    except BackendLoadError:
        raise
    except (Exception, SystemExit) as exc:  # a plugin's import must not end the program
        raise BackendLoadError(
            f"The {claim.name!r} backend plugin ({claim.source}) failed to load: "
            f"{type(exc).__name__}: {exc}. Reinstall or upgrade it "
            f"(pip install --force-reinstall {claim.source}); other backends are unaffected."
        ) from exc
    return info


# -- errors a name can give --------------------------------------------------------------


def _conflict_error(name: str, claims: tuple[Claim, ...]) -> BackendConflictError:
    listed = ", ".join(c.describe() for c in claims[:-1]) + f" and {claims[-1].describe()}"
    uninstall = " or ".join(f"pip uninstall {c.source}" for c in claims)
    if len({c.target for c in claims}) == len(claims):
        choices = " or ".join(f"pa.register_backend({name!r}, {c.target!r})" for c in claims)
        how = (
            f"Uninstall the one you do not want ({uninstall}), or choose one in your program before "
            f"the backend is first used: {choices} (a run-time registration wins over installed plugins)."
        )
    else:
        how = f"They name the same module, so only uninstalling one of them tells them apart ({uninstall})."
    return BackendConflictError(
        f"The backend name {name!r} is registered by {len(claims)} installed distributions: {listed}. "
        f"polyarray does not choose between them. {how}",
        backend=name,
        distributions=tuple(c.source for c in claims),
    )


def _invalid_name_message(name: str, claims: tuple[Claim, ...]) -> str:
    sources = " and ".join(c.source for c in claims)
    return (
        f"The entry point {_short(name)} of {sources} in the group {ENTRY_POINT_GROUP!r} is not a valid "
        f"backend name: backend names are {NAME_RULE}. polyarray ignores it; ask the plugin's author to "
        f"rename it, or uninstall it (pip uninstall {claims[0].source})."
    )


def _unknown_message(name: str) -> str:
    installed = ", ".join(repr(n) for n in available_backends()) or "none"
    problem = name_problem(name)
    if problem is not None:
        return f"{problem}. Installed backends: {installed}."
    return (
        f"No backend named {name!r}. Installed backends: {installed}. "
        f"Install another with pip install 'polyarray[{name}]' or register one "
        f"with pa.register_backend(name, module)."
    )


# -- infos -------------------------------------------------------------------------------


def _installed_info(name: str) -> BackendInfo:
    claims = _discovered().get(name)
    error: BackendLoadError
    if claims is None:
        invalid = _invalid.get(name)
        if invalid is None:
            raise BackendNotFoundError(_unknown_message(name))
        error = PluginValidationError(_invalid_name_message(name, invalid))
    elif len(claims) == 1:
        try:
            return _load_claim(claims[0])
        except BackendLoadError as exc:
            _failures[name] = exc
            raise
    else:
        error = _conflict_error(name, claims)
    _failures[name] = error
    raise error


def backend_info(name: str) -> BackendInfo:
    """The :class:`BackendInfo` of one backend (loads only the plugin's light module).

    A run-time registration wins over an installed plugin of the same name.
    """
    with _lock:
        info = _infos.get(name)
        if info is not None:
            return info
        info = _registered[name] if name in _registered else _installed_info(name)
        _infos[name] = info
        return info


def _warn_once(name: str, error: BaseException) -> None:
    if name not in _warned:
        _warned.add(name)
        warnings.warn(str(error), RuntimeWarning, stacklevel=3)


def _conflicting_types(name: str) -> tuple[tuple[str, str], ...]:
    """The native types of every loadable plugin that claims a conflicting name."""
    types: list[tuple[str, str]] = []
    for claim in _discovered()[name]:
        if claim not in _claim_infos:
            try:
                _claim_infos[claim] = _load_claim(claim)
            except BackendLoadError:
                _claim_infos[claim] = None
        info = _claim_infos[claim]
        if info is not None:
            types.extend(t for t in info.native_array_types if t not in types)
    return tuple(types)


def backend_infos() -> dict[str, BackendInfo]:
    """The infos inference matches types against; a plugin that fails to load is warned about once.

    A name that several distributions register stands for all of their native
    types, so that inferring the backend of such a type reaches the conflict
    (an error when the backend is built) instead of another backend.
    """
    infos = {}
    for name in available_backends():
        try:
            infos[name] = backend_info(name)
        except BackendConflictError as exc:
            _warn_once(name, exc)
            with _lock:
                claimed = _conflicting_types(name)
            if claimed:
                infos[name] = BackendInfo(name, None, claimed, (), "", ", ".join(exc.distributions))
        except BackendLoadError as exc:
            _warn_once(name, exc)
    return infos


#: What to call, with a backend's name, when what that name stands for changes (the handler forgets its build).
_listeners: list[Callable[[str], None]] = []


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(name)`` whenever the backend ``name`` is registered, unregistered or rediscovered."""
    _listeners.append(listener)


def _announce(name: str) -> None:
    for listener in _listeners:
        listener(name)


def registered_names() -> frozenset[str]:
    """Names of the backends registered at run time."""
    return frozenset(_registered)


def refresh_discovery() -> None:
    """Read the installed entry points again (after installing or removing a plugin)."""
    global _claims
    with _lock:
        known = set(_infos) | set(_claims or ()) | set(_invalid)
        _claims = None
        _invalid.clear()
        _claim_infos.clear()
        for name in known - set(_registered):
            _infos.pop(name, None)
            _announce(name)
        _failures.clear()
        _warned.clear()


def load_failures() -> dict[str, BaseException]:
    """Backends whose plugin failed to load or build (or whose name is invalid or claimed twice), with the error."""
    return dict(_failures)


def record_failure(name: str, error: BaseException) -> None:
    _failures[name] = error


# -- run-time registration ---------------------------------------------------------------


def _import_plugin(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    try:
        plugin = importlib.import_module(module_name.strip())
        for part in filter(None, attribute.strip().split(".")):
            plugin = getattr(plugin, part)
    except Exception as exc:
        raise BackendLoadError(
            f"pa.register_backend could not import the plugin {target!r}: {type(exc).__name__}: {exc}. "
            f"Give a module, or its import path ('package.module' or 'package.module:attribute')."
        ) from exc
    return plugin


def register_backend(name: str, plugin: ModuleType | str | Any) -> None:
    """Register a backend at run time from a plugin module (or its import path).

    The module either answers ``backend_info`` (naming its implementation
    modules) or holds the implementations itself; its ``backend_info`` is
    checked at once. The import path may name an attribute as entry points
    do (``"package.module:attribute"``). A run-time registration wins over an
    installed plugin of the same name, and registering a name again replaces
    that backend: this is also how a program chooses between two installed
    distributions that register the same name. ``name`` must be a valid
    backend name (lowercase letters, digits and underscores, starting with a
    letter).

    >>> import polyarray_numpy
    >>> pa.register_backend("numpy2", polyarray_numpy)
    >>> "numpy2" in pa.available_backends()
    True
    >>> pa.unregister_backend("numpy2")
    """
    problem = name_problem(name)
    if problem is not None:
        error = PolyarrayTypeError if not isinstance(name, str) else PolyarrayValueError
        raise error(f"pa.register_backend: {problem}.")
    if isinstance(plugin, str):
        source = plugin
        plugin = _import_plugin(plugin)
    else:
        source = getattr(plugin, "__name__", None) or _short(plugin)
    try:
        info = _info_from_plugin(name, plugin, source)
    except PolyarrayError:
        raise
    except Exception as exc:
        raise PluginValidationError(
            f"The {name!r} backend plugin ({source}) could not be read: {type(exc).__name__}: {exc}. "
            f"{_what_to_do(None)}"
        ) from exc
    with _lock:
        _registered[name] = info
        _infos.pop(name, None)
        _failures.pop(name, None)
        _warned.discard(name)
        _announce(name)


def unregister_backend(name: str) -> None:
    """Remove a backend registered with :func:`register_backend` (an installed plugin of that name shows again).

    >>> import polyarray_numpy
    >>> pa.register_backend("numpy2", polyarray_numpy)
    >>> pa.unregister_backend("numpy2")
    >>> "numpy2" in pa.available_backends()
    False
    """
    with _lock:
        if name not in _registered:
            raise BackendNotFoundError(f"{_short(name)} was not registered with pa.register_backend.")
        del _registered[name]
        _infos.pop(name, None)
        _failures.pop(name, None)
        _warned.discard(name)
        _announce(name)
