"""The element-wise functions, checked against NumPy on the NumPy backend.

Each function is compared with its NumPy counterpart (adjusted where the array
API standard asks for something else) on random arrays of every dtype it
accepts, including NaN, infinities, -0.0, huge values, 0-d and empty arrays,
in array mode (``pa.Array`` or native input) and in native mode.
"""

from __future__ import annotations

import inspect

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._wrappers import wrapper_parameter_names
from polyarray.api import elementwise
from polyarray_numpy import elementwise as numpy_elementwise

# NumPy warns on overflow, division by zero and invalid values: those results are what is compared.
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

BOOL = ("bool",)
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REAL_FLOATS = ("float16", "float32", "float64")
COMPLEX = ("complex64", "complex128")
FLOATING = REAL_FLOATS + COMPLEX
REAL = INTS + REAL_FLOATS
NUMERIC = REAL + COMPLEX
ALL = BOOL + NUMERIC


# -- references: NumPy, adjusted to the standard where NumPy differs ---------------------


def _keeping_integers(function):
    def reference(x):
        return x.copy() if x.dtype.kind in "biu" else function(x)

    return reference


def _complex_sign(z, real_type):
    """``z / |z|`` for one complex number, as NumPy 2 computes it, with the standard's NaN rule."""
    a, b = real_type(z.real), real_type(z.imag)
    magnitude = np.hypot(a, b)
    if np.isnan(a) or np.isnan(b) or (np.isinf(a) and np.isinf(b)):
        return complex(np.nan, np.nan)
    if np.isinf(magnitude):  # one infinite part, or finite parts whose modulus overflows
        return complex(1.0 if a > 0 else -1.0, 0.0) if np.isinf(a) else complex(0.0, 1.0 if b > 0 else -1.0)
    if magnitude == 0:
        return 0j
    return complex(a / magnitude, b / magnitude)


def _sign(x):
    if x.dtype.kind != "c":
        return np.sign(x)
    real_type = np.finfo(x.dtype).dtype.type
    values = [_complex_sign(z, real_type) for z in x.ravel().tolist()]
    return np.array(values, dtype=x.dtype).reshape(x.shape)


def _reciprocal(x):
    dtype = np.float64 if x.dtype.kind in "biu" else x.dtype
    return np.divide(np.ones(x.shape, dtype=dtype), x.astype(dtype))


def _expm1(x):
    """NumPy's expm1, with the standard's special cases for complex ``a + bj`` where NumPy's differ: a zero
    ``b`` stays that zero (``expm1(+inf + 0j)`` is ``+inf + 0j``), an infinite ``a`` with an infinite or NaN
    ``b`` gives ``+inf + NaN j`` (``a = +inf``) or ``-1 + 0j`` (``a = -inf``), and ``expm1(-0 + 0j)`` is
    ``+0 + 0j``."""
    result = np.array(np.expm1(x))
    if result.dtype.kind == "c":
        a, b = np.asarray(x.real), np.asarray(x.imag)
        with np.errstate(all="ignore"):
            zero = (b == 0) & ~np.isfinite(a)
            result.imag[zero] = b[zero]
            stuck = np.isinf(a) & ~np.isfinite(b)
            result.real[stuck] = np.where(a[stuck] > 0, np.inf, -1.0)
            result.imag[stuck] = np.where(a[stuck] > 0, np.nan, 0.0)
            both_zero = (a == 0) & (b == 0)
            result.real[both_zero] = 0.0
    return result


def _floor_divide(x1, x2):
    """NumPy's floor_divide, with the standard's ``floor(x1 / x2)`` where an operand is infinite (NumPy gives
    ``1 // -inf == -1``, the standard ``floor(-0.0) == -0.0``)."""
    result = np.floor_divide(x1, x2)
    if np.result_type(x1, x2).kind != "f":
        return result
    with np.errstate(all="ignore"):
        return np.where(np.isinf(x1) | np.isinf(x2), np.floor(np.divide(x1, x2)), result)


def _tanh(x):
    """NumPy's tanh, with the standard's special case for complex ``a + bj`` with an infinite ``a`` and a finite
    nonzero ``b``: ``±1 + 0j`` with the zero of ``b``'s sign (NumPy gives the sign of ``sin(2b)``)."""
    result = np.array(np.tanh(x))
    if result.dtype.kind == "c":
        a, b = np.asarray(x.real), np.asarray(x.imag)
        special = np.isinf(a) & np.isfinite(b) & (b != 0)
        result.imag[special] = np.copysign(0.0, b[special])
    return result


UNARY = {
    "abs": (np.abs, NUMERIC),
    "acos": (np.arccos, FLOATING),
    "acosh": (np.arccosh, FLOATING),
    "asin": (np.arcsin, FLOATING),
    "asinh": (np.arcsinh, FLOATING),
    "atan": (np.arctan, FLOATING),
    "atanh": (np.arctanh, FLOATING),
    "bitwise_invert": (np.invert, BOOL + INTS),
    "ceil": (_keeping_integers(np.ceil), BOOL + REAL),
    "conj": (np.conjugate, NUMERIC),
    "cos": (np.cos, FLOATING),
    "cosh": (np.cosh, FLOATING),
    "exp": (np.exp, FLOATING),
    "expm1": (_expm1, FLOATING),
    "floor": (_keeping_integers(np.floor), BOOL + REAL),
    "imag": (np.imag, NUMERIC),
    "isfinite": (np.isfinite, NUMERIC),
    "isinf": (np.isinf, NUMERIC),
    "isnan": (np.isnan, NUMERIC),
    "log": (np.log, FLOATING),
    "log1p": (np.log1p, FLOATING),
    "log2": (np.log2, FLOATING),
    "log10": (np.log10, FLOATING),
    "logical_not": (np.logical_not, ALL),
    "negative": (np.negative, NUMERIC),
    "positive": (np.positive, NUMERIC),
    "real": (np.real, NUMERIC),
    "reciprocal": (_reciprocal, ALL),
    "round": (_keeping_integers(np.round), ALL),
    "sign": (_sign, NUMERIC),
    "signbit": (np.signbit, REAL_FLOATS),
    "sin": (np.sin, FLOATING),
    "sinh": (np.sinh, FLOATING),
    "square": (np.square, NUMERIC),
    "sqrt": (np.sqrt, FLOATING),
    "tan": (np.tan, FLOATING),
    "tanh": (_tanh, FLOATING),
    "trunc": (_keeping_integers(np.trunc), BOOL + REAL),
}

BINARY = {
    "add": (np.add, NUMERIC),
    "atan2": (np.arctan2, REAL_FLOATS),
    "bitwise_and": (np.bitwise_and, BOOL + INTS),
    "bitwise_left_shift": (np.left_shift, INTS),
    "bitwise_or": (np.bitwise_or, BOOL + INTS),
    "bitwise_right_shift": (np.right_shift, INTS),
    "bitwise_xor": (np.bitwise_xor, BOOL + INTS),
    "copysign": (np.copysign, REAL_FLOATS),
    "divide": (np.divide, NUMERIC),
    "equal": (np.equal, ALL),
    "floor_divide": (_floor_divide, REAL),
    "greater": (np.greater, REAL),
    "greater_equal": (np.greater_equal, REAL),
    "hypot": (np.hypot, REAL_FLOATS),
    "less": (np.less, REAL),
    "less_equal": (np.less_equal, REAL),
    "logaddexp": (np.logaddexp, REAL_FLOATS),
    "logical_and": (np.logical_and, ALL),
    "logical_or": (np.logical_or, ALL),
    "logical_xor": (np.logical_xor, ALL),
    "maximum": (np.maximum, REAL),
    "minimum": (np.minimum, REAL),
    "multiply": (np.multiply, NUMERIC),
    "nextafter": (np.nextafter, REAL_FLOATS),
    "not_equal": (np.not_equal, ALL),
    "pow": (np.power, FLOATING),
    "remainder": (np.remainder, REAL),
    "subtract": (np.subtract, NUMERIC),
}

# The ways a function is called: pa.Array input, native input in array mode, native mode.
MODES = ("array", "native_input", "native_mode")

SHAPES = hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4)
BROADCAST_SHAPES = hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2, min_side=0, max_side=3)
# One elements strategy per dtype (every value of the dtype: NaN, ±inf, -0.0, huge, subnormal …), built once.
ELEMENTS = {name: hnp.from_dtype(np.dtype(name)) for name in ALL}


def _array(dtype, shape):
    return hnp.arrays(dtype, shape, elements=ELEMENTS[dtype.name])


def _prepare(mode, *arrays):
    pa.set_array_mode(mode != "native_mode")
    return arrays if mode != "array" else tuple(pa.asarray(a) for a in arrays)


def _native_result(result, mode):
    if mode == "native_mode":
        assert isinstance(result, (np.ndarray, np.generic)), type(result)
        return np.asarray(result)
    assert type(result) is pa.Array, type(result)
    assert result.backend.name == "numpy"
    return np.asarray(result.data)


def _assert_equal(actual, expected):
    if not np.array_equal(actual, expected):
        np.testing.assert_array_equal(actual, expected)  # explains the difference
        raise AssertionError(f"{actual!r} != {expected!r}")


def _assert_same_values(actual, expected, signed_zeros=True):
    """Equal values, NaN where NaN is expected, and (unless told otherwise) the same sign on zeros."""
    if expected.dtype.kind == "c":
        _assert_same_values(actual.real, expected.real, signed_zeros)
        _assert_same_values(actual.imag, expected.imag, signed_zeros)
    elif expected.dtype.kind == "f":
        nan = np.isnan(expected)
        _assert_equal(np.isnan(actual), nan)
        _assert_equal(actual[~nan], expected[~nan])
        if signed_zeros:
            _assert_equal(np.signbit(actual[~nan]), np.signbit(expected[~nan]))
    else:
        _assert_equal(actual, expected)


def assert_matches(result, expected, mode="array", signed_zeros=True):
    actual = _native_result(result, mode)
    expected = np.asarray(expected)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    _assert_same_values(actual, expected, signed_zeros)


# -- the function list -------------------------------------------------------------------


#: Element-wise functions beyond the standard's, with their own test modules.
BEYOND_THE_STANDARD = {"isclose": "test_api_isclose.py"}


def test_every_standard_function_is_declared_and_tested():
    assert set(elementwise.__all__) == set(UNARY) | set(BINARY) | {"clip"} | set(BEYOND_THE_STANDARD)
    assert len(elementwise.__all__) == 67 + len(BEYOND_THE_STANDARD)
    for name in elementwise.__all__:
        assert callable(getattr(pa, name))


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_signature(name):
    params = _standard_parameters(getattr(pa, name))
    assert [(p.name, p.kind) for p in params] == [("x", inspect.Parameter.POSITIONAL_ONLY)]


def _standard_parameters(function):
    """The public parameters less the keyword-only ones that wrappers add (``out=`` …) and ``backend=``."""
    added = wrapper_parameter_names() | {"backend"}
    params = list(inspect.signature(function).parameters.values())
    for param in params:
        if param.name in added:
            assert param.kind is inspect.Parameter.KEYWORD_ONLY, param
    return [p for p in params if p.name not in added]


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_signature(name):
    params = _standard_parameters(getattr(pa, name))
    assert [(p.name, p.kind) for p in params] == [
        ("x1", inspect.Parameter.POSITIONAL_ONLY),
        ("x2", inspect.Parameter.POSITIONAL_ONLY),
    ]
    # Every binary function accepts Python scalars in 2024.12: the annotations say so.
    assert all("int" in p.annotation or "bool" in p.annotation for p in params)


def test_clip_signature():
    params = _standard_parameters(pa.clip)
    kinds = [(p.name, p.kind, p.default) for p in params]
    assert kinds == [
        ("x", inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.empty),
        ("min", inspect.Parameter.POSITIONAL_OR_KEYWORD, None),
        ("max", inspect.Parameter.POSITIONAL_OR_KEYWORD, None),
    ]


# -- against NumPy -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(UNARY))
@given(data=st.data())
def test_unary_matches_numpy(name, data):
    reference, dtypes = UNARY[name]
    dtype = np.dtype(data.draw(st.sampled_from(dtypes), label="dtype"))
    x = data.draw(_array(dtype, SHAPES), label="x")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    expected = reference(x)
    (arg,) = _prepare(mode, x)
    assert_matches(getattr(pa, name)(arg), expected, mode)


@pytest.mark.parametrize("name", sorted(BINARY))
@given(data=st.data())
def test_binary_matches_numpy(name, data):
    reference, dtypes = BINARY[name]
    dtype = np.dtype(data.draw(st.sampled_from(dtypes), label="dtype"))
    shape1, shape2 = data.draw(BROADCAST_SHAPES, label="shapes").input_shapes
    x1 = data.draw(_array(dtype, shape1), label="x1")
    x2 = data.draw(_array(dtype, shape2), label="x2")
    mode = data.draw(st.sampled_from(MODES), label="mode")
    expected = reference(x1, x2)
    args = _prepare(mode, x1, x2)
    assert_matches(getattr(pa, name)(*args), expected, mode)


def _bound(dtype, shape):
    """A clip bound: None, a Python scalar of the dtype's kind, or an array of the same dtype."""
    python_type = {"i": int, "u": int, "f": float}[dtype.kind]
    return st.one_of(
        st.none(),
        ELEMENTS[dtype.name].map(python_type),
        _array(dtype, shape),
    )


@given(data=st.data())
def test_clip_matches_maximum_of_minimum(data):
    dtype = np.dtype(data.draw(st.sampled_from(REAL), label="dtype"))
    x_shape, lo_shape, hi_shape = data.draw(
        hnp.mutually_broadcastable_shapes(num_shapes=3, min_dims=0, max_dims=3, max_side=3), label="shapes"
    ).input_shapes
    x = data.draw(_array(dtype, x_shape), label="x")
    lo = data.draw(_bound(dtype, lo_shape), label="min")
    hi = data.draw(_bound(dtype, hi_shape), label="max")
    if lo is not None and hi is not None:  # min > max is not specified: order the bounds
        lo_array, hi_array = np.asarray(lo, dtype=dtype), np.asarray(hi, dtype=dtype)
        lo, hi = np.minimum(lo_array, hi_array), np.maximum(lo_array, hi_array)
    mode = data.draw(st.sampled_from(MODES), label="mode")
    # The standard's definition: maximum(minimum(x, max), min), in the dtype of x.
    expected = x
    if hi is not None:
        expected = np.minimum(expected, np.asarray(hi, dtype=dtype))
    if lo is not None:
        expected = np.maximum(expected, np.asarray(lo, dtype=dtype))
    pa.set_array_mode(mode != "native_mode")
    x_arg, lo_arg, hi_arg = (pa.asarray(v) if mode == "array" and isinstance(v, np.ndarray) else v for v in (x, lo, hi))
    # Which of -0.0 and +0.0 a bound gives is not specified.
    assert_matches(pa.clip(x_arg, lo_arg, hi_arg), np.asarray(expected, dtype=dtype), mode, signed_zeros=False)


# -- sign: NumPy 1.26's variant runs on every NumPy, so it is checked here too ------------------

# pa.sign uses the variant for the installed NumPy; NumPy 1.26's variant only needs NumPy 1.26 functions.
SIGN_IMPLEMENTATIONS = {"pa.sign": pa.sign, "numpy 1.26 variant": numpy_elementwise.sign_v_1p26_and_below}


@given(x=st.sampled_from(NUMERIC).flatmap(lambda name: _array(np.dtype(name), SHAPES)))
def test_sign_variant_for_numpy_1_26_matches_the_reference(x):
    pa.set_array_mode(False)
    expected = _sign(x)
    assert_matches(numpy_elementwise.sign_v_1p26_and_below(x), expected, "native_mode")
    assert_matches(pa.sign(x), expected, "native_mode")


@pytest.mark.parametrize("implementation", sorted(SIGN_IMPLEMENTATIONS))
@pytest.mark.parametrize("dtype", COMPLEX)
def test_sign_of_complex_numbers(implementation, dtype):
    pa.set_array_mode(False)
    sign = SIGN_IMPLEMENTATIONS[implementation]
    inf, nan = float("inf"), float("nan")
    x = np.array(
        [3 + 4j, complex(-0.0, -2.0), 0j, complex(-0.0, -0.0), complex(nan, 1), complex(inf, nan),
         complex(-inf, 2), complex(1, -inf), complex(inf, inf)],
        dtype,
    )  # fmt: skip
    expected = np.array(
        [0.6 + 0.8j, complex(-0.0, -1.0), 0j, 0j, complex(nan, nan), complex(nan, nan), -1 + 0j, complex(0, -1),
         complex(nan, nan)],
        dtype,
    )  # fmt: skip
    assert_matches(sign(x), expected, "native_mode")
    zero_d = np.asarray(sign(np.asarray(3 - 4j, dtype=dtype)))
    assert zero_d.shape == () and zero_d.dtype == dtype
    np.testing.assert_allclose(complex(zero_d), 0.6 - 0.8j, rtol=1e-6)


def test_sign_of_real_numbers():
    x = pa.asarray([-3.5, -0.0, 0.0, 2.0, float("nan"), -float("inf")])
    assert_matches(pa.sign(x), np.array([-1.0, 0.0, 0.0, 1.0, np.nan, -1.0]))
    assert_matches(pa.sign(pa.asarray([-5, 0, 7], dtype=pa.int8)), np.array([-1, 0, 1], np.int8))


# -- the standard where NumPy differs ---------------------------------------------------------


@pytest.mark.parametrize("name", ["ceil", "floor", "trunc", "round"])
@pytest.mark.parametrize("dtype", ("bool", *INTS))
def test_rounding_keeps_integer_dtypes(name, dtype):
    x = np.array([0, 1, 1, 0] if dtype == "bool" else [0, 1, 7, 100], dtype=dtype)
    result = getattr(pa, name)(pa.asarray(x))
    assert result.dtype == getattr(pa, dtype)
    assert_matches(result, x)
    assert result.data is not x


@pytest.mark.parametrize("name", ["ceil", "floor", "trunc", "round"])
def test_rounding_keeps_special_floats(name):
    x = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, 1e300, -2.5, 0.5], dtype=np.float32)
    expected = {"ceil": np.ceil, "floor": np.floor, "trunc": np.trunc, "round": np.round}[name](x)
    assert_matches(getattr(pa, name)(pa.asarray(x)), expected)
    assert bool(np.signbit(getattr(pa, name)(pa.asarray(x)).data[0]))


def test_round_halves_to_even_and_rounds_complex_parts_separately():
    assert_matches(pa.round(pa.asarray([0.5, 1.5, 2.5, -0.5, -1.5])), np.array([0.0, 2.0, 2.0, -0.0, -2.0]))
    z = pa.asarray(np.array([1.5 - 2.5j, complex(np.nan, 0.4)], dtype=np.complex64))
    assert_matches(pa.round(z), np.array([2 - 2j, complex(np.nan, 0.0)], dtype=np.complex64))


def test_clip_keeps_the_dtype_of_x():
    x = pa.asarray([-3, 0, 4, 100], dtype=pa.int8)
    assert_matches(pa.clip(x, 0, 5), np.array([0, 0, 4, 5], np.int8))
    assert_matches(pa.clip(x, min=-1), np.array([-1, 0, 4, 100], np.int8))
    assert_matches(pa.clip(x, max=pa.asarray([1, 1, 1, 1], dtype=pa.int64)), np.array([-3, 0, 1, 1], np.int8))
    f = pa.asarray([0.5, 1.5, 2.5], dtype=pa.float16)
    assert_matches(pa.clip(f, 1.0, 2.0), np.array([1.0, 1.5, 2.0], np.float16))
    assert_matches(pa.clip(f, pa.asarray(1.0, dtype=pa.float64)), np.array([1.0, 1.5, 2.5], np.float16))


def test_clip_bounds_broadcast_and_propagate_nan():
    x = pa.asarray([1.0, 2.0, 3.0])
    lo = pa.asarray([[0.0], [2.5]])
    assert_matches(pa.clip(x, lo), np.array([[1.0, 2.0, 3.0], [2.5, 2.5, 3.0]]))
    nan = float("nan")
    assert_matches(pa.clip(pa.asarray([1.0, nan]), pa.asarray([nan, 0.0]), 5.0), np.array([nan, nan]))
    assert_matches(pa.clip(pa.asarray([1.0, 7.0]), 0.0, pa.asarray([nan, 5.0])), np.array([nan, 5.0]))


def test_clip_without_bounds_copies():
    x = np.array([1.0, -2.0])
    result = pa.clip(pa.asarray(x))
    assert_matches(result, x)
    result.data[0] = 9.0
    assert x[0] == 1.0
    assert_matches(pa.clip(pa.asarray(np.float32(3.0))), np.float32(3.0))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "uint8"])
def test_real_and_imag_of_real_input(dtype):
    x = np.array([1, 2, 3], dtype=dtype)
    assert_matches(pa.real(pa.asarray(x)), x)
    imag = pa.imag(pa.asarray(x))
    assert_matches(imag, np.zeros(3, dtype=dtype))
    imag.data[0] = 1  # a real array, not a read-only view
    assert imag.data[0] == 1


@pytest.mark.parametrize(("dtype", "real_dtype"), [("complex64", "float32"), ("complex128", "float64")])
def test_real_imag_abs_of_complex_give_the_matching_precision(dtype, real_dtype):
    x = pa.asarray(np.array([3 + 4j, complex(0.0, -1.0)], dtype=dtype))
    assert_matches(pa.real(x), np.array([3.0, 0.0], real_dtype))
    assert_matches(pa.imag(x), np.array([4.0, -1.0], real_dtype))
    assert_matches(pa.abs(x), np.array([5.0, 1.0], real_dtype))


@pytest.mark.parametrize("name", ["maximum", "minimum"])
@pytest.mark.parametrize("dtype", REAL_FLOATS)
def test_maximum_and_minimum_propagate_nan(name, dtype):
    nan = np.nan
    x1 = pa.asarray(np.array([nan, 1.0, nan, -np.inf], dtype=dtype))
    x2 = pa.asarray(np.array([1.0, nan, nan, 2.0], dtype=dtype))
    last = 2.0 if name == "maximum" else -np.inf
    assert_matches(getattr(pa, name)(x1, x2), np.array([nan, nan, nan, last], dtype=dtype))


@pytest.mark.parametrize(
    ("name", "expected"),
    [("logical_and", [False, False, True, False]), ("logical_or", [True, True, True, False]),
     ("logical_xor", [True, True, False, False])],
)  # fmt: skip
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "complex64"])
def test_logical_functions_on_non_boolean_input(name, expected, dtype):
    x1 = np.array([0, 3, 1, 0], dtype=dtype)
    x2 = np.array([2, 0, 1, 0], dtype=dtype)
    assert_matches(getattr(pa, name)(pa.asarray(x1), pa.asarray(x2)), np.array(expected))
    nan_is_true = getattr(pa, name)(pa.asarray([float("nan")]), pa.asarray([1.0]))
    assert bool(nan_is_true.data[0]) == (name != "logical_xor")
    assert_matches(pa.logical_not(pa.asarray(x1)), np.array([True, False, False, True]))


def test_signbit_and_copysign_see_negative_zero_and_negative_nan():
    negative_nan = -np.abs(np.float64(np.nan))
    x = pa.asarray(np.array([-0.0, 0.0, negative_nan, np.nan, -np.inf, 1e-310, -5.0]))
    assert_matches(pa.signbit(x), np.array([True, False, True, False, True, False, True]))
    magnitudes = pa.asarray(np.array([1.0, 2.0, 3.0, np.nan]))
    signs = pa.asarray(np.array([-0.0, 0.0, negative_nan, -1.0]))
    result = pa.copysign(magnitudes, signs)
    assert_matches(result, np.array([-1.0, 2.0, -3.0, np.nan]))
    assert bool(np.signbit(result.data[3]))


def test_nextafter_steps_between_signed_zeros():
    x1 = pa.asarray(np.array([-0.0, 0.0, 1.0, np.nan], dtype=np.float32))
    x2 = pa.asarray(np.array([0.0, -0.0, 2.0, 1.0], dtype=np.float32))
    one_up = np.nextafter(np.float32(1.0), np.float32(2.0))
    assert_matches(pa.nextafter(x1, x2), np.array([0.0, -0.0, one_up, np.nan], dtype=np.float32))


@pytest.mark.parametrize("dtype", ["bool", *INTS])
def test_reciprocal_of_integers_divides_as_floats(dtype):
    x = np.array([1, 1, 0] if dtype == "bool" else [1, 4, 0], dtype=dtype)
    expected = np.array([1.0, 1.0, np.inf] if dtype == "bool" else [1.0, 0.25, np.inf])
    assert_matches(pa.reciprocal(pa.asarray(x)), expected)


def test_reciprocal_keeps_float_dtypes_and_signed_zeros():
    x = pa.asarray(np.array([2.0, -0.0, np.inf, -np.inf], dtype=np.float16))
    assert_matches(pa.reciprocal(x), np.array([0.5, -np.inf, 0.0, -0.0], dtype=np.float16))


def test_pow_of_integers_and_special_cases():
    assert_matches(pa.pow(pa.asarray([2, 3, 0], dtype=pa.int16), pa.asarray([10, 0, 0], dtype=pa.int16)),
                   np.array([1024, 1, 1], np.int16))  # fmt: skip
    nan, inf = np.nan, np.inf
    x1 = pa.asarray([nan, 1.0, -8.0, -inf, -0.0, 2.0])
    x2 = pa.asarray([0.0, nan, 1 / 3, 3.0, -1.0, -inf])
    assert_matches(pa.pow(x1, x2), np.array([1.0, 1.0, nan, -inf, -inf, 0.0]))


def test_large_values_overflow_to_infinity():
    big = np.finfo(np.float32).max
    x = pa.asarray(np.array([big, -big], dtype=np.float32))
    assert_matches(pa.multiply(x, x), np.array([np.inf, np.inf], np.float32))
    assert_matches(pa.exp(x), np.array([np.inf, 0.0], np.float32))
    assert_matches(pa.hypot(x, x), np.array([np.inf, np.inf], np.float32))
    assert_matches(pa.logaddexp(x, x), np.array([big + np.float32(np.log(2.0)), -big], np.float32))
    assert_matches(pa.square(pa.asarray(np.array([200], np.uint8))), np.array([64], np.uint8))  # wraps


# -- Python scalars (NumPy 2 already promotes them as the standard does) ----------------------


@pytest.mark.parametrize(
    ("name", "array", "scalar", "expected"),
    [
        ("add", np.array([1, 2], np.int8), 3, np.array([4, 5], np.int8)),
        ("subtract", np.array([1.5], np.float32), 0.5, np.array([1.0], np.float32)),
        ("multiply", np.array([1 + 1j], np.complex64), 2j, np.array([-2 + 2j], np.complex64)),
        ("divide", np.array([1.0], np.float16), 4, np.array([0.25], np.float16)),
        ("pow", np.array([3.0], np.float32), 2, np.array([9.0], np.float32)),
        ("greater", np.array([1, 5], np.uint16), 2, np.array([False, True])),
        ("equal", np.array([True, False]), True, np.array([True, False])),
        ("bitwise_and", np.array([7], np.uint8), 3, np.array([3], np.uint8)),
        ("bitwise_left_shift", np.array([1], np.int16), 4, np.array([16], np.int16)),
        ("logical_or", np.array([False]), True, np.array([True])),
        ("maximum", np.array([1.0, -1.0], np.float16), 0.5, np.array([1.0, 0.5], np.float16)),
        ("copysign", np.array([2.0], np.float32), -0.0, np.array([-2.0], np.float32)),
        ("remainder", np.array([-7], np.int32), 3, np.array([2], np.int32)),
    ],
)
def test_python_scalar_operands(name, array, scalar, expected):
    function = getattr(pa, name)
    assert_matches(function(pa.asarray(array), scalar), expected)
    reflected = function(scalar, pa.asarray(array))
    assert _native_result(reflected, "array").dtype == expected.dtype


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("bitwise_and", (np.array([1.0]), np.array([1.0]))),
        ("bitwise_or", (np.array([1.0]), np.array([1.0]))),
        ("bitwise_xor", (np.array([1j]), np.array([1j]))),
        ("bitwise_left_shift", (np.array([1.0]), np.array([1.0]))),
        ("bitwise_right_shift", (np.array([1.0]), np.array([1.0]))),
        ("bitwise_invert", (np.array([1.0]),)),
        ("ceil", (np.array([1j]),)),
        ("floor", (np.array([1j]),)),
        ("trunc", (np.array([1j]),)),
        ("signbit", (np.array([1j]),)),
        ("negative", (np.array([True]),)),
        ("nextafter", (np.array([1j]), np.array([1j]))),
        ("copysign", (np.array([1j]), np.array([1j]))),
        ("atan2", (np.array([1j]), np.array([1j]))),
        ("hypot", (np.array([1j]), np.array([1j]))),
        ("logaddexp", (np.array([1j]), np.array([1j]))),
        ("floor_divide", (np.array([1j]), np.array([1j]))),
        ("remainder", (np.array([1j]), np.array([1j]))),
    ],
)
def test_unsupported_dtypes_raise_type_errors(name, args):
    with pytest.raises(pa.PolyarrayError) as info:
        getattr(pa, name)(*(pa.asarray(a) for a in args))
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, pa.PolyarrayTypeError)
    assert name in str(info.value)
    assert isinstance(info.value.__cause__, TypeError)


def test_integer_power_with_negative_exponent_raises_a_value_error():
    with pytest.raises(pa.PolyarrayValueError) as info:
        pa.pow(pa.asarray([2, 3]), pa.asarray([-1, 2]))
    assert isinstance(info.value, ValueError)


def test_shapes_that_do_not_broadcast_raise_value_errors():
    with pytest.raises(pa.PolyarrayValueError):
        pa.add(pa.asarray([1, 2, 3]), pa.asarray([1, 2]))
    with pytest.raises(pa.PolyarrayValueError):
        pa.clip(pa.asarray([1.0, 2.0]), pa.asarray([0.0, 0.0, 0.0]))


# -- native mode, operators ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["exp", "sign", "ceil", "imag", "reciprocal"])
def test_native_mode_returns_numpy_arrays(name):
    pa.set_array_mode(False)
    result = getattr(pa, name)(np.array([1, -2], dtype=np.int32))
    assert type(result) is np.ndarray
    expected = {"exp": np.exp, "sign": np.sign, "ceil": _keeping_integers(np.ceil), "imag": np.imag,
                "reciprocal": _reciprocal}[name]  # fmt: skip
    assert_matches(result, expected(np.array([1, -2], dtype=np.int32)), "native_mode")
    assert type(pa.clip(np.array([1.0, 5.0]), 2.0, 3.0)) is np.ndarray


def test_operators_use_the_elementwise_functions():
    x = pa.asarray(np.array([3, -4], dtype=np.int16))
    y = pa.asarray(np.array([2, 3], dtype=np.int16))
    assert_matches(x**y, np.array([9, -64], np.int16))
    assert_matches(x % y, np.array([1, 2], np.int16))
    assert_matches(x // y, np.array([1, -2], np.int16))
    assert_matches(x << y, np.array([12, -32], np.int16))
    assert_matches(~x, np.array([-4, 3], np.int16))
    assert_matches(abs(x), np.array([3, 4], np.int16))
    assert_matches(-x, np.array([-3, 4], np.int16))
    assert_matches(x >= y, np.array([True, False]))
