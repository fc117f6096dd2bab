"""The fft extension on PyTorch.

Precision follows the standard (and NumPy): ``float16`` and ``bfloat16``
input, which torch transforms on GPUs only, is transformed in single
precision; integers and booleans in double precision. Sample frequencies are
computed in ``float64`` and then cast, as NumPy computes them.
"""

from __future__ import annotations

import torch

from ._helpers import guard_dtypes, normalize_axes, torch_device
from ._marker import hookimpl

_HALF = frozenset({torch.float16, torch.bfloat16})


def _input(x):
    """``x`` in the dtype its transform is computed in."""
    dtype = x.dtype
    if dtype.is_complex or dtype in (torch.float32, torch.float64):
        return x
    return x.to(torch.float32 if dtype in _HALF else torch.float64)


def _nd_args(x, s, axes, *, inverse_real=False):
    """``s`` and ``axes`` of an n-dimensional transform (checked by the core), ``-1`` in ``s`` by the default length."""
    if axes is not None:
        axes = list(axes)
    if s is None:
        return None, axes
    s = list(s)
    for index, (length, axis) in enumerate(zip(s, axes)):
        if length == -1:
            size = x.shape[axis]
            s[index] = 2 * (size - 1) if inverse_real and index == len(s) - 1 else size
    return s, axes


@hookimpl
@guard_dtypes
def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.fft(_input(x), n=n, dim=axis, norm=norm)


@hookimpl
@guard_dtypes
def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.ifft(_input(x), n=n, dim=axis, norm=norm)


@hookimpl
@guard_dtypes
def fftn(x, /, *, s=None, axes=None, norm="backward"):
    s, axes = _nd_args(x, s, axes)
    return torch.fft.fftn(_input(x), s=s, dim=axes, norm=norm)


@hookimpl
@guard_dtypes
def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    s, axes = _nd_args(x, s, axes)
    return torch.fft.ifftn(_input(x), s=s, dim=axes, norm=norm)


@hookimpl
@guard_dtypes
def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.rfft(_input(x), n=n, dim=axis, norm=norm)


@hookimpl
@guard_dtypes
def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.irfft(_input(x), n=n, dim=axis, norm=norm)


@hookimpl
@guard_dtypes
def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    x = _input(x)
    s, axes = _nd_args(x, s, axes)
    return torch.fft.rfftn(x, s=s, dim=axes, norm=norm)


@hookimpl
@guard_dtypes
def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    s, axes = _nd_args(x, s, axes, inverse_real=True)
    return torch.fft.irfftn(_input(x), s=s, dim=axes, norm=norm)


@hookimpl
@guard_dtypes
def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.hfft(_input(x), n=n, dim=axis, norm=norm)


@hookimpl
@guard_dtypes
def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    return torch.fft.ihfft(_input(x), n=n, dim=axis, norm=norm)


def _frequencies(function, n, d, dtype, device):
    dtype = torch.float64 if dtype is None else dtype
    return function(n, d=d, dtype=torch.float64, device=torch_device(device)).to(dtype)


@hookimpl
@guard_dtypes
def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(torch.fft.fftfreq, n, d, dtype, device)


@hookimpl
@guard_dtypes
def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(torch.fft.rfftfreq, n, d, dtype, device)


def _shift_axes(x, axes):
    """The axes a shift moves (every axis for None), normalized; empty when nothing moves."""
    if axes is None:
        return tuple(range(x.ndim))
    return normalize_axes(axes, x.ndim)


@hookimpl
@guard_dtypes
def fftshift(x, /, *, axes=None):
    axes = _shift_axes(x, axes)
    return torch.fft.fftshift(x, dim=axes) if axes else x.clone()


@hookimpl
@guard_dtypes
def ifftshift(x, /, *, axes=None):
    axes = _shift_axes(x, axes)
    return torch.fft.ifftshift(x, dim=axes) if axes else x.clone()
