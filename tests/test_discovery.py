"""Discovery and validation of plugins: lazy entry points, broken plugins, signature checks."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import types

import pytest

import polyarray as pa
from polyarray._backend import implementation_module_names, validate_module
from polyarray._declare import declarations
from polyarray.api import CATEGORIES


def _run(code: str, site=None) -> str:
    env = dict(os.environ)
    if site is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_listing_backends_imports_no_plugin_and_no_framework(toy_site):
    out = _run(
        "import sys, polyarray as pa\n"
        "names = pa.available_backends()\n"
        "print(sorted({'broken', 'needsmissing', 'numpy', 'toy'} - set(names)))\n"
        "heavy = ('numpy', 'torch', 'jax', 'tensorflow', 'toyframework')\n"
        "print([m for m in sys.modules if m.split('.')[0] in heavy or m.startswith('polyarray_')])\n",
        toy_site,
    )
    missing, imported = out.splitlines()
    assert missing == "[]"
    assert imported == "[]"


def test_inference_imports_no_framework(toy_site):
    out = _run(
        "import sys, numpy as np, polyarray as pa\n"
        "pa.add(np.ones(2), 1)\n"
        "pa.current_backend([1.0, 2.0], 3)\n"
        "frameworks = ('toyframework', 'polyarray_toy.impl', 'torch', 'jax', 'tensorflow')\n"
        "print([m for m in frameworks if m in sys.modules])\n",
        toy_site,
    )
    assert out.strip() == "[]"


def test_a_plugin_that_raises_on_import_leaves_the_others_working(toy_site):
    with pytest.raises(pa.BackendLoadError, match=r"'broken' backend plugin \(polyarray-broken\).*broken on purpose"):
        pa.get_backend("broken")
    assert "broken" in pa._discovery.load_failures()
    np_result = pa.add(pa.asarray([1.0], backend="numpy"), 1)
    assert pa.to_numpy(np_result).tolist() == [2.0]
    assert pa.get_backend("toy").name == "toy"


def test_a_broken_plugin_is_reported_with_a_warning_once(toy_site):
    import toyframework

    with pytest.warns(RuntimeWarning, match="broken on purpose"):
        pa.current_backend(toyframework.ToyArray([1.0]))


def test_missing_framework_says_what_to_install(toy_site):
    with pytest.raises(pa.FrameworkNotInstalledError, match=r"pip install 'polyarray\[missing\]'") as info:
        pa.set_backend("needsmissing")
    assert isinstance(info.value, ImportError)


def test_command_line_lists_every_backend_with_reasons(toy_site):
    out = _run("from polyarray.__main__ import main; main(['backends'])", toy_site)
    lines = {line.split()[0]: line for line in out.splitlines() if line and not line.startswith(("-", "*"))}
    assert "yes" in lines["numpy"].split() and "yes" in lines["toy"].split()
    assert "no" in lines["broken"].split() and "no" in lines["needsmissing"].split()
    assert "toyframework 3.1.0rc1" in lines["toy"]
    assert "* broken:" in out and "broken on purpose" in out
    assert "* needsmissing:" in out and "pip install 'polyarray[missing]'" in out
    assert "* toy: not implemented:" in out


def _plugin(**functions) -> types.ModuleType:
    """A run-time plugin: NumPy's support hooks plus the given functions."""
    from polyarray_numpy import interop, support
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("polyarray_test_plugin")
    module.native_dtype = support.native_dtype
    module.device_of = support.device_of
    module.to_numpy = interop.to_numpy
    for name, function in functions.items():
        setattr(module, name, function if hasattr(function, "polyarray_impl") else hookimpl(function))
    return module


def test_register_backend_at_run_time_and_replace():
    import numpy as np

    def add(x1, x2, /):
        return np.add(x1, x2) * 10

    pa.register_backend("tenfold", _plugin(add=add))
    try:
        assert "tenfold" in pa.available_backends()
        assert pa.to_numpy(pa.add(np.ones(1), 1, backend="tenfold")).tolist() == [20.0]

        def add_again(x1, x2, /):
            return np.add(x1, x2) * 100

        pa.register_backend("tenfold", _plugin(add=add_again))
        assert pa.to_numpy(pa.add(np.ones(1), 1, backend="tenfold")).tolist() == [200.0]
    finally:
        pa.unregister_backend("tenfold")
    assert "tenfold" not in pa.available_backends()


def test_register_backend_rejects_bad_names():
    with pytest.raises(pa.PolyarrayValueError, match="'not a name' is not a valid backend name"):
        pa.register_backend("not a name", _plugin())


def _rejection(**functions) -> str:
    pa.register_backend("badplugin", _plugin(**functions))
    try:
        with pytest.raises(pa.PluginValidationError) as info:
            pa.get_backend("badplugin")
        return str(info.value)
    finally:
        pa.unregister_backend("badplugin")


def test_extra_keyword_only_parameter_is_rejected():
    def add(x1, x2, /, *, alpha=1):
        return x1 + x2

    message = _rejection(add=add)
    assert "'badplugin'" in message and "polyarray_test_plugin" in message
    assert "'add'" in message and "'alpha' is not declared" in message


def test_renamed_keyword_only_parameter_is_rejected():
    def tensordot(x1, x2, /, *, dims=2):
        return x1

    message = _rejection(tensordot=tensordot)
    assert "'tensordot'" in message and "parameter 3 is 'dims', declared as 'axes'" in message


def test_keyword_only_declared_but_positional_implemented_is_rejected():
    def vecdot(x1, x2, /, axis=-1):
        return x1

    message = _rejection(vecdot=vecdot)
    assert "'axis' is positional or keyword, declared keyword-only" in message


def test_different_default_is_rejected():
    def vecdot(x1, x2, /, *, axis=0):
        return x1

    assert "'axis' has default 0, declared with default -1" in _rejection(vecdot=vecdot)


def test_function_matching_no_declaration_is_rejected():
    def frobnicate(x, /):
        return x

    assert "no declared function 'frobnicate'" in _rejection(frobnicate=frobnicate)


def test_variant_without_specname_is_rejected():
    def exp_v_1p0_and_above(x, /):
        return x

    assert "specname='exp'" in _rejection(exp_v_1p0_and_above=exp_v_1p0_and_above)


def test_missing_support_hooks_are_rejected():
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("bare")
    module.add = hookimpl(lambda x1, x2, /: x1 + x2)
    module.add.__name__ = "add"
    pa.register_backend("bare", module)
    try:
        with pytest.raises(pa.PluginValidationError, match="must implement the support hooks native_dtype, device_of"):
            pa.get_backend("bare")
    finally:
        pa.unregister_backend("bare")


def test_every_function_a_plugin_defines_is_validated_not_just_the_first():
    def add(x1, x2, /, *, alpha=1):
        return x1

    def exp(y, /):
        return y

    message = _rejection(add=add, exp=exp)
    assert "'add'" in message and "'exp'" in message


# -- the meta-test ----------------------------------------------------------------------


def test_numpy_plugin_implements_every_primary_with_the_declared_signature():
    import polyarray_numpy
    from polyarray._discovery import backend_info

    backend = pa.get_backend("numpy")
    assert backend.missing == set()
    primaries = {d.qualname for d in declarations("primary")}
    assert primaries <= backend.native
    info = backend_info("numpy")
    names = implementation_module_names(info)
    modules = [__import__(m, fromlist=["_"]) for m in names]
    problems = [p for m in modules for p in validate_module(m, "polyarray-numpy")]
    assert problems == []
    # The package's modules named like the categories, support first; none listed one by one.
    assert info.implementation_package == polyarray_numpy.__name__ and info.implementation_modules == ()
    assert names[0] == "polyarray_numpy.support" and "polyarray_numpy.elementwise" in names
    assert all(name.split(".")[-1] in CATEGORIES for name in names)
    for decl in declarations(("primary", "mixed")):
        if decl.qualname in backend.native:
            impl = getattr(backend.raw.linalg if decl.namespace == "linalg" else
                           backend.raw.fft if decl.namespace == "fft" else backend.raw, decl.name)  # fmt: skip
            if decl.qualname in backend.partial_mixed:  # the raw namespace holds the chooser
                impl = backend.partial_mixed[decl.qualname][0]
            params = [(p.name, p.kind, p.default) for p in inspect.signature(impl).parameters.values()]
            declared = [(p.name, p.kind, p.default) for p in decl.signature_for(impl).parameters.values()]
            assert params == declared, decl.qualname


def test_plugin_files_mirror_the_core_categories():
    from pathlib import Path

    import polyarray_numpy
    from polyarray.api import CATEGORIES

    plugin_files = {p.stem for p in Path(polyarray_numpy.__file__).parent.glob("*.py") if not p.stem.startswith("_")}
    # standalone functions only: no plugin code
    core_only = {"settings", "inspection", "nest", "dtype_utilities", "device_utilities", "general", "random"}
    assert plugin_files == set(CATEGORIES) - core_only


def _package_light_module(name: str, package: str) -> types.ModuleType:
    import pluggy

    hookimpl = pluggy.HookimplMarker("polyarray")
    light = types.ModuleType(f"{name}_info")

    @hookimpl
    def backend_info():
        return {"framework": "numpy", "implementation_package": package}

    light.backend_info = backend_info
    return light


def test_an_implementation_package_gives_its_category_modules(tmp_path, monkeypatch):
    # The core imports the modules of the package named like the API's categories (the ones that exist).
    package = tmp_path / "polyarray_pkgtwin"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "support.py").write_text("from polyarray_numpy.support import *  # noqa: F403\n")
    (package / "elementwise.py").write_text("from polyarray_numpy.elementwise import add, multiply  # noqa: F401\n")
    (package / "creation.py").write_text(
        "from polyarray_numpy.creation import asarray_v_2p0_and_above, asarray_v_1p26_and_below  # noqa: F401\n"
    )
    (package / "notes.py").write_text("raise RuntimeError('a module named like no category is never imported')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    pa.register_backend("pkgtwin", _package_light_module("pkgtwin", "polyarray_pkgtwin"))
    try:
        info = pa.get_backend("pkgtwin").info
        assert implementation_module_names(info) == [
            "polyarray_pkgtwin.support", "polyarray_pkgtwin.creation", "polyarray_pkgtwin.elementwise",
        ]  # fmt: skip
        assert {"add", "multiply"} <= pa.get_backend("pkgtwin").native
        assert float(pa.add(pa.asarray(1.0, backend="pkgtwin"), 2.0)) == 3.0
    finally:
        pa.unregister_backend("pkgtwin")


def test_an_implementation_package_without_category_modules_is_refused(tmp_path, monkeypatch):
    package = tmp_path / "polyarray_emptypkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "impl.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    pa.register_backend("emptypkg", _package_light_module("emptypkg", "polyarray_emptypkg"))
    try:
        with pytest.raises(pa.PluginValidationError, match="holds none of the category modules"):
            pa.get_backend("emptypkg")
    finally:
        pa.unregister_backend("emptypkg")
    pa.register_backend("nopkg", _package_light_module("nopkg", "polyarray_no_such_package"))
    try:
        with pytest.raises(pa.BackendLoadError, match="polyarray_no_such_package"):
            pa.get_backend("nopkg")
    finally:
        pa.unregister_backend("nopkg")
