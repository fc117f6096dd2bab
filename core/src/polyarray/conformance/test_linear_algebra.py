"""Linear algebra of the main namespace: ``matmul``, ``matrix_transpose``, ``tensordot``, ``vecdot``.

Floating-point products are sums, compared within ``k * eps`` times the
sum of the magnitudes of the ``k`` products; their finite inputs are small
enough that no summation order overflows. Integer products wrap the same
way on every backend (modular arithmetic), so integers cover their range.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from polyarray.conformance._helpers import bounded, eps, is_inexact, with_axis
from polyarray.testing import as_numpy, broadcastable_shapes, conformance, shapes, tolerance

KINDS = ("integral", "floating")


def _elements(dtype):
    """Finite inputs whose products and sums of four do not overflow (integers: any)."""
    if not is_inexact(dtype):
        return None
    return bounded(dtype, 16.0 if dtype.name == "float16" else 1e3, specials=False)


def _product_atol(dtype, a, b, contracted):
    """``k * rtol`` times the largest sum of magnitudes a contraction of ``k`` terms can have."""
    if not is_inexact(dtype):
        return {}
    tol = tolerance(dtype)
    largest = float(np.max(np.abs(as_numpy(a)[1]), initial=0)) * float(np.max(np.abs(as_numpy(b)[1]), initial=0))
    return {"atol": tol.atol + 4 * tol.rtol * max(contracted, 1) * largest * max(contracted, 1)}


@conformance("matmul", "linalg.matmul")
def test_matmul(case, function):
    dtype = case.dtype(KINDS)
    batch1, batch2 = case.draw(broadcastable_shapes(max_dims=2, max_side=3), label="batches")
    n, k, m = (case.draw(st.integers(0, 4), label=side) for side in ("n", "k", "m"))
    form = case.draw(st.sampled_from(["matrices", "vector @ matrix", "matrix @ vector", "vectors"]), label="form")
    shape1 = (k,) if form in ("vector @ matrix", "vectors") else (*batch1, n, k)
    shape2 = (k,) if form in ("matrix @ vector", "vectors") else (*batch2, k, m)
    a = case.array(dtype, shape1, elements=_elements(dtype), label="x1")
    b = case.array(dtype, shape2, elements=_elements(dtype), label="x2")
    case.check(function, a, b, **_product_atol(dtype, a, b, k))


@conformance("matmul")
def test_matmul_mismatch(case):
    dtype = case.dtype(KINDS)
    case.check("matmul", case.array(dtype, (2, 3)), case.array(dtype, (2, 3)), expect_error=True)


@conformance("matrix_transpose", "linalg.matrix_transpose")
def test_matrix_transpose(case, function):
    x = case.array(case.dtype(), shapes(min_dims=0), label="x")
    case.check(function, x)


@conformance("tensordot", "linalg.tensordot")
def test_tensordot(case, function):
    dtype = case.dtype(KINDS)
    count = case.draw(st.integers(0, 2), label="contracted axes")
    contracted = tuple(case.draw(st.lists(st.integers(0, 3), min_size=count, max_size=count), label="sizes"))
    left = tuple(case.draw(st.lists(st.integers(0, 3), max_size=2), label="left"))
    right = tuple(case.draw(st.lists(st.integers(0, 3), max_size=2), label="right"))
    if case.draw(st.booleans(), label="integer axes"):
        a = case.array(dtype, left + contracted, elements=_elements(dtype), label="x1")
        b = case.array(dtype, contracted + right, elements=_elements(dtype), label="x2")
        axes = count
    else:
        # The contracted axes in a shuffled order on each side, named by (maybe negative) indices.
        order1 = case.draw(st.permutations(range(len(left) + count)), label="order1")
        order2 = case.draw(st.permutations(range(len(right) + count)), label="order2")
        shape1 = [0] * (len(left) + count)
        shape2 = [0] * (len(right) + count)
        for position, size in zip(order1, left + contracted):
            shape1[position] = size
        for position, size in zip(order2, contracted + right):
            shape2[position] = size
        axes1 = [order1[len(left) + i] for i in range(count)]
        axes2 = [order2[i] for i in range(count)]
        axes1 = [a - len(shape1) if case.draw(st.booleans(), label="negative") else a for a in axes1]
        a = case.array(dtype, tuple(shape1), elements=_elements(dtype), label="x1")
        b = case.array(dtype, tuple(shape2), elements=_elements(dtype), label="x2")
        axes = (axes1, axes2)
    k = int(np.prod(contracted)) if contracted else 1
    case.check(function, a, b, axes=axes, **_product_atol(dtype, a, b, k))


@conformance("vecdot", "linalg.vecdot")
def test_vecdot(case, function):
    dtype = case.dtype(KINDS)
    batch1, batch2 = case.draw(broadcastable_shapes(max_dims=2, max_side=3), label="batches")
    k = case.draw(st.integers(0, 4), label="k")
    position = case.draw(st.integers(0, min(len(batch1), len(batch2))), label="axis position")
    shape1 = with_axis(batch1, k, position)
    shape2 = with_axis(batch2, k, position)
    a = case.array(dtype, shape1, elements=_elements(dtype), label="x1")
    b = case.array(dtype, shape2, elements=_elements(dtype), label="x2")
    case.check(function, a, b, axis=-position - 1, **_product_atol(dtype, a, b, k))


# -- einsum -------------------------------------------------------------------------------------

_LABELS = "abcdAB"


def _einsum_elements(dtype):
    """Small integral values (products and sums of them are exact in every precision but bfloat16's), and, for
    real floating dtypes, NaN, which propagates the same way in any order of summation. Infinities do not:
    NumPy sums ``inf * 1 + inf * 0`` term by term (NaN) where other libraries factor it as ``inf * (1 + 0)``
    (docs/departures.md); complex values stay finite."""
    small = st.sampled_from([0, 1, 2, -1, -3])
    if dtype.kind == "bool":
        return st.booleans()
    if dtype.kind == "unsigned integer":
        return st.sampled_from([0, 1, 2, 3])
    if dtype.kind == "signed integer":
        return small
    if dtype.kind == "complex floating":
        return st.builds(complex, small.map(float), small.map(float))
    return small.map(float) | st.just(float("nan"))


def _einsum_term(case, sizes, ellipsis_sizes):
    """One input term and the shape of its operand: labels of the shared sizes (repeated ones take a
    diagonal; a first occurrence may be 1, which broadcasts), and sometimes an ellipsis."""
    labels = case.draw(st.lists(st.sampled_from(_LABELS), max_size=3), label="labels")
    shape: list[int] = []
    for position, label in enumerate(labels):
        first = labels.index(label)
        if first < position:
            shape.append(shape[first])
        else:
            shape.append(case.draw(st.sampled_from([sizes[label], 1]), label="size"))
    term = "".join(labels)
    if case.draw(st.booleans(), label="ellipsis"):
        rank = case.draw(st.integers(0, len(ellipsis_sizes)), label="rank")
        at = case.draw(st.integers(0, len(labels)), label="at")
        term = term[:at] + "..." + term[at:]
        shape[at:at] = [case.draw(st.sampled_from([1, size]), label="size") for size in ellipsis_sizes[rank:]]
    return term, tuple(shape)


@conformance("einsum")
def test_einsum(case):
    """NumPy's grammar: diagonals, broadcasting labels and ellipses, implicit and explicit outputs."""
    dtype = case.dtype()
    sizes = {label: case.draw(st.integers(0, 3), label=f"size of {label}") for label in _LABELS}
    ellipsis_sizes = case.draw(st.lists(st.integers(1, 3), max_size=2), label="ellipsis sizes")
    terms, operands = [], []
    for _ in range(case.draw(st.integers(1, 3), label="operands")):
        term, shape = _einsum_term(case, sizes, ellipsis_sizes)
        terms.append(term)
        operands.append(case.array(dtype, shape, elements=_einsum_elements(dtype), label="operand"))
    subscripts = ",".join(terms)
    if case.draw(st.booleans(), label="explicit"):
        used = sorted({c for term in terms for c in term if c.isalpha()})
        output = "".join(case.draw(st.permutations(used), label="output")[: case.draw(st.integers(0, len(used)))])
        if any("..." in term for term in terms) or case.draw(st.booleans(), label="empty ellipsis"):
            output += "..."
        subscripts += "->" + output
    case.check("einsum", subscripts, *operands, rtol=4 * eps(dtype) if is_inexact(dtype) else None)


@conformance("einsum")
def test_einsum_promotes(case):
    """Operands of two dtypes give the promoted dtype (as ``pa.result_type``)."""
    first = case.dtype(("integral", "floating"), exclude=("bfloat16", "uint64"))
    second = case.dtype(("integral", "floating"), exclude=("bfloat16", "uint64"))
    x = case.array(first, (3, 2), elements=_einsum_elements(first), label="x")
    y = case.array(second, (2,), elements=_einsum_elements(second), label="y")
    case.check("einsum", "ij,j->i", x, y)


@conformance("einsum")
def test_einsum_bad_subscripts(case):
    """What NumPy refuses, every backend refuses with a ValueError."""
    subscripts, shapes_ = case.draw(
        st.sampled_from(
            [
                ("i->ii", [(3,)]),
                ("i->j", [(3,)]),
                ("i,j->", [(3,)]),
                ("i", [(2, 3)]),
                ("i..", [(3,)]),
                ("ij->i->j", [(2, 3)]),
                ("i1", [(2, 3)]),
                ("ij,jk", [(2, 3), (4, 5)]),
                ("ii", [(1, 3)]),
                ("...->", [(2, 3)]),
            ]
        ),
        label="call",
    )
    dtype = case.dtype("real floating")
    operands = [case.array(dtype, shape, label="operand") for shape in shapes_]
    case.check("einsum", subscripts, *operands, expect_error=True)
