"""Shared fixtures: every test starts and ends with a clean backend state."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import polyarray as pa
from polyarray.testing import reset_state

# CI draws the same examples on every run (derandomize): a red run is a real change, not a new draw.
settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _clean_polyarray_state():
    reset_state()
    yield
    reset_state()


@pytest.fixture
def toy_site(tmp_path):
    """The toy plugins installed (as distributions with entry points) for one test."""
    from plugin_site import activate, deactivate, install_toy_site

    install_toy_site(tmp_path)
    activate(tmp_path)
    yield tmp_path
    pa.unset_backend()
    deactivate(tmp_path)
