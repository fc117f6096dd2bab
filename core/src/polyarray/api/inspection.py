"""The inspection namespace (array API standard 2024.12): ``pa.__array_namespace_info__()``."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from .. import _handler
from .._declare import standalone
from .._dtypes import DTYPES, DType
from .._errors import PolyarrayValueError
from .._promotion import DEFAULT_DTYPES
from .data_types import matches_kind

if TYPE_CHECKING:
    from .._backend import Backend

__all__ = ["__array_namespace_info__"]

#: The dtypes of the array API standard; ``Info.dtypes`` lists no others (``float16`` and
#: ``bfloat16`` are polyarray extensions, found in ``pa.get_backend().dtypes``).
_STANDARD_DTYPES = tuple(name for name in DTYPES if name not in ("float16", "bfloat16"))

#: Ranks up to which ``capabilities()["max dimensions"]`` is measured; a backend that
#: accepts this many dimensions is reported as unlimited (None).
_MAX_DIMENSIONS_PROBED = 128

_max_dimensions: weakref.WeakKeyDictionary[Backend, int | None] = weakref.WeakKeyDictionary()


def default_dtypes_of(backend: Backend) -> dict[str, DType]:
    """The default dtypes of a backend: those its creation functions give Python values.

    They are polyarray's defaults (``float64``, ``complex128``, ``int64``; the
    indexing dtype is the integer one), except where the backend lacks one:
    then its own default of that kind, the widest dtype of the kind it holds
    (JAX outside its 64-bit mode: ``float32``, ``complex64``, ``int32``).
    """
    own = backend.default_dtypes or DEFAULT_DTYPES
    return {kind: own[kind] for kind in ("real floating", "complex floating", "integral", "indexing")}


def _measure_max_dimensions(backend: Backend) -> int | None:
    zeros = getattr(backend.raw, "zeros", None)
    if zeros is None:
        return None

    def accepts(rank: int) -> bool:
        try:
            zeros((1,) * rank)
        except Exception:
            return False
        return True

    if not accepts(0) or accepts(_MAX_DIMENSIONS_PROBED):
        return None
    low, high = 0, _MAX_DIMENSIONS_PROBED  # accepts(low), not accepts(high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if accepts(middle) else (low, middle)
    return low


class Info:
    """What a backend supports: devices, dtypes and capabilities (array API inspection).

    Returned by :func:`__array_namespace_info__` for the backend current at
    that call; every method answers for that backend.
    """

    __slots__ = ("backend",)

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def __repr__(self) -> str:
        return f"<array namespace info of the {self.backend.name} backend>"

    def _check_device(self, device: str | None) -> None:
        if device is not None and device not in self.backend.info.devices:
            raise PolyarrayValueError(
                f"The {self.backend.name} backend has no device {device!r}; "
                f"it has {', '.join(map(repr, self.backend.info.devices))}."
            )

    def capabilities(self) -> dict[str, Any]:
        """``"boolean indexing"``, ``"data-dependent shapes"`` and ``"max dimensions"``.

        The first two describe eager execution, which every backend supports
        (both True). ``"max dimensions"`` is measured once per backend: the
        largest rank its ``zeros`` accepts, or None when it accepts
        128 dimensions or more (NumPy 2 allows 64, NumPy 1 allows 32).
        """
        if self.backend not in _max_dimensions:
            _max_dimensions[self.backend] = _measure_max_dimensions(self.backend)
        return {
            "boolean indexing": True,
            "data-dependent shapes": True,
            "max dimensions": _max_dimensions[self.backend],
        }

    def default_device(self) -> str:
        """The device arrays are created on when no ``device`` is given."""
        return self.backend.info.devices[0]

    def devices(self) -> list[str]:
        """The portable names of the backend's devices (``"cpu"``, ``"gpu:0"`` ...)."""
        return list(self.backend.info.devices)

    def default_dtypes(self, *, device: str | None = None) -> dict[str, DType]:
        """The default ``"real floating"``, ``"complex floating"``, ``"integral"`` and ``"indexing"`` dtypes."""
        self._check_device(device)
        return default_dtypes_of(self.backend)

    def dtypes(self, *, device: str | None = None, kind: str | tuple[str, ...] | None = None) -> dict[str, DType]:
        """The standard's dtypes the backend holds, by name, optionally only those of ``kind``.

        ``kind`` takes the kind names of ``pa.isdtype`` (``"bool"``,
        ``"signed integer"``, ``"unsigned integer"``, ``"integral"``,
        ``"real floating"``, ``"complex floating"``, ``"numeric"``) or a tuple of
        them. Only dtypes of the array API standard are listed, as it asks:
        ``float16`` and ``bfloat16`` are not, even where the backend holds them.
        """
        self._check_device(device)
        held = {d.name for d in self.backend.dtypes}
        return {
            name: DTYPES[name]
            for name in _STANDARD_DTYPES
            if name in held and (kind is None or matches_kind(DTYPES[name], kind))
        }


@standalone
def __array_namespace_info__() -> Info:
    """The inspection namespace of the current backend: devices, dtypes and capabilities.

    The returned object's methods are ``capabilities()``, ``default_device()``,
    ``default_dtypes(*, device=None)``, ``devices()`` and
    ``dtypes(*, device=None, kind=None)``; they answer for the backend that is
    current when this function is called. ``dtypes`` lists only the standard's
    dtypes, by name, filtered by ``kind`` as ``pa.isdtype`` does.

    >>> info = pa.__array_namespace_info__()
    >>> info.default_device(), info.devices()
    ('cpu', ['cpu'])
    >>> info.default_dtypes()["real floating"]
    pa.float64
    >>> info.dtypes(kind="signed integer")["int32"], info.dtypes(kind="bool")
    (pa.int32, {'bool': pa.bool})
    >>> info.capabilities()["boolean indexing"]
    True
    """
    return Info(_handler.current_backend())
