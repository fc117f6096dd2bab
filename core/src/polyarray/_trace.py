"""Recording a function as a graph of backend calls: the tracer behind ``pa.trace`` and ``pa.compile``.

A traced function runs once, on its example arguments, on a *recording
twin* of their backend: a backend built from the same plugin's
implementations (``_backend.derive_backend``), with the same declarations,
wrappers and fast paths, whose native arrays are :class:`TracedArray`
objects. A traced array holds the array the tracer computes with (the
example's values, so shapes, dtypes and every decision of the wrappers are
the real ones) and the graph :class:`~polyarray._graph.Value` it stands for.

Every raw implementation of the twin records its call: it computes the
result from the held arrays with the plugin's implementation (or the
framework callable its direct mark names), and returns traced arrays
standing for the results of a new :class:`~polyarray._graph.Node`. So a call
is recorded where it reaches an implementation, after the wrappers: the
core's compositions appear as the calls they make, ``pa.Array`` wrapping
and Python glue leave nothing, promotion appears as the ``astype`` it made,
and a call whose arrays are all constants is computed once and kept as a
constant. The framework's own operators and indexing, used on a traced
native array (in native mode), are recorded as such.

Nothing here costs an untraced call anything: the twin is a backend of its
own, reached only through the ``pa.backend_context`` the tracer enters.

What cannot be recorded raises a ``pa.TracingError`` that names the user's
line: Python control flow on a traced value (``bool(x)``, ``float(x)``,
``if x > 0``), a write into a traced array (``x[i] = v``, ``x += 1``,
``out=``), a data-dependent shape (``nonzero``, ``unique_*``, boolean
masks), reading the values (``pa.to_numpy``), a framework function called
directly on a traced array.
"""

from __future__ import annotations

import inspect
import math
import operator
import os
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _choice, _handler
from ._array import Array
from ._backend import derive_backend
from ._container import Container
from ._errors import TracingError
from ._fastpath import _direct, _guarded_direct
from ._graph import (
    CONTAINER,
    DICT,
    LEAF,
    NAMEDTUPLE,
    TUPLE,
    ArrayInput,
    Graph,
    Node,
    OutputValue,
    Static,
    Value,
    flatten,
)

if TYPE_CHECKING:
    from ._backend import Backend
    from ._declare import Declaration

__all__ = ["TracedArray", "trace_graph", "tracing_backend", "is_traced", "user_line"]

#: Functions whose result's shape depends on the values of a traced argument.
DATA_DEPENDENT = frozenset({"nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values", "repeat"})
#: Functions whose result depends only on the shape and dtype of their first argument (which the graph guards).
SHAPE_ONLY = frozenset({"zeros_like", "ones_like", "empty_like", "full_like"})
#: Functions that read an array's values into Python.
READS_VALUES = frozenset({"to_numpy"})
#: Support hooks that write into their array.
WRITES = frozenset({"set_item", "inplace_update"})
#: Support hooks that compute a lazy backend's arrays, as ``pa.compute`` and ``pa.persist`` of them.
COMPUTES = {"compute_arrays": "compute", "persist_arrays": "persist"}


# -- where the user is ---------------------------------------------------------------------------------

_SKIPPED_ROOTS = ("polyarray",)
_frameworks: set[str] = set()


def _skipped_prefixes() -> tuple[str, ...]:
    """The folders of polyarray, its plugins and the frameworks of the backends traced: no user code there."""
    roots = set(_SKIPPED_ROOTS) | _frameworks
    prefixes = []
    for name, module in list(sys.modules.items()):
        root = name.partition(".")[0]
        if name == root and (root in roots or root.startswith("polyarray_")):
            path = getattr(module, "__file__", None)
            if path:
                prefixes.append(os.path.dirname(path) + os.sep)
    return tuple(prefixes)


_prefixes: tuple[int, tuple[str, ...]] = (0, ())


def user_frame() -> Any:
    """The innermost frame of the caller's code (outside polyarray, its plugins and the frameworks)."""
    global _prefixes
    if _prefixes[0] != len(sys.modules):
        _prefixes = (len(sys.modules), _skipped_prefixes())
    prefixes = _prefixes[1]
    frame: Any = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(prefixes) and not filename.startswith("<polyarray"):
            return frame
        frame = frame.f_back
    return None


def user_line() -> str | None:
    """``file.py:12`` of the caller's code, or None."""
    frame = user_frame()
    if frame is None:
        return None
    return f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_lineno}"


def _located(message: str) -> tuple[str, str | None]:
    frame = user_frame()
    if frame is None:
        return message, None
    import linecache

    where = f"{frame.f_code.co_filename}:{frame.f_lineno}"
    text = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()
    return f"{message} (at {where}{f': {text}' if text else ''})", where


def tracing_error(message: str, advice: str) -> TracingError:
    """A ``pa.TracingError`` whose message names the user's line, then says what to do."""
    located, where = _located(message)
    return TracingError(f"{located}. {advice}", where)


class _AttributeTracingError(TracingError, AttributeError):
    """An attribute a traced native array does not have (also an AttributeError, for ``hasattr``)."""


_VALUES_ADVICE = (
    "While tracing, an array argument stands for any values of its dtype and shape, so Python cannot branch "
    "on or read its values: compute with polyarray's functions instead (pa.where for a choice per element), "
    "or mark the argument static (pa.compile(fn, static_argnums=...) or static_argnames=...) so that the "
    "function is traced again for each of its values"
)
_WRITE_ADVICE = (
    "A graph holds computations, not writes into arrays: build the new array with polyarray's functions "
    "(pa.where, pa.concat …) and return it"
)
_FRAMEWORK_ADVICE = (
    "A graph records polyarray's functions and the arrays' operators and indexing: call the polyarray "
    "function of the same meaning (pa.{name}), or trace in Array mode"
)
_DYNAMIC_ADVICE = (
    "Its result's shape depends on the values of a traced argument, which a graph cannot hold: compute "
    "with fixed shapes (pa.where with a mask instead of selecting by it), or mark the argument static"
)


# -- traced arrays --------------------------------------------------------------------------------------


class TracedShape(tuple):
    """The shape of a traced array: reading its sizes (not just its length) makes the graph guard shapes.

    Each recording has its own subclass, whose ``recording`` is the one to tell.
    """

    __slots__ = ()
    recording: Recording

    def _read(self) -> None:
        type(self).recording.shape_read = True

    def __getitem__(self, index: Any) -> Any:
        self._read()
        return tuple.__getitem__(self, index)

    def __iter__(self) -> Any:
        self._read()
        return tuple.__iter__(self)

    def __eq__(self, other: object) -> bool:
        self._read()
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._read()
        return tuple.__ne__(self, other)

    def __contains__(self, item: object) -> bool:
        self._read()
        return tuple.__contains__(self, item)

    __hash__ = tuple.__hash__


class TracedArray:
    """A native array of a recording twin: the value it computes with, and the graph value it stands for.

    It has the dtype, shape, rank and device of the array it holds; the
    framework's operators and indexing on it are recorded; anything that
    needs its values, writes into it or hands it to a framework function
    raises a ``pa.TracingError``.
    """

    __slots__ = ("_c", "_r", "_v")

    def __init__(self, concrete: Any, value: Value, recording: Recording) -> None:
        self._c = concrete
        self._v = value
        self._r = recording

    # -- what it is ---------------------------------------------------------------------------

    @property
    def dtype(self) -> Any:
        return self._c.dtype

    @property
    def shape(self) -> TracedShape:
        return self._r.shape_of(self._c)

    @property
    def ndim(self) -> int:
        return len(self._v.shape)

    @property
    def device(self) -> Any:
        return self._c.device

    @property
    def T(self) -> Any:
        return self._r.record_operator("property.T", operator.attrgetter("T"), (self,))

    @property
    def mT(self) -> Any:
        return self._r.record_operator("property.mT", operator.attrgetter("mT"), (self,))

    def __len__(self) -> int:
        self._r.shape_read = True
        return len(self._c)

    def __iter__(self) -> Any:
        return (self[index] for index in range(len(self)))

    def __repr__(self) -> str:
        return f"TracedArray({self._c.dtype}, shape={tuple(self._v.shape)})"

    __hash__ = object.__hash__

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        concrete = getattr(self._c, name, None)
        if name == "size" and isinstance(concrete, int):
            self._r.shape_read = True
            return concrete
        raise _AttributeTracingError(*_attribute_message(name))

    # -- indexing ------------------------------------------------------------------------------

    def __getitem__(self, key: Any) -> Any:
        return self._r.record_operator("operator.getitem", operator.getitem, (self, key))

    def __setitem__(self, key: Any, value: Any) -> None:
        raise tracing_error("An assignment x[key] = value into a traced array", _WRITE_ADVICE)

    # -- values (refused) ------------------------------------------------------------------------

    def __bool__(self) -> bool:
        raise tracing_error("bool() of a traced array (an `if`, `while`, `and` or `or` on it)", _VALUES_ADVICE)

    def __int__(self) -> int:
        raise tracing_error("int() of a traced array", _VALUES_ADVICE)

    def __float__(self) -> float:
        raise tracing_error("float() of a traced array", _VALUES_ADVICE)

    def __complex__(self) -> complex:
        raise tracing_error("complex() of a traced array", _VALUES_ADVICE)

    def __index__(self) -> int:
        raise tracing_error("A traced array used as a Python integer (an index, a size, a range)", _VALUES_ADVICE)

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise tracing_error("NumPy was asked for the values of a traced array", _framework_advice("asarray"))

    def __dlpack__(self, *args: Any, **kwargs: Any) -> Any:
        raise tracing_error("DLPack was asked for the values of a traced array", _VALUES_ADVICE)

    def __tf_tensor__(self, *args: Any, **kwargs: Any) -> Any:
        raise tracing_error("TensorFlow was given a traced array", _framework_advice("asarray"))

    def __array_function__(self, function: Any, types: Any, args: Any, kwargs: Any) -> Any:
        name = getattr(function, "__name__", "function")
        raise tracing_error(f"numpy.{name} was called on a traced array", _framework_advice(name))

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        # A NumPy array on the left of an operator asks its ufunc: recorded as the operator.
        name = _UFUNC_OPERATORS.get(getattr(ufunc, "__name__", ""))
        if method == "__call__" and name is not None and len(inputs) == 2 and not kwargs:
            return self._r.record_operator(f"operator.{name}", getattr(operator, name), inputs)
        ufunc_name = getattr(ufunc, "__name__", "ufunc")
        raise tracing_error(f"numpy.{ufunc_name} was called on a traced array", _framework_advice(ufunc_name))

    @classmethod
    def __torch_function__(cls, function: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        # A TypeError: a torch.Tensor's operator then hands over to this array's reflected operator.
        name = getattr(function, "__name__", "function")
        raise tracing_error(f"torch.{name} was called on a traced array", _framework_advice(name))


def _framework_advice(name: str) -> str:
    return _FRAMEWORK_ADVICE.format(name=name)


def _attribute_message(name: str) -> tuple[str, str | None]:
    located, where = _located(f"x.{name} of a traced native array")
    return f"{located}. {_framework_advice(name)}", where


_UFUNC_OPERATORS = {
    "add": "add", "subtract": "sub", "multiply": "mul", "true_divide": "truediv", "divide": "truediv",
    "floor_divide": "floordiv", "remainder": "mod", "power": "pow", "matmul": "matmul",
    "bitwise_and": "and_", "bitwise_or": "or_", "bitwise_xor": "xor", "left_shift": "lshift",
    "right_shift": "rshift", "less": "lt", "less_equal": "le", "greater": "gt", "greater_equal": "ge",
    "equal": "eq", "not_equal": "ne",
}  # fmt: skip


#: Operands whose own operators take over from a traced native array's.
_DEFERRED = (Array, Container)


def _binary(name: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    function = getattr(operator, name)
    label = f"operator.{name}"

    def method(self: TracedArray, other: Any) -> Any:
        if isinstance(other, _DEFERRED):
            return NotImplemented  # the pa.Array's (or Container's) reflected operator records the call
        return self._r.record_operator(label, function, (self, other))

    def reflected(self: TracedArray, other: Any) -> Any:
        if isinstance(other, _DEFERRED):
            return NotImplemented
        return self._r.record_operator(label, function, (other, self))

    return method, reflected


def _inplace(symbol: str) -> Callable[..., Any]:
    def method(self: TracedArray, other: Any) -> Any:
        raise tracing_error(f"An in-place operator x {symbol}= y on a traced array", _WRITE_ADVICE)

    return method


def _unary(name: str) -> Callable[..., Any]:
    function = getattr(operator, name)
    label = f"operator.{name}"

    def method(self: TracedArray) -> Any:
        return self._r.record_operator(label, function, (self,))

    return method


for _dunder, _name, _symbol in (
    ("add", "add", "+"), ("sub", "sub", "-"), ("mul", "mul", "*"), ("truediv", "truediv", "/"),
    ("floordiv", "floordiv", "//"), ("mod", "mod", "%"), ("pow", "pow", "**"), ("matmul", "matmul", "@"),
    ("and", "and_", "&"), ("or", "or_", "|"), ("xor", "xor", "^"), ("lshift", "lshift", "<<"),
    ("rshift", "rshift", ">>"),
):  # fmt: skip
    _method, _reflected = _binary(_name)
    setattr(TracedArray, f"__{_dunder}__", _method)
    setattr(TracedArray, f"__r{_dunder}__", _reflected)
    setattr(TracedArray, f"__i{_dunder}__", _inplace(_symbol))
for _dunder in ("lt", "le", "gt", "ge", "eq", "ne"):
    setattr(TracedArray, f"__{_dunder}__", _binary(_dunder)[0])
for _dunder in ("neg", "pos", "abs", "invert"):
    setattr(TracedArray, f"__{_dunder}__", _unary(_dunder))
del _dunder, _name, _symbol, _method, _reflected


# -- one recording ----------------------------------------------------------------------------------------


class Recording:
    """What one trace has recorded so far: its nodes, the constants it captured, whether it read a shape."""

    def __init__(self, twin: Twin) -> None:
        self.twin = twin
        self.source = twin.source
        self.native_types = twin.source.native_array_types
        self.primary_type = self.native_types[0]
        self.nodes: list[Node] = []
        self.shape_read = False
        self.closed = False
        self._constants: dict[int, tuple[Any, Value]] = {}
        #: Small constants made while tracing (a Python scalar as an array …), by class, dtype, shape, device and
        #: bytes: equal ones are one constant of the graph (nothing writes into them).
        self._small: dict[Any, Value] = {}
        self.shape_type = type("TracedShape", (TracedShape,), {"__slots__": (), "recording": self})

    # -- values -------------------------------------------------------------------------------

    def shape_of(self, concrete: Any) -> TracedShape:
        if self.closed:
            raise _finished()
        return self.shape_type(tuple(concrete.shape))

    def new_value(self, concrete: Any) -> Value:
        return Value(tuple(concrete.shape), concrete.dtype, type(concrete) is self.primary_type)

    def traced(self, concrete: Any, value: Value) -> TracedArray:
        cls = self.twin.primary if value.primary else self.twin.other
        return cls(concrete, value, self)

    def constant(self, concrete: Any) -> Value:
        """The graph value of a native array the function used without computing it (captured by reference)."""
        entry = self._constants.get(id(concrete))
        if entry is None or entry[0] is not concrete:
            value = self.new_value(concrete)
            value.data = concrete
            entry = (concrete, value)
            self._constants[id(concrete)] = entry
        return entry[1]

    def _small_key(self, array: Any) -> Any:
        """What makes a constant of at most 16 elements equal to another, or None (larger, unreadable, or of a
        lazy backend, whose values are not computed behind the user's back)."""
        if self.source.info.lazy:
            return None
        try:
            shape = tuple(array.shape)
            if math.prod(shape) > 16:
                return None
            import numpy  # the core's dependency, imported where first needed (``import polyarray`` does not)

            raw = self.source.raw
            values = numpy.asarray(raw.to_numpy(array))
            return (type(array), str(array.dtype), shape, raw.device_of(array), values.dtype.str, values.tobytes())
        except Exception:
            return None

    # -- arguments -----------------------------------------------------------------------------

    def concrete(self, value: Any, found: list[TracedArray]) -> Any:
        """``value`` with every traced array replaced by the array it holds (noted in ``found``)."""
        cls = value.__class__
        if isinstance(value, TracedArray):
            if value._r is not self:
                raise _foreign(value)
            if not value._v.is_constant:
                found.append(value)
            return value._c
        if isinstance(value, _DEFERRED):
            raise TracingError(
                f"A {type(value).__name__} reached a framework call inside a trace; pass native arrays there."
            )
        if isinstance(value, TracedShape):
            self.shape_read = True
            return tuple(value)
        if cls is tuple or cls is list:
            return cls(self.concrete(item, found) for item in value)
        if cls is dict:
            return {key: self.concrete(item, found) for key, item in value.items()}
        return value

    def template(self, value: Any) -> Any:
        """``value`` as a node holds it: traced arrays as their values, native arrays as captured constants."""
        cls = value.__class__
        if isinstance(value, TracedArray):
            return value._v
        if isinstance(value, TracedShape):
            return tuple(value)
        if cls is tuple or cls is list:
            return cls(self.template(item) for item in value)
        if cls is dict:
            return {key: self.template(item) for key, item in value.items()}
        if isinstance(value, self.native_types):
            return self.constant(value)
        return value

    # -- results -------------------------------------------------------------------------------

    def results(self, result: Any, node: Node | None, path: tuple[int, ...] = ()) -> tuple[Any, Any]:
        """(what the caller gets: traced arrays, the node's output template: values) for a result."""
        if isinstance(result, self.native_types):
            key = None
            if node is None:
                key = self._small_key(result)
                same = self._small.get(key) if key is not None else None
                if same is not None:
                    return self.traced(same.data, same), same  # an equal small constant made before
            if node is not None and _unknown_size(result):
                raise tracing_error(f"pa.{node.name} of a traced array", _DYNAMIC_ADVICE)
            value = self.new_value(result)
            if node is None:
                value.data = result
                if key is not None:
                    self._small[key] = value
            else:
                value.node, value.path = node, path
            return self.traced(result, value), value
        cls = result.__class__
        if cls is tuple or cls is list:
            pairs = [self.results(item, node, (*path, index)) for index, item in enumerate(result)]
            return cls(p[0] for p in pairs), cls(p[1] for p in pairs)
        return result, result

    # -- recording one call --------------------------------------------------------------------

    def record(
        self, name: str, target: Callable[..., Any], args: tuple, kwargs: dict[str, Any], implementation: bool = False
    ) -> Any:
        """Compute ``target`` on the held arrays; record it as a node if a traced array went in.

        For a plugin's ``implementation`` (not a framework callable), the
        backend's ``record_calls`` hook may give the framework calls it made.
        """
        if self.closed:
            raise _finished()
        found: list[TracedArray] = []
        values = self.concrete(args, found)
        options = self.concrete(kwargs, found) if kwargs else kwargs
        if found:
            self._check(name, args, kwargs, found)
        calls = None
        if implementation and found and self.twin.records_calls:
            result, calls = self.source.raw.record_calls(target, values, options)
        else:
            result = target(*values, **options)
        if not found or (name in SHAPE_ONLY and not _traced_in(args[1:], kwargs)):
            return self.results(result, None)[0]  # a constant: computed once, now
        for traced in found:
            if result is traced._c:
                return traced  # the argument itself (``asarray`` of an array): no call to replay
        node = Node(name, target, self.template(args), self.template(kwargs) if kwargs else {}, user_line())
        traced, node.outputs = self.results(result, node)
        if calls is not None:
            node.lowered = self.lowered(calls, found, result)
        self.nodes.append(node)
        return traced

    def lowered(self, calls: list[tuple[Any, ...]], found: list[TracedArray], result: Any) -> Any:
        """The framework calls of one implementation as nodes of their own, and its result in their values.

        Arrays are told apart by identity: the implementation's arguments, then
        each call's results (an in-place call's result replaces its argument);
        any other array is a constant. None where the result is none of them.
        """
        known: dict[int, Value] = {id(traced._c): traced._v for traced in found}
        native_types = self.native_types

        def argument(value: Any) -> Any:
            if isinstance(value, native_types):
                return known.get(id(value)) or self.constant(value)
            cls = value.__class__
            if cls is tuple or cls is list:
                return cls(argument(item) for item in value)
            if cls is dict:
                return {key: argument(item) for key, item in value.items()}
            return value

        def output(value: Any, node: Node, path: tuple[int, ...]) -> Any:
            if isinstance(value, native_types):
                out = self.new_value(value)
                out.node, out.path = node, path
                known[id(value)] = out
                return out
            if isinstance(value, (tuple, list)):
                return tuple(output(item, node, (*path, index)) for index, item in enumerate(value))
            return value

        nodes = []
        for function, args, kwargs, out in calls:
            node = Node(getattr(function, "__name__", "call"), function, argument(tuple(args)), argument(dict(kwargs)))
            node.outputs = output(out, node, ())
            nodes.append(node)

        def mapped(value: Any) -> Any:
            if isinstance(value, native_types):
                return known.get(id(value), _UNKNOWN)
            if isinstance(value, (tuple, list)):
                return tuple(mapped(item) for item in value)
            return value

        template = mapped(result)
        if any(v is _UNKNOWN for v in _flat(template)):
            return None
        return nodes, template

    def record_operator(self, name: str, function: Callable[..., Any], args: tuple) -> Any:
        """A framework operator (or indexing) used on a traced array."""
        if name == "operator.getitem":
            key = _native_key(args[1])
            if isinstance(key, (Array, Container)):
                raise tracing_error("A pa.Array of another backend indexes a traced array", _framework_advice("take"))
            args = (args[0], key)
            if _has_traced_mask(key):
                raise tracing_error("A traced boolean mask selects elements of an array", _DYNAMIC_ADVICE)
        return self.record(name, function, args, {})

    def _check(self, name: str, args: tuple, kwargs: dict[str, Any], found: list[TracedArray]) -> None:
        if name in DATA_DEPENDENT and (name != "repeat" or _traced_in(args[1:], kwargs)):
            raise tracing_error(f"pa.{name} of a traced array", _DYNAMIC_ADVICE)
        if name == "get_item" and len(args) > 1 and _has_traced_mask(args[1]):
            raise tracing_error("A traced boolean mask selects elements of an array", _DYNAMIC_ADVICE)
        if isinstance(kwargs.get("out"), TracedArray):
            raise tracing_error(f"pa.{name}(..., out=x) writes into a traced array", _WRITE_ADVICE)


def _native_key(key: Any) -> Any:
    """An index with the traced ``pa.Array`` parts replaced by their traced arrays (as NumPy reads them)."""
    if isinstance(key, Array) and isinstance(key.data, TracedArray):
        return key.data
    if key.__class__ is tuple:
        return tuple(_native_key(part) for part in key)
    return key


_UNKNOWN: Any = object()


def _flat(template: Any) -> list[Any]:
    if isinstance(template, tuple):
        return [leaf for item in template for leaf in _flat(item)]
    return [template]


def _traced_in(args: Any, kwargs: dict[str, Any]) -> bool:
    found: list[Any] = []

    def visit(value: Any) -> None:
        if isinstance(value, TracedArray) and not value._v.is_constant:
            found.append(value)
        elif value.__class__ in (tuple, list):
            for item in value:
                visit(item)

    visit(args)
    visit(tuple(kwargs.values()))
    return bool(found)


def _has_traced_mask(key: Any) -> bool:
    parts = key if key.__class__ is tuple else (key,)
    for part in parts:
        if isinstance(part, TracedArray) and _is_bool(part._c.dtype):
            return True
    return False


def _is_bool(dtype: Any) -> bool:
    text = str(dtype)
    return text in ("bool", "torch.bool", "<dtype: 'bool'>") or getattr(dtype, "kind", None) == "b"


def _finished() -> TracingError:
    return tracing_error(
        "A traced array was used after its trace ended",
        "Traced arrays exist only while pa.trace runs the function: return what you need from it",
    )


def _foreign(value: TracedArray) -> TracingError:
    return tracing_error(
        "A traced array of another trace was used",
        "Each trace has its own arrays: pass arrays between traced functions as arguments and results",
    )


# -- the recording twin of a backend ----------------------------------------------------------------------


class Twin:
    """A backend's recording twin: the derived backend, its traced array classes, the recording in progress."""

    def __init__(self, source: Backend) -> None:
        self.source = source
        name = source.name
        self.primary = type(f"Traced{name.title()}Array", (TracedArray,), {"__slots__": ()})
        self.other = type(f"Traced{name.title()}Scalar", (TracedArray,), {"__slots__": ()})
        self.lock = threading.RLock()
        self.recording: Recording | None = None
        #: Whether the plugin tells the framework calls its implementations make (``record_calls``).
        self.records_calls = "record_calls" in source.native_support
        self.backend = derive_backend(
            source, f"{name} (traced)", (self.primary, self.other, *source.native_array_types), self._implementation
        )
        owners = _choice.type_owners()
        owners[self.primary] = owners[self.other] = self.backend
        #: The backend it records for (a recording twin is no backend a graph runs on).
        self.backend.traces = source  # type: ignore[attr-defined]  # pyright: ignore[reportAttributeAccessIssue]

    def active(self) -> Recording:
        recording = self.recording
        if recording is None:
            raise _finished()
        return recording

    def _implementation(self, decl: Declaration, function: Callable[..., Any]) -> Callable[..., Any]:
        """What the twin calls in place of the plugin's ``function`` for ``decl``."""
        if decl.kind == "support":
            if decl.name in WRITES:
                return self._writer(decl.name)
            if decl.name in COMPUTES:
                return self._computer(COMPUTES[decl.name], function)
            if decl.name == "device_of":
                return lambda x, /: function(x._c if isinstance(x, TracedArray) else x)
            if decl.name != "get_item":
                return function  # metadata: native dtypes, error classes, the compiler hook
        if decl.qualname in READS_VALUES:
            return self._reader(decl.qualname, function)
        return self._recorder(decl, function)

    def _recorder(self, decl: Declaration, function: Callable[..., Any]) -> Callable[..., Any]:
        name = decl.qualname
        forwarded = _direct(function)  # the framework callable the implementation forwards every call to, or itself
        guarded = _guarded_direct(function)
        if guarded is not None and guarded[2] is not None:
            guarded = None  # guarded by class too: a replay's arrays of that dtype may be of another class
        # A mark's native that is a function of the plugin (not the framework's callable) is recorded as the
        # framework calls it makes, as the implementation is.
        lowered_native = guarded[0] if guarded is not None and inspect.isfunction(guarded[0]) else function
        active = self.active
        native_types = self.source.native_array_types

        def target_for(args: tuple) -> Callable[..., Any]:
            if guarded is not None:
                for arg in args:
                    if isinstance(arg, TracedArray):
                        return guarded[0] if arg._c.dtype in guarded[1] else forwarded
                    if isinstance(arg, native_types):
                        return guarded[0] if getattr(arg, "dtype", None) in guarded[1] else forwarded
            return forwarded

        def recorded(*args: Any, **kwargs: Any) -> Any:
            target = target_for(args)
            return active().record(name, target, args, kwargs, target is function or target is lowered_native)

        recorded.__name__ = decl.name
        handler = getattr(function, "partial_mixed_handler", None)
        if handler is not None:

            def handles(*args: Any, **kwargs: Any) -> bool:
                found: list[TracedArray] = []
                recording = active()
                return bool(handler(*recording.concrete(args, found), **recording.concrete(kwargs, found)))

            recorded.partial_mixed_handler = handles  # type: ignore[attr-defined]  # pyright: ignore[reportFunctionMemberAccess]
        return recorded

    @staticmethod
    def _writer(name: str) -> Callable[..., Any]:
        def writes(x: Any, *args: Any) -> Any:
            if isinstance(x, TracedArray):
                raise tracing_error("A write into a traced array (x[key] = value, x += y, out=x)", _WRITE_ADVICE)
            raise tracing_error("A write into an array inside a traced function", _WRITE_ADVICE)

        writes.__name__ = name
        return writes

    @staticmethod
    def _computer(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def computes(*arrays: Any) -> Any:
            if any(isinstance(x, TracedArray) for x in arrays):
                raise tracing_error(f"pa.{name} of a traced array", _VALUES_ADVICE)
            return function(*arrays)

        computes.__name__ = name
        return computes

    def _reader(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def reads(x: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(x, TracedArray):
                raise tracing_error(f"pa.{name} of a traced array", _VALUES_ADVICE)
            return function(x, *args, **kwargs)

        reads.__name__ = name
        return reads


_twins: dict[int, Twin] = {}
_twins_lock = threading.Lock()


def tracing_backend(source: Backend) -> Twin:
    """The recording twin of ``source``, built on first use."""
    twin = _twins.get(id(source))
    if twin is None or twin.source is not source:
        with _twins_lock:
            twin = _twins.get(id(source))
            if twin is None or twin.source is not source:
                twin = Twin(source)
                _twins[id(source)] = twin
                _frameworks.update(module.split(".")[0] for module, _ in source.info.native_array_types)
    return twin


def is_traced(value: Any) -> bool:
    """Whether ``value`` is a traced array (native, or inside a ``pa.Array``) of a trace in progress."""
    if isinstance(value, Array):
        value = value.data
    return isinstance(value, TracedArray)


# -- tracing a function --------------------------------------------------------------------------------------


def _unknown_size(native: Any) -> bool:
    """Whether a native array has a size that depends on values (a lazy framework's NaN, or None)."""
    return any(extent is None or extent != extent for extent in native.shape)


def _is_array(value: Any) -> bool:
    return isinstance(value, Array) or _choice.owner_of_native(value) is not None


def input_tree(
    args: tuple, kwargs: dict[str, Any], static_argnums: frozenset[int], static_argnames: frozenset[str]
) -> tuple:
    """The tree of a call's arguments: array leaves as :class:`ArrayInput`, every other leaf (and the static
    arguments, whole) as :class:`Static`."""
    count = [0]

    def leaf(value: Any) -> Any:
        if is_traced(value):
            raise tracing_error(
                "A traced array was passed to pa.trace inside another trace",
                "Call the function itself there (or pa.trace(fn) as a decorator, which traces through)",
            )
        if _is_array(value):
            spec = ArrayInput(count[0], isinstance(value, Array))
            count[0] += 1
            return spec
        return Static(value)

    positional = tuple(
        (LEAF, Static(value), ()) if index in static_argnums else flatten(value, leaf)
        for index, value in enumerate(args)
    )
    keywords = tuple(
        (LEAF, Static(value), ()) if key in static_argnames else flatten(value, leaf) for key, value in kwargs.items()
    )
    return (TUPLE, None, ((TUPLE, None, positional), (DICT, (dict, tuple(kwargs)), keywords)))


def array_leaves(args: tuple, kwargs: dict[str, Any], tree: tuple) -> list[Any]:
    """The array arguments of a call, in the order of the tree's :class:`ArrayInput` leaves."""
    found: list[Any] = []

    def visit(node: tuple, value: Any) -> None:
        kind, extra, children = node
        if kind == LEAF:
            if isinstance(extra, ArrayInput):
                found.append(value)
            return
        if kind == DICT:
            items = [value[key] for key in extra[1]]
        elif kind == CONTAINER:
            items = [value._data[key] for key in extra]
        else:
            items = list(value)
        for child, item in zip(children, items):
            visit(child, item)

    visit(tree, (args, kwargs))
    return found


def backend_of_arrays(arrays: list[Any], backend: str | Backend | None) -> Backend:
    """The backend a trace runs on: ``backend`` when given, else the arrays' (all must share it), else the
    backend a call without arrays runs on."""
    if backend is not None:
        return _choice.resolve_backend(backend)
    owners = []
    for array in arrays:
        owner = array.backend if isinstance(array, Array) else _choice.owner_of_native(array)
        if owner not in owners:
            owners.append(owner)
    if len(owners) > 1:
        names = ", ".join(o.name for o in owners)  # type: ignore[union-attr]
        raise TracingError(
            f"pa.trace was given arrays of several backends ({names}); a graph runs on one: convert them "
            f"first, or pass backend=... to trace on one of them."
        )
    return owners[0] if owners else _handler.current_backend()  # type: ignore[return-value]


def trace_graph(
    fn: Callable[..., Any],
    args: tuple,
    kwargs: dict[str, Any],
    *,
    backend: str | Backend | None = None,
    static_argnums: frozenset[int] = frozenset(),
    static_argnames: frozenset[str] = frozenset(),
    rank_only: bool = False,
) -> Graph:
    """Run ``fn(*args, **kwargs)`` on a recording twin and return the graph of what it computed."""
    tree = input_tree(args, kwargs, static_argnums, static_argnames)
    arrays = array_leaves(args, kwargs, tree)
    source = backend_of_arrays(arrays, backend)
    twin = tracing_backend(source)
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__
    name = name.rpartition("<locals>.")[2]
    with twin.lock:
        previous = twin.recording
        recording = twin.recording = Recording(twin)
        try:
            inputs = []
            traced_arrays: list[Any] = []
            for index, array in enumerate(arrays):
                native = _native_of(array, source)
                if _unknown_size(native):
                    raise TracingError(
                        f"Array argument {index} of a traced function (of the {source.name} backend) has a size "
                        f"that depends on values not computed yet; pa.trace and pa.compile take arrays of known "
                        f"shapes: call pa.persist on it first, which learns its sizes."
                    )
                value = recording.new_value(native)
                value.index = index
                inputs.append(value)
                traced = recording.traced(native, value)
                if isinstance(array, Array):
                    wrapped = object.__new__(Array)
                    wrapped.data, wrapped.backend = traced, twin.backend
                    traced_arrays.append(wrapped)
                else:
                    traced_arrays.append(traced)
            call_args, call_kwargs = _rebuild(tree, iter(traced_arrays), args, kwargs)
            with _handler.backend_context(twin.backend):
                result = fn(*call_args, **call_kwargs)
            out_tree = flatten(result, lambda leaf: _output_spec(leaf, recording, twin))
        finally:
            recording.closed = True
            twin.recording = previous
    return Graph(
        source,
        name,
        tree,
        inputs,
        recording.nodes,
        out_tree,
        rank_only=rank_only and not recording.shape_read,
        tuple_shapes=all(isinstance(_native_of(a, source).shape, tuple) for a in arrays),
    )


def _native_of(array: Any, source: Backend) -> Any:
    if isinstance(array, Array):
        if array.backend is not source:
            raise TracingError(
                f"pa.trace on the {source.name} backend was given a pa.Array of the {array.backend.name} "
                f"backend; convert it first (pa.asarray(pa.to_numpy(x), backend={source.name!r}))."
            )
        return array.data
    return array


def _rebuild(tree: tuple, traced: Any, args: tuple, kwargs: dict[str, Any]) -> tuple[tuple, dict[str, Any]]:
    """The arguments of the traced call: the static ones as given, traced arrays in place of the others."""

    def build(node: tuple, value: Any) -> Any:
        kind, extra, children = node
        if kind == LEAF:
            return next(traced) if isinstance(extra, ArrayInput) else value
        if kind == DICT:
            cls, keys = extra
            return cls(zip(keys, (build(c, value[k]) for c, k in zip(children, keys))))
        if kind == CONTAINER:
            return Container({k: build(c, value._data[k]) for c, k in zip(children, extra)})
        items = [build(c, v) for c, v in zip(children, value)]
        if kind == NAMEDTUPLE:
            return extra(*items)
        return tuple(items) if kind == TUPLE else items

    positional, keywords = tree[2]
    call_args = tuple(build(c, v) for c, v in zip(positional[2], args))
    call_kwargs = {k: build(c, kwargs[k]) for c, k in zip(keywords[2], keywords[1][1])}
    return call_args, call_kwargs


def _output_spec(leaf: Any, recording: Recording, twin: Twin) -> Any:
    """What the graph returns for one leaf of the function's result."""
    wrapped = isinstance(leaf, Array)
    data = leaf.data if wrapped else leaf
    if isinstance(data, TracedArray):
        if data._r is not recording:
            raise _foreign(data)
        return OutputValue(data._v, wrapped)
    if wrapped and leaf.backend is twin.backend:
        raise TracingError(f"pa.trace: the function returned an array the tracer cannot hold ({type(data)!r}).")
    return Static(leaf)
