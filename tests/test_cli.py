"""The command line, ``python -m polyarray``: help, the backend table, closed pipes, progress, the fast paths' state."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import pytest

import polyarray as pa
from polyarray import __main__ as cli_main
from polyarray import _accel
from polyarray.cli import backends as cli_backends
from polyarray.cli.progress import importing, wants_progress


def _python_m(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "polyarray", *args], capture_output=True, text=True, timeout=300, **kwargs
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        return True


def test_no_command_prints_the_help_then_the_backend_table():
    done = _python_m()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m polyarray")
    help_end = done.stdout.index("backend table")
    table = done.stdout[help_end:]
    assert "backend" in table and "framework" in table and "loads" in table
    rows = {line.split()[0]: line.split() for line in table.splitlines()[1:] if line.strip()}
    assert rows["numpy"][:2] == ["numpy", "numpy"] and "yes" in rows["numpy"]
    assert "compiled fast paths: " in table
    assert "Traceback" not in done.stderr


def test_help_and_unknown_commands():
    with contextlib.redirect_stdout(io.StringIO()) as out, pytest.raises(SystemExit) as exited:
        cli_main.main(["--help"])
    assert exited.value.code == 0
    assert "{backends,demo}" in out.getvalue() and "With no command" in out.getvalue()
    with contextlib.redirect_stderr(io.StringIO()) as err, pytest.raises(SystemExit) as exited:
        cli_main.main(["frobnicate"])
    assert exited.value.code == 2
    assert "invalid choice: 'frobnicate'" in err.getvalue()


def test_a_closed_pipe_ends_quietly_with_status_141():
    # The reader closes its end before the command writes anything.
    process = subprocess.Popen(
        [sys.executable, "-m", "polyarray", "demo", "--backends", "numpy"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()
    _, err = process.communicate(timeout=300)
    assert process.returncode == cli_main.CLOSED_PIPE_STATUS == 141
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err.decode()


def test_reading_one_line_then_closing_the_pipe_gives_no_traceback():
    process = subprocess.Popen(
        [sys.executable, "-m", "polyarray", "demo", "--backends", "numpy"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=300)
    assert first.startswith(b"polyarray ") and b"demo" in first
    assert process.returncode in (0, cli_main.CLOSED_PIPE_STATUS)
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err.decode()


def test_the_demo_writes_its_table_to_stdout_and_nothing_to_a_non_terminal_stderr():
    done = _python_m("demo", "--backends", "numpy")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "All 1 backend(s) agree."
    assert "importing" not in done.stderr


@pytest.fixture
def fresh_backend():
    """A run-time backend (NumPy's implementation modules) that is not built yet."""
    import polyarray_numpy

    pa.register_backend("clifresh", polyarray_numpy)
    yield "clifresh"
    pa.unregister_backend("clifresh")


def test_progress_is_shown_on_a_terminal_while_a_backend_builds(fresh_backend):
    stream = _Terminal()
    with importing(fresh_backend, stream):
        pa.get_backend(fresh_backend)
    text = stream.getvalue()
    import numpy as np

    # The registered module is NumPy's plugin: its framework and version are named.
    assert text.startswith(f"importing numpy {np.__version__} \N{HORIZONTAL ELLIPSIS} ")
    assert text.rstrip().endswith(" s")
    float(text.split()[-2])
    again = _Terminal()
    with importing(fresh_backend, again):
        pa.get_backend(fresh_backend)
    assert again.getvalue() == ""  # built already: nothing to wait for


def test_progress_says_which_build_failed(fresh_backend):
    stream = _Terminal()
    with pytest.raises(RuntimeError), importing(fresh_backend, stream):
        raise RuntimeError("boom")
    assert stream.getvalue().endswith("failed\n")


def test_no_progress_when_stderr_is_not_a_terminal(fresh_backend):
    stream = io.StringIO()
    with importing(fresh_backend, stream):
        pa.get_backend(fresh_backend)
    assert stream.getvalue() == ""
    assert not wants_progress(stream)
    closed = _Terminal()
    closed.close()
    assert not wants_progress(closed)


def test_fast_paths_on(monkeypatch):
    monkeypatch.setattr(_accel, "AVAILABLE", True)
    assert cli_backends.speedups_status() == "on"


def test_fast_paths_turned_off_by_the_environment(monkeypatch):
    monkeypatch.setattr(_accel, "AVAILABLE", False)
    monkeypatch.setenv(_accel.ENVIRONMENT_VARIABLE, "1")
    assert cli_backends.speedups_status() == ("off: POLYARRAY_PURE_PYTHON=1 turns them off (unset it to turn them on)")


def test_fast_paths_not_built(monkeypatch):
    import importlib.util

    monkeypatch.setattr(_accel, "AVAILABLE", False)
    monkeypatch.delenv(_accel.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    status = cli_backends.speedups_status()
    assert status.startswith("off: not built (no C compiler")
    assert "reinstall" in status


def test_fast_paths_that_fail_to_import_say_why(monkeypatch):
    import importlib

    real_import = importlib.import_module

    def failing(name, *args):
        if name == "polyarray._speedups":
            raise ImportError("undefined symbol: PyFoo")
        return real_import(name, *args)

    monkeypatch.setattr(_accel, "AVAILABLE", False)
    monkeypatch.delenv(_accel.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setattr(importlib, "import_module", failing)
    assert cli_backends.speedups_status() == "off: polyarray._speedups failed to import: undefined symbol: PyFoo"


def test_the_table_reports_the_fast_paths_in_a_pure_python_process():
    env = {**os.environ, _accel.ENVIRONMENT_VARIABLE: "1"}
    done = subprocess.run(
        [sys.executable, "-c", "import sys, polyarray.cli.backends as b; print(b.speedups_status())"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "off: POLYARRAY_PURE_PYTHON=1 turns them off (unset it to turn them on)"


def test_backends_json_says_how_each_backend_computes_each_function():
    import json

    import numpy as np

    from polyarray._declare import declarations

    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert cli_main.main(["backends", "--json"]) == 0
    data = json.loads(out.getvalue())
    assert data["backends"]["numpy"] == {
        "framework": "numpy",
        "version": np.__version__,
        "loads": True,
        "problem": None,
    }
    assert data["compiled_fast_paths"] == cli_backends.speedups_status()
    declared = {d.qualname for d in declarations(("primary", "mixed", "compositional"))}
    assert set(data["functions"]) == declared
    assert "set_backend" not in data["functions"] and "default_float_dtype" not in data["functions"]
    numpy = pa.get_backend("numpy")
    column = {name: statuses["numpy"] for name, statuses in data["functions"].items()}
    partly = {name for name, status in column.items() if status not in ("native", "composed", "missing")}
    assert partly == set(numpy.partial_mixed)
    assert {name for name, status in column.items() if status == "native"} | partly == numpy.native
    assert {name for name, status in column.items() if status == "composed"} == numpy.composed
    assert column["matmul"] == "native" and column["cross_entropy"] == "composed"
    assert list(data["functions"]) == sorted(data["functions"])


def test_function_status_tells_native_partly_native_composed_and_missing():
    from types import SimpleNamespace

    backend = SimpleNamespace(native={"add", "relu"}, composed={"gelu"}, partial_mixed={"relu": None})
    statuses = {name: cli_backends.function_status(backend, name) for name in ("add", "relu", "gelu", "einsum")}
    assert statuses == {"add": "native", "relu": "partial", "gelu": "composed", "einsum": "missing"}


# -- backends --functions ---------------------------------------------------------------------


def _functions_of(name: str) -> tuple[int, str]:
    out = io.StringIO()
    status = cli_backends.report_functions(out, name)
    return status, out.getvalue()


def test_functions_of_a_backend_are_listed_by_category():
    from polyarray._declare import declarations

    status, text = _functions_of("numpy")
    assert status == 0
    assert text.splitlines()[0].startswith("numpy (numpy ") and text.splitlines()[0].endswith(", 0 missing")
    for category in ("creation", "elementwise", "linalg", "fft", "nn", "losses"):
        assert f"\n{category} (" in text, category
    listed = set(text.replace("\n", " ").split())
    declared = {d.qualname for d in declarations(("primary", "mixed", "compositional"))}
    assert declared <= listed, sorted(declared - listed)
    assert "missing:" not in text


def test_functions_a_backend_lacks_are_named():
    import types

    import numpy as np
    import pluggy

    hookimpl = pluggy.HookimplMarker("polyarray")
    plugin = types.ModuleType("partial_plugin")

    @hookimpl
    def backend_info():
        return {"framework": "numpy", "native_array_types": [("numpy", "ndarray")]}

    @hookimpl
    def native_dtype(name, /):
        return None if name == "bfloat16" else np.dtype(name)

    @hookimpl
    def device_of(x, /):
        return "cpu"

    @hookimpl
    def add(x1, x2, /):
        return np.add(x1, x2)

    for function in (backend_info, native_dtype, device_of, add):
        setattr(plugin, function.__name__, function)
    pa.register_backend("partial", plugin)
    try:
        status, text = _functions_of("partial")
    finally:
        pa.unregister_backend("partial")
    assert status == 0
    elementwise = text[text.index("\nelementwise (") :]
    assert "native:   add\n" in elementwise and "missing:  abs acos" in elementwise
    assert text.rstrip().splitlines()[-1].startswith("missing on partial: abs, acos, acosh")


def test_functions_of_a_backend_that_does_not_load():
    status, text = _functions_of("nosuchbackend")
    assert status == 1 and text.startswith("nosuchbackend: does not load: No backend named 'nosuchbackend'")
    done = _python_m("backends", "--functions", "numpy")
    assert done.returncode == 0 and done.stdout.startswith("numpy (numpy ")
