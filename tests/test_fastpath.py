"""The fast path of backend functions: it gives what the wrapper chain gives, and yields to it when it must.

The conformance suite compares the fast path with the chain on every call it
makes (``polyarray.testing``'s harness); these tests cover what the fast path
itself decides: which calls it takes, scalars, keywords, and integer checks.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import inspect
import itertools
import warnings

import numpy as np
import pytest
from plugin_site import registered, run_time_plugin

import polyarray as pa
from polyarray import _accel
from polyarray._backend import implementation_module_names, made
from polyarray._declare import declarations
from polyarray._fastpath import _direct
from polyarray._marks import resolver_of
from polyarray._variants import parse_variant_name, release_of

MODULES = [importlib.import_module(name) for name in implementation_module_names(pa.get_backend("numpy").info)]


def _marked(*items):
    """The implementations marked ``polyarray_direct`` with ``items`` items (2 by default; 3: the mark names
    dtypes; 4: it names dtypes and the callable the body forwards every call to; 5: and the class of the first
    operand it holds for)."""
    for module in MODULES:
        for name, function in vars(module).items():
            if inspect.isfunction(function) and len(getattr(function, "polyarray_direct", ())) in (items or (2,)):
                yield module, name, function


def _forwarded_to(function):
    """The callable a mark says the body forwards every call to (the first item, or the fourth)."""
    mark = function.polyarray_direct
    return mark[0] if len(mark) == 2 else mark[3]


#: Calls of the NumPy implementations marked for some dtypes, on arrays of those dtypes.
GUARDED_CASES = {
    "sum": [
        ((np.arange(6.0).reshape(2, 3),), {}),
        ((np.arange(6.0, dtype=np.float32).reshape(2, 3),), {"axis": 1, "keepdims": True}),
        ((np.arange(6.0).reshape(2, 3),), {"axis": ()}),
        ((np.arange(6.0).reshape(2, 3),), {"axis": (0, 1), "dtype": np.float32}),
        ((np.zeros((0, 3), dtype=np.complex64),), {"axis": 0}),
        ((np.array([1e30, -1e30, 1.0], dtype=np.float32),), {"dtype": np.float64}),
    ],
    # Of at least two dimensions: the core refuses the others before the fast path calls the mark's callable.
    "matrix_transpose": [
        ((np.arange(6.0).reshape(2, 3),), {}),
        ((np.arange(24, dtype=np.int8).reshape(2, 3, 4)[:, ::2],), {}),
        ((np.zeros((0, 3), dtype=np.complex64),), {}),
        ((np.ones((2, 2), dtype=bool),), {}),
    ],
}


@pytest.mark.parametrize("module, name, function", list(_marked(3)), ids=lambda v: getattr(v, "__name__", ""))
def test_a_mark_with_dtypes_gives_what_the_implementation_gives_for_them(module, name, function):
    native, code, dtypes = function.polyarray_direct
    assert code is function.__code__
    for args, kwargs in GUARDED_CASES[name]:
        assert args[0].dtype in dtypes
        expected, actual = np.asarray(function(*args, **kwargs)), np.asarray(native(*args, **kwargs))
        assert (expected.dtype, expected.shape, expected.strides) == (actual.dtype, actual.shape, actual.strides), name
        np.testing.assert_array_equal(actual, expected)


def _operands(dtype, arity):
    """Operands of every kind for a function of ``dtype`` arrays: arrays, NumPy scalars (the 0-d results of
    reductions), 0-d arrays, the special values, and Python scalars beside an array."""
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        values = np.array([0, 1, 2, 3, 5, 7, 11, 2, info.max, info.min], dtype=dtype)
    else:
        values = np.array([0.0, -0.0, 1.5, -2.25, 3e-8, 6.0e4, np.inf, -np.inf, np.nan, 7.0], dtype=dtype)
    firsts = [values, values[::-1], *values, values[:1].reshape(())]
    if arity == 1:
        return [(x,) for x in firsts]
    seconds = [values[::-1], *values[:6], 2, -3, 0.1, -0.0, float("inf"), float("nan"), values[3:4].reshape(())]
    return [(x1, x2) for x1 in firsts for x2 in seconds] + [(x2, x1) for x1 in firsts[:4] for x2 in seconds[-8:-1]]


def _outcome_of(function, args):
    """The result's type, dtype, shape and values (floats as numbers, NaN and signed zeros told apart by
    :func:`_same_with_nans`), or the error's class."""
    with np.errstate(all="ignore"):
        try:
            result = function(*args)
        except Exception as error:
            return type(error)
    array = np.asarray(result)
    return type(result), array.dtype, array.shape, array.tolist() if array.dtype.kind == "f" else array.tobytes()


def _same_with_nans(expected, actual):
    if not isinstance(expected, tuple) or expected[:3] != actual[:3] or expected[1].kind != "f":
        return False
    values = [np.asarray(outcome[3], dtype=float) for outcome in (expected, actual)]
    return np.array_equal(*values, equal_nan=True) and np.array_equal(*(np.signbit(v) for v in values))


@pytest.mark.parametrize("module, name, function", list(_marked(4, 5)), ids=lambda v: getattr(v, "__name__", ""))
def test_a_faster_callable_gives_what_the_implementation_gives_for_its_dtypes(module, name, function):
    """``faster=(callable, dtypes[, cls])``: the values, dtypes, shapes and types of the implementation, for
    arrays, NumPy scalars and Python scalars as operands, the special values included (with ``cls``, for a
    first operand of that class)."""
    cheaper, code, dtypes, _, *cls = function.polyarray_direct
    assert code is function.__code__ and dtypes
    arity = len(inspect.signature(function).parameters)
    for dtype in dtypes:
        for args in _operands(dtype, arity):
            if cls and args[0].__class__ is not cls[0]:
                continue
            expected, actual = _outcome_of(function, args), _outcome_of(cheaper, args)
            assert expected == actual or _same_with_nans(expected, actual), (name, dtype, args)


@pytest.mark.parametrize("module, name, function", list(_marked(2, 4, 5)), ids=lambda v: getattr(v, "__name__", ""))
def test_a_direct_mark_names_the_call_the_body_makes_with_the_arguments_unchanged(module, name, function):
    tree = ast.parse(inspect.getsource(function))
    definition = tree.body[0]
    body = [node for node in definition.body if not isinstance(node, ast.Expr)]
    assert len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call)
    call = body[0].value
    arguments = definition.args
    assert [ast.unparse(a) for a in call.args] == [a.arg for a in arguments.posonlyargs + arguments.args]
    assert [(k.arg, ast.unparse(k.value)) for k in call.keywords] == [(a.arg, a.arg) for a in arguments.kwonlyargs]
    assert eval(ast.unparse(call.func), vars(module)) is _forwarded_to(function)
    assert _direct(function) is _forwarded_to(function)
    variant = parse_variant_name(name)
    if variant is not None and release_of(np.__version__) not in variant[1]:
        return  # written for another NumPy release: its native callable is that release's
    # The fast path passes only the arguments given: a parameter the function gives a default must have one
    # in the native callable too (the same, or the framework's "not given" marker, as NumPy's keepdims).
    try:
        native = inspect.signature(_forwarded_to(function)).parameters
    except (TypeError, ValueError):
        return  # a builtin without a signature (a ufunc): it takes exactly the array arguments
    for param in inspect.signature(function).parameters.values():
        if param.default is not param.empty:
            assert param.name in native and native[param.name].default is not param.empty, (name, param.name)


def test_a_wrapper_that_copies_the_mark_does_not_inherit_it():
    def function(x1, x2, /):
        return np.add(x1, x2)

    function.polyarray_direct = (np.add, function.__code__)

    @functools.wraps(function)
    def wrapped(x1, x2, /):
        return function(x1, x2) + 1

    assert hasattr(wrapped, "polyarray_direct")
    assert _direct(wrapped) is wrapped


def test_public_and_backend_functions_keep_the_declared_signature():
    NUMPY = pa.get_backend("numpy")  # built afresh where another test re-registered it
    for decl in declarations():
        if decl.kind in ("standalone", "support"):
            continue
        public = inspect.signature(decl.public)
        assert list(public.parameters) == [*decl.signature.parameters, "backend"], decl.qualname
        assert public.parameters["backend"].kind is inspect.Parameter.KEYWORD_ONLY
        assert inspect.signature(NUMPY.functions[decl.qualname]) == decl.signature, decl.qualname


def test_common_functions_have_a_fast_path():
    NUMPY = pa.get_backend("numpy")  # built afresh where another test re-registered it
    for name in ("add", "multiply", "sum", "matmul", "reshape", "exp", "softmax", "mean"):
        assert NUMPY.functions[name].plan is not None, name


def test_the_fast_path_and_the_chain_agree():
    NUMPY = pa.get_backend("numpy")  # built afresh where another test re-registered it
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    for name, args in [("add", (a, b)), ("exp", (a,)), ("matmul", (a, b.T)), ("sum", (a,)), ("softmax", (a,))]:
        fused = NUMPY.functions[name]
        chain = fused.chain
        for mode in (True, False):
            pa.set_array_mode(mode)
            try:
                got, want = fused(*args), chain(*args)
                assert type(got) is type(want)
                np.testing.assert_array_equal(pa.to_numpy(got), pa.to_numpy(want))
                arrays = tuple(pa.asarray(x) for x in args)
                got, want = fused(*arrays), chain(*arrays)
                assert type(got) is type(want)
                np.testing.assert_array_equal(pa.to_numpy(got), pa.to_numpy(want))
            finally:
                pa.set_array_mode(True)


def _call_outcome(function, *args):
    try:
        result = function(*args)
        return type(result), pa.to_numpy(result).shape  # computed: a lazy backend (Dask) raises some errors then
    except Exception as error:
        return type(error), str(error)


def _call_result(function, args, kwargs):
    try:
        result = function(*args, **kwargs)
        return type(result), pa.to_numpy(result).dtype, pa.to_numpy(result).shape
    except Exception as error:
        return type(error), str(error)


#: Calls of creation functions at the edges their checks hold: a default dtype's bounds, sizes no array holds,
#: diagonals beyond the matrix.
CREATION_EDGES = [
    ("arange", (2**63 + 5,), {}),
    ("arange", (2**64,), {}),
    ("arange", (0, 2**63 + 10, 2**62), {}),
    ("arange", (5,), {}),
    ("arange", (0, 1, 0), {}),
    ("arange", (0.0, 1e30, 1.0), {}),
    ("arange", (300,), {"dtype": pa.int8}),
    ("zeros", (2**63,), {}),
    ("zeros", ((2**40, 2**40),), {}),
    ("ones", ((2**31, 2**31, 4),), {"dtype": pa.bool}),
    ("empty", (2**61,), {"dtype": pa.float32}),
    ("full", ((2**32, 2**32), 1.0), {}),
    ("eye", (3,), {"k": 2**64}),
    ("eye", (3, 2), {"k": -(2**63)}),
    ("eye", (2, 3), {"k": 3}),
    ("eye", (2**62,), {}),
    ("linspace", (0, 1, 2**63), {}),
    ("linspace", (0, 1, 3), {}),
]


def test_creation_functions_check_their_arguments_on_the_fast_path_as_the_chain_does(polyarray_backend):
    """The chain checks a creation function's arguments with its default dtype filled in (``arange``'s values
    against the default integer dtype's bounds); the fast path does the same, compiled and Python, so a call beyond
    them is the chain's error, not an empty or wrapped-around array. Sizes beyond 2**63 - 1 bytes are one
    ``PolyarrayValueError`` everywhere, and a diagonal beyond the matrix gives the chain's zeros."""
    backend = pa.get_backend(polyarray_backend)
    for name, args, kwargs in CREATION_EDGES:
        function = backend.functions[name]
        expected = _call_result(function.chain, args, kwargs)
        for path in (function, getattr(function, "python", function)):
            assert _call_result(path, args, kwargs) == expected, (name, args, kwargs)
        if name in ("zeros", "ones", "empty", "full", "linspace") and args[-1] != 3:
            assert expected[0] is pa.PolyarrayValueError and "2**63 - 1" in expected[1], expected


#: Creation calls of Python ints alone (whose checked arguments the creation wrapper remembers), some of them
#: beyond the bounds of a default integer dtype or of any array, and one refused by a check.
INT_CREATION_CALLS = [
    ("arange", (4,)),
    ("arange", (0,)),
    ("arange", (2, 10, 3)),
    ("arange", (5, 1)),
    ("arange", (3, 3, 0)),
    ("arange", (2**31 - 2, 2**31 + 1)),
    ("arange", (2**63 + 5,)),
    ("eye", (3,)),
    ("eye", (2, 3, 1)),
    ("zeros", ((2, 3),)),
    ("ones", (4,)),
    ("zeros", ((2**40, 2**40),)),
    ("full", ((2,), 7)),
    ("full", ((2, 2), 2**40)),
    ("linspace", (0, 10, 5)),
    ("asarray", (5,)),
]


def test_creation_calls_of_ints_give_the_chain_s_outcome_every_time_as_the_defaults_change(polyarray_backend):
    """A creation call of Python ints alone has its checked arguments remembered (per context defaults and
    values): called again, in another context's defaults and back, the compiled path and the Python path give the
    chain's outcome, an error each time where the chain raises one (an error is never remembered)."""
    backend = pa.get_backend(polyarray_backend)
    contexts = [None, pa.int32, None, pa.float32, pa.int32]
    for default in contexts:
        with pa.default_dtype_as(default) if default is not None else contextlib.nullcontext():
            for name, args in INT_CREATION_CALLS * 2:
                function = backend.functions[name]
                expected = _call_result(function.chain, args, {})
                for path in (function, getattr(function, "python", function)):
                    assert _call_result(path, args, {}) == expected, (default, name, args, path)
    with pa.default_dtype_as(pa.int32):
        assert pa.to_numpy(backend.arange(4)).dtype == np.int32
        with pytest.raises(pa.PolyarrayValueError, match="out of bounds for int32"):
            backend.arange(2**31 - 2, 2**31 + 1)
    with pytest.raises(pa.PolyarrayValueError, match="step=0"):
        backend.arange(3, 3, 0)


#: Calls of arange as the creation wrapper passes them (a native dtype by keyword), to compare a plugin's resolve
#: mark with its implementation: (arguments, the dtype's name or None).
RESOLVED_ARANGES = [
    *(((4,), name) for name in ("int64", "int32", "int16", "int8", "uint8", "uint16", "uint32", "uint64")),
    ((0,), "int64"),
    ((2, 10, 3), "int64"),
    ((5, 1), "int64"),
    ((10, 0, -3), "int32"),
    ((-3, 3, 2), "int64"),
    ((3, 3), "uint8"),
    ((4,), "float64"),
    ((4,), "float32"),
    ((4,), "float16"),
    ((0.5, 3.0, 0.5), "float64"),
    ((0.5, 3.0, 0.5), None),
]


def test_a_resolve_mark_gives_what_its_implementation_gives(polyarray_backend):
    """A creation function's ``polyarray_resolve`` mark, which the creation wrapper calls for the calls it
    remembers, gives a call returning what the implementation returns for the same arguments (value, dtype,
    shape), a new array each time; where it gives none the implementation takes the call itself. Every plugin
    here marks its arange, and resolves at least the ranges of int32 and int64 that are not empty."""
    backend = pa.get_backend(polyarray_backend)
    implementation = backend.implementations["arange"]
    resolve = resolver_of(implementation)
    assert resolve is not None, implementation
    resolved = 0
    for args, name in RESOLVED_ARANGES:
        kwargs = {} if name is None else {"dtype": backend.native_dtype(getattr(pa, name))}
        call = resolve(*args, **kwargs)
        if call is None:
            continue
        resolved += 1
        expected, first, second = implementation(*args, **kwargs), call(), call()
        assert first is not second, (args, name)
        for given in (first, second):
            assert pa.to_numpy(given).dtype == pa.to_numpy(expected).dtype, (args, name)
            np.testing.assert_array_equal(pa.to_numpy(given), pa.to_numpy(expected))
    assert resolved >= 5


def test_a_remembered_creation_call_gives_a_new_array_each_time(polyarray_backend):
    """A creation call that is remembered gives a new array on every call: writing into one result leaves the
    next call's alone, on the compiled path, the Python path and the chain."""
    backend = pa.get_backend(polyarray_backend)
    for name, args in [("arange", (4,)), ("zeros", ((2, 3),)), ("eye", (3,))]:
        function = backend.functions[name]
        for path in (function, getattr(function, "python", function), function.chain):
            first = pa.asarray(path(*args), backend=backend)
            expected = pa.to_numpy(first).copy()
            first[0] = 7
            again = pa.to_numpy(pa.asarray(path(*args), backend=backend))
            np.testing.assert_array_equal(again, expected)
            assert not np.array_equal(pa.to_numpy(first), again), (name, path)


#: Calls of functions of arrays that the declaration's check refuses: (name, values made arrays, other arguments,
#: keywords).
REFUSED_BY_CHECKS = [
    ("astype", [[1 + 2j]], (pa.float32,), {}),
    ("astype", [[1.0]], (None,), {}),
    ("astype", [[1.0]], (), {"dtype": np.ones(2)}),
    ("take", [[1.0, 2.0], [0.0]], (), {}),
    ("clip", [[1.0, 2.0]], (), {"min": 3.0, "max": 1.0 + 1j}),
    ("linalg.inv", [[[1.0, 2.0, 3.0]]], (), {}),
    ("fft.fft", [[1.0, 2.0]], (), {"n": 0}),
    ("fft.rfft", [[1.0 + 1j, 2.0]], (), {}),
]


def test_a_call_its_check_refuses_raises_on_the_fast_path_what_the_chain_raises(polyarray_backend):
    """The fast path runs the declaration's check itself and hands a call it refuses to the chain, which raises
    the error named by function and backend: the compiled and the Python path raise what the chain raises."""
    backend = pa.get_backend(polyarray_backend)
    for name, values, extra, keywords in REFUSED_BY_CHECKS:
        function = backend.functions[name]
        arrays = tuple(pa.asarray(value, backend=backend).data for value in values)
        expected = _call_result(function.chain, (*arrays, *extra), keywords)
        assert issubclass(expected[0], pa.PolyarrayError), (name, expected)
        assert f"pa.{name} on the {polyarray_backend} backend" in expected[1], expected
        for path in (function, getattr(function, "python", function)):
            assert _call_result(path, (*arrays, *extra), keywords) == expected, (name, path)


def test_a_python_int_beside_an_integer_array_takes_the_fast_path_within_its_dtype_alone():
    """A Python int beside an integer array is read as of the array's dtype where the dtype holds it, and goes to
    the chain otherwise (which raises). The compiled path compares it with the dtype's bounds as C integers and
    remembers the last dtype's rule; called across dtypes in turn, at and beyond each dtype's bounds, the compiled
    function, its Python closure and the chain give the same outcome, as do the array's operators."""
    numpy = pa.get_backend("numpy")
    dtypes = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
    for dtype in dtypes * 2:  # twice: the remembered rule of the last dtype is another one's on every call
        info = np.iinfo(dtype)
        x = np.arange(3, dtype=dtype)
        values = [0, 1, int(info.min), int(info.max), int(info.min) - 1, int(info.max) + 1, 2**64, -(2**64), 2**70]
        for name, value in itertools.product(["add", "subtract", "multiply"], values):
            function = numpy.functions[name]
            for args in [(x, value), (value, x)]:
                expected = _call_result(function.chain, args, {})
                assert (expected[0] is pa.Array) == (info.min <= value <= info.max), (dtype, name, value, expected)
                for path in (function, getattr(function, "python", function)):
                    assert _call_result(path, args, {}) == expected, (dtype, name, value, path)
        if 2**64 > info.max:
            with pytest.raises(pa.PolyarrayValueError):
                pa.asarray(x) + 2**64
        assert pa.to_numpy(pa.asarray(x) + int(info.max)).dtype == dtype


def test_a_dtype_argument_gives_what_the_chain_gives_as_the_context_changes(polyarray_backend):
    """A dtype argument is converted once per dtype object and remembered, on the compiled path as on the Python
    one, except Python's types: ``float`` stands for this context's default, which a context changes."""
    backend = pa.get_backend(polyarray_backend)
    function = backend.functions["astype"]
    x = pa.asarray([[1, 0], [0, 1]], backend=backend).data
    dtypes = [float, pa.int8, float, pa.float32, "int16", pa.int8, complex, float]
    for default in (None, pa.float32, None, pa.float64):
        with pa.default_dtype_as(default) if default is not None else contextlib.nullcontext():
            for dtype in dtypes:
                expected = _call_result(function.chain, (x, dtype), {})
                assert expected[0] is not TypeError, expected
                for path in (function, getattr(function, "python", function)):
                    assert _call_result(path, (x, dtype), {}) == expected, (default, dtype, path)
            if default is pa.float32:
                assert pa.to_numpy(function(x, float)).dtype == "float32"


@pytest.mark.parametrize("operators", [False, True], ids=["functions", "operators"])
def test_the_closures_of_one_and_two_operands_give_what_the_chain_gives_for_any_call(operators):
    """The Python closures for calls of one array (``exp``, ``sum``) and of two (``add``, ``matmul``, and the
    operators of ``pa.Array``, whose results are always wrapped) take the operands positionally and make the call
    themselves; every other form of call (too few or too many operands, keywords, another backend's array, a Python
    scalar that does not keep the dtype, a NumPy scalar) goes to the general closure and the chain. The compiled
    fast path hands these closures every call it does not take, so they are called here directly."""
    NUMPY = pa.get_backend("numpy")
    TORCH = pa.get_backend("torch") if "torch" in pa.available_backends() else None
    a = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    i = np.arange(6, dtype=np.int8).reshape(2, 3)
    wrapped = pa.asarray(a)
    forms = [
        (a,),
        (a, a),
        (wrapped, a),
        (a, wrapped),
        (wrapped, wrapped),
        (a, 2.0),
        (2, a),
        (i, 1000),
        (i, 3),
        (i, 2.5),
        (a, True),
        (a, 1j),
        (np.float32(2.0), a),
        (a, i),
        (a, a, a),
        (),
        ([1.0, 2.0, 3.0], a),
        (a.T, a),
    ]
    if TORCH is not None:
        forms.append((pa.asarray(a, backend=TORCH), a))
    keywords = [{}, {"x2": a}, {"x1": a}, {"backend": "numpy"}]
    taken = 0
    for name in ("add", "divide", "multiply", "less", "matmul", "pow", "bitwise_and", "exp", "negative", "sum"):
        function = NUMPY.operators[name] if operators else NUMPY.functions[name]
        closure = getattr(function, "python", function)  # the compiled fast path's Python closure
        reference = NUMPY.functions[name].chain
        for args, kwargs in itertools.product(forms, keywords):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = _call_result(reference, args, kwargs)
                got = _call_result(closure, args, kwargs)
            if operators and isinstance(expected[1], np.dtype):
                assert got[0] is pa.Array, (name, args, kwargs)  # an operator's result is always a pa.Array
                got, expected = got[1:], expected[1:]
            assert got == expected, (name, operators, [type(x).__name__ for x in args], kwargs)
            taken += 1
    assert taken == 10 * len(forms) * len(keywords)


#: Operands of pa.Array's binary operators, and values that are not operands, for each backend.
def _operator_operands(backend):
    native = pa.to_native(pa.asarray(np.arange(6.0, dtype=np.float32).reshape(2, 3), backend=backend.name))
    ints = pa.to_native(pa.asarray(np.arange(6, dtype=np.int8).reshape(2, 3), backend=backend.name))
    other = "torch" if backend.name != "torch" and "torch" in pa.available_backends() else "numpy"
    operands = [
        native,
        pa.asarray(native),
        ints,
        pa.asarray(ints),
        pa.asarray(np.ones((2, 3), dtype=np.float32), backend=other),
        pa.asarray(np.ones(3, dtype=np.float32), backend=backend.name),
        2.0,
        -0.0,  # a framework that keeps converted scalars may read it as a 0.0 converted before
        3,
        1000,
        True,
        1j,
        [1.0, 2.0, 3.0],
        np.float32(2.0),
        np.float32(1.2573022),  # NumPy's scalar power of it to 1.7 differs from np.power's in the last bit
        np.float32(1.7),
    ]
    return operands, [None, "x", object(), {"a": 1}]


def _operator_outcome(function, first, second):
    try:
        result = function(first, second)
    except Exception as error:
        return type(error), str(error)
    values = pa.to_numpy(result)
    return type(result), getattr(result, "backend", None), values.dtype, values.shape, values.tobytes()


@pytest.mark.parametrize("name", sorted(pa.available_backends()))
def test_the_pair_the_binary_operators_call_gives_what_the_chain_gives(name):
    """``x + y`` of ``pa.Array`` calls ``backend.operands["add"](x, y)`` in pure Python (and where the compiled
    operator hands a call on): the pair of the operator function's fast path, without the general entry's frame.
    Where the extension is built the pair is compiled too, handing the calls it does not take to the Python pair.
    For every operator function, both give for every pair of operands what the chain gives (the result's type
    and backend, its dtype, shape and bytes, or the same error), and for a value that is not an operand, first
    or second, NotImplemented, so Python asks the other operand."""
    from polyarray._array import _BINARY, _COMPARISON

    backend = pa.get_backend(name)
    operands, not_operands = _operator_operands(backend)
    functions = sorted({function for function, _ in (*_BINARY.values(), *_COMPARISON.values())})
    compared = declined = 0
    for function in functions:
        operator = made(backend.operands, function)
        pair = getattr(operator, "python", operator)  # the Python pair the compiled one hands calls on to
        general = made(backend.operators, function)
        general = getattr(general, "python", general)  # the compiled fast path's Python closure
        assert pair is general.operands, function  # the pair of the same fast path (every backend has one)
        assert (operator is not pair) == _accel.AVAILABLE, function  # compiled as well, where that is built
        reference = backend.functions[function].chain
        for first, second in itertools.product(operands, repeat=2):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = _operator_outcome(reference, first, second)
                for each in (operator, pair):
                    got = _operator_outcome(each, first, second)
                    assert got == expected, (name, function, each, type(first).__name__, type(second).__name__)
            compared += 1
        for value, operand in itertools.product(not_operands, operands[:2]):
            for each in (operator, pair):
                assert each(value, operand) is NotImplemented and each(operand, value) is NotImplemented
            declined += 2
    assert compared == len(functions) * len(operands) ** 2 and declined == len(functions) * 16


def test_an_operator_function_without_a_pair_is_checked_for_operands_as_the_pair_is():
    from polyarray._fastpath import operands_of

    calls = []
    checked = operands_of(lambda first, second: calls.append((first, second)) or "called")
    x = pa.asarray([1.0])
    assert checked(x, 2.0) == "called" and checked(3, x) == "called" and calls == [(x, 2.0), (3, x)]
    assert checked(x, None) is NotImplemented and checked("x", x) is NotImplemented and len(calls) == 2


def test_a_rank_required_by_the_check_is_compared_by_the_fast_path_as_the_check_does():
    """Where the declaration's check asks the arrays for a rank (``rank_at_least``), or a default axis needs one
    (``sort``'s ``axis=-1``), the fast path compares it itself: arrays of every rank, native and ``pa.Array``, in
    every combination, give what the chain gives, the check's error where one is below it."""
    NUMPY = pa.get_backend("numpy")
    plans = [(d, getattr(NUMPY.functions.get(d.qualname), "plan", None)) for d in declarations()]
    checked = {d.qualname for d, plan in plans if getattr(d.check, "minimum_rank", None) is not None}
    ranked = [d.qualname for d, plan in plans if plan is not None and plan.minimum_rank]
    assert {"matrix_transpose", "linalg.diagonal", "linalg.trace", "matmul", "sort", "softmax"} <= set(ranked)
    operands = []
    for shape in [(), (3,), (3, 3), (2, 3, 3), (0, 3)]:
        operands += [np.ones(shape), np.float64(1.0) if shape == () else pa.asarray(np.ones(shape))]
    for qualname in ranked:
        function = NUMPY.functions[qualname]
        minimum = function.plan.minimum_rank
        for args in itertools.product(operands, repeat=len(function.plan.arrays)):
            expected = _call_outcome(function.chain, *args)
            assert _call_outcome(function, *args) == expected, (qualname, [np.ndim(a) for a in args])
            ranks = [len(np.shape(pa.to_numpy(a))) for a in args]
            if qualname in checked and min(ranks) < minimum:
                assert expected[0] is pa.PolyarrayValueError and "is needed" in expected[1], expected
            elif max(ranks) < minimum:  # the default axis's error, or another of the chain's (float indices)
                assert issubclass(expected[0], pa.PolyarrayError), expected


#: Values given as options: in range and not, of every form a caller may write.
OPTION_VALUES = [0, 1, -1, 5, True, 1.5, None, (0,), (0, 1), (1, 1), (), [0], "ortho", "x", pa.float64]


def _option_calls(decl, plan):
    """``(where, call)`` for each option of a function whose required parameters are its arrays: every value of
    :data:`OPTION_VALUES` by keyword, and by position (the options before it at their defaults) where allowed."""
    params = list(decl.signature.parameters.values())
    for index in range(plan.nrequired, len(params)):
        param = params[index]
        for value in OPTION_VALUES:
            if param.name in plan.keywords:
                yield f"{param.name}={value!r}", ((), {param.name: value})
            if index < plan.npositional:
                before = tuple(p.default for p in params[plan.nrequired : index])
                yield f"position {index}={value!r}", ((*before, value), {})


def test_options_of_functions_of_arrays_give_what_the_chain_gives(polyarray_backend):
    """A function whose required parameters are its arrays, called with an option (``sum(x, axis=1)``,
    ``vecdot(x1, x2, axis=0)``, ``roll(x, 1)``) by keyword or by position, takes one of the fast path's closures; for
    every option and value of any form, on arrays of several ranks, native and ``pa.Array``, the outcome (result
    class and shape, or error class and message) is the chain's."""
    backend = pa.get_backend(polyarray_backend)
    values = [np.array(2.0), np.ones(3), np.arange(6.0).reshape(2, 3), np.arange(6, dtype=np.int32).reshape(3, 2)]
    operands = [pa.asarray(value, backend=backend).data for value in values]
    operands.append(pa.asarray(values[2], backend=backend))
    if polyarray_backend == "numpy":
        operands.append(np.float64(2.0))  # a NumPy scalar: one of the backend's other native types
    taken = 0
    for decl in declarations():
        function = backend.functions.get(decl.qualname)
        plan = getattr(function, "plan", None)
        if plan is None or plan.creation or plan.arrays != tuple(range(plan.nrequired)):
            continue
        for (where, (extra, keywords)), operand in itertools.product(_option_calls(decl, plan), operands):
            arrays = (operand,) * plan.nrequired
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = _call_outcome(functools.partial(function.chain, **keywords), *arrays, *extra)
                got = _call_outcome(functools.partial(function, **keywords), *arrays, *extra)
            assert got == expected, (decl.qualname, where, np.shape(pa.to_numpy(operand)))
            taken += 1
    assert taken > 5000  # reductions, sorts, cumulative, element-wise and two-array functions with options


def _values_outcome(function, arrays, keywords):
    try:
        result = function(*arrays, **keywords)
    except Exception as error:
        return type(error), str(error)
    data = pa.to_numpy(result)
    return type(result), data.dtype, data.shape, data.tobytes()


def test_several_keywords_with_some_left_out_give_what_the_chain_gives(polyarray_backend):
    """Keywords the implementation does not take (``out=None``, given at its default, is left out of its call) among
    others, in every order: the keywords kept reach the implementation under their own names, with their own
    values (the compiled path passes the call's own names on where none is left out, and builds them anew where one
    is), so the result's values, dtype and shape are the chain's."""
    backend = pa.get_backend(polyarray_backend)
    x = pa.asarray(np.arange(24.0).reshape(2, 3, 4), backend=backend).data
    options = {"axis": [0, (1, 2), -1], "keepdims": [True, False]}
    taken = 0
    for decl in declarations():
        function = backend.functions.get(decl.qualname)
        plan = getattr(function, "plan", None)
        if plan is None or not plan.dropped or plan.creation or plan.arrays != (0,) or plan.nrequired != 1:
            continue
        left_out = {name: decl.signature.parameters[name].default for name in plan.dropped}
        names = [name for name in options if name in plan.keywords and name not in plan.dropped]
        for chosen in itertools.product(*(options[name] for name in names)):
            given = {**dict(zip(names, chosen)), **left_out}
            for order in itertools.permutations(given):
                keywords = {name: given[name] for name in order}
                expected = _values_outcome(function.chain, (x,), keywords)
                assert _values_outcome(function, (x,), keywords) == expected, (decl.qualname, keywords)
                taken += 1
    assert taken >= 50  # the reductions with out= and their axis and keepdims, in every order


def test_calls_the_fast_path_cannot_take_still_get_every_wrapper():
    x = np.array([1.0, np.nan], dtype=np.float32)
    # mixed dtypes: promotion
    assert pa.add(x, np.ones(2, dtype=np.int8)).dtype == pa.float32
    assert pa.add(np.ones(2, np.int8), np.ones(2, np.uint8)).dtype == pa.int16
    # lists and Containers
    assert pa.to_numpy(pa.add([1.0, 2.0], [3.0, 4.0])).tolist() == [4.0, 6.0]
    c = pa.Container(a=np.ones(2, np.float32))
    assert isinstance(pa.add(c, c), pa.Container)
    # out=
    out = pa.zeros(2, dtype=pa.float32)
    assert pa.add(x, x, out=out) is out
    # the NaN policy
    pa.set_nan_policy("raise_exception")
    try:
        with pytest.raises(pa.PolyarrayValueError, match="NaN"):
            pa.add(x, x)
    finally:
        pa.set_nan_policy("nothing")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pa.add(x, x)


def test_native_errors_on_the_fast_path_become_polyarray_errors():
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.matmul failed on the numpy backend") as caught:
        pa.matmul(np.ones((2, 3)), np.ones((2, 3)))
    assert isinstance(caught.value.__cause__, ValueError)


def test_arrays_of_another_backend_are_not_taken_by_the_fast_path(toy_site):
    NUMPY = pa.get_backend("numpy")  # built afresh where another test re-registered it
    toy = pa.get_backend("toy")
    with pa.dynamic_backend_as(False), pytest.raises(pa.PolyarrayError):
        NUMPY.add(pa.asarray([1.0]), toy.asarray([1.0]))


def test_numpy_marks_its_implementations_from_release_2_on():
    # NumPy 1.x reads Python scalars by value, which the fast path's direct calls do not.
    assert (len(list(_marked())) == 0) == np.__version__.startswith("1.")
    faster = {name for _, name, _ in _marked(4, 5)}
    inplace = {name for _, name, function in _marked(2, 3, 4, 5) if hasattr(function, "polyarray_inplace")}
    if np.__version__.startswith("1."):
        assert faster == inplace == set()
        return
    comparisons = {"equal", "not_equal", "greater", "greater_equal", "less", "less_equal"}
    # x ** y on an ndarray is np.power from NumPy 2.1 on (both square by multiplying for the exponent 2).
    powers = {"pow"} if np.lib.NumpyVersion(np.__version__) >= "2.1.0" else set()
    assert faster == {"add", "subtract", "multiply", "divide", "negative"} | comparisons | powers
    # Python's operators on NumPy's float scalars (the ufuncs on ndarrays); x ** y on ndarrays alone.
    classes = {name: function.polyarray_direct[4] for _, name, function in _marked(5)}
    assert set(classes) == faster
    assert all(classes[name] == (np.float16, np.float32, np.float64) for name in faster - powers)
    assert all(classes[name] is np.ndarray for name in powers)
    assert inplace == {"add", "subtract", "multiply", "divide"}  # each beside a faster mark: the dtypes it holds for


def _recording_plugin(calls, guarding_class=None):
    """A run-time backend on NumPy whose ``sum`` and ``maximum`` carry a guarded mark (float64, and for a first
    operand of exactly ``guarding_class`` where given) with a bare callable; each callable records its name in
    ``calls``."""

    def recorded(name, function):
        def record(*args, **kwargs):
            calls.append(name)
            return function(*args, **kwargs)

        return record

    def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001 (the hook's name)
        calls.append("implementation")
        return np.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)

    def maximum(x1, x2, /):
        calls.append("implementation")
        return np.maximum(x1, x2)

    for function, native in ((sum, np.sum), (maximum, np.maximum)):
        guard = (
            (frozenset({np.dtype("float64")}),)
            if guarding_class is None
            else (frozenset({np.dtype("float64")}), function, guarding_class)
        )
        function.polyarray_direct = (recorded("native", native), function.__code__, *guard)
        function.polyarray_bare = (recorded("bare", native), function.__code__)

    return run_time_plugin("polyarray_recording_plugin", sum=sum, maximum=maximum)


@pytest.fixture
def recording():
    calls = []
    with registered("recording", _recording_plugin(calls)) as backend:
        yield backend, calls


def test_a_bare_mark_takes_the_calls_with_the_required_arguments_alone(recording):
    """The bare callable for the required arguments alone, every array native (or a pa.Array's data); the
    direct mark's callable for keywords, a Python scalar operand or an optional argument given positionally;
    the implementation for the dtypes the mark leaves out."""
    xp, calls = recording
    a, b = np.arange(6.0).reshape(2, 3), np.ones((2, 3))
    wrapped = xp.maximum(a, b)  # a pa.Array of this backend (array mode)
    assert isinstance(wrapped, pa.Array) and wrapped.backend is xp
    expected = [
        (lambda: xp.sum(a), "bare"),
        (lambda: xp.sum(wrapped), "bare"),
        (lambda: xp.sum(a, axis=0), "native"),
        (lambda: xp.sum(a, keepdims=True), "native"),
        (lambda: xp.maximum(a, b), "bare"),
        (lambda: xp.maximum(wrapped, b), "bare"),
        (lambda: xp.maximum(a, 2.0), "native"),
        (lambda: xp.maximum(3.0, a), "native"),
        (lambda: xp.sum(a.astype(np.float32)), "implementation"),
        (lambda: xp.maximum(a.astype(np.float32), b.astype(np.float32)), "implementation"),
    ]
    with pa.dynamic_backend_as(False):
        for call, who in expected:
            calls.clear()
            call()
            assert calls == [who], (who, calls)
        assert pa.to_numpy(xp.sum(a)) == 15.0 and pa.to_numpy(xp.maximum(a, 2.0)).min() == 2.0


def _options_plugin(calls):
    """A run-time backend on NumPy whose ``sum`` carries a guarded mark (float64) with a bare callable taking
    ``axis`` and ``keepdims`` positionally; the bare callable records its arguments and raises for an empty
    array, as a framework's reduction of nothing raises."""

    def bare(x, axis=None, keepdims=False, /):
        calls.append(("bare", axis, keepdims))
        if not x.size:
            raise ValueError("a reduction of nothing")
        return np.sum(x, axis=axis, keepdims=keepdims)

    def native(x, /, **kwargs):
        calls.append(("native", tuple(sorted(kwargs))))
        return np.sum(x, **kwargs)

    def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001 (the hook's name)
        calls.append(("implementation",))
        return np.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)

    sum.polyarray_direct = (native, sum.__code__, frozenset({np.dtype("float64")}))
    sum.polyarray_bare = (bare, sum.__code__, ("axis", "keepdims"))
    return run_time_plugin("polyarray_options_plugin", sum=sum)


def test_bare_options_take_the_first_options_by_keyword_positionally():
    """The bare callable takes the calls giving the first of its options by keyword, in any order, none None
    or (): their values positionally, in its order. Other options, None, () or an option without the ones
    before it go to the direct mark's callable, as does a call the bare callable raises for (which it
    decides). The compiled path and the Python fast path take the same calls."""
    calls = []
    a, empty = np.arange(6.0).reshape(2, 3), np.zeros((0, 3))
    expected = [
        ((a,), {}, [("bare", None, False)]),
        ((a,), {"axis": 1}, [("bare", 1, False)]),
        ((a,), {"axis": (0, 1), "keepdims": True}, [("bare", (0, 1), True)]),
        ((a,), {"keepdims": True, "axis": -1}, [("bare", -1, True)]),
        ((a,), {"keepdims": True}, [("native", ("keepdims",))]),
        ((a,), {"axis": None}, [("native", ("axis",))]),
        ((a,), {"axis": (), "keepdims": True}, [("native", ("axis", "keepdims"))]),
        ((a,), {"axis": 0, "dtype": pa.float64}, [("native", ("axis", "dtype"))]),
        ((empty,), {"axis": 0}, [("bare", 0, False), ("native", ("axis",))]),
        ((empty,), {}, [("bare", None, False), ("native", ())]),
        ((a.astype(np.float32),), {"axis": 0}, [("implementation",)]),
    ]
    with registered("options", _options_plugin(calls)) as xp, pa.dynamic_backend_as(False):
        function = xp.functions["sum"]
        paths = [function, function.python] if hasattr(function, "python") else [function]
        for path in paths:
            for args, kwargs, who in expected:
                calls.clear()
                result = pa.to_numpy(path(*args, **kwargs))
                assert calls == who, (path, kwargs, calls)
                reference = np.sum(*args, **{k: v for k, v in kwargs.items() if k != "dtype"})
                np.testing.assert_array_equal(result, reference)
                assert result.shape == reference.shape


#: The functions whose bare callable takes options positionally, by backend (torch's reductions).
BARE_OPTIONS = {"torch": {"sum", "max", "min", "argmax", "argmin"}, "tensorflow": {"sum", "prod"}}


def test_bare_options_of_every_backend_give_what_the_chain_gives(polyarray_backend):
    """Each function whose bare callable takes options (``torch.sum(x, 1, True)``), called with its options in
    every combination and order and every form of axis (None, (), a tuple, out of range), on arrays of several
    ranks, empty ones and NaNs among them: the values, dtype and shape, or the error, are the chain's, on the
    compiled path and the Python fast path alike."""
    backend = pa.get_backend(polyarray_backend)
    values = [
        np.arange(24.0).reshape(2, 3, 4),
        np.array([[np.nan, 1.0, -np.inf], [2.0, -0.0, 3.0]]),
        np.zeros((0, 3)),
        np.zeros((2, 0)),
        np.array(2.5),
    ]
    arrays = [pa.asarray(value, dtype=pa.float32, backend=backend).data for value in values]
    forms = {"axis": [None, (), 0, -1, (0, 1), 1, 5], "keepdims": [True, False]}
    marked = set()
    for decl in declarations():
        function = backend.functions.get(decl.qualname)
        plan = getattr(function, "plan", None)
        if plan is None or not plan.bare_options:
            continue
        marked.add(decl.qualname)
        paths = [function, function.python] if hasattr(function, "python") else [function]
        for count in range(len(plan.bare_options) + 1):
            for names in itertools.permutations(plan.bare_options, count):
                for chosen in itertools.product(*(forms[name] for name in names)):
                    keywords = dict(zip(names, chosen))
                    for x in arrays:
                        with warnings.catch_warnings():
                            warnings.simplefilter("ignore")
                            expected = _values_outcome(function.chain, (x,), keywords)
                            for path in paths:
                                assert _values_outcome(path, (x,), keywords) == expected, (decl.qualname, keywords)
    assert marked == BARE_OPTIONS.get(polyarray_backend, set())


def test_a_mark_guarded_by_class_takes_only_first_operands_of_that_class():
    """A mark's fifth item, a class: its callables take the calls whose first array operand is of exactly that
    class (an ndarray), the implementation those of another (a NumPy scalar), whatever the second operand. A
    Python scalar is no array operand: the array beside it decides."""
    calls = []
    with registered("recording", _recording_plugin(calls, np.ndarray)) as xp, pa.dynamic_backend_as(False):
        a, scalar = np.arange(6.0).reshape(2, 3), np.float64(2.5)
        wrapped = xp.maximum(a, a)
        expected = [
            (lambda: xp.sum(a), "bare"),
            (lambda: xp.sum(a, axis=0), "native"),
            (lambda: xp.sum(scalar), "implementation"),
            (lambda: xp.sum(scalar, keepdims=True), "implementation"),
            (lambda: xp.maximum(a, scalar), "bare"),
            (lambda: xp.maximum(a, 2.0), "native"),
            (lambda: xp.maximum(wrapped, a), "bare"),  # a pa.Array first: its data's class decides
            (lambda: xp.maximum(scalar, a), "implementation"),
            (lambda: xp.maximum(scalar, 2.0), "implementation"),
            (lambda: xp.maximum(2.0, a), "native"),  # the first array operand is the ndarray beside the scalar
            (lambda: xp.maximum(2.0, scalar), "implementation"),
        ]
        for call, who in expected:
            calls.clear()
            result = call()
            assert calls == [who], (who, calls)
            assert isinstance(result, pa.Array) and result.backend is xp


def test_a_mark_guarded_by_several_classes_takes_first_operands_of_any_of_them():
    """A mark's fifth item, a tuple of classes: its callables take the calls whose first array operand is of
    exactly one of them (NumPy's float scalars), the implementation the others (an ndarray); the compiled path
    and the Python fast path alike."""
    calls = []
    guard = (np.float64, np.float32)
    with registered("recording", _recording_plugin(calls, guard)) as xp, pa.dynamic_backend_as(False):
        a, scalar = np.arange(6.0).reshape(2, 3), np.float64(2.5)
        expected = [
            ((a,), "sum", {}, "implementation"),
            ((scalar,), "sum", {}, "bare"),
            ((scalar,), "sum", {"keepdims": True}, "native"),
            ((a, scalar), "maximum", {}, "implementation"),
            ((scalar, a), "maximum", {}, "bare"),
            ((scalar, 2.0), "maximum", {}, "native"),
            ((2.0, scalar), "maximum", {}, "native"),  # the Python scalar is no array operand: the other decides
            ((2.0, a), "maximum", {}, "implementation"),
        ]
        for args, name, kwargs, who in expected:
            function = xp.functions[name]
            for path in [function, function.python] if hasattr(function, "python") else [function]:
                calls.clear()
                result = path(*args, **kwargs)
                assert calls == [who], (name, args, who, calls)
                expected_value = getattr(np, name)(*args, **kwargs)
                np.testing.assert_array_equal(pa.to_numpy(result), expected_value)


def test_numpy_in_place_arithmetic_keeps_its_compiled_writer():
    """NumPy's arithmetic marks hold for its float scalars only; ``x += y`` of an ndarray still writes through
    the marks' in-place writer (the dtypes decide it), compiled where the compiled paths are built."""
    backend = pa.get_backend("numpy")
    for name in ("__iadd__", "__isub__", "__imul__", "__itruediv__"):
        entry = made(backend.inplace, name)
        assert hasattr(entry, "reference")
        if _accel.AVAILABLE:
            assert type(entry).__name__ == "FastFunction", name
    x = pa.asarray(np.arange(4, dtype=np.float32))
    data = x.data
    x += 1.5
    assert x.data is data and x.data.tolist() == [1.5, 2.5, 3.5, 4.5]


def test_numpy_pow_of_ndarrays_and_of_numpy_scalars_is_np_power():
    """``x ** y`` calls Python's operator on ndarrays only: on NumPy scalars (the 0-d results of reductions)
    NumPy's scalar power rounds some values otherwise, so there the implementation gives np.power's."""
    rng = np.random.default_rng(7)
    for dtype in (np.float32, np.float64):
        values = (rng.random(300) * 100).astype(dtype)
        for exponent in (2, 3, 0.5, -1):
            arrays = pa.asarray(values) ** exponent
            np.testing.assert_array_equal(pa.to_numpy(arrays), np.power(values, exponent))
            for value in values:
                reduced = pa.max(pa.asarray(np.stack([value, value])))  # a pa.Array around a NumPy scalar
                assert isinstance(reduced.data, np.generic)
                powered = (reduced**exponent).data
                expected = np.power(value, dtype(exponent))  # the Python scalar takes the array's dtype
                assert type(powered) is type(expected) and powered == expected, (dtype, exponent, value)


#: Python numbers as asarray's data: scalars, flat, nested, empty and ragged nests, values no dtype holds.
PYTHON_DATA = [
    1,
    2.5,
    True,
    1j,
    2**64,
    -(2**63) - 1,
    [],
    [[]],
    [1, 2],
    (1.0, 2),
    [True, 1],
    [1.5, 1j],
    [[1, 2], (3, 4)],
    [[1], [2, 3]],
    [1, 2**70],
    [float("nan"), -0.0, float("inf")],
]


def _creation_outcome(function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
    except Exception as error:
        return type(error), str(error)
    values = pa.to_numpy(result)
    return type(result), pa.dtype(result), values.shape, repr(values.tolist())


@pytest.mark.parametrize("keywords", [{}, {"dtype": pa.float32}, {"dtype": pa.int8}, {"copy": False}, {"copy": True}])
def test_asarray_of_python_numbers_takes_the_fast_path_and_gives_what_the_chain_gives(polyarray_backend, keywords):
    """Python numbers, and nested lists and tuples of them, are taken by the fast path of ``asarray`` (the
    creation wrapper reads their default dtype), with the chain's result or error in both modes."""
    from polyarray._fastpath import fast_function

    function = pa.get_backend(polyarray_backend).functions["asarray"]
    handed = []

    def chain(*args, **kwargs):
        handed.append(args)
        return function.chain(*args, **kwargs)

    fast = fast_function(function.plan, chain)
    for mode in (True, False):
        pa.set_array_mode(mode)
        try:
            for data in PYTHON_DATA:
                expected = _creation_outcome(function.chain, data, **keywords)
                assert _creation_outcome(fast, data, **keywords) == expected, (data, keywords, mode)
                assert _creation_outcome(function, data, **keywords) == expected, (data, keywords, mode)
        finally:
            pa.set_array_mode(True)
    assert handed == []
    # Values that are not Python numbers alone still go to the chain.
    for data in ([1, None], [pa.asarray(1.0)], "1", [np.float64(1.0)]):
        _creation_outcome(fast, data, **keywords)
        assert handed[-1] == (data,)
