"""Helpers shared by the JAX plugin's modules: 64-bit mode, dtypes, devices, axes and errors.

64-bit mode is read once, when this module is imported, which happens when
polyarray builds the jax backend (see the package docstring): :data:`X64`.
Without it, results whose dtype is a default of the standard's (indices,
integer sums and means) take JAX's 32-bit defaults (:func:`default_width`),
and a 64-bit dtype asked for explicitly raises :class:`UnsupportedDtype`,
which polyarray reports as ``pa.UnsupportedDtypeError``.
"""

from __future__ import annotations

import operator
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

try:  # NumPy 2
    from numpy.lib.array_utils import normalize_axis_index
except ImportError:  # NumPy 1.26
    from numpy.core.multiarray import normalize_axis_index  # type: ignore[no-redef]

#: Whether JAX's 64-bit mode (``jax_enable_x64``) was on when the backend was built.
X64: bool = jax.dtypes.canonicalize_dtype(np.int64) == np.dtype(np.int64)

#: The dtypes JAX holds only in 64-bit mode.
WIDE = frozenset({"float64", "int64", "uint64", "complex128"})

#: What a user can do about a 64-bit dtype that JAX cannot hold.
X64_ADVICE = (
    "JAX holds {dtype} only in 64-bit mode, which is off: turn it on with "
    'jax.config.update("jax_enable_x64", True) (or the environment variable JAX_ENABLE_X64=1) '
    "before JAX is first used, or use 32-bit dtypes (dtype=pa.float32, pa.int32 or pa.complex64; "
    "convert a NumPy array with x.astype(np.float32) or pass dtype= to pa.asarray)"
)

#: JAX's tracers (the values inside ``jax.jit``, ``jax.grad`` …): data-dependent checks skip them.
Tracer = jax.core.Tracer

_INT64, _UINT64, _FLOAT64 = np.dtype(np.int64), np.dtype(np.uint64), np.dtype(np.float64)
#: Without 64-bit mode, the default dtype of each kind that stands for the 64-bit one.
_NARROW = {
    _INT64: np.dtype(np.int32),
    _UINT64: np.dtype(np.uint32),
    _FLOAT64: np.dtype(np.float32),
    np.dtype(np.complex128): np.dtype(np.complex64),
}
BFLOAT16 = np.dtype(jnp.bfloat16)

#: The real floating dtypes, as JAX arrays report them.
REAL_FLOATING = frozenset(np.dtype(name) for name in ("float16", "float32", "float64")) | {BFLOAT16}


class UnsupportedDtype(TypeError):
    """JAX cannot compute on a dtype; polyarray turns this into ``pa.UnsupportedDtypeError``."""

    def __init__(self, dtype: str, message: str) -> None:
        super().__init__(message)
        self.polyarray_unsupported_dtype = dtype


# -- dtypes -------------------------------------------------------------------------------


def refuse_wide(name: str, what: str) -> UnsupportedDtype:
    """The error for ``what`` (a value or result) needing the 64-bit dtype ``name`` without 64-bit mode."""
    return UnsupportedDtype(name, f"{what} has dtype {name}; " + X64_ADVICE.format(dtype=name))


def dtype_argument(dtype: Any) -> np.dtype | None:
    """A ``dtype=`` argument as a NumPy dtype (None stays None), refused where 64-bit mode is needed."""
    if dtype is None:
        return None
    dtype = np.dtype(dtype)
    if not X64 and dtype.name in WIDE:
        raise refuse_wide(dtype.name, "the requested dtype")
    return dtype


def default_width(dtype: Any) -> np.dtype:
    """``dtype``, a 64-bit default of the array API standard (float64 for integer means, int64 for indices …),
    or without 64-bit mode the 32-bit dtype that is the default there (float32, int32, uint32, complex64)."""
    dtype = np.dtype(dtype)
    return dtype if X64 else _NARROW.get(dtype, dtype)


def check_input(x: Any, what: str = "the input") -> None:
    """Refuse a value (a NumPy array or scalar, another framework's array) of a 64-bit dtype without 64-bit mode.

    JAX would silently convert it to 32 bits. JAX arrays need no check: they
    cannot hold such dtypes when the mode is off.
    """
    if X64 or isinstance(x, jax.Array):
        return
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        try:
            name = np.dtype(dtype).name
        except TypeError:
            name = getattr(dtype, "name", str(dtype))
            name = name.rsplit(".", 1)[-1]
        if name in WIDE:
            raise refuse_wide(name, what)
    elif isinstance(x, (list, tuple)):
        for item in x:
            check_input(item, what)


#: The most bytes an array may take: NumPy's limit, beyond which XLA aborts the whole process.
_MAX_BYTES = 2**63 - 1


def check_size(shape: Any, dtype: Any = None) -> None:
    """Refuse an array of ``shape`` and ``dtype`` whose size in bytes does not fit in 64 bits, as NumPy does.

    XLA would abort the process on such a shape (a ``BadStatusOrAccess``), where
    NumPy raises ``ValueError``; arrays that fit but do not fit in memory raise
    JAX's out-of-memory error, which the ``error_class`` hook classifies as a ``MemoryError``.
    """
    total = np.dtype(default_width(_FLOAT64) if dtype is None else dtype).itemsize
    for n in (shape,) if isinstance(shape, (int, np.integer)) else shape:
        n = operator.index(n)
        if n > 0:
            total *= n
    if total > _MAX_BYTES:
        raise ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.")


def kind(dtype: Any) -> str:
    """NumPy's kind letter of a dtype (``"b"``, ``"i"``, ``"u"``, ``"f"``, ``"c"``), with ``"f"`` for bfloat16."""
    dtype = np.dtype(dtype)
    return "f" if dtype == BFLOAT16 else dtype.kind


def index_dtype() -> np.dtype:
    """The dtype of index results: the default integer dtype (int64; int32 without 64-bit mode)."""
    return default_width(_INT64)


def accumulation_dtype(dtype: np.dtype) -> np.dtype:
    """The standard's default dtype of a sum or product of an array of ``dtype``.

    Narrower integers and booleans accumulate in the default integer dtype
    (int64; int32 without 64-bit mode), unsigned ones in the unsigned dtype of its width.
    """
    letter = kind(dtype)
    if letter == "b" or (letter == "i" and dtype.itemsize < 8):
        return default_width(_INT64)
    if letter == "u" and dtype.itemsize < 8:
        return default_width(_UINT64)
    return dtype


def floating(dtype: np.dtype) -> np.dtype:
    """``dtype`` if inexact, else the default floating dtype (where integer and boolean input is computed)."""
    return dtype if kind(dtype) in "fc" else default_width(_FLOAT64)


def real_dtype(dtype: np.dtype) -> np.dtype:
    """The real dtype of the same precision (complex64 -> float32); real dtypes unchanged."""
    return np.dtype(np.float32) if dtype == np.complex64 else _FLOAT64 if dtype == np.complex128 else dtype


def promote(dtypes: list[np.dtype]) -> np.dtype:
    """polyarray's promotion of several dtypes (JAX's lattice, without ``uint64`` with a signed integer)."""
    kinds = {kind(d) for d in dtypes}
    if _UINT64 in dtypes and "i" in kinds:
        raise TypeError("uint64 and a signed integer dtype have no common dtype; cast one of them first")
    wide_unsigned = any(kind(d) == "u" and d.itemsize >= 4 for d in dtypes)
    if not X64 and "i" in kinds and kinds <= {"b", "i", "u"} and wide_unsigned:
        # A signed integer with uint32 joins to int64, which JAX would narrow to int32 here.
        raise refuse_wide("int64", "the promoted dtype")
    return np.dtype(jnp.result_type(*dtypes))


# -- values ------------------------------------------------------------------------------


_MAGNITUDE_BITS = {2: (np.uint16, 0x7FFF), 4: (np.uint32, 0x7FFF_FFFF), 8: (np.uint64, 0x7FFF_FFFF_FFFF_FFFF)}


def truth(x: Any) -> Any:
    """Whether each element of ``x`` is non-zero, as booleans (complex: either part).

    Floating-point values are tested by their bits: XLA flushes subnormal numbers
    to zero in comparisons, so ``x != 0`` would call them zero.
    """
    letter = kind(x.dtype)
    if letter == "b":
        return x
    if letter == "c":
        return truth(jnp.real(x)) | truth(jnp.imag(x))
    if letter == "f":
        unsigned, magnitude = _MAGNITUDE_BITS[x.dtype.itemsize]
        bits = jax.lax.bitcast_convert_type(x, unsigned)
        return (bits & jnp.asarray(magnitude, dtype=unsigned)) != 0
    return x != 0


def magnitude(z: Any) -> Any:
    """``|z|`` of complex ``z``, infinite where either part is (JAX gives NaN for ``inf + nan j``)."""
    re, im = jnp.real(z), jnp.imag(z)
    return jnp.where(jnp.isinf(re) | jnp.isinf(im), jnp.asarray(np.inf, re.dtype), jnp.abs(z))


def concrete(*values: Any) -> bool:
    """Whether none of ``values`` is a tracer (inside ``jax.jit`` values are not known)."""
    return not any(isinstance(v, Tracer) for v in values)


def as_array(x: Any) -> Any:
    """``x`` as a JAX array (polyarray passes JAX arrays; compositions may pass Python scalars)."""
    if isinstance(x, jax.Array):
        return x
    check_input(x)
    return jnp.asarray(x)


# -- axes ---------------------------------------------------------------------------------


def normalize_axis(axis: Any, ndim: int) -> int:
    """``axis`` in ``[0, ndim)``.

    The core checks every axis of a call (in range, none repeated); NumPy's
    ``normalize_axis_index`` normalises it, and refuses a default axis of a 0-d
    array that reaches here unchecked.
    """
    return normalize_axis_index(operator.index(axis), ndim)


def normalize_axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """``axis`` (None, an int or a sequence) as a tuple of axes in ``[0, ndim)``."""
    if axis is None:
        return tuple(range(ndim))
    return tuple(normalize_axis(a, ndim) for a in (axis if isinstance(axis, (tuple, list)) else (axis,)))


def reduction_axis(axis: Any, ndim: int) -> Any:
    """``axis`` of a reduction, normalised: None stays None, an int stays an int, a sequence becomes a tuple."""
    if axis is None:
        return None
    if isinstance(axis, (tuple, list)):
        return normalize_axes(axis, ndim)
    return normalize_axis(axis, ndim)


# -- devices ------------------------------------------------------------------------------

_KINDS = {"cuda": "gpu", "rocm": "gpu"}


def portable_name(device: Any) -> str:
    """The portable name of a JAX device: ``"cpu"``, ``"gpu:N"`` (CUDA or ROCm) or ``"tpu:N"``."""
    kind = _KINDS.get(device.platform.lower(), device.platform.lower())
    return "cpu" if kind == "cpu" else f"{kind}:{device.id}"


def native_device(device: Any) -> Any:
    """The JAX device for a portable name (``"gpu:1"`` is ``jax.devices("gpu")[1]``); None stays None."""
    if device is None or isinstance(device, jax.Device):
        return device
    if not isinstance(device, str):
        raise TypeError(f"a device is given by its portable name ('cpu', 'gpu:0' …), not {type(device).__name__}")
    kind, _, index = device.strip().lower().partition(":")
    kind = _KINDS.get(kind, kind)
    try:
        number = int(index or 0)
        devices = jax.devices(kind)
    except (ValueError, RuntimeError) as error:
        raise ValueError(f"JAX has no device {device!r} ({error})") from None
    if not 0 <= number < len(devices):
        raise ValueError(f"JAX has no device {device!r}: it has {len(devices)} {kind} device(s)")
    return devices[number]


def default_device() -> Any:
    """The device JAX puts new arrays on."""
    configured = jax.config.jax_default_device
    if isinstance(configured, jax.Device):
        return configured
    if isinstance(configured, str):
        return jax.devices(configured)[0]
    return jax.devices()[0]


def device_of(x: Any) -> Any:
    """The JAX device of an array (the default device for tracers, whose placement is not known)."""
    if isinstance(x, Tracer) or not isinstance(x, jax.Array):
        return default_device()
    devices = x.devices()
    if len(devices) != 1:
        raise ValueError(f"the array is sharded over {len(devices)} devices; polyarray names single devices only")
    return next(iter(devices))


def place(x: Any, device: Any) -> Any:
    """``x`` on ``device`` (a portable name; None leaves it where it is)."""
    target = native_device(device)
    if target is None or (not isinstance(x, Tracer) and device_of(x) == target):
        return x
    return jax.device_put(x, target)
