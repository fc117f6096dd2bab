"""The nest helpers (nested_map, index_nest, set_nest_at_index, nested_argwhere, all_nested_indices) vs Python."""

from __future__ import annotations

import copy
from collections import OrderedDict, defaultdict, namedtuple

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa

Pair = namedtuple("Pair", ["left", "right"])

keys = st.text(alphabet="abc", min_size=1, max_size=2)
leaves = st.integers(-50, 50) | st.text(alphabet="xyz", max_size=2) | st.none()
nests = st.recursive(
    leaves,
    lambda children: (
        st.lists(children, max_size=3)
        | st.lists(children, max_size=3).map(tuple)
        | st.dictionaries(keys, children, max_size=3)
        | st.tuples(children, children).map(lambda t: Pair(*t))
    ),
    max_leaves=12,
)


def is_nest(value):
    return isinstance(value, (list, tuple, dict, pa.Container))


def reference_map(fn, nest):
    """Plain-Python reference of nested_map."""
    if isinstance(nest, dict):
        return {k: reference_map(fn, v) for k, v in nest.items()}
    if isinstance(nest, tuple) and hasattr(nest, "_fields"):
        return type(nest)(*(reference_map(fn, v) for v in nest))
    if isinstance(nest, tuple):
        return tuple(reference_map(fn, v) for v in nest)
    if isinstance(nest, list):
        return [reference_map(fn, v) for v in nest]
    return fn(nest)


def reference_indices(nest, prefix=()):
    """Plain-Python reference of all_nested_indices: (index, leaf) depth first."""
    if isinstance(nest, dict):
        items = nest.items()
    elif isinstance(nest, (list, tuple)):
        items = enumerate(nest)
    else:
        return [(prefix, nest)]
    found = []
    for key, value in items:
        found.extend(reference_indices(value, (*prefix, key)))
    return found


def same_types(a, b):
    """Same nest classes at every level (tuple vs NamedTuple vs list vs dict)."""
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert list(a) == list(b)
        for k in a:
            same_types(a[k], b[k])
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            same_types(x, y)


def double(leaf):
    return None if leaf is None else leaf * 2


@given(nests)
def test_nested_map_matches_plain_python_and_keeps_the_structure(nest):
    before = copy.deepcopy(nest)
    result = pa.nested_map(double, nest)
    expected = reference_map(double, nest)
    assert result == expected
    same_types(result, expected)
    assert nest == before  # the input is not changed


def test_nested_map_keeps_dict_classes_and_maps_containers():
    ordered = OrderedDict(b=1, a=2)
    assert pa.nested_map(double, ordered) == OrderedDict(b=2, a=4)
    assert type(pa.nested_map(double, ordered)) is OrderedDict
    counts = defaultdict(list, {"a": 1})
    mapped = pa.nested_map(double, counts)
    assert type(mapped) is defaultdict and mapped.default_factory is list and mapped["a"] == 2
    c = pa.Container(a=np.ones(2), b={"c": [1, (2, 3)]})
    result = pa.nested_map(double, c)
    assert isinstance(result, pa.Container)
    assert result.b.c == [2, (4, 6)]
    np.testing.assert_array_equal(result.a, [2.0, 2.0])
    assert pa.nested_map(double, 21) == 42  # a leaf on its own


@given(nests)
def test_all_nested_indices_and_index_nest_match_plain_python(nest):
    expected = reference_indices(nest)
    indices = pa.all_nested_indices(nest)
    assert indices == [index for index, _ in expected]
    for index, leaf in expected:
        assert pa.index_nest(nest, index) is leaf
    assert pa.index_nest(nest, ()) is nest


@given(nests, st.integers(-10, 10))
def test_nested_argwhere_matches_a_filter(nest, threshold):
    def wanted(leaf):
        return isinstance(leaf, int) and leaf > threshold

    expected = [index for index, leaf in reference_indices(nest) if wanted(leaf)]
    assert pa.nested_argwhere(nest, wanted) == expected


@given(nests, st.data())
def test_set_nest_at_index_changes_only_that_leaf(nest, data):
    indices = pa.all_nested_indices(nest)
    if not is_nest(nest) or not indices:
        assert pa.set_nest_at_index(nest, (), "new") == "new"
        return
    index = data.draw(st.sampled_from(indices))
    expected = reference_indices(nest)
    result = pa.set_nest_at_index(nest, index, "new")
    for other, leaf in expected:
        assert pa.index_nest(result, other) == ("new" if other == index else leaf)
    if not isinstance(nest, tuple):
        assert result is nest  # mutable outermost nests are changed in place
        assert pa.index_nest(nest, index) == "new"


def test_set_nest_at_index_rebuilds_tuples_and_keeps_their_class():
    inner = [1, 2]
    nest = {"t": Pair(inner, (3, 4))}
    result = pa.set_nest_at_index(nest, ("t", 1, 0), 30)
    assert result is nest and type(nest["t"]) is Pair and nest["t"].right == (30, 4)
    assert nest["t"].left is inner  # untouched items are the same objects
    pa.set_nest_at_index(nest, ("t", 0, 1), 20)
    assert inner == [1, 20]  # a list inside a tuple is changed in place
    top = (1, [2])
    assert pa.set_nest_at_index(top, (0,), 10) == (10, [2]) and top == (1, [2])


def test_nest_helpers_on_containers():
    c = pa.Container(a=1, b={"c": [2, 3]})
    assert pa.all_nested_indices(c) == [("a",), ("b", "c", 0), ("b", "c", 1)]
    assert pa.nested_argwhere(c, lambda x: x > 1) == [("b", "c", 0), ("b", "c", 1)]
    assert pa.index_nest(c, ("b", "c", 1)) == 3
    assert pa.set_nest_at_index(c, ("b", "c", 0), 20) is c and c["b/c"] == [20, 3]
    pa.set_nest_at_index(c, ("b", "d"), {"e": 5})
    assert isinstance(c.b.d, pa.Container) and c["b/d/e"] == 5


def test_index_nest_errors_are_the_containers_own():
    with pytest.raises(KeyError):
        pa.index_nest({"a": 1}, ("b",))
    with pytest.raises(IndexError):
        pa.index_nest([1], (3,))
