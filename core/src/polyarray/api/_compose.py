"""Helpers shared by the core's compositions (native arrays in, native arrays out).

A composition receives the backend's raw namespace ``xp``; these helpers read
what the composition needs to know about it (its name for messages, this
context's default dtypes on it) without calling any public, wrapped function.
"""

from __future__ import annotations

import numbers
from typing import Any

from .. import _dtypes

__all__ = ["backend_name", "default_dtype", "dtype_name", "held_dtypes", "python_real"]


def backend_name(xp: Any) -> str:
    """The name of the backend whose raw namespace is ``xp``, for messages."""
    return getattr(xp, "__name__", "").split(".")[0]


def dtype_name(native_dtype: object) -> str:
    """The portable name of a native dtype, for messages."""
    return _dtypes.dtype_name_of(native_dtype) or str(native_dtype)


def held_dtypes(xp: Any) -> set[str]:
    """The portable names of the dtypes the backend of ``xp`` holds."""
    return {name for name in _dtypes.DTYPES if xp.native_dtype(name) is not None}


def default_dtype(xp: Any, kind: str) -> Any:
    """The native dtype of this context's default of ``kind`` (``"real floating"``, ``"integral"``, ``"indexing"`` …).

    The same default that ``pa.asarray(1.0)`` and ``pa.result_type`` use on
    this backend: polyarray's (``float64``, ``int64``, unless changed with
    ``pa.set_default_dtype``), or the backend's own widest where it lacks it
    (JAX outside its 64-bit mode).
    """
    name = _dtypes.defaults_on(_dtypes.own_defaults(held_dtypes(xp)))[kind].name
    return xp.native_dtype(name)


def python_real(value: Any) -> float | None:
    """``value`` as a Python float when it is a real number (not a bool, string or complex); else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    return float(value)
