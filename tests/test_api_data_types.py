"""Data type functions and the inspection namespace, compared with NumPy where it is the reference."""

from __future__ import annotations

import dataclasses
import itertools
import math

import dtype_sets
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

NUMPY_DTYPES = dtype_sets.portable(dtype_sets.ALL)
ALL_DTYPES = [*NUMPY_DTYPES, pa.bfloat16]
INTEGERS = [pa.int8, pa.int16, pa.int32, pa.int64, pa.uint8, pa.uint16, pa.uint32, pa.uint64]
REAL_FLOATS = [pa.float16, pa.bfloat16, pa.float32, pa.float64]
COMPLEX = [pa.complex64, pa.complex128]

shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)


def as_native(dtype):
    return np.dtype(dtype.name)


# -- astype --------------------------------------------------------------------------------


def _in_range_elements(source, target):
    """Values of ``source`` that every cast to ``target`` keeps exactly (or as NumPy rounds them)."""
    if source == pa.bool or target == pa.bool:
        return None
    if source in INTEGERS:
        low, high = np.iinfo(source.name).min, np.iinfo(source.name).max
        if target in INTEGERS:
            low, high = max(low, np.iinfo(target.name).min), min(high, np.iinfo(target.name).max)
        elif target == pa.float16:
            low, high = max(low, -60000), min(high, 60000)
        return st.integers(int(low), int(high))
    width = as_native(source).itemsize * 8
    if source in COMPLEX:  # to complex: keep the parts within the narrower type's range
        bound = float(min(np.finfo(source.name).max, np.finfo(target.name).max)) / 2
        finite = st.complex_numbers(max_magnitude=bound, allow_nan=False, allow_infinity=False, width=width)
        return finite | st.sampled_from([complex(math.inf, 0), complex(0, -math.inf), complex(math.nan, 1)])
    if target in INTEGERS:
        info = np.iinfo(target.name)
        bound = float(min(info.max, 2**52 if source == pa.float64 else 2**23 if source == pa.float32 else 2048))
        low = 0.0 if info.min == 0 else -bound
        return st.floats(low, bound, allow_nan=False, width=width)
    bound = float(min(np.finfo(source.name).max, np.finfo(target.name).max))
    return st.floats(-bound, bound, width=width) | st.sampled_from([math.nan, math.inf, -math.inf])


cast_pairs = st.sampled_from(
    [(a, b) for a, b in itertools.product(NUMPY_DTYPES, NUMPY_DTYPES) if a not in COMPLEX or b in [*COMPLEX, pa.bool]]
)


@given(cast_pairs, shapes, st.data())
def test_astype_matches_numpy(pair, shape, data):
    source, target = pair
    x = data.draw(hnp.arrays(as_native(source), shape, elements=_in_range_elements(source, target)))
    result = pa.astype(x, target)
    want = x.astype(as_native(target))
    assert isinstance(result, pa.Array)
    assert result.dtype == target
    assert result.shape == x.shape
    np.testing.assert_array_equal(pa.to_numpy(result), want)


def test_astype_bool_semantics():
    x = pa.asarray([0.0, -0.0, 2.5, float("nan"), float("inf")])
    np.testing.assert_array_equal(pa.to_numpy(pa.astype(x, pa.bool)), [False, False, True, True, True])
    z = pa.asarray([0j, 1j, 1 + 0j], dtype=pa.complex64)
    np.testing.assert_array_equal(pa.to_numpy(pa.astype(z, pa.bool)), [False, True, True])
    b = pa.asarray([True, False])
    np.testing.assert_array_equal(pa.to_numpy(pa.astype(b, pa.float32)), [1.0, 0.0])
    assert pa.to_numpy(pa.astype(b, pa.complex128))[0] == 1 + 0j


def test_astype_copy_semantics():
    x = np.arange(3, dtype=np.int32)
    assert pa.astype(x, pa.int32, copy=False).data is x
    copied = pa.astype(x, pa.int32).data
    assert copied is not x
    assert not np.shares_memory(copied, x)
    converted = pa.astype(x, pa.int64, copy=False).data
    assert converted.dtype == np.int64
    assert not np.shares_memory(converted, x)


def test_astype_refuses_complex_to_real():
    with pytest.raises(pa.PolyarrayTypeError, match="complex"):
        pa.astype(pa.asarray([1 + 1j]), pa.float64)
    with pytest.raises(TypeError):
        pa.astype(np.zeros(2, np.complex64), pa.int32)


def test_astype_accepts_names_native_dtypes_and_0d():
    check = pa.astype(np.float32(2.5), "float64")
    assert check.dtype == pa.float64
    assert check.shape == ()
    assert pa.astype([1, 2], np.dtype("uint8")).dtype == pa.uint8
    assert pa.astype(pa.asarray([1.0]), np.float16).dtype == pa.float16


def test_astype_device_and_native_mode():
    assert pa.astype(pa.asarray([1]), pa.int8, device="cpu").device == "cpu"
    with pytest.raises(pa.PolyarrayValueError):
        pa.astype(pa.asarray([1]), pa.int8, device="gpu:0")
    pa.set_array_mode(False)
    assert type(pa.astype(np.arange(2), pa.float32)) is np.ndarray


def test_astype_to_a_dtype_numpy_lacks():
    with pytest.raises(pa.PolyarrayTypeError, match="bfloat16"):
        pa.astype(pa.asarray([1.0]), pa.bfloat16)


# -- finfo, iinfo --------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [pa.float16, pa.float32, pa.float64, pa.complex64, pa.complex128], ids=str)
def test_finfo_matches_numpy(dtype):
    info, want = pa.finfo(dtype), np.finfo(dtype.name)
    assert info.bits == want.bits
    assert info.eps == float(want.eps)
    assert info.max == float(want.max)
    assert info.min == float(want.min)
    assert info.smallest_normal == float(want.smallest_normal)
    assert info.dtype == want.dtype
    assert info.dtype in REAL_FLOATS
    for field in ("eps", "max", "min", "smallest_normal"):
        assert type(getattr(info, field)) is float
    assert type(info.bits) is int


def test_finfo_bfloat16_from_its_definition():
    # 1 sign bit, 8 exponent bits (bias 127), 7 mantissa bits.
    info = pa.finfo(pa.bfloat16)
    assert info.bits == 16
    assert info.eps == 2.0**-7 == 0.0078125
    assert info.max == (2 - 2.0**-7) * 2.0**127 == 3.3895313892515355e38
    assert info.min == -info.max
    assert info.smallest_normal == 2.0**-126 == pa.finfo(pa.float32).smallest_normal
    assert info.dtype is pa.bfloat16


@pytest.mark.parametrize("dtype", INTEGERS, ids=str)
def test_iinfo_matches_numpy(dtype):
    info, want = pa.iinfo(dtype), np.iinfo(dtype.name)
    assert (info.bits, info.max, info.min) == (want.bits, int(want.max), int(want.min))
    assert all(type(v) is int for v in (info.bits, info.max, info.min))
    assert info.dtype is dtype


def test_info_objects_are_frozen_and_exported():
    with pytest.raises(dataclasses.FrozenInstanceError):
        pa.finfo(pa.float32).eps = 1.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        pa.iinfo(pa.int8).max = 1  # type: ignore[misc]
    assert isinstance(pa.finfo(pa.float64), pa.FInfo)
    assert isinstance(pa.iinfo(pa.uint8), pa.IInfo)
    assert pa.finfo(pa.complex64) == pa.finfo(pa.float32)


FORMS = ["portable", "name", "numpy type", "numpy dtype", "ndarray", "pa.Array", "numpy scalar"]


def _forms(dtype):
    native = as_native(dtype)
    return [dtype, dtype.name, native.type, native, np.zeros(2, native), pa.zeros(2, dtype=dtype), native.type(1)]


@pytest.mark.parametrize("form", range(len(FORMS)), ids=FORMS)
def test_finfo_and_iinfo_accept_dtypes_names_natives_and_arrays(form):
    assert pa.finfo(_forms(pa.float32)[form]) == pa.finfo(pa.float32)
    assert pa.finfo(_forms(pa.float32)[form]).eps == float(np.finfo(np.float32).eps)
    assert pa.iinfo(_forms(pa.int32)[form]).max == 2**31 - 1
    assert pa.iinfo(_forms(pa.int32)[form]).dtype is pa.int32


@pytest.mark.parametrize("dtype", [pa.bool, *INTEGERS], ids=str)
def test_finfo_refuses_non_floating_dtypes(dtype):
    with pytest.raises(pa.PolyarrayTypeError, match="floating"):
        pa.finfo(dtype)


@pytest.mark.parametrize("dtype", [pa.bool, *REAL_FLOATS, *COMPLEX], ids=str)
def test_iinfo_refuses_non_integer_dtypes(dtype):
    with pytest.raises(pa.PolyarrayTypeError, match="integer"):
        pa.iinfo(dtype)


def test_info_of_unknown_things():
    with pytest.raises(pa.PolyarrayTypeError):
        pa.finfo("float128x")
    with pytest.raises(TypeError):
        pa.iinfo(object())


# -- isdtype -------------------------------------------------------------------------------

KIND_MEMBERS = {
    "bool": {pa.bool},
    "signed integer": {pa.int8, pa.int16, pa.int32, pa.int64},
    "unsigned integer": {pa.uint8, pa.uint16, pa.uint32, pa.uint64},
    "integral": set(INTEGERS),
    "real floating": set(REAL_FLOATS),
    "complex floating": set(COMPLEX),
    "numeric": set(INTEGERS) | set(REAL_FLOATS) | set(COMPLEX),
}
atomic_kinds = st.sampled_from(list(KIND_MEMBERS)) | st.sampled_from(ALL_DTYPES)


def _expected_isdtype(dtype, kind):
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return any(dtype in KIND_MEMBERS[k] if isinstance(k, str) else dtype == k for k in kinds)


@given(st.sampled_from(ALL_DTYPES), atomic_kinds | st.lists(atomic_kinds, max_size=3).map(tuple))
def test_isdtype(dtype, kind):
    assert pa.isdtype(dtype, kind) is _expected_isdtype(dtype, kind)


@given(st.sampled_from(NUMPY_DTYPES), st.sampled_from(list(KIND_MEMBERS)))
def test_isdtype_of_native_dtypes(dtype, kind):
    want = _expected_isdtype(dtype, kind)
    assert pa.isdtype(as_native(dtype), kind) is want
    assert pa.isdtype(dtype.name, kind) is want
    if hasattr(np, "isdtype"):  # NumPy 2 has the standard's function: the same answers
        assert np.isdtype(as_native(dtype), kind) is want


def test_isdtype_with_dtypes_as_kinds_and_errors():
    assert pa.isdtype(np.dtype("int64"), pa.int64)
    assert pa.isdtype(pa.float32, ("bool", np.float32))
    assert not pa.isdtype(pa.float32, ())
    assert pa.isdtype(pa.float16, "float16")
    with pytest.raises(pa.PolyarrayValueError, match="kind"):
        pa.isdtype(pa.float32, "floating")
    with pytest.raises(pa.PolyarrayTypeError):
        pa.isdtype(pa.float32, 3)


# -- can_cast ------------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), list(itertools.product(NUMPY_DTYPES, NUMPY_DTYPES)), ids=str)
def test_can_cast_agrees_with_numpy_within_a_kind(a, b):
    same_kind = a.kind == b.kind or {a.kind, b.kind} <= {"signed integer", "unsigned integer"}
    floating = {a.kind, b.kind} <= {"real floating", "complex floating"}
    if same_kind or floating or a == pa.bool:
        assert pa.can_cast(a, b) is bool(np.can_cast(a.name, b.name)), (a, b)
    # Across kinds, polyarray casts where it promotes: integers to every floating dtype.
    if a.kind in ("signed integer", "unsigned integer") and b.kind in ("real floating", "complex floating"):
        assert pa.can_cast(a, b)
    if a.kind in ("real floating", "complex floating") and b.kind not in ("real floating", "complex floating"):
        assert not pa.can_cast(a, b)


def test_can_cast_of_arrays_and_native_dtypes():
    assert pa.can_cast(pa.asarray([1], dtype=pa.int8), pa.int16)
    assert pa.can_cast(np.zeros(2, np.uint8), "int16")
    assert not pa.can_cast(np.zeros(2, np.float64), np.float32)
    assert not pa.can_cast(pa.uint64, pa.int64)
    assert pa.can_cast(pa.bfloat16, pa.float32)
    assert not pa.can_cast(pa.float16, pa.bfloat16)
    with pytest.raises(pa.PolyarrayTypeError):
        pa.can_cast(pa.int8, "int9")


# -- result_type ---------------------------------------------------------------------------


def test_result_type_of_mixed_arguments():
    x = pa.asarray([1, 2], dtype=pa.int8)
    assert pa.result_type(x, np.zeros(1, np.uint8), "int32") is pa.int32
    assert pa.result_type(x, 1, True) is pa.int8
    assert pa.result_type(x, 1.5) is pa.float64
    assert pa.result_type(x, 1.5, 1j) is pa.complex128
    assert pa.result_type(pa.float32, 1j, 2.0) is pa.complex64
    assert pa.result_type(pa.bool, True) is pa.bool
    assert pa.result_type(np.float16(1.0), 3) is pa.float16
    assert pa.result_type(pa.float64) is pa.float64
    assert pa.result_type(np.zeros(2, np.int64), np.zeros(2, np.float32)) is pa.float32


def test_result_type_errors():
    with pytest.raises(pa.PolyarrayTypeError, match="at least one"):
        pa.result_type()
    with pytest.raises(pa.PolyarrayTypeError, match="at least one"):
        pa.result_type(1, 2.0)
    with pytest.raises(pa.PolyarrayTypeError, match="uint64"):
        pa.result_type(pa.uint64, np.zeros(1, np.int8))
    with pytest.raises(pa.PolyarrayTypeError):
        pa.result_type(pa.int8, "not a dtype")


def test_result_type_returns_portable_dtypes():
    result = pa.result_type(np.dtype("float32"), np.dtype("float64"))
    assert type(result) is pa.DType
    assert result == np.float64 and result is pa.float64


# -- inspection ----------------------------------------------------------------------------


def test_array_namespace_info_of_numpy():
    info = pa.__array_namespace_info__()
    assert info.devices() == ["cpu"]
    assert info.default_device() == "cpu"
    defaults = info.default_dtypes()
    assert defaults == {
        "real floating": np.asarray(0.0).dtype,
        "complex floating": np.asarray(0j).dtype,
        "integral": np.asarray(0).dtype,
        "indexing": np.dtype(np.intp),
    }
    assert all(type(d) is pa.DType for d in defaults.values())
    assert info.default_dtypes(device="cpu") == defaults


def test_array_namespace_info_is_reachable_from_arrays():
    x = pa.asarray([1.0])
    assert x.__array_namespace__().__array_namespace_info__().default_dtypes()["integral"] is pa.int64
    assert "__array_namespace_info__" in pa.__all__


def test_capabilities():
    capabilities = pa.__array_namespace_info__().capabilities()
    assert set(capabilities) == {"boolean indexing", "data-dependent shapes", "max dimensions"}
    assert capabilities["boolean indexing"] is True
    assert capabilities["data-dependent shapes"] is True
    limit = capabilities["max dimensions"]
    assert limit == (64 if np.lib.NumpyVersion(np.__version__) >= "2.0.0" else 32)
    np.zeros((1,) * limit)
    with pytest.raises(ValueError):
        np.zeros((1,) * (limit + 1))


@pytest.mark.parametrize("kind", [None, *KIND_MEMBERS, ("bool", "complex floating")])
def test_dtypes_by_kind(kind):
    dtypes = pa.__array_namespace_info__().dtypes(kind=kind)
    standard = {d for d in NUMPY_DTYPES if d not in (pa.float16,)}
    want = {d for d in standard if kind is None or _expected_isdtype(d, kind)}
    assert set(dtypes.values()) == want
    assert all(name == d.name for name, d in dtypes.items())
    assert pa.bfloat16 not in dtypes.values()


def test_dtypes_order_and_errors():
    info = pa.__array_namespace_info__()
    assert list(info.dtypes(kind="signed integer")) == ["int8", "int16", "int32", "int64"]
    assert list(info.dtypes(device="cpu", kind="real floating")) == ["float32", "float64"]
    with pytest.raises(pa.PolyarrayValueError):
        info.dtypes(kind="floating point")
    with pytest.raises(pa.PolyarrayValueError, match="gpu:0"):
        info.dtypes(device="gpu:0")
    with pytest.raises(pa.PolyarrayValueError, match="gpu:0"):
        info.default_dtypes(device="gpu:0")


def test_info_follows_the_current_backend():
    with pa.backend_context("numpy") as xp:
        info = pa.__array_namespace_info__()
        assert info.backend is xp
    assert "numpy" in repr(info)


def test_default_dtypes_match_what_creation_gives():
    defaults = pa.__array_namespace_info__().default_dtypes()
    assert pa.asarray(1.0).dtype == defaults["real floating"]
    assert pa.asarray(1j).dtype == defaults["complex floating"]
    assert pa.arange(3).dtype == defaults["integral"]
    assert pa.full((), 3).dtype == defaults["integral"]
    assert pa.zeros(2).dtype == defaults["real floating"]
