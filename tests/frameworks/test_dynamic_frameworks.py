"""Dynamic backends between real frameworks: every backend pair, every dtype, no value lost.

The frameworks are imported here on purpose: this module runs where all four
are installed (``nox -s all_backends``) and fails, rather than skips, where one
is missing.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import jax
import numpy as np
import pytest
import tensorflow as tf
import torch
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa

#: The four frameworks, and Dask where its plugin is installed (every pair through NumPy, computed once).
BACKENDS = ("numpy", "torch", "jax", "tensorflow", *(("dask",) if "dask" in pa.available_backends() else ()))
PAIRS = [pair for pair in itertools.permutations(BACKENDS, 2)]
#: Every dtype some backend holds (bfloat16 is built on the source from float32 values).
DTYPE_NAMES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip


def test_every_framework_is_installed_and_jax_is_in_64_bit_mode():
    for name in BACKENDS:
        assert pa.get_backend(name).name == name
    assert jax.config.jax_enable_x64, "run these tests with JAX_ENABLE_X64=1"
    assert pa.float64 in pa.get_backend("jax").dtypes


def _values(dtype_name: str) -> np.ndarray:
    """A 2x5 array of ``dtype_name`` (float32 for bfloat16) with the dtype's special and extreme values."""
    numpy_name = "float32" if dtype_name == "bfloat16" else dtype_name
    kind = np.dtype(numpy_name).kind
    if kind == "b":
        flat = [True, False, True, True, False, False, True, False, True, True]
    elif kind in "iu":
        info = np.iinfo(numpy_name)
        flat = [info.min, info.max, 0, 1, info.max - 1, 7, info.min + 1, 3, 2, 5]
    else:
        real = "float32" if kind == "c" and numpy_name == "complex64" else numpy_name
        info = np.finfo(
            "float32" if dtype_name == "bfloat16" else real if kind == "f" else real.replace("complex", "float")
        )
        tiny = info.smallest_subnormal if dtype_name != "bfloat16" else np.float32(2.0**-133)
        maximum = info.max if dtype_name != "bfloat16" else np.float32(3.3895314e38)
        flat = [np.nan, np.inf, -np.inf, -0.0, 0.0, tiny, -tiny, maximum, -maximum, 1.5]
        if kind == "c":
            flat = [complex(a, b) for a, b in zip(flat, flat[::-1])]
    return np.array(flat, dtype=numpy_name).reshape(2, 5)


def _on(backend: str, values: np.ndarray, dtype_name: str) -> pa.Array:
    """``values`` as an array of ``backend`` of ``dtype_name`` (bfloat16 rounded from float32 there)."""
    dtype = getattr(pa, "bool" if dtype_name == "bool" else dtype_name)
    if dtype_name == "bfloat16":
        return pa.astype(pa.asarray(values, backend=backend), dtype)
    return pa.asarray(values, backend=backend, dtype=dtype)


def _bits(x: pa.Array) -> tuple[str, tuple[int, ...], bytes]:
    """Dtype, shape and the bytes of the values (float32 for bfloat16, exactly), for bit-exact comparison."""
    values = np.asarray(pa.to_numpy(x))
    if x.dtype == pa.bfloat16:
        values = values.astype(np.float32)
    return x.dtype.name, tuple(x.shape), np.ascontiguousarray(values).tobytes()


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_every_pair_converts_every_dtype_both_hold_bit_exactly(source, target):
    held = set(pa.get_backend(source).dtypes) & set(pa.get_backend(target).dtypes)
    names = [name for name in DTYPE_NAMES if getattr(pa, "bool" if name == "bool" else name) in held]
    assert len(names) >= 13, names  # all four hold all but bfloat16 (NumPy) at least
    arrays, expected = {}, {}
    for name in names:
        values = _values(name)
        for shape_name, shaped in (("2-d", values), ("0-d", values[0, 3]), ("empty", values[:0])):
            x = _on(source, np.asarray(shaped), name)
            x.dynamic_backend = True
            arrays[name, shape_name] = x
            expected[name, shape_name] = _bits(x)
    pa.set_backend(target, dynamic=True)
    for key, x in arrays.items():
        assert x.backend.name == target, key
        assert _bits(x) == expected[key], key
        assert x.device == "cpu"


def test_numpy_to_torch_shares_memory_and_back():
    values = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = pa.asarray(values, backend="numpy")
    x.dynamic_backend = True
    pa.set_backend("torch", dynamic=True)
    assert isinstance(x.data, torch.Tensor) and x.data.data_ptr() == values.ctypes.data
    pa.set_backend("numpy", dynamic=True)
    assert isinstance(x.data, np.ndarray) and x.data.ctypes.data == values.ctypes.data


def test_non_contiguous_views_keep_their_values():
    base = np.arange(24.0).reshape(4, 6)
    views = {"strided": base[::2, 1::3], "transposed": base.T, "reversed": base[::-1]}
    arrays = {}
    for name, view in views.items():
        arrays[name] = pa.asarray(view, backend="numpy")
        arrays[name].dynamic_backend = True
    pa.set_backend("torch", dynamic=True)
    for name, view in views.items():
        np.testing.assert_array_equal(arrays[name].data.numpy(), view, err_msg=name)


def test_immutable_data_is_copied_into_mutable_frameworks():
    x = pa.asarray([1.0, 2.0], backend="jax")
    original = x.data
    x.dynamic_backend = True
    pa.set_backend("numpy", dynamic=True)
    assert x.data.flags.writeable
    x[0] = 5.0
    assert float(original[0]) == 1.0  # the JAX array never changes


def test_views_of_an_immutable_framework_keep_their_values():
    base = pa.asarray(np.arange(6.0).reshape(2, 3), backend="jax")
    row = base[1]
    for x in (base, row):
        x.dynamic_backend = True
    pa.set_backend("torch", dynamic=True)
    np.testing.assert_array_equal(row.data.numpy(), [3.0, 4.0, 5.0])
    assert getattr(row, "_view", None) is None
    row[0] = -1.0  # the arrays are independent now
    assert float(pa.to_numpy(base)[1, 0]) == 3.0


def test_tensors_that_require_grad_convert_through_numpy():
    t = torch.linspace(0, 1, 5, dtype=torch.float64, requires_grad=True)
    x = pa.asarray(t, backend="torch")
    x.dynamic_backend = True
    pa.set_backend("numpy", dynamic=True)
    np.testing.assert_array_equal(x.data, np.linspace(0, 1, 5))


def test_the_design_example_tensorflow_then_torch_then_jax():
    pa.set_backend("tensorflow")
    y = pa.asarray([4.0, 5.0, 6.0])  # dynamic by default
    with pa.dynamic_backend_as(False):
        x = pa.asarray([1.0, 2.0, 3.0])  # opted out
    assert y.dynamic_backend and not x.dynamic_backend
    assert isinstance(x.data, tf.Tensor) and isinstance(y.data, tf.Tensor)
    pa.set_backend("torch", dynamic=True)
    assert isinstance(x.data, tf.Tensor) and isinstance(y.data, torch.Tensor)
    pa.set_backend("jax", dynamic=True)
    assert isinstance(x.data, tf.Tensor) and isinstance(y.data, jax.Array)
    x.dynamic_backend = True  # converted at once to the backend set now
    assert isinstance(x.data, jax.Array) and x.backend.name == "jax"
    np.testing.assert_array_equal(pa.to_numpy(x + y), [5.0, 7.0, 9.0])


def test_every_array_not_opted_out_follows_a_dynamic_switch():
    made = {
        "asarray": pa.asarray([1.0, 2.0], backend="numpy"),
        "result": pa.exp(pa.asarray([0.0], backend="numpy")),
        "operator": pa.asarray([1.0], backend="numpy") + 1,
        "Array": pa.Array(np.ones(2)),
        "torch": pa.asarray([1.0], backend="torch"),
    }
    container = pa.Container(a=np.ones(2), b={"c": torch.zeros(1)})
    assert all(x.dynamic_backend for x in made.values()) and container.dynamic_backend
    pa.set_backend("tensorflow", dynamic=True)
    for name, x in made.items():
        assert x.backend.name == "tensorflow" and isinstance(x.data, tf.Tensor), name
    assert isinstance(container.a, tf.Tensor) and isinstance(container.b.c, tf.Tensor)


def test_mixed_containers_convert_every_leaf():
    container = pa.Container(a=torch.ones(2), b={"c": jax.numpy.zeros(3), "d": np.arange(2)}, e=tf.constant([1, 2]))
    container.dynamic_backend = True
    pa.set_backend("tensorflow", dynamic=True)
    for key, leaf in container.cont_flatten().items():
        assert isinstance(leaf, tf.Tensor), key
    np.testing.assert_array_equal(container.b.d.numpy(), [0, 1])


def test_a_dynamic_array_of_another_backend_is_converted_for_one_call():
    x = pa.asarray(np.array([1.0, 2.0]), backend="numpy")
    x.dynamic_backend = True
    result = pa.add(x, 1.0, backend="torch")
    assert result.backend.name == "torch" and x.backend.name == "numpy"
    np.testing.assert_array_equal(result.data.numpy(), [2.0, 3.0])
    with pa.dynamic_backend_as(False):
        plain = pa.asarray(np.array([1.0]), backend="numpy")
    with pytest.raises(pa.PolyarrayTypeError, match="dynamic_backend = True"):
        pa.add(plain, 1.0, backend="torch")


def test_jax_without_64_bit_mode_refuses_64_bit_arrays_before_converting():
    code = (
        "import numpy as np, polyarray as pa\n"
        "narrow = pa.asarray(np.ones(2, dtype=np.float32)); narrow.dynamic_backend = True\n"
        "wide = pa.asarray(np.ones(2)); wide.dynamic_backend = True\n"
        "pa.set_backend('numpy')\n"
        "try:\n"
        "    pa.set_backend('jax', dynamic=True)\n"
        "except pa.UnsupportedDtypeError as error:\n"
        "    print('refused', error.dtype)\n"
        "print(narrow.backend.name, wide.backend.name, pa.current_backend().name)\n"
        "wide.dynamic_backend = False\n"
        "pa.set_backend('jax', dynamic=True)\n"
        "print(narrow.backend.name, narrow.dtype)\n"
    )
    env = {**os.environ, "JAX_ENABLE_X64": "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["refused float64", "numpy numpy numpy", "jax pa.float32"]


def test_with_the_default_every_float64_array_blocks_32_bit_jax_until_opted_out():
    code = (
        "import numpy as np, polyarray as pa\n"
        "narrow = pa.asarray(np.ones(2, dtype=np.float32))\n"
        "wide = pa.asarray(np.ones((2, 3)))\n"
        "count = pa.arange(3)\n"
        "with pa.dynamic_backend_as(False):\n"
        "    kept = pa.asarray(np.ones(4))\n"
        "try:\n"
        "    pa.set_backend('jax', dynamic=True)\n"
        "except pa.UnsupportedDtypeError as error:\n"
        "    print(error)\n"
        "print(narrow.backend.name, wide.backend.name, count.backend.name)\n"
        "wide.dynamic_backend = False\n"
        "count.dynamic_backend = False\n"
        "pa.set_backend('jax', dynamic=True)\n"
        "print(narrow.backend.name, wide.backend.name, count.backend.name, kept.backend.name)\n"
    )
    env = {**os.environ, "JAX_ENABLE_X64": "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    message, before, after = done.stdout.strip().split("\n")[-3:]
    # The error lists what blocks the switch and how to opt those arrays out.
    assert "converts every dynamic array, and 2 array(s) hold a dtype the jax backend cannot hold" in message
    assert "1 float64 array of the numpy backend (shape (2, 3))" in message
    assert "1 int64 array of the numpy backend (shape (3,))" in message
    assert "dynamic_backend = False" in message and "pa.dynamic_backend_as(False)" in message
    assert "No array was converted" in message
    assert before == "numpy numpy numpy" and after == "jax numpy numpy numpy"


#: The dtypes NumPy, PyTorch, JAX (64-bit mode) and TensorFlow all hold.
SHARED = [d for d in DTYPE_NAMES if d != "bfloat16"]


def _numpy_arrays(draw_dtype: str) -> st.SearchStrategy[np.ndarray]:
    return hnp.arrays(
        np.dtype(draw_dtype),
        hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
        elements=None,
    )


@given(data=st.data(), dtype_name=st.sampled_from(SHARED))
def test_round_trip_numpy_torch_jax_tensorflow_numpy_is_bit_exact(data, dtype_name):
    values = data.draw(_numpy_arrays(dtype_name), label="values")
    x = pa.asarray(values, backend="numpy")
    x.dynamic_backend = True
    try:
        for backend in ("torch", "jax", "tensorflow", "numpy"):
            pa.set_backend(backend, dynamic=True)
            assert x.backend.name == backend and x.dtype.name == dtype_name and x.shape == values.shape
    finally:
        pa.unset_backend()
        x.dynamic_backend = False
    got = np.asarray(x.data)
    assert got.dtype == values.dtype and got.tobytes() == np.ascontiguousarray(values).tobytes()


@given(values=hnp.arrays(np.float32, hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4)))
def test_bfloat16_round_trip_torch_jax_tensorflow_torch_is_bit_exact(values):
    x = pa.astype(pa.asarray(values, backend="torch"), pa.bfloat16)
    before = x.data.view(torch.int16).numpy().tobytes()
    x.dynamic_backend = True
    try:
        for backend in ("jax", "tensorflow", "torch"):
            pa.set_backend(backend, dynamic=True)
            assert x.backend.name == backend and x.dtype == pa.bfloat16
    finally:
        pa.unset_backend()
        x.dynamic_backend = False
    assert x.data.view(torch.int16).numpy().tobytes() == before
