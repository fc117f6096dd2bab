"""The fft extension on Dask.

A transform needs each transformed axis whole: those axes are gathered into
one block and polyarray-numpy's transform runs on every block of the other
axes (:func:`~polyarray_dask._helpers.per_matrix`), so stacks of signals are
transformed in parallel, with the NumPy backend's dtypes and values. The
shifts are Dask's own, computed without gathering.
"""

from __future__ import annotations

import operator

import dask.array as da
import numpy as np

from ._helpers import check_device, numpy_kernel, per_matrix
from ._marker import hookimpl


def _axes_of(x, axis, axes):
    """The transformed axes, non-negative (``axis`` for a 1-d transform, ``axes`` for an n-d one)."""
    chosen = [axis] if axes is None and axis is not None else (range(x.ndim) if axes is None else list(axes))
    normalized = []
    for a in chosen:
        a = operator.index(a)
        if not -x.ndim <= a < x.ndim:
            raise np.exceptions.AxisError(a, x.ndim)
        normalized.append(a % x.ndim)
    if len(set(normalized)) != len(normalized):
        raise ValueError(f"the transformed axes must be distinct, not {tuple(chosen)}")
    return normalized


def _transform(name, x, *, axes, **options):
    """polyarray-numpy's ``name`` over ``axes`` of ``x``, with those axes moved last and gathered."""
    if x.ndim == 0:
        raise ValueError(f"{name} needs an array of at least one dimension")
    moved = da.moveaxis(x, axes, list(range(x.ndim - len(axes), x.ndim)))
    letters = "abcdefgh"[: len(axes)]
    signature = f"({','.join(letters)})->({','.join(c + '_' for c in letters)})"
    result = per_matrix(_Transform(name, len(axes)), signature, moved, function=f"fft.{name}", **options)
    return da.moveaxis(result, list(range(x.ndim - len(axes), x.ndim)), axes)


class _Transform:
    """A picklable callable: polyarray-numpy's transform over the last ``count`` axes of each block."""

    def __init__(self, name, count):
        self.name, self.count = name, count

    def __call__(self, block, **options):
        kernel = numpy_kernel("fft", self.name)
        if self.name in _ONE_DIMENSIONAL:
            return kernel(block, **options, axis=-1)
        return kernel(block, **options, axes=list(range(-self.count, 0)))

    def __eq__(self, other):
        return isinstance(other, _Transform) and (self.name, self.count) == (other.name, other.count)

    def __hash__(self):
        return hash((self.name, self.count))


_ONE_DIMENSIONAL = frozenset({"fft", "ifft", "rfft", "irfft", "hfft", "ihfft"})


def _one(name, x, n, axis, norm):
    return _transform(name, x, axes=_axes_of(x, axis, None), n=n, norm=norm)


def _many(name, x, s, axes, norm):
    if s is not None and axes is None:
        raise ValueError("an n-dimensional transform given s needs axes as well")
    chosen = _axes_of(x, None, axes)
    return _transform(name, x, axes=chosen, s=s, norm=norm)


@hookimpl
def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("fft", x, n, axis, norm)


@hookimpl
def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("ifft", x, n, axis, norm)


@hookimpl
def fftn(x, /, *, s=None, axes=None, norm="backward"):
    return _many("fftn", x, s, axes, norm)


@hookimpl
def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    return _many("ifftn", x, s, axes, norm)


@hookimpl
def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("rfft", x, n, axis, norm)


@hookimpl
def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("irfft", x, n, axis, norm)


@hookimpl
def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    return _many("rfftn", x, s, axes, norm)


@hookimpl
def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    return _many("irfftn", x, s, axes, norm)


@hookimpl
def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("hfft", x, n, axis, norm)


@hookimpl
def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    return _one("ihfft", x, n, axis, norm)


def _frequencies(name, n, d, dtype, device):
    check_device(device)
    # polyarray-numpy checks n, d and dtype now; the values themselves are computed blockwise.
    sample = numpy_kernel("fft", name)(1, d=d, dtype=dtype, device=device)
    return getattr(da.fft, name)(n, d=d).astype(sample.dtype)


@hookimpl
def fftfreq(n, /, *, d=1.0, dtype=None, device=None):
    if n < 1:
        raise ValueError(f"the window length n must be at least 1, not {n}")
    return _frequencies("fftfreq", n, d, dtype, device)


@hookimpl
def rfftfreq(n, /, *, d=1.0, dtype=None, device=None):
    if n < 1:
        raise ValueError(f"the window length n must be at least 1, not {n}")
    return _frequencies("rfftfreq", n, d, dtype, device)


def _no_axes(x, axes):
    if axes is None:
        return x.ndim == 0
    return np.ndim(axes) == 1 and len(axes) == 0


@hookimpl
def fftshift(x, /, *, axes=None):
    return x.copy() if _no_axes(x, axes) else da.fft.fftshift(x, axes=axes)


@hookimpl
def ifftshift(x, /, *, axes=None):
    return x.copy() if _no_axes(x, axes) else da.fft.ifftshift(x, axes=axes)
