"""``x op= y`` of ``pa.Array``, its fast path against its reference, on every kind of operand.

A backend's ``inplace[name]`` (``_fastpath.inplace_operator``) makes the common
calls directly and hands the others to ``inplace[name].reference``: ``x op y``
written into ``x`` by ``assign_result``. :func:`differences` runs both on fresh
copies of the same operands and lists every call whose outcome differs: the
result (``x`` itself, or what else was returned), the error's class and
message, the warnings issued, and the bytes, dtype and shape ``x`` holds
afterwards (so an error after a partial write shows). Used by
tests/test_inplace.py (NumPy) and tests/frameworks/test_arrays_on_torch.py
(PyTorch).

Each comparison runs under one of NumPy's floating-point error modes
(:data:`ERROR_MODES`): ``np.errstate(all="ignore")`` or ``"raise"``, or
NumPy's default state (errors warn) with warnings recorded, or turned into
errors by a warning filter.
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import polyarray as pa
from polyarray._array import INPLACE_OPERATORS

#: Python operands: ints in and out of every dtype's range, floats with the special values, complex, bool.
PYTHON_OPERANDS = [0, 1, -1, 3, 300, -(2**63), 2**64, 1.5, -0.0, float("inf"), float("nan"), 1 + 2j, True]


def operands(backend: str, dtype: str) -> Iterator[tuple[str, Callable[[], tuple[pa.Array, Any]]]]:
    """``(label, make)`` pairs; ``make()`` gives a fresh ``x`` of ``dtype`` on ``backend`` and its operand."""

    def values(shape: tuple[int, ...], name: str = dtype, start: int = -2) -> pa.Array:
        count = int(np.prod(shape))
        numbers = np.arange(start, start + count).reshape(shape) * (3 if name != "bool" else 1)
        if name == "bfloat16":  # no NumPy dtype
            return pa.astype(pa.asarray(numbers.astype("float32"), backend=backend), pa.bfloat16)
        return pa.asarray(numbers.astype(name), backend=backend)

    def x() -> pa.Array:
        return values((2, 3))

    for scalar in PYTHON_OPERANDS:
        yield f"python {scalar!r}", lambda scalar=scalar: (x(), scalar)
    for shape in [(2, 3), (3,), (1, 3), (), (2, 2, 3), (1, 2, 3), (0,)]:
        yield f"array {shape}", lambda shape=shape: (x(), values(shape, start=1).data)
        yield f"pa.Array {shape}", lambda shape=shape: (x(), values(shape, start=1))
    for other in ["bool", "int8", "int64", "float32", "float64", "complex64"]:
        yield f"{other} array", lambda other=other: (x(), values((2, 3), other, start=1).data)
    yield "numpy scalar", lambda: (x(), np.asarray(3, dtype=dtype)[()] if backend == "numpy" else 3)
    if dtype != "bfloat16":
        yield "numpy array", lambda: (x(), np.full((2, 3), 2, dtype=dtype))
    yield "itself", lambda: (lambda array: (array, array))(x())
    yield "its own data", lambda: (lambda array: (array, array.data))(x())
    yield "its transpose", lambda: (lambda array: (array, array.mT))(values((3, 3)))
    yield "a list", lambda: (x(), [1, 2, 3])
    yield "a 0-d x", lambda: (values(()), 2)
    yield "a strided view", lambda: (values((2, 6))[:, ::2], 2)
    yield "None", lambda: (x(), None)
    yield "a string", lambda: (x(), "a")


def _state(array: pa.Array) -> tuple[Any, ...]:
    data = pa.to_numpy(array)
    return str(data.dtype), data.shape, data.tobytes()


def outcome(call: Callable[[pa.Array, Any], Any], x: pa.Array, y: Any) -> tuple[Any, ...]:
    """What ``call(x, y)`` gave (``"x"`` for x itself, else the type of the result) or raised, and x after."""
    try:
        result = call(x, y)
    except Exception as error:
        given: Any = (type(error), str(error))
    else:
        given = "x" if result is x else type(result)
    return given, _state(x)


#: NumPy's floating-point error modes: np.errstate(all=...) for "ignore" and "raise"; NumPy's default state,
#: where errors warn, with the warnings recorded ("default") or raised by a warning filter ("warnings raise").
ERROR_MODES = ("ignore", "raise", "default", "warnings raise")


@contextlib.contextmanager
def error_mode(mode: str) -> Iterator[list[Any]]:
    """Run the block in the error mode ``mode``; the list it gives holds the warnings issued in it."""
    assert mode in ERROR_MODES, mode
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("error" if mode == "warnings raise" else "always")
        with np.errstate(all=mode) if mode in ("ignore", "raise") else contextlib.nullcontext():
            yield caught


def observed(call: Callable[[pa.Array, Any], Any], x: pa.Array, y: Any, mode: str) -> tuple[Any, ...]:
    """:func:`outcome` of ``call(x, y)`` in the error mode ``mode``, and the warnings it issued."""
    with error_mode(mode) as caught:
        result = outcome(call, x, y)
    return (*result, [(warning.category, str(warning.message)) for warning in caught])


def differences(backend: str, dtypes: list[str], modes: list[str]) -> Iterator[tuple[Any, ...]]:
    """Every ``(name, dtype, operand, error mode, fast outcome, reference outcome)`` that differs."""
    table = pa.get_backend(backend).inplace
    for name in INPLACE_OPERATORS:
        fast = table[name]
        for dtype in dtypes:
            for label, make in operands(backend, dtype):
                for mode in modes:
                    got, expected = observed(fast, *make(), mode), observed(fast.reference, *make(), mode)
                    if got != expected:
                        yield name, dtype, label, mode, got, expected


def takes_directly(backend: str, name: str, x: pa.Array, y: Any) -> bool:
    """Whether ``x op= y`` is made without the reference (no frame of it runs)."""
    called: list[str] = []

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            called.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        pa.get_backend(backend).inplace[name](x, y)
    finally:
        sys.setprofile(None)
    return "reference" not in called and "assign_result" not in called
