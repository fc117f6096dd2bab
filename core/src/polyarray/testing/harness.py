"""Conformance tests: one call on the backend under test and on the NumPy backend, judged by the outcome rules.

A test written with :func:`conformance` receives a :class:`Case` bound to
one backend. ``case.check(function, *args)`` calls the function with the same
inputs on that backend and on ``pa.get_backend("numpy")`` (the reference,
itself tested against raw NumPy by polyarray's own tests) and accepts exactly
these outcomes:

1. both return: the results agree in structure, portable dtype, shape and
   values (:func:`~polyarray.testing.assert_agrees`);
2. both raise a ``pa.PolyarrayError`` (an invalid call is invalid everywhere);
3. the reference returns and the backend raises ``pa.UnsupportedDtypeError``:
   its framework declares that it cannot compute on that dtype.

A backend whose ``backend_info`` says ``flushes_subnormals: True`` (its
framework reads subnormal floating-point numbers as zero, as XLA and
TensorFlow's CPU kernels do) may instead agree, value by value (part by part
for complex values), with either the reference or the reference computed
from the same inputs with every subnormal value replaced by a zero of its
sign (a flushed intermediate can make one part of a complex result the
flushed one); such results are counted apart (:data:`FLUSHED`), so the
summary shows how often it happened.

Anything else fails the test. Each outcome is counted per backend and
function in :data:`TALLY`; the pytest plugin prints the counts, so an
"unsupported" outcome never hides.

On a lazy backend (``backend_info`` key ``lazy: True``, such as Dask) the
call's results are computed, all in one ``pa.compute``, before they are
judged: an error raised there is the call's error (the lazy-backend contract
lets value-dependent errors wait until then), and each lazy array's dtype and
the sizes it claims to know must be what it computes to. Judging and
printing then read the computed values only.
"""

from __future__ import annotations

import functools
import inspect
import math
import threading
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from .. import _handler
from .._array import Array, shape_of
from .._backend import Backend
from .._config import settings
from .._dtypes import DTYPES, DType, as_dtype
from .._errors import PolyarrayError, UnsupportedDtypeError
from . import strategies
from .assertions import as_numpy, assert_agrees

__all__ = [
    "REFERENCE",
    "AGREED",
    "RAISED",
    "UNSUPPORTED",
    "FLUSHED",
    "Tally",
    "TALLY",
    "Checked",
    "Case",
    "conformance",
    "covered_functions",
    "default_dtype_map",
    "persisted",
]

#: The backend every result is compared with.
REFERENCE = "numpy"

#: Functions whose results hold values no call defines (two calls give different ones).
_UNDEFINED_VALUES = frozenset({"empty", "empty_like"})

#: The outcomes :meth:`Case.check` accepts.
AGREED, RAISED, UNSUPPORTED = "agreed", "raised", "unsupported"
#: Agreed only with the reference computed from inputs whose subnormal values were read as zero.
FLUSHED = "agreed with subnormal inputs read as zero"


@dataclass
class Tally:
    """Outcome counts per (backend, function), and the dtypes each "unsupported" outcome named.

    >>> from polyarray.testing.harness import Tally
    >>> tally = Tally()
    >>> tally.record("foo", "add", "unsupported", "uint64")
    >>> tally.record("foo", "add", "agreed")
    >>> tally.by_function("foo", "unsupported"), tally.total("foo", "agreed"), tally.unsupported_dtypes["foo", "add"]
    ({'add': 1}, 1, {'uint64'})
    """

    counts: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    unsupported_dtypes: defaultdict[tuple[str, str], set[str]] = field(default_factory=lambda: defaultdict(set))
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, backend: str, function: str, outcome: str, dtype: str | None = None) -> None:
        """Count one ``outcome`` of ``function`` on ``backend``."""
        with self._lock:
            self.counts[backend, function, outcome] += 1
            if dtype is not None:
                self.unsupported_dtypes[backend, function].add(dtype)

    def backends(self) -> list[str]:
        """The backends with at least one recorded outcome, sorted."""
        return sorted({backend for backend, _, _ in self.counts})

    def total(self, backend: str, outcome: str) -> int:
        """How many ``outcome`` outcomes ``backend`` had, over every function."""
        return sum(n for (b, _, o), n in self.counts.items() if b == backend and o == outcome)

    def by_function(self, backend: str, outcome: str) -> dict[str, int]:
        """``outcome`` counts of each function on ``backend`` (only functions that had one)."""
        found = {f: n for (b, f, o), n in self.counts.items() if b == backend and o == outcome and n}
        return dict(sorted(found.items()))

    def clear(self) -> None:
        """Forget every count."""
        with self._lock:
            self.counts.clear()
            self.unsupported_dtypes.clear()

    def export(self) -> dict[str, list[list[Any]]]:
        """The counts as plain lists, which another process :meth:`merge` s (pytest-xdist's workers send them).

        >>> from polyarray.testing.harness import Tally
        >>> worker, total = Tally(), Tally()
        >>> worker.record("foo", "add", "unsupported", "uint64")
        >>> total.merge(worker.export())
        >>> total.merge(worker.export())
        >>> total.by_function("foo", "unsupported"), total.unsupported_dtypes["foo", "add"]
        ({'add': 2}, {'uint64'})
        """
        with self._lock:
            return {
                "counts": [[*key, count] for key, count in self.counts.items()],
                "unsupported_dtypes": [[*key, sorted(dtypes)] for key, dtypes in self.unsupported_dtypes.items()],
            }

    def merge(self, exported: dict[str, list[list[Any]]]) -> None:
        """Add the counts :meth:`export` gave (another process's)."""
        with self._lock:
            for backend, function, outcome, count in exported.get("counts", ()):
                self.counts[backend, function, outcome] += count
            for backend, function, dtypes in exported.get("unsupported_dtypes", ()):
                self.unsupported_dtypes[backend, function].update(dtypes)


#: The outcomes of this process's conformance checks.
TALLY = Tally()

#: Function name -> the tests that check it (filled when test modules are imported).
_COVERED: defaultdict[str, set[str]] = defaultdict(set)


def covered_functions() -> dict[str, frozenset[str]]:
    """Each function name the imported conformance tests check, with the tests that check it.

    >>> from polyarray.testing import conformance, covered_functions
    >>> @conformance("linalg.det")
    ... def test_determinant(case):
    ...     pass
    >>> "test_determinant" in {test.rsplit(".", 1)[-1] for test in covered_functions()["linalg.det"]}
    True
    """
    return {name: frozenset(tests) for name, tests in _COVERED.items()}


def _register(functions: Iterable[str], test: str) -> None:
    for name in functions:
        _COVERED[name].add(test)


class _EndOfExample(Exception):
    """Ends an example whose inputs the backend could not create (an "unsupported" outcome, counted)."""


class Checked(NamedTuple):
    """What :meth:`Case.check` saw: the outcome, and the backend's and the reference's results."""

    outcome: str
    result: Any
    reference: Any


def _backend_array(value: Any, backend: Backend) -> Array:
    return value if type(value) is Array else Array(value, backend)


def _is_subnormal(value: float) -> bool:
    return 0.0 < abs(value) < _SMALLEST_NORMAL_FLOAT64


_SMALLEST_NORMAL_FLOAT64 = float(np.finfo(np.float64).smallest_normal)


def _flush_subnormals(values: np.ndarray, dtype: Any, flush: bool) -> bool:
    """Whether ``values`` (of ``dtype``) hold a subnormal number; with ``flush``, replace each by a signed zero.

    Complex numbers are read part by part; ``bfloat16`` values (held as float32)
    share float32's smallest normal number.
    """
    name = str(getattr(dtype, "name", dtype))
    if values.dtype.kind not in "fc":
        return False
    smallest = float(np.finfo({"bfloat16": "float32"}.get(name, values.dtype)).smallest_normal)
    parts = (np.real(values), np.imag(values)) if values.dtype.kind == "c" else (values,)
    found = False
    for part in parts:
        tiny = (part != 0) & (np.abs(part) < smallest)
        if tiny.any():
            found = True
            if flush:
                part[tiny] = np.copysign(0.0, part[tiny])
    return found


class Case:
    """One example of a conformance test, bound to the backend under test.

    Attributes:
        backend: the name of the backend under test.
        xp: that backend (``pa.get_backend(backend)``).
        reference: the NumPy backend results are compared with.

    Outside a hypothesis test (no ``data`` to draw from) a case still checks calls:

    >>> from polyarray.testing import Case
    >>> case = Case("numpy")
    >>> x = case.asarray([[2.0, 0.0], [0.0, 4.0]])
    >>> case.check("linalg.inv", x).outcome, case.check("matmul", x, case.asarray([1.0])).outcome
    ('agreed', 'raised')
    """

    def __init__(self, backend: str, data: st.DataObject | None = None) -> None:
        self.backend = backend
        self.xp = _handler.resolve_backend(backend)
        self.reference = _handler.resolve_backend(REFERENCE)
        self._data = data

    def __repr__(self) -> str:
        return f"<conformance case on {self.backend!r}>"

    # -- drawing inputs ---------------------------------------------------------------------

    def draw(self, strategy: st.SearchStrategy[Any], label: str | None = None) -> Any:
        """Draw a value from ``strategy`` (shown by hypothesis when the example fails).

        An input the backend cannot create (``pa.UnsupportedDtypeError``) ends the
        example as an "unsupported" outcome of the function that refused it.
        """
        if self._data is None:
            raise RuntimeError("This case has no hypothesis data to draw from; write the test with @conformance.")
        try:
            return self._data.draw(strategy, label=label)
        except UnsupportedDtypeError as error:
            TALLY.record(self.backend, error.function, UNSUPPORTED, error.dtype)
            raise _EndOfExample from error

    def dtype(
        self, kinds: str | DType | Sequence[str | DType] = "all", *, exclude: Sequence[str | DType] = ()
    ) -> DType:
        """Draw a dtype of ``kinds`` that the backend holds (see :func:`~polyarray.testing.dtypes`)."""
        return self.draw(strategies.dtypes(self.xp, kinds, exclude=exclude), label="dtype")

    def array(
        self,
        dtype: DType | str | st.SearchStrategy[DType],
        shape: int | tuple[int, ...] | st.SearchStrategy[tuple[int, ...]] | None = None,
        *,
        label: str | None = None,
        **options: Any,
    ) -> Array:
        """Draw an array on the backend under test (see :func:`~polyarray.testing.arrays` for ``options``)."""
        return self.draw(strategies.arrays(self.xp, dtype, shape, **options), label=label)

    def asarray(self, values: Any, dtype: DType | str | None = None) -> Array:
        """``values`` (NumPy values or Python nests) as an array on the backend under test.

        ``bfloat16`` is rounded from float32 on the backend. A dtype the
        backend does not hold, or refuses, ends the example as an "unsupported"
        outcome of ``asarray``.
        """
        if dtype is not None:
            portable = as_dtype(dtype)
            if portable not in self.xp.dtypes:
                TALLY.record(self.backend, "asarray", UNSUPPORTED, portable.name)
                raise _EndOfExample(f"the {self.backend} backend has no {portable.name} dtype")
        try:
            if dtype is not None and as_dtype(dtype).name == "bfloat16":
                made = self.xp.functions["asarray"](values, dtype=DTYPES["float32"])
                return _backend_array(self.xp.functions["astype"](made, dtype), self.xp)
            return _backend_array(self.xp.functions["asarray"](values, dtype=dtype), self.xp)
        except UnsupportedDtypeError as error:
            TALLY.record(self.backend, error.function, UNSUPPORTED, error.dtype)
            raise _EndOfExample from error

    # -- checking ---------------------------------------------------------------------------

    def _to_reference(self, value: Any, seen: set[str], *, flush: bool = False) -> Any:
        """``value`` with the backend's arrays replaced by copies on the reference.

        ``pa.bfloat16`` itself (a ``dtype=`` argument) becomes ``pa.float32``: the
        reference lacks it. ``seen`` collects ``"bfloat16"`` when an array or dtype
        argument was bfloat16, ``"float32"`` when a ``float32`` dtype was asked for,
        and ``"subnormal"`` when an array or Python float or complex held a subnormal value,
        which ``flush`` replaces by a zero of its sign.
        """
        if type(value) is DType:
            if value.name == "bfloat16":
                seen.add("bfloat16")
                return DTYPES["float32"]
            if value.name == "float32":
                seen.add("float32")
            return value
        if type(value) is float or type(value) is complex:
            parts = (value.real, value.imag) if type(value) is complex else (value.real,)  # a float's is itself
            if not any(_is_subnormal(part) for part in parts):
                return value
            seen.add("subnormal")
            if not flush:
                return value
            flushed = [math.copysign(0.0, part) if _is_subnormal(part) else part for part in parts]
            return complex(*flushed) if type(value) is complex else flushed[0]
        native = self.xp.native_array_types and isinstance(value, self.xp.native_array_types)
        if type(value) is Array or native:
            dtype, values = as_numpy(value if type(value) is Array else Array(value, self.xp))
            if dtype.name == "bfloat16":
                seen.add("bfloat16")
            values = np.array(values, copy=True)
            if _flush_subnormals(values, dtype if dtype.name == "bfloat16" else values.dtype, flush):
                seen.add("subnormal")
            if native:
                return values
            return _backend_array(self.reference.functions["asarray"](values), self.reference)
        if isinstance(value, (list, tuple)):
            items = [self._to_reference(v, seen, flush=flush) for v in value]
            return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
        if isinstance(value, dict):
            return {k: self._to_reference(v, seen, flush=flush) for k, v in value.items()}
        return value

    def _function(self, namespace: Backend, function: str | Callable[..., Any]) -> Callable[..., Any]:
        if isinstance(function, str):
            found = namespace.functions.get(function)
            if found is None:  # an alias such as "linalg.matmul"
                alias: Any = functools.reduce(getattr, function.split("."), namespace)
                return alias
            return found
        return functools.partial(function, namespace)

    def check(
        self,
        function: str | Callable[..., Any],
        *args: Any,
        rtol: float | None = None,
        atol: float | None = None,
        transcendental: bool = False,
        transform: Callable[[Any], Any] | None = None,
        expect_error: bool = False,
        name: str | None = None,
        **kwargs: Any,
    ) -> Checked:
        """Call ``function`` on the backend and on the reference with the same inputs; apply the outcome rules.

        ``function`` is a qualified name (``"add"``, ``"linalg.svd"``) or a
        callable ``function(xp, *args, **kwargs)`` that receives the backend
        namespace first (operators, methods, standalone functions); ``name``
        then names it in the counts. The backend's arrays among ``args`` and
        ``kwargs`` (also inside lists, tuples and dicts) are copied to the
        reference. Values are compared with ``rtol``/``atol``, or the result
        dtype's tolerance (``transcendental`` for the looser one), after
        ``transform`` (see :func:`~polyarray.testing.assert_agrees`). Where an
        input or ``dtype=`` argument is ``bfloat16`` the reference computes in
        float32 and its float32 results stand for bfloat16 ones (unless a
        ``float32`` dtype argument asks for float32 results). ``expect_error`` asserts that the
        reference raises, for tests of invalid calls.
        """
        label = name or (function if isinstance(function, str) else str(getattr(function, "__name__", "function")))
        seen: set[str] = set()
        ref_args, ref_kwargs = self._to_reference((list(args), kwargs), seen)
        # The reference's float32 results stand for bfloat16 ones, unless float32 was asked for.
        bfloat16_input = "bfloat16" in seen and "float32" not in seen
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            reference, reference_error = self._reference_call(function, label, ref_args, ref_kwargs)
            try:
                result = self._function(self.xp, function)(*args, **kwargs)
                backend_error = None
                if self.xp.info.lazy:
                    self._check_backend_of(result, f"{label} on the {self.backend!r} backend")
                    result = self._computed(result, f"{label} on the {self.backend!r} backend")
            except AssertionError:
                raise
            except Exception as error:
                result, backend_error = None, error
            if isinstance(function, str):
                self._compare_paths(function, args, kwargs, result, backend_error)
        where = f"{label} on the {self.backend!r} backend"
        if reference_error is not None:
            if backend_error is None:
                raise AssertionError(
                    f"{where} returned {result!r}, but the reference raised {type(reference_error).__name__}: "
                    f"{reference_error}"
                )
            if not isinstance(backend_error, PolyarrayError):
                raise AssertionError(
                    f"{where} raised {type(backend_error).__name__}, not a pa.PolyarrayError, where the reference "
                    f"raised {type(reference_error).__name__}: {backend_error}"
                ) from backend_error
            TALLY.record(self.backend, label, RAISED)
            return Checked(RAISED, backend_error, reference_error)
        if expect_error:
            raise AssertionError(f"The reference call of {label} was expected to raise, but returned {reference!r}.")
        if backend_error is not None:
            if isinstance(backend_error, UnsupportedDtypeError):
                TALLY.record(self.backend, label, UNSUPPORTED, backend_error.dtype)
                return Checked(UNSUPPORTED, backend_error, reference)
            raise AssertionError(
                f"{where} raised {type(backend_error).__name__} where the reference returned: {backend_error}"
            ) from backend_error
        self._check_backend_of(result, where)
        agrees = functools.partial(
            assert_agrees,
            rtol=rtol,
            atol=atol,
            transcendental=transcendental,
            dtype_map={"float32": "bfloat16"} if bfloat16_input else None,
            # The reference's defaults stand for a backend's narrower ones in arrays (see default_dtype_map).
            array_dtype_map=default_dtype_map(self.xp),
            transform=transform,
        )
        try:
            agrees(result, reference)
        except AssertionError as error:
            if not (self.xp.info.flushes_subnormals and "subnormal" in seen):
                raise AssertionError(f"{where} disagrees with the reference: {error}") from None
            flushed = self._flushed_reference(function, label, args, kwargs)
            try:
                agrees(result, reference, alternative=flushed)
            except AssertionError:
                raise AssertionError(
                    f"{where} disagrees with the reference, also when subnormal inputs are read as zero: {error}"
                ) from None
            TALLY.record(self.backend, label, FLUSHED)
            return Checked(FLUSHED, result, flushed)
        TALLY.record(self.backend, label, AGREED)
        return Checked(AGREED, result, reference)

    def _compare_paths(
        self, function: str, args: tuple[Any, ...], kwargs: dict[str, Any], result: Any, error: Exception | None
    ) -> None:
        """The backend function's fast path gave what its wrapper chain gives (and its Python fast path, where
        the compiled one answered): the same value, dtype and shape bit for bit, or the same error class."""
        found = self._function(self.xp, function)
        if getattr(found, "plan", None) is None or function in _UNDEFINED_VALUES:
            return
        paths = [("the wrapper chain", getattr(found, "chain", None))]
        python = getattr(found, "python", None)
        if python is not None:
            paths.append(("the Python fast path", python))
        for path, call in paths:
            if call is None:
                continue
            where = f"{function} on the {self.backend!r} backend"
            try:
                other, other_error = call(*args, **kwargs), None
                if self.xp.info.lazy:
                    other = self._computed(other, where)  # as the fast path's result was
            except AssertionError:
                raise
            except Exception as caught:
                other, other_error = None, caught
            if error is not None or other_error is not None:
                if type(error) is not type(other_error):
                    raise AssertionError(
                        f"{where}: the fast path gave {error!r} where {path} gave {other_error!r}"
                    ) from (error or other_error)
                continue
            try:
                assert_agrees(result, other, rtol=0, atol=0)
            except AssertionError as disagreement:
                raise AssertionError(f"{where}: the fast path and {path} disagree: {disagreement}") from None
            if type(result) is not type(other):
                raise AssertionError(
                    f"{where}: the fast path returned {type(result).__name__}, {path} {type(other).__name__}"
                )

    def _reference_call(
        self, function: str | Callable[..., Any], label: str, args: list[Any], kwargs: dict[str, Any]
    ) -> tuple[Any, PolyarrayError | None]:
        """The reference's result of the call and None, or None and the ``PolyarrayError`` it raised."""
        try:
            return self._function(self.reference, function)(*args, **kwargs), None
        except PolyarrayError as error:
            return None, error
        except Exception as error:
            raise AssertionError(
                f"The reference call of {label} raised {type(error).__name__}, which is not a pa.PolyarrayError: "
                f"{error}"
            ) from error

    def _flushed_reference(
        self, function: str | Callable[..., Any], label: str, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """The reference's result with every subnormal input read as a zero of its sign (its error, if it raises)."""
        ref_args, ref_kwargs = self._to_reference((list(args), kwargs), set(), flush=True)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            reference, error = self._reference_call(function, label, ref_args, ref_kwargs)
        return reference if error is None else error

    def _computed(self, result: Any, where: str) -> Any:
        """A lazy backend's ``result`` with its arrays computed, all in one pass (``pa.compute``).

        Errors that surface when computing are the call's errors (the lazy-backend
        contract: value-dependent errors may wait until then, as ``pa.PolyarrayError``).
        What each lazy array says of itself before computing must hold after: its
        dtype, and every size it claims to know. The arrays become NumPy arrays, so
        that judging and printing the result computes nothing more.
        """
        arrays: list[Any] = []

        def collect(value: Any) -> None:
            if (type(value) is Array and value.backend is self.xp) or isinstance(value, self.xp.native_array_types):
                arrays.append(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    collect(item)

        collect(result)
        if not arrays:
            return result
        from ..api.interop import compute

        values = dict(zip(map(id, arrays), compute(*arrays)))
        for array in arrays:
            value = values[id(array)]
            native = array.data if type(array) is Array else array
            claimed = self.xp.portable_dtype(native.dtype)
            if claimed != as_dtype(value.dtype):
                raise AssertionError(
                    f"{where} returned a lazy array of dtype {claimed.name} that computes to {value.dtype}"
                )
            shape = shape_of(native)
            if len(shape) != value.ndim or any(s is not None and s != v for s, v in zip(shape, value.shape)):
                raise AssertionError(f"{where} returned a lazy array of shape {shape} that computes to {value.shape}")

        def rebuild(value: Any) -> Any:
            if id(value) in values and (type(value) is Array or isinstance(value, self.xp.native_array_types)):
                return values[id(value)]
            if isinstance(value, (list, tuple)):
                items = [rebuild(item) for item in value]
                return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
            return value

        return rebuild(result)

    def _check_backend_of(self, result: Any, where: str) -> None:
        """Arrays in a result must belong to the backend under test (NumPy arrays from interop excepted)."""
        if type(result) is Array:
            if result.backend is not self.xp and result.backend.name != self.backend:
                raise AssertionError(f"{where} returned an array of the {result.backend.name!r} backend")
        elif isinstance(result, (list, tuple)):
            for item in result:
                self._check_backend_of(item, where)


def persisted(value: Any) -> Any:
    """``value`` with the arrays of lazy backends in it evaluated, all together (``pa.persist``).

    ``pa.Array`` objects inside tuples, lists and NamedTuples are replaced by
    persisted ones: their values are computed, their sizes known, and an error
    that depends on values is raised now, as a ``pa.PolyarrayError``. Anything
    else is returned as it is.

    >>> from polyarray.testing import persisted
    >>> persisted((pa.asarray([1, 2]), 3))
    (Array([1, 2], backend=numpy, dtype=int64), 3)
    """
    arrays: list[Array] = []

    def collect(item: Any) -> None:
        if type(item) is Array and item.backend.info.lazy:
            arrays.append(item)
        elif isinstance(item, (list, tuple)):
            for part in item:
                collect(part)

    collect(value)
    if not arrays:
        return value
    from ..api.interop import persist

    kept = dict(zip(map(id, arrays), persist(*arrays)))

    def rebuild(item: Any) -> Any:
        if type(item) is Array and id(item) in kept:
            return kept[id(item)]
        if isinstance(item, (list, tuple)):
            parts = [rebuild(part) for part in item]
            return type(item)(*parts) if hasattr(item, "_fields") else type(item)(parts)
        return item

    return rebuild(value)


def default_dtype_map(backend: Backend) -> dict[str, str]:
    """The reference's default dtypes -> the backend's, where the backend's own defaults are narrower.

    On a backend that lacks polyarray's 64-bit defaults (``Backend.default_dtypes``:
    JAX without 64-bit mode), a 64-bit result of the reference comes from a default
    (inputs are drawn from the dtypes the backend holds), so it stands for the
    backend's default: float64 for float32, int64 for int32, uint64 for the unsigned
    dtype of that width, complex128 for complex64.

    >>> from polyarray.testing.harness import default_dtype_map
    >>> default_dtype_map(pa.get_backend("numpy"))
    {}
    """
    own = backend.default_dtypes
    found: dict[str, str] = {}
    if own is None:
        return found
    held = {d.name for d in backend.dtypes}
    for kind, wide in (("real floating", "float64"), ("integral", "int64"), ("complex floating", "complex128")):
        if own[kind].name != wide and wide not in held:
            found[wide] = own[kind].name
    unsigned = "u" + own["integral"].name
    if "int64" in found and "uint64" not in held and unsigned in held:
        found["uint64"] = unsigned
    return found


def conformance(*functions: str, **parameters: Sequence[Any]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Turn ``test(case, ...)`` into a hypothesis test run once per backend under test.

    ``functions`` are the qualified names the test checks (recorded for the
    coverage meta-test). When the test takes a ``function`` parameter it runs
    once per function name; every other keyword of the decorator names a
    parameter and the values it takes (``pytest.mark.parametrize``). The
    backend comes from the ``polyarray_backend`` fixture of polyarray's pytest
    plugin (``--polyarray-backend NAME``); examples come from the hypothesis
    profile in use (see :func:`~polyarray.testing.load_profile`).

    >>> from polyarray.testing import conformance, arrays
    >>> @conformance("exp", "log")
    ... def test_exp_log(case, function):
    ...     x = case.array(case.dtype("real floating"))
    ...     case.check(function, x, transcendental=True)
    >>> test_exp_log.__name__
    'test_exp_log'
    """

    def decorate(body: Callable[..., None]) -> Callable[..., None]:
        accepted = [p for p in inspect.signature(body).parameters if p != "case"]
        if "function" in accepted and "function" not in parameters:
            parameters["function"] = functions
        unknown = set(accepted) - set(parameters)
        if unknown:
            raise TypeError(f"{body.__qualname__} takes {sorted(unknown)}, which @conformance gives no values for.")
        _register(functions, f"{body.__module__}.{body.__qualname__}")

        def test(polyarray_backend: str, data: st.DataObject, **kwargs: Any) -> None:
            case = Case(polyarray_backend, data)
            array_mode = settings.array_mode
            try:
                body(case, **kwargs)
            except _EndOfExample:
                pass
            finally:
                settings.array_mode = array_mode

        parameters_of_test = [
            inspect.Parameter("polyarray_backend", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            inspect.Parameter("data", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *(inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY) for p in accepted),
        ]
        test.__signature__ = inspect.Signature(parameters_of_test)  # type: ignore[attr-defined]
        test.__name__ = body.__name__
        test.__qualname__ = body.__qualname__
        test.__module__ = body.__module__
        test.__doc__ = body.__doc__
        wrapped = given(data=st.data())(test)
        for parameter in reversed(accepted):
            wrapped = pytest.mark.parametrize(parameter, list(parameters[parameter]))(wrapped)
        vars(wrapped)["polyarray_functions"] = tuple(functions)
        return wrapped

    return decorate
