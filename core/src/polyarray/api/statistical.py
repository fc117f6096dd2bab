"""Statistical functions (array API standard 2024.12).

Sums and products of integer arrays narrower than the default integer dtype
accumulate in the standard's default accumulation dtype: ``int64`` for signed
integers (and ``bool``), ``uint64`` for unsigned ones. Floating-point and
complex arrays keep their dtype.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from typing import Any

from .._declare import compositional, primary
from .._errors import PolyarrayTypeError, PolyarrayValueError
from . import _checks
from ._types import ArrayLike, DTypeLike
from ._wrappers import COMPOSITION, REDUCTION
from .data_types import isdtype as _isdtype

__all__ = [
    "cumulative_prod",
    "cumulative_sum",
    "max",
    "mean",
    "median",
    "min",
    "prod",
    "quantile",
    "std",
    "sum",
    "var",
]


@primary(wrappers=REDUCTION, check=_checks.axis_for_many_dimensions)
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


@primary(wrappers=REDUCTION, check=_checks.axis_for_many_dimensions)
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


# -- order statistics, written once from sort and take ----------------------------------------

#: The ways :func:`quantile` picks or interpolates between the two sorted neighbours of a quantile.
QUANTILE_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


def _backend(xp: Any) -> str:
    """The name of the backend whose raw namespace is ``xp``, for messages."""
    return getattr(xp, "__name__", "").split(".")[0]


def _quantile_levels(xp: Any, q: Any, function: str) -> tuple[list[float], bool]:
    """``q`` as a list of Python floats in [0, 1], and whether it was a scalar."""
    import numpy

    try:
        levels = numpy.asarray(q, dtype=numpy.float64)
    except (TypeError, ValueError) as error:
        raise PolyarrayTypeError(
            f"pa.{function} on the {_backend(xp)} backend: q={q!r} is not a number or a 1-d sequence of numbers; "
            "pass quantiles in [0, 1] as a float or a list of floats."
        ) from error
    if levels.ndim > 1:
        raise PolyarrayValueError(
            f"pa.{function} on the {_backend(xp)} backend: q must be a scalar or 1-d, not of shape {levels.shape}."
        )
    if not numpy.all((levels >= 0.0) & (levels <= 1.0)):
        raise PolyarrayValueError(
            f"pa.{function} on the {_backend(xp)} backend: quantiles must lie in [0, 1], not {q!r}; "
            "divide percentiles by 100."
        )
    return [float(level) for level in levels.reshape(-1)], levels.ndim == 0


def _neighbours(n: int, level: float, method: str) -> tuple[int, int, float]:
    """The sorted positions below and above quantile ``level`` of ``n`` values, and the weight of the upper one.

    The virtual index is computed in Python floats (float64) exactly as NumPy
    computes it, so every backend picks the same elements; where it falls on an
    element, both positions name that element.
    """
    virtual = (n - 1) * level
    if method == "lower":
        virtual = float(math.floor(virtual))
    elif method == "higher":
        virtual = float(math.ceil(virtual))
    elif method == "nearest":
        virtual = float(round(virtual))  # half to even, as numpy.around
    elif method == "midpoint":
        virtual = 0.5 * (math.floor(virtual) + math.ceil(virtual))
    lower = builtins.min(math.floor(virtual), n - 1)
    weight = virtual - lower
    if weight == 0.0:
        return lower, lower, 0.0
    return lower, lower + 1, weight


def _quantile(
    xp: Any,
    x: Any,
    q: Any,
    axis: int | tuple[int, ...] | None,
    keepdims: bool,
    method: str,
    function: str,
) -> Any:
    if method not in QUANTILE_METHODS:
        raise PolyarrayValueError(
            f"pa.{function} on the {_backend(xp)} backend: method must be one of {QUANTILE_METHODS}, not {method!r}."
        )
    x = xp.asarray(x)
    if not _isdtype(x.dtype, ("integral", "real floating")):
        raise PolyarrayTypeError(
            f"pa.{function} on the {_backend(xp)} backend needs a real integer or floating-point array, "
            f"not one of dtype {x.dtype}; convert it with pa.astype."
        )
    levels, scalar = _quantile_levels(xp, q, function)
    shape = tuple(x.shape)
    ndim = len(shape)
    if axis is None:
        axes: tuple[int, ...] = tuple(range(ndim))
    else:
        axes = tuple(sorted(a % ndim for a in ((axis,) if isinstance(axis, int) else axis)))
    kept = tuple(i for i in range(ndim) if i not in axes)
    count = math.prod(shape[i] for i in axes)
    if count == 0:
        raise PolyarrayValueError(
            f"pa.{function} on the {_backend(xp)} backend: the reduction is over no elements, which have no "
            f"{function}; reduce over a non-empty axis."
        )
    outer = tuple(shape[i] for i in kept)
    if axes != tuple(range(ndim - len(axes), ndim)):
        x = xp.permute_dims(x, (*kept, *axes))
    values = xp.sort(xp.reshape(x, (*outer, count)), axis=-1)
    floating = _isdtype(values.dtype, "real floating")
    interpolates = method in ("linear", "midpoint")
    if interpolates and not floating:
        values = xp.astype(values, xp.asarray(0.0).dtype)
        floating = True
    points = [_neighbours(count, level, method) for level in levels]
    device = xp.device_of(values)

    def gather(positions: list[int]) -> Any:
        return xp.take(values, xp.asarray(positions, device=device), axis=-1)

    result = gather([lower for lower, _, _ in points])
    if interpolates and builtins.any(weight for _, _, weight in points):
        upper = gather([upper for _, upper, _ in points])
        dtype = values.dtype
        weight = xp.asarray([w for _, _, w in points], dtype=dtype, device=device)
        complement = xp.asarray([1.0 - w for _, _, w in points], dtype=dtype, device=device)
        high_half = xp.asarray([w >= 0.5 for _, _, w in points], device=device)
        # NumPy's lerp: from the nearer end, so that the weights 0 and 1 give the elements exactly.
        difference = xp.subtract(upper, result)
        from_upper = xp.subtract(upper, xp.multiply(difference, complement))
        from_lower = xp.add(result, xp.multiply(difference, weight))
        interpolated = xp.where(high_half, from_upper, from_lower)
        # Equal neighbours (infinities included) are the quantile itself, not inf - inf.
        result = xp.where(xp.equal(result, upper), result, interpolated)
    if floating:
        # NaN sorts last: a slice holding one has NaN as its quantile.
        has_nan = xp.isnan(xp.take(values, xp.asarray([count - 1], device=device), axis=-1))
        result = xp.where(has_nan, xp.asarray(math.nan, dtype=result.dtype, device=device), result)
    reduced = tuple(1 if i in axes else n for i, n in enumerate(shape)) if keepdims else outer
    if scalar:
        return xp.reshape(result, reduced)
    return xp.reshape(xp.moveaxis(result, -1, 0), (len(levels), *reduced))


@compositional(wrappers=COMPOSITION)
def quantile(
    xp: Any,
    x: ArrayLike,
    q: float | Sequence[float],
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    method: str = "linear",
) -> ArrayLike:
    """The ``q``-th quantiles of ``x`` along ``axis`` (of the whole array when ``None``), as NumPy computes them.

    ``q`` is a number in [0, 1] or a 1-d sequence (or array, whose values are
    read) of them; a sequence gives a leading result axis of its length. The
    sorted values of each slice are read at the virtual index ``(n - 1) * q``;
    ``method`` says what is taken between the two neighbouring elements:
    ``"linear"`` (interpolated), ``"lower"``, ``"higher"``, ``"nearest"`` (half
    to even) or ``"midpoint"``. A slice holding NaN gives NaN; equal neighbours
    give that value (so infinities give infinities, not NaN). ``"linear"`` and
    ``"midpoint"`` give floating-point results: integer arrays the default
    floating dtype, floating ones keep their dtype; the other methods keep the
    dtype of ``x``. A quantile outside [0, 1] or an empty reduction raises an
    error that is also a ``ValueError``; complex and bool arrays a ``TypeError``.

    >>> x = pa.asarray([[1.0, 7.0, 3.0], [4.0, 2.0, 8.0]])
    >>> pa.quantile(x, 0.25, axis=1)
    Array([2., 3.], backend=numpy, dtype=float64)
    >>> pa.quantile(pa.asarray([1, 2, 3, 4]), [0.5, 1.0], method="lower")
    Array([2, 4], backend=numpy, dtype=int64)
    """
    return _quantile(xp, x, q, axis, keepdims, method, "quantile")


@compositional(wrappers=COMPOSITION)
def median(xp: Any, x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> ArrayLike:
    """The median of ``x`` along ``axis`` (of the whole array when ``None``): ``quantile(x, 0.5)``.

    For an even number of elements it is the midpoint of the two middle
    ones. Integer arrays give the default floating dtype, floating ones keep
    their dtype; NaN propagates. An empty reduction raises an error that is
    also a ``ValueError``.

    >>> pa.median(pa.asarray([[3, 1, 2], [6, 4, 8]]), axis=1)
    Array([2., 6.], backend=numpy, dtype=float64)
    >>> float(pa.median(pa.asarray([4.0, 1.0, 3.0, 2.0])))
    2.5
    """
    return _quantile(xp, x, 0.5, axis, keepdims, "linear", "median")
