"""Manipulation and indexing functions against NumPy (array API standard 2024.12)."""

from __future__ import annotations

import dtype_sets
import numpy as np
import pytest
from checks import assert_axis_error, check
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray_numpy import manipulation as np_manipulation

DTYPES = dtype_sets.ALL
dtypes = st.sampled_from(DTYPES)
shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4)


@st.composite
def arrays(draw, shape=shapes, dtype=dtypes):
    """Arrays of every dtype, 0-d and empty ones included (NaN, inf and -0.0 for floats)."""
    dtype = draw(dtype) if isinstance(dtype, st.SearchStrategy) else np.dtype(dtype)
    shape = draw(shape) if isinstance(shape, st.SearchStrategy) else shape
    return draw(hnp.arrays(dtype, shape))


@st.composite
def array_and_axis(draw, min_dims=1, offset=0):
    """An array of at least ``min_dims`` axes and a valid (possibly negative) axis of it."""
    x = draw(arrays(shape=hnp.array_shapes(min_dims=min_dims, max_dims=4, min_side=0, max_side=4)))
    ndim = x.ndim + offset
    return x, draw(st.integers(-ndim, ndim - 1))


def check_all(results, expected, container=tuple):
    assert type(results) is container, type(results)
    assert len(results) == len(expected)
    for r, e in zip(results, expected):
        check(r, e)


# -- broadcast_arrays, broadcast_to -------------------------------------------------------


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=4, max_side=3), dtypes)
def test_broadcast_arrays(data, shapes_, dtype):
    xs = [data.draw(arrays(shape=s, dtype=dtype)) for s in shapes_.input_shapes]
    results = pa.broadcast_arrays(*[pa.asarray(x) for x in xs])
    check_all(results, np.broadcast_arrays(*xs), container=list)
    assert all(r.shape == shapes_.result_shape for r in results)


def test_broadcast_arrays_keeps_each_dtype_and_rejects_bad_shapes():
    a, b = pa.broadcast_arrays(pa.asarray([1, 2], dtype=pa.int8), pa.asarray([[1.5], [2.5]]))
    assert (a.dtype, b.dtype, a.shape, b.shape) == (pa.int8, pa.float64, (2, 2), (2, 2))
    with pytest.raises(pa.PolyarrayValueError):
        pa.broadcast_arrays(pa.asarray([1, 2]), pa.asarray([1, 2, 3]))


@given(st.data(), hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=4, max_side=3))
def test_broadcast_to(data, shapes_):
    x = data.draw(arrays(shape=shapes_.input_shapes[0]))
    check(pa.broadcast_to(pa.asarray(x), shapes_.result_shape), np.broadcast_to(x, shapes_.result_shape))


def test_broadcast_to_rejects_incompatible_shapes():
    with pytest.raises(pa.PolyarrayValueError):
        pa.broadcast_to(pa.asarray([1, 2, 3]), (2,))
    with pytest.raises(pa.PolyarrayValueError):
        pa.broadcast_to(pa.ones((2, 3)), (3,))


# -- concat, stack ------------------------------------------------------------------------


@st.composite
def arrays_to_join(draw, same_shape=False):
    """Two to four arrays that agree on their shape except along one axis, with that axis."""
    base = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3))
    axis = draw(st.integers(-len(base), len(base) - 1))
    count = draw(st.integers(1, 4))
    xs = []
    for _ in range(count):
        shape = list(base)
        if not same_shape:
            shape[axis] = draw(st.integers(0, 3))
        xs.append(draw(arrays(shape=tuple(shape))))
    return xs, axis


def joined_dtype(xs):
    """The dtype polyarray's promotion table gives the arrays ``xs``, or None where it has none."""
    try:
        return np.dtype(pa.result_type(*[pa.asarray(x).dtype for x in xs]).name)
    except pa.PolyarrayTypeError:
        return None


@given(arrays_to_join())
def test_concat(case):
    xs, axis = case
    dtype = joined_dtype(xs)
    if dtype is None:  # uint64 with a signed integer: no common dtype
        with pytest.raises(pa.PolyarrayTypeError):
            pa.concat([pa.asarray(x) for x in xs], axis=axis)
        return
    expected = np.concatenate(xs, axis=axis, dtype=dtype)
    check(pa.concat([pa.asarray(x) for x in xs], axis=axis), expected)
    check(
        pa.concat(tuple(pa.asarray(x) for x in xs), axis=None),
        np.concatenate([x.ravel() for x in xs]).astype(expected.dtype),
    )


@given(arrays_to_join())
def test_concat_legacy_variant_matches(case):
    xs, axis = case
    dtype = joined_dtype(xs)
    if dtype is None:
        return
    xs = [x.astype(dtype) for x in xs]  # the variant is the raw implementation: operands promoted already
    for ax in (axis, None):
        new = pa.to_numpy(pa.concat(xs, axis=ax))
        old = np_manipulation.concat_v_1p26_and_below(xs, axis=ax)
        assert old.dtype == new.dtype and old.shape == new.shape
        np.testing.assert_array_equal(old, new)


def test_concat_promotes_by_dtype_not_value():
    # A 0-d int64 array must not be demoted to int8 (NumPy 1.x's value-based casting).
    result = pa.concat([pa.asarray([1, 2], dtype=pa.int8), pa.asarray(3, dtype=pa.int64)], axis=None)
    check(result, np.array([1, 2, 3], dtype=np.int64))
    old = np_manipulation.concat_v_1p26_and_below([np.array([1], np.int8), np.array(300, np.int64)], axis=None)
    assert old.dtype == np.int64 and old.tolist() == [1, 300]


def test_concat_bad_input():
    assert_axis_error(lambda: pa.concat([pa.ones((2,)), pa.ones((2,))], axis=1))
    with pytest.raises(pa.PolyarrayValueError):
        pa.concat([pa.ones((2, 3)), pa.ones((2, 4))], axis=0)
    with pytest.raises(pa.PolyarrayValueError):
        pa.concat([pa.asarray(1), pa.asarray(2)])  # 0-d arrays have no axis 0


@given(arrays_to_join(same_shape=True), st.data())
def test_stack(case, data):
    xs, _ = case
    ndim = xs[0].ndim + 1
    axis = data.draw(st.integers(-ndim, ndim - 1))
    dtype = joined_dtype(xs)
    if dtype is None:
        with pytest.raises(pa.PolyarrayTypeError):
            pa.stack([pa.asarray(x) for x in xs], axis=axis)
        return
    check(pa.stack([pa.asarray(x) for x in xs], axis=axis), np.stack(xs, axis=axis).astype(dtype))


def test_stack_0d_and_bad_input():
    check(pa.stack([pa.asarray(1, dtype=pa.int8), pa.asarray(2, dtype=pa.int64)]), np.array([1, 2], np.int64))
    assert_axis_error(lambda: pa.stack([pa.ones((2,)), pa.ones((2,))], axis=2))
    with pytest.raises(pa.PolyarrayValueError):
        pa.stack([pa.ones((2,)), pa.ones((3,))])


# -- expand_dims, squeeze, flip, moveaxis, permute_dims -----------------------------------


@given(st.data(), arrays())
def test_expand_dims(data, x):
    axis = data.draw(st.integers(-x.ndim - 1, x.ndim))
    check(pa.expand_dims(pa.asarray(x), axis=axis), np.expand_dims(x, axis))


def test_expand_dims_default_and_invalid_axis():
    check(pa.expand_dims(pa.asarray([1, 2])), np.array([[1, 2]]))
    with pytest.raises(pa.PolyarrayIndexError):
        pa.expand_dims(pa.asarray([1, 2]), axis=2)
    with pytest.raises(IndexError):
        pa.expand_dims(pa.asarray(1.0), axis=-2)


@given(st.data(), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3), st.integers(1, 3))
def test_squeeze(data, base, count):
    shape = list(base)
    for _ in range(count):
        shape.insert(data.draw(st.integers(0, len(shape))), 1)
    x = data.draw(arrays(shape=tuple(shape)))
    singletons = [i for i, n in enumerate(x.shape) if n == 1]
    chosen = data.draw(st.lists(st.sampled_from(singletons), min_size=1, unique=True))
    axes = tuple(a - x.ndim if data.draw(st.booleans()) else a for a in chosen)
    axis = axes[0] if len(axes) == 1 and data.draw(st.booleans()) else axes
    check(pa.squeeze(pa.asarray(x), axis), np.squeeze(x, axis=axis))


def test_squeeze_bad_input():
    with pytest.raises(pa.PolyarrayValueError):
        pa.squeeze(pa.ones((2, 1)), 0)
    assert_axis_error(lambda: pa.squeeze(pa.ones((1,)), 1))


@given(st.data(), arrays())
def test_flip(data, x):
    choice = data.draw(st.sampled_from(["none", "int", "tuple"]))
    if choice == "none":
        axis = None
    else:
        assume(x.ndim > 0)
        if choice == "int":
            axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
        else:
            axis = tuple(data.draw(st.lists(st.integers(0, x.ndim - 1), unique=True)))
    check(pa.flip(pa.asarray(x), axis=axis), np.flip(x, axis=axis))


def test_flip_invalid_axis():
    assert_axis_error(lambda: pa.flip(pa.ones((2, 2)), axis=2))


@given(st.data(), arrays(shape=hnp.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=3)))
def test_moveaxis(data, x):
    count = data.draw(st.integers(1, x.ndim))
    source = tuple(data.draw(st.permutations(range(x.ndim)))[:count])
    destination = tuple(data.draw(st.permutations(range(-x.ndim, 0)))[:count])
    check(pa.moveaxis(pa.asarray(x), source, destination), np.moveaxis(x, source, destination))
    check(pa.moveaxis(pa.asarray(x), source[0], destination[0]), np.moveaxis(x, source[0], destination[0]))


def test_moveaxis_invalid_axis():
    assert_axis_error(lambda: pa.moveaxis(pa.ones((2, 3)), 2, 0))


@given(st.data(), arrays())
def test_permute_dims(data, x):
    axes = tuple(data.draw(st.permutations(range(x.ndim))))
    check(pa.permute_dims(pa.asarray(x), axes), np.transpose(x, axes))


def test_permute_dims_bad_input():
    with pytest.raises(pa.PolyarrayError) as info:
        pa.permute_dims(pa.ones((2, 3)), (0, 0))
    assert isinstance(info.value, ValueError)
    with pytest.raises(pa.PolyarrayValueError):
        pa.permute_dims(pa.ones((2, 3)), (0,))


# -- repeat, tile, roll -------------------------------------------------------------------


@given(st.data(), arrays())
def test_repeat(data, x):
    axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1)) if x.ndim else None
    length = x.size if axis is None else x.shape[axis]
    if data.draw(st.booleans()):
        repeats = data.draw(st.integers(0, 3))
        expected = np.repeat(x, repeats, axis=axis)
        result = pa.repeat(pa.asarray(x), repeats, axis=axis)
    else:
        counts = data.draw(st.lists(st.integers(0, 3), min_size=length, max_size=length) | st.just([2]))
        repeats = np.asarray(counts, dtype=data.draw(st.sampled_from([np.int64, np.int32, np.uint8])))
        expected = np.repeat(x, repeats, axis=axis)
        result = pa.repeat(pa.asarray(x), pa.asarray(repeats), axis=axis)
    check(result, expected)
    assert result.ndim == (1 if axis is None else x.ndim)


def test_repeat_bad_input():
    with pytest.raises(pa.PolyarrayTypeError):
        pa.repeat(pa.asarray([1, 2]), pa.asarray([1.5, 2.0]))
    with pytest.raises(pa.PolyarrayValueError):
        pa.repeat(pa.asarray([1, 2]), pa.asarray([1, 2, 3]))
    assert_axis_error(lambda: pa.repeat(pa.asarray([1, 2]), 2, axis=1))


@given(arrays(), st.lists(st.integers(0, 3), max_size=4).map(tuple))
def test_tile(x, repetitions):
    result = pa.tile(pa.asarray(x), repetitions)
    check(result, np.tile(x, repetitions))
    assert result.ndim == max(x.ndim, len(repetitions))


@given(st.data(), arrays())
def test_roll(data, x):
    shift = data.draw(st.integers(-5, 5))
    choice = data.draw(st.sampled_from(["none", "int", "tuple"]))
    if choice == "none" or x.ndim == 0:
        axis = None
    elif choice == "int":
        axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    else:
        axis = tuple(data.draw(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=3)))
        if data.draw(st.booleans()):
            shift = tuple(data.draw(st.integers(-5, 5)) for _ in axis)
    check(pa.roll(pa.asarray(x), shift, axis=axis), np.roll(x, shift, axis=axis))


def test_roll_invalid_axis():
    assert_axis_error(lambda: pa.roll(pa.ones((2,)), 1, axis=1))


# -- reshape ------------------------------------------------------------------------------


@st.composite
def reshape_targets(draw, x):
    """A shape with the size of ``x``, possibly with one -1."""
    shape = list(draw(st.permutations(x.shape))) if x.ndim else []
    shape = shape + [1] * draw(st.integers(0, 2))
    if x.size > 1 and len(shape) > 1 and draw(st.booleans()):
        # merge two dimensions
        shape = [shape[0] * shape[1], *shape[2:]]
    if shape and x.size and draw(st.booleans()):
        shape[draw(st.integers(0, len(shape) - 1))] = -1
    return tuple(shape)


@given(st.data(), arrays())
def test_reshape(data, x):
    shape = data.draw(reshape_targets(x))
    expected = np.reshape(x, shape)
    check(pa.reshape(pa.asarray(x), shape), expected)
    copied = pa.reshape(pa.asarray(x), shape, copy=True)
    check(copied, expected)
    assert not np.shares_memory(pa.to_native(copied), x)
    for copy in (None, True, False):
        old = np_manipulation.reshape_v_2p0_and_below(x, shape, copy=copy)
        assert old.shape == expected.shape and old.dtype == x.dtype
        np.testing.assert_array_equal(old, expected)


def test_reshape_copy_false():
    x = np.arange(6.0).reshape(2, 3)
    view = pa.reshape(x, (3, 2), copy=False)
    assert np.shares_memory(pa.to_native(view), x)
    for reshape in (pa.reshape, np_manipulation.reshape_v_2p0_and_below):
        with pytest.raises(ValueError):
            reshape(x.T, (6,), copy=False)  # a transposed array cannot be flattened without a copy
    with pytest.raises(pa.PolyarrayValueError):
        pa.reshape(pa.asarray(x.T), (6,), copy=False)
    assert np.shares_memory(np_manipulation.reshape_v_2p0_and_below(x, (6,), copy=False), x)
    assert not np.shares_memory(np_manipulation.reshape_v_2p0_and_below(x, (6,), copy=True), x)


def test_reshape_bad_shape():
    with pytest.raises(pa.PolyarrayValueError):
        pa.reshape(pa.ones((2, 3)), (4, 2))
    with pytest.raises(pa.PolyarrayValueError):
        pa.reshape(pa.ones((2, 3)), (-1, -1))


# -- unstack ------------------------------------------------------------------------------


@given(array_and_axis())
def test_unstack(case):
    x, axis = case
    results = pa.unstack(pa.asarray(x), axis=axis)
    expected = tuple(np.take(x, i, axis=axis) for i in range(x.shape[axis]))
    check_all(results, expected)
    old = np_manipulation.unstack_v_2p0_and_below(x, axis=axis)
    assert type(old) is tuple and len(old) == len(expected)
    for o, e in zip(old, expected):
        np.testing.assert_array_equal(o, e)


def test_unstack_bad_input():
    with pytest.raises(pa.PolyarrayValueError):
        pa.unstack(pa.asarray(1.0))
    with pytest.raises(ValueError):
        np_manipulation.unstack_v_2p0_and_below(np.asarray(1.0))
    assert_axis_error(lambda: pa.unstack(pa.ones((2, 3)), axis=-3))


# -- take, take_along_axis ----------------------------------------------------------------


@given(st.data(), array_and_axis())
def test_take(data, case):
    x, axis = case
    n = x.shape[axis]
    indices = np.asarray(data.draw(st.lists(st.integers(-n, n - 1), max_size=5)) if n else [], dtype=np.int64)
    check(pa.take(pa.asarray(x), pa.asarray(indices), axis=axis), np.take(x, indices, axis=axis))
    if x.ndim == 1:
        check(pa.take(pa.asarray(x), pa.asarray(indices)), np.take(x, indices))


def test_take_bad_input():
    with pytest.raises(pa.PolyarrayValueError):
        pa.take(pa.ones((2, 2)), pa.asarray([0]))  # axis is required for n-d arrays
    with pytest.raises(pa.PolyarrayIndexError):
        pa.take(pa.asarray([1, 2]), pa.asarray([2]))
    assert_axis_error(lambda: pa.take(pa.ones((2, 2)), pa.asarray([0]), axis=2))


@given(st.data(), array_and_axis())
def test_take_along_axis(data, case):
    x, axis = case
    n = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = data.draw(st.integers(0, 4)) if n else 0
    # other axes may be 1 to broadcast against x
    shape = [1 if i != axis % x.ndim and data.draw(st.booleans()) else s for i, s in enumerate(shape)]
    indices = data.draw(hnp.arrays(np.int64, tuple(shape), elements=st.integers(-n, n - 1) if n else st.just(0)))
    expected = np.take_along_axis(x, indices, axis=axis)
    check(pa.take_along_axis(pa.asarray(x), pa.asarray(indices), axis=axis), expected)
    sorter = np.argsort(x, axis=axis, kind="stable")
    check(pa.take_along_axis(pa.asarray(x), pa.asarray(sorter), axis=axis), np.sort(x, axis=axis, kind="stable"))


def test_take_along_axis_default_axis_and_bad_input():
    x = pa.asarray([[10, 30, 20]])
    check(pa.take_along_axis(x, pa.asarray([[2, -1, 0]])), np.array([[20, 20, 10]]))
    with pytest.raises(pa.PolyarrayIndexError):
        pa.take_along_axis(x, pa.asarray([[3]]))
    assert_axis_error(lambda: pa.take_along_axis(x, pa.asarray([[0]]), axis=2))


# -- native mode --------------------------------------------------------------------------


def test_native_mode_returns_numpy_arrays():
    pa.set_array_mode(False)
    x = np.arange(6).reshape(2, 3)
    assert type(pa.reshape(x, (3, 2))) is np.ndarray
    parts = pa.unstack(x, axis=1)
    assert type(parts) is tuple and all(type(p) is np.ndarray for p in parts)
    both = pa.broadcast_arrays(x, np.arange(3))
    assert type(both) is list and all(type(b) is np.ndarray for b in both)
    np.testing.assert_array_equal(pa.concat([x, x], axis=None), np.concatenate([x.ravel(), x.ravel()]))
    assert type(pa.take(x, np.asarray([1]), axis=0)) is np.ndarray
