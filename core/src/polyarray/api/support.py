"""Support hooks: what the core needs from every backend besides the public API.

These are hookspecs like the public functions, but are not exported as
``pa.*``; the core calls them through ``Backend.raw``.
"""

from __future__ import annotations

from typing import Any

from .._declare import support
from ._types import ArrayLike

__all__: list[str] = []


@support
def native_dtype(name: str, /) -> Any:
    """The framework's dtype object for a portable dtype name, or None when it has none.

    >>> pa.get_backend("numpy").raw.native_dtype("float32")
    dtype('float32')
    """


@support
def device_of(x: ArrayLike, /) -> str:
    """The portable device name (``"cpu"``, ``"gpu:0"`` …) of a native array.

    >>> pa.get_backend("numpy").raw.device_of(pa.to_native(pa.ones(2)))
    'cpu'
    """
