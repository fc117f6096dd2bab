"""Small helpers shared by the NumPy plugin's modules."""

from __future__ import annotations

import contextvars
import operator
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

#: Whether NumPy is 2.0 or newer: Python scalars read as NEP 50 says, correction= in std and var, complex
#: infinities kept by isclose. Read once, at import.
NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"

try:  # NumPy 2
    from numpy.lib.array_utils import normalize_axis_index
except ImportError:  # NumPy 1.26
    from numpy.core.multiarray import normalize_axis_index  # type: ignore[no-redef]


def normalize_axes(axes: Any, ndim: int) -> tuple[int, ...]:
    """``axes`` (an int or a sequence) as non-negative axes.

    The core checks every axis of a call (in range, none repeated); NumPy's
    ``normalize_axis_index`` normalises them, and refuses a default axis of a
    0-d array that reaches here unchecked.
    """
    items = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)
    return tuple(normalize_axis_index(operator.index(axis), ndim) for axis in items)


def check_device(device: Any) -> None:
    """NumPy arrays live on the CPU only."""
    if device is not None and device != "cpu":
        raise ValueError(f"the numpy backend has only the 'cpu' device, not {device!r}")


def ufunc_reduction(ufunc: Any, numpy_function: Any, dtype: Any = None) -> Any:
    """``numpy_function`` (``np.max``, ``np.all`` …) without its Python dispatch (about 1 µs a call).

    For an ndarray it makes the call ``numpy_function`` itself makes there:
    ``ufunc.reduce`` with ``dtype`` (None, or bool for ``all``/``any``); anything
    else (NumPy's scalars) goes to ``numpy_function``.
    """
    reduce, ndarray = ufunc.reduce, np.ndarray

    def reduction(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Any:
        if x.__class__ is ndarray:
            return reduce(x, axis, dtype, None, keepdims)
        return numpy_function(x, axis=axis, keepdims=keepdims)

    reduction.__name__ = reduction.__qualname__ = f"_{numpy_function.__name__}"
    return reduction


# -- in-place writes -----------------------------------------------------------------------------

#: NumPy's floating-point error state, a context variable from NumPy 2 on (np.errstate, np.seterr set it), and
#: its default value (divide, over and invalid "warn", under "ignore"), read in a context that never set it.
_ERROR_STATE: contextvars.ContextVar[Any] | None = getattr(
    getattr(getattr(np, "_core", None), "_multiarray_umath", None), "_extobj_contextvar", None
)
_DEFAULT_ERROR_STATE = contextvars.Context().run(_ERROR_STATE.get) if _ERROR_STATE is not None else None
#: Python's warning filters as last read: the list, its length and first entry, and whether none of them
#: turns a RuntimeWarning into an error (``warnings.filterwarnings``, ``simplefilter`` and ``catch_warnings``
#: each change one of the three).
_FILTERS_READ: list[Any] = [None, -1, None, False]
#: Python 3.14's context-aware warnings keep the filters per context, where warnings.filters is not them.
_MODULE_FILTERS = not getattr(sys.flags, "context_aware_warnings", False)


def _filters_keep_warnings(filters: Sequence[Any]) -> bool:
    """Whether none of the warning ``filters`` turns a RuntimeWarning into an error."""
    return not any(entry[0] == "error" and issubclass(RuntimeWarning, entry[2]) for entry in filters)


class ErrorsMayRaise(Exception):
    """Raised by an in-place writer before it writes, where a floating-point error could raise after."""


#: The in-place operator of each ufunc a writer is made for: on an ndarray ``x1``, ``x1 op= x2`` is
#: ``ufunc(x1, x2, out=x1)`` (the same loop, casting and errors), with no keyword for NumPy to parse.
_IN_PLACE_OPERATORS = {
    np.add: operator.iadd,
    np.subtract: operator.isub,
    np.multiply: operator.imul,
    np.divide: operator.itruediv,
}


def writing_into(ufunc: Any) -> Any:
    """The in-place writer of ``ufunc`` (one of :data:`_IN_PLACE_OPERATORS`; the ``polyarray_inplace`` mark) for an
    ndarray ``x1``: ``ufunc(x1, x2, out=x1)`` where a floating-point error can only warn (NumPy's default error
    state, and no warning filter that turns a RuntimeWarning into an error), so the ufunc raises only before it
    writes (a shape that does not broadcast to ``x1``'s, a read-only ``x1``); else :class:`ErrorsMayRaise`, before
    writing: polyarray then computes ``x1 op x2`` and copies it, so an error leaves ``x1`` unchanged.

    The writer's ``common`` attribute spells that common case as data for polyarray's compiled path (the
    mark's third item): the in-place operator, the error state's context variable and its default value, and
    the memo of the warning filters as last read, which only the writer refreshes. It is None where the
    writer always raises (NumPy 1.x, Python's context-aware warnings).

    >>> x = np.ones(3, np.float32)
    >>> write = writing_into(np.add)
    >>> write(x, 2.0)
    >>> x
    array([3., 3., 3.], dtype=float32)
    >>> with np.errstate(over="raise"):
    ...     write(x, 2.0)
    Traceback (most recent call last):
    ...
    polyarray_numpy._helpers.ErrorsMayRaise: np.add could raise after writing
    """
    in_place = _IN_PLACE_OPERATORS[ufunc]
    read = _FILTERS_READ

    def write(x1: Any, x2: Any, /) -> None:
        if _ERROR_STATE is not None and _ERROR_STATE.get() is _DEFAULT_ERROR_STATE and _MODULE_FILTERS:
            filters = warnings.filters
            first = filters[0] if filters else None
            if filters is not read[0] or len(filters) != read[1] or first is not read[2]:
                read[:] = [filters, len(filters), first, _filters_keep_warnings(filters)]
            if read[3]:
                in_place(x1, x2)
                return
        raise ErrorsMayRaise(f"np.{ufunc.__name__} could raise after writing")

    write.__name__ = write.__qualname__ = f"_{ufunc.__name__}_into"
    common = (in_place, _ERROR_STATE, _DEFAULT_ERROR_STATE, read)
    write.common = common if _ERROR_STATE is not None and _MODULE_FILTERS else None  # type: ignore[attr-defined]
    return write
