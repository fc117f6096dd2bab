"""Installing throw-away plugin distributions (with entry points) into a temporary folder."""

from __future__ import annotations

import contextlib
import shutil
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from polyarray import _discovery

TOY = Path(__file__).parent / "toy"


def write_distribution(site: Path, name: str, version: str, entry_points: dict[str, str] | None = None) -> None:
    """A minimal ``.dist-info`` so importlib.metadata finds the distribution and its entry points."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    if entry_points:
        lines = ["[polyarray.backends]", *(f"{k} = {v}" for k, v in entry_points.items())]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


def write_plugin(
    site: Path, distribution: str, entry_points: dict[str, str], modules: dict[str, str], version: str = "0.1.0"
) -> None:
    """A plugin distribution: its modules (name -> source, written as ``<name>.py``) and its metadata."""
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source)
    write_distribution(site, distribution, version, entry_points)


def light_module(info_source: str, *, marked: bool = True) -> str:
    """The source of a light plugin module whose ``backend_info`` returns the expression ``info_source``."""
    return (
        "import pluggy\n"
        "hookimpl = pluggy.HookimplMarker('polyarray')\n"
        f"{'@hookimpl' if marked else ''}\n"
        "def backend_info():\n"
        f"    return {info_source}\n"
    )


def install_toy_site(site: Path) -> None:
    """toyframework 3.1.0rc1, the toy plugin, a plugin that raises on import, one lacking its framework."""
    shutil.copy(TOY / "toyframework.py", site / "toyframework.py")
    package = site / "polyarray_toy"
    package.mkdir()
    shutil.copy(TOY / "polyarray_toy__init__.py", package / "__init__.py")
    shutil.copy(TOY / "polyarray_toy_impl.py", package / "impl.py")
    write_distribution(site, "toyframework", "3.1.0rc1")
    write_distribution(site, "polyarray-toy", "0.1.0", {"toy": "polyarray_toy"})

    (site / "polyarray_broken.py").write_text('raise RuntimeError("this plugin is broken on purpose")\n')
    write_distribution(site, "polyarray-broken", "0.1.0", {"broken": "polyarray_broken"})

    (site / "polyarray_needs_missing.py").write_text(
        "import pluggy\n"
        "hookimpl = pluggy.HookimplMarker('polyarray')\n"
        "@hookimpl\n"
        "def backend_info():\n"
        "    return {'framework': 'frameworkthatisnotinstalled', 'native_array_types': [],\n"
        "            'implementation_modules': ['frameworkthatisnotinstalled.api'],\n"
        "            'install': \"pip install 'polyarray[missing]'\"}\n"
    )
    write_distribution(site, "polyarray-needs-missing", "0.1.0", {"needsmissing": "polyarray_needs_missing"})


def activate(site: Path) -> None:
    sys.path.insert(0, str(site))
    _discovery.refresh_discovery()


def deactivate(site: Path) -> None:
    """Take the folder off ``sys.path``, forget every module imported from it, and read the entry points again."""
    sys.path.remove(str(site))
    for name, module in list(sys.modules.items()):
        if name.startswith(("polyarray_toy", "toyframework", "polyarray_broken")) or _inside(module, site):
            del sys.modules[name]
    _discovery.refresh_discovery()


def _inside(module: object, site: Path) -> bool:
    file = getattr(module, "__file__", None)
    return isinstance(file, str) and Path(file).is_relative_to(site)


def numpy_modules() -> list[str]:
    """The NumPy plugin's implementation modules, as polyarray imports them (``implementation_package``)."""
    import polyarray as pa
    from polyarray._backend import implementation_module_names

    return implementation_module_names(pa.get_backend("numpy").info)


def numpy_twin(
    backend: str, *, lacking: tuple[str, ...] = (), devices: tuple[str, ...] = ("cpu",), advice: str | None = None
) -> types.ModuleType:
    """The NumPy plugin as a run-time backend named ``backend``, without the dtypes in ``lacking``, with ``devices``.

    ``advice`` is the ``unsupported_advice`` of its ``native_dtype`` hook (``{dtype}`` names the missing dtype).
    Register the returned light module with ``pa.register_backend(backend, module)``.
    """
    from polyarray_numpy import support
    from polyarray_numpy._marker import hookimpl

    own_support = types.ModuleType(f"{backend}_support")
    for attribute in ("device_of", "inplace_update", "set_item"):
        setattr(own_support, attribute, getattr(support, attribute))

    @hookimpl
    def native_dtype(name: str, /):
        return None if name in lacking else support.native_dtype(name)

    if advice is not None:
        native_dtype.unsupported_advice = advice
    own_support.native_dtype = native_dtype
    sys.modules[own_support.__name__] = own_support
    modules = [m for m in numpy_modules() if not m.endswith(".support")]
    light = types.ModuleType(f"{backend}_info")

    @hookimpl
    def backend_info():
        return {
            "framework": "numpy",
            "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")],
            "implementation_modules": [own_support.__name__, *modules],
            "devices": list(devices),
        }

    light.backend_info = backend_info
    sys.modules[light.__name__] = light
    return light


def run_time_plugin(name: str, **functions: Any) -> types.ModuleType:
    """A plugin module for ``pa.register_backend`` on NumPy's arrays: NumPy's ``native_dtype``, ``device_of`` and
    ``to_numpy`` hooks, ``backend_info`` naming ndarray and NumPy's scalars, and ``functions`` as hooks."""
    from polyarray_numpy import interop, support
    from polyarray_numpy._marker import hookimpl

    @hookimpl
    def backend_info():
        return {"framework": "numpy", "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")]}

    module = types.ModuleType(name)
    module.backend_info = backend_info
    module.native_dtype = support.native_dtype
    module.device_of = support.device_of
    module.to_numpy = interop.to_numpy
    for function_name, function in functions.items():
        setattr(module, function_name, hookimpl(function))
    return module


@contextlib.contextmanager
def registered(name: str, module: types.ModuleType) -> Iterator[Any]:
    """``module`` registered as the backend ``name`` for the block (which gets the backend), then unregistered."""
    import polyarray as pa

    pa.register_backend(name, module)
    try:
        yield pa.get_backend(name)
    finally:
        pa.unregister_backend(name)
