"""handle_complex_input: the ``complex_mode=`` keyword of functions defined for real input.

Activation functions are defined on the reals; for complex input the
keyword ``complex_mode`` chooses what they do:

- ``"jax"`` (the default): what ``jax.nn`` computes for complex input. The
  function itself receives the complex array (the core's compositions
  implement JAX's complex definitions).
- ``"split"``: the function applied to the real and to the imaginary part
  separately, ``f(Re z) + f(Im z) j``.
- ``"magnitude"``: the function applied to ``|z|`` with the phase kept,
  ``f(|z|) * exp(i * angle(z))`` (a zero's angle is that of its signed
  parts, as ``atan2`` gives it: 0 for ``+0``, pi for ``-0``).

In ``"split"`` and ``"magnitude"`` modes the function only ever sees real
arrays. Real input goes through untouched, at the cost of one dtype check.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._array import Array
from .._config import settings
from .._container import Container
from .._declare import signature_of
from .._errors import PolyarrayValueError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

#: The values ``complex_mode`` may take.
COMPLEX_MODES = ("jax", "split", "magnitude")


def _implementation_takes(decl: Declaration, backend: Backend, name: str) -> bool:
    """Whether the backend's implementation declares the keyword ``name`` itself."""
    raw = getattr(backend.raw, decl.namespace) if decl.namespace else backend.raw
    implementation = getattr(raw, decl.name, None)
    try:
        parameter = signature_of(implementation).parameters.get(name)
    except (TypeError, ValueError):
        return False
    return parameter is not None and parameter.kind is not inspect.Parameter.VAR_KEYWORD


@wrapper
def handle_complex_input(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Consume ``complex_mode=`` and apply the function to complex input as it says (module docstring).

    An implementation that declares ``complex_mode`` itself receives it and
    handles complex input on its own.
    """
    if _implementation_takes(decl, backend, "complex_mode"):
        return function
    raw = backend.raw
    complex_dtypes = tuple(
        native for name in ("complex64", "complex128") if (native := raw.native_dtype(name)) is not None
    )
    qualname = decl.qualname

    def handling(*args: Any, **kwargs: Any) -> Any:
        mode = kwargs.pop("complex_mode", "jax") if kwargs else "jax"
        if mode == "jax":
            return function(*args, **kwargs)
        if mode != "split" and mode != "magnitude":
            raise PolyarrayValueError(
                f"pa.{qualname}: complex_mode must be one of {', '.join(map(repr, COMPLEX_MODES))}, not {mode!r}."
            )
        x: Any = args[0] if args else None
        native = x.data if type(x) is Array else x
        if type(native) is complex:
            native = raw.asarray(native)
        elif getattr(native, "dtype", None) not in complex_dtypes:
            if isinstance(x, Container):
                # Each leaf is handled as a call of its own (the mapping over leaves is further in).
                return x.cont_map(lambda leaf, _: handling(leaf, *args[1:], complex_mode=mode, **kwargs))
            return function(*args, **kwargs)
        rest = args[1:]
        if mode == "split":
            real = _native(function(raw.real(native), *rest, **kwargs), Array)
            imag = _native(function(raw.imag(native), *rest, **kwargs), Array)
        else:
            real, imag = _magnitude(raw, native, lambda m: _native(function(m, *rest, **kwargs), Array))
        result = complex_from_parts(raw, real, imag, native.dtype)
        return Array(result, backend) if settings.array_mode else result

    return handling


def _native(value: Any, array_type: type[Any]) -> Any:
    return value.data if type(value) is array_type else value


def _magnitude(xp: Any, z: Any, apply: Callable[[Any], Any]) -> tuple[Any, Any]:
    """The real and imaginary parts of ``apply(|z|) * exp(i * angle(z))``."""
    magnitude = xp.abs(z)
    scaled = apply(magnitude)
    zero = xp.asarray(0, dtype=magnitude.dtype)
    # sign(z) = z / |z| (also for infinite parts); a zero's angle is that of its signed
    # parts (atan2(±0, +0) = ±0, atan2(±0, -0) = ±pi), so its phase is ±1.
    zero_phase = xp.astype(xp.copysign(xp.asarray(1, dtype=magnitude.dtype), xp.real(z)), z.dtype)
    unit = xp.where(xp.equal(z, xp.asarray(0, dtype=z.dtype)), zero_phase, xp.sign(z))
    one = xp.asarray(1, dtype=magnitude.dtype)
    parts = []
    for part in (xp.real(unit), xp.imag(unit)):
        # A zero component stays 0 even where apply(|z|) is infinite (never computing inf * 0).
        on_axis = xp.equal(part, zero)
        parts.append(xp.where(on_axis, zero, xp.multiply(scaled, xp.where(on_axis, one, part))))
    return parts[0], parts[1]


def complex_from_parts(xp: Any, real: Any, imag: Any, dtype: Any) -> Any:
    """The complex array ``real + imag j`` of ``dtype``, exact for infinite and NaN parts too.

    Multiplying by ``1j`` would turn an infinite imaginary part into a NaN real
    part (``inf * 0``); non-finite imaginary parts are placed from constants.
    """
    zero = xp.asarray(0, dtype=imag.dtype)
    finite = xp.isfinite(imag)
    unit = xp.asarray(1j, dtype=dtype)
    imag_part = xp.multiply(xp.astype(xp.where(finite, imag, zero), dtype), unit)
    special = xp.where(
        xp.isnan(imag),
        xp.asarray(complex(0.0, math.nan), dtype=dtype),
        xp.where(
            xp.greater(imag, zero),
            xp.asarray(complex(0.0, math.inf), dtype=dtype),
            xp.asarray(complex(0.0, -math.inf), dtype=dtype),
        ),
    )
    return xp.add(xp.astype(real, dtype), xp.where(finite, imag_part, special))
