"""Array creation on NumPy."""

from __future__ import annotations

import functools
import warnings

import numpy as np

from ._helpers import check_device
from ._marker import direct, hookimpl, resolved_by

_FLOAT16 = np.dtype(np.float16)


def _arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """NumPy's call giving :func:`arange` of these arguments: ``np.arange`` but for float16 (None there)."""
    check_device(device)
    if dtype is not None and _FLOAT16 == dtype:
        return None
    return functools.partial(np.arange, start, stop, step, dtype=dtype)


@hookimpl
@resolved_by(_arange_call)
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    call = _arange_call(start, stop, step, dtype=dtype, device=device)
    if call is not None:
        return call()
    # NumPy steps by a float16 increment, whose rounding accumulates: start + i * step is computed in float64 and
    # rounded once, as on the other backends (docs/departures.md).
    return np.arange(start, stop, step, dtype=np.float64).astype(np.float16)


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
def diag(x, /, *, k=0):
    x = np.asarray(x)
    # NumPy's diagonal of a matrix is a read-only view: a new array, as on the other backends.
    return np.diag(x, k).copy() if x.ndim == 2 else np.diag(x, k)


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


def _dlpack_source(x):
    """``x``, a NumPy scalar (one of this backend's array types, without ``__dlpack__``) as its 0-d array: a scalar
    is immutable, so the new array shares nothing that could be written."""
    return np.asarray(x) if isinstance(x, np.generic) else x


@hookimpl(specname="from_dlpack")
def from_dlpack_v_2p1_and_above(x, /, *, device=None, copy=None):
    check_device(device)
    return np.from_dlpack(_dlpack_source(x), device=device, copy=copy)


@hookimpl(specname="from_dlpack")
def from_dlpack_v_2p0_and_below(x, /, *, device=None, copy=None):
    # Before 2.1, np.from_dlpack takes neither device nor copy; it never copies.
    check_device(device)
    result = np.from_dlpack(_dlpack_source(x))
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
    return list(np.meshgrid(*arrays, indexing=indexing))


@hookimpl
def ones(shape, *, dtype=None, device=None):
    check_device(device)
    return np.ones(shape, dtype=dtype)


@hookimpl
def ones_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return np.ones_like(x, dtype=dtype)


@hookimpl
@direct(np.tril)
def tril(x, /, *, k=0):
    return np.tril(x, k=k)


@hookimpl
@direct(np.triu)
def triu(x, /, *, k=0):
    return np.triu(x, k=k)


@hookimpl
def zeros(shape, *, dtype=None, device=None):
    check_device(device)
    return np.zeros(shape, dtype=dtype)


@hookimpl
def zeros_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return np.zeros_like(x, dtype=dtype)
