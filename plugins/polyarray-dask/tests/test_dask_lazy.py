"""Lazy end to end: no polyarray function computes a Dask graph unless asked to.

A scheduler that counts the graphs it computes (``recorder``, conftest.py)
stands in for Dask's. Every declared function is called on Dask arrays with
the calls the cross-backend fuzzer draws (tests/differential.py: arrays of
every dtype, 0-d and empty ones, special values, and spoiled arguments), and
none may compute, except the ones that exist to compute: ``pa.to_numpy``,
``pa.compute``, ``pa.persist`` and the Python conversions (``bool``,
``float``, ``int``, ``complex``, ``operator.index``) and printing, each
computing once.
"""

from __future__ import annotations

import operator
import sys
import warnings
from pathlib import Path

import dask.array as da
import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import polyarray as pa

# The fuzzer's call strategies live in the repository's tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))
from differential import STANDALONE_WITH_ARRAYS, Call, _build, call_strategy, draw_call, fuzzed_functions

#: Declared functions that compute on purpose, with how many graph computations one call makes.
COMPUTING = {"to_numpy": 1}

CALLS = settings(
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("function", fuzzed_functions())
def test_no_function_computes_behind_the_users_back(function, recorder, dask_backend):
    """Each example makes a drawn call (spoiled or not) and a valid-looking one; none may compute."""
    target = getattr(pa, function) if function in STANDALONE_WITH_ARRAYS else dask_backend.functions[function]
    returned = []

    def make(call):
        before = recorder.computes
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                target(*_build(call.args, "dask"), **{k: _build(v, "dask") for k, v in call.kwargs.items()})
                returned.append(call)
            except Exception:
                pass  # an invalid call: it must not have computed either
        computed = recorder.computes - before
        assert computed <= COMPUTING.get(function, 0), f"{call!r} computed {computed} graph(s) on the dask backend"

    @CALLS
    @given(data=st.data())
    def calls(data):
        make(data.draw(call_strategy(function), label="call"))
        make(Call(function, *draw_call(function, data.draw)))

    calls()
    assert returned, f"no drawn call of {function} returned on the dask backend"


@pytest.fixture
def arrays():
    """Two float64 Dask arrays of several blocks, and their NumPy values."""
    values = np.arange(24.0).reshape(6, 4)
    x = pa.asarray(da.from_array(values, chunks=(2, 2)))
    return x, values


def test_the_explicit_computations_compute_once_each(arrays, recorder):
    x, values = arrays
    total = pa.sum(x)
    assert recorder.computes == 0
    assert pa.to_numpy(total) == values.sum() and recorder.computes == 1
    assert float(total) == values.sum() and recorder.computes == 2
    assert int(total) == int(values.sum()) and recorder.computes == 3
    assert bool(total) and recorder.computes == 4
    assert complex(total) == values.sum() and recorder.computes == 5
    assert operator.index(pa.astype(total, pa.int64)) == int(values.sum()) and recorder.computes == 6
    assert repr(total) == "Array(276., backend=dask, dtype=float64)" and recorder.computes == 7


def test_compute_evaluates_several_results_in_one_pass(arrays, recorder):
    x, values = arrays
    centred = x - pa.mean(x, axis=0)
    results = pa.compute(pa.sum(centred), pa.max(centred), centred @ pa.matrix_transpose(centred))
    assert recorder.computes == 1
    centred_np = values - values.mean(axis=0)
    np.testing.assert_allclose(results[2], centred_np @ centred_np.T)
    assert results[0] == pytest.approx(centred_np.sum()) and results[1] == centred_np.max()


def test_persist_keeps_values_and_learns_unknown_sizes(arrays, recorder):
    x, values = arrays
    masked = x[x > 10.0]
    assert masked.shape == (None,) and masked.size is None
    with pytest.raises(pa.PolyarrayTypeError, match=r"pa\.persist"):
        len(masked)
    (kept,) = pa.persist(masked)
    assert kept.shape == (13,) and len(kept) == 13 and kept.backend.name == "dask"
    computed = recorder.computes
    np.testing.assert_array_equal(pa.to_numpy(pa.reshape(kept, (13, 1)))[:, 0], values[values > 10.0])
    assert recorder.computes == computed + 1


def test_printing_a_large_or_unsized_array_computes_nothing(recorder):
    large = pa.ones((2000,), backend="dask")
    masked = large[large > 0]
    assert repr(large) == "Array(<not computed>, shape=(2000,), backend=dask, dtype=float64)"
    assert str(masked) == "<not computed: shape (None,), dtype float64>"
    assert recorder.computes == 0


def test_unknown_sizes_flow_through_functions_that_allow_them(arrays, recorder):
    x, values = arrays
    (rows,) = pa.nonzero(x[:, 0] > 5.0)
    assert rows.shape == (None,) and pa.shape(rows) == pa.Shape((None,))
    encoded = pa.one_hot(rows, 6)
    picked = pa.take(x, rows, axis=0)
    assert encoded.shape == (None, 6) and picked.shape == (None, 4)
    assert recorder.computes == 0
    expected_rows = np.nonzero(values[:, 0] > 5.0)[0]
    got_encoded, got_picked = pa.compute(encoded, picked)
    np.testing.assert_array_equal(got_encoded, np.eye(6)[expected_rows])
    np.testing.assert_array_equal(got_picked, values[expected_rows])


def test_a_function_that_needs_unknown_sizes_says_how_to_learn_them(arrays):
    x, _ = arrays
    masked = x[x > 3.0]
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.reshape.*unknown sizes.*pa\.persist\(x\)"):
        pa.reshape(masked, (-1, 2))


def test_value_dependent_errors_surface_when_computed_as_polyarray_errors(recorder):
    singular = pa.asarray([[1.0, 2.0], [2.0, 4.0]], backend="dask")
    inverse = pa.linalg.inv(singular)  # builds a graph: the matrix is not read yet
    assert recorder.computes == 0
    with pytest.raises(pa.PolyarrayValueError, match="Singular matrix") as raised:
        pa.compute(inverse)
    assert "lazy" in str(raised.value)
    with pytest.raises(pa.PolyarrayValueError, match="Singular matrix"):
        float(pa.sum(inverse))
    picked = pa.take(pa.arange(3, backend="dask"), pa.asarray([5], backend="dask"))
    with pytest.raises(pa.PolyarrayIndexError, match="out of bounds"):
        pa.to_numpy(picked)
    assert "computing it raised" in repr(inverse)


def test_advanced_indexing_gathers_on_the_cluster(arrays, recorder):
    x, values = arrays
    rows = pa.asarray(da.from_array(np.array([5, 0, -1]), chunks=2))
    columns = pa.asarray(np.array([1, 3, 0]), backend="dask")
    mask = x > 7.0
    results = [x[rows, columns], x[rows], x[:, columns], x[1:, None, columns], x[mask], x[rows[:, None], columns]]
    assert recorder.computes == 0
    picks, columns_np = np.array([5, 0, -1]), np.array([1, 3, 0])
    expected = [values[picks, columns_np], values[picks], values[:, columns_np], values[1:, None, columns_np],
                values[values > 7.0], values[picks[:, None], columns_np]]  # fmt: skip
    for got, want in zip(pa.compute(*results), expected):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(pa.PolyarrayIndexError):
        pa.to_numpy(x[pa.asarray([6], backend="dask")])


def test_writes_build_graphs_and_reach_views(arrays, recorder):
    x, values = arrays
    row = x[1]
    row[...] = -1.0
    x[x > 20.0] = 0.0
    x[pa.asarray([0, 2], backend="dask"), 1] = 9.0
    assert recorder.computes == 0
    expected = values.copy()
    expected[1] = -1.0
    expected[expected > 20.0] = 0.0
    expected[[0, 2], 1] = 9.0
    np.testing.assert_array_equal(pa.to_numpy(x), expected)


def test_the_nan_policy_warns_that_it_computes(arrays, recorder):
    x, _ = arrays
    pa.set_nan_policy("raise_exception")
    with pytest.warns(RuntimeWarning, match="computes every floating-point argument"):
        y = pa.add(x, x)
    assert recorder.computes == 1  # both arguments in one pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with pytest.raises(pa.PolyarrayValueError, match="NaN"):
            pa.add(x, pa.asarray([np.nan, 0.0, 0.0, 0.0], backend="dask"))
    pa.set_nan_policy("nothing")
    pa.add(y, y)
    assert recorder.computes == 2


def test_a_dynamic_switch_away_from_dask_computes_every_array_in_one_pass(arrays, recorder):
    x, values = arrays
    shared = pa.exp(x)
    a, b = pa.sum(shared, axis=0), pa.max(shared, axis=1)
    pa.set_backend("numpy", dynamic=True)
    assert recorder.computes == 1
    assert a.backend.name == b.backend.name == x.backend.name == "numpy"
    np.testing.assert_allclose(pa.to_numpy(a), np.exp(values).sum(axis=0))
    np.testing.assert_allclose(pa.to_numpy(b), np.exp(values).max(axis=1))


def test_a_dynamic_switch_to_dask_builds_chunked_arrays(recorder):
    x = pa.asarray(np.arange(6.0))
    pa.set_backend("dask", dynamic=True)
    assert x.backend.name == "dask" and isinstance(x.data, da.Array)
    assert recorder.computes == 0
    np.testing.assert_array_equal(pa.to_numpy(x * 2), np.arange(6.0) * 2)


def test_a_lazy_array_given_to_an_eager_backend_is_refused_not_computed(arrays, recorder):
    x, _ = arrays
    with pytest.raises(pa.BackendMismatchError, match=r"lazy dask backend.*pa\.to_numpy"):
        pa.add(x, 1.0, backend="numpy")
    with pytest.raises(pa.BackendMismatchError):
        pa.get_backend("numpy").sum(x.data)
    assert recorder.computes == 0


def test_asarray_of_a_list_of_dask_arrays_stacks_them_lazily(arrays, recorder):
    x, values = arrays
    stacked = pa.asarray([x[0], x[1] * 2])
    assert stacked.shape == (2, 4) and recorder.computes == 0
    np.testing.assert_array_equal(pa.to_numpy(stacked), np.stack([values[0], values[1] * 2]))


def test_values_given_to_asarray_are_chunked_by_dasks_chunk_size_setting():
    import dask

    with dask.config.set({"array.chunk-size": "1MiB"}):
        x = pa.asarray(np.zeros((1024, 1024)), backend="dask")
    assert x.data.npartitions > 1 and all(block <= 1024 for block in x.data.chunks[0])
    assert pa.asarray(np.zeros((4, 4)), backend="dask").data.npartitions == 1
