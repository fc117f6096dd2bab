"""Element-wise functions: every dtype the backend holds, special values, broadcasting, ``out=`` and Python scalars.

Inputs cover each function's declared domain with the values that tell
implementations apart (NaN, ±inf, -0.0, the largest finite values,
subnormals, the ends of integer ranges). Where the standard leaves a result
unspecified, the inputs avoid it: integer division by zero, integer powers
with negative exponents, ``INT_MIN // -1``, and complex powers of infinities
and NaN.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from polyarray.conformance._helpers import as_scalar_of, bounded, complex_power_inputs, largest
from polyarray.testing import broadcastable_shapes, conformance, scalars, tolerance

BOOL = ("bool",)
INTEGRAL = ("integral",)
REAL_FLOATING = ("real floating",)
FLOATING = ("floating",)
REAL = ("real",)
NUMERIC = ("numeric",)
ALL = ("all",)

#: Unary functions: the kinds of dtype they take, and whether they are transcendental.
UNARY = {
    "abs": (NUMERIC, False),
    "acos": (FLOATING, True),
    "acosh": (FLOATING, True),
    "asin": (FLOATING, True),
    "asinh": (FLOATING, True),
    "atan": (FLOATING, True),
    "atanh": (FLOATING, True),
    "bitwise_invert": (BOOL + INTEGRAL, False),
    "ceil": (BOOL + REAL, False),
    "conj": (NUMERIC, False),
    "cos": (FLOATING, True),
    "cosh": (FLOATING, True),
    "exp": (FLOATING, True),
    "expm1": (FLOATING, True),
    "floor": (BOOL + REAL, False),
    "imag": (NUMERIC, False),
    "isfinite": (NUMERIC, False),
    "isinf": (NUMERIC, False),
    "isnan": (NUMERIC, False),
    "log": (FLOATING, True),
    "log1p": (FLOATING, True),
    "log2": (FLOATING, True),
    "log10": (FLOATING, True),
    "logical_not": (ALL, False),
    "negative": (NUMERIC, False),
    "positive": (NUMERIC, False),
    "real": (NUMERIC, False),
    "reciprocal": (ALL, False),
    "round": (ALL, False),
    "sign": (NUMERIC, False),
    "signbit": (REAL_FLOATING, False),
    "sin": (FLOATING, True),
    "sinh": (FLOATING, True),
    "square": (NUMERIC, False),
    "sqrt": (FLOATING, True),
    "tan": (FLOATING, True),
    "tanh": (FLOATING, True),
    "trunc": (BOOL + REAL, False),
}

#: Binary functions whose every input in the domain is specified: kinds, transcendental.
BINARY = {
    "add": (NUMERIC, False),
    "atan2": (REAL_FLOATING, True),
    "bitwise_and": (BOOL + INTEGRAL, False),
    "bitwise_or": (BOOL + INTEGRAL, False),
    "bitwise_xor": (BOOL + INTEGRAL, False),
    "copysign": (REAL_FLOATING, False),
    "divide": (NUMERIC, False),
    "equal": (ALL, False),
    "greater": (REAL, False),
    "greater_equal": (REAL, False),
    "hypot": (REAL_FLOATING, False),
    "less": (REAL, False),
    "less_equal": (REAL, False),
    "logaddexp": (REAL_FLOATING, True),
    "logical_and": (ALL, False),
    "logical_or": (ALL, False),
    "logical_xor": (ALL, False),
    "maximum": (REAL, False),
    "minimum": (REAL, False),
    "multiply": (NUMERIC, False),
    "nextafter": (REAL_FLOATING, False),
    "not_equal": (ALL, False),
    "subtract": (NUMERIC, False),
}


@conformance(*UNARY)
def test_unary(case, function):
    kinds, transcendental = UNARY[function]
    dtype = case.dtype(kinds)
    elements = None
    if function == "expm1" and dtype.kind == "complex floating":
        # NumPy's complex expm1 departs from the standard's special cases (inf + 0j gives inf + nan j)
        # and overflows early in complex64: compared on finite inputs whose result stays finite.
        elements = bounded(dtype, 80.0, specials=False)
    elif function == "square" and dtype.kind == "complex floating":
        # Where z * z overflows in one part only, the other, finite part is the difference of two
        # huge products, whose rounding no two libraries share: parts up to sqrt(max / 4), specials kept.
        elements = bounded(dtype, math.sqrt(largest(dtype) / 4))
    x = case.array(dtype, elements=elements, label="x")
    tolerances = {}
    if function == "log1p" and dtype.kind == "complex floating":
        # NumPy computes complex log1p as log(1 + z): accurate to eps absolute, not relative, near 0.
        tolerances["atol"] = 4 * tolerance(dtype).rtol
    case.check(function, x, transcendental=transcendental, **tolerances)


@conformance(*BINARY)
def test_binary(case, function):
    kinds, transcendental = BINARY[function]
    dtype = case.dtype(kinds)
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    x1 = case.array(dtype, shape1, label="x1")
    x2 = case.array(dtype, shape2, label="x2")
    case.check(function, x1, x2, transcendental=transcendental)


@conformance("add", "multiply", "divide", "equal", "less", "maximum", "logical_and", "bitwise_or")
def test_binary_mixed_dtypes(case, function):
    """Operands of two dtypes: the result has the promoted dtype on every backend (or both refuse the pair)."""
    kinds = BINARY[function][0]
    first = case.dtype(kinds, exclude=("bfloat16",))
    second = case.dtype(kinds, exclude=("bfloat16",))
    shape1, shape2 = case.draw(broadcastable_shapes(max_dims=2), label="shapes")
    case.check(function, case.array(first, shape1, label="x1"), case.array(second, shape2, label="x2"))


@conformance("add", "subtract", "multiply", "divide", "equal", "greater", "maximum", "pow", "remainder")
def test_binary_python_scalar(case, function):
    """An array with a Python scalar on either side: the scalar takes the array's dtype (or its kind's default)."""
    kinds = {"pow": FLOATING, "remainder": REAL_FLOATING, "greater": REAL, "maximum": REAL}.get(function, NUMERIC)
    dtype = case.dtype(kinds)
    elements, tolerances = complex_power_inputs(dtype) if function == "pow" else (None, {})
    x = case.array(dtype, elements=elements, label="x")
    if elements is not None:
        scalar = case.draw(st.builds(complex, st.floats(-3, 3), st.floats(-3, 3)), label="scalar")
    else:
        scalar = case.draw(scalars(dtype, finite=case.draw(st.booleans(), label="finite")), label="scalar")
    scalar = as_scalar_of(case, scalar, dtype)
    if case.draw(st.booleans(), label="scalar first"):
        case.check(function, scalar, x, transcendental=function == "pow", **tolerances)
    else:
        case.check(function, x, scalar, transcendental=function == "pow", **tolerances)


def _integer_info(dtype):
    return np.iinfo(dtype.name)


@conformance("floor_divide", "remainder")
def test_floor_divide_remainder(case, function):
    """Real operands; integer divisors are never 0, and ``INT_MIN`` is never divided (both unspecified)."""
    dtype = case.dtype(REAL)
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    if dtype.kind in ("signed integer", "unsigned integer"):
        info = _integer_info(dtype)
        low = int(info.min) + (1 if dtype.kind == "signed integer" else 0)
        x1 = case.array(dtype, shape1, elements=st.integers(low, int(info.max)), label="x1")
        divisors = st.integers(int(info.min), int(info.max)).filter(lambda v: v != 0)
        x2 = case.array(dtype, shape2, elements=divisors, label="x2")
    else:
        x1 = case.array(dtype, shape1, label="x1")
        x2 = case.array(dtype, shape2, label="x2")
    case.check(function, x1, x2)


@conformance("pow")
def test_pow(case):
    """Real floating powers over every value (IEEE 754 special cases), complex powers of finite operands,
    integer powers with exponents ``0 <= x2 <= 64``."""
    dtype = case.dtype(FLOATING + INTEGRAL)
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    elements, tolerances = complex_power_inputs(dtype)
    x1 = case.array(dtype, shape1, elements=elements, label="x1")
    if dtype.kind in ("signed integer", "unsigned integer"):
        x2 = case.array(dtype, shape2, elements=st.integers(0, min(64, int(_integer_info(dtype).max))), label="x2")
    else:
        x2 = case.array(dtype, shape2, elements=elements, label="x2")
    case.check("pow", x1, x2, transcendental=True, **tolerances)


@conformance("bitwise_left_shift", "bitwise_right_shift")
def test_shifts(case, function):
    """Integer shifts by ``0`` up to past the dtype's width (bits shifted out are lost)."""
    dtype = case.dtype(INTEGRAL)
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    bits = 8 * np.dtype(dtype.name).itemsize
    x1 = case.array(dtype, shape1, label="x1")
    x2 = case.array(dtype, shape2, elements=st.integers(0, min(bits + 2, int(_integer_info(dtype).max))), label="x2")
    case.check(function, x1, x2)


@conformance("clip")
def test_clip(case):
    """Scalar, array or missing bounds of the dtype of ``x``, with ``min <= max``."""
    dtype = case.dtype(REAL)
    x = case.array(dtype, label="x")
    finite = dtype.kind in ("signed integer", "unsigned integer")
    bounds = sorted(
        case.draw(st.lists(scalars(dtype, finite=True), min_size=2, max_size=2), label="bounds"),
        key=float if not finite else int,
    )
    low, high = bounds
    form = case.draw(st.sampled_from(["scalars", "arrays", "min only", "max only", "none"]), label="form")
    if form == "arrays":
        low = case.asarray(
            np.asarray(low, dtype=np.dtype("float32" if dtype.name == "bfloat16" else dtype.name)), dtype
        )
        high = case.asarray(
            np.asarray(high, dtype=np.dtype("float32" if dtype.name == "bfloat16" else dtype.name)), dtype
        )
    kwargs = {
        "scalars": {"min": low, "max": high},
        "arrays": {"min": low, "max": high},
        "min only": {"min": low},
        "max only": {"max": high},
        "none": {},
    }[form]
    case.check("clip", x, **kwargs)


@conformance("add", "exp", "less", "sqrt")
def test_out_argument(case, function):
    """``out=`` receives the result (in place, or by replacing the data of an immutable framework's array)."""
    dtype = case.dtype(REAL_FLOATING)
    shape = case.draw(st.sampled_from([(), (3,), (2, 2)]), label="shape")
    x = case.array(dtype, shape, label="x")
    out_dtype = "bool" if function == "less" else dtype
    out = case.asarray(np.zeros(shape, dtype="bool" if function == "less" else "float32"), out_dtype)
    arguments = (x, x) if function in ("add", "less") else (x,)

    def call(xp, out, *args):
        result = xp.functions[function](*args, out=out)
        return result, out

    case.check(call, out, *arguments, name=function, transcendental=function == "exp")


# -- closeness ----------------------------------------------------------------------------------


def _close_operands(case):
    """Two arrays of one dtype (bfloat16 left out: the reference's float32 would decide near the tolerance
    differently), the second often the first scaled by a relative step around the default tolerance."""
    from polyarray.testing import as_numpy

    dtype = case.dtype(("bool", "numeric"), exclude=("bfloat16",))
    first_shape, second_shape = case.draw(broadcastable_shapes(2), label="shapes")
    x1 = case.array(dtype, first_shape, label="x1")
    if dtype.kind in ("real floating", "complex floating") and case.draw(st.booleans(), label="nearby"):
        step = case.draw(st.sampled_from([0.0, 1e-9, 5e-6, 2e-5, 1e-3]), label="step")
        values = as_numpy(x1)[1]
        with np.errstate(all="ignore"):
            nearby = (values * values.dtype.type(1 + step)).astype(values.dtype)
        return x1, case.asarray(nearby, dtype)
    return x1, case.array(dtype, second_shape, label="x2")


def _with_tolerances(function, **tolerances):
    """A call of ``function`` with ``rtol``/``atol`` (``case.check`` reads those keywords as its own)."""

    def call(xp, *args, **kwargs):
        return xp.functions[function](*args, **tolerances, **kwargs)

    return call


@conformance("isclose", "allclose")
def test_isclose_allclose(case, function):
    """NumPy's ``|x1 - x2| <= atol + rtol * |x2|`` with ``x2`` finite, or ``x1 == x2``; two NaNs with ``equal_nan``."""
    x1, x2 = _close_operands(case)
    rtol, atol = case.draw(st.sampled_from([(1e-05, 1e-08), (0.0, 0.0), (1e-3, 0.5), (0.25, 0)]), label="tol")
    call = _with_tolerances(function, rtol=rtol, atol=atol)
    case.check(call, x1, x2, name=function, equal_nan=case.draw(st.booleans(), label="equal_nan"))


@conformance("isclose", "allclose")
def test_isclose_scalars_and_mixed_dtypes(case, function):
    """Operands promote as in ``add``; integers compare as floats."""
    dtype = case.dtype(("bool", "numeric"), exclude=("bfloat16",))
    x = case.array(dtype, label="x")
    other = case.draw(st.sampled_from(["scalar", "array"]), label="other")
    if other == "scalar":
        y = case.draw(st.sampled_from([0, 1, 2.5, float("nan"), float("inf")]), label="y")
        if dtype.kind in ("bool", "signed integer", "unsigned integer") and isinstance(y, float):
            y = 1
    else:
        y = case.array(case.dtype(("bool", "numeric"), exclude=("bfloat16",)), x.shape, label="y")
    case.check(function, x, y)


@conformance("isclose", "allclose")
def test_isclose_bad_tolerance(case, function):
    x = case.array(case.dtype("real floating"), (2,), label="x")
    name = case.draw(st.sampled_from(["rtol", "atol"]), label="name")
    tolerance = case.draw(st.sampled_from(["0.1", None, 1j, [0.1]]), label="tolerance")
    case.check(_with_tolerances(function, **{name: tolerance}), x, x, name=function, expect_error=True)
