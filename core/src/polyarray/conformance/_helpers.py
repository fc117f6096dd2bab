"""Inputs and tolerances shared by the conformance test modules."""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from polyarray import Array
from polyarray.testing import as_numpy, tolerance

__all__ = [
    "accumulation",
    "as_scalar_of",
    "bounded",
    "complex_power_inputs",
    "eps",
    "largest",
    "is_inexact",
    "numpy_dtype",
    "with_axis",
]

INF = float("inf")
NAN = float("nan")

#: The largest finite value of each floating dtype (bfloat16 shares float32's exponent range).
_LARGEST = {
    "float16": 65504.0,
    "bfloat16": 3.3895313892515355e38,
    "float32": float(np.finfo(np.float32).max),
    "float64": float(np.finfo(np.float64).max),
    "complex64": float(np.finfo(np.float32).max),
    "complex128": float(np.finfo(np.float64).max),
}


def eps(dtype: Any) -> float:
    """The machine epsilon of a floating dtype (of its real part for complex ones)."""
    name = str(dtype.name)
    name = {"complex64": "float32", "complex128": "float64"}.get(name, name)
    return {"float16": 2.0**-10, "bfloat16": 2.0**-7, "float32": 2.0**-23}.get(name, 2.0**-52)


def largest(dtype: Any) -> float:
    """The largest finite value of a floating dtype."""
    return _LARGEST[str(getattr(dtype, "name", dtype))]


def is_inexact(dtype: Any) -> bool:
    """Whether ``dtype`` is a real or complex floating dtype."""
    return dtype.kind in ("real floating", "complex floating")


def numpy_dtype(dtype: Any) -> np.dtype:
    """The NumPy dtype values of ``dtype`` are written in (``float32`` for ``bfloat16``)."""
    return np.dtype("float32" if dtype.name == "bfloat16" else dtype.name)


def bounded(dtype: Any, high: float, *, low: float = 0.0, specials: bool = True) -> st.SearchStrategy[Any]:
    """Elements of ``dtype`` whose finite magnitudes lie in ``[low, high]`` (either sign), zero included.

    With ``specials``, NaN and ±inf are drawn too (complex numbers then get
    them in one part). Integers are drawn in ``[-high, high]`` within the dtype's
    range.
    """
    if dtype.kind == "bool":
        return st.booleans()
    if dtype.kind in ("signed integer", "unsigned integer"):
        info = np.iinfo(dtype.name)
        return st.integers(max(int(info.min), -math.floor(high)), min(int(info.max), math.floor(high)))
    width: Literal[16, 32, 64] = (
        32 if dtype.name in ("float32", "complex64", "bfloat16") else 16 if dtype.name == "float16" else 64
    )
    magnitude = st.floats(_fit(low, width, up=True), _fit(high, width, up=False), width=width)
    real = st.builds(lambda m, negative: -m if negative else m, magnitude, st.booleans())
    if low > 0:
        real = real | st.sampled_from([0.0, -0.0])
    if specials:
        real = real | st.sampled_from([NAN, INF, -INF])
    if dtype.kind == "complex floating":
        return st.builds(complex, real, real)
    return real


def _fit(value: float, width: int, *, up: bool) -> float:
    """``value`` rounded to a float of ``width`` bits, towards +inf (``up``) or -inf."""
    kind = {16: np.float16, 32: np.float32, 64: np.float64}[width]
    with np.errstate(over="ignore"):
        fitted = kind(value)
        if up and float(fitted) < value:
            fitted = np.nextafter(fitted, kind(np.inf))
        elif not up and float(fitted) > value:
            fitted = np.nextafter(fitted, kind(-np.inf))
    return float(fitted)


def complex_power_inputs(dtype: Any) -> tuple[st.SearchStrategy[Any] | None, dict[str, float]]:
    """Elements and tolerance for ``pow`` of ``dtype``: finite, moderate operands when complex.

    Complex powers are ``exp(x2 * log(x1))``, whose infinite and NaN special
    cases libraries resolve differently (NumPy returns ``x1`` for ``x2 == 1``);
    on finite operands of modulus up to 10 every result is finite, within
    ``|x2 log x1|`` times a few eps.
    """
    if dtype.kind != "complex floating":
        return None, {}
    return bounded(dtype, 10.0, specials=False), {"rtol": 16 * tolerance(dtype, transcendental=True).rtol}


def with_axis(shape: tuple[int, ...], size: int, from_end: int) -> tuple[int, ...]:
    """``shape`` with an axis of ``size`` inserted ``from_end`` axes before its end."""
    at = len(shape) - from_end
    return (*shape[:at], size, *shape[at:])


def as_scalar_of(case: Any, value: Any, dtype: Any) -> Any:
    """A Python float as the nearest ``bfloat16`` (rounded on the backend) when ``dtype`` is bfloat16.

    The reference computes bfloat16 cases in float32, where a Python scalar would
    keep digits that the backend's bfloat16 operand loses; other values pass unchanged.
    """
    if dtype.name != "bfloat16" or not isinstance(value, float) or value != value:
        return value
    rounded = case.asarray(np.asarray(value, dtype=np.float32), dtype)
    return float(as_numpy(rounded)[1])


def accumulation(x: Array, *, power: int = 1, dtype: Any = None, factor: float = 1.0) -> dict[str, float]:
    """``atol`` for a result accumulated from the elements of ``x`` (a sum, mean, product, dot product …).

    Implementations sum in different orders and precisions (pairwise, in a
    wider accumulator …), so results differ by up to about ``n * eps`` times
    the sum of the magnitudes (to the ``power``) of the ``n`` finite elements.
    Integer results are exact: no tolerance.
    """
    source, values = as_numpy(x)
    result = dtype if dtype is not None else source
    if not is_inexact(result):
        if not is_inexact(source):
            return {}
        result = source
    tol = tolerance(result)
    finite = values[np.isfinite(values)] if values.size else values
    with np.errstate(over="ignore"):
        total = float(np.sum(np.abs(finite.astype(np.complex128)) ** power)) if finite.size else 0.0
    return {"atol": tol.atol + factor * tol.rtol * max(values.size, 1) * total}
