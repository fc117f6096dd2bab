"""Array creation on JAX.

``device=`` receives portable names (``"cpu"``, ``"gpu:0"`` …). JAX 0.4.31
added ``device=`` to ``asarray``, ``arange``, ``eye`` and ``linspace``; the
version variants for 0.4.30 create the array and then place it with
``jax.device_put``. Python values given without a ``dtype`` (only polyarray's
own code does that; public calls always get the backend's default dtype) take
NumPy's default dtypes in ``asarray`` (refused where they are 64-bit and
64-bit mode is off) and JAX's in the other functions. Sizes are checked
before JAX is called (``check_size``): XLA aborts the process on an array
whose size in bytes does not fit in 64 bits.
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import (
    as_array,
    check_input,
    check_size,
    default_width,
    dtype_argument,
    kind,
    native_device,
    place,
    refuse_wide,
)
from ._marker import hookimpl, resolved_by


def _converted(obj, dtype, copy, **device):
    """``obj`` (anything but a JAX array) as a JAX array, with NumPy's conversion rules for the values."""
    if copy is False:
        raise ValueError("asarray(copy=False): converting this input into a JAX array needs a copy")
    # NumPy converts (and casts) on the host. Python values without a dtype get the backend's
    # default dtypes; any other 64-bit value is refused without 64-bit mode.
    if dtype is None and not hasattr(obj, "dtype"):
        check_input(obj)
        value = _python_values(np.asarray(obj))
    else:
        value = np.asarray(obj, dtype=dtype)
    check_input(value)
    check_size(value.shape, value.dtype)
    return jnp.asarray(value, **device)


def _python_values(value):
    """NumPy's conversion of Python values in the backend's default dtypes (int32, float32 … without 64-bit mode).

    An integer beyond the range of the default integer dtype is refused, not wrapped around.
    """
    narrow = default_width(value.dtype)
    if narrow == value.dtype:
        return value
    if kind(value.dtype) in "iu" and value.size:
        info = np.iinfo(narrow)
        if value.min() < info.min or value.max() > info.max:
            raise refuse_wide(value.dtype.name, "an integer beyond the range of int32")
    return value.astype(narrow)


def _cast(x, dtype, copy):
    """A JAX array ``x`` with ``dtype`` (None keeps its own), copied when ``copy`` says so."""
    if dtype is not None and x.dtype != dtype:
        if copy is False:
            raise ValueError(f"asarray(copy=False) cannot cast {x.dtype} to {dtype} without a copy")
        return x.astype(dtype)
    return jnp.array(x, copy=True) if copy else x


def _moved(x, device, copy):
    """A JAX array ``x`` on ``device`` (a portable name; None leaves it where it is)."""
    target = native_device(device)
    if target is None or isinstance(x, jax.core.Tracer) or x.devices() == {target}:
        return x
    if copy is False:
        raise ValueError(f"asarray(copy=False) cannot move the array to {device!r} without a copy")
    return jax.device_put(x, target)


@hookimpl(specname="asarray")
def asarray_v_0p4p31_and_above(obj, /, *, dtype=None, device=None, copy=None):
    dtype = dtype_argument(dtype)
    if isinstance(obj, jax.Array):
        return _moved(_cast(obj, dtype, copy), device, copy)
    return _converted(obj, dtype, copy, device=native_device(device))


@hookimpl(specname="asarray")
def asarray_v_0p4p30_and_below(obj, /, *, dtype=None, device=None, copy=None):
    # jnp.asarray takes no device there: convert, then place.
    dtype = dtype_argument(dtype)
    if isinstance(obj, jax.Array):
        return _moved(_cast(obj, dtype, copy), device, copy)
    return _moved(_converted(obj, dtype, copy), device, None)


def _arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """JAX's call giving :func:`arange` of these arguments, once they are checked (from JAX 0.4.31)."""
    dtype = dtype_argument(dtype)
    _check_arange(start, stop, step, dtype)
    return functools.partial(jnp.arange, start, stop, _step(step, dtype), dtype=dtype, device=native_device(device))


@hookimpl(specname="arange")
@resolved_by(_arange_call)
def arange_v_0p4p31_and_above(start, /, stop=None, step=1, *, dtype=None, device=None):
    return _arange_call(start, stop, step, dtype=dtype, device=device)()


def _placed_arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """:func:`_arange_call` up to JAX 0.4.30, whose ``jnp.arange`` takes no device: the range is placed after."""
    dtype = dtype_argument(dtype)
    _check_arange(start, stop, step, dtype)
    values = functools.partial(jnp.arange, start, stop, _step(step, dtype), dtype=dtype)
    return values if device is None else lambda: place(values(), device)


@hookimpl(specname="arange")
@resolved_by(_placed_arange_call)
def arange_v_0p4p30_and_below(start, /, stop=None, step=1, *, dtype=None, device=None):
    return _placed_arange_call(start, stop, step, dtype=dtype, device=device)()


def _step(step, dtype):
    """``step`` for ``jnp.arange``: None for an int step of 1 and an integer dtype, the same values, which JAX
    counts out without building them in NumPy first (a fraction of the time). Floating dtypes keep the step: JAX
    rounds the values it counts differently from the NumPy range it casts (bfloat16 beyond 256)."""
    return None if type(step) is int and step == 1 and dtype is not None and np.dtype(dtype).kind in "iu" else step


def _check_arange(start, stop, step, dtype):
    """Refuse an ``arange`` too big to count in bytes (see ``check_size``): ``ceil((stop - start) / step)`` items."""
    if stop is None:
        start, stop = 0, start
    values = (start, stop, step)
    if not step or not all(isinstance(v, (int, float, np.integer, np.floating)) for v in values):
        return
    if all(isinstance(v, (int, np.integer)) for v in values):
        length = -((int(start) - int(stop)) // int(step))
    else:
        span = float(stop) - float(start)
        length = math.ceil(span / float(step)) if math.isfinite(span / float(step)) else 0
    check_size((max(length, 0),), dtype)


@hookimpl
def diag(x, /, *, k=0):
    return jnp.diag(x, k)


@hookimpl
def empty(shape, *, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size(shape, dtype)
    return jnp.empty(shape, dtype=dtype, device=native_device(device))


@hookimpl
def empty_like(x, /, *, dtype=None, device=None):
    x = as_array(x)
    dtype = dtype_argument(dtype)
    check_size(x.shape, x.dtype if dtype is None else dtype)
    return jnp.empty_like(x, dtype=dtype, device=native_device(device))


@hookimpl(specname="eye")
def eye_v_0p4p31_and_above(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size((n_rows, n_rows if n_cols is None else n_cols), dtype)
    return jnp.eye(n_rows, n_cols, k=k, dtype=dtype, device=native_device(device))


@hookimpl(specname="eye")
def eye_v_0p4p30_and_below(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size((n_rows, n_rows if n_cols is None else n_cols), dtype)
    return place(jnp.eye(n_rows, n_cols, k=k, dtype=dtype), device)


@hookimpl
def from_dlpack(x, /, *, device=None, copy=None):
    check_input(x)
    return jnp.from_dlpack(x, device=native_device(device), copy=copy)


def _fill(fill_value, dtype):
    """``fill_value`` as a 0-d value of ``dtype``, converted as ``numpy.full`` converts it.

    A Python int out of the range of an integer ``dtype`` is an ``OverflowError``
    (JAX would wrap it around).
    """
    if isinstance(fill_value, jax.Array):
        return fill_value if dtype is None else fill_value.astype(dtype)
    check_input(fill_value, "the fill value")
    if dtype is None:
        return fill_value
    if isinstance(fill_value, int) and not isinstance(fill_value, bool) and kind(dtype) in "iu":
        info = np.iinfo(dtype)
        if not info.min <= fill_value <= info.max:
            raise OverflowError(f"Python integer {fill_value} out of bounds for {dtype}")
    if isinstance(fill_value, complex) and kind(dtype) not in "cb":
        raise TypeError(f"a complex fill value cannot be held by an array of dtype {dtype}")
    return np.asarray(fill_value).astype(dtype)


@hookimpl
def full(shape, fill_value, *, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size(shape, dtype)
    return jnp.full(shape, _fill(fill_value, dtype), dtype=dtype, device=native_device(device))


@hookimpl
def full_like(x, /, fill_value, *, dtype=None, device=None):
    x = as_array(x)
    dtype = x.dtype if dtype is None else dtype_argument(dtype)
    check_size(x.shape, dtype)
    return jnp.full_like(x, _fill(fill_value, dtype), dtype=dtype, device=native_device(device))


@hookimpl(specname="linspace")
def linspace_v_0p4p31_and_above(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    dtype = dtype_argument(dtype)
    check_size((num,), dtype)
    return jnp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype, device=native_device(device))


@hookimpl(specname="linspace")
def linspace_v_0p4p30_and_below(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    dtype = dtype_argument(dtype)
    check_size((num,), dtype)
    return place(jnp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype), device)


@hookimpl
def meshgrid(*arrays, indexing="xy"):
    arrays = [as_array(a) for a in arrays]
    return list(jnp.meshgrid(*arrays, indexing=indexing))


@hookimpl
def ones(shape, *, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size(shape, dtype)
    return jnp.ones(shape, dtype=dtype, device=native_device(device))


@hookimpl
def ones_like(x, /, *, dtype=None, device=None):
    x = as_array(x)
    dtype = dtype_argument(dtype)
    check_size(x.shape, x.dtype if dtype is None else dtype)
    return jnp.ones_like(x, dtype=dtype, device=native_device(device))


@hookimpl
def tril(x, /, *, k=0):
    return jnp.tril(as_array(x), k=k)


@hookimpl
def triu(x, /, *, k=0):
    return jnp.triu(as_array(x), k=k)


@hookimpl
def zeros(shape, *, dtype=None, device=None):
    dtype = dtype_argument(dtype)
    check_size(shape, dtype)
    return jnp.zeros(shape, dtype=dtype, device=native_device(device))


@hookimpl
def zeros_like(x, /, *, dtype=None, device=None):
    x = as_array(x)
    dtype = dtype_argument(dtype)
    check_size(x.shape, x.dtype if dtype is None else dtype)
    return jnp.zeros_like(x, dtype=dtype, device=native_device(device))
