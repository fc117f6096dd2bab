"""The ``pa.fft`` extension against NumPy (array API standard 2024.12).

References are computed in double precision with NumPy (the same on NumPy
1.26 and 2.x); the result dtype is checked against the standard: the
precision of the input (single precision for float16, float32 and complex64).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

SINGLE = {np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.complex64)}
REAL = [np.dtype(d) for d in (np.float16, np.float32, np.float64, np.int32, np.bool_)]
COMPLEX = [np.dtype(np.complex64), np.dtype(np.complex128)]
ANY = REAL + COMPLEX
NORMS = st.sampled_from(["backward", "ortho", "forward"])
STANDARD_FFT = "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft ihfft fftfreq rfftfreq fftshift ifftshift".split()
COMPLEX_OUTPUT = ("fft", "ifft", "fftn", "ifftn", "rfft", "rfftn", "ihfft")


def native(result):
    assert isinstance(result, pa.Array), type(result)
    return np.asarray(result.data)


def complex_of(dtype):
    return np.dtype(np.complex64) if np.dtype(dtype) in SINGLE else np.dtype(np.complex128)


def real_of(dtype):
    return np.dtype(np.float32) if np.dtype(dtype) in SINGLE else np.dtype(np.float64)


def close(got, expected, input_dtype):
    """Within the rounding error of the input's precision, scaled by the largest value."""
    scale = max(1.0, float(np.abs(expected).max(initial=0)))
    tol = 2e-3 if np.dtype(input_dtype) in SINGLE else 1e-10
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * scale)


def _double(x):
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


@st.composite
def signals(draw, dtypes=ANY, min_dims=1, max_dims=3, min_side=1, max_side=6):
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side))
    if dtype.kind == "b":
        return draw(hnp.arrays(dtype, shape))
    if dtype.kind == "i":
        return draw(hnp.arrays(dtype, shape, elements=st.integers(-5, 5)))
    elements = st.floats(-1, 1, allow_nan=False, width=16)
    values = draw(hnp.arrays(np.float64, shape, elements=elements))
    if dtype.kind == "c":
        values = values + 1j * draw(hnp.arrays(np.float64, shape, elements=elements))
    return values.astype(dtype)


@st.composite
def axes_and_sizes(draw, x, allow_minus_one=True, max_size=6, min_size=1):
    """``(s, axes)`` for an n-dimensional transform of ``x``: unique axes (some negative), sizes or None."""
    if draw(st.booleans()):
        return None, None
    axes = draw(st.lists(st.integers(0, x.ndim - 1), min_size=1, max_size=x.ndim, unique=True))
    axes = [a - x.ndim if draw(st.booleans()) else a for a in axes]
    if draw(st.booleans()):
        return None, axes
    sizes = st.integers(min_size, max_size) | st.just(-1) if allow_minus_one else st.integers(min_size, max_size)
    return [draw(sizes) for _ in axes], axes


def _resolve(x, s, axes, inverse_real=False):
    """``s`` with each ``-1`` replaced by the axis's default length."""
    if s is None:
        return None
    resolved = []
    for index, (size, axis) in enumerate(zip(s, axes)):
        last = inverse_real and index == len(s) - 1
        resolved.append(size if size != -1 else (2 * (x.shape[axis] - 1) if last else x.shape[axis]))
    return resolved


# -- the namespace ----------------------------------------------------------------------


def test_fft_namespace_has_every_standard_function():
    assert sorted(pa.fft.__all__) == sorted(STANDARD_FFT)
    assert all(callable(getattr(pa.fft, name)) for name in STANDARD_FFT)
    assert not hasattr(pa.Array, "fftshift")


def test_native_mode_returns_numpy_arrays():
    pa.set_array_mode(False)
    assert type(pa.fft.fft(np.ones(4))) is np.ndarray
    assert type(pa.fft.fftfreq(4)) is np.ndarray
    assert type(pa.fft.fftshift(np.arange(4))) is np.ndarray


PRECISION_CASES = [
    (name, np.dtype(dtype))
    for name in (*COMPLEX_OUTPUT, "irfft", "irfftn", "hfft")
    for dtype in (np.float16, np.float32, np.float64, np.complex64, np.complex128, np.int64)
    if not (name in ("rfft", "rfftn", "ihfft") and np.dtype(dtype).kind == "c")
]


@pytest.mark.parametrize(("name", "dtype"), PRECISION_CASES, ids=[f"{n}-{d}" for n, d in PRECISION_CASES])
def test_result_precision_follows_the_input(name, dtype):
    result = getattr(pa.fft, name)(pa.asarray(np.ones((2, 4), dtype)))
    want = complex_of(dtype) if name in COMPLEX_OUTPUT else real_of(dtype)
    assert result.dtype == getattr(pa, want.name)
    assert native(result).dtype == want


# -- complex-to-complex transforms ------------------------------------------------------


@pytest.mark.parametrize("name", ["fft", "ifft"])
@given(data=st.data(), norm=NORMS)
def test_fft_and_ifft(name, data, norm):
    x = data.draw(signals())
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 8))
    result = native(getattr(pa.fft, name)(pa.asarray(x), n=n, axis=axis, norm=norm))
    expected = getattr(np.fft, name)(_double(x), n=n, axis=axis, norm=norm)
    assert result.dtype == complex_of(x.dtype) and result.shape == expected.shape
    close(result, expected, x.dtype)


@given(signals(COMPLEX), NORMS)
def test_ifft_inverts_fft(x, norm):
    y = pa.fft.ifft(pa.fft.fft(pa.asarray(x), norm=norm), norm=norm)
    close(native(y), x, x.dtype)


@pytest.mark.parametrize("name", ["fftn", "ifftn"])
@given(data=st.data(), norm=NORMS)
def test_fftn_and_ifftn(name, data, norm):
    x = data.draw(signals())
    s, axes = data.draw(axes_and_sizes(x))
    result = native(getattr(pa.fft, name)(pa.asarray(x), s=s, axes=axes, norm=norm))
    expected = getattr(np.fft, name)(_double(x), s=_resolve(x, s, axes), axes=axes, norm=norm)
    assert result.dtype == complex_of(x.dtype) and result.shape == expected.shape
    close(result, expected, x.dtype)


@given(signals(COMPLEX, max_dims=3, max_side=4), NORMS)
def test_ifftn_inverts_fftn(x, norm):
    close(native(pa.fft.ifftn(pa.fft.fftn(pa.asarray(x), norm=norm), norm=norm)), x, x.dtype)


# -- real-input transforms and their inverses -------------------------------------------


@pytest.mark.parametrize("name", ["rfft", "ihfft"])
@given(data=st.data(), norm=NORMS)
def test_rfft_and_ihfft(name, data, norm):
    x = data.draw(signals(REAL))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 8))
    result = native(getattr(pa.fft, name)(pa.asarray(x), n=n, axis=axis, norm=norm))
    expected = getattr(np.fft, name)(_double(x), n=n, axis=axis, norm=norm)
    length = (x.shape[axis] if n is None else n) // 2 + 1
    assert result.dtype == complex_of(x.dtype) and result.shape == expected.shape
    assert result.shape[axis] == length
    close(result, expected, x.dtype)


@pytest.mark.parametrize("name", ["irfft", "hfft"])
@given(data=st.data(), norm=NORMS)
def test_irfft_and_hfft(name, data, norm):
    x = data.draw(signals(ANY, min_side=2))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 9))
    result = native(getattr(pa.fft, name)(pa.asarray(x), n=n, axis=axis, norm=norm))
    expected = getattr(np.fft, name)(_double(x), n=n, axis=axis, norm=norm)
    assert result.dtype == real_of(x.dtype) and result.shape == expected.shape
    assert result.shape[axis] == (2 * (x.shape[axis] - 1) if n is None else n)
    close(result, expected, x.dtype)


@given(signals([np.dtype(np.float32), np.dtype(np.float64)]), NORMS)
def test_irfft_inverts_rfft(x, norm):
    n = x.shape[-1]
    y = native(pa.fft.irfft(pa.fft.rfft(pa.asarray(x), norm=norm), n=n, norm=norm))
    assert y.dtype == x.dtype
    close(y, x, x.dtype)
    z = native(pa.fft.hfft(pa.fft.ihfft(pa.asarray(x), norm=norm), n=n, norm=norm))
    assert z.dtype == x.dtype
    close(z, x, x.dtype)


@given(data=st.data(), norm=NORMS)
def test_rfftn(data, norm):
    x = data.draw(signals(REAL))
    s, axes = data.draw(axes_and_sizes(x))
    result = native(pa.fft.rfftn(pa.asarray(x), s=s, axes=axes, norm=norm))
    expected = np.fft.rfftn(_double(x), s=_resolve(x, s, axes), axes=axes, norm=norm)
    assert result.dtype == complex_of(x.dtype) and result.shape == expected.shape
    close(result, expected, x.dtype)


@given(data=st.data(), norm=NORMS)
def test_irfftn(data, norm):
    x = data.draw(signals(ANY, min_side=2))
    s, axes = data.draw(axes_and_sizes(x))
    result = native(pa.fft.irfftn(pa.asarray(x), s=s, axes=axes, norm=norm))
    resolved = _resolve(x, s, axes, inverse_real=True)
    expected = np.fft.irfftn(_double(x), s=resolved, axes=axes, norm=norm)
    assert result.dtype == real_of(x.dtype) and result.shape == expected.shape
    last = -1 if axes is None else axes[-1]
    assert result.shape[last] == (2 * (x.shape[last] - 1) if s is None else resolved[-1])
    close(result, expected, x.dtype)


@given(signals([np.dtype(np.float32), np.dtype(np.float64)], max_side=4), NORMS)
def test_irfftn_inverts_rfftn(x, norm):
    y = native(pa.fft.irfftn(pa.fft.rfftn(pa.asarray(x), norm=norm), s=x.shape, axes=range(x.ndim), norm=norm))
    assert y.dtype == x.dtype
    close(y, x, x.dtype)


# -- special values and errors ----------------------------------------------------------


def test_special_values():
    y = native(pa.fft.fft(pa.asarray([np.nan, 1.0, 2.0])))
    assert np.all(np.isnan(y))
    y = native(pa.fft.fft(pa.asarray([1e300, -1e300])))
    np.testing.assert_allclose(y, [0.0, 2e300])
    assert native(pa.fft.fft(pa.asarray(np.ones((0, 4))))).shape == (0, 4)
    assert native(pa.fft.rfft(pa.asarray(np.ones((3, 0, 4), np.float32)))).shape == (3, 0, 3)
    assert native(pa.fft.fft(pa.asarray([1.0, 2.0]), n=5)).shape == (5,)
    np.testing.assert_allclose(native(pa.fft.fft(pa.asarray([1.0, 2.0, 3.0]), n=1)), [1.0])


@pytest.mark.parametrize("name", ["rfft", "rfftn", "ihfft"])
def test_real_input_transforms_reject_complex_input(name):
    with pytest.raises(pa.PolyarrayTypeError):
        getattr(pa.fft, name)(pa.asarray(np.ones(4, np.complex64)))


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_n_dimensional_transforms_need_axes_with_s(name):
    x = pa.asarray(np.ones((2, 4)))
    with pytest.raises(pa.PolyarrayValueError):
        getattr(pa.fft, name)(x, s=(2, 4))
    with pytest.raises(pa.PolyarrayValueError):
        getattr(pa.fft, name)(x, s=(2, 4), axes=(0,))


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_bad_lengths_and_norms(name):
    x = pa.asarray(np.ones(4))
    with pytest.raises(pa.PolyarrayValueError):
        getattr(pa.fft, name)(x, n=0)
    with pytest.raises(pa.PolyarrayValueError):
        getattr(pa.fft, name)(x, norm="sideways")
    with pytest.raises(pa.PolyarrayError):
        getattr(pa.fft, name)(pa.asarray(1.0))
    with pytest.raises(pa.PolyarrayError):
        getattr(pa.fft, name)(x, axis=1)


# -- fftfreq, rfftfreq ------------------------------------------------------------------


@given(st.integers(1, 40), st.floats(0.01, 100), st.sampled_from([None, pa.float32, pa.float64]))
def test_fftfreq(n, d, dtype):
    result = native(pa.fft.fftfreq(n, d=d, dtype=dtype))
    want = np.float64 if dtype is None else np.dtype(dtype.name)
    k = np.concatenate([np.arange(0, (n + 1) // 2), np.arange(-(n // 2), 0)])
    assert result.dtype == want and result.shape == (n,)
    np.testing.assert_allclose(result, k / (d * n), rtol=1e-6 if want == np.float32 else 1e-12)
    np.testing.assert_allclose(result, np.fft.fftfreq(n, d).astype(want), rtol=1e-6)


@given(st.integers(1, 40), st.floats(0.01, 100), st.sampled_from([None, pa.float32, pa.float64]))
def test_rfftfreq(n, d, dtype):
    result = native(pa.fft.rfftfreq(n, d=d, dtype=dtype, device="cpu"))
    want = np.float64 if dtype is None else np.dtype(dtype.name)
    assert result.dtype == want and result.shape == (n // 2 + 1,)
    np.testing.assert_allclose(result, np.arange(n // 2 + 1) / (d * n), rtol=1e-6 if want == np.float32 else 1e-12)


@pytest.mark.parametrize("function", [pa.fft.fftfreq, pa.fft.rfftfreq])
def test_frequencies_reject_bad_arguments(function):
    with pytest.raises(pa.PolyarrayValueError):
        function(0)
    with pytest.raises(pa.PolyarrayValueError):
        function(4, device="gpu:0")
    with pytest.raises(pa.PolyarrayTypeError):
        function(4, dtype=pa.int32)
    with pytest.raises(pa.PolyarrayTypeError):
        function(4, dtype=pa.complex64)
    assert function(4, dtype="float32").dtype == pa.float32


# -- fftshift, ifftshift ----------------------------------------------------------------


@given(st.data())
def test_fftshift_and_ifftshift(data):
    dtype = data.draw(st.sampled_from([*ANY, np.dtype(np.uint8)]))
    x = data.draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)))
    axes = data.draw(
        st.none()
        | (st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none())
        | st.lists(st.integers(0, max(x.ndim - 1, 0)), unique=True, max_size=x.ndim).map(tuple)
    )
    chosen = range(x.ndim) if axes is None else ([axes] if isinstance(axes, int) else axes)
    chosen = [a % x.ndim for a in chosen]
    shifted = native(pa.fft.fftshift(pa.asarray(x), axes=axes))
    expected = np.roll(x, [x.shape[a] // 2 for a in chosen], axis=chosen) if chosen else x
    assert shifted.dtype == x.dtype and shifted.shape == x.shape
    np.testing.assert_array_equal(shifted, expected)
    back = native(pa.fft.ifftshift(pa.asarray(shifted), axes=axes))
    np.testing.assert_array_equal(back, x)
    expected_inverse = np.roll(x, [-(x.shape[a] // 2) for a in chosen], axis=chosen) if chosen else x
    np.testing.assert_array_equal(native(pa.fft.ifftshift(pa.asarray(x), axes=axes)), expected_inverse)


def test_fftshift_keeps_negative_zero():
    shifted = native(pa.fft.fftshift(pa.asarray([-0.0, 1.0, 2.0])))
    np.testing.assert_array_equal(shifted, [2.0, -0.0, 1.0])
    assert np.signbit(shifted[1])
