"""Einstein summation for :func:`polyarray.einsum`: NumPy's subscript grammar, checked once, and the contraction.

:func:`parse` reads the subscripts against the operands' shapes exactly as
NumPy does (and raises NumPy's ``ValueError`` for what NumPy refuses), so every
backend accepts the same calls. :func:`contract` computes the sum from the
backend's raw functions: the diagonals of repeated labels with ``take``, each
pair of operands with one batched ``matmul``, and sums over labels no later
term needs. Booleans are summed as integers (a sum of products is true when
it is not zero, as NumPy's ``einsum`` of booleans).

Labels are the letters; the dimensions an ellipsis stands for are labelled
with integers, ``0`` for the last of them, so that ellipses of different
lengths align from the right and broadcast, as NumPy's do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .._errors import PolyarrayTypeError, PolyarrayValueError

__all__ = ["Plan", "parse", "contract"]

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

Label = str | int


@dataclass(frozen=True)
class Plan:
    """What the subscripts say: each operand's labels, the output's, and the size of each label."""

    inputs: tuple[tuple[Label, ...], ...]
    output: tuple[Label, ...]
    sizes: dict[Label, int]


def _term(text: str, where: str) -> tuple[list[str], bool, list[str]]:
    """The letters before and after the ellipsis of one term, and whether it has one."""
    if text.count("...") > 1 or text.replace("...", "").count("."):
        raise PolyarrayValueError(
            f"the subscripts {where} hold a '.' that is not part of one ellipsis ('...'); a term has at most one."
        )
    head, dots, tail = text.partition("...")
    for char in head + tail:
        if char not in _LETTERS:
            raise PolyarrayValueError(
                f"the subscripts {where} hold {char!r}; labels are the letters a-z and A-Z, terms are separated "
                "by ',' and the output follows '->'."
            )
    return list(head), bool(dots), list(tail)


def parse(subscripts: Any, shapes: list[tuple[int, ...]]) -> Plan:
    """Read ``subscripts`` for operands of ``shapes``, raising NumPy's ``ValueError`` for what it refuses."""
    if not isinstance(subscripts, str):
        raise PolyarrayTypeError(
            f"the subscripts must be a string such as 'ij,jk->ik', not {type(subscripts).__name__} {subscripts!r}."
        )
    if not shapes:
        raise PolyarrayValueError("einsum needs at least one operand after the subscripts.")
    text = subscripts.replace(" ", "")
    if text.count("->") > 1 or (text.count("-") + text.count(">")) != 2 * text.count("->"):
        raise PolyarrayValueError(f"the subscripts {subscripts!r} must hold at most one '->', and no other '-' or '>'.")
    left, arrow, right = text.partition("->")
    terms = left.split(",")
    if len(terms) != len(shapes):
        raise PolyarrayValueError(
            f"the subscripts {subscripts!r} have {len(terms)} input term(s), but {len(shapes)} operand(s) were "
            "given; write one term per operand, separated by ','."
        )
    inputs: list[tuple[Label, ...]] = []
    sizes: dict[Label, int] = {}
    ellipsis_rank = 0
    for index, (term, shape) in enumerate(zip(terms, shapes)):
        head, dots, tail = _term(term, f"{subscripts!r}")
        explicit = len(head) + len(tail)
        if (not dots and explicit != len(shape)) or explicit > len(shape):
            raise PolyarrayValueError(
                f"the term {term!r} of the subscripts {subscripts!r} has {explicit} label(s), but operand {index} "
                f"has {len(shape)} dimension(s) (shape {shape}); use '...' for dimensions you do not name."
            )
        rank = len(shape) - explicit
        ellipsis_rank = max(ellipsis_rank, rank)
        labels: list[Label] = [*head, *range(rank - 1, -1, -1), *tail]
        seen: dict[Label, int] = {}
        for label, size in zip(labels, shape):
            if label in seen and seen[label] != size:
                raise PolyarrayValueError(
                    f"the label {label!r} appears twice in the term {term!r} of operand {index}, on dimensions of "
                    f"different sizes ({seen[label]} and {size}); a repeated label takes a diagonal of equal sizes."
                )
            seen[label] = size
            known = sizes.get(label)
            if known is None or known == 1:
                sizes[label] = size
            elif size not in (1, known):
                name = f"label {label!r}" if isinstance(label, str) else "the dimensions of '...'"
                raise PolyarrayValueError(
                    f"the {name} has size {known} in one operand and {size} in operand {index} of the subscripts "
                    f"{subscripts!r}; sizes must be equal (or 1, which broadcasts)."
                )
        inputs.append(tuple(labels))
    if arrow:
        head, dots, tail = _term(right, f"{subscripts!r} (output)")
        letters = head + tail
        for letter in letters:
            if letters.count(letter) > 1:
                raise PolyarrayValueError(f"the output of the subscripts {subscripts!r} names {letter!r} twice.")
            if letter not in sizes:
                raise PolyarrayValueError(
                    f"the output of the subscripts {subscripts!r} names {letter!r}, which no input term has."
                )
        if ellipsis_rank and not dots:
            raise PolyarrayValueError(
                f"the operands of the subscripts {subscripts!r} have dimensions under '...' that the output drops; "
                "write '...' in the output too (or name those dimensions to sum them)."
            )
        output: tuple[Label, ...] = (*head, *range(ellipsis_rank - 1, -1, -1), *tail)
    else:
        counts: dict[str, int] = {}
        for term_labels in inputs:
            for label in term_labels:
                if isinstance(label, str):
                    counts[label] = counts.get(label, 0) + 1
        once = sorted(label for label, count in counts.items() if count == 1)
        output = (*range(ellipsis_rank - 1, -1, -1), *once)
    return Plan(tuple(inputs), output, sizes)


# -- the contraction, on native arrays -------------------------------------------------------


def _diagonals(xp: Any, x: Any, labels: tuple[Label, ...]) -> tuple[Any, list[Label]]:
    """``x`` with each repeated label reduced to its diagonal (that axis moved last), and the labels left."""
    labels_left = list(labels)
    while True:
        repeated = next((label for label in labels_left if labels_left.count(label) > 1), None)
        if repeated is None:
            return x, labels_left
        first = labels_left.index(repeated)
        second = labels_left.index(repeated, first + 1)
        kept = [i for i in range(len(labels_left)) if i not in (first, second)]
        x = xp.permute_dims(x, (*kept, first, second))
        size = x.shape[-1]
        x = xp.reshape(x, (*x.shape[:-2], size * size))
        x = xp.take(x, xp.arange(0, size * size, size + 1, device=xp.device_of(x)), axis=-1)
        labels_left = [labels_left[i] for i in kept] + [repeated]


def _sum_out(xp: Any, x: Any, labels: list[Label], needed: set[Label]) -> tuple[Any, list[Label]]:
    """``x`` summed over the labels not ``needed`` (in the dtype of ``x``)."""
    axes = tuple(i for i, label in enumerate(labels) if label not in needed)
    if not axes:
        return x, labels
    return xp.sum(x, axis=axes, dtype=x.dtype), [label for label in labels if label in needed]


def _arranged(xp: Any, x: Any, labels: list[Label], groups: list[list[Label]], sizes: dict[Label, int]) -> Any:
    """``x`` with its axes in the order of ``groups``, broadcast to the labels' sizes, one axis per group."""
    order = [labels.index(label) for group in groups for label in group]
    x = xp.permute_dims(x, tuple(order))
    full = tuple(sizes[label] for group in groups for label in group)
    if tuple(x.shape) != full:
        x = xp.broadcast_to(x, full)
    return xp.reshape(x, tuple(math.prod(sizes[label] for label in group) for group in groups))


def _pair(
    xp: Any, a: Any, la: list[Label], b: Any, lb: list[Label], keep: set[Label], sizes: dict[Label, int]
) -> tuple[Any, list[Label]]:
    """The contraction of two operands over their shared labels that ``keep`` lacks, by one batched matmul."""
    a, la = _sum_out(xp, a, la, keep | set(lb))
    b, lb = _sum_out(xp, b, lb, keep | set(la))
    batch = [label for label in la if label in lb and label in keep]
    summed = [label for label in la if label in lb and label not in keep]
    rows = [label for label in la if label not in lb]
    columns = [label for label in lb if label not in la]
    left = _arranged(xp, a, la, [batch, rows, summed], sizes)
    right = _arranged(xp, b, lb, [batch, summed, columns], sizes)
    product = xp.matmul(left, right)
    labels = batch + rows + columns
    return xp.reshape(product, tuple(sizes[label] for label in labels)), labels


def contract(xp: Any, plan: Plan, operands: list[Any]) -> Any:
    """The Einstein sum of ``operands`` (native arrays of one dtype) that ``plan`` describes."""
    dtype = operands[0].dtype
    boolean = dtype == xp.native_dtype("bool")
    device = xp.device_of(operands[0])
    if boolean:
        # A sum of products of booleans is true where it is not zero: count in the default integer dtype.
        counting = xp.asarray(0).dtype
        operands = [xp.astype(x, counting) for x in operands]
    output = list(plan.output)
    if any(size == 0 and label not in output for label, size in plan.sizes.items()):
        # Every element is a sum of no products: zero, whatever the other factors hold (NaN included),
        # where a factored contraction would multiply them by an empty sum.
        full = tuple(plan.sizes[label] for label in output)
        return xp.zeros(full, dtype=dtype, device=device)
    prepared = [_diagonals(xp, x, labels) for x, labels in zip(operands, plan.inputs)]
    result, labels = prepared[0]
    for index, (x, x_labels) in enumerate(prepared[1:], start=1):
        later = {label for _, rest in prepared[index + 1 :] for label in rest}
        result, labels = _pair(xp, result, labels, x, x_labels, set(output) | later, plan.sizes)
    result, labels = _sum_out(xp, result, labels, set(output))
    result = xp.permute_dims(result, tuple(labels.index(label) for label in output))
    full = tuple(plan.sizes[label] for label in output)
    if tuple(result.shape) != full:
        result = xp.broadcast_to(result, full)
    if boolean:
        return xp.not_equal(result, xp.zeros((), dtype=result.dtype))
    return result
