"""A backend's functions are made on first use: a build wraps none of them (``_backend.Pending``).

Each entry of the tables (``functions``, ``operators``, ``operands``,
``inplace``) and each function attribute is made when it is first called or
read, and is then the same object everywhere, as an eager build made it.
"""

from __future__ import annotations

import inspect
import threading

import numpy as np
import pytest

import polyarray as pa
from polyarray._backend import Pending, build_backend, made


@pytest.fixture
def fresh():
    """A NumPy backend built now (the handler keeps its own), none of its functions made."""
    return build_backend("numpy")


def test_a_build_makes_no_function(fresh):
    for table in (fresh.functions, fresh.operators, fresh.operands, fresh.inplace):
        assert table and all(type(entry) is Pending for entry in table.values())
    assert set(fresh.functions) == set(pa.get_backend("numpy").functions)
    assert "__iadd__" in fresh.inplace


def test_the_first_call_makes_the_function_and_puts_it_in_the_table(fresh):
    x = np.linspace(-1, 1, 8, dtype=np.float32)
    result = fresh.functions["add"](x, x)
    np.testing.assert_array_equal(result, x + x)
    made_add = fresh.functions["add"]
    assert type(made_add) is not Pending
    assert fresh.add is made_add and made(fresh.functions, "add") is made_add
    assert made_add.plan is not None and made_add.chain is not None


def test_attributes_are_the_made_functions(fresh):
    multiply = fresh.multiply
    assert type(multiply) is not Pending and multiply is fresh.functions["multiply"]
    assert fresh.linalg.matmul is fresh.matmul is fresh.functions["matmul"]
    assert fresh.linalg.svd is fresh.functions["linalg.svd"]
    assert "subtract" in dir(fresh) and "svd" in dir(fresh.linalg)
    with pytest.raises(AttributeError, match="'Backend' object has no attribute 'no_such_function'"):
        fresh.no_such_function  # noqa: B018


def test_reading_an_attribute_of_an_entry_makes_it_and_leaves_the_table(fresh):
    entry = fresh.functions["subtract"]
    assert entry.plan is not None
    assert inspect.signature(entry) == inspect.signature(pa.get_backend("numpy").subtract)
    assert entry.__name__ == "subtract"
    assert fresh.functions["subtract"] is entry  # still the entry: only a call replaces it
    assert made(fresh.functions, "subtract") is entry.entry() is fresh.functions["subtract"]


def test_operators_and_inplace_operators_before_the_functions(fresh):
    x = pa.asarray(np.arange(4, dtype=np.float32), backend=fresh)
    y = x.__add__(1.0)
    assert type(fresh.functions["add"]) is not Pending and type(fresh.operators["add"]) is not Pending
    np.testing.assert_array_equal(pa.to_numpy(y), np.arange(4, dtype=np.float32) + 1)
    z = pa.asarray(np.arange(4, dtype=np.float32), backend=fresh)
    assert fresh.inplace["__imul__"](z, 2.0) is z
    np.testing.assert_array_equal(pa.to_numpy(z), np.arange(4, dtype=np.float32) * 2)


def test_first_calls_from_several_threads_make_one_function(fresh):
    x = np.linspace(0, 1, 16, dtype=np.float32)
    results, seen = [], []
    start = threading.Barrier(8)

    def call():
        start.wait()
        seen.append(made(fresh.functions, "exp"))
        results.append(fresh.functions["exp"](x))

    threads = [threading.Thread(target=call) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 8 and all(np.array_equal(r, np.exp(x)) for r in results)
    assert all(function is fresh.exp for function in seen)
