"""Tests that need every framework installed (the ``all_backends`` nox session runs them).

JAX runs in 64-bit mode here, so that every dtype is covered; the mode is set
before JAX is first imported (the session sets ``JAX_ENABLE_X64=1`` too).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("JAX_ENABLE_X64", "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")


def pytest_terminal_summary(terminalreporter):
    """Every disagreement the differential fuzzer (test_differential.py) found, by function and backend."""
    differential = sys.modules.get("differential")
    if differential is None or not (differential.FINDINGS.agreed or differential.FINDINGS.found):
        return
    findings = differential.FINDINGS
    agreed = sum(findings.agreed.values())
    terminalreporter.section("polyarray differential fuzzer")
    terminalreporter.write_line(
        f"{agreed} backend calls agreed with NumPy; {len(findings.found)} disagreements (function, backend, kind) "
        f"in {len({f for f, _, _ in findings.found})} functions"
    )
    for line in findings.report():
        terminalreporter.write_line(line)
