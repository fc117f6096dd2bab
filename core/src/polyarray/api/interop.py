"""Moving values in and out of polyarray: native arrays and NumPy."""

from __future__ import annotations

from typing import Any

from .._array import Array as _Array
from .._declare import primary, standalone
from ._types import ArrayLike
from ._wrappers import ARRAYS_IN

__all__ = ["to_native", "to_numpy"]


@standalone
def to_native(x: Any, /) -> Any:
    """The native array inside a ``pa.Array`` (anything else is returned as it is).

    Lists, tuples and dicts are converted item by item.

    >>> type(pa.to_native(pa.ones(2))).__name__
    'ndarray'
    """
    if type(x) is _Array:
        return x.data
    if isinstance(x, (list, tuple)):
        items = [to_native(v) for v in x]
        return type(x)(*items) if hasattr(x, "_fields") else type(x)(items)
    if isinstance(x, dict):
        return {k: to_native(v) for k, v in x.items()}
    return x


@primary(wrappers=ARRAYS_IN)
def to_numpy(x: ArrayLike, /) -> Any:
    """A NumPy array with the values of ``x`` (copied only when the framework must).

    >>> pa.to_numpy(pa.asarray([1, 2]))
    array([1, 2])
    """
