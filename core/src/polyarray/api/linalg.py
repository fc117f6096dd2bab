"""The linear algebra extension, ``pa.linalg`` (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from ._types import ArrayLike
from ._wrappers import ARRAYS

#: Functions of the main namespace that the standard also places in ``linalg``.
MAIN_NAMESPACE_ALIASES = ("matmul", "matrix_transpose", "tensordot", "vecdot")

__all__ = ["det"]


@primary(wrappers=ARRAYS)
def det(x: ArrayLike, /) -> ArrayLike:
    """The determinant of a square matrix or a stack of them.

    >>> pa.linalg.det(pa.asarray([[2.0, 0.0], [0.0, 3.0]]))
    Array(6., backend=numpy, dtype=float64)
    """
