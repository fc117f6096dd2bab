"""The promotion table: the array API standard's rules, polyarray's documented extensions, and NumPy."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray import _promotion
from polyarray._promotion import PROMOTION_TABLE, promote, promote_scalar, promote_types

NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"

ALL = [
    pa.bool, pa.int8, pa.int16, pa.int32, pa.int64, pa.uint8, pa.uint16, pa.uint32, pa.uint64,
    pa.float16, pa.bfloat16, pa.float32, pa.float64, pa.complex64, pa.complex128,
]  # fmt: skip
CODES = {
    "b": pa.bool, "i1": pa.int8, "i2": pa.int16, "i4": pa.int32, "i8": pa.int64,
    "u1": pa.uint8, "u2": pa.uint16, "u4": pa.uint32, "u8": pa.uint64,
    "f2": pa.float16, "bf2": pa.bfloat16, "f4": pa.float32, "f8": pa.float64, "c8": pa.complex64, "c16": pa.complex128,
}  # fmt: skip
SIGNED = [pa.int8, pa.int16, pa.int32, pa.int64]
UNSIGNED = [pa.uint8, pa.uint16, pa.uint32, pa.uint64]
INTEGERS = SIGNED + UNSIGNED
FLOATING = [pa.float16, pa.bfloat16, pa.float32, pa.float64, pa.complex64, pa.complex128]


def _read(table: str) -> dict[tuple[object, object], object]:
    """A table in the standard's layout: a header row of column codes, then one row per row code."""
    lines = [line.split() for line in table.strip().splitlines()]
    columns = lines[0]
    result = {}
    for row in lines[1:]:
        for column, cell in zip(columns, row[1:], strict=True):
            result[CODES[row[0]], CODES[column]] = CODES[cell]
    return result


# The tables of the array API standard 2024.12 ("Type Promotion Rules"), copied cell by cell.
STANDARD_SIGNED = _read("""
        i1  i2  i4  i8
    i1  i1  i2  i4  i8
    i2  i2  i2  i4  i8
    i4  i4  i4  i4  i8
    i8  i8  i8  i8  i8
""")
STANDARD_UNSIGNED = _read("""
        u1  u2  u4  u8
    u1  u1  u2  u4  u8
    u2  u2  u2  u4  u8
    u4  u4  u4  u4  u8
    u8  u8  u8  u8  u8
""")
STANDARD_MIXED = _read("""
        u1  u2  u4
    i1  i2  i4  i8
    i2  i2  i4  i8
    i4  i4  i4  i8
    i8  i8  i8  i8
""")
STANDARD_FLOATING = _read("""
         f4   f8   c8   c16
    f4   f4   f8   c8   c16
    f8   f8   f8   c16  c16
    c8   c8   c16  c8   c16
    c16  c16  c16  c16  c16
""")
STANDARD_BOOL = {(pa.bool, pa.bool): pa.bool}


def _symmetric(table):
    return {**table, **{(b, a): r for (a, b), r in table.items()}}


STANDARD = _symmetric({**STANDARD_SIGNED, **STANDARD_UNSIGNED, **STANDARD_MIXED, **STANDARD_FLOATING, **STANDARD_BOOL})

# polyarray's documented decisions where the standard leaves promotion to the implementation.
HALF_PRECISION = _read("""
         f2   bf2  f4   f8   c8   c16
    f2   f2   f4   f4   f8   c8   c16
    bf2  f4   bf2  f4   f8   c8   c16
""")


def _extension(a, b):
    """The expected result for a pair the standard does not define (None: undefined, raises)."""
    if a == pa.bool:
        return b
    if b == pa.bool:
        return a
    if a in INTEGERS and b in FLOATING:
        return b
    if b in INTEGERS and a in FLOATING:
        return a
    if (a, b) in HALF_PRECISION:
        return HALF_PRECISION[a, b]
    if (b, a) in HALF_PRECISION:
        return HALF_PRECISION[b, a]
    assert {a, b} & {pa.uint64} and {a, b} & set(SIGNED), (a, b)
    return None


def expected(a, b):
    return STANDARD[a, b] if (a, b) in STANDARD else _extension(a, b)


def test_the_standard_tables_cover_what_they_should():
    # 16 + 16 + 2*12 + 16 + 1 defined cells of the standard's tables.
    assert len(STANDARD) == 16 + 16 + 24 + 16 + 1


@pytest.mark.parametrize(("a", "b"), list(itertools.product(ALL, ALL)), ids=lambda d: d.name)
def test_every_pair(a, b):
    want = expected(a, b)
    if want is None:
        with pytest.raises(pa.PolyarrayTypeError, match="uint64"):
            promote(a, b)
        with pytest.raises(TypeError):
            pa.result_type(a, b)
        assert (a, b) not in PROMOTION_TABLE
    else:
        assert promote(a, b) is want
        assert pa.result_type(a, b) is want
        assert PROMOTION_TABLE[a, b] is want


def test_only_uint64_with_signed_integers_is_undefined():
    undefined = {(a, b) for a in ALL for b in ALL if (a, b) not in PROMOTION_TABLE}
    assert undefined == {(pa.uint64, s) for s in SIGNED} | {(s, pa.uint64) for s in SIGNED}


def test_the_standard_table_is_followed_exactly():
    for (a, b), result in STANDARD.items():
        assert promote(a, b) == result, (a, b)


def test_documented_examples():
    assert promote(pa.int64, pa.float32) == pa.float32  # the floating dtype, not NumPy's float64
    assert promote(pa.int8, pa.complex64) == pa.complex64
    assert promote(pa.float16, pa.bfloat16) == pa.float32
    assert promote(pa.bool, pa.uint16) == pa.uint16


def test_promote_accepts_names_and_native_dtypes():
    assert promote("int8", np.dtype("uint8")) == pa.int16
    assert promote(np.float32, pa.float64) == pa.float64
    with pytest.raises(pa.PolyarrayTypeError):
        promote("int7", pa.int8)
    with pytest.raises(pa.PolyarrayTypeError, match="not a data type"):
        promote(np.dtype("datetime64[s]"), pa.int8)
    with pytest.raises(pa.PolyarrayTypeError, match="not a data type"):
        _promotion.can_cast(np.dtype("datetime64[s]"), pa.int64)
    assert _promotion.can_cast(np.dtype("int8"), "float32")


def test_undefined_promotion_is_a_polyarray_type_error():
    with pytest.raises(pa.PolyarrayTypeError) as caught:
        promote(pa.uint64, pa.int64)
    assert isinstance(caught.value, TypeError)
    assert "pa.astype" in str(caught.value)


dtype_lists = st.lists(st.sampled_from(ALL), min_size=1, max_size=5)


@given(dtype_lists, st.randoms(use_true_random=False))
def test_promote_types_does_not_depend_on_order(dtypes, random):
    shuffled = list(dtypes)
    random.shuffle(shuffled)
    try:
        first = promote_types(dtypes)
    except pa.PolyarrayTypeError:
        with pytest.raises(pa.PolyarrayTypeError):
            promote_types(shuffled)
        with pytest.raises(pa.PolyarrayTypeError):
            pa.result_type(*shuffled)
        return
    assert promote_types(shuffled) is first
    assert pa.result_type(*shuffled) is first


@given(st.sampled_from(ALL), st.sampled_from(ALL), st.sampled_from(ALL))
def test_pairwise_promotion_is_associative_where_defined(a, b, c):
    try:
        left = promote(promote(a, b), c)
        right = promote(a, promote(b, c))
    except pa.PolyarrayTypeError:
        return
    assert left is right is promote_types([a, b, c])


@given(dtype_lists)
def test_the_join_is_an_upper_bound_that_every_argument_casts_to(dtypes):
    try:
        join = promote_types(dtypes)
    except pa.PolyarrayTypeError:
        assert pa.uint64 in dtypes and set(dtypes) & set(SIGNED)
        return
    for dtype in dtypes:
        assert pa.can_cast(dtype, join)
        assert join in _promotion.upper_bounds(dtype)


def test_promote_types_needs_a_dtype():
    with pytest.raises(pa.PolyarrayTypeError):
        promote_types([])


# -- against NumPy ------------------------------------------------------------------------

# Families of dtypes inside which NumPy promotes exactly as the standard (and polyarray) do.
NUMPY_AGREES = [
    [pa.bool, *SIGNED, pa.uint8, pa.uint16, pa.uint32],
    [pa.bool, *UNSIGNED],
    [pa.bool, pa.float16, pa.float32, pa.float64, pa.complex64, pa.complex128],
]


@st.composite
def agreeing_dtypes(draw):
    family = draw(st.sampled_from(NUMPY_AGREES))
    return draw(st.lists(st.sampled_from(family), min_size=1, max_size=4))


@given(agreeing_dtypes())
def test_result_type_agrees_with_numpy_where_numpy_follows_the_standard(dtypes):
    names = [d.name for d in dtypes]
    want = np.result_type(*names)
    assert pa.result_type(*dtypes) == want
    arrays = [np.zeros(2, dtype=name) for name in names]
    assert pa.result_type(*arrays) == want
    assert pa.result_type(*[pa.asarray(a) for a in arrays]) == want


@pytest.mark.parametrize(
    ("a", "b", "numpy_says", "polyarray_says"),
    [
        ("int32", "float32", "float64", pa.float32),
        ("int64", "float16", "float64", pa.float16),
        ("uint64", "int64", "float64", None),
        ("int64", "complex64", "complex128", pa.complex64),
    ],
)
def test_where_polyarray_departs_from_numpy(a, b, numpy_says, polyarray_says):
    assert np.result_type(a, b) == np.dtype(numpy_says)
    if polyarray_says is None:
        with pytest.raises(pa.PolyarrayTypeError):
            pa.result_type(a, b)
    else:
        assert pa.result_type(a, b) is polyarray_says


# -- Python scalars -----------------------------------------------------------------------

DEFAULTS = {"integral": pa.int64, "real floating": pa.float64, "complex floating": pa.complex128}


def expected_scalar(dtype, scalar_type):
    """The standard's scalar rules, plus polyarray's: a higher-kind scalar takes the default dtype."""
    kind = {pa.bool: 0}.get(dtype, 1 if dtype in INTEGERS else 2 if dtype in FLOATING[:4] else 3)
    scalar_kind = {bool: 0, int: 1, float: 2, complex: 3}[scalar_type]
    if scalar_kind <= kind:
        return dtype
    if scalar_type is complex and kind == 2:
        return pa.complex128 if dtype == pa.float64 else pa.complex64
    return {int: pa.int64, float: pa.float64, complex: pa.complex128}[scalar_type]


SCALAR_CASES = list(itertools.product(ALL, [bool, int, float, complex]))


@pytest.mark.parametrize(("dtype", "scalar_type"), SCALAR_CASES, ids=str)
def test_scalar_rules(dtype, scalar_type):
    want = expected_scalar(dtype, scalar_type)
    assert promote_scalar(dtype, scalar_type) is want
    assert promote_scalar(dtype, scalar_type, DEFAULTS) is want
    assert pa.result_type(dtype, scalar_type(1)) is want
    assert pa.result_type(scalar_type(1), pa.zeros(2, dtype=dtype) if dtype != pa.bfloat16 else dtype) is want


def test_scalar_rules_from_the_standard_text():
    assert promote_scalar(pa.int8, int) is pa.int8  # an int within bounds keeps the integer dtype
    assert promote_scalar(pa.float32, int) is pa.float32
    assert promote_scalar(pa.float32, float) is pa.float32
    assert promote_scalar(pa.complex64, float) is pa.complex64
    assert promote_scalar(pa.float32, complex) is pa.complex64  # same precision (2024.12)
    assert promote_scalar(pa.float64, complex) is pa.complex128
    assert promote_scalar(pa.bool, bool) is pa.bool


def test_scalar_defaults_come_from_the_caller():
    narrow = {"integral": pa.int32, "real floating": pa.float32, "complex floating": pa.complex64}
    assert promote_scalar(pa.bool, int, narrow) is pa.int32
    assert promote_scalar(pa.int64, float, narrow) is pa.float32
    assert promote_scalar(pa.uint8, complex, narrow) is pa.complex64
    assert promote_scalar(pa.float64, float, narrow) is pa.float64


def test_scalar_subclasses_and_bad_scalar_types():
    class MyInt(int):
        pass

    assert promote_scalar(pa.int8, MyInt) is pa.int8
    assert promote_scalar("float32", float) is pa.float32
    with pytest.raises(pa.PolyarrayTypeError):
        promote_scalar(pa.int8, str)


def _numpy_1_agrees(dtype, scalar_type):
    """NumPy 1.x promotes by value, so it agrees only when the scalar's kind is not higher."""
    higher = expected_scalar(dtype, scalar_type) not in (dtype, pa.complex64, pa.complex128)
    return not higher and not (scalar_type is complex and dtype not in FLOATING)


# NumPy 2 (NEP 50) treats Python scalars as weakly typed, as the standard does: every case.
NUMPY_SCALAR_CASES = [
    (dtype, scalar_type)
    for dtype, scalar_type in SCALAR_CASES
    if dtype != pa.bfloat16 and (NUMPY_2 or _numpy_1_agrees(dtype, scalar_type))
]


@pytest.mark.parametrize(("dtype", "scalar_type"), NUMPY_SCALAR_CASES, ids=str)
def test_scalar_rules_agree_with_numpy(dtype, scalar_type):
    scalar = scalar_type(1)
    want = np.result_type(np.zeros(2, dtype=dtype.name), scalar)
    assert pa.result_type(dtype, scalar) == want
    assert pa.result_type(np.zeros(2, dtype=dtype.name), scalar) == want


# -- can_cast -----------------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), list(itertools.product(ALL, ALL)), ids=lambda d: d.name)
def test_can_cast_is_promotion_to_the_target(a, b):
    want = expected(a, b) == b
    assert _promotion.can_cast(a, b) is want
    assert pa.can_cast(a, b) is want
