"""handle_complex_input: ``complex_mode=`` of the activations, each mode against a NumPy reference."""

from __future__ import annotations

import inspect
import math
import types

import numpy as np
import pytest
from dtype_sets import COMPLEX, FLOATING
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

_erf = np.vectorize(math.erf, otypes=[np.float64])

#: The activations on real numbers (float64), as NumPy computes them.
REAL = {
    "relu": lambda x: np.maximum(x, 0.0),
    "leaky_relu": lambda x, alpha=0.2: np.where(x < 0, alpha * x, x),
    "gelu": lambda x, approximate=False: (
        x * 0.5 * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))
        if approximate
        else x * 0.5 * (1 + _erf(x / np.sqrt(2)))
    ),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "softplus": lambda x, beta=1.0, threshold=None: (
        np.where(beta * x > threshold, x, np.logaddexp(beta * x, 0) / beta)
        if threshold is not None
        else np.logaddexp(beta * x, 0) / beta
    ),
}

#: (function, keyword arguments) cases.
CASES = [
    ("relu", {}),
    ("leaky_relu", {}),
    ("leaky_relu", {"alpha": 0.5}),
    ("gelu", {}),
    ("gelu", {"approximate": True}),
    ("sigmoid", {}),
    ("softplus", {}),
    ("softplus", {"beta": 2.0, "threshold": 3.0}),
]


def _ids(case):
    name, kwargs = case
    return name + "".join(f"-{k}={v}" for k, v in kwargs.items())


def _complex(real, imag, dtype):
    out = np.empty(np.shape(real), dtype=dtype)
    out.real, out.imag = real, imag
    return out


@st.composite
def _complex_arrays(draw, limit=8.0):
    dtype = draw(st.sampled_from(COMPLEX))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4))
    parts = st.floats(-limit, limit, width=32, allow_subnormal=False)
    real, imag = (draw(hnp.arrays(np.float64, shape, elements=parts)) for _ in range(2))
    return _complex(real, imag, dtype)


def _close(got, expected, z):
    assert type(got) is pa.Array
    assert got.dtype == z.dtype and got.shape == z.shape
    # gelu's exact form in the core is accurate to 1.2e-7 (see pa.gelu).
    tolerance = (1e-4, 1e-5) if z.dtype == np.complex64 else (1e-6, 1e-12)
    np.testing.assert_allclose(pa.to_numpy(got), expected, rtol=tolerance[0], atol=tolerance[1])


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(z=_complex_arrays())
def test_split_mode_applies_the_function_to_both_parts(case, z):
    name, kwargs = case
    f = REAL[name]
    z64 = z.astype(np.complex128)
    with np.errstate(all="ignore"):
        expected = _complex(f(z64.real, **kwargs), f(z64.imag, **kwargs), np.complex128)
    _close(getattr(pa, name)(pa.asarray(z), complex_mode="split", **kwargs), expected, z)


@pytest.mark.parametrize("case", CASES, ids=_ids)
@given(z=_complex_arrays())
def test_magnitude_mode_applies_the_function_to_the_modulus_and_keeps_the_phase(case, z):
    name, kwargs = case
    f = REAL[name]
    z64 = z.astype(np.complex128)
    with np.errstate(all="ignore"):
        # |z| in the input's precision, as polyarray computes it: thresholds (softplus) then agree.
        expected = f(np.abs(z).astype(np.float64), **kwargs) * np.exp(1j * np.angle(z64))
    _close(getattr(pa, name)(pa.asarray(z), complex_mode="magnitude", **kwargs), expected, z)


def _lex(z, compare, bound=0.0):
    """``compare(z, bound)`` ordering complex numbers by real part, then imaginary part (JAX's order)."""
    return np.where(z.real == bound, compare(z.imag, 0.0), compare(z.real, bound))


def _jax_logaddexp0(z):
    larger = np.where(_lex(z, np.greater), z, 0)
    out = larger + np.log1p(np.exp(z - 2 * larger))
    return _complex(out.real, np.remainder(out.imag + np.pi, 2 * np.pi) - np.pi, out.dtype)


#: jax.nn's functions on complex input, written with NumPy (computed in the input's precision).
JAX = {
    "relu": lambda z: np.where(_lex(z, np.greater), z, 0),
    "leaky_relu": lambda z, alpha=0.2: np.where(_lex(z, np.greater_equal), z, alpha * z),
    "gelu": lambda z, approximate: (
        z * ((1 + np.tanh((z + (z * z * z) * z.dtype.type(0.044715)) * z.dtype.type(math.sqrt(2 / math.pi)))) * 0.5)
    ),
    "sigmoid": lambda z: 1 / (1 + np.exp(-z)),
    "softplus": lambda z, beta=1.0, threshold=None: (
        np.where(_lex(beta * z, np.greater, threshold), z, _jax_logaddexp0(beta * z) / beta)
        if threshold is not None
        else _jax_logaddexp0(beta * z) / beta
    ),
}


@pytest.mark.parametrize("case", [c for c in CASES if c != ("gelu", {})], ids=_ids)
@given(z=_complex_arrays(limit=4.0))
def test_jax_mode_is_jax_nn_on_complex_input(case, z):
    name, kwargs = case
    with np.errstate(all="ignore"):
        expected = JAX[name](z, **kwargs)
    got = getattr(pa, name)(pa.asarray(z), **kwargs)  # "jax" is the default
    _close(got, expected, z)
    _close(getattr(pa, name)(pa.asarray(z), complex_mode="jax", **kwargs), expected, z)


@given(z=_complex_arrays(limit=4.0))
def test_jax_softplus_is_a_logarithm_of_one_plus_exp(z):
    z = z.astype(np.complex128)
    result = pa.to_numpy(pa.softplus(pa.asarray(z)))
    np.testing.assert_allclose(np.exp(result), 1 + np.exp(z), rtol=1e-9, atol=1e-12)
    assert np.all(result.imag >= -np.pi) and np.all(result.imag < np.pi)


def test_jax_relu_orders_by_real_part_then_imaginary_part():
    z = np.array([1 - 5j, -1 + 5j, 0 + 2j, 0 - 2j, 0j, 3j - 0.0])
    got = pa.to_numpy(pa.relu(pa.asarray(z)))
    np.testing.assert_array_equal(got, [1 - 5j, 0, 2j, 0, 0, 3j])
    np.testing.assert_array_equal(
        pa.to_numpy(pa.leaky_relu(pa.asarray(z), alpha=0.5)), [1 - 5j, -0.5 + 2.5j, 2j, -1j, 0, 3j]
    )


def test_jax_mode_rejects_exact_gelu_of_complex_input():
    with pytest.raises(pa.PolyarrayTypeError, match="approximate"):
        pa.gelu(pa.asarray([1 + 1j]))
    # the other modes only ever give the function real input
    for mode in ("split", "magnitude"):
        assert pa.gelu(pa.asarray([1 + 1j]), complex_mode=mode).dtype == pa.complex128


@pytest.mark.parametrize("case", CASES, ids=_ids)
@pytest.mark.parametrize("mode", ["jax", "split", "magnitude"])
@given(data=st.data())
def test_real_input_is_passed_through_untouched(case, mode, data):
    name, kwargs = case
    dtype = data.draw(st.sampled_from(FLOATING))
    x = data.draw(hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3)))
    with np.errstate(all="ignore"):
        plain = getattr(pa, name)(x, **kwargs)
        moded = getattr(pa, name)(x, complex_mode=mode, **kwargs)
    assert moded.dtype == plain.dtype == dtype
    np.testing.assert_array_equal(pa.to_numpy(moded), pa.to_numpy(plain))


def test_infinite_and_nan_parts_are_placed_exactly():
    z = pa.asarray(np.array([complex(1, np.inf), complex(-np.inf, np.nan), complex(np.nan, 2), complex(-3, -np.inf)]))
    got = pa.to_numpy(pa.relu(z, complex_mode="split"))
    np.testing.assert_array_equal(got.real, [1, 0, np.nan, 0])
    np.testing.assert_array_equal(got.imag, [np.inf, np.nan, 2, 0])
    w = pa.asarray(np.array([complex(0, np.inf), complex(0, -np.inf), complex(np.inf, 0), 0j]))
    got = pa.to_numpy(pa.softplus(w, complex_mode="magnitude"))
    np.testing.assert_array_equal(got.real, [0, 0, np.inf, np.log(2)])
    np.testing.assert_array_equal(got.imag, [np.inf, -np.inf, 0, 0])
    assert complex(pa.sigmoid(pa.asarray(0j), complex_mode="magnitude")) == 0.5  # a zero keeps the phase 1


def test_python_complex_scalars_and_native_mode():
    _close(pa.relu(-1 + 2j, complex_mode="split"), np.array(2j), np.array(0j))
    pa.set_array_mode(False)
    out = pa.sigmoid(np.array([1 + 1j], dtype=np.complex64), complex_mode="split")
    assert type(out) is np.ndarray and out.dtype == np.complex64
    s = 1 / (1 + np.exp(-1.0))
    np.testing.assert_allclose(out, [s + 1j * s], rtol=1e-6)


def test_complex_mode_is_a_keyword_of_the_activations_only():
    for name in ("relu", "leaky_relu", "gelu", "sigmoid", "softplus"):
        parameter = inspect.signature(getattr(pa, name)).parameters["complex_mode"]
        assert parameter.default == "jax" and parameter.kind is inspect.Parameter.KEYWORD_ONLY
    for name in ("exp", "softmax", "add"):
        assert "complex_mode" not in inspect.signature(getattr(pa, name)).parameters
    with pytest.raises(pa.PolyarrayValueError, match="complex_mode") as info:
        pa.relu(pa.asarray([1j]), complex_mode="polar")
    assert isinstance(info.value, ValueError)
    with pytest.raises(pa.PolyarrayValueError, match="complex_mode"):
        pa.relu(pa.asarray([1.0]), complex_mode="polar")


def test_an_implementation_declaring_complex_mode_receives_it():
    from polyarray_numpy import interop, support
    from polyarray_numpy._marker import hookimpl

    seen = []

    @hookimpl
    def relu(x, /, *, complex_mode="jax"):
        seen.append(complex_mode)
        return np.abs(x)

    module = types.ModuleType("polyarray_complex_test_plugin")
    module.native_dtype = support.native_dtype
    module.device_of = support.device_of
    module.to_numpy = interop.to_numpy
    module.relu = relu
    pa.register_backend("complexoptin", module)
    try:
        z = np.array([3 + 4j])
        result = pa.relu(z, complex_mode="magnitude", backend="complexoptin")
        assert seen == ["magnitude"]
        np.testing.assert_array_equal(np.asarray(pa.to_native(result)), [5.0])
        pa.relu(z, backend="complexoptin")
        assert seen == ["magnitude", "jax"]
    finally:
        pa.unregister_backend("complexoptin")


def test_containers_are_handled_leaf_by_leaf():
    c = pa.Container(a=pa.asarray([1 - 2j, -1 + 1j]), b={"c": pa.asarray([-1.0, 2.0])})
    split = pa.relu(c, complex_mode="split")
    np.testing.assert_array_equal(pa.to_numpy(split.a), [1 + 0j, 0 + 1j])
    np.testing.assert_array_equal(pa.to_numpy(split.b.c), [0.0, 2.0])
    magnitude = pa.sigmoid(c, complex_mode="magnitude")
    z = np.array([1 - 2j, -1 + 1j])
    np.testing.assert_allclose(pa.to_numpy(magnitude.a), REAL["sigmoid"](np.abs(z)) * z / np.abs(z), rtol=1e-12)
    jax = pa.relu(c)
    np.testing.assert_array_equal(pa.to_numpy(jax.a), [1 - 2j, 0])
