"""Indexing functions (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import MANIPULATION

__all__ = ["take", "take_along_axis"]


@primary(wrappers=MANIPULATION, check=_checks.all_of(_checks.integer_indices, _checks.axis_for_many_dimensions))
def take(x: ArrayLike, indices: ArrayLike, /, *, axis: int | None = None) -> ArrayLike:
    """The elements of ``x`` at the 1-d integer ``indices`` along ``axis``.

    Negative indices count from the end of the axis. ``axis`` may be left out
    only when ``x`` is 1-d (or 0-d); for more dimensions it is required (an
    error that is also a ``ValueError`` otherwise). The result has the dtype of
    ``x`` and its shape, except that ``axis`` has ``len(indices)`` elements.
    Out-of-bounds indices raise an error that is also an ``IndexError``.

    >>> pa.take(pa.asarray([[1, 2], [3, 4]]), pa.asarray([1, -2]), axis=1)
    Array([[2, 1],
           [4, 3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION, check=_checks.integer_indices)
def take_along_axis(x: ArrayLike, indices: ArrayLike, /, *, axis: int = -1) -> ArrayLike:
    """Pick elements of ``x`` along ``axis`` at ``indices``, an integer array of the same rank.

    The other axes broadcast between ``x`` and ``indices``; along ``axis`` the
    result has the size of ``indices``. Negative indices count from the end.
    The result has the dtype of ``x``.

    >>> x = pa.asarray([[10, 30, 20], [60, 40, 50]])
    >>> pa.take_along_axis(x, pa.asarray([[0], [2]]), axis=1)
    Array([[10],
           [50]], backend=numpy, dtype=int64)
    """
