"""Dynamic backends: the registry, the flag, and all-or-nothing switches.

New arrays are dynamic by default (``test_dynamic_default.py``); here they
start opted out, so that each test says which ones are dynamic. These run
with NumPy alone: a second backend, ``twin``, is the NumPy plugin
registered again under another name (optionally lacking dtypes or devices),
so that every switch between two backends is exercised. Switches between
real frameworks are in ``frameworks/test_dynamic_frameworks.py``.
"""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest
from plugin_site import numpy_twin

import polyarray as pa
from polyarray import _dynamic


@pytest.fixture
def twin():
    """A second NumPy backend, ``twin``."""
    pa.register_backend("twin", numpy_twin("twin"))
    yield pa.get_backend("twin")
    pa.unregister_backend("twin")


@pytest.fixture
def narrow():
    """A NumPy backend without complex64 and complex128, ``narrow``."""
    pa.register_backend("narrow", numpy_twin("narrow", lacking=("complex64", "complex128")))
    yield pa.get_backend("narrow")
    pa.unregister_backend("narrow")


def _dynamic_array(values, backend="numpy"):
    x = pa.asarray(values, backend=backend)
    x.dynamic_backend = True
    return x


@pytest.fixture(autouse=True)
def _opted_out():
    """New arrays and Containers start with dynamic_backend False here; each test flags what it needs."""
    with pa.dynamic_backend_as(False):
        yield


# -- the flag pushed ------------------------------------------------------------------------


def test_set_and_unset_dynamic_backend_stack():
    pa.set_dynamic_backend(True)
    assert pa.asarray([1.0]).dynamic_backend is True
    assert pa.exp(pa.asarray([1.0])).dynamic_backend is True  # results are new arrays too
    assert pa.Container(a=np.ones(2)).dynamic_backend is True
    pa.set_dynamic_backend(False)
    assert pa.asarray([1.0]).dynamic_backend is False
    pa.unset_dynamic_backend()
    assert pa.asarray([1.0]).dynamic_backend is True
    pa.unset_dynamic_backend()
    assert pa.asarray([1.0]).dynamic_backend is False  # this module's opt-out


def test_dynamic_backend_as_restores_the_flag_even_on_error():
    with pytest.raises(RuntimeError):
        with pa.dynamic_backend_as(True):
            x = pa.asarray([1.0])
            raise RuntimeError
    assert x.dynamic_backend is True and pa.asarray([1.0]).dynamic_backend is False
    with pa.dynamic_backend_as(True), pa.dynamic_backend_as(False):
        assert pa.asarray([1.0]).dynamic_backend is False


# -- the registry ---------------------------------------------------------------------------


def test_only_dynamic_objects_are_registered_and_weakly():
    plain = pa.asarray([1.0])
    dynamic = _dynamic_array([2.0])
    container = pa.Container(a=np.ones(1))
    container.dynamic_backend = True
    assert [id(a) for a in _dynamic.live_arrays()] == [id(dynamic)]
    assert [id(c) for c in _dynamic.live_containers()] == [id(container)]
    del dynamic, container
    gc.collect()
    assert _dynamic.live_arrays() == [] and _dynamic.live_containers() == []
    assert plain.dynamic_backend is False


def test_clearing_the_flag_unregisters():
    x = _dynamic_array([1.0])
    x.dynamic_backend = False
    assert _dynamic.live_arrays() == []


def test_a_switch_never_scans_the_heap(twin, monkeypatch):
    x = _dynamic_array([1.0, 2.0])

    def forbidden(*args, **kwargs):
        raise AssertionError("gc.get_objects was called")

    monkeypatch.setattr(gc, "get_objects", forbidden)
    pa.set_backend("twin", dynamic=True)
    assert x.backend is twin


# -- switching ------------------------------------------------------------------------------


def test_set_backend_dynamic_converts_dynamic_arrays_only(twin):
    dynamic = _dynamic_array([1.0, 2.0])
    plain = pa.asarray([3.0])
    identity = id(dynamic)
    pa.set_backend("twin", dynamic=True)
    assert id(dynamic) == identity and dynamic.backend is twin and dynamic.dynamic_backend
    np.testing.assert_array_equal(pa.to_numpy(dynamic), [1.0, 2.0])
    assert plain.backend.name == "numpy"
    assert pa.current_backend() is twin


def test_set_backend_without_dynamic_converts_nothing(twin):
    x = _dynamic_array([1.0])
    pa.set_backend("twin")
    assert x.backend.name == "numpy"


def test_setting_the_flag_converts_to_the_backend_set_for_the_context(twin):
    x = pa.asarray([1.0, 2.0])
    with pa.backend_context("twin"):
        x.dynamic_backend = True
        assert x.backend is twin
    y = pa.asarray([1.0], backend="twin")
    y.dynamic_backend = True  # no backend set: nothing to convert to
    assert y.backend is twin


def test_a_dtype_the_target_lacks_fails_before_anything_converts(narrow):
    real = _dynamic_array(np.arange(3.0))
    complex_ = _dynamic_array(np.array([1 + 2j], dtype=np.complex64))
    before = pa.set_backend("numpy")
    with pytest.raises(pa.UnsupportedDtypeError, match=r"complex64.*No array was converted") as error:
        pa.set_backend("narrow", dynamic=True)
    assert isinstance(error.value, TypeError) and error.value.dtype == "complex64"
    assert real.backend.name == "numpy" and complex_.backend.name == "numpy"
    assert pa.current_backend() is before  # the stack is unchanged
    plain = pa.asarray(np.ones(1, dtype=np.complex128))
    with pytest.raises(pa.UnsupportedDtypeError):
        with pa.backend_context("narrow"):
            plain.dynamic_backend = True
    assert plain.dynamic_backend is False and plain.backend.name == "numpy"


def test_a_device_the_target_lacks_fails_before_anything_converts():
    pa.register_backend("gpuonly", numpy_twin("gpuonly", devices=("gpu:0",)))
    try:
        x = _dynamic_array([1.0])
        with pytest.raises(pa.PolyarrayValueError, match=r"'cpu'.*No array was converted"):
            pa.set_backend("gpuonly", dynamic=True)
        assert x.backend.name == "numpy" and pa.current_backend().name == "numpy"
    finally:
        pa.unregister_backend("gpuonly")


def test_a_failing_conversion_converts_nothing(twin, monkeypatch):
    first = _dynamic_array([1.0])
    second = _dynamic_array([2.0])
    calls = []

    def convert(data, source, target, dtype, device):
        calls.append(data)
        if len(calls) == 2:
            raise RuntimeError("the framework ran out of memory")
        return data.copy()

    monkeypatch.setattr(_dynamic, "convert", convert)
    with pytest.raises(pa.PolyarrayValueError, match=r"ran out of memory.*no array was converted"):
        pa.set_backend("twin", dynamic=True)
    assert len(calls) == 2 and first.backend.name == "numpy" and second.backend.name == "numpy"
    assert pa.current_backend().name == "numpy"


# -- containers -----------------------------------------------------------------------------


def test_containers_convert_leaf_by_leaf(twin):
    shared = pa.asarray([1.0])  # not dynamic: held elsewhere, it must stay on numpy
    inner = _dynamic_array([2.0])  # dynamic itself: converted in place
    container = pa.Container(a=shared, b={"c": inner, "d": np.arange(3)}, e="not an array")
    container.dynamic_backend = True
    pa.set_backend("twin", dynamic=True)
    assert shared.backend.name == "numpy"
    assert container.a is not shared and container.a.backend is twin
    assert container.b.c is inner and inner.backend is twin
    assert isinstance(container.b.d, np.ndarray) and container.e == "not an array"
    np.testing.assert_array_equal(pa.to_numpy(container.a), [1.0])


def test_container_flag_converts_at_once_and_fails_whole(narrow):
    container = pa.Container(a=np.ones(2), b=np.ones(2, dtype=np.complex128))
    with pa.backend_context("narrow"):
        with pytest.raises(pa.UnsupportedDtypeError):
            container.dynamic_backend = True
    assert container.dynamic_backend is False and type(container.a) is np.ndarray
    good = pa.Container(a=pa.asarray([1.0]))
    with pa.backend_context("narrow"):
        good.dynamic_backend = True
    assert good.a.backend is narrow


def test_sub_containers_take_the_flag_of_their_parent():
    container = pa.Container(a=np.ones(1))
    container.dynamic_backend = True
    container["b/c"] = np.zeros(1)
    assert container.b.dynamic_backend is True


# -- copies and other paths -----------------------------------------------------------------


def test_copies_and_pickles_keep_the_flag_without_converting(twin):
    x = _dynamic_array([1.0, 2.0])
    with pa.backend_context("twin"):
        copied, deep = copy.copy(x), copy.deepcopy(x)
        unpickled = pickle.loads(pickle.dumps(x))
    for clone in (copied, deep, unpickled):
        assert clone.dynamic_backend is True and clone.backend.name == "numpy"
    assert {id(a) for a in _dynamic.live_arrays()} == {id(x), id(copied), id(deep), id(unpickled)}


def test_every_numpy_dtype_and_shape_survives_a_switch(twin):
    arrays = {}
    for name in ("bool", "int8", "int64", "uint64", "float16", "float32", "float64", "complex64", "complex128"):
        values = np.arange(24).reshape(2, 3, 4).astype(name)
        arrays[name] = values
    arrays["empty"] = np.zeros((0, 3), dtype=np.float32)
    arrays["zero-d"] = np.float64(-0.0)
    arrays["strided"] = np.arange(20.0)[::3]
    arrays["transposed"] = np.arange(6.0).reshape(2, 3).T
    arrays["specials"] = np.array([np.nan, np.inf, -np.inf, -0.0, 5e-324, np.finfo(np.float64).max])
    arrays["extremes"] = np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max], dtype=np.int64)
    dynamic = {key: _dynamic_array(values) for key, values in arrays.items()}
    pa.set_backend("twin", dynamic=True)
    for key, values in arrays.items():
        got = pa.to_numpy(dynamic[key])
        assert dynamic[key].backend is twin and got.dtype == np.asarray(values).dtype and got.shape == values.shape
        assert got.tobytes() == np.ascontiguousarray(values).tobytes(), key


def test_a_leaf_moves_once_when_its_container_and_its_parent_are_both_dynamic(twin, monkeypatch):
    container = pa.Container(a=np.ones(1), b={"c": np.zeros(1), "d": pa.asarray([2.0])})
    container.dynamic_backend = True
    container.b.dynamic_backend = True
    moved = []
    convert = _dynamic.convert
    monkeypatch.setattr(_dynamic, "convert", lambda data, *rest: moved.append(data) or convert(data, *rest))
    pa.set_backend("twin", dynamic=True)
    assert len(moved) == 3
    assert container.b.d.backend is twin
