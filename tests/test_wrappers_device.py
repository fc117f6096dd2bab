"""Device wrappers and utilities, tested on a run-time backend with two fake devices.

The "tagged" backend holds NumPy arrays in a class that carries a device tag
("cpu" or "gpu:0"); like a real framework, its functions refuse operands on
different devices. On NumPy (one device) the wrappers are not applied at all.
"""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import polyarray as pa
from polyarray._declare import DECLARATIONS
from polyarray._wrappers import device as device_wrappers
from polyarray_numpy._marker import hookimpl

DEVICES = ["cpu", "gpu:0"]


class TaggedArray:
    """A NumPy array on a (fake) device."""

    def __init__(self, data, device="cpu"):
        assert device in DEVICES, device
        self.data = np.asarray(data)
        self.device = device

    dtype = property(lambda self: self.data.dtype)
    shape = property(lambda self: self.data.shape)
    ndim = property(lambda self: self.data.ndim)


def _same_device(*arrays):
    devices = {a.device for a in arrays}
    if len(devices) > 1:
        raise RuntimeError(f"expected all arrays on one device, found {sorted(devices)}")
    return devices.pop()


def _make_plugin() -> types.ModuleType:
    module = types.ModuleType("polyarray_tagged_plugin")
    module.TaggedArray = TaggedArray
    sys.modules[module.__name__] = module

    def backend_info():
        return {"framework": None, "native_array_types": [(module.__name__, "TaggedArray")], "devices": DEVICES}

    def native_dtype(name, /):
        return None if name == "bfloat16" else np.dtype(name)

    def device_of(x, /):
        return x.device

    def to_numpy(x, /):
        return x.data

    def asarray(obj, /, *, dtype=None, device=None, copy=None):
        if isinstance(obj, TaggedArray):
            return TaggedArray(obj.data.astype(dtype) if dtype is not None else obj.data, device or obj.device)
        return TaggedArray(np.asarray(obj, dtype=dtype), device or "cpu")

    def ones(shape, *, dtype=None, device=None):
        return TaggedArray(np.ones(shape, dtype=dtype), device or "cpu")

    def astype(x, dtype, /, *, copy=True, device=None):
        return TaggedArray(x.data.astype(dtype), device or x.device)

    def add(x1, x2, /):
        return TaggedArray(np.add(x1.data, x2.data), _same_device(x1, x2))

    def concat(arrays, /, *, axis=0):
        return TaggedArray(np.concatenate([a.data for a in arrays], axis=axis), _same_device(*arrays))

    for function in (backend_info, native_dtype, device_of, to_numpy, asarray, ones, astype, add, concat):
        setattr(module, function.__name__, hookimpl(function))
    return module


@pytest.fixture(autouse=True)
def tagged():
    pa.register_backend("tagged", _make_plugin())
    pa.unset_default_device()
    pa.set_soft_device_mode(False)
    yield pa.get_backend("tagged")
    pa.unset_default_device()
    pa.set_soft_device_mode(False)
    pa.unregister_backend("tagged")
    sys.modules.pop("polyarray_tagged_plugin", None)


def _on(device, values=(1.0, 2.0), dtype="float64"):
    return TaggedArray(np.asarray(values, dtype=dtype), device)


def _values(x):
    return np.asarray(pa.to_numpy(x))


# -- NumPy: nothing to do -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["add", "concat", "ones", "asarray", "where", "matmul", "sum"])
def test_single_device_backends_get_the_functions_unchanged(name):
    numpy = pa.get_backend("numpy")
    decl = DECLARATIONS[name]

    def function(*args, **kwargs):
        return None

    assert device_wrappers.infer_device(function, decl, numpy) is function
    assert device_wrappers.handle_device_shifting(function, decl, numpy) is function


def test_functions_of_one_array_get_no_device_check(tagged):
    def function(*args, **kwargs):
        return None

    for name in ("sum", "exp", "astype", "reshape"):
        assert device_wrappers.handle_device_shifting(function, DECLARATIONS[name], tagged) is function
    for name in ("add", "concat", "where"):
        assert device_wrappers.handle_device_shifting(function, DECLARATIONS[name], tagged) is not function


# -- infer_device -------------------------------------------------------------------------------


def test_creation_uses_the_default_device(tagged):
    assert pa.ones(2, backend="tagged").device == "cpu"
    with pa.default_device_as("gpu:0"):
        assert pa.ones(2, backend="tagged").device == "gpu:0"
        assert pa.asarray([1.0, 2.0], backend="tagged").device == "gpu:0"
        assert pa.ones(2, device="cpu", backend="tagged").device == "cpu"  # an explicit device wins
    pa.set_default_device("cuda:0")
    assert tagged.ones(3).device == "gpu:0"


def test_creation_from_an_array_keeps_its_device():
    with pa.default_device_as("gpu:0"):
        x = pa.asarray(_on("cpu"))
        assert x.device == "cpu"
        assert pa.asarray(x).device == "cpu"


def test_a_default_device_the_backend_lacks_is_an_error():
    with pa.default_device_as("tpu:0"):
        with pytest.raises(
            pa.PolyarrayValueError, match=r"tagged backend has no device 'tpu:0' \(the default device\)"
        ):
            pa.ones(2, backend="tagged")
        assert pa.ones(2, device="gpu:0", backend="tagged").device == "gpu:0"


# -- handle_device_shifting ---------------------------------------------------------------------


def test_arrays_on_one_device_run_there():
    result = pa.add(_on("gpu:0"), pa.asarray(_on("gpu:0")))
    assert result.device == "gpu:0"
    np.testing.assert_array_equal(_values(result), [2.0, 4.0])


def test_arrays_on_different_devices_are_an_error_naming_them():
    with pytest.raises(pa.PolyarrayValueError, match=r"pa.add .*x1 on 'cpu', x2 on 'gpu:0'.*set_soft_device_mode"):
        pa.add(_on("cpu"), _on("gpu:0"))
    with pytest.raises(ValueError, match=r"arrays\[0\] on 'gpu:0', arrays\[1\] on 'gpu:0', arrays\[2\] on 'cpu'"):
        pa.concat([_on("gpu:0"), pa.asarray(_on("gpu:0")), _on("cpu")])


def test_soft_device_mode_moves_arrays_to_the_first_arrays_device():
    pa.set_soft_device_mode(True)
    result = pa.add(_on("gpu:0"), _on("cpu", (10.0, 20.0)))
    assert result.device == "gpu:0"
    np.testing.assert_array_equal(_values(result), [11.0, 22.0])
    result = pa.concat((_on("cpu"), _on("gpu:0", (3.0,))))
    assert result.device == "cpu"
    np.testing.assert_array_equal(_values(result), [1.0, 2.0, 3.0])


def test_promotion_puts_scalars_and_casts_on_the_arrays_device():
    x = _on("gpu:0", (1, 2), "int8")
    result = pa.add(x, 3)
    assert (result.device, result.dtype) == ("gpu:0", pa.int8)
    result = pa.add(x, _on("gpu:0", (1.5, 2.5), "float32"))
    assert (result.device, result.dtype) == ("gpu:0", pa.float32)
    np.testing.assert_array_equal(_values(result), [2.5, 4.5])
    result = pa.add(x, 0.5)  # a higher-kind scalar: the default float dtype
    assert (result.device, result.dtype) == ("gpu:0", pa.float64)


# -- device utilities ---------------------------------------------------------------------------


def test_dev_of_arrays(tagged):
    assert pa.dev(_on("gpu:0")) == "gpu:0" and pa.dev(pa.asarray(_on("cpu"))) == "cpu"
    assert pa.dev(np.ones(2)) == "cpu" and pa.dev(pa.ones(2, backend="numpy")) == "cpu"
    for bad in ([1, 2], 3.0, "gpu:0"):
        with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.dev needs an array"):
            pa.dev(bad)


def test_to_device_moves_or_returns_the_array():
    x = pa.asarray(_on("cpu", (1.0, 5.0)))
    moved = pa.to_device(x, "cuda:0")
    assert isinstance(moved, pa.Array) and moved.device == "gpu:0"
    np.testing.assert_array_equal(_values(moved), [1.0, 5.0])
    assert pa.to_device(moved, "gpu:0") is moved
    native = _on("gpu:0")
    assert pa.to_device(native, "cpu").device == "cpu"
    pa.set_array_mode(False)
    back = pa.to_device(native, "cpu")
    assert isinstance(back, TaggedArray) and back.device == "cpu"
    assert pa.to_device(native, "gpu:0") is native
    pa.set_array_mode(True)
    with pytest.raises(pa.PolyarrayValueError, match="tagged backend has no device 'tpu:0'"):
        pa.to_device(x, "tpu:0")
    with pytest.raises(pa.PolyarrayValueError, match="numpy backend has no device 'gpu:0'"):
        pa.to_device(pa.ones(2, backend="numpy"), "gpu:0")
    assert pa.to_device(np.ones(2), "cpu").device == "cpu"


def test_get_all_arrays_on_dev_finds_live_arrays():
    on_gpu = [pa.asarray(_on("gpu:0")) for _ in range(3)]
    on_cpu = pa.asarray(_on("cpu"))
    found = pa.get_all_arrays_on_dev("gpu:0")
    assert all(any(a is f for f in found) for a in on_gpu)
    assert not any(f is on_cpu for f in found)
    assert all(f.device == "gpu:0" for f in found)
    assert any(f is on_cpu for f in pa.get_all_arrays_on_dev("cpu"))
    del on_gpu[:]
    assert all(f.device == "gpu:0" for f in pa.get_all_arrays_on_dev("cuda"))


def test_native_and_portable_devices(tagged):
    assert pa.as_native_dev("cuda:0", backend="tagged") == "gpu:0"
    assert pa.as_native_dev("cpu", backend=tagged) == "cpu" and pa.as_native_dev("CPU", backend="numpy") == "cpu"
    with pytest.raises(pa.PolyarrayValueError, match="has no device 'gpu:1'"):
        pa.as_native_dev("gpu:1", backend="tagged")
    with pytest.raises(pa.PolyarrayValueError, match="numpy backend has no device 'gpu:0'"):
        pa.as_native_dev("gpu:0", backend="numpy")
    cases = [
        ("cpu", "cpu"),
        ("CPU:0", "cpu"),
        ("gpu", "gpu:0"),
        ("cuda:2", "gpu:2"),
        ("tpu:1", "tpu:1"),
        ("/job:localhost/replica:0/task:0/device:GPU:1", "gpu:1"),
        (types.SimpleNamespace(platform="gpu", id=3), "gpu:3"),  # a JAX-like device
        (types.SimpleNamespace(platform="cpu", id=0), "cpu"),
        (types.SimpleNamespace(type="cuda", index=None), "gpu:0"),  # a PyTorch-like device
        (types.SimpleNamespace(type="cuda", index=1), "gpu:1"),
    ]
    for given, portable in cases:
        assert pa.as_portable_dev(given) == portable, given
    for bad in ("gpu:x", "", "gpu:0:1", object()):
        with pytest.raises(pa.PolyarrayValueError, match="not a device polyarray can name"):
            pa.as_portable_dev(bad)
