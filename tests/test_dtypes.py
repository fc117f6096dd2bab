"""Portable dtypes: equality with native dtypes both ways, hashing, native/portable conversions."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest
from dtype_sets import ALL

import polyarray as pa
from polyarray._dtypes import DTYPES

NUMPY_NAMES = [d.name for d in ALL]
NUMPY = pa.get_backend("numpy")


@pytest.fixture(autouse=True)
def _default_dtypes():
    pa.unset_default_dtype()
    yield
    pa.unset_default_dtype()


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_portable_and_numpy_dtypes_compare_equal_both_ways(name):
    portable, native = DTYPES[name], np.dtype(name)
    assert portable == native and native == portable
    assert not (portable != native) and not (native != portable)
    assert portable == native.type and native.type == portable  # np.float32, the scalar type
    assert portable == name and name == portable


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_portable_dtypes_differ_from_every_other_dtype(name):
    portable = DTYPES[name]
    for other in NUMPY_NAMES:
        if other == name:
            continue
        assert portable != np.dtype(other) and np.dtype(other) != portable
        assert not (np.dtype(other) == portable)
        assert portable != DTYPES[other]
    assert portable != pa.bfloat16 and np.dtype(name) != pa.bfloat16
    for unrelated in (None, 3, "nonsense", object()):
        assert portable != unrelated


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_numpy_reads_portable_dtypes(name):
    assert np.dtype(DTYPES[name]) == np.dtype(name)
    assert DTYPES[name].dtype is np.dtype(name)
    assert np.zeros(2, dtype=DTYPES[name]).dtype == np.dtype(name)


def test_bfloat16_has_no_numpy_dtype():
    # Plain NumPy has none; ml_dtypes (imported by JAX and TensorFlow) registers one with NumPy.
    assert hasattr(pa.bfloat16, "dtype") == ("ml_dtypes" in sys.modules)
    assert (np.dtype("float32") == pa.bfloat16) is False
    with pytest.raises(pa.PolyarrayTypeError, match=r"numpy backend has no bfloat16 dtype.*float32"):
        pa.as_native_dtype(pa.bfloat16)
    with pytest.raises(pa.PolyarrayTypeError, match="bfloat16"):
        pa.asarray([1.0], dtype=pa.bfloat16)
    assert pa.bfloat16 not in NUMPY.dtypes


def test_hashing_follows_the_name():
    for name, dtype in DTYPES.items():
        assert hash(dtype) == hash(name)
    table = {dtype: name for name, dtype in DTYPES.items()}
    assert len(table) == len(DTYPES)
    assert table[pa.float32] == "float32" and table["int8"] == "int8"  # type: ignore[index]
    assert {pa.float32, pa.float32, pa.int8} == {pa.int8, pa.float32}


def test_pickling_gives_back_the_same_object():
    for dtype in DTYPES.values():
        assert pickle.loads(pickle.dumps(dtype)) is dtype


def test_repr_and_names():
    assert repr(pa.float32) == "pa.float32" and pa.bool.name == "bool"
    assert (pa.int16.kind, pa.int16.bits) == ("signed integer", 16)


@pytest.mark.parametrize("dtype", NUMPY.dtypes, ids=str)
def test_native_and_portable_round_trip_for_every_backend_dtype(dtype):
    native = pa.as_native_dtype(dtype)
    assert native == np.dtype(dtype.name) and isinstance(native, np.dtype)
    assert pa.as_portable_dtype(native) is dtype
    assert pa.as_native_dtype(native) is native  # a native dtype of this backend passes through
    assert pa.as_native_dtype(dtype.name, backend="numpy") == native
    assert pa.as_native_dtype(dtype, backend=NUMPY) == native
    assert pa.as_portable_dtype(dtype.name) is dtype and pa.as_portable_dtype(dtype) is dtype
    assert pa.as_portable_dtype(native.type) is dtype


def test_as_portable_dtype_of_python_types_follows_the_defaults():
    assert pa.as_portable_dtype(bool) is pa.bool
    assert (pa.as_portable_dtype(int), pa.as_portable_dtype(float)) == (pa.int64, pa.float64)
    assert pa.as_portable_dtype(complex) is pa.complex128
    with pa.default_dtype_as(pa.float32):
        assert pa.as_portable_dtype(float) is pa.float32


def test_unknown_dtypes_are_type_errors():
    for bad in ("float128x", np.dtype("datetime64[s]"), object(), 3):
        with pytest.raises(pa.PolyarrayTypeError, match="not a data type polyarray knows"):
            pa.as_portable_dtype(bad)
        with pytest.raises(pa.PolyarrayTypeError):
            pa.as_native_dtype(bad)


@pytest.mark.parametrize("name", NUMPY_NAMES)
def test_dtype_of_arrays(name):
    native = np.zeros(3, dtype=name)
    assert pa.dtype(native) is DTYPES[name]
    assert pa.dtype(pa.asarray(native)) is DTYPES[name]
    assert pa.dtype(native[0]) is DTYPES[name]  # a NumPy scalar is a 0-d array of its dtype


def test_dtype_of_non_arrays_is_an_error():
    for bad in ([1.0, 2.0], 1.5, "float32", pa.float32, np.float32):
        with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.dtype needs an array"):
            pa.dtype(bad)


def test_importing_polyarray_imports_no_numpy():
    code = (
        "import sys, polyarray as pa\n"
        "assert 'numpy' not in sys.modules\n"
        "assert pa.float32 == 'float32' and hash(pa.float32) == hash('float32')\n"
        "assert 'numpy' not in sys.modules\n"
        "import numpy as np\n"
        "assert np.dtype('float32') == pa.float32\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
