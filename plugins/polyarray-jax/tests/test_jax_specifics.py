"""What is particular to JAX: immutable arrays, inference of JAX arrays and tracers, jax.jit and jax.grad."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import polyarray_jax
import pytest

import polyarray as pa


def test_backend_info_describes_jax():
    info = polyarray_jax.backend_info()
    assert info["framework"] == "jax"
    assert info["mutable_arrays"] is False
    assert info["accepts_array_likes"] is False
    assert ("jax", "Array") in info["native_array_types"]
    backend = pa.get_backend("jax")
    assert backend.mutable_arrays is False
    assert type(jnp.ones(1)) in backend.native_array_types


def test_the_light_module_imports_no_framework():
    from jax_subprocess import run_python

    result = run_python(
        """
        import sys, polyarray as pa
        import polyarray_jax
        info = polyarray_jax.backend_info()
        print("jax" in sys.modules, "jax" in pa.available_backends())
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]


def test_jax_arrays_choose_the_jax_backend():
    x = jnp.arange(3.0)
    assert pa.current_backend(x).name == "jax"
    result = pa.sin(x)
    assert result.backend.name == "jax"
    assert isinstance(pa.to_native(result), jax.Array)


def test_tracers_inside_jit_choose_the_jax_backend():
    seen = []

    def f(x):
        seen.append(pa.current_backend(x).name)
        return pa.to_native(pa.sum(pa.exp(x) * 2))

    value = jax.jit(f)(jnp.arange(3.0))
    assert seen == ["jax"]
    np.testing.assert_allclose(float(value), float(np.sum(np.exp(np.arange(3.0)) * 2)))


def test_a_tracer_is_the_first_jax_value_a_process_shows_polyarray():
    from jax_subprocess import run_python

    result = run_python(
        """
        import jax, jax.numpy as jnp, polyarray as pa
        f = jax.jit(lambda x: pa.to_native(pa.tanh(x) + pa.current_backend(x).name.count("jax")))
        print(float(f(jnp.zeros(()))))
        """,
        x64=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1.0"]


def test_grad_flows_through_polyarray_functions():
    def loss(w):
        return pa.to_native(pa.sum(pa.softmax(pa.asarray(w) * 2.0) ** 2))

    grad = jax.grad(loss)(jnp.asarray([0.1, 0.2, 0.3]))
    eps = 1e-6
    numeric = [
        (loss(jnp.asarray([0.1, 0.2, 0.3]).at[i].add(eps)) - loss(jnp.asarray([0.1, 0.2, 0.3]).at[i].add(-eps)))
        / (2 * eps)
        for i in range(3)
    ]
    np.testing.assert_allclose(np.asarray(grad), numeric, rtol=1e-5)


def test_setitem_gives_the_array_new_data():
    x = pa.asarray([1.0, 2.0, 3.0], backend="jax")
    before = pa.to_native(x)
    x[1] = 9.0
    assert pa.to_numpy(x).tolist() == [1.0, 9.0, 3.0]
    assert np.asarray(before).tolist() == [1.0, 2.0, 3.0]  # JAX arrays themselves never change
    x[pa.asarray([True, False, True], backend="jax")] = 0.0
    assert pa.to_numpy(x).tolist() == [0.0, 9.0, 0.0]


def test_writes_through_a_view_reach_the_base():
    x = pa.reshape(pa.arange(6, backend="jax"), (2, 3))
    row = x[1]
    row[...] = 0
    assert pa.to_numpy(x).tolist() == [[0, 1, 2], [0, 0, 0]]
    flat = pa.reshape(x, (6,))
    flat[0] = 7
    assert pa.to_numpy(x)[0, 0] == 7 and pa.to_numpy(row).tolist() == [0, 0, 0]


def test_out_writes_into_a_polyarray_array():
    out = pa.zeros(3, dtype=pa.float32, backend="jax")
    result = pa.add(pa.ones(3, dtype=pa.float32, backend="jax"), 1.0, out=out)
    assert result is out
    assert pa.to_numpy(out).tolist() == [2.0, 2.0, 2.0]
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.Array"):
        pa.add(pa.ones(3, backend="jax"), 1.0, out=jnp.zeros(3))


def test_inplace_update_returns_a_new_array_of_x_s_dtype():
    raw = pa.get_backend("jax").raw
    x = jnp.zeros(3, dtype=jnp.int32)
    updated = raw.inplace_update(x, np.asarray([1.7, 2.2, -3.9]))
    assert updated is not x and updated.dtype == jnp.int32
    assert np.asarray(updated).tolist() == [1, 2, -3]
    with pytest.raises(TypeError, match="complex"):
        raw.inplace_update(x, np.asarray([1j, 0, 0]))


def test_set_item_checks_bounds_as_numpy_does():
    raw = pa.get_backend("jax").raw
    x = jnp.zeros((2, 3))
    assert np.asarray(raw.set_item(x, (1, -1), 5.0))[1, 2] == 5.0
    for key in [(2, 0), (0, 3), (..., -4), np.asarray([0, 3])]:
        with pytest.raises(IndexError):
            raw.set_item(x, key, 1.0)
    with pytest.raises(pa.PolyarrayIndexError):
        pa.asarray([1, 2], backend="jax")[5] = 0


def test_take_checks_bounds_outside_jit():
    x = pa.arange(4, backend="jax")
    with pytest.raises(IndexError):
        pa.take(x, pa.asarray([4], backend="jax"))
    assert pa.to_numpy(pa.take(x, pa.asarray([-1, 0], backend="jax"))).tolist() == [3, 0]


def test_singular_and_indefinite_matrices_raise_outside_jit():
    singular = pa.asarray([[1.0, 2.0], [2.0, 4.0]], backend="jax")
    with pytest.raises(pa.PolyarrayValueError, match="Singular"):
        pa.linalg.inv(singular)
    with pytest.raises(pa.PolyarrayValueError, match="Singular"):
        pa.linalg.solve(singular, pa.ones(2, backend="jax"))
    with pytest.raises(pa.PolyarrayValueError, match="positive definite"):
        pa.linalg.cholesky(pa.asarray([[1.0, 2.0], [2.0, 1.0]], backend="jax"))
    inside = jax.jit(lambda a: pa.to_native(pa.linalg.inv(a)))(pa.to_native(singular))
    assert not np.all(np.isfinite(np.asarray(inside)))


def test_integer_powers_refuse_negative_exponents():
    with pytest.raises(pa.PolyarrayValueError, match="negative integer powers"):
        pa.pow(pa.asarray([2, 3], backend="jax"), pa.asarray([1, -1], backend="jax"))


def test_complex_special_values_follow_c99():
    # JAX drops the sign of a zero imaginary part; the branch cut side must follow it.
    z = pa.asarray(np.array([complex(-4.0, 0.0), complex(-4.0, -0.0)]), backend="jax")
    assert pa.to_numpy(pa.sqrt(z)).tolist() == [2j, -2j]
    assert pa.to_numpy(pa.abs(pa.asarray(np.array([complex(np.inf, np.nan)]), backend="jax")))[0] == np.inf
    exp = pa.to_numpy(pa.exp(pa.asarray(np.array([complex(-np.inf, np.inf)]), backend="jax")))[0]
    assert exp == 0


def test_dropout_is_reproducible_with_a_seed():
    x = pa.ones((100,), backend="jax")
    first = pa.to_numpy(pa.dropout(x, 0.5, seed=3))
    assert np.array_equal(first, pa.to_numpy(pa.dropout(x, 0.5, seed=3)))
    assert not np.array_equal(first, pa.to_numpy(pa.dropout(x, 0.5, seed=4)))
    assert set(first.tolist()) == {0.0, 2.0}
    big = pa.to_numpy(pa.dropout(x, 0.5, seed=2**40 + 3))
    assert not np.array_equal(big, pa.to_numpy(pa.dropout(x, 0.5, seed=3)))


#: The integer dtypes of this JAX mode (64-bit ones in 64-bit mode only).
INTEGER_DTYPES = ["int8", "uint8", "int16", "int32", "uint32", *(["int64"] if jax.config.jax_enable_x64 else [])]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
def test_arange_of_an_integer_dtype_gives_numpys_values(dtype):
    """An integer ``arange`` with a step of 1 is counted by JAX itself (no step passed): NumPy's values, for every
    start, stop and step of the grid, the step given or left out."""
    for start, stop, step in [(5, None, 1), (0, 7, 1), (-3, 4, 1), (2, 100, 1), (4, 2, 1), (1, 9, 3), (9, 1, -2)]:
        if dtype.startswith("uint") and min(v for v in (start, stop, step) if v is not None) < 0:
            continue  # values an unsigned dtype does not hold: refused by the core's check
        for args in [(start, stop, step), (start, stop)] if step == 1 else [(start, stop, step)]:
            args = args if args[1] is not None else args[:1]
            got = pa.arange(*args, dtype=getattr(pa, dtype), backend="jax")
            assert got.dtype == getattr(pa, dtype), args
            expected = np.arange(*args, dtype=dtype)
            assert pa.to_numpy(got).tolist() == expected.tolist(), args
