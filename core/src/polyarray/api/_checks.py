"""Argument checks that every backend must make the same way, attached to declarations with ``check=``.

Each check takes the call's ``(args, kwargs)`` as the caller gave them and
raises a ``pa.PolyarrayError`` subclass; ``handle_exceptions`` runs it before
the implementation and adds the function's and backend's names to the message.
"""

from __future__ import annotations

import numbers
from typing import Any

from .._dtypes import dtype_name_of
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError

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
    try:
        return _INTEGER_DTYPES[dtype]
    except KeyError:
        name = _INTEGER_DTYPES[dtype] = dtype_name_of(dtype)
        return name
    except TypeError:
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


def real_bounds(args: tuple, kwargs: dict[str, Any]) -> None:
    """``arange``: ``start``, ``stop`` and ``step`` are real numbers (Python ints or floats)."""
    for position, name in ((0, "start"), (1, "stop"), (2, "step")):
        value = _arg(args, kwargs, position, name, None)
        if value is None:
            continue
        if isinstance(value, (str, bytes, complex)) or (
            not isinstance(value, numbers.Real) and not hasattr(value, "__index__")
        ):
            raise PolyarrayTypeError(f"{name}={value!r} is not a real number; pass an int or a float.")


def copy_possible(args: tuple, kwargs: dict[str, Any]) -> None:
    """``asarray(..., copy=False)``: Python numbers and sequences always need a copy, which copy=False forbids."""
    if kwargs.get("copy", None) is False:
        obj = _arg(args, kwargs, 0, "obj")
        if isinstance(obj, (list, tuple, bool, int, float, complex)):
            raise PolyarrayValueError(
                f"copy=False, but a {type(obj).__name__} is always copied into a new array; "
                f"pass copy=None (copy only if needed) or an array."
            )


def array_data(x: Any) -> Any:
    """``x`` as something with a ``shape`` and a ``dtype``: itself when it is an array, else its NumPy array
    (a nest of Python numbers, on a backend that takes them as they are); None for a ragged nest, which the
    conversion names. Values that are not numbers (an object, a string) are a ``PolyarrayTypeError``."""
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return x
    import numpy

    try:
        values = numpy.asarray(x)
    except (TypeError, ValueError):
        return None
    if values.dtype.kind in "OUSVM":
        raise PolyarrayTypeError(
            f"x={x!r:.40} is not array data; pass an array, a Python number or a nest of Python numbers."
        )
    return values


def diagonal_of_vector_or_matrix(args: tuple, kwargs: dict[str, Any]) -> None:
    """``diag``: ``x`` has one dimension (a diagonal to lay out) or two (a matrix to read one from); the offset
    ``k`` is a 64-bit integer, as NumPy's is."""
    k = _arg(args, kwargs, None, "k", 0)
    if isinstance(k, int) and not -(2**63) <= k < 2**63:
        raise PolyarrayValueError(f"k={k} is out of range for a 64-bit integer diagonal offset.")
    x = array_data(_arg(args, kwargs, 0, "x"))
    if x is None:
        return
    shape = x.shape
    if len(shape) not in (1, 2):
        raise PolyarrayValueError(
            f"x has {len(shape)} dimensions (shape {tuple(shape)}); diag takes a 1-d array (to build a matrix with "
            "it on a diagonal) or a 2-d one (to read a diagonal); use pa.linalg.diagonal for stacks of matrices."
        )


def equal_sections(args: tuple, kwargs: dict[str, Any]) -> None:
    """``split``: a number of sections is positive and divides the axis' length (NumPy refuses unequal splits)."""
    x = array_data(_arg(args, kwargs, 0, "x"))
    if x is not None and len(x.shape) == 0:
        raise PolyarrayAxisError("a 0-d array has no axis to split; reshape it first.")
    sections = _arg(args, kwargs, 1, "indices_or_sections")
    if isinstance(sections, bool) or not isinstance(sections, numbers.Integral):
        return  # split points: any integers, read as Python reads slice bounds
    if sections <= 0:
        raise PolyarrayValueError(f"indices_or_sections={sections}: the number of sections must be at least 1.")
    axis = _arg(args, kwargs, None, "axis", 0)
    if x is None or not isinstance(axis, int) or not -len(x.shape) <= axis < len(x.shape):
        return  # the axis check names a bad axis
    length = x.shape[axis]
    if isinstance(length, int) and length % sections:
        raise PolyarrayValueError(
            f"an axis of length {length} does not split into {sections} equal sections; pass a number of "
            "sections that divides it, or the indices to split at (a list of ints)."
        )
