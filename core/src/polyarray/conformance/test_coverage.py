"""The meta-test: every public function is exercised by a conformance test, or allowed not to be, with a reason."""

from __future__ import annotations

import importlib
import pkgutil

import polyarray.conformance
from polyarray._declare import declarations
from polyarray.testing import covered_functions

#: Public functions that take no arrays at all, and why no backend can change what they do.
NOT_EXERCISED = {
    "exists": "a test of `is not None` on any Python value; no backend code runs",
    "default": "chooses between two Python values; no backend code runs",
    "cache_fn": "memoises a Python callable; no backend code runs",
    "default_dtype": "reads a core setting (exercised through creation in test_default_dtypes)",
    "default_float_dtype": "reads a core setting (exercised through creation in test_default_dtypes)",
    "default_int_dtype": "reads a core setting (exercised through creation in test_default_dtypes)",
    "default_complex_dtype": "reads a core setting (exercised through creation in test_default_dtypes)",
    "set_default_device": "sets a core setting from a device name; takes no arrays",
    "unset_default_device": "resets a core setting; takes no arrays",
    "default_device": "reads a core setting; takes no arrays",
    "default_device_as": "a context manager around a core setting; takes no arrays",
    "set_soft_device_mode": "sets a core flag; takes no arrays",
    "soft_device_mode": "reads a core flag; takes no arrays",
}

PUBLIC = {d.qualname: d for d in declarations() if d.kind != "support"}


def _import_every_test_module() -> dict[str, frozenset[str]]:
    """Import every conformance test module (whatever pytest selected) and return what they cover."""
    for module in pkgutil.iter_modules(polyarray.conformance.__path__):
        if module.name.startswith("test_"):
            importlib.import_module(f"{polyarray.conformance.__name__}.{module.name}")
    return covered_functions()


def test_every_public_function_is_exercised():
    covered = _import_every_test_module()
    missing = sorted(set(PUBLIC) - set(covered) - set(NOT_EXERCISED))
    assert not missing, f"public functions no conformance test exercises: {missing}"


def test_allow_list_names_functions_that_take_no_arrays():
    covered = _import_every_test_module()
    for name, reason in NOT_EXERCISED.items():
        assert name in PUBLIC, f"{name!r} is not a public function"
        assert reason, f"{name!r} needs a reason"
        decl = PUBLIC[name]
        categories = [c for _, c in decl.positional_categories] + list(decl.keyword_categories.values())
        if decl.varargs:
            categories.append(decl.varargs[1])
        assert not any("array" in c for c in categories), f"{name!r} takes arrays: test it on the backend"
        assert name not in covered, f"{name!r} is exercised: remove it from the allow-list"


def test_covered_names_are_functions_or_array_members():
    """Names the tests say they cover are public functions or ``Array`` members (no typos that hide a gap)."""
    covered = _import_every_test_module()
    aliases = {f"linalg.{name}" for name in ("matmul", "matrix_transpose", "tensordot", "vecdot")}
    unknown = sorted(n for n in covered if n not in PUBLIC and n not in aliases and not n.startswith("Array."))
    assert not unknown, f"conformance tests claim to cover unknown functions: {unknown}"
