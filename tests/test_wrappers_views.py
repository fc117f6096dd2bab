"""handle_view and handle_view_indexing: writes through a view are seen by its base, on every backend.

NumPy has native views (the wrappers cost nothing there). The run-time
"frozen" backend below stands for an immutable framework (JAX, TensorFlow):
its arrays have no item assignment, so polyarray records views itself.
"""

from __future__ import annotations

import functools
import gc
import itertools
import types

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._wrappers import views as views_module

# -- an immutable framework, as a run-time plugin -------------------------------------------


class Frozen:
    """An immutable array: a read-only NumPy array inside, no item assignment."""

    __slots__ = ("values",)

    def __init__(self, values):
        values = np.array(values)
        values.flags.writeable = False
        self.values = values

    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)
    ndim = property(lambda self: self.values.ndim)

    def __getitem__(self, key):
        return Frozen(self.values[_unfreeze(key)])

    def __float__(self):
        return float(self.values)

    def __array__(self, dtype=None, copy=None):
        return np.array(self.values, dtype=dtype)

    def __repr__(self):
        return f"Frozen({self.values.tolist()})"


#: Types of the arguments the frozen implementations received (see ``frozen_plugin``).
RECEIVED: list[tuple[str, tuple[type, ...]]] = []


def _unfreeze(value):
    if type(value) is Frozen:
        return value.values
    if type(value) is list or type(value) is tuple:
        return type(value)(_unfreeze(v) for v in value)
    return value


def _freeze(result):
    if isinstance(result, (np.ndarray, np.generic)):
        return Frozen(result)
    if isinstance(result, tuple):
        items = [_freeze(r) for r in result]
        return type(result)(*items) if hasattr(result, "_fields") else tuple(items)
    if isinstance(result, list):
        return [_freeze(r) for r in result]
    return result


def _adapt(name, implementation, hookimpl):
    @functools.wraps(implementation)
    def frozen(*args, **kwargs):
        RECEIVED.append((name, tuple(type(a) for a in args)))
        return _freeze(implementation(*_unfreeze(args), **{k: _unfreeze(v) for k, v in kwargs.items()}))

    frozen.__name__ = name
    return hookimpl(frozen)


def numpy_implementations():
    """(name, implementation) of every function the NumPy backend implements natively."""
    numpy_backend = pa.get_backend("numpy")
    for decl in pa._declare.declarations(("primary", "mixed")):
        if decl.qualname in numpy_backend.native:
            raw = getattr(numpy_backend.raw, decl.namespace) if decl.namespace else numpy_backend.raw
            partial = numpy_backend.partial_mixed.get(decl.qualname)  # the raw namespace holds the chooser
            yield decl.name, getattr(raw, decl.name) if partial is None else partial[0]


def frozen_plugin(**overrides) -> types.ModuleType:
    """A backend of immutable ``Frozen`` arrays: NumPy's implementations behind an adapter."""
    from polyarray_numpy import support
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("polyarray_frozen")

    @hookimpl
    def backend_info():
        return {
            "framework": None,
            "native_array_types": [(Frozen.__module__, "Frozen")],
            "mutable_arrays": False,
            "accepts_array_likes": False,
        }

    @hookimpl
    def to_numpy(x, /):
        return np.array(_unfreeze(x))

    @hookimpl
    def inplace_update(x, value, /):
        return Frozen(np.asarray(_unfreeze(value)).astype(x.dtype))

    @hookimpl
    def set_item(x, key, value, /):
        values = np.array(x.values)
        values[_unfreeze(key)] = _unfreeze(value)
        return Frozen(values)

    for name, implementation in numpy_implementations():
        setattr(module, name, _adapt(name, implementation, hookimpl))
    module.backend_info = backend_info
    module.native_dtype = support.native_dtype
    module.device_of = support.device_of
    module.to_numpy = to_numpy
    module.inplace_update = inplace_update
    module.set_item = set_item
    for name, function in overrides.items():
        setattr(module, name, function)
    return module


def _renamed(name, implementation, hookimpl):
    @functools.wraps(implementation)
    def renamed(*args, **kwargs):
        return implementation(*args, **kwargs)

    renamed.__name__ = name
    return hookimpl(renamed)


def numpy_plugin(**overrides) -> types.ModuleType:
    """A run-time plugin (mutable arrays) with every NumPy implementation, the ``overrides`` replacing some."""
    from polyarray_numpy import support
    from polyarray_numpy._marker import hookimpl

    module = types.ModuleType("polyarray_numpy_copy")

    @hookimpl
    def backend_info():
        return {"framework": None, "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")]}

    module.backend_info = backend_info
    for name, implementation in numpy_implementations():
        setattr(module, name, _renamed(name, implementation, hookimpl))
    for name in ("native_dtype", "device_of", "inplace_update", "set_item"):
        setattr(module, name, getattr(support, name))
    for name, function in overrides.items():
        setattr(module, name, function if hasattr(function, "polyarray_impl") else hookimpl(function))
    return module


@pytest.fixture(scope="module")
def frozen():
    """The frozen backend, registered for the tests of one module."""
    pa.register_backend("frozen", frozen_plugin())
    yield pa.get_backend("frozen")
    pa.unregister_backend("frozen")


def frozen_array(values, dtype=None) -> pa.Array:
    return pa.Array(Frozen(np.asarray(values, dtype=dtype)), "frozen")


def values(x) -> np.ndarray:
    return pa.to_numpy(x)


# -- NumPy: native views, wrappers that cost nothing ----------------------------------------


def test_the_wrappers_return_the_function_unchanged_on_numpy():
    backend = pa.get_backend("numpy")

    def probe(*args, **kwargs):
        return args

    assert views_module.handle_view(probe, pa.reshape.declaration, backend) is probe
    assert views_module.handle_view_indexing(probe, None, backend) is probe
    assert backend.mutable_arrays


def test_view_functions_share_memory_on_numpy():
    x = pa.asarray(np.arange(6.0))
    reshaped = pa.reshape(x, (2, 3))
    transposed = pa.permute_dims(reshaped, (1, 0))
    column = transposed[:, 1]
    column[...] = -1.0
    np.testing.assert_array_equal(values(x), [0, 1, 2, -1, -1, -1])
    np.testing.assert_array_equal(values(reshaped)[1], [-1, -1, -1])


def test_setitem_on_a_numpy_scalar_result_gives_the_array_new_data():
    total = pa.sum(pa.asarray(np.array([1.0, 2.0])))
    total[...] = 7.0
    assert float(total) == 7.0


def test_indexing_errors_are_polyarray_errors():
    with pytest.raises(pa.PolyarrayIndexError, match=r"Array\.__getitem__"):
        pa.asarray(np.array([1, 2]))[5]
    with pytest.raises(pa.PolyarrayError, match=r"Array\.__setitem__"):
        pa.broadcast_to(pa.asarray(np.ones(1)), (3,))[0] = 2.0  # a read-only NumPy view


# -- immutable arrays: views recorded by polyarray ------------------------------------------


def test_frozen_arrays_cannot_be_written_natively(frozen):
    with pytest.raises(TypeError):
        Frozen([1.0])[0] = 2.0  # type: ignore[index]
    assert not frozen.mutable_arrays


def test_writes_through_an_indexing_view_reach_the_base_and_its_other_views(frozen):
    x = frozen_array(np.arange(8.0))
    middle = x[2:6]
    evens = x[::2]
    inner = middle[1:]  # a view of a view
    middle[0] = -1.0
    np.testing.assert_array_equal(values(x), [0, 1, -1, 3, 4, 5, 6, 7])
    np.testing.assert_array_equal(values(evens), [0, -1, 4, 6])
    inner[...] = 9.0
    np.testing.assert_array_equal(values(x), [0, 1, -1, 9, 9, 9, 6, 7])
    np.testing.assert_array_equal(values(middle), [-1, 9, 9, 9])
    np.testing.assert_array_equal(values(evens), [0, -1, 9, 6])
    x[7] = 70.0  # a write to the base reaches its views
    np.testing.assert_array_equal(values(evens), [0, -1, 9, 6])
    x[6] = 60.0
    np.testing.assert_array_equal(values(evens), [0, -1, 9, 60])


def test_advanced_indexing_gives_a_copy_as_on_numpy(frozen):
    x = frozen_array([1.0, 2.0, 3.0])
    picked = x[pa.asarray(np.array([0, 2]), backend="frozen")]
    picked[...] = 0.0
    np.testing.assert_array_equal(values(x), [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(values(picked), [0.0, 0.0])


def test_out_given_a_view_writes_through_to_the_base(frozen):
    x = frozen_array(np.zeros(5))
    view = x[1:4]
    other = x[2:]
    result = pa.add(view, 1.0, out=view)
    assert result is view
    np.testing.assert_array_equal(values(x), [0, 1, 1, 1, 0])
    np.testing.assert_array_equal(values(other), [1, 1, 0])


def test_dead_views_are_forgotten(frozen):
    x = frozen_array(np.zeros(4))
    view = x[1:]
    del view
    gc.collect()
    x[0] = 1.0
    assert x._views == []


@given(data=st.data())
def test_nested_basic_index_views_write_through_exactly_as_numpy_views_do(frozen, data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, max_side=4), label="shape")
    first = data.draw(hnp.basic_indices(shape, allow_newaxis=True), label="first")
    start = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    x, expected = frozen_array(start), pa.asarray(start.copy())
    view, expected_view = x[first], expected[first]
    second = data.draw(hnp.basic_indices(expected_view.shape, allow_newaxis=True), label="second")
    inner, expected_inner = view[second], expected_view[second]
    for target, reference, value in ((inner, expected_inner, -1.0), (view, expected_view, -2.0), (x, expected, -3.0)):
        target[...] = value
        reference[...] = value
        for got, want in ((x, expected), (view, expected_view), (inner, expected_inner)):
            np.testing.assert_array_equal(values(got), values(want))


def test_an_integer_for_every_axis_gives_a_0d_view_on_numpy_too():
    x = pa.asarray(np.arange(6.0).reshape(2, 3))
    element = x[1, 2]
    assert element.shape == ()
    element[...] = -1.0
    assert float(x[1, 2]) == -1.0


# -- handle_view where it sees pa.Array arguments -----------------------------------------
# In WRAPPER_ORDER handle_view runs inside the conversion wrappers, where arguments are
# native; placed outside them (as below) it records views of pa.Array arguments.


def _outer_view(frozen, name):
    decl = getattr(pa, name).declaration
    return views_module.handle_view(frozen.functions[decl.qualname], decl, frozen)


def test_view_functions_record_their_base_when_they_see_arrays(frozen):
    reshape = _outer_view(frozen, "reshape")
    permute_dims = _outer_view(frozen, "permute_dims")
    x = frozen_array(np.arange(6.0))
    grid = reshape(x, (2, 3))
    columns = permute_dims(grid, (1, 0))
    columns[2] = 0.0
    np.testing.assert_array_equal(values(x), [0, 1, 0, 3, 4, 0])
    np.testing.assert_array_equal(values(grid), [[0, 1, 0], [3, 4, 0]])
    copied = reshape(x, (3, 2), copy=True)
    copied[...] = 5.0
    np.testing.assert_array_equal(values(x), [0, 1, 0, 3, 4, 0])


def test_each_array_of_a_tuple_result_is_a_view(frozen):
    unstack = _outer_view(frozen, "unstack")
    x = frozen_array(np.arange(6.0).reshape(2, 3))
    first, second = unstack(x)
    second[...] = 0.0
    np.testing.assert_array_equal(values(x), [[0, 1, 2], [0, 0, 0]])
    np.testing.assert_array_equal(values(first), [0, 1, 2])


def test_broadcast_results_are_not_tracked(frozen):
    broadcast_to = _outer_view(frozen, "broadcast_to")
    x = frozen_array([1.0, 2.0])
    wide = broadcast_to(x, (3, 2))
    wide[...] = 0.0
    np.testing.assert_array_equal(values(x), [1.0, 2.0])


# -- Python bools in a key, as NumPy reads them ---------------------------------------------------

#: The parts the keys of the bool tests are made of, for an array of shape (2, 3, 4).
_KEY_PARTS = [True, False, 0, -1, slice(None), slice(1, None), None, Ellipsis]


def _numpy_keys(parts: list, length: int, wanted, every: int = 1):
    """The keys of up to ``length`` of ``parts`` for which ``wanted(key)`` holds and which NumPy takes for an array
    of shape (2, 3, 4); of those of ``length`` parts, every ``every``-th."""
    x = np.zeros((2, 3, 4))
    for size in range(1, length + 1):
        for number, key in enumerate(itertools.product(parts, repeat=size)):
            if (size == length and number % every) or not wanted(key):
                continue
            try:
                x[key]
            except IndexError:
                continue
            yield key


def _keys_with_bools(length: int):
    """Every key of up to ``length`` of :data:`_KEY_PARTS` holding a bool."""
    return _numpy_keys(_KEY_PARTS, length, lambda key: any(part is True or part is False for part in key))


def test_bools_in_a_key_are_read_as_numpy_reads_them():
    """``bools_as_new_axis`` writes every key of bools, ints, slices, ``None`` and ``...`` as a key without bools
    (and the axis to empty) that selects what NumPy selects with the bools: one new axis, where the ints and bools
    stand together or else first, of length 0 if any bool is False."""
    x = np.arange(24.0).reshape(2, 3, 4)
    count = 0
    for key in _keys_with_bools(4):
        rewritten, emptied = views_module.bools_as_new_axis(key, 3)
        assert not any(part is True or part is False for part in rewritten), key
        got = x[rewritten]
        if emptied is not None:
            got = got[(slice(None),) * emptied + (slice(0, 0),)]
        expected = x[key]
        assert got.shape == expected.shape and np.array_equal(got, expected), (key, got.shape, expected.shape)
        count += 1
    assert count > 1000


def test_a_key_of_bools_gives_numpy_s_result_and_a_copy_on_every_backend(polyarray_backend):
    """``x[key]`` with Python bools gives NumPy's values and shape on every backend (PyTorch read a bool as
    ``None`` wherever it stood, Dask refused bools), and a copy, as NumPy's advanced indexing does; ``x[key] = v``
    writes what NumPy writes, nothing for a False, and refuses a value that does not fit as NumPy does."""
    backend = polyarray_backend
    base = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    x = pa.asarray(base, backend=backend)
    for key in _keys_with_bools(3):
        np.testing.assert_array_equal(values(x[key]), base[key], err_msg=repr(key))
        assert values(x[key]).shape == base[key].shape, key
    for key in [True, (0, True), (Ellipsis, True), (0, slice(None), True)]:
        y = pa.asarray(base.copy(), backend=backend)
        view = y[key]
        y[0, 0, 0] = 100.0
        assert values(view).reshape(-1)[0] == 0.0, key
    fits, misfits = np.ones(4, np.float32), np.ones(5, np.float32)
    for key, value in [(True, 9.0), (False, 9.0), ((0, True), [1.0, 2.0, 3.0, 4.0]), ((0, False), fits),
                       (False, misfits), ((0, False), np.ones((1, 1, 2), np.float32))]:  # fmt: skip
        expected = base.copy()
        try:
            expected[key] = value
        except ValueError:
            with pytest.raises(pa.PolyarrayValueError):
                pa.asarray(base.copy(), backend=backend)[key] = value
            continue
        y = pa.asarray(base.copy(), backend=backend)
        y[key] = value
        np.testing.assert_array_equal(values(y), expected, err_msg=repr(key))


# -- index arrays beside ints, bools and slices, as NumPy reads them ------------------------------

#: The parts of the mixed keys, for an array of shape (2, 3, 4): ints, slices, new axes, bools, and index
#: arrays (lists, integer and boolean NumPy arrays).
_MIXED_PARTS = [
    0, -1, slice(None), slice(None, None, -1), slice(1, None, 2), None, Ellipsis, True, np.int64(1), np.array(1),
    [0, 1], np.array([1, 0]), np.array([[0], [1]]), np.array([True, False]), np.array([True, False, True]),
]  # fmt: skip


def _mixed_keys():
    """The keys of one or two of :data:`_MIXED_PARTS`, and every fourth of three, holding an index array (493)."""
    return _numpy_keys(
        _MIXED_PARTS, 3, lambda key: any(isinstance(part, (list, np.ndarray)) and np.ndim(part) for part in key), 4
    )


def test_index_arrays_beside_ints_and_bools_select_what_numpy_selects_on_every_backend(polyarray_backend):
    """``x[key]`` and ``x[key] = v`` with index arrays beside ints, bools, slices, new axes and ``...`` select
    what NumPy selects on every backend, the index arrays given as NumPy arrays or as arrays of the backend.
    PyTorch read an int beside an index array as a basic index (``x[0, :, [0, 1]]`` of shape (3, 2), not
    NumPy's (2, 3)), JAX a bool beside one its own way, and Dask refused most of these keys. On Dask, a mask
    that is a Dask array beside other index arrays, ints or bools is a ``PolyarrayValueError`` that says to compute it
    (docs/departures.md): NumPy broadcasts its count of True values, known only once it is computed."""
    backend = polyarray_backend
    base = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    keys = list(_mixed_keys())
    assert len(keys) > 450
    for key in keys:
        expected = base[key]
        stored = -np.arange(expected.size, dtype=np.float32).reshape(expected.shape)
        written = base.copy()
        written[key] = stored
        for native in (False, True):
            given = tuple(
                pa.asarray(part, backend=backend) if native and isinstance(part, np.ndarray) and part.ndim else part
                for part in key
            )
            dask_mask = native and backend == "dask" and any(np.ndim(p) and np.asarray(p).dtype == bool for p in key)
            others = sum(isinstance(p, (list, np.ndarray, int, np.integer)) for p in key)
            x = pa.asarray(base.copy(), backend=backend)
            if dask_mask and others > 1:
                with pytest.raises(pa.PolyarrayValueError, match=r"pa\.to_numpy"):
                    x[given]
                continue
            got = values(x[given])
            assert got.shape == expected.shape and np.array_equal(got, expected), (key, native, got.shape)
            x[given] = pa.asarray(stored, backend=backend)
            np.testing.assert_array_equal(values(x), written, err_msg=f"{key!r} {native}")


def test_a_mask_of_two_axes_beside_ints_and_an_ellipsis_takes_its_two_axes_on_every_backend(polyarray_backend):
    """A mask of two axes beside an int or a bool and ``...`` takes two of the array's axes when the key is
    read for NumPy's rules (the ellipsis fills the rest), given as a NumPy mask or as one of the backend's."""
    base = np.arange(48.0, dtype=np.float32).reshape(2, 3, 4, 2)
    mask = np.array([[True, False, True, False], [False, True, True, False], [True, True, False, False]])
    x = pa.asarray(base, backend=polyarray_backend)
    for key in [(0, mask, Ellipsis), (Ellipsis, mask, 1), (Ellipsis, True, mask, 1), (True, 0, mask)]:
        np.testing.assert_array_equal(values(x[key]), base[key], err_msg=repr(key))
        native = tuple(pa.asarray(part, backend=polyarray_backend) if part is mask else part for part in key)
        if polyarray_backend == "dask":  # a Dask mask beside an int or a bool: docs/departures.md
            with pytest.raises(pa.PolyarrayValueError, match=r"pa\.to_numpy"):
                x[native]
        else:
            np.testing.assert_array_equal(values(x[native]), base[key], err_msg=repr(key))
