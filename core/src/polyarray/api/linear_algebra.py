"""Linear algebra functions of the main namespace (array API standard 2024.12).

The standard's ``linalg`` extension re-exports these four as ``pa.linalg.*``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import _dtypes
from .._declare import mixed, primary
from .._errors import PolyarrayTypeError
from .._promotion import promote_types
from . import _checks, _einsum
from ._types import ArrayLike
from ._wrappers import LINALG, OPERANDS, VIEW

__all__ = ["einsum", "matmul", "matrix_transpose", "tensordot", "vecdot"]


def _shape_of(operand: Any) -> tuple[int, ...]:
    shape = getattr(operand, "shape", None)
    if shape is None:
        import numpy

        shape = numpy.shape(operand)  # a Python number or nest, on a backend that takes them as they are
    return tuple(shape)


def _check_einsum(args: tuple, kwargs: dict[str, Any]) -> None:
    """``einsum``: the subscripts, read against the operands' shapes as NumPy reads them."""
    if kwargs:
        raise PolyarrayTypeError(
            f"einsum takes the subscripts and the operands positionally, not {', '.join(map(repr, kwargs))} as "
            "keywords; call pa.einsum('ij,jk->ik', a, b)."
        )
    if not args:
        return
    try:
        shapes = [_shape_of(operand) for operand in args[1:]]
    except ValueError:
        return  # a ragged nest: its conversion refuses it
    if any(not isinstance(size, int) for shape in shapes for size in shape):
        return  # sizes known only when the computation runs (a symbolic tensor): checked then
    _einsum.parse(args[0], shapes)


@mixed(wrappers=OPERANDS, check=_check_einsum)
def einsum(xp: Any, subscripts: str, /, *operands: ArrayLike) -> ArrayLike:
    """Einstein summation: the sum of products of ``operands`` over the labels ``subscripts`` name, as NumPy's.

    ``subscripts`` has one term of letters (``a``-``z``, ``A``-``Z``) per operand,
    separated by commas, each letter labelling one dimension; an output term
    may follow ``->``. Dimensions with the same label are multiplied along
    one another; labels missing from the output are summed over:

    - ``"ij,jk->ik"`` is ``matmul``, ``"i,i->"`` a dot product, ``"ij->ji"`` a
      transpose, ``"i,j->ij"`` an outer product;
    - a label repeated in one term takes a diagonal: ``"ii->i"`` is the
      diagonal, ``"ii"`` the trace;
    - without ``->`` (implicit mode) the output has the labels that occur
      once, in alphabetical order (upper-case letters first);
    - ``...`` stands for the dimensions a term does not name; they broadcast
      (aligned from the right) and lead the output in implicit mode; in
      explicit mode an output without ``...`` may drop them only when there
      are none.

    Sizes of one label must agree (or be 1, which broadcasts). The operands
    promote to one dtype as in :func:`add`, which the result has (integers
    wrap around on overflow; booleans give whether any product is true). A
    malformed subscript string, or one that does not fit the operands, raises
    an error that is also a ``ValueError``, naming the problem.

    >>> a = pa.asarray([[1, 2], [3, 4]])
    >>> pa.einsum("ij,jk->ik", a, pa.asarray([[1, 0], [0, 1]]))
    Array([[1, 2],
           [3, 4]], backend=numpy, dtype=int64)
    >>> pa.einsum("ii", a)
    Array(5, backend=numpy, dtype=int64)
    >>> pa.einsum("...i,i", pa.ones((2, 3)), pa.asarray([1.0, 2.0, 3.0], dtype=pa.float32))
    Array([6., 6.], backend=numpy, dtype=float64)
    """
    arrays = [xp.asarray(operand) for operand in operands]
    plan = _einsum.parse(subscripts, [tuple(x.shape) for x in arrays])
    if len({x.dtype for x in arrays}) > 1:  # operands the promotion left as they were (Python nests)
        target = promote_types([_dtypes.as_dtype(_dtypes.dtype_name_of(x.dtype)) for x in arrays])
        arrays = [xp.astype(x, xp.native_dtype(target.name)) for x in arrays]
    return _einsum.contract(xp, plan, arrays)


@primary(wrappers=LINALG, check=_checks.product_operands)
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
