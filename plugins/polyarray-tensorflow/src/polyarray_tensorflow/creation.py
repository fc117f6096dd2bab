"""Array creation on TensorFlow.

Python values are converted as NumPy converts them (``float`` to float64,
``int`` to int64, out-of-range integers raise ``OverflowError``), so the
results match the NumPy backend. ``device`` places the result (``"cpu"``,
``"gpu:N"``); ``None`` leaves placement to TensorFlow.
"""

from __future__ import annotations

import ctypes
import functools
import math
import operator

import numpy as np
import tensorflow as tf

from ._helpers import (
    COMPLEX,
    INTEGER,
    as_shape,
    constant,
    is_python_scalar,
    is_tensor,
    placed,
    portable_device,
    shape_of,
    tensor,
    to_device,
)
from ._marker import hookimpl, resolved_by


def _dtype(dtype):
    return None if dtype is None else tf.as_dtype(dtype)


def _copy(x: tf.Tensor) -> tf.Tensor:
    """A tensor holding its own copy of the data of ``x``."""
    return tf.raw_ops.DeepCopy(x=x)


def _arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """TensorFlow's call giving :func:`arange` of Python ints in a dtype ``tf.range`` counts in, a range not empty
    (which it refuses) and no device (the default placement); None for any other arguments."""
    if stop is None:
        start, stop = 0, start
    if device is not None or dtype not in _RANGE_INTEGERS or not type(start) is type(stop) is type(step) is int:
        return None
    # Every value is in range (the core checks it): TensorFlow counts them in the dtype itself, in one op.
    return functools.partial(tf.range, start, stop, step, dtype=dtype) if (stop - start) * step > 0 else None


@resolved_by(_arange_call)
@hookimpl
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    call = _arange_call(start, stop, step, dtype=dtype, device=device)
    if call is not None:
        return call()
    if stop is None:
        start, stop = 0, start
    values = (start, stop, step)
    if any(isinstance(v, complex) for v in values):
        raise TypeError("arange takes real start, stop and step, not complex numbers")
    dtype = _dtype(dtype)
    integral = all(isinstance(v, (int, np.integer)) for v in values)
    if dtype is None:
        dtype = tf.int64 if integral else tf.float64
    if integral:
        length = max(0, -((int(start) - int(stop)) // int(step)))
    else:
        length = max(0, math.ceil((float(stop) - float(start)) / float(step)))
    with placed(device):
        if integral and length and dtype in _RANGE_INTEGERS:
            # Every value is in range (the core checks it): TensorFlow counts them in the dtype itself, in one op
            # (it refuses an empty range).
            return tf.range(int(start), int(stop), int(step), dtype=dtype)
        if integral and dtype in INTEGER:
            indices = tf.range(length, dtype=tf.int64)
            result = tf.cast(indices * int(step) + int(start), dtype) if length else tf.zeros([0], dtype)
            return result
        work = tf.complex128 if dtype in COMPLEX else tf.float64
        indices = tf.cast(tf.range(length, dtype=tf.int64), work)
        return tf.cast(indices * tf.constant(step, work) + tf.constant(start, work), dtype)


#: The integer dtypes ``tf.range`` counts in.
_RANGE_INTEGERS = frozenset({tf.int32, tf.int64})


@hookimpl
def asarray(obj, /, *, dtype=None, device=None, copy=None):
    dtype = _dtype(dtype)
    if is_tensor(obj):
        result = tf.convert_to_tensor(obj)
        if dtype is not None and result.dtype != dtype:
            if copy is False:
                raise ValueError("asarray(copy=False) cannot change the dtype without a copy")
            result = tf.cast(result, dtype)
        elif copy:
            result = _copy(result)
        if device is not None and portable_device(result.device) != device:
            if copy is False:
                raise ValueError(f"asarray(copy=False) cannot move an array to {device!r} without a copy")
            result = to_device(result, device)
        return result
    if copy is False and not is_python_scalar(obj) and not isinstance(obj, (list, tuple)):
        raise ValueError(
            f"asarray(copy=False): a TensorFlow tensor cannot share memory with a {type(obj).__name__}; "
            f"pass copy=None or True"
        )
    with placed(device):
        return constant(obj, dtype)


@hookimpl
def diag(x, /, *, k=0):
    x = tensor(x)
    return tf.linalg.diag(x, k=k) if x.shape.rank == 1 else tf.linalg.diag_part(x, k=k)


def _diag_handles(x, /, *, k=0) -> bool:
    """TensorFlow's own functions, except for a diagonal outside the matrix (the core's gives it empty)."""
    if not is_tensor(x) or x.shape.rank not in (1, 2) or type(k) is not int:
        return False
    if x.shape.rank == 1 or k == 0:
        return True
    rows, columns = x.shape
    return rows is not None and columns is not None and -rows < k < columns


diag.partial_mixed_handler = _diag_handles


@hookimpl
def empty(shape, *, dtype=None, device=None):
    return zeros(shape, dtype=dtype, device=device)


@hookimpl
def empty_like(x, /, *, dtype=None, device=None):
    return zeros_like(x, dtype=dtype, device=device)


@hookimpl
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    n_rows = operator.index(n_rows)
    n_cols = n_rows if n_cols is None else operator.index(n_cols)
    if n_rows < 0 or n_cols < 0:
        raise ValueError(f"eye needs non-negative sizes, not {n_rows} and {n_cols}")
    dtype = _dtype(dtype) or tf.float64
    with placed(device):
        rows = tf.range(n_rows, dtype=tf.int64)[:, None]
        cols = tf.range(n_cols, dtype=tf.int64)[None, :]
        return tf.cast(tf.equal(cols - rows, operator.index(k)), dtype)


#: TensorFlow's kernels abort the process on tensor data not aligned to this many bytes (Eigen's maximum).
_ALIGNMENT = 64
_capsule_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi)
)
#: Where DLPack's ``byte_offset`` lies in a DLTensor: after data, device, ndim, dtype, shape and strides.
_BYTE_OFFSET_AT = 40


def _data_address(capsule) -> int:
    """The address of the first element of the data an unversioned ("dltensor") DLPack capsule describes."""
    tensor_at = _capsule_pointer(capsule, b"dltensor")
    data = ctypes.c_void_p.from_address(tensor_at).value or 0
    return data + ctypes.c_uint64.from_address(tensor_at + _BYTE_OFFSET_AT).value


@hookimpl
def from_dlpack(x, /, *, device=None, copy=None):
    if is_tensor(x):
        result = tf.convert_to_tensor(x)
    else:
        if not hasattr(x, "__dlpack__"):
            raise TypeError(f"from_dlpack needs an object with __dlpack__, not {type(x).__name__}")
        # tf.experimental.dlpack.from_dlpack reads a capsule, not the exporting object.
        capsule = x.__dlpack__()
        if _data_address(capsule) % _ALIGNMENT == 0:
            result = tf.experimental.dlpack.from_dlpack(capsule)
        elif copy is False:
            raise ValueError(
                f"from_dlpack(copy=False) cannot share data that is not aligned to {_ALIGNMENT} bytes: TensorFlow "
                "computes only on aligned data. Pass copy=None or copy=True to copy it."
            )
        else:
            result, copy = tf.constant(np.from_dlpack(x)), None  # tf.constant copies into aligned memory
    if copy:
        result = _copy(result)
    if device is not None and portable_device(result.device) != device:
        if copy is False:
            raise ValueError(f"from_dlpack(copy=False) cannot move the data to {device!r} without a copy")
        result = to_device(result, device)
    return result


def _fill(shape, value, dtype):
    """A tensor of ``shape`` filled with the Python value ``value`` converted to ``dtype`` as NumPy does."""
    return tf.fill(as_shape(shape), constant(value, dtype))


def _fill_dtype(fill_value):
    if isinstance(fill_value, bool):
        return tf.bool
    if isinstance(fill_value, int):
        return tf.int64
    if isinstance(fill_value, complex):
        return tf.complex128
    if isinstance(fill_value, float):
        return tf.float64
    return None


@hookimpl
def full(shape, fill_value, *, dtype=None, device=None):
    dtype = _dtype(dtype) or _fill_dtype(fill_value)
    if is_tensor(fill_value):
        fill_value = tensor(fill_value).numpy()
    with placed(device):
        return _fill(shape, fill_value, dtype)


@hookimpl
def full_like(x, /, fill_value, *, dtype=None, device=None):
    x = tensor(x)
    dtype = _dtype(dtype) or x.dtype
    if is_tensor(fill_value):
        fill_value = tensor(fill_value).numpy()
    # NumPy writes the value into the array with an unsafe cast (2.7 into int gives 2); a
    # Python int out of the dtype's range is an OverflowError.
    if isinstance(fill_value, int) or dtype in COMPLEX:
        value = constant(fill_value, dtype)
    else:
        value = tf.cast(constant(fill_value), dtype)
    with placed(device if device is not None else _device_of(x)):
        return tf.fill(tf.shape(x), value)


def _device_of(x):
    return portable_device(x.device) if x.device else None


@hookimpl
def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"linspace needs a non-negative number of samples, not {num}")
    dtype = _dtype(dtype)
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = tf.complex128 if is_complex else tf.float64
    # NumPy's formula, in double precision: start + i * step, the last sample exactly stop.
    work = tf.complex128 if is_complex or dtype in COMPLEX else tf.float64
    divisor = (num - 1) if endpoint else num
    with placed(device):
        start_t, stop_t = tf.constant(start, work), tf.constant(stop, work)
        indices = tf.cast(tf.range(num, dtype=tf.int64), work)
        if divisor > 0:
            step = (stop_t - start_t) / tf.cast(divisor, work)
            values = indices * step + start_t
        else:
            values = indices * (stop_t - start_t) + start_t
        if endpoint and num > 1:
            values = tf.concat([values[:-1], stop_t[None]], axis=0)
        if dtype in INTEGER:
            values = tf.floor(values)
        return tf.cast(values, dtype)


@hookimpl
def meshgrid(*arrays, indexing="xy"):
    vectors = [tf.reshape(tensor(a), [-1]) for a in arrays]
    shape = [int(v.shape[0]) for v in vectors]
    if indexing == "xy" and len(vectors) > 1:
        shape[0], shape[1] = shape[1], shape[0]
    grids = []
    for index, vector in enumerate(vectors):
        position = index
        if indexing == "xy" and len(vectors) > 1 and index < 2:
            position = 1 - index
        view = [1] * len(vectors)
        view[position] = -1
        grids.append(tf.broadcast_to(tf.reshape(vector, view), shape))
    return grids


@hookimpl
def ones(shape, *, dtype=None, device=None):
    dtype = _dtype(dtype) or tf.float64
    with placed(device):
        return tf.ones(as_shape(shape), dtype=dtype)


@hookimpl
def ones_like(x, /, *, dtype=None, device=None):
    x = tensor(x)
    with placed(device if device is not None else _device_of(x)):
        return tf.ones(tf.shape(x), dtype=_dtype(dtype) or x.dtype)


def _triangle(x, k, name, keep_lower):
    x = tensor(x)
    shape = shape_of(x)
    rows = tf.range(shape[-2], dtype=tf.int64)[:, None]
    cols = tf.range(shape[-1], dtype=tf.int64)[None, :]
    offset = cols - rows
    keep = offset <= operator.index(k) if keep_lower else offset >= operator.index(k)
    return tf.where(keep, x, tf.zeros((), dtype=x.dtype))


@hookimpl
def tril(x, /, *, k=0):
    return _triangle(x, k, "tril", keep_lower=True)


@hookimpl
def triu(x, /, *, k=0):
    return _triangle(x, k, "triu", keep_lower=False)


@hookimpl
def zeros(shape, *, dtype=None, device=None):
    dtype = _dtype(dtype) or tf.float64
    with placed(device):
        return tf.zeros(as_shape(shape), dtype=dtype)


@hookimpl
def zeros_like(x, /, *, dtype=None, device=None):
    x = tensor(x)
    with placed(device if device is not None else _device_of(x)):
        return tf.zeros(tf.shape(x), dtype=_dtype(dtype) or x.dtype)
