"""Argument checks that every backend must make the same way, attached to declarations with ``check=``.

Each check takes the call's ``(args, kwargs)`` as the caller gave them and
raises a ``pa.PolyarrayError`` subclass; ``handle_exceptions`` runs it before
the implementation and adds the function's and backend's names to the message.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from .._dtypes import DTYPES, DType, dtype_name_of
from .._errors import PolyarrayAxisError, PolyarrayOverflowError, PolyarrayTypeError, PolyarrayValueError
from .._promotion import SCALAR_BOUNDS
from .._tracers import compiling

_MISSING = object()


def _arg(args: tuple, kwargs: dict[str, Any], position: int | None, name: str, default: Any = _MISSING) -> Any:
    if position is not None and len(args) > position:
        return args[position]
    return kwargs.get(name, default)


def _refuse_unless_dtype(dtype: Any) -> None:
    """``astype``'s ``dtype``, of none of the classes of :data:`_DTYPE_CLASSES`, is a dtype: None (the standard has
    no default for it) and arrays are refused; a dtype of a class not met before has that class remembered."""
    if dtype is None:
        raise PolyarrayTypeError("dtype=None is not a data type; pass one, such as pa.float32 or x.dtype.")
    global _DTYPE_CLASSES
    if isinstance(dtype, type):
        return
    if hasattr(dtype, "shape") and hasattr(dtype, "dtype"):
        raise PolyarrayTypeError(
            "dtype is an array, not a data type; pass its dtype (y.dtype) or one such as pa.float32."
        )
    if dtype_name_of(dtype) is not None and not compiling():
        # A tuple for isinstance, as PyTorch's compiler guards it correctly (not a set), and not changed
        # while that compiler traces.
        _DTYPE_CLASSES = (*_DTYPE_CLASSES, dtype.__class__)


#: The classes of the dtype objects ``_refuse_unless_dtype`` has met (NumPy's dtype classes, ``torch.dtype`` …).
_DTYPE_CLASSES: tuple[type, ...] = (DType,)


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
    if dtype.__class__ is DType:
        return dtype.name
    if compiling():
        # PyTorch's compiler would hash every dtype the memo holds (a pa.DType's hash it cannot trace).
        return dtype_name_of(dtype)
    try:
        return _DTYPE_NAMES[dtype]
    except KeyError:
        name = _DTYPE_NAMES[dtype] = dtype_name_of(dtype)
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


def integer_repeats(args: tuple, kwargs: dict[str, Any]) -> None:
    """``repeat``: ``repeats`` given as an array (or a NumPy scalar) has no floating or complex dtype: counts are
    integers (a Python float is refused from the annotation)."""
    dtype = getattr(_arg(args, kwargs, 1, "repeats"), "dtype", None)
    name = None if dtype is None else _dtype_name(dtype)
    if name is not None and name.startswith(("float", "bfloat", "complex")):
        raise PolyarrayTypeError(
            f"repeats of dtype {name}: repeats are counts; pass an int or an integer array "
            f"(pa.astype(repeats, pa.int64))."
        )


#: An integer dtype's name -> the values it holds (the ranges ``arange_bounds`` checks); None: not an integer.
_INTEGER_RANGES: dict[str | None, tuple[int | float, int | float]] = {
    name: bounds for name, bounds in SCALAR_BOUNDS.items() if name.startswith(("int", "uint"))
}


def arange_bounds(args: tuple, kwargs: dict[str, Any]) -> None:
    """``arange``: ``step`` is not 0, ``dtype`` is not bool, the range's values fit an array (:func:`shape_fits`),
    and with an integer ``dtype`` every value of the range fits it, as does ``step`` for a range of more than one
    value; frameworks would wrap them around (NumPy raises for some, wraps others: docs/departures.md). (That they
    are real numbers is checked from the annotations, before this check runs.)"""
    count = len(args)
    start: Any = args[0] if count else kwargs.get("start")
    stop: Any = args[1] if count > 1 else kwargs.get("stop")
    step: Any = args[2] if count > 2 else kwargs.get("step", 1)
    if step == 0:
        raise PolyarrayValueError("step=0: the step between values must be nonzero.")
    dtype = kwargs.get("dtype")
    dtype_name = None if dtype is None else _dtype_name(dtype)
    if dtype_name == "bool":
        raise PolyarrayTypeError(
            "dtype=bool: arange makes a range of numbers, which bool does not hold; make it of an integer dtype "
            "and compare it (pa.arange(n) > 0) or cast it with pa.astype."
        )
    if step is None:
        step = 1
    if stop is None:
        if start.__class__ is int and 0 <= start <= _SMALL and step == 1:
            return  # arange(n) of a small n: values every integer dtype holds, in any memory
        start, stop = 0, start
    length = _arange_length(start, stop, step)
    if length is not None:
        _fits(length, dtype, f"arange({start}, {stop}, {step})")
    bounds = _INTEGER_RANGES.get(dtype_name)
    if bounds is None:
        return
    if start.__class__ is not int or stop.__class__ is not int or step.__class__ is not int:
        if not all(isinstance(value, numbers.Integral) for value in (start, stop, step)):
            return
        start, stop, step = int(start), int(stop), int(step)
        length = -((start - stop) // step)
    if length is None or length < 1:
        return
    low, high = bounds
    last = start + (length - 1) * step
    if low <= start <= high and low <= last <= high and (length == 1 or low <= step <= high):
        return
    for label, value in (("start", start), ("step", step), ("the last value", last))[: 1 if length == 1 else 3]:
        if not low <= value <= high:
            raise PolyarrayValueError(
                f"{label}={value} is out of bounds for {dtype_name} ([{low}, {high}]); pass values the dtype holds."
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


def _is_complex(value: Any) -> bool:
    """A complex Python number, or an array (or scalar) of a complex dtype."""
    if isinstance(value, complex):
        return True
    dtype = getattr(value, "dtype", None)
    name = _dtype_name(dtype) if dtype is not None else None
    return name is not None and name.startswith("complex")


def clip_bounds(args: tuple, kwargs: dict[str, Any]) -> tuple | None:
    """``clip``: ``x`` and the bounds are real (the standard's clip orders real numbers only), and a Python int
    bound of an integer ``x`` lies in its dtype's range, as NumPy takes it: beyond the range on the side where it
    bounds nothing (``min=-1`` for ``uint8``) it is no bound (None); on the other side (``min=300`` for ``uint8``)
    no value reaches it, a ``PolyarrayOverflowError``. (Frameworks wrapped such bounds around: PyTorch clipped a
    ``uint8`` array to ``[255, 5]``.) Returns the positional arguments where a bound became None."""
    for position, name in ((0, "x"), (1, "min"), (2, "max")):
        value = _arg(args, kwargs, position, name, None)
        if value is not None and _is_complex(value):
            raise PolyarrayTypeError(
                f"{name} is complex: clip orders real numbers only; clip the real and imaginary parts apart "
                "(pa.real, pa.imag) or the magnitude (pa.abs)."
            )
    low_bound, high_bound = _arg(args, kwargs, 1, "min", None), _arg(args, kwargs, 2, "max", None)
    if low_bound.__class__ is not int and high_bound.__class__ is not int:
        return None
    dtype = _dtype_name(getattr(_arg(args, kwargs, 0, "x", None), "dtype", None))
    bounds = _INTEGER_RANGES.get(dtype)
    if bounds is None:
        return None
    low, high = bounds
    unbounded = []
    for position, name, value in ((1, "min", low_bound), (2, "max", high_bound)):
        if value.__class__ is not int or low <= value <= high:
            continue
        if (value < low) == (name == "min"):
            unbounded.append((position, name))
            continue
        raise PolyarrayOverflowError(
            f"{name}={value} is out of bounds for {dtype} ([{low}, {high}]): no value of x reaches it; pass a bound "
            f"in the range, or cast x to a wider dtype first with pa.astype."
        )
    if not unbounded:
        return None
    given = list(args)
    for position, name in unbounded:
        if len(given) > position:
            given[position] = None
        else:
            kwargs[name] = None
    return tuple(given)


#: The range of the widest integer dtype, which a Python int given as a number must fit.
_INT64 = (-(2**63), 2**63 - 1)


def linspace_arguments(args: tuple, kwargs: dict[str, Any]) -> None:
    """``linspace``: Python ints ``start`` and ``stop`` fit in 64 bits (NumPy cannot compute with wider ones), and
    the ``num`` values fit in memory's 64-bit bound (:func:`shape_fits`)."""
    for position, name in ((0, "start"), (1, "stop")):
        value = _arg(args, kwargs, position, name, None)
        if type(value) is int and not _INT64[0] <= value <= _INT64[1]:
            raise PolyarrayTypeError(
                f"{name}={value} is an int wider than 64 bits; pass it as a float ({name}={float(value)!r})."
            )
    num = _arg(args, kwargs, 2, "num", None)
    if num.__class__ is int:
        _fits(num, kwargs.get("dtype"), f"num={num}")


# -- sizes of new arrays ----------------------------------------------------------------------------------------------

#: The most bytes an array holds: NumPy's bound, ``size * itemsize`` within a signed 64-bit integer. Beyond it
#: NumPy raises "array is too big" (a ValueError), PyTorch cannot convert the size (a TypeError), TensorFlow and
#: Dask run out of memory, and Dask may first spend minutes cutting the shape into chunks; below it a size no
#: machine holds is each framework's memory error, a ``PolyarrayMemoryError`` on every backend.
MOST_BYTES = 2**63 - 1

_REAL = (int, float)


#: The largest ``n`` of ``arange(n)`` whose values (0 to n - 1) every integer dtype holds.
_SMALL = 128

#: Fewer elements than this fit :data:`MOST_BYTES` whatever their dtype (16 bytes at most).
_FEW = 2**59


def _fits(count: int, dtype: Any, described: str) -> None:
    """Raise where ``count`` elements of ``dtype`` (8 bytes each where it is None: the widest default) exceed
    :data:`MOST_BYTES`."""
    if count < _FEW:
        return
    known = DTYPES.get(_dtype_name(dtype) or "") if dtype is not None else None
    item = 8 if known is None else max(known.bits // 8, 1)
    if count * item > MOST_BYTES:
        of = f"of {known.name} " if known is not None else ""
        raise PolyarrayValueError(
            f"{described} makes {count} elements {of}({count * item} bytes), more than the 2**63 - 1 bytes an "
            f"array can hold; pass a smaller size."
        )


def _arange_length(start: Any, stop: Any, step: Any) -> int | None:
    """How many values ``arange(start, stop, step)`` holds, for Python numbers (None for others, which the
    framework counts): exact for ints; 0 for an infinite span, which the framework refuses itself."""
    if start.__class__ not in _REAL or stop.__class__ not in _REAL or step.__class__ not in _REAL:
        return None
    if start.__class__ is int and stop.__class__ is int and step.__class__ is int:
        return -((start - stop) // step)
    span = (stop - start) / step
    return math.ceil(span) if math.isfinite(span) else 0


def shape_fits(args: tuple, kwargs: dict[str, Any]) -> None:
    """``zeros``, ``ones``, ``empty``, ``full``: the array's bytes fit a signed 64-bit size, NumPy's bound
    (:data:`MOST_BYTES`), so a larger shape is the same ``PolyarrayValueError`` on every backend, raised before any
    framework tries to hold it. (Each size is a non-negative int of at most 2**63 - 1, checked from the
    annotations before this check runs.)"""
    shape: Any = args[0] if args else kwargs.get("shape")
    if shape.__class__ is int:
        count = shape
    elif isinstance(shape, tuple) and all(size.__class__ is int for size in shape):
        count = math.prod(shape)
    else:
        return
    if count >= _FEW:
        _fits(count, kwargs.get("dtype"), f"shape={shape}")


def eye_arguments(args: tuple, kwargs: dict[str, Any]) -> tuple | None:
    """``eye``: the matrix fits (as :func:`shape_fits` says), and a diagonal ``k`` beyond it (any int the
    annotations allow, up to 2**64) reaches the backend as the first diagonal outside it, which holds no element,
    so every backend gives zeros (some cannot convert an int beyond 64 bits)."""
    n_rows = _arg(args, kwargs, 0, "n_rows", None)
    n_cols = _arg(args, kwargs, 1, "n_cols", None)
    n_cols = n_rows if n_cols is None else n_cols
    if n_rows.__class__ is not int or n_cols.__class__ is not int:
        return None
    _fits(n_rows * n_cols, kwargs.get("dtype"), f"eye({n_rows}, {n_cols})")
    return _diagonal_within(args, kwargs, n_rows, n_cols)


def _diagonal_within(args: tuple, kwargs: dict[str, Any], rows: int, cols: int) -> tuple | None:
    """A keyword ``k`` (an int) beyond a matrix of ``rows`` by ``cols`` put in ``kwargs`` as the first diagonal
    outside it (``cols`` above, ``-rows`` below), returning ``args`` as a check that rewrites; else None."""
    k = kwargs.get("k", 0)
    if k.__class__ is not int or -rows <= k <= cols:
        return None
    kwargs["k"] = cols if k > 0 else -rows
    return args


# -- shapes, ranks and kinds of array arguments ---------------------------------------------------------------------
#
# These checks read what every array of every framework answers without computing: ``ndim``, ``shape`` and
# ``dtype`` (a list or a Python number is read through NumPy). Where a framework does not know a rank or a size yet
# (a symbolic tensor), the check passes and the framework decides.


def _ndim(value: Any) -> int | None:
    """The number of axes of an array argument (None where it is not known)."""
    ndim = getattr(value, "ndim", None)
    if type(ndim) is int:
        return ndim
    shape = getattr(value, "shape", None)
    if shape is not None:
        try:
            return len(shape)
        except (TypeError, ValueError):
            return None
    if value is None:
        return None
    try:
        import numpy

        return int(numpy.ndim(value))
    except Exception:
        return None


def _extent(value: Any, axis: int) -> int | None:
    """The size of ``value`` along ``axis`` (None where it is not known)."""
    shape = getattr(value, "shape", None)
    if shape is None:
        try:
            import numpy

            shape = numpy.shape(value)
        except Exception:
            return None
    try:
        extent = shape[axis]
    except (IndexError, TypeError):
        return None
    return extent if type(extent) is int else None


def _shape_of(value: Any) -> tuple[int | None, ...] | None:
    ndim = _ndim(value)
    return None if ndim is None else tuple(_extent(value, axis) for axis in range(ndim))


def _kind_of_name(name: str | None) -> str | None:
    if name is None or name == "bool":
        return name
    return "complex" if name.startswith("complex") else "int" if name.startswith(("int", "uint")) else "float"


#: The kind (``"bool"``, ``"int"``, ``"float"``, ``"complex"``) of each Python number type and dtype name.
_PYTHON_KINDS = {bool: "bool", int: "int", float: "float", complex: "complex"}
_KIND_OF_NAME: dict[str | None, str | None] = {name: _kind_of_name(name) for name in DTYPES}


def _kind(value: Any) -> str | None:
    """``"complex"``, ``"float"``, ``"int"`` or ``"bool"`` for an array argument or a Python number."""
    kind = _PYTHON_KINDS.get(value.__class__)
    if kind is not None:
        return kind
    dtype = getattr(value, "dtype", None)
    return None if dtype is None else _KIND_OF_NAME.get(_dtype_name(dtype))


def all_of(*checks: Any) -> Any:
    """One check running each of ``checks`` in turn."""

    def check(args: tuple, kwargs: dict[str, Any]) -> None:
        for each in checks:
            each(args, kwargs)

    check.__doc__ = "All of: " + "; ".join((c.__doc__ or c.__name__).strip().splitlines()[0] for c in checks)
    return check


def rank_at_least(rank: int, what: str, *parameters: tuple[int | None, str]) -> Any:
    """A check that the array ``parameters`` (position, name) have at least ``rank`` axes (``what`` they are)."""

    def check(args: tuple, kwargs: dict[str, Any]) -> None:
        for position, name in parameters:
            ndim = _ndim(_arg(args, kwargs, position, name, None))
            if ndim is not None and ndim < rank:
                raise PolyarrayValueError(
                    f"{name} is a {ndim}-d array, where {what} ({rank} or more dimensions) is needed."
                )

    check.__doc__ = f"{', '.join(name for _, name in parameters)}: at least {rank} dimensions ({what})."
    # Read by the fast path (_fastpath.py), which compares the rank itself where one array is checked.
    check.__dict__["minimum_rank"] = (rank, parameters)
    return check


#: ``x`` (the first argument) is a matrix or a stack of matrices.
matrices = rank_at_least(2, "a matrix or a stack of matrices", (0, "x"))
#: ``matmul``'s operands have at least one dimension each.
product_operands = rank_at_least(1, "an operand of a matrix product", (0, "x1"), (1, "x2"))


def _square(value: Any, name: str) -> None:
    rows, columns = _extent(value, -2), _extent(value, -1)
    if rows is not None and columns is not None and rows != columns:
        raise PolyarrayValueError(f"{name} holds {rows}x{columns} matrices, where square matrices are needed.")


def square_matrices(args: tuple, kwargs: dict[str, Any]) -> None:
    """``x`` (``x1`` for ``solve``) is a square matrix or a stack of square matrices."""
    matrices(args, kwargs)
    _square(_arg(args, kwargs, 0, "x"), "x")


def solve_operands(args: tuple, kwargs: dict[str, Any]) -> None:
    """``solve``: ``x1`` holds square matrices, ``x2`` has at least one dimension."""
    x1, x2 = _arg(args, kwargs, 0, "x1", None), _arg(args, kwargs, 1, "x2", None)
    ndim = _ndim(x1)
    if ndim is not None and ndim < 2:
        raise PolyarrayValueError(f"x1 is a {ndim}-d array, where a matrix or a stack of matrices is needed.")
    _square(x1, "x1")
    if _ndim(x2) == 0:
        raise PolyarrayValueError(
            "x2 is a 0-d array, where a vector or a stack of vectors (1 or more dimensions) is needed."
        )


def _axis_of_each(args: tuple, kwargs: dict[str, Any]) -> int | None:
    """The ``axis`` of ``cross`` and ``vecdot``, checked to lie in range for each operand on its own."""
    axis = _arg(args, kwargs, None, "axis", -1)
    if type(axis) is not int:
        return None
    for position, name in ((0, "x1"), (1, "x2")):
        ndim = _ndim(_arg(args, kwargs, position, name, None))
        if ndim is not None and not -ndim <= axis < ndim:
            raise PolyarrayAxisError(f"axis {axis} is out of bounds for {name}, an array of dimension {ndim}.")
    return axis


def cross_vectors(args: tuple, kwargs: dict[str, Any]) -> None:
    """``cross``: ``axis`` lies in range for both operands, along which each has 3 elements."""
    axis = _axis_of_each(args, kwargs)
    if axis is None:
        return
    for position, name in ((0, "x1"), (1, "x2")):
        extent = _extent(_arg(args, kwargs, position, name, None), axis)
        if extent is not None and extent != 3:
            raise PolyarrayValueError(f"{name} has {extent} elements along axis {axis}, where cross needs 3.")


def vectors_1d(args: tuple, kwargs: dict[str, Any]) -> None:
    """``outer``: ``x1`` and ``x2`` are 1-d arrays."""
    for position, name in ((0, "x1"), (1, "x2")):
        ndim = _ndim(_arg(args, kwargs, position, name, None))
        if ndim is not None and ndim != 1:
            raise PolyarrayValueError(f"{name} is a {ndim}-d array, where a 1-d array is needed.")


def vecdot_operands(args: tuple, kwargs: dict[str, Any]) -> None:
    """``vecdot``: both operands have at least one dimension, and the same size along ``axis``."""
    x1, x2 = _arg(args, kwargs, 0, "x1", None), _arg(args, kwargs, 1, "x2", None)
    at_least_one_dimension_of(("x1", x1), ("x2", x2))
    axis = _axis_of_each(args, kwargs)
    if axis is not None:
        first, second = _extent(x1, axis), _extent(x2, axis)
        if first is not None and second is not None and first != second:
            raise PolyarrayValueError(
                f"x1 and x2 have {first} and {second} elements along axis {axis}, where vectors of the same size "
                "are needed."
            )


def at_least_one_dimension_of(*named: tuple[str, Any]) -> None:
    for name, value in named:
        if _ndim(value) == 0:
            raise PolyarrayValueError(f"{name} is a 0-d array, where an array of at least 1 dimension is needed.")


def tensordot_axes(args: tuple, kwargs: dict[str, Any]) -> None:
    """``tensordot``: a number of axes is non-negative and no more than either operand has."""
    axes = _arg(args, kwargs, None, "axes", 2)
    if type(axes) is not int:
        return
    if axes < 0:
        raise PolyarrayValueError(f"axes={axes}: the number of axes to contract is non-negative.")
    ranks = [_ndim(_arg(args, kwargs, position, name, None)) for position, name in ((0, "x1"), (1, "x2"))]
    known = [rank for rank in ranks if rank is not None]
    if len(known) == len(ranks) and axes > min(known):
        raise PolyarrayValueError(f"axes={axes}: {ranks[0]}-d and {ranks[1]}-d arrays cannot contract {axes} axes.")


def one_dimension_or_more(args: tuple, kwargs: dict[str, Any]) -> None:
    """``x`` (the first argument) has at least one dimension."""
    at_least_one_dimension_of(("x", _arg(args, kwargs, 0, "x", None)))


def sorted_1d(args: tuple, kwargs: dict[str, Any]) -> None:
    """``searchsorted``: ``x1`` is a 1-d array; a ``sorter`` is a 1-d integer array of as many indices.

    As NumPy refuses them: a sorter of another dtype or rank is a ``pa.PolyarrayTypeError``, one of another length
    a ``pa.PolyarrayValueError``. Its values (each in ``[0, len(x1))``) are the backend's to check.
    """
    x1 = _arg(args, kwargs, 0, "x1", None)
    ndim = _ndim(x1)
    if ndim is not None and ndim != 1:
        raise PolyarrayValueError(f"x1 is a {ndim}-d array, where a 1-d sorted array is needed.")
    sorter = kwargs.get("sorter")
    if sorter is None:
        return
    kind = _kind(sorter)
    if kind is not None and kind != "int":
        name = _dtype_name(getattr(sorter, "dtype", None)) or kind
        raise PolyarrayTypeError(
            f"sorter of dtype {name}: a sorter holds the indices that sort x1; pass an integer array (pa.argsort(x1))."
        )
    sorter_ndim = _ndim(sorter)
    if sorter_ndim is not None and sorter_ndim != 1:
        raise PolyarrayTypeError(
            f"sorter is a {sorter_ndim}-d array: a sorter is the 1-d array of indices that sort x1 (pa.argsort(x1))."
        )
    length, count = _extent(x1, 0), _extent(sorter, 0)
    if length is not None and count is not None and length != count:
        raise PolyarrayValueError(
            f"sorter holds {count} indices for an x1 of {length} elements; pass one index per element (pa.argsort(x1))."
        )


def axis_for_many_dimensions(args: tuple, kwargs: dict[str, Any]) -> None:
    """``take``, ``cumulative_sum``, ``cumulative_prod``: ``axis`` is given for an array of more than one dimension."""
    ndim = _ndim(_arg(args, kwargs, 0, "x", None))
    if ndim is not None and ndim > 1 and _arg(args, kwargs, None, "axis", None) is None:
        raise PolyarrayValueError(f"x is a {ndim}-d array: pass the axis (axis=...), which only a 1-d array may omit.")


def arrays_to_join(args: tuple, kwargs: dict[str, Any]) -> None:
    """``concat``, ``stack``: at least one array."""
    arrays = _arg(args, kwargs, 0, "arrays", None)
    if isinstance(arrays, (list, tuple)) and not arrays:
        raise PolyarrayValueError("arrays is empty: at least one array is needed to join.")


def arrays_to_concatenate(args: tuple, kwargs: dict[str, Any]) -> None:
    """``concat``: at least one array, and none 0-d, unless ``axis=None`` flattens them (the axis check reads the
    first array's rank: a 0-d array after it would be each framework's own error)."""
    arrays_to_join(args, kwargs)
    arrays = _arg(args, kwargs, 0, "arrays", None)
    if _arg(args, kwargs, None, "axis", 0) is None or not isinstance(arrays, (list, tuple)):
        return
    if any(_ndim(array) == 0 for array in arrays):
        raise PolyarrayValueError(
            "zero-dimensional arrays cannot be concatenated; join them with pa.stack, or pass axis=None, which "
            "flattens the arrays first."
        )


def coordinate_vectors(args: tuple, kwargs: dict[str, Any]) -> None:
    """``meshgrid``: every array is 1-d."""
    for index, value in enumerate(args):
        ndim = _ndim(value)
        if ndim is not None and ndim != 1:
            raise PolyarrayValueError(f"argument {index} is a {ndim}-d array, where 1-d coordinate arrays are needed.")


def real_cast(args: tuple, kwargs: dict[str, Any]) -> None:
    """``astype``: ``dtype`` is a dtype, and a complex array casts only to a complex dtype (or bool); its parts are
    taken explicitly."""
    dtype = args[1] if len(args) > 1 else kwargs.get("dtype")
    if not isinstance(dtype, _DTYPE_CLASSES):  # the dtype classes met before pass without a call
        _refuse_unless_dtype(dtype)
    if _kind(args[0] if args else kwargs.get("x")) != "complex":
        return
    name = _dtype_name(dtype)
    if name is not None and not name.startswith("complex") and name != "bool":
        raise PolyarrayTypeError(
            f"a complex array is not cast to {name}: take the real or imaginary part first (pa.real, pa.imag)."
        )


def real_input(args: tuple, kwargs: dict[str, Any]) -> None:
    """``rfft``, ``rfftn``, ``ihfft``: ``x`` is real."""
    if _kind(_arg(args, kwargs, 0, "x", None)) == "complex":
        raise PolyarrayTypeError(
            "x is complex, where real input is needed; pass pa.real(x) or use the complex transform."
        )


def lengths_and_axes(args: tuple, kwargs: dict[str, Any]) -> None:
    """``fftn`` and its kin: ``s`` comes with ``axes``, one length per axis."""
    s, axes = _arg(args, kwargs, None, "s", None), _arg(args, kwargs, None, "axes", None)
    if s is None:
        return
    if axes is None:
        raise PolyarrayValueError("s is given without axes: pass the axes the lengths s belong to.")
    if isinstance(s, (list, tuple)) and isinstance(axes, (list, tuple)) and len(s) != len(axes):
        raise PolyarrayValueError(
            f"s has {len(s)} lengths and axes {len(axes)} axes, where one length per axis is needed."
        )


def frequency_window(args: tuple, kwargs: dict[str, Any]) -> None:
    """``fftfreq``, ``rfftfreq``: ``n`` is at least 1, ``d`` a nonzero real number, a ``dtype`` real floating."""
    n = _arg(args, kwargs, 0, "n", None)
    if type(n) is int and n < 1:
        raise PolyarrayValueError(f"n={n}: the window length is at least 1.")
    nonzero_spacing(args, kwargs)
    name = _dtype_name(_arg(args, kwargs, None, "dtype", None))
    if name is not None and not name.startswith(("float", "bfloat")):
        raise PolyarrayTypeError(f"dtype={name}: sample frequencies have a real floating-point dtype.")


def triangle(args: tuple, kwargs: dict[str, Any]) -> tuple | None:
    """``tril``, ``triu``: ``x`` has at least two dimensions; a diagonal ``k`` beyond the matrices (any int the
    annotations allow) reaches the backend as the first diagonal outside them, which keeps or zeroes the same
    elements, so every backend gives the same result (some cannot convert an int beyond 64 bits)."""
    x = _arg(args, kwargs, 0, "x", None)
    ndim = _ndim(x)
    if ndim is not None and ndim < 2:
        raise PolyarrayValueError(f"x is a {ndim}-d array, where an array of at least 2 dimensions is needed.")
    if ndim is None:
        return None
    rows, cols = _extent(x, ndim - 2), _extent(x, ndim - 1)
    return None if rows is None or cols is None else _diagonal_within(args, kwargs, rows, cols)


def dropout_arguments(args: tuple, kwargs: dict[str, Any]) -> None:
    """``dropout``: ``prob`` lies in [0, 1); where a mask is drawn (training, ``prob`` above 0), a scaled result is
    floating and ``noise_shape`` fits ``x``."""
    prob = _arg(args, kwargs, 1, "prob", None)
    if isinstance(prob, numbers.Real) and (prob < 0 or not prob < 1):
        raise PolyarrayValueError(f"prob={prob}: the dropout probability lies in [0, 1).")
    if not _arg(args, kwargs, None, "training", True) or prob == 0:
        return
    x, dtype = _arg(args, kwargs, 0, "x", None), _arg(args, kwargs, None, "dtype", None)
    result = _dtype_name(dtype) if dtype is not None else _dtype_name(getattr(x, "dtype", None))
    if _arg(args, kwargs, None, "scale", True) and result is not None and result.startswith(("int", "uint", "bool")):
        raise PolyarrayTypeError(
            f"dropout with scale=True gives {result} results, where a floating-point dtype is needed; pass "
            "dtype=pa.float32 (or another floating dtype) or scale=False."
        )
    noise_shape = _arg(args, kwargs, None, "noise_shape", None)
    shape = _shape_of(x)
    if not isinstance(noise_shape, (list, tuple)) or shape is None:
        return
    if len(noise_shape) != len(shape):
        raise PolyarrayValueError(
            f"noise_shape={tuple(noise_shape)} has {len(noise_shape)} entries, where x, of shape {shape}, needs one "
            "per axis."
        )
    for mask, size in zip(noise_shape, shape):
        if mask is not None and size is not None and mask not in (1, size):
            raise PolyarrayValueError(
                f"noise_shape={tuple(noise_shape)} does not broadcast to the shape of x, {shape}."
            )


def transform_length(args: tuple, kwargs: dict[str, Any]) -> None:
    """The 1-d transforms: ``x`` has at least one dimension and a length ``n`` is at least 1."""
    at_least_one_dimension_of(("x", _arg(args, kwargs, 0, "x", None)))
    n = _arg(args, kwargs, None, "n", None)
    if type(n) is int and n < 1:
        raise PolyarrayValueError(f"n={n}: the transform length is at least 1.")


def transform_lengths(args: tuple, kwargs: dict[str, Any]) -> None:
    """The n-d transforms: ``x`` has at least one dimension; ``s`` comes with ``axes``, one length (at least 1, or
    -1 for the axis' own length) per axis."""
    at_least_one_dimension_of(("x", _arg(args, kwargs, 0, "x", None)))
    lengths_and_axes(args, kwargs)
    for length in _arg(args, kwargs, None, "s", None) or ():
        if type(length) is int and length < 1 and length != -1:
            raise PolyarrayValueError(f"s holds {length}: each transform length is at least 1 (or -1, the axis' own).")
