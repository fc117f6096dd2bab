"""Shared fixtures of the tensorflow plugin's tests.

TensorFlow logs at length when it is imported; the tests keep it quiet. The
plugin itself never sets environment variables.
"""

from __future__ import annotations

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import pytest

import polyarray as pa
from polyarray.testing import reset_state


@pytest.fixture(autouse=True)
def _clean_polyarray_state():
    reset_state()
    yield
    reset_state()


@pytest.fixture
def xp():
    """The built tensorflow backend."""
    return pa.get_backend("tensorflow")
