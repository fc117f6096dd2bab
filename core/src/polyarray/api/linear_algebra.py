"""Linear algebra functions of the main namespace (array API standard 2024.12).

The standard's ``linalg`` extension re-exports these four as ``pa.linalg.*``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._declare import primary
from . import _checks
from ._types import ArrayLike
from ._wrappers import LINALG, VIEW

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


@primary(wrappers=LINALG)
def matmul(x1: ArrayLike, x2: ArrayLike, /) -> ArrayLike:
    """The matrix product of ``x1`` and ``x2``, as the ``@`` operator computes it.

    Both operands need at least one dimension. A 1-d ``x1`` acts as a row
    vector and a 1-d ``x2`` as a column vector (the added axis is removed
    from the result); the stack dimensions ``shape[:-2]`` broadcast. Neither
    operand is conjugated. The result dtype follows type promotion; a
    mismatch of the contracted sizes raises ``pa.PolyarrayValueError``.

    >>> pa.matmul(pa.asarray([[1, 2], [3, 4]]), pa.asarray([1, 1]))
    Array([3, 7], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW, check=_checks.matrices)
def matrix_transpose(x: ArrayLike, /) -> ArrayLike:
    """Swap the last two axes of ``x`` (a matrix or a stack of matrices).

    ``x`` needs at least two dimensions; the result has shape ``(..., N, M)``
    and the dtype of ``x``. No complex conjugation takes place.

    >>> pa.matrix_transpose(pa.asarray([[1, 2, 3]]))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=LINALG, check=_checks.tensordot_axes)
def tensordot(x1: ArrayLike, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> ArrayLike:
    """Contract ``x1`` and ``x2`` over ``axes``: the generalized matrix product.

    An integer ``axes=N`` (non-negative) contracts the last ``N`` axes of
    ``x1`` with the first ``N`` axes of ``x2`` (``0`` is the outer product);
    a pair of sequences names the axes of each operand (negative indices
    count from the end). Contracted sizes must match: they are not
    broadcast. The result has the remaining axes of ``x1`` followed by those
    of ``x2`` and the promoted dtype; nothing is conjugated.

    >>> pa.tensordot(pa.asarray([[1, 2], [3, 4]]), pa.asarray([[1, 0], [0, 1]]), axes=2)
    Array(5, backend=numpy, dtype=int64)
    >>> pa.tensordot(pa.asarray([1, 2]), pa.asarray([3, 4]), axes=([0], [-1]))
    Array(11, backend=numpy, dtype=int64)
    """


@primary(wrappers=LINALG, check=_checks.vecdot_operands)
def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> ArrayLike:
    """The dot product of vectors along ``axis``, the first vector conjugated when complex.

    ``axis`` (a negative integer by the standard) names the vector axis of
    both operands; its sizes must be equal (it is not broadcast), while the
    other axes broadcast. The result drops that axis and has the promoted
    dtype.

    >>> pa.vecdot(pa.asarray([1, 2, 3]), pa.asarray([4, 5, 6]))
    Array(32, backend=numpy, dtype=int64)
    >>> pa.vecdot(pa.asarray([1j, 2]), pa.asarray([1j, 1]))
    Array(3.+0.j, backend=numpy, dtype=complex128)
    """
