"""Small helpers shared by the NumPy plugin's modules."""

from __future__ import annotations

import operator
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
