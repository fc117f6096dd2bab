"""Reading installed metadata without importlib.metadata (``_metadata.py``) gives what importlib.metadata gives.

The reading is compared with the reference on the installed environment and
on folders made to differ: a distribution twice on ``sys.path``, names
spelled with dots, dashes and capitals, an ``.egg-info``, comments and
blank lines, metadata without a name. A fresh process that builds NumPy
never imports importlib.metadata, and finds what it would have found.
"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from polyarray import _metadata

GROUPS = ("polyarray.backends", "console_scripts", "pytest11", "polyarray.never_used")


def _both(group: str) -> tuple[list[_metadata.FoundEntryPoint], list[_metadata.FoundEntryPoint]]:
    return _metadata._read_entry_points(group), _metadata._reference_entry_points(group)


@pytest.mark.parametrize("group", GROUPS)
def test_entry_points_of_the_installed_environment_match_importlib_metadata(group):
    read, reference = _both(group)
    assert read == reference
    if group == "polyarray.backends":
        assert "numpy" in {found.name for found in read}


def test_versions_of_the_installed_environment_match_importlib_metadata():
    names = {dist.metadata["Name"] for dist in importlib.metadata.distributions()}
    assert {"numpy", "pluggy", "polyarray-numpy"} <= names
    for name in sorted(n for n in names if n):
        assert _metadata._read_version(name) == _metadata._reference_version(name), name
    for name in ("numpy", "NumPy", "polyarray_numpy", "polyarray.numpy", "no-such-distribution-here"):
        assert _metadata._read_version(name) == _metadata._reference_version(name), name


def _distribution(folder: Path, directory: str, metadata: str | None, entry_points: str | None) -> None:
    info = folder / directory
    info.mkdir(parents=True)
    if metadata is not None:
        (info / ("PKG-INFO" if directory.endswith(".egg-info") else "METADATA")).write_text(metadata)
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def made_sites(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _distribution(
        first,
        "Polyarray.Made_Here-1.0.dist-info",
        "Metadata-Version: 2.1\nName: Polyarray.Made_Here\nVersion: 1.0\n\nA body: Name: not a header\n",
        "# a comment\n\n[polyarray.backends]\nmade = made_module\n  spaced   =   spaced.module : attr  \n"
        "[console_scripts]\nmade-tool = made_module:main\n",
    )
    _distribution(
        first,
        "old_style-2.0.egg-info",
        "Metadata-Version: 1.1\nName: old-style\nVersion: 2.0\n",
        "[polyarray.backends]\nold = old_module\n",
    )
    _distribution(first, "nameless-0.1.dist-info", "Metadata-Version: 2.1\n", "[polyarray.backends]\nnameless = n\n")
    _distribution(first, "no_entry_points-3.0.dist-info", "Name: no-entry-points\nVersion: 3.0\n", None)
    # The same distribution again, later on sys.path (another version): importlib.metadata keeps the first.
    _distribution(
        second,
        "polyarray_made_here-9.9.dist-info",
        "Name: polyarray-made-here\nVersion: 9.9\n",
        "[polyarray.backends]\nmade = shadowed_module\n",
    )
    _distribution(second, "another-1.0.dist-info", "Name: another\nVersion: 1.0\n", "[polyarray.backends]\nz = z\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    return first, second


@pytest.mark.parametrize("group", GROUPS)
def test_entry_points_of_made_folders_match_importlib_metadata(made_sites, group):
    read, reference = _both(group)
    assert read == reference
    if group == "polyarray.backends":
        assert [(f.name, f.value, f.distribution_version) for f in read if f.name in ("made", "spaced")] == [
            ("made", "made_module", "1.0"),
            ("spaced", "spaced.module : attr", "1.0"),
        ]


def test_versions_of_made_folders_match_importlib_metadata(made_sites):
    for name in ("polyarray-made-here", "Polyarray.Made_Here", "old-style", "old_style", "nameless", "another", "x"):
        assert _metadata._read_version(name) == _metadata._reference_version(name), name
    assert _metadata._read_version("polyarray_made_here") == "1.0"


def test_what_is_not_plain_is_read_by_importlib_metadata(tmp_path, monkeypatch):
    from importlib.machinery import PathFinder

    # The standard finders alone (the importlib_metadata package, once imported, adds a finder of its own).
    standard = [f for f in sys.meta_path if f is PathFinder or getattr(f, "find_distributions", None) is None]
    monkeypatch.setattr(sys, "meta_path", standard)
    monkeypatch.delitem(sys.modules, "importlib.metadata")
    try:
        assert _metadata._plain()
        archive = tmp_path / "plugins.zip"
        with zipfile.ZipFile(archive, "w") as file:
            file.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        monkeypatch.setattr(sys, "path", [*sys.path, str(archive)])
        assert not _metadata._plain()
        monkeypatch.setattr(sys, "path", [*sys.path[:-1], str(tmp_path / "old.egg")])
        assert not _metadata._plain()
        monkeypatch.setattr(sys, "path", sys.path[:-1])

        class DistributionFinder:
            @staticmethod
            def find_distributions(context=None):
                return iter(())

        monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, DistributionFinder])
        assert not _metadata._plain()
    finally:
        sys.modules["importlib.metadata"] = importlib.metadata
    assert not _metadata._plain()  # imported: the reference costs nothing more


def test_building_numpy_leaves_importlib_metadata_unimported():
    code = (
        "import json, sys, numpy, polyarray as pa\n"
        "pa.get_backend('numpy')\n"
        "names, unimported = pa.available_backends(), 'importlib.metadata' not in sys.modules\n"
        "from polyarray import _discovery, _metadata\n"
        "found = [f.name for f in _metadata._reference_entry_points('polyarray.backends')]\n"
        "found = sorted({name for name in found if _discovery.name_problem(name) is None})\n"
        "version = pa.get_backend('numpy').framework_version\n"
        "print(json.dumps([unimported, names, found, version, numpy.__version__]))\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    unimported, names, reference, version, numpy_version = json.loads(output)
    assert unimported
    assert names == reference
    assert version == numpy_version
