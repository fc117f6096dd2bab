"""handle_nestable: polyarray functions given pa.Container arguments map over the leaves."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import polyarray as pa
from polyarray._declare import declarations
from polyarray._wrappers import nest as nest_wrappers
from polyarray._wrappers.nest import ARRAY_CATEGORIES, handle_nestable

keys = st.text(alphabet="abxy", min_size=1, max_size=2)
structures = st.dictionaries(
    keys,
    st.recursive(st.none(), lambda children: st.dictionaries(keys, children, min_size=1, max_size=3), max_leaves=6),
    max_size=4,
)
finite = st.floats(-20, 20, allow_nan=False, width=64)


@st.composite
def containers(draw, count=1, shape=(2, 3), elements=finite):
    """``count`` Containers of one structure, float64 leaves of ``shape``, and their plain-dict twins."""
    structure = draw(structures)

    def fill(node):
        if node is None:
            return draw(hnp.arrays(np.float64, shape, elements=elements))
        return {k: fill(v) for k, v in node.items()}

    dicts = [fill(structure) for _ in range(count)]
    return [(pa.Container(d), d) for d in dicts]


def dmap(fn, *dicts):
    return {k: dmap(fn, *(d[k] for d in dicts)) if isinstance(v, dict) else fn(*(d[k] for d in dicts))
            for k, v in dicts[0].items()}  # fmt: skip


def assert_matches(result, reference, rtol=1e-12):
    """A Container of pa.Arrays equal (values, dtype, shape, key order) to nested dicts of NumPy values."""
    assert isinstance(result, pa.Container)
    assert list(result) == list(reference)
    for key, want in reference.items():
        got = result[key]
        if isinstance(want, dict):
            assert_matches(got, want, rtol)
            continue
        assert isinstance(got, pa.Array)
        got, want = pa.to_numpy(got), np.asarray(want)
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-12)


# -- mapping over the leaves ----------------------------------------------------------------


@given(containers())
def test_unary_functions_map_over_the_leaves(made):
    [(c, d)] = made
    assert_matches(pa.exp(c), dmap(np.exp, d))
    assert_matches(pa.abs(c), dmap(np.abs, d))
    assert_matches(c.negative(), dmap(np.negative, d))  # the generated method


@given(containers(), hnp.arrays(np.float64, (3,), elements=finite))
def test_binary_functions_with_a_container_and_an_array(made, array):
    [(c, d)] = made
    assert_matches(pa.add(c, array), dmap(lambda x: x + array, d))
    assert_matches(pa.subtract(array, c), dmap(lambda x: array - x, d))  # the Container second
    assert_matches(pa.multiply(c, pa.asarray(array)), dmap(lambda x: x * array, d))
    assert_matches(pa.maximum(c, 0.5), dmap(lambda x: np.maximum(x, 0.5), d))
    assert_matches(pa.asarray(array) - c, dmap(lambda x: array - x, d))  # a pa.Array operator maps too


@given(containers(count=2))
def test_binary_functions_with_two_containers(made):
    (c1, d1), (c2, d2) = made
    assert_matches(pa.add(c1, c2), dmap(np.add, d1, d2))
    assert_matches(pa.atan2(c1, c2), dmap(np.arctan2, d1, d2))
    assert_matches(pa.where(c1 > c2, c1, c2), dmap(lambda x, y: np.where(x > y, x, y), d1, d2))


@given(containers(), st.sampled_from([0, 1, -1, None, (0, 1)]), st.booleans())
def test_reductions_with_axis(made, axis, keepdims):
    [(c, d)] = made
    assert_matches(pa.sum(c, axis=axis, keepdims=keepdims), dmap(lambda x: np.sum(x, axis=axis, keepdims=keepdims), d))
    assert_matches(c.mean(axis=axis), dmap(lambda x: np.mean(x, axis=axis), d), rtol=1e-9)
    assert_matches(pa.max(c, axis=axis), dmap(lambda x: np.max(x, axis=axis), d))


@given(containers(shape=(3, 3), elements=st.floats(-2, 2, width=64)))
def test_a_linalg_function_and_a_namedtuple_result(made):
    [(c, d)] = made
    eye = dmap(lambda x: x + 7 * np.eye(3), d)  # well conditioned
    c = pa.Container(eye)
    assert_matches(pa.linalg.inv(c), dmap(np.linalg.inv, eye), rtol=1e-9)
    assert_matches(pa.linalg.det(c), dmap(np.linalg.det, eye), rtol=1e-9)
    result = pa.linalg.qr(c)  # a fixed-length result: a QRResult of Containers
    assert type(result).__name__ == "QRResult"
    q, r = result
    assert isinstance(result.Q, pa.Container) and result.R is r
    assert_matches(q @ r, eye, rtol=1e-9)


@given(containers(elements=st.floats(-50, 50, width=64)))
def test_a_composition(made):
    [(c, d)] = made

    def softmax(x):
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)

    assert_matches(pa.softmax(c, axis=-1), dmap(softmax, d), rtol=1e-9)
    assert_matches(c.softmax(axis=-1), dmap(softmax, d), rtol=1e-9)


@given(containers(count=2))
def test_sequences_holding_containers(made):
    (c1, d1), (c2, d2) = made
    assert_matches(pa.concat([c1, c2], axis=0), dmap(lambda x, y: np.concatenate([x, y]), d1, d2))
    assert_matches(pa.stack((c1, np.zeros((2, 3)))), dmap(lambda x: np.stack([x, np.zeros((2, 3))]), d1))


def test_keyword_and_varargs_parameters():
    c = pa.Container(a=np.asarray([1.0, 5.0]), b={"c": np.asarray([-3.0, 0.5])})
    assert_matches(pa.clip(np.zeros(2), min=c), {"a": [1.0, 5.0], "b": {"c": [0.0, 0.5]}})
    assert_matches(pa.clip(c, max=1.0), {"a": [1.0, 1.0], "b": {"c": [-3.0, 0.5]}})
    assert_matches(pa.clip(np.zeros(2), min=c, max=c + 1), {"a": [1.0, 5.0], "b": {"c": [-2.0, 0.5]}})
    grids = pa.broadcast_arrays(c, np.zeros((3, 1)))  # a list per leaf: lists vary in length, so they stay whole
    assert isinstance(grids, pa.Container) and isinstance(grids.a, list) and len(grids.a) == 2
    assert grids.a[0].shape == (3, 2) and grids["b/c"][1].shape == (3, 2)
    pieces = pa.unstack(pa.Container(a=np.ones((2, 3)), b=np.ones((4, 3))))
    assert len(pieces.a) == 2 and len(pieces.b) == 4


def test_mismatched_structures_name_the_key_path():
    a = pa.Container(x=np.ones(2), y={"z": np.ones(2)})
    b = pa.Container(x=np.ones(2), y={"w": np.ones(2)})
    with pytest.raises(pa.PolyarrayValueError, match=r"differ at 'y/z'"):
        pa.add(a, b)
    with pytest.raises(pa.PolyarrayValueError, match=r"differ at 'y/z'"):
        pa.concat([a, b])


def test_a_failing_leaf_says_which_key_path():
    c = pa.Container(ok=np.eye(2), bad={"leaf": np.ones(3)})
    with pytest.raises(pa.PolyarrayError) as info:
        pa.linalg.inv(c)
    if sys.version_info >= (3, 11):  # exception notes
        assert info.value.__notes__ == ["(pa.linalg.inv at the Container key path 'bad/leaf')"]
    assert "pa.linalg.inv on the numpy backend" in str(info.value)


def test_native_mode_and_an_explicit_backend():
    c = pa.Container(a=np.asarray([0.0, 1.0]))
    pa.set_array_mode(False)
    result = pa.exp(c)
    assert isinstance(result, pa.Container) and type(result.a) is np.ndarray
    pa.set_array_mode(True)
    xp = pa.get_backend("numpy")
    assert_matches(xp.exp(c), {"a": np.exp([0.0, 1.0])})
    assert_matches(pa.exp(c, backend="numpy"), {"a": np.exp([0.0, 1.0])})


def test_empty_containers():
    assert len(pa.exp(pa.Container())) == 0
    q, r = pa.linalg.qr(pa.Container(a={}))
    assert isinstance(q, pa.Container) and list(q) == ["a"] and len(q.a) == 0
    assert r.cont_identical_structure(q)


def test_fixed_and_varying_result_layouts():
    parse = nest_wrappers._parse_layout
    assert parse("tuple[ArrayLike, tuple[ArrayLike, ArrayLike]]") == (tuple, (None, (tuple, (None, None))))
    assert parse("tuple[ArrayLike, ...]") is None
    assert parse("list[ArrayLike]") is None
    assert parse("ArrayLike") is None
    x = pa.Container(a=np.ones((1, 2, 1)))
    h0 = pa.Container(a=np.zeros((1, 1)))
    kernel = pa.Container(a=np.full((1, 4), 0.5))
    recurrent = pa.Container(a=np.full((1, 4), 0.25))
    outputs, (h, c) = pa.lstm_update(x, h0, h0, kernel, recurrent)
    expected = pa.lstm_update(np.ones((1, 2, 1)), np.zeros((1, 1)), np.zeros((1, 1)), np.full((1, 4), 0.5),
                              np.full((1, 4), 0.25))  # fmt: skip
    for got, want in zip((outputs, h, c), (expected[0], *expected[1])):
        assert isinstance(got, pa.Container)
        np.testing.assert_allclose(pa.to_numpy(got.a), pa.to_numpy(want))


# -- the cost when no Container is given -----------------------------------------------------


def _array_parameters(decl):
    categories = [c for _, c in decl.positional_categories] + list(decl.keyword_categories.values())
    if decl.varargs:
        categories.append(decl.varargs[1])
    return any(c in ARRAY_CATEGORIES for c in categories)


def test_declarations_without_array_parameters_are_not_wrapped():
    backend = pa.get_backend("numpy")
    checked = 0
    for decl in declarations(("primary", "compositional", "mixed")):
        raw = getattr(getattr(backend.raw, decl.namespace) if decl.namespace else backend.raw, decl.name)
        wrapped = handle_nestable(raw, decl, backend)
        if _array_parameters(decl):
            assert wrapped is not raw, decl.qualname
        else:
            assert wrapped is raw, decl.qualname
            checked += 1
    assert checked >= 5  # arange, empty, eye, full, linspace, ones, zeros …


def test_calls_without_containers_never_start_mapping(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("mapped without a Container")

    monkeypatch.setattr(pa.Container, "cont_multi_map", staticmethod(forbidden))
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(pa.to_numpy(pa.add(x, 1.0)), x + 1)
    np.testing.assert_array_equal(pa.to_numpy(pa.concat([x, x])), np.concatenate([x, x]))
    np.testing.assert_array_equal(pa.to_numpy(pa.clip(x, min=1.0)), np.clip(x, 1.0, None))
    assert len(pa.broadcast_arrays(x, x)) == 2
    with pytest.raises(AssertionError, match="mapped"):
        pa.exp(pa.Container(a=x))


def test_only_array_parameters_are_looked_at():
    c = pa.Container(a=np.ones(2))
    with pytest.raises(pa.PolyarrayError):
        pa.sum(np.ones(2), axis=c)  # axis cannot hold arrays: the Container goes to the implementation as it is


def _tenfold_plugin():
    """A run-time backend whose exp is NumPy's times ten."""
    import types

    from polyarray_numpy import interop, support
    from polyarray_numpy._marker import hookimpl

    def exp(x, /):
        return np.exp(x) * 10

    module = types.ModuleType("polyarray_tenfold_plugin")
    for decl in declarations("support"):  # NumPy's support hooks (the core's defaults where it has none)
        if hasattr(support, decl.name):
            setattr(module, decl.name, getattr(support, decl.name))
    module.to_numpy = interop.to_numpy
    module.exp = hookimpl(exp)
    return module


def test_leaves_run_on_the_backend_the_call_runs_on():
    # This plugin declares no native array types, so its results stay NumPy arrays: values are compared.
    def values(result):
        assert isinstance(result, pa.Container) and list(result.cont_flatten()) == ["a", "b/c"]
        return [np.asarray(leaf).tolist() for leaf in result.cont_flatten().values()]

    pa.register_backend("tenfold", _tenfold_plugin())
    try:
        tenfold = pa.get_backend("tenfold")
        c = pa.Container(a=pa.Array(np.zeros(2), tenfold), b={"c": pa.Array(np.ones(1), tenfold)})
        expected = [[10.0, 10.0], (np.exp([1.0]) * 10).tolist()]
        assert values(c.exp()) == expected  # a method runs on its first leaf's backend, as Array methods do
        assert values(pa.exp(c, backend="tenfold")) == expected
        assert values(tenfold.exp(c)) == expected
        native = pa.Container(a=np.zeros(2), b={"c": np.ones(1)})
        with pa.backend_context("tenfold"):
            assert values(pa.exp(native)) == expected
            assert values(native.exp()) == expected  # native leaves: the context's backend
        assert values(native.exp()) == [[1.0, 1.0], np.exp([1.0]).tolist()]
    finally:
        pa.unregister_backend("tenfold")
