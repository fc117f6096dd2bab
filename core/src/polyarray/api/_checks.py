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


#: Whether a dtype object (portable or native) is an integer dtype, remembered per object.
_INTEGER_DTYPES: dict[Any, str | None] = {}


def _dtype_name(dtype: Any) -> str | None:
    if dtype is None:
        return None
    try:
        return _INTEGER_DTYPES[dtype]
    except KeyError:
        from .._dtypes import dtype_name_of

        name = _INTEGER_DTYPES[dtype] = dtype_name_of(dtype)
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
    """``arange``: ``start``, ``stop`` and ``step`` are real numbers (Python ints or floats), ``step`` is not 0, and
    with an integer ``dtype`` the values converted to it fit (``start`` for a range of one item or more, ``step``
    for more than one, as NumPy converts them); frameworks would wrap them around."""
    values = {}
    for position, name in ((0, "start"), (1, "stop"), (2, "step")):
        value = _arg(args, kwargs, position, name, None)
        if value is None:
            continue
        if isinstance(value, (str, bytes, complex)) or (
            not isinstance(value, numbers.Real) and not hasattr(value, "__index__")
        ):
            raise PolyarrayTypeError(f"{name}={value!r} is not a real number; pass an int or a float.")
        values[name] = value
    step = values.get("step", 1)
    if step == 0:
        raise PolyarrayValueError("step=0: the step between values must be nonzero.")
    start, stop = values.get("start", 0), values.get("stop")
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
