"""Indexing functions and the ``pa.Array`` object: operators, indexing, item assignment, conversions, methods."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from polyarray.conformance._helpers import as_scalar_of, complex_power_inputs
from polyarray.testing import broadcastable_shapes, conformance, scalars, shapes

#: Binary operators and the function each one calls.
BINARY_OPERATORS = {
    "add": ("numeric",),
    "sub": ("numeric",),
    "mul": ("numeric",),
    "truediv": ("floating",),
    "floordiv": ("real floating",),
    "mod": ("real floating",),
    "pow": ("floating",),
    "and": ("bool", "integral"),
    "or": ("bool", "integral"),
    "xor": ("bool", "integral"),
    "lt": ("real",),
    "le": ("real",),
    "gt": ("real",),
    "ge": ("real",),
    "eq": ("all",),
    "ne": ("all",),
}
UNARY_OPERATORS = {"neg": ("numeric",), "pos": ("numeric",), "abs": ("numeric",), "invert": ("bool", "integral")}


# -- take, take_along_axis --------------------------------------------------------------------


@conformance("take")
def test_take(case):
    x = case.array(case.dtype(), shapes(min_dims=1, min_side=1), label="x")
    axis = case.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) if x.ndim > 1 else st.none(), label="axis")
    if axis is None and x.ndim > 1:
        axis = 0
    length = x.shape[0 if axis is None else axis]
    count = case.draw(st.integers(0, 5), label="count")
    picks = case.draw(st.lists(st.integers(-length, length - 1), min_size=count, max_size=count), label="indices")
    indices = case.asarray(np.asarray(picks, dtype=np.int64))
    case.check("take", x, indices, axis=axis)


@conformance("take")
def test_take_out_of_bounds(case):
    x = case.array(case.dtype(), (3,), label="x")
    case.check("take", x, case.asarray(np.asarray([3], dtype=np.int64)), axis=0, expect_error=True)


@conformance("take_along_axis")
def test_take_along_axis(case):
    x = case.array(case.dtype(), shapes(min_dims=1, min_side=1), label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    length = x.shape[axis]
    picked = case.draw(st.integers(0, 4), label="picked")
    shape = list(x.shape)
    shape[axis] = picked
    values = case.draw(hnp.arrays(np.int64, tuple(shape), elements=st.integers(-length, length - 1)), label="indices")
    case.check("take_along_axis", x, case.asarray(values), axis=axis)


# -- operators --------------------------------------------------------------------------------


def _binary(name):
    function = getattr(operator, name if name not in ("and", "or") else f"{name}_")

    def apply(xp, x, y):
        return function(x, y)

    return apply


def _reflected(name):
    function = getattr(operator, name if name not in ("and", "or") else f"{name}_")

    def apply(xp, x, scalar):
        return function(scalar, x)

    return apply


def _inplace(name):
    function = getattr(operator, f"i{name}")

    def apply(xp, x, y):
        result = function(x, y)
        return result, x

    return apply


@conformance(*(f"Array.__{name}__" for name in BINARY_OPERATORS))
def test_binary_operators(case, function):
    name = function[len("Array.__") : -2]
    dtype = case.dtype(BINARY_OPERATORS[name])
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    elements, tolerances = complex_power_inputs(dtype) if name == "pow" else (None, {})
    x = case.array(dtype, shape1, elements=elements, label="x")
    options = {"name": function, "transcendental": name == "pow", **tolerances}
    if case.draw(st.booleans(), label="scalar operand"):
        if elements is not None:
            scalar = case.draw(st.builds(complex, st.floats(-3, 3), st.floats(-3, 3)), label="scalar")
        else:
            scalar = as_scalar_of(case, case.draw(scalars(dtype), label="scalar"), dtype)
        if case.draw(st.booleans(), label="reflected"):
            case.check(_reflected(name), x, scalar, **options)
        else:
            case.check(_binary(name), x, scalar, **options)
    else:
        case.check(_binary(name), x, case.array(dtype, shape2, elements=elements, label="y"), **options)


@conformance("Array.__iadd__", "Array.__imul__", "Array.__isub__", "Array.__itruediv__", "Array.__iand__")
def test_inplace_operators(case, function):
    """``x op= y`` updates ``x`` (same identity, shape and dtype), or fails on both backends."""
    name = function[len("Array.__i") : -2]
    kinds = {"truediv": ("floating",), "and": ("bool", "integral")}.get(name, ("numeric",))
    x_dtype = case.dtype(kinds)
    y_dtype = case.dtype(kinds, exclude=("bfloat16",)) if x_dtype.name != "bfloat16" else x_dtype
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    case.check(_inplace(name), case.array(x_dtype, shape1, label="x"), case.array(y_dtype, shape2), name=function)


@conformance(*(f"Array.__{name}__" for name in UNARY_OPERATORS))
def test_unary_operators(case, function):
    name = function[len("Array.__") : -2]
    x = case.array(case.dtype(UNARY_OPERATORS[name]), label="x")
    apply = getattr(operator, name)
    case.check(lambda xp, x: apply(x), x, name=function)


@conformance("Array.__matmul__", "Array.__rmatmul__")
def test_matmul_operator(case, function):
    dtype = case.dtype(("integral", "floating"), exclude=("bfloat16", "float16"))
    n, k, m = (case.draw(st.integers(1, 4), label=side) for side in ("n", "k", "m"))
    a = case.array(dtype, (n, k), elements=_small(dtype), label="a")
    b = case.array(dtype, (k, m), elements=_small(dtype), label="b")
    if function == "Array.__matmul__":
        case.check(lambda xp, a, b: a @ b, a, b, name=function)
    else:
        case.check(lambda xp, a, b: b.__rmatmul__(a), a, b, name=function)


def _small(dtype):
    if dtype.kind in ("signed integer", "unsigned integer"):
        return st.integers(0, 5)
    return st.integers(-8, 8).map(float) if dtype.kind == "real floating" else st.integers(-8, 8).map(complex)


# -- indexing ---------------------------------------------------------------------------------


@conformance("Array.__getitem__")
def test_getitem_basic(case):
    x = case.array(case.dtype(), shapes(), label="x")
    key = case.draw(hnp.basic_indices(x.shape, min_dims=0, allow_newaxis=True, allow_ellipsis=True), label="key")
    case.check(lambda xp, x, key: x[key], x, key, name="Array.__getitem__")


@conformance("Array.__getitem__")
def test_getitem_integer_arrays(case):
    x = case.array(case.dtype(), shapes(min_dims=1, min_side=1), label="x")
    key = case.draw(hnp.integer_array_indices(x.shape), label="key")
    key = tuple(case.asarray(k.astype(np.int64)) for k in key)
    case.check(lambda xp, x, key: x[key], x, key, name="Array.__getitem__")


@conformance("Array.__getitem__")
def test_getitem_boolean_mask(case):
    x = case.array(case.dtype(), shapes(min_dims=1), label="x")
    mask = case.array("bool", x.shape, label="mask")
    case.check(lambda xp, x, mask: x[mask], x, mask, name="Array.__getitem__")


@conformance("Array.__getitem__")
def test_getitem_out_of_bounds(case):
    x = case.array(case.dtype(), (2, 3), label="x")
    key = case.draw(st.sampled_from([(2, 0), (0, -4), 5]), label="key")
    case.check(lambda xp, x, key: x[key], x, key, name="Array.__getitem__", expect_error=True)


def _setitem(xp, x, key, value):
    x[key] = value
    return x


@conformance("Array.__setitem__")
def test_setitem(case):
    dtype = case.dtype()
    x = case.array(dtype, shapes(), label="x")
    key = case.draw(hnp.basic_indices(x.shape, min_dims=0, allow_ellipsis=True), label="key")
    target = np.empty(x.shape)[key].shape
    if case.draw(st.booleans(), label="scalar value"):
        value = case.draw(scalars(dtype, finite=dtype.name in ("float16", "bfloat16")), label="value")
        if dtype.name == "float16" and isinstance(value, float) and abs(value) > 65504:
            value = 1.5
    else:
        suffix = target[len(target) - case.draw(st.integers(0, len(target)), label="value ndim") :]
        value = case.array(dtype, tuple(suffix), label="value")
    case.check(_setitem, x, key, value, name="Array.__setitem__")


@conformance("Array.__setitem__")
def test_setitem_through_boolean_mask(case):
    dtype = case.dtype()
    x = case.array(dtype, shapes(min_dims=1), label="x")
    mask = case.array("bool", x.shape, label="mask")
    value = case.array(dtype, (), label="value")
    case.check(_setitem, x, mask, value, name="Array.__setitem__")


# -- conversions and attributes ---------------------------------------------------------------


@conformance("Array.__bool__", "Array.__int__", "Array.__float__", "Array.__complex__", "Array.__index__")
def test_python_conversions(case, function):
    """0-d arrays convert to Python scalars; other shapes (and wrong kinds) are errors everywhere."""
    convert: dict[str, Callable[[Any], Any]] = {
        "__bool__": bool,
        "__int__": int,
        "__float__": float,
        "__complex__": complex,
        "__index__": operator.index,
    }
    apply = convert[function[len("Array.") :]]
    dtype = case.dtype()
    shape = case.draw(st.sampled_from([(), (), (1,), (2,)]), label="shape")
    finite = function == "Array.__int__"
    x = case.array(dtype, shape, finite=finite, label="x")
    case.check(lambda xp, x: apply(x), x, name=function)


@conformance("Array.__len__", "Array.__iter__", "Array.T", "Array.mT")
def test_sequence_and_transposes(case, function):
    x = case.array(case.dtype(), shapes(), label="x")
    applies: dict[str, Callable[[Any], Any]] = {
        "Array.__len__": len,
        "Array.__iter__": list,
        "Array.T": operator.attrgetter("T"),
        "Array.mT": operator.attrgetter("mT"),
    }
    apply = applies[function]
    case.check(lambda xp, x: apply(x), x, name=function)


@conformance("Array.shape", "Array.ndim", "Array.size", "Array.dtype", "Array.device")
def test_attributes(case, function):
    x = case.array(case.dtype(), shapes(), label="x")
    attribute = operator.attrgetter(function[len("Array.") :])
    case.check(lambda xp, x: attribute(x), x, name=function)


@conformance("Array.sum", "Array.reshape", "Array.astype", "Array.argmax", "Array.flip")
def test_methods(case, function):
    """Methods are the functions of the same name applied to the array."""
    dtype = case.dtype("real", exclude=("bfloat16", "float16"))
    x = case.array(dtype, shapes(min_dims=1, min_side=1), elements=_small(dtype), label="x")
    call = {
        "Array.sum": lambda xp, x: x.sum(axis=0),
        "Array.reshape": lambda xp, x: x.reshape((-1,)),
        "Array.astype": lambda xp, x: x.astype("float32"),
        "Array.argmax": lambda xp, x: x.argmax(),
        "Array.flip": lambda xp, x: x.flip(axis=0),
    }[function]
    case.check(call, x, name=function)
