"""What polyarray checks in a plugin: its name, its backend_info, and names two distributions claim.

Each plugin here is a real distribution (a ``.dist-info`` folder with its
entry points, beside its module) in a temporary folder put on ``sys.path``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from plugin_site import activate, deactivate, install_toy_site, light_module, write_distribution, write_plugin

import polyarray as pa
from polyarray import _discovery
from polyarray.cli.backends import shown_name

#: backend name -> (its light module's source, what the error says about it).
MALFORMED = {
    "badtypes": (
        light_module("{'framework': None, 'native_array_types': ['numpy.ndarray']}"),
        "'native_array_types'[0]: expected a (module, class) pair of names such as ('numpy', 'ndarray'), "
        "found str 'numpy.ndarray'",
    ),
    "badmodules": (
        light_module("{'implementation_modules': 'polyarray_badmodules.impl'}"),
        "'implementation_modules': expected a list of module names such as ['polyarray_foo.elementwise'], "
        "found str 'polyarray_badmodules.impl'",
    ),
    "badpackage": (
        light_module("{'implementation_package': ['polyarray_badpackage']}"),
        "'implementation_package': expected the name of the package holding the implementations, such as "
        "'polyarray_foo', found list ['polyarray_badpackage']",
    ),
    "baddevices": (
        light_module("{'devices': ['cpu', 0]}"),
        "'devices'[1]: expected a device name such as 'cpu' or 'gpu:0', found int 0",
    ),
    "nodevices": (
        light_module("{'devices': 'cpu'}"),
        "'devices': expected a non-empty list of device names such as ['cpu', 'gpu:0'], found str 'cpu'",
    ),
    "notadict": (
        light_module("[('framework', 'numpy')]"),
        "expected a dict of the keys ['accepts_array_likes', 'compiler_specialises', 'devices', 'flushes_subnormals', "
        "'framework', 'implementation_modules', 'implementation_package', 'install', 'lazy', 'mutable_arrays', "
        "'native_array_types'], found list",
    ),
    "misspelt": (
        light_module("{'native_array_type': [('numpy', 'ndarray')]}"),
        "unknown key 'native_array_type' (did you mean 'native_array_types'?)",
    ),
    "badmutable": (
        light_module("{'mutable_arrays': 'False'}"),
        "'mutable_arrays': expected True or False, found str 'False'",
    ),
    "badlikes": (
        light_module("{'accepts_array_likes': 1}"),
        "'accepts_array_likes': expected True or False, found int 1",
    ),
    "badflush": (
        light_module("{'flushes_subnormals': None}"),
        "'flushes_subnormals': expected True or False, found NoneType None",
    ),
    "badlazy": (
        light_module("{'lazy': 'yes'}"),
        "'lazy': expected True or False, found str 'yes'",
    ),
    "badframework": (
        light_module("{'framework': ['numpy']}"),
        "'framework': expected the framework's distribution name (a str) or None, found list ['numpy']",
    ),
    "badinstall": (
        light_module("{'framework': 'numpy', 'install': ['numpy']}"),
        "'install': expected a pip requirement (a str) or None, found list ['numpy']",
    ),
    "raising": (
        light_module("(_ for _ in ()).throw(RuntimeError('backend_info exploded'))"),
        "its backend_info() hook raised RuntimeError: backend_info exploded",
    ),
    "unmarked": (
        light_module("{'framework': None}", marked=False),
        "its backend_info is not a function marked with pluggy.HookimplMarker('polyarray')",
    ),
    "exits": (
        "raise SystemExit(3)\n",
        "failed to load: SystemExit: 3",
    ),
}

#: backend name -> (its entry point's value, what the error says about it): entry points naming no plugin.
NOT_PLUGINS = {
    "notaplugin": ("os", "os has no backend_info hook, so it is not a polyarray plugin"),
    "badvalue": ("not a module!", "its entry point's value 'not a module!' is not an import path"),
}

#: Every broken plugin with a valid name -> what the error says about it.
REASONS = {name: reason for name, (_, reason) in {**MALFORMED, **NOT_PLUGINS}.items()}

#: Entry-point names that break the name rule, all from one distribution.
BAD_NAMES = ["../x", "a.b", "Upper", "class", "x" * 65]


def _module(name: str) -> str:
    return f"polyarray_{name}"


def _install_broken(site: Path) -> None:
    for name, (source, _) in MALFORMED.items():
        write_plugin(site, f"polyarray-{name}", {name: _module(name)}, {_module(name): source})
    for name, (value, _) in NOT_PLUGINS.items():
        write_distribution(site, f"polyarray-{name}", "0.1.0", {name: value})
    write_plugin(
        site, "polyarray-badnames", dict.fromkeys(BAD_NAMES, "polyarray_badnames"), {"polyarray_badnames": "x = 1\n"}
    )


EVIL_LIGHT = """\
import pkgutil

import pluggy
import polyarray_numpy
from polyarray_numpy import backend_info as _numpy_info

hookimpl = pluggy.HookimplMarker("polyarray")


@hookimpl
def backend_info():
    # A plugin that lists its modules one by one (implementation_modules), as third-party plugins may.
    info = dict(_numpy_info())
    del info["implementation_package"]
    names = [m.name for m in pkgutil.iter_modules(polyarray_numpy.__path__) if not m.name.startswith("_")]
    modules = [f"polyarray_numpy.{name}" for name in names if name != "elementwise"]
    info["implementation_modules"] = [*modules, "evil_numpy_elementwise"]
    return info
"""

EVIL_ELEMENTWISE = """\
import numpy as np
from polyarray_numpy import elementwise as _numpy
from polyarray_numpy._marker import hookimpl

globals().update({k: v for k, v in vars(_numpy).items() if hasattr(v, "polyarray_impl")})


@hookimpl
def add(x1, x2, /):
    return np.subtract(x1, x2)
"""


def _install_evil_numpy(site: Path) -> None:
    """A second distribution registering the name ``numpy``, whose ``add`` subtracts."""
    write_plugin(
        site,
        "evil-numpy",
        {"numpy": "evil_numpy"},
        {"evil_numpy": EVIL_LIGHT, "evil_numpy_elementwise": EVIL_ELEMENTWISE},
        version="6.6.6",
    )


@pytest.fixture
def broken_site(tmp_path):
    """A plugin for each malformed backend_info, one that exits on import, and entry points with bad names."""
    _install_broken(tmp_path)
    activate(tmp_path)
    yield tmp_path
    pa.unset_backend()
    deactivate(tmp_path)


@pytest.fixture
def conflict_site(tmp_path):
    """evil-numpy installed beside polyarray-numpy, both registering ``numpy``."""
    _install_evil_numpy(tmp_path)
    activate(tmp_path)
    yield tmp_path
    pa.unset_backend()
    deactivate(tmp_path)


def _plugin_modules() -> list[str]:
    prefixes = ("evil_numpy", "polyarray_badnames", *(_module(name) for name in MALFORMED))
    return sorted(m for m in sys.modules if m.startswith(prefixes))


# -- malformed backend_info -----------------------------------------------------------------


@pytest.mark.parametrize("name", list(REASONS))
def test_a_malformed_plugin_asked_for_by_name_says_what_is_wrong(broken_site, name):
    expected = REASONS[name]
    for use in (pa.get_backend, pa.set_backend, lambda n: pa.asarray([1], backend=n)):
        with pytest.raises(pa.BackendLoadError) as info:
            use(name)
        message = str(info.value)
        assert isinstance(info.value, ImportError)
        assert f"'{name}' backend plugin (polyarray-{name})" in message
        assert expected in message
        assert f"pip uninstall polyarray-{name}" in message or "pip install --force-reinstall" in message
    assert pa.current_backend().name == "numpy"
    assert name in _discovery.load_failures()


@pytest.mark.parametrize("name", [n for n in REASONS if n != "exits"])
def test_a_malformed_backend_info_is_a_plugin_validation_error(broken_site, name):
    with pytest.raises(pa.PluginValidationError):
        pa.get_backend(name)


def test_a_plugin_reporting_every_problem_at_once(tmp_path):
    source = light_module("{'native_array_types': [('numpy', 'ndarray'), 'torch.Tensor'], 'devices': [], 'colour': 1}")
    write_plugin(tmp_path, "polyarray-many", {"many": "polyarray_many"}, {"polyarray_many": source})
    activate(tmp_path)
    try:
        with pytest.raises(pa.PluginValidationError) as info:
            pa.get_backend("many")
    finally:
        deactivate(tmp_path)
    message = str(info.value)
    assert "'native_array_types'[1]: expected a (module, class) pair" in message
    assert "'devices': expected a non-empty list" in message
    assert "unknown key 'colour'; the keys are" in message
    assert "'native_array_types'[0]" not in message


def test_other_backends_keep_working_beside_malformed_plugins(broken_site):
    with pytest.warns(RuntimeWarning) as record:
        assert pa.to_numpy(pa.asarray(range(3))).tolist() == list(range(3))
        assert pa.add(Fraction(1, 2), 1) == Fraction(1, 2) + 1
        assert pa.current_backend(Decimal(1)).name == "numpy"
    warned = "\n".join(str(w.message) for w in record)
    for name, expected in REASONS.items():
        assert f"'{name}' backend plugin (polyarray-{name})" in warned
        assert expected in warned
    assert "valid backend name" not in warned  # invalid names are never loaded, so never warned about
    assert pa.to_numpy(pa.add(np.ones(2), 1)).tolist() == [2.0, 2.0]


def test_available_backends_lists_malformed_plugins_without_importing_them(broken_site):
    names = pa.available_backends()
    assert set(REASONS) <= set(names) and "numpy" in names
    assert _plugin_modules() == []


# -- names ----------------------------------------------------------------------------------


def test_entry_points_with_invalid_names_are_not_backends(broken_site):
    assert not set(BAD_NAMES) & set(pa.available_backends())
    invalid = _discovery.invalid_names()
    assert set(invalid) == set(BAD_NAMES)
    assert all("polyarray-badnames" in reason and "[a-z][a-z0-9_]*" in reason for reason in invalid.values())
    for name in BAD_NAMES:
        with pytest.raises(pa.PluginValidationError) as info:
            pa.get_backend(name)
        message = str(info.value)
        assert "is not a valid backend name" in message and "pip uninstall polyarray-badnames" in message
        assert "polyarray[" not in message
    assert _plugin_modules() == []


@pytest.mark.parametrize("name", ["../y", "b.c", "Numpy2", "def", "", "1st", "with space", "z" * 65])
def test_asking_for_an_invalid_name_gives_no_install_hint(name):
    with pytest.raises(pa.BackendNotFoundError, match="not a valid backend name") as info:
        pa.get_backend(name)
    assert "polyarray[" not in str(info.value)


@pytest.mark.parametrize("name", ["../x", "a.b", "Upper", "class", "", "1st", "with space", "x" * 65])
def test_register_backend_rejects_an_invalid_name_at_once(name):
    import polyarray_numpy

    with pytest.raises(pa.PolyarrayValueError, match=r"pa.register_backend: .* is not a valid backend name"):
        pa.register_backend(name, polyarray_numpy)
    assert name not in pa.available_backends()


def test_register_backend_rejects_a_name_that_is_not_a_str():
    import polyarray_numpy

    with pytest.raises(pa.PolyarrayTypeError, match="a backend name is a str, not int"):
        pa.register_backend(3, polyarray_numpy)


def test_the_longest_valid_name_is_accepted():
    import polyarray_numpy

    name = "n" + "_" * 62 + "9"
    pa.register_backend(name, polyarray_numpy)
    try:
        assert name in pa.available_backends()
        assert pa.get_backend(name).name == name
    finally:
        pa.unregister_backend(name)


def test_register_backend_checks_backend_info_at_once():
    import types

    import pluggy

    module = types.ModuleType("polyarray_runtime_malformed")
    module.backend_info = pluggy.HookimplMarker("polyarray")(lambda: {"native_array_types": ["numpy.ndarray"]})
    with pytest.raises(pa.PluginValidationError, match=r"'native_array_types'\[0\]: expected a \(module, class\) pair"):
        pa.register_backend("runtimemalformed", module)
    assert "runtimemalformed" not in pa.available_backends()


@pytest.mark.parametrize("path", ["json:no_such_attribute", "polyarray_no_such_module", "not a path!"])
def test_register_backend_reports_an_import_path_it_cannot_import(path):
    with pytest.raises(pa.BackendLoadError, match=f"could not import the plugin {path!r}"):
        pa.register_backend("unimportable", path)
    assert "unimportable" not in pa.available_backends()


# -- two distributions, one name --------------------------------------------------------------


def _assert_names_both(error: BaseException) -> None:
    message = str(error)
    assert isinstance(error, pa.BackendConflictError) and isinstance(error, ImportError)
    assert "The backend name 'numpy' is registered by 2 installed distributions" in message
    assert "polyarray-numpy" in message and "evil-numpy 6.6.6 (module evil_numpy)" in message
    assert "pip uninstall evil-numpy" in message and "pip uninstall polyarray-numpy" in message
    assert "pa.register_backend('numpy', 'polyarray_numpy')" in message
    assert "pa.register_backend('numpy', 'evil_numpy')" in message
    assert set(error.distributions) == {"polyarray-numpy", "evil-numpy"}
    assert error.backend == "numpy"


def test_a_name_two_distributions_register_is_listed_but_never_resolved(conflict_site):
    assert "numpy" in pa.available_backends()
    claims = _discovery.conflicts()["numpy"]
    assert {c.distribution for c in claims} == {"polyarray-numpy", "evil-numpy"}
    uses = [
        lambda: pa.get_backend("numpy"),
        lambda: pa.set_backend("numpy"),
        lambda: pa.asarray([1, 2], backend="numpy"),
    ]
    for use in uses:
        with pytest.raises(pa.BackendConflictError) as info:
            use()
        _assert_names_both(info.value)
    assert "evil_numpy" not in sys.modules  # refusing a name imports neither plugin
    with pytest.warns(RuntimeWarning, match="registered by 2"), pytest.raises(pa.BackendConflictError) as info:
        pa.asarray(range(3))  # the implicit backend
    _assert_names_both(info.value)


def test_inferring_a_type_only_the_conflicting_plugins_own_raises(conflict_site):
    with pytest.warns(RuntimeWarning, match="registered by 2 installed distributions"):
        with pytest.raises(pa.BackendConflictError) as info:
            pa.add(np.ones(2), 1)
    _assert_names_both(info.value)
    with pytest.raises(pa.BackendConflictError):
        pa.current_backend(np.float32(1))


def test_a_conflict_leaves_other_backends_working(tmp_path):
    from plugin_site import install_toy_site

    install_toy_site(tmp_path)
    _install_evil_numpy(tmp_path)
    activate(tmp_path)
    try:
        import toyframework

        assert pa.get_backend("toy").name == "toy"
        with pytest.warns(RuntimeWarning, match="registered by 2"):
            assert pa.current_backend(toyframework.ToyArray([1.0])).name == "toy"
        with pytest.raises(pa.BackendConflictError):
            pa.get_backend("numpy")
    finally:
        pa.unset_backend()
        deactivate(tmp_path)


def test_register_backend_chooses_between_conflicting_distributions(conflict_site):
    pa.register_backend("numpy", "polyarray_numpy")
    try:
        assert pa.to_numpy(pa.add(pa.asarray([1, 2]), 1)).tolist() == [2, 3]
        assert pa.get_backend("numpy").info.plugin == "polyarray_numpy"
        assert pa.to_numpy(pa.add(np.ones(2), 1)).tolist() == [2.0, 2.0]

        pa.register_backend("numpy", "evil_numpy")
        assert pa.to_numpy(pa.add(pa.asarray([1, 2]), 1)).tolist() == [0, 1]
        assert pa.get_backend("numpy").info.plugin == "evil_numpy"
    finally:
        pa.unregister_backend("numpy")
    with pytest.raises(pa.BackendConflictError):
        pa.get_backend("numpy")


def test_the_same_entry_point_seen_twice_is_not_a_conflict(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    source = light_module("{'framework': None, 'native_array_types': []}")
    write_plugin(first, "polyarray-twice", {"twice": "polyarray_twice"}, {"polyarray_twice": source})
    entry_points = next(first.glob("*.dist-info")) / "entry_points.txt"
    entry_points.write_text(entry_points.read_text() + "twice = polyarray_twice\n")  # the line twice
    shutil.copytree(first, second)  # and the whole distribution twice on sys.path
    activate(second)
    activate(first)
    try:
        assert "twice" not in _discovery.conflicts()
        assert len(_discovery._discovered()["twice"]) == 1
        assert pa.available_backends().count("twice") == 1
        assert _discovery.backend_info("twice").plugin == "polyarray-twice"
    finally:
        deactivate(first)
        deactivate(second)


def test_one_distribution_registering_a_name_twice_with_different_modules_is_a_conflict(tmp_path):
    write_distribution(tmp_path, "polyarray-double", "0.1.0", {"double": "polyarray_double_a"})
    entry_points = next(tmp_path.glob("*.dist-info")) / "entry_points.txt"
    entry_points.write_text(entry_points.read_text() + "double = polyarray_double_b\n")
    activate(tmp_path)
    try:
        with pytest.raises(pa.BackendConflictError, match=r"module polyarray_double_a.*module polyarray_double_b"):
            pa.get_backend("double")
    finally:
        deactivate(tmp_path)


def test_two_distributions_naming_the_same_module_can_only_be_uninstalled(tmp_path):
    write_distribution(tmp_path, "polyarray-same-a", "0.1.0", {"same": "polyarray_same"})
    write_distribution(tmp_path, "polyarray-same-b", "0.1.0", {"same": "polyarray_same"})
    activate(tmp_path)
    try:
        with pytest.raises(pa.BackendConflictError) as info:
            pa.get_backend("same")
    finally:
        deactivate(tmp_path)
    message = str(info.value)
    assert "only uninstalling one of them tells them apart" in message
    assert "pip uninstall polyarray-same-a or pip uninstall polyarray-same-b" in message
    assert "pa.register_backend" not in message


# -- the command line -------------------------------------------------------------------------


def test_command_line_lists_every_plugin_with_its_reason(tmp_path):
    _install_broken(tmp_path)
    _install_evil_numpy(tmp_path)
    install_toy_site(tmp_path)  # a working backend beside the broken ones, whatever frameworks are installed
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-m", "polyarray", "backends"], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in done.stderr
    table, _, notes = out.partition("\n\n")
    rows = {line.split()[0]: line.split() for line in table.splitlines()[2:]}
    for name in [*REASONS, "numpy"]:
        assert "no" in rows[name] and "yes" not in rows[name], rows[name]
    assert "yes" in rows["toy"]  # another installed backend still builds
    for name, expected in REASONS.items():
        assert f"* {name}: " in notes and expected in notes
    for name in BAD_NAMES:
        assert "no" in rows[shown_name(name)]
        assert f"* {shown_name(name)}: The entry point {name!r} of polyarray-badnames" in notes
    assert "* numpy: The backend name 'numpy' is registered by 2 installed distributions" in notes
    assert "pa.register_backend('numpy', 'polyarray_numpy')" in notes and "pip uninstall evil-numpy" in notes
