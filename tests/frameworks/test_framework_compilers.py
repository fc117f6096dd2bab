"""Frameworks' tracers see through polyarray: ``torch.compile``, ``jax.jit``/``jax.grad`` and ``tf.function``.

Each traces a small program written with ``pa`` functions, ``pa.Array``
operators, indexing and compositions, in native mode (native arrays in and
out) and in Array mode (``pa.asarray`` in, ``pa.to_native`` at the boundary),
and the compiled result equals the eager one. ``torch.compile`` runs with
``fullgraph=True``, so any graph break fails the test.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import polyarray as pa

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
tf = pytest.importorskip("tensorflow")
torch = pytest.importorskip("torch")


def program(x, w):
    """Operators with arrays and Python scalars (on either side of a comparison), indexing, reductions with
    axes, compositions, and the calls torch's plugin hands to torch directly."""
    h = pa.matmul(x, w) * 0.5 + 1.0
    h = pa.where(0 < h, h, 0.1 * h)
    g = pa.matmul(pa.matrix_transpose(h), x)
    s = pa.softmax(h, axis=-1)
    total = pa.sum(s[:, 1:] ** 2, axis=0, keepdims=True) - pa.mean(h[:, 1:], axis=0) + pa.std(h, axis=0)[..., 1:]
    total = total + h[0, None, 1:]
    first = pa.astype(pa.argmax(pa.sum(h, axis=0)), h.dtype)
    return pa.logsumexp(total, axis=-1) + pa.max(-h) + pa.min(pa.maximum(g, 0.0)) + first


def native_mode(x, w):
    return program(x, w)


def array_mode(x, w):
    return pa.to_native(program(pa.asarray(x), pa.asarray(w)))


MODES = {"native": (native_mode, False), "array": (array_mode, True)}


def _inputs(backend):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 3)).astype(np.float32)
    w = rng.standard_normal((3, 5)).astype(np.float32)
    convert = {"torch": torch.asarray, "jax": jnp.asarray, "tensorflow": tf.constant}[backend]
    return convert(x), convert(w)


def _eager(function, backend, mode):
    x, w = _inputs(backend)
    pa.set_array_mode(mode)
    return function(x, w)


@pytest.fixture(autouse=True)
def _array_mode_back():
    yield
    pa.set_array_mode(True)


@pytest.mark.parametrize("mode", list(MODES))
def test_torch_compile_full_graph(mode):
    function, array_mode_on = MODES[mode]
    torch._dynamo.reset()
    expected = _eager(function, "torch", array_mode_on)
    x, w = _inputs("torch")
    got = torch.compile(function, fullgraph=True)(x, w)
    assert isinstance(got, torch.Tensor)
    torch.testing.assert_close(got, expected)


def test_torch_compile_differentiates_through_polyarray():
    torch._dynamo.reset()
    x, w = _inputs("torch")
    w = w.clone().requires_grad_(True)
    compiled = torch.compile(lambda x, w: pa.to_native(pa.sum(program(pa.asarray(x), pa.asarray(w)))), fullgraph=True)
    compiled(x, w).backward()
    eager_w = w.detach().clone().requires_grad_(True)
    pa.to_native(pa.sum(program(pa.asarray(x), pa.asarray(eager_w)))).backward()
    torch.testing.assert_close(w.grad, eager_w.grad)


def test_torch_compile_while_the_registry_of_dynamic_arrays_is_pruned():
    """New arrays are registered for dynamic switches; pruning that registry while compiling breaks no graph."""
    from polyarray import _registry
    from polyarray._config import settings

    torch._dynamo.reset()
    _registry.live_arrays()  # from the first dynamic switch (or this) on, new arrays are registered
    assert settings.registering
    x, w = _inputs("torch")
    limit = settings.dynamic_limit
    settings.dynamic_limit = len(_registry.registry()) + 1  # the first array made while tracing prunes
    try:
        compiled = torch.compile(lambda x, w: pa.to_native(program(pa.asarray(x), pa.asarray(w))), fullgraph=True)
        got = compiled(x, w)
    finally:
        settings.dynamic_limit = max(limit, settings.dynamic_limit)
    torch.testing.assert_close(got, pa.to_native(program(pa.asarray(x), pa.asarray(w))))


@pytest.mark.parametrize("mode", list(MODES))
def test_torch_compile_casts_to_a_dtype_read_from_an_array(mode):
    """``astype`` to another array's dtype, after NumPy dtypes were met (the dtype checks remember what they
    met: what the compiler guards must not change while it traces)."""
    pa.astype(np.ones(2, dtype=np.float32), np.dtype(np.float64), backend="numpy")
    pa.astype(np.ones(2, dtype=np.int32), np.float32, backend="numpy")

    def cast(x, w):
        return pa.astype(pa.argmax(pa.matmul(x, w), axis=0), x.dtype) + pa.sum(x, dtype=pa.float32)

    function = {"native": cast, "array": lambda x, w: pa.to_native(cast(pa.asarray(x), pa.asarray(w)))}[mode]
    torch._dynamo.reset()
    x, w = _inputs("torch")
    pa.set_array_mode(mode == "array")
    expected = function(x, w)
    got = torch.compile(function, fullgraph=True)(x, w)
    assert got.dtype == x.dtype
    torch.testing.assert_close(got, expected)


def test_torch_compile_in_a_fresh_process():
    """The first contact with the torch backend may happen inside the compiled function."""
    code = textwrap.dedent(
        """
        import torch, polyarray as pa
        x = torch.randn(3, 4)
        f = lambda t: pa.to_native(pa.softmax(pa.asarray(t), axis=-1) * 2.0)
        got = torch.compile(f, fullgraph=True)(x)
        assert torch.allclose(got, torch.softmax(x, dim=-1) * 2.0)
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ))
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-3000:]


def test_torch_compile_full_graph_before_any_eager_call():
    """In a fresh process the backend's functions are made on first use: compiling first, the compiler meets
    them not made yet, and still traces one graph; eager calls after it give the same."""
    code = textwrap.dedent(
        """
        import numpy as np, torch, polyarray as pa
        from polyarray._backend import Pending
        exec(PROGRAM)
        torch_backend = pa.get_backend("torch")
        assert type(torch_backend.functions["softmax"]) is Pending and type(torch_backend.operators["add"]) is Pending
        rng = np.random.default_rng(0)
        x = torch.asarray(rng.standard_normal((4, 3)).astype(np.float32))
        w = torch.asarray(rng.standard_normal((3, 5)).astype(np.float32))
        for function, array_mode in ((native_mode, False), (array_mode_program, True)):
            pa.set_array_mode(array_mode)
            got = torch.compile(function, fullgraph=True)(x, w)
            torch.testing.assert_close(got, function(x, w))
        print("ok")
        """
    )
    program_source = (
        "\n".join(textwrap.dedent(inspect.getsource(f)) for f in (program, native_mode))
        + "\ndef array_mode_program(x, w):\n    return pa.to_native(program(pa.asarray(x), pa.asarray(w)))\n"
    )
    code = f"PROGRAM = {program_source!r}\n" + code
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ))
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-3000:]


@pytest.mark.parametrize("mode", list(MODES))
def test_jax_jit_and_grad(mode):
    function, array_mode_on = MODES[mode]
    expected = _eager(function, "jax", array_mode_on)
    x, w = _inputs("jax")
    np.testing.assert_allclose(np.asarray(jax.jit(function)(x, w)), np.asarray(expected), rtol=1e-5, atol=1e-6)
    gradient = jax.grad(lambda w: jnp.sum(function(x, w)))(w)
    assert gradient.shape == w.shape and bool(jnp.all(jnp.isfinite(gradient)))


@pytest.mark.parametrize("jit_compile", [False, True])
@pytest.mark.parametrize("mode", list(MODES))
def test_tf_function(mode, jit_compile):
    function, array_mode_on = MODES[mode]
    expected = _eager(function, "tensorflow", array_mode_on)
    x, w = _inputs("tensorflow")
    got = tf.function(function, jit_compile=jit_compile)(x, w)
    np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-5, atol=1e-6)
