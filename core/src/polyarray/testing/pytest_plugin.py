"""polyarray's pytest plugin: the backends conformance tests run on, and what those backends could not compute.

It is registered as the ``pytest11`` entry point ``polyarray`` (disable it with
``-p no:polyarray``), so pytest loads it in every run where polyarray is
installed. It therefore imports neither hypothesis nor any framework, and it
changes nothing for tests that do not ask for its fixtures:

- ``--polyarray-backend NAME`` (repeatable) chooses the backends; without it,
  every installed backend (``pa.available_backends()``);
- the fixture ``polyarray_backend`` runs each test that takes it once per
  chosen backend (the test id names the backend); ``polyarray_backends`` is
  the list of chosen names;
- the terminal summary lists the outcomes of the conformance checks that
  ran (:data:`polyarray.testing.harness.TALLY`): results compared (and how
  many agreed only with subnormal inputs read as zero), errors agreed, and
  every "unsupported" outcome per backend and function, with the dtypes the
  backend refused. Run with pytest-xdist (``-n 2``), each worker sends its
  counts to the controller, which prints them all.

Run the conformance suite on one backend with::

    python -m pytest --pyargs polyarray.conformance --polyarray-backend NAME
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

__all__ = [
    "pytest_addoption",
    "pytest_configure",
    "pytest_generate_tests",
    "pytest_sessionfinish",
    "pytest_terminal_summary",
    "pytest_testnodedown",
    "polyarray_backend",
    "polyarray_backends",
]

_OPTION = "polyarray_backends"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("polyarray", "polyarray backends")
    group.addoption(
        "--polyarray-backend",
        action="append",
        dest=_OPTION,
        metavar="NAME",
        default=None,
        help="run polyarray conformance tests on this backend (repeatable; default: every installed backend).",
    )


def _chosen_backends(config: pytest.Config) -> list[str]:
    """The backends chosen with ``--polyarray-backend`` (in order, once each), else every installed one."""
    names = config.getoption(_OPTION, default=None)
    if names:
        return list(dict.fromkeys(names))
    from polyarray import available_backends

    return available_backends()


def pytest_configure(config: pytest.Config) -> None:
    names = config.getoption(_OPTION, default=None)
    if not names:
        return
    from polyarray import available_backends

    installed = available_backends()
    unknown = [name for name in names if name not in installed]
    if unknown:
        raise pytest.UsageError(
            f"--polyarray-backend: no backend named {', '.join(map(repr, unknown))}; "
            f"installed backends: {', '.join(installed)}."
        )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "polyarray_backend" in metafunc.fixturenames:
        metafunc.parametrize("polyarray_backend", _chosen_backends(metafunc.config), indirect=True)


@pytest.fixture(scope="session")
def polyarray_backend(request: pytest.FixtureRequest) -> str:
    """The name of the backend under test (each test taking it runs once per chosen backend).

    Session-scoped, so that hypothesis tests may take it, and tests are grouped by backend.
    """
    return request.param


@pytest.fixture(scope="session")
def polyarray_backends(request: pytest.FixtureRequest) -> list[str]:
    """The names of the backends under test."""
    return _chosen_backends(request.config)


_WORKER_OUTPUT = "polyarray_tally"


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker, hand this process's conformance counts to the controller."""
    output = getattr(session.config, "workeroutput", None)
    harness = sys.modules.get("polyarray.testing.harness")
    if output is not None and harness is not None:
        output[_WORKER_OUTPUT] = harness.TALLY.export()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """On pytest-xdist's controller, add a finished worker's conformance counts to this process's."""
    exported = getattr(node, "workeroutput", {}).get(_WORKER_OUTPUT)
    if exported:
        from polyarray.testing import harness

        harness.TALLY.merge(exported)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    harness = sys.modules.get("polyarray.testing.harness")
    if harness is None or not harness.TALLY.counts:
        return
    tally = harness.TALLY
    write = terminalreporter.write_line
    terminalreporter.write_sep("=", "polyarray conformance")
    for backend in tally.backends():
        agreed = tally.total(backend, harness.AGREED)
        flushed = tally.total(backend, harness.FLUSHED)
        raised = tally.total(backend, harness.RAISED)
        unsupported = tally.by_function(backend, harness.UNSUPPORTED)
        write(
            f"{backend}: {agreed} results agreed with numpy"
            + (f" ({flushed} more with subnormal inputs read as zero)" if flushed else "")
            + f", {raised} errors agreed, {sum(unsupported.values())} unsupported"
            + (":" if unsupported else "")
        )
        width = max((len(name) for name in unsupported), default=0)
        for function, count in unsupported.items():
            dtypes = ", ".join(sorted(tally.unsupported_dtypes.get((backend, function), ())))
            never = "" if tally.counts[backend, function, harness.AGREED] else "  [no result compared]"
            write(f"    {function:<{width}}  {count:>5}  ({dtypes}){never}")
