"""Hypothesis strategies for testing polyarray backends: dtypes, shapes, arrays, broadcast shapes, axes.

Arrays are drawn as NumPy values and created on the backend with its own
``asarray``, so the same strategy serves every backend. Floating-point
elements include NaN, ±inf, -0.0, the largest finite values and subnormals
unless the caller restricts them; integers cover their dtype's whole range.
``bfloat16``, which NumPy lacks, is drawn as ``float32`` and rounded to
``bfloat16`` on the backend (``astype``).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .. import _handler
from .._array import Array
from .._backend import Backend
from .._dtypes import DTYPES, DType, as_dtype
from ..api.data_types import isdtype

__all__ = [
    "KINDS",
    "dtypes",
    "shapes",
    "arrays",
    "broadcastable_shapes",
    "axes",
    "scalars",
    "held_dtypes",
]

#: Kind names :func:`dtypes` accepts besides ``pa.isdtype``'s own (``"bool"``, ``"signed integer"``,
#: ``"unsigned integer"``, ``"integral"``, ``"real floating"``, ``"complex floating"``, ``"numeric"``).
KINDS: dict[str, tuple[str, ...]] = {
    "floating": ("real floating", "complex floating"),
    "real": ("integral", "real floating"),
    "all": ("bool", "numeric"),
}

BackendLike = str | Backend


def _backend(backend: BackendLike) -> Backend:
    return _handler.resolve_backend(backend)


def held_dtypes(backend: BackendLike) -> tuple[DType, ...]:
    """The portable dtypes ``backend`` holds: those its ``native_dtype`` hook gives a native dtype for.

    >>> from polyarray.testing import held_dtypes
    >>> pa.bfloat16 in held_dtypes("numpy"), pa.float16 in held_dtypes("numpy")
    (False, True)
    """
    return _backend(backend).dtypes


def _matches(dtype: DType, kinds: str | DType | Sequence[str | DType]) -> bool:
    items = (kinds,) if isinstance(kinds, (str, DType)) else tuple(kinds)
    for kind in items:
        if isinstance(kind, str) and kind in KINDS:
            if _matches(dtype, KINDS[kind]):
                return True
        elif isinstance(kind, str) and kind in DTYPES:
            if dtype.name == kind:
                return True
        elif isdtype(dtype, kind):
            return True
    return False


def dtypes(
    backend: BackendLike,
    kinds: str | DType | Sequence[str | DType] = "all",
    *,
    exclude: Sequence[str | DType] = (),
) -> st.SearchStrategy[DType]:
    """Portable dtypes of ``kinds`` that ``backend`` holds (its ``native_dtype`` hook has a native dtype for).

    ``kinds`` is a kind name of ``pa.isdtype`` (``"real floating"``,
    ``"integral"`` …), ``"floating"`` (real and complex), ``"real"`` (integers
    and real floating), ``"all"``, a dtype or dtype name, or a sequence of
    these. ``exclude`` removes dtypes (by dtype or name). Shrinks towards
    the narrowest dtype of the first kind.

    >>> from hypothesis import find
    >>> from polyarray.testing import dtypes
    >>> find(dtypes("numpy", "complex floating"), lambda d: True)
    pa.complex64
    """
    excluded = {as_dtype(d).name for d in exclude}
    chosen = [d for d in held_dtypes(backend) if d.name not in excluded and _matches(d, kinds)]
    if not chosen:
        raise ValueError(f"The {_backend(backend).name} backend holds no dtype of {kinds!r} (excluding {excluded}).")
    return st.sampled_from(chosen)


def shapes(
    *, min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 4
) -> st.SearchStrategy[tuple[int, ...]]:
    """Array shapes: 0-d (``()``) and empty ones (a side of 0) included by default.

    >>> from hypothesis import find
    >>> from polyarray.testing import shapes
    >>> find(shapes(), lambda s: s == ()), find(shapes(), lambda s: 0 in s)
    ((), (0,))
    """
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)


def broadcastable_shapes(
    num_shapes: int = 2, *, min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 4
) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """Tuples of ``num_shapes`` shapes that broadcast together (0-d and empty ones included).

    >>> from hypothesis import find
    >>> from polyarray.testing import broadcastable_shapes
    >>> find(broadcastable_shapes(), lambda pair: len(pair[0]) == 2 and len(pair[1]) == 1)
    ((0, 0), (0,))
    """
    return hnp.mutually_broadcastable_shapes(
        num_shapes=num_shapes, min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side
    ).map(lambda shapes: tuple(shapes.input_shapes))


@st.composite
def axes(
    draw: st.DrawFn,
    ndim: int,
    *,
    allow_none: bool = True,
    allow_int: bool = True,
    allow_tuple: bool = True,
    allow_negative: bool = True,
) -> int | tuple[int, ...] | None:
    """An ``axis`` argument for an ``ndim``-d array: None, one axis, or a tuple of distinct axes.

    Axes may be negative (``-1`` is the last) unless ``allow_negative`` is False.

    >>> from hypothesis import find
    >>> from polyarray.testing import axes
    >>> find(axes(2), lambda axis: isinstance(axis, tuple) and len(axis) == 2)
    (0, 1)
    """
    choices = []
    if allow_none:
        choices.append("none")
    if allow_int and ndim:
        choices.append("int")
    if allow_tuple:
        choices.append("tuple")
    if not choices:
        raise ValueError(f"No axis argument of the allowed forms exists for a {ndim}-d array.")
    form = draw(st.sampled_from(choices))
    if form == "none":
        return None
    low = -ndim if allow_negative else 0
    if form == "int":
        return draw(st.integers(low, ndim - 1))
    chosen = draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)) if ndim else []
    if allow_negative:
        chosen = [a - ndim if draw(st.booleans()) else a for a in chosen]
    return tuple(chosen)


def _numpy_dtype(dtype: DType) -> np.dtype:
    """The NumPy dtype values of ``dtype`` are drawn in (``float32`` for ``bfloat16``)."""
    return np.dtype("float32" if dtype.name == "bfloat16" else dtype.name)


def _elements(
    dtype: DType,
    *,
    min_value: float | None,
    max_value: float | None,
    allow_nan: bool | None,
    allow_infinity: bool | None,
    allow_subnormal: bool | None,
) -> st.SearchStrategy[Any]:
    np_dtype = _numpy_dtype(dtype)
    options: dict[str, Any] = {}
    if np_dtype.kind in "iu":
        options = {"min_value": min_value, "max_value": max_value}
    elif np_dtype.kind == "f":
        options = {
            "min_value": min_value,
            "max_value": max_value,
            "allow_nan": allow_nan,
            "allow_infinity": allow_infinity,
            "allow_subnormal": allow_subnormal,
        }
    elif np_dtype.kind == "c":
        bound = None if min_value is None and max_value is None else max(abs(min_value or 0), abs(max_value or 0))
        options = {
            "max_magnitude": bound,
            "allow_nan": allow_nan,
            "allow_infinity": allow_infinity,
            "allow_subnormal": allow_subnormal,
        }
    return hnp.from_dtype(np_dtype, **{k: v for k, v in options.items() if v is not None})


def _create(values: np.ndarray, dtype: DType, backend: Backend) -> Array:
    """``values`` as a ``pa.Array`` of ``dtype`` on ``backend`` (``bfloat16`` rounded from float32 there)."""
    if dtype.name == "bfloat16":
        made = backend.functions["asarray"](values, dtype=DTYPES["float32"])
        made = backend.functions["astype"](made, dtype)
    else:
        made = backend.functions["asarray"](values, dtype=dtype)
    return made if type(made) is Array else Array(made, backend)


@st.composite
def arrays(
    draw: st.DrawFn,
    backend: BackendLike | ModuleType | None,
    dtype: DType | str | np.dtype | st.SearchStrategy[DType],
    shape: int | tuple[int, ...] | st.SearchStrategy[tuple[int, ...]] | None = None,
    *,
    elements: st.SearchStrategy[Any] | None = None,
    min_value: float | None = None,
    max_value: float | None = None,
    allow_nan: bool | None = None,
    allow_infinity: bool | None = None,
    allow_subnormal: bool | None = None,
    finite: bool = False,
    unique: bool = False,
) -> Array | np.ndarray:
    """Arrays of ``dtype`` and ``shape`` on ``backend`` (a ``pa.Array``), or NumPy arrays for ``backend=numpy``.

    ``backend`` is a backend name or ``pa.Backend``; the NumPy module itself
    (or None) gives plain ``numpy.ndarray`` values. ``dtype`` and ``shape``
    may be strategies; ``shape`` defaults to :func:`shapes`. Elements cover
    the dtype: NaN, ±inf, -0.0, huge values and subnormals for floats (unless
    ``finite``, ``allow_*`` or bounds restrict them), the full range for
    integers; ``elements`` replaces them. ``bfloat16`` values are drawn as
    float32 and rounded on the backend.

    >>> import numpy as np
    >>> from hypothesis import find
    >>> from polyarray.testing import arrays
    >>> x = find(arrays("numpy", pa.int8, (2, 3)), lambda x: True)
    >>> type(x).__name__, x.dtype, x.shape
    ('Array', pa.int8, (2, 3))
    >>> find(arrays(np, "float32", (3,)), lambda a: np.isnan(a).any()).dtype
    dtype('float32')
    """
    dtype = as_dtype(draw(dtype) if isinstance(dtype, st.SearchStrategy) else dtype)
    if shape is None:
        shape = shapes()
    shape = draw(shape) if isinstance(shape, st.SearchStrategy) else shape
    if finite:
        allow_nan = allow_infinity = False
    if elements is None:
        elements = _elements(
            dtype,
            min_value=min_value,
            max_value=max_value,
            allow_nan=allow_nan,
            allow_infinity=allow_infinity,
            allow_subnormal=allow_subnormal,
        )
    values = draw(hnp.arrays(_numpy_dtype(dtype), shape, elements=elements, unique=unique))
    if backend is None or backend is np:
        if dtype.name == "bfloat16":
            raise ValueError("NumPy has no bfloat16: draw bfloat16 arrays on a backend that holds it.")
        return values
    # Of modules only NumPy's is meant (above); resolve_backend refuses any other.
    return _create(values, dtype, _backend(backend))  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]


def scalars(
    dtype: DType | str, *, finite: bool = False, min_value: float | None = None, max_value: float | None = None
) -> st.SearchStrategy[bool | int | float | complex]:
    """Python scalars that may meet an array of ``dtype`` (``bool``, ``int``, ``float`` or ``complex``).

    Integers lie in the dtype's range (or the bounds); floats are any
    float64 (NaN and infinities included), or with ``finite`` only values
    that are finite in the dtype.

    >>> from hypothesis import find
    >>> from polyarray.testing import scalars
    >>> find(scalars(pa.int8), lambda v: v < 0)
    -1
    """
    dtype = as_dtype(dtype)
    if dtype.kind == "bool":
        return st.booleans()
    if dtype.kind in ("signed integer", "unsigned integer"):
        info = np.iinfo(dtype.name)
        low = int(info.min) if min_value is None else int(min_value)
        high = int(info.max) if max_value is None else int(max_value)
        return st.integers(low, high)
    if finite and min_value is None and max_value is None:
        # Finite in the dtype itself, not only as a Python float.
        name = {"complex64": "float32", "complex128": "float64", "bfloat16": "float32"}.get(dtype.name, dtype.name)
        largest = float(np.finfo(name).max)
        min_value, max_value = -largest, largest
    unbounded = min_value is None and max_value is None
    floats = st.floats(min_value, max_value, allow_nan=unbounded and not finite, allow_infinity=not finite)
    if dtype.kind == "complex floating":
        return st.builds(complex, floats, floats)
    return floats
