"""Searching functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._marker import direct, hookimpl

_PYTHON_SCALARS = (bool, int, float, complex)


_NDARRAY = np.ndarray


# np.argmax and np.argmin call an ndarray's method after a Python dispatch of about 0.7 µs; these call it.
def _argmax(x, /, *, axis=None, keepdims=False):
    if x.__class__ is _NDARRAY:
        return x.argmax(axis, None, keepdims=keepdims)
    return np.argmax(x, axis=axis, keepdims=keepdims)


def _argmin(x, /, *, axis=None, keepdims=False):
    if x.__class__ is _NDARRAY:
        return x.argmin(axis, None, keepdims=keepdims)
    return np.argmin(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_argmax)
def argmax(x, /, *, axis=None, keepdims=False):
    return _argmax(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_argmin)
def argmin(x, /, *, axis=None, keepdims=False):
    return _argmin(x, axis=axis, keepdims=keepdims)


@hookimpl
def count_nonzero(x, /, *, axis=None, keepdims=False):
    # A full count is a Python int in NumPy: make it an array of the index dtype.
    return np.asarray(np.count_nonzero(x, axis=axis, keepdims=keepdims), dtype=np.intp)


@hookimpl
@direct(np.nonzero)
def nonzero(x, /):
    return np.nonzero(x)


@hookimpl
@direct(np.searchsorted)
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    return np.searchsorted(x1, x2, side=side, sorter=sorter)


@hookimpl(specname="where")
@direct(np.where)
def where_v_2p0_and_above(condition, x1, x2, /):
    return np.where(condition, x1, x2)


def _scalar_as(value, dtype):
    """A Python scalar as a 0-d array of ``dtype`` where the standard lets it take the array's dtype."""
    kind = dtype.kind
    kind_ok = {bool: "b", int: "iufc", float: "fc", complex: "c"}[type(value)]
    return np.asarray(value, dtype=dtype) if kind in kind_ok else value


@hookimpl(specname="where")
def where_v_1p26_and_below(condition, x1, x2, /):
    # NumPy 1.x casts by value (0-d arrays and scalars): promote as the standard does instead.
    scalar1, scalar2 = type(x1) in _PYTHON_SCALARS, type(x2) in _PYTHON_SCALARS
    if scalar1 and not scalar2:
        x2 = np.asarray(x2)
        x1 = _scalar_as(x1, x2.dtype)
    elif scalar2 and not scalar1:
        x1 = np.asarray(x1)
        x2 = _scalar_as(x2, x1.dtype)
    elif not scalar1:
        x1, x2 = np.asarray(x1), np.asarray(x2)
        dtype = np.result_type(x1.dtype, x2.dtype)
        x1, x2 = x1.astype(dtype, copy=False), x2.astype(dtype, copy=False)
    return np.where(condition, x1, x2)
