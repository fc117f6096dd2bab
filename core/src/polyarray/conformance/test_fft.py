"""The ``fft`` extension: transforms, their inverses, sample frequencies and shifts.

Inputs are finite (a transform spreads one infinity or NaN over every
output in implementation-specific ways) and the results, sums of every
input, are compared within ``n * eps`` times the sum of the input
magnitudes. The inverse real transforms (``irfft``, ``irfftn``, ``hfft``) get
Hermitian-consistent spectra, the transforms of real signals, so that no
implementation has to choose what to do with the imaginary parts a real
output cannot hold.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from polyarray.conformance._helpers import accumulation, bounded
from polyarray.testing import axes, conformance, shapes

NORMS = st.sampled_from(["backward", "ortho", "forward"])
COMPLEX_OF = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64", "float64": "complex128"}


def _finite(dtype):
    return bounded(dtype, 1e3 if dtype.name != "float16" else 30.0, specials=False)


def _atol(x):
    return accumulation(x, factor=4)


@conformance("fft.fft", "fft.ifft")
def test_fft_ifft(case, function):
    dtype = case.dtype("floating")
    x = case.array(dtype, shapes(min_dims=1, min_side=1), elements=_finite(dtype), label="x")
    n = case.draw(st.none() | st.integers(1, 8), label="n")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    case.check(function, x, n=n, axis=axis, norm=case.draw(NORMS, label="norm"), **_atol(x))


@conformance("fft.fftn", "fft.ifftn", "fft.rfftn")
def test_nd_transforms(case, function):
    dtype = case.dtype("real floating" if function == "fft.rfftn" else "floating")
    x = case.array(dtype, shapes(min_dims=1, min_side=1, max_dims=3), elements=_finite(dtype), label="x")
    chosen = case.draw(st.none() | axes(x.ndim, allow_none=False, allow_int=False), label="axes")
    if chosen == ():
        chosen = None
    s = None
    if chosen is not None and case.draw(st.booleans(), label="with s"):
        s = [case.draw(st.sampled_from([-1, 1, 2, 3, 5]), label="length") for _ in chosen]
    case.check(function, x, s=s, axes=chosen, norm=case.draw(NORMS, label="norm"), **_atol(x))


@conformance("fft.rfft", "fft.ihfft")
def test_real_input_transforms(case, function):
    dtype = case.dtype("real floating")
    x = case.array(dtype, shapes(min_dims=1, min_side=1), elements=_finite(dtype), label="x")
    n = case.draw(st.none() | st.integers(1, 8), label="n")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    case.check(function, x, n=n, axis=axis, norm=case.draw(NORMS, label="norm"), **_atol(x))


@conformance("fft.rfft", "fft.rfftn")
def test_real_transforms_refuse_complex(case, function):
    x = case.array(case.dtype("complex floating"), (4,), label="x")
    case.check(function, x, expect_error=True)


def _spectrum(case, real_dtype, shape, axis, hermitian_conjugate=False):
    """The rfft (along ``axis``, full transforms elsewhere) of a real signal of ``shape``, in the complex dtype."""
    signal = case.draw(hnp.arrays(np.float64, shape, elements=st.floats(-1e3, 1e3, width=16)), label="signal")
    others = tuple(i for i in range(len(shape)) if i != axis % len(shape))
    spectrum = np.fft.rfft(signal, axis=axis)
    if others:
        spectrum = np.fft.fftn(spectrum, axes=others)
    if hermitian_conjugate:
        spectrum = np.conj(spectrum)
    complex_name = COMPLEX_OF[real_dtype.name]
    values = spectrum.astype(complex_name)
    return case.asarray(values, complex_name)


@conformance("fft.irfft", "fft.hfft")
def test_real_output_transforms(case, function):
    """Spectra of real signals of length ``L``; the output length is ``L`` (or the default when ``L`` is even)."""
    dtype = case.dtype(("float32", "float64"))
    shape = case.draw(shapes(min_dims=1, min_side=1, max_side=6), label="signal shape")
    axis = case.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    length = shape[axis]
    x = _spectrum(case, dtype, shape, axis, hermitian_conjugate=function == "fft.hfft")
    n = length if length % 2 or length == 1 or case.draw(st.booleans(), label="explicit n") else None
    case.check(function, x, n=n, axis=axis, norm=case.draw(NORMS, label="norm"), **_atol(x))


@conformance("fft.irfftn")
def test_irfftn(case):
    dtype = case.dtype(("float32", "float64"))
    shape = case.draw(shapes(min_dims=1, min_side=1, max_side=5, max_dims=3), label="signal shape")
    x = _spectrum(case, dtype, shape, -1)
    s = list(shape)
    case.check("fft.irfftn", x, s=s, axes=list(range(len(shape))), norm=case.draw(NORMS, label="norm"), **_atol(x))


@conformance("fft.fft", "fft.irfft")
def test_transforms_of_nothing(case, function):
    """A transform over an axis of length 0 is an error everywhere."""
    dtype = case.dtype("complex floating")
    case.check(function, case.array(dtype, (0,)), expect_error=True)


@conformance("fft.fftfreq", "fft.rfftfreq")
def test_frequencies(case, function):
    n = case.draw(st.integers(1, 12), label="n")
    d = case.draw(st.sampled_from([1.0, 0.5, 0.1, 3.0, -2.0]), label="d")
    candidates = [c for c in case.xp.dtypes if c.kind == "real floating"]
    dtype = case.draw(st.none() | st.sampled_from(candidates), label="dtype")
    case.check(function, n, d=d, dtype=dtype)


@conformance("fft.fftfreq")
def test_frequencies_need_a_length(case):
    case.check("fft.fftfreq", 0, expect_error=True)


@conformance("fft.fftshift", "fft.ifftshift")
def test_shifts(case, function):
    x = case.array(case.dtype(), label="x")
    case.check(function, x, axes=case.draw(axes(x.ndim), label="axes"))
