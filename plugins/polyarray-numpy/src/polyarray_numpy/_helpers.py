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
