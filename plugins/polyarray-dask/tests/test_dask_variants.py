"""The version variants of the Dask plugin: the right one is picked, and each computes the same factors."""

from __future__ import annotations

import dask
import dask.array as da
import numpy as np
import pytest
from packaging.version import Version
from polyarray_dask import linalg, statistical

RELEASE = Version(dask.__version__).release

#: function -> (first release of the newer variant, its name, the older variant's name).
BOUNDARIES = {
    "linalg.svd": ((2026, 3), "svd_v_2026p3_and_above", "svd_v_2026p2_and_below"),
    "cumulative_sum": ((2025, 10), "cumulative_sum_v_2025p10_and_above", "cumulative_sum_v_2025p9_and_below"),
    "cumulative_prod": ((2025, 10), "cumulative_prod_v_2025p10_and_above", "cumulative_prod_v_2025p9_and_below"),
}


@pytest.mark.parametrize("function", sorted(BOUNDARIES))
def test_the_variant_for_the_installed_dask_is_picked(dask_backend, function):
    first, newer, older = BOUNDARIES[function]
    expected = newer if RELEASE >= first else older
    raw = dask_backend.raw.linalg if function.startswith("linalg.") else dask_backend.raw
    assert getattr(raw, function.split(".")[-1]).__name__ == expected


SVD = (linalg.svd_v_2026p3_and_above, linalg.svd_v_2026p2_and_below)


@pytest.mark.parametrize("svd", SVD, ids=lambda f: f.__name__)
@pytest.mark.parametrize("full_matrices", [False, True])
def test_svd_variants_factor_a_tall_matrix_in_row_blocks(svd, full_matrices):
    if svd is SVD[0] and RELEASE < (2026, 3):
        pytest.skip("da.linalg.svd takes full_matrices from Dask 2026.3 on")  # never on the pinned Dask
    values = np.random.default_rng(0).standard_normal((40, 3))
    u, s, vh = dask.compute(*svd(da.from_array(values, chunks=(10, 3)), full_matrices=full_matrices))
    assert u.shape == ((40, 40) if full_matrices else (40, 3)) and s.shape == (3,) and vh.shape == (3, 3)
    np.testing.assert_allclose(s, np.linalg.svd(values, compute_uv=False), rtol=1e-10)
    np.testing.assert_allclose((u[:, :3] * s) @ vh, values, atol=1e-10)
    np.testing.assert_allclose(u.T @ u, np.eye(u.shape[1]), atol=1e-10)


CUMULATIVE = (
    (statistical.cumulative_sum_v_2025p10_and_above, np.cumsum),
    (statistical.cumulative_sum_v_2025p9_and_below, np.cumsum),
    (statistical.cumulative_prod_v_2025p10_and_above, np.cumprod),
    (statistical.cumulative_prod_v_2025p9_and_below, np.cumprod),
)


@pytest.mark.parametrize(("cumulative", "numpy_function"), CUMULATIVE, ids=lambda f: getattr(f, "__name__", ""))
def test_cumulative_variants_compute_in_the_dtype_they_give(cumulative, numpy_function):
    if cumulative.__name__.endswith("and_above") and RELEASE < (2025, 10):
        pytest.skip("before Dask 2025.10 its cumsum and cumprod ignore dtype=")  # never on the pinned Dask
    values = np.arange(1, 41, dtype=np.int8).reshape(4, 10)
    result = cumulative(da.from_array(values, chunks=(2, 3)), axis=1, dtype=np.int8)
    computed = result.compute()
    # The dtype the lazy array says it has is the one it computes to; int8 wraps around as NumPy's does.
    assert result.dtype == computed.dtype == np.int8
    np.testing.assert_array_equal(computed, numpy_function(values, axis=1, dtype=np.int8))
