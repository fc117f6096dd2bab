"""Shared fixtures of the Dask plugin's tests: a clean polyarray state, and a scheduler that counts computations."""

from __future__ import annotations

import dask
import pytest

import polyarray as pa
from polyarray.testing import reset_state


@pytest.fixture(autouse=True)
def _clean_polyarray_state():
    reset_state()
    yield
    reset_state()


@pytest.fixture
def dask_backend():
    """The built dask backend."""
    return pa.get_backend("dask")


class Recorder:
    """A Dask scheduler that counts the graphs it is asked to compute, and computes them synchronously."""

    def __init__(self) -> None:
        self.computes = 0

    def __call__(self, graph, keys, **kwargs):
        self.computes += 1
        return dask.get(graph, keys, **kwargs)


@pytest.fixture
def recorder():
    """Every Dask computation inside the test goes through a :class:`Recorder`, which counts it."""
    counting = Recorder()
    with dask.config.set(scheduler=counting):
        yield counting
