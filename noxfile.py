"""Every test, lint, packaging, demo and benchmark session of polyarray.

    nox                      what CI runs: every session below but demo and bench
    nox -s typecheck         mypy and pyright over the library and an example user program (tests/typing), no errors;
                             the type stubs are a fresh generation from the declarations
    nox -s tests             the core and the NumPy backend with no optional framework (newest NumPy),
                             with the compiled fast paths (polyarray._speedups)
    nox -s "tests_numpy(numpy='1.26')"   the same against NumPy 1.26 (also '2.0'), so the NumPy
                                         plugin's version variants run, without the compiled fast paths
    nox -s "plugin(backend='torch')"     one plugin alone with only its framework: its own tests and
                                         the conformance suite (also jax, tensorflow, dask: Dask's own tests
                                         start a dask.distributed cluster of worker processes on localhost)
    nox -s all_backends      every plugin installed together: the core suite, the CLI and the demo
    nox -s clients           every plugin with scikit-learn and SciPy: their estimators and functions on pa.Array
                             inputs of each backend agree with their plain NumPy results
    nox -s clients_jax32     the JAX cases of the clients session in JAX's default 32-bit mode
    nox -s fuzz              the cross-backend differential fuzzer at a larger size than all_backends runs it
                             (POLYARRAY_FUZZ_EXAMPLES examples per function, 40 unless set)
    nox -s wheels            builds every wheel, installs polyarray[torch], polyarray[dask] and
                             polyarray[all] from them into fresh virtualenvs, and runs a smoke test in each
    nox -s docs              the documentation site (Sphinx): HTML with warnings as errors into docs/_build/html,
                             then every example that needs only NumPy as a doctest (clients runs them all)
    nox -s demo              the demo on a fresh install of the core (NumPy only)
    nox -s bench             per-call overhead against native calls and other layers, whole programs and
                             single operators against hand-written native code (timed, and counted in
                             instructions where valgrind is installed), the cost of dynamic backend
                             switches, and polyarray on Dask against plain dask.array with a
                             larger-than-memory run on a local cluster (not in CI); `nox -s bench -- --quick`
                             runs the whole-program benchmark's quick mode (its options after `--`)

Hypothesis uses the small "ci" profile unless HYPOTHESIS_PROFILE says otherwise
("dev": 100 examples, "thorough": 1000).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.options.sessions = [
    "lint", "typecheck", "tests", "tests_numpy", "plugin", "all_backends", "clients", "clients_jax32", "wheels", "docs",
]  # fmt: skip
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

ROOT = Path(__file__).parent
CORE = "./core"
NUMPY_PLUGIN = "./plugins/polyarray-numpy"
TEST_REQUIREMENTS = ["pytest>=8", "hypothesis>=6.100", "pytest-xdist>=3.5"]
#: pytest-xdist's worker processes for every test run: one run keeps about one core busy (JAX compiles each
#: operation for each new shape, one at a time), and CI has two. POLYARRAY_TEST_WORKERS sets another number;
#: 0 runs the tests in pytest's own process.
WORKERS = ["-n", os.environ.get("POLYARRAY_TEST_WORKERS", "2")]
NUMPY_VERSIONS = {"1.26": "numpy==1.26.4", "2.0": "numpy==2.0.2", "2.x": "numpy>=2.2"}
#: The framework each plugin is tested against. torch==2.13.0 is the CPU build this project
#: tests with; any other torch version would download several GB of CUDA packages.
FRAMEWORKS = {
    "torch": ["torch==2.13.0"],
    "jax": ["jax[cpu]>=0.4.30"],
    "tensorflow": ["tensorflow-cpu>=2.16"],
    "dask": ["dask[array]>=2024.1", "distributed>=2024.1"],
}
#: What a plugin's own tests need besides its framework (torch's read JAX's and TensorFlow's bfloat16 arrays;
#: Dask's draw every declared function's calls with the differential fuzzer's strategies, bfloat16 included).
PLUGIN_TEST_EXTRAS = {"torch": ["ml_dtypes>=0.4"], "dask": ["ml_dtypes>=0.4"]}
#: Environment per backend for the conformance suite (JAX's 64-bit mode is the user's choice; the
#: suite runs with it on so that every dtype is covered, and the plugin session runs it again off).
CONFORMANCE_ENV = {"jax": {"JAX_ENABLE_X64": "1"}, "tensorflow": {"TF_CPP_MIN_LOG_LEVEL": "2"}}
#: The core suite runs with the compiled fast paths (``tests``) and without them (``tests_numpy``).
COMPILED = {"POLYARRAY_EXPECT_SPEEDUPS": "1"}
PURE_PYTHON = {"POLYARRAY_PURE_PYTHON": "1", "POLYARRAY_EXPECT_SPEEDUPS": "0"}
#: The core suite's tests that need every framework (tests/frameworks) run in all_backends only, and those that
#: need scikit-learn and SciPy too (tests/clients) in clients only.
NUMPY_ONLY = ["--ignore=tests/frameworks", "--ignore=tests/clients"]
#: all_backends runs JAX in 64-bit mode, so that conversions cover every dtype.
ALL_BACKENDS_ENV = {"JAX_ENABLE_X64": "1", "TF_CPP_MIN_LOG_LEVEL": "2"}
#: Libraries polyarray's arrays work with beside the frameworks (tests/frameworks/test_interop.py).
INTEROP = ["einops>=0.8"]
#: The differential fuzzer's size (examples per function): CI's small profile in all_backends (about two minutes
#: on two cores), and the default of the fuzz session.
FUZZ_EXAMPLES_CI, FUZZ_EXAMPLES_FULL = "6", "40"
RIVALS = ["autoray>=0.7", "tensorly>=0.9", "array-api-compat>=1.11", "ivy>=1.0"]


def _plugin(backend: str) -> str:
    return f"./plugins/polyarray-{backend}"


def _test_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {"HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci")}
    env.update(extra or {})
    return env


def _conformance(session: nox.Session, backend: str) -> None:
    session.run(
        "python", "-m", "pytest", "-p", "no:cacheprovider", "--pyargs", "polyarray.conformance",
        "--polyarray-backend", backend, "-q", *WORKERS, env=_test_env(CONFORMANCE_ENV.get(backend)),
    )  # fmt: skip


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check over the whole repository; the core's layers (import-linter)."""
    session.install("ruff==0.17.6", "import-linter>=2.1")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # The contract in pyproject.toml: each module of the core imports only from the layers below it.
    session.run("lint-imports", env={"PYTHONPATH": str(ROOT / "core" / "src")})


#: What the typecheck session checks with, pinned: a new release of a checker, or of the stubs of NumPy, pytest
#: or Hypothesis, must not fail CI by itself. The frameworks are not installed (typings/ stands for them).
TYPECHECK_REQUIREMENTS = [
    "mypy==2.4.1", "pyright==1.1.414", "numpy==2.4.6", "pluggy==1.7.0", "packaging==26.4", "pytest==9.2.0",
    "hypothesis==6.170.17",
]  # fmt: skip


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy and pyright over the core, the NumPy plugin (mypy) and tests/typing/user_program.py, with no errors.

    Their settings and the files they check are in pyproject.toml; the library is read from the sources
    (not installed). The stubs of the public modules must be a fresh generation from the declarations.
    """
    session.install(*TYPECHECK_REQUIREMENTS)
    source = {"PYTHONPATH": str(ROOT / "core" / "src")}
    session.run("python", "-m", "polyarray._stubgen", "--check", env=source)
    session.run("mypy")
    session.run("pyright", "--pythonpath", str(Path(session.bin) / "python"))


@nox.session
def tests(session: nox.Session) -> None:
    """The core and the NumPy backend, no optional framework, newest NumPy, with the compiled fast paths."""
    session.install(CORE, NUMPY_PLUGIN, NUMPY_VERSIONS["2.x"], *TEST_REQUIREMENTS)
    session.run("python", "-m", "pytest", "tests", *NUMPY_ONLY, *WORKERS, *session.posargs, env=_test_env(COMPILED))


@nox.session
@nox.parametrize("numpy", ["1.26", "2.0"])
def tests_numpy(session: nox.Session, numpy: str) -> None:
    """The same against an older NumPy, so that its version variants run for real; in pure Python."""
    session.install(CORE, NUMPY_PLUGIN, NUMPY_VERSIONS[numpy], *TEST_REQUIREMENTS)
    session.run("python", "-c", "import numpy; print('numpy', numpy.__version__)")
    session.run("python", "-m", "pytest", "tests", *NUMPY_ONLY, *WORKERS, *session.posargs, env=_test_env(PURE_PYTHON))


@nox.session
@nox.parametrize("backend", list(FRAMEWORKS))
def plugin(session: nox.Session, backend: str) -> None:
    """One plugin alone with only its framework: its own tests, then the conformance suite.

    JAX's conformance runs twice: with 64-bit mode on (every dtype) and in JAX's
    default 32-bit mode (float32 and int32 defaults), which users run. The plugin's
    own tests cover both modes already (the mode being off in subprocesses).
    """
    session.install(
        CORE, NUMPY_PLUGIN, _plugin(backend), *FRAMEWORKS[backend], *PLUGIN_TEST_EXTRAS.get(backend, []),
        *TEST_REQUIREMENTS,
    )  # fmt: skip
    session.run("python", "-m", "polyarray", "backends")
    session.run(
        "python", "-m", "pytest", "-p", "no:cacheprovider", f"{_plugin(backend)}/tests", "-q", *WORKERS,
        env=_test_env(CONFORMANCE_ENV.get(backend)),
    )  # fmt: skip
    _conformance(session, backend)
    if backend == "jax":
        session.run(
            "python", "-m", "pytest", "-p", "no:cacheprovider", "--pyargs", "polyarray.conformance",
            "--polyarray-backend", backend, "-q", *WORKERS, env=_test_env({"JAX_ENABLE_X64": "0"}),
        )  # fmt: skip


@nox.session
def all_backends(session: nox.Session) -> None:
    """Every plugin together: the core suite (with tests/frameworks and the fuzzer's small profile) holds, and the
    CLI shows all four."""
    session.install(
        CORE, NUMPY_PLUGIN, *(_plugin(b) for b in FRAMEWORKS), *(r for rs in FRAMEWORKS.values() for r in rs),
        *INTEROP, *TEST_REQUIREMENTS,
    )  # fmt: skip
    session.run("python", "-m", "polyarray", "backends", env=_test_env(ALL_BACKENDS_ENV))
    # The documentation's table of how each backend computes each function is made here, where every backend is.
    session.run("python", "docs/coverage.py", "--check", env=_test_env(ALL_BACKENDS_ENV))
    session.run("python", "-m", "polyarray", "demo", env=_test_env(ALL_BACKENDS_ENV))
    session.run(
        "python", "-m", "pytest", "tests", "--ignore=tests/clients", "-q", *WORKERS, *session.posargs,
        env=_test_env({**ALL_BACKENDS_ENV, "POLYARRAY_FUZZ_EXAMPLES": FUZZ_EXAMPLES_CI}),
    )  # fmt: skip


#: The cross-backend differential fuzzer: every declared function, valid and spoiled calls, on every backend.
FUZZER = "tests/frameworks/test_differential.py"


@nox.session
def fuzz(session: nox.Session) -> None:
    """The differential fuzzer on every backend together (JAX in 64-bit mode), larger than CI's profile; prints
    each disagreement by function. POLYARRAY_FUZZ_EXAMPLES sets its size (examples per function, 40 unless set).
    """
    session.install(
        CORE, NUMPY_PLUGIN, *(_plugin(b) for b in FRAMEWORKS), *(r for rs in FRAMEWORKS.values() for r in rs),
        *TEST_REQUIREMENTS,
    )  # fmt: skip
    examples = os.environ.get("POLYARRAY_FUZZ_EXAMPLES", FUZZ_EXAMPLES_FULL)
    session.run(
        "python", "-m", "pytest", FUZZER, "-q", *WORKERS, *session.posargs,
        env=_test_env({**ALL_BACKENDS_ENV, "POLYARRAY_FUZZ_EXAMPLES": examples}),
    )  # fmt: skip


#: The array API clients the clients session runs on pa.Array inputs.
CLIENTS = ["scikit-learn>=1.6", "scipy>=1.15", "einops>=0.8"]
#: SciPy reads SCIPY_ARRAY_API when it is first imported.
CLIENTS_ENV = {"SCIPY_ARRAY_API": "1", "TF_CPP_MIN_LOG_LEVEL": "2"}


def _clients(session: nox.Session, jax_mode: str, *selection: str, docs: bool = False) -> None:
    session.install(
        CORE, NUMPY_PLUGIN, *(_plugin(b) for b in FRAMEWORKS), *(r for rs in FRAMEWORKS.values() for r in rs),
        *CLIENTS, *TEST_REQUIREMENTS, *(DOCS_REQUIREMENTS if docs else []),
    )  # fmt: skip
    session.run(
        "python", "-m", "pytest", "-p", "no:cacheprovider", "tests/clients", "-q", *selection, *WORKERS,
        *session.posargs,
        env=_test_env({**CLIENTS_ENV, "JAX_ENABLE_X64": jax_mode}),
    )  # fmt: skip
    if docs:
        # Every example of the documentation, those that need a framework, scikit-learn, SciPy or einops
        # included (none may be skipped), with JAX in its default mode, which the pages describe.
        _sphinx(session, "doctest", Path(session.create_tmp()) / "docs", {**CLIENTS_ENV, **DOCS_EVERY_EXAMPLE_ENV})


@nox.session
def clients(session: nox.Session) -> None:
    """scikit-learn and SciPy on pa.Array inputs of every backend (JAX in 64-bit mode), against plain NumPy; then
    every example of the documentation as a doctest."""
    _clients(session, "1", docs=True)


@nox.session
def clients_jax32(session: nox.Session) -> None:
    """The JAX cases of the clients session in JAX's default 32-bit mode.

    scikit-learn's StandardScaler asks for an int64 array (its sample counts), which the JAX backend refuses
    outside 64-bit mode instead of narrowing it: that test asserts the error; every other case agrees with NumPy.
    """
    _clients(session, "0", "-k", "jax")


#: What the documentation site is built with (docs/conf.py); with the core and the NumPy plugin, nothing else.
DOCS_REQUIREMENTS = ["sphinx>=8.1", "myst-parser>=4", "furo>=2024.8"]
#: Where the docs session writes the site (docs/_build/html) and its doctest report.
DOCS_BUILD = ROOT / "docs" / "_build"
#: The doctests of the clients session: every page's examples must run (POLYARRAY_DOCS_REQUIRE, see
#: docs/_ext/polyarray_docs.py), JAX in its default 32-bit mode.
DOCS_EVERY_EXAMPLE_ENV = {"POLYARRAY_DOCS_REQUIRE": "all", "JAX_ENABLE_X64": "0", "TF_CPP_MIN_LOG_LEVEL": "2"}


def _sphinx(session: nox.Session, builder: str, build: Path, env: dict[str, str] | None = None) -> None:
    """``sphinx-build -b builder`` of docs/ into ``build/builder``, warnings as errors (all of them reported)."""
    session.run(
        "sphinx-build", "-W", "--keep-going", "-q", "-b", builder, "-d", str(build / "doctrees"), "docs",
        str(build / builder), env=env,
    )  # fmt: skip


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation site: the HTML with warnings as errors, then its examples as doctests.

    It needs the core, the NumPy plugin and Sphinx only: the API reference is generated from the declarations
    and reads each backend's coverage from docs/_data/coverage.json (all_backends checks that file). Examples
    that need another framework, scikit-learn, SciPy or einops are skipped here and run in the clients session.
    """
    session.install(CORE, NUMPY_PLUGIN, *DOCS_REQUIREMENTS)
    _sphinx(session, "html", DOCS_BUILD)
    _sphinx(session, "doctest", DOCS_BUILD)
    session.log(f"the site: {DOCS_BUILD / 'html' / 'index.html'}")


SMOKE = """
import sys
import numpy as np
import polyarray as pa
wanted = sys.argv[1:]
names = pa.available_backends()
assert set(wanted) <= set(names), (wanted, names)
x = np.linspace(-1.0, 1.0, 6, dtype=np.float32).reshape(2, 3)
reference = pa.to_numpy(pa.softmax(pa.asarray(x, backend="numpy")))
for name in wanted:
    pa.set_backend(name)
    got = pa.to_numpy(pa.softmax(pa.asarray(x)))
    assert got.dtype == np.float32 and np.allclose(got, reference, atol=1e-6), name
    print(name, "ok", pa.get_backend(name).framework_version)
"""


@nox.session
def wheels(session: nox.Session) -> None:
    """Build every wheel, then install polyarray[torch], [dask] and [all] from them into fresh venvs and smoke-test."""
    wheelhouse = Path(session.create_tmp()) / "wheelhouse"
    shutil.rmtree(wheelhouse, ignore_errors=True)
    session.install("build>=1.2")
    for project in (CORE, NUMPY_PLUGIN, *(_plugin(b) for b in FRAMEWORKS)):
        session.run("python", "-m", "build", "--wheel", "--outdir", str(wheelhouse), project)
    built = sorted(p.name for p in wheelhouse.glob("*.whl"))
    session.log(f"built: {', '.join(built)}")
    for extra, backends in (("torch", ["torch"]), ("dask", ["dask"]), ("all", list(FRAMEWORKS))):
        venv = Path(session.create_tmp()) / f"venv-{extra}"
        shutil.rmtree(venv, ignore_errors=True)
        session.run("python", "-m", "venv", str(venv))
        python = str(venv / "bin" / "python")
        # polyarray's own distributions come from the wheelhouse only; the frameworks from their pins.
        pins = [r for b in backends for r in FRAMEWORKS[b]]
        session.run(
            python, "-m", "pip", "install", "--quiet", "--find-links", str(wheelhouse), f"polyarray[{extra}]", *pins,
            external=True,
        )  # fmt: skip
        session.run(python, "-c", SMOKE, "numpy", *backends, external=True, env=CONFORMANCE_ENV["tensorflow"])
        # Each of these venvs holds its frameworks (several GB with TensorFlow and PyTorch); none is reused.
        shutil.rmtree(venv)


@nox.session
def demo(session: nox.Session) -> None:
    """``python -m polyarray backends`` and ``python -m polyarray demo`` on a fresh install."""
    session.install(CORE, NUMPY_PLUGIN)
    session.run("python", "-m", "polyarray", "backends")
    session.run("python", "-m", "polyarray", "demo")


@nox.session
def bench(session: nox.Session) -> None:
    """Per-call overhead against native calls and rivals (bench/overhead.py); whole programs and operators
    against native code (bench/programs.py, which takes the session's arguments); dynamic switches
    (bench/conversion.py); pa.random (bench/random_draws.py); Dask (bench/dask_backend.py: pa on Dask against plain
    dask.array, wall time, tasks and graph building, and a run over more data than a local cluster's memory,
    8 GB of float32 on 4 workers of 1 GiB); where valgrind is installed, the whole programs counted in
    instructions (bench/instructions.py), the measure of a change that the machine's noise does not move.

    bench/programs.py exits 1 when a target FAILs: its table is still the result, so the session goes on;
    a variant that computes something else (exit 2) stops it.
    """
    session.install(
        CORE, NUMPY_PLUGIN, *(_plugin(b) for b in FRAMEWORKS), *(r for rs in FRAMEWORKS.values() for r in rs), *RIVALS
    )  # fmt: skip
    session.run("python", "bench/overhead.py")
    quiet = CONFORMANCE_ENV["tensorflow"]
    session.run("python", "bench/programs.py", *session.posargs, env=quiet, success_codes=[0, 1])
    session.run("python", "bench/conversion.py", env=ALL_BACKENDS_ENV)
    session.run("python", "bench/random_draws.py")
    session.run("python", "bench/dask_backend.py")
    if shutil.which("valgrind"):
        session.run("python", "bench/instructions.py", "--backends", "numpy,torch")
