"""Shared fixtures of the PyTorch plugin's tests: every test starts and ends with a clean backend state."""

from __future__ import annotations

import pytest

import polyarray as pa
from polyarray.testing import reset_state


@pytest.fixture(autouse=True)
def _clean_polyarray_state():
    reset_state()
    yield
    reset_state()


@pytest.fixture
def torch_backend():
    """The built torch backend."""
    return pa.get_backend("torch")
