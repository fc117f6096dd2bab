"""Argument checks that every backend must make the same way, attached to declarations with ``check=``.

Each check takes the call's ``(args, kwargs)`` as the caller gave them and
raises a ``pa.PolyarrayError`` subclass; ``handle_exceptions`` runs it before
the implementation and adds the function's and backend's names to the message.
"""

from __future__ import annotations

import numbers
from typing import Any

from .._errors import PolyarrayTypeError, PolyarrayValueError

_MISSING = object()


def _arg(args: tuple, kwargs: dict[str, Any], position: int | None, name: str, default: Any = _MISSING) -> Any:
    if position is not None and len(args) > position:
        return args[position]
    return kwargs.get(name, default)


def dtype_required(args: tuple, kwargs: dict[str, Any]) -> None:
    """``astype``'s ``dtype`` is a dtype: None (the standard has no default for it) and arrays are refused."""
    dtype = _arg(args, kwargs, 1, "dtype")
    if dtype is None:
        raise PolyarrayTypeError("dtype=None is not a data type; pass one, such as pa.float32 or x.dtype.")
    if not isinstance(dtype, type) and hasattr(dtype, "shape") and hasattr(dtype, "dtype"):
        raise PolyarrayTypeError(
            "dtype is an array, not a data type; pass its dtype (y.dtype) or one such as pa.float32."
        )


def nonzero_spacing(args: tuple, kwargs: dict[str, Any]) -> None:
    """``fftfreq``/``rfftfreq``: the sample spacing ``d`` is a nonzero real number."""
    d = _arg(args, kwargs, None, "d", 1.0)
    if isinstance(d, (str, bytes, complex)) or (not isinstance(d, numbers.Real) and not hasattr(d, "__float__")):
        raise PolyarrayTypeError(f"d={d!r} is not a real number; pass the sample spacing as a float.")
    if float(d) == 0:
        raise PolyarrayValueError("d=0: the sample spacing must be nonzero (the frequencies are 1/(d*n)).")


#: The portable name of each dtype object (portable or native) met, remembered per object.
_DTYPE_NAMES: dict[Any, str | None] = {}


def _dtype_name(dtype: Any) -> str | None:
    if dtype is None:
        return None
    try:
        return _DTYPE_NAMES[dtype]
    except KeyError:
        from .._dtypes import dtype_name_of

        name = _DTYPE_NAMES[dtype] = dtype_name_of(dtype)
        return name
    except TypeError:
        from .._dtypes import dtype_name_of

        return dtype_name_of(dtype)


def integer_indices(args: tuple, kwargs: dict[str, Any]) -> None:
    """``take``, ``take_along_axis``: ``indices`` is an array of an integer dtype."""
    indices = _arg(args, kwargs, 1, "indices")
    dtype = getattr(indices, "dtype", None)
    if dtype is None:
        if isinstance(indices, (list, tuple)) and any(isinstance(i, (float, complex, bool)) for i in indices):
            raise PolyarrayTypeError(f"indices={indices!r}: indices are integers; pass an integer array.")
        return
    name = _dtype_name(dtype)
    if name is not None and not name.startswith(("int", "uint")):
        raise PolyarrayTypeError(
            f"indices of dtype {name}: indices are integers; pass an integer array (pa.astype(indices, pa.int64))."
        )


def arange_bounds(args: tuple, kwargs: dict[str, Any]) -> None:
    """``arange``: ``step`` is not 0, and with an integer ``dtype`` the values converted to it fit (``start`` for a
    range of one item or more, ``step`` for more than one, as NumPy converts them); frameworks would wrap them
    around. (That they are real numbers is checked from the annotations, before this check runs.)"""
    start, stop, step = (_arg(args, kwargs, i, name, None) for i, name in enumerate(("start", "stop", "step")))
    step = 1 if step is None else step
    if step == 0:
        raise PolyarrayValueError("step=0: the step between values must be nonzero.")
    if stop is None:
        start, stop = 0, start
    name = _dtype_name(_arg(args, kwargs, None, "dtype", None))
    if name is None or not name.startswith(("int", "uint")):
        return
    if not all(isinstance(v, numbers.Integral) for v in (start, stop, step)):
        return
    length = -((int(start) - int(stop)) // int(step))
    bits = int(name.removeprefix("u").removeprefix("int"))
    low, high = (0, 2**bits - 1) if name.startswith("u") else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    for label, value in (("start", start), ("step", step))[: min(max(length, 0), 2)]:
        if not low <= int(value) <= high:
            raise PolyarrayValueError(
                f"{label}={value} is out of bounds for {name} ([{low}, {high}]); pass values the dtype holds."
            )


def copy_possible(args: tuple, kwargs: dict[str, Any]) -> None:
    """``asarray(..., copy=False)``: Python numbers and sequences always need a copy, which copy=False forbids."""
    if kwargs.get("copy", None) is False:
        obj = _arg(args, kwargs, 0, "obj")
        if isinstance(obj, (list, tuple, bool, int, float, complex)):
            raise PolyarrayValueError(
                f"copy=False, but a {type(obj).__name__} is always copied into a new array; "
                f"pass copy=None (copy only if needed) or an array."
            )


def _is_complex(value: Any) -> bool:
    """A complex Python number, or an array (or scalar) of a complex dtype."""
    if isinstance(value, complex):
        return True
    dtype = getattr(value, "dtype", None)
    name = _dtype_name(dtype) if dtype is not None else None
    return name is not None and name.startswith("complex")


def real_clip(args: tuple, kwargs: dict[str, Any]) -> None:
    """``clip``: ``x`` and the bounds are real (the standard's clip orders real numbers only)."""
    for position, name in ((0, "x"), (1, "min"), (2, "max")):
        value = _arg(args, kwargs, position, name, None)
        if value is not None and _is_complex(value):
            raise PolyarrayTypeError(
                f"{name} is complex: clip orders real numbers only; clip the real and imaginary parts apart "
                "(pa.real, pa.imag) or the magnitude (pa.abs)."
            )


#: The range of the widest integer dtype, which a Python int given as a number must fit.
_INT64 = (-(2**63), 2**63 - 1)


def bounds_fit_64_bits(args: tuple, kwargs: dict[str, Any]) -> None:
    """``linspace``: Python ints ``start`` and ``stop`` fit in 64 bits (NumPy cannot compute with wider ones)."""
    for position, name in ((0, "start"), (1, "stop")):
        value = _arg(args, kwargs, position, name, None)
        if type(value) is int and not _INT64[0] <= value <= _INT64[1]:
            raise PolyarrayTypeError(
                f"{name}={value} is an int wider than 64 bits; pass it as a float ({name}={float(value)!r})."
            )
