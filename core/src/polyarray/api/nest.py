"""Nests: nested lists, tuples, dicts and Containers, and the values (leaves) inside them.

A *nest* is a list, tuple (NamedTuples included), dict or ``pa.Container``
whose items may be nests again; anything else (an array, a number, a string)
is a *leaf*. An *index* is the sequence of keys and positions that leads from
the outermost nest to a leaf: ``("a", 1)`` is ``nest["a"][1]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .._container import Container
from .._declare import standalone

__all__ = ["nested_map", "index_nest", "set_nest_at_index", "nested_argwhere", "all_nested_indices"]


def _is_nest(value: Any) -> bool:
    return isinstance(value, (list, tuple, dict, Container))


def _children(nest: Any) -> Any:
    """``(key, child)`` pairs of a nest, in its order."""
    return nest.items() if isinstance(nest, (dict, Container)) else enumerate(nest)


def _rebuild_tuple(nest: tuple, items: list[Any]) -> tuple:
    return type(nest)(*items) if hasattr(nest, "_fields") else type(nest)(items)


@standalone
def nested_map(fn: Callable[[Any], Any], nest: Any, /) -> Any:
    """Apply ``fn`` to every leaf of ``nest``, keeping its structure.

    Lists stay lists, tuples (and NamedTuples) keep their class, dicts keep
    their class and key order (through ``dict.copy``), Containers stay
    Containers. A leaf given on its own is mapped directly. The input is not
    changed.

    >>> pa.nested_map(lambda x: x * 10, {"a": [1, 2], "b": (3, {"c": 4})})
    {'a': [10, 20], 'b': (30, {'c': 40})}
    >>> pa.nested_map(lambda x: float(pa.sum(x)), [pa.ones(2), pa.ones(3)])
    [2.0, 3.0]
    """
    if isinstance(nest, Container):
        return nest.cont_map(lambda leaf, _: nested_map(fn, leaf))
    if isinstance(nest, dict):
        mapped = nest.copy()
        for key, value in nest.items():
            mapped[key] = nested_map(fn, value)
        return mapped
    if isinstance(nest, tuple):
        return _rebuild_tuple(nest, [nested_map(fn, v) for v in nest])
    if isinstance(nest, list):
        return [nested_map(fn, v) for v in nest]
    return fn(nest)


@standalone
def index_nest(nest: Any, index: Sequence[Any], /) -> Any:
    """The item of ``nest`` at ``index``: ``nest[index[0]][index[1]]…`` (``nest`` itself for ``()``).

    >>> pa.index_nest({"a": [1, (2, 3)]}, ("a", 1, 0))
    2
    """
    for key in index:
        nest = nest[key]
    return nest


@standalone
def set_nest_at_index(nest: Any, index: Sequence[Any], value: Any, /) -> Any:
    """Put ``value`` at ``index`` in ``nest`` and return the nest.

    Lists, dicts and Containers on the way are changed in place. Tuples
    cannot be, so a tuple on the way is rebuilt with the new item (keeping
    its class) and stored in its parent; when the outermost nest is a tuple,
    only the returned nest holds the change. An empty index returns
    ``value``.

    >>> nest = {"a": [1, 2], "b": (3, 4)}
    >>> pa.set_nest_at_index(nest, ("a", 0), 10)
    {'a': [10, 2], 'b': (3, 4)}
    >>> pa.set_nest_at_index(nest, ("b", 1), 40)
    {'a': [10, 2], 'b': (3, 40)}
    >>> nest  # changed in place; the tuple at "b" was rebuilt
    {'a': [10, 2], 'b': (3, 40)}
    >>> pa.set_nest_at_index((1, [2, 3]), (1, 0), 20)
    (1, [20, 3])
    """
    if not index:
        return value
    key = index[0]
    child = set_nest_at_index(nest[key], index[1:], value) if len(index) > 1 else value
    if isinstance(nest, tuple):
        items = list(nest)
        items[key] = child
        return _rebuild_tuple(nest, items)
    nest[key] = child
    return nest


def _leaf_indices(nest: Any, prefix: tuple) -> Any:
    if not _is_nest(nest):
        yield prefix, nest
        return
    for key, child in _children(nest):
        yield from _leaf_indices(child, (*prefix, key))


@standalone
def nested_argwhere(nest: Any, fn: Callable[[Any], Any], /) -> list[tuple[Any, ...]]:
    """The indices of the leaves of ``nest`` for which ``fn(leaf)`` is true, depth first in order.

    >>> pa.nested_argwhere({"a": [1, -2], "b": -3}, lambda x: x < 0)
    [('a', 1), ('b',)]
    """
    return [index for index, leaf in _leaf_indices(nest, ()) if fn(leaf)]


@standalone
def all_nested_indices(nest: Any, /) -> list[tuple[Any, ...]]:
    """The indices of every leaf of ``nest``, depth first in order (``[()]`` for a leaf).

    Empty lists, tuples, dicts and Containers hold no leaves.

    >>> pa.all_nested_indices([1, {"a": 2, "b": (3,)}])
    [(0,), (1, 'a'), (1, 'b', 0)]
    """
    return [index for index, _ in _leaf_indices(nest, ())]
