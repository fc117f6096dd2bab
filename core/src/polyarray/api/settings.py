"""Process-wide settings."""

from __future__ import annotations

from .. import _config
from .._declare import standalone

__all__ = ["set_array_mode", "array_mode"]


@standalone
def set_array_mode(flag: bool) -> None:
    """Return ``pa.Array`` from every function (True, the default) or native arrays (False).

    >>> pa.set_array_mode(False)
    >>> type(pa.ones(2)).__name__
    'ndarray'
    >>> pa.set_array_mode(True)
    >>> type(pa.ones(2)).__name__
    'Array'
    """
    _config.array_mode = bool(flag)


@standalone
def array_mode() -> bool:
    """Whether functions return ``pa.Array`` (see :func:`set_array_mode`).

    >>> pa.array_mode()
    True
    """
    return _config.array_mode
