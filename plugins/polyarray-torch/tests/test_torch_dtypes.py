"""Dtypes on the PyTorch backend: the portable <-> native table, NumPy's choices, refused dtypes."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from packaging.version import Version
from polyarray_torch._helpers import UnsupportedDtype, guard_dtypes

import polyarray as pa
from polyarray._dtypes import DTYPES

#: The native dtype of every portable dtype; uint16, uint32 and uint64 exist from torch 2.3 on.
EXPECTED = {
    "bool": torch.bool,
    "int8": torch.int8,
    "int16": torch.int16,
    "int32": torch.int32,
    "int64": torch.int64,
    "uint8": torch.uint8,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "float32": torch.float32,
    "float64": torch.float64,
    "complex64": torch.complex64,
    "complex128": torch.complex128,
}
if Version(torch.__version__).release >= (2, 3):
    EXPECTED.update(uint16=torch.uint16, uint32=torch.uint32, uint64=torch.uint64)


@pytest.mark.parametrize("name", list(DTYPES))
def test_every_portable_dtype_maps_to_its_torch_dtype_or_none(torch_backend, name):
    expected = EXPECTED.get(name)
    assert torch_backend.raw.native_dtype(name) is expected
    if expected is None:
        with pytest.raises(pa.PolyarrayTypeError):
            torch_backend.native_dtype(name)
    else:
        assert torch_backend.native_dtype(DTYPES[name]) is expected
        assert torch_backend.portable_dtype(expected) is DTYPES[name]
        assert pa.zeros((2,), dtype=DTYPES[name], backend="torch").dtype == DTYPES[name]


def test_python_values_get_numpys_default_dtypes():
    assert pa.asarray([1.5, 2.0], backend="torch").dtype == pa.float64
    assert pa.asarray([1, 2], backend="torch").dtype == pa.int64
    assert pa.asarray([1j], backend="torch").dtype == pa.complex128
    assert pa.full((2,), 0.5, backend="torch").dtype == pa.float64
    assert pa.linspace(0, 1, 3, backend="torch").dtype == pa.float64
    raw = pa.get_backend("torch").raw
    assert raw.asarray(0.0).dtype == torch.float64
    assert raw.zeros((2,)).dtype == torch.float64


@pytest.mark.parametrize(
    ("function", "dtype", "expected"),
    [
        ("sin", "int8", "float16"),
        ("sqrt", "int16", "float32"),
        ("exp", "int64", "float64"),
        ("reciprocal", "int8", "float64"),
        ("mean", "int32", "float64"),
        ("sum", "uint8", "uint64"),
        ("sum", "int8", "int64"),
        ("prod", "bool", "int64"),
    ],
)
def test_result_dtypes_follow_numpy(function, dtype, expected):
    values = np.array([1, 2, 3], dtype=dtype)
    got = getattr(pa, function)(pa.asarray(values, backend="torch"))
    want = getattr(pa, function)(pa.asarray(values, backend="numpy"))
    assert got.dtype == want.dtype == DTYPES[expected]
    np.testing.assert_allclose(pa.to_numpy(got), pa.to_numpy(want), rtol=1e-3)


def test_divide_of_integers_is_float64():
    result = pa.divide(pa.asarray([1, 2], backend="torch"), pa.asarray([4, 8], backend="torch"))
    assert result.dtype == pa.float64
    assert pa.to_numpy(result).tolist() == [0.25, 0.25]


def test_bfloat16_values_reach_numpy_as_float32():
    x = pa.asarray([1.0, 2.5, 3.0], dtype=pa.bfloat16, backend="torch")
    assert x.dtype == pa.bfloat16
    values = pa.to_numpy(x)
    assert values.dtype == np.float32 and values.tolist() == [1.0, 2.5, 3.0]
    assert "dtype=bfloat16" in repr(x)


# -- refused dtypes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "function", "dtype"),
    [
        (lambda: pa.sort(pa.asarray([1j, 2], backend="torch")), "sort", "complex128"),
        (lambda: pa.argsort(pa.asarray([1j, 2], dtype=pa.complex64, backend="torch")), "argsort", "complex64"),
        (lambda: pa.max(pa.asarray([1j, 2], backend="torch")), "max", "complex128"),
        (lambda: pa.argmax(pa.asarray([1j, 2], backend="torch")), "argmax", "complex128"),
        (lambda: pa.maximum(pa.asarray([1j], backend="torch"), pa.asarray([2j], backend="torch")), "maximum",
         "complex128"),
        (lambda: pa.linalg.inv(pa.eye(2, dtype=pa.float16, backend="torch")), "linalg.inv", "float16"),
        (lambda: pa.linalg.cholesky(pa.eye(2, dtype=pa.bfloat16, backend="torch")), "linalg.cholesky", "bfloat16"),
    ],
)  # fmt: skip
def test_what_torch_cannot_compute_raises_unsupported_dtype_error(call, function, dtype):
    with pytest.raises(pa.UnsupportedDtypeError) as info:
        call()
    error = info.value
    assert (error.function, error.backend, error.dtype) == (function, "torch", dtype)
    assert isinstance(error, TypeError)
    message = str(error)
    assert f"cannot compute on {dtype}" in message
    assert "pa.astype" in message and "another backend" in message


def test_missing_kernels_become_unsupported_dtype_errors():
    @guard_dtypes
    def lacking(x):
        raise NotImplementedError("\"add_stub\" not implemented for 'UInt32'")

    with pytest.raises(UnsupportedDtype) as info:
        lacking(None)
    assert info.value.polyarray_unsupported_dtype == "uint32"
    assert "add_stub" in str(info.value) and "pa.astype" in str(info.value)

    @guard_dtypes
    def other_error(x):
        raise RuntimeError("shapes do not match")

    with pytest.raises(RuntimeError, match="shapes do not match"):
        other_error(None)


@pytest.mark.skipif(Version(torch.__version__).release < (2, 3), reason="torch before 2.3 has no uint32 dtype")
def test_uint32_arithmetic_is_exact_or_refused():
    x = pa.asarray(np.array([1, 2**32 - 1], dtype=np.uint32), backend="torch")
    try:
        result = pa.add(x, x)
    except pa.UnsupportedDtypeError as error:
        assert error.dtype == "uint32" and error.function == "add"
        assert "torch" in str(error)
    else:
        assert result.dtype == pa.uint32
        assert pa.to_numpy(result).tolist() == [2, 2**32 - 2]


@pytest.mark.skipif(Version(torch.__version__).release < (2, 3), reason="torch before 2.3 has no uint16/32/64")
def test_unsigned_dtypes_torch_lacks_kernels_for_still_move_and_sum_exactly():
    big = np.array([2**63, 2**64 - 1, 5], dtype=np.uint64)
    x = pa.asarray(big, backend="torch")
    assert pa.to_numpy(pa.sum(x)).item() == int(np.sum(big))  # wraps around like NumPy
    assert pa.sum(x).dtype == pa.uint64
    assert pa.to_numpy(pa.flip(x)).tolist() == big[::-1].tolist()
    assert pa.to_numpy(pa.repeat(x, 2)).tolist() == np.repeat(big, 2).tolist()
    m = pa.asarray(np.arange(9, dtype=np.uint32).reshape(3, 3), backend="torch")
    np.testing.assert_array_equal(pa.to_numpy(pa.tril(m)), np.tril(np.arange(9, dtype=np.uint32).reshape(3, 3)))
    assert pa.arange(3, dtype=pa.uint16, backend="torch").dtype == pa.uint16
    assert pa.to_numpy(pa.eye(2, dtype=pa.uint32, backend="torch")).tolist() == [[1, 0], [0, 1]]
    y = pa.asarray(np.array([1, 2, 3], dtype=np.uint16), backend="torch")
    y[pa.asarray([True, False, True], backend="torch")] = 7
    assert pa.to_numpy(y).tolist() == [7, 2, 7]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128", "float16", "bfloat16"])
def test_full_rounds_a_python_float_as_numpy_casts_it(dtype):
    """torch's own fill rounds finite values within the dtype's range; values beyond it (which torch refuses),
    NaN and infinities take the plugin's cast: every one gives NumPy's value."""
    values = [0.1, 1 / 3, 1e-40, -1e-45, 16777217.0, -0.0, 3.4028234663852886e38, 3.4028235e38, 3.4028236e38]
    values += [1e39, -1e300, 65504.0, 65519.0, 65520.0, float("nan"), float("inf"), 1e-320]
    if dtype.startswith("complex"):
        values += [2.5 + 1j / 3, complex(1e39, 0.1), complex(0.1, -3.4028236e38)]
    reference = "float32" if dtype == "bfloat16" else dtype
    for value in values:
        with np.errstate(over="ignore"):
            expected = np.full((2,), value, dtype=reference)
        if dtype == "bfloat16":
            expected = torch.tensor(expected.tolist(), dtype=torch.float64).to(torch.bfloat16).double().numpy()
        filled = pa.full((2,), value, dtype=getattr(pa, dtype), backend="torch")
        got = pa.to_numpy(pa.astype(filled, pa.float64) if dtype == "bfloat16" else filled)
        assert np.array_equal(got, expected, equal_nan=True), (value, got, expected)
        assert np.array_equal(np.signbit(got.real), np.signbit(expected.real)), value
