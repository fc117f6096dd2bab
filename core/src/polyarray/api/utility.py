"""Utility functions (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import REDUCTION

__all__ = ["all", "any", "diff"]


@primary(wrappers=REDUCTION)
def all(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """Whether every element along ``axis`` (of the whole array when ``None``) is true.

    Non-zero numbers, NaN and infinities count as true, and complex numbers with
    a non-zero component. An empty reduction is ``True``. The result has dtype
    ``bool``.

    >>> pa.all(pa.asarray([[1.0, float("nan")], [0.0, 2.0]]), axis=1)
    Array([ True, False], backend=numpy, dtype=bool)
    """


@primary(wrappers=REDUCTION)
def any(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """Whether at least one element along ``axis`` (of the whole array when ``None``) is true.

    Non-zero numbers, NaN and infinities count as true, and complex numbers with
    a non-zero component. An empty reduction is ``False``. The result has dtype
    ``bool``.

    >>> pa.any(pa.asarray([[0, 0], [0, 3]]), axis=1, keepdims=True)
    Array([[False],
           [ True]], backend=numpy, dtype=bool)
    """


@primary(wrappers=REDUCTION, check=_checks.one_dimension_or_more)
def diff(
    x: ArrayLike,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> ArrayLike:
    """The ``n``-th forward difference ``out[i] = x[i+1] - x[i]`` along ``axis``, applied ``n`` times.

    ``prepend`` and ``append`` are joined to ``x`` along ``axis`` first (the
    same shape as ``x`` on the other axes). Along ``axis`` the result has
    ``M + N1 + N2 - n`` elements. The dtype of ``x`` is kept. A 0-d ``x``
    raises an error.

    >>> pa.diff(pa.asarray([1, 4, 9, 16]))
    Array([3, 5, 7], backend=numpy, dtype=int64)
    >>> pa.diff(pa.asarray([1, 4, 9, 16]), n=2, prepend=pa.asarray([0]))
    Array([2, 2, 2], backend=numpy, dtype=int64)
    """
