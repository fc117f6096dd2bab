"""Small helpers shared by the TensorFlow plugin's modules.

- the refusal of a dtype TensorFlow cannot compute on (:class:`UnsupportedDtype`);
- dtype groups and conversions between TensorFlow, NumPy and Python values;
- promotion of operands that reach an implementation with different dtypes;
- axes and devices.

TensorFlow tensors are immutable, so every function returns a new tensor.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import re
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

try:  # NumPy 2
    from numpy.lib.array_utils import normalize_axis_index
except ImportError:  # NumPy 1.26
    from numpy.core.multiarray import normalize_axis_index  # type: ignore[no-redef]
import tensorflow as tf

# -- refusing a dtype -------------------------------------------------------------------


class UnsupportedDtype(TypeError):
    """TensorFlow cannot compute this function on this dtype.

    ``polyarray_unsupported_dtype`` (the portable dtype name) is the protocol
    by which polyarray turns it into ``pa.UnsupportedDtypeError``.
    """

    def __init__(self, message: str, dtype: str) -> None:
        super().__init__(message)
        self.polyarray_unsupported_dtype = dtype


def unsupported(function: str, dtype: Any, detail: str = "") -> UnsupportedDtype:
    """The error for ``function`` on ``dtype``; ``detail`` says what TensorFlow lacks."""
    name = dtype_name(dtype)
    lacks = detail or f"no {function} kernel for {name}"
    return UnsupportedDtype(
        f"TensorFlow has {lacks}; cast the input to a dtype TensorFlow supports here with pa.astype, "
        f"or run this call on another backend (backend=...)",
        name,
    )


# -- dtypes -----------------------------------------------------------------------------

BOOL = tf.bool
SIGNED = frozenset({tf.int8, tf.int16, tf.int32, tf.int64})
UNSIGNED = frozenset({tf.uint8, tf.uint16, tf.uint32, tf.uint64})
INTEGER = SIGNED | UNSIGNED
REAL_FLOATING = frozenset({tf.float16, tf.bfloat16, tf.float32, tf.float64})
HALF = frozenset({tf.float16, tf.bfloat16})
COMPLEX = frozenset({tf.complex64, tf.complex128})
INEXACT = REAL_FLOATING | COMPLEX
#: Integer and boolean dtypes: their values are already integers.
INTEGRAL = INTEGER | {BOOL}

#: The signed integer of the same width, for computing on bit patterns.
SIGNED_OF = {tf.uint8: tf.int8, tf.uint16: tf.int16, tf.uint32: tf.int32, tf.uint64: tf.int64}
#: The integer dtype of the same width as a floating dtype (for its bit pattern).
BITS_OF = {tf.float16: tf.int16, tf.bfloat16: tf.int16, tf.float32: tf.int32, tf.float64: tf.int64}
#: The real dtype of a complex dtype's parts.
REAL_OF = {tf.complex64: tf.float32, tf.complex128: tf.float64}
#: The complex dtype holding a real floating dtype.
COMPLEX_OF = {tf.float16: tf.complex64, tf.bfloat16: tf.complex64, tf.float32: tf.complex64, tf.float64: tf.complex128}
#: The width in bits of each integer dtype.
WIDTH = {tf.int8: 8, tf.int16: 16, tf.int32: 32, tf.int64: 64, tf.uint8: 8, tf.uint16: 16, tf.uint32: 32, tf.uint64: 64}

#: What NumPy computes integer and boolean input of a floating-point function in.
FLOAT_FOR_INTEGRAL = {
    tf.bool: tf.float16,
    tf.int8: tf.float16,
    tf.uint8: tf.float16,
    tf.int16: tf.float32,
    tf.uint16: tf.float32,
    tf.int32: tf.float64,
    tf.uint32: tf.float64,
    tf.int64: tf.float64,
    tf.uint64: tf.float64,
}


def dtype_name(dtype: Any) -> str:
    """The portable name of a TensorFlow (or NumPy) dtype."""
    return tf.as_dtype(dtype).name


def numpy_dtype(dtype: Any) -> np.dtype:
    """The NumPy dtype of a TensorFlow dtype (``ml_dtypes.bfloat16`` for bfloat16)."""
    return np.dtype(tf.as_dtype(dtype).as_numpy_dtype)


def is_tensor(x: Any) -> bool:
    return isinstance(x, (tf.Tensor, tf.Variable))


_PYTHON_SCALARS = (bool, int, float, complex)

#: NumPy's default dtype of each kind of Python scalar (what ``np.asarray`` gives).
_PYTHON_DEFAULTS = {bool: tf.bool, int: tf.int64, float: tf.float64, complex: tf.complex128}


def is_python_scalar(x: Any) -> bool:
    return type(x) in _PYTHON_SCALARS


def constant(value: Any, dtype: Any = None) -> tf.Tensor:
    """A tensor from Python values or NumPy arrays, converted as ``np.asarray`` converts them.

    Python ints outside the range of ``dtype`` raise ``OverflowError`` (as in
    NumPy 2) rather than wrapping around.
    """
    np_dtype = None if dtype is None else numpy_dtype(dtype)
    # NumPy 1.x wraps out-of-range Python integers with a DeprecationWarning (TensorFlow
    # before 2.18 needs NumPy 1.x); NumPy 2 raises OverflowError. Both raise here.
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        try:
            values = np.asarray(value, dtype=np_dtype)
        except DeprecationWarning as warning:
            raise OverflowError(str(warning)) from None
    if values.dtype == object:
        raise TypeError(f"cannot convert {type(value).__name__} values to a TensorFlow tensor")
    return tf.constant(values)


def tensor(x: Any, dtype: Any = None) -> tf.Tensor:
    """``x`` as a tensor (tensors pass through, cast when ``dtype`` differs)."""
    if isinstance(x, tf.Tensor):
        return x if dtype is None or x.dtype == dtype else tf.cast(x, dtype)
    if isinstance(x, tf.Variable):
        x = tf.convert_to_tensor(x)
        return x if dtype is None or x.dtype == dtype else tf.cast(x, dtype)
    if hasattr(x, "__array__") or isinstance(x, (list, tuple)) or is_python_scalar(x) or isinstance(x, np.generic):
        return constant(x, dtype)
    raise TypeError(f"expected an array, not {type(x).__name__}")


# -- promotion of operands that reach an implementation unpromoted ------------------------------

_KIND = {tf.bool: 0}
_KIND.update(dict.fromkeys(INTEGER, 1))
_KIND.update(dict.fromkeys(REAL_FLOATING, 2))
_KIND.update(dict.fromkeys(COMPLEX, 3))
_SCALAR_KIND = {bool: 0, int: 1, float: 2, complex: 3}


def result_dtype(a: tf.DType, b: tf.DType) -> tf.DType:
    """The dtype NumPy promotes two dtypes to (bfloat16: below float32, above every integer)."""
    if a == b:
        return a
    if a == tf.bfloat16 or b == tf.bfloat16:
        other = b if a == tf.bfloat16 else a
        if other in INTEGRAL:
            return tf.bfloat16
        if other == tf.float16:
            return tf.float32
        if other in COMPLEX:
            return other
        return other
    return tf.as_dtype(np.result_type(numpy_dtype(a), numpy_dtype(b)))


def scalar_operand(value: Any, dtype: tf.DType) -> tf.Tensor:
    """A Python scalar as a 0-d tensor: of ``dtype`` where its kind allows, else of NumPy's default."""
    kind = _SCALAR_KIND[type(value)]
    if kind <= _KIND[dtype] and not (kind == 1 and dtype == tf.bool):
        return constant(value, dtype)
    if kind == 3 and dtype in REAL_FLOATING:
        return constant(value, COMPLEX_OF[dtype])
    return constant(value, _PYTHON_DEFAULTS[type(value)])


def operands(x1: Any, x2: Any) -> tuple[tf.Tensor, tf.Tensor]:
    """Two operands as tensors of one dtype.

    Polyarray promotes the operands of the public functions before they get
    here; this covers Python scalars and operands that arrive with different
    dtypes (from the core's compositions, or lists converted on the way),
    following NumPy, which the other backends are compared with.
    """
    if is_python_scalar(x1):
        if is_python_scalar(x2):
            x1, x2 = constant(x1), constant(x2)
        else:
            x2 = tensor(x2)
            x1 = scalar_operand(x1, x2.dtype)
    elif is_python_scalar(x2):
        x1 = tensor(x1)
        x2 = scalar_operand(x2, x1.dtype)
    else:
        x1, x2 = tensor(x1), tensor(x2)
    if x1.dtype != x2.dtype:
        target = result_dtype(x1.dtype, x2.dtype)
        x1, x2 = tensor(x1, target), tensor(x2, target)
    return x1, x2


def common_dtype(arrays: Sequence[tf.Tensor]) -> tf.DType:
    """The dtype NumPy promotes the dtypes of several tensors to."""
    dtype = arrays[0].dtype
    for array in arrays[1:]:
        dtype = result_dtype(dtype, array.dtype)
    return dtype


# -- axes -------------------------------------------------------------------------------


def normalize_axis(axis: Any, ndim: int) -> int:
    """``axis`` as a non-negative axis of an ``ndim``-d array.

    The core checks every axis of a call (in range, none repeated); NumPy's
    ``normalize_axis_index`` normalises it, and refuses a default axis of a 0-d
    array that reaches here unchecked.
    """
    return normalize_axis_index(operator.index(axis), ndim)


def normalize_axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """``axis`` (None, an int or a sequence) as a tuple of non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    items = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(normalize_axis(a, ndim) for a in items)


def shape_of(x: tf.Tensor) -> tuple[int, ...]:
    """The static shape of an eager tensor as a tuple of ints."""
    return tuple(x.shape.as_list())


def truth(x: tf.Tensor) -> tf.Tensor:
    """``x != 0`` (NaN counts as true) as a boolean tensor, exact for subnormal numbers.

    TensorFlow's CPU kernels read subnormal inputs as zero; a floating-point
    value is non-zero exactly when its bits other than the sign are, which
    integer kernels see as they are.
    """
    if x.dtype == BOOL:
        return x
    if x.dtype in REAL_FLOATING:
        bits = tf.bitcast(x, BITS_OF[x.dtype])
        magnitude = tf.bitwise.bitwise_and(bits, tf.constant(BITS_OF[x.dtype].max, BITS_OF[x.dtype]))
        return tf.not_equal(magnitude, tf.zeros((), BITS_OF[x.dtype]))
    if x.dtype in COMPLEX:
        return tf.logical_or(truth(tf.math.real(x)), truth(tf.math.imag(x)))
    return tf.not_equal(x, tf.zeros((), x.dtype))


def move_axis_last(x: tf.Tensor, axis: int) -> tf.Tensor:
    """``x`` with ``axis`` moved to the end (the other axes keep their order)."""
    ndim = len(x.shape)
    axis = normalize_axis(axis, ndim)
    if axis == ndim - 1:
        return x
    return tf.transpose(x, [a for a in range(ndim) if a != axis] + [axis])


def reduced_shape(shape: tuple[int, ...], axes: tuple[int, ...], keepdims: bool) -> tuple[int, ...]:
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def as_shape(shape: Any) -> tuple[int, ...]:
    """A shape argument (an int or a sequence of ints) as a tuple."""
    if isinstance(shape, (tuple, list)):
        return tuple(operator.index(n) for n in shape)
    if is_tensor(shape):
        return tuple(int(n) for n in tf.reshape(shape, [-1]).numpy())
    return (operator.index(shape),)


# -- devices ----------------------------------------------------------------------------

_FRAMEWORK_DEVICE = re.compile(r"device:([A-Za-z_]+):(\d+)", re.IGNORECASE)
_PORTABLE = re.compile(r"^\s*(cpu|gpu|tpu)(?::(\d+))?\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def portable_device(name: str) -> str:
    """The portable name of a TensorFlow device string (remembered: a program meets a few).

    ``"/job:localhost/replica:0/task:0/device:GPU:1"`` gives ``"gpu:1"``,
    any CPU ``"cpu"``; an empty name (a symbolic tensor without placement)
    ``"cpu"``.
    """
    match = _FRAMEWORK_DEVICE.search(name or "")
    if match is None:
        plain = _PORTABLE.match(name or "")
        if plain is None:
            return "cpu"
        kind, index = plain.group(1).lower(), int(plain.group(2) or 0)
    else:
        kind, index = match.group(1).lower(), int(match.group(2))
    return "cpu" if kind == "cpu" else f"{kind}:{index}"


@functools.cache
def _logical_devices(kind: str) -> tuple[str, ...]:
    return tuple(device.name for device in tf.config.list_logical_devices(kind))


def framework_device(device: Any) -> str:
    """The TensorFlow device name of a portable device (``"gpu:1"`` gives ``"/GPU:1"``).

    TensorFlow would quietly place work on the CPU for a device it does not
    have, so a missing device is an error here.
    """
    if not isinstance(device, str):
        raise TypeError(f"a device is given by its portable name ('cpu', 'gpu:0', …), not {device!r}")
    match = _PORTABLE.match(device)
    if match is None:
        raise ValueError(f"{device!r} is not a device name the tensorflow backend knows; use 'cpu' or 'gpu:N'")
    kind, index = match.group(1).upper(), int(match.group(2) or 0)
    if kind == "CPU":
        return "/CPU:0"
    available = _logical_devices(kind)
    if index >= len(available):
        found = ", ".join(portable_device(name) for name in available) or "none"
        raise ValueError(
            f"the tensorflow backend has no device {device!r} (TensorFlow sees {kind} devices: {found}); "
            f"use 'cpu' or one of those"
        )
    return f"/{kind}:{index}"


@contextlib.contextmanager
def placed(device: Any) -> Iterator[None]:
    """Run the body on ``device`` (a portable name); None leaves placement to TensorFlow."""
    if device is None:
        yield
        return
    with tf.device(framework_device(device)):
        yield


def to_device(x: tf.Tensor, device: Any) -> tf.Tensor:
    """``x`` on ``device`` (itself when it is there already or ``device`` is None)."""
    if device is None or portable_device(x.device) == portable_device(framework_device(device)):
        return x
    with tf.device(framework_device(device)):
        return tf.identity(x)


def check_dtype_kinds(x: tf.Tensor, function: str, allowed: frozenset | set, what: str) -> None:
    """Raise a ``TypeError`` (as NumPy would) when ``x`` has none of the ``allowed`` dtypes."""
    if x.dtype not in allowed:
        raise TypeError(f"{function} needs {what} input, not {dtype_name(x.dtype)}")


# -- TensorFlow's errors ----------------------------------------------------------------

_MISSING_KERNEL = (
    "Could not find device for node",
    "No registered",
    "no kernel",
    "not supported for",
    "is not in the list of allowed values",
)
#: The dtype an op refuses, in TensorFlow's message ("Value for attr 'T' of int32 is not in the list …").
_REFUSED_DTYPE = re.compile(r"attr '(\w+)' of (\w+) is not in the list of allowed values")
#: Type attributes of index-like arguments (axes, shifts, shapes …): refusing one is not a data dtype refusal.
_INDEX_ATTRS = frozenset({"Taxis", "Tshift", "Tidx", "Tindices", "Tmultiples", "Tpaddings", "Tperm", "Tshape", "Tlen"})


def _refused_dtype(message: str, args: tuple) -> Any:
    match = _REFUSED_DTYPE.search(message)
    if match is not None:
        if match.group(1) in _INDEX_ATTRS:
            return None
        try:
            return tf.as_dtype(match.group(2))
        except TypeError:
            pass
    return _first_dtype(args)


def _first_dtype(args: tuple) -> Any:
    for value in args:
        if is_tensor(value):
            return value.dtype
        if isinstance(value, (list, tuple)) and value and is_tensor(value[0]):
            return value[0].dtype
    return None


def framework_error(error: Exception, function: str, args: tuple) -> Exception:
    """The builtin exception polyarray should see for an error raised by TensorFlow."""
    message = getattr(error, "message", None) or str(error)
    dtype = _refused_dtype(message, args)
    missing_kernel = isinstance(error, (tf.errors.NotFoundError, tf.errors.UnimplementedError)) or any(
        text in message for text in _MISSING_KERNEL
    )
    if missing_kernel and dtype is not None:
        name = function.split("_v_")[0]
        first_line = message.strip().splitlines()[0] if message.strip() else ""
        return unsupported(name, dtype, f"no kernel for {name} on {dtype_name(dtype)} ({first_line})")
    if isinstance(error, tf.errors.InvalidArgumentError):
        return ValueError(message)
    if isinstance(error, tf.errors.OutOfRangeError):
        return IndexError(message)
    if isinstance(error, tf.errors.UnimplementedError):
        return NotImplementedError(message)
    return error
