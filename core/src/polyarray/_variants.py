"""Version variants: ``fn_v_1p12_and_above``, ``fn_v_1p01_to_1p1``, ``fn_v_1p26_and_below``.

A plugin may implement one function several times for different releases of
its framework. The suffix names an inclusive range of releases: ``1p12`` is
1.12, ``2p1p3`` is 2.1.3, and a bound covers every release it is a prefix of
(``to_1p1`` includes 1.1.5). Only the release numbers count, so pre-releases,
dev builds and local versions (``2.3.0rc1``, ``2.5.0.dev0``, ``2.13.0+cpu``)
fall in the range of their release.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from packaging.version import InvalidVersion, Version

from ._errors import PluginValidationError, UnsupportedFrameworkVersionError

_Implementation = TypeVar("_Implementation")

__all__ = ["VersionRange", "parse_variant_name", "select_variant", "release_of"]

_VERSION = r"\d+(?:p\d+)*"
_SUFFIX = re.compile(
    rf"^(?P<base>.+?)_v_(?:(?P<above>{_VERSION})_and_above|(?P<below>{_VERSION})_and_below"
    rf"|(?P<low>{_VERSION})_to_(?P<high>{_VERSION}))$"
)


def _parse_release(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("p"))


def _next_prefix(release: tuple[int, ...]) -> tuple[int, ...]:
    return (*release[:-1], release[-1] + 1)


def _pad(release: tuple[int, ...], length: int) -> tuple[int, ...]:
    return release + (0,) * (length - len(release))


def _less(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    width = max(len(a), len(b))
    return _pad(a, width) < _pad(b, width)


@dataclass(frozen=True)
class VersionRange:
    """Releases ``low <= v < high`` (either bound may be open)."""

    low: tuple[int, ...] | None
    high: tuple[int, ...] | None
    text: str

    def __contains__(self, release: tuple[int, ...]) -> bool:
        if self.low is not None and _less(release, self.low):
            return False
        return self.high is None or _less(release, self.high)

    def overlaps(self, other: VersionRange) -> bool:
        lows = [r for r in (self.low, other.low) if r is not None]
        highs = [r for r in (self.high, other.high) if r is not None]
        if not lows or not highs:
            return True  # both ranges run to the same open end
        low = max(lows, key=lambda r: _pad(r, 8))
        high = min(highs, key=lambda r: _pad(r, 8))
        return _less(low, high)


def parse_variant_name(name: str) -> tuple[str, VersionRange] | None:
    """Split ``fn_v_1p12_and_above`` into ``("fn", range)``; None for a plain name.

    >>> from polyarray._variants import parse_variant_name
    >>> base, versions = parse_variant_name("unique_v_1p26_and_below")
    >>> base, (1, 26, 4) in versions, (2, 0) in versions
    ('unique', True, False)
    """
    match = _SUFFIX.match(name)
    if match is None:
        return None
    groups = match.groupdict()
    suffix = name[len(groups["base"]) + 3 :]
    if groups["above"]:
        versions = VersionRange(_parse_release(groups["above"]), None, suffix)
    elif groups["below"]:
        versions = VersionRange(None, _next_prefix(_parse_release(groups["below"])), suffix)
    else:
        low, high = _parse_release(groups["low"]), _parse_release(groups["high"])
        if _less(high, low):
            return None
        versions = VersionRange(low, _next_prefix(high), suffix)
    return groups["base"], versions


def release_of(version: str) -> tuple[int, ...]:
    """The release numbers of a version string, read with ``packaging.version``."""
    try:
        return Version(version).release
    except InvalidVersion:
        match = re.match(r"\d+(?:\.\d+)*", version)
        if match is None:
            raise
        return tuple(int(p) for p in match.group(0).split("."))


def select_variant(
    function: str,
    variants: list[tuple[VersionRange | None, _Implementation]],
    framework: str,
    version: str | None,
    plugin: str,
) -> _Implementation:
    """Pick the one implementation whose range holds ``version``.

    ``variants`` pairs each implementation with its range (None for a plain,
    unversioned implementation, which must then be the only one).
    """
    if len(variants) == 1 and variants[0][0] is None:
        return variants[0][1]
    if any(r is None for r, _ in variants):
        raise PluginValidationError(
            f"{plugin}: {function!r} has both a plain implementation and version variants; keep one or the other."
        )
    ranges = [r for r, _ in variants if r is not None]
    for i, first in enumerate(ranges):
        for second in ranges[i + 1 :]:
            if first.overlaps(second):
                raise PluginValidationError(
                    f"{plugin}: the version variants {function}_v_{first.text} and "
                    f"{function}_v_{second.text} of {function!r} overlap."
                )
    if version is None:
        raise PluginValidationError(
            f"{plugin}: {function!r} has version variants, but the plugin names no framework "
            f"whose version could choose between them."
        )
    release = release_of(version)
    for versions, implementation in variants:
        if versions is not None and release in versions:
            return implementation
    covered = ", ".join(f"{function}_v_{r.text}" for r in ranges)
    raise UnsupportedFrameworkVersionError(
        f"{plugin}: no version variant of {function!r} covers {framework} {version} "
        f"(variants: {covered}). Install a {framework} release that one of them covers, "
        f"or a {plugin} release that supports {framework} {version}."
    )
