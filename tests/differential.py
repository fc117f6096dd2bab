"""The cross-backend differential fuzzer: one drawn call, made on every installed backend, judged against NumPy's.

polyarray promises that the same call gives the same value, dtype and shape, or
the same builtin error class, on every backend. For each declared function,
:func:`call_strategy` draws a call from the declaration's signature (arrays of
every dtype, 0-d and empty ones, NaN, ±inf, ±0 and huge values, Python scalars)
and, in a share of the examples, breaks one argument (``None``, a string, a
dict, an array of another backend, a float or out-of-range axis, a bad dtype).
Arguments are drawn once as backend-neutral descriptions (:class:`Arr`) and
built on each backend, so every backend receives the same values.

:func:`compare` applies the outcome rules of ``polyarray.testing``'s harness
to a pair of outcomes and adds one: where both raise, the builtin classes of
the two errors (``ValueError``, ``TypeError``, ``IndexError`` …) must be the
same. A backend that refuses a dtype with ``pa.UnsupportedDtypeError`` where
NumPy computes, or where NumPy refuses the call with a ``ValueError`` or
``IndexError`` (a check the backend cannot reach without the dtype), is
counted as "unsupported", not as a disagreement.
:data:`DEPARTURES` lists the deliberate differences documented in
docs/departures.md; everything else that differs is a disagreement, recorded
in :data:`FINDINGS` with the shortest call that showed it.
"""

from __future__ import annotations

import builtins
import math
import os
import re
import warnings
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray._declare import DECLARATIONS
from polyarray.testing import as_numpy, assert_agrees, persisted
from polyarray.testing.strategies import scalars

BACKENDS = ("numpy", "torch", "jax", "tensorflow", *(("dask",) if "dask" in pa.available_backends() else ()))
REFERENCE = "numpy"
DTYPE_NAMES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip
FLOAT_NAMES = ("float16", "bfloat16", "float32", "float64")
COMPLEX_NAMES = ("complex64", "complex128")
INT_NAMES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
#: Examples per function: small in CI (the ``all_backends`` session), larger through the environment.
EXAMPLES = int(os.environ.get("POLYARRAY_FUZZ_EXAMPLES", "6"))
DEPARTURES_DOC = Path(__file__).resolve().parents[1] / "docs" / "departures.md"

#: Functions whose results are not correctly rounded anywhere: compared with the looser tolerance.
TRANSCENDENTAL = {
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cos", "cosh", "exp", "expm1", "log", "log1p",
    "log2", "log10", "logaddexp", "pow", "sin", "sinh", "tan", "tanh", "hypot", "sqrt", "gelu", "sigmoid",
    "softplus", "softmax", "log_softmax", "logsumexp", "cross_entropy", "binary_cross_entropy", "lstm_update",
    "layer_norm", "std", "var", "mean", "divide", "reciprocal", "linspace", "stable_divide",
}  # fmt: skip
#: Functions whose values come from summing many terms, or from an iterative algorithm: compared on the
#: scale of the whole result (see :func:`_scaled_tolerance`).
ACCUMULATING = {
    "sum", "prod", "mean", "std", "var", "cumulative_sum", "cumulative_prod", "matmul", "tensordot", "vecdot", "einsum",
    "linear", "logsumexp", "softmax", "log_softmax", "layer_norm", "cross_entropy", "binary_cross_entropy",
    "lstm_update", "linalg.cholesky", "linalg.det", "linalg.eigh", "linalg.eigvalsh", "linalg.inv",
    "linalg.matrix_norm", "linalg.matrix_power", "linalg.pinv", "linalg.qr", "linalg.slogdet", "linalg.solve",
    "linalg.svd", "linalg.svdvals", "linalg.trace", "linalg.vector_norm", "linalg.cross", "linalg.outer",
    "fft.fft", "fft.ifft", "fft.fftn", "fft.ifftn", "fft.rfft", "fft.irfft", "fft.rfftn", "fft.irfftn", "fft.hfft",
    "fft.ihfft",
}  # fmt: skip
#: Results whose values the standard leaves open: only structure, dtype and shape are compared.
VALUES_UNSPECIFIED = {"empty", "empty_like"}
#: Decompositions whose vectors are unique only up to sign: the vectors' values are not compared.
SIGN_FREE = {"linalg.eigh": (1,), "linalg.svd": (0, 2), "linalg.qr": (0, 1)}
#: Standalone functions that take arrays (called as ``pa.<name>`` with each backend's arrays).
STANDALONE_WITH_ARRAYS = ("shape", "dtype", "dev", "to_device", "can_cast", "finfo", "iinfo", "result_type")
#: Declared functions the fuzzer leaves out (none: every declared array function is called).
NOT_FUZZED: set[str] = set()


# -- the arguments of a call -------------------------------------------------------------------


def _bfloat16_round(values: np.ndarray) -> np.ndarray:
    """``values`` rounded to bfloat16 (to nearest, ties to even), as float32: ml_dtypes' cast where it is installed
    (JAX and TensorFlow install it), the same rounding of the bits where it is not (a NumPy-only install)."""
    try:
        import ml_dtypes
    except ImportError:
        values = np.asarray(values, np.float32)
        bits = values.view(np.uint32).astype(np.uint64)
        kept = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32).view(np.float32)
        return np.where(np.isnan(values), values, kept)
    return values.astype(ml_dtypes.bfloat16).astype(np.float32)


@dataclass(frozen=True, eq=False)
class Arr:
    """An array argument, described independently of any backend (bfloat16 values are float32 ones)."""

    values: np.ndarray
    dtype: str
    foreign: bool = False

    def __repr__(self) -> str:
        values = self.values
        listed = repr(values.tolist()).replace("nan", "nan").replace("inf", "inf")
        made = f"pa.asarray({listed}, dtype=pa.{self.dtype})"
        if (values.ndim != 1 and values.size != 1) or (values.size == 0 and values.ndim != 1):
            made = f"pa.reshape(pa.asarray({values.ravel().tolist()!r}, dtype=pa.{self.dtype}), {values.shape})"
        return f"<{made} of another backend>" if self.foreign else made


@dataclass(frozen=True)
class Call:
    """A drawn call: the function's qualified name, positional and keyword arguments."""

    function: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def __repr__(self) -> str:
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"pa.{self.function}({', '.join(parts)})"


def _other_backend(name: str) -> str:
    return "torch" if name == "numpy" else "numpy"


#: What :func:`_build` makes of an array it built of the backend under test: ``materialise(array, arr)`` receives
#: the array (a ``pa.Array`` in array mode, else native) and its :class:`Arr`, and returns the argument passed.
Materialise = Callable[[Any, Arr], Any]


def _build(
    value: Any, backend: str, *, flush: bool = False, bfloat16: bool = False, materialise: Materialise | None = None
) -> Any:
    """``value`` with every :class:`Arr` made into a ``pa.Array`` of ``backend`` (another one when foreign).

    On the reference, which computes bfloat16 calls in float32, ``bfloat16`` rounds Python floats to
    bfloat16 as the other backends do when a float meets a bfloat16 array. ``materialise``, where given, turns
    each array of ``backend`` (not the foreign ones) into the argument passed: another native type of the
    backend, for tests/test_secondary_types.py.
    """
    if isinstance(value, Arr):
        owner = _other_backend(backend) if value.foreign else backend
        values = value.values
        if flush and values.dtype.kind in "fc":
            values = _flushed(values)
        if owner == REFERENCE:
            values = _aligned(values)
        functions = pa.get_backend(owner).functions
        if value.dtype == "bfloat16" and owner == REFERENCE:
            built = functions["asarray"](values, dtype=pa.float32)
        elif value.dtype == "bfloat16":
            built = functions["astype"](functions["asarray"](values, dtype=pa.float32), pa.bfloat16)
        else:
            built = functions["asarray"](values, dtype=getattr(pa, value.dtype))
        return built if materialise is None or value.foreign else materialise(built, value)
    if isinstance(value, list):
        return [_build(v, backend, flush=flush, bfloat16=bfloat16, materialise=materialise) for v in value]
    if isinstance(value, tuple):
        return tuple(_build(v, backend, flush=flush, bfloat16=bfloat16, materialise=materialise) for v in value)
    if backend == REFERENCE and value is pa.bfloat16:
        return pa.float32
    if bfloat16 and backend == REFERENCE and type(value) is float:
        value = float(_bfloat16_round(np.asarray(value, np.float32)))
    if flush and isinstance(value, float) and _subnormal(value):
        return math.copysign(0.0, value)
    return value


def _aligned(values: np.ndarray) -> np.ndarray:
    """A copy of ``values`` whose data starts on a 64-byte boundary.

    TensorFlow aborts the process when it reads a NumPy array that is not aligned
    so (test_tensorflow_reads_unaligned_numpy_arrays checks that apart), so the
    NumPy arrays the fuzzer hands to another backend are aligned.
    """
    buffer = np.empty(values.nbytes + 64, np.uint8)
    start = -buffer.ctypes.data % 64
    out = buffer[start : start + values.nbytes].view(values.dtype).reshape(values.shape)
    out[...] = values
    return out


def _subnormal(value: float) -> bool:
    return value != 0.0 and abs(value) < 2.2250738585072014e-308


def _flushed(values: np.ndarray) -> np.ndarray:
    """``values`` with subnormal numbers (of their own dtype) replaced by zeros of their sign."""
    out = np.array(values, copy=True)
    real = out.real.dtype if out.dtype.kind == "c" else out.dtype
    tiny = np.finfo(real).smallest_normal
    if out.dtype.kind == "c":
        for part in (out.real, out.imag):
            part[(part != 0) & (np.abs(part) < tiny)] *= 0
    else:
        out[(out != 0) & (np.abs(out) < tiny)] *= 0
    return out


def _has_subnormal(value: Any) -> bool:
    if isinstance(value, Arr):
        if value.values.dtype.kind not in "fc":
            return False
        return not np.array_equal(_flushed(value.values), value.values, equal_nan=True) or bool(
            np.any(np.signbit(_flushed(value.values).real) != np.signbit(value.values.real))
        )
    if isinstance(value, (list, tuple)):
        return any(_has_subnormal(v) for v in value)
    if isinstance(value, dict):
        return any(_has_subnormal(v) for v in value.values())
    return isinstance(value, float) and _subnormal(value)


def _uses_bfloat16(value: Any) -> bool:
    if isinstance(value, Arr):
        return value.dtype == "bfloat16"
    if isinstance(value, (list, tuple)):
        return any(_uses_bfloat16(v) for v in value)
    if isinstance(value, dict):
        return any(_uses_bfloat16(v) for v in value.values())
    return value is pa.bfloat16


def _float_dtypes(value: Any) -> set[str]:
    """The floating-point dtypes of the arrays in ``value``."""
    if isinstance(value, Arr):
        return {value.dtype} if value.dtype in FLOAT_NAMES + COMPLEX_NAMES else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_float_dtypes(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return _float_dtypes(list(value.values()))
    return set()


def _computes_in_bfloat16(call: Call) -> bool:
    """Whether the reference's float32 results stand for bfloat16 ones: a bfloat16 dtype was asked for, or
    bfloat16 is the only floating-point dtype among the inputs (bfloat16 with float32 gives float32
    everywhere) and no other dtype was asked for."""
    inputs = (call.args, call.kwargs)
    if any(value is pa.bfloat16 for value in (*call.args, *call.kwargs.values())):
        return True
    return _uses_bfloat16(inputs) and not _asks_float32(call) and _float_dtypes(inputs) <= {"bfloat16"}


def _asks_float32(call: Call) -> bool:
    """Whether a dtype argument other than bfloat16 decides the result's dtype (``pa.float32``, ``np.float32`` …)."""
    for value in (*call.args, *call.kwargs.values()):
        is_dtype = isinstance(value, (pa.DType, np.dtype)) or (
            isinstance(value, type) and issubclass(value, np.generic)
        )
        if is_dtype and value is not pa.bfloat16:
            return True
    return False


# -- calling -----------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one backend did with a call: its result, or the error it raised."""

    result: Any = None
    error: BaseException | None = None


def _callable(function: str, backend: str) -> Callable[..., Any]:
    if function in STANDALONE_WITH_ARRAYS:
        return getattr(pa, function)
    return pa.get_backend(backend).functions[function]


#: ``POLYARRAY_FUZZ_TRACE=FILE`` writes each call to FILE before it is made, so that a call which crashes the
#: process (a framework's failed internal check aborts it) is named by the file's last line.
_TRACE_FILE = os.environ.get("POLYARRAY_FUZZ_TRACE")
_TRACE = open(_TRACE_FILE, "w", buffering=1) if _TRACE_FILE else None


def run(call: Call, backend: str, *, flush: bool = False, materialise: Materialise | None = None) -> Outcome:
    """Make ``call`` on ``backend`` (its arrays built there first, each handed to ``materialise`` where given); an
    error while building counts as the call's."""
    if _TRACE is not None:
        _TRACE.write(f"{backend}: {call!r}\n")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            bfloat16 = _computes_in_bfloat16(call)
            options: dict[str, Any] = {"flush": flush, "bfloat16": bfloat16, "materialise": materialise}
            args = _build(call.args, backend, **options)
            kwargs = {k: _build(v, backend, **options) for k, v in call.kwargs.items()}
            # A lazy backend (Dask) raises value-dependent errors when its result is computed: persisted now.
            return Outcome(result=persisted(_callable(call.function, backend)(*args, **kwargs)))
        except Exception as error:  # every outcome is data here
            return Outcome(error=error)


def builtin_classes(error: BaseException) -> frozenset[str]:
    """The builtin exception classes ``error`` is an instance of (``Exception`` and ``BaseException`` aside)."""
    return frozenset(
        c.__name__
        for c in type(error).__mro__
        if c.__module__ == "builtins" and c not in (BaseException, Exception, object) and hasattr(builtins, c.__name__)
    )


def _describe_error(error: BaseException) -> str:
    names = "/".join(sorted(builtin_classes(error))) or "no builtin class"
    first = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}[{names}]: {first[:160]}"


def describe(outcome: Outcome) -> str:
    """A short account of an outcome for the report."""
    if outcome.error is not None:
        return "raised " + _describe_error(outcome.error)
    return "returned " + _describe_result(outcome.result)


def _describe_result(result: Any) -> str:
    if isinstance(result, pa.Array):
        try:
            dtype, values = as_numpy(result)
            text = np.array2string(values, threshold=8, precision=6, separator=", ").replace("\n", "")
            return f"{dtype.name}{tuple(values.shape)} {text}"
        except Exception:
            return repr(result)[:160]
    if isinstance(result, (list, tuple)):
        return f"{type(result).__name__}(" + ", ".join(_describe_result(r) for r in result) + ")"
    return repr(result)[:160]


#: The ways two outcomes can disagree (the kinds of finding).
KINDS = ("error class", "raised only here", "returned only here", "dtype", "shape", "value", "structure", "subnormal")


@dataclass
class Verdict:
    """The result of comparing a backend's outcome with the reference's."""

    kind: str | None  # None: agreed
    detail: str = ""
    unsupported: bool = False


def _scaled_tolerance(reference: Any, bfloat16: bool) -> tuple[float | None, float | None]:
    """Tolerances on the scale of the whole (finite part of the) reference result: sqrt(eps) of its dtype
    (of bfloat16 where the reference's float32 stands for it)."""
    arrays = []

    def collect(value: Any) -> None:
        if isinstance(value, pa.Array):
            arrays.append(as_numpy(value))
        elif isinstance(value, (list, tuple)):
            for v in value:
                collect(v)

    collect(reference)
    scales, rtols = [0.0], [None]
    for dtype, values in arrays:
        if dtype.kind in ("real floating", "complex floating"):
            finite = np.abs(values[np.isfinite(values)]) if values.size else np.zeros(0)
            scales.append(float(finite.max()) if finite.size else 0.0)
            name = {"complex64": "float32", "complex128": "float64"}.get(dtype.name, dtype.name)
            eps = 2.0**-7 if name == "bfloat16" or (bfloat16 and name == "float32") else float(np.finfo(name).eps)
            rtols.append(eps**0.5)
    rtol = max((r for r in rtols if r is not None), default=None)
    if rtol is None:
        return None, None
    return rtol, rtol * max(scales)


def compare(call: Call, backend: str, reference: Outcome, got: Outcome, *, same_backend: bool = False) -> Verdict:
    """Judge ``got`` (on ``backend``) against the reference's outcome of the same call.

    ``same_backend``: ``reference`` is ``backend``'s own outcome (tests/test_secondary_types.py), not NumPy's: the
    errors must be of the same class (no dtype is "unsupported" on one side only), and bfloat16 results are
    bfloat16 ones already.
    """
    ref_error, error = reference.error, got.error
    if ref_error is not None and error is not None:
        if isinstance(error, pa.UnsupportedDtypeError) and not isinstance(ref_error, TypeError) and not same_backend:
            # A backend without the dtype refuses the call before it reaches the check NumPy's refusal comes from.
            return Verdict(None, unsupported=True)
        if not isinstance(error, pa.PolyarrayError):
            return Verdict("error class", f"raised {type(error).__name__}, not a pa.PolyarrayError")
        if builtin_classes(ref_error) != builtin_classes(error):
            return Verdict("error class", "builtin classes differ")
        if same_backend and type(ref_error) is not type(error):
            return Verdict("error class", f"raised {type(error).__name__}, not {type(ref_error).__name__}")
        return Verdict(None)
    if ref_error is not None:
        return Verdict("returned only here", "the reference raised")
    if error is not None:
        if isinstance(error, pa.UnsupportedDtypeError) and not same_backend:
            return Verdict(None, unsupported=True)
        return Verdict("raised only here", "the reference returned")
    name = call.function
    bfloat16 = _computes_in_bfloat16(call) and not same_backend
    options: dict[str, Any] = {
        "transcendental": name in TRANSCENDENTAL,
        "dtype_map": {"float32": "bfloat16"} if bfloat16 else None,
    }
    if name in ACCUMULATING:
        options["rtol"], options["atol"] = _scaled_tolerance(reference.result, bfloat16)
    if name in VALUES_UNSPECIFIED or name in SIGN_FREE:
        kept = SIGN_FREE.get(name)
        options["transform"] = lambda tree: _blank(tree, kept)
    foreign = _foreign_arrays(got.result, backend)
    if foreign:
        return Verdict("structure", f"returned an array of the {foreign} backend")
    try:
        assert_agrees(got.result, reference.result, **options)
    except AssertionError as first:
        text = str(first)
        kind = "dtype" if "dtype differs" in text else "shape" if "shape differs" in text else "value"
        if kind == "value" and "values differ" not in text:
            kind = "structure"
        flushes = not same_backend and pa.get_backend(backend).info.flushes_subnormals
        if kind == "value" and flushes and _has_subnormal_call(call):
            flushed = run(call, REFERENCE, flush=True)
            if flushed.error is None:
                try:
                    assert_agrees(got.result, reference.result, alternative=flushed.result, **options)
                    return Verdict("subnormal", "agrees only with subnormal inputs read as zero")
                except AssertionError:
                    pass
        return Verdict(kind, text[:400])
    return Verdict(None)


def _has_subnormal_call(call: Call) -> bool:
    return _has_subnormal(call.args) or _has_subnormal(list(call.kwargs.values()))


def _foreign_arrays(result: Any, backend: str) -> str | None:
    if isinstance(result, pa.Array):
        return None if result.backend.name == backend else result.backend.name
    if isinstance(result, (list, tuple)):
        for item in result:
            found = _foreign_arrays(item, backend)
            if found:
                return found
    return None


def _blank(tree: Any, kept: tuple[int, ...] | None) -> Any:
    """A comparison transform: the arrays at the positions not in ``kept`` (all, for None) become zeros."""
    if isinstance(tree, np.ndarray):
        return np.zeros_like(tree) if kept is None or kept == () else tree
    if isinstance(tree, list):
        if kept is None:
            return [_blank(t, None) for t in tree]
        return [np.zeros_like(t) if i in kept else t for i, t in enumerate(tree)]
    return tree


# -- findings ----------------------------------------------------------------------------------


@dataclass
class Finding:
    """One disagreement: the shortest call that showed it and the two outcomes."""

    function: str
    backend: str
    kind: str
    call: str
    reference: str
    got: str
    detail: str
    count: int = 1


@dataclass
class Findings:
    """Every disagreement of this run by (function, backend, kind), with counts of agreed and unsupported calls."""

    found: dict[tuple[str, str, str], Finding] = field(default_factory=dict)
    departures: dict[tuple[str, str, str], int] = field(default_factory=lambda: defaultdict(int))
    agreed: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    unsupported: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    #: How many drawn calls of each function the reference computed (rather than raised on).
    valid: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def record(self, call: Call, backend: str, verdict: Verdict, reference: Outcome, got: Outcome) -> None:
        if verdict.unsupported:
            self.unsupported[call.function, backend] += 1
            return
        if verdict.kind is None:
            self.agreed[call.function] += 1
            return
        if departure(call, backend, verdict.kind):
            self.departures[call.function, backend, verdict.kind] += 1
            return
        key = (call.function, backend, verdict.kind)
        text = repr(call)
        known = self.found.get(key)
        if known is None or len(text) < len(known.call):
            finding = Finding(
                call.function, backend, verdict.kind, text, describe(reference), describe(got), verdict.detail
            )
            finding.count = known.count + 1 if known else 1
            self.found[key] = finding
        else:
            known.count += 1

    def of(self, function: str) -> list[Finding]:
        return [f for (name, _, _), f in sorted(self.found.items()) if name == function]

    def report(self) -> list[str]:
        lines = []
        functions = sorted({name for name, _, _ in self.found})
        for function in functions:
            lines.append(f"{function}:")
            for finding in self.of(function):
                lines.append(f"  [{finding.backend}] {finding.kind} ({finding.count}x): {finding.call}")
                lines.append(f"      numpy: {finding.reference}")
                lines.append(f"      {finding.backend}: {finding.got}")
                if finding.kind in ("value", "structure", "dtype", "shape"):
                    lines.append(f"      {finding.detail[:300]}")
        if self.unsupported:
            lines.append("unsupported (pa.UnsupportedDtypeError where NumPy computes): " + ", ".join(
                f"{f}[{b}] x{n}" for (f, b), n in sorted(self.unsupported.items())
            ))  # fmt: skip
        if self.departures:
            lines.append("documented departures seen: " + ", ".join(
                f"{f}[{b}] {k} x{n}" for (f, b, k), n in sorted(self.departures.items())
            ))  # fmt: skip
        return lines


FINDINGS = Findings()


# -- deliberate departures ------------------------------------------------------------------


@dataclass(frozen=True)
class Departure:
    """A documented difference a backend keeps (docs/departures.md has a row naming function and backend).

    It excuses findings of ``kind`` (see :data:`KINDS`) of ``function`` (``"*"``: every function) on
    ``backends``, for the calls ``applies`` accepts (every call when None).
    """

    function: str
    backends: tuple[str, ...]
    kind: str
    why: str
    applies: Callable[[Call], bool] | None = None


def _complex_with_infinities(call: Call) -> bool:
    x = call.args[0] if call.args else None
    return isinstance(x, Arr) and x.dtype in COMPLEX_NAMES and bool(np.isinf(x.values).any())


def _matrix_with_nan(call: Call) -> bool:
    x = call.args[0] if call.args else None
    return isinstance(x, Arr) and x.dtype.startswith(("float", "bfloat", "complex")) and bool(np.isnan(x.values).any())


def _squares_overflow(call: Call) -> bool:
    """Whether the squared deviations of the finite values of a floating-point ``x`` may overflow its dtype."""
    x = call.args[0] if call.args else None
    if not isinstance(x, Arr) or not x.dtype.startswith(("float", "bfloat", "complex")):
        return False
    values = np.abs(np.asarray(x.values, dtype=np.complex128 if x.dtype in COMPLEX_NAMES else np.float64))
    finite = values[np.isfinite(values)]
    largest = _LARGEST[x.dtype]
    return finite.size > 0 and float(finite.max()) >= math.sqrt(largest / (4 * values.size))


#: The largest finite value of each floating-point dtype (of the parts, for complex dtypes).
_LARGEST = {
    "float16": 65504.0, "bfloat16": 3.3895313892515355e38, "float32": float(np.finfo(np.float32).max),
    "float64": float(np.finfo(np.float64).max), "complex64": float(np.finfo(np.float32).max),
    "complex128": float(np.finfo(np.float64).max),
}  # fmt: skip


_FRAMEWORKS = ("torch", "jax", "tensorflow")

#: Every deliberate departure the fuzzer accepts; add a row here and one in docs/departures.md together.
DEPARTURES: tuple[Departure, ...] = (
    Departure("*", ("jax", "tensorflow"), "subnormal", "reads subnormal floating-point inputs as zero"),
    Departure("cumulative_prod", _FRAMEWORKS, "value", "scans complex products holding infinities with the "
              "framework's own complex multiplication", _complex_with_infinities),
    Departure("std", ("torch",), "value", "one-pass: finite where the squared deviations overflow",
              _squares_overflow),
    Departure("var", ("torch",), "value", "one-pass: finite where the squared deviations overflow",
              _squares_overflow),
    Departure("linalg.matrix_rank", ("dask",), "returned only here", "returns the rank its blocks compute for a "
              "matrix holding NaN", _matrix_with_nan),
)  # fmt: skip

_DEPARTURES_BY_KEY = {(d.function, backend, d.kind): d for d in DEPARTURES for backend in d.backends}


def departure(call: Call, backend: str, kind: str) -> bool:
    """Whether a finding of ``kind`` for ``call`` is a documented deliberate departure."""
    for function in (call.function, "*"):
        found = _DEPARTURES_BY_KEY.get((function, backend, kind))
        if found is not None and (found.applies is None or found.applies(call)):
            return True
    return False


def documented(function: str, backend: str, text: str) -> bool:
    """Whether a table row of docs/departures.md names ``function`` (``*``: every function) and ``backend``."""
    name = re.escape(function.removeprefix("pa."))
    function_pattern = r"(?<![\w.])(pa\.)?" + name + r"(?![\w])" if function != "*" else r"(^|[|\s`])\*([|\s`]|$)"
    for line in text.splitlines():
        if not line.lstrip().startswith("|"):
            continue
        if re.search(function_pattern, line) and re.search(rf"\b{re.escape(backend)}\b", line, re.IGNORECASE):
            return True
    return False


def check_call(call: Call, backends: tuple[str, ...]) -> None:
    """Make ``call`` on the reference and every other backend; record each backend's verdict."""
    reference = run(call, REFERENCE)
    if reference.error is None:
        FINDINGS.valid[call.function] += 1
    if reference.error is not None and not isinstance(reference.error, pa.PolyarrayError):
        FINDINGS.record(
            call, REFERENCE, Verdict("error class", "the reference raised a non-polyarray error"), reference, reference
        )
    for backend in backends:
        if backend == REFERENCE:
            continue
        got = run(call, backend)
        FINDINGS.record(call, backend, compare(call, backend, reference, got), reference, got)


# -- drawing calls -----------------------------------------------------------------------------


def _elements(dtype: str, *, finite: bool = False, bound: float | None = None) -> st.SearchStrategy[Any]:
    np_name = "float32" if dtype == "bfloat16" else dtype
    kind = np.dtype(np_name).kind
    if kind in "iu":
        info = np.iinfo(np_name)
        low, high = int(info.min), int(info.max)
        if bound is not None:
            low, high = max(low, -int(bound)), min(high, int(bound))
        return st.integers(low, high)
    if kind == "b":
        return st.booleans()
    options: dict[str, Any] = {"allow_nan": not finite, "allow_infinity": not finite}
    if bound is not None:
        options.update(allow_nan=False, allow_infinity=False, allow_subnormal=False)
    if kind == "c":
        return hnp.from_dtype(np.dtype(np_name), max_magnitude=bound, **options)
    if bound is not None:
        options.update(min_value=-bound, max_value=bound)
    return hnp.from_dtype(np.dtype(np_name), **options)


@st.composite
def arr(
    draw: st.DrawFn,
    dtypes: tuple[str, ...] = DTYPE_NAMES,
    shape: tuple[int, ...] | None = None,
    *,
    min_dims: int = 0,
    max_dims: int = 3,
    min_side: int = 0,
    max_side: int = 3,
    finite: bool = False,
    bound: float | None = None,
) -> Arr:
    """An :class:`Arr` of one of ``dtypes``: 0-d and empty shapes, and the dtype's special and extreme values."""
    dtype = draw(st.sampled_from(dtypes))
    if shape is None:
        shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side))
    np_name = "float32" if dtype == "bfloat16" else dtype
    values = draw(hnp.arrays(np.dtype(np_name), shape, elements=_elements(dtype, finite=finite, bound=bound)))
    if dtype == "bfloat16":
        values = _bfloat16_round(values)
    return Arr(values, dtype)


def _scalar_for(draw: st.DrawFn, dtype: str) -> Any:
    name = "float32" if dtype == "bfloat16" else dtype
    kind = draw(st.sampled_from(["same", "int", "float", "bool", "complex"]))
    if kind == "same":
        return draw(scalars(name))
    if kind == "int":
        return draw(st.integers(-(2**40), 2**40) | st.integers(-3, 3))
    if kind == "float":
        return draw(st.floats(allow_nan=True, allow_infinity=True))
    if kind == "bool":
        return draw(st.booleans())
    return draw(st.builds(complex, st.floats(-10, 10), st.floats(-10, 10)))


def _axis(draw: st.DrawFn, ndim: int, annotation: str) -> Any:
    allow_tuple = "tuple" in annotation
    allow_none = "None" in annotation
    options = ["int"] if ndim else []
    if allow_tuple:
        options.append("tuple")
    if allow_none:
        options.append("none")
    if not options:
        return 0
    form = draw(st.sampled_from(options))
    if form == "none":
        return None
    if form == "int":
        return draw(st.integers(-ndim, ndim - 1))
    chosen = draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)) if ndim else []
    return tuple(a - ndim if draw(st.booleans()) else a for a in chosen)


def _broadcast_shapes(draw: st.DrawFn, n: int) -> list[tuple[int, ...]]:
    return list(draw(hnp.mutually_broadcastable_shapes(num_shapes=n, max_dims=3, max_side=3)).input_shapes)


#: Invalid stand-ins for an argument.
NON_ARRAYS = (None, "abc", {"a": 1}, object)


def _invalid_array(draw: st.DrawFn, original: Any, function: str) -> Any:
    # A standalone function runs on its array's own backend: an array of another backend spoils nothing there.
    foreign_spoils = function not in STANDALONE_WITH_ARRAYS
    if foreign_spoils and isinstance(original, Arr) and original.dtype != "bfloat16" and draw(st.booleans()):
        return Arr(original.values, original.dtype, foreign=True)
    return draw(st.sampled_from(NON_ARRAYS))


def _invalid_axis(draw: st.DrawFn, ndim: int) -> Any:
    return draw(st.sampled_from([1.0, float(ndim), ndim + 2, -ndim - 3, "0", (0, 0) if ndim else (0,), [0]]))


def _dtype_value(draw: st.DrawFn) -> Any:
    return getattr(pa, draw(st.sampled_from(DTYPE_NAMES)))


def _safe_targets(dtype: str) -> tuple[str, ...]:
    """The dtypes ``dtype`` casts to without leaving a target's range (the standard leaves that unspecified)."""
    if dtype == "bfloat16":
        return ("bfloat16", "float32", "float64", "complex64", "complex128")
    found = tuple(d for d in DTYPE_NAMES if d != "bfloat16" and np.can_cast(dtype, d, casting="safe"))
    return (*found, "bfloat16") if dtype in ("bool", "int8", "uint8") else found


def _dtype_for(draw: st.DrawFn, x: Any) -> Any:
    """A ``dtype=`` argument for an operation on ``x``: one ``x`` casts to safely, any dtype now and then."""
    if isinstance(x, Arr) and draw(st.integers(0, 4)):
        return getattr(pa, draw(st.sampled_from(_safe_targets(x.dtype))))
    return _dtype_value(draw)


def _in_range(values: np.ndarray, dtype: str) -> np.ndarray:
    """``values`` made castable to ``dtype``: real parts of complex values for real dtypes, finite and within
    an integer dtype's range (out-of-range casts are unspecified)."""
    if dtype in INT_NAMES or dtype == "bool":
        if values.dtype.kind == "c":
            values = values.real
        if values.dtype.kind == "f":
            values = np.nan_to_num(values, nan=0.0, posinf=0.0, neginf=0.0)
            if dtype != "bool":
                info = np.iinfo(dtype)
                values = np.clip(np.trunc(values), float(info.min), float(info.max) / 2).astype(values.dtype)
    return values


# Per-function recipes: each draws (args, kwargs) for a valid-looking call; ``_break`` may then spoil one.

Recipe = Callable[[st.DrawFn], tuple[tuple[Any, ...], dict[str, Any]]]
RECIPES: dict[str, Recipe] = {}


def recipe(*names: str) -> Callable[[Recipe], Recipe]:
    def register(fn: Recipe) -> Recipe:
        for name in names:
            RECIPES[name] = fn
        return fn

    return register


def _unary(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()),), {}


def _binary(draw: st.DrawFn, *, scalars_allowed: bool = True) -> tuple[tuple[Any, ...], dict[str, Any]]:
    s1, s2 = _broadcast_shapes(draw, 2)
    x1 = draw(arr(shape=s1))
    dtypes = (x1.dtype,) if draw(st.booleans()) else DTYPE_NAMES
    x2 = draw(arr(dtypes, shape=s2))
    if scalars_allowed and draw(st.integers(0, 4)) == 0:
        x2 = _scalar_for(draw, x1.dtype)
        if draw(st.booleans()):
            x1, x2 = x2, x1
    return (x1, x2), {}


def _signature(function: str) -> Any:
    if function in STANDALONE_WITH_ARRAYS:
        return DECLARATIONS[function].signature
    return DECLARATIONS[function].signature


def _generic(function: str, draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Arguments from the declared signature: arrays where annotated, axes, keepdims, dtype, scalars."""
    params = [p for p in _signature(function).parameters.values() if p.name not in ("out", "complex_mode")]
    x = None
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in params:
        text = str(p.annotation)
        value: Any
        has_default = p.default is not p.empty
        if p.name == "axis" or p.name == "axes":
            ndim = x.values.ndim if isinstance(x, Arr) else 0
            if has_default and draw(st.booleans()):
                continue
            value = _axis(draw, ndim, text)
        elif p.name == "keepdims" or text == "bool":
            if has_default and draw(st.booleans()):
                continue
            value = draw(st.booleans())
        elif "DType" in text and "Array" not in text:
            if has_default and draw(st.booleans()):
                continue
            value = _dtype_for(draw, x)
        elif "Array" in text:
            if has_default and p.default is None and draw(st.booleans()):
                continue
            value = draw(arr()) if x is None else draw(arr(shape=x.values.shape))
            x = value if x is None else x
        elif p.name == "correction":
            value = draw(st.sampled_from([0, 1, 0.5, 2]))
        elif p.kind is p.VAR_POSITIONAL:
            continue
        elif has_default:
            continue
        else:
            value = draw(st.integers(0, 3))
        if p.kind in (p.POSITIONAL_ONLY,) or (p.kind is p.POSITIONAL_OR_KEYWORD and not has_default):
            args.append(value)
        else:
            kwargs[p.name] = value
    return tuple(args), kwargs


def draw_call(function: str, draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    maker = RECIPES.get(function)
    return maker(draw) if maker is not None else _generic(function, draw)


def _break(draw: st.DrawFn, function: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Call:
    """Spoil one argument: a non-array, an array of another backend, a bad axis, a bad dtype or a bad number."""
    args, kwargs = list(args), dict(kwargs)
    slots = [("arg", i) for i in range(len(args))] + [("kw", k) for k in kwargs]
    params = _signature(function).parameters
    for name, p in params.items():
        if (
            p.name in ("axis", "axes", "dtype", "n", "k", "num", "depth")
            and name not in kwargs
            and (p.kind is p.KEYWORD_ONLY)
        ):
            slots.append(("kw", name))
    if not slots:
        return Call(function, tuple(args), kwargs)
    where, key = draw(st.sampled_from(slots))
    original = args[key] if where == "arg" else kwargs.get(key)
    first = next((a for a in [*args, *kwargs.values()] if isinstance(a, Arr)), None)
    ndim = first.values.ndim if first is not None else 0
    if isinstance(original, Arr) or (isinstance(original, list) and original and isinstance(original[0], Arr)):
        spoiled = _invalid_array(draw, original, function)
    elif key in ("axis", "axes", "source", "destination", "normalized_idxs") or (
        where == "arg" and key == 1 and (function in ("moveaxis",))
    ):
        spoiled = _invalid_axis(draw, ndim)
    elif key == "dtype" or isinstance(original, pa.DType):
        spoiled = draw(st.sampled_from(["float", "not a dtype", 3, np.float32]))
    elif isinstance(original, (int, float)) and not isinstance(original, bool):
        spoiled = draw(st.sampled_from([1.5, -1, "2", None, 10**30]))
    else:
        spoiled = draw(st.sampled_from(NON_ARRAYS[:3]))
    if where == "arg":
        args[key] = spoiled
    else:
        kwargs[key] = spoiled
    return Call(function, tuple(args), kwargs)


@st.composite
def call_strategy(draw: st.DrawFn, function: str) -> Call:
    """A call of ``function``: valid-looking arguments, and in one example out of four one spoiled argument."""
    args, kwargs = draw_call(function, draw)
    if draw(st.integers(0, 3)) == 0:
        return _break(draw, function, args, kwargs)
    return Call(function, args, kwargs)


def fuzzed_functions() -> list[str]:
    """Every declared function the fuzzer calls: primary, compositional and mixed ones, and the standalone
    ones that take arrays."""
    names = [
        d.qualname
        for d in DECLARATIONS.values()
        if d.kind in ("primary", "compositional", "mixed") and d.qualname not in NOT_FUZZED
    ]
    return [*names, *STANDALONE_WITH_ARRAYS]


# -- recipes -----------------------------------------------------------------------------------

_ELEMENTWISE_BINARY = [
    d.name
    for d in DECLARATIONS.values()
    if d.function.__module__.endswith("elementwise") and list(d.signature.parameters)[:2] == ["x1", "x2"]
]
recipe(*_ELEMENTWISE_BINARY, "stable_divide")(_binary)


@recipe("clip")
def _clip(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    kwargs: dict[str, Any] = {}
    for bound in ("min", "max"):
        form = draw(st.sampled_from(["none", "scalar", "array"]))
        if form == "scalar":
            kwargs[bound] = _scalar_for(draw, x.dtype)
        elif form == "array":
            kwargs[bound] = draw(arr((x.dtype,) if draw(st.booleans()) else DTYPE_NAMES, shape=x.values.shape))
    return (x,), kwargs


@recipe("where")
def _where(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    (x1, x2), _ = _binary(draw)
    shapes = [x.values.shape for x in (x1, x2) if isinstance(x, Arr)]
    shape = np.broadcast_shapes(*shapes) if draw(st.integers(0, 3)) else ()
    condition = draw(arr(("bool",) if draw(st.integers(0, 4)) else DTYPE_NAMES, shape=shape))
    return (condition, x1, x2), {}


@recipe("astype")
def _astype(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs = {"copy": draw(st.booleans())} if draw(st.booleans()) else {}
    x = draw(arr())
    target = _dtype_value(draw)
    return (Arr(_in_range(x.values, target.name), x.dtype), target), kwargs


@recipe("asarray")
def _asarray(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    form = draw(st.sampled_from(["array", "list", "scalar"]))
    if form == "array":
        obj: Any = draw(arr())
    elif form == "list":
        base = draw(arr(("bool", "int64", "float64", "complex128"), max_dims=2))
        obj = base.values.tolist()
    else:
        obj = _scalar_for(draw, "float64")
    kwargs = {"dtype": _dtype_value(draw)} if draw(st.booleans()) else {}
    return (obj,), kwargs


def _shape_arg(draw: st.DrawFn) -> Any:
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    return shape[0] if len(shape) == 1 and draw(st.booleans()) else shape


def _creation_kwargs(draw: st.DrawFn) -> dict[str, Any]:
    return {"dtype": _dtype_value(draw)} if draw(st.booleans()) else {}


@recipe("empty", "ones", "zeros")
def _filled(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (_shape_arg(draw),), _creation_kwargs(draw)


def _fill_for(draw: st.DrawFn, dtype: Any) -> Any:
    """A fill value that ``dtype`` holds (a value out of its range or of a higher kind is unspecified)."""
    if dtype is None:
        return _scalar_for(draw, "float64")
    name = "float32" if dtype.name == "bfloat16" else dtype.name
    return draw(scalars(name, finite=draw(st.booleans())))


@recipe("full")
def _full(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs = _creation_kwargs(draw)
    return (_shape_arg(draw), _fill_for(draw, kwargs.get("dtype"))), kwargs


@recipe("empty_like", "ones_like", "zeros_like")
def _like(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()),), _creation_kwargs(draw)


@recipe("full_like")
def _full_like(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    kwargs = _creation_kwargs(draw)
    return (x, _fill_for(draw, kwargs.get("dtype", getattr(pa, x.dtype)))), kwargs


@recipe("arange")
def _arange(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    number = st.integers(-10, 10) | st.floats(-10, 10, allow_nan=False).map(lambda v: round(v, 2))
    start = draw(number)
    args: tuple[Any, ...] = (start,)
    if draw(st.booleans()):
        step = draw(number.filter(lambda v: v != 0))
        stop = draw(number)
        if abs((stop - start) / step) > 50:
            stop = start + 50 * step
        args = (start, stop, step)
    return args, _creation_kwargs(draw)


@recipe("eye")
def _eye(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    args: tuple[Any, ...] = (draw(st.integers(0, 4)),)
    if draw(st.booleans()):
        args += (draw(st.integers(0, 4)),)
    kwargs = _creation_kwargs(draw)
    if draw(st.booleans()):
        kwargs["k"] = draw(st.integers(-5, 5))
    return args, kwargs


@recipe("linspace")
def _linspace(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    number = st.integers(-10, 10) | st.floats(-1e3, 1e3, allow_nan=False)
    # The standard's linspace takes floating-point dtypes only.
    kwargs = {"dtype": getattr(pa, draw(st.sampled_from(FLOAT_NAMES + COMPLEX_NAMES)))} if draw(st.booleans()) else {}
    if draw(st.booleans()):
        kwargs["endpoint"] = draw(st.booleans())
    return (draw(number), draw(number), draw(st.integers(0, 6))), kwargs


@recipe("meshgrid")
def _meshgrid(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    arrays = tuple(draw(arr((dtype,), min_dims=1, max_dims=1)) for _ in range(draw(st.integers(0, 3))))
    return arrays, ({"indexing": draw(st.sampled_from(["xy", "ij"]))} if draw(st.booleans()) else {})


@recipe("broadcast_arrays")
def _broadcast_arrays(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    shapes = _broadcast_shapes(draw, draw(st.integers(1, 3)))
    return tuple(draw(arr(shape=s)) for s in shapes), {}


@recipe("tril", "triu")
def _triangle(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs = {"k": draw(st.integers(-3, 3))} if draw(st.booleans()) else {}
    return (draw(arr(min_dims=2)),), kwargs


@recipe("diag")
def _diag(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs = {"k": draw(st.integers(-3, 3))} if draw(st.booleans()) else {}
    return (draw(arr(min_dims=1, max_dims=2)),), kwargs


@recipe("from_dlpack", "to_numpy")
def _array_only(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr(tuple(d for d in DTYPE_NAMES if d != "bfloat16"))),), {}


@recipe("broadcast_to")
def _broadcast_to(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    s1, s2 = _broadcast_shapes(draw, 2)
    target = tuple(np.broadcast_shapes(s1, s2)) if draw(st.integers(0, 3)) else s2
    return (draw(arr(shape=s1)),), {"shape": target}


@recipe("concat", "stack")
def _joined(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3))
    same = draw(st.booleans())
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    arrays = [draw(arr((dtype,) if same else DTYPE_NAMES, shape=shape)) for _ in range(draw(st.integers(1, 3)))]
    kwargs = {"axis": draw(st.integers(-len(shape), len(shape) - 1))} if draw(st.booleans()) else {}
    return (arrays,), kwargs


@recipe("expand_dims")
def _expand_dims(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    n = x.values.ndim
    return (x,), {"axis": draw(st.integers(-n - 1, n))}


@recipe("moveaxis")
def _moveaxis(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    n = x.values.ndim
    return (x, draw(st.integers(-n, n - 1)), draw(st.integers(-n, n - 1))), {}


@recipe("permute_dims")
def _permute_dims(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    return (x,), {"axes": tuple(draw(st.permutations(range(x.values.ndim))))}


@recipe("repeat")
def _repeat(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    kwargs = (
        {"axis": draw(st.integers(-x.values.ndim, x.values.ndim - 1))} if x.values.ndim and draw(st.booleans()) else {}
    )
    if draw(st.booleans()):
        repeats: Any = draw(st.integers(0, 3))
    else:
        length = x.values.shape[kwargs["axis"]] if "axis" in kwargs else x.values.size
        dtype = draw(st.sampled_from(INT_NAMES))  # counts of every integer dtype, unsigned ones included
        repeats = Arr(np.asarray(draw(st.lists(st.integers(0, 3), min_size=length, max_size=length)), dtype), dtype)
    return (x, repeats), kwargs


@recipe("reshape")
def _reshape(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    size = x.values.size
    shape = list(draw(st.sampled_from([(size,), (1, size), (size, 1), (), (-1,), (2, -1)])))
    return (x,), {"shape": tuple(shape)}


@recipe("roll")
def _roll(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    n = x.values.ndim
    if n and draw(st.booleans()):
        axis = draw(st.integers(-n, n - 1))
        return (x,), {"shift": draw(st.integers(-5, 5)), "axis": axis}
    return (x,), {"shift": draw(st.integers(-5, 5))}


@recipe("squeeze")
def _squeeze(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(max_side=2))
    n = x.values.ndim
    ones = [i for i, s in enumerate(x.values.shape) if s == 1]
    if ones and draw(st.integers(0, 3)):
        return (x,), {"axis": draw(st.sampled_from(ones)) - (n if draw(st.booleans()) else 0)}
    return (x,), {"axis": draw(st.integers(-n, n - 1)) if n else 0}


@recipe("tile")
def _tile(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()), tuple(draw(st.lists(st.integers(0, 3), max_size=3)))), {}


@recipe("pad")
def _pad(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    mode = draw(st.sampled_from(["constant", "edge", "reflect", "symmetric", "wrap"]))
    x = draw(arr(min_side=0 if mode == "constant" else 1))
    n = x.values.ndim
    width = st.integers(0, 4)
    pad_width = draw(st.one_of(width, st.tuples(width, width), st.tuples(*[st.tuples(width, width) for _ in range(n)])))
    kwargs: dict[str, Any] = {}
    if mode == "constant" and draw(st.booleans()):
        kwargs["constant_values"] = draw(st.sampled_from([True, 0, 3, 2.5, -1.0]))
    return (x, pad_width, mode), kwargs


@recipe("split")
def _split(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    axis = draw(st.integers(-x.values.ndim, x.values.ndim - 1))
    length = x.values.shape[axis]
    points = st.lists(st.integers(-length - 2, length + 2), max_size=3)
    return (x, draw(st.integers(1, 4) | points)), {"axis": axis}


@recipe("unstack")
def _unstack(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    n = x.values.ndim
    return (x,), ({"axis": draw(st.integers(-n, n - 1))} if draw(st.booleans()) else {})


@recipe("flip")
def _flip(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    return (x,), ({"axis": _axis(draw, x.values.ndim, "int | tuple | None")} if draw(st.booleans()) else {})


def _indices(draw: st.DrawFn, size: int, shape: tuple[int, ...] | None = None) -> Arr:
    dtype = draw(st.sampled_from(("int64", "int32", "int8", "uint8")))
    if size == 0 or (shape is not None and 0 in shape):
        return Arr(np.zeros(shape if shape is not None else (0,), dtype), dtype)
    high = size - 1
    low = 0 if dtype.startswith("u") else -size
    shape = shape if shape is not None else draw(hnp.array_shapes(min_dims=1, max_dims=1, min_side=0, max_side=4))
    values = draw(hnp.arrays(np.dtype(dtype), shape, elements=st.integers(max(low, -128), min(high, 127))))
    return Arr(values, dtype)


@recipe("take")
def _take(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    n = x.values.ndim
    if n == 1 and draw(st.booleans()):
        return (x, _indices(draw, x.values.shape[0])), {}
    axis = draw(st.integers(-n, n - 1))
    return (x, _indices(draw, x.values.shape[axis])), {"axis": axis}


@recipe("take_along_axis")
def _take_along_axis(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    n = x.values.ndim
    axis = draw(st.integers(-n, n - 1))
    shape = list(x.values.shape)
    shape[axis] = draw(st.integers(0, 3))
    return (x, _indices(draw, x.values.shape[axis], tuple(shape))), {"axis": axis}


@recipe("searchsorted")
def _searchsorted(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x1 = draw(arr(tuple(d for d in DTYPE_NAMES if "complex" not in d), min_dims=1, max_dims=1))
    sorted_values = np.sort(x1.values)
    x2 = draw(arr((x1.dtype,) if draw(st.booleans()) else DTYPE_NAMES))
    kwargs = {"side": draw(st.sampled_from(["left", "right"]))} if draw(st.booleans()) else {}
    return (Arr(sorted_values, x1.dtype), x2), kwargs


@recipe("sort", "argsort")
def _sort(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    kwargs: dict[str, Any] = {"axis": draw(st.integers(-x.values.ndim, x.values.ndim - 1))}
    if draw(st.booleans()):
        kwargs["descending"] = draw(st.booleans())
    return (x,), kwargs


@recipe("top_k")
def _top_k(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(tuple(d for d in DTYPE_NAMES if "complex" not in d), min_dims=1))
    axis = draw(st.integers(-x.values.ndim, x.values.ndim - 1))
    kwargs: dict[str, Any] = {"axis": axis}
    if draw(st.booleans()):
        kwargs["largest"] = draw(st.booleans())
    return (x, draw(st.integers(0, x.values.shape[axis]))), kwargs


def _order_statistic(draw: st.DrawFn) -> tuple[Arr, dict[str, Any]]:
    x = draw(arr(tuple(d for d in DTYPE_NAMES if d != "bool" and "complex" not in d), min_dims=1, min_side=1))
    axis = {"axis": _axis(draw, x.values.ndim, "int | tuple | None")} if draw(st.booleans()) else {}
    return x, axis


@recipe("median")
def _median(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x, kwargs = _order_statistic(draw)
    return (x,), kwargs


@recipe("quantile")
def _quantile(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x, kwargs = _order_statistic(draw)
    levels = st.sampled_from([0.0, 0.3, 0.5, 1.0])
    kwargs["method"] = draw(st.sampled_from(["linear", "lower", "higher", "nearest", "midpoint"]))
    return (x, draw(levels | st.lists(levels, min_size=1, max_size=3))), kwargs


@recipe("cumulative_sum", "cumulative_prod")
def _cumulative(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(max_dims=2))
    kwargs: dict[str, Any] = {}
    if x.values.ndim > 1 or (x.values.ndim == 1 and draw(st.booleans())):
        kwargs["axis"] = draw(st.integers(-x.values.ndim, x.values.ndim - 1))
    if draw(st.booleans()):
        kwargs["include_initial"] = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        kwargs["dtype"] = _dtype_for(draw, x)
    return (x,), kwargs


@recipe("diff")
def _diff(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=1))
    n = x.values.ndim
    axis = draw(st.integers(-n, n - 1))
    kwargs: dict[str, Any] = {"axis": axis, "n": draw(st.integers(0, 3))}
    for side in ("prepend", "append"):
        if draw(st.integers(0, 2)) == 0:
            shape = list(x.values.shape)
            shape[axis] = 1
            kwargs[side] = draw(arr((x.dtype,), shape=tuple(shape)))
    return (x,), kwargs


@recipe("nonzero")
def _nonzero(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr(min_dims=1)),), {}


# Linear algebra: well-conditioned matrices (the decompositions' values then agree within tolerance), one
# exactly singular zero matrix now and then, and the odd NaN.

_LINALG_DTYPES = ("float32", "float64", "complex64", "complex128")


@st.composite
def matrix(
    draw: st.DrawFn, *, square: bool = True, kind: str = "general", dtypes: tuple[str, ...] = _LINALG_DTYPES
) -> Arr:
    dtype = draw(st.sampled_from(dtypes))
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=1, min_side=1, max_side=2))
    n = draw(st.integers(0, 3))
    m = n if square else draw(st.integers(0, 3))
    np_name = dtype
    values = draw(hnp.arrays(np.dtype(np_name), (*batch, n, m), elements=_elements(dtype, bound=1.0)))
    form = draw(st.sampled_from(["conditioned", "conditioned", "conditioned", "zeros", "nan"]))
    if form == "zeros":
        values = np.zeros_like(values)
    elif form == "nan" and values.size:
        values = values.copy()
        values.flat[0] = np.nan
    if form != "zeros" and square:
        if kind in ("spd", "hermitian"):
            values = values @ np.conj(np.swapaxes(values, -1, -2))
        values = values + (n + 1) * np.eye(n, dtype=values.dtype)
    elif kind == "hermitian":
        values = (values + np.conj(np.swapaxes(values, -1, -2))) / 2
    return Arr(values.astype(np_name), dtype)


@recipe("linalg.det", "linalg.inv", "linalg.slogdet", "linalg.svdvals", "linalg.matrix_transpose")
def _square(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(matrix()),), {}


@recipe("linalg.cholesky")
def _cholesky(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(matrix(kind="spd")),), ({"upper": draw(st.booleans())} if draw(st.booleans()) else {})


@recipe("linalg.eigh", "linalg.eigvalsh")
def _eigh(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(matrix(kind="hermitian")),), {}


@recipe("linalg.svd", "linalg.qr", "linalg.pinv", "linalg.matrix_rank", "matrix_transpose", "linalg.diagonal")
def _rectangular(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(matrix(square=draw(st.booleans()))),), {}


@recipe("linalg.solve")
def _solve(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    a = draw(matrix())
    n = a.values.shape[-1]
    b = draw(arr((a.dtype,), shape=(*a.values.shape[:-1], draw(st.integers(1, 2))), bound=10.0))
    if draw(st.booleans()):
        b = draw(arr((a.dtype,), shape=(n,), bound=10.0))
    return (a, b), {}


@recipe("linalg.matrix_power")
def _matrix_power(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(matrix()), draw(st.integers(-2, 3))), {}


@recipe("linalg.matrix_norm")
def _matrix_norm(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs: dict[str, Any] = {"ord": draw(st.sampled_from(["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]))}
    if draw(st.booleans()):
        kwargs["keepdims"] = True
    return (draw(matrix(square=draw(st.booleans()))),), kwargs


@recipe("linalg.vector_norm")
def _vector_norm(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(FLOAT_NAMES + COMPLEX_NAMES))
    kwargs: dict[str, Any] = {"ord": draw(st.sampled_from([2, 1, 0, 3, math.inf, -math.inf, -1, 0.5]))}
    if draw(st.booleans()):
        kwargs["axis"] = _axis(draw, x.values.ndim, "int | tuple | None")
    if draw(st.booleans()):
        kwargs["keepdims"] = True
    return (x,), kwargs


@recipe("linalg.trace")
def _trace(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(min_dims=2, bound=1e3))
    kwargs: dict[str, Any] = {"offset": draw(st.integers(-2, 2))} if draw(st.booleans()) else {}
    if draw(st.integers(0, 3)) == 0:
        kwargs["dtype"] = _dtype_for(draw, x)
    return (x,), kwargs


@recipe("linalg.cross")
def _cross(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(tuple(d for d in DTYPE_NAMES if d != "bool")))
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=1, max_side=2))
    return (draw(arr((dtype,), shape=(*batch, 3), bound=1e3)), draw(arr((dtype,), shape=(3,), bound=1e3))), {}


@recipe("linalg.outer")
def _outer(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr(min_dims=1, max_dims=1)), draw(arr(min_dims=1, max_dims=1))), {}


@recipe("matmul", "linalg.matmul")
def _matmul(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    n, k, m = (draw(st.integers(0, 3)) for _ in range(3))
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=1, max_side=2))
    x1 = draw(arr((dtype,), shape=(*batch, n, k) if draw(st.booleans()) else (k,), bound=1e3))
    x2 = draw(arr((dtype,) if draw(st.integers(0, 3)) else DTYPE_NAMES, shape=(k, m), bound=1e3))
    return (x1, x2), {}


@recipe("einsum")
def _einsum(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """NumPy's grammar: repeated labels, labels of size 1 that broadcast, ellipses, implicit and explicit outputs."""
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    sizes = {label: draw(st.integers(0, 3)) for label in "abcA"}
    terms, operands = [], []
    for _ in range(draw(st.integers(1, 3))):
        labels = draw(st.lists(st.sampled_from("abcA"), max_size=3))
        shape = [sizes[label] if draw(st.integers(0, 4)) else 1 for label in labels]
        shape = [shape[labels.index(label)] for label in labels]  # a repeated label: one size
        term = "".join(labels)
        if draw(st.integers(0, 3)) == 0:
            at = draw(st.integers(0, len(labels)))
            term, shape = term[:at] + "..." + term[at:], shape[:at] + [2] * draw(st.integers(0, 2)) + shape[at:]
        terms.append(term)
        operands.append(draw(arr((dtype,), shape=tuple(shape), bound=10.0)))
    subscripts = ",".join(terms)
    if draw(st.booleans()):
        used = sorted({c for term in terms for c in term if c.isalpha()})
        subscripts += "->" + "".join(draw(st.permutations(used))) + ("..." if "." in subscripts else "")
    return (subscripts, *operands), {}


@recipe("tensordot")
def _tensordot(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    shared = draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=3))
    x1 = draw(arr((dtype,), shape=(draw(st.integers(0, 2)), *shared), bound=1e3))
    x2 = draw(arr((dtype,), shape=(*shared, draw(st.integers(0, 2))), bound=1e3))
    return (x1, x2), {"axes": len(shared)}


@recipe("vecdot", "linalg.vecdot")
def _vecdot(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(tuple(d for d in DTYPE_NAMES if d != "bool")))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, max_side=3))
    kwargs = {"axis": draw(st.integers(-len(shape), -1))} if draw(st.booleans()) else {}
    return (draw(arr((dtype,), shape=shape, bound=1e3)), draw(arr((dtype,), shape=shape, bound=1e3))), kwargs


# FFT.

_NORM = st.sampled_from(["backward", "ortho", "forward"])


def _fft_kwargs(draw: st.DrawFn, x: Arr, *, nd: bool) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    n = x.values.ndim
    if nd:
        if draw(st.booleans()):
            axes = tuple(draw(st.permutations(range(n))))[: draw(st.integers(1, n))]
            kwargs["axes"] = axes
            if draw(st.booleans()):
                kwargs["s"] = tuple(draw(st.integers(1, 4)) for _ in axes)
    else:
        if draw(st.booleans()):
            kwargs["axis"] = draw(st.integers(-n, n - 1))
        if draw(st.booleans()):
            kwargs["n"] = draw(st.integers(1, 5))
    if draw(st.booleans()):
        kwargs["norm"] = draw(_NORM)
    return kwargs


@recipe("fft.fft", "fft.ifft", "fft.hfft", "fft.irfft")
def _fft_complex(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr((*COMPLEX_NAMES, "float32", "float64"), min_dims=1, min_side=1, bound=1e3))
    return (x,), _fft_kwargs(draw, x, nd=False)


@recipe("fft.rfft", "fft.ihfft")
def _fft_real(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr((*FLOAT_NAMES, "complex64"), min_dims=1, min_side=1, bound=1e3))
    return (x,), _fft_kwargs(draw, x, nd=False)


@recipe("fft.fftn", "fft.ifftn", "fft.irfftn")
def _fftn_complex(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr((*COMPLEX_NAMES, "float64"), min_dims=1, min_side=1, bound=1e3))
    return (x,), _fft_kwargs(draw, x, nd=True)


@recipe("fft.rfftn")
def _fftn_real(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(FLOAT_NAMES, min_dims=1, min_side=1, bound=1e3))
    return (x,), _fft_kwargs(draw, x, nd=True)


@recipe("fft.fftfreq", "fft.rfftfreq")
def _fftfreq(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs = _creation_kwargs(draw)
    if draw(st.booleans()):
        kwargs["d"] = draw(st.sampled_from([0.5, 2.0, 1e-3]))
    return (draw(st.integers(0, 6)),), kwargs


@recipe("fft.fftshift", "fft.ifftshift")
def _fftshift(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    return (x,), ({"axes": _axis(draw, x.values.ndim, "int | tuple | None")} if draw(st.booleans()) else {})


# Neural-network functions and losses.


@recipe("leaky_relu")
def _leaky_relu(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()),), ({"alpha": draw(st.sampled_from([0.0, 0.2, -1.5]))} if draw(st.booleans()) else {})


@recipe("gelu")
def _gelu(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()),), ({"approximate": draw(st.booleans())} if draw(st.booleans()) else {})


@recipe("softplus")
def _softplus(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["beta"] = draw(st.sampled_from([0.5, 2.0]))
    if draw(st.booleans()):
        kwargs["threshold"] = draw(st.sampled_from([1.0, 20.0]))
    return (draw(arr()),), kwargs


@recipe("linear")
def _linear(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(DTYPE_NAMES))
    k, out = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    batch = draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=2))
    x = draw(arr((dtype,), shape=(*batch, k), bound=1e3))
    weight = draw(arr((dtype,), shape=(out, k) if draw(st.integers(0, 3)) else (k,), bound=1e3))
    kwargs = {"bias": draw(arr((dtype,), shape=(out,), bound=1e3))} if draw(st.booleans()) else {}
    return (x, weight), kwargs


@recipe("layer_norm")
def _layer_norm(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr(FLOAT_NAMES + COMPLEX_NAMES + ("int64",), min_dims=1, bound=1e3))
    n = x.values.ndim
    idxs: Any = (
        draw(st.integers(-n, n - 1))
        if draw(st.booleans())
        else tuple(sorted(draw(st.lists(st.integers(0, n - 1), unique=True, min_size=1))))
    )
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["eps"] = draw(st.sampled_from([1e-5, 1e-3, 0.0]))
    if draw(st.booleans()):
        kwargs["scale"] = draw(arr((x.dtype,), shape=x.values.shape, bound=10.0))
    return (x, idxs), kwargs


@recipe("one_hot")
def _one_hot(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    depth = draw(st.integers(0, 4))
    indices = draw(arr(INT_NAMES, max_dims=2, bound=5))
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["axis"] = draw(st.integers(-indices.values.ndim - 1, indices.values.ndim))
    if draw(st.booleans()):
        kwargs["on_value"], kwargs["off_value"] = draw(st.sampled_from([(1.5, -1.0), (True, False), (7, 3)]))
    if draw(st.integers(0, 2)) == 0:
        kwargs["dtype"] = _dtype_value(draw)
    return (indices, depth), kwargs


@recipe("dropout")
def _dropout(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x = draw(arr())
    kwargs: dict[str, Any] = {"seed": 0}
    if draw(st.booleans()):
        kwargs["training"] = False
    if draw(st.integers(0, 3)) == 0:
        kwargs["dtype"] = _dtype_for(draw, x)
    return (x, draw(st.sampled_from([0.0, 0.25, 0.5, 1.0, -0.1]))), kwargs


@recipe("cross_entropy")
def _cross_entropy(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=3))
    dtype = draw(st.sampled_from(FLOAT_NAMES))
    true = Arr(np.abs(draw(arr((dtype,), shape=shape, bound=1.0)).values), dtype)
    pred = Arr(np.abs(draw(arr((dtype,), shape=shape, bound=1.0)).values), dtype)
    kwargs = {"reduction": draw(st.sampled_from(["mean", "sum", "none", "max"]))} if draw(st.booleans()) else {}
    if draw(st.booleans()):  # logits against integer class labels along the last axis
        kwargs["from_logits"] = True
        pred = draw(arr((dtype,), shape=shape, bound=50.0))
        labels = draw(hnp.arrays(np.int64, shape[:-1], elements=st.integers(-1, shape[-1])))
        true = Arr(labels, "int64")
        if draw(st.booleans()):
            kwargs["label_smoothing"] = draw(st.sampled_from([0.1, 1.0]))
    return (true, pred), kwargs


@recipe("binary_cross_entropy")
def _binary_cross_entropy(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=1, max_side=3))
    dtype = draw(st.sampled_from(FLOAT_NAMES))
    true = draw(arr((dtype,), shape=shape, bound=1.0)).values
    pred = draw(arr((dtype,), shape=shape, bound=1.0)).values
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["from_logits"] = True
    if draw(st.booleans()):
        kwargs["reduction"] = draw(st.sampled_from(["mean", "sum", "none"]))
    if draw(st.booleans()):
        kwargs["epsilon"] = 1e-6
    return (Arr(np.abs(true), dtype), Arr(np.abs(pred), dtype)), kwargs


@recipe("lstm_update")
def _lstm_update(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    dtype = draw(st.sampled_from(("float32", "float64", "float16")))
    batch, steps, features, hidden = (draw(st.integers(1, 2)), draw(st.integers(0, 3)), 2, draw(st.integers(1, 2)))

    def make(shape: tuple[int, ...]) -> Arr:
        return draw(arr((dtype,), shape=shape, bound=2.0))

    args = (
        make((batch, steps, features)), make((batch, hidden)), make((batch, hidden)),
        make((features, 4 * hidden)), make((hidden, 4 * hidden)),
    )  # fmt: skip
    kwargs = {"bias": make((4 * hidden,))} if draw(st.booleans()) else {}
    return args, kwargs


@recipe("softmax", "log_softmax", "logsumexp")
def _softmax(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    # Mostly the real floating-point arrays of at least one axis these functions take.
    x = draw(arr(FLOAT_NAMES, min_dims=1) if draw(st.integers(0, 3)) else arr())
    kwargs = {"axis": _axis(draw, x.values.ndim, "int | tuple | None")} if draw(st.booleans()) else {}
    return (x,), kwargs


# Standalone functions that take arrays.


@recipe("finfo", "iinfo")
def _info(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    # The reference holds bfloat16 values as float32, so it cannot answer for bfloat16 arrays.
    return (draw(arr(tuple(d for d in DTYPE_NAMES if d != "bfloat16"), max_dims=1)),), {}


@recipe("bitwise_left_shift", "bitwise_right_shift")
def _shift(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    s1, s2 = _broadcast_shapes(draw, 2)
    x1 = draw(arr(INT_NAMES, shape=s1))
    dtype = x1.dtype if draw(st.booleans()) else draw(st.sampled_from(INT_NAMES))
    # The standard leaves negative shifts and shifts past the width unspecified; polyarray gives NumPy's answer,
    # every bit shifted out (0, or -1 for a right shift of a negative number).
    bits = min(np.iinfo(x1.dtype).bits, np.iinfo(dtype).bits)
    low, high = max(int(np.iinfo(dtype).min), -3), min(bits + 3, 127)
    x2 = Arr(draw(hnp.arrays(np.dtype(dtype), s2, elements=st.integers(low, high))), dtype)
    return (x1, x2), {}


@recipe("can_cast")
def _can_cast(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr(max_dims=1)), _dtype_value(draw)), {}


@recipe("result_type")
def _result_type(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    items: list[Any] = [draw(arr(max_dims=1))]
    for _ in range(draw(st.integers(0, 2))):
        form = draw(st.sampled_from(["array", "dtype", "scalar"]))
        items.append(
            draw(arr(max_dims=1))
            if form == "array"
            else _dtype_value(draw)
            if form == "dtype"
            else _scalar_for(draw, items[0].dtype)
        )
    return tuple(items), {}


@recipe("to_device")
def _to_device(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(arr()), "cpu"), {}


# Counter-based random numbers: a key is two uint32 words, the same bits on every backend.


def _key(draw: st.DrawFn) -> Arr:
    return Arr(draw(hnp.arrays(np.dtype("uint32"), (2,), elements=st.integers(0, 2**32 - 1))), "uint32")


def _random_shape(draw: st.DrawFn) -> Any:
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4))
    return shape[0] if len(shape) == 1 and draw(st.booleans()) else shape


def _random_dtype(draw: st.DrawFn, kinds: tuple[str, ...]) -> dict[str, Any]:
    return {"dtype": getattr(pa, draw(st.sampled_from(kinds)))} if draw(st.booleans()) else {}


@recipe("random.key")
def _random_key(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (draw(st.integers(0, 2**63 - 1) | st.integers(0, 10)),), {}


@recipe("random.split")
def _random_split(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (_key(draw),), ({"num": draw(st.integers(1, 4))} if draw(st.booleans()) else {})


@recipe("random.fold_in")
def _random_fold_in(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (_key(draw), draw(st.integers(0, 2**32 - 1))), {}


@recipe("random.uniform", "random.normal")
def _random_floats(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (_key(draw), _random_shape(draw)), _random_dtype(draw, ("float32", "float64", "float16"))


@recipe("random.truncated_normal")
def _random_truncated_normal(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    lower = draw(st.sampled_from([-2.0, -1.0, 0.0]))
    upper = lower + draw(st.sampled_from([0.5, 1.0, 3.0]))
    return (_key(draw), _random_shape(draw), lower, upper), _random_dtype(draw, ("float32", "float64"))


@recipe("random.integers")
def _random_integers(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    low = draw(st.integers(-10, 10))
    high = low + draw(st.integers(1, 100))
    return (_key(draw), _random_shape(draw), low, high), _random_dtype(draw, ("int32", "int64", "int16"))


@recipe("random.bernoulli")
def _random_bernoulli(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    return (_key(draw), _random_shape(draw), draw(st.sampled_from([0.0, 0.25, 0.5, 1.0]))), {}


@recipe("random.permutation")
def _random_permutation(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    x: Any = draw(st.integers(0, 6)) if draw(st.booleans()) else draw(arr(min_dims=1))
    return (_key(draw), x), {}


@recipe("random.choice")
def _random_choice(draw: st.DrawFn) -> tuple[tuple[Any, ...], dict[str, Any]]:
    n = draw(st.integers(1, 6))
    a: Any = n if draw(st.booleans()) else draw(arr(shape=(n,)))
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["replace"] = draw(st.booleans())
    shape = draw(st.sampled_from([(), (2,), (min(n, 3),)]))
    return (_key(draw), a, shape), kwargs
