"""Every declared function gives for a backend's secondary native array types what it gives for its main one.

A backend declares its native array types (``pa.get_backend(name).native_array_types``): the main class first,
then others its functions also take and may return (NumPy's scalars, JAX's tracers, TensorFlow's variables).
The fast path compares an argument's class with the main one and hands anything else to the wrapper chain, so
these types take other paths through the core than the arrays the differential fuzzer draws. Here the calls of
tests/differential.py (its recipes, :func:`~differential.run` and :func:`~differential.compare`) are made twice on
each installed backend: with every array of the main type, and with each array as a secondary type. The two
outcomes must agree: the same value (NaN where NaN), dtype and shape, the same kind of result (``pa.Array`` or
native), or an error of the same class.

The secondary types, per backend:

- numpy: NumPy scalars (``np.float32(1.5)``, ``np.bool_(True)`` …, ``np.generic``) wherever a 0-d array is drawn;
  each function also gets its first call with every array reduced to its first element (0-d), so that every
  function meets scalars;
- torch: ``torch.nn.Parameter(t, requires_grad=False)`` for every array: a subclass of ``torch.Tensor``, which the
  backend lists beside it (the fast path matches it as another native class, not by identity);
- tensorflow: ``tf.Variable`` for every array, in eager mode;
- jax: the tracers of ``jax.jit``: the call is made inside a jitted function whose arguments are the call's arrays
  (everything else is closed over, static), and compared with the same call made eagerly;
- dask declares no secondary type.

Each is passed as it is, in array mode and in native mode (``pa.set_array_mode(False)``), and wrapped,
``pa.Array(secondary)``, in array mode: that is what ``pa.Array(v)`` gives, and what array mode gives inside
``jax.jit`` (``pa.asarray`` converts a ``tf.Variable`` or a NumPy scalar to the main type, a ``Parameter`` it keeps:
:func:`test_what_pa_asarray_and_pa_array_make_of_a_secondary_type`).

Inside ``jax.jit`` some calls cannot do what they do eagerly, as documented: a result whose shape depends on the
values, or a NumPy array or DLPack capsule of a traced array, raises (a ``pa.PolyarrayTypeError`` naming JAX's reason
is asserted), XLA computes ``False * inf`` as 0 (:data:`JIT_DIFFERENCES`), and the checks of values JAX's plugin
skips there let JAX's own result stand (:data:`VALUE_CHECK_MESSAGES`, :data:`NAN_MATRIX_FUNCTIONS`). Every other
difference fails the test.

The calls are few and the same on every run: ``POLYARRAY_SECONDARY_EXAMPLES`` (2 by default) drawn per function, a
valid-looking call and a spoiled one alternately (JAX, whose every call is compiled, makes the valid-looking half),
and :data:`KNOWN_CALLS`, the calls in which a secondary type once gave another outcome.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pytest
from differential import (
    Arr,
    Call,
    Outcome,
    Verdict,
    _break,
    _matrix_with_nan,
    compare,
    describe,
    draw_call,
    fuzzed_functions,
    run,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS

#: Drawn calls per function (valid-looking, then spoiled ones alternately); JAX makes half of them (at least one).
EXAMPLES = int(os.environ.get("POLYARRAY_SECONDARY_EXAMPLES", "2"))

#: Functions whose declaration takes no array (creation from shapes and numbers): no secondary type can reach them.
NO_ARRAY_PARAMETER = {
    "arange", "empty", "eye", "full", "linspace", "ones", "zeros", "fft.fftfreq", "fft.rfftfreq", "random.key",
}  # fmt: skip


def _takes_arrays(function: str) -> bool:
    return any("Array" in str(p.annotation) for p in DECLARATIONS[function].signature.parameters.values())


FUNCTIONS = [f for f in fuzzed_functions() if _takes_arrays(f)]


# -- the calls ---------------------------------------------------------------------------------


@cache
def drawn_calls(function: str) -> tuple[Call, ...]:
    """``EXAMPLES`` calls of ``function``, the same on every run: valid-looking and spoiled (``_break``) alternately.

    The first example Hypothesis generates is its simplest (0-d ``False`` arrays of bool in most recipes); it is
    left out, the scalarised NumPy call standing for it.
    """
    drawn: list[Call] = []

    @settings(
        max_examples=EXAMPLES + 1,
        derandomize=True,
        database=None,
        deadline=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def draw(data: st.DataObject) -> None:
        if len(drawn) % 2 == 0:  # the left-out first, then valid-looking and spoiled calls alternately
            args, kwargs = data.draw(st.composite(lambda draw: draw_call(function, draw))(), label="call")
            drawn.append(data.draw(st.composite(lambda draw: _break(draw, function, args, kwargs))(), label="spoiled"))
        else:
            # A valid-looking call holds an array (asarray's recipe draws lists and scalars too).
            strategy = st.composite(lambda draw: draw_call(function, draw))().filter(_holds_array)
            args, kwargs = data.draw(strategy, label="call")
            drawn.append(Call(function, args, kwargs))

    draw()
    return tuple(drawn[1:])


def _holds_array(drawn: tuple[tuple[Any, ...], dict[str, Any]]) -> bool:
    def holds(value: Any) -> bool:
        if isinstance(value, Arr):
            return not value.foreign
        if isinstance(value, (list, tuple)):
            return any(holds(v) for v in value)
        return isinstance(value, dict) and holds(list(value.values()))

    return holds(drawn)


def _each_arr(value: Any, change: Callable[[Arr], Arr]) -> Any:
    """``value`` with ``change`` applied to every :class:`Arr` in it (inside lists, tuples and dicts)."""
    if isinstance(value, Arr):
        return change(value)
    if isinstance(value, list):
        return [_each_arr(v, change) for v in value]
    if isinstance(value, tuple):
        return tuple(_each_arr(v, change) for v in value)
    if isinstance(value, dict):
        return {k: _each_arr(v, change) for k, v in value.items()}
    return value


def _first_element(value: Arr) -> Arr:
    if value.values.ndim == 0:
        return value
    first = value.values.ravel()[0] if value.values.size else np.zeros((), value.values.dtype)
    return Arr(np.asarray(first), value.dtype, value.foreign)


def _scalarised(value: Any) -> Any:
    """``value`` with every array reduced to its first element (a zero where it has none), a 0-d array."""
    return _each_arr(value, _first_element)


#: The 32-bit dtype JAX holds, outside its 64-bit mode, for each 64-bit one.
NARROWER = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}


def _narrower(value: Arr) -> Arr:
    if value.dtype not in NARROWER:
        return value
    with np.errstate(all="ignore"):
        return Arr(value.values.astype(NARROWER[value.dtype]), NARROWER[value.dtype], value.foreign)


def _narrowed(value: Any) -> Any:
    """``value`` with every array of a 64-bit dtype cast to the 32-bit one (:data:`NARROWER`)."""
    return _each_arr(value, _narrower)


# -- the secondary types -----------------------------------------------------------------------


def _native(array: Any) -> Any:
    return array.data if isinstance(array, pa.Array) else array


def _numpy_scalar(array: Any) -> Any:
    data = _native(array)
    return data[()] if data.ndim == 0 else None


def _parameter(array: Any) -> Any:
    import torch

    return torch.nn.Parameter(_native(array), requires_grad=False)


def _variable(array: Any) -> Any:
    import tensorflow as tf

    return tf.Variable(_native(array))


#: backend -> (what the secondary type is, native array -> it, or None where the array stays as it is).
SECONDARY: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "numpy": ("a NumPy scalar", _numpy_scalar),
    "torch": ("a torch.nn.Parameter", _parameter),
    "tensorflow": ("a tf.Variable", _variable),
    "jax": ("a jax.jit tracer", lambda array: None),  # made by _jit_pairs
}


@dataclass
class Materialiser:
    """:func:`differential.run`'s hook: each array of the backend made the secondary type (``pa.Array(...)`` of it
    where ``wrapped``); ``count`` says how many were."""

    make: Callable[[Any], Any]
    wrapped: bool
    count: int = 0

    def __call__(self, built: Any, arr: Arr) -> Any:
        made = self.make(built)
        if made is None:
            return built
        self.count += 1
        return pa.Array(made) if self.wrapped else made


# -- the outcomes ------------------------------------------------------------------------------


@dataclass
class Pair:
    """One call made with the main type and with a secondary one."""

    call: Call
    how: str
    main: Outcome
    got: Outcome
    secondary: int  # how many arrays of the secondary type the call received


def _pairs(call: Call, backend: str) -> Iterator[Pair]:
    """``call`` on ``backend`` with the main type and with the secondary one, in array mode (passed as they are,
    and wrapped in ``pa.Array``) and in native mode."""
    what, make = SECONDARY[backend]
    before = pa.array_mode()
    try:
        for mode in (True, False):
            pa.set_array_mode(mode)
            main = run(call, backend)
            for wrapped in (False, True) if mode else (False,):
                materialise = Materialiser(make, wrapped)
                got = run(call, backend, materialise=materialise)
                how = f"{'pa.Array(' + what + ')' if wrapped else what}, {'array' if mode else 'native'} mode"
                yield Pair(call, how, main, got, materialise.count)
    finally:
        pa.set_array_mode(before)


# JAX: the call inside jax.jit.


def _arrays_out(result: Any, arrays: list[Any]) -> Any:
    """``result`` with each array (``pa.Array`` or native) replaced by its place in ``arrays``, where it is put."""
    import jax

    if isinstance(result, pa.Array):
        arrays.append(result.data)
        return ("pa.Array", len(arrays) - 1)
    if isinstance(result, jax.Array):
        arrays.append(result)
        return ("native", len(arrays) - 1)
    if isinstance(result, (list, tuple)):
        items = [_arrays_out(item, arrays) for item in result]
        return ("sequence", type(result), items)
    return ("value", result)


def _arrays_in(tree: Any, arrays: list[Any]) -> Any:
    """The result :func:`_arrays_out` took apart, with the arrays ``jax.jit`` computed."""
    if tree[0] == "pa.Array":
        return pa.Array(arrays[tree[1]])
    if tree[0] == "native":
        return arrays[tree[1]]
    if tree[0] == "sequence":
        kind, items = tree[1], [_arrays_in(item, arrays) for item in tree[2]]
        return kind(*items) if hasattr(kind, "_fields") else kind(items)
    return tree[1]


#: The ways the call is made inside jax.jit: (how, array mode, tracers wrapped in pa.Array).
JIT_WAYS = (
    ("tracers, array mode", True, False),
    ("pa.Array(tracer), array mode", True, True),
    ("tracers, native mode", False, False),
)


def _program(closed: Any) -> str:
    """A traced program (a ``ClosedJaxpr``) as text: its equations and the values of its constants."""
    consts = [(np.asarray(c).dtype.str, np.shape(c), np.asarray(c).tobytes()) for c in closed.consts]
    return f"{closed.jaxpr}\n{consts!r}"


def _jit_pairs(call: Call) -> Iterator[Pair]:
    """``call`` made eagerly (in each mode) and inside ``jax.jit``, once per way of :data:`JIT_WAYS`.

    Each way is traced first (``jax.make_jaxpr``); ways that trace to the same program share one compilation,
    which is most of the time a call takes.
    """
    import jax

    arrays: list[Any] = []

    def collect(built: Any, arr: Arr) -> Any:
        arrays.append(_native(built))
        return built

    def traced(mode: bool, wrapped: bool, made: list[Any]) -> Callable[..., list[Any]]:
        """The jitted function: the call made with the tracers in place of its arrays; ``made`` receives its outcome
        and the structure of its result (None after an error)."""

        def function(*tracers: Any) -> list[Any]:
            pa.set_array_mode(mode)
            given = iter(tracers)
            outcome = run(call, "jax", materialise=lambda built, arr: pa.Array(next(given)) if wrapped else next(given))
            out: list[Any] = []
            made[:] = [outcome, None if outcome.error is not None else _arrays_out(outcome.result, out)]
            return out

        return function

    computed: dict[str, list[Any]] = {}  # the results of each program compiled
    before = pa.array_mode()
    try:
        pa.set_array_mode(True)
        eager = {True: run(call, "jax", materialise=collect)}
        pa.set_array_mode(False)
        eager[False] = run(call, "jax")
        for how, mode, wrapped in JIT_WAYS:
            made: list[Any] = []
            function = traced(mode, wrapped, made)
            try:
                program = _program(jax.make_jaxpr(function)(*arrays))
                if made[1] is not None and program not in computed:
                    computed[program] = jax.jit(function)(*arrays)
                outcome, tree = made
            except Exception as error:  # an error of JAX's own, outside polyarray's calls: a finding too
                outcome, tree = Outcome(error=error), None
            if tree is not None:
                outcome = Outcome(result=_arrays_in(tree, computed[program]))
            yield Pair(call, f"inside jax.jit: {how}", eager[mode], outcome, len(arrays))
    finally:
        pa.set_array_mode(before)


# -- what is expected ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """A documented difference: where ``applies`` to a call of ``functions`` on ``backend`` (that received an array
    of the secondary type, where ``needs_secondary``), the secondary type's outcome must pass ``check`` (which
    returns what is wrong, or None) instead of agreeing."""

    backend: str
    functions: frozenset[str]
    why: str
    check: Callable[[Pair], str | None]
    applies: Callable[[Call], bool] = lambda call: True
    needs_secondary: bool = True


def _raises_in_jit(word: str) -> Callable[[Pair], str | None]:
    """Where the eager call returned, the jitted one raises a ``pa.PolyarrayTypeError`` naming ``word`` (JAX's
    reason); where it raised, the jitted one raises the same class."""

    def check(pair: Pair) -> str | None:
        if pair.main.error is not None:
            if pair.got.error is not None and type(pair.got.error) is type(pair.main.error):
                return None
            return f"expected a {type(pair.main.error).__name__}, as the eager call raised"
        error = pair.got.error
        if isinstance(error, pa.PolyarrayTypeError) and word in str(error):
            return None
        return f"expected a pa.PolyarrayTypeError naming {word}"

    return check


def _repeats_an_array(call: Call) -> bool:
    repeats = call.args[1] if len(call.args) > 1 else call.kwargs.get("repeats")
    return isinstance(repeats, Arr)


def _bool_by_constant(call: Call) -> bool:
    """A bool array divided by, or multiplied with, a Python float (the constant of a jitted function)."""
    x1, x2 = (*call.args, None, None)[:2]
    pairs = [(x1, x2)] if call.function == "divide" else [(x1, x2), (x2, x1)]
    return any(isinstance(a, Arr) and a.dtype == "bool" and type(b) is float for a, b in pairs)


def _false_times_constant_is_zero(pair: Pair) -> str | None:
    """The jitted result is the eager one, or differs from it only by 0 where the eager one is NaN at a False
    element: XLA simplifies ``convert(bool) * c`` (and ``/ c``, a product with ``1 / c``) to ``select(bool, c, 0)``,
    which is 0 for False also where ``c`` is infinite or NaN (``jax.jit(lambda b: b.astype(float) * jnp.inf)``
    gives 0 where ``0 * inf`` is NaN; JAX's own, not polyarray's)."""
    verdict = compare(pair.call, "jax", pair.main, pair.got, same_backend=True)
    if verdict.kind is None:
        return None
    if verdict.kind != "value":
        return f"{verdict.kind}: {verdict.detail}"
    bools = next(a.values for a in pair.call.args[:2] if isinstance(a, Arr) and a.dtype == "bool")
    eager, jitted = (np.asarray(pa.to_numpy(pa.asarray(o.result))) for o in (pair.main, pair.got))
    expected = np.where(~np.broadcast_to(bools, eager.shape) & np.isnan(eager), 0.0, eager)
    return None if np.array_equal(jitted, expected, equal_nan=True) else f"value: {verdict.detail}"


#: What differs inside ``jax.jit``, each with what is asserted instead of agreement. A result whose shape depends on
#: the values cannot be traced (docs/tracing.md, "Data-dependent shapes"; plugins/polyarray-jax/README.md, "Inside
#: jax.jit"), also of an array of another backend converted there (every JAX operation inside jax.jit is traced); a
#: traced array's values or buffer cannot be read (docs/architecture.md: what needs the values of an array without
#: values raises); and XLA's own simplification of a bool operand times a constant.
JIT_DIFFERENCES = (
    Expected(
        "jax",
        frozenset({"nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values"}),
        "the result's shape depends on the values, which a traced array does not have",
        _raises_in_jit("ConcretizationTypeError"),
        needs_secondary=False,
    ),
    Expected(
        "jax",
        frozenset({"repeat"}),
        "repeated by an array of counts, the result's shape depends on the counts' values",
        _raises_in_jit("ConcretizationTypeError"),
        _repeats_an_array,
        needs_secondary=False,
    ),
    Expected(
        "jax",
        frozenset({"divide", "multiply"}),
        "XLA computes False times an infinite or NaN constant as 0 (a simplification of its own)",
        _false_times_constant_is_zero,
        _bool_by_constant,
    ),
    Expected(
        "jax",
        frozenset({"to_numpy"}),
        "a NumPy array of a traced array needs its values",
        _raises_in_jit("TracerArrayConversionError"),
    ),
    Expected(
        "jax",
        frozenset({"from_dlpack"}),
        "DLPack hands over an array's buffer, which a traced array does not have",
        _raises_in_jit("__dlpack__"),
    ),
)


#: What an eager call on JAX raises when a check of values fails: the checks JAX's plugin skips inside ``jax.jit``
#: (plugins/polyarray-jax/README.md, "Inside jax.jit": index bounds, singular matrices, matrices that are not
#: positive definite, negative integer powers), where JAX's own result (clipped indices, NaN or infinite values)
#: stands, and ``matrix_rank`` of a matrix holding NaN (docs/architecture.md, ``handle_nan_matrices``: where the
#: values cannot be read, the call is left to the framework).
VALUE_CHECK_MESSAGES = (
    "Singular matrix", "Matrix is not positive definite", "out of bounds for axis",
    "Integers to negative integer powers are not allowed", "a matrix holding NaN has no",
)  # fmt: skip
#: The functions that give NaN for each matrix holding NaN, except inside ``jax.jit`` (the same section).
NAN_MATRIX_FUNCTIONS = frozenset(d.qualname for d in DECLARATIONS.values() if "handle_nan_matrices" in d.wrappers)


def _value_check_skipped(pair: Pair, verdict: Verdict) -> bool:
    """Whether the jitted call differs from the eager one only as the checks of values skipped inside ``jax.jit``
    make it differ: the eager call raised one of :data:`VALUE_CHECK_MESSAGES` where the jitted one returned, or a
    function of :data:`NAN_MATRIX_FUNCTIONS` gave other values (same dtype and shape) for a matrix holding NaN."""
    if verdict.kind == "returned only here":
        return any(message in str(pair.main.error) for message in VALUE_CHECK_MESSAGES)
    return verdict.kind == "value" and pair.call.function in NAN_MATRIX_FUNCTIONS and _matrix_with_nan(pair.call)


def _expected(pair: Pair, backend: str) -> Expected | None:
    for expected in JIT_DIFFERENCES:
        if (
            expected.backend == backend
            and pair.call.function in expected.functions
            and (pair.secondary or not expected.needs_secondary)
            and expected.applies(pair.call)
        ):
            return expected
    return None


def _result_kinds(result: Any, backend: str) -> Any:
    """The structure of ``result`` with each array named by kind: ``pa.Array`` or native (of ``backend``)."""
    if isinstance(result, pa.Array):
        return "pa.Array"
    if isinstance(result, pa.get_backend(backend).native_array_types):
        return "native"
    if isinstance(result, (list, tuple)):
        return (type(result).__name__, [_result_kinds(item, backend) for item in result])
    return type(result).__name__


def judge(pair: Pair, backend: str) -> str | None:
    """What is wrong with ``pair`` (None: the secondary type's outcome is the main type's, or as expected)."""
    expected = _expected(pair, backend)
    if expected is not None:
        wrong = expected.check(pair)
        return None if wrong is None else f"{wrong} ({expected.why})"
    verdict = compare(pair.call, backend, pair.main, pair.got, same_backend=True)
    if backend == "jax" and _value_check_skipped(pair, verdict):
        return None
    if verdict.kind is not None or verdict.unsupported:
        return f"{verdict.kind or 'unsupported'}: {verdict.detail}"
    if pair.main.error is None:
        kinds = _result_kinds(pair.main.result, backend), _result_kinds(pair.got.result, backend)
        if kinds[0] != kinds[1]:
            return f"result kind: {kinds[1]}, where the main type gives {kinds[0]}"
    return None


# -- the tests ---------------------------------------------------------------------------------


def _arr(values: Any, dtype: str) -> Arr:
    return Arr(np.asarray(values, dtype=dtype), dtype)


_NAN_MATRIX = [[np.nan, 1.0, 0.5], [0.25, 4.0, -0.5], [0.125, -1.0, 4.0]]
#: Calls made on every backend besides the drawn ones: the calls in which a secondary type once gave another
#: outcome than the main type (each named with what went wrong).
KNOWN_CALLS = {
    # tf.Variable has no ndim: the fast path's rank comparison raised AttributeError (f446a8d).
    "matmul": [Call("matmul", (_arr([[1.0, 2.0], [3.0, 4.0]], "float32"), _arr([[0.5], [2.0]], "float32")), {})],
    # The integer checks read no rank of a tf.Variable: axes out of range reached TensorFlow (or nothing refused them).
    "median": [Call("median", (_arr([69014, 69014, 1000], "int32"),), {"axis": 3})],
    "split": [Call("split", (_arr(np.arange(6.0).reshape(1, 2, 3), "float32"), [-3, 0, 0]), {"axis": -6})],
    "fft.fftn": [Call("fft.fftn", (_arr(np.ones((3, 3, 1)), "complex128"),), {"axes": 5})],
    # handle_nan_matrices read a tf.Variable vector as a matrix (ndim missing): the NaN result had a shape (1, 3).
    "linalg.solve": [Call("linalg.solve", (_arr(_NAN_MATRIX, "float64"), _arr([1.0, 2.0, 3.0], "float64")), {})],
    # NumPy scalars have no __dlpack__: np.from_dlpack refused them.
    "from_dlpack": [Call("from_dlpack", (_arr(120, "int8"),), {})],
    # Inside jax.jit, False * inf is 0 (XLA's simplification; JIT_DIFFERENCES says what is asserted).
    "divide": [Call("divide", (_arr([False, True], "bool"), 0.0), {})],
    "multiply": [Call("multiply", (float("nan"), _arr([[True], [False]], "bool")), {})],
}


def _backend_calls(function: str, backend: str) -> list[Call]:
    """The calls of ``function`` made on ``backend``: the drawn ones (the valid-looking half of them on JAX), the
    scalarised first one on NumPy, and :data:`KNOWN_CALLS`."""
    calls = list(drawn_calls(function))
    if backend == "jax":
        import jax

        calls = [*calls[: max(1, len(calls) // 2)], *KNOWN_CALLS.get(function, ())]
        if not jax.config.read("jax_enable_x64"):
            # Outside JAX's 64-bit mode its arrays of 64-bit dtypes cannot be made: the arrays are made 32-bit (an
            # argument asking for a 64-bit dtype stays, and raises alike eagerly and inside jax.jit).
            calls = [Call(function, _narrowed(call.args), _narrowed(call.kwargs)) for call in calls]
        return calls
    if backend == "numpy":
        first = calls[0]
        calls.append(Call(function, _scalarised(first.args), _scalarised(first.kwargs)))
    return [*calls, *KNOWN_CALLS.get(function, ())]


def _made(function: str, backend: str) -> Iterator[Pair]:
    for call in _backend_calls(function, backend):
        yield from _jit_pairs(call) if backend == "jax" else _pairs(call, backend)


def _report(pair: Pair, backend: str, wrong: str) -> str:
    return (
        f"[{backend}, {pair.how}] {pair.call!r}\n    main type: {describe(pair.main)}\n"
        f"    secondary: {describe(pair.got)}\n    {wrong[:400]}"
    )


@pytest.mark.parametrize("function", FUNCTIONS)
def test_secondary_types_give_what_the_main_type_gives(polyarray_backends, function):
    problems = []
    for backend in polyarray_backends:
        if backend not in SECONDARY:
            continue  # no secondary type (dask: test_every_declared_native_type_is_covered)
        received = 0
        for pair in _made(function, backend):
            received += pair.secondary
            wrong = judge(pair, backend)
            if wrong is not None:
                problems.append(_report(pair, backend, wrong))
        assert received, f"no call of {function} passed an array of the secondary type on {backend}"
    assert not problems, "\n".join(problems)


def test_the_functions_left_out_take_no_array():
    assert set(fuzzed_functions()) - set(FUNCTIONS) == NO_ARRAY_PARAMETER


def _declared_types(backend: str) -> dict[type, str]:
    """What each native array type ``backend`` may declare is, and where this module covers it."""
    if backend == "numpy":
        return {np.ndarray: "main", np.generic: "NumPy scalars (SECONDARY)"}
    if backend == "torch":
        import torch

        return {torch.Tensor: "main", torch.nn.Parameter: "a module's parameters (SECONDARY)"}
    if backend == "jax":
        import jax
        import jax.numpy as jnp

        return {
            type(jnp.zeros(1)): "main",
            jax.Array: "the base class of the main type and of tracers",
            jax.core.Tracer: "tracers inside jax.jit (_jit_pairs)",
        }
    if backend == "tensorflow":
        import tensorflow as tf

        return {
            type(tf.constant(1)): "main",
            tf.Tensor: "symbolic tensors inside tf.function: not covered here (tracing each function would cost "
            "seconds); tests/frameworks/test_framework_compilers.py traces a program",
            tf.Variable: "tf.Variable (SECONDARY)",
        }
    if backend == "dask":
        import dask.array as da

        return {da.Array: "main"}
    return {}


def test_every_declared_native_type_is_covered(polyarray_backends):
    """A backend that declares another native type fails here until this module covers it (or says why not)."""
    for backend in polyarray_backends:
        declared = pa.get_backend(backend).native_array_types
        covered = _declared_types(backend)
        assert covered, f"{backend}: a backend this module does not know"
        assert declared[0] in covered and covered[declared[0]] == "main", (backend, declared)
        assert set(declared) <= set(covered), (backend, set(declared) - set(covered))
        assert (backend in SECONDARY) == (len(declared) > 1), backend
    if "torch" in polyarray_backends:
        import torch

        # Declared, so the fast path takes a module's parameters (an instance of the other class it matches).
        assert pa.get_backend("torch").native_array_types == (torch.Tensor, torch.nn.Parameter)


def test_what_pa_asarray_and_pa_array_make_of_a_secondary_type(polyarray_backends):
    """``pa.asarray`` gives an array of the backend with the same values; it keeps a Parameter and converts a NumPy
    scalar or a tf.Variable to the main type. ``pa.Array(x)`` wraps any of them as it is."""
    values = np.asarray([[1.5, -2.0], [0.0, 4.0]], dtype=np.float32)
    for backend in polyarray_backends:
        if backend == "jax":
            _check_jax_asarray(values)
            continue
        if backend not in SECONDARY:
            continue
        main = pa.get_backend(backend).native_array_types[0]
        secondary = SECONDARY[backend][1](pa.asarray(values if backend != "numpy" else values[0, 0], backend=backend))
        made, wrapped = pa.asarray(secondary), pa.Array(secondary)
        assert made.backend.name == wrapped.backend.name == backend
        assert wrapped.data is secondary
        np.testing.assert_array_equal(pa.to_numpy(made), np.asarray(pa.to_numpy(wrapped)))
        assert made.dtype == wrapped.dtype == pa.float32
        if backend == "torch":
            assert made.data is secondary  # kept: a Parameter is a torch.Tensor
        else:
            assert type(made.data) is main, (backend, type(made.data))


def _check_jax_asarray(values: np.ndarray) -> None:
    import jax

    seen = []

    def function(x: Any) -> Any:
        made, wrapped = pa.asarray(x), pa.Array(x)
        seen.append((made.data is x, wrapped.data is x, made.backend.name, isinstance(x, jax.core.Tracer)))
        return made.data + wrapped.data

    np.testing.assert_array_equal(np.asarray(jax.jit(function)(values)), values * 2)
    assert seen == [(True, True, "jax", True)]


# -- the harness itself ---------------------------------------------------------------------------


def test_the_judgement_catches_each_kind_of_difference():
    call = Call("add", (), {})
    one = Outcome(result=pa.asarray([1.0, 2.0]))
    assert judge(Pair(call, "", one, Outcome(result=pa.asarray([1.0, 2.0])), 1), "numpy") is None
    assert judge(Pair(call, "", one, Outcome(result=pa.asarray([1.0, 2.5])), 1), "numpy").startswith("value")
    wrong_dtype = Outcome(result=pa.asarray([1.0, 2.0], dtype=pa.float32))
    assert judge(Pair(call, "", one, wrong_dtype, 1), "numpy").startswith("dtype")
    native = Outcome(result=np.asarray([1.0, 2.0]))
    assert judge(Pair(call, "", one, native, 1), "numpy").startswith("result kind")
    axis_error, value_error = pa.PolyarrayAxisError("a"), pa.PolyarrayValueError("v")
    assert judge(Pair(call, "", Outcome(error=axis_error), Outcome(error=value_error), 1), "numpy").startswith(
        "error class"
    )
    unsupported = Outcome(error=pa.UnsupportedDtypeError("add", "numpy", "uint64"))
    assert judge(Pair(call, "", one, unsupported, 1), "numpy").startswith("raised only here")
    assert judge(Pair(call, "", Outcome(error=axis_error), unsupported, 1), "numpy").startswith("error class")


def test_a_documented_jit_difference_is_checked_not_skipped():
    unique = Call("unique_values", (_arr([1, 1], "int32"),), {})
    eager = Outcome(result=pa.asarray([1], dtype=pa.int32))
    concretization = pa.PolyarrayTypeError("pa.unique_values failed on the jax backend: ConcretizationTypeError: ...")
    assert judge(Pair(unique, "", eager, Outcome(error=concretization), 1), "jax") is None
    assert judge(Pair(unique, "", eager, eager, 1), "jax") is not None  # it must raise inside jax.jit
    other = Outcome(error=pa.PolyarrayValueError("something else"))
    assert judge(Pair(unique, "", eager, other, 1), "jax") is not None
    solve = Call("linalg.solve", (_arr(_NAN_MATRIX, "float64"), _arr([1.0, 2.0, 3.0], "float64")), {})
    singular = Outcome(error=pa.PolyarrayValueError("pa.linalg.solve failed on the jax backend: Singular matrix"))
    nan = Outcome(result=pa.asarray([np.nan, np.nan, np.nan]))
    assert judge(Pair(solve, "", singular, nan, 1), "jax") is None
    assert judge(Pair(solve, "", Outcome(error=pa.PolyarrayValueError("shapes")), nan, 1), "jax") is not None
    divide = KNOWN_CALLS["divide"][0]  # results of NumPy's type stand for JAX's (no JAX in a NumPy-only run)
    eager = Outcome(result=np.asarray([np.nan, np.inf]))
    assert judge(Pair(divide, "", eager, Outcome(result=np.asarray([0.0, np.inf])), 1), "jax") is None
    assert judge(Pair(divide, "", eager, Outcome(result=np.asarray([1.0, np.inf])), 1), "jax") is not None
    assert judge(Pair(divide, "", eager, Outcome(result=np.asarray([0.0, 0.0])), 1), "jax") is not None


def test_the_drawn_calls_are_the_same_on_every_run():
    drawn_calls.cache_clear()
    first = [repr(call) for call in drawn_calls("add")]
    drawn_calls.cache_clear()
    assert [repr(call) for call in drawn_calls("add")] == first
    assert len(first) == EXAMPLES
