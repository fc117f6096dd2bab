"""Every public function has a docstring with an example, and the example runs."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import polyarray as pa
from polyarray._declare import declarations

PUBLIC = [d for d in declarations() if d.kind != "support"]
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _examples(obj, name):
    finder = doctest.DocTestFinder(recurse=False)
    return [t for t in finder.find(obj, name, globs={"pa": pa, "np": np}) if t.examples]


@pytest.mark.parametrize("decl", PUBLIC, ids=lambda d: d.qualname)
def test_declaration_has_a_runnable_example(decl):
    tests = _examples(decl.public, decl.qualname)
    assert tests, f"pa.{decl.qualname} has no example in its docstring"
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0, f"the example of pa.{decl.qualname} failed (see output above)"


@pytest.mark.parametrize(
    "obj",
    [pa.set_backend, pa.get_backend, pa.previous_backend, pa.unset_backend, pa.current_backend,
     pa.backend_context, pa.available_backends, pa.register_backend, pa.Array, pa.DType,
     pa.set_dynamic_backend, pa.unset_dynamic_backend, pa.dynamic_backend_as, pa.Array.dynamic_backend,
     pa.Container.dynamic_backend, pa.trace, pa.compile, pa.Graph, pa.Graph.to_backend, pa.Graph.stats,
     pa.Graph.to_dot, pa.TracedFunction],
    ids=lambda o: getattr(o, "__name__", None) or o.fget.__qualname__,
)  # fmt: skip
def test_handler_examples_run(obj):
    name = getattr(obj, "__name__", None) or obj.fget.__qualname__
    tests = _examples(obj, name)
    assert tests, f"{name} has no example"
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


def _module_examples():
    """Every docstring with examples in polyarray's modules, private ones included, with ``pa`` and ``np``
    beside each module's own names."""
    import importlib
    import pkgutil

    names = ["polyarray", *(info.name for info in pkgutil.walk_packages(pa.__path__, "polyarray."))]
    finder = doctest.DocTestFinder()
    for name in names:
        if name == "polyarray.__main__":
            continue  # running it is the demo
        module = importlib.import_module(name)
        for test in finder.find(module, name, extraglobs={"pa": pa, "np": np}):
            if test.examples and test.name.startswith(name):
                yield test


def test_every_example_in_the_library_runs():
    """The examples of every docstring in polyarray's modules (the private ones too: a wrong example misleads a
    reader as much there) run and give what they show."""
    failed, count = [], 0
    for test in _module_examples():
        runner = doctest.DocTestRunner(optionflags=OPTIONS)
        with pa.backend_context("numpy"):
            runner.run(test, out=lambda text: None)
        count += 1
        if runner.failures:
            failed.append(test.name)
    assert count > 300
    assert not failed, f"these docstrings' examples fail: {failed}"
