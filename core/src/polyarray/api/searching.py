"""Searching functions (array API standard 2024.12)."""

from __future__ import annotations

from typing import Literal

from .._declare import primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import REDUCTION, SEARCH

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


@primary(wrappers=REDUCTION)
def argmax(x: ArrayLike, /, *, axis: int | None = None, keepdims: bool = False) -> ArrayLike:
    """The index of the largest value along ``axis`` (of the flattened array when ``None``).

    When the largest value occurs several times, the first index is returned;
    the first NaN counts as the largest value. The result has the default index
    dtype (``int64``). An empty reduction raises an error that is also a
    ``ValueError``.

    >>> pa.argmax(pa.asarray([[1, 5, 5], [7, 0, 2]]), axis=1)
    Array([1, 0], backend=numpy, dtype=int64)
    """


@primary(wrappers=REDUCTION)
def argmin(x: ArrayLike, /, *, axis: int | None = None, keepdims: bool = False) -> ArrayLike:
    """The index of the smallest value along ``axis`` (of the flattened array when ``None``).

    When the smallest value occurs several times, the first index is returned;
    the first NaN counts as the smallest value. The result has the default index
    dtype (``int64``). An empty reduction raises an error that is also a
    ``ValueError``.

    >>> int(pa.argmin(pa.asarray([3.0, 1.0, 1.0])))
    1
    """


@primary(wrappers=REDUCTION)
def count_nonzero(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """The number of non-zero elements along ``axis`` (of the whole array when ``None``).

    ``True`` and complex numbers with a non-zero component count as non-zero,
    and so does NaN. The result is an array (0-d for a full reduction) of the
    default index dtype (``int64``).

    >>> pa.count_nonzero(pa.asarray([[0, 1, 2], [0, 0, 3]]), axis=1)
    Array([2, 1], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH, check=_checks.one_dimension_or_more)
def nonzero(x: ArrayLike, /) -> tuple[ArrayLike, ...]:
    """The indices of the non-zero elements of ``x``: a tuple of one index array per axis.

    The indices are in row-major (C) order and have the default index dtype
    (``int64``). A 0-d ``x`` raises an error that is also a ``ValueError``.

    >>> pa.nonzero(pa.asarray([[0, 1], [2, 0]]))
    (Array([0, 1], backend=numpy, dtype=int64), Array([1, 0], backend=numpy, dtype=int64))
    """


@primary(wrappers=SEARCH, check=_checks.sorted_1d)
def searchsorted(
    x1: ArrayLike,
    x2: ArrayLike,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: ArrayLike | None = None,
) -> ArrayLike:
    """Where to insert the values ``x2`` into the sorted 1-d ``x1`` to keep it sorted.

    With ``side="left"`` each index ``i`` satisfies ``x1[i-1] < v <= x1[i]``,
    with ``"right"`` ``x1[i-1] <= v < x1[i]``. ``sorter`` is an optional array
    of indices that sorts ``x1``. NaNs sort last, as in :func:`sort`. The
    result has the shape of ``x2`` and the default index dtype (``int64``).

    >>> pa.searchsorted(pa.asarray([1, 2, 2, 3]), pa.asarray([2, 4]), side="right")
    Array([3, 4], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH)
def where(
    condition: ArrayLike,
    x1: ArrayLike | int | float | complex | bool,
    x2: ArrayLike | int | float | complex | bool,
    /,
) -> ArrayLike:
    """Elements of ``x1`` where ``condition`` is true and of ``x2`` elsewhere (all three broadcast).

    The dtype follows the standard's type promotion of ``x1`` and ``x2``; a
    Python scalar takes the dtype of the other (array) argument, as in the
    standard's rules for mixing scalars and arrays.

    >>> pa.where(pa.asarray([True, False, True]), pa.asarray([1, 2, 3], dtype=pa.int8), 0)
    Array([1, 0, 3], backend=numpy, dtype=int8)
    """
