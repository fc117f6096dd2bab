"""The standard's special values on JAX, eagerly and inside ``jax.jit``, in 64-bit and default (32-bit) mode.

The expected values are the standard's special cases, or what the NumPy backend
gives for the same input.
"""

from __future__ import annotations

import json
import math

import jax
import numpy as np
import pytest
from jax_subprocess import run_python

import polyarray as pa

INF, NAN = math.inf, math.nan

#: (x1, x2, x1 // x2) with an infinite operand or a zero quotient; the sign of a zero counts.
FLOOR_DIVIDE = [
    (INF, 2.0, INF), (INF, -2.0, -INF), (-INF, 2.0, -INF), (-INF, -2.0, INF),
    (1.0, INF, 0.0), (1.0, -INF, -0.0), (-1.0, INF, -0.0), (-1.0, -INF, 0.0),
    (INF, INF, NAN), (-1.0, -3.5, 0.0), (7.0, -2.0, -4.0),
]  # fmt: skip

#: (x, expm1(x)) for complex x; None where the standard leaves the sign of an infinity open.
EXPM1 = [
    (complex(0.0, 0.0), complex(0.0, 0.0)), (complex(-0.0, 0.0), complex(0.0, 0.0)),
    (complex(-0.0, -0.0), complex(0.0, -0.0)), (complex(INF, 0.0), complex(INF, 0.0)),
    (complex(-INF, INF), complex(-1.0, 0.0)), (complex(-INF, NAN), complex(-1.0, 0.0)),
    (complex(INF, INF), None), (complex(INF, NAN), None), (complex(NAN, 0.0), complex(NAN, 0.0)),
]  # fmt: skip

#: (x, tanh(x)) for complex x with an infinite real part: +-1 with a zero of the imaginary part's sign.
TANH = [
    (complex(INF, 2.0), complex(1.0, 0.0)), (complex(INF, -2.0), complex(1.0, -0.0)),
    (complex(-INF, 2.0), complex(-1.0, 0.0)), (complex(-INF, -1.0), complex(-1.0, -0.0)),
]  # fmt: skip


def _bits(values) -> list:
    """Each value's parts as (NaN?, value, sign bit), so that any NaN equals NaN and signed zeros differ."""
    parts = []
    for value in np.asarray(values).reshape(-1).tolist():
        for part in (value.real, value.imag) if isinstance(value, complex) else (value,):
            nan = math.isnan(part)
            parts.append((nan, 0.0 if nan else part, not nan and math.copysign(1.0, part) < 0))
    return parts


def _eager_and_jitted(function, *arrays):
    """``function`` of polyarray arrays called directly and inside ``jax.jit``, as NumPy arrays."""
    eager = pa.to_numpy(function(*arrays))
    jitted = jax.jit(lambda *natives: pa.to_native(function(*(pa.asarray(n) for n in natives))))
    return eager, np.asarray(jitted(*(pa.to_native(a) for a in arrays)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("function", [pa.floor_divide, lambda x1, x2: x1 // x2], ids=["floor_divide", "operator //"])
def test_floor_divide_with_an_infinite_operand_is_the_floor_of_the_quotient(function, dtype):
    x1 = pa.asarray([case[0] for case in FLOOR_DIVIDE], dtype=getattr(pa, dtype), backend="jax")
    x2 = pa.asarray([case[1] for case in FLOOR_DIVIDE], dtype=getattr(pa, dtype), backend="jax")
    expected = _bits([case[2] for case in FLOOR_DIVIDE])
    for got in _eager_and_jitted(function, x1, x2):
        assert got.dtype == np.dtype(dtype)
        assert _bits(got) == expected


def test_in_place_floor_divide_has_the_special_values_too():
    x1 = pa.asarray([INF, -1.0], backend="jax")
    x1 //= pa.asarray([-2.0, INF], backend="jax")
    assert _bits(pa.to_numpy(x1)) == _bits([-INF, -0.0])


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_expm1_has_the_standard_s_special_values(dtype):
    x = pa.asarray(np.array([case[0] for case in EXPM1], dtype=dtype), backend="jax")
    for got in _eager_and_jitted(pa.expm1, x):
        assert got.dtype == np.dtype(dtype)
        for value, (_, expected) in zip(got.tolist(), EXPM1, strict=True):
            if expected is None:
                assert math.isinf(value.real) and math.isnan(value.imag), value
            else:
                assert _bits([value]) == _bits([expected]), value


def test_complex_expm1_of_finite_numbers_matches_numpy():
    x = np.array([complex(1.0, 2.0), complex(-3.0, 0.5), complex(1e-8, -1e-8), complex(0.0, 3.0)])
    got = _eager_and_jitted(pa.expm1, pa.asarray(x, backend="jax"))
    for values in got:
        np.testing.assert_allclose(values, np.expm1(x), rtol=1e-14)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_tanh_of_an_infinite_real_part_keeps_the_sign_of_the_imaginary_part(dtype):
    x = pa.asarray(np.array([case[0] for case in TANH], dtype=dtype), backend="jax")
    for got in _eager_and_jitted(pa.tanh, x):
        assert _bits(got) == _bits([case[1] for case in TANH])


#: Complex numbers with a NaN part beside a finite one, small and large (JAX's formulas for a large part give it a
#: finite result part: ``acos(1e30 + nan j)`` was ``nan - 69.8j``), and the zeros and infinities beside NaN.
NAN_BESIDE = [
    complex(2.0, NAN), complex(NAN, -3.0), complex(5.6e18, NAN), complex(NAN, 5.6e18), complex(-1e30, NAN),
    complex(NAN, -1e30), complex(0.0, NAN), complex(NAN, 0.0), complex(-0.0, NAN), complex(NAN, -0.0),
    complex(INF, NAN), complex(NAN, INF), complex(NAN, NAN),
]  # fmt: skip


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["acos", "asin", "acosh", "asinh", "atan", "atanh"])
def test_inverse_functions_of_a_nan_beside_a_finite_part_are_the_numpy_backend_s(name, dtype):
    """The standard: NaN + NaN j where one part is NaN and the other finite (nonzero where a zero has its own
    case); the NumPy backend gives it, and JAX now too, for parts of any size. The signs of infinities and of
    zeros beside a NaN are left open by the standard (``atan(inf + nan j)`` is ``pi/2 +- 0j``)."""
    function = getattr(pa, name)
    x = np.array(NAN_BESIDE, dtype=dtype)
    with np.errstate(all="ignore"):
        expected = pa.to_numpy(function(pa.asarray(x, backend="numpy"))).tolist()
    for got in _eager_and_jitted(function, pa.asarray(x, backend="jax")):
        for value, want, z in zip(got.tolist(), expected, NAN_BESIDE, strict=True):
            for part, wanted in ((value.real, want.real), (value.imag, want.imag)):
                if math.isinf(wanted):
                    assert math.isinf(part), (name, z, value, want)
                else:
                    assert part == wanted or (math.isnan(part) and math.isnan(wanted)), (name, z, value, want)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_the_inverse_of_a_matrix_holding_nan_is_all_nan_per_matrix_of_a_stack(dtype):
    stack = np.array([[[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [NAN, 3.0]], [[2.0, 0.0], [0.0, 4.0]]], dtype=dtype)
    for got in _eager_and_jitted(pa.linalg.inv, pa.asarray(stack, backend="jax")):
        assert got.dtype == np.dtype(dtype)
        assert np.isnan(got[1]).all()
        np.testing.assert_allclose(got[[0, 2]], np.linalg.inv(stack[[0, 2]]), rtol=1e-5)


UNIQUE_COMPLEX = [
    complex(1, NAN), 2 + 0j, complex(NAN, -5), complex(3, NAN), 1 + 0j, complex(NAN, NAN),
    complex(-0.0, 0.0), 0j, complex(NAN, -5), complex(1, -1), complex(1, NAN), 2 + 0j,
]  # fmt: skip


@pytest.mark.parametrize("shape", [(12,), (3, 4), (0,)])
def test_unique_of_complex_numbers_with_nan_parts_is_in_numpy_s_order(shape):
    x = np.array(UNIQUE_COMPLEX[: math.prod(shape)]).reshape(shape)
    expected = pa.unique_all(pa.asarray(x, backend="numpy"))
    got = pa.unique_all(pa.asarray(x, backend="jax"))
    assert _bits(pa.to_numpy(got.values)) == _bits(pa.to_numpy(expected.values))
    for name in ("indices", "inverse_indices", "counts"):
        g, e = pa.to_numpy(getattr(got, name)), pa.to_numpy(getattr(expected, name))
        assert g.dtype == np.int64 and g.shape == e.shape and g.tolist() == e.tolist(), name
    assert _bits(pa.to_numpy(pa.unique_values(pa.asarray(x, backend="jax")))) == _bits(pa.to_numpy(expected.values))


def test_unique_puts_numbers_with_a_nan_part_after_all_others_as_numpy_does():
    x = pa.asarray(np.array([complex(1, NAN), 2 + 0j, complex(NAN, -5), 1 + 0j]), backend="jax")
    values = pa.to_numpy(pa.unique_values(x)).tolist()
    assert values[:2] == [1 + 0j, 2 + 0j]
    assert _bits(values[2:]) == _bits([complex(1, NAN), complex(NAN, -5)])


DEFAULT_MODE_PROGRAM = """
import json, math
import jax
import numpy as np
import polyarray as pa

inf, nan = math.inf, math.nan
x1 = pa.asarray([inf, 1.0, -1.0], backend="jax")
x2 = pa.asarray([-2.0, -inf, inf], backend="jax")
z = pa.asarray(np.array([complex(inf, nan), complex(-inf, inf), complex(inf, -2.0)], np.complex64), backend="jax")
m = pa.asarray(np.array([[[nan, 1.0], [2.0, 3.0]], [[2.0, 0.0], [0.0, 4.0]]], np.float32), backend="jax")
u = pa.asarray(np.array([complex(nan, 1), complex(2, nan), 3 + 0j], np.complex64), backend="jax")


def parts(array):
    return [[repr(v.real), repr(v.imag)] if isinstance(v, complex) else repr(v) for v in pa.to_numpy(array).tolist()]


floor = jax.jit(lambda a, b: pa.to_native(pa.floor_divide(pa.asarray(a), pa.asarray(b))))
print(json.dumps({
    "dtypes": [x1.dtype == pa.float32, z.dtype == pa.complex64],
    "floor_divide": parts(x1 // x2),
    "floor_divide_jit": parts(pa.asarray(floor(pa.to_native(x1), pa.to_native(x2)))),
    "expm1": parts(pa.expm1(z)[:2]),
    "tanh": parts(pa.tanh(z)[2:]),
    "inv": parts(pa.reshape(pa.linalg.inv(m), (-1,))),
    "unique": parts(pa.unique_values(u)),
}))
"""


def test_the_special_values_hold_in_default_mode():
    result = run_python(DEFAULT_MODE_PROGRAM, x64=False)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert got["dtypes"] == [True, True]
    assert got["floor_divide"] == got["floor_divide_jit"] == ["-inf", "-0.0", "-0.0"]
    assert got["expm1"] == [["inf", "nan"], ["-1.0", "0.0"]]
    assert got["tanh"] == [["1.0", "-0.0"]]
    assert got["inv"] == ["nan"] * 4 + ["0.5", "0.0", "0.0", "0.25"]
    assert got["unique"] == [["3.0", "0.0"], ["2.0", "nan"], ["nan", "1.0"]]
