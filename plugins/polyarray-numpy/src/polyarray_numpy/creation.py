"""Array creation on NumPy."""

from __future__ import annotations

import numpy as np

from ._helpers import check_device
from ._marker import hookimpl


@hookimpl(specname="asarray")
def asarray_v_2p0_and_above(obj, /, *, dtype=None, device=None, copy=None):
    check_device(device)
    return np.asarray(obj, dtype=dtype, copy=copy)


@hookimpl(specname="asarray")
def asarray_v_1p26_and_below(obj, /, *, dtype=None, device=None, copy=None):
    check_device(device)
    if copy is True:
        return np.array(obj, dtype=dtype, copy=True)
    result = np.asarray(obj, dtype=dtype)
    if copy is False and isinstance(obj, np.ndarray) and result is not obj:
        raise ValueError("asarray(copy=False) needs a copy to convert this input")
    return result


@hookimpl
def ones(shape, *, dtype=None, device=None):
    check_device(device)
    return np.ones(shape, dtype=dtype)
