"""The Dask backend's dtypes and device: NumPy's dtypes (no bfloat16), one portable device, 'cpu'."""

from __future__ import annotations

import numpy as np
import pytest

import polyarray as pa

DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip


@pytest.mark.parametrize("name", DTYPES)
def test_every_portable_dtype_but_bfloat16_is_numpys(dask_backend, name):
    assert dask_backend.raw.native_dtype(name) == np.dtype(name)
    x = pa.zeros(3, dtype=getattr(pa, name), backend="dask")
    assert x.dtype == getattr(pa, name) and x.data.dtype == np.dtype(name)


def test_bfloat16_is_refused_with_the_functions_name(dask_backend):
    assert dask_backend.raw.native_dtype("bfloat16") is None
    assert pa.bfloat16 not in dask_backend.dtypes
    with pytest.raises(pa.UnsupportedDtypeError, match=r"pa\.zeros.*dask.*bfloat16"):
        pa.zeros(3, dtype=pa.bfloat16, backend="dask")


def test_arrays_live_on_the_cpu_device(dask_backend):
    x = pa.ones((2, 2), backend="dask")
    assert x.device == "cpu" and dask_backend.info.devices == ("cpu",)
    with pytest.raises(pa.PolyarrayError, match="only the 'cpu' device"):
        pa.ones(2, device="gpu:0", backend="dask")


def test_backend_info_declares_a_lazy_backend_whose_arrays_share_no_memory(dask_backend):
    info = dask_backend.info
    assert info.lazy and not info.mutable_arrays and not info.accepts_array_likes
    assert info.framework == "dask" and "distributed" in info.install
