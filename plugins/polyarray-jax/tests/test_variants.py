"""Version variants: the right implementation for the installed JAX, and full coverage of every release."""

from __future__ import annotations

import importlib
import importlib.metadata

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from polyarray_jax import creation, fft, linalg, manipulation, statistical

import polyarray as pa
from polyarray._backend import implementation_module_names
from polyarray._declare import declarations
from polyarray._variants import parse_variant_name, release_of, select_variant

PLUGIN_MODULES = [importlib.import_module(name) for name in implementation_module_names(pa.get_backend("jax").info)]


def _variants() -> dict[str, list[tuple[object, object]]]:
    """Every function with version variants: name -> [(range, implementation)]."""
    found: dict[str, list[tuple[object, object]]] = {}
    for module in PLUGIN_MODULES:
        for attribute, value in vars(module).items():
            parsed = parse_variant_name(attribute) if hasattr(value, "polyarray_impl") else None
            if parsed is not None:
                found.setdefault(parsed[0], []).append((parsed[1], value))
    return found


VARIANTS = _variants()

#: (function, JAX release, the variant that must be chosen) at each boundary the plugin knows.
BOUNDARIES = [
    ("asarray", "0.4.30", creation.asarray_v_0p4p30_and_below),
    ("asarray", "0.4.31", creation.asarray_v_0p4p31_and_above),
    ("arange", "0.4.30", creation.arange_v_0p4p30_and_below),
    ("arange", "0.4.31", creation.arange_v_0p4p31_and_above),
    ("eye", "0.4.30.1", creation.eye_v_0p4p30_and_below),
    ("linspace", "0.4.31", creation.linspace_v_0p4p31_and_above),
    ("reshape", "0.4.31", manipulation.reshape_v_0p4p31_and_below),
    ("reshape", "0.4.32", manipulation.reshape_v_0p4p32_and_above),
    ("fftfreq", "0.4.31", fft.fftfreq_v_0p4p31_and_below),
    ("rfftfreq", "0.4.32", fft.rfftfreq_v_0p4p32_and_above),
    ("cumulative_prod", "0.4.35", statistical.cumulative_prod_v_0p4p35_and_below),
    ("cumulative_prod", "0.4.36", statistical.cumulative_prod_v_0p4p36_and_above),
    ("fftn", "0.4.38", fft.fftn_v_0p4p38_and_below),
    ("irfftn", "0.5.0", fft.irfftn_v_0p5_and_above),
    ("solve", "0.4.38", linalg.solve_v_0p4p38_and_below),
    ("solve", "0.5.0rc1", linalg.solve_v_0p5_and_above),
    ("cholesky", "0.5.3", linalg.cholesky_v_0p5_and_below),
    ("cholesky", "0.6.0", linalg.cholesky_v_0p6_and_above),
    ("eigvalsh", "0.6.2", linalg.eigvalsh_v_0p6_and_above),
    ("eigvalsh", "0.10.2+cuda", linalg.eigvalsh_v_0p6_and_above),
]


@pytest.mark.parametrize(("function", "version", "expected"), BOUNDARIES, ids=lambda v: getattr(v, "__name__", v))
def test_boundary_releases_choose_their_variant(function, version, expected):
    chosen = select_variant(function, VARIANTS[function], "jax", version, "polyarray-jax")
    assert chosen is expected


@pytest.mark.parametrize("version", ["0.4.30", "0.4.31", "0.4.33", "0.4.36", "0.4.38", "0.5.0", "0.6.0", "0.8.0"])
def test_every_supported_release_has_exactly_one_variant(version):
    for function, variants in VARIANTS.items():
        ranges = [r for r, _ in variants]
        assert sum(release_of(version) in r for r in ranges) == 1, (function, version)


def test_the_installed_release_gets_its_variants():
    backend = pa.get_backend("jax")
    installed = release_of(importlib.metadata.version("jax"))
    assert backend.framework_version == importlib.metadata.version("jax")
    for function, variants in VARIANTS.items():
        expected = [impl for r, impl in variants if installed in r]
        assert len(expected) == 1, function
        namespace = next(d.namespace for d in declarations() if d.name == function)
        raw = getattr(backend.raw, namespace) if namespace else backend.raw
        assert getattr(raw, function) is expected[0], function


# The variants for older releases use only APIs that the installed JAX still has: they are
# checked here against the variants for the installed release.

RNG = np.random.default_rng(0)


def _close(a, b):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-6, atol=1e-6)


def test_old_creation_variants_agree():
    assert creation.asarray_v_0p4p30_and_below([1, 2], dtype=np.int32, device="cpu").dtype == np.int32
    _close(creation.arange_v_0p4p30_and_below(1, 2, 0.25), creation.arange_v_0p4p31_and_above(1, 2, 0.25))
    _close(creation.eye_v_0p4p30_and_below(3, 4, k=1), creation.eye_v_0p4p31_and_above(3, 4, k=1))
    _close(creation.linspace_v_0p4p30_and_below(0, 1, 5), creation.linspace_v_0p4p31_and_above(0, 1, 5))


def test_old_manipulation_and_statistics_variants_agree():
    x = jnp.asarray(RNG.normal(size=(2, 3, 4)))
    copied = manipulation.reshape_v_0p4p31_and_below(x, (4, 6), copy=True)
    _close(copied, manipulation.reshape_v_0p4p32_and_above(x, (4, 6)))
    for axis, initial in [(0, False), (2, True), (-1, True)]:
        old = statistical.cumulative_prod_v_0p4p35_and_below(x, axis=axis, include_initial=initial)
        new = statistical.cumulative_prod_v_0p4p36_and_above(x, axis=axis, include_initial=initial)
        assert old.shape == new.shape and old.dtype == new.dtype
        _close(old, new)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
@pytest.mark.parametrize("shape", [(4,), (3, 4), (2, 3, 2, 4), (2, 2, 3, 2, 4)])
def test_old_fft_variants_split_many_axes(name, shape):
    x = jnp.asarray(RNG.normal(size=shape))
    old, new = getattr(fft, f"{name}_v_0p4p38_and_below"), getattr(fft, f"{name}_v_0p5_and_above")
    _close(old(x, norm="ortho"), new(x, norm="ortho"))
    axes = list(range(len(shape)))[::-1][:4]
    s = [3] * len(axes)
    _close(old(x, s=s, axes=axes), new(x, s=s, axes=axes))


def test_old_linalg_variants_agree():
    a = RNG.normal(size=(2, 3, 3))
    spd = jnp.asarray(a @ np.swapaxes(a, -1, -2) + 3 * np.eye(3))
    for upper in (False, True):
        _close(linalg.cholesky_v_0p5_and_below(spd, upper=upper), linalg.cholesky_v_0p6_and_above(spd, upper=upper))
    _close(linalg.eigvalsh_v_0p5_and_below(spd), linalg.eigvalsh_v_0p6_and_above(spd))
    for b in (RNG.normal(size=(3,)), RNG.normal(size=(2, 3, 2)), RNG.normal(size=(4, 2, 3, 1))):
        b = jnp.asarray(b)
        _close(linalg.solve_v_0p4p38_and_below(spd, b), linalg.solve_v_0p5_and_above(spd, b))


def test_x64_is_on_in_these_tests():
    assert jax.config.jax_enable_x64
