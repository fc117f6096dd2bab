"""JAX's 64-bit mode: the plugin reads it, never changes it, and refuses what needs it when it is off."""

from __future__ import annotations

import numpy as np
import pytest
from jax_subprocess import run_python

import polyarray as pa

ADVICE = 'jax.config.update("jax_enable_x64", True)'

#: Calls that need a 64-bit dtype without 64-bit mode: (label, code, refused dtype). Defaults are
#: 32-bit there (``test_default_mode.py``); these ask for a 64-bit dtype or give 64-bit values.
REFUSED = [
    ("a NumPy int64 array", "pa.asarray(np.arange(3))", "int64"),
    ("a NumPy float64 array", "pa.asarray(np.ones(2))", "float64"),
    ("a NumPy float64 scalar in a list", "pa.asarray([np.float64(1.5), 2.0])", "float64"),
    ("an explicit float64", "pa.zeros(3, dtype=pa.float64)", "float64"),
    ("an explicit int64", "pa.sum(pa.asarray([1, 2], dtype=pa.int32), dtype=pa.int64)", "int64"),
    ("int32 with uint32", "pa.add(pa.asarray([1], dtype=pa.int32), pa.asarray([1], dtype=pa.uint32))", "int64"),
]


def test_the_plugin_does_not_change_the_flag():
    result = run_python(
        """
        import jax, polyarray as pa
        pa.set_backend("jax")
        pa.ones(2, dtype=pa.float32) + 1
        print(jax.config.jax_enable_x64)
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"


def test_refusals_without_64_bit_mode():
    code = "\n".join(
        ["import numpy as np, polyarray as pa", 'pa.set_backend("jax")', "results = []"]
        + [
            f"try:\n    {call}\n    results.append(('returned', ''))\n"
            f"except pa.UnsupportedDtypeError as e:\n    results.append((e.dtype, str(e)))"
            for _, call, _ in REFUSED
        ]
        + ["import json; print(json.dumps(results))"]
    )
    result = run_python(code, x64=False)
    assert result.returncode == 0, result.stderr
    import json

    outcomes = json.loads(result.stdout.strip().splitlines()[-1])
    for (label, _, dtype), (refused, message) in zip(REFUSED, outcomes):
        assert refused == dtype, (label, refused, message)
        assert "jax" in message, label


def test_the_plugin_s_refusals_carry_the_advice():
    result = run_python(
        """
        import numpy as np, polyarray as pa
        pa.set_backend("jax")
        try:
            pa.asarray(np.arange(3))
        except pa.UnsupportedDtypeError as error:
            print(error)
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    message = result.stdout.strip()
    assert message.startswith("pa.asarray cannot compute on int64 on the 'jax' backend")
    assert ADVICE in message and "JAX_ENABLE_X64=1" in message and "dtype=pa.float32" in message


def test_32_bit_work_goes_ahead_without_64_bit_mode():
    result = run_python(
        """
        import numpy as np, polyarray as pa
        pa.set_backend("jax")
        pa.set_default_dtype(pa.float32)
        pa.set_default_dtype(pa.int32)
        x = pa.asarray([[1.0, 2.0], [3.0, 4.0]])
        i = pa.asarray([1, 2])
        x[0, 0] = np.float64(1.0)  # a NumPy float64 value is cast to the array's dtype, as NumPy casts it
        n = pa.asarray(np.arange(3), dtype=pa.int32)  # an explicit 32-bit dtype: NumPy casts on the host
        assert n.dtype == pa.int32 and pa.to_numpy(n).tolist() == [0, 1, 2]
        print(x.dtype, i.dtype, pa.sum(x).dtype, pa.sum(i, dtype=pa.int32).dtype,
              pa.softmax(x).dtype, (x @ x).dtype, pa.mean(x, axis=0).dtype, pa.fft.fft(x).dtype)
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "pa.float32", "pa.int32", "pa.float32", "pa.int32", "pa.float32", "pa.float32", "pa.float32",
        "pa.complex64",
    ]  # fmt: skip


def test_in_64_bit_mode_the_same_calls_compute():
    pa.set_backend("jax")
    assert pa.asarray(np.arange(3)).dtype == pa.int64
    assert pa.zeros(3).dtype == pa.float64
    assert pa.argmax(pa.asarray([1.0, 2.0])).dtype == pa.int64
    assert pa.sum(pa.asarray([1, 2], dtype=pa.int32)).dtype == pa.int64
    assert pa.divide(pa.asarray([1], dtype=pa.int8), pa.asarray([2], dtype=pa.int8)).dtype == pa.float64
    assert float(pa.mean(pa.asarray([1, 2], dtype=pa.int32))) == pytest.approx(1.5)
