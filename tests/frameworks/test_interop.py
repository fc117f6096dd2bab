"""A ``pa.Array`` passed to a framework's own functions, and to einops.

torch's functions take ``pa.Array`` arguments through ``__torch_function__``;
``jnp.asarray`` / ``jnp.array`` through ``__jax_array__``; TensorFlow's
functions through ``__tf_tensor__``; NumPy's through ``__array__``. Each
returns the framework's own arrays. einops works on ``pa.Array`` of every
backend, in either import order, and returns ``pa.Array``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import einops
import jax.numpy as jnp
import numpy as np
import pytest
import tensorflow as tf
import torch

import polyarray as pa

BACKENDS = ["numpy", "torch", "jax", "tensorflow"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_torch_functions_take_arrays_of_every_backend(backend):
    x = pa.asarray([-1.0, 2.0, -3.0], dtype=pa.float32, backend=backend)
    assert torch.equal(torch.relu(x), torch.tensor([0.0, 2.0, 0.0]))
    joined = torch.cat([x, x])
    assert isinstance(joined, torch.Tensor) and joined.shape == (6,)
    mixed = torch.ones(3) + x  # a constant of another backend mixed into torch arrays
    assert isinstance(mixed, torch.Tensor) and mixed.tolist() == [0.0, 3.0, -2.0]
    assert torch.nn.functional.softmax(x, dim=0).sum().item() == pytest.approx(1.0)


def test_torch_gets_the_tensor_itself_from_a_torch_array():
    tensor = torch.ones(3)
    x = pa.asarray(tensor)
    assert torch.relu(x).data_ptr() != 0
    result = torch.Tensor.add_(tensor, x)  # in place on the very tensor x holds
    assert result is tensor and tensor.tolist() == [2.0, 2.0, 2.0] and pa.to_native(x) is tensor


@pytest.mark.parametrize("backend", BACKENDS)
def test_jax_converts_arrays_with_asarray(backend):
    x = pa.asarray([1.0, 2.0], dtype=pa.float32, backend=backend)
    converted = jnp.asarray(x)
    assert converted.dtype == jnp.float32 and float(jnp.sum(converted)) == 3.0
    assert float(jnp.sum(jnp.array(x))) == 3.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_tensorflow_functions_take_arrays_of_every_backend(backend):
    x = pa.asarray([1.0, 2.0], dtype=pa.float32, backend=backend)
    assert float(tf.reduce_sum(x)) == 3.0
    assert tf.add(x, 1.0).numpy().tolist() == [2.0, 3.0]
    assert tf.convert_to_tensor(x, dtype=tf.float64).dtype == tf.float64


@pytest.mark.parametrize("backend", BACKENDS)
def test_numpy_functions_take_arrays_of_every_backend(backend):
    x = pa.asarray([1.0, 2.0], dtype=pa.float32, backend=backend)
    assert np.sum(np.asarray(x)) == 3.0 and np.add(x, 1).tolist() == [2.0, 3.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_einops_on_arrays_of_every_backend(backend):
    values = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    x = pa.asarray(values, backend=backend)
    y = einops.rearrange(x, "a b c -> c (a b)")
    assert type(y) is pa.Array and y.backend.name == backend
    np.testing.assert_array_equal(pa.to_numpy(y), einops.rearrange(values, "a b c -> c (a b)"))
    np.testing.assert_array_equal(pa.to_numpy(einops.reduce(x, "a b c -> a", "max")), values.max(axis=(1, 2)))
    assert einops.repeat(x, "a b c -> a b c d", d=2).shape == (2, 3, 4, 2)


def test_einops_imported_after_polyarray():
    code = textwrap.dedent(
        """
        import polyarray as pa
        import einops
        y = einops.rearrange(pa.asarray([[1.0, 2.0], [3.0, 4.0]]), "a b -> b a")
        assert type(y) is pa.Array and pa.to_numpy(y).tolist() == [[1.0, 3.0], [2.0, 4.0]]
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_the_public_functions_einops_reads_refuse_an_unknown_name_as_an_attribute_error():
    """The stand-in for ``pa`` that the einops backend reads answers ``hasattr`` (which inspect and doctest ask
    of every object) for a name polyarray has no function of with False, not a KeyError."""
    from polyarray import _einops

    assert _einops.pa.reshape is pa.reshape
    assert not hasattr(_einops.pa, "__wrapped__")
    with pytest.raises(AttributeError, match="no public function 'no_such_function'"):
        _einops.pa.no_such_function  # noqa: B018
