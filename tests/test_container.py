"""pa.Container against plain nested dicts: access, operators, maps, flattening, reductions, repr, pickling."""

from __future__ import annotations

import contextlib
import copy
import doctest
import operator
import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray import _container

# -- strategies: nested dicts of NumPy arrays -------------------------------------------------

keys = st.text(alphabet="abcxyz_", min_size=1, max_size=3)
#: A structure: nested dicts whose leaves are None (to be filled with arrays).
structures = st.dictionaries(
    keys,
    st.recursive(st.none(), lambda children: st.dictionaries(keys, children, max_size=3), max_leaves=8),
    max_size=4,
)
shapes = hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3)
finite = st.floats(-100, 100, allow_nan=False, width=64)


def paths(structure, prefix=""):
    """The key paths of the leaves of a nested dict (empty dicts included), in order."""
    for key, value in structure.items():
        if isinstance(value, dict) and value:
            yield from paths(value, prefix + key + "/")
        else:
            yield prefix + key


def dmap(fn, *dicts, prefix=""):
    """The reference: ``fn`` over the leaves of nested plain dicts of one structure."""
    out = {}
    for key, value in dicts[0].items():
        if isinstance(value, dict):
            out[key] = dmap(fn, *(d[key] for d in dicts), prefix=prefix + key + "/")
        else:
            out[key] = fn(*(d[key] for d in dicts))
    return out


def dleaves(d):
    for value in d.values():
        if isinstance(value, dict):
            yield from dleaves(value)
        else:
            yield value


def same_nested(result, reference):
    """A Container (or nested dicts) equal to nested dicts of arrays: same keys in order, same leaves."""
    result = result.to_dict() if isinstance(result, pa.Container) else result
    assert list(result) == list(reference)
    for key, value in reference.items():
        if isinstance(value, dict):
            assert isinstance(result[key], dict)
            same_nested(result[key], value)
        else:
            got = pa.to_numpy(result[key]) if isinstance(result[key], pa.Array) else np.asarray(result[key])
            want = np.asarray(value)
            assert got.shape == want.shape
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)


@st.composite
def nests(draw, count=1, shape=None, dtype=np.float64, elements=finite):
    """``count`` nested dicts of one structure, leaves of one shape per key path (``shape`` for all)."""
    structure = draw(structures)
    leaf_shapes = {p: shape if shape is not None else draw(shapes) for p in paths(structure)}

    def fill(d, prefix=""):
        out = {}
        for key, value in d.items():
            path = prefix + key
            if isinstance(value, dict) and value:
                out[key] = fill(value, path + "/")
            elif isinstance(value, dict):
                out[key] = {}
            else:
                out[key] = draw(hnp.arrays(dtype, leaf_shapes[path], elements=elements))
        return out

    made = [fill(structure) for _ in range(count)]
    return made[0] if count == 1 else made


as_pa = st.sampled_from([np.asarray, pa.asarray])


def with_leaves(d, to_leaf):
    return dmap(to_leaf, d)


@contextlib.contextmanager
def quiet():
    """NumPy's warnings (division by zero, overflow) silenced, for the operation and its reference alike."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        yield


# -- construction and access -------------------------------------------------------------------


def test_construction_attribute_and_key_path_access():
    c = pa.Container({"a": 1}, b={"c": 2, "d": {"e": 3}}, f=[4, 5])
    assert isinstance(c.b, pa.Container) and isinstance(c.b.d, pa.Container)
    assert c.a == 1 and c["b"]["c"] == 2 and c.b.d.e == 3
    assert c["b/d/e"] == 3 and c["b/d"]["e"] == 3
    assert c.f == [4, 5]  # lists are leaves
    assert list(c) == ["a", "b", "f"] and len(c) == 3 and len(c.b) == 2
    assert "b/d/e" in c and "b/x" not in c and "a/b" not in c and 3 not in c
    assert c.get("b/c") == 2 and c.get("nope", 7) == 7
    assert list(c.keys()) == ["a", "b", "f"] and dict(c.items())["a"] == 1
    with pytest.raises(KeyError):
        c["b/x"]
    with pytest.raises(AttributeError, match="no key 'x'"):
        c.x  # noqa: B018
    assert not hasattr(c, "x")


def test_setting_and_deleting_keys():
    c = pa.Container()
    c.a = {"b": 1}
    c["x/y/z"] = 2  # intermediate Containers are created
    assert isinstance(c.a, pa.Container) and c.a.b == 1
    assert isinstance(c.x.y, pa.Container) and c["x/y/z"] == 2
    with pytest.raises(pa.PolyarrayValueError, match="'a/b' is a leaf"):
        c["a/b/q"] = 3
    del c["x/y/z"]
    assert "x/y/z" not in c and "x/y" in c
    del c.a
    assert list(c) == ["x"]
    with pytest.raises(AttributeError):
        del c.a
    c.dynamic_backend = True  # an attribute, not a key
    assert c.dynamic_backend is True and "dynamic_backend" not in c


def test_keys_are_strings_without_the_separator():
    with pytest.raises(pa.PolyarrayTypeError, match="strings"):
        pa.Container({1: 2})
    with pytest.raises(pa.PolyarrayValueError, match="'/'"):
        pa.Container({"a/b": 2})
    with pytest.raises(pa.PolyarrayValueError):
        pa.Container(a={"b/c": 1})


def test_generated_methods_give_way_to_keys_of_the_same_name():
    c = pa.Container(max=np.asarray([1.0, 5.0]), b=np.asarray([2.0, 3.0]))
    np.testing.assert_array_equal(c.max, [1.0, 5.0])  # the key wins on attribute access
    assert float(pa.max(c).b) == 3.0  # the function still maps
    d = pa.Container(a=np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(pa.to_numpy(d.sum(axis=0).a), [3.0, 5.0, 7.0])
    assert pa.Container.sum.__name__ == "sum"
    assert not hasattr(d, "to_numpy")  # only functions that map over Containers become methods


def test_a_container_has_no_truth_value():
    with pytest.raises(pa.PolyarrayTypeError, match="truth value"):
        bool(pa.Container(a=1))


@given(nests(), as_pa)
def test_to_dict_from_dict_and_flatten_unflatten_round_trip(d, to_leaf):
    d = with_leaves(d, to_leaf)
    c = pa.Container.from_dict(d)
    back = c.to_dict()
    assert list(paths(back)) == list(paths(d))
    assert len(list(dleaves(back))) == len(list(dleaves(d)))
    assert all(a is b for a, b in zip(dleaves(back), dleaves(d)))  # the same leaves, not copies
    assert all(type(v) is dict for v in dmap(lambda leaf: leaf, back).values() if isinstance(v, dict))
    flat = c.cont_flatten()
    assert list(flat) == list(paths(d))
    again = pa.Container.cont_unflatten(flat)
    assert again.cont_identical_structure(c) and list(again.cont_flatten()) == list(flat)
    assert all(flat[p] is again[p] for p in flat if not isinstance(flat[p], pa.Container))
    assert c.cont_num_leaves() == sum(1 for p in flat if not isinstance(flat[p], pa.Container))


# -- operators ---------------------------------------------------------------------------------

ARITHMETIC = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod, operator.pow]
COMPARISON = [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]


@given(nests(count=2), st.sampled_from(ARITHMETIC + COMPARISON), as_pa)
def test_binary_operators_between_containers_map_over_the_leaves(pair, op, to_leaf):
    a, b = (with_leaves(d, to_leaf) for d in pair)
    with quiet():
        result = op(pa.Container(a), pa.Container(b))
        reference = dmap(lambda x, y: op(np.asarray(x), np.asarray(y)), a, b)
    assert isinstance(result, pa.Container)
    same_nested(result, reference)


@given(nests(), st.sampled_from(ARITHMETIC + COMPARISON), st.floats(-10, 10, width=64), as_pa)
def test_binary_operators_with_scalars_and_reflected(d, op, scalar, to_leaf):
    d = with_leaves(d, to_leaf)
    c = pa.Container(d)
    with quiet():
        same_nested(op(c, scalar), dmap(lambda x: op(np.asarray(x), scalar), d))
        same_nested(op(scalar, c), dmap(lambda x: op(scalar, np.asarray(x)), d))


@given(nests(shape=(2, 3)), hnp.arrays(np.float64, (3,), elements=finite), st.sampled_from(ARITHMETIC))
def test_binary_operators_with_a_numpy_array_on_either_side(d, array, op):
    c = pa.Container(d)
    with quiet():
        same_nested(op(c, array), dmap(lambda x: op(x, array), d))
        same_nested(op(array, c), dmap(lambda x: op(array, x), d))  # NumPy hands over to the Container


@given(nests(count=2, dtype=np.int64, elements=st.integers(0, 50)), as_pa)
def test_bitwise_and_shift_operators(pair, to_leaf):
    a, b = (with_leaves(d, to_leaf) for d in pair)
    ca, cb = pa.Container(a), pa.Container(b)
    for op in (operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift):
        same_nested(op(ca, cb), dmap(lambda x, y, op=op: op(np.asarray(x), np.asarray(y)), a, b))
    same_nested(~ca, dmap(lambda x: ~np.asarray(x), a))


@given(nests(), as_pa)
def test_unary_operators(d, to_leaf):
    d = with_leaves(d, to_leaf)
    c = pa.Container(d)
    for op in (operator.neg, operator.pos, abs):
        same_nested(op(c), dmap(lambda x, op=op: op(np.asarray(x)), d))


@given(nests(count=2, shape=(2, 2)))
def test_matmul_operator(pair):
    a, b = pair
    same_nested(pa.Container(a) @ pa.Container(b), dmap(operator.matmul, a, b))


def test_operators_on_leaves_that_are_not_arrays():
    c = pa.Container(a=1, b={"c": 2.5})
    assert (c + 1).to_dict() == {"a": 2, "b": {"c": 3.5}}
    assert (2 * c).to_dict() == {"a": 2, "b": {"c": 5.0}}
    assert (c == 1).to_dict() == {"a": True, "b": {"c": False}}  # element-wise, a Container


# -- structure -----------------------------------------------------------------------------


@given(nests(count=2), st.data())
def test_structure_mismatch_names_the_first_differing_key_path(pair, data):
    a, b = pair
    leaf_paths = [p for p in paths(b)]
    if not leaf_paths:
        b = {"extra": np.zeros(1)}
        missing = "extra"
        expected = f"Container 2 has the key path {missing!r}"
    else:
        missing = data.draw(st.sampled_from(leaf_paths))
        cb = pa.Container(b)
        del cb[missing]
        b = cb
        # The first differing path in the first Container's order: the removed one.
        expected = f"the first Container has the key path {missing!r}"
    with pytest.raises(pa.PolyarrayValueError, match="same structure") as info:
        pa.Container(a) + (b if isinstance(b, pa.Container) else pa.Container(b))
    assert expected in str(info.value)
    assert not pa.Container(a).cont_identical_structure(b if isinstance(b, pa.Container) else pa.Container(b))


def test_leaf_against_container_mismatch_and_key_order():
    a = pa.Container(x=1, y={"z": 2})
    with pytest.raises(pa.PolyarrayValueError, match="'y' is a Container in the first Container but a leaf"):
        a + pa.Container(x=1, y=2)
    with pytest.raises(pa.PolyarrayValueError, match="'y/q' is a leaf in the first Container but a Container"):
        pa.Container(y={"q": 1}) * pa.Container(y={"q": {"r": 1}})
    # Same keys in another order: the structures match, the first Container's order is kept.
    result = a + pa.Container(y={"z": 10}, x=5)
    assert result.to_dict() == {"x": 6, "y": {"z": 12}}


@given(nests(), as_pa)
def test_cont_map_passes_leaves_and_key_paths(d, to_leaf):
    d = with_leaves(d, to_leaf)
    seen = []
    result = pa.Container(d).cont_map(lambda leaf, path: seen.append(path) or (path, leaf))
    expected_paths = [p for p in paths(d) if not isinstance(pa.Container(d)[p], pa.Container)]
    assert seen == expected_paths
    assert all(result[p][0] == p and result[p][1] is pa.Container(d)[p] for p in expected_paths)


@given(nests(count=3))
def test_cont_multi_map_zips_leaves(triple):
    result = pa.Container.cont_multi_map(lambda leaves, _: leaves[0] - leaves[1] * leaves[2], map(pa.Container, triple))
    same_nested(result, dmap(lambda x, y, z: x - y * z, *triple))


# -- reductions over the leaves -----------------------------------------------------------------


@given(nests(shape=(3,)), as_pa)
def test_reductions_over_the_leaves(d, to_leaf):
    d = with_leaves(d, to_leaf)
    c = pa.Container(d)
    leaves = [np.asarray(x) for x in dleaves(d) if not isinstance(x, dict)]
    if not leaves:
        with pytest.raises(pa.PolyarrayValueError, match="initial"):
            c.cont_sum()
        assert c.cont_reduce(operator.add, 0) == 0
        assert c.cont_all_true() is True and c.cont_any_true() is False
        return
    np.testing.assert_allclose(np.asarray(c.cont_sum()), sum(leaves[1:], leaves[0]))
    np.testing.assert_allclose(np.asarray(c.cont_prod()), np.prod(leaves, axis=0))
    np.testing.assert_allclose(np.asarray(c.cont_mean()), np.mean(leaves, axis=0))
    np.testing.assert_array_equal(np.asarray(c.cont_max()), np.max(leaves, axis=0))
    np.testing.assert_array_equal(np.asarray(c.cont_min()), np.min(leaves, axis=0))
    order = c.cont_reduce(lambda acc, leaf: [*acc, float(np.asarray(leaf)[0])], [])
    assert order == [float(x[0]) for x in leaves]
    assert (c > -1000).cont_all_true() is True
    assert (c > 0).cont_all_true() is bool(all(np.all(x > 0) for x in leaves))
    assert (c > 0).cont_any_true() is bool(any(np.any(x > 0) for x in leaves))


def test_cont_all_equal_compares_structure_dtype_shape_and_values():
    c = pa.Container(a=np.asarray([1.0, np.nan]), b={"c": pa.asarray([1, 2])})
    assert c.cont_all_equal(pa.Container(a=np.asarray([1.0, np.nan]), b={"c": np.asarray([1, 2])}), equal_nan=True)
    assert not c.cont_all_equal(pa.Container(a=np.asarray([1.0, np.nan]), b={"c": np.asarray([1, 2])}))
    assert not c.cont_all_equal(pa.Container(a=np.asarray([1.0, np.nan]), b={"c": np.asarray([1.0, 2.0])}))
    assert not c.cont_all_equal(pa.Container(a=np.asarray([1.0, np.nan]), b={"d": np.asarray([1, 2])}))
    assert not c.cont_all_equal({"a": 1})
    equal = c == c
    assert isinstance(equal, pa.Container) and pa.to_numpy(equal["b/c"]).tolist() == [True, True]


# -- indexing every leaf -----------------------------------------------------------------------


@given(nests(shape=(3, 2)), st.integers(-3, 2), as_pa)
def test_indexing_with_a_non_string_indexes_every_leaf(d, index, to_leaf):
    d = with_leaves(d, to_leaf)
    c = pa.Container(d)
    same_nested(c[index], dmap(lambda x: np.asarray(x)[index], d))
    same_nested(c[:, 1], dmap(lambda x: np.asarray(x)[:, 1], d))


def test_setting_an_index_of_every_leaf():
    c = pa.Container(a=np.zeros(3), b={"c": np.zeros(2)})
    c[0] = 5.0
    assert c.a.tolist() == [5.0, 0.0, 0.0] and c.b.c.tolist() == [5.0, 0.0]
    c[1] = pa.Container(a=1.0, b={"c": 2.0})
    assert c.a.tolist() == [5.0, 1.0, 0.0] and c.b.c.tolist() == [5.0, 2.0]


# -- printing, pickling --------------------------------------------------------------------------


def test_repr_is_an_indented_tree():
    c = pa.Container(a=pa.ones((2, 3)), b={"c": np.zeros(2, dtype=np.int32), "d": {}, "e": "text"}, f=3)
    assert repr(c) == (
        "Container {\n"
        "    a: Array(shape=(2, 3), dtype=float64, backend=numpy)\n"
        "    b: {\n"
        "        c: ndarray(shape=(2,), dtype=int32)\n"
        "        d: {}\n"
        "        e: 'text'\n"
        "    }\n"
        "    f: 3\n"
        "}"
    )
    assert str(c) == repr(c)
    assert repr(pa.Container()) == "Container {}"


@given(nests())
def test_repr_lists_every_key_at_its_depth(d):
    lines = repr(pa.Container(d)).splitlines()
    assert lines[0].startswith("Container {")

    def expected(node, depth):
        for key, value in node.items():
            yield "    " * depth + key + ": "
            if isinstance(value, dict) and value:
                yield from expected(value, depth + 1)

    keyed = [line for line in lines[1:] if ": " in line]
    wanted = list(expected(d, 1))
    assert len(keyed) == len(wanted)
    assert all(line.startswith(prefix) for line, prefix in zip(keyed, wanted))


@given(nests())
def test_pickling_and_copying_keep_structure_leaves_and_flag(d):
    c = pa.Container(d)
    c.dynamic_backend = True
    for other in (pickle.loads(pickle.dumps(c)), copy.deepcopy(c)):
        assert other.cont_all_equal(c) and other.dynamic_backend is True
    shallow = copy.copy(c)
    assert shallow.cont_all_equal(c) and all(a is b for a, b in zip(shallow.values(), c.values()))
    shallow["new"] = 1
    assert "new" not in c  # the copy has its own keys


def test_module_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(_container, "polyarray._container", globs={"pa": pa, "np": np})
    assert sum(len(t.examples) for t in tests) > 10
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


# -- how deeply Containers nest ---------------------------------------------------------------


def _nested_dict(depth: int) -> dict:
    top: dict = {}
    node = top
    for _ in range(depth - 1):
        node["a"] = {}
        node = node["a"]
    node["x"] = np.ones(2)
    return top


def test_nesting_deeper_than_the_limit_is_a_clear_error():
    from polyarray._container import MAX_DEPTH

    with pytest.raises(pa.NestingDepthError, match=rf"more than {MAX_DEPTH} levels deep") as info:
        pa.Container(_nested_dict(3000))
    assert isinstance(info.value, ValueError) and isinstance(info.value, RecursionError)
    cyclic: dict = {}
    cyclic["self"] = cyclic
    with pytest.raises(pa.NestingDepthError):
        pa.Container(cyclic)
    deepest = pa.Container(_nested_dict(MAX_DEPTH))  # the limit itself is fine
    assert pa.to_numpy(pa.exp(deepest).cont_flatten()["/".join(["a"] * (MAX_DEPTH - 1) + ["x"])]).shape == (2,)


def test_assignments_cannot_nest_past_the_limit_unseen():
    from polyarray._container import MAX_DEPTH

    node = pa.Container(x=np.ones(1))
    with pytest.raises(pa.NestingDepthError, match="Setting 'a'"):
        for _ in range(MAX_DEPTH + 5):
            parent = pa.Container()
            parent["a"] = node
            node = parent

    # An assignment into a deep child is checked against the child only: a structure can grow past the
    # limit that way, and walking it then is the same clear error, not a RecursionError of Python's.
    def tower(levels: int) -> pa.Container:
        built = pa.Container(x=np.ones(1))
        for _ in range(levels - 1):
            built = pa.Container(a=built)
        return built

    top = tower(100)
    for _ in range(20):
        deepest = top
        while "a" in deepest:
            deepest = deepest["a"]
        deepest["a"] = tower(100)
    for walk in (pa.exp, repr, pa.Container.cont_flatten, pa.Container.to_dict):
        with pytest.raises(pa.NestingDepthError, match=rf"more than {MAX_DEPTH} levels deep"):
            walk(top)
