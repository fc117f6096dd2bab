"""The graph tracer on every backend: eager against replay, compiled and replayed on another backend.

Each program is traced in native mode and in Array mode; its replay must
equal the eager call bit for bit on the same backend. ``pa.compile`` (with
``jax.jit``, ``torch.compile``, ``tf.function``) must agree with eager within
float32 rounding (the compilers fuse operations), and a graph traced on one
backend, replayed on another, must agree with that backend's eager result
likewise (each backend computes its own way). JAX runs in 64-bit mode here and
in its default 32-bit mode in a subprocess. Dask, where its plugin is
installed, traces and replays its lazy implementations (it has no compiler:
``pa.compile`` replays the graph) without computing anything.
"""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import polyarray as pa

torch = pytest.importorskip("torch")
jnp = pytest.importorskip("jax.numpy")
tf = pytest.importorskip("tensorflow")

DASK = "dask" in pa.available_backends()
BACKENDS = ("numpy", "torch", "jax", "tensorflow", *(("dask",) if DASK else ()))
RNG = np.random.default_rng(5)
X = RNG.standard_normal((8, 4)).astype(np.float32)
W = RNG.standard_normal((4, 3)).astype(np.float32)
Y = np.eye(3, dtype=np.float32)[RNG.integers(0, 3, 8)]


def native(backend, value):
    if backend == "dask":
        import dask.array as da

        return da.from_array(np.asarray(value), chunks=3)  # several blocks along each axis of the programs' arrays
    return {
        "numpy": np.array,
        "torch": torch.asarray,
        "jax": jnp.asarray,
        "tensorflow": tf.constant,
    }[backend](value)


def to_numpy(value):
    return pa.to_numpy(value) if isinstance(value, pa.Array) else np.asarray(pa.to_numpy(pa.asarray(value)))


def leaves(value):
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in leaves(item)]
    return [value]


def assert_equal(expected, actual):
    left, right = leaves(expected), leaves(actual)
    assert len(left) == len(right)
    for e, a in zip(left, right):
        assert type(e) is type(a)
        e, a = to_numpy(e), to_numpy(a)
        assert e.dtype == a.dtype and e.shape == a.shape
        np.testing.assert_array_equal(a, e)


def assert_close(expected, actual, rtol=2e-5, atol=2e-6):
    left, right = leaves(expected), leaves(actual)
    assert len(left) == len(right)
    for e, a in zip(left, right):
        e, a = to_numpy(e), to_numpy(a)
        assert e.dtype == a.dtype and e.shape == a.shape
        np.testing.assert_allclose(a, e, rtol=rtol, atol=atol)


# -- programs -------------------------------------------------------------------------------------------


def train_step(x, y, w):
    """A softmax regression step: forward, cross-entropy, hand-written gradient, update."""
    logits = x @ w
    p = pa.softmax(logits, axis=-1)
    loss = -pa.mean(pa.sum(y * pa.log(p + 1e-7), axis=1))
    grad = pa.matrix_transpose(x) @ (p - y) / x.shape[0]
    return w - 0.5 * grad, loss


def features(x):
    """Reductions, indexing, comparisons, casts, stacking and a composition."""
    centred = x - pa.mean(x, axis=0, keepdims=True)
    scaled = centred / (pa.std(x, axis=0, keepdims=True) + 1e-6)
    top = pa.argmax(scaled, axis=1)
    flags = pa.astype(scaled > 0, pa.float32)
    pieces = pa.stack([scaled[:, 0], flags[:, 1], pa.logsumexp(scaled, axis=1)], axis=1)
    return {"pieces": pieces, "top": top, "norm": pa.sqrt(pa.sum(x * x))}


PROGRAMS = {"train_step": (train_step, (X, Y, W)), "features": (features, (X,))}


def _arguments(backend, program, wrapped):
    values = PROGRAMS[program][1]
    arrays = tuple(native(backend, v) for v in values)
    return tuple(pa.asarray(a) for a in arrays) if wrapped else arrays


@pytest.mark.parametrize("mode", ["native", "array"])
@pytest.mark.parametrize("program", sorted(PROGRAMS))
@pytest.mark.parametrize("backend", BACKENDS)
def test_replay_equals_eager(backend, program, mode):
    function = PROGRAMS[program][0]
    pa.set_array_mode(mode == "array")
    args = _arguments(backend, program, wrapped=mode == "array")
    graph = pa.trace(function, *args)
    assert graph.backend is pa.get_backend(backend)
    assert_equal(function(*args), graph(*args))


@pytest.mark.parametrize("program", sorted(PROGRAMS))
@pytest.mark.parametrize("target", BACKENDS)
@pytest.mark.parametrize("source", BACKENDS)
def test_replay_on_another_backend_agrees_with_its_eager_result(source, target, program):
    function = PROGRAMS[program][0]
    graph = pa.trace(function, *_arguments(source, program, wrapped=True))
    args = _arguments(target, program, wrapped=True)
    moved = graph.to_backend(target)
    assert moved.backend is pa.get_backend(target) and moved.stats() == graph.stats()
    result = moved(*args)
    assert all(leaf.backend.name == target for leaf in leaves(result) if isinstance(leaf, pa.Array))
    assert_close(function(*args), result)
    assert_close(result, graph(*args, backend=target), rtol=0, atol=0)


#: torch.compile takes seconds per graph on a CPU: one program there.
COMPILED = [(b, p) for b in BACKENDS if b != "torch" for p in sorted(PROGRAMS)] + [("torch", "train_step")]


@pytest.mark.parametrize("backend, program", COMPILED)
def test_compiled_agrees_with_eager(backend, program):
    function = PROGRAMS[program][0]
    args = _arguments(backend, program, wrapped=True)
    compiled = pa.compile(function)
    expected = function(*args)
    assert_close(expected, compiled(*args))
    again = tuple(pa.asarray(native(backend, to_numpy(a) * 0.5)) for a in args)
    assert_close(function(*again), compiled(*again))  # the compiled graph computes, it does not remember
    assert len(compiled.graphs) == 1


def test_each_backend_offers_its_compiler():
    def probe(x):
        return (x * 2,)

    assert pa.get_backend("numpy").raw.compile_function(probe) is None
    assert "jit" in type(pa.get_backend("jax").raw.compile_function(probe)).__name__.lower()
    compiled = pa.get_backend("torch").raw.compile_function(probe)
    assert compiled is not probe and callable(compiled)
    tf_compiled = pa.get_backend("tensorflow").raw.compile_function(probe)
    np.testing.assert_array_equal(tf_compiled(tf.constant([1.0, 2.0]))[0].numpy(), [2.0, 4.0])
    if DASK:  # a lazy graph is no compiled program: pa.compile replays it
        assert pa.get_backend("dask").raw.compile_function(probe) is None


@pytest.mark.parametrize("shapes", ["exact", "rank"])
@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_compiled_calls_leave_dtypes_and_shapes_to_the_compiler(backend, shapes):
    # JAX's and torch's plugins say compiler_specialises: pa.compile's fast check reads only each array's class, and
    # the compiler's own cache (jax.jit's, TorchDynamo's guards) tells a call of another dtype or shape, for which
    # the compiled body answers (), and the call goes to a graph of its own.
    frameworks = ("numpy", "jax", "torch", "tensorflow")
    specialising = {name for name in frameworks if pa.get_backend(name).info.compiler_specialises}
    assert specialising == {"jax", "torch"}
    xp = pa.get_backend(backend)

    def scaled_rows(x):
        return x / x.shape[0] + pa.sum(x, axis=0)

    with pa.backend_context(backend):
        compiled = pa.compile(scaled_rows, shapes=shapes)
    calls = [
        xp.ones((4, 3), dtype=pa.float32).data,
        xp.reshape(xp.arange(6.0, dtype=pa.float32), (2, 3)).data,
        xp.ones((4, 3), dtype=pa.int32).data,
        xp.ones((4,), dtype=pa.float32).data,
    ]
    for _ in range(2):  # each kind of call again, after the others: no answer is remembered from another kind
        for x in calls:
            result = compiled(x)
            expected = scaled_rows(x)
            assert result.dtype == expected.dtype and result.shape == expected.shape
            np.testing.assert_allclose(pa.to_numpy(result), pa.to_numpy(expected))
    traced = {(tuple(g.inputs[0].shape), str(g.inputs[0].dtype).split(".")[-1]) for g in compiled.graphs}
    assert traced == {((4, 3), "float32"), ((2, 3), "float32"), ((4, 3), "int32"), ((4,), "float32")}
    # Without a shape read, a graph guarded by rank serves every shape of that rank, each compiled by the compiler.
    with pa.backend_context(backend):
        doubled_exp = pa.compile(lambda x: pa.exp(x) * 2, shapes=shapes)
    for x in calls[:2] * 2:
        np.testing.assert_allclose(pa.to_numpy(doubled_exp(x)), np.exp(pa.to_numpy(x)) * 2, rtol=1e-6)
    assert len(doubled_exp.graphs) == (1 if shapes == "rank" else 2)


def test_torch_writes_small_constants_into_the_compiled_graph():
    raw = pa.get_backend("torch").raw
    for constant in (torch.arange(4)[None, :], torch.tensor([1.5, -0.0, float("nan")]), torch.tensor(True)):
        made = raw.compiled_constant(constant)()
        assert made is not constant and made.dtype == constant.dtype and made.shape == constant.shape
        torch.testing.assert_close(made, constant, equal_nan=True)
        assert torch.equal(made.signbit(), constant.signbit())
    too_big, unsigned = torch.zeros(65), torch.zeros(3, dtype=torch.uint32)
    assert raw.compiled_constant(too_big) is None and raw.compiled_constant(unsigned) is None
    assert raw.compiled_constant(torch.zeros(2, requires_grad=True)) is None
    # a graph whose constants pa.compile's body makes itself (k-means' arange and ones_like)
    x, c = torch.randn(16, 3), torch.randn(4, 3)

    def nearest(x, c):
        labels = pa.argmin(pa.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=-1), axis=1)
        onehot = pa.astype(labels[:, None] == pa.arange(4)[None, :], x.dtype)
        counts = pa.sum(onehot, axis=0)
        return pa.matrix_transpose(onehot) @ x / pa.maximum(counts, pa.ones_like(counts))[:, None]

    expected = pa.to_native(nearest(x, c))
    graph = pa.trace(nearest, x, c)  # holds the generated source while it lives
    body = graph.compiler_body()
    made = [line for line in inspect.getsource(body).splitlines() if re.fullmatch(r"    c\d+ = k\d+\(\)", line)]
    assert len(made) == 2  # arange(4)[None, :] and ones_like(counts), traced as constants
    torch.testing.assert_close(body(x, c)[0], expected)
    torch.testing.assert_close(pa.to_native(pa.compile(nearest)(x, c)), expected)


def test_tensorflow_compiles_with_xla_where_it_can():
    compiled = pa.compile(lambda x: pa.exp(x) * 2.0)
    result = compiled(pa.asarray(tf.constant([0.0, 1.0])))
    np.testing.assert_allclose(pa.to_numpy(result), [2.0, 2 * np.e], rtol=1e-6)
    hook = pa.get_backend("tensorflow").raw.compile_function(lambda x: (x * 2.0,))
    hook(tf.constant([1.0]))
    assert hook.jit_compile is True
    # an operation XLA does not compile on the CPU: tf.function without XLA, with the same results
    fallback = pa.get_backend("tensorflow").raw.compile_function(lambda x: (tf.strings.as_string(x),))
    assert fallback(tf.constant([1.5]))[0].numpy().tolist() == [b"1.500000"]
    assert fallback.jit_compile is False


# -- what each framework refuses ------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_writes_and_data_dependent_shapes_are_refused_everywhere(backend):
    x = pa.asarray(native(backend, X))

    def write(a):
        a[0] = 1.0
        return a

    with pytest.raises(pa.TracingError, match="write into a traced array"):
        pa.trace(write, x)
    with pytest.raises(pa.TracingError, match="depends on the values"):
        pa.trace(lambda a: a[a > 0], x)
    with pytest.raises(pa.TracingError, match="bool\\(\\) of a traced array"):
        pa.trace(lambda a: a if pa.all(a > 0) else -a, x)


def test_framework_functions_on_traced_native_arrays():
    with pytest.raises(pa.TracingError, match=r"torch.exp was called on a traced array.*pa\.exp"):
        pa.trace(lambda a: torch.exp(a), torch.ones(3))
    with pytest.raises(pa.TracingError, match="TensorFlow was given a traced array"):
        pa.trace(lambda a: tf.exp(a), tf.ones(3))
    with pytest.raises(TypeError, match="TracedJaxArray"):  # JAX's own error, naming the traced array
        pa.trace(lambda a: jnp.exp(a), jnp.ones(3))


@pytest.mark.parametrize("backend", ["torch", "jax", "tensorflow"])
def test_native_arrays_on_the_left_of_an_operator_are_recorded(backend):
    constant = native(backend, np.arange(4, dtype=np.float32))
    x = native(backend, X)
    graph = pa.trace(lambda a: constant + a * constant, x)
    assert graph.stats() == {"operator.mul": 1, "operator.add": 1}
    assert_equal(constant + x * constant, graph(x))


def test_arrays_of_several_backends_are_refused():
    with pytest.raises(pa.TracingError, match="several backends"):
        pa.trace(lambda a, b: a + b, pa.asarray(X), torch.ones(4))


def test_a_graph_takes_arrays_of_its_backend_only():
    graph = pa.trace(lambda a: a * 2, X)
    with pytest.raises(pa.TracingError, match="to_backend\\('torch'\\)"):
        graph(torch.asarray(X))


def test_jax_in_its_default_32_bit_mode():
    """Trace, replay, compile and move a graph with JAX's default mode (a fresh process)."""
    script = textwrap.dedent(
        """
        import numpy as np
        import jax.numpy as jnp
        import polyarray as pa

        def step(x, w):
            return pa.softmax(x @ w, axis=-1), pa.sum(x, axis=0)

        x = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
        w = np.ones((3, 2), dtype=np.float32)
        jx, jw = pa.asarray(jnp.asarray(x)), pa.asarray(jnp.asarray(w))
        eager = step(jx, jw)
        graph = pa.trace(step, jx, jw)
        for a, b in zip(eager, graph(jx, jw)):
            assert a.dtype == pa.float32 and b.dtype == pa.float32
            np.testing.assert_array_equal(pa.to_numpy(a), pa.to_numpy(b))
        for a, b in zip(eager, pa.compile(step)(jx, jw)):
            np.testing.assert_allclose(pa.to_numpy(a), pa.to_numpy(b), rtol=1e-6)
        moved = pa.trace(step, pa.asarray(x), pa.asarray(w)).to_backend("jax")
        for a, b in zip(eager, moved(jx, jw)):
            np.testing.assert_allclose(pa.to_numpy(a), pa.to_numpy(b), rtol=1e-6)
        try:
            pa.trace(lambda v: pa.argmax(v, axis=1) == pa.arange(4), pa.asarray(x)).to_backend("jax")
        except pa.UnsupportedDtypeError as error:
            assert "int64" in str(error)
        else:
            raise AssertionError("an int64 constant moved to JAX's 32-bit mode")
        print("ok")
        """
    )
    env = {**os.environ, "JAX_ENABLE_X64": "0"}
    completed = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.strip().endswith("ok")


def test_torch_replays_the_calls_its_implementations_made():
    raw = pa.get_backend("torch").raw
    x = torch.asarray(X)
    result, calls = raw.record_calls(raw.mean, (x,), {"axis": 0, "keepdims": True})
    assert [getattr(c[0], "__name__", "") for c in calls] == ["mean"] and calls[0][3] is result
    # an implementation that reads a value into Python cannot be replayed by its calls
    _, calls = raw.record_calls(lambda t: t * float(t.sum()), (x,), {})
    assert calls is None
    graph = pa.trace(lambda a: pa.std(a, axis=0) + pa.max(a), pa.asarray(x))
    # max of a float tensor has a direct mark whose native is a function of the plugin: recorded the same way
    assert all(node.lowered is not None for node in graph.nodes if node.name in ("std", "max"))
    assert graph.stats() == {"std": 1, "max": 1, "add": 1}
    assert "TensorBase" not in str(graph) and "std(" in str(graph)  # printed as polyarray's calls
    assert_equal(pa.std(pa.asarray(x), axis=0) + pa.max(pa.asarray(x)), graph(pa.asarray(x)))
    # sizes are constants of the recorded calls: a graph guarded by rank only replays the implementations
    ranked = pa.trace(lambda a: pa.std(a, axis=0), pa.asarray(x), shapes="rank")
    assert ranked.rank_only
    bigger = pa.asarray(torch.asarray(RNG.standard_normal((5, 7)).astype(np.float32)))
    assert_equal(pa.std(bigger, axis=0), ranked(bigger))


# -- a lazy backend ---------------------------------------------------------------------------------------------


@pytest.fixture
def computations():
    """The number of Dask graphs computed while the test runs, counted by a scheduler standing in for Dask's."""
    dask = pytest.importorskip("dask")
    if not DASK:
        pytest.skip("the polyarray-dask plugin is not installed")
    counted = [0]

    def scheduler(graph, keys, **kwargs):
        counted[0] += 1
        return dask.get(graph, keys, **kwargs)

    with dask.config.set(scheduler=scheduler):
        yield counted


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_dask_traces_replays_and_compiles_without_computing(program, computations):
    function = PROGRAMS[program][0]
    args = _arguments("dask", program, wrapped=True)
    graph = pa.trace(function, *args)
    replayed = graph(*args)
    compiled = pa.compile(function)(*args)
    assert computations[0] == 0
    leaves_out = leaves(replayed) + leaves(compiled)
    assert all(isinstance(leaf, pa.Array) and leaf.backend.name == "dask" for leaf in leaves_out)
    computed = pa.compute(*leaves(function(*args)), *leaves(replayed), *leaves(compiled))
    assert computations[0] == 1
    third = len(computed) // 3
    for eager, again, once_more in zip(computed[:third], computed[third : 2 * third], computed[2 * third :]):
        np.testing.assert_array_equal(again, eager)
        np.testing.assert_array_equal(once_more, eager)


def test_dask_refuses_what_a_graph_cannot_hold(computations):
    x = pa.asarray(native("dask", X))
    with pytest.raises(pa.TracingError, match=r"pa\.compute of a traced array"):
        pa.trace(lambda a: pa.compute(a * 2), x)
    with pytest.raises(pa.TracingError, match=r"pa\.persist of a traced array"):
        pa.trace(lambda a: pa.persist(a * 2), x)
    selected = x[x > 0]  # its size depends on values not computed yet
    assert selected.shape == (None,)
    with pytest.raises(pa.TracingError, match=r"pa\.persist on it first"):
        pa.compile(lambda a: a * 2)(selected)
    assert computations[0] == 0
    (known,) = pa.persist(selected)
    assert_equal(known * 2, pa.trace(lambda a: a * 2, known)(known))
