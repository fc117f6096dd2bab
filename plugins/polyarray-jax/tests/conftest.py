"""Settings of the JAX plugin's tests.

JAX's 64-bit mode is turned on here, before anything imports JAX, so that the
in-process tests see every dtype; the tests of the mode being off run in
subprocesses (see ``jax_subprocess.run_python``).
"""

from __future__ import annotations

import os

os.environ["JAX_ENABLE_X64"] = "1"

import pytest

from polyarray.testing import reset_state


@pytest.fixture(autouse=True)
def _clean_polyarray_state():
    reset_state()
    yield
    reset_state()
