"""``pa.Container``: a nested mapping with attribute access whose leaves are arrays (or anything).

A Container maps string keys to leaves or to other Containers. Nested dicts
given to it become Containers; lists, tuples and every other value are
leaves. Keys are strings without ``"/"``, which joins the keys of a *key path*
(``c["b/c"]`` is ``c["b"]["c"]``).

Every operator, and every polyarray function given a Container where it
takes an array, works leaf by leaf and returns a Container of the same
structure. Several Containers in one operation must share their structure
(the same keys at every level; the order of the first one is kept); a
mismatch is a :class:`~polyarray.PolyarrayValueError` naming the first key
path at which they differ. All leaves of one call run on the backend the call
runs on; a Container is not looked into to choose it (``pa.exp(c)`` runs on
the context's or the implicit backend: pass ``backend=``, or use the method
``c.exp()``, which runs on the backend of the first leaf).

Method names never take a key's place without being asked: the Container's
own methods start with ``cont_`` (``cont_map``, ``cont_flatten`` …); the
methods generated from the API (``c.sum()``, ``c.exp()`` …) give way to a key
of the same name on attribute access (``c.max`` is the leaf at ``"max"`` when
there is one; ``pa.max(c)`` still maps); only the mapping protocol's
``keys``, ``values``, ``items`` and ``get`` and the attribute
``dynamic_backend`` hide keys of their names, which ``c["keys"]`` reaches.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from . import _choice, _registry
from ._array import Array
from ._config import settings
from ._declare import DECLARATIONS, ordered_wrappers
from ._errors import NestingDepthError, PolyarrayTypeError, PolyarrayValueError

__all__ = ["Container", "SEPARATOR", "MAX_DEPTH", "install_methods"]

#: Joins the keys of a key path: ``"b/c"``.
SEPARATOR = "/"

#: How deeply Containers nest at most (each level is a Python frame when a Container is walked).
MAX_DEPTH = 128

_MISSING: Any = object()
_INDENT = "    "


def _check_key(key: Any) -> str:
    if type(key) is not str:
        raise PolyarrayTypeError(f"Container keys are strings, not {type(key).__name__} ({key!r}).")
    if SEPARATOR in key:
        raise PolyarrayValueError(
            f"The Container key {key!r} contains {SEPARATOR!r}, which separates the keys of a key path; "
            f"nest a Container instead ({key.replace(SEPARATOR, ' -> ')})."
        )
    return key


def _too_deep(where: str) -> NestingDepthError:
    return NestingDepthError(
        f"{where} nests Containers (or mappings) more than {MAX_DEPTH} levels deep, polyarray's limit "
        f"(pa.Container walks one level per Python frame); flatten part of the structure, for example "
        f"with key paths ('a/b/c') over fewer levels, or keep deep data in a leaf."
    )


def _check_depth(values: Iterable[Any], where: str, above: int = 1) -> None:
    """Raise NestingDepthError when ``values`` nest mappings deeper than MAX_DEPTH (``above`` levels up).

    Walks without recursion, so that any depth (or a mapping holding itself) gets this error.
    """
    pending = [(value, above + 1) for value in values]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, Container):
            value = value._data
        elif not isinstance(value, Mapping):
            continue
        if depth > MAX_DEPTH:
            raise _too_deep(where)
        pending.extend((child, depth + 1) for child in value.values())


def _nested(value: Any) -> Any:
    """Mappings other than Containers become Containers; everything else is kept as it is.

    The depth was checked by the caller (:func:`_check_depth`).
    """
    if isinstance(value, Mapping) and not isinstance(value, Container):
        return _new({_check_key(k): _nested(v) for k, v in value.items()}, settings.dynamic_backend)
    return value


def _walking(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, raising NestingDepthError on a Container that assignments made deeper than MAX_DEPTH."""

    @functools.wraps(method)
    def walking(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except NestingDepthError:
            raise
        except RecursionError as error:
            raise _too_deep(f"Container.{method.__name__}") from error

    return walking


def _new(data: dict[str, Any], dynamic_backend: bool) -> Container:
    """A Container holding ``data`` as it is (keys already checked, nested values already Containers)."""
    container = object.__new__(Container)
    object.__setattr__(container, "_data", data)
    _registry.start_flag(container, dynamic_backend)
    return container


def _restore(data: dict[str, Any], dynamic_backend: bool) -> Container:
    """Rebuild a pickled or copied Container."""
    return _new(dict(data), dynamic_backend)


def _ordinal(index: int) -> str:
    return "the first Container" if index == 0 else f"Container {index + 1}"


def _difference(a: Container, b: Container, prefix: str = "") -> tuple[str, str] | None:
    """The first key path at which two Containers differ in structure, and how (None when they do not)."""
    other = b._data
    for key, value in a._data.items():
        path = prefix + key
        if key not in other:
            return path, "missing"
        a_nested, b_nested = isinstance(value, Container), isinstance(other[key], Container)
        if a_nested != b_nested:
            return path, "leaf" if b_nested else "nested"
        if a_nested:
            found = _difference(value, other[key], path + SEPARATOR)
            if found is not None:
                return found
    for key in other:
        if key not in a._data:
            return prefix + key, "extra"
    return None


def check_structure(containers: Iterable[Container]) -> None:
    """Raise ``PolyarrayValueError`` naming the first key path where the Containers' structures differ."""
    containers = list(containers)
    first = containers[0]
    for index, other in enumerate(containers[1:], start=1):
        found = _difference(first, other)
        if found is None:
            continue
        path, how = found
        one, two = _ordinal(0), _ordinal(index)
        detail = {
            "missing": f"{one} has the key path {path!r}, {two} does not",
            "extra": f"{two} has the key path {path!r}, {one} does not",
            "leaf": f"{path!r} is a leaf in {one} but a Container in {two}",
            "nested": f"{path!r} is a Container in {one} but a leaf in {two}",
        }[how]
        raise PolyarrayValueError(
            f"Containers in one operation must have the same structure, and these differ at {path!r}: {detail}."
        )


def _multi_map(fn: Callable[[list[Any], str], Any], containers: list[Container], prefix: str) -> Container:
    first = containers[0]
    data: dict[str, Any] = {}
    for key, value in first._data.items():
        path = prefix + key
        values = [value, *(c._data[key] for c in containers[1:])]
        if isinstance(value, Container):
            data[key] = _multi_map(fn, values, path + SEPARATOR)
        else:
            data[key] = fn(values, path)
    return _new(data, first.dynamic_backend)


def _is_array(value: Any) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")


def _leaf_text(value: Any, indent: str) -> str:
    """A leaf as one compact line: arrays by type, shape and dtype; other values by their repr."""
    if _is_array(value):
        dtype = value.dtype
        dtype_name = getattr(dtype, "name", None) or str(dtype)
        backend = getattr(value, "backend", None)
        where = f", backend={backend.name}" if hasattr(backend, "name") else ""
        return f"{type(value).__name__}(shape={tuple(value.shape)}, dtype={dtype_name}{where})"
    return repr(value).replace("\n", "\n" + indent)


def _leaf_equal(a: Any, b: Any, equal_nan: bool) -> bool:
    if _is_array(a) or _is_array(b):
        import numpy

        a, b = numpy.asarray(a), numpy.asarray(b)
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        return bool(numpy.array_equal(a, b, equal_nan=equal_nan and a.dtype.kind in "fc"))
    try:
        return bool(a == b)
    except Exception:
        return False


def _public(name: str) -> Callable[..., Any]:
    return DECLARATIONS[name].public


class Container:
    """A nested mapping with attribute access whose leaves are arrays (or anything).

    Operators and polyarray functions map over the leaves; ``==`` and the
    other comparisons do too, returning a Container of element-wise results
    (use :meth:`cont_all_equal` for one ``bool``). A Container has no truth
    value. Indexing with a string reaches a key or a key path; indexing with
    anything else indexes every leaf.

    >>> c = pa.Container(a=pa.asarray([1.0, 2.0]), b={"c": pa.asarray([3.0])})
    >>> c
    Container {
        a: Array(shape=(2,), dtype=float64, backend=numpy)
        b: {
            c: Array(shape=(1,), dtype=float64, backend=numpy)
        }
    }
    >>> c.a
    Array([1., 2.], backend=numpy, dtype=float64)
    >>> c["b/c"]
    Array([3.], backend=numpy, dtype=float64)
    >>> (c * 2).b.c
    Array([6.], backend=numpy, dtype=float64)
    >>> c.sum().to_dict()
    {'a': Array(3., backend=numpy, dtype=float64), 'b': {'c': Array(3., backend=numpy, dtype=float64)}}
    >>> pa.exp(c).cont_flatten().keys()
    dict_keys(['a', 'b/c'])
    """

    __slots__ = ("__weakref__", "_data", "_dynamic")

    #: NumPy arrays on the left of an operator hand over to the Container's reflected operator.
    __array_ufunc__ = None

    __hash__ = None  # type: ignore[assignment]

    _data: dict[str, Any]
    _dynamic: bool

    def __init__(self, data: Mapping[str, Any] | Iterable[tuple[str, Any]] | None = None, /, **leaves: Any) -> None:
        items: dict[Any, Any] = {}
        if data is not None:
            items.update(data)
        items.update(leaves)
        _check_depth(items.values(), "pa.Container(...)")
        object.__setattr__(self, "_data", {_check_key(k): _nested(v) for k, v in items.items()})
        _registry.start_flag(self, settings.dynamic_backend)

    @property
    def dynamic_backend(self) -> bool:
        """Whether ``pa.set_backend(name, dynamic=True)`` converts this Container's leaves to the new backend.

        New Containers take the default of ``pa.set_dynamic_backend`` (False at
        start; a Container made from others takes the first one's flag).
        Setting it to True converts the leaves at once to the backend set for
        this context, if one is set. A leaf ``pa.Array`` that is dynamic itself
        is converted in place; any other array leaf is replaced by the
        converted one.

        >>> c = pa.Container(a=pa.asarray([1.0]))
        >>> c.dynamic_backend = True
        >>> c.dynamic_backend
        True
        """
        return self._dynamic

    # -- the mapping protocol --------------------------------------------------------------

    def __getitem__(self, key: Any) -> Any:
        if type(key) is str:
            if SEPARATOR not in key:
                return self._data[key]
            node: Any = self
            for part in key.split(SEPARATOR):
                if not isinstance(node, Container) or part not in node._data:
                    raise KeyError(key)
                node = node._data[part]
            return node
        if isinstance(key, Container):
            return Container.cont_multi_map(lambda leaves, _: leaves[0][leaves[1]], [self, key])
        return self.cont_map(lambda leaf, _: leaf[key])

    def __setitem__(self, key: Any, value: Any) -> None:
        if type(key) is str:
            *parents, last = key.split(SEPARATOR)
            node = self
            for index, part in enumerate(parents):
                child = node._data.get(part, _MISSING)
                if child is _MISSING:
                    child = node._data[_check_key(part)] = _new({}, node.dynamic_backend)
                elif not isinstance(child, Container):
                    where = SEPARATOR.join(parents[: index + 1])
                    raise PolyarrayValueError(f"Cannot set {key!r}: {where!r} is a leaf, not a Container.")
                node = child
            _check_depth((value,), f"Setting {key!r}", above=len(parents) + 1)
            node._data[_check_key(last)] = _nested(value)
            return
        if isinstance(value, Container):
            Container.cont_multi_map(lambda leaves, _: leaves[0].__setitem__(key, leaves[1]), [self, value])
            return
        for leaf in self._leaves():
            leaf[key] = value

    def __delitem__(self, key: str) -> None:
        *parents, last = _check_path(key).split(SEPARATOR)
        node = self[SEPARATOR.join(parents)] if parents else self
        if not isinstance(node, Container) or last not in node._data:
            raise KeyError(key)
        del node._data[last]

    def __contains__(self, key: object) -> bool:
        if type(key) is not str:
            return False
        try:
            self[key]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def keys(self):
        """The top-level keys, in insertion order."""
        return self._data.keys()

    def values(self):
        """The top-level values (leaves and sub-Containers), in insertion order."""
        return self._data.values()

    def items(self):
        """The top-level ``(key, value)`` pairs, in insertion order."""
        return self._data.items()

    def get(self, key: str, default: Any = None) -> Any:
        """The value at ``key`` (a key or a key path), or ``default``."""
        try:
            return self[key]
        except KeyError:
            return default

    # -- attribute access ------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_data":
            raise AttributeError(name)
        try:
            return self._data[name]
        except KeyError:
            keys = ", ".join(map(repr, self._data)) or "none"
            raise AttributeError(f"This Container has no key {name!r} (its keys: {keys}).") from None

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "dynamic_backend":
            _registry.set_container_flag(self, bool(value))
        elif name == "_data":
            raise PolyarrayTypeError("A Container's '_data' is not assigned; set keys instead.")
        else:
            self[name] = value

    def __delattr__(self, name: str) -> None:
        try:
            del self._data[name]
        except KeyError:
            raise AttributeError(f"This Container has no key {name!r}.") from None

    def __dir__(self) -> list[str]:
        return [*object.__dir__(self), *(k for k in self._data if k.isidentifier())]

    # -- values -----------------------------------------------------------------------------

    def __bool__(self) -> bool:
        raise PolyarrayTypeError(
            "A Container has no truth value (its comparisons give Containers of element-wise results): "
            "use len(c), c.cont_all_true(), c.cont_any_true() or c.cont_all_equal(other)."
        )

    @_walking
    def __repr__(self) -> str:
        return "Container " + self._tree("")

    __str__ = __repr__

    def _tree(self, indent: str) -> str:
        if not self._data:
            return "{}"
        inner = indent + _INDENT
        lines = ["{"]
        for key, value in self._data.items():
            text = value._tree(inner) if isinstance(value, Container) else _leaf_text(value, inner)
            lines.append(f"{inner}{key}: {text}")
        lines.append(indent + "}")
        return "\n".join(lines)

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self._data, self.dynamic_backend)

    # -- traversal ----------------------------------------------------------------------

    def _leaves(self) -> Iterator[Any]:
        for value in self._data.values():
            if isinstance(value, Container):
                yield from value._leaves()
            else:
                yield value

    @_walking
    def cont_map(self, fn: Callable[[Any, str], Any], /) -> Container:
        """A Container of the same structure holding ``fn(leaf, key_path)`` for every leaf.

        >>> pa.Container(a=1, b={"c": 2}).cont_map(lambda leaf, path: f"{path}={leaf}").to_dict()
        {'a': 'a=1', 'b': {'c': 'b/c=2'}}
        """
        return _multi_map(lambda leaves, path: fn(leaves[0], path), [self], "")

    @staticmethod
    @_walking
    def cont_multi_map(fn: Callable[[list[Any], str], Any], containers: Iterable[Container], /) -> Container:
        """A Container holding ``fn([leaf of each Container], key_path)``; the structures must match.

        >>> a, b = pa.Container(x=1, y={"z": 2}), pa.Container(x=10, y={"z": 20})
        >>> pa.Container.cont_multi_map(lambda leaves, path: sum(leaves), [a, b]).to_dict()
        {'x': 11, 'y': {'z': 22}}
        """
        containers = list(containers)
        if not containers:
            raise PolyarrayValueError("cont_multi_map needs at least one Container.")
        check_structure(containers)
        return _multi_map(fn, containers, "")

    def cont_identical_structure(self, other: Any, /) -> bool:
        """Whether ``other`` is a Container with the same keys at every level (in any order)."""
        return isinstance(other, Container) and _difference(self, other) is None

    def cont_all_equal(self, other: Any, /, *, equal_nan: bool = False) -> bool:
        """Whether ``other`` has the same structure and equal leaves (arrays: same shape, dtype and values).

        >>> c = pa.Container(a=pa.asarray([1, 2]))
        >>> c.cont_all_equal(pa.Container(a=pa.asarray([1, 2])))
        True
        >>> c.cont_all_equal(pa.Container(a=pa.asarray([1.0, 2.0])))
        False
        """
        if not self.cont_identical_structure(other):
            return False
        pairs = zip(self._leaves(), other._ordered_like(self))
        return all(_leaf_equal(a, b, equal_nan) for a, b in pairs)

    def _ordered_like(self, template: Container) -> Iterator[Any]:
        """This Container's leaves in the key order of ``template`` (of the same structure)."""
        for key, value in template._data.items():
            mine = self._data[key]
            if isinstance(value, Container):
                yield from mine._ordered_like(value)
            else:
                yield mine

    def cont_copy(self) -> Container:
        """A new Container of the same structure holding the same leaves (which are not copied)."""
        return self.cont_map(lambda leaf, _: leaf)

    # -- conversion ----------------------------------------------------------------------

    @_walking
    def to_dict(self) -> dict[str, Any]:
        """Nested plain dicts with the same leaves.

        >>> pa.Container(a=1, b={"c": 2}).to_dict()
        {'a': 1, 'b': {'c': 2}}
        """
        return {k: v.to_dict() if isinstance(v, Container) else v for k, v in self._data.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], /) -> Container:
        """A Container from nested mappings (each nested mapping becomes a Container)."""
        return cls(data)

    @_walking
    def cont_flatten(self) -> dict[str, Any]:
        """A dict from key path to leaf; an empty sub-Container is kept as an entry of its own.

        >>> pa.Container(a=1, b={"c": 2, "d": {}}).cont_flatten()
        {'a': 1, 'b/c': 2, 'b/d': Container {}}
        """
        flat: dict[str, Any] = {}

        def visit(container: Container, prefix: str) -> None:
            for key, value in container._data.items():
                if isinstance(value, Container) and value._data:
                    visit(value, prefix + key + SEPARATOR)
                else:
                    flat[prefix + key] = value

        visit(self, "")
        return flat

    @classmethod
    def cont_unflatten(cls, flat: Mapping[str, Any], /) -> Container:
        """The Container that :meth:`cont_flatten` turned into ``flat``.

        >>> pa.Container.cont_unflatten({"a": 1, "b/c": 2}).to_dict()
        {'a': 1, 'b': {'c': 2}}
        """
        container = cls()
        for path, value in flat.items():
            container[_check_path(path)] = value
        return container

    # -- reductions over the leaves ------------------------------------------------------

    def cont_reduce(self, fn: Callable[[Any, Any], Any], /, initial: Any = _MISSING) -> Any:
        """Fold the leaves, in key-path order, with ``fn(accumulated, leaf)``.

        >>> pa.Container(a=1, b={"c": 2, "d": 3}).cont_reduce(lambda x, y: x * 10 + y)
        123
        """
        leaves = self._leaves()
        if initial is _MISSING:
            try:
                initial = next(leaves)
            except StopIteration:
                raise PolyarrayValueError("cont_reduce of a Container without leaves needs an initial value.") from None
        return functools.reduce(fn, leaves, initial)

    def cont_sum(self) -> Any:
        """The sum of the leaves (element-wise, broadcasting): ``leaf_1 + leaf_2 + …``.

        >>> float(pa.Container(a=pa.asarray(1.0), b={"c": pa.asarray(2.5)}).cont_sum())
        3.5
        """
        return self.cont_reduce(operator.add)

    def cont_prod(self) -> Any:
        """The product of the leaves (element-wise, broadcasting)."""
        return self.cont_reduce(operator.mul)

    def cont_mean(self) -> Any:
        """The mean of the leaves (element-wise, broadcasting): their sum over their count."""
        return self.cont_sum() / self.cont_num_leaves()

    def cont_max(self) -> Any:
        """The element-wise maximum of the leaves (``pa.maximum`` folded over them)."""
        return self.cont_reduce(_public("maximum"))

    def cont_min(self) -> Any:
        """The element-wise minimum of the leaves (``pa.minimum`` folded over them)."""
        return self.cont_reduce(_public("minimum"))

    def cont_all_true(self) -> bool:
        """Whether every element of every leaf is true (True without leaves).

        >>> (pa.Container(a=pa.asarray([1, 2])) > 0).cont_all_true()
        True
        """
        every = _public("all")
        return all(bool(every(leaf)) for leaf in self._leaves())

    def cont_any_true(self) -> bool:
        """Whether some element of some leaf is true (False without leaves)."""
        some = _public("any")
        return any(bool(some(leaf)) for leaf in self._leaves())

    def cont_num_leaves(self) -> int:
        """How many leaves the Container holds, at every level."""
        return sum(1 for _ in self._leaves())


def _check_path(path: Any) -> str:
    if type(path) is not str:
        raise PolyarrayTypeError(f"Container key paths are strings, not {type(path).__name__} ({path!r}).")
    return path


Mapping.register(Container)


# -- operators, leaf by leaf ---------------------------------------------------------------


def _binary(op: Callable[[Any, Any], Any], reflected: bool):
    def method(self: Container, other: Any) -> Container:
        if isinstance(other, Container):
            pair = [other, self] if reflected else [self, other]
            return Container.cont_multi_map(lambda leaves, _: op(leaves[0], leaves[1]), pair)
        if reflected:
            return self.cont_map(lambda leaf, _: op(other, leaf))
        return self.cont_map(lambda leaf, _: op(leaf, other))

    return method


def _unary(op: Callable[[Any], Any]):
    def method(self: Container) -> Container:
        return self.cont_map(lambda leaf, _: op(leaf))

    return method


_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor", "lshift", "rshift")
_COMPARISON = ("lt", "le", "gt", "ge", "eq", "ne")
_UNARY = ("neg", "pos", "abs", "invert")

for _name in _BINARY:
    _op = getattr(operator, _name + "_" if _name in ("and", "or") else _name)
    setattr(Container, f"__{_name}__", _binary(_op, reflected=False))
    setattr(Container, f"__r{_name}__", _binary(_op, reflected=True))
for _name in _COMPARISON:
    setattr(Container, f"__{_name}__", _binary(getattr(operator, _name), reflected=False))
for _name in _UNARY:
    setattr(Container, f"__{_name}__", _unary(getattr(operator, _name)))
del _name, _op


# -- methods generated from the declarations ---------------------------------------------


def _backend_of(container: Container) -> Any:
    """The backend a method call on ``container`` runs on: its first leaf's (as ``pa.Array`` methods do)."""
    first = next(container._leaves(), None)
    if type(first) is Array:
        return first.backend
    return _choice.choose_backend(() if first is None else (first,), None, None)


class _FunctionMethod:
    """A Container method mapping a declared function over the leaves; a key of its name wins."""

    __slots__ = ("function", "name")

    def __init__(self, name: str, function: Callable[..., Any]) -> None:
        self.name = name
        self.function = function

    def __get__(self, container: Container | None, owner: type | None = None) -> Any:
        if container is None:
            return self.function
        data = container._data
        if self.name in data:
            return data[self.name]
        return self.function.__get__(container, owner)


def install_methods(declarations: Any) -> None:
    """Give ``Container`` a method per nestable namespace function whose first parameter is an array."""
    for decl in declarations:
        if decl.namespace or decl.kind in ("standalone", "support") or hasattr(Container, decl.name):
            continue
        if not decl.positional_categories or decl.positional_categories[0] != (0, "array"):
            continue
        if "handle_nestable" not in ordered_wrappers(decl.wrappers):
            continue
        setattr(Container, decl.name, _FunctionMethod(decl.name, _method(decl.qualname, decl.name)))


def _method(qualname: str, name: str) -> Callable[..., Any]:
    def method(self: Container, *args: Any, **kwargs: Any) -> Any:
        return _backend_of(self).functions[qualname](self, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"Container.{name}"
    method.__doc__ = f"Method form of ``pa.{qualname}(self, ...)``: maps it over the leaves."
    return method
