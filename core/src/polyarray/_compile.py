"""Traced functions: ``pa.trace`` as a decorator and ``pa.compile``, with a cache keyed like ``jax.jit``'s.

A :class:`TracedFunction` traces its function on the first call for each
kind of arguments — the backend, the structure of the arguments, the value
of every non-array (and static) argument, each array's dtype and shape (or
rank), whether it is a ``pa.Array``, array mode and the default dtypes and
device — and replays the graph on later calls of that kind. ``pa.compile``
also hands each graph's calls to the backend's compiler (the plugin's
``compile_function`` support hook: ``jax.jit``, ``torch.compile``,
``tf.function``); a backend without one replays.

The last kind of call used is checked first by the replay's own generated
check (class, dtype and shape of each array), so a loop calling a traced
function with arrays of one kind pays no key computation.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from . import _devices, _dtypes
from ._array import Array
from ._config import settings
from ._container import Container
from ._errors import PolyarrayValueError, TracingError
from ._graph import CONTAINER, DICT, LEAF, NAMEDTUPLE, ArrayInput, Graph, Static, regenerate
from ._trace import TracedArray, array_leaves, backend_of_arrays, input_tree, trace_graph

if TYPE_CHECKING:
    from ._backend import Backend

__all__ = ["TracedFunction", "static_positions"]

SHAPES = ("exact", "rank")


def static_positions(
    fn: Callable[..., Any], static_argnums: int | Iterable[int], static_argnames: str | Iterable[str]
) -> tuple[frozenset[int], frozenset[str]]:
    """The static arguments by position and by name, each also found by the other through ``fn``'s signature."""
    numbers = {static_argnums} if isinstance(static_argnums, int) else set(static_argnums)
    names = {static_argnames} if isinstance(static_argnames, str) else set(static_argnames)
    for number in numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            raise PolyarrayValueError(f"static_argnums holds positions (ints), not {number!r}.")
    try:
        import inspect

        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for number in list(numbers):
        if number < 0 and positional:
            numbers.discard(number)
            number += len(positional)
            numbers.add(number)
        if 0 <= number < len(positional) and positional[number].kind is positional[number].POSITIONAL_OR_KEYWORD:
            names.add(positional[number].name)
    for index, parameter in enumerate(positional):
        if parameter.name in names:
            numbers.add(index)
    return frozenset(numbers), frozenset(names)


class _Entry:
    """One traced kind of call: its graph, the fast ``run`` and ``body`` (replayed or compiled), and its context."""

    __slots__ = ("arity", "body", "defaults", "device", "graph", "mode", "run")

    def __init__(self, graph: Graph, run: Callable[..., Any] | None, body: Callable[..., Any]) -> None:
        self.graph = graph
        self.run = run
        self.body = body
        self.arity = graph._arity if run is not None else -1
        self.mode = settings.array_mode
        #: This context's default dtypes and device as the context variables hold them (compared by identity).
        self.defaults = _dtypes.DEFAULTS.get(_dtypes.process_defaults)
        self.device = _devices.DEVICE.get(_devices.process_device)


class TracedFunction:
    """A function traced on its first call for each kind of arguments, then replayed (or run compiled).

    Made by ``pa.trace(fn)`` (or ``@pa.trace``) and ``pa.compile(fn)``. Calls
    take and return what ``fn`` does. :meth:`graph` gives the graph a call
    would replay; :attr:`graphs` lists those traced so far.

    >>> norm = pa.trace(lambda x: pa.sqrt(pa.sum(x * x)))
    >>> norm(pa.asarray([3.0, 4.0])), norm(pa.asarray([6.0, 8.0]))
    (Array(5., backend=numpy, dtype=float64), Array(10., backend=numpy, dtype=float64))
    >>> norm.graphs
    [<pa.Graph <lambda> on numpy: 1 array inputs, 3 calls, 1 array outputs>]
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        *,
        static_argnums: int | Iterable[int] = (),
        static_argnames: str | Iterable[str] = (),
        shapes: str = "exact",
        backend: str | Backend | None = None,
        compile: bool = False,  # noqa: A002 - pa.compile's
        dynamic: bool | None = None,
        compiled_by: bool | None = None,
    ) -> None:
        if not callable(fn):
            raise PolyarrayValueError(f"pa.trace and pa.compile take a function, not {type(fn).__name__}.")
        if shapes not in SHAPES:
            raise PolyarrayValueError(f"shapes= is 'exact' or 'rank', not {shapes!r}.")
        functools.update_wrapper(self, fn)
        self.__wrapped__ = fn
        self._function = fn
        self._numbers, self._names = static_positions(fn, static_argnums, static_argnames)
        self._rank_only = shapes == "rank"
        self._backend = backend
        self._compile = compile
        #: Whether pa.compile made it (True: with the backend's compiler, False: replaying), None: pa.trace.
        self._compiles = compiled_by
        self._dynamic = dynamic
        self._entries: dict[Any, list[_Entry]] = {}
        self._last: _Entry | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        kind = "pa.compile" if self._compiles is not None else "pa.trace"
        return f"<{kind} of {getattr(self._function, '__qualname__', self._function)!r}: {len(self.graphs)} graphs>"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        """Bound to an instance like a method (the instance is the first, static, argument)."""
        if instance is None:
            return self
        return functools.partial(self, instance)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        entry = self._last
        if (
            entry is not None
            and len(args) == entry.arity
            and not kwargs
            and entry.mode is settings.array_mode
            and _dtypes.DEFAULTS.get(_dtypes.process_defaults) is entry.defaults
            and _devices.DEVICE.get(_devices.process_device) is entry.device
        ):
            return entry.run(*args)  # type: ignore[misc]  # pyright: ignore[reportOptionalCall]  # arity -1 without run
        return self._call(args, kwargs)

    @property
    def graphs(self) -> list[Graph]:
        """The graphs traced so far, oldest first."""
        return [entry.graph for entries in self._entries.values() for entry in entries]

    def graph(self, *args: Any, **kwargs: Any) -> Graph:
        """The graph a call with these arguments replays (traced now if it is a new kind of call)."""
        return self._entry(args, kwargs)[0].graph

    def _call(self, args: tuple, kwargs: dict[str, Any]) -> Any:
        if _holds_traced(args, kwargs):
            return self._function(*args, **kwargs)  # inside another trace: its calls are recorded there
        entry, natives = self._entry(args, kwargs)
        self._last = entry
        return entry.graph.outputs_from(entry.body(*natives))

    def _entry(self, args: tuple, kwargs: dict[str, Any]) -> tuple[_Entry, list[Any]]:
        tree = input_tree(args, kwargs, self._numbers, self._names)
        arrays = array_leaves(args, kwargs, tree)
        backend = backend_of_arrays(arrays, self._backend)
        key = self._key(tree, arrays, backend)
        with self._lock:
            entries = self._entries.setdefault(key, [])
            for entry in entries:
                try:
                    return entry, entry.graph.check_arguments(args, kwargs)
                except TracingError:
                    continue
        graph = trace_graph(
            self._function,
            args,
            kwargs,
            backend=backend,
            static_argnums=self._numbers,
            static_argnames=self._names,
            rank_only=self._rank_only,
        )
        entry = self._make_entry(graph)
        with self._lock:
            self._entries.setdefault(key, []).append(entry)
        return entry, entry.graph.check_arguments(args, kwargs)

    def _make_entry(self, graph: Graph) -> _Entry:
        miss = self._miss
        if self._compile:
            specialises = graph.backend.info.compiler_specialises
            function = graph.compiler_body(signature_checked=specialises)
            compiled = graph.backend.raw.compile_function(function, dynamic=self._dynamic)
            if compiled is not None:
                run, body = regenerate(graph, compiled, miss, signature_checked=specialises)
                return _Entry(graph, run, body)
        run, body = regenerate(graph, None, miss)
        return _Entry(graph, run, body)

    def _miss(self, args: tuple, kwargs: dict[str, Any]) -> Any:
        return self._call(args, kwargs)

    def _key(self, tree: tuple, arrays: list[Any], backend: Backend) -> Any:
        described = []
        for array in arrays:
            native = array.data if isinstance(array, Array) else array
            shape = tuple(native.shape)
            described.append((isinstance(array, Array), native.dtype, len(shape) if self._rank_only else shape))
        return (
            backend.name,
            id(backend),
            settings.array_mode,
            tuple((kind, dtype.name) for kind, dtype in _dtypes.default_dtypes().items()),
            _devices.default_device(),
            _hashable(tree),
            tuple(described),
        )


def _hashable(tree: tuple) -> Any:
    """The structure of a call and its static values, as a key (a static value must be hashable)."""
    kind, extra, children = tree
    if kind == LEAF:
        if isinstance(extra, ArrayInput):
            return "array"
        value = extra.value if isinstance(extra, Static) else extra
        try:
            hash(value)
        except TypeError:
            raise TracingError(
                f"An argument the tracer cannot hold: {type(value).__name__} {_short(value)} is neither an array "
                f"nor a hashable value; pass arrays (or tuples, lists, dicts and Containers of them) and hashable "
                f"constants (numbers, strings, None, dtypes), or compute it inside the function."
            ) from None
        return (type(value), value)
    head: Any = kind
    if kind in (DICT, NAMEDTUPLE, CONTAINER):
        head = (kind, extra)
    return (head, tuple(_hashable(child) for child in children))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _holds_traced(args: tuple, kwargs: dict[str, Any]) -> bool:
    """Whether a call's arguments hold a traced array (a traced function called inside another trace)."""

    def visit(value: Any) -> bool:
        if isinstance(value, (TracedArray, Array)):
            return isinstance(value.data if isinstance(value, Array) else value, TracedArray)
        cls = value.__class__
        if cls is tuple or cls is list:
            return any(visit(item) for item in value)
        if cls is dict:
            return any(visit(item) for item in value.values())
        if isinstance(value, Container):
            return any(visit(item) for item in value._data.values())
        return False

    return visit(args) or visit(kwargs)
