"""Statistical functions (array API standard 2024.12).

Sums and products of integer arrays narrower than the default integer dtype
accumulate in the standard's default accumulation dtype: ``int64`` for signed
integers (and ``bool``), ``uint64`` for unsigned ones. Floating-point and
complex arrays keep their dtype.
"""

from __future__ import annotations

from .._declare import primary
from ._types import ArrayLike, DTypeLike
from ._wrappers import REDUCTION

__all__ = ["cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var"]


@primary(wrappers=REDUCTION)
def cumulative_prod(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    include_initial: bool = False,
) -> ArrayLike:
    """The cumulative product of ``x`` along ``axis``.

    ``axis`` may be left out only for a 1-d ``x``. With ``include_initial``
    the result starts with the multiplicative identity (one) and has one more
    element along ``axis``. The dtype is ``dtype`` when given (``x`` is cast to
    it first), otherwise the default accumulation dtype (see the module).

    >>> pa.cumulative_prod(pa.asarray([1, 2, 3, 4], dtype=pa.int8), include_initial=True)
    Array([ 1,  1,  2,  6, 24], backend=numpy, dtype=int64)
    """


@primary(wrappers=REDUCTION)
def cumulative_sum(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    include_initial: bool = False,
) -> ArrayLike:
    """The cumulative sum of ``x`` along ``axis``.

    ``axis`` may be left out only for a 1-d ``x``. With ``include_initial``
    the result starts with the additive identity (zero) and has one more
    element along ``axis``. The dtype is ``dtype`` when given (``x`` is cast to
    it first), otherwise the default accumulation dtype (see the module).

    >>> pa.cumulative_sum(pa.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[1, 3],
           [3, 7]], backend=numpy, dtype=int64)
    """


@primary(wrappers=REDUCTION)
def max(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """The largest value along ``axis`` (of the whole array when ``None``), of the dtype of ``x``.

    NaN propagates. An empty reduction raises an error that is also a
    ``ValueError``.

    >>> pa.max(pa.asarray([[1, 5], [7, 2]]), axis=0)
    Array([7, 5], backend=numpy, dtype=int64)
    """


@primary(wrappers=REDUCTION)
def mean(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """The arithmetic mean along ``axis`` (of the whole array when ``None``).

    Floating-point and complex arrays keep their dtype; integer arrays give
    ``float64``. NaN propagates, and the mean of no elements is NaN (without a
    warning).

    >>> pa.mean(pa.asarray([[1.0, 2.0], [3.0, 5.0]]), axis=1)
    Array([1.5, 4. ], backend=numpy, dtype=float64)
    """


@primary(wrappers=REDUCTION)
def min(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """The smallest value along ``axis`` (of the whole array when ``None``), of the dtype of ``x``.

    NaN propagates. An empty reduction raises an error that is also a
    ``ValueError``.

    >>> float(pa.min(pa.asarray([2.0, -1.0, 3.0])))
    -1.0
    """


@primary(wrappers=REDUCTION)
def prod(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> ArrayLike:
    """The product of the elements along ``axis`` (of the whole array when ``None``).

    The product of no elements is one. The dtype is ``dtype`` when given (``x``
    is cast to it first), otherwise the default accumulation dtype (see the
    module).

    >>> pa.prod(pa.asarray([[1, 2], [3, 4]], dtype=pa.uint8), axis=1)
    Array([ 2, 12], backend=numpy, dtype=uint64)
    """


@primary(wrappers=REDUCTION)
def std(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> ArrayLike:
    """The standard deviation along ``axis``, with divisor ``M - correction`` for ``M`` elements.

    ``correction=1`` gives the corrected sample standard deviation. When
    ``M - correction <= 0`` the result is NaN (without a warning); NaN
    propagates. Real floating-point arrays keep their dtype, complex ones give
    the real dtype of their precision, and integer arrays give ``float64``.

    >>> pa.std(pa.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
    Array(1.29099445, backend=numpy, dtype=float64)
    """


@primary(wrappers=REDUCTION)
def sum(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> ArrayLike:
    """The sum of the elements along ``axis`` (of the whole array when ``None``).

    The sum of no elements is zero. The dtype is ``dtype`` when given (``x`` is
    cast to it first), otherwise the default accumulation dtype (see the
    module).

    >>> pa.sum(pa.asarray([[1, 2], [3, 4]], dtype=pa.int16), axis=0)
    Array([4, 6], backend=numpy, dtype=int64)
    >>> pa.sum(pa.asarray([1.5, 2.5], dtype=pa.float32))
    Array(4., backend=numpy, dtype=float32)
    """


@primary(wrappers=REDUCTION)
def var(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: bool = False,
) -> ArrayLike:
    """The variance along ``axis``, with divisor ``M - correction`` for ``M`` elements.

    ``correction=1`` gives the unbiased sample variance. When
    ``M - correction <= 0`` the result is NaN (without a warning); NaN
    propagates. Real floating-point arrays keep their dtype, complex ones give
    the real dtype of their precision, and integer arrays give ``float64``.

    >>> pa.var(pa.asarray([[1.0, 3.0], [2.0, 2.0]]), axis=1)
    Array([1., 0.], backend=numpy, dtype=float64)
    """
