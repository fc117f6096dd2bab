"""Comparing results of two backends: same portable dtype, same shape, values within the dtype's tolerance.

:func:`assert_agrees` takes ``pa.Array`` objects, native arrays of any
backend, NumPy arrays, Python scalars, and tuples, lists and NamedTuples of
them. Arrays are read through NumPy (``bfloat16``, which NumPy lacks, through
``float32``).

The value rules:

- integers and booleans are exact;
- floating-point values agree within ``atol + rtol * max(|result|, |reference|)``,
  with :func:`tolerance` of the result's dtype: looser for ``float16`` and
  ``bfloat16`` than for ``float32``, and looser again for transcendental
  functions (``exp``, ``sin`` …, whose implementations are not correctly
  rounded); the sign of zero is not compared;
- NaN where NaN (a complex number counts as NaN when either part is NaN);
- infinities equal, sign included, except at the edge of overflow: an
  infinity agrees with a finite value of the same sign within the tolerance
  of the dtype's largest finite value (where rounding decides whether a
  result overflows); an infinite part of a complex number matches an infinite
  part of either sign, which the standard leaves unspecified in most special
  cases.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _choice
from .._array import Array
from .._dtypes import DTYPES, DType, as_dtype

__all__ = ["Tolerance", "tolerance", "assert_agrees", "as_numpy"]

#: How many differences an assertion message lists.
_SHOWN = 8


@dataclass(frozen=True)
class Tolerance:
    """A relative and an absolute tolerance: values agree when ``|a - b| <= atol + rtol * max(|a|, |b|)``."""

    rtol: float
    atol: float


#: (eps, smallest normal, largest finite) of each real floating dtype (bfloat16 has no NumPy finfo).
_LIMITS = {
    "float16": (float(np.finfo(np.float16).eps), float(np.finfo(np.float16).smallest_normal), 65504.0),
    "bfloat16": (2.0**-7, 2.0**-126, 3.3895313892515355e38),
    "float32": (
        float(np.finfo(np.float32).eps),
        float(np.finfo(np.float32).smallest_normal),
        float(np.finfo(np.float32).max),
    ),
    "float64": (
        float(np.finfo(np.float64).eps),
        float(np.finfo(np.float64).smallest_normal),
        float(np.finfo(np.float64).max),
    ),
}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}

#: Multiples of eps: (basic, transcendental) relative tolerance per real floating dtype.
#: Half-precision results are computed in float32 and rounded by every framework, so a few eps
#: suffice; wider dtypes allow the few-ulp differences of vectorised math libraries.
_EPS_MULTIPLES = {"float16": (4, 8), "bfloat16": (2, 4), "float32": (8, 32), "float64": (8, 64)}


def _real_name(dtype: DType | str) -> str | None:
    name = as_dtype(dtype).name
    name = _REAL_OF.get(name, name)
    return name if name in _LIMITS else None


def tolerance(dtype: DType | str, *, transcendental: bool = False) -> Tolerance:
    """The tolerance two backends' results of ``dtype`` are compared with (zero for integers and booleans).

    ``rtol`` is a few eps of the dtype (complex dtypes use their real part's),
    more for ``transcendental`` functions; ``atol`` is the smallest normal
    number, so that a framework may flush subnormal results to zero.

    >>> from polyarray.testing import tolerance
    >>> tolerance(pa.float32)
    Tolerance(rtol=9.5367431640625e-07, atol=1.1754943508222875e-38)
    >>> tolerance("float16", transcendental=True).rtol
    0.0078125
    >>> tolerance(pa.int8)
    Tolerance(rtol=0.0, atol=0.0)
    """
    name = _real_name(dtype)
    if name is None:
        return Tolerance(0.0, 0.0)
    eps, smallest_normal, _ = _LIMITS[name]
    basic, transcendental_multiple = _EPS_MULTIPLES[name]
    return Tolerance((transcendental_multiple if transcendental else basic) * eps, smallest_normal)


# -- reading values -------------------------------------------------------------------------


def _is_native_array(value: Any) -> bool:
    """Whether ``value`` is an array of a backend's framework (not a list or tuple of them)."""
    if isinstance(value, (np.ndarray, np.generic)):
        return True
    if isinstance(value, (list, tuple, dict, str, bytes, int, float, complex)) or value is None:
        return False
    owner = _choice.owner_of(value)
    return owner is not None and isinstance(value, owner.native_array_types)


def as_numpy(x: Any) -> tuple[DType, np.ndarray]:
    """The portable dtype and the values (a NumPy array) of a ``pa.Array`` or a native array of any backend.

    ``bfloat16`` values come back as ``float32`` (exactly: every bfloat16 is a float32).

    >>> from polyarray.testing import as_numpy
    >>> as_numpy(pa.asarray([1, 2], dtype=pa.int8))
    (pa.int8, array([1, 2], dtype=int8))
    """
    if type(x) is not Array:
        if isinstance(x, (np.ndarray, np.generic)):
            return as_dtype(x.dtype), np.asarray(x)
        x = Array(x)
    dtype = x.dtype
    if dtype.name == "bfloat16":
        backend = x.backend
        x = backend.functions["astype"](x, DTYPES["float32"])
        x = x if type(x) is Array else Array(x, backend)
    return dtype, np.asarray(x.backend.raw.to_numpy(x.data))


# -- comparing ------------------------------------------------------------------------------


def _float_mismatches(got: np.ndarray, want: np.ndarray, tol: Tolerance, largest: float) -> np.ndarray:
    """Where real values ``got`` and ``want`` (float64) disagree."""
    nan_got, nan_want = np.isnan(got), np.isnan(want)
    bad = nan_got != nan_want
    inf_got, inf_want = np.isinf(got), np.isinf(want)
    both_finite = ~(nan_got | nan_want | inf_got | inf_want)
    with np.errstate(invalid="ignore", over="ignore"):
        scale = np.maximum(np.abs(np.where(both_finite, got, 0.0)), np.abs(np.where(both_finite, want, 0.0)))
        close = (
            np.abs(np.where(both_finite, got, 0.0) - np.where(both_finite, want, 0.0)) <= tol.atol + tol.rtol * scale
        )
    bad |= both_finite & ~close
    # An infinity agrees with an infinity of the same sign, or (at the edge of overflow) with a
    # finite value of the same sign whose magnitude rounds to the largest finite one.
    edge = largest * (1.0 - tol.rtol) if tol.rtol else np.inf
    for inf_side, other in ((inf_want, got), (inf_got, want)):
        infinite = inf_side & ~(nan_got | nan_want)
        same_sign = np.sign(np.where(infinite, got, 0.0)) == np.sign(np.where(infinite, want, 0.0))
        other_ok = np.isinf(other) | (np.abs(np.where(infinite, other, 0.0)) >= edge)
        bad |= infinite & ~(same_sign & other_ok)
    return bad


def _complex_mismatches(got: np.ndarray, want: np.ndarray, tol: Tolerance, largest: float) -> list[np.ndarray]:
    """Where complex values ``got`` and ``want`` (complex128) disagree: one mask per way to disagree.

    The masks say where NaN-ness differs, where the real parts and where the
    imaginary parts differ; a position disagrees where any mask is set.
    """
    nan_got = np.isnan(np.real(got)) | np.isnan(np.imag(got))
    nan_want = np.isnan(np.real(want)) | np.isnan(np.imag(want))
    masks = [nan_got != nan_want]
    neither = ~(nan_got | nan_want)
    with np.errstate(invalid="ignore", over="ignore"):
        modulus = np.maximum(np.abs(np.where(neither, got, 0)), np.abs(np.where(neither, want, 0)))
    for part in ("real", "imag"):
        g, w = getattr(got, part), getattr(want, part)
        # Beside an infinite part, a finite part is compared on its own scale.
        with np.errstate(invalid="ignore"):
            own = np.maximum(np.abs(np.where(np.isfinite(g), g, 0.0)), np.abs(np.where(np.isfinite(w), w, 0.0)))
        scale = np.where(np.isfinite(modulus), modulus, own)
        # Where the reference has a NaN part, an infinite other part must be infinite in the
        # result too (the standard leaves its sign unspecified in these special cases).
        bad = nan_want & nan_got & np.isinf(w) & ~np.isinf(g)
        # Finite parts are compared on the scale of the whole number, not of the part alone;
        # infinite parts as real values are.
        finite = neither & np.isfinite(g) & np.isfinite(w)
        with np.errstate(invalid="ignore", over="ignore"):
            close = np.abs(np.where(finite, g - w, 0.0)) <= tol.atol + tol.rtol * scale
        # An infinite part matches an infinite part of either sign: the standard leaves the sign of
        # complex infinities unspecified in most of its special cases ((1 + 1j) / -0.0 …).
        infinite_bad = _float_mismatches(
            np.abs(np.where(neither, g, 0.0)), np.abs(np.where(neither, w, 0.0)), tol, largest
        )
        masks.append(bad | np.where(finite, ~close, neither & infinite_bad))
    return masks


def _describe(values: np.ndarray, mask: np.ndarray) -> str:
    return ", ".join(repr(v) for v in values[mask][:_SHOWN].tolist())


def _mismatches(got: np.ndarray, want: np.ndarray, dtype: DType, tol: Tolerance) -> list[np.ndarray]:
    """Masks of where ``got`` and ``want`` disagree (several for complex dtypes: see ``_complex_mismatches``)."""
    if dtype.kind in ("bool", "signed integer", "unsigned integer") or (tol.rtol == 0 and tol.atol == 0):
        if dtype.kind in ("real floating", "complex floating"):
            return [np.asarray(~((got == want) | (np.isnan(got) & np.isnan(want))))]
        return [np.asarray(got != want)]
    largest = _LIMITS[_real_name(dtype) or "float64"][2]
    if dtype.kind == "complex floating":
        return _complex_mismatches(got.astype(np.complex128), want.astype(np.complex128), tol, largest)
    return [_float_mismatches(got.astype(np.float64), want.astype(np.float64), tol, largest)]


def _compare_arrays(
    got: np.ndarray,
    want: np.ndarray,
    dtype: DType,
    tol: Tolerance,
    where: str,
    alternative: np.ndarray | None = None,
) -> None:
    masks = _mismatches(got, want, dtype, tol)
    if alternative is not None:
        # A value (each part of a complex value) may agree with either reference.
        masks = [a & b for a, b in zip(masks, _mismatches(got, alternative, dtype, tol))]
    bad = np.asarray(functools.reduce(np.logical_or, masks))
    if bad.any():
        positions = [tuple(int(i) for i in p) for p in np.argwhere(bad)[:_SHOWN]] if bad.ndim else [()]
        raise AssertionError(
            f"{where}values differ at {int(bad.sum())} of {bad.size} positions (rtol={tol.rtol:.3g}, "
            f"atol={tol.atol:.3g}): at {positions} got [{_describe(got, bad)}], expected [{_describe(want, bad)}]"
        )


def _leaf(value: Any) -> tuple[DType, np.ndarray] | None:
    if type(value) is Array or _is_native_array(value):
        return as_numpy(value)
    return None


@dataclass
class _Leaf:
    """One array of a result: its dtype, and both sides' values."""

    where: str
    dtype: DType
    #: eps of ``dtype`` over eps of the reference's dtype, which given tolerances are scaled by.
    scale: float = 1.0


def _pair(
    result: Any,
    reference: Any,
    dtype_map: Mapping[str, str],
    where: str,
    leaves: list[_Leaf],
    array_dtype_map: Mapping[str, str] | None = None,
) -> tuple[Any, Any]:
    """Check structure, dtypes and shapes; return both sides with arrays replaced by their NumPy values.

    Scalars and other values are compared here; ``leaves`` collects the arrays in order.
    """
    if isinstance(reference, (tuple, list)) and _leaf(reference) is None:
        if type(result) is not type(reference):
            raise AssertionError(f"{where}got a {type(result).__name__}, expected a {type(reference).__name__}")
        if len(result) != len(reference):
            raise AssertionError(f"{where}got {len(result)} items, expected {len(reference)}")
        names = getattr(reference, "_fields", None)
        pairs = [
            _pair(got, want, dtype_map, f"{where}[{names[index] if names else index}] ", leaves, array_dtype_map)
            for index, (got, want) in enumerate(zip(result, reference))
        ]
        return [g for g, _ in pairs], [w for _, w in pairs]
    want_leaf = _leaf(reference)
    if type(reference) is DType:
        reference = DTYPES[dtype_map.get(reference.name, reference.name)]
    if want_leaf is None:
        if result != reference and not (_is_nan_scalar(result) and _is_nan_scalar(reference)):
            raise AssertionError(f"{where}got {result!r}, expected {reference!r}")
        if type(result) is not type(reference) and not _same_scalar_kind(result, reference):
            raise AssertionError(f"{where}got a {type(result).__name__}, expected a {type(reference).__name__}")
        return result, reference
    got_leaf = _leaf(result)
    if got_leaf is None:
        raise AssertionError(f"{where}got {type(result).__name__} {result!r}, expected an array")
    (got_dtype, got), (want_dtype, want) = got_leaf, want_leaf
    name = dtype_map.get(want_dtype.name, want_dtype.name)
    expected_dtype = DTYPES[(array_dtype_map or {}).get(name, name)]
    if got_dtype != expected_dtype:
        raise AssertionError(f"{where}dtype differs: got {got_dtype.name}, expected {expected_dtype.name}")
    if expected_dtype is not want_dtype and expected_dtype.kind in ("signed integer", "unsigned integer"):
        # Integers of a mapped (narrower) dtype wrap around as arithmetic in that dtype does.
        want = want.astype(expected_dtype.name)
    if got.shape != want.shape:
        raise AssertionError(f"{where}shape differs: got {got.shape}, expected {want.shape}")
    leaves.append(_Leaf(where, expected_dtype, _eps_ratio(expected_dtype, want_dtype)))
    return got, want


def _eps_ratio(expected: DType, reference: DType) -> float:
    """How much coarser ``expected`` is than the reference's float64 or complex128 (1 unless that was mapped).

    (The float32 that stands for bfloat16 is not scaled: tolerances given there are bfloat16's already.)
    """
    narrow, wide = _real_name(expected), _real_name(reference)
    if narrow is None or wide != "float64" or expected is reference:
        return 1.0
    return max(_LIMITS[narrow][0] / _LIMITS[wide][0], 1.0)


def _arrays_of(tree: Any) -> list[np.ndarray]:
    """The NumPy arrays of a paired tree, in order."""
    if isinstance(tree, np.ndarray):
        return [tree]
    if isinstance(tree, (list, tuple)):
        return [a for item in tree for a in _arrays_of(item)]
    return []


def _agree(
    result: Any,
    reference: Any,
    *,
    rtol: float | None,
    atol: float | None,
    transcendental: bool,
    dtype_map: Mapping[str, str],
    transform: Callable[[Any], Any] | None,
    alternative: Any = None,
    array_dtype_map: Mapping[str, str] | None = None,
) -> None:
    leaves: list[_Leaf] = []
    got, want = _pair(result, reference, dtype_map, "", leaves, array_dtype_map)
    if transform is not None:
        got, want = transform(got), transform(want)
    got_arrays, want_arrays = _arrays_of(got), _arrays_of(want)
    other_arrays: Sequence[np.ndarray | None] = [None] * len(leaves)
    if alternative is not None:
        other_leaves: list[_Leaf] = []
        _, other = _pair(result, alternative, dtype_map, "", other_leaves, array_dtype_map)
        other_arrays = _arrays_of(transform(other) if transform is not None else other)
    if len(got_arrays) != len(leaves) or len(want_arrays) != len(leaves) or len(other_arrays) != len(leaves):
        raise AssertionError("the comparison's transform must keep every array of the result")
    for leaf, got_values, want_values, other_values in zip(leaves, got_arrays, want_arrays, other_arrays):
        if got_values.shape != want_values.shape:
            raise AssertionError(
                f"{leaf.where}shape differs after the comparison's transform: {got_values.shape}, {want_values.shape}"
            )
        tol = tolerance(leaf.dtype, transcendental=transcendental)
        if rtol is not None or atol is not None:
            # Tolerances given for the reference's dtype widen with a coarser mapped dtype.
            tol = Tolerance(
                tol.rtol if rtol is None else rtol * leaf.scale, tol.atol if atol is None else atol * leaf.scale
            )
        _compare_arrays(got_values, want_values, leaf.dtype, tol, leaf.where, other_values)


def _is_nan_scalar(value: Any) -> bool:
    return isinstance(value, (float, complex)) and value != value


def _same_scalar_kind(a: Any, b: Any) -> bool:
    """Python scalars of the same kind (``bool`` is not an ``int`` here), or equal non-scalars."""
    scalars = (bool, int, float, complex)
    if isinstance(a, scalars) and isinstance(b, scalars):
        return type(a) is type(b)
    return True


def assert_agrees(
    result: Any,
    reference: Any,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    transcendental: bool = False,
    dtype_map: Mapping[str, str] | None = None,
    transform: Callable[[Any], Any] | None = None,
    alternative: Any = None,
    array_dtype_map: Mapping[str, str] | None = None,
) -> None:
    """Assert that ``result`` agrees with ``reference``: same structure, portable dtype, shape and values.

    Both may be ``pa.Array`` objects or native arrays of any backend, Python
    scalars and other values (compared with ``==``), or tuples, lists and
    NamedTuples of them (compared item by item; a NamedTuple must meet the
    same NamedTuple class). Array values agree within :func:`tolerance` of
    the reference's dtype (``transcendental`` selects the looser one);
    ``rtol``/``atol`` replace it. ``dtype_map`` maps a reference dtype name to
    the dtype the result must have (``{"float32": "bfloat16"}`` when the
    reference was computed in float32 for bfloat16 input); ``rtol`` and
    ``atol`` then widen by the ratio of the two dtypes' eps, and integers of
    a narrower mapped dtype are compared as they wrap around in it.
    ``array_dtype_map`` maps further, for arrays only (not for dtype values):
    the reference's default dtypes to a backend's narrower ones. ``transform``
    maps each side, after the structure, dtype and shape checks, before the
    values are compared: it receives the result with its arrays replaced by
    NumPy arrays (tuples and NamedTuples become lists) and returns the same
    structure, so that results whose order is unspecified can be put in a
    canonical order first. ``alternative``, a second reference of the same
    structure, dtypes and shapes, lets each value (each real and imaginary
    part of a complex value) agree with either reference.

    >>> from polyarray.testing import assert_agrees
    >>> assert_agrees(pa.asarray([1.0, float("nan")]), pa.asarray([1.0 + 1e-17, float("nan")]))
    >>> assert_agrees(pa.asarray([1, 2], dtype=pa.int32), pa.asarray([1, 2], dtype=pa.int64))
    Traceback (most recent call last):
    ...
    AssertionError: dtype differs: got int32, expected int64
    """
    _agree(
        result,
        reference,
        rtol=rtol,
        atol=atol,
        transcendental=transcendental,
        dtype_map=dtype_map or {},
        array_dtype_map=array_dtype_map,
        transform=transform,
        alternative=alternative,
    )
