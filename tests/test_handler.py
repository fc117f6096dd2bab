"""The handler: set/get/current/previous/unset, precedence, isolation, exception safety."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

import polyarray as pa
from polyarray import _choice


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


def test_reset_state_forgets_the_inferred_backend_and_the_default_device(toy_site):
    import toyframework

    from polyarray.testing import reset_state

    pa.add(toyframework.ToyArray([1.0]), 1)
    pa.set_default_device("gpu:0")
    assert pa.ones(2).backend.name == "toy" and pa.default_device() == "gpu:0"
    reset_state()
    assert pa.ones(2).backend.name == "numpy" and pa.default_device() == "cpu"


def test_inference_uses_first_array_argument_only(toy_site):
    import toyframework

    toy = toyframework.ToyArray([1.0])
    assert pa.current_backend(2.0, toy, np.ones(1)).name == "toy"
    assert pa.current_backend(np.ones(1), toy).name == "numpy"
    assert pa.current_backend([toy, np.ones(1)]).name == "toy"  # one level into a sequence
    assert pa.current_backend(pa.asarray([1.0], backend="numpy")).name == "numpy"


def test_inference_is_cached_per_type():
    pa.add(np.ones(2, dtype=np.float32), 1)
    assert _choice.type_owners()[np.ndarray] is pa.get_backend("numpy")


def test_unknown_backend_lists_installed_ones_and_changes_nothing():
    pa.set_backend("numpy")
    with pytest.raises(pa.BackendNotFoundError, match=r"No backend named 'nope'.*'numpy'") as info:
        pa.set_backend("nope")
    assert isinstance(info.value, ValueError)
    assert pa.current_backend().name == "numpy"
    assert len(_choice.current_stack()) == 1
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
        assert [b.name for b in _choice.current_stack()] == ["toy"]


def test_backend_context_restores_state_even_on_error():
    pa.set_backend("numpy")
    before = _choice.current_stack()
    with pytest.raises(ZeroDivisionError), pa.backend_context("numpy"):
        assert len(_choice.current_stack()) == 2
        raise ZeroDivisionError
    assert _choice.current_stack() == before


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
        assert _choice.current_stack() == () and x.backend.name == "numpy"
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


# -- backend_context: what set_backend inside a block means, and misuse ------------------------


def _stack_names():
    return [b.name for b in _choice.current_stack()]


def test_set_backend_inside_a_block_lasts_until_the_block_ends(toy_site):
    pa.set_backend("numpy")
    with pa.backend_context("toy"):
        pa.set_backend("numpy")
        assert _stack_names() == ["numpy", "toy", "numpy"]
    assert _stack_names() == ["numpy"]  # exactly the stack the block found
    assert pa.previous_backend().name == "numpy"
    assert pa.previous_backend() is None and _stack_names() == []


def test_set_backend_inside_a_block_still_sets_the_default_of_new_threads(toy_site):
    with pa.backend_context("numpy"):
        pa.set_backend("toy")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(_stack_names()))
    thread.start()
    thread.join()
    assert seen == [["toy"]]  # the block's own entry never reaches the process default
    assert _stack_names() == []  # this context: what it saw on entry


def test_a_context_following_the_default_keeps_following_it(toy_site):
    seen = []

    def worker() -> None:
        with pa.backend_context("toy"):
            seen.append(_stack_names())
        seen.append(_stack_names())
        pa.set_backend("numpy")  # elsewhere: this thread's stack follows nothing else
        seen.append(_stack_names())

    pa.set_backend("toy")
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == [["toy", "toy"], ["toy"], ["toy", "numpy"]]


def test_blocks_nest_and_unwind_in_order(toy_site):
    with pa.backend_context("numpy"):
        with pa.backend_context("toy"):
            assert _stack_names() == ["numpy", "toy"]
            assert pa.previous_backend().name == "toy"  # popping inside a block lasts until it ends
            assert _stack_names() == ["numpy"]
        assert _stack_names() == ["numpy"]
    assert _stack_names() == []


def test_a_block_object_can_be_used_again_after_it_ended():
    block = pa.backend_context("numpy")
    for _ in range(2):
        with block as backend:
            assert pa.current_backend() is backend and _stack_names() == ["numpy"]
        assert _stack_names() == []


def test_exit_without_enter_is_a_clear_error():
    block = pa.backend_context("numpy")
    with pytest.raises(pa.BackendContextError, match=r"backend_context\('numpy'\) was exited without being entered"):
        block.__exit__(None, None, None)
    assert isinstance(pa.BackendContextError("x"), RuntimeError)
    with block:  # still usable
        assert _stack_names() == ["numpy"]
    with pytest.raises(pa.BackendContextError):
        block.__exit__(None, None, None)  # exited twice
    assert _stack_names() == []


def test_entering_an_active_block_again_is_a_clear_error():
    block = pa.backend_context("numpy")
    with block:
        with pytest.raises(pa.BackendContextError, match="entered while it is active"):
            block.__enter__()
        assert _stack_names() == ["numpy"]
    assert _stack_names() == []


def test_exiting_an_outer_block_first_leaves_no_entry_behind(toy_site):
    outer, inner = pa.backend_context("numpy"), pa.backend_context("toy")
    pa.set_backend("numpy")
    outer.__enter__()
    inner.__enter__()
    assert _stack_names() == ["numpy", "numpy", "toy"]
    with pytest.raises(pa.BackendContextError, match="exited before a block entered inside it"):
        outer.__exit__(None, None, None)
    assert _stack_names() == ["numpy"]  # both blocks ended
    inner.__exit__(None, None, None)  # its entry went with the outer block: nothing left to do
    assert _stack_names() == ["numpy"]
    with inner:  # both usable again
        with outer:
            assert _stack_names() == ["numpy", "toy", "numpy"]
    assert _stack_names() == ["numpy"]


def test_exiting_from_another_thread_is_a_clear_error_and_changes_nothing(toy_site):
    block = pa.backend_context("toy")
    block.__enter__()
    errors = []

    def worker() -> None:
        try:
            block.__exit__(None, None, None)
        except pa.BackendContextError as error:
            errors.append(error)
        errors.append(_stack_names())

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert len(errors) == 2
    assert isinstance(errors[0], pa.BackendContextError) and "other than the one that entered it" in str(errors[0])
    assert errors[1] == []  # the worker's own stack is untouched
    assert _stack_names() == ["toy"]  # the entering thread still has its block, and ends it
    block.__exit__(None, None, None)
    assert _stack_names() == []


def test_asyncio_tasks_each_have_their_own_blocks_and_set_backend(toy_site):
    async def task(name: str, other: str) -> list[list[str]]:
        seen = []
        with pa.backend_context(name):
            await asyncio.sleep(0.01)
            pa.set_backend(other)
            await asyncio.sleep(0.01)
            seen.append(_stack_names())
        seen.append(_stack_names())
        return seen

    async def main() -> list[list[list[str]]]:
        return list(await asyncio.gather(task("numpy", "toy"), task("toy", "numpy")))

    first, second = asyncio.run(main())
    assert first == [["numpy", "toy"], []] and second == [["toy", "numpy"], []]


def test_a_task_cannot_exit_a_block_of_another_task(toy_site):
    async def main() -> Exception:
        block = pa.backend_context("toy")
        block.__enter__()

        async def other() -> Exception:
            try:
                block.__exit__(None, None, None)
            except pa.BackendContextError as error:
                return error
            raise AssertionError("the block was exited from another task")

        error = await asyncio.create_task(other())
        assert _stack_names() == ["toy"]
        block.__exit__(None, None, None)
        assert _stack_names() == []
        return error

    assert "other than the one that entered it" in str(asyncio.run(main()))


def test_switching_stays_cheap():
    import timeit

    backend = pa.get_backend("numpy")

    def switch() -> None:
        pa.set_backend(backend)
        pa.previous_backend()

    def block() -> None:
        with pa.backend_context(backend):
            pass

    # Generous bounds (the targets are 1 µs and 1.5 µs on a quiet machine): a slow path taken by mistake fails.
    assert min(timeit.repeat(switch, number=2000, repeat=5)) / 2000 < 20e-6
    assert min(timeit.repeat(block, number=2000, repeat=5)) / 2000 < 20e-6
