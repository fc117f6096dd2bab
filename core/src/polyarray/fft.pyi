# Generated from polyarray's declarations by `python -m polyarray._stubgen`: do not edit.
"""``pa.fft``: the array API standard's Fourier transform extension."""

from collections.abc import Sequence
from typing import Literal

from polyarray._array import Array
from polyarray._backend import Backend
from polyarray.api._types import ArrayLike, Device, DTypeLike

__all__ = [
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
]

def fft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The one-dimensional discrete Fourier transform along ``axis``.

    ``n`` zero-pads or trims that axis first (default: its length; ``n``
    must be at least 1). The result is complex, of ``x``'s precision, with
    length ``n`` along ``axis``.

    >>> y = pa.fft.fft(pa.asarray([1.0, 2.0, 3.0, 4.0]))
    >>> y.shape, y.dtype, complex(y[0])
    ((4,), pa.complex128, (10+0j))
    """

def ifft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The one-dimensional inverse discrete Fourier transform along ``axis``.

    ``ifft(fft(x)) == x`` up to rounding when both use the same ``n``,
    ``axis`` and ``norm``. The result is complex, of ``x``'s precision.

    >>> pa.fft.ifft(pa.asarray([4.0, 0.0, 0.0, 0.0]))
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], backend=numpy, dtype=complex128)
    """

def fftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The n-dimensional discrete Fourier transform over ``axes`` (default: every axis).

    ``s`` gives the length of each transformed axis (zero-padding or
    trimming; ``-1`` keeps the axis's length) and needs ``axes``. The
    ``norm`` scaling uses ``n = prod(s)``. The result is complex, of ``x``'s
    precision.

    >>> y = pa.fft.fftn(pa.ones((2, 3)))
    >>> y.shape, complex(y[0, 0])
    ((2, 3), (6+0j))
    """

def ifftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The n-dimensional inverse discrete Fourier transform over ``axes`` (default: every axis).

    ``s`` and ``axes`` as in :func:`fftn`; the result is complex, of ``x``'s
    precision.

    >>> pa.fft.ifftn(pa.asarray([[4.0, 0.0], [0.0, 0.0]]))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], backend=numpy, dtype=complex128)
    """

def rfft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The one-dimensional discrete Fourier transform of real input, non-negative frequencies only.

    ``x`` must be real (complex input raises ``pa.PolyarrayTypeError``).
    The result is complex, of ``x``'s precision, with ``n // 2 + 1``
    elements along ``axis``.

    >>> y = pa.fft.rfft(pa.asarray([1.0, 2.0, 3.0, 4.0]))
    >>> y.shape, y.dtype, complex(y[0])
    ((3,), pa.complex128, (10+0j))
    """

def irfft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The inverse of :func:`rfft`: real output of length ``n`` along ``axis``.

    ``n`` is the output length (default ``2 * (m - 1)`` for an input of
    length ``m``; pass an odd ``n`` for an odd-length result); the input is
    zero-padded or trimmed to ``n // 2 + 1`` first. The result is real, of
    ``x``'s precision.

    >>> pa.fft.irfft(pa.asarray([4.0, 0.0, 0.0]))
    Array([1., 1., 1., 1.], backend=numpy, dtype=float64)
    """

def rfftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The n-dimensional discrete Fourier transform of real input.

    The last transformed axis is halved as in :func:`rfft` (``s[-1] // 2 + 1``
    elements), the others are full transforms. ``x`` must be real; the
    result is complex, of ``x``'s precision.

    >>> y = pa.fft.rfftn(pa.ones((2, 4)))
    >>> y.shape, complex(y[0, 0])
    ((2, 3), (8+0j))
    """

def irfftn(
    x: ArrayLike,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The inverse of :func:`rfftn`: real output with the lengths ``s`` on ``axes``.

    The default length of the last transformed axis is ``2 * (m - 1)``
    (also what ``-1`` there means). The result is real, of ``x``'s
    precision.

    >>> pa.fft.irfftn(pa.asarray([[8.0, 0.0, 0.0], [0.0, 0.0, 0.0]]))
    Array([[1., 1., 1., 1.],
           [1., 1., 1., 1.]], backend=numpy, dtype=float64)
    """

def hfft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The discrete Fourier transform of a signal with Hermitian symmetry, given by its first half.

    ``n`` is the output length (default ``2 * (m - 1)``). The result is real,
    of ``x``'s precision.

    >>> pa.fft.hfft(pa.asarray([1.0, 0.0, 0.0]))
    Array([1., 1., 1., 1.], backend=numpy, dtype=float64)
    """

def ihfft(
    x: ArrayLike,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
    backend: str | Backend | None = None,
) -> Array:
    """The inverse of :func:`hfft`: the first half (``n // 2 + 1`` elements) of the inverse transform of real input.

    ``x`` must be real (complex input raises ``pa.PolyarrayTypeError``). The
    result is complex, of ``x``'s precision.

    >>> y = pa.fft.ihfft(pa.asarray([1.0, 1.0, 1.0, 1.0]))
    >>> y.shape, y.dtype, complex(y[0]).real
    ((3,), pa.complex128, 1.0)
    """

def fftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The sample frequencies of a transform of length ``n`` and sample spacing ``d``.

    ``[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (d * n)``, of the
    real floating-point ``dtype`` (default float64). ``n`` must be at least 1.

    >>> pa.fft.fftfreq(4, d=0.5)
    Array([ 0. ,  0.5, -1. , -0.5], backend=numpy, dtype=float64)
    """

def rfftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The non-negative sample frequencies of :func:`rfft` for a length ``n`` and spacing ``d``.

    ``[0, 1, ..., n // 2] / (d * n)`` (the Nyquist frequency counts as
    positive), of the real floating-point ``dtype`` (default float64).

    >>> pa.fft.rfftfreq(4, d=0.5, dtype=pa.float32)
    Array([0. , 0.5, 1. ], backend=numpy, dtype=float32)
    """

def fftshift(
    x: ArrayLike,
    /,
    *,
    axes: int | Sequence[int] | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Move the zero-frequency element to the centre: roll each of ``axes`` (default: all) by half its length.

    Same shape and dtype as ``x``.

    >>> pa.fft.fftshift(pa.fft.fftfreq(5))
    Array([-0.4, -0.2,  0. ,  0.2,  0.4], backend=numpy, dtype=float64)
    """

def ifftshift(
    x: ArrayLike,
    /,
    *,
    axes: int | Sequence[int] | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The inverse of :func:`fftshift` (the two differ by one element for odd lengths).

    Same shape and dtype as ``x``.

    >>> pa.fft.ifftshift(pa.asarray([-0.4, -0.2, 0.0, 0.2, 0.4]))
    Array([ 0. ,  0.2,  0.4, -0.4, -0.2], backend=numpy, dtype=float64)
    """
