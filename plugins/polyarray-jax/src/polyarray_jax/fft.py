"""The fft extension on JAX.

Precision follows the declaration: float16, bfloat16, float32 and complex64
input is transformed in single precision, float64, complex128, integers and
booleans in double precision (in single precision without 64-bit mode, where
the default dtypes are float32 and complex64). JAX before 0.5
transforms at most three axes at once; the version variants for it split an
n-dimensional transform into transforms of up to three axes, which gives the
same result (every ``norm`` scales axis by axis). ``fftfreq`` and
``rfftfreq`` take ``device=`` from JAX 0.4.32 on.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ._helpers import BFLOAT16, as_array, default_width, dtype_argument, native_device, place
from ._marker import hookimpl

_SINGLE = frozenset({np.dtype(np.float16), BFLOAT16, np.dtype(np.float32), np.dtype(np.complex64)})
_FLOAT32, _FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)
_COMPLEX64, _COMPLEX128 = np.dtype(np.complex64), np.dtype(np.complex128)
#: The most axes one JAX transform takes before JAX 0.5.
_MOST_AXES = 3


def _single(x):
    return x.dtype in _SINGLE


def _complex_input(x, name):
    """``x`` cast to the complex dtype of its transform's precision."""
    x = as_array(x)
    dtype = _COMPLEX64 if _single(x) else default_width(_COMPLEX128)
    return x.astype(dtype)


def _real_input(x):
    """Real ``x`` (checked by the core) cast to the real dtype of its transform's precision."""
    x = as_array(x)
    dtype = _FLOAT32 if _single(x) else default_width(_FLOAT64)
    return x.astype(dtype)


def _check_length(n):
    if n is not None and n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")


def _length(x, n, axis, *, inverse_real=False):
    """The transform length along ``axis``: ``n``, or the default (``2 * (m - 1)`` for inverse real transforms)."""
    if n is None:
        size = x.shape[axis] if -x.ndim <= axis < x.ndim else 1
        n = 2 * (size - 1) if inverse_real else size
    _check_length(n)
    return n


def _nd_args(x, s, axes, *, inverse_real=False):
    """``s`` and ``axes`` (checked by the core), ``-1`` in ``s`` by the default length, the axes as a list; the
    lengths (the defaults too) are at least 1."""
    axes = list(range(x.ndim)) if axes is None else [int(a) for a in axes]
    if s is None:
        for index, axis in enumerate(axes):
            size = x.shape[axis]
            _check_length(2 * (size - 1) if inverse_real and index == len(axes) - 1 else size)
        return None, axes
    s = list(s)
    for index, (length, axis) in enumerate(zip(s, axes)):
        if length == -1:
            size = x.shape[axis]
            s[index] = 2 * (size - 1) if inverse_real and index == len(s) - 1 else size
        _check_length(s[index])
    return s, axes


def _in_chunks(transform, x, s, axes, norm):
    """``transform`` over ``axes``, at most three at a time (JAX before 0.5 takes no more)."""
    for start in range(len(axes) - _MOST_AXES, -_MOST_AXES, -_MOST_AXES):
        chunk = slice(max(start, 0), start + _MOST_AXES)
        x = transform(x, s=None if s is None else s[chunk], axes=axes[chunk], norm=norm)
    return x


@hookimpl
def fft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _complex_input(x, "fft")
    n = _length(x, n, axis)
    return jnp.fft.fft(x, n=n, axis=axis, norm=norm)


@hookimpl
def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _complex_input(x, "ifft")
    n = _length(x, n, axis)
    return jnp.fft.ifft(x, n=n, axis=axis, norm=norm)


@hookimpl(specname="fftn")
def fftn_v_0p5_and_above(x, /, *, s=None, axes=None, norm="backward"):
    x = _complex_input(x, "fftn")
    s, axes = _nd_args(x, s, axes)
    return jnp.fft.fftn(x, s=s, axes=axes, norm=norm)


@hookimpl(specname="fftn")
def fftn_v_0p4p38_and_below(x, /, *, s=None, axes=None, norm="backward"):
    x = _complex_input(x, "fftn")
    s, axes = _nd_args(x, s, axes)
    return _in_chunks(jnp.fft.fftn, x, s, axes, norm)


@hookimpl(specname="ifftn")
def ifftn_v_0p5_and_above(x, /, *, s=None, axes=None, norm="backward"):
    x = _complex_input(x, "ifftn")
    s, axes = _nd_args(x, s, axes)
    return jnp.fft.ifftn(x, s=s, axes=axes, norm=norm)


@hookimpl(specname="ifftn")
def ifftn_v_0p4p38_and_below(x, /, *, s=None, axes=None, norm="backward"):
    x = _complex_input(x, "ifftn")
    s, axes = _nd_args(x, s, axes)
    return _in_chunks(jnp.fft.ifftn, x, s, axes, norm)


@hookimpl
def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _real_input(x)
    n = _length(x, n, axis)
    return jnp.fft.rfft(x, n=n, axis=axis, norm=norm)


@hookimpl
def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _complex_input(x, "irfft")
    n = _length(x, n, axis, inverse_real=True)
    return jnp.fft.irfft(x, n=n, axis=axis, norm=norm)


@hookimpl(specname="rfftn")
def rfftn_v_0p5_and_above(x, /, *, s=None, axes=None, norm="backward"):
    x = _real_input(x)
    s, axes = _nd_args(x, s, axes)
    return jnp.fft.rfftn(x, s=s, axes=axes, norm=norm)


@hookimpl(specname="rfftn")
def rfftn_v_0p4p38_and_below(x, /, *, s=None, axes=None, norm="backward"):
    # The real transform of the last axis, then the complex transform of the others.
    x = _real_input(x)
    s, axes = _nd_args(x, s, axes)
    if not axes:
        return x.astype(_COMPLEX64 if _single(x) else default_width(_COMPLEX128))
    x = jnp.fft.rfft(x, n=None if s is None else s[-1], axis=axes[-1], norm=norm)
    return _in_chunks(jnp.fft.fftn, x, None if s is None else s[:-1], axes[:-1], norm)


@hookimpl(specname="irfftn")
def irfftn_v_0p5_and_above(x, /, *, s=None, axes=None, norm="backward"):
    x = _complex_input(x, "irfftn")
    s, axes = _nd_args(x, s, axes, inverse_real=True)
    return jnp.fft.irfftn(x, s=s, axes=axes, norm=norm)


@hookimpl(specname="irfftn")
def irfftn_v_0p4p38_and_below(x, /, *, s=None, axes=None, norm="backward"):
    # The complex inverse transform of all axes but the last, then the real inverse of the last.
    x = _complex_input(x, "irfftn")
    s, axes = _nd_args(x, s, axes, inverse_real=True)
    if not axes:
        return jnp.real(x)
    x = _in_chunks(jnp.fft.ifftn, x, None if s is None else s[:-1], axes[:-1], norm)
    return jnp.fft.irfft(x, n=None if s is None else s[-1], axis=axes[-1], norm=norm)


@hookimpl
def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _complex_input(x, "hfft")
    n = _length(x, n, axis, inverse_real=True)
    return jnp.fft.hfft(x, n=n, axis=axis, norm=norm)


@hookimpl
def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = _real_input(x)
    n = _length(x, n, axis)
    return jnp.fft.ihfft(x, n=n, axis=axis, norm=norm)


def _frequency_dtype(dtype):
    return default_width(_FLOAT64) if dtype is None else dtype_argument(dtype)


@hookimpl(specname="fftfreq")
def fftfreq_v_0p4p32_and_above(n, /, *, d=1.0, dtype=None, device=None):
    return jnp.fft.fftfreq(n, d=d, dtype=_frequency_dtype(dtype), device=native_device(device))


@hookimpl(specname="fftfreq")
def fftfreq_v_0p4p31_and_below(n, /, *, d=1.0, dtype=None, device=None):
    return place(jnp.fft.fftfreq(n, d=d, dtype=_frequency_dtype(dtype)), device)


@hookimpl(specname="rfftfreq")
def rfftfreq_v_0p4p32_and_above(n, /, *, d=1.0, dtype=None, device=None):
    return jnp.fft.rfftfreq(n, d=d, dtype=_frequency_dtype(dtype), device=native_device(device))


@hookimpl(specname="rfftfreq")
def rfftfreq_v_0p4p31_and_below(n, /, *, d=1.0, dtype=None, device=None):
    return place(jnp.fft.rfftfreq(n, d=d, dtype=_frequency_dtype(dtype)), device)


def _no_axes(x, axes):
    """Whether a shift over ``axes`` moves nothing (a 0-d array, or ``axes=()``)."""
    if axes is None:
        return x.ndim == 0
    return np.ndim(axes) == 1 and len(axes) == 0


@hookimpl
def fftshift(x, /, *, axes=None):
    x = as_array(x)
    return x if _no_axes(x, axes) else jnp.fft.fftshift(x, axes=axes)


@hookimpl
def ifftshift(x, /, *, axes=None):
    x = as_array(x)
    return x if _no_axes(x, axes) else jnp.fft.ifftshift(x, axes=axes)
