"""Array creation functions (array API standard 2024.12)."""

from __future__ import annotations

from .._declare import primary
from ._types import ArrayLike, Device, DTypeLike
from ._wrappers import CREATION

__all__ = ["asarray", "ones"]


@primary(wrappers=CREATION)
def asarray(
    obj: ArrayLike,
    /,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    copy: bool | None = None,
) -> ArrayLike:
    """An array from an array, a Python scalar or a nested sequence.

    ``copy=True`` always copies, ``copy=False`` never does (an error if a copy
    is needed), ``None`` copies only when needed.

    >>> pa.asarray([[1, 2], [3, 4]], dtype=pa.float32)
    Array([[1., 2.],
           [3., 4.]], backend=numpy, dtype=float32)
    """


@primary(wrappers=CREATION)
def ones(shape: int | tuple[int, ...], *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of ones.

    >>> pa.ones((2,), dtype=pa.int32)
    Array([1, 1], backend=numpy, dtype=int32)
    """
