"""Linear algebra functions of the main namespace (array API standard 2024.12).

The standard's ``linalg`` extension re-exports these four as ``pa.linalg.*``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._declare import primary
from ._types import ArrayLike
from ._wrappers import ARRAYS

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


@primary(wrappers=ARRAYS)
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> ArrayLike:
    """The matrix product of ``x1`` and ``x2`` (stacks broadcast; 1-d operands act as vectors).

    >>> pa.matmul(pa.asarray([[1, 2], [3, 4]]), pa.asarray([1, 1]))
    Array([3, 7], backend=numpy, dtype=int64)
    """


@primary(wrappers=ARRAYS)
def matrix_transpose(x: ArrayLike, /) -> ArrayLike:
    """Swap the last two axes of ``x`` (a matrix or a stack of matrices).

    >>> pa.matrix_transpose(pa.asarray([[1, 2, 3]]))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=ARRAYS)
def tensordot(x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> ArrayLike:
    """Contract ``x1`` and ``x2`` over ``axes`` (the last ``axes`` of x1 with the first of x2, or two lists).

    >>> pa.tensordot(pa.asarray([[1, 2], [3, 4]]), pa.asarray([[1, 0], [0, 1]]), axes=2)
    Array(5, backend=numpy, dtype=int64)
    """


@primary(wrappers=ARRAYS)
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> ArrayLike:
    """The dot product of vectors along ``axis`` (the first vector conjugated when complex).

    >>> pa.vecdot(pa.asarray([1, 2, 3]), pa.asarray([4, 5, 6]))
    Array(32, backend=numpy, dtype=int64)
    """
