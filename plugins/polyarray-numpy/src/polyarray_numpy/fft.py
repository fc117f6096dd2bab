"""The fft extension on NumPy.

NumPy before 2.0 computes every transform in double precision; the results
are cast back so that single-precision input gives single-precision output
on every NumPy version (a no-op on NumPy 2.x, which already does so).
"""

from __future__ import annotations

import numpy as np

from ._helpers import check_device
from ._marker import hookimpl

#: Input dtypes whose transforms are single precision.
_SINGLE = frozenset({np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.complex64)})


def _complex_dtype(x):
    return np.dtype(np.complex64) if x.dtype in _SINGLE else np.dtype(np.complex128)


def _real_dtype(x):
    return np.dtype(np.float32) if x.dtype in _SINGLE else np.dtype(np.float64)


def _nd_args(x, s, axes, *, inverse_real=False):
    """``s`` and ``axes`` of an n-dimensional transform (checked by the core), ``-1`` in ``s`` by the default length."""
    if s is None:
        return None, (None if axes is None else tuple(axes))
    s, axes = list(s), tuple(axes)
    for index, (length, axis) in enumerate(zip(s, axes)):
        if length == -1:
            size = x.shape[axis]
            s[index] = 2 * (size - 1) if inverse_real and index == len(s) - 1 else size
    return s, axes


@hookimpl
def fft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.fft(x, n=n, axis=axis, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.ifft(x, n=n, axis=axis, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def fftn(x, /, *, s=None, axes=None, norm="backward"):
    x = np.asarray(x)
    s, axes = _nd_args(x, s, axes)
    return np.fft.fftn(x, s=s, axes=axes, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    x = np.asarray(x)
    s, axes = _nd_args(x, s, axes)
    return np.fft.ifftn(x, s=s, axes=axes, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.rfft(x, n=n, axis=axis, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.irfft(x, n=n, axis=axis, norm=norm).astype(_real_dtype(x), copy=False)


@hookimpl
def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    x = np.asarray(x)
    s, axes = _nd_args(x, s, axes)
    return np.fft.rfftn(x, s=s, axes=axes, norm=norm).astype(_complex_dtype(x), copy=False)


@hookimpl
def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    x = np.asarray(x)
    s, axes = _nd_args(x, s, axes, inverse_real=True)
    return np.fft.irfftn(x, s=s, axes=axes, norm=norm).astype(_real_dtype(x), copy=False)


@hookimpl
def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.hfft(x, n=n, axis=axis, norm=norm).astype(_real_dtype(x), copy=False)


@hookimpl
def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = np.asarray(x)
    return np.fft.ihfft(x, n=n, axis=axis, norm=norm).astype(_complex_dtype(x), copy=False)


def _frequencies(function, n, d, dtype, device):
    check_device(device)
    dtype = np.dtype(np.float64 if dtype is None else dtype)
    return function(n, d=d).astype(dtype, copy=False)


@hookimpl
def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(np.fft.fftfreq, n, d, dtype, device)


@hookimpl
def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(np.fft.rfftfreq, n, d, dtype, device)


def _no_axes(x, axes):
    """Whether a shift over ``axes`` moves nothing (NumPy fails on 0-d input and on ``axes=()``)."""
    if axes is None:
        return x.ndim == 0
    return np.ndim(axes) == 1 and len(axes) == 0


@hookimpl
def fftshift(x, /, *, axes=None):
    x = np.asarray(x)
    return x.copy() if _no_axes(x, axes) else np.fft.fftshift(x, axes=axes)


@hookimpl
def ifftshift(x, /, *, axes=None):
    x = np.asarray(x)
    return x.copy() if _no_axes(x, axes) else np.fft.ifftshift(x, axes=axes)
