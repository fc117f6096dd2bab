"""The same call gives the same value, dtype and shape on every backend, the standard's special values included.

Each check runs on every backend against a reference written out here (the
standard's special cases, NumPy's sorted unique values) or against the NumPy
backend's result.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa


def _backends():
    return ["numpy", "torch", "tensorflow", "jax"]


def _cases_on_backends(names):
    """(backend, name) pairs for every backend."""
    return [
        pytest.param(backend, name, id=f"{backend}-{name}")
        for name in names
        for backend in ("numpy", "torch", "tensorflow", "jax")
    ]


def _quiet(function, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return function(*args, **kwargs)


# -- sorted unique values -------------------------------------------------------------------


def _reference_unique(x: np.ndarray):
    """(values, indices, inverse, counts): sorted values (NaNs last, each its own), first occurrences.

    Each value is the element at its first occurrence, so ``-0.0`` or ``+0.0``
    is whichever comes first.
    """
    flat = x.reshape(-1)
    _, indices, inverse, counts = np.unique(
        flat, return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    return flat[indices], indices, inverse.reshape(x.shape), counts


def _same_bits(got: np.ndarray, expected: np.ndarray) -> None:
    """Equal values, NaN where NaN, and the same sign of every zero (of each part of complex numbers)."""
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    np.testing.assert_array_equal(got, expected)
    if got.dtype.kind in "fc":
        for part in (np.real, np.imag):
            g, e = part(got), part(expected)
            zeros = e == 0
            np.testing.assert_array_equal(np.signbit(g[zeros]), np.signbit(e[zeros]))


def _check_unique(backend: str, x: np.ndarray) -> None:
    expected = _reference_unique(x)
    native = pa.asarray(x, backend=backend)
    got = [pa.to_numpy(part) for part in pa.unique_all(native)]
    for g, e in zip(got, expected, strict=True):
        _same_bits(g, e.astype(g.dtype) if g.dtype.kind == "i" and e.dtype.kind == "i" else e)
    assert all(g.dtype == np.int64 for g in got[1:])
    values, counts = (pa.to_numpy(part) for part in pa.unique_counts(native))
    _same_bits(values, expected[0])
    np.testing.assert_array_equal(counts, expected[3])
    values, inverse = (pa.to_numpy(part) for part in pa.unique_inverse(native))
    _same_bits(values, expected[0])
    np.testing.assert_array_equal(inverse, expected[2])
    _same_bits(pa.to_numpy(pa.unique_values(native)), expected[0])


UNIQUE_CASES = {
    "reversed labels": np.array([0, 1, 0, 1])[::-1],
    "unsorted integers": np.array([3, 1, 2, 1, 5, 3, 9, 2]),
    "uint8 matrix": np.array([[200, 1], [200, 3]], dtype=np.uint8),
    "booleans": np.array([True, False, True]),
    "NaNs and signed zeros": np.array([np.nan, 1.0, -0.0, 0.0, np.nan, -1.0]),
    "+0 before -0": np.array([2.0, 0.0, np.nan, -0.0]),
    "-0 before +0": np.array([-0.0, 3.0, 0.0]),
    "0-d": np.array(5.0),
    "empty": np.zeros((0, 3)),
    "complex with NaN parts": np.array(
        [
            1 + 1j,
            complex(np.nan, 0),
            complex(np.nan, np.nan),
            complex(np.nan, 0),
            complex(1, np.nan),
            complex(np.nan, -1),
        ]
    ),
    "complex signed zeros": np.array([complex(0.0, -0.0), complex(-0.0, 0.0), 1j, complex(-0.0, -0.0)]),
}


@pytest.mark.parametrize("case", [c for c in UNIQUE_CASES if not c.startswith("complex with")])
@pytest.mark.parametrize("backend", _backends())
def test_unique_values_are_sorted_with_first_indices_inverse_and_counts(backend, case):
    _check_unique(backend, UNIQUE_CASES[case])


@pytest.mark.parametrize("backend", _backends())
def test_unique_complex_values_with_nan_parts_are_in_numpys_order(backend):
    _check_unique(backend, UNIQUE_CASES["complex with NaN parts"])


_UNIQUE_ELEMENTS = st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.5, math.nan, math.inf, -math.inf])


@pytest.mark.parametrize("backend", _backends())
@given(
    x=hnp.arrays(
        np.float64, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5), elements=_UNIQUE_ELEMENTS
    )
)
def test_unique_of_any_float_array_matches_the_sorted_reference(backend, x):
    _check_unique(backend, x)


@pytest.mark.parametrize("backend", _backends())
@given(x=hnp.arrays(np.int32, st.integers(0, 30), elements=st.integers(-5, 5)))
def test_unique_of_any_integer_array_matches_the_sorted_reference(backend, x):
    _check_unique(backend, x)


# -- softmax and inverse matrices -----------------------------------------------------------

NON_FINITE_ROWS = [
    [math.inf, 1.0],
    [-math.inf, 1.0],
    [math.inf, math.inf],
    [-math.inf, -math.inf],
    [math.nan, 1.0],
    [math.inf, -math.inf],
    [math.inf, math.nan],
    [1.0, 2.0],
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("function", ["softmax", "log_softmax"])
@pytest.mark.parametrize("backend", _backends())
def test_softmax_of_non_finite_slices_matches_numpy(backend, function, dtype):
    x = np.array(NON_FINITE_ROWS, dtype=dtype)
    for axis in (-1, 0):
        expected = pa.to_numpy(_quiet(getattr(pa, function), pa.asarray(x), axis=axis))
        got = pa.to_numpy(_quiet(getattr(pa, function), pa.asarray(x, backend=backend), axis=axis))
        assert got.dtype == expected.dtype
        np.testing.assert_allclose(got, expected, rtol=1e-6)  # NaN where NaN, equal infinities
    # The spelled-out case: the +inf entry is NaN, the finite one gets probability 0.
    row = pa.to_numpy(_quiet(pa.softmax, pa.asarray([math.inf, 1.0], backend=backend)))
    assert math.isnan(row[0]) and row[1] == 0


@pytest.mark.parametrize("backend", _backends())
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_the_inverse_of_a_matrix_holding_nan_is_all_nan_and_other_matrices_are_inverted(backend, dtype):
    stack = np.array([[[1.0, 2.0], [3.0, 4.0]], [[np.nan, 1.0], [2.0, 3.0]], [[1.0, 2.0], [3.0, np.nan]]], dtype=dtype)
    got = pa.to_numpy(pa.linalg.inv(pa.asarray(stack, backend=backend)))
    assert got.dtype == dtype
    np.testing.assert_allclose(got[0], [[-2.0, 1.0], [1.5, -0.5]])
    assert np.isnan(got[1:]).all()
    single = pa.to_numpy(pa.linalg.inv(pa.asarray(stack[1], backend=backend)))
    assert single.shape == (2, 2) and np.isnan(single).all()


# -- the standard's special cases -----------------------------------------------------------
#
# Expected parts: a float (its sign of zero counts), "nan", "0" (a zero of either sign), "+-inf"
# (an infinity of either sign): the standard leaves those signs unspecified.

INF, NAN = math.inf, math.nan

FLOOR_DIVIDE = [
    ((INF, 2.0), INF), ((INF, -2.0), -INF), ((-INF, 2.0), -INF), ((-INF, -2.0), INF),
    ((1.0, INF), 0.0), ((1.0, -INF), -0.0), ((-1.0, INF), -0.0), ((-1.0, -INF), 0.0),
    ((INF, INF), "nan"), ((0.0, -0.0), "nan"), ((NAN, 1.0), "nan"),
    ((1.0, 0.0), INF), ((1.0, -0.0), -INF), ((-1.0, 0.0), -INF),
    ((0.0, 2.0), 0.0), ((-0.0, 2.0), -0.0), ((0.0, -2.0), -0.0), ((-0.0, -2.0), 0.0),
    ((7.0, 2.0), 3.0), ((-7.0, 2.0), -4.0), ((7.0, -2.0), -4.0),
]  # fmt: skip

REMAINDER = [
    ((INF, 2.0), "nan"), ((-INF, -2.0), "nan"), ((1.0, 0.0), "nan"), ((INF, INF), "nan"),
    ((1.0, INF), 1.0), ((1.0, -INF), -INF), ((-1.0, INF), INF), ((-1.0, -INF), -1.0),
    ((0.0, 2.0), 0.0), ((-0.0, 2.0), 0.0), ((0.0, -2.0), -0.0), ((-0.0, -2.0), -0.0),
    ((5.0, 3.0), 2.0), ((-5.0, 3.0), 1.0), ((5.0, -3.0), -1.0),
]  # fmt: skip

TRUNC = [(INF, INF), (-INF, -INF), (-0.0, -0.0), (0.0, 0.0), (NAN, "nan"), (-2.5, -2.0), (2.5, 2.0)]

PI = math.pi
COMPLEX_CASES = {
    "expm1": [
        (complex(0.0, 0.0), (0.0, 0.0)), (complex(-0.0, 0.0), (0.0, 0.0)),
        (complex(1.0, INF), ("nan", "nan")), (complex(1.0, NAN), ("nan", "nan")),
        (complex(INF, 0.0), (INF, 0.0)), (complex(INF, -0.0), (INF, -0.0)),
        (complex(-INF, 1.0), (-1.0, 0.0)), (complex(INF, 1.0), (INF, INF)),
        (complex(-INF, INF), (-1.0, "0")), (complex(INF, INF), ("+-inf", "nan")),
        (complex(-INF, NAN), (-1.0, "0")), (complex(INF, NAN), ("+-inf", "nan")),
        (complex(NAN, 0.0), ("nan", 0.0)), (complex(NAN, 1.0), ("nan", "nan")), (complex(NAN, NAN), ("nan", "nan")),
    ],
    "acos": [
        (complex(0.0, 0.0), (PI / 2, -0.0)), (complex(-0.0, 0.0), (PI / 2, -0.0)),
        (complex(0.0, NAN), (PI / 2, "nan")), (complex(1.0, INF), (PI / 2, -INF)),
        (complex(1.0, NAN), ("nan", "nan")), (complex(-INF, 1.0), (PI, -INF)),
        (complex(INF, 1.0), (0.0, -INF)), (complex(-INF, INF), (3 * PI / 4, -INF)),
        (complex(INF, INF), (PI / 4, -INF)), (complex(INF, NAN), ("nan", "+-inf")),
        (complex(NAN, 1.0), ("nan", "nan")), (complex(NAN, INF), ("nan", -INF)), (complex(NAN, NAN), ("nan", "nan")),
        (complex(0.5, 0.0), (math.acos(0.5), -0.0)), (complex(0.5, -0.0), (math.acos(0.5), 0.0)),
    ],
    "tanh": [
        (complex(INF, 1.0), (1.0, 0.0)), (complex(INF, 2.0), (1.0, 0.0)),
        (complex(INF, -2.0), (1.0, -0.0)), (complex(-INF, 2.0), (-1.0, 0.0)),
    ],
    "cosh": [
        (complex(0.0, INF), ("nan", "0")), (complex(0.0, NAN), ("nan", "0")),
        (complex(INF, INF), ("+-inf", "nan")), (complex(INF, NAN), ("+-inf", "nan")),
    ],
    "sinh": [
        (complex(0.0, INF), ("0", "nan")), (complex(0.0, NAN), ("0", "nan")),
        (complex(INF, INF), ("+-inf", "nan")), (complex(INF, NAN), ("+-inf", "nan")),
    ],
    "sqrt": [(complex(-INF, NAN), ("nan", "+-inf")), (complex(INF, NAN), (INF, "nan"))],
}  # fmt: skip


def _matches(value: float, expected) -> bool:
    if expected == "nan":
        return math.isnan(value)
    if expected == "0":
        return value == 0
    if expected == "+-inf":
        return math.isinf(value)
    if isinstance(expected, float) and expected == 0:
        return value == 0 and math.copysign(1.0, value) == math.copysign(1.0, expected)
    return value == pytest.approx(expected, rel=1e-12)


def _special_case_failures(backend: str, name: str, apply, cases) -> list[str]:
    """The cases of ``cases`` whose result on ``backend`` is not the standard's."""
    failures = []
    for inputs, expected in cases:
        inputs = inputs if isinstance(inputs, tuple) else (inputs,)
        arrays = [pa.asarray([value], backend=backend) for value in inputs]
        result = pa.to_numpy(_quiet(apply, *arrays))
        assert result.shape == (1,), (name, result.shape)
        value = complex(result[0]) if result.dtype.kind == "c" else float(result[0])
        if isinstance(value, complex):
            ok = _matches(value.real, expected[0]) and _matches(value.imag, expected[1])
        else:
            ok = _matches(value, expected)
        if not ok:
            failures.append(f"{name}{inputs} = {value!r}, the standard says {expected!r}")
    return failures


def _in_place_floor_divide(x1, x2):
    x1 //= x2
    return x1


def _in_place_remainder(x1, x2):
    x1 %= x2
    return x1


REAL_CASES = {
    "floor_divide": (pa.floor_divide, FLOOR_DIVIDE),
    "operator //": (lambda x1, x2: x1 // x2, FLOOR_DIVIDE),
    "operator //=": (_in_place_floor_divide, FLOOR_DIVIDE),
    "remainder": (pa.remainder, REMAINDER),
    "operator %": (lambda x1, x2: x1 % x2, REMAINDER),
    "operator %=": (_in_place_remainder, REMAINDER),
    "trunc": (pa.trunc, TRUNC),
}


@pytest.mark.parametrize(("backend", "name"), _cases_on_backends(REAL_CASES))
def test_real_special_cases_of_the_standard(backend, name):
    apply, cases = REAL_CASES[name]
    assert _special_case_failures(backend, name, apply, cases) == []


@pytest.mark.parametrize(("backend", "name"), _cases_on_backends(COMPLEX_CASES))
def test_complex_special_cases_of_the_standard(backend, name):
    assert _special_case_failures(backend, name, getattr(pa, name), COMPLEX_CASES[name]) == []


# -- indexing and creation ------------------------------------------------------------------

X = np.arange(60).reshape(3, 4, 5)
INDEX_KEYS = {
    "an integer array and an int": lambda b: (pa.asarray([0, 2], backend=b), 1),
    "an int, an integer array and a slice": lambda b: (1, pa.asarray([0, 3], backend=b), slice(None)),
    "broadcast integer arrays": lambda b: (pa.asarray([[0, 1]], backend=b), pa.asarray([1, 2], backend=b), 0),
    "an ellipsis and an integer array": lambda b: (Ellipsis, pa.asarray([1, 4], backend=b)),
    "an int8 scalar": lambda b: pa.asarray(1, dtype=pa.int8, backend=b),
    "int16 slice bounds": lambda b: slice(
        pa.asarray(1, dtype=pa.int16, backend=b), pa.asarray(3, dtype=pa.int8, backend=b)
    ),
    "a boolean mask": lambda b: pa.asarray([True, False, True], backend=b),
    "None and an integer array": lambda b: (slice(None), None, pa.asarray([0, 0, 1], backend=b), 2),
}  # fmt: skip


@pytest.mark.parametrize("key", list(INDEX_KEYS))
@pytest.mark.parametrize("backend", _backends())
def test_indexing_with_integer_arrays_mixed_with_ints_matches_numpy(backend, key):
    expected = X[pa.to_numpy(INDEX_KEYS[key]("numpy")) if key == "a boolean mask" else _numpy_key(INDEX_KEYS[key])]
    got = pa.to_numpy(pa.asarray(X, backend=backend)[INDEX_KEYS[key](backend)])
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)


def _numpy_key(make):
    key = make("numpy")
    parts = key if isinstance(key, tuple) else (key,)
    converted = tuple(
        slice(*(None if b is None else int(b) for b in (p.start, p.stop, p.step)))
        if isinstance(p, slice)
        else pa.to_numpy(p)
        if isinstance(p, pa.Array)
        else p
        for p in parts
    )
    return converted if isinstance(key, tuple) else converted[0]


@pytest.mark.parametrize("backend", _backends())
def test_an_index_out_of_bounds_in_an_integer_array_is_an_index_error(backend):
    with pytest.raises(IndexError):
        pa.asarray(X, backend=backend)[pa.asarray([5], backend=backend), 0]


@pytest.mark.parametrize("backend", _backends())
def test_asarray_of_nested_lists_of_arrays_matches_numpy(backend):
    items = [[pa.asarray(0, dtype=pa.uint8, backend=backend), pa.asarray(5, dtype=pa.uint8, backend=backend)]]
    got = pa.asarray(items, dtype=pa.uint8, backend=backend)
    assert got.dtype == pa.uint8 and got.shape == (1, 2)
    np.testing.assert_array_equal(pa.to_numpy(got), [[0, 5]])
    x1 = pa.asarray([1, 2], backend=backend)
    np.testing.assert_array_equal(pa.to_numpy(pa.linalg.outer(x1, x1)), [[1, 2], [2, 4]])


@pytest.mark.parametrize("backend", _backends())
def test_repeat_of_an_empty_array_by_one_broadcast_count_is_empty(backend):
    got = pa.repeat(
        pa.asarray(np.zeros(0, dtype=bool), backend=backend), pa.asarray([1], dtype=pa.int8, backend=backend)
    )
    assert got.shape == (0,) and got.dtype == pa.bool
    got = pa.repeat(pa.asarray(np.zeros((2, 0)), backend=backend), pa.asarray([1], backend=backend), axis=0)
    assert got.shape == (2, 0)


@pytest.mark.parametrize("function", ["std", "var"])
def test_spread_of_values_whose_squares_overflow_is_the_documented_departure(function):
    # docs/departures.md: NumPy's two passes overflow to inf; torch's one pass gives the finite value.
    values = np.asarray([[1.5e19, -1.5e19, 1e19], [1.0, 2.0, 4.0]], dtype=np.float32)
    reference = np.asarray(pa.to_numpy(getattr(pa, function)(pa.asarray(values, backend="numpy"), axis=1)))
    torch_result = np.asarray(pa.to_numpy(getattr(pa, function)(pa.asarray(values, backend="torch"), axis=1)))
    expected = _quiet(getattr(np, function), values.astype(np.float64), axis=1)
    assert np.isinf(reference[0]) and np.isfinite(expected[0]).all() and expected[0] < np.finfo(np.float32).max
    assert torch_result[0] == pytest.approx(expected[0], rel=1e-5)
    np.testing.assert_allclose(torch_result[1], reference[1], rtol=1e-6)


# -- Python scalars stored by x[key] = value -----------------------------------------------------

SETITEM_DTYPES = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64", "complex64"]
SETITEM_VALUES = [True, 0, -1, 127, 128, 255, 256, -129, 2**31, 2**63, -(2**63) - 1, 2**64, 1.5, -0.5, 255.9,
                  -1.5, float("nan"), float("inf"), -float("inf"), 1e40, 1 + 2j]  # fmt: skip


def _stored(backend, dtype, key, value):
    """The dtype and bytes of a zeros array after ``x[key] = value``, or the error's class."""
    x = pa.zeros((3,), dtype=getattr(pa, dtype), backend=backend)
    try:
        _quiet(x.__setitem__, key, value)
    except Exception as error:
        return type(error)
    stored = pa.to_numpy(x)
    return stored.dtype, stored.tobytes()


@pytest.mark.parametrize("dtype", SETITEM_DTYPES)
@pytest.mark.parametrize("backend", _backends())
def test_a_python_scalar_is_stored_as_numpy_stores_it(backend, dtype):
    """Into an integer array a float is truncated toward zero and the integer must fit (an out-of-range int, an
    infinity: PolyarrayOverflowError; NaN: PolyarrayValueError); frameworks would wrap it or refuse it each their
    own way. The other dtypes take what NumPy gives them."""
    for key in (1, slice(0, 2), Ellipsis):
        for value in SETITEM_VALUES:
            expected, got = _stored("numpy", dtype, key, value), _stored(backend, dtype, key, value)
            assert got == expected, (dtype, key, value)


def test_an_integer_out_of_range_is_refused_naming_the_range():
    x = pa.zeros((3,), dtype=pa.uint8, backend="torch")
    with pytest.raises(pa.PolyarrayOverflowError, match=r"-1 is out of range for uint8 \(0 to 255\)"):
        x[0] = -1
    with pytest.raises(pa.PolyarrayOverflowError, match=r"300 \(the float 300.5 truncated toward zero\)"):
        x[0] = 300.5
    with pytest.raises(pa.PolyarrayValueError, match="NaN cannot be stored in an array of dtype uint8"):
        x[0] = float("nan")
    x[0] = -0.5
    x[1] = 255.9
    assert pa.to_numpy(x).tolist() == [0, 255, 0]


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64", "uint64"])
@pytest.mark.parametrize("backend", _backends())
def test_a_negative_shift_or_one_past_the_width_shifts_every_bit_out(backend, dtype):
    """The standard leaves them unspecified; NumPy's answer on every backend: 0, or -1 for a right shift of a
    negative number (TensorFlow shifted by nothing for a negative count)."""
    bits = np.iinfo(dtype).bits
    values = np.array([-5, -1, 0, 1, 7, 100]).astype(dtype)
    counts = np.array([-3, -1, 0, bits - 1, bits, bits + 5]).astype(dtype)
    for name in ("bitwise_left_shift", "bitwise_right_shift"):
        expected = getattr(np, name.replace("bitwise_", ""))(values, counts)
        got = pa.to_numpy(getattr(pa, name)(pa.asarray(values, backend=backend), pa.asarray(counts, backend=backend)))
        assert got.dtype == expected.dtype and got.tolist() == expected.tolist(), name


#: Arrays stored by x[key] = value into arrays of every dtype, with values every target dtype holds once cast
#: (a float truncated toward zero; NaN, infinities and values out of range are casts the standard leaves
#: unspecified: docs/departures.md).
SETITEM_ARRAYS = {
    "bool": [True, False],
    "int8": [-1, 7],
    "uint8": [200, 7],
    "int64": [-3, 100],
    "float32": [1.5, -0.5],
    "float64": [2.75, 0.0],
    "complex128": [1 + 2j, 3.0],
}


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int32", "int64", "float32", "float64", "complex64"])
@pytest.mark.parametrize("backend", _backends())
def test_an_array_is_stored_as_numpy_stores_it_and_a_complex_one_only_into_a_complex_array(backend, dtype):
    """An array of another dtype is cast to x's as NumPy casts it; a complex one into a real or integer x is a
    PolyarrayTypeError on every backend, as pa.astype refuses that cast (NumPy, PyTorch and TensorFlow would drop
    the imaginary parts, JAX refused)."""
    for source, values in SETITEM_ARRAYS.items():
        x = pa.zeros((3,), dtype=getattr(pa, dtype), backend=backend)
        value = pa.asarray(np.array(values, dtype=source), backend=backend)
        if source.startswith("complex") and dtype not in ("complex64", "bool"):
            with pytest.raises(pa.PolyarrayTypeError, match="a complex value is not stored in an array of dtype"):
                x[0:2] = value
            assert pa.to_numpy(x).tolist() == [0, 0, 0]
            continue
        expected = np.zeros(3, dtype=dtype)
        _quiet(expected.__setitem__, slice(0, 2), np.array(values, dtype=source))
        _quiet(x.__setitem__, slice(0, 2), value)
        got = pa.to_numpy(x)
        assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes(), source


#: Keys NumPy refuses or reads in its own way: too many indices, two ellipses, nested and empty lists, float and
#: string indices, float index arrays, masks of the wrong length.
INDEXING_KEYS = [
    (0, 0, 0), (Ellipsis, Ellipsis), (0, Ellipsis, None, Ellipsis), [[0, 1]], [[True, False, True]], [], ([], []),
    1.0, "a", None, (None, 1), np.array([0.0]), np.array([True, False]), [0.5], np.int64(1), np.array(1), True,
    (slice(None), [0, 2]), ([0, 1], [1, 2]), (Ellipsis, 3), (2, -4), slice(-100, 100), {0: 1},
]  # fmt: skip


def _indexed_outcome(backend, key, write):
    x = pa.reshape(pa.arange(12, backend=backend), (3, 4))
    try:
        if write:
            x[key] = 100
            result = x
        else:
            result = x[key]
    except Exception as error:
        return type(error)
    values = pa.to_numpy(result)
    return values.dtype, values.shape, values.tolist()


@pytest.mark.parametrize("write", [False, True], ids=["x[key]", "x[key] = 100"])
@pytest.mark.parametrize("backend", _backends())
def test_bad_and_unusual_keys_are_read_and_refused_as_numpy_does(backend, write):
    """Checked once in the core (``_wrappers/views.checked_key``): PyTorch took two ellipses and float index
    arrays and read a nested list as a tuple, JAX and TensorFlow refused ``[]``, TensorFlow raised ValueError for
    too many indices, JAX a TypeError for a float index being written."""
    for key in INDEXING_KEYS:
        assert _indexed_outcome(backend, key, write) == _indexed_outcome("numpy", key, write), key
