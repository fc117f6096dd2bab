"""Utility functions (array API standard 2024.12)."""

from __future__ import annotations

from typing import Any

from .._declare import compositional, primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import OPERANDS, REDUCTION
from .elementwise import _close

__all__ = ["all", "allclose", "any", "diff"]


@primary(wrappers=REDUCTION)
def all(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """Whether every element along ``axis`` (of the whole array when ``None``) is true.

    Non-zero numbers, NaN and infinities count as true, and complex numbers with
    a non-zero component. An empty reduction is ``True``. The result has dtype
    ``bool``.

    >>> pa.all(pa.asarray([[1.0, float("nan")], [0.0, 2.0]]), axis=1)
    Array([ True, False], backend=numpy, dtype=bool)
    """


@compositional(wrappers=OPERANDS)
def allclose(
    xp: Any,
    x1: ArrayLike | int | float | complex | bool,
    x2: ArrayLike | int | float | complex | bool,
    /,
    *,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> ArrayLike:
    """Whether every element of ``x1`` is close to the matching one of ``x2``: ``all(isclose(x1, x2, ...))``.

    The tolerances, the promotion and the treatment of NaN and infinities are
    those of :func:`isclose`; arrays of no elements are all close. The
    result is a 0-d boolean array (NumPy returns a Python ``bool``; the array
    works wherever a bool does: ``if``, ``assert``, ``bool()``, and keeps a
    traced or lazy computation unevaluated).

    >>> pa.allclose(pa.asarray([1e10, 1e-8]), pa.asarray([1.00001e10, 1e-9]))
    Array(True, backend=numpy, dtype=bool)
    >>> bool(pa.allclose(pa.asarray([1.0, float("nan")]), pa.asarray([1.0, float("nan")])))
    False
    """
    return xp.all(_close(xp, x1, x2, rtol, atol, equal_nan, "allclose"))


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
