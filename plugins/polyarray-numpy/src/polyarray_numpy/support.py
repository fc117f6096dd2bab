"""Support hooks of the NumPy backend."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._marker import hookimpl

_NO_DTYPE = {"bfloat16"}


@hookimpl
def native_dtype(name: str, /) -> Any:
    return None if name in _NO_DTYPE else np.dtype(name)


@hookimpl
def device_of(x, /) -> str:
    return "cpu"


@hookimpl
def inplace_update(x, value, /):
    # The caller has checked the cast; integers wrap around, also for a NumPy scalar value
    # (which ``x[...] = value`` would range-check as a Python integer).
    if isinstance(x, np.ndarray):
        # Raises for read-only arrays (broadcast_to views …), as NumPy's out= does.
        if value.__class__ is np.ndarray and value.dtype is x.dtype:
            x[...] = value  # the same copy, without copyto's keyword parsing
        else:
            np.copyto(x, value, casting="unsafe")
        return x
    # A NumPy scalar (the 0-d result of a reduction) cannot change: a new 0-d array of its dtype.
    return np.asarray(value).astype(x.dtype)


@hookimpl
def set_item(x, key, value, /):
    if isinstance(x, np.ndarray):
        x[key] = value
        return x
    updated = np.array(x)
    updated[key] = value
    return updated


@hookimpl
def record_calls(function, args, kwargs, /):
    # An implementation that gives what a NumPy function gives where its arguments' dtypes and shapes say so
    # (``direct(..., when=...)`` in _marker.py): that function, for the graph tracer to call in its place.
    replay = getattr(function, "polyarray_replay", None)
    if replay is not None and replay[1] is getattr(function, "__code__", None) and replay[2](*args, **kwargs):
        native = replay[0]
        result = native(*args, **kwargs)
        return result, [(native, args, kwargs, result)]
    return function(*args, **kwargs), None
