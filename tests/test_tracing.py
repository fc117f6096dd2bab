"""The graph tracer on NumPy: pa.trace, replay, pa.compile, printing, and every refusal (tests/frameworks: the others).

A replay must equal the eager call bit for bit (same values, dtype, shape and
kind of result); a graph holds only the calls that feed its outputs; what the
tracer cannot hold raises ``pa.TracingError`` naming the user's line.
"""

from __future__ import annotations

import os
import re
import sys
import threading

import numpy as np
import pytest

import polyarray as pa
from polyarray._backend import implementation_module_names

RNG = np.random.default_rng(3)
X = RNG.standard_normal((6, 4)).astype(np.float32)
W = RNG.standard_normal((4, 3)).astype(np.float32)
THIS_FILE = os.path.basename(__file__)


def _leaves(value):
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, pa.Container):
        return [leaf for item in value.to_dict().values() for leaf in _leaves(item)]
    return [value]


def assert_same(expected, actual):
    """The same structure, and per leaf the same kind (pa.Array or native), dtype, shape and bits."""
    assert type(expected) is type(actual)
    left, right = _leaves(expected), _leaves(actual)
    assert len(left) == len(right)
    for e, a in zip(left, right):
        assert type(e) is type(a), (type(e), type(a))
        if isinstance(e, pa.Array) or isinstance(e, (np.ndarray, np.generic)):
            e_np, a_np = (
                pa.to_numpy(e) if isinstance(e, pa.Array) else e,
                pa.to_numpy(a) if isinstance(a, pa.Array) else a,
            )
            assert e_np.dtype == a_np.dtype and e_np.shape == a_np.shape
            np.testing.assert_array_equal(a_np, e_np)
        else:
            assert e == a


# -- programs written against polyarray, checked eager against replay --------------------------------------


def mlp(x, w):
    h = x @ w * 0.5 + 1.0
    h = pa.where(h > 0, h, 0.1 * h)
    return pa.softmax(h, axis=-1), pa.sum(h[:, 1:] ** 2, axis=0)


def statistics(x):
    z = (x - pa.mean(x, axis=0, keepdims=True)) / (pa.std(x, axis=0, keepdims=True) + 1e-6)
    return {"z": z, "norms": pa.linalg.vector_norm(x, axis=1), "max": pa.max(x), "first": x[0]}


def manipulation(x, w):
    stacked = pa.stack([x[:3, :3], pa.matrix_transpose(w)[:, :3]], axis=0)
    flat = pa.reshape(stacked, (-1,))
    return pa.concat([flat, pa.flip(flat)]), pa.argmax(x, axis=1), pa.astype(x > 0, pa.int32)


def compositions(x):
    labels = pa.asarray([0, 1, 2, 3, 0, 1])
    logits = x * 2.0
    return (
        pa.logsumexp(x, axis=1),
        pa.cross_entropy(pa.one_hot(labels, 4), pa.softmax(logits, axis=-1)),
        pa.layer_norm(x, (-1,)),
        pa.linalg.svd(x @ pa.matrix_transpose(x) + pa.eye(6, dtype=pa.float32)).S,
    )


PROGRAMS = {
    "mlp": (mlp, (X, W)),
    "statistics": (statistics, (X,)),
    "manipulation": (manipulation, (X, W)),
    "compositions": (compositions, (X,)),
}


@pytest.mark.parametrize("array_mode", [True, False], ids=["array-mode", "native-mode"])
@pytest.mark.parametrize("wrapped", [True, False], ids=["pa.Array-in", "native-in"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_replay_equals_eager(name, wrapped, array_mode):
    program, inputs = PROGRAMS[name]
    pa.set_array_mode(array_mode)
    args = tuple(pa.asarray(a) if wrapped else a.copy() for a in inputs)
    expected = program(*args)
    graph = pa.trace(program, *args)
    assert_same(expected, graph(*args))
    # other values of the same dtypes and shapes: the graph computes, it does not remember
    others = tuple(pa.asarray(a + 1) if wrapped else a + 1 for a in inputs)
    assert_same(program(*others), graph(*others))
    # the full check (a call the generated check hands over) gives the same
    assert_same(program(*others), graph._slow(others, {}))


def test_replay_leaves_inputs_unchanged_and_gives_new_results():
    x = X.copy()
    graph = pa.trace(lambda a: pa.exp(a), x)
    first, second = graph(x), graph(x)
    np.testing.assert_array_equal(x, X)
    assert first is not second and first.data is not second.data


def test_only_what_feeds_the_outputs_is_kept():
    def f(x):
        unused = pa.exp(x) @ pa.matrix_transpose(x)  # computed, never returned
        del unused
        return pa.sin(x) + 1.0

    graph = pa.trace(f, X)
    assert graph.stats() == {"sin": 1, "add": 1}
    assert "exp" not in str(graph) and "matmul" not in str(graph)


def test_compositions_appear_as_the_calls_they_make():
    """pa.softmax and the same computation written out trace to the same calls."""

    def written_out(x):
        top = pa.max(x, axis=(1,), keepdims=True)
        shift = pa.where(pa.isfinite(top), top, pa.asarray(0.0, dtype=x.dtype))
        e = pa.exp(x - shift)
        return e / pa.sum(e, axis=(1,), keepdims=True)

    x = pa.asarray(X)
    composed, by_hand = pa.trace(lambda v: pa.softmax(v, axis=-1), x), pa.trace(written_out, x)
    assert (
        composed.stats()
        == by_hand.stats()
        == {
            "max": 1,
            "isfinite": 1,
            "where": 1,
            "subtract": 1,
            "exp": 1,
            "sum": 1,
            "divide": 1,
        }
    )
    assert_same(composed(x), by_hand(x))


def test_operators_and_functions_trace_alike():
    x, w = pa.asarray(X), pa.asarray(W)
    with_operators = pa.trace(lambda a, b: (a @ b) * 2.0 - a[:, :3], x, w)
    with_functions = pa.trace(lambda a, b: pa.subtract(pa.multiply(pa.matmul(a, b), 2.0), a[:, :3]), x, w)
    body = re.compile(r"^    v\d+ = (.*?)\s+#", re.MULTILINE)
    assert body.findall(str(with_operators)) == body.findall(str(with_functions))


def test_promotion_appears_as_the_cast_it_makes():
    graph = pa.trace(lambda a, b: a + b, pa.asarray(X), pa.asarray(np.ones(4, np.int16)))
    assert graph.stats() == {"astype": 1, "add": 1}


def test_constants_are_computed_once():
    graph = pa.trace(lambda x: x + pa.exp(pa.ones(4, dtype=pa.float32)) * 3.0, pa.asarray(X))
    assert graph.stats() == {"add": 1}  # exp(ones) * 3 is a constant
    assert_same(pa.asarray(X) + pa.exp(pa.ones(4, dtype=pa.float32)) * 3.0, graph(pa.asarray(X)))


def test_nests_in_and_out():
    def f(params, batch, *, scale):
        hidden = batch["x"] @ params.w
        return {"out": [hidden * scale, (params.b + 1.0,)], "n": 3, "c": pa.Container(h=hidden)}

    params = pa.Container(w=pa.asarray(W), b=pa.asarray(np.zeros(3, np.float32)))
    batch = {"x": X}
    graph = pa.trace(f, params, batch, scale=2.0)
    expected = f(params, batch, scale=2.0)
    actual = graph(params, batch, scale=2.0)
    assert actual["n"] == 3 and isinstance(actual["c"], pa.Container)
    assert_same(expected["out"], actual["out"])
    assert_same(expected["c"].h, actual["c"].h)


def test_named_tuple_results():
    graph = pa.trace(lambda a: pa.linalg.svd(a, full_matrices=False), X)
    expected, actual = pa.linalg.svd(X, full_matrices=False), graph(X)
    assert type(actual) is type(expected)
    assert_same(tuple(expected), tuple(actual))


def test_an_input_returned_as_it_is():
    graph = pa.trace(lambda a, b: (a, b * 2), X, W)
    first, _ = graph(X, W)
    assert first is X


def test_traced_in_native_mode_returns_native_arrays():
    pa.set_array_mode(False)
    graph = pa.trace(lambda a: pa.exp(a) + 1.0, X)
    pa.set_array_mode(True)  # replay keeps what the trace returned
    assert type(graph(X)) is np.ndarray


# -- guards ---------------------------------------------------------------------------------------------


def test_a_call_unlike_the_trace_is_refused_naming_the_difference():
    graph = pa.trace(lambda a, n: a * n, X, 2)
    cases = [
        ((X.astype(np.float64), 2), "argument 0 has the dtype float64, the trace had float32"),
        ((X[:3], 2), r"argument 0 has the shape \(3, 4\), the trace had \(6, 4\)"),
        ((X, 3), "argument 1 is 3 where the trace had 2"),
        ((X, 2.0), "argument 1 is 2.0 where the trace had 2"),
        ((X,), "1 positional arguments, the trace had 2"),
        (([1.0], 2), "argument 0 is a builtins.list"),
    ]
    for args, message in cases:
        with pytest.raises(pa.TracingError, match=message):
            graph(*args)
    with pytest.raises(pa.TracingError, match="keyword arguments"):
        graph(X, 2, extra=1)


def test_rank_only_guards_replay_other_shapes_where_no_size_was_read():
    graph = pa.trace(lambda a: pa.exp(a) * 2.0, X, shapes="rank")
    assert graph.rank_only
    bigger = RNG.standard_normal((9, 7)).astype(np.float32)
    assert_same(pa.exp(bigger) * 2.0, graph(bigger))
    with pytest.raises(pa.TracingError, match="has 1 axes, the trace had 2"):
        graph(np.ones(3, np.float32))
    # a size read while tracing (here X.shape[0]) keeps the shapes exact
    sized = pa.trace(lambda a: a / a.shape[0], X, shapes="rank")
    assert not sized.rank_only
    with pytest.raises(pa.TracingError, match="shape"):
        sized(bigger)


def test_the_decorator_traces_once_per_kind_of_call():
    calls = []

    @pa.trace
    def f(a, n):
        calls.append(1)
        return a * n

    x = pa.asarray(X)
    assert_same(x * 2, f(x, 2))
    f(pa.asarray(X + 1), 2)
    assert len(calls) == 1
    f(x, 3)  # another static value
    f(pa.asarray(X[:2]), 2)  # another shape
    f(pa.asarray(X.astype(np.float64)), 2)  # another dtype
    f(X, 2)  # a native array instead of a pa.Array
    assert len(calls) == len(f.graphs) == 5
    pa.set_array_mode(False)
    assert type(f(X, 2)) is np.ndarray  # array mode is part of the kind of call
    assert len(calls) == 6


def test_static_arguments_allow_python_control_flow():
    @pa.compile(static_argnums=1)
    def f(a, flag):
        return a + 1.0 if flag else a - 1.0

    x = pa.asarray(X)
    assert_same(x + 1.0, f(x, True))
    assert_same(x - 1.0, f(x, False))

    @pa.trace(static_argnames="threshold")
    def g(a, threshold):
        if threshold > 0:  # an array, held as a constant
            return a * threshold
        return a

    assert_same(x * 2.0, g(x, threshold=np.float32(2.0)))


def test_an_unhashable_argument_is_refused():
    f = pa.trace(lambda a, options: a)
    with pytest.raises(pa.TracingError, match="cannot hold: set"):
        f(X, {1, 2})


def test_default_dtypes_are_part_of_the_kind_of_call():
    f = pa.trace(lambda a: a + pa.ones(4))
    assert f(X).dtype == pa.float64
    with pa.default_dtype_as(pa.float32):
        assert f(X).dtype == pa.float32
    assert len(f.graphs) == 2


def test_a_traced_function_inside_another_trace_is_traced_through():
    inner = pa.trace(lambda a: pa.exp(a) * 2.0)
    graph = pa.trace(lambda a: inner(a) + 1.0, pa.asarray(X))
    assert graph.stats() == {"exp": 1, "multiply": 1, "add": 1}
    inner_graph = pa.trace(lambda a: pa.exp(a), pa.asarray(X))
    with pytest.raises(pa.TracingError, match="inside another trace: a graph replays arrays"):
        pa.trace(lambda a: inner_graph(a) + 1.0, pa.asarray(X))
    with pytest.raises(pa.TracingError, match=r"passed to pa\.trace inside another trace"):
        pa.trace(lambda a: pa.trace(pa.exp, a), pa.asarray(X))


# -- what the tracer cannot hold -------------------------------------------------------------------------


def _line_of(text):
    with open(__file__) as handle:
        for number, line in enumerate(handle, 1):
            if text in line:
                return number
    raise AssertionError(text)


def test_python_control_flow_on_a_traced_value_names_the_line_and_suggests_static_arguments():
    def f(a):
        if pa.sum(a) > 0:  # the branch
            return a
        return -a

    with pytest.raises(pa.TracingError, match="static_argnums") as info:
        pa.trace(f, pa.asarray(X))
    assert f"{THIS_FILE}:{_line_of('# the branch')}" in str(info.value)
    assert info.value.where.endswith(f"{THIS_FILE}:{_line_of('# the branch')}")
    assert isinstance(info.value, TypeError)
    for conversion in (float, int, bool, complex):
        with pytest.raises(pa.TracingError, match=r"\(\) of a traced array"):
            pa.trace(lambda a, c=conversion: c(pa.sum(a)), X)


@pytest.mark.parametrize(
    "function, message",
    [
        (lambda a: a.__setitem__(0, 1.0), "assignment x\\[key\\] = value"),
        (lambda a: pa.asarray(a).__setitem__(0, 1.0), "write into a traced array"),
        (lambda a: pa.asarray(a).__iadd__(1.0), "write into a traced array"),
        (lambda a: a.__iadd__(1.0), "in-place operator"),
        (lambda a: pa.exp(a, out=a), "write"),
    ],
    ids=["native setitem", "Array setitem", "Array +=", "native +=", "out="],
)
def test_writes_into_traced_arrays_are_refused(function, message):
    with pytest.raises(pa.TracingError, match=message):
        pa.trace(function, X.copy())


@pytest.mark.parametrize(
    "function",
    [
        lambda a: pa.nonzero(a > 0),
        lambda a: pa.unique_values(a),
        lambda a: pa.unique_counts(a),
        lambda a: a[a > 0],
        lambda a: pa.asarray(a)[pa.asarray(a) > 0],
        lambda a: pa.repeat(a[0], pa.astype(a[0] > 0, pa.int64) + 1),
    ],
    ids=["nonzero", "unique_values", "unique_counts", "native mask", "Array mask", "repeat by values"],
)
def test_data_dependent_shapes_are_refused(function):
    with pytest.raises(pa.TracingError, match="depends on the values"):
        pa.trace(function, X)


def test_data_dependent_functions_of_constants_are_fine():
    graph = pa.trace(lambda a: a[pa.nonzero(pa.asarray([0, 1, 1, 0, 1, 0]))[0]], X)
    assert_same(X[[1, 2, 4]], graph(X))


def test_framework_functions_on_traced_native_arrays_are_refused():
    with pytest.raises(pa.TracingError, match=r"numpy.exp was called on a traced array.*pa\.exp"):
        pa.trace(lambda a: np.exp(a), X)
    with pytest.raises(pa.TracingError, match=r"numpy.sum was called"):
        pa.trace(lambda a: np.sum(a), X)
    with pytest.raises(pa.TracingError, match=r"x.reshape of a traced native array.*pa\.reshape"):
        pa.trace(lambda a: a.reshape(24), X)
    with pytest.raises(pa.TracingError, match="to_numpy of a traced array"):
        pa.trace(lambda a: pa.to_numpy(a), X)


def test_numpy_arrays_on_the_left_of_an_operator_are_recorded():
    constant = np.arange(4, dtype=np.float32)
    graph = pa.trace(lambda a: constant + a, X)
    assert_same(constant + (X + 1), graph(X + 1))
    assert graph.stats() == {"operator.add": 1}


def test_a_traced_array_used_after_its_trace_is_refused():
    kept = []
    pa.trace(lambda a: kept.append(a) or a, X)
    with pytest.raises(pa.TracingError, match="after its trace ended"):
        kept[0] + 1


def test_tracing_leaves_no_trace_in_the_calls_around_it():
    backend = pa.get_backend("numpy")
    functions = dict(backend.functions)
    pa.set_backend("numpy")
    pa.trace(lambda a: pa.exp(a) + 1.0, pa.asarray(X))
    assert pa.current_backend() is backend
    assert backend.functions == functions
    result = pa.exp(pa.asarray(X))
    assert type(result.data) is np.ndarray and result.backend is backend
    with pytest.raises(pa.TracingError):
        pa.trace(lambda a: float(a[0, 0]), X)
    assert pa.current_backend() is backend
    assert type(pa.add(X, 1.0)) is pa.Array


def test_traces_in_threads_do_not_mix():
    results = {}

    def work(index):
        x = np.full((3, 3), float(index), np.float32)
        graph = pa.trace(lambda a: pa.exp(a) * float(index) + a.shape[0], x)
        results[index] = (graph, x)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, (graph, x) in results.items():
        assert_same(pa.exp(x) * float(index) + 3, graph(x))
        assert graph.stats() == {"exp": 1, "multiply": 1, "add": 1}


# -- pa.compile on NumPy (no compiler: the replay) ---------------------------------------------------------------


def test_compile_on_numpy_replays():
    calls = []

    @pa.compile
    def step(w, x):
        calls.append(1)
        return w - 0.1 * pa.mean(x @ w, axis=0)

    w, x = pa.asarray(np.eye(4, 3, dtype=np.float32)), pa.asarray(X)
    assert_same(w - 0.1 * pa.mean(x @ w, axis=0), step(w, x))
    step(w, x)
    assert len(calls) == 1
    assert pa.get_backend("numpy").raw.compile_function(lambda a: (a,)) is None


def test_compile_takes_its_options():
    with pytest.raises(pa.PolyarrayValueError, match="shapes="):
        pa.compile(lambda a: a, shapes="any")
    plain = pa.compile(lambda a: pa.exp(a), backend_compile=False)
    assert_same(pa.exp(pa.asarray(X)), plain(pa.asarray(X)))
    assert "pa.compile" in repr(plain)


def test_to_backend_of_the_own_backend_is_the_graph():
    graph = pa.trace(lambda a: a * 2, X)
    assert graph.to_backend("numpy") is graph
    assert_same(graph(X), graph(X, backend="numpy"))


# -- looking at a graph --------------------------------------------------------------------------------------


def test_print_shows_straight_line_code():
    def f(x, w):
        return pa.softmax(x @ w, axis=-1)

    text = str(pa.trace(f, pa.asarray(X), pa.asarray(W)))
    lines = text.splitlines()
    assert lines[0] == "def f(x0: float32[6, 4], x1: float32[4, 3]):  # on numpy, 8 calls"
    assert lines[1].startswith("    v0 = matmul(x0, x1)") and "# float32[6, 3]" in lines[1]
    assert f"({THIS_FILE}:" in lines[1]
    assert lines[-3] == "    return v7" and lines[-1] == "# c0 = 0.0  (float32[] constant)"
    assert "max(v0, axis=(1,), keepdims=True)" in text


def test_print_writes_operators_and_indexing_as_python():
    text = str(pa.trace(lambda a: -(a[1:, None] * 2) @ a.T, X))
    assert "x0[1:, None]" in text and "v1 = v0 * 2" in text and "= -v1" in text and "x0.T" in text


@pytest.mark.parametrize(
    "index",
    [
        lambda a: a[1:3],
        lambda a: a[0],
        lambda a: a[-1, ::2],
        lambda a: a[:, None, 1],
        lambda a: a[..., 2],
        lambda a: a[(slice(None),)],
        lambda a: a[()],
        lambda a: a[::-2, 1:-1:2],
    ],
)
def test_replayed_indexing_writes_its_key_as_subscript_syntax(index):
    # A key of slices, ints, None and Ellipsis is written in the replay's code (nothing for a compiler to guard).
    graph = pa.trace(index, X)
    np.testing.assert_array_equal(pa.to_numpy(graph(X)), pa.to_numpy(index(X)))
    lines = [line for line in graph.code.splitlines() if "= x0[" in line]
    assert len(lines) == 2  # the body's and the replay's
    assert all("slice(" not in line and re.search(r"x0\[k\d+\]", line) is None for line in lines)


def test_to_dot_and_save(tmp_path):
    graph = pa.trace(lambda a, b: pa.exp(a @ b) + 1.0, X, W)
    dot = graph.to_dot()
    assert dot.startswith('digraph "<lambda>" {') and dot.rstrip().endswith("}")
    assert "x0 -> n0;" in dot and "x1 -> n0;" in dot and 'label="exp\\nfloat32[6, 3]"' in dot
    assert "-> out0;" in dot
    graph.save(str(tmp_path / "graph.dot"))
    assert (tmp_path / "graph.dot").read_text() == dot


def test_drawing_without_graphviz_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "graphviz", None)
    graph = pa.trace(lambda a: a + 1, X)
    for call in (lambda: graph.save(str(tmp_path / "graph.svg")), graph.show):
        with pytest.raises(pa.PolyarrayError, match=r"polyarray\[viz\]"):
            call()
    with pytest.raises(pa.PolyarrayValueError, match="suffix"):
        graph.save(str(tmp_path / "graph"))


def test_stats_counts_calls_by_function():
    graph = pa.trace(lambda a: pa.sin(a) * pa.sin(a + 1) * pa.cos(a), X)
    assert graph.stats() == {"sin": 2, "multiply": 2, "operator.add": 1, "cos": 1}
    assert repr(graph) == "<pa.Graph <lambda> on numpy: 1 array inputs, 6 calls, 1 array outputs>"


def test_tuples_of_every_length_are_written_as_python():
    graph = pa.trace(lambda a: (pa.reshape(a, (24,)), pa.sum(a, axis=(0, 1)), pa.zeros((), dtype=pa.float32) + a), X)
    assert "(24,)" in graph.code and "(0, 1)" in graph.code
    assert_same((pa.reshape(X, (24,)), pa.sum(X, axis=(0, 1)), pa.zeros((), dtype=pa.float32) + X), graph(X))
    empty = pa.trace(lambda a: pa.reshape(pa.sum(a), ()) + a, X)
    assert_same(pa.reshape(pa.sum(X), ()) + X, empty(X))


def test_the_replay_source_is_kept_and_shown_in_tracebacks():
    graph = pa.trace(lambda a: pa.sqrt(a) + pa.log(a), np.ones(3))
    assert "def run(self, a0=M, /, *more, backend=None, **options):" in graph.code and "def body(x0):" in graph.code
    import linecache

    filename = graph._body.__code__.co_filename
    assert linecache.getline(filename, 1).startswith("def body")


@pytest.mark.parametrize("array_mode", [False, True])
def test_the_replay_frees_each_intermediate_after_its_last_use(array_mode):
    # Twenty steps on an 8 MB array, as a function would run them rebinding its variables: the replay holds
    # a few arrays at a time, not every intermediate of the graph until it returns.
    import tracemalloc

    def steps(a):
        hold = pa.exp(a)
        for _ in range(20):
            a = pa.sqrt(a * 0.5 + 1.0)
        return a + hold

    x = np.ones(2**20)
    previous = pa.array_mode()
    pa.set_array_mode(array_mode)
    try:
        start = pa.asarray(x) if array_mode else x
        graph = pa.trace(steps, start)
        expected = steps(start)
        tracemalloc.start()
        try:
            result = graph(start)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    finally:
        pa.set_array_mode(previous)
    assert_same(expected, result)
    assert peak <= 4 * x.nbytes, f"the replay's peak: {peak / x.nbytes:.1f} arrays"
    assert "del " in graph.code


def test_the_guide_runs():
    """The pycon examples of docs/tracing.md."""
    import doctest

    path = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "tracing.md")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    blocks = re.findall(r"```pycon\n(.*?)```", text, re.DOTALL)
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {"pa": pa, "np": np}, "tracing.md", path, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0


# -- NumPy's conditional direct marks, which the replay calls in place of the implementation -----------------------

_DTYPES = ("bool", "uint8", "int32", "int64", "float32", "float64", "complex64")
_SHAPES = ((), (0,), (3,), (2, 3), (2, 0, 3))


def _arrays():
    rng = np.random.default_rng(11)
    for dtype in _DTYPES:
        for shape in _SHAPES:
            values = rng.standard_normal(shape) * 3
            if dtype == "complex64":
                values = values + 1j * rng.standard_normal(shape)
            yield values.astype(dtype)


def _reductions(correction=False):
    for x in _arrays():
        for axis in (None, 0, -1, (0, 1)):
            if axis is not None and (x.ndim == 0 or (axis == (0, 1) and x.ndim < 2)):
                continue
            for keepdims in (False, True):
                for extra in ({"correction": 0.0}, {"correction": 1.0}) if correction else ({},):
                    yield (x,), {"axis": axis, "keepdims": keepdims, **extra}


REPLAY_CASES = {
    "sum": lambda: _reductions(),
    "prod": lambda: _reductions(),
    "mean": lambda: _reductions(),
    "std": lambda: _reductions(correction=True),
    "var": lambda: _reductions(correction=True),
    "matrix_transpose": lambda: (((x,), {}) for x in _arrays() if x.ndim >= 2),
    "astype": lambda: (
        ((x, target), {"copy": copy, "device": device})
        for x in _arrays()
        for target in _DTYPES
        for copy in (True, False)
        for device in (None, "cpu")
    ),
}


def _replay_marked():
    import inspect

    for name in implementation_module_names(pa.get_backend("numpy").info):
        module = sys.modules[name]
        for attribute, function in vars(module).items():
            if inspect.isfunction(function) and hasattr(function, "polyarray_replay"):
                yield attribute, function


def test_every_conditional_mark_is_checked_here():
    assert {name for name, _ in _replay_marked()} <= set(REPLAY_CASES)


@pytest.mark.parametrize("name, function", list(_replay_marked()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_conditional_mark_gives_what_the_implementation_gives_where_it_holds(name, function):
    import warnings

    native, code, when = function.polyarray_replay
    assert code is function.__code__
    held = 0
    for args, kwargs in REPLAY_CASES[name]():
        if not when(*args, **kwargs):
            continue
        held += 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected, actual = function(*args, **kwargs), native(*args, **kwargs)
        assert type(actual) is type(expected), (name, args, kwargs)
        expected, actual = np.asarray(expected), np.asarray(actual)
        assert expected.dtype == actual.dtype and expected.shape == actual.shape, (name, args, kwargs)
        np.testing.assert_array_equal(actual, expected)
    assert held > 10


def test_numpy_marks_conditional_replays_from_release_2_on():
    # As its unconditional marks: none on NumPy 1.x, which reads Python scalars by value.
    assert (len(list(_replay_marked())) == 0) == np.__version__.startswith("1.")


def test_numpy_graphs_replay_the_framework_functions():
    graph = pa.trace(lambda a: pa.sum(a, axis=0) + pa.mean(a) + pa.std(a), pa.asarray(X))
    lowered = {node.name: node.lowered[0][0].target for node in graph.nodes if node.lowered is not None}
    # NumPy 1.x marks nothing, so its implementations are replayed themselves.
    numpy_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"
    from polyarray_numpy import statistical

    assert lowered == ({"mean": statistical._mean, "std": np.std} if numpy_2 else {})
    # A sum of floats is NumPy's own reduction for every argument (a mark with dtypes): the graph calls it itself.
    assert (graph.nodes[0].target is statistical._sum) == numpy_2
    assert "np.sum" not in str(graph) and "sum(x0, axis=0)" in str(graph)
    assert_same(pa.sum(pa.asarray(X), axis=0) + pa.mean(pa.asarray(X)) + pa.std(pa.asarray(X)), graph(pa.asarray(X)))
    # integers accumulate in int64, which np.sum of int32 need not: the implementation is replayed
    ints = pa.trace(lambda a: pa.sum(a), np.arange(4, dtype=np.int32))
    assert ints.nodes[0].lowered is None
