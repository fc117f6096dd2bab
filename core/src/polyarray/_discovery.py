"""Finding backends: entry points (read lazily) and run-time registrations.

Listing backends reads installed metadata only. A plugin's entry point names
a light module that imports no framework; its ``backend_info`` hook tells
the framework's distribution, the native array types (by module and class
name, so inference never imports a framework) and the modules holding the
implementations, which are imported only when the backend is built.
"""

from __future__ import annotations

import importlib
import threading
import warnings
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from ._errors import BackendLoadError, BackendNotFoundError, PluginValidationError

if TYPE_CHECKING:
    import importlib.metadata

__all__ = [
    "ENTRY_POINT_GROUP",
    "BackendInfo",
    "available_backends",
    "backend_info",
    "backend_infos",
    "framework_version",
    "register_backend",
    "load_failures",
]

ENTRY_POINT_GROUP = "polyarray.backends"
PROJECT = "polyarray"

hookspec = pluggy.HookspecMarker(PROJECT)


class InfoSpec:
    """The metadata hook every backend plugin answers from its light module."""

    @hookspec(firstresult=True)
    def backend_info(self) -> dict[str, Any]:
        """Describe the backend without importing its framework.

        Keys: ``framework`` (the framework's distribution name, or None),
        ``native_array_types`` (``[(module, class), ...]``),
        ``implementation_modules`` (module names imported at build time),
        ``install`` (the pip requirement that installs the framework),
        ``devices`` (portable device names the backend can use),
        ``mutable_arrays`` (False for a framework whose arrays cannot be
        updated in place, such as JAX or TensorFlow; default True),
        ``accepts_array_likes`` (False for a framework whose functions do not
        take lists, tuples and Python scalars where arrays go, such as PyTorch
        or JAX: polyarray then converts them with the backend's ``asarray``;
        default True, as for NumPy), ``flushes_subnormals`` (True for a
        framework whose arithmetic reads subnormal floating-point inputs as
        zero, as XLA and TensorFlow's CPU kernels do; default False).
        """


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


#: The keys ``backend_info`` may return.
_INFO_KEYS = frozenset(
    {
        "framework",
        "native_array_types",
        "implementation_modules",
        "install",
        "devices",
        "mutable_arrays",
        "accepts_array_likes",
        "flushes_subnormals",
    }
)

_lock = threading.RLock()
_entry_points: dict[str, importlib.metadata.EntryPoint] | None = None
_registered: dict[str, BackendInfo] = {}
_infos: dict[str, BackendInfo] = {}
_failures: dict[str, BaseException] = {}


def _discovered() -> dict[str, importlib.metadata.EntryPoint]:
    global _entry_points
    if _entry_points is None:
        import importlib.metadata  # on first use: it costs more to import than the rest of polyarray

        found: dict[str, importlib.metadata.EntryPoint] = {}
        for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(ep.name, ep)
        _entry_points = found
    return _entry_points


def framework_version(distribution: str) -> str | None:
    """The installed version of a distribution, read from its metadata; None when it is not installed."""
    import importlib.metadata

    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def available_backends() -> list[str]:
    """The names of every installed or registered backend, sorted.

    Reads package metadata only: no plugin and no framework is imported.

    >>> "numpy" in pa.available_backends()
    True
    """
    return sorted(set(_discovered()) | set(_registered))


def _info_from_plugin(name: str, plugin: ModuleType | Any, dist: str | None) -> BackendInfo:
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(InfoSpec)
    raw: dict[str, Any] | None = None
    if hasattr(plugin, "backend_info"):
        try:
            pm.register(plugin, name=f"{name}-info")
        except pluggy.PluginValidationError as exc:
            raise PluginValidationError(f"Backend {name!r}: its backend_info hook is invalid: {exc}") from exc
        raw = pm.hook.backend_info()
    raw = dict(raw or {})
    unknown = set(raw) - _INFO_KEYS
    if unknown:
        raise PluginValidationError(f"Backend {name!r}: backend_info() returned unknown keys {sorted(unknown)}.")
    framework = raw.get("framework")
    modules = raw.get("implementation_modules")
    return BackendInfo(
        name=name,
        framework=framework,
        native_array_types=tuple(tuple(t) for t in raw.get("native_array_types", ())),  # type: ignore[misc]
        implementation_modules=tuple(modules) if modules is not None else (),
        install=raw.get("install") or (f"pip install {framework}" if framework else ""),
        plugin=dist or getattr(plugin, "__name__", repr(plugin)),
        devices=tuple(raw.get("devices", ("cpu",))),
        modules=(plugin,) if modules is None and isinstance(plugin, ModuleType) else (),
        mutable_arrays=bool(raw.get("mutable_arrays", True)),
        accepts_array_likes=bool(raw.get("accepts_array_likes", True)),
        flushes_subnormals=bool(raw.get("flushes_subnormals", False)),
    )


def backend_info(name: str) -> BackendInfo:
    """The :class:`BackendInfo` of one backend (loads only the plugin's light module)."""
    with _lock:
        info = _infos.get(name)
        if info is not None:
            return info
        if name in _registered:
            info = _registered[name]
        else:
            ep = _discovered().get(name)
            if ep is None:
                raise BackendNotFoundError(_unknown_message(name))
            dist = ep.dist.name if ep.dist is not None else None
            try:
                plugin = ep.load()
                info = _info_from_plugin(name, plugin, dist)
            except BackendLoadError as exc:
                _failures[name] = exc
                raise
            except Exception as exc:
                _failures[name] = exc
                raise BackendLoadError(
                    f"The {name!r} backend plugin ({dist or ep.value}) failed to load: "
                    f"{type(exc).__name__}: {exc}. Reinstall or upgrade it "
                    f"(pip install --force-reinstall {dist or ep.value}); other backends are unaffected."
                ) from exc
        _infos[name] = info
        return info


def backend_infos() -> dict[str, BackendInfo]:
    """The infos of every backend whose light module loads; failures are warned about once."""
    infos = {}
    for name in available_backends():
        try:
            infos[name] = backend_info(name)
        except BackendLoadError as exc:
            if name not in _warned:
                _warned.add(name)
                warnings.warn(str(exc), RuntimeWarning, stacklevel=2)
    return infos


_warned: set[str] = set()


def registered_names() -> frozenset[str]:
    """Names of the backends registered at run time."""
    return frozenset(_registered)


def refresh_discovery() -> None:
    """Read the installed entry points again (after installing or removing a plugin)."""
    global _entry_points
    from . import _handler

    with _lock:
        _entry_points = None
        for name in list(_infos):
            if name not in _registered:
                del _infos[name]
                _handler.forget_backend(name)
        _failures.clear()
        _warned.clear()


def load_failures() -> dict[str, BaseException]:
    """Backends whose plugin failed to load or build, with the error."""
    return dict(_failures)


def record_failure(name: str, error: BaseException) -> None:
    _failures[name] = error


def _unknown_message(name: str) -> str:
    installed = ", ".join(repr(n) for n in available_backends()) or "none"
    return (
        f"No backend named {name!r}. Installed backends: {installed}. "
        f"Install another with pip install 'polyarray[{name}]' or register one "
        f"with pa.register_backend(name, module)."
    )


def register_backend(name: str, plugin: ModuleType | str | Any) -> None:
    """Register a backend at run time from a plugin module (or its import path).

    The module either answers ``backend_info`` (naming its implementation
    modules) or holds the implementations itself. Registering a name again
    replaces that backend.

    >>> import polyarray_numpy
    >>> pa.register_backend("numpy2", polyarray_numpy)
    >>> "numpy2" in pa.available_backends()
    True
    """
    from . import _handler

    if not isinstance(name, str) or not name.isidentifier():
        raise BackendNotFoundError(f"A backend name must be an identifier, not {name!r}.")
    if isinstance(plugin, str):
        plugin = importlib.import_module(plugin)
    info = _info_from_plugin(name, plugin, getattr(plugin, "__name__", None))
    with _lock:
        _registered[name] = info
        _infos.pop(name, None)
        _failures.pop(name, None)
        _warned.discard(name)
        _handler.forget_backend(name)


def unregister_backend(name: str) -> None:
    """Remove a backend registered with :func:`register_backend`."""
    from . import _handler

    with _lock:
        if name not in _registered:
            raise BackendNotFoundError(f"{name!r} was not registered with pa.register_backend.")
        del _registered[name]
        _infos.pop(name, None)
        _handler.forget_backend(name)
