"""Settings of the conformance suite: the hypothesis profile, and a clean polyarray state around each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from polyarray.testing import load_profile, reset_state

load_profile()


@pytest.fixture(autouse=True)
def _clean_polyarray_state() -> Iterator[None]:
    """Every test starts and ends with polyarray's initial state."""
    reset_state()
    yield
    reset_state()
