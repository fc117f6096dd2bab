"""The dtype table: every portable dtype and its JAX dtype, with and without 64-bit mode."""

from __future__ import annotations

import json

import jax.numpy as jnp
import numpy as np
import pytest
from jax_subprocess import run_python

import polyarray as pa
from polyarray._dtypes import DTYPES

#: Every portable dtype and the JAX dtype it is, in 64-bit mode.
EXPECTED = {
    "bool": jnp.bool_,
    "int8": jnp.int8,
    "int16": jnp.int16,
    "int32": jnp.int32,
    "int64": jnp.int64,
    "uint8": jnp.uint8,
    "uint16": jnp.uint16,
    "uint32": jnp.uint32,
    "uint64": jnp.uint64,
    "float16": jnp.float16,
    "bfloat16": jnp.bfloat16,
    "float32": jnp.float32,
    "float64": jnp.float64,
    "complex64": jnp.complex64,
    "complex128": jnp.complex128,
}
WIDE = {"int64", "uint64", "float64", "complex128"}


def test_the_table_covers_every_portable_dtype():
    assert set(EXPECTED) == set(DTYPES)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_portable_and_native_dtypes_map_both_ways(name):
    backend = pa.get_backend("jax")
    native = backend.native_dtype(DTYPES[name])
    assert native == jnp.dtype(EXPECTED[name])
    assert backend.portable_dtype(native) is DTYPES[name]
    array = pa.zeros(2, dtype=DTYPES[name], backend="jax")
    assert pa.to_native(array).dtype == jnp.dtype(EXPECTED[name])
    assert array.dtype == DTYPES[name]


def test_every_dtype_is_held_in_64_bit_mode():
    assert set(d.name for d in pa.get_backend("jax").dtypes) == set(DTYPES)


def test_without_64_bit_mode_the_wide_dtypes_are_missing():
    result = run_python(
        """
        import json, polyarray as pa
        backend = pa.get_backend("jax")
        print(json.dumps({name: str(backend.raw.native_dtype(name)) for name in pa._dtypes.DTYPES}))
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout.strip().splitlines()[-1])
    for name in DTYPES:
        if name in WIDE:
            assert table[name] == "None", name
        else:
            assert table[name] == str(np.dtype(EXPECTED[name])), name
