"""Searching, sorting and set functions.

The standard leaves the order of the unique values unspecified, so set
results are put in a canonical order (by value, then by first occurrence)
on both sides before they are compared; each NaN is its own unique value,
compared as NaN whatever its payload or other part.
``argmax``/``argmin`` inputs hold no NaN, whose position the standard does
not specify; ties resolve to the first occurrence everywhere.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from polyarray.testing import as_numpy, axes, broadcastable_shapes, conformance, scalars, shapes

NAN, INF = float("nan"), float("inf")


def _few_values(dtype):
    """Elements drawn from a handful of values, so that duplicates are common (NaN, ±0.0 and ±inf included)."""
    if dtype.kind == "bool":
        return st.booleans()
    if dtype.kind == "unsigned integer":
        return st.integers(0, 3)
    if dtype.kind == "signed integer":
        return st.integers(-2, 2)
    real = st.sampled_from([0.0, -0.0, 1.0, -2.5, NAN, INF, -INF])
    if dtype.kind == "complex floating":
        return st.builds(complex, real, st.sampled_from([0.0, 1.0, NAN]))
    return real


# -- searching --------------------------------------------------------------------------------


@conformance("argmax", "argmin")
def test_argmax_argmin(case, function):
    dtype = case.dtype(("bool", "real"))
    x = case.array(dtype, allow_nan=False, label="x")
    axis = case.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none(), label="axis")
    case.check(function, x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"))


@conformance("argmax", "argmin")
def test_argmax_argmin_repeated_values(case, function):
    """Ties resolve to the first occurrence."""
    dtype = case.dtype(("bool", "real"))
    elements = _few_values(dtype).filter(lambda v: v == v)
    x = case.array(dtype, shapes(min_dims=1, min_side=1), elements=elements, label="x")
    case.check(function, x, axis=case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis"))


@conformance("count_nonzero")
def test_count_nonzero(case):
    x = case.array(case.dtype(), elements=None, label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    case.check("count_nonzero", x, axis=axis, keepdims=case.draw(st.booleans(), label="keepdims"))


@conformance("nonzero")
def test_nonzero(case):
    dtype = case.dtype()
    x = case.array(dtype, shapes(min_dims=0), elements=_few_values(dtype), label="x")
    case.check("nonzero", x)


@conformance("searchsorted")
def test_searchsorted(case):
    dtype = case.dtype("real")
    x1 = case.array(dtype, shapes(min_dims=1, max_dims=1), allow_nan=False, label="x1")
    values = as_numpy(x1)[1]
    x2 = case.array(dtype, allow_nan=False, label="x2")
    side = case.draw(st.sampled_from(["left", "right"]), label="side")
    if case.draw(st.booleans(), label="sorter"):
        sorter = case.asarray(np.argsort(values, kind="stable").astype(np.int64))
        case.check("searchsorted", x1, x2, side=side, sorter=sorter)
    else:
        ordered = case.asarray(np.sort(values).astype(values.dtype), dtype)
        case.check("searchsorted", ordered, x2, side=side)


@conformance("where")
def test_where(case):
    shape_c, shape1, shape2 = case.draw(broadcastable_shapes(3), label="shapes")
    condition = case.array("bool", shape_c, label="condition")
    dtype = case.dtype()
    x1 = case.array(dtype, shape1, label="x1")
    if case.draw(st.booleans(), label="scalar x2"):
        x2 = case.draw(scalars(dtype), label="x2")
    else:
        x2 = case.array(dtype, shape2, label="x2")
    case.check("where", condition, x1, x2)


# -- sorting ----------------------------------------------------------------------------------


@conformance("sort", "argsort")
def test_sort_argsort_stable(case, function):
    """A stable sort, ascending or descending; NaN sorts after every number (before, descending)."""
    dtype = case.dtype(("bool", "real"))
    elements = _few_values(dtype) if case.draw(st.booleans(), label="repeats") else None
    x = case.array(dtype, shapes(min_dims=1), elements=elements, label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    descending = case.draw(st.booleans(), label="descending")
    case.check(function, x, axis=axis, descending=descending, stable=True)


@conformance("sort", "argsort")
def test_sort_argsort_unstable(case, function):
    """``stable=False`` on distinct values, whose order is then the same however the sort works."""
    dtype = case.dtype("real")
    x = case.array(dtype, shapes(min_dims=1, max_dims=1), allow_nan=False, unique=True, label="x")
    values = as_numpy(x)[1]
    if np.unique(np.where(values == 0, 0, values)).size != values.size:
        return  # -0.0 and 0.0 are equal values: their order would be unspecified
    case.check(function, x, descending=case.draw(st.booleans(), label="descending"), stable=False)


@conformance("sort", "argsort")
def test_sort_0d_is_an_error(case, function):
    x = case.array(case.dtype("real"), (), label="x")
    case.check(function, x, expect_error=True)


# -- sets -------------------------------------------------------------------------------------


def _first_positions(inverse: np.ndarray, count: int) -> np.ndarray:
    first = np.full(count, inverse.size, dtype=np.int64)
    np.minimum.at(first, inverse.ravel().astype(np.int64), np.arange(inverse.size))
    return first


def _canonical(fields):
    """Put unique values (and their companions) in order: by value, then by first occurrence."""

    def apply(tree):
        parts = dict(zip(fields, tree if isinstance(tree, list) else [tree]))
        values = parts["values"]
        if "indices" in parts:
            tiebreak = parts["indices"]
        elif "inverse_indices" in parts:
            tiebreak = _first_positions(parts["inverse_indices"], values.size)
        else:
            tiebreak = np.zeros(values.size, dtype=np.int64)
        sortable = values
        if values.dtype.kind in "fc":
            # Equal values sort together: -0.0 with 0.0, and every NaN (of any payload) last.
            sortable = np.where(values == 0, np.zeros((), values.dtype), values)
            sortable = np.where(np.isnan(values), np.full((), np.nan, values.dtype), sortable)
        order = np.lexsort((tiebreak, sortable))
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        out = {name: array[order] for name, array in parts.items() if name != "inverse_indices"}
        if values.dtype.kind in "fc":
            # Each NaN is a value of its own, whatever its payload or other part.
            nan = np.full((), complex(np.nan, np.nan) if values.dtype.kind == "c" else np.nan, values.dtype)
            out["values"] = np.where(np.isnan(out["values"]), nan, out["values"])
        if "inverse_indices" in parts:
            inverse = parts["inverse_indices"]
            out["inverse_indices"] = np.asarray(rank[inverse.astype(np.int64)], dtype=inverse.dtype)
        ordered = [out[name] for name in fields]
        return ordered if isinstance(tree, list) else ordered[0]

    return apply


SET_FIELDS = {
    "unique_all": ("values", "indices", "inverse_indices", "counts"),
    "unique_counts": ("values", "counts"),
    "unique_inverse": ("values", "inverse_indices"),
    "unique_values": ("values",),
}


@conformance(*SET_FIELDS)
def test_unique(case, function):
    dtype = case.dtype()
    x = case.array(dtype, elements=_few_values(dtype), label="x")
    case.check(function, x, transform=_canonical(SET_FIELDS[function]))


@conformance(*SET_FIELDS)
def test_unique_any_values(case, function):
    dtype = case.dtype()
    x = case.array(dtype, shapes(max_dims=2), label="x")
    case.check(function, x, transform=_canonical(SET_FIELDS[function]))


@conformance("top_k")
def test_top_k(case):
    """The ``k`` largest or smallest, sorted; equal values (``-0.0`` and ``0.0`` too) by index; NaN largest."""
    dtype = case.dtype(("bool", "real"))
    elements = _few_values(dtype) if case.draw(st.booleans(), label="repeats") else None
    x = case.array(dtype, shapes(min_dims=1), elements=elements, label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    k = case.draw(st.integers(0, x.shape[axis]), label="k")
    case.check("top_k", x, k, axis=axis, largest=case.draw(st.booleans(), label="largest"))


@conformance("top_k")
def test_top_k_bad_input(case):
    """``k`` outside ``[0, n]``, a 0-d array, complex numbers."""
    problem = case.draw(st.sampled_from(["k", "0-d", "complex"]), label="problem")
    if problem == "complex":
        x = case.array(case.dtype("complex floating"), (3,), label="x")
        case.check("top_k", x, 1, expect_error=True)
    elif problem == "0-d":
        case.check("top_k", case.array(case.dtype("real"), (), label="x"), 0, expect_error=True)
    else:
        x = case.array(case.dtype("real"), (3,), label="x")
        case.check("top_k", x, case.draw(st.sampled_from([-1, 4]), label="k"), expect_error=True)


# -- sizes that depend on values ---------------------------------------------------------------

#: Functions whose result's size depends on the values of their input.
DATA_DEPENDENT = {
    "nonzero": lambda xp, x: xp.functions["nonzero"](x)[0],
    "unique_values": lambda xp, x: xp.functions["unique_values"](x),
    "Array.__getitem__": lambda xp, x: x[x != xp.functions["zeros_like"](x)],
}


@conformance(*DATA_DEPENDENT)
def test_sizes_that_depend_on_values(case, function):
    """An eager backend knows the size; a lazy one says None until the result is computed (then it agrees).

    The lazy-backend contract (docs/writing-a-backend.md): a size that depends on
    values is unknown, None in polyarray, and computing gives NumPy's values. For an
    empty input a lazy backend may know that the result is empty, or not.
    """
    dtype = case.dtype(("integral", "real floating"))
    x = case.array(dtype, shapes(min_dims=1, max_dims=1), elements=_few_values(dtype), label="x")
    make = DATA_DEPENDENT[function]

    def call(xp, x):
        result = make(xp, x)
        if not xp.info.lazy:
            assert isinstance(result.shape[0], int), (function, result.shape)
        elif x.size:
            assert result.shape == (None,) and result.size is None, (function, result.shape)
        return result

    case.check(call, x, name=function)
