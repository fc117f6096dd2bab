"""JAX's default (32-bit) mode: float32, int32 and complex64 defaults, and what still needs 64-bit mode.

Each test runs a program in a fresh interpreter with the mode off (see
``jax_subprocess.run_python``); the same calls with 64-bit mode on run here.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from jax_subprocess import run_python

import polyarray as pa

#: A user program: a logistic regression step and the functions that return indices or integer sums.
#: It runs on the jax backend and on the NumPy backend with the same float32/int32 inputs and
#: prints both sides' dtypes and values as JSON.
USER_PROGRAM = """
import json
import numpy as np
import polyarray as pa

rng = np.random.default_rng(0)
features = rng.normal(size=(8, 3)).astype(np.float32)
labels = (rng.random(8) > 0.5).astype(np.float32)
counts = rng.integers(0, 5, size=10).astype(np.int32)
grid = np.sort(rng.normal(size=6).astype(np.float32))
probes = rng.normal(size=4).astype(np.float32)


def program(backend):
    with pa.backend_context(backend):
        x, y = pa.asarray(features), pa.asarray(labels)
        w = pa.zeros(3)
        b = pa.asarray(0.0)
        z = pa.matmul(x, w) + b
        p = 1.0 / (1.0 + pa.exp(-z))
        w = w - 0.1 * pa.matmul(pa.matrix_transpose(x), p - y) / 8
        b = b - 0.1 * pa.mean(p - y)
        scores = pa.matmul(x, pa.stack([w, -w], axis=1)) + b
        c = pa.asarray(counts)
        results = {
            "w": w, "b": b,
            "softmax": pa.softmax(scores, axis=1),
            "argmax": pa.argmax(scores, axis=1),
            "sum": pa.sum(c),
            "cumulative_sum": pa.cumulative_sum(c),
            "one_hot": pa.one_hot(c, 5),
            "unique_inverse": pa.unique_inverse(c).inverse_indices,
            "nonzero": pa.nonzero(c)[0],
            "searchsorted": pa.searchsorted(pa.asarray(grid), pa.asarray(probes)),
            "arange": pa.arange(4),
            "linspace": pa.linspace(0, 1, 5),
        }
        return {k: (v.dtype.name, pa.to_numpy(v).tolist()) for k, v in results.items()}


print(json.dumps({"jax": program("jax"), "numpy": program("numpy")}))
"""


def _last_json(result):
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_user_program_runs_in_default_mode_and_matches_numpy():
    outcome = _last_json(run_python(USER_PROGRAM, x64=False))
    jax, numpy = outcome["jax"], outcome["numpy"]
    # Floats are float32 on both sides (float32 inputs; NumPy's defaults only where JAX's are float32 too).
    for name in ("w", "b", "softmax"):
        assert jax[name][0] == "float32", name
        np.testing.assert_allclose(jax[name][1], numpy[name][1], rtol=1e-5, atol=1e-6, err_msg=name)
    # Indices and integer sums take JAX's default integer dtype, int32, with NumPy's values.
    for name in ("argmax", "sum", "cumulative_sum", "unique_inverse", "nonzero", "searchsorted", "arange"):
        assert (jax[name][0], numpy[name][0]) == ("int32", "int64"), name
        assert jax[name][1] == numpy[name][1], name
    assert jax["one_hot"] == ["float32", numpy["one_hot"][1]]
    assert jax["linspace"][0] == "float32"
    np.testing.assert_allclose(jax["linspace"][1], numpy["linspace"][1], rtol=1e-6)


def test_the_defaults_are_reported_and_used():
    result = run_python(
        """
        import json, polyarray as pa
        pa.set_backend("jax")
        reported = {k: v.name for k, v in pa.__array_namespace_info__().default_dtypes().items()}
        made = {
            "asarray([1.0, 2.0])": pa.asarray([1.0, 2.0]).dtype.name,
            "asarray([1, 2])": pa.asarray([1, 2]).dtype.name,
            "asarray(1j)": pa.asarray(1j).dtype.name,
            "zeros(3)": pa.zeros(3).dtype.name,
            "ones(3)": pa.ones(3).dtype.name,
            "empty(3)": pa.empty(3).dtype.name,
            "eye(2)": pa.eye(2).dtype.name,
            "full((2,), 1.5)": pa.full((2,), 1.5).dtype.name,
            "full((2,), 1)": pa.full((2,), 1).dtype.name,
            "arange(3)": pa.arange(3).dtype.name,
            "linspace(0, 1, 3)": pa.linspace(0, 1, 3).dtype.name,
            "argmax": pa.argmax(pa.asarray([1.0, 3.0])).dtype.name,
            "sum of int8": pa.sum(pa.asarray([1, 2], dtype=pa.int8)).dtype.name,
            "prod of uint8": pa.prod(pa.asarray([1, 2], dtype=pa.uint8)).dtype.name,
            "mean of int32": pa.mean(pa.asarray([1, 2])).dtype.name,
            "divide of int32": pa.divide(pa.asarray([1]), pa.asarray([2])).dtype.name,
            "fftfreq": pa.fft.fftfreq(4).dtype.name,
            "int32 + 1.5": (pa.asarray([1, 2]) + 1.5).dtype.name,
        }
        with pa.default_dtype_as(pa.float16):
            made["chosen float16"] = pa.zeros(2).dtype.name
        print(json.dumps({"reported": reported, "made": made}))
        """,
        x64=False,
    )
    outcome = _last_json(result)
    assert outcome["reported"] == {
        "real floating": "float32", "complex floating": "complex64", "integral": "int32", "indexing": "int32",
    }  # fmt: skip
    expected = {
        "asarray([1.0, 2.0])": "float32", "asarray([1, 2])": "int32", "asarray(1j)": "complex64",
        "zeros(3)": "float32", "ones(3)": "float32", "empty(3)": "float32", "eye(2)": "float32",
        "full((2,), 1.5)": "float32", "full((2,), 1)": "int32", "arange(3)": "int32",
        "linspace(0, 1, 3)": "float32", "argmax": "int32", "sum of int8": "int32", "prod of uint8": "uint32",
        "mean of int32": "float32", "divide of int32": "float32", "fftfreq": "float32",
        "int32 + 1.5": "float32", "chosen float16": "float16",
    }  # fmt: skip
    assert outcome["made"] == expected


#: Calls that ask for a 64-bit dtype explicitly, which default mode refuses: (label, code, dtype).
EXPLICIT = [
    ("dtype=pa.float64", "pa.zeros(3, dtype=pa.float64)", "float64"),
    ("dtype='int64'", "pa.asarray([1, 2], dtype='int64')", "int64"),
    ("a NumPy float64 array", "pa.asarray(np.ones(3))", "float64"),
    ("a NumPy int64 array", "pa.asarray(np.arange(3))", "int64"),
    ("astype to complex128", "pa.astype(pa.ones(2), pa.complex128)", "complex128"),
    ("a chosen default", "pa.set_default_dtype(pa.float64); pa.ones(2)", "float64"),
]


def test_explicit_64_bit_dtypes_are_refused_with_advice_that_works():
    lines = ["import json, numpy as np, polyarray as pa", 'pa.set_backend("jax")', "results = []"]
    for _, call, _ in EXPLICIT:
        lines.append(
            f"try:\n    {call}\n    results.append(['returned', ''])\n"
            f"except pa.UnsupportedDtypeError as error:\n    results.append([error.dtype, str(error)])\n"
            "finally:\n    pa.unset_default_dtype()"
        )
    lines.append("print(json.dumps(results))")
    outcomes = _last_json(run_python("\n".join(lines), x64=False))
    for (label, _, dtype), (refused, message) in zip(EXPLICIT, outcomes):
        assert refused == dtype, (label, refused, message)
        assert "'jax' backend" in message, label
        assert 'jax.config.update("jax_enable_x64", True)' in message and "JAX_ENABLE_X64=1" in message, label
        assert "dtype=pa.float32" in message, label


def test_the_advice_turns_64_bit_mode_on():
    result = run_python(
        """
        import jax
        jax.config.update("jax_enable_x64", True)
        import numpy as np, polyarray as pa
        pa.set_backend("jax")
        print(pa.zeros(3, dtype=pa.float64).dtype, pa.asarray(np.ones(3)).dtype, pa.arange(2).dtype)
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-3:] == ["pa.float64", "pa.float64", "pa.int64"]


def test_in_64_bit_mode_the_defaults_are_polyarray_s():
    pa.set_backend("jax")
    defaults = pa.__array_namespace_info__().default_dtypes()
    assert defaults == {
        "real floating": pa.float64, "complex floating": pa.complex128, "integral": pa.int64, "indexing": pa.int64,
    }  # fmt: skip
    assert pa.get_backend("jax").default_dtypes is None
    assert (pa.asarray([1.0]).dtype, pa.arange(2).dtype, pa.eye(2).dtype) == (pa.float64, pa.int64, pa.float64)
    assert pa.argmax(pa.asarray([1.0, 2.0])).dtype == pa.int64
    assert pa.sum(pa.asarray([1, 2], dtype=pa.int32)).dtype == pa.int64


#: Creation calls whose size in bytes overflows 64 bits: XLA would abort the process.
TOO_BIG = [
    "pa.zeros((2**31, 2**31))",
    "pa.ones((2**31, 2**31))",
    "pa.empty((2**31, 2**31))",
    "pa.full((2**31, 2**31), 1.0)",
    "pa.full((2**62, 4), 0, dtype=pa.int8)",
    "pa.eye(2**31)",
    "pa.linspace(0, 1, 2**62)",
    "pa.arange(0, 2**62, dtype=pa.float32)",
]


@pytest.mark.parametrize("x64", [False, True], ids=["default mode", "64-bit mode"])
def test_sizes_too_big_raise_instead_of_aborting(x64):
    calls = [*TOO_BIG, "pa.arange(0, 2**62)"] if x64 else TOO_BIG
    lines = ["import json, polyarray as pa", 'pa.set_backend("jax")', "results = []"]
    for call in calls:
        lines.append(
            f"try:\n    {call}\n    results.append('returned')\n"
            "except Exception as error:\n    results.append([c.__name__ for c in type(error).__mro__])"
        )
    lines.append("print(json.dumps(results))")
    outcomes = _last_json(run_python("\n".join(lines), x64=x64))
    numpy_class = _numpy_error_class("np.zeros((2**31, 2**31))")
    for call, classes in zip(calls, outcomes):
        assert "PolyarrayValueError" in classes and numpy_class in classes, (call, classes)


def test_arrays_that_fit_in_64_bits_but_not_in_memory_are_a_memory_error():
    result = run_python(
        """
        import polyarray as pa
        try:
            pa.zeros(2**40, dtype=pa.float32, backend="jax")
        except pa.PolyarrayError as error:
            print(pa.get_backend("jax").raw.error_class(error.__cause__).__name__)
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "MemoryError"


def _numpy_error_class(code):
    try:
        eval(code)
    except Exception as error:
        return next(c.__name__ for c in type(error).__mro__ if c.__module__ == "builtins")
    raise AssertionError(f"NumPy accepted {code}")
