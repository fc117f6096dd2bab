"""The compiled fast paths (``polyarray._speedups``): on where built, and giving what the Python code gives.

Every test but the first runs the same way with and without them: nox runs
this suite with them (``tests``) and without (``tests_numpy``,
``POLYARRAY_PURE_PYTHON=1``), and says which it expects through
``POLYARRAY_EXPECT_SPEEDUPS``.
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import operator
import os
import pickle
import sys
import types

import numpy as np
import pytest
from operator_outcomes import compiled_and_python
from plugin_site import registered, run_time_plugin

import polyarray as pa
from polyarray import _accel, _array, _handler
from polyarray._config import settings


def test_the_compiled_fast_paths_are_on_exactly_where_expected():
    built = importlib.util.find_spec("polyarray._speedups") is not None
    assert _accel.AVAILABLE == (built and not os.environ.get(_accel.ENVIRONMENT_VARIABLE))
    expected = os.environ.get("POLYARRAY_EXPECT_SPEEDUPS")
    if expected is not None:
        assert _accel.AVAILABLE == (expected == "1")
    xp = pa.get_backend("numpy")
    if _accel.AVAILABLE:
        assert type(pa.add).__name__ == "Dispatcher" and type(xp.add).__name__ == "FastFunction"
        assert type(settings).__name__ == "Settings" and type(settings).__module__ == "polyarray._speedups"
        # The compiled objects read the plan their Python fast path reads, and name it for tracers.
        assert xp.add.python.plan is xp.add.plan and xp.add.python.chain is xp.add.chain
        assert getattr(xp.add, "__original_fn") is xp.add.python
        assert pa.add.python.declaration is pa.add.declaration
    else:
        assert isinstance(pa.add, types.FunctionType) and isinstance(xp.add, types.FunctionType)
    # Either dispatcher hands what it does not take to the Python one, which PyTorch's compiler traces.
    assert pa.add.python is not pa.add and getattr(pa.add, "__original_fn") is pa.add.python


def _raising_plugin(errors):
    """A run-time backend on NumPy whose ``add`` raises ``errors[0]`` when it is set."""

    def add(x1, x2, /):
        if errors:
            raise errors[0]
        return np.add(x1, x2)

    return run_time_plugin("polyarray_raising_plugin", add=add)


@pytest.fixture
def raising():
    errors = []
    with registered("raising", _raising_plugin(errors)) as backend:
        yield backend, errors


def test_errors_of_the_implementation_are_translated_with_their_cause(raising):
    xp, errors = raising
    assert type(xp.add).__name__ == ("FastFunction" if _accel.AVAILABLE else "function")
    a = np.ones(3)
    errors.append(ValueError("bad values"))
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.add failed on the raising backend") as caught:
        xp.add(a, a)
    assert caught.value.__cause__ is errors[0] and caught.value.__suppress_context__
    assert caught.value.__cause__.__traceback__ is not None
    own = pa.PolyarrayTypeError("already polyarray's")
    errors[:] = [own]
    with pytest.raises(pa.PolyarrayTypeError) as caught:
        xp.add(a, a)
    assert caught.value is own
    errors[:] = [KeyboardInterrupt()]
    with pytest.raises(KeyboardInterrupt):
        xp.add(a, a)
    errors.clear()
    np.testing.assert_array_equal(pa.to_numpy(xp.add(a, a)), [2.0, 2.0, 2.0])


def test_settings_are_read_on_every_call():
    a = np.array([1.0, np.nan])
    xp = pa.get_backend("numpy")
    pa.set_array_mode(False)
    assert type(xp.add(a, a)) is np.ndarray and type(pa.add(a, a)) is np.ndarray
    pa.set_array_mode(True)
    assert type(xp.add(a, a)) is pa.Array and type(pa.add(a, a)) is pa.Array
    pa.set_nan_policy("raise_exception")
    try:
        with pytest.raises(pa.PolyarrayValueError, match="NaN"):
            xp.add(a, a)
    finally:
        pa.set_nan_policy("nothing")
    assert xp.add(a, a).dynamic_backend and pa.add(pa.asarray(a), a).dynamic_backend  # the default
    with pa.dynamic_backend_as(False):
        assert not xp.add(a, a).dynamic_backend and not pa.add(pa.asarray(a), a).dynamic_backend
    assert xp.add(a, a).dynamic_backend


def test_calls_with_keywords_or_other_arguments_agree_with_the_python_path():
    xp = pa.get_backend("numpy")
    a = np.arange(6.0).reshape(2, 3)
    assert pa.to_numpy(xp.sum(a, axis=0)).tolist() == [3.0, 5.0, 7.0]
    assert pa.to_numpy(xp.reshape(a, pa.Shape((3, 2)))).shape == (3, 2)  # a pa.Shape argument
    out = pa.zeros((2, 3))
    assert xp.add(a, a, out=out) is out
    with pytest.raises(TypeError):
        xp.add(a)
    with pytest.raises(TypeError):
        pa.add(a, a, a)


def test_the_dispatcher_chooses_as_the_python_one():
    a = np.ones(2, dtype=np.float32)
    _handler.state.implicit = None
    assert pa.add(a, a).backend.name == "numpy" and _handler.state.implicit.name == "numpy"
    assert pa.add([1.0], [2.0]).backend.name == "numpy"  # inferred by the Python dispatcher
    with pa.backend_context("numpy"):
        assert pa.add(pa.asarray(a), 1.0).backend.name == "numpy"
    assert pa.add(a, a, backend="numpy").backend.name == "numpy"
    with pytest.raises(pa.BackendNotFoundError):
        pa.add(a, a, backend="nosuchbackend")


def _choice_outcome(dispatcher, args, kwargs, context, implicit):
    """The backend ``dispatcher(*args, **kwargs)`` runs on under ``context`` (the backends set, innermost last), and the
    implicit backend after it, starting from ``implicit``; or the error's class."""
    _handler.state.implicit = implicit
    try:
        with contextlib.ExitStack() as stack:
            for name in context:
                stack.enter_context(pa.backend_context(name))
            result = dispatcher(*args, **kwargs)
    except Exception as error:
        return type(error).__name__
    finally:
        after = _handler.state.implicit
        _handler.state.implicit = None
    return result.backend.name, after.name if after is not None else None


def test_the_public_function_chooses_as_the_python_dispatcher_in_every_case():
    """The public object (compiled, or the quick Python dispatcher) and its ``python`` dispatcher (which defines
    the choice) pick the same backend and leave the same implicit backend, with and without a backend set."""
    with registered("other", _raising_plugin([])) as backend:
        other = backend.name
        a = np.ones(2, dtype=np.float32)
        mine, theirs = pa.asarray(a, backend="numpy"), pa.Array(a, other)
        cases = [
            ((mine, mine), {}),
            ((theirs, theirs), {}),
            ((theirs, mine), {}),
            ((a, a), {}),
            ((1.0, theirs), {}),
            (([1.0], [2.0]), {}),
            ((mine, 1.0), {"backend": other}),
            ((mine, mine), {"backend": "nosuchbackend"}),
        ]
        numpy = pa.get_backend("numpy")
        for args, kwargs in cases:
            for context in ((), ("numpy",), (other,), (other, "numpy"), ("numpy", other)):
                for implicit in (None, numpy, backend):
                    outcome = _choice_outcome(pa.add, args, kwargs, context, implicit)
                    assert outcome == _choice_outcome(pa.add.python, args, kwargs, context, implicit), (
                        args,
                        kwargs,
                        context,
                    )


#: Keys of every kind: plain basic ones (the compiled subscript's), NumPy integers, arrays (native and pa.Array,
#: the compiled subscript's too: index arrays, masks, 0-d ones), booleans, and bad ones.
SUBSCRIPT_KEYS = [
    1, -1, (1, 2), (slice(None), None), (None, 1, ...), slice(1, 3), (..., slice(None, None, -1)), (), ...,
    (1, ..., 2), np.int64(1), (np.int64(1), 2), [0, 2], np.array([True, False, True]), True,
    5, (0, 0, 0), "a", (slice(None), [0, 1]), (..., ...), (1, ..., None, ...), [[0, 2]], [], 1.0,
    np.array([2, 0]), np.array([[0], [2]]), np.ones((3, 4), dtype=bool), np.array(1), np.array([0.5]),
    pa.asarray(np.array([2, 0, -1]), backend="numpy"), pa.asarray(np.array([True, False, True]), backend="numpy"),
    pa.asarray(np.array(1), backend="numpy"), pa.asarray(np.array(True), backend="numpy"),
    pa.asarray(np.array([5]), backend="numpy"), pa.asarray(np.array([0.5]), backend="numpy"),
    pa.asarray(np.array([True, False]), backend="numpy"), pa.asarray(np.zeros((0,), dtype=np.int64), backend="numpy"),
]  # fmt: skip


def _outcome(index, array, key):
    try:
        result = index(array, key)
    except Exception as error:
        return type(error), str(error)
    return type(result), result.backend, result.dtype, result.shape, pa.to_numpy(result).tolist()


@pytest.mark.parametrize("key", SUBSCRIPT_KEYS, ids=repr)
def test_the_subscript_gives_what_getitem_gives(key):
    """``array[key]`` (compiled where built) and the code of ``pa.Array.__getitem__`` give the same outcome,
    and a basic key's result is a view on both."""
    data = np.arange(12.0).reshape(3, 4)
    array = pa.asarray(data, backend="numpy")
    assert _outcome(lambda a, k: a[k], array, key) == _outcome(pa.Array.__getitem__, array, key)
    if pa.get_backend("numpy").direct_index_type is not None and isinstance(key, (int, slice, tuple)):
        try:
            view = array[key]
        except IndexError:
            return
        if not np.shares_memory(view.data, data):
            return  # advanced indexing copies, on both paths
        view[...] = -1.0
        assert (data == -1.0).sum() == view.size
        assert np.shares_memory(pa.Array.__getitem__(array, key).data, data)


def test_public_functions_pickle_by_name_and_keep_their_signature():
    import inspect

    for function in (pa.add, pa.linalg.svd, pa.sum):
        assert pickle.loads(pickle.dumps(function)) is function
        assert list(inspect.signature(function).parameters) == [*function.declaration.signature.parameters, "backend"]
        assert function.__doc__ == function.declaration.doc


def test_no_reference_is_leaked():
    xp = pa.get_backend("numpy")
    a = np.ones(4, dtype=np.float32)
    b = pa.asarray(a)
    calls = [
        lambda: xp.add(a, a),
        lambda: pa.add(a, a),
        lambda: pa.add(b, b),
        lambda: xp.matmul(a, a),
        lambda: pa.sum(b),
        lambda: operator.iadd(b, 0.0),  # the in-place slot and the compiled writer call
        lambda: operator.iadd(b, b),
        lambda: operator.isub(b, np.zeros(4, dtype=np.float32)),
    ]
    for call in calls:
        call()
    gc.collect()
    before = (sys.getrefcount(a), sys.getrefcount(b), sys.getrefcount(xp), sys.getrefcount(b.data))
    for _ in range(200):
        for call in calls:
            call()
        with pytest.raises(pa.PolyarrayError):
            xp.matmul(a, np.ones((2, 3)))
        with np.errstate(all="raise"):  # the writer declines: the reference writes
            operator.iadd(b, 0.0)
        with pytest.raises(pa.PolyarrayError):
            operator.iadd(b, np.ones(3, dtype=np.float32))  # the writer raises: the reference raises
    gc.collect()
    assert (sys.getrefcount(a), sys.getrefcount(b), sys.getrefcount(xp), sys.getrefcount(b.data)) == before


@pytest.mark.skipif(not _accel.AVAILABLE, reason="compares the compiled pruning with the Python one it accelerates")
def test_the_compiled_pruning_keeps_what_the_python_one_keeps():
    import weakref

    from polyarray import _registry

    with pa.dynamic_backend_as(False):
        kept = [pa.asarray([float(i)]) for i in range(6)]
        dead = [pa.asarray([0.0]) for _ in range(4)]
    for x in kept[:4]:
        x._dynamic = True
    refs = [weakref.ref(x) for x in [*kept, *dead, kept[0], kept[2]]]  # opted out, dying, and repeated
    del dead
    gc.collect()
    python_refs, compiled_refs = list(refs), list(refs)
    assert _accel.prune(compiled_refs) == _registry._prune(python_refs) == 1024
    assert [r() for r in compiled_refs] == [r() for r in python_refs] == kept[:4]


def test_the_operators_give_what_the_python_operators_give():
    """``x + y``, ``-x``, ``x < y`` … through the compiled number and comparison slots give what CPython's own
    slots calling the Python operators give: subclasses, overriding or declining ones first where CPython's
    rules say, NotImplemented handed on, errors alike."""
    compiled, python = compiled_and_python()
    assert len(compiled) == len(python) > 100
    assert [line for line in compiled if line not in python] == []
    assert compiled == python
    assert "A[0] + O -> str 'Overriding.__radd__'" in compiled and "U + A -> str 'Unrelated.__add__'" in compiled
    assert (
        "O *= 2 -> str 'Overriding.__imul__'" in compiled
        and "D += 1 -> Array numpy pa.float64 [2.0, 2.0, 2.0]" in compiled
    )


def test_the_compiled_slots_are_on_arrays_and_subclasses_until_an_operator_is_assigned():
    operators = sorted([*_array.OPERATOR_QUALNAMES, *_array.INPLACE_OPERATORS])

    class Sub(pa.Array):
        __slots__ = ()

    expected = operators if _accel.AVAILABLE else []
    assert sorted(_accel.compiled_slots(pa.Array)) == expected and sorted(_accel.compiled_slots(Sub)) == expected
    Sub.__add__ = Sub.__add__  # CPython's own slot again, for the class alone
    assert "__add__" not in _accel.compiled_slots(Sub) and sorted(_accel.compiled_slots(pa.Array)) == expected
    x = Sub(np.ones(2))
    assert pa.to_numpy(x + x).tolist() == [2.0, 2.0] and pa.to_numpy(1.0 + x).tolist() == [2.0, 2.0]
    assert "__add__" not in _accel.compiled_slots(int)


def test_an_array_made_in_the_memory_of_a_freed_one_starts_empty():
    """The compiled deallocator keeps freed arrays' memory for the next results (a free list), as CPython keeps
    freed floats'. A result made in it is a new array: tracked by the collector, of ``pa.Array`` itself (a
    subclass's instance is not kept), with no slot or weak reference of its previous life; each array holds one
    reference to its class, as before."""
    import weakref

    backend = pa.get_backend("numpy")
    x = pa.asarray(np.arange(12.0).reshape(3, 4))

    class Slotted(pa.Array):
        __slots__ = ("extra",)

    before = sys.getrefcount(pa.Array), sys.getrefcount(Slotted), sys.getrefcount(x.data)
    called = []
    for _ in range(3):
        freed = [x[i] for i in range(3)] + [x + 1.0 for _ in range(40)]
        for array in freed:
            array._view = (x, (0,))
            weakref.ref(array, called.append)  # dies with the array: no call
        subclassed = Slotted.__new__(Slotted)
        subclassed.data, subclassed.backend, subclassed.extra = x.data, backend, object()
        watched = [weakref.ref(array, called.append) for array in freed[:5]]
        del freed, array, subclassed
        assert len(called) == 5 and all(ref() is None for ref in watched)
        called.clear()
        made = [x[1]] + [x * 2.0 for _ in range(40)] + [x[0]]
        for array in made:
            assert type(array) is pa.Array and gc.is_tracked(array)
            assert array.backend is backend and not hasattr(array, "_view") and not hasattr(array, "extra")
        assert pa.to_numpy(made[0]).tolist() == [4.0, 5.0, 6.0, 7.0]
        assert pa.to_numpy(made[-1]).tolist() == [0.0, 1.0, 2.0, 3.0]
        assert pa.to_numpy(made[1]).tolist() == (np.arange(12.0).reshape(3, 4) * 2).tolist()
        del made, array
        assert called == []  # no weak reference of a previous life calls back
    assert (sys.getrefcount(pa.Array), sys.getrefcount(Slotted), sys.getrefcount(x.data)) == before


def test_arrays_and_instances_of_subclasses_are_freed_as_python_frees_them():
    """Where the extension is built, ``pa.Array`` has a compiled deallocator (``accelerate_dealloc``); CPython's
    generic one frees instances of subclasses and calls it for the part that is ``pa.Array``'s. Either way (the
    test runs with and without the extension): the slots' references are released, weak references called back,
    finalizers run (a subclass's, and one given to ``pa.Array`` itself), a resurrected array stays whole, each
    instance's reference to its class is released, and a long chain of arrays frees without deep recursion."""
    import weakref

    backend = pa.get_backend("numpy")
    held, extra, events = np.ones(2), object(), []

    class Slotted(pa.Array):
        __slots__ = ("extra",)

    class WithDict(pa.Array):
        pass

    class Finalized(pa.Array):
        __slots__ = ()

        def __del__(self):
            events.append("finalized")

    classes = (pa.Array, Slotted, WithDict, Finalized)
    references = [sys.getrefcount(held), sys.getrefcount(extra), *(sys.getrefcount(cls) for cls in classes)]
    for cls in classes:
        array = cls.__new__(cls)
        array.data, array.backend = held, backend
        if cls is Slotted:
            array.extra = extra
        if cls is WithDict:
            array.more = [extra]
        weakref.ref(array, lambda _, name=cls.__name__: events.append(name))  # dies with the array: no call
        kept = weakref.ref(array, lambda _, name=cls.__name__: events.append(name))
        del array
        assert kept() is None
    del cls  # the loop's last class
    assert events == ["Array", "Slotted", "WithDict", "finalized", "Finalized"]
    assert [sys.getrefcount(held), sys.getrefcount(extra), *(sys.getrefcount(cls) for cls in classes)] == references

    resurrected = []

    class Resurrecting(pa.Array):
        __slots__ = ()

        def __del__(self):
            resurrected.append(self)

    array = Resurrecting.__new__(Resurrecting)
    array.data, array.backend = held, backend
    del array
    assert resurrected[0].data is held and resurrected[0].backend is backend
    resurrected.clear()
    gc.collect()

    pa.Array.__del__ = lambda self: events.append("pa.Array finalized")
    try:
        del events[:]
        array = pa.asarray(held)
        del array
        assert events == ["pa.Array finalized"]
    finally:
        del pa.Array.__del__
    array = pa.asarray(held)
    del array
    assert events == ["pa.Array finalized"]

    chain = pa.asarray(held)
    for _ in range(200_000):
        link = pa.asarray(held)
        link._view = (chain, ())
        chain = link
    del chain, link
    assert sys.getrefcount(held) == references[0]
