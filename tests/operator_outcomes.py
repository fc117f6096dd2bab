"""Prints, one line each, the outcome of ``pa.Array`` operators on every kind of operand pair, in-place ones too.

Run as a script (``python tests/operator_outcomes.py [torch]``) by tests/test_speedups.py and
tests/frameworks/test_arrays_on_torch.py, once with the compiled number and comparison slots and once
with ``POLYARRAY_PURE_PYTHON=1`` (CPython's own slots calling the Python operators): the two must print
the same. The operands: plain arrays, subclasses that override nothing, some reflected or forward
methods, or return NotImplemented, an unrelated class with operators, strings, None, an array with no
backend, and (with ``torch``) arrays and subclass instances of a second backend, where which operand's
backend runs the operation shows in the result.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

import polyarray as pa
from polyarray import _accel


class Plain(pa.Array):
    __slots__ = ()


class Overriding(pa.Array):
    __slots__ = ()

    def __add__(self, other):
        return "Overriding.__add__"

    def __radd__(self, other):
        return "Overriding.__radd__"

    def __lt__(self, other):
        return "Overriding.__lt__"

    def __gt__(self, other):
        return "Overriding.__gt__"

    def __neg__(self):
        return "Overriding.__neg__"

    def __imul__(self, other):
        return "Overriding.__imul__"


class Declining(pa.Array):
    __slots__ = ()

    def __iadd__(self, other):
        return NotImplemented

    def __radd__(self, other):
        return NotImplemented

    def __rmul__(self, other):
        return super().__rmul__(other)


class Unrelated:
    def __add__(self, other):
        return "Unrelated.__add__"

    def __radd__(self, other):
        return "Unrelated.__radd__"

    def __gt__(self, other):
        return "Unrelated.__gt__"


def operands(with_torch: bool) -> dict[str, object]:
    values = {
        "A": pa.asarray(np.arange(6.0).reshape(2, 3)),
        "B": pa.asarray(np.ones((2, 3))),
        "I": pa.asarray(np.arange(1, 5)),
        "N": np.ones(3),
        "P": Plain(np.ones(3)),
        "O": Overriding(np.ones(3)),
        "D": Declining(np.ones(3)),
        "U": Unrelated(),
        "E": object.__new__(pa.Array),
    }
    if with_torch:
        import torch

        values["T"] = pa.asarray([1.0, 2.0, 3.0], backend="torch")
        values["PT"] = Plain(torch.arange(3.0, dtype=torch.float64))
    return values


EXPRESSIONS = [
    "A + B", "1 + A", "A - 1", "2 - A", "A * 2", "2 * A", "A / 2", "2 / A", "A // 2", "7 // (A + 1)", "A % 4",
    "9 % (A + 1)", "A ** 2", "2 ** A", "pow(A, 2, 3)", "pow(2, A, 3)", "A @ pa.matrix_transpose(B)",
    "I & 1", "3 | I", "I ^ 2", "I << 1", "8 >> I", "1 << I", "I >> 1", "~I", "-A", "+A", "abs(-A)",
    "A < 2", "2 < A", "A <= B", "A > 2", "A >= 2", "A == B", "A != 1", "1 == A",
    "N + A[0]", "A[0] + N", "N < A[0]",
    "P + A[0]", "A[0] + P", "P * P", "-P", "P < A[0]", "A[0] < P", "P == A[0]", "P ** 2", "2 ** P",
    "A[0] + O", "O + A[0]", "A[0] < O", "O < A[0]", "-O", "P + O", "O + P",
    "A[0] + D", "D + A[0]", "A[0] * D", "D * A[0]", "P + D", "D + P",
    "A + U", "U + A", "A < U", "U < A", "A + 'x'", "'x' + A", "A + None", "A == None",
    "E + A", "A + E", "-E", "E < A", "pow(E, 2, 3)",
    "A.__add__(B)", "A.__radd__(1)", "A.__pow__(2, 3)", "A.__neg__()", "A.__add__(B, 1)", "A.__lt__(B)",
]  # fmt: skip
#: Statements ``x op= y``, run on fresh operands: the outcome is what ``x`` is afterwards (or the error).
INPLACE_STATEMENTS = [
    "A += B", "A += 1", "A -= 0.5", "A *= B", "A /= 2", "A //= 2", "A %= 4", "A **= 2", "A @= pa.eye(3)",
    "I &= 1", "I |= 2", "I ^= 3", "I <<= 1", "I >>= 1", "I += 1.5", "A += N", "A += B[0]", "A += [1, 2, 3]",
    "N += A[0]", "P += 1", "P *= P", "O += 1", "O *= 2", "D += 1", "D *= 2", "A += U", "A += 'x'", "A += None",
    "E += 1", "A[0] += 1", "A.__iadd__(1)", "A.__iadd__('x')",
]  # fmt: skip
TORCH_INPLACE_STATEMENTS = ["A += T", "T += A[0]", "T += 1", "PT += 1", "T *= P"]
TORCH_EXPRESSIONS = [
    "A[0] + T", "T + A[0]", "P + T", "T + P", "PT + A[0]", "A[0] + PT", "P + PT", "PT + P", "D + T", "T + D",
    "T < P", "P < T", "-PT", "T * D", "D * T",
]  # fmt: skip


def outcome(expression: str, scope: dict[str, object]) -> str:
    try:
        result = eval(expression, {"pa": pa, "np": np}, scope)
        if isinstance(result, pa.Array):
            return f"{type(result).__name__} {result.backend.name} {result.dtype} {pa.to_numpy(result).tolist()}"
        return f"{type(result).__name__} {result!r}"
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def compiled_and_python(*arguments: str) -> tuple[list[str], list[str]]:
    """This script's lines with the compiled slots where built, and with CPython's own slots."""
    runs = []
    for pure in (False, True):
        environment = {k: v for k, v in os.environ.items() if k != _accel.ENVIRONMENT_VARIABLE}
        if pure:
            environment[_accel.ENVIRONMENT_VARIABLE] = "1"
        process = subprocess.run(
            [sys.executable, __file__, *arguments], capture_output=True, text=True, env=environment, check=True
        )
        runs.append(process.stdout.splitlines())
    return runs[0], runs[1]


def inplace_outcome(statement: str, with_torch: bool) -> str:
    """What the statement's target is afterwards, on fresh operands (or the error)."""
    scope = operands(with_torch)
    target = statement.split()[0].split("[")[0].split(".")[0]
    try:
        exec(statement, {"pa": pa, "np": np}, scope)
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return outcome(target, scope)


def main() -> None:
    with_torch = sys.argv[1:] == ["torch"]
    scope = operands(with_torch)
    for expression in EXPRESSIONS + (TORCH_EXPRESSIONS if with_torch else []):
        print(f"{expression} -> {outcome(expression, scope)}")
    for statement in INPLACE_STATEMENTS + (TORCH_INPLACE_STATEMENTS if with_torch else []):
        print(f"{statement} -> {inplace_outcome(statement, with_torch)}")


if __name__ == "__main__":
    main()
