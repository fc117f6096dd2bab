"""Set functions (array API standard 2024.12).

Uniqueness follows value equality: every NaN is a distinct value (with a count
of one), while ``-0.0`` and ``+0.0`` are one value. Inputs of several
dimensions are flattened (row-major). The order of the unique values is not
specified by the standard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .._declare import primary
from ._types import ArrayLike
from ._wrappers import SEARCH

if TYPE_CHECKING:
    from .._array import Array

__all__ = [
    "UniqueAllResult",
    "UniqueCountsResult",
    "UniqueInverseResult",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
]


class UniqueAllResult(NamedTuple):
    """The result of :func:`unique_all`."""

    #: The unique values (1-d, the dtype of ``x``).
    values: Array
    #: The index of the first occurrence of each value in the flattened ``x``.
    indices: Array
    #: The indices into ``values`` that rebuild ``x`` (the shape of ``x``).
    inverse_indices: Array
    #: How often each value occurs.
    counts: Array


class UniqueCountsResult(NamedTuple):
    """The result of :func:`unique_counts`."""

    #: The unique values (1-d, the dtype of ``x``).
    values: Array
    #: How often each value occurs.
    counts: Array


class UniqueInverseResult(NamedTuple):
    """The result of :func:`unique_inverse`."""

    #: The unique values (1-d, the dtype of ``x``).
    values: Array
    #: The indices into ``values`` that rebuild ``x`` (the shape of ``x``).
    inverse_indices: Array


@primary(wrappers=SEARCH, result=UniqueAllResult)
def unique_all(x: ArrayLike, /) -> UniqueAllResult:
    """The unique values of ``x`` with their first indices, the inverse indices and the counts.

    Returns ``UniqueAllResult(values, indices, inverse_indices, counts)``:
    ``values`` is 1-d with the dtype of ``x``; ``indices`` (first occurrences
    in the flattened ``x``) and ``counts`` match ``values``; ``inverse_indices``
    has the shape of ``x``, so ``take(values, reshape(inverse_indices, (-1,)))``
    rebuilds it. Index arrays have the default index dtype (``int64``). Each NaN
    is its own value.

    >>> r = pa.unique_all(pa.asarray([[3, 1], [3, 2]]))
    >>> r.values, r.counts
    (Array([1, 2, 3], backend=numpy, dtype=int64), Array([1, 1, 2], backend=numpy, dtype=int64))
    >>> r.inverse_indices
    Array([[2, 0],
           [2, 1]], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH, result=UniqueCountsResult)
def unique_counts(x: ArrayLike, /) -> UniqueCountsResult:
    """The unique values of ``x`` and how often each occurs: ``UniqueCountsResult(values, counts)``.

    ``counts`` matches ``values`` and has the default index dtype (``int64``);
    each NaN is its own value with a count of one.

    >>> values, counts = pa.unique_counts(pa.asarray([1.0, float("nan"), 1.0, float("nan")]))
    >>> values
    Array([ 1., nan, nan], backend=numpy, dtype=float64)
    >>> counts
    Array([2, 1, 1], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH, result=UniqueInverseResult)
def unique_inverse(x: ArrayLike, /) -> UniqueInverseResult:
    """The unique values of ``x`` and the indices that rebuild ``x`` from them.

    Returns ``UniqueInverseResult(values, inverse_indices)``;
    ``inverse_indices`` has the shape of ``x`` and the default index dtype
    (``int64``).

    >>> r = pa.unique_inverse(pa.asarray([5, 3, 5]))
    >>> r.values, r.inverse_indices
    (Array([3, 5], backend=numpy, dtype=int64), Array([1, 0, 1], backend=numpy, dtype=int64))
    """


@primary(wrappers=SEARCH)
def unique_values(x: ArrayLike, /) -> ArrayLike:
    """The unique values of ``x``, as a 1-d array of the dtype of ``x`` (each NaN is its own value).

    The order of the values is unspecified (it may differ between backends and
    framework versions); sort them when the order matters.

    >>> pa.sort(pa.unique_values(pa.asarray([[2, 1], [2, 3]])))
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """
