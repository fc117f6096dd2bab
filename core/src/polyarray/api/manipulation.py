"""Manipulation functions (array API standard 2024.12)."""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from collections.abc import Sequence
from typing import Any, cast

from .. import _dtypes
from .._declare import mixed, primary
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError
from . import _checks
from ._checks import array_data
from ._compose import backend_name, default_dtype, dtype_name
from ._types import ArrayLike
from ._wrappers import MANIPULATION, VIEW

__all__ = [
    "broadcast_arrays",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "pad",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "split",
    "squeeze",
    "stack",
    "tile",
    "unstack",
]


@primary(wrappers=VIEW)
def broadcast_arrays(*arrays: ArrayLike) -> list[ArrayLike]:
    """Broadcast any number of arrays against one another.

    Returns a list of arrays that all have the broadcast shape; each keeps the
    dtype of its input. Shapes that do not broadcast raise an error.

    >>> pa.broadcast_arrays(pa.asarray([1, 2]), pa.asarray([[3], [4]]))
    [Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64), Array([[3, 3],
           [4, 4]], backend=numpy, dtype=int64)]
    """


@primary(wrappers=VIEW)
def broadcast_to(x: ArrayLike, /, shape: tuple[int, ...]) -> ArrayLike:
    """Broadcast ``x`` to ``shape`` (same dtype; an error if ``x`` cannot broadcast to it).

    The result may share memory with ``x``: treat it as read-only.

    >>> pa.broadcast_to(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=(*MANIPULATION, "infer_dtype"), check=_checks.arrays_to_concatenate)
def concat(arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...], /, *, axis: int | None = 0) -> ArrayLike:
    """Join arrays along an existing axis (``axis=None`` flattens them first).

    The arrays must have the same shape except along ``axis``; their dtypes are
    promoted with the standard's type promotion rules (no value-based casting).

    >>> pa.concat([pa.asarray([1, 2]), pa.asarray([3])])
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def expand_dims(x: ArrayLike, /, axis: int = 0) -> ArrayLike:
    """Insert an axis of size one at position ``axis`` (on ``[-N-1, N]`` for an ``N``-d ``x``).

    A negative ``axis`` counts from the end of the result, so ``-1`` appends a
    dimension. An invalid ``axis`` raises an error that is also an ``IndexError``.

    >>> pa.expand_dims(pa.asarray([1, 2]), axis=-1)
    Array([[1],
           [2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def flip(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None) -> ArrayLike:
    """Reverse the order of the elements along ``axis`` (every axis when ``None``); the shape is kept.

    >>> pa.flip(pa.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[2, 1],
           [4, 3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def moveaxis(x: ArrayLike, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> ArrayLike:
    """Move the axes ``source`` to the positions ``destination``; the other axes keep their order.

    >>> pa.moveaxis(pa.ones((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """


# -- pad ----------------------------------------------------------------------------------------

#: The modes of :func:`pad`: what fills the new elements.
PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap")
#: NumPy's other modes, refused with a clear error.
_NUMPY_ONLY_PAD_MODES = ("empty", "linear_ramp", "maximum", "mean", "median", "minimum")


def _per_axis(value: Any, ndim: int, what: str, kind: str) -> list[tuple[Any, Any]]:
    """``value`` (a number, a ``(before, after)`` pair, or one pair per axis) as one pair per axis, as NumPy
    broadcasts ``pad_width`` and ``constant_values`` to the shape ``(ndim, 2)``."""
    import numpy

    try:
        table = numpy.asarray(value, dtype=object if kind == "number" else None)
    except (TypeError, ValueError):
        table = None
    kinds = ("O", "i", "u") if kind == "integer" else ("O", "i", "u", "b", "f", "c")
    if table is None or table.dtype.kind not in kinds:
        raise PolyarrayTypeError(
            f"{what}={value!r} is not {kind}s; pass an int, a (before, after) pair or one pair per axis."
        )
    try:
        pairs = numpy.broadcast_to(table, (ndim, 2))
    except ValueError:
        raise PolyarrayValueError(
            f"{what}={value!r} does not fit an array of {ndim} dimensions; pass an int, a (before, after) pair "
            f"or {ndim} such pairs."
        ) from None
    return [(before, after) for before, after in pairs.tolist()]


#: The most elements an axis holds (frameworks count them in 64-bit signed integers).
_LONGEST_AXIS = 2**63 - 1


def _pad_widths(pad_width: Any, ndim: int) -> list[tuple[int, int]]:
    pairs = _per_axis(pad_width, ndim, "pad_width", "integer")
    for pair in pairs:
        for width in pair:
            if isinstance(width, bool) or not isinstance(width, numbers.Integral):
                raise PolyarrayTypeError(f"pad_width={pad_width!r} holds {width!r}; pad widths are ints.")
            if width < 0:
                raise PolyarrayValueError(f"pad_width={pad_width!r} holds {width}; pad widths are non-negative.")
    return [(int(before), int(after)) for before, after in pairs]


def _is_number(value: Any) -> bool:
    """A number of any kind (NumPy's scalars, fractions and decimals included), not a string."""
    return isinstance(value, numbers.Number) and not isinstance(value, (str, bytes))


def _is_complex(value: Any) -> bool:
    """A complex number that is not a real one (its dtype is complex)."""
    return isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real)


def _pad_constant(value: Any, dtype: str) -> bool | int | float | complex:
    """``value`` as the Python number of ``dtype``'s kind that the padding holds (checked to fit it)."""
    info = _dtypes.DTYPES[dtype]
    if not _is_number(value):
        raise PolyarrayTypeError(f"constant_values holds {value!r}, which is not a number.")
    if info.kind != "complex floating" and _is_complex(value):
        raise PolyarrayTypeError(
            f"constant_values holds the complex number {value!r}, which an array of dtype {dtype} cannot hold; "
            "pass a real number."
        )
    if info.kind == "bool":
        return bool(value)
    if info.kind in ("signed integer", "unsigned integer"):
        if not math.isfinite(value):
            raise PolyarrayValueError(f"constant_values holds {value!r}, which an integer array cannot hold.")
        number = int(value)  # floats are truncated towards zero, as NumPy casts them
        bits = info.bits
        low, high = (0, 2**bits - 1) if info.kind == "unsigned integer" else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        if not low <= number <= high:
            raise PolyarrayValueError(
                f"constant_values holds {value!r}, out of range for {dtype} ({low} to {high}); NumPy would wrap it "
                "around, polyarray refuses it."
            )
        return number
    if info.kind == "real floating":
        return float(value)
    return complex(value)


def _pad_plan(x: Any, pad_width: Any, mode: Any, constant_values: Any) -> tuple[list[tuple[int, int]], list[Any]]:
    """The widths and (for the constant mode) the constants of each axis; raises for every invalid argument."""
    if not isinstance(mode, str) or mode not in PAD_MODES:
        extra = " (NumPy's mode, not provided by polyarray)" if mode in _NUMPY_ONLY_PAD_MODES else ""
        raise PolyarrayValueError(f"mode={mode!r}{extra} is not one of {', '.join(map(repr, PAD_MODES))}.")
    shape = tuple(x.shape)
    widths = _pad_widths(pad_width, len(shape))
    for axis, (size, (before, after)) in enumerate(zip(shape, widths)):
        length = before + (size or 0) + after
        if length > _LONGEST_AXIS:
            raise PolyarrayValueError(
                f"pad_width={pad_width!r} makes axis {axis} {length} elements long, more than an array holds "
                f"(2**63 - 1); pass smaller widths."
            )
    if mode != "constant":
        if not (_is_number(constant_values) and constant_values == 0):
            raise PolyarrayValueError(
                f"constant_values={constant_values!r} is given with mode={mode!r}, which does not use it; "
                "pass mode='constant' or leave constant_values out."
            )
        for size, (before, after) in zip(shape, widths):
            if size == 0 and (before or after):
                raise PolyarrayValueError(
                    f"mode={mode!r} cannot extend an empty axis (shape {shape}); pad it with mode='constant'."
                )
        return widths, []
    dtype = dtype_name(x.dtype)
    constants = [
        tuple(_pad_constant(value, dtype) for value in pair)
        for pair in _per_axis(constant_values, len(shape), "constant_values", "number")
    ]
    return widths, constants


def _check_pad(args: tuple, kwargs: dict[str, Any]) -> None:
    x = array_data(args[0] if args else kwargs.get("x"))
    if x is None:
        return
    pad_width = args[1] if len(args) > 1 else kwargs.get("pad_width")
    mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
    _pad_plan(x, pad_width, mode, kwargs.get("constant_values", 0))


def pad_sources(xp: Any, before: int, size: int, after: int, mode: str, device: Any) -> Any:
    """The indices along an axis of ``size`` elements that its ``before + size + after`` padded elements repeat,
    computed by the backend (an index array, not a Python list as long as the padded axis).

    The edge repeats the end elements; ``wrap`` repeats the axis
    periodically; ``symmetric`` mirrors it with the end elements repeated,
    ``reflect`` without them (period ``2 * size - 2``). These periodic
    extensions are exactly NumPy's results, also for widths beyond the
    axis' size.
    """
    index = default_dtype(xp, "indexing")
    positions = xp.arange(-before, size + after, dtype=index, device=device)  # from the first original element
    if mode == "edge":
        return xp.clip(positions, min=0, max=size - 1)
    if mode == "reflect" and size == 1:
        return xp.zeros_like(positions)
    period = {"wrap": size, "symmetric": 2 * size}.get(mode, 2 * size - 2)  # reflect: 2 * size - 2
    folded = xp.remainder(positions, xp.asarray(period, dtype=index, device=device))
    if mode == "wrap":
        return folded
    # Past the axis' end the period runs back: symmetric from 2 * size - 1, reflect from 2 * size - 2.
    top = xp.asarray(period - 1 if mode == "symmetric" else period, dtype=index, device=device)
    return xp.where(xp.less(folded, xp.asarray(size, dtype=index, device=device)), folded, xp.subtract(top, folded))


@mixed(wrappers=MANIPULATION, check=_check_pad)
def pad(
    xp: Any,
    x: ArrayLike,
    pad_width: int | Sequence[int] | Sequence[Sequence[int]],
    /,
    mode: str = "constant",
    *,
    constant_values: bool | int | float | complex | Sequence[Any] = 0,
) -> ArrayLike:
    """Pad ``x`` with ``pad_width`` new elements before and after each axis, as NumPy's ``pad``.

    ``pad_width`` is an int (the same on both sides of every axis), a
    ``(before, after)`` pair (for every axis) or one pair per axis, of
    non-negative ints. ``mode`` says what the new elements are:

    - ``"constant"``: ``constant_values``, a number or (like ``pad_width``) a
      pair or one pair per axis of numbers, converted to the dtype of ``x``
      (floats are truncated for integer arrays; a value out of the dtype's
      range, NaN or an infinity for an integer array, or a complex number for
      a real one raises an error, where NumPy would wrap or drop it);
    - ``"edge"``: the end elements of the axis, repeated;
    - ``"reflect"``: the axis mirrored about its end elements (``[1, 2, 3]``
      continues ``2, 1, 2, 3 …``);
    - ``"symmetric"``: the axis mirrored with its end elements repeated
      (``3, 3, 2, 1 …``);
    - ``"wrap"``: the axis repeated periodically.

    Widths larger than the axis are padded as NumPy pads them (the mirror or
    period continues). Axes are padded in order, so a corner takes the value
    of the last axis. The other modes mirror, wrap or repeat nothing on an empty
    axis: padding one is an error. NumPy's statistics modes (``"mean"``,
    ``"maximum"`` …) and ``"linear_ramp"`` are not provided. The result is a new
    array of the dtype of ``x``.

    >>> pa.pad(pa.asarray([1, 2, 3]), (2, 1))
    Array([0, 0, 1, 2, 3, 0], backend=numpy, dtype=int64)
    >>> pa.pad(pa.asarray([[1.0, 2.0]]), 1, "edge")
    Array([[1., 1., 2., 2.],
           [1., 1., 2., 2.],
           [1., 1., 2., 2.]], backend=numpy, dtype=float64)
    >>> pa.pad(pa.asarray([1, 2, 3]), 2, mode="reflect")
    Array([3, 2, 1, 2, 3, 2, 1], backend=numpy, dtype=int64)
    """
    x = xp.asarray(x)
    widths, constants = _pad_plan(x, pad_width, mode, constant_values)
    padded = x
    device = xp.device_of(x)
    for axis, (before, after) in enumerate(widths):
        if not (before or after):
            continue
        size = padded.shape[axis]
        if mode == "constant":
            parts = []
            for width, value in ((before, constants[axis][0]), (after, constants[axis][1])):
                shape = (*padded.shape[:axis], width, *padded.shape[axis + 1 :])
                parts.append(xp.full(shape, value, dtype=x.dtype, device=device))
            padded = xp.concat([parts[0], padded, parts[1]], axis=axis)
        else:
            padded = xp.take(padded, pad_sources(xp, before, size, after, mode, device), axis=axis)
    return xp.asarray(x, copy=True) if padded is x else padded


@primary(wrappers=VIEW)
def permute_dims(x: ArrayLike, /, axes: tuple[int, ...]) -> ArrayLike:
    """Permute the axes of ``x``: ``axes`` is a permutation of ``(0, 1, ..., N-1)``.

    >>> pa.permute_dims(pa.asarray([[1, 2, 3]]), (1, 0))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION, check=_checks.integer_repeats)
def repeat(x: ArrayLike, repeats: int | ArrayLike, /, *, axis: int | None = None) -> ArrayLike:
    """Repeat each element of ``x`` ``repeats`` times (an int, or an integer array of one count per element).

    With ``axis=None`` the result is the repeated, flattened (row-major) ``x``;
    otherwise elements are repeated along ``axis``. The dtype of ``x`` is kept.

    >>> pa.repeat(pa.asarray([1, 2]), pa.asarray([2, 3]))
    Array([1, 1, 2, 2, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW)
def reshape(x: ArrayLike, /, shape: tuple[int, ...], *, copy: bool | None = None) -> ArrayLike:
    """Give ``x`` a new shape with the same elements (one dimension may be ``-1``, inferred).

    ``copy=True`` always copies, ``copy=False`` never does (an error that is
    also a ``ValueError`` when a copy would be needed), ``None`` copies only
    when needed.

    >>> pa.reshape(pa.asarray([1, 2, 3, 4]), (2, -1))
    Array([[1, 2],
           [3, 4]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION)
def roll(x: ArrayLike, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None) -> ArrayLike:
    """Shift elements along ``axis``; those that roll off one end come back at the other.

    With ``axis=None`` the array is flattened, shifted and given its shape
    back. A tuple ``shift`` needs a tuple ``axis`` of the same length.

    >>> pa.roll(pa.asarray([1, 2, 3, 4]), 1)
    Array([4, 1, 2, 3], backend=numpy, dtype=int64)
    """


def split_points(length: int, indices_or_sections: int | Sequence[int]) -> list[tuple[int, int]]:
    """The ``(start, stop)`` of each piece of :func:`split` along an axis of ``length`` (``start <= stop``).

    ``sections`` equal pieces, or the pieces between the split points read as
    Python reads slice bounds (negative ones from the end, beyond the end
    clipped; a point before the previous one gives an empty piece).
    """
    if isinstance(indices_or_sections, numbers.Integral) and not isinstance(indices_or_sections, bool):
        sections = int(indices_or_sections)
        size = length // sections
        bounds = [i * size for i in range(sections + 1)]
    else:
        bounds = [0, *(operator.index(i) for i in cast(Sequence[int], indices_or_sections)), length]
    pieces = []
    for start, stop in itertools.pairwise(bounds):
        start, stop, _ = slice(start, stop).indices(length)
        pieces.append((start, max(start, stop)))
    return pieces


@mixed(wrappers=VIEW, check=_checks.equal_sections)
def split(xp: Any, x: ArrayLike, indices_or_sections: int | Sequence[int], /, *, axis: int = 0) -> list[ArrayLike]:
    """Split ``x`` along ``axis`` into a list of arrays, as NumPy's ``split``.

    An int ``N`` gives ``N`` equal pieces; an axis whose length ``N`` does not
    divide raises an error that is also a ``ValueError`` (as in NumPy). A
    sequence of ints gives the pieces between those split points: ``[2, 5]``
    gives ``x[:2]``, ``x[2:5]`` and ``x[5:]`` along ``axis``, the points read as
    Python slice bounds (negative ones count from the end; points past the end,
    or before the previous one, give empty pieces). Each piece keeps the dtype
    of ``x`` and may share memory with it. A 0-d ``x`` has no axis to split.

    >>> [pa.to_numpy(piece).tolist() for piece in pa.split(pa.arange(6), 3)]
    [[0, 1], [2, 3], [4, 5]]
    >>> [piece.shape for piece in pa.split(pa.ones((2, 7)), [2, 5], axis=1)]
    [(2, 2), (2, 3), (2, 2)]
    """
    x = xp.asarray(x)
    if len(x.shape) == 0:
        raise PolyarrayAxisError(
            f"pa.split on the {backend_name(xp)} backend: a 0-d array has no axis to split; reshape it first."
        )
    axis %= len(x.shape)
    head = (slice(None),) * axis
    pieces = [(*head, slice(start, stop)) for start, stop in split_points(x.shape[axis], indices_or_sections)]
    return [x[piece] for piece in pieces]


@primary(wrappers=VIEW)
def squeeze(x: ArrayLike, /, axis: int | tuple[int, ...]) -> ArrayLike:
    """Remove the singleton axes ``axis``; an axis of size other than one raises a ``ValueError``.

    >>> pa.squeeze(pa.asarray([[1, 2]]), 0)
    Array([1, 2], backend=numpy, dtype=int64)
    """


@primary(wrappers=(*MANIPULATION, "infer_dtype"), check=_checks.arrays_to_join)
def stack(arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...], /, *, axis: int = 0) -> ArrayLike:
    """Join arrays of the same shape along a new axis, at position ``axis`` of the result.

    Dtypes are promoted with the standard's type promotion rules.

    >>> pa.stack([pa.asarray([1, 2]), pa.asarray([3, 4])], axis=1)
    Array([[1, 3],
           [2, 4]], backend=numpy, dtype=int64)
    """


@primary(wrappers=MANIPULATION)
def tile(x: ArrayLike, repetitions: tuple[int, ...], /) -> ArrayLike:
    """Build an array by repeating ``x`` ``repetitions[i]`` times along each axis ``i``.

    When ``x`` has fewer axes than ``repetitions`` has entries, singleton axes
    are prepended to ``x``; when it has more, ones are prepended to
    ``repetitions``. The result has ``max(x.ndim, len(repetitions))`` axes.

    >>> pa.tile(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]], backend=numpy, dtype=int64)
    """


@primary(wrappers=VIEW, check=_checks.one_dimension_or_more)
def unstack(x: ArrayLike, /, *, axis: int = 0) -> tuple[ArrayLike, ...]:
    """Split ``x`` along ``axis`` into a tuple of arrays of one dimension fewer.

    A 0-d ``x`` has no axis to split and raises an error.

    >>> pa.unstack(pa.asarray([[1, 2], [3, 4]]), axis=1)
    (Array([1, 3], backend=numpy, dtype=int64), Array([2, 4], backend=numpy, dtype=int64))
    """
