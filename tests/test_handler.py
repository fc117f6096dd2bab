"""The handler: set/get/current/previous/unset, precedence, isolation, exception safety."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

import polyarray as pa
from polyarray import _handler


def test_set_get_previous_unset():
    numpy_backend = pa.set_backend("numpy")
    assert numpy_backend is pa.get_backend("numpy")
    assert pa.current_backend() is numpy_backend
    assert pa.get_backend() is numpy_backend
    assert pa.previous_backend() is numpy_backend
    assert pa.previous_backend() is None
    pa.set_backend("numpy")
    pa.set_backend(numpy_backend)
    pa.unset_backend()
    assert pa.previous_backend() is None


def test_backend_is_built_once_and_cached():
    assert pa.get_backend("numpy") is pa.get_backend("numpy")
    assert pa.set_backend("numpy") is pa.get_backend("numpy")


def test_backend_namespace_runs_without_dispatch():
    xp = pa.get_backend("numpy")
    result = xp.add(xp.asarray([1, 2]), 3)
    assert result.backend is xp
    np.testing.assert_array_equal(pa.to_numpy(result), [4, 5])
    assert xp.linalg.matmul is xp.matmul


def test_public_functions_keep_their_identity(toy_site):
    add, module_dict = pa.add, dict(vars(pa))
    pa.set_backend("toy")
    pa.set_backend("numpy")
    pa.unset_backend()
    assert pa.add is add
    assert {k: v for k, v in vars(pa).items() if callable(v)} == {k: v for k, v in module_dict.items() if callable(v)}


def test_precedence_explicit_then_context_then_inferred_then_implicit(toy_site):
    import toyframework

    toy = toyframework.ToyArray([1.0, 2.0])
    numpy_array = np.array([1.0, 2.0])
    # inferred from the first array argument
    assert pa.add(toy, 1).backend.name == "toy"
    assert pa.add(numpy_array, 1).backend.name == "numpy"
    # implicit: the last inferred, for calls with no array argument
    pa.add(toy, 1)
    assert pa.current_backend().name == "toy"
    assert pa.ones(2).backend.name == "toy"
    pa.add(numpy_array, 1)
    assert pa.ones(2).backend.name == "numpy"
    # the context stack beats inference
    with pa.backend_context("toy"):
        assert pa.current_backend(numpy_array).name == "toy"
        assert pa.ones(2).backend.name == "toy"
        # an explicit backend= beats the context
        assert pa.ones(2, backend="numpy").backend.name == "numpy"
        assert pa.ones(2, backend=pa.get_backend("numpy")).backend.name == "numpy"
    pa.set_backend("toy")
    assert pa.current_backend(numpy_array).name == "toy"


def test_inference_uses_first_array_argument_only(toy_site):
    import toyframework

    toy = toyframework.ToyArray([1.0])
    assert pa.current_backend(2.0, toy, np.ones(1)).name == "toy"
    assert pa.current_backend(np.ones(1), toy).name == "numpy"
    assert pa.current_backend([toy, np.ones(1)]).name == "toy"  # one level into a sequence
    assert pa.current_backend(pa.asarray([1.0], backend="numpy")).name == "numpy"


def test_inference_is_cached_per_type():
    pa.add(np.ones(2, dtype=np.float32), 1)
    assert _handler._type_owner[np.ndarray] is pa.get_backend("numpy")


def test_unknown_backend_lists_installed_ones_and_changes_nothing():
    pa.set_backend("numpy")
    with pytest.raises(pa.BackendNotFoundError, match=r"No backend named 'nope'.*'numpy'") as info:
        pa.set_backend("nope")
    assert isinstance(info.value, ValueError)
    assert pa.current_backend().name == "numpy"
    assert len(_handler._current_stack()) == 1
    with pytest.raises(pa.BackendNotFoundError):
        pa.backend_context("nope")
    with pytest.raises(pa.BackendNotFoundError):
        pa.ones(2, backend="nope")


def test_set_backend_is_exception_safe_with_broken_plugins(toy_site):
    pa.set_backend("toy")
    for name in ("broken", "needsmissing"):
        with pytest.raises(pa.BackendLoadError):
            pa.set_backend(name)
        assert pa.current_backend().name == "toy"
        assert [b.name for b in _handler._current_stack()] == ["toy"]


def test_backend_context_restores_state_even_on_error():
    pa.set_backend("numpy")
    before = _handler._current_stack()
    with pytest.raises(ZeroDivisionError), pa.backend_context("numpy"):
        assert len(_handler._current_stack()) == 2
        raise ZeroDivisionError
    assert _handler._current_stack() == before


def test_threads_see_their_own_backend_context(toy_site):
    barrier = threading.Barrier(2, timeout=10)
    seen: dict[str, list[str]] = {}

    def worker(name: str) -> None:
        with pa.backend_context(name):
            barrier.wait()
            seen[name] = [pa.current_backend().name, pa.ones(1).backend.name]
            barrier.wait()

    threads = [threading.Thread(target=worker, args=(n,)) for n in ("numpy", "toy")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"numpy": ["numpy", "numpy"], "toy": ["toy", "toy"]}


def test_set_backend_is_the_default_new_threads_start_from(toy_site):
    pa.set_backend("toy")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(pa.current_backend().name))
    thread.start()
    thread.join()
    assert seen == ["toy"]


def test_backend_context_in_a_thread_does_not_leak(toy_site):
    pa.set_backend("numpy")

    def worker() -> None:
        with pa.backend_context("toy"):
            pass
        pa.unset_backend()  # this thread's stack only

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert pa.current_backend().name == "numpy"


def test_asyncio_tasks_are_isolated(toy_site):
    async def task(name: str, order: list[str]) -> list[str]:
        with pa.backend_context(name):
            order.append(name)
            await asyncio.sleep(0.01)
            return [pa.current_backend().name, pa.ones(1).backend.name]

    async def main() -> list[list[str]]:
        order: list[str] = []
        results = await asyncio.gather(task("numpy", order), task("toy", order))
        assert order == ["numpy", "toy"]  # both contexts were open at the same time
        return results

    assert asyncio.run(main()) == [["numpy", "numpy"], ["toy", "toy"]]


def test_a_dynamic_switch_to_a_backend_that_fails_to_build_changes_nothing():
    x = pa.asarray([1.0])
    x.dynamic_backend = True
    try:
        with pytest.raises(pa.BackendNotFoundError):
            pa.set_backend("nosuchbackend", dynamic=True)
        assert _handler._current_stack() == () and x.backend.name == "numpy"
    finally:
        x.dynamic_backend = False


def test_missing_function_names_function_and_backend(toy_site):
    import toyframework

    with pytest.raises(pa.BackendNotImplementedError, match=r"pa\.sum .*'toy' backend") as info:
        pa.sum(toyframework.ToyArray([1.0]))
    assert isinstance(info.value, NotImplementedError)
    assert "sum" in pa.get_backend("toy").missing


def test_errors_keep_native_cause_and_name_function():
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.matmul .*numpy backend") as info:
        pa.matmul(pa.ones((2, 3)), pa.ones((2, 3)))
    assert isinstance(info.value, ValueError)
    assert info.value.__cause__ is not None
