"""Array creation on NumPy."""

from __future__ import annotations

import warnings

import numpy as np

from ._helpers import check_device
from ._marker import hookimpl


@hookimpl
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    check_device(device)
    return np.arange(start, stop, step, dtype=dtype)


@hookimpl(specname="asarray")
def asarray_v_2p0_and_above(obj, /, *, dtype=None, device=None, copy=None):
    check_device(device)
    return np.asarray(obj, dtype=dtype, copy=copy)


@hookimpl(specname="asarray")
def asarray_v_1p26_and_below(obj, /, *, dtype=None, device=None, copy=None):
    check_device(device)
    # NumPy 1.x wraps out-of-range Python integers with a DeprecationWarning; NumPy 2 raises.
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            if copy is True:
                return np.array(obj, dtype=dtype, copy=True)
            result = np.asarray(obj, dtype=dtype)
    except DeprecationWarning as warning:
        raise OverflowError(str(warning)) from None
    if copy is False and isinstance(obj, np.ndarray) and result is not obj:
        raise ValueError("asarray(copy=False) needs a copy to convert this input")
    return result


@hookimpl
def empty(shape, *, dtype=None, device=None):
    check_device(device)
    return np.empty(shape, dtype=dtype)


@hookimpl
def empty_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return np.empty_like(x, dtype=dtype)


@hookimpl
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    check_device(device)
    return np.eye(n_rows, n_cols, k=k, dtype=dtype)


@hookimpl(specname="from_dlpack")
def from_dlpack_v_2p1_and_above(x, /, *, device=None, copy=None):
    check_device(device)
    return np.from_dlpack(x, device=device, copy=copy)


@hookimpl(specname="from_dlpack")
def from_dlpack_v_2p0_and_below(x, /, *, device=None, copy=None):
    # Before 2.1, np.from_dlpack takes neither device nor copy; it never copies.
    check_device(device)
    result = np.from_dlpack(x)
    return result.copy() if copy else result


def _default_fill_dtype(fill_value, dtype):
    """The standard's dtype for a Python int fill value (NumPy would make an object array of a huge one)."""
    if dtype is None and isinstance(fill_value, int) and not isinstance(fill_value, (bool, np.generic)):
        return np.dtype(int)
    return dtype


@hookimpl
def full(shape, fill_value, *, dtype=None, device=None):
    check_device(device)
    return np.full(shape, fill_value, dtype=_default_fill_dtype(fill_value, dtype))


@hookimpl
def full_like(x, /, fill_value, *, dtype=None, device=None):
    check_device(device)
    return np.full_like(x, fill_value, dtype=dtype)


@hookimpl
def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    check_device(device)
    return np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)


@hookimpl
def meshgrid(*arrays, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid indexing must be 'xy' or 'ij', not {indexing!r}")
    arrays = tuple(np.asarray(a) for a in arrays)
    for position, a in enumerate(arrays):
        if a.ndim > 1:
            raise ValueError(f"meshgrid takes 1-d arrays; argument {position} has {a.ndim} dimensions")
    return list(np.meshgrid(*arrays, indexing=indexing))


@hookimpl
def ones(shape, *, dtype=None, device=None):
    check_device(device)
    return np.ones(shape, dtype=dtype)


@hookimpl
def ones_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return np.ones_like(x, dtype=dtype)


def _check_matrix(x, name):
    x = np.asarray(x)
    if x.ndim < 2:
        raise ValueError(f"{name} needs an array of at least 2 dimensions, not {x.ndim}")
    return x


@hookimpl
def tril(x, /, *, k=0):
    return np.tril(_check_matrix(x, "tril"), k=k)


@hookimpl
def triu(x, /, *, k=0):
    return np.triu(_check_matrix(x, "triu"), k=k)


@hookimpl
def zeros(shape, *, dtype=None, device=None):
    check_device(device)
    return np.zeros(shape, dtype=dtype)


@hookimpl
def zeros_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return np.zeros_like(x, dtype=dtype)
