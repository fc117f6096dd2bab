"""Sorting functions (array API standard 2024.12), and ``top_k``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .._declare import mixed, primary
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError
from ._compose import backend_name, dtype_name
from ._types import ArrayLike
from ._wrappers import SEARCH
from .data_types import isdtype as _isdtype

if TYPE_CHECKING:
    from .._array import Array

__all__ = ["TopKResult", "argsort", "sort", "top_k"]


@primary(wrappers=SEARCH)
def argsort(x: ArrayLike, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> ArrayLike:
    """The indices that sort ``x`` along ``axis`` (ascending unless ``descending``).

    With ``stable=True`` equal elements keep their relative order, in
    descending order too. NaNs sort after every other value in ascending order
    and before them in descending order. The result has the shape of ``x`` and
    the default index dtype (``int64``); a 0-d ``x`` has no axis to sort along
    and raises an error.

    >>> pa.argsort(pa.asarray([3, 1, 2, 1]), descending=True)
    Array([0, 2, 1, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=SEARCH)
def sort(x: ArrayLike, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> ArrayLike:
    """A sorted copy of ``x`` along ``axis`` (ascending unless ``descending``), of the same dtype and shape.

    NaNs sort after every other value in ascending order and before them in
    descending order. A 0-d ``x`` raises an error.

    >>> pa.sort(pa.asarray([3.0, float("nan"), 1.0]), descending=True)
    Array([nan,  3.,  1.], backend=numpy, dtype=float64)
    """


class TopKResult(NamedTuple):
    """The result of :func:`top_k`."""

    #: The ``k`` largest (or smallest) values along the axis, in order.
    values: Array
    #: Their indices along the axis (the default index dtype).
    indices: Array


@mixed(wrappers=SEARCH, result=TopKResult)
def top_k(xp: Any, x: ArrayLike, k: int, /, *, axis: int = -1, largest: bool = True) -> TopKResult:
    """The ``k`` largest (``largest=False``: smallest) elements of ``x`` along ``axis``, sorted, and their indices.

    Returns ``(values, indices)``, a NamedTuple, each with the shape of ``x``
    except ``k`` along ``axis``. The order is that of a stable
    :func:`argsort` (``descending=largest``), the same on every backend:

    - equal values come in the order of their indices (lower index first),
      ``-0.0`` and ``0.0`` being equal;
    - NaN counts as larger than every number, as in :func:`sort`: the largest
      ``k`` start with the NaNs, the smallest ``k`` reach them last.

    ``k`` must lie in ``[0, n]`` for an axis of ``n`` elements (an error that
    is also a ``ValueError`` otherwise); a 0-d ``x`` has no axis (an error that
    is also an ``IndexError``). ``x`` is a boolean, integer or real
    floating-point array (complex numbers have no order: a ``TypeError``); the
    values keep its dtype, the indices have the default index dtype.

    >>> values, indices = pa.top_k(pa.asarray([3, 1, 4, 1, 5]), 3)
    >>> values, indices
    (Array([5, 4, 3], backend=numpy, dtype=int64), Array([4, 2, 0], backend=numpy, dtype=int64))
    >>> pa.top_k(pa.asarray([[2.0, float("nan"), 1.0]]), 2, largest=False).indices
    Array([[2, 0]], backend=numpy, dtype=int64)
    """
    x = xp.asarray(x)
    if _isdtype(x.dtype, "complex floating"):
        raise PolyarrayTypeError(
            f"pa.top_k on the {backend_name(xp)} backend: complex numbers have no order, so no largest ones; "
            f"pass real values (of dtype other than {dtype_name(x.dtype)}), such as pa.abs(x)."
        )
    if len(x.shape) == 0:
        raise PolyarrayAxisError(
            f"pa.top_k on the {backend_name(xp)} backend: a 0-d array has no axis to take the top k along; "
            "reshape it to 1-d first."
        )
    axis %= len(x.shape)
    size = x.shape[axis]
    if not 0 <= k <= size:
        raise PolyarrayValueError(
            f"pa.top_k on the {backend_name(xp)} backend: k={k} is not in [0, {size}], the number of elements "
            f"along axis {axis}."
        )
    order = xp.argsort(x, axis=axis, descending=largest, stable=True)
    indices = order[(slice(None),) * axis + (slice(0, k),)]
    return TopKResult(xp.take_along_axis(x, indices, axis=axis), indices)
