"""Statistical and utility reductions: sums, products, extrema, means, variances, scans, ``all``/``any``, ``diff``.

Implementations accumulate in different orders and precisions, so
floating-point results are compared within ``n * eps`` times the sum of the
magnitudes of the ``n`` elements, and finite inputs are kept small enough
that no order overflows where another does not. NaN and infinities are
still drawn (they propagate the same way in any order).
"""

from __future__ import annotations

import math

from hypothesis import strategies as st

from polyarray._dtypes import DTYPES
from polyarray.conformance._helpers import accumulation, bounded, eps, is_inexact, largest
from polyarray.testing import axes, conformance, shapes


def _sum_elements(dtype):
    """Finite magnitudes for which no summation order of 64 elements overflows."""
    return bounded(dtype, largest(dtype) / 256) if is_inexact(dtype) else None


def _product_elements(dtype):
    """Magnitudes whose partial products of 64 elements neither overflow nor underflow in any order."""
    if not is_inexact(dtype):
        return None
    if dtype.name == "float16":
        return bounded(dtype, 1.125, low=0.875, specials=dtype.kind != "complex floating")
    return bounded(dtype, 2.0, low=0.5, specials=dtype.kind != "complex floating")


def _accumulation_dtype_argument(case, dtype):
    """None, or an explicit ``dtype=`` of the input's kind (never bfloat16, which the reference lacks,
    nor bool, whose arithmetic the standard leaves open)."""
    if dtype.name == "bfloat16" or dtype.kind == "bool":
        return None
    choices = [None, dtype]
    wider = {"signed integer": "int64", "unsigned integer": "uint64", "real floating": "float64"}.get(dtype.kind)
    if dtype.kind == "complex floating":
        wider = "complex128"
    if wider is not None and DTYPES[wider] in case.xp.dtypes:
        choices.append(DTYPES[wider])
    return case.draw(st.sampled_from(choices), label="dtype argument")


@conformance("sum", "prod")
def test_sum_prod(case, function):
    dtype = case.dtype("all")
    elements = _sum_elements(dtype) if function == "sum" else _product_elements(dtype)
    x = case.array(dtype, elements=elements, label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    keepdims = case.draw(st.booleans(), label="keepdims")
    result_dtype = _accumulation_dtype_argument(case, dtype)
    kwargs = {} if result_dtype is None else {"dtype": result_dtype}
    tolerance = accumulation(x, dtype=result_dtype) if function == "sum" else {"rtol": 4 * eps(dtype) * x.size}
    case.check(function, x, axis=axis, keepdims=keepdims, **kwargs, **(tolerance if is_inexact(dtype) else {}))


@conformance("max", "min")
def test_max_min(case, function):
    """Extrema of real arrays; NaN propagates; an empty reduction is an error everywhere."""
    x = case.array(case.dtype(("bool", "real")), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    case.check(function, x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"))


@conformance("mean")
def test_mean(case):
    dtype = case.dtype(("real", "complex floating"))
    x = case.array(dtype, elements=_sum_elements(dtype), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    tolerance = accumulation(x, dtype=dtype if is_inexact(dtype) else DTYPES["float64"])
    case.check("mean", x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"), **tolerance)


@conformance("var", "std")
def test_var_std(case, function):
    dtype = case.dtype(("real", "complex floating"))
    elements = bounded(dtype, math.sqrt(largest(dtype)) / 64) if is_inexact(dtype) else None
    if dtype.kind in ("signed integer", "unsigned integer"):
        elements = bounded(dtype, 2.0**24)
    x = case.array(dtype, elements=elements, label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    correction = case.draw(st.sampled_from([0, 1, 0.5, 2.0]), label="correction")
    result = dtype if dtype.kind == "real floating" else DTYPES["float64"]
    if dtype.kind == "complex floating":
        result = DTYPES["float32" if dtype.name == "complex64" else "float64"]
    atol = accumulation(x, power=2, dtype=result, factor=4)["atol"]
    if function == "std":
        atol = math.sqrt(atol)
    case.check(function, x, axis=axis, correction=correction, keepdims=case.draw(st.booleans()), atol=atol)


@conformance("cumulative_sum", "cumulative_prod")
def test_cumulative(case, function):
    dtype = case.dtype("all")
    elements = _sum_elements(dtype) if function == "cumulative_sum" else _product_elements(dtype)
    one_dimensional = case.draw(st.booleans(), label="1-d")
    shape = shapes(min_dims=1, max_dims=1) if one_dimensional else shapes(min_dims=1)
    x = case.array(dtype, shape, elements=elements, label="x")
    axis = (
        None
        if one_dimensional and case.draw(st.booleans(), label="no axis")
        else case.draw(axes(x.ndim, allow_none=False, allow_tuple=False), label="axis")
    )
    include_initial = case.draw(st.booleans(), label="include_initial")
    result_dtype = _accumulation_dtype_argument(case, dtype)
    kwargs = {} if result_dtype is None else {"dtype": result_dtype}
    if function == "cumulative_sum":
        tolerance = accumulation(x, dtype=result_dtype)
    else:
        tolerance = {"rtol": 4 * eps(dtype) * max(x.size, 1)} if is_inexact(dtype) else {}
    case.check(function, x, axis=axis, include_initial=include_initial, **kwargs, **tolerance)


@conformance("all", "any")
def test_all_any(case, function):
    x = case.array(case.dtype("all"), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    case.check(function, x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"))


@conformance("diff")
def test_diff(case):
    dtype = case.dtype(("real", "complex floating"))
    x = case.array(dtype, shapes(min_dims=1), label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    n = case.draw(st.integers(0, 3), label="n")
    kwargs = {}
    for side in ("prepend", "append"):
        if case.draw(st.booleans(), label=side):
            edge = tuple(1 if i == axis % x.ndim else s for i, s in enumerate(x.shape))
            kwargs[side] = case.array(dtype, edge, label=side)
    case.check("diff", x, axis=axis, n=n, **kwargs)


@conformance("sum", "max", "mean", "var", "cumulative_sum", "all")
def test_invalid_axes(case, function):
    """An axis out of range, or repeated, is an error on every backend."""
    x = case.array(case.dtype("real floating"), shapes(min_dims=1, min_side=1), label="x")
    bad = case.draw(st.sampled_from([x.ndim, -x.ndim - 1, (0, 0), (0, -x.ndim)]), label="axis")
    if function == "cumulative_sum" and isinstance(bad, tuple):
        bad = x.ndim
    case.check(function, x, axis=bad, expect_error=True)


# -- order statistics ---------------------------------------------------------------------------

_QUANTILE_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


@conformance("quantile")
def test_quantile(case):
    """NumPy's quantiles: scalar or sequence ``q``, one axis, several or all; NaN gives NaN; every method."""
    dtype = case.dtype(("integral", "real floating"))
    x = case.array(dtype, shapes(min_dims=1, min_side=1), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    levels = st.sampled_from([0.0, 0.25, 0.5, 0.7, 1.0, 1 / 3])
    q = case.draw(levels | st.lists(levels, min_size=1, max_size=3), label="q")
    method = case.draw(st.sampled_from(_QUANTILE_METHODS), label="method")
    case.check("quantile", x, q, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"), method=method)


@conformance("median")
def test_median(case):
    dtype = case.dtype(("integral", "real floating"))
    x = case.array(dtype, shapes(min_dims=1, min_side=1), label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    case.check("median", x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"))


@conformance("quantile", "median")
def test_quantile_median_errors(case, function):
    """An empty reduction, a quantile outside [0, 1], an unknown method, complex or boolean input."""
    problem = case.draw(st.sampled_from(["empty", "level", "method", "dtype"]), label="problem")
    if problem == "dtype":
        x = case.array(case.dtype(("bool", "complex floating")), (3,), label="x")
    else:
        x = case.array(case.dtype("real floating"), (0,) if problem == "empty" else (3,), label="x")
    if function == "median":
        if problem in ("level", "method"):
            return  # median has no q and no method
        case.check("median", x, expect_error=True)
        return
    q = case.draw(st.sampled_from([-0.1, 1.5, [0.5, 2.0]]), label="q") if problem == "level" else 0.5
    method = "cubic" if problem == "method" else "linear"
    case.check("quantile", x, q, method=method, expect_error=True)
