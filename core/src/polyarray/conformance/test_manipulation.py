"""Manipulation: broadcasting, joining, splitting, reshaping and reordering arrays of every dtype."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from polyarray.testing import axes, broadcastable_shapes, conformance, shapes


@conformance("broadcast_arrays")
def test_broadcast_arrays(case):
    count = case.draw(st.integers(1, 3), label="count")
    shape_list = case.draw(broadcastable_shapes(count), label="shapes")
    dtype = case.dtype()
    case.check("broadcast_arrays", *[case.array(dtype, s, label="x") for s in shape_list])


@conformance("broadcast_arrays", "broadcast_to")
def test_broadcast_errors(case, function):
    """Shapes that do not broadcast are an error everywhere."""
    dtype = case.dtype()
    first = case.array(dtype, (2, 3), label="x1")
    second = case.array(dtype, (4,), label="x2")
    if function == "broadcast_arrays":
        case.check(function, first, second, expect_error=True)
    else:
        case.check(function, first, (4, 3), expect_error=True)


@conformance("broadcast_to")
def test_broadcast_to(case):
    source, other = case.draw(broadcastable_shapes(), label="shapes")
    target = np.broadcast_shapes(source, other)
    x = case.array(case.dtype(), source, label="x")
    case.check("broadcast_to", x, target)


@conformance("concat")
def test_concat(case):
    count = case.draw(st.integers(1, 3), label="count")
    dtype = case.dtype()
    base = case.draw(shapes(min_dims=0), label="shape")
    if case.draw(st.booleans(), label="flatten") or not base:
        arrays = [case.array(dtype, case.draw(shapes()), label="x") for _ in range(count)]
        case.check("concat", arrays, axis=None)
        return
    axis = case.draw(st.integers(-len(base), len(base) - 1), label="axis")
    arrays = []
    for _ in range(count):
        shape = list(base)
        shape[axis] = case.draw(st.integers(0, 3), label="length")
        arrays.append(case.array(dtype, tuple(shape), label="x"))
    as_tuple = case.draw(st.booleans(), label="tuple")
    case.check("concat", tuple(arrays) if as_tuple else arrays, axis=axis)


def _standard_pair(case):
    """Two dtypes that the standard's promotion table joins (mixed kinds, and uint64 with a signed
    integer, are left to each library: ``concat`` promotes in the backend, not in the core)."""
    family = case.draw(st.sampled_from(["bool", "integral", "inexact"]), label="family")
    kinds = {"bool": "bool", "integral": "integral", "inexact": "floating"}[family]
    first = case.dtype(kinds, exclude=("bfloat16",))
    second = case.dtype(kinds, exclude=("bfloat16",))
    signed = {first.kind, second.kind} == {"signed integer", "unsigned integer"}
    if signed and "uint64" in (first.name, second.name):
        second = first
    return first, second


@conformance("concat")
def test_concat_mixed_dtypes(case):
    """Arrays of two dtypes join in their promoted dtype."""
    first, second = _standard_pair(case)
    arrays = [case.array(first, (2, 1), label="x1"), case.array(second, (2, 3), label="x2")]
    case.check("concat", arrays, axis=1)


@conformance("stack")
def test_stack(case):
    count = case.draw(st.integers(1, 3), label="count")
    dtype = case.dtype()
    shape = case.draw(shapes(), label="shape")
    arrays = [case.array(dtype, shape, label="x") for _ in range(count)]
    axis = case.draw(st.integers(-len(shape) - 1, len(shape)), label="axis")
    case.check("stack", arrays, axis=axis)


@conformance("expand_dims")
def test_expand_dims(case):
    x = case.array(case.dtype(), label="x")
    axis = case.draw(st.integers(-x.ndim - 1, x.ndim), label="axis")
    case.check("expand_dims", x, axis=axis)


@conformance("flip")
def test_flip(case):
    x = case.array(case.dtype(), label="x")
    case.check("flip", x, axis=case.draw(axes(x.ndim), label="axis"))


@conformance("moveaxis")
def test_moveaxis(case):
    x = case.array(case.dtype(), shapes(min_dims=1), label="x")
    if case.draw(st.booleans(), label="single"):
        source = case.draw(st.integers(-x.ndim, x.ndim - 1), label="source")
        destination = case.draw(st.integers(-x.ndim, x.ndim - 1), label="destination")
    else:
        count = case.draw(st.integers(0, x.ndim), label="count")
        source = tuple(case.draw(st.permutations(range(x.ndim)), label="source")[:count])
        destination = tuple(case.draw(st.permutations(range(x.ndim)), label="destination")[:count])
    case.check("moveaxis", x, source, destination)


@conformance("permute_dims")
def test_permute_dims(case):
    x = case.array(case.dtype(), label="x")
    order = tuple(case.draw(st.permutations(range(x.ndim)), label="axes"))
    case.check("permute_dims", x, order)


@conformance("repeat")
def test_repeat(case):
    x = case.array(case.dtype(), label="x")
    axis = case.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) if x.ndim else st.none(), label="axis")
    length = x.size if axis is None else x.shape[axis]
    if case.draw(st.booleans(), label="array of repeats") and length:
        counts = case.draw(st.lists(st.integers(0, 3), min_size=length, max_size=length), label="repeats")
        repeats = case.asarray(np.asarray(counts, dtype=np.int64))
    else:
        repeats = case.draw(st.integers(0, 3), label="repeats")
    case.check("repeat", x, repeats, axis=axis)


def _factorisations(size: int) -> list[tuple[int, ...]]:
    """A few shapes holding ``size`` elements."""
    found = [(size,), (1, size), (size, 1)]
    for first in range(2, size + 1):
        if size % first == 0:
            found.append((first, size // first))
    return found


@conformance("reshape")
def test_reshape(case):
    x = case.array(case.dtype(), label="x")
    shape = case.draw(st.sampled_from(_factorisations(math.prod(x.shape))), label="shape")
    if shape and case.draw(st.booleans(), label="infer one side") and math.prod(x.shape):
        index = case.draw(st.integers(0, len(shape) - 1), label="inferred")
        shape = (*shape[:index], -1, *shape[index + 1 :])
    copy = case.draw(st.sampled_from([None, True, False]), label="copy")
    case.check("reshape", x, shape, copy=copy)


@conformance("reshape")
def test_reshape_wrong_size(case):
    x = case.array(case.dtype(), (2, 3), label="x")
    case.check("reshape", x, (4, 2), expect_error=True)


@conformance("roll")
def test_roll(case):
    x = case.array(case.dtype(), label="x")
    if x.ndim and case.draw(st.booleans(), label="over axes"):
        chosen = case.draw(axes(x.ndim, allow_none=False), label="axis")
        if isinstance(chosen, tuple):
            shift = tuple(case.draw(st.integers(-6, 6), label="shift") for _ in chosen)
        else:
            shift = case.draw(st.integers(-6, 6), label="shift")
        case.check("roll", x, shift, axis=chosen)
    else:
        case.check("roll", x, case.draw(st.integers(-6, 6), label="shift"))


@conformance("squeeze")
def test_squeeze(case):
    shape = case.draw(shapes(min_dims=1, max_side=2), label="shape")
    x = case.array(case.dtype(), shape, label="x")
    ones = [i for i, n in enumerate(shape) if n == 1]
    if ones:
        chosen = case.draw(st.lists(st.sampled_from(ones), min_size=1, unique=True), label="axes")
        axis = tuple(chosen) if len(chosen) > 1 or case.draw(st.booleans(), label="tuple") else chosen[0]
        case.check("squeeze", x, axis)
    else:
        case.check("squeeze", x, 0, expect_error=True)


@conformance("tile")
def test_tile(case):
    x = case.array(case.dtype(), shapes(max_dims=2), label="x")
    repetitions = tuple(case.draw(st.lists(st.integers(0, 3), max_size=3), label="repetitions"))
    case.check("tile", x, repetitions)


@conformance("unstack")
def test_unstack(case):
    x = case.array(case.dtype(), shapes(min_dims=1), label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    case.check("unstack", x, axis=axis)


_PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap")


def _pad_width(case, ndim):
    """``pad_width`` in each of NumPy's forms: an int, a (before, after) pair, one pair per axis."""
    width = st.integers(0, 5)
    form = case.draw(st.sampled_from(["int", "pair", "per axis"]), label="form")
    if form == "int":
        return case.draw(width, label="pad_width")
    if form == "pair":
        return (case.draw(width, label="before"), case.draw(width, label="after"))
    return tuple((case.draw(width, label="before"), case.draw(width, label="after")) for _ in range(ndim))


@conformance("pad")
def test_pad(case):
    """Every mode, widths beyond the axis (the mirror or period continues), constants of the array's kind."""
    dtype = case.dtype()
    mode = case.draw(st.sampled_from(_PAD_MODES), label="mode")
    x = case.array(dtype, shapes(min_dims=0, min_side=0 if mode == "constant" else 1), label="x")
    kwargs = {}
    if mode == "constant" and case.draw(st.booleans(), label="constant"):
        constants = {"bool": st.booleans(), "signed integer": st.integers(-100, 100)}
        kwargs["constant_values"] = case.draw(
            constants.get(dtype.kind, st.integers(0, 100) | st.sampled_from([2.5, float("inf"), -0.0])), label="value"
        )
        if dtype.kind == "unsigned integer" and isinstance(kwargs["constant_values"], float):
            kwargs["constant_values"] = 7
    case.check("pad", x, _pad_width(case, x.ndim), mode, **kwargs)


@conformance("pad")
def test_pad_per_axis_constants(case):
    """One (before, after) pair of constants per axis; a corner takes the last axis' constant."""
    dtype = case.dtype(("integral", "real floating"))
    x = case.array(dtype, shapes(min_dims=1), label="x")
    values = st.integers(0, 100)
    constants = tuple((case.draw(values, label="before"), case.draw(values, label="after")) for _ in range(x.ndim))
    case.check("pad", x, _pad_width(case, x.ndim), constant_values=constants)


@conformance("pad")
def test_pad_bad_arguments(case):
    x = case.array(case.dtype(("integral", "real floating")), (2, 3), label="x")
    bad = case.draw(
        st.sampled_from(
            [
                ((-1,), {}),
                ((1.5,), {}),
                (((1, 2), (3, 4), (5, 6)), {}),
                ((1, "maximum"), {}),
                ((1, "edge"), {"constant_values": 2}),
                ((1,), {"constant_values": "zero"}),
                ((1,), {"constant_values": 1j}),
            ]
        ),
        label="arguments",
    )
    args, kwargs = bad
    if len(args) == 3:
        args = (args,)
    case.check("pad", x, *args, expect_error=True, **kwargs)


@conformance("split")
def test_split(case):
    """Equal sections, or split points read as Python slice bounds (negative, beyond the end, backwards)."""
    x = case.array(case.dtype(), shapes(min_dims=1), label="x")
    axis = case.draw(st.integers(-x.ndim, x.ndim - 1), label="axis")
    length = x.shape[axis]
    if case.draw(st.booleans(), label="sections"):
        sections = case.draw(st.sampled_from([n for n in range(1, 5) if length % n == 0]), label="indices_or_sections")
    else:
        point = st.integers(-length - 2, length + 2)
        sections = case.draw(st.lists(point, max_size=3), label="indices_or_sections")
    case.check("split", x, sections, axis=axis)


@conformance("split")
def test_split_bad_arguments(case):
    """Unequal sections, no sections, a 0-d array: errors everywhere, as in NumPy."""
    problem = case.draw(st.sampled_from(["unequal", "zero", "0-d"]), label="problem")
    x = case.array(case.dtype(), () if problem == "0-d" else (5,), label="x")
    case.check("split", x, {"unequal": 2, "zero": 0, "0-d": 1}[problem], expect_error=True)
