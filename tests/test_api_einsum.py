"""pa.einsum, checked against numpy.einsum on the NumPy backend: the plugin's native one and the core's composition.

Calls are drawn from NumPy's grammar: one to three operands, repeated labels
(diagonals and traces), labels of size 1 that broadcast, ellipses of several
lengths, implicit and explicit outputs, every dtype.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

DTYPES = ("bool", "int8", "uint8", "int64", "uint64", "float16", "float32", "float64", "complex64", "complex128")
LETTERS = "abcdAB"


@st.composite
def einsum_calls(draw, dtypes=DTYPES):
    """(subscripts, operands) that NumPy accepts (or refuses only for a size mismatch of 0 against n)."""
    sizes = {label: draw(st.integers(0, 3)) for label in LETTERS}
    ellipsis_sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=2))
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    terms, operands = [], []
    for _ in range(draw(st.integers(1, 3))):
        labels = draw(st.lists(st.sampled_from(LETTERS), max_size=3))
        shape = []
        for position, label in enumerate(labels):
            first = labels.index(label)
            broadcast = first == position and draw(st.integers(0, 5)) == 0
            shape.append(shape[first] if first < position else 1 if broadcast else sizes[label])
        term = "".join(labels)
        if draw(st.booleans()):
            rank = draw(st.integers(0, 2))
            at = draw(st.integers(0, len(labels)))
            term = term[:at] + "..." + term[at:]
            shape[at:at] = [draw(st.sampled_from([1, size])) for size in ellipsis_sizes[2 - rank :]]
        terms.append(term)
        values = draw(st.lists(st.integers(-3, 3), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
        operands.append(np.asarray(values, dtype=np.int64).reshape(shape).astype(dtype))
    subscripts = ",".join(terms)
    if draw(st.booleans()):
        used = sorted({c for term in terms for c in term if c.isalpha()})
        output = "".join(draw(st.permutations(used))[: draw(st.integers(0, len(used)))])
        if any("..." in term for term in terms):
            at = draw(st.integers(0, len(output)))
            output = output[:at] + "..." + output[at:]
        subscripts += "->" + output
    return subscripts, operands


def _composed(subscripts, *operands):
    """The core's composition on the NumPy backend's raw namespace (NumPy's own einsum bypassed)."""
    return DECLARATIONS["einsum"].composition(pa.get_backend("numpy").raw, subscripts, *operands)


def _agree(got, expected):
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if expected.dtype.kind in "fc":
        tolerance = 1e-2 if expected.dtype == np.float16 else 1e-5
        np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance)
    else:
        np.testing.assert_array_equal(got, expected)


@given(call=einsum_calls())
def test_einsum_agrees_with_numpy(call):
    subscripts, operands = call
    try:
        expected = np.asarray(np.einsum(subscripts, *operands))
    except ValueError:
        with pytest.raises(pa.PolyarrayValueError, match=r"pa\.einsum"):
            pa.einsum(subscripts, *map(pa.asarray, operands))
        return
    _agree(pa.to_numpy(pa.einsum(subscripts, *map(pa.asarray, operands))), expected)
    _agree(_composed(subscripts, *operands), expected)


@pytest.mark.parametrize(
    ("subscripts", "shapes"),
    [
        ("ij,jk->ik", [(2, 3), (3, 4)]),
        ("ii", [(3, 3)]),
        ("ii->i", [(3, 3)]),
        ("iij->ji", [(2, 2, 3)]),
        ("...ij->...ji", [(2, 3, 4)]),
        ("...a,b", [(2, 3), (4,)]),
        ("a...,...b", [(3, 2), (2, 4)]),
        ("...,...->...", [(2, 1), (3,)]),
        ("ij,ij->ij", [(2, 3), (1, 3)]),
        ("Ba", [(2, 3)]),
        ("bA", [(2, 3)]),
        (" i j -> j i ", [(2, 3)]),
        ("i,j,k", [(2,), (3,), (4,)]),
        ("ab->...", [(2, 3)]),
        ("", [()]),
        ("->", [()]),
        (",i", [(), (3,)]),
    ],
)
def test_grammar(subscripts, shapes):
    operands = [np.arange(np.prod(shape), dtype=np.float64).reshape(shape) + 1 for shape in shapes]
    expected = np.asarray(np.einsum(subscripts, *operands))
    _agree(pa.to_numpy(pa.einsum(subscripts, *map(pa.asarray, operands))), expected)
    _agree(_composed(subscripts, *operands), expected)


@pytest.mark.parametrize(
    ("subscripts", "shapes", "match"),
    [
        ("i->ii", [(3,)], "twice"),
        ("i->j", [(3,)], "no input term"),
        ("i,j->", [(3,)], "1 operand"),
        ("i", [(2, 3)], "1 label"),
        ("ij", [(3,)], "2 label"),
        ("i..", [(3,)], "ellipsis"),
        ("i...j...", [(3, 3)], "ellipsis"),
        ("ij->i->j", [(2, 3)], "'->'"),
        ("i-j", [(2, 3)], "'->'"),
        ("i1", [(2, 3)], "'1'"),
        ("ij,jk", [(2, 3), (4, 5)], "label 'j'"),
        ("ii", [(1, 3)], "diagonal"),
        ("...->", [(2, 3)], "'...'"),
        ("i,i", [(3,), (0,)], "sizes must be equal"),
    ],
)
def test_bad_subscripts_are_value_errors_as_in_numpy(subscripts, shapes, match):
    operands = [np.ones(shape) for shape in shapes]
    with pytest.raises(ValueError):
        np.einsum(subscripts, *operands)
    with pytest.raises(pa.PolyarrayValueError, match=match):
        pa.einsum(subscripts, *map(pa.asarray, operands))
    with pytest.raises(pa.PolyarrayValueError, match=match):
        _composed(subscripts, *operands)


def test_other_bad_calls():
    with pytest.raises(pa.PolyarrayValueError, match="at least one operand"):
        pa.einsum("i")
    with pytest.raises(pa.PolyarrayTypeError, match="string"):
        pa.einsum(3, pa.ones((2,)))
    with pytest.raises(pa.PolyarrayTypeError, match="string"):
        pa.einsum(["i"], pa.ones((2,)))


def test_promotion_as_result_type():
    x = pa.asarray([1, 2], dtype=pa.int8)
    y = pa.asarray([0.5, 0.25], dtype=pa.float32)
    assert pa.einsum("i,i", x, y).dtype == pa.result_type(x, y) == pa.float32
    assert pa.einsum("i,i", x, pa.asarray([1, 2], dtype=pa.uint8)).dtype == pa.int16
    assert float(pa.einsum("i,i->", x, y)) == 1.0
    assert pa.einsum("i,i", pa.asarray([1, 2]), pa.asarray([True, False])).dtype == pa.int64


def test_integers_wrap_and_booleans_are_any_of_all():
    x = pa.asarray([100] * 3, dtype=pa.int8)
    assert int(pa.einsum("i,i", x, x)) == int(np.einsum("i,i", np.full(3, 100, np.int8), np.full(3, 100, np.int8)))
    a = pa.asarray([[True, False], [False, False]])
    assert pa.to_numpy(pa.einsum("ij,jk->ik", a, a)).tolist() == [[True, False], [False, False]]


def test_special_values_and_empty_operands():
    out = pa.to_numpy(pa.einsum("i,i->i", pa.asarray([np.nan, np.inf, 1.0]), pa.asarray([1.0, 0.0, -np.inf])))
    assert np.isnan(out[0]) and np.isnan(out[1]) and out[2] == -np.inf
    assert float(pa.einsum("i,i", pa.zeros((0,)), pa.zeros((0,)))) == 0.0
    assert pa.einsum("ij,jk->ik", pa.zeros((2, 0)), pa.zeros((0, 3))).shape == (2, 3)
    assert float(pa.einsum("", pa.asarray(2.5))) == 2.5
    # A sum of no products is 0, even beside a NaN factor (a factored contraction would give NaN * 0).
    for einsum in (pa.einsum, _composed):
        empty_sum = einsum(",i->", pa.to_native(pa.asarray(np.nan)), np.zeros((0,)))
        assert pa.to_numpy(pa.asarray(empty_sum)).tolist() == 0.0
        assert pa.to_numpy(pa.asarray(einsum("ij,j->i", np.full((2, 0), np.nan), np.zeros(0)))).tolist() == [0.0, 0.0]


def test_lists_and_scalars():
    assert pa.to_numpy(pa.einsum("i,i", [1, 2], [3, 4])).tolist() == 11
    assert pa.to_numpy(pa.einsum(",i", 2.0, pa.asarray([1.0, 2.0]))).tolist() == [2.0, 4.0]
