"""Utility functions on NumPy."""

from __future__ import annotations

import numpy as np

from ._helpers import ufunc_reduction
from ._marker import direct, hookimpl

_all = ufunc_reduction(np.logical_and, np.all, bool)
_any = ufunc_reduction(np.logical_or, np.any, bool)


@hookimpl
@direct(_all)
def all(x, /, *, axis=None, keepdims=False):
    return _all(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_any)
def any(x, /, *, axis=None, keepdims=False):
    return _any(x, axis=axis, keepdims=keepdims)


@hookimpl
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    if n == 0 and (prepend is not None or append is not None):
        return _join(np.asarray(x), axis, prepend, append)
    # NumPy marks a missing prepend/append by leaving the keyword out (None would be a value).
    extra = {}
    if prepend is not None:
        extra["prepend"] = prepend
    if append is not None:
        extra["append"] = append
    return np.diff(x, n=n, axis=axis, **extra)


def _join(x, axis, prepend, append):
    """``prepend``, ``x`` and ``append`` joined along ``axis`` (NumPy's diff skips this when ``n=0``)."""
    axis %= x.ndim  # the core has checked x (at least 1-d) and axis
    edge = (*x.shape[:axis], 1, *x.shape[axis + 1 :])
    parts = []
    for part in (prepend, x, append):
        if part is not None:
            part = np.asarray(part)
            parts.append(np.broadcast_to(part, edge) if part.ndim == 0 else part)
    return np.concatenate(parts, axis=axis)
