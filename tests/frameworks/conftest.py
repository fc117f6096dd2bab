"""Tests that need every framework installed (the ``all_backends`` nox session runs them).

JAX runs in 64-bit mode here, so that every dtype is covered; the mode is set
before JAX is first imported (the session sets ``JAX_ENABLE_X64=1`` too).
"""

from __future__ import annotations

import os

os.environ.setdefault("JAX_ENABLE_X64", "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
