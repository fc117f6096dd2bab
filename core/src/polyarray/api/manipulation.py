"""Manipulation functions (array API standard 2024.12)."""

from __future__ import annotations

from collections.abc import Sequence

from .._declare import primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import MANIPULATION, VIEW

__all__ = [
    "broadcast_arrays",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "squeeze",
    "stack",
    "tile",
    "unstack",
]


@primary(wrappers=VIEW)
def broadcast_arrays(*arrays: ArrayLike) -> list[ArrayLike]:
    """Broadcast any number of arrays against one another.

    Returns a list of arrays that all have the broadcast shape; each keeps the
    dtype of its input. Shapes that do not broadcast raise an error.

    >>> pa.broadcast_arrays(pa.asarray([1, 2]), pa.asarray([[3], [4]]))
    [Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64), Array([[3, 3],
           [4, 4]], backend=numpy, dtype=int64)]
    """


@primary(wrappers=VIEW)
def broadcast_to(x: ArrayLike, /, shape: tuple[int, ...]) -> ArrayLike:
    """Broadcast ``x`` to ``shape`` (same dtype; an error if ``x`` cannot broadcast to it).

    The result may share memory with ``x``: treat it as read-only.

    >>> pa.broadcast_to(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=(*MANIPULATION, "infer_dtype"), check=_checks.arrays_to_join)
def concat(arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...], /, *, axis: int | None = 0) -> ArrayLike:
    """Join arrays along an existing axis (``axis=None`` flattens them first).

    The arrays must have the same shape except along ``axis``; their dtypes are
    promoted with the standard's type promotion rules (no value-based casting).

    >>> pa.concat([pa.asarray([1, 2]), pa.asarray([3])])
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def expand_dims(x: ArrayLike, /, axis: int = 0) -> ArrayLike:
    """Insert an axis of size one at position ``axis`` (on ``[-N-1, N]`` for an ``N``-d ``x``).

    A negative ``axis`` counts from the end of the result, so ``-1`` appends a
    dimension. An invalid ``axis`` raises an error that is also an ``IndexError``.

    >>> pa.expand_dims(pa.asarray([1, 2]), axis=-1)
    Array([[1],
           [2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def flip(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None) -> ArrayLike:
    """Reverse the order of the elements along ``axis`` (every axis when ``None``); the shape is kept.

    >>> pa.flip(pa.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[2, 1],
           [4, 3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def moveaxis(x: ArrayLike, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> ArrayLike:
    """Move the axes ``source`` to the positions ``destination``; the other axes keep their order.

    >>> pa.moveaxis(pa.ones((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """


@primary(wrappers=VIEW)
def permute_dims(x: ArrayLike, /, axes: tuple[int, ...]) -> ArrayLike:
    """Permute the axes of ``x``: ``axes`` is a permutation of ``(0, 1, ..., N-1)``.

    >>> pa.permute_dims(pa.asarray([[1, 2, 3]]), (1, 0))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION)
def repeat(x: ArrayLike, repeats: int | ArrayLike, /, *, axis: int | None = None) -> ArrayLike:
    """Repeat each element of ``x`` ``repeats`` times (an int, or an integer array of one count per element).

    With ``axis=None`` the result is the repeated, flattened (row-major) ``x``;
    otherwise elements are repeated along ``axis``. The dtype of ``x`` is kept.

    >>> pa.repeat(pa.asarray([1, 2]), pa.asarray([2, 3]))
    Array([1, 1, 2, 2, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def reshape(x: ArrayLike, /, shape: tuple[int, ...], *, copy: bool | None = None) -> ArrayLike:
    """Give ``x`` a new shape with the same elements (one dimension may be ``-1``, inferred).

    ``copy=True`` always copies, ``copy=False`` never does (an error that is
    also a ``ValueError`` when a copy would be needed), ``None`` copies only
    when needed.

    >>> pa.reshape(pa.asarray([1, 2, 3, 4]), (2, -1))
    Array([[1, 2],
           [3, 4]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION)
def roll(x: ArrayLike, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None) -> ArrayLike:
    """Shift elements along ``axis``; those that roll off one end come back at the other.

    With ``axis=None`` the array is flattened, shifted and given its shape
    back. A tuple ``shift`` needs a tuple ``axis`` of the same length.

    >>> pa.roll(pa.asarray([1, 2, 3, 4]), 1)
    Array([4, 1, 2, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def squeeze(x: ArrayLike, /, axis: int | tuple[int, ...]) -> ArrayLike:
    """Remove the singleton axes ``axis``; an axis of size other than one raises a ``ValueError``.

    >>> pa.squeeze(pa.asarray([[1, 2]]), 0)
    Array([1, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=(*MANIPULATION, "infer_dtype"), check=_checks.arrays_to_join)
def stack(arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...], /, *, axis: int = 0) -> ArrayLike:
    """Join arrays of the same shape along a new axis, at position ``axis`` of the result.

    Dtypes are promoted with the standard's type promotion rules.

    >>> pa.stack([pa.asarray([1, 2]), pa.asarray([3, 4])], axis=1)
    Array([[1, 3],
           [2, 4]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION)
def tile(x: ArrayLike, repetitions: tuple[int, ...], /) -> ArrayLike:
    """Build an array by repeating ``x`` ``repetitions[i]`` times along each axis ``i``.

    When ``x`` has fewer axes than ``repetitions`` has entries, singleton axes
    are prepended to ``x``; when it has more, ones are prepended to
    ``repetitions``. The result has ``max(x.ndim, len(repetitions))`` axes.

    >>> pa.tile(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW, check=_checks.one_dimension_or_more)
def unstack(x: ArrayLike, /, *, axis: int = 0) -> tuple[ArrayLike, ...]:
    """Split ``x`` along ``axis`` into a tuple of arrays of one dimension fewer.

    A 0-d ``x`` has no axis to split and raises an error.

    >>> pa.unstack(pa.asarray([[1, 2], [3, 4]]), axis=1)
    (Array([1, 3], backend=numpy, dtype=int64), Array([2, 4], backend=numpy, dtype=int64))
    """
