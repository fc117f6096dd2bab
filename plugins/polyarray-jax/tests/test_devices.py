"""Devices: portable names to JAX devices and back, and the device list found without importing JAX."""

from __future__ import annotations

import types

import jax
import polyarray_jax
import pytest
from polyarray_jax import _helpers

import polyarray as pa

GPUS = [d for d in jax.devices() if d.platform in ("gpu", "cuda", "rocm")]
needs_gpu = pytest.mark.skipif(not GPUS, reason="no GPU is visible to JAX on this machine")


def _fake_device(platform: str, number: int) -> types.SimpleNamespace:
    return types.SimpleNamespace(platform=platform, id=number)


def test_cpu_maps_to_jax_s_cpu_device():
    assert _helpers.native_device("cpu") == jax.devices("cpu")[0]
    assert _helpers.native_device("CPU") == jax.devices("cpu")[0]
    assert _helpers.native_device(None) is None
    assert _helpers.portable_name(jax.devices("cpu")[0]) == "cpu"


@pytest.mark.parametrize(
    ("platform", "number", "name"),
    [("cpu", 0, "cpu"), ("gpu", 0, "gpu:0"), ("cuda", 1, "gpu:1"), ("rocm", 2, "gpu:2"), ("tpu", 3, "tpu:3")],
)
def test_jax_devices_get_portable_names(platform, number, name):
    assert _helpers.portable_name(_fake_device(platform, number)) == name


def test_arrays_report_portable_devices():
    x = pa.ones(3, backend="jax")
    assert x.device == "cpu"
    assert pa.dev(x) == "cpu"
    assert pa.get_backend("jax").raw.device_of(pa.to_native(x)) == "cpu"


def test_creation_places_arrays_on_the_named_device():
    x = pa.zeros(2, device="cpu", backend="jax")
    assert pa.to_native(x).devices() == {jax.devices("cpu")[0]}
    assert pa.asarray([1.0], device="cpu", backend="jax").device == "cpu"


def test_devices_jax_does_not_have_are_errors():
    with pytest.raises(ValueError, match="JAX has no device 'gpu:7'"):
        _helpers.native_device("gpu:7")
    with pytest.raises(ValueError, match="'cpu:5'"):
        _helpers.native_device("cpu:5")
    with pytest.raises(TypeError):
        _helpers.native_device(3)
    with pytest.raises(pa.PolyarrayValueError):
        pa.asarray([1.0], device="gpu:7", backend="jax")


def test_tracers_report_the_default_device():
    device_of = pa.get_backend("jax").raw.device_of
    assert jax.jit(lambda x: x + 0 if device_of(x) == "cpu" else x)(jax.numpy.ones(2)).shape == (2,)


@needs_gpu
def test_gpu_names_map_to_jax_gpu_devices():
    for index, device in enumerate(jax.devices("gpu")):
        assert _helpers.native_device(f"gpu:{index}") == device
        assert _helpers.portable_name(device) == f"gpu:{device.id}"
    x = pa.to_device(pa.ones(3, backend="jax"), "gpu:0")
    assert x.device == "gpu:0"
    assert pa.to_native(x).devices() == {jax.devices("gpu")[0]}
    assert pa.to_device(x, "cpu").device == "cpu"


def test_the_device_list_counts_visible_gpus(monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    assert polyarray_jax._visible(4, ("CUDA_VISIBLE_DEVICES",)) == 4
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,2")
    assert polyarray_jax._visible(4, ("CUDA_VISIBLE_DEVICES",)) == 2
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1,-1,2")
    assert polyarray_jax._visible(4, ("CUDA_VISIBLE_DEVICES",)) == 1
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    assert polyarray_jax._visible(4, ("CUDA_VISIBLE_DEVICES",)) == 0


def test_the_device_list_without_a_gpu_plugin_is_cpu_only(monkeypatch):
    monkeypatch.setattr(polyarray_jax.importlib.metadata, "entry_points", lambda group: [])
    assert polyarray_jax._device_names() == ["cpu"]


def test_the_device_list_with_a_cuda_plugin(monkeypatch):
    plugin = types.SimpleNamespace(name="xla_cuda12", value="jax_plugins.xla_cuda12")
    other = types.SimpleNamespace(name="some_other_runtime", value="jax_plugins.other")
    plugins = {"jax_plugins": [other, plugin]}
    monkeypatch.setattr(polyarray_jax.importlib.metadata, "entry_points", lambda group: plugins.get(group, []))
    monkeypatch.setattr(polyarray_jax, "_count", lambda directory, pattern: 2 if directory == "/dev" else 0)
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    assert polyarray_jax._device_names() == ["cpu", "gpu:0", "gpu:1"]


def test_backend_info_lists_this_machine_s_devices():
    names = polyarray_jax.backend_info()["devices"]
    assert names[0] == "cpu"
    if GPUS:
        assert f"gpu:{len(GPUS) - 1}" in names


def test_the_device_list_with_a_tpu_runtime(monkeypatch):
    def distribution(name):
        if name != "libtpu":
            raise polyarray_jax.importlib.metadata.PackageNotFoundError(name)
        return types.SimpleNamespace(name=name)

    monkeypatch.setattr(polyarray_jax.importlib.metadata, "entry_points", lambda group: [])
    monkeypatch.setattr(polyarray_jax.importlib.metadata, "distribution", distribution)
    monkeypatch.setattr(polyarray_jax, "_count", lambda directory, pattern: 4 if directory == "/dev" else 0)
    assert polyarray_jax._device_names() == ["cpu", "tpu:0", "tpu:1", "tpu:2", "tpu:3"]
