"""polyarray on a real ``dask.distributed`` cluster: worker processes on this machine.

The demo's logistic regression and PCA run through ``pa`` on data split into
blocks that live in the workers' memory; their results equal the NumPy
backend's. One cluster (two worker processes) serves every test of the module.
"""

from __future__ import annotations

import numpy as np
import pytest

import polyarray as pa
from polyarray.cli.demo import logistic_regression, make_data, pca

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    """A client of a local cluster of two worker processes (one thread each), on localhost only."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        memory_limit="1GiB",
    ) as cluster, distributed.Client(cluster) as client:  # fmt: skip
        yield client


def _chunked(values, rows):
    import dask.array as da

    return pa.asarray(da.from_array(values, chunks=(rows, *values.shape[1:])))


def _run_demo(x, y, steps):
    results = {**logistic_regression(x, y, steps=steps), **pca(x)}
    return dict(zip(results, (float(v) for v in pa.compute(*results.values()))))


def test_the_demo_on_the_cluster_equals_numpy(client):
    x_np, y_np = make_data(0, samples=4096, features=8)
    expected = _run_demo(pa.asarray(x_np), pa.asarray(y_np), steps=25)
    x, y = _chunked(x_np, 512), _chunked(y_np, 512)
    assert x.data.npartitions == 8
    with distributed.get_task_stream(client) as stream:
        got = _run_demo(x, y, steps=25)
    for metric, value in expected.items():
        assert got[metric] == pytest.approx(value, rel=1e-4, abs=1e-5), metric
    # The work ran on the workers, both of them, in one graph.
    assert {task["worker"] for task in stream.data} == set(client.scheduler_info()["workers"])


def test_persisted_arrays_stay_on_the_workers(client):
    values = np.random.default_rng(1).standard_normal((2000, 6))
    x = _chunked(values, 250)
    (centred,) = pa.persist(x - pa.mean(x, axis=0))
    assert all(isinstance(future, distributed.Future) for future in centred.data.dask.values())
    gram = pa.to_numpy(pa.matrix_transpose(centred) @ centred)
    centred_np = values - values.mean(axis=0)
    np.testing.assert_allclose(gram, centred_np.T @ centred_np, rtol=1e-10)


def test_value_dependent_errors_from_workers_are_polyarray_errors(client):
    singular = _chunked(np.ones((4, 4)), 2)
    with pytest.raises(pa.PolyarrayValueError, match="Singular matrix"):
        pa.compute(pa.linalg.inv(singular))


def test_unique_values_and_sorting_across_workers_equal_numpy(client):
    values = np.random.default_rng(2).integers(0, 50, size=5000).astype(np.float64)
    values[::97] = np.nan
    x = _chunked(values, 700)
    unique, counts = pa.unique_counts(x)
    got_unique, got_counts, got_sorted = pa.compute(unique, counts, pa.sort(x))
    reference = pa.unique_counts(pa.asarray(values))
    np.testing.assert_array_equal(got_unique, pa.to_numpy(reference.values))
    np.testing.assert_array_equal(got_counts, pa.to_numpy(reference.counts))
    np.testing.assert_array_equal(got_sorted, np.sort(values))
