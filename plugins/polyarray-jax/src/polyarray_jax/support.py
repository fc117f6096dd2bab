"""Support hooks of the JAX backend.

JAX arrays are immutable, so ``inplace_update`` and ``set_item`` return new
arrays (``x.at[key].set(value)``); polyarray stores them in the ``pa.Array``
that was written to, and in its base and views.
"""

from __future__ import annotations

import operator
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import WIDE, X64, X64_ADVICE, Tracer, concrete, kind, portable_name
from ._helpers import device_of as _device_of
from ._marker import hookimpl

#: The native dtype of each portable dtype name (JAX arrays carry NumPy dtypes; bfloat16 is ml_dtypes').
_NATIVE = {
    name: np.dtype(jnp.bfloat16) if name == "bfloat16" else np.dtype(name)
    for name in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
    )
}  # fmt: skip


@hookimpl
def native_dtype(name: str, /) -> Any:
    if name in WIDE and not X64:
        return None
    return _NATIVE.get(name)


#: What polyarray tells a user who asks for a dtype the backend lacks (the 64-bit ones, without 64-bit mode).
native_dtype.unsupported_advice = X64_ADVICE


@hookimpl
def device_of(x, /) -> str:
    return portable_name(_device_of(x))


def _cast_like(value: Any, x: Any) -> Any:
    """``value`` cast to the dtype of ``x`` (refusing to drop an imaginary part, as NumPy does).

    Values that are not JAX arrays are cast by NumPy first, so a NumPy float64 value
    written into a float32 array is rounded once, also without 64-bit mode.
    """
    if not isinstance(value, jax.Array):
        value = np.asarray(value)
    if kind(value.dtype) == "c" and kind(x.dtype) not in "cb":
        raise TypeError(f"cannot write complex values into an array of dtype {x.dtype}")
    return value.astype(x.dtype) if isinstance(value, jax.Array) else jnp.asarray(value.astype(x.dtype))


@hookimpl
def inplace_update(x, value, /):
    return x.at[...].set(_cast_like(value, x))


def _check_bounds(x: Any, key: Any) -> None:
    """Raise an ``IndexError`` for an integer index out of bounds, as NumPy does (JAX would clip a read
    and drop a write)."""
    parts = key if isinstance(key, tuple) else (key,)
    if any(part is Ellipsis for part in parts):
        position = next(i for i, part in enumerate(parts) if part is Ellipsis)
        consumed = sum(1 for part in parts if part is not None and part is not Ellipsis and _counts(part))
        parts = (*parts[:position], *([slice(None)] * (x.ndim - consumed)), *parts[position + 1 :])
    axis = 0
    for part in parts:
        if part is None:
            continue
        if isinstance(part, (bool, np.bool_)):
            continue
        if isinstance(part, (int, np.integer)):
            size = x.shape[axis] if axis < x.ndim else 0
            if not -size <= operator.index(part) < size:
                raise IndexError(f"index {part} is out of bounds for axis {axis} with size {size}")
        elif hasattr(part, "dtype") and kind(part.dtype) in "iu" and concrete(part):
            size = x.shape[axis] if axis < x.ndim else 0
            values = np.asarray(part)
            if values.size and (values.min() < -size or values.max() >= size):
                raise IndexError(f"an index is out of bounds for axis {axis} with size {size}")
        axis += _counts(part)


def _counts(part: Any) -> int:
    """How many axes of the indexed array an index part consumes."""
    if hasattr(part, "dtype") and kind(part.dtype) == "b":
        return len(part.shape)
    return 1


@hookimpl
def get_item(x, key, /):
    if not isinstance(x, Tracer):
        _check_bounds(x, key)
    return x[key]


@hookimpl
def set_item(x, key, value, /):
    if not isinstance(x, Tracer):
        _check_bounds(x, key)
    return x.at[key].set(_cast_like(value, x))


@hookimpl
def error_class(error, /):
    if isinstance(error, RuntimeError) and "RESOURCE_EXHAUSTED" in str(error):
        return MemoryError  # JAX's out-of-memory error, NumPy's MemoryError
    if isinstance(error, RuntimeError) and type(error).__module__.startswith(("jax", "jaxlib")):
        return ValueError  # XlaRuntimeError: invalid values reach the compiled computation
    if type(error) is TypeError and any(shapes in str(error) for shapes in _SHAPE_MISMATCHES):
        return ValueError  # shapes that do not fit, a ValueError in NumPy
    return None


#: JAX's TypeErrors for shapes that do not fit: jnp.concatenate's rank or shape mismatch, and the element-wise
#: functions' operands of one rank that do not broadcast ("add got incompatible shapes for broadcasting").
_SHAPE_MISMATCHES = (
    "different numbers of dimensions",
    "Cannot concatenate arrays with shapes",
    "got incompatible shapes for broadcasting",
)


@hookimpl
def compile_function(function, /, *, dynamic=None):
    # jax.jit specialises on shapes and dtypes, as pa.compile's cache does; ``dynamic`` has no meaning here.
    return jax.jit(function)
