"""Sorting functions (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from ._types import ArrayLike
from ._wrappers import SEARCH

__all__ = ["argsort", "sort"]


@primary(wrappers=SEARCH)
def argsort(x: ArrayLike, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> ArrayLike:
    """The indices that sort ``x`` along ``axis`` (ascending unless ``descending``).

    With ``stable=True`` equal elements keep their relative order, in
    descending order too. NaNs sort after every other value in ascending order
    and before them in descending order. The result has the shape of ``x`` and
    the default index dtype (``int64``); a 0-d ``x`` has no axis to sort along
    and raises an error.

    >>> pa.argsort(pa.asarray([3, 1, 2, 1]), descending=True)
    Array([0, 2, 1, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH)
def sort(x: ArrayLike, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> ArrayLike:
    """A sorted copy of ``x`` along ``axis`` (ascending unless ``descending``), of the same dtype and shape.

    NaNs sort after every other value in ascending order and before them in
    descending order. A 0-d ``x`` raises an error.

    >>> pa.sort(pa.asarray([3.0, float("nan"), 1.0]), descending=True)
    Array([nan,  3.,  1.], backend=numpy, dtype=float64)
    """
