"""Element-wise functions (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from ._types import ArrayLike
from ._wrappers import ARRAYS

__all__ = ["add", "exp"]


@primary(wrappers=ARRAYS)
def add(x1: ArrayLike, x2: ArrayLike, /) -> ArrayLike:
    """Add ``x1`` and ``x2`` element-wise.

    >>> pa.add(pa.asarray([1, 2]), 3)
    Array([4, 5], backend=numpy, dtype=int64)
    """


@primary(wrappers=ARRAYS)
def exp(x: ArrayLike, /) -> ArrayLike:
    """The exponential of each element.

    >>> pa.exp(pa.asarray([0.0, 1.0]))
    Array([1.        , 2.71828183], backend=numpy, dtype=float64)
    """
