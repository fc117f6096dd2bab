"""Every test, lint, demo and benchmark session of polyarray.

    nox                  lint + tests (NumPy 2.x) + tests on NumPy 1.26: what CI runs
    nox -s demo          the demo on every backend installed in the session
    nox -s tests         the test suite against the newest NumPy
    nox -s "tests_numpy(numpy='1.26')"   the test suite against NumPy 1.26

Hypothesis uses the small "ci" profile unless HYPOTHESIS_PROFILE says otherwise
("dev": 100 examples, "thorough": 1000).
"""

from __future__ import annotations

import os

import nox

nox.options.sessions = ["lint", "tests", "tests_numpy"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

CORE = "./core"
NUMPY_PLUGIN = "./plugins/polyarray-numpy"
TEST_REQUIREMENTS = ["pytest>=8", "hypothesis>=6.100"]
NUMPY_VERSIONS = {"1.26": "numpy==1.26.4", "2.x": "numpy>=2.2"}


def _test_env() -> dict[str, str]:
    return {"HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")}


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check over the whole repository."""
    session.install("ruff==0.17.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def tests(session: nox.Session) -> None:
    """The core and the NumPy backend, against the newest NumPy."""
    session.install(CORE, NUMPY_PLUGIN, NUMPY_VERSIONS["2.x"], *TEST_REQUIREMENTS)
    session.run("python", "-m", "pytest", *session.posargs, env=_test_env())


@nox.session
@nox.parametrize("numpy", ["1.26"])
def tests_numpy(session: nox.Session, numpy: str) -> None:
    """The same suite against an older NumPy, so that its version variants run for real."""
    session.install(CORE, NUMPY_PLUGIN, NUMPY_VERSIONS[numpy], *TEST_REQUIREMENTS)
    session.run("python", "-c", "import numpy; print('numpy', numpy.__version__)")
    session.run("python", "-m", "pytest", *session.posargs, env=_test_env())


@nox.session
def demo(session: nox.Session) -> None:
    """``python -m polyarray backends`` and ``python -m polyarray demo`` on a fresh install."""
    session.install(CORE, NUMPY_PLUGIN)
    session.run("python", "-m", "polyarray", "backends")
    session.run("python", "-m", "polyarray", "demo")
