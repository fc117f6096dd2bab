"""Graphs of backend calls, as ``pa.trace`` records them, and their replay.

A :class:`Graph` holds what a traced function computed, as calls of one
backend's raw implementations (``backend.raw``: what the wrappers call at
their innermost point) and of the framework's own operators and indexing:
its inputs (the array leaves of the arguments), its nodes in the order they
ran (only those that feed an output), the constants they captured, and how
the outputs are made of the nodes' values. ``_trace.py`` records one;
nothing here imports it.

Replaying a graph calls each node's target — the raw implementation, or
the framework callable a plugin's direct mark says the implementation only
forwards to — with no dispatch and no wrappers, through a function made once
from the graph as straight-line Python source (one statement per node, as a
hand-written program would be written). A loop over the nodes costs about
a tenth of a microsecond a node more, which on small arrays (an operation of
NumPy on 64x8 floats takes under a microsecond) is more than the replay's
whole budget; the source is kept (``graph.code``) and registered with
``linecache``, so tracebacks through a replay show its lines.

The same graph replays on another backend (:meth:`Graph.to_backend`): each
node's target is looked up there by the function's qualified name, and the
captured constants and dtypes are converted to the other framework's.
"""

from __future__ import annotations

import collections
import importlib
import itertools
import keyword
import linecache
import math
import operator
import threading
import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from . import _choice
from ._array import Array, wrap_native
from ._container import Container
from ._errors import PolyarrayError, PolyarrayValueError, TracingError
from ._fastpath import _direct, _guarded_direct

if TYPE_CHECKING:
    from ._backend import Backend

__all__ = ["Graph", "Node", "Value", "flatten", "unflatten", "resolve_target"]


# -- nests: the structure of arguments and results -----------------------------------------------

#: Kinds of tree nodes (a tree is ``(kind, extra, children)``; a leaf's ``extra`` is its spec).
LEAF, TUPLE, NAMEDTUPLE, LIST, DICT, CONTAINER = range(6)


def flatten(value: Any, leaf: Callable[[Any], Any]) -> tuple:
    """The tree of ``value``: tuples, lists, dicts and Containers are walked, ``leaf(x)`` gives each leaf's spec."""
    cls = value.__class__
    if cls is tuple:
        return (TUPLE, None, tuple(flatten(item, leaf) for item in value))
    if cls is list:
        return (LIST, None, tuple(flatten(item, leaf) for item in value))
    if cls is dict:
        return (DICT, (dict, tuple(value)), tuple(flatten(item, leaf) for item in value.values()))
    if isinstance(value, Container):
        data = value._data
        return (CONTAINER, tuple(data), tuple(flatten(item, leaf) for item in data.values()))
    if isinstance(value, tuple) and hasattr(cls, "_fields"):
        return (NAMEDTUPLE, cls, tuple(flatten(item, leaf) for item in value))
    if isinstance(value, dict):
        return (DICT, (cls, tuple(value)), tuple(flatten(item, leaf) for item in value.values()))
    return (LEAF, leaf(value), ())


def unflatten(tree: tuple, leaf: Callable[[Any], Any]) -> Any:
    """The value a tree describes, with ``leaf(spec)`` for each leaf."""
    kind, extra, children = tree
    if kind == LEAF:
        return leaf(extra)
    items = [unflatten(child, leaf) for child in children]
    if kind == TUPLE:
        return tuple(items)
    if kind == LIST:
        return items
    if kind == NAMEDTUPLE:
        return extra(*items)
    if kind == DICT:
        cls, keys = extra
        return cls(zip(keys, items))
    return Container(dict(zip(extra, items)))


def leaves(tree: tuple) -> Iterator[Any]:
    """The specs of a tree's leaves, in order."""
    kind, extra, children = tree
    if kind == LEAF:
        yield extra
    for child in children:
        yield from leaves(child)


def describe_tree(tree: tuple) -> str:
    """A short text of a tree's structure (``(array, array, 3)``) for error messages."""
    kind, extra, children = tree
    if kind == LEAF:
        return extra.describe() if hasattr(extra, "describe") else repr(extra)
    inner = ", ".join(describe_tree(c) for c in children)
    if kind == TUPLE:
        return f"({inner}{',' if len(children) == 1 else ''})"
    if kind == LIST:
        return f"[{inner}]"
    if kind == NAMEDTUPLE:
        return f"{extra.__name__}({inner})"
    keys = extra[1] if kind == DICT else extra
    body = ", ".join(f"{k!r}: {describe_tree(c)}" for k, c in zip(keys, children))
    return ("Container(" if kind == CONTAINER else "{") + body + (")" if kind == CONTAINER else "}")


# -- values and nodes ------------------------------------------------------------------------------


class Value:
    """One array of a graph: an input, a node's result, or a captured constant (``data``).

    ``shape`` and ``dtype`` (the framework's) are those of the trace;
    ``primary`` says whether the array was of the backend's first native
    array type (NumPy's ``ndarray`` rather than a NumPy scalar); ``node`` and
    ``path`` say which result of which node it is (``path`` indexes into a
    tuple result).
    """

    __slots__ = ("data", "dtype", "index", "node", "path", "primary", "shape")

    def __init__(self, shape: tuple[int, ...], dtype: Any, primary: bool = True) -> None:
        self.shape = shape
        self.dtype = dtype
        self.primary = primary
        self.node: Node | None = None
        self.path: tuple[int, ...] = ()
        self.index = -1  # the input's position among the graph's array inputs
        self.data: Any = _NO_DATA

    @property
    def is_constant(self) -> bool:
        return self.data is not _NO_DATA

    def __repr__(self) -> str:
        return f"<Value {self.shape} {self.dtype}>"


_NO_DATA: Any = object()
#: A positional argument not given (the generated ``__call__`` takes each as optional).
_MISSING: Any = object()


class Node:
    """One recorded call: ``target(*args, **kwargs)``, giving ``outputs``.

    ``name`` is the qualified name of the backend function (``"add"``,
    ``"linalg.svd"``), ``"get_item"`` for indexing, or ``"operator.<op>"``
    for one of the framework's own operators used on a native array.
    ``args`` and ``kwargs`` hold :class:`Value` objects where arrays went
    (also inside lists and tuples) and the other arguments as they were;
    ``outputs`` is the result with its arrays replaced by values. ``where``
    is the user's line that made the call. ``lowered`` holds the framework calls
    the implementation made, where the plugin could tell (``record_calls``).
    """

    __slots__ = ("args", "kwargs", "lowered", "name", "outputs", "target", "where")

    def __init__(
        self, name: str, target: Callable[..., Any], args: tuple, kwargs: dict[str, Any], where: str | None = None
    ) -> None:
        self.name = name
        self.target = target
        self.args = args
        self.kwargs = kwargs
        self.outputs: Any = None
        self.where = where
        #: ``(calls, result)``: the framework calls the implementation made (nodes of their own) and its result
        #: in their values, which the replay makes instead on this backend (``record_calls``); or None.
        self.lowered: tuple[list[Node], Any] | None = None

    def __repr__(self) -> str:
        return f"<Node {self.name}>"


def values_in(template: Any) -> Iterator[Value]:
    """The values in an argument or output template (lists, tuples and dicts are looked into)."""
    cls = template.__class__
    if cls is Value:
        yield template
    elif cls is tuple or cls is list:
        for item in template:
            yield from values_in(item)
    elif cls is dict:
        for item in template.values():
            yield from values_in(item)


def map_template(template: Any, function: Callable[[Any], Any]) -> Any:
    """``template`` with ``function`` applied to every leaf (values and constants alike)."""
    cls = template.__class__
    if cls is tuple:
        return tuple(map_template(item, function) for item in template)
    if cls is list:
        return [map_template(item, function) for item in template]
    if cls is dict:
        return {key: map_template(item, function) for key, item in template.items()}
    return function(template)


# -- inputs ---------------------------------------------------------------------------------------


class ArrayInput:
    """The spec of an array argument: its position among the inputs, and whether it was a ``pa.Array``."""

    __slots__ = ("index", "wrapped")

    def __init__(self, index: int, wrapped: bool) -> None:
        self.index = index
        self.wrapped = wrapped

    def describe(self) -> str:
        return "array"


class Static:
    """The spec of an argument the graph holds as a constant (compared with the trace's on every call)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def describe(self) -> str:
        return repr(self.value)

    def matches(self, value: Any) -> bool:
        return same_static(value, self.value)


def same_static(a: Any, b: Any) -> bool:
    """Whether a static argument equals the trace's: the same object, or of the same type and equal."""
    if a is b:
        return True
    if a.__class__ is not b.__class__:
        return False
    try:
        return bool(a == b)
    except Exception:
        return False


class OutputValue:
    """The spec of an output leaf that a node computed (or an input passed through)."""

    __slots__ = ("value", "wrapped")

    def __init__(self, value: Value, wrapped: bool) -> None:
        self.value = value
        self.wrapped = wrapped


# -- targets on a backend -------------------------------------------------------------------------

#: ``operator.<name>`` nodes written as operators in the replay's source (and when printed).
INFIX = {
    "add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%", "pow": "**",
    "matmul": "@", "and_": "&", "or_": "|", "xor": "^", "lshift": "<<", "rshift": ">>",
    "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!=",
}  # fmt: skip
PREFIX = {"neg": "-", "pos": "+", "invert": "~", "abs": "abs"}


def raw_function(backend: Backend, name: str) -> Callable[..., Any]:
    """The raw function ``name`` (``"add"``, ``"linalg.svd"``) of ``backend``."""
    namespace: Any = backend.raw
    *path, last = name.split(".")
    for part in path:
        namespace = getattr(namespace, part)
    return getattr(namespace, last)


def resolve_target(backend: Backend, name: str, dtype: Any) -> Callable[..., Any]:
    """What a node named ``name`` calls on ``backend``, for a first array of native ``dtype``.

    A framework operator is itself; indexing is the backend's ``get_item``
    hook, or the framework's own indexing where the plugin keeps the default;
    a backend function is its raw implementation, or the framework callable
    its direct mark names (for that dtype, where the mark names dtypes).
    """
    if name.startswith("operator."):
        return getattr(operator, name[len("operator.") :])
    if name == "get_item" and "get_item" not in backend.native_support:
        return operator.getitem
    function = backend.partial_mixed[name][0] if name in backend.partial_mixed else raw_function(backend, name)
    guarded = _guarded_direct(function)
    if guarded is not None and dtype in guarded[1] and guarded[2] is None:
        return guarded[0]  # (a mark guarded by class too holds for arrays the replay cannot tell apart by dtype)
    return _direct(function)


def _operator_symbol(name: str) -> tuple[str, str] | None:
    if name.startswith("property."):
        return "property", name[len("property.") :]
    if not name.startswith("operator."):
        return None
    op = name[len("operator.") :]
    if op in INFIX:
        return "infix", INFIX[op]
    if op in PREFIX:
        return "prefix", PREFIX[op]
    if op == "getitem":
        return "getitem", ""
    return None


# -- the graph ----------------------------------------------------------------------------------------

_COUNTER = itertools.count()


class Graph:
    """A traced function as a graph of backend calls: call it to replay them, on its backend or another one.

    Made by :func:`pa.trace <polyarray.trace>`. ``graph(*args, **kwargs)``
    takes arguments of the structure, dtypes and shapes of the trace (the
    non-array arguments equal to the trace's) and returns what the function
    returned, computed by the recorded calls alone; ``backend=`` replays on
    another backend (see :meth:`to_backend`). Arguments that differ from the
    trace raise a ``pa.TracingError`` saying how (``pa.trace(fn)`` as a
    decorator traces again instead). ``print(graph)`` shows the calls as
    code; :meth:`to_dot`, :meth:`save` and :meth:`show` draw them,
    :meth:`stats` counts them.

    >>> import numpy as np
    >>> def normalise(x):
    ...     e = pa.exp(x)
    ...     return e / pa.sum(e)
    >>> graph = pa.trace(normalise, np.zeros(3))
    >>> graph.stats()
    {'exp': 1, 'sum': 1, 'divide': 1}
    >>> graph(np.log(np.arange(1.0, 4.0)))
    Array([0.16666667, 0.33333333, 0.5       ], backend=numpy, dtype=float64)
    """

    def __init__(
        self,
        backend: Backend,
        name: str,
        in_tree: tuple,
        inputs: list[Value],
        nodes: list[Node],
        out_tree: tuple,
        *,
        rank_only: bool = False,
        tuple_shapes: bool = False,
        source: Graph | None = None,
    ) -> None:
        self.backend = backend
        self.name = name
        self.in_tree = in_tree
        self.inputs = inputs
        self.nodes = _live_nodes(nodes, out_tree)
        self.out_tree = out_tree
        self.rank_only = rank_only
        #: Whether the arrays' shapes are tuples, compared with the trace's directly by the fast check.
        self.tuple_shapes = tuple_shapes
        #: The graph this one was converted from (:meth:`to_backend`), else None.
        self.source = source
        self._converted: dict[str, Graph] = {}
        self._lock = threading.Lock()
        self._flat_call = in_tree[0] == TUPLE and in_tree[2][1][0] == DICT and not in_tree[2][1][2]
        self._arity = len(in_tree[2][0][2]) if self._flat_call else -1
        self.code, call, self._body = _generate(self)
        if call is not None:
            # The generated replay is this graph's __call__ (a class of its own): a call costs no frame more.
            cls = type("Graph", (Graph,), {"__call__": call, "__module__": Graph.__module__})
            self.__class__ = cls  # pyright: ignore[reportAttributeAccessIssue]

    # -- calling -------------------------------------------------------------------------------

    def __call__(self, *args: Any, backend: str | Backend | None = None, **kwargs: Any) -> Any:
        """Replay the graph on ``args`` (on ``backend``, when given, as :meth:`to_backend` does)."""
        return self._general(args, kwargs, backend)

    def _general(self, args: tuple, kwargs: dict[str, Any], backend: str | Backend | None) -> Any:
        """A call other than the positional arrays the generated replay takes at once."""
        args = tuple(arg for arg in args if arg is not _MISSING)
        if backend is not None:
            target = _choice.resolve_backend(backend)
            if target is not self.backend:
                return self.to_backend(target)(*args, **kwargs)
        return self._slow(args, kwargs)

    def compiler_body(self, *, signature_checked: bool = False) -> Callable[..., Any]:
        """The replay's calls as one function for the backend's compiler (``pa.compile``): native arrays in, a
        tuple of native arrays out, with the constants the plugin's ``compiled_constant`` hook can write made
        inside it.

        With ``signature_checked``, it returns ``()`` for arrays of other dtypes or shapes (ranks, for a
        graph guarded by rank) than the trace's, for a compiler that traces it once per signature (see
        :func:`regenerate`).
        """
        return _generate(self, constants=self.backend.raw.compiled_constant, checks_signature=signature_checked)[2]

    def _slow(self, args: tuple, kwargs: dict[str, Any]) -> Any:
        """A call the generated fast check did not take: checked in full, then replayed (or a clear error)."""
        natives = self.check_arguments(args, kwargs)
        return self.outputs_from(self._body(*natives))

    def check_arguments(self, args: tuple, kwargs: dict[str, Any]) -> list[Any]:
        """The native arrays of a call's array arguments, after checking the call against the trace.

        A different structure, a static argument of another value, an array
        of another backend, dtype or shape (rank, for a graph guarded by rank
        only) raises a ``pa.TracingError`` naming the difference.
        """
        natives: list[Any] = [None] * len(self.inputs)
        positional, keywords = self.in_tree[2]
        if len(args) != len(positional[2]):
            raise self._mismatch(f"it was given {len(args)} positional arguments, the trace had {len(positional[2])}")
        if set(kwargs) != set(keywords[1][1]):
            given, traced = sorted(kwargs), sorted(keywords[1][1])
            raise self._mismatch(f"it was given the keyword arguments {given}, the trace had {traced}")
        for index, (child, value) in enumerate(zip(positional[2], args)):
            self._match(child, value, natives, f"argument {index}")
        for key, child in zip(keywords[1][1], keywords[2]):
            self._match(child, kwargs[key], natives, f"argument {key!r}")
        return natives

    def _match(self, tree: tuple, value: Any, natives: list[Any], where: str) -> None:
        kind, extra, children = tree
        if kind == LEAF:
            if isinstance(extra, Static):
                if not extra.matches(value):
                    raise self._mismatch(f"{where} is {_short(value)} where the trace had {_short(extra.value)}")
                return
            natives[extra.index] = self._native_input(value, self.inputs[extra.index], where)
            return
        given = flatten(value, lambda leaf: None)
        if kind == DICT:
            same = given[0] == DICT and given[1][0] is extra[0] and set(given[1][1]) == set(extra[1])
        else:
            same = given[0] == kind and len(given[2]) == len(children)
            same = same and (kind in (TUPLE, LIST) or given[1] == extra)
        if not same:
            shown = describe_tree(flatten(value, lambda leaf: "array" if _is_array_like(leaf) else leaf))
            raise self._mismatch(f"{where} is {shown}, the trace had {describe_tree(tree)}")
        if kind == DICT:
            for key, child in zip(extra[1], children):
                self._match(child, value[key], natives, f"{where}[{key!r}]")
        elif kind == CONTAINER:
            for key, child in zip(extra, children):
                self._match(child, value._data[key], natives, f"{where}[{key!r}]")
        else:
            for index, (child, item) in enumerate(zip(children, value)):
                self._match(child, item, natives, f"{where}[{index}]")

    def _native_input(self, value: Any, expected: Value, where: str) -> Any:
        backend = self.backend
        owner = value.backend if isinstance(value, Array) else _choice.owner_of_native(value)
        if owner is not None and getattr(owner, "traces", None) is not None:
            raise TracingError(
                f"This graph of {self.name} was called with a traced array ({where}) inside another trace: a graph "
                f"replays arrays. Call the function itself there, or make it with pa.trace(fn) (as a decorator), "
                f"which traces through when it is called inside a trace."
            )
        if isinstance(value, Array):
            if value.backend is not backend:
                raise self._mismatch(
                    f"{where} is an array of the {value.backend.name} backend; replay it there with "
                    f"graph.to_backend({value.backend.name!r}) or graph(..., backend={value.backend.name!r})"
                )
            value = value.data
        owner = _choice.owner_of_native(value)
        if owner is not backend:
            what = f"a {type(value).__module__}.{type(value).__qualname__}"
            if owner is not None:
                what += (
                    f" (an array of the {owner.name} backend; replay it there with graph.to_backend({owner.name!r}))"
                )
            raise self._mismatch(f"{where} is {what}, where the trace had an array")
        if value.dtype != expected.dtype:
            raise self._mismatch(
                f"{where} has the dtype {_dtype_name(backend, value.dtype)}, the trace had "
                f"{_dtype_name(backend, expected.dtype)}"
            )
        shape = tuple(value.shape)
        if self.rank_only:
            if len(shape) != len(expected.shape):
                raise self._mismatch(f"{where} has {len(shape)} axes, the trace had {len(expected.shape)}")
        elif shape != expected.shape:
            raise self._mismatch(f"{where} has the shape {shape}, the trace had {expected.shape}")
        return value

    def _mismatch(self, detail: str) -> TracingError:
        return TracingError(
            f"This graph of {self.name} was traced for other arguments: {detail}. A graph replays calls like "
            f"the one it was traced with; trace again for these arguments (pa.trace(fn) as a decorator, or "
            f"pa.compile(fn), traces once for each new structure, dtype and shape)."
        )

    def outputs_from(self, flat: tuple) -> Any:
        """The function's result from the flat tuple of output values the replay computed."""
        position = iter(range(len(flat)))
        backend = self.backend

        def leaf(spec: Any) -> Any:
            if isinstance(spec, OutputValue):
                value = flat[next(position)]
                return wrap_native(value, backend) if spec.wrapped else value
            return spec.value

        return unflatten(self.out_tree, leaf)

    # -- other backends ------------------------------------------------------------------------

    def to_backend(self, backend: str | Backend) -> Graph:
        """This graph replaying on ``backend``: the same calls, made by that backend's implementations.

        Each node calls the function of the same qualified name there, the
        captured constants are converted (as a dynamic backend switch converts
        arrays) and dtypes are that backend's. Arguments are the other
        backend's arrays, of the same dtypes and shapes; the results agree
        with what the function computes eagerly there. Converted graphs are
        kept, so converting again is free.

        >>> import numpy as np
        >>> graph = pa.trace(lambda x: pa.sqrt(x) + 1.0, np.ones(2))
        >>> graph.to_backend("numpy") is graph
        True
        """
        target = _choice.resolve_backend(backend)
        if target is self.backend:
            return self
        with self._lock:
            converted = self._converted.get(target.name)
            if converted is None or converted.backend is not target:
                converted = _convert(self, target)
                self._converted[target.name] = converted
        return converted

    # -- looking at it -------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<pa.Graph {self.name} on {self.backend.name}: {len(self.inputs)} array inputs, "
            f"{len(self.nodes)} calls, {sum(isinstance(s, OutputValue) for s in leaves(self.out_tree))} array outputs>"
        )

    def __str__(self) -> str:
        """The calls as straight-line code: one line per call, with the shape and dtype it gives."""
        return _text(self)

    def stats(self) -> dict[str, int]:
        """How many calls the graph makes of each function, most called first.

        >>> import numpy as np
        >>> pa.trace(lambda x: pa.sin(x) * pa.sin(x + 1), pa.ones(2)).stats()
        {'sin': 2, 'add': 1, 'multiply': 1}
        >>> pa.trace(lambda x: x * 2 + pa.sin(x), np.ones(2)).stats()  # a NumPy array's own operators
        {'operator.mul': 1, 'sin': 1, 'add': 1}
        """
        counts = collections.Counter(node.name for node in self.nodes)
        return dict(sorted(counts.items(), key=lambda item: -item[1]))

    def to_dot(self) -> str:
        """The graph in Graphviz's DOT language: inputs, calls (with shapes and dtypes) and outputs.

        >>> import numpy as np
        >>> print(pa.trace(lambda x: -x, np.ones(2)).to_dot().splitlines()[0])
        digraph "<lambda>" {
        """
        return _dot(self)

    def save(self, path: str) -> None:
        """Write a picture of the graph: ``.dot``/``.gv`` as DOT text, other suffixes rendered by Graphviz.

        Rendering (``graph.svg``, ``.png``, ``.pdf`` …) needs the Graphviz Python
        package and programs: ``pip install 'polyarray[viz]'`` brings the
        package (the programs come from graphviz.org or the system's
        packages); a ``pa.PolyarrayError`` says which is missing.
        """
        suffix = path.rsplit(".", 1)[-1].lower() if "." in path else ""
        if suffix in ("dot", "gv"):
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(self.to_dot())
            return
        if not suffix:
            raise PolyarrayValueError(f"graph.save needs a file name with a suffix (.svg, .png, .dot …), not {path!r}.")
        source = _graphviz_source(self, "graph.save")
        _render(lambda: source.render(outfile=path, format=suffix, cleanup=True), "graph.save")

    def show(self) -> Any:
        """Render the graph with Graphviz and open it (in a notebook, the returned object displays it).

        Needs ``pip install 'polyarray[viz]'`` and the Graphviz programs, as :meth:`save` does.
        """
        source = _graphviz_source(self, "graph.show")
        try:
            # IPython is optional (a notebook's); imported by name, as type checkers need not know it.
            if importlib.import_module("IPython").get_ipython() is not None:
                return source
        except ImportError:
            pass
        _render(lambda: source.view(cleanup=True), "graph.show")
        return source


def _is_array_like(value: Any) -> bool:
    return isinstance(value, Array) or _choice.owner_of_native(value) is not None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _dtype_name(backend: Backend, dtype: Any) -> str:
    try:
        return backend.portable_dtype(dtype).name
    except Exception:
        return str(dtype)


# -- liveness ------------------------------------------------------------------------------------


def _live_nodes(nodes: list[Node], out_tree: tuple) -> list[Node]:
    """The nodes whose results feed an output, in their order (the others are dropped)."""
    needed: set[int] = set()
    for spec in leaves(out_tree):
        if isinstance(spec, OutputValue) and spec.value.node is not None:
            needed.add(id(spec.value.node))
    live: list[Node] = []
    for node in reversed(nodes):
        if id(node) not in needed:
            continue
        live.append(node)
        for value in itertools.chain(values_in(node.args), values_in(node.kwargs)):
            if value.node is not None:
                needed.add(id(value.node))
    live.reverse()
    return live


# -- the replay's source ---------------------------------------------------------------------------


class _Namer:
    """Names for the generated source: inputs ``x0``, results ``v0``, constants ``c0``, other objects ``k0``."""

    def __init__(self, graph: Graph) -> None:
        self.names: dict[int, str] = {}
        self.globals: dict[str, Any] = {}
        self.constants: list[Value] = []
        for index, value in enumerate(graph.inputs):
            self.names[id(value)] = f"x{index}"
        self._results = itertools.count()
        self._objects = itertools.count()
        #: id -> name of the objects named so far: one object, one global (a compiler guards each global once).
        self._named: dict[int, str] = {}

    def value(self, value: Value) -> str:
        name = self.names.get(id(value))
        if name is None:
            if value.is_constant:
                name = f"c{len(self.constants)}"
                self.constants.append(value)
                self.globals[name] = value.data
            else:
                name = f"v{next(self._results)}"
            self.names[id(value)] = name
        return name

    def object(self, obj: Any, prefix: str = "k") -> str:
        name = self._named.get(id(obj))
        if name is None:
            name = f"{prefix}{next(self._objects)}"
            self.globals[name] = obj
            self._named[id(obj)] = name
        return name

    def expression(self, obj: Any) -> str:
        """Source text giving ``obj`` (values by name; constants inline where they print exactly)."""
        cls = obj.__class__
        if cls is Value:
            return self.value(obj)
        if obj is None or obj is True or obj is False or obj is Ellipsis:
            return "..." if obj is Ellipsis else repr(obj)
        if cls is int or cls is str:
            return repr(obj)
        if cls is float and math.isfinite(obj):
            return repr(obj)
        if cls is tuple or cls is list:
            if cls is tuple and not _literal(obj) and not any(True for _ in values_in(obj)):
                return self.object(obj)
            items = ", ".join(self.expression(item) for item in obj)
            if cls is list:
                return f"[{items}]"
            return f"({items},)" if len(obj) == 1 else f"({items})"
        return self.object(obj)


def _literal(obj: Any) -> bool:
    """Whether ``obj`` is written exactly as Python source (a constant of the code: no global to look up)."""
    cls = obj.__class__
    if obj is None or cls is bool or cls is int or cls is str:
        return True
    if cls is float:
        return math.isfinite(obj)
    if cls is tuple:
        return all(_literal(item) for item in obj)
    return False


def _subscript(key: Any) -> str | None:
    """``key`` written as subscript syntax (``:, None``, ``1:3``, ``..., 0``) where it is slices of ints, ints,
    None and Ellipsis: the code then holds it (no global to look up, nothing for a compiler to guard)."""
    parts = key if key.__class__ is tuple else (key,)
    if not parts:
        return None
    texts = []
    for part in parts:
        if part.__class__ is slice:
            bounds = (part.start, part.stop, part.step)
            if not all(bound is None or bound.__class__ is int for bound in bounds):
                return None
            start, stop, step = ("" if bound is None else repr(bound) for bound in bounds)
            texts.append(f"{start}:{stop}" + (f":{step}" if step else ""))
        elif part is None or part.__class__ is int:
            texts.append(repr(part))
        elif part is Ellipsis:
            texts.append("...")
        else:
            return None
    if key.__class__ is tuple:
        return ", ".join(texts) + ("," if len(texts) == 1 else "")
    return texts[0]


def _call_text(namer: _Namer, node: Node, target: str) -> str:
    """The source of one call: an operator where the node is one, else ``target(args, name=value)``."""
    symbol = _operator_symbol(node.name)
    # An index key written as subscript syntax needs no global (a compiler would guard it).
    getitem = symbol is not None and symbol[0] == "getitem" and len(node.args) == 2 and not node.kwargs
    subscript = _subscript(node.args[1]) if getitem else None
    args = [namer.expression(a) for a in (node.args if subscript is None else node.args[:1])]
    if symbol is not None and not node.kwargs:
        kind, text = symbol
        if kind == "infix" and len(args) == 2:
            return f"{args[0]} {text} {args[1]}"
        if kind == "prefix" and len(args) == 1:
            return f"abs({args[0]})" if text == "abs" else f"{text}{args[0]}"
        if kind == "getitem" and len(node.args) == 2:
            return f"{args[0]}[{args[1] if subscript is None else subscript}]"
        if kind == "property" and len(args) == 1:
            return f"{args[0]}.{text}"
    parts = args + [f"{key}={namer.expression(value)}" for key, value in node.kwargs.items()]
    return f"{target}({', '.join(parts)})"


def _body_lines(graph: Graph, namer: _Namer) -> list[str]:
    """One statement per call; a node whose framework calls were recorded makes those instead (exact shapes only:
    the calls hold sizes as constants). An intermediate result is deleted after its last use, as the function's
    own variables are rebound: the framework then reuses its memory (NumPy keeps freed small buffers for the
    next array) instead of every intermediate of the graph living until the return."""
    statements: list[tuple[str, list[str], list[str]]] = []
    counter = itertools.count()
    for node in graph.nodes:
        if node.lowered is not None and not graph.rank_only:
            calls, result = node.lowered
            for call in calls:
                _call_lines(namer, call, statements, counter)
            for out, value in zip(values_in(node.outputs), values_in(result)):
                namer.names[id(out)] = namer.value(value)
            continue
        _call_lines(namer, node, statements, counter)
    kept = {namer.value(spec.value) for spec in leaves(graph.out_tree) if isinstance(spec, OutputValue)}
    # Only what a statement writes is deleted: the inputs and constants are read, never written.
    results = {name for _, written, _ in statements for name in written}
    last: dict[str, int] = {}
    for index, (_, written, read) in enumerate(statements):
        for name in (*written, *read):
            last[name] = index
    dead: dict[int, list[str]] = {}
    for name, index in last.items():
        if name in results and name not in kept:
            dead.setdefault(index, []).append(name)
    lines: list[str] = []
    for index, (line, _, _) in enumerate(statements):
        lines.append(line)
        if index in dead:
            lines.append(f"    del {', '.join(dead[index])}")
    return lines


def _call_lines(
    namer: _Namer, node: Node, statements: list[tuple[str, list[str], list[str]]], counter: Iterator[int]
) -> None:
    """The statements of one call, each with the names it writes and the names it reads."""
    call = _call_text(namer, node, namer.object(node.target, "f"))
    read = [namer.value(value) for value in values_in((node.args, node.kwargs))]
    outputs = node.outputs
    if outputs.__class__ is Value:
        name = namer.value(outputs)
        statements.append((f"    {name} = {call}", [name], read))
        return
    result = f"r{next(counter)}"
    statements.append((f"    {result} = {call}", [result], read))
    for value in values_in(outputs):
        name = namer.value(value)
        statements.append((f"    {name} = {result}{''.join(f'[{p}]' for p in value.path)}", [name], [result]))


def _output_expression(tree: tuple, namer: _Namer, results: Iterator[str]) -> str:
    """The source of the function's result from the names of the flat output values (``results``, in order)."""
    kind, extra, children = tree
    if kind == LEAF:
        if isinstance(extra, OutputValue):
            name = next(results)
            return f"W({name}, B)" if extra.wrapped else name
        return namer.object(extra.value)
    items = [_output_expression(child, namer, results) for child in children]
    if kind == TUPLE:
        return f"({', '.join(items)}{',' if len(items) == 1 else ''})"
    if kind == LIST:
        return f"[{', '.join(items)}]"
    if kind == NAMEDTUPLE:
        return f"{namer.object(extra)}({', '.join(items)})"
    keys = extra[1] if kind == DICT else extra
    body = ", ".join(f"{namer.object(key)}: {item}" for key, item in zip(keys, items))
    if kind == DICT:
        return f"{namer.object(extra[0])}({{{body}}})" if extra[0] is not dict else f"{{{body}}}"
    return f"{namer.object(Container)}({{{body}}})"


def _guard_lines(
    graph: Graph, namer: _Namer, arguments: list[str], slow: str, signature_checked: bool = False
) -> list[str]:
    """The fast check of a flat positional call: each array of the backend (native, or ``pa.Array``),
    of the trace's class, dtype and shape (or rank), each static argument the trace's. With
    ``signature_checked``, the dtypes and shapes are left to the compiled call (see :func:`regenerate`)."""
    lines = []
    backend = graph.backend
    miss = _missed(slow, arguments)
    for position, tree in enumerate(graph.in_tree[2][0][2]):
        spec = tree[1] if tree[0] == LEAF else None
        given = arguments[position]
        if spec is None:
            lines.append(f"    {miss}")  # a nest among the positional arguments: the full check
            return lines
        if isinstance(spec, Static):
            constant = namer.object(spec.value)
            lines.append(f"    if {given} is not {constant} and not same({given}, {constant}):")
            lines.append(f"        {miss}")
            continue
        value = graph.inputs[spec.index]
        name = namer.value(value)
        cls = namer.object(backend.native_array_types[0 if value.primary else -1])
        dtype = namer.object(value.dtype)
        lines.append(f"    {name} = {given}.data if {given}.__class__ is A and {given}.backend is B else {given}")
        if signature_checked:
            lines.append(f"    if {name}.__class__ is not {cls}:")
        else:
            shape_check = _shape_differs(graph, namer, value, name)
            lines.append(f"    if {name}.__class__ is not {cls} or {name}.dtype is not {dtype} or {shape_check}:")
        lines.append(f"        {miss}")
    return lines


def _shape_differs(graph: Graph, namer: _Namer, value: Value, name: str) -> str:
    """The expression that is true where the array ``name`` has another shape (rank, for a graph guarded by rank) than
    the traced ``value``."""
    if graph.rank_only:
        return f"len({name}.shape) != {len(value.shape)}"
    if graph.tuple_shapes:
        return f"{name}.shape != {namer.object(value.shape)}"
    return f"tuple({name}.shape) != {namer.object(value.shape)}"


def _signature_lines(graph: Graph, namer: _Namer) -> list[str]:
    """The body's own check of its native arrays (see :meth:`Graph.compiler_body`): ``()`` for another dtype or shape
    (rank) than the trace's. A compiler reading it (``jax.jit``, TorchDynamo) keeps the answer with the signature."""
    lines = []
    for value in graph.inputs:
        name = namer.value(value)
        lines.append(
            f"    if {name}.dtype != {namer.object(value.dtype)} or {_shape_differs(graph, namer, value, name)}:"
        )
        lines.append("        return ()")
    return lines


def _missed(slow: str, arguments: list[str]) -> str:
    """The statement handing a call the fast check does not take to ``slow``, with the arguments as given."""
    return f"return {slow}(({', '.join(arguments)}{',' if len(arguments) == 1 else ''}), {{}})"


def _generate(
    graph: Graph,
    call: Callable[..., Any] | None = None,
    miss: Callable[[tuple, dict[str, Any]], Any] | None = None,
    constants: Callable[[Any], Callable[[], Any] | None] | None = None,
    signature_checked: bool = False,
    checks_signature: bool = False,
) -> tuple[str, Callable[..., Any] | None, Any]:
    """The replay's source and functions: ``run`` (fast check, calls, results) and ``body`` (the calls alone).

    With ``call``, both call it with the native arrays instead of making the
    calls (a compiled body, see ``_compile.py``). A call the fast check does
    not take goes to ``miss(args, kwargs)`` (the graph's full check by default).
    With ``constants`` (the backend's ``compiled_constant`` hook), the body
    makes each constant the hook gives a maker for, for the framework's compiler.
    With ``signature_checked`` (and ``call``), ``run`` leaves the dtypes and
    shapes to ``call``, which returns ``()`` for others than the trace's. With
    ``checks_signature``, ``body`` is such a function: it returns ``()`` for arrays of other dtypes or shapes
    (ranks, for a graph guarded by rank) than the trace's.
    """
    namer = _Namer(graph)
    inputs = [namer.value(value) for value in graph.inputs]
    flat_outputs = [spec for spec in leaves(graph.out_tree) if isinstance(spec, OutputValue)]
    # Only a compiled call with results can answer () for a signature other than the trace's.
    signature_checked = signature_checked and call is not None and miss is not None and bool(flat_outputs)
    if call is None:
        body = _body_lines(graph, namer)
        if constants is not None:
            made = [(namer.value(value), constants(value.data)) for value in namer.constants]
            body = [f"    {name} = {namer.object(make, 'k')}()" for name, make in made if make is not None] + body
        if checks_signature:
            body = _signature_lines(graph, namer) + body
        results = [namer.value(spec.value) for spec in flat_outputs]
        if any(spec.value.is_constant for spec in flat_outputs) and graph.backend.mutable_arrays:
            # A constant result is a new array on every call, as the function's would be.
            copy = namer.object(graph.backend.raw.asarray, "f")
            results = [f"{copy}({name}, copy=True)" if spec.value.is_constant else name
                       for name, spec in zip(results, flat_outputs)]  # fmt: skip
    else:
        body = [f"    r = {namer.object(call, 'f')}({', '.join(inputs)})"]
        results = [f"r[{index}]" for index in range(len(flat_outputs))]
    flat_return = f"    return ({', '.join(results)}{',' if len(results) == 1 else ''})"
    source = [f"def body({', '.join(inputs)}):", *body, flat_return, ""]
    if graph._flat_call:
        arguments = [f"a{i}" for i in range(graph._arity)]
        if miss is None:
            # Graph.__call__: positional arrays at once, anything else to Graph._general.
            optional = "".join(f"{a}=M, " for a in arguments)
            given = ", ".join([*arguments, "*more"])
            last = f" or {arguments[-1]} is M" if arguments else ""
            source += [
                f"def run(self, {optional}/, *more, backend=None, **options):",
                f"    if more or options or backend is not None{last}:",
                f"        return self._general(({given},), options, backend)",
                *_guard_lines(graph, namer, arguments, "self._slow"),
            ]
        else:
            source += [
                f"def run({', '.join(arguments)}):",
                *_guard_lines(graph, namer, arguments, "slow", signature_checked),
            ]
        source += body
        if signature_checked:
            # () from the compiled call: arrays of other dtypes or shapes than the trace's.
            source += ["    if not r:", f"        {_missed('slow', arguments)}"]
        source += [f"    return {_output_expression(graph.out_tree, namer, iter(results))}"]
    text = "\n".join(source) + "\n"
    filename = f"<polyarray graph {next(_COUNTER)} of {graph.name}>"
    namespace: dict[str, Any] = {
        **namer.globals,
        "A": Array,
        "B": graph.backend,
        "W": wrap_native,
        "same": same_static,
        "slow": miss,
        "M": _MISSING,
        "__name__": "polyarray._graph",
    }
    exec(compile(text, filename, "exec"), namespace)  # the replay's source (see the module docstring)
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    weakref.finalize(graph, linecache.cache.pop, filename, None)
    run = namespace.get("run")
    if run is not None:
        run.__qualname__ = run.__name__ = graph.name
    body_function = namespace["body"]
    body_function.__qualname__ = body_function.__name__ = graph.name
    return text, run, body_function


def regenerate(
    graph: Graph,
    call: Callable[..., Any] | None,
    miss: Callable[[tuple, dict[str, Any]], Any],
    *,
    signature_checked: bool = False,
) -> tuple[Callable[..., Any] | None, Any]:
    """``run`` and ``body`` of ``graph`` handing missed calls to ``miss``, and calling ``call`` (a compiled
    body) with the native arrays where given.

    With ``signature_checked``, ``call`` is the compiled :meth:`Graph.compiler_body` made with
    ``signature_checked=True`` by a compiler that specialises on dtypes and shapes (``jax.jit``): ``run``
    then checks only each array's class, and the compiler's own cache, looked up on every call anyway,
    checks the rest (a new dtype or shape is traced once, into a function that answers ``()``).
    """
    _, run, body = _generate(graph, call, miss, signature_checked=signature_checked)
    return run, body


# -- conversion to another backend -------------------------------------------------------------------


def _convert(graph: Graph, target: Backend) -> Graph:
    """``graph`` with its calls, constants and dtypes those of ``target`` (see :meth:`Graph.to_backend`)."""
    source = graph.backend
    values: dict[int, Value] = {}

    def dtype_of(native: Any) -> Any:
        try:
            portable = source.portable_dtype(native)
        except PolyarrayError:
            return native
        return target.native_dtype(portable, "Graph.to_backend")

    def value(old: Value) -> Value:
        new = values.get(id(old))
        if new is None:
            new = Value(old.shape, dtype_of(old.dtype), old.primary)
            new.path, new.index = old.path, old.index
            if old.is_constant:
                new.data = _convert_constant(old.data, source, target)
                new.dtype = getattr(new.data, "dtype", new.dtype)
            values[id(old)] = new
        return new

    def argument(item: Any) -> Any:
        if item.__class__ is Value:
            return value(item)
        if _is_native_dtype(source, item):
            return dtype_of(item)
        return item

    inputs = [value(v) for v in graph.inputs]
    nodes = []
    for node in graph.nodes:
        args = map_template(node.args, argument)
        kwargs = map_template(node.kwargs, argument)
        first = next(values_in(args), None)
        try:
            function = resolve_target(target, node.name, None if first is None else first.dtype)
        except AttributeError:
            raise TracingError(
                f"This graph of {graph.name} calls {node.name}, which the {target.name} backend does not have; "
                f"it cannot replay there."
            ) from None
        new = Node(node.name, function, args, kwargs, node.where)
        new.outputs = map_template(node.outputs, argument)
        for out in values_in(new.outputs):
            out.node = new
        nodes.append(new)

    def output(spec: Any) -> Any:
        if isinstance(spec, OutputValue):
            return OutputValue(value(spec.value), spec.wrapped)
        return spec

    out_tree = _map_tree(graph.out_tree, output)
    return Graph(target, graph.name, graph.in_tree, inputs, nodes, out_tree, rank_only=graph.rank_only, source=graph)


def _map_tree(tree: tuple, function: Callable[[Any], Any]) -> tuple:
    kind, extra, children = tree
    if kind == LEAF:
        return (LEAF, function(extra), ())
    return (kind, extra, tuple(_map_tree(child, function) for child in children))


def _is_native_dtype(backend: Backend, item: Any) -> bool:
    if item.__class__ in (bool, int, float, complex, str, bytes, type(None), slice, tuple, list, dict):
        return False
    try:
        return item in backend._to_portable
    except TypeError:
        return False


def _convert_constant(data: Any, source: Backend, target: Backend) -> Any:
    array = object.__new__(Array)
    array.data = data
    array.backend = source
    return target.convert_array(array, "Graph.to_backend")


# -- printing and drawing --------------------------------------------------------------------------------


def _display_name(node: Node) -> str:
    return node.name[len("operator.") :] if node.name.startswith("operator.") else node.name


def _describe_value(graph: Graph, value: Value) -> str:
    return f"{_dtype_name(graph.backend, value.dtype)}[{', '.join(str(n) for n in value.shape)}]"


def _text(graph: Graph) -> str:
    namer = _Namer(graph)
    names = [namer.value(value) for value in graph.inputs]
    signature = ", ".join(f"{name}: {_describe_value(graph, value)}" for name, value in zip(names, graph.inputs))
    lines = [f"def {_identifier(graph.name)}({signature}):  # on {graph.backend.name}, {len(graph.nodes)} calls"]
    body = []
    for index, node in enumerate(graph.nodes):
        call = _print_call(namer, node, graph.backend)
        outputs = list(values_in(node.outputs))
        if node.outputs.__class__ is Value:
            target = namer.value(node.outputs)
        else:
            target = ", ".join(namer.value(v) for v in outputs) or f"r{index}"
        comment = ", ".join(_describe_value(graph, v) for v in outputs)
        if node.where:
            comment += f"  ({node.where})"
        body.append((f"    {target} = {call}", comment))
    width = max((len(text) for text, _ in body), default=0)
    lines += [f"{text.ljust(width)}  # {comment}" for text, comment in body]
    lines.append(f"    return {_print_outputs(graph.out_tree, namer)}")
    if namer.constants:
        lines.append("")
        for value in namer.constants:
            lines.append(f"# {namer.names[id(value)]} = {_constant_text(graph, value)}")
    return "\n".join(lines)


def _identifier(name: str) -> str:
    """A Python name for the printed graph (``fn`` for a lambda)."""
    text = "".join(c if c.isalnum() or c == "_" else "_" for c in name.rpartition(".")[2]).strip("_")
    return "fn" if not text or keyword.iskeyword(text) or not text.isidentifier() else text


def _print_call(namer: _Namer, node: Node, backend: Backend) -> str:
    def text(obj: Any) -> str:
        cls = obj.__class__
        if cls is Value:
            return namer.value(obj)
        if _is_native_dtype(backend, obj):
            return _dtype_name(backend, obj)
        if cls is tuple:
            return "(" + ", ".join(text(i) for i in obj) + ("," if len(obj) == 1 else "") + ")"
        if cls is list:
            return "[" + ", ".join(text(i) for i in obj) + "]"
        if cls is slice:
            parts = ["" if p is None else text(p) for p in (obj.start, obj.stop, obj.step)]
            return ":".join(parts[:2]) + (f":{parts[2]}" if obj.step is not None else "")
        if obj is Ellipsis:
            return "..."
        return repr(obj)

    args = [text(a) for a in node.args]
    symbol = _operator_symbol(node.name)
    if node.name == "get_item" or (symbol is not None and symbol[0] == "getitem"):
        key = node.args[1]
        inside = ", ".join(text(k) for k in key) if key.__class__ is tuple else text(key)
        return f"{args[0]}[{inside}]"
    if symbol is not None and not node.kwargs:
        kind, sign = symbol
        if kind == "infix" and len(args) == 2:
            return f"{args[0]} {sign} {args[1]}"
        if kind == "prefix" and len(args) == 1:
            return f"abs({args[0]})" if sign == "abs" else f"{sign}{args[0]}"
        if kind == "property" and len(args) == 1:
            return f"{args[0]}.{sign}"
    parts = args + [f"{key}={text(value)}" for key, value in node.kwargs.items()]
    return f"{node.name}({', '.join(parts)})"


def _print_outputs(tree: tuple, namer: _Namer) -> str:
    kind, extra, children = tree
    if kind == LEAF:
        return namer.value(extra.value) if isinstance(extra, OutputValue) else repr(extra.value)
    items = [_print_outputs(child, namer) for child in children]
    if kind == TUPLE:
        return f"({', '.join(items)}{',' if len(items) == 1 else ''})"
    if kind == LIST:
        return f"[{', '.join(items)}]"
    if kind == NAMEDTUPLE:
        return f"{extra.__name__}({', '.join(items)})"
    keys = extra[1] if kind == DICT else extra
    body = ", ".join(f"{key!r}: {item}" for key, item in zip(keys, items))
    return f"Container({{{body}}})" if kind == CONTAINER else f"{{{body}}}"


def _constant_text(graph: Graph, value: Value) -> str:
    kind = _describe_value(graph, value)
    size = math.prod(value.shape)
    if size <= 4:
        try:
            values = graph.backend.raw.to_numpy(value.data)
            import numpy

            return f"{numpy.asarray(values).tolist()!r}  ({kind} constant)"
        except Exception:
            pass
    return f"{kind} constant"


def _dot_quote(text: str) -> str:
    """A DOT string: quotes and backslashes escaped, line breaks as ``\\n``."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot(graph: Graph) -> str:
    namer = _Namer(graph)
    lines = [f"digraph {_dot_quote(graph.name)} {{", "    rankdir=TB;", '    node [fontname="Helvetica"];']
    for value in graph.inputs:
        name = namer.value(value)
        label = f"{name}\n{_describe_value(graph, value)}"
        lines.append(f"    {name} [shape=ellipse, style=filled, fillcolor=lightblue, label={_dot_quote(label)}];")
    produced: dict[int, str] = {}
    for index, node in enumerate(graph.nodes):
        box = f"n{index}"
        outs = list(values_in(node.outputs))
        shapes = ", ".join(_describe_value(graph, v) for v in outs)
        label = _dot_quote(f"{_display_name(node)}\n{shapes}")
        lines.append(f"    {box} [shape=box, label={label}];")
        for value in values_in((node.args, node.kwargs)):
            if value.node is not None:
                source = produced[id(value)]
            elif value.is_constant:
                source = namer.value(value)
                if f"    {source} [" not in "\n".join(lines):
                    label = f"{source}\n{_describe_value(graph, value)}"
                    lines.append(f"    {source} [shape=ellipse, style=dashed, label={_dot_quote(label)}];")
            else:
                source = namer.value(value)
            lines.append(f"    {source} -> {box};")
        for value in outs:
            produced[id(value)] = box
    for index, spec in enumerate(s for s in leaves(graph.out_tree) if isinstance(s, OutputValue)):
        out = f"out{index}"
        lines.append(
            f"    {out} [shape=ellipse, style=filled, fillcolor=lightgrey, label={_dot_quote(f'output {index}')}];"
        )
        source = produced.get(id(spec.value)) or namer.value(spec.value)
        lines.append(f"    {source} -> {out};")
    lines.append("}")
    return "\n".join(lines) + "\n"


_VIZ_ADVICE = "install it with: pip install 'polyarray[viz]'"


def _graphviz_source(graph: Graph, what: str) -> Any:
    try:
        graphviz = importlib.import_module("graphviz")  # the optional extra polyarray[viz]
    except ImportError:
        raise PolyarrayError(
            f"{what} draws with the Graphviz Python package (the optional extra polyarray[viz]), which is not "
            f"installed; {_VIZ_ADVICE} (and the Graphviz programs from graphviz.org), or write DOT text with "
            f"graph.to_dot() / graph.save('graph.dot')."
        ) from None
    return graphviz.Source(graph.to_dot())


def _render(action: Callable[[], Any], what: str) -> None:
    try:
        action()
    except Exception as error:
        if type(error).__name__ == "ExecutableNotFound":
            raise PolyarrayError(
                f"{what} needs the Graphviz programs (dot), which were not found on PATH; install them from "
                f"graphviz.org or the system's packages, or write DOT text with graph.save('graph.dot')."
            ) from error
        raise
