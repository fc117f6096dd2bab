"""Installing throw-away plugin distributions (with entry points) into a temporary folder."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

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
    sys.path.remove(str(site))
    for module in [m for m in sys.modules if m.startswith(("polyarray_toy", "toyframework", "polyarray_broken"))]:
        del sys.modules[module]
    _discovery.refresh_discovery()
