"""Array creation: from Python values, NumPy arrays, DLPack and shapes, with default and explicit dtypes."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from polyarray._dtypes import DTYPES
from polyarray.conformance._helpers import eps, is_inexact, numpy_dtype
from polyarray.testing import arrays, as_numpy, conformance, scalars, shapes

SIDES = st.integers(0, 5)


def _not_compared(values):
    """Uninitialised values: only dtype and shape are compared."""
    return np.zeros(np.shape(values), dtype=bool)


def _fill_value(case, dtype):
    """A Python fill value of ``dtype``'s kind that ``dtype`` holds."""
    if dtype.kind == "bool":
        return case.draw(st.booleans(), label="fill_value")
    if dtype.kind in ("signed integer", "unsigned integer"):
        return case.draw(scalars(dtype), label="fill_value")
    finite = dtype.name in ("float16", "bfloat16")
    limit = 6e4 if dtype.name == "float16" else None
    return case.draw(scalars(dtype, finite=finite, min_value=-limit if limit else None, max_value=limit), label="fill")


@conformance("asarray")
def test_asarray_from_python(case):
    """Nested lists of Python scalars, with the default dtype of their kind or an explicit one."""
    dtype = case.dtype(exclude=("bfloat16",))
    values = case.draw(arrays(np, numpy_dtype(dtype), shapes(max_dims=2)), label="values")
    explicit = case.draw(st.booleans(), label="explicit dtype")
    nested = values.tolist()
    case.check("asarray", nested, dtype=dtype if explicit else None)


@conformance("asarray")
def test_asarray_from_arrays(case):
    """NumPy arrays and the backend's own arrays (``copy`` None, True, and False where no copy is needed)."""
    dtype = case.dtype()
    x = case.array(dtype, label="x")
    source = case.draw(st.sampled_from(["backend", "numpy", "scalar"]), label="source")
    if source == "numpy" and dtype.name != "bfloat16":
        case.check("asarray", _reference_copy(case, x))
    elif source == "scalar":
        case.check("asarray", case.draw(scalars(dtype), label="scalar"))
    else:
        copy = case.draw(st.sampled_from([None, True, False]), label="copy")
        case.check("asarray", x, copy=copy)


def _reference_copy(case, x):
    """The values of ``x`` as a NumPy array of its own."""
    return as_numpy(x)[1].copy()


@conformance("asarray")
def test_asarray_out_of_range_integers(case):
    """A Python int that the requested integer dtype cannot hold is an error, never a wrapped value."""
    dtype = case.dtype("integral")
    info = np.iinfo(dtype.name)
    value = case.draw(st.sampled_from([int(info.max) + 1, int(info.min) - 1]), label="value")
    case.check("asarray", [0, value], dtype=dtype, expect_error=True)


@conformance("zeros", "ones", "empty")
def test_filled_by_shape(case, function):
    dtype = case.draw(st.none() | st.sampled_from(case.xp.dtypes), label="dtype")
    shape = case.draw(shapes() | SIDES, label="shape")
    transform = _not_compared if function == "empty" else None
    case.check(function, shape, dtype=dtype, transform=transform)


@conformance("zeros_like", "ones_like", "empty_like")
def test_filled_like(case, function):
    x = case.array(case.dtype(), label="x")
    dtype = case.draw(st.none() | st.sampled_from(case.xp.dtypes), label="dtype")
    transform = _not_compared if function == "empty_like" else None
    case.check(function, x, dtype=dtype, transform=transform)


@conformance("full")
def test_full(case):
    dtype = case.dtype()
    fill_value = _fill_value(case, dtype)
    explicit = case.draw(st.booleans(), label="explicit dtype") or dtype.name == "bfloat16"
    shape = case.draw(shapes() | SIDES, label="shape")
    case.check("full", shape, fill_value, dtype=dtype if explicit else None)


@conformance("full_like")
def test_full_like(case):
    dtype = case.dtype()
    x = case.array(dtype, label="x")
    case.check("full_like", x, _fill_value(case, dtype))


@conformance("eye")
def test_eye(case):
    n_rows = case.draw(SIDES, label="n_rows")
    n_cols = case.draw(st.none() | SIDES, label="n_cols")
    k = case.draw(st.integers(-6, 6), label="k")
    dtype = case.draw(st.none() | st.sampled_from(case.xp.dtypes), label="dtype")
    case.check("eye", n_rows, n_cols, k=k, dtype=dtype)


@conformance("arange")
def test_arange(case):
    """Integer, or dyadic float, start/stop/step: the length and values are exact on every backend."""
    integers = case.draw(st.booleans(), label="integers")
    number: st.SearchStrategy[float]
    if integers:
        number = st.integers(-20, 20)
        dtype = case.draw(st.none() | st.sampled_from([d for d in case.xp.dtypes if d.kind == "signed integer"]))
    else:
        number = st.integers(-80, 80).map(lambda n: n / 4)
        dtype = case.draw(st.none() | st.sampled_from([DTYPES[n] for n in ("float32", "float64")]), label="dtype")
        if dtype is not None and dtype not in case.xp.dtypes:
            dtype = None
    start = case.draw(number, label="start")
    stop = case.draw(st.none() | number, label="stop")
    step = case.draw(number.filter(lambda v: v != 0), label="step")
    if stop is None:
        case.check("arange", start, dtype=dtype)
    else:
        case.check("arange", start, stop, step, dtype=dtype)


@conformance("arange")
def test_arange_zero_step(case):
    case.check("arange", 0, 5, 0, expect_error=True)


@conformance("linspace")
def test_linspace(case):
    is_complex = case.draw(st.booleans(), label="complex")
    bound: st.SearchStrategy[complex] = st.floats(-1e3, 1e3, allow_nan=False)
    if is_complex:
        bound = st.builds(complex, bound, bound)
    start, stop = case.draw(bound, label="start"), case.draw(bound, label="stop")
    num = case.draw(st.integers(0, 12), label="num")
    dtype = case.draw(st.none() | st.sampled_from([d for d in case.xp.dtypes if is_inexact(d)]), label="dtype")
    if dtype is not None and is_complex != (dtype.kind == "complex floating"):
        dtype = None
    endpoint = case.draw(st.booleans(), label="endpoint")
    result = dtype or DTYPES["complex128" if is_complex else "float64"]
    atol = 8 * eps(result) * (abs(start) + abs(stop))
    case.check("linspace", start, stop, num, dtype=dtype, endpoint=endpoint, atol=atol)


@conformance("meshgrid")
def test_meshgrid(case):
    count = case.draw(st.integers(0, 3), label="count")
    dtype = case.dtype()
    vectors = [case.array(dtype, shapes(min_dims=1, max_dims=1), label=f"x{i}") for i in range(count)]
    indexing = case.draw(st.sampled_from(["xy", "ij"]), label="indexing")
    case.check("meshgrid", *vectors, indexing=indexing)


@conformance("tril", "triu")
def test_tril_triu(case, function):
    x = case.array(case.dtype(), shapes(min_dims=2), label="x")
    k = case.draw(st.integers(-5, 5), label="k")
    case.check(function, x, k=k)


@conformance("tril", "triu")
def test_tril_triu_need_matrices(case, function):
    x = case.array(case.dtype(), shapes(max_dims=1), label="x")
    case.check(function, x, expect_error=True)


@conformance("from_dlpack")
def test_from_dlpack(case):
    """DLPack from NumPy arrays and from the backend's own arrays (copied or not)."""
    dtype = case.dtype()
    x = case.array(dtype, label="x")
    if dtype.name != "bfloat16" and case.draw(st.booleans(), label="from numpy"):
        case.check("from_dlpack", _reference_copy(case, x))
    else:
        case.check("from_dlpack", x, copy=case.draw(st.sampled_from([None, True]), label="copy"))


@conformance("diag")
def test_diag(case):
    """A 1-d array laid on the ``k``-th diagonal of a square matrix; the ``k``-th diagonal of a 2-d array
    (empty where it lies outside the matrix)."""
    ndim = case.draw(st.sampled_from([1, 2]), label="ndim")
    x = case.array(case.dtype(), shapes(min_dims=ndim, max_dims=ndim), label="x")
    k = case.draw(st.integers(-4, 4), label="k")
    case.check("diag", x, k=k)


@conformance("diag")
def test_diag_needs_one_or_two_dimensions(case):
    x = case.array(case.dtype(), case.draw(st.sampled_from([(), (2, 2, 2), (1, 0, 3)]), label="shape"), label="x")
    case.check("diag", x, expect_error=True)
