"""Settings of the conformance suite: the hypothesis profile, and a clean polyarray state around each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import polyarray as pa
from polyarray.testing import load_profile

load_profile()


@pytest.fixture(autouse=True)
def _clean_polyarray_state() -> Iterator[None]:
    """Every test starts and ends with no backend set, array mode on, built-in defaults and no NaN policy."""

    def reset() -> None:
        pa.unset_backend()
        pa.set_array_mode(True)
        pa.unset_default_dtype()
        pa.set_nan_policy("nothing")

    reset()
    yield
    reset()
