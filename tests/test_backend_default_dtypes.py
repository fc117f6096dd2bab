"""A backend that lacks polyarray's 64-bit default dtypes uses its own (``_dtypes.own_defaults``).

The backend here is the NumPy plugin registered again as ``narrow64``,
without float64, int64, uint64 and complex128, as JAX is outside its 64-bit
mode: its defaults are float32, int32 and complex64 unless the user chose
others with ``pa.set_default_dtype``.
"""

from __future__ import annotations

import numpy as np
import pytest
from plugin_site import numpy_twin

import polyarray as pa
from polyarray import _dtypes

WIDE = ("float64", "int64", "uint64", "complex128")
ADVICE = "turn the wide mode on"


@pytest.fixture
def narrow():
    pa.register_backend("narrow64", numpy_twin("narrow64", lacking=WIDE, advice=ADVICE + " for {dtype}"))
    yield pa.get_backend("narrow64")
    pa.unregister_backend("narrow64")
    pa.unset_default_dtype()


def test_own_defaults_are_the_widest_held_of_each_kind():
    held = {"bool", "int8", "int16", "int32", "float16", "float32", "complex64"}
    assert _dtypes.own_defaults(held) == {
        "real floating": pa.float32, "integral": pa.int32, "complex floating": pa.complex64, "indexing": pa.int32,
    }  # fmt: skip
    assert _dtypes.own_defaults({"float64", "int64", "complex128", "float32"}) is None
    assert pa.get_backend("numpy").default_dtypes is None


def test_creation_and_inspection_use_the_backend_s_defaults(narrow):
    assert narrow.default_dtypes["real floating"] is pa.float32
    with pa.backend_context("narrow64"):
        assert pa.__array_namespace_info__().default_dtypes() == {
            "real floating": pa.float32, "complex floating": pa.complex64, "integral": pa.int32, "indexing": pa.int32,
        }  # fmt: skip
        assert pa.asarray([1.5, 2.0]).dtype == pa.float32
        assert pa.asarray([1, 2]).dtype == pa.int32
        assert pa.asarray([1j]).dtype == pa.complex64
        assert (pa.zeros(2).dtype, pa.eye(2).dtype, pa.linspace(0, 1, 3).dtype) == (pa.float32,) * 3
        assert (pa.arange(3).dtype, pa.full((2,), 7).dtype) == (pa.int32, pa.int32)
        assert (pa.asarray([1, 2], dtype=pa.int16) + 2.5).dtype == pa.float32
        np.testing.assert_array_equal(pa.to_numpy(pa.arange(3)), np.arange(3, dtype=np.int32))
    # The NumPy backend keeps polyarray's defaults meanwhile.
    assert pa.asarray([1.5]).dtype == pa.float64


def test_result_type_with_python_scalars_uses_the_backend_s_defaults(narrow):
    flags = pa.asarray([True], backend="narrow64")
    with pa.backend_context("narrow64"):
        assert pa.result_type(flags, 1) == (flags + 1).dtype == pa.int32
        assert pa.result_type(flags, 1.5) == (flags + 1.5).dtype == pa.float32
        assert pa.result_type(pa.int16, 1j) == pa.complex64
    assert pa.result_type(pa.asarray([True]), 1.5) == pa.float64


def test_a_chosen_default_is_kept_and_refused_where_missing(narrow):
    pa.set_default_dtype(pa.float16)
    assert pa.zeros(2, backend="narrow64").dtype == pa.float16
    pa.set_default_dtype(pa.float64)
    with pytest.raises(pa.UnsupportedDtypeError, match=f"float64.*{ADVICE} for float64"):
        pa.zeros(2, backend="narrow64")
    pa.unset_default_dtype("float")
    assert pa.zeros(2, backend="narrow64").dtype == pa.float32
    with pa.default_dtype_as(pa.int16):
        assert pa.arange(2, backend="narrow64").dtype == pa.int16
    assert pa.arange(2, backend="narrow64").dtype == pa.int32


def test_an_explicit_missing_dtype_names_the_function_and_gives_the_advice(narrow):
    with pytest.raises(pa.UnsupportedDtypeError) as caught:
        pa.ones(2, dtype=pa.float64, backend="narrow64")
    assert caught.value.function == "ones" and caught.value.dtype == "float64"
    assert "narrow64 backend has no float64 dtype" in str(caught.value)
    assert f"{ADVICE} for float64" in str(caught.value)
    with pytest.raises(pa.PolyarrayTypeError, match="numpy backend has no bfloat16"):
        pa.get_backend("numpy").native_dtype("bfloat16")


# -- the conformance kit on such a backend -------------------------------------------------------


def test_the_reference_s_defaults_stand_for_the_backend_s(narrow):
    from polyarray.testing import Case, assert_agrees
    from polyarray.testing.harness import default_dtype_map

    mapping = default_dtype_map(narrow)
    assert mapping == {"float64": "float32", "int64": "int32", "complex128": "complex64", "uint64": "uint32"}
    assert default_dtype_map(pa.get_backend("numpy")) == {}
    case = Case("narrow64")
    assert case.check("asarray", [1, 2]).result.dtype == pa.int32
    assert case.check("linspace", 0, 1, 5).result.dtype == pa.float32
    # Integers of the narrower dtype are compared as they wrap around in it (an int32 sum of 2**30 + 2**30 + 5).
    wrapped = pa.asarray([-(2**31) + 5], dtype=pa.int32)
    assert_agrees(wrapped, pa.asarray([2**31 + 5]), array_dtype_map=mapping)
    with pytest.raises(AssertionError, match="values differ"):
        assert_agrees(wrapped, pa.asarray([2**31 + 6]), array_dtype_map=mapping)
    with pytest.raises(AssertionError, match="dtype differs: got float64, expected float32"):
        assert_agrees(pa.ones(2), pa.ones(2), array_dtype_map=mapping)
    # Dtype values are not mapped: promotion of dtypes is the same on every backend.
    assert case.check(lambda xp: pa.result_type(pa.bool, pa.complex128), name="result_type").result == pa.complex128


def test_tolerances_given_for_float64_widen_for_the_float32_that_stands_for_it():
    from polyarray.testing import assert_agrees

    got = pa.asarray([1.0 + 2.0**-20], dtype=pa.float32)
    assert_agrees(got, pa.asarray([1.0]), rtol=1e-12, array_dtype_map={"float64": "float32"})
    with pytest.raises(AssertionError, match="values differ"):
        assert_agrees(pa.astype(got, pa.float64), pa.asarray([1.0]), rtol=1e-12)


def test_docstring_examples_may_print_what_numpy_prints_with_the_backend_s_defaults(narrow):
    from polyarray.testing.examples import run_examples

    # float(pa.logsumexp(...)) prints float32's digits there; pa.asarray prints dtype=int32.
    assert run_examples("logsumexp", "narrow64").outcome == "agreed"
    assert run_examples("asarray", "narrow64").outcome == "agreed"


def test_an_arrays_namespace_creates_on_its_backend_with_its_defaults(narrow):
    # Another backend is current: the namespace x hands out still creates narrow64 arrays with its defaults.
    x = pa.asarray([1.0], backend="narrow64")
    xp = x.__array_namespace__()
    assert xp is not pa.asarray([1.0], backend="numpy").__array_namespace__()
    with pa.backend_context("numpy"):
        made = (xp.zeros(2), xp.arange(3), xp.asarray([1, 2]), xp.linalg.outer(xp.ones(2), xp.ones(2)))
        assert [(m.backend.name, m.dtype) for m in made] == [
            ("narrow64", pa.float32), ("narrow64", pa.int32), ("narrow64", pa.int32), ("narrow64", pa.float32),
        ]  # fmt: skip
        assert xp.result_type(pa.int8, 1.5) is pa.float32
        assert xp.__array_namespace_info__().default_dtypes()["integral"] is pa.int32
        with pytest.raises(pa.UnsupportedDtypeError, match=ADVICE):
            xp.zeros(2, dtype=xp.int64)
