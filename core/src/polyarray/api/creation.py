"""Array creation functions (array API standard 2024.12), and ``diag``."""

from __future__ import annotations

from typing import Any, Literal

from .._declare import mixed, primary
from . import _checks
from ._types import ArrayLike, Device, DTypeLike
from ._wrappers import CREATION, INPUTS

__all__ = [
    "arange",
    "asarray",
    "diag",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
]


@primary(wrappers=CREATION, check=_checks.arange_bounds)
def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
) -> ArrayLike:
    """Evenly spaced values in the half-open interval ``[start, stop)``, as a 1-d array.

    With ``stop=None`` the interval is ``[0, start)``. The length is
    ``ceil((stop - start) / step)`` when ``stop - start`` and ``step`` have the
    same sign, 0 otherwise; ``step=0`` is an error. With ``dtype=None`` the result
    has the default integer dtype when ``start``, ``stop`` and ``step`` are all
    ints, the default real floating dtype when any is a float.

    >>> pa.arange(5)
    Array([0, 1, 2, 3, 4], backend=numpy, dtype=int64)
    >>> pa.arange(1, 2, 0.25)
    Array([1.  , 1.25, 1.5 , 1.75], backend=numpy, dtype=float64)
    """


@primary(wrappers=CREATION, check=_checks.copy_possible)
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


@mixed(wrappers=(*CREATION, *INPUTS), check=_checks.diagonal_of_vector_or_matrix)
def diag(xp: Any, x: ArrayLike, /, *, k: int = 0) -> ArrayLike:
    """A matrix with ``x`` on its ``k``-th diagonal (1-d ``x``), or the ``k``-th diagonal of ``x`` (2-d ``x``).

    As NumPy's ``diag``: ``k > 0`` is above the main diagonal, ``k < 0`` below.
    A 1-d ``x`` of ``n`` elements gives a square matrix of size ``n + |k|``,
    zero (``False``) off that diagonal; a 2-d ``x`` gives a new 1-d array (not
    a view), empty when the diagonal lies outside the matrix. The dtype of
    ``x`` is kept. Other numbers of dimensions raise an error that is also a
    ``ValueError`` (use :func:`linalg.diagonal` for stacks of matrices).

    >>> pa.diag(pa.asarray([1, 2]), k=1)
    Array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]], backend=numpy, dtype=int64)
    >>> pa.diag(pa.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), k=-1)
    Array([4.], backend=numpy, dtype=float64)
    """
    x = xp.asarray(x)
    if len(x.shape) == 2:
        return xp.linalg.diagonal(x, offset=k)
    n = x.shape[0]
    size = n + abs(k)
    device = xp.device_of(x)
    zero = xp.zeros((), dtype=x.dtype, device=device)
    if n == 0:
        return xp.zeros((size, size), dtype=x.dtype, device=device)
    positions = xp.arange(size, device=device)
    rows, columns = xp.reshape(positions, (size, 1)), xp.reshape(positions, (1, size))
    on_diagonal = xp.equal(xp.subtract(columns, rows), xp.asarray(k, dtype=positions.dtype, device=device))
    # The element of row i (k >= 0) or of column j (k < 0) of the diagonal, read where it lies on the matrix.
    index = xp.clip(rows if k >= 0 else columns, max=n - 1)
    values = xp.take(x, xp.reshape(index, (-1,)), axis=0)
    values = xp.reshape(values, (size, 1) if k >= 0 else (1, size))
    return xp.where(on_diagonal, values, zero)


@primary(wrappers=CREATION, check=_checks.shape_fits)
def empty(shape: int | tuple[int, ...], *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of the given shape whose values are not initialised.

    ``dtype=None`` gives the default real floating dtype.

    >>> x = pa.empty((2, 3), dtype=pa.int32)
    >>> x.shape, x.dtype
    ((2, 3), pa.int32)
    """


@primary(wrappers=(*CREATION, *INPUTS))
def empty_like(x: ArrayLike, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of the shape of ``x`` whose values are not initialised.

    ``dtype=None`` takes the dtype of ``x``.

    >>> y = pa.empty_like(pa.asarray([[1, 2, 3]]))
    >>> y.shape, y.dtype
    ((1, 3), pa.int64)
    """


@primary(wrappers=CREATION, check=_checks.eye_arguments)
def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
) -> ArrayLike:
    """A 2-d array with ones on the ``k``-th diagonal and zeros elsewhere.

    ``n_cols=None`` makes it square. ``k > 0`` is above the main diagonal,
    ``k < 0`` below. ``dtype=None`` gives the default real floating dtype;
    complex results hold ``1 + 0j`` on the diagonal.

    >>> pa.eye(2, 3, k=1, dtype=pa.int8)
    Array([[0, 1, 0],
           [0, 0, 1]], backend=numpy, dtype=int8)
    """


@primary(wrappers=CREATION)
def from_dlpack(x: ArrayLike, /, *, device: Device | None = None, copy: bool | None = None) -> ArrayLike:
    """An array of this backend holding the data of any object with ``__dlpack__``.

    ``copy=None`` shares memory where possible, ``copy=True`` always copies and
    ``copy=False`` never does (an error when a copy would be needed).
    ``device=None`` keeps the data on the device of ``x``.

    >>> pa.from_dlpack(np.asarray([1, 2, 3]))
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=CREATION, check=_checks.shape_fits)
def full(
    shape: int | tuple[int, ...],
    fill_value: bool | int | float | complex,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
) -> ArrayLike:
    """An array of the given shape with every element equal to ``fill_value``.

    With ``dtype=None`` the dtype follows the fill value: ``bool`` for a bool,
    the default integer, real floating or complex floating dtype for an int, a
    float or a complex. An int fill value that the default integer dtype cannot
    hold is an error.

    >>> pa.full((2, 2), 7)
    Array([[7, 7],
           [7, 7]], backend=numpy, dtype=int64)
    >>> pa.full(3, 0.5, dtype=pa.float32)
    Array([0.5, 0.5, 0.5], backend=numpy, dtype=float32)
    """


@primary(wrappers=(*CREATION, *INPUTS))
def full_like(
    x: ArrayLike,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
) -> ArrayLike:
    """An array of the shape of ``x`` with every element equal to ``fill_value``.

    ``dtype=None`` takes the dtype of ``x`` (the fill value is converted to it).

    >>> pa.full_like(pa.asarray([1, 2, 3]), 9)
    Array([9, 9, 9], backend=numpy, dtype=int64)
    """


@primary(wrappers=CREATION, check=_checks.linspace_arguments)
def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    endpoint: bool = True,
) -> ArrayLike:
    """``num`` evenly spaced numbers from ``start`` to ``stop``.

    ``endpoint=True`` includes ``stop`` (step ``(stop - start) / (num - 1)``);
    ``endpoint=False`` leaves it out (step ``(stop - start) / num``). ``num=0``
    gives an empty array, a negative ``num`` is an error. With ``dtype=None``
    the result has the default complex floating dtype when ``start`` or ``stop``
    is complex, the default real floating dtype otherwise.

    >>> pa.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ], backend=numpy, dtype=float64)
    >>> pa.linspace(0, 1, 4, endpoint=False)
    Array([0.  , 0.25, 0.5 , 0.75], backend=numpy, dtype=float64)
    """


@primary(wrappers=(*CREATION, *INPUTS), check=_checks.coordinate_vectors)
def meshgrid(*arrays: ArrayLike, indexing: Literal["xy", "ij"] = "xy") -> list[ArrayLike]:
    """Coordinate matrices from 1-d coordinate vectors, as a list of arrays.

    For inputs of lengths ``N1, N2, ..., Nn``, every result has the shape
    ``(N2, N1, N3, ..., Nn)`` with Cartesian ``indexing="xy"`` or
    ``(N1, N2, ..., Nn)`` with matrix ``indexing="ij"``; each keeps its input's
    dtype. Inputs of more than one dimension are an error.

    >>> xs, ys = pa.meshgrid(pa.asarray([1, 2, 3]), pa.asarray([4, 5]))
    >>> xs
    Array([[1, 2, 3],
           [1, 2, 3]], backend=numpy, dtype=int64)
    >>> ys
    Array([[4, 4, 4],
           [5, 5, 5]], backend=numpy, dtype=int64)
    """


@primary(wrappers=CREATION, check=_checks.shape_fits)
def ones(shape: int | tuple[int, ...], *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of ones (``1 + 0j`` for complex dtypes).

    ``dtype=None`` gives the default real floating dtype.

    >>> pa.ones((2,), dtype=pa.int32)
    Array([1, 1], backend=numpy, dtype=int32)
    """


@primary(wrappers=(*CREATION, *INPUTS))
def ones_like(x: ArrayLike, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of ones of the shape of ``x``.

    ``dtype=None`` takes the dtype of ``x``.

    >>> pa.ones_like(pa.asarray([[True, False]]))
    Array([[ True,  True]], backend=numpy, dtype=bool)
    """


@primary(wrappers=(*CREATION, *INPUTS), check=_checks.triangle)
def tril(x: ArrayLike, /, *, k: int = 0) -> ArrayLike:
    """The lower triangle of a matrix or of each matrix in a stack; the rest is zero.

    Keeps the elements on and below the ``k``-th diagonal (``k > 0`` above the
    main diagonal, ``k < 0`` below). ``x`` must have at least 2 dimensions; the
    result has its shape and dtype.

    >>> pa.tril(pa.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))
    Array([[1, 0, 0],
           [4, 5, 0],
           [7, 8, 9]], backend=numpy, dtype=int64)
    """


@primary(wrappers=(*CREATION, *INPUTS), check=_checks.triangle)
def triu(x: ArrayLike, /, *, k: int = 0) -> ArrayLike:
    """The upper triangle of a matrix or of each matrix in a stack; the rest is zero.

    Keeps the elements on and above the ``k``-th diagonal (``k > 0`` above the
    main diagonal, ``k < 0`` below). ``x`` must have at least 2 dimensions; the
    result has its shape and dtype.

    >>> pa.triu(pa.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), k=1)
    Array([[0, 2, 3],
           [0, 0, 6],
           [0, 0, 0]], backend=numpy, dtype=int64)
    """


@primary(wrappers=CREATION, check=_checks.shape_fits)
def zeros(shape: int | tuple[int, ...], *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of zeros.

    ``dtype=None`` gives the default real floating dtype.

    >>> pa.zeros((2, 2))
    Array([[0., 0.],
           [0., 0.]], backend=numpy, dtype=float64)
    """


@primary(wrappers=(*CREATION, *INPUTS))
def zeros_like(x: ArrayLike, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> ArrayLike:
    """An array of zeros of the shape of ``x``.

    ``dtype=None`` takes the dtype of ``x``.

    >>> pa.zeros_like(pa.asarray([1.5, 2.5]), dtype=pa.int8)
    Array([0, 0], backend=numpy, dtype=int8)
    """
