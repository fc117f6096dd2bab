"""Data types: ``astype``, the dtype functions on the backend's arrays and native dtypes, and default dtypes.

``can_cast``, ``finfo``, ``iinfo``, ``isdtype``, ``result_type`` and the dtype
utilities are the core's own code, but they read the backend's arrays and
native dtypes, so they are checked with those. Casts whose result the
standard leaves to the backend (NaN, infinities or out-of-range values to
an integer dtype) are not drawn.
"""

from __future__ import annotations

import contextlib
from typing import Literal

import numpy as np
from hypothesis import strategies as st

import polyarray as pa
from polyarray._dtypes import DTYPES
from polyarray.testing import conformance, scalars, shapes

KIND_NAMES = (
    "bool",
    "signed integer",
    "unsigned integer",
    "integral",
    "real floating",
    "complex floating",
    "numeric",
)


def _cast_elements(source, target):
    """Elements of ``source`` whose cast to ``target`` every backend must agree on."""
    if target.kind not in ("signed integer", "unsigned integer"):
        return None
    info = np.iinfo(target.name)
    if source.kind in ("signed integer", "unsigned integer"):
        bounds = np.iinfo(source.name)
        return st.integers(max(int(info.min), int(bounds.min)), min(int(info.max), int(bounds.max)))
    if source.kind == "real floating":
        high = min(float(info.max), 2.0**11 if source.name in ("float16", "bfloat16") else 2.0**24)
        low = max(float(info.min), -high)
        width: Literal[16, 32, 64] = (
            16 if source.name == "float16" else 32 if source.name in ("float32", "bfloat16") else 64
        )
        return st.floats(low, high, width=width)
    return None


@conformance("astype")
def test_astype(case):
    source = case.dtype()
    target = case.dtype()
    if source.kind == "complex floating" and target.kind not in ("complex floating", "bool"):
        target = DTYPES["complex64"] if DTYPES["complex64"] in case.xp.dtypes else source
    x = case.array(source, elements=_cast_elements(source, target), label="x")
    copy = case.draw(st.booleans(), label="copy")
    case.check("astype", x, target, copy=copy)


@conformance("astype")
def test_astype_complex_to_real_is_an_error(case):
    x = case.array(case.dtype("complex floating"), (2,), label="x")
    case.check("astype", x, case.dtype(("integral", "real floating"), exclude=("bfloat16",)), expect_error=True)


@conformance("can_cast", "result_type", "isdtype", "finfo", "iinfo", "dtype")
def test_dtype_functions_of_native_dtypes(case, function):
    """The core reads the backend's native dtype objects as the portable dtypes they stand for."""
    portable = case.draw(st.sampled_from([d for d in case.xp.dtypes if d.name != "bfloat16"]), label="dtype")
    native = case.xp.native_dtype(portable)
    other = case.draw(st.sampled_from(sorted(DTYPES.values(), key=lambda d: d.name)), label="other")
    kind = case.draw(st.sampled_from(KIND_NAMES), label="kind")
    call = {
        "can_cast": lambda xp: pa.can_cast(native, other),
        "result_type": lambda xp: pa.result_type(native, other),
        "isdtype": lambda xp: pa.isdtype(native, kind),
        "finfo": lambda xp: pa.finfo(native),
        "iinfo": lambda xp: pa.iinfo(native),
        "dtype": lambda xp: pa.as_portable_dtype(native),
    }[function]
    case.check(call, name=function)


@conformance("can_cast", "result_type", "finfo", "iinfo", "dtype")
def test_dtype_functions_of_arrays(case, function):
    """The same functions given the backend's arrays (``pa.Array`` or native)."""
    x = case.array(case.dtype(exclude=("bfloat16",)), shapes(max_dims=1), label="x")
    native = case.draw(st.booleans(), label="native")
    other = case.draw(st.sampled_from(sorted(DTYPES.values(), key=lambda d: d.name)), label="other")

    def call(xp, x):
        value = x.data if native else x
        return {
            "can_cast": lambda: pa.can_cast(value, other),
            "result_type": lambda: pa.result_type(value, other),
            "finfo": lambda: pa.finfo(value),
            "iinfo": lambda: pa.iinfo(value),
            "dtype": lambda: pa.dtype(value),
        }[function]()

    case.check(call, x, name=function)


@conformance("result_type")
def test_result_type_with_python_scalars(case):
    """A Python scalar takes the array's dtype when its kind allows, else the default dtype of its kind."""
    dtype = case.dtype(exclude=("bfloat16",))
    x = case.array(dtype, (2,), label="x")
    scalar = case.draw(st.sampled_from([True, 1, 1.5, 1j]), label="scalar")
    default = case.draw(st.sampled_from([None, "float32", "int32", "complex64"]), label="default dtype")

    def call(xp, x):
        # The dtype as an array's (where a backend lacks 64-bit dtypes, its defaults stand for NumPy's), and
        # whether it is the promotion that the functions that promote give.
        with pa.default_dtype_as(default) if default else contextlib.nullcontext():
            result = pa.result_type(x, scalar)
            return xp.functions["zeros"]((), dtype=result), result == pa.dtype(xp.functions["add"](x, scalar))

    case.check(call, x, name="result_type")


@conformance("dtype")
def test_dtype_of_bfloat16_arrays(case):
    x = case.array(case.dtype(), (2,), label="x")
    case.check(lambda xp, x: (pa.dtype(x), pa.dtype(x.data), x.dtype), x, name="dtype")


@conformance("as_native_dtype", "as_portable_dtype")
def test_native_dtypes(case, function):
    """Every dtype the backend holds has a native dtype that its arrays carry and that maps back."""
    dtype = case.dtype()

    def call(xp, dtype):
        native = pa.as_native_dtype(dtype, backend=xp)
        made = xp.functions["zeros"]((2,), dtype=dtype)
        return pa.as_portable_dtype(native), native == made.data.dtype

    case.check(call, dtype, name=function)


@conformance("as_native_dtype")
def test_native_dtype_of_another_backends_dtype(case):
    """``as_native_dtype`` takes any framework's dtype object: NumPy's, for one."""
    dtype = case.dtype(exclude=("bfloat16",))
    numpy_dtype = np.dtype(dtype.name)
    case.check(lambda xp: pa.as_portable_dtype(pa.as_native_dtype(numpy_dtype, backend=xp)), name="as_native_dtype")


DEFAULT_SETTERS = {
    "set_default_dtype": lambda d: pa.set_default_dtype(d),
    "set_default_float_dtype": lambda d: pa.set_default_float_dtype(d),
    "set_default_int_dtype": lambda d: pa.set_default_int_dtype(d),
    "set_default_complex_dtype": lambda d: pa.set_default_complex_dtype(d),
}


def _created_with_defaults(xp, value):
    return (
        xp.functions["asarray"](value),
        xp.functions["ones"]((2,)),
        xp.functions["arange"](3),
        xp.functions["full"]((1,), 1j),
    )


@conformance(*DEFAULT_SETTERS, "unset_default_dtype", "default_dtype_as")
def test_default_dtypes(case, function):
    """Creation functions on the backend follow the default dtypes set in the core."""
    kind = {
        "set_default_float_dtype": "real floating",
        "set_default_int_dtype": "signed integer",
        "set_default_complex_dtype": "complex floating",
    }.get(function, ("real floating", "signed integer", "complex floating"))
    dtype = case.dtype(kind)
    value = case.draw(st.sampled_from([[1.5, 2.0], [1, 2], [1j]]), label="value")

    def call(xp, dtype):
        if function == "default_dtype_as":
            with pa.default_dtype_as(dtype):
                return _created_with_defaults(xp, value)
        setter = DEFAULT_SETTERS.get(function, pa.set_default_dtype)
        try:
            setter(dtype)
            if function == "unset_default_dtype":
                pa.unset_default_dtype()
            return _created_with_defaults(xp, value)
        finally:
            pa.unset_default_dtype()

    case.check(call, dtype, name=function)


@conformance("iinfo", "finfo")
def test_info_of_the_wrong_kind(case, function):
    dtype = case.dtype("real floating" if function == "iinfo" else "integral", exclude=("bfloat16",))
    x = case.array(dtype, (1,), label="x")
    info = pa.iinfo if function == "iinfo" else pa.finfo
    case.check(lambda xp, x: info(x), x, name=function, expect_error=True)


@conformance("astype")
def test_astype_of_python_scalars_kinds(case):
    """Arrays made from Python scalars of every kind keep their values when cast to a wider dtype."""
    dtype = case.dtype(("integral", "floating"), exclude=("bfloat16", "float16"))
    value = case.draw(scalars(dtype, finite=True), label="value")
    x = case.asarray([value], dtype)
    target = "complex128" if dtype.kind == "complex floating" else "float64"
    if DTYPES[target] in case.xp.dtypes:
        case.check("astype", x, DTYPES[target])
