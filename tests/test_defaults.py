"""Default dtypes and devices: values, what follows them, and their context-local state."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

import polyarray as pa


@pytest.fixture(autouse=True)
def _builtin_defaults():
    pa.unset_default_dtype()
    pa.unset_default_device()
    pa.set_soft_device_mode(False)
    yield
    pa.unset_default_dtype()
    pa.unset_default_device()
    pa.set_soft_device_mode(False)


def _in_new_thread(function):
    """What ``function()`` returns when called in a thread started now."""
    box = []
    thread = threading.Thread(target=lambda: box.append(function()))
    thread.start()
    thread.join()
    return box[0]


# -- default dtypes -----------------------------------------------------------------------------


def test_the_builtin_defaults():
    assert pa.default_dtype() is pa.float64 and pa.default_float_dtype() is pa.float64
    assert pa.default_dtype("integral") is pa.int64 and pa.default_int_dtype() is pa.int64
    assert pa.default_dtype("complex floating") is pa.complex128 and pa.default_complex_dtype() is pa.complex128
    assert pa.default_dtype("indexing") is pa.int64
    assert (pa.default_dtype("float"), pa.default_dtype("int"), pa.default_dtype("complex")) == (
        pa.float64,
        pa.int64,
        pa.complex128,
    )
    assert pa.default_device() == "cpu" and pa.soft_device_mode() is False


@pytest.mark.parametrize(
    ("dtype", "kind"),
    [(pa.float16, "real floating"), (pa.float32, "real floating"), (pa.bfloat16, "real floating"),
     (pa.int8, "integral"), (pa.int32, "integral"), (pa.complex64, "complex floating"),
     ("float32", "real floating"), (np.dtype("int16"), "integral")],
)  # fmt: skip
def test_set_default_dtype_sets_the_default_of_its_kind(dtype, kind):
    others = {k: pa.default_dtype(k) for k in ("real floating", "integral", "complex floating") if k != kind}
    pa.set_default_dtype(dtype)
    assert pa.default_dtype(kind) == dtype
    assert {k: pa.default_dtype(k) for k in others} == others  # the other kinds are left alone


def test_the_specific_setters_check_the_kind():
    pa.set_default_float_dtype(pa.float32)
    pa.set_default_int_dtype("int32")
    pa.set_default_complex_dtype(np.complex64)
    assert (pa.default_float_dtype(), pa.default_int_dtype(), pa.default_complex_dtype()) == (
        pa.float32,
        pa.int32,
        pa.complex64,
    )
    assert pa.default_dtype("indexing") is pa.int32
    with pytest.raises(pa.PolyarrayTypeError, match="default real floating dtype must be one of"):
        pa.set_default_float_dtype(pa.int32)
    with pytest.raises(pa.PolyarrayTypeError, match="default integral dtype must be one of int8"):
        pa.set_default_int_dtype(pa.uint8)
    with pytest.raises(pa.PolyarrayTypeError, match="complex floating"):
        pa.set_default_complex_dtype(pa.float64)
    assert pa.default_float_dtype() is pa.float32 and pa.default_int_dtype() is pa.int32  # unchanged by errors


@pytest.mark.parametrize("bad", [pa.bool, pa.uint8, pa.uint64])
def test_dtypes_without_a_default_are_rejected(bad):
    with pytest.raises(pa.PolyarrayTypeError, match="cannot be a default dtype"):
        pa.set_default_dtype(bad)
    with pytest.raises(pa.PolyarrayTypeError), pa.default_dtype_as(bad):
        pass


def test_unknown_kinds_and_dtypes():
    with pytest.raises(pa.PolyarrayValueError, match="not a kind with a default dtype"):
        pa.default_dtype("unsigned integer")
    with pytest.raises(pa.PolyarrayValueError):
        pa.unset_default_dtype("bool")
    with pytest.raises(pa.PolyarrayTypeError, match="not a data type"):
        pa.set_default_dtype("float33")


def test_unset_one_kind_or_all():
    pa.set_default_float_dtype(pa.float16)
    pa.set_default_int_dtype(pa.int16)
    pa.set_default_complex_dtype(pa.complex64)
    pa.unset_default_dtype("int")
    assert (pa.default_float_dtype(), pa.default_int_dtype()) == (pa.float16, pa.int64)
    pa.set_default_int_dtype(pa.int8)
    pa.unset_default_dtype("indexing")  # indexing follows integral
    assert pa.default_int_dtype() is pa.int64
    pa.unset_default_dtype()
    assert (pa.default_float_dtype(), pa.default_complex_dtype()) == (pa.float64, pa.complex128)


CREATIONS = [
    ("asarray floats", lambda: pa.asarray([1.0, 2.0]), "real floating"),
    ("asarray nested mixed", lambda: pa.asarray([[1, 2], [3.5, True]]), "real floating"),
    ("asarray float scalar", lambda: pa.asarray(1.5), "real floating"),
    ("asarray empty", lambda: pa.asarray([]), "real floating"),
    ("asarray ints", lambda: pa.asarray([1, 2]), "integral"),
    ("asarray int tuple", lambda: pa.asarray(((1,), (2,))), "integral"),
    ("asarray complex", lambda: pa.asarray([1, 2j]), "complex floating"),
    ("ones", lambda: pa.ones(2), "real floating"),
    ("zeros", lambda: pa.zeros((2, 1)), "real floating"),
    ("empty", lambda: pa.empty(2), "real floating"),
    ("eye", lambda: pa.eye(2), "real floating"),
    ("full int", lambda: pa.full(2, 7), "integral"),
    ("full float", lambda: pa.full((2,), fill_value=0.5), "real floating"),
    ("full complex", lambda: pa.full(2, 1j), "complex floating"),
    ("arange int", lambda: pa.arange(3), "integral"),
    ("arange keywords", lambda: pa.arange(1, stop=5, step=2), "integral"),
    ("arange float step", lambda: pa.arange(0, 1, 0.25), "real floating"),
    ("arange float start", lambda: pa.arange(0.5, 3), "real floating"),
    ("linspace", lambda: pa.linspace(0, 1, 3), "real floating"),
    ("linspace complex", lambda: pa.linspace(0, 1j, 3), "complex floating"),
]


@pytest.mark.parametrize(("name", "create", "kind"), CREATIONS, ids=[c[0] for c in CREATIONS])
def test_creation_without_dtype_uses_the_default_of_its_kind(name, create, kind):
    assert create().dtype is pa.default_dtype(kind)
    new = {"real floating": pa.float32, "integral": pa.int32, "complex floating": pa.complex64}[kind]
    with pa.default_dtype_as(new):
        assert create().dtype is new
    pa.set_default_dtype(new)
    assert create().dtype is new
    pa.unset_default_dtype()
    assert create().dtype is pa.default_dtype(kind)


def test_creation_keeps_explicit_dtypes_and_the_dtype_of_arrays():
    with pa.default_dtype_as(pa.float32), pa.default_dtype_as(pa.int16):
        assert pa.ones(2, dtype=pa.float64).dtype is pa.float64
        assert pa.asarray([1, 2], dtype=pa.int8).dtype is pa.int8
        assert pa.asarray(np.ones(2, np.float64)).dtype is pa.float64  # an array keeps its dtype
        assert pa.asarray(pa.asarray([1, 2], dtype=pa.int64)).dtype is pa.int64
        assert pa.asarray([np.float64(1.0)]).dtype is pa.float64  # non-Python values: the backend decides
        assert pa.zeros_like(np.ones(2, np.float64)).dtype is pa.float64  # *_like: the input's dtype
        assert pa.full_like(np.ones(2, np.int64), 3).dtype is pa.int64
        assert pa.asarray([True, False]).dtype is pa.bool and pa.full(2, True).dtype is pa.bool


def test_creation_values_are_right_in_the_default_dtype():
    with pa.default_dtype_as(pa.float32):
        x = pa.asarray([0.1, 2.0])
        np.testing.assert_array_equal(pa.to_numpy(x), np.array([0.1, 2.0], np.float32))
    with pa.default_dtype_as(pa.int8):
        with pytest.raises(pa.PolyarrayValueError):
            pa.asarray([1000])  # does not fit the default integer dtype


def test_a_default_the_backend_lacks_is_a_clear_error():
    with pa.default_dtype_as(pa.bfloat16):
        with pytest.raises(pa.PolyarrayTypeError, match=r"default real floating dtype is bfloat16.*numpy backend"):
            pa.ones(2)
        assert pa.ones(2, dtype=pa.float32).dtype is pa.float32


def test_promotion_with_higher_kind_scalars_follows_the_defaults():
    x = pa.asarray([1, 2], dtype=pa.int8)
    assert pa.add(x, 0.5).dtype is pa.float64
    with pa.default_dtype_as(pa.float16):
        assert pa.add(x, 0.5).dtype is pa.float16
        assert pa.multiply(pa.asarray([True]), 1j).dtype is pa.complex128


def test_default_dtype_as_restores_on_exit_and_on_errors():
    with pa.default_dtype_as(pa.float32) as dtype:
        assert dtype is pa.float32 and pa.default_float_dtype() is pa.float32
        with pa.default_dtype_as(pa.float16):
            assert pa.default_float_dtype() is pa.float16
        assert pa.default_float_dtype() is pa.float32
    assert pa.default_float_dtype() is pa.float64
    with pytest.raises(ZeroDivisionError), pa.default_dtype_as(pa.int32):
        assert pa.default_int_dtype() is pa.int32
        1 / 0  # noqa: B018
    assert pa.default_int_dtype() is pa.int64


def test_a_block_restores_what_this_context_had_before_it():
    with pa.default_dtype_as(pa.float16):
        pa.set_default_float_dtype(pa.float32)
        assert pa.default_float_dtype() is pa.float32
    assert pa.default_float_dtype() is pa.float64  # this context gets back what it had before the block
    assert _in_new_thread(pa.default_float_dtype) is pa.float32  # set_* also changed the process default


def test_overrides_are_isolated_between_threads():
    inside, seen_by_main = threading.Event(), threading.Event()
    results = {}

    def worker():
        with pa.default_dtype_as(pa.float16), pa.default_device_as("gpu:3"):
            results["worker"] = (pa.default_float_dtype(), pa.default_device())
            inside.set()
            seen_by_main.wait(10)
            results["worker later"] = (pa.default_float_dtype(), pa.default_device())

    thread = threading.Thread(target=worker)
    with pa.default_dtype_as(pa.float32), pa.default_device_as("gpu:1"):
        thread.start()
        assert inside.wait(10)
        results["main"] = (pa.default_float_dtype(), pa.default_device())
        results["new thread"] = _in_new_thread(lambda: (pa.default_float_dtype(), pa.default_device()))
        seen_by_main.set()
        thread.join()
    assert results["worker"] == results["worker later"] == (pa.float16, "gpu:3")
    assert results["main"] == (pa.float32, "gpu:1")
    assert results["new thread"] == (pa.float64, "cpu")  # the process default, not main's override
    assert (pa.default_float_dtype(), pa.default_device()) == (pa.float64, "cpu")


def test_set_changes_the_process_default_that_new_threads_start_from():
    pa.set_default_float_dtype(pa.float32)
    pa.set_default_device("gpu:0")
    pa.set_soft_device_mode(True)
    assert _in_new_thread(lambda: (pa.default_float_dtype(), pa.default_device(), pa.soft_device_mode())) == (
        pa.float32,
        "gpu:0",
        True,
    )
    assert _in_new_thread(lambda: pa.asarray([1.0]).dtype) is pa.float32


def test_overrides_are_isolated_between_asyncio_tasks():
    async def task(dtype):
        with pa.default_dtype_as(dtype):
            await asyncio.sleep(0)
            first = pa.default_float_dtype()
            await asyncio.sleep(0)
            return first, pa.asarray([1.0]).dtype

    async def main():
        return await asyncio.gather(task(pa.float16), task(pa.float32), task(pa.float64))

    assert asyncio.run(main()) == [(pa.float16, pa.float16), (pa.float32, pa.float32), (pa.float64, pa.float64)]
    assert pa.default_float_dtype() is pa.float64


# -- default device and soft device mode --------------------------------------------------------


def test_default_device_set_unset_and_normalised():
    pa.set_default_device("cuda:1")
    assert pa.default_device() == "gpu:1"
    pa.set_default_device("TPU")
    assert pa.default_device() == "tpu:0"
    pa.unset_default_device()
    assert pa.default_device() == "cpu"
    with pytest.raises(pa.PolyarrayValueError, match="not a device polyarray can name"):
        pa.set_default_device("gpu:one")
    assert pa.default_device() == "cpu"


def test_default_device_as_restores_on_exit_and_on_errors():
    with pa.default_device_as("gpu:0") as device:
        assert device == "gpu:0" and pa.default_device() == "gpu:0"
        with pa.default_device_as("cpu:0"):
            assert pa.default_device() == "cpu"
        assert pa.default_device() == "gpu:0"
    assert pa.default_device() == "cpu"
    with pytest.raises(KeyError), pa.default_device_as("gpu:2"):
        raise KeyError("boom")
    assert pa.default_device() == "cpu"


def test_numpy_creates_on_its_only_device_whatever_the_default():
    with pa.default_device_as("gpu:0"):
        assert pa.ones(2).device == "cpu"
        assert pa.asarray([1.0]).device == "cpu"


def test_soft_device_mode_flag():
    pa.set_soft_device_mode(1)
    assert pa.soft_device_mode() is True
    pa.set_soft_device_mode(False)
    assert pa.soft_device_mode() is False
