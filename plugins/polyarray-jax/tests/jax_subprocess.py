"""Running code in a fresh Python process, with JAX's 64-bit mode on or off."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap


def run_python(code: str, *, x64: bool) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh Python process with JAX's 64-bit mode on or off."""
    env = dict(os.environ)
    env.pop("JAX_ENABLE_X64", None)
    if x64:
        env["JAX_ENABLE_X64"] = "1"
    env["JAX_PLATFORMS"] = "cpu"
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True, timeout=300
    )
