"""Version variants: parsing, ranges at their edges, selection, and errors."""

from __future__ import annotations

import importlib.metadata
import types

import pytest

import polyarray as pa
from polyarray._variants import parse_variant_name, release_of, select_variant


@pytest.mark.parametrize(
    ("name", "inside", "outside"),
    [
        ("fn_v_1p12_and_above", [(1, 12), (1, 12, 0), (1, 13), (2, 0), (10,)], [(1, 11), (1, 11, 99), (0, 99)]),
        ("fn_v_1p26_and_below", [(1, 26), (1, 26, 4), (1, 0), (0, 1)], [(1, 27), (2, 0)]),
        ("fn_v_1p01_to_1p1", [(1, 1), (1, 1, 7)], [(1, 0, 9), (1, 2), (1, 10)]),
        ("fn_v_2p0_to_2p1", [(2, 0), (2, 0, 2), (2, 1), (2, 1, 3)], [(1, 26), (2, 2), (3, 0)]),
        ("fn_v_2p1p3_and_above", [(2, 1, 3), (2, 1, 4), (2, 2)], [(2, 1, 2), (2, 1)]),
    ],
)
def test_ranges_at_their_edges(name, inside, outside):
    base, versions = parse_variant_name(name)
    assert base == "fn"
    for release in inside:
        assert release in versions, (name, release)
    for release in outside:
        assert release not in versions, (name, release)


@pytest.mark.parametrize("name", ["fn", "fn_v_", "fn_v_1p2", "fn_v_1p2_to", "fn_v_2p0_to_1p0", "fn_v_xp1_and_above"])
def test_names_that_are_not_variants(name):
    assert parse_variant_name(name) is None


def test_base_names_may_contain_underscores():
    assert parse_variant_name("unique_values_v_2p0_and_above")[0] == "unique_values"


@pytest.mark.parametrize(
    ("version", "release"),
    [("2.13.0+cpu", (2, 13, 0)), ("2.3.0rc1", (2, 3, 0)), ("2.5.0.dev0", (2, 5, 0)), ("1.26.4", (1, 26, 4))],
)
def test_pre_dev_and_local_versions_use_their_release(version, release):
    assert release_of(version) == release


def _variants(*names):
    return [(parse_variant_name(n)[1], n) for n in names]


@pytest.mark.parametrize(
    ("version", "chosen"),
    [
        ("1.26.4", "f_v_1p26_and_below"),
        ("2.0.0rc1", "f_v_2p0_to_2p0"),
        ("2.0.2", "f_v_2p0_to_2p0"),
        ("2.1.0.dev0", "f_v_2p1_and_above"),
        ("2.13.0+cpu", "f_v_2p1_and_above"),
    ],
)
def test_select_picks_the_variant_holding_the_version(version, chosen):
    variants = _variants("f_v_1p26_and_below", "f_v_2p0_to_2p0", "f_v_2p1_and_above")
    assert select_variant("f", variants, "fw", version, "polyarray-fw") == chosen


def test_overlapping_variants_are_an_error_naming_plugin_and_function():
    with pytest.raises(pa.PluginValidationError, match=r"polyarray-fw.*f_v_1p0_and_above.*f_v_2p0_to_2p1.*overlap"):
        select_variant("f", _variants("f_v_1p0_and_above", "f_v_2p0_to_2p1"), "fw", "2.0", "polyarray-fw")


def test_uncovered_version_is_an_error_saying_what_to_install():
    with pytest.raises(pa.UnsupportedFrameworkVersionError, match=r"no version variant of 'f' covers fw 1\.5\.0"):
        select_variant("f", _variants("f_v_2p0_and_above"), "fw", "1.5.0", "polyarray-fw")


def test_plain_and_variant_together_are_an_error():
    variants = [(None, "plain"), *_variants("f_v_2p0_and_above")]
    with pytest.raises(pa.PluginValidationError, match="both a plain implementation and version variants"):
        select_variant("f", variants, "fw", "2.0", "polyarray-fw")


def test_the_toy_backend_builds_with_the_variant_for_its_prerelease(toy_site):
    import toyframework

    # toyframework 3.1.0rc1 is installed: exp_v_3p0_to_3p1 is chosen, exp_v_3p2_and_above is not.
    assert pa.get_backend("toy").framework_version == "3.1.0rc1"
    result = pa.exp(toyframework.ToyArray([0.0]))
    assert pa.to_numpy(result).tolist() == [1.0]


def _variant_plugin(marker_low: str, marker_high: str, split: str):
    """A plugin whose ``exp`` has two variants split at ``split`` (numpy's version decides)."""
    from polyarray_numpy import interop, support
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("variant_plugin")
    module.native_dtype = support.native_dtype
    module.device_of = support.device_of
    module.to_numpy = interop.to_numpy

    def low(x, /):
        return marker_low

    def high(x, /):
        return marker_high

    major, minor = split.split(".")
    below = f"{int(major)}p{int(minor) - 1}" if int(minor) else f"{int(major) - 1}p99"
    low.__name__ = f"exp_v_{below}_and_below"
    high.__name__ = f"exp_v_{major}p{minor}_and_above"
    setattr(module, low.__name__, hookimpl(specname="exp")(low))
    setattr(module, high.__name__, hookimpl(specname="exp")(high))

    @hookimpl
    def backend_info():
        return {"framework": "numpy", "native_array_types": [("numpy", "ndarray")]}

    module.backend_info = backend_info
    return module


@pytest.mark.parametrize(
    ("installed", "expected"), [("2.0.0", "high"), ("2.0.0rc2", "high"), ("1.99.9", "low"), ("2.0.0+local", "high")]
)
def test_variant_chosen_at_build_from_the_installed_version(monkeypatch, installed, expected):
    real_version = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version", lambda d: installed if d == "numpy" else real_version(d))
    pa.register_backend("variants", _variant_plugin("low", "high", "2.0"))
    try:
        backend = pa.get_backend("variants")
        assert backend.framework_version == installed
        assert backend.raw.exp(None) == expected
    finally:
        pa.unregister_backend("variants")
