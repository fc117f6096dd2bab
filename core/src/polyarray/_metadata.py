"""Installed distributions' entry points and versions, read as ``importlib.metadata`` reads them.

``importlib.metadata`` is the reference, and what is used wherever it is
imported already (PyTorch, JAX and TensorFlow import it). Importing it
costs more than the rest of polyarray (about 20 ms, most of it the ``email``
package), so a process that has not imported it, on a plain installation,
reads the metadata here instead: every distribution is a ``.dist-info`` or
``.egg-info`` folder in a folder on ``sys.path``, found by the standard path
finder alone. Anything else (a zip file or an ``.egg`` on ``sys.path``,
another finder of distributions in ``sys.meta_path``) is read by the
reference. ``tests/test_discovery.py`` compares the two on the installed
environment and on folders made to differ.

The reading follows ``importlib.metadata``'s: the folders of ``sys.path`` in
order, each folder's metadata folders grouped by normalized name in the
order listed; a distribution of a name already found is skipped; an
``entry_points.txt`` line ``name = value`` under ``[group]``; the ``Name``
and ``Version`` headers of ``METADATA`` (``PKG-INFO`` in an ``.egg-info``).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass

__all__ = ["FoundEntryPoint", "entry_points", "version"]

_METADATA_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class FoundEntryPoint:
    """One entry point of an installed distribution."""

    name: str
    #: What it loads: ``module`` or ``module:attribute``, as written.
    value: str
    #: The distribution's name and version (its metadata's ``Name`` and ``Version``); None where not given.
    distribution: str | None
    distribution_version: str | None


def entry_points(group: str) -> list[FoundEntryPoint]:
    """The entry points of ``group`` of every installed distribution, in ``importlib.metadata``'s order.

    >>> any(found.name == "numpy" for found in entry_points("polyarray.backends"))
    True
    """
    return _read_entry_points(group) if _plain() else _reference_entry_points(group)


def _read_entry_points(group: str) -> list[FoundEntryPoint]:
    found = []
    for folder in _unique(_metadata_folders()):
        entries = _entry_points_of(folder, group)
        if entries:
            distribution, distribution_version = _name_and_version(folder)
            found += [FoundEntryPoint(name, value, distribution, distribution_version) for name, value in entries]
    return found


def version(distribution: str) -> str | None:
    """The installed version of ``distribution``; None where it is not installed.

    >>> version("numpy") is not None
    True
    """
    return _read_version(distribution) if _plain() else _reference_version(distribution)


def _reference_version(distribution: str) -> str | None:
    import importlib.metadata

    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None
    except KeyError:  # metadata without a Version, as read through the importlib_metadata package's finder
        return None


def _read_version(distribution: str) -> str | None:
    wanted = _normalized(distribution)
    for folder in _metadata_folders():
        if _normalized(_stem_name(folder)) == wanted:
            return _name_and_version(folder)[1]
    return None


def _plain() -> bool:
    """Whether the metadata is read here (see the module docstring)."""
    if "importlib.metadata" in sys.modules:
        return False
    from importlib.machinery import PathFinder

    if any(
        getattr(finder, "find_distributions", None) is not None for finder in sys.meta_path if finder is not PathFinder
    ):
        return False
    for entry in sys.path:
        if not isinstance(entry, str) or entry.lower().endswith(".egg") or os.path.isfile(entry or "."):
            return False
    return True


def _reference_entry_points(group: str) -> list[FoundEntryPoint]:
    import importlib.metadata

    found = []
    for entry in importlib.metadata.entry_points(group=group):
        distribution = distribution_version = None
        if entry.dist is not None:
            try:
                distribution = entry.dist.name
                distribution_version = entry.dist.version
            except Exception:
                pass
        found.append(FoundEntryPoint(entry.name, entry.value, distribution, distribution_version))
    return found


def _normalized(name: str | None) -> str | None:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_") if name is not None else None


def _stem_name(folder: str) -> str:
    return os.path.basename(folder).lower().rpartition(".")[0].partition("-")[0]


def _metadata_folders() -> list[str]:
    """Every metadata folder on ``sys.path``: each folder's grouped by normalized name, as listed."""
    folders: list[str] = []
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except OSError:
            continue
        groups: dict[str | None, list[str]] = {}
        for child in children:
            if child.lower().endswith(_METADATA_SUFFIXES):
                groups.setdefault(_normalized(_stem_name(child)), []).append(os.path.join(entry, child))
        for group in groups.values():
            folders.extend(group)
    return folders


def _unique(folders: list[str]) -> list[str]:
    """The first folder of each distribution (by its name, normalized, as the folder's name gives it)."""
    seen: set[str | None] = set()
    unique = []
    for folder in folders:
        exact = folder.endswith(_METADATA_SUFFIXES)  # a suffix in other cases: the metadata names it
        name = _normalized(_stem_name(folder) if exact else _name_and_version(folder)[0])
        if name not in seen:
            seen.add(name)
            unique.append(folder)
    return unique


def _read(folder: str, filename: str) -> str | None:
    try:
        with open(os.path.join(folder, filename), encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError):
        return None


def _entry_points_of(folder: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines under ``[group]`` of the folder's ``entry_points.txt``."""
    text = _read(folder, "entry_points.txt")
    if not text:
        return []
    found, section = [], None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found


def _name_and_version(folder: str) -> tuple[str | None, str | None]:
    """The first ``Name:`` and ``Version:`` headers of the folder's metadata file (``METADATA``, else
    ``PKG-INFO``)."""
    text = _read(folder, "METADATA") or _read(folder, "PKG-INFO") or ""
    headers: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon:
            headers.setdefault(key.strip().lower(), value.strip())
    return headers.get("name"), headers.get("version")
