"""The tensorflow backend builds, covers the API, and is found and inferred like any backend."""

from __future__ import annotations

import importlib.metadata
import itertools
import subprocess
import sys

import numpy as np
import polyarray_tensorflow
import pytest
import tensorflow as tf

import polyarray as pa
from polyarray._declare import declarations


def test_every_primary_function_is_implemented(xp):
    primaries = {d.qualname for d in declarations("primary")}
    assert not xp.missing
    assert primaries <= xp.native


def test_partial_mixed_functions_choose_per_call(xp):
    _native, _composed, handler = xp.partial_mixed["softmax"]
    x = tf.constant([[1.0, 2.0], [3.0, 5.0]], tf.float64)
    assert handler(x, axis=-1)
    assert not handler(x, axis=(0, 1))
    assert not handler(tf.constant([[1 + 1j]]), axis=-1)
    for axis in (-1, (0, 1)):
        got = pa.to_numpy(xp.softmax(x, axis=axis))
        expected = pa.to_numpy(pa.get_backend("numpy").softmax(np.asarray(x), axis=axis))
        np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_linear_uses_the_composition_for_a_batch_of_weights(xp):
    handler = xp.partial_mixed["linear"][2]
    x = tf.ones([2, 3], tf.float32)
    assert handler(x, tf.ones([4, 3], tf.float32))
    assert not handler(x, tf.ones([5, 4, 3], tf.float32))
    assert xp.linear(x, tf.ones([5, 4, 3], tf.float32)).shape == (5, 2, 4)


def test_backend_info_names_the_installed_distribution():
    info = polyarray_tensorflow.backend_info()
    assert info["framework"] in polyarray_tensorflow.FRAMEWORK_DISTRIBUTIONS
    assert importlib.metadata.version(info["framework"]) == tf.__version__
    assert info["mutable_arrays"] is False
    assert info["devices"][0] == "cpu"


def test_the_light_module_imports_no_framework():
    code = (
        "import sys, polyarray_tensorflow\n"
        "polyarray_tensorflow.backend_info()\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_command_line_lists_the_backend_with_its_coverage():
    result = subprocess.run([sys.executable, "-m", "polyarray", "backends"], capture_output=True, text=True, check=True)
    row = next(line for line in result.stdout.splitlines() if line.lstrip().startswith("tensorflow"))
    assert tf.__version__ in row
    assert " yes " in f" {row} "


@pytest.mark.parametrize("make", [lambda: tf.constant([1.0, 2.0]), lambda: tf.Variable([1.0, 2.0])])
def test_tensors_and_variables_select_the_backend(make):
    value = make()
    assert pa.current_backend(value).name == "tensorflow"
    result = pa.add(value, value)
    assert result.backend.name == "tensorflow"
    assert pa.to_numpy(result).tolist() == [2.0, 4.0]


def test_variables_reach_functions_whose_fast_path_compares_ranks():
    """matmul and matrix_transpose compare their operands' ranks on the fast path; a ResourceVariable has no
    ndim, and takes the chain: the same values, and gradients flow to it."""
    w = tf.Variable([0.5, -0.5])
    m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert pa.to_numpy(pa.matmul(x, w)).tolist() == [-0.5, -0.5]
    assert pa.to_numpy(pa.matmul(m, m)).tolist() == [[7.0, 10.0], [15.0, 22.0]]
    assert pa.to_numpy(pa.matrix_transpose(m)).tolist() == [[1.0, 3.0], [2.0, 4.0]]
    with tf.GradientTape() as tape:
        value = pa.to_native(pa.sum(pa.matmul(x, w) ** 2))
    assert tape.gradient(value, w).numpy().tolist() == [-4.0, -6.0]
    with pytest.raises(pa.PolyarrayValueError, match="x2 is a 0-d array"):
        pa.matmul(m, tf.Variable(2.0))


def test_arrays_are_immutable_and_writes_reach_the_base(xp):
    base = xp.asarray([[1, 2, 3], [4, 5, 6]])
    row = base[1]
    row[0] = 40
    assert pa.to_numpy(base).tolist() == [[1, 2, 3], [40, 5, 6]]
    base[base > 4] = 0
    assert pa.to_numpy(base).tolist() == [[1, 2, 3], [0, 0, 0]]
    assert pa.to_numpy(row).tolist() == [0, 0, 0]


def test_out_argument_gives_the_array_new_data(xp):
    out = xp.zeros((2,), dtype=pa.float32)
    result = pa.add(xp.asarray([1.0, 2.0], dtype=pa.float32), 1.0, out=out)
    assert result is out
    assert pa.to_numpy(out).tolist() == [2.0, 3.0]


def test_advanced_indexing_selects_like_numpy(xp):
    values = np.arange(12).reshape(3, 4)
    x = xp.asarray(values)
    index = np.asarray([2, 0])
    np.testing.assert_array_equal(pa.to_numpy(x[xp.asarray(index)]), values[index])
    np.testing.assert_array_equal(pa.to_numpy(x[x > 5]), values[values > 5])


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_arange_of_int32_and_int64_gives_numpys_values(dtype):
    """``tf.range`` counts a non-empty integer range of these dtypes in one op; empty ranges, ranges both ways
    and values beyond 32 bits give NumPy's values, or the core's error where the dtype does not hold them."""
    for start, stop, step in itertools.product([0, 2, -3, 100, 2**40], [None, 5, 300, -1, 2**41], [1, 3, -2, 7]):
        args = (start,) if stop is None else (start, stop, step)
        outcomes = []
        for backend in ("tensorflow", "numpy"):
            try:
                result = pa.to_numpy(pa.arange(*args, dtype=getattr(pa, dtype), backend=backend))
            except pa.PolyarrayError as error:
                outcomes.append(type(error))
            else:
                outcomes.append((result.dtype.name, result.tolist()))
        assert outcomes[0] == outcomes[1], args
