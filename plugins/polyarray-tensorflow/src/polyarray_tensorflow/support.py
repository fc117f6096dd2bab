"""Support hooks of the TensorFlow backend.

TensorFlow tensors are immutable (``backend_info`` says ``mutable_arrays:
False``): ``inplace_update`` and ``set_item`` return new tensors, which
polyarray stores in the ``pa.Array`` (and its base, for a view).
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import tensorflow as tf

from ._helpers import constant, is_tensor, portable_device, shape_of, tensor
from ._marker import hookimpl

#: Every portable dtype has a TensorFlow dtype of the same name.
_NATIVE = {
    name: tf.as_dtype(name)
    for name in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
    )
}  # fmt: skip


@hookimpl
def native_dtype(name: str, /) -> Any:
    return _NATIVE.get(name)


@hookimpl
def device_of(x, /) -> str:
    return portable_device(getattr(x, "device", "") or "")


def _like(value: Any, x: tf.Tensor) -> tf.Tensor:
    """``value`` as a tensor of the dtype of ``x``, on its device."""
    if is_tensor(value):
        value = tf.cast(value, x.dtype) if value.dtype != x.dtype else tf.convert_to_tensor(value)
    else:
        value = constant(value, x.dtype)
    if value.device != x.device and x.device:
        with tf.device(x.device):
            value = tf.identity(value)
    return value


@hookimpl
def inplace_update(x, value, /):
    x = tensor(x)
    with tf.device(x.device or None):
        return tf.broadcast_to(_like(value, x), tf.shape(x))


def _numpy_key(key: Any) -> Any:
    """An index with its tensors replaced by NumPy arrays (for computing positions)."""
    if isinstance(key, tuple):
        return tuple(_numpy_key(part) for part in key)
    if is_tensor(key):
        return np.asarray(key)
    if isinstance(key, list):
        return np.asarray(key)
    return key


def _python_indices(key: Any) -> Any:
    """``key`` with its 0-d integer tensors (slice bounds too) as Python ints.

    TensorFlow's slicing takes only int32/int64 tensors.
    """
    if isinstance(key, tuple):
        return tuple(_python_indices(part) for part in key)
    if isinstance(key, slice):
        return slice(_bound(key.start), _bound(key.stop), _bound(key.step))
    if is_tensor(key) and key.dtype.is_integer and len(key.shape) == 0:
        return int(key)
    return key


def _bound(bound: Any) -> Any:
    """A slice bound as a Python int where it is an integer array or scalar (anything with ``__index__``)."""
    if bound is None or type(bound) is int or not hasattr(type(bound), "__index__"):
        return bound
    return operator.index(bound)


def _basic(key: Any) -> bool:
    """Whether ``key`` holds only ints, slices, ``...`` and ``None`` (what TensorFlow's slicing takes)."""
    parts = key if isinstance(key, tuple) else (key,)
    return all(part is None or part is Ellipsis or isinstance(part, slice) or (type(part) is int) for part in parts)


#: TensorFlow's strided slice handles at most this many dimensions.
_SLICE_DIMENSIONS = 8


@hookimpl
def get_item(x, key, /):
    x = tensor(x)
    key = _python_indices(key)
    shape = shape_of(x)
    if _basic(key) and len(shape) <= _SLICE_DIMENSIONS:
        return x[key]
    # Advanced indexing (integer or boolean arrays, mixed with ints and slices): NumPy works out
    # which elements the key selects, in NumPy's order, and one gather takes them.
    size = int(np.prod(shape, dtype=np.int64))
    selected = np.arange(size, dtype=np.int64).reshape(shape)[_numpy_key(key)]
    with tf.device(x.device or None):
        return tf.reshape(tf.gather(tf.reshape(x, [-1]), selected.reshape(-1)), selected.shape)


@hookimpl
def set_item(x, key, value, /):
    x = tensor(x)
    shape = shape_of(x)
    if is_tensor(key) and key.dtype in (tf.int32, tf.int64) and len(shape) == 1 and len(key.shape) == 1:
        # One position per element (how polyarray writes through views): a scatter, no index arithmetic.
        positions = tf.where(key < 0, key + shape[0], key)
        values = tf.broadcast_to(_like(value, x), tf.shape(positions))
        return tf.tensor_scatter_nd_update(x, positions[:, None], values)
    # NumPy works out which elements the key selects (basic or advanced indexing); the
    # values go there with one scatter. A position written twice keeps the last value, as in NumPy.
    size = int(np.prod(shape, dtype=np.int64))
    selected = np.arange(size, dtype=np.int64).reshape(shape)[_numpy_key(key)]
    values = tf.broadcast_to(_like(value, x), selected.shape)
    flat_positions = selected.reshape(-1)
    flat_values = tf.reshape(values, [-1])
    _, last = np.unique(flat_positions[::-1], return_index=True)
    if len(last) != len(flat_positions):
        keep = np.sort(len(flat_positions) - 1 - last)
        flat_positions = flat_positions[keep]
        flat_values = tf.gather(flat_values, keep)
    with tf.device(x.device or None):
        updated = tf.tensor_scatter_nd_update(tf.reshape(x, [-1]), flat_positions[:, None], flat_values)
        return tf.reshape(updated, shape)


@hookimpl
def error_class(error, /):
    message = str(error)
    if type(error) is ValueError and "index" in message and "out of bounds" in message:
        return IndexError  # TensorFlow's strided slice, re-raised as ValueError by its eager checks
    if not isinstance(error, tf.errors.OpError):
        return None
    message = error.message if isinstance(error.message, str) else message
    if isinstance(error, tf.errors.OutOfRangeError) or (
        isinstance(error, tf.errors.InvalidArgumentError) and ("out of bounds" in message or "not in [" in message)
    ):
        return IndexError
    if isinstance(error, tf.errors.ResourceExhaustedError):
        return MemoryError
    if isinstance(error, (tf.errors.NotFoundError, tf.errors.UnimplementedError)):
        return TypeError  # no kernel for this dtype
    return ValueError


@hookimpl
def compile_function(function, /, *, dynamic=None):
    # tf.function with XLA; where XLA cannot compile the graph (an operation it lacks on this device), the
    # first call falls back to tf.function without it, which runs every TensorFlow operation.
    # The replay is straight-line code: AutoGraph has no control flow to convert.
    options = {"reduce_retracing": bool(dynamic), "autograph": False}
    with_xla = tf.function(function, jit_compile=True, **options)
    chosen = []

    def compiled(*args):
        if chosen:
            return chosen[0](*args)
        try:
            result = with_xla(*args)
        except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError):
            without_xla = tf.function(function, **options)
            result = without_xla(*args)
            chosen.append(without_xla)
            compiled.jit_compile = False
            return result
        chosen.append(with_xla)
        compiled.jit_compile = True
        return result

    compiled.jit_compile = None  # whether XLA compiled it, once it has run
    return compiled
