"""The fft extension on TensorFlow.

TensorFlow transforms the innermost axis of complex64/complex128 (and
float32/float64 for the real transforms) with no normalisation option in
every release: the transformed axis is moved last, padded or trimmed to
``n``, and the ``norm`` scaling is applied here. The n-dimensional
transforms apply the one-dimensional ones axis by axis. float16 and
bfloat16 are transformed in single precision, integers and booleans in
double precision, as the standard asks.
"""

from __future__ import annotations

import math
import operator

import tensorflow as tf

from ._helpers import COMPLEX, INTEGRAL, dtype_name, normalize_axis, placed, shape_of, tensor
from ._marker import hookimpl


def _precision(x):
    """(complex dtype, real dtype) the transform of ``x`` is computed in."""
    dtype = x.dtype
    if dtype in (tf.complex64, tf.float32, tf.float16, tf.bfloat16):
        return tf.complex64, tf.float32
    if dtype in COMPLEX or dtype == tf.float64 or dtype in INTEGRAL:
        return tf.complex128, tf.float64
    raise TypeError(f"cannot transform an array of dtype {dtype_name(dtype)}")


def _scale(result, n, norm, inverse):
    """Apply the ``norm`` scaling to a transform of length ``n`` (TensorFlow's inverse divides by ``n``)."""
    if n == 0:
        return result
    if inverse:
        factor = {"backward": 1.0, "ortho": math.sqrt(n), "forward": float(n)}[norm]
    else:
        factor = {"backward": 1.0, "ortho": 1 / math.sqrt(n), "forward": 1 / n}[norm]
    if factor == 1.0:
        return result
    real = tf.float64 if result.dtype in (tf.complex128, tf.float64) else tf.float32
    return result * tf.cast(tf.constant(factor, real), result.dtype)


def _fit(x, n):
    """``x`` padded with zeros or trimmed to length ``n`` along its last axis."""
    length = shape_of(x)[-1]
    if n == length:
        return x
    if n < length:
        return x[..., :n]
    padding = [[0, 0]] * (len(x.shape) - 1) + [[0, n - length]]
    return tf.pad(x, padding)


def _along(function, x, axis):
    """``function`` applied along ``axis`` of ``x`` (TensorFlow transforms the last axis)."""
    ndim = len(x.shape)
    axis = normalize_axis(axis, ndim)
    if axis == ndim - 1:
        return function(x)
    order = [a for a in range(ndim) if a != axis] + [axis]
    inverse = [order.index(a) for a in range(ndim)]
    return tf.transpose(function(tf.transpose(x, order)), inverse)


def _length(n, default):
    n = default if n is None else operator.index(n)
    if n < 1:
        raise ValueError(f"invalid number of data points ({n}) specified")
    return n


def _c2c(x, n, axis, norm, inverse):
    x = tensor(x)
    complex_dtype, _ = _precision(x)
    x = tf.cast(x, complex_dtype)
    n = _length(n, shape_of(x)[normalize_axis(axis, len(x.shape))])

    def transform(values):
        values = _fit(values, n)
        result = tf.signal.ifft(values) if inverse else tf.signal.fft(values)
        return _scale(result, n, norm, inverse)

    return _along(transform, x, axis)


def _r2c(x, n, axis, norm):
    x = tensor(x)
    _, real_dtype = _precision(x)
    x = tf.cast(x, real_dtype)
    n = _length(n, shape_of(x)[normalize_axis(axis, len(x.shape))])

    def transform(values):
        values = _fit(values, n)
        return _scale(tf.signal.rfft(values, fft_length=[n]), n, norm, False)

    return _along(transform, x, axis)


def _c2r(x, n, axis, norm):
    x = tensor(x)
    complex_dtype, _ = _precision(x)
    x = tf.cast(x, complex_dtype)
    m = shape_of(x)[normalize_axis(axis, len(x.shape))]
    n = _length(n, 2 * (m - 1))

    def transform(values):
        # The input is trimmed or padded to n // 2 + 1 before the inverse transform.
        values = _fit(values, n // 2 + 1)
        return _scale(tf.signal.irfft(values, fft_length=[n]), n, norm, True)

    return _along(transform, x, axis)


@hookimpl
def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return _c2c(x, n, axis, norm, inverse=False)


@hookimpl
def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return _c2c(x, n, axis, norm, inverse=True)


def _nd_args(x, s, axes, *, inverse_real=False):
    """``s`` and ``axes`` of an n-dimensional transform (checked by the core), ``-1`` in ``s`` by the default length."""
    ndim = len(x.shape)
    axes = list(range(ndim)) if axes is None else [normalize_axis(a, ndim) for a in axes]
    if s is None:
        shape = shape_of(x)
        s = [shape[a] for a in axes]
        if inverse_real and axes:
            s[-1] = 2 * (s[-1] - 1)
        return s, axes
    s = [operator.index(length) for length in s]
    for index, (length, axis) in enumerate(zip(s, axes)):
        if length == -1:
            size = shape_of(x)[axis]
            s[index] = 2 * (size - 1) if inverse_real and index == len(s) - 1 else size
    return s, axes


def _c2c_nd(x, s, axes, norm, inverse):
    x = tensor(x)
    s, axes = _nd_args(x, s, axes)
    complex_dtype, _ = _precision(x)
    result = tf.cast(x, complex_dtype)
    for length, axis in zip(s, axes):
        result = _c2c(result, length, axis, norm, inverse)
    return result


@hookimpl
def fftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd(x, s, axes, norm, inverse=False)


@hookimpl
def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd(x, s, axes, norm, inverse=True)


@hookimpl
def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _r2c(x, n, axis, norm)


@hookimpl
def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _c2r(x, n, axis, norm)


@hookimpl
def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    x = tensor(x)
    s, axes = _nd_args(x, s, axes)
    if not axes:
        return tf.cast(x, _precision(x)[0])
    result = _r2c(x, s[-1], axes[-1], norm)
    for length, axis in zip(s[:-1], axes[:-1]):
        result = _c2c(result, length, axis, norm, inverse=False)
    return result


@hookimpl
def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    x = tensor(x)
    s, axes = _nd_args(x, s, axes, inverse_real=True)
    complex_dtype, real_dtype = _precision(x)
    result = tf.cast(x, complex_dtype)
    if not axes:
        return tf.cast(tf.math.real(result), real_dtype)
    for length, axis in zip(s[:-1], axes[:-1]):
        result = _c2c(result, length, axis, norm, inverse=True)
    return _c2r(result, s[-1], axes[-1], norm)


_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


@hookimpl
def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    x = tensor(x)
    complex_dtype, _ = _precision(x)
    return _c2r(tf.math.conj(tf.cast(x, complex_dtype)), n, axis, _SWAPPED[norm])


@hookimpl
def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    return tf.math.conj(_r2c(x, n, axis, _SWAPPED[norm]))


def _frequencies(n, d, dtype, device, real_only):
    n = operator.index(n)
    dtype = tf.float64 if dtype is None else tf.as_dtype(dtype)
    if real_only:
        values = tf.range(n // 2 + 1, dtype=tf.float64)
    else:
        values = tf.concat([tf.range((n - 1) // 2 + 1, dtype=tf.float64), tf.range(-(n // 2), 0, dtype=tf.float64)], 0)
    with placed(device):
        return tf.cast(values / (float(d) * n), dtype)


@hookimpl
def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(n, d, dtype, device, real_only=False)


@hookimpl
def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    return _frequencies(n, d, dtype, device, real_only=True)


def _shift(x, axes, inverse):
    x = tensor(x)
    ndim = len(x.shape)
    if axes is None:
        axes = list(range(ndim))
    elif isinstance(axes, int):
        axes = [axes]
    axes = [normalize_axis(a, ndim) for a in axes]
    if not axes:
        return tf.identity(x)
    shape = shape_of(x)
    shifts = [-(shape[a] // 2) if inverse else shape[a] // 2 for a in axes]
    if any(shape[a] == 0 for a in axes):
        return tf.identity(x)
    return tf.roll(x, shifts, axes)


@hookimpl
def fftshift(x, /, *, axes=None):
    return _shift(x, axes, inverse=False)


@hookimpl
def ifftshift(x, /, *, axes=None):
    return _shift(x, axes, inverse=True)
