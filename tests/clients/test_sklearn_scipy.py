"""Real array API clients on ``pa.Array`` inputs: scikit-learn and SciPy give NumPy's answers on every backend.

scikit-learn runs with ``array_api_dispatch=True`` and SciPy with
``SCIPY_ARRAY_API=1`` (set before SciPy is imported; the ``clients`` nox
session sets it too). Each estimator or function runs on float32 ``pa.Array``
inputs of each backend, with that backend set for the call, and its results
are compared with scikit-learn's and SciPy's on plain NumPy arrays. JAX runs
in whichever mode the process is in: the ``clients`` session runs this module
with ``JAX_ENABLE_X64=1``, and ``clients_jax32`` runs the JAX cases without it.

Needs scikit-learn, SciPy and every framework (``nox -s clients``).
"""

from __future__ import annotations

import os
import subprocess
import sys

os.environ.setdefault("SCIPY_ARRAY_API", "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import pytest
import scipy.special
import scipy.stats
import sklearn
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler

import polyarray as pa

BACKENDS = ("numpy", "torch", "jax", "tensorflow", "dask")
#: float32 results of a different summation order or LAPACK: agree within these, relative to the result's scale.
RTOL, ATOL = 1e-4, 1e-4


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    centers = np.array([[0.0, 0.0, 0.0, 0.0, 0.0], [3.0, 1.0, 0.0, -1.0, 2.0], [-2.0, 2.0, 1.0, 0.0, -3.0]])
    # Class labels in an order that is not sorted, so that an unsorted unique_values shows.
    y = np.array([2, 0, 1] * 20, dtype=np.int64)
    X = (centers[y] + rng.standard_normal((60, 5))).astype(np.float32)
    target = (X @ np.array([1.0, -2.0, 0.5, 0.0, 3.0]) + 0.1 * rng.standard_normal(60)).astype(np.float32)
    return X, y, target


@pytest.fixture(autouse=True)
def _array_api_dispatch():
    with sklearn.config_context(array_api_dispatch=True):
        yield


def test_scipy_array_api_is_on_and_jax_mode_is_reported():
    import jax

    assert os.environ["SCIPY_ARRAY_API"] == "1"
    assert isinstance(jax.config.jax_enable_x64, bool)
    assert sklearn.get_config()["array_api_dispatch"] is True


def _on(backend, values):
    """``values`` on ``backend``; int64 labels as int32 where the backend holds no int64 (JAX's 32-bit mode)."""
    if values.dtype == np.int64 and not _holds_int64(backend):
        values = values.astype(np.int32)
    return pa.asarray(values, backend=backend)


def _values(result, backend):
    """The NumPy values of a client's result, after checking that it is a float32 ``pa.Array`` of ``backend``."""
    assert isinstance(result, pa.Array), f"got a {type(result).__name__}, expected a pa.Array"
    assert result.backend.name == backend, f"got an array of the {result.backend.name} backend"
    return pa.to_numpy(result)


def _close(got, want, what):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"{what}: shape {got.shape}, expected {want.shape}"
    scale = float(np.max(np.abs(want))) if want.size else 0.0
    np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL * max(scale, 1.0), err_msg=what)


def _reference(fit):
    with sklearn.config_context(array_api_dispatch=False):
        return fit()


def _holds_int64(backend):
    return pa.int64 in pa.get_backend(backend).dtypes


@pytest.mark.parametrize("backend", BACKENDS)
def test_standard_scaler(backend, data):
    X, _, _ = data
    reference = _reference(lambda: StandardScaler().fit(X))
    if not _holds_int64(backend):
        # StandardScaler counts samples in an array it asks for as xp.int64: an explicit 64-bit dtype, which the
        # JAX backend outside 64-bit mode refuses (docs/departures.md) rather than narrowing it silently.
        with pa.backend_context(backend), pytest.raises(pa.UnsupportedDtypeError, match="jax_enable_x64"):
            StandardScaler().fit(_on(backend, X))
        return
    with pa.backend_context(backend):
        scaler = StandardScaler().fit(_on(backend, X))
        transformed = scaler.transform(_on(backend, X))
    assert transformed.dtype == pa.float32
    _close(_values(transformed, backend), reference.transform(X), "transform")
    _close(_values(scaler.mean_, backend), reference.mean_, "mean_")
    _close(_values(scaler.scale_, backend), reference.scale_, "scale_")


def _signs(components):
    """Each row's sign, fixed so that its largest-magnitude entry is positive (PCA's axes are unique up to sign)."""
    rows = np.asarray(components)
    return np.sign(rows[np.arange(rows.shape[0]), np.argmax(np.abs(rows), axis=1)])


@pytest.mark.parametrize("backend", BACKENDS)
def test_pca(backend, data):
    X, _, _ = data
    reference = _reference(lambda: PCA(n_components=3, svd_solver="full").fit(X))
    with pa.backend_context(backend):
        pca = PCA(n_components=3, svd_solver="full").fit(_on(backend, X))
        projected = pca.transform(_on(backend, X))
    components = _values(pca.components_, backend)
    flip = _signs(components) * _signs(reference.components_)
    _close(components * flip[:, None], reference.components_, "components_ (up to sign)")
    _close(_values(pca.explained_variance_, backend), reference.explained_variance_, "explained_variance_")
    _close(_values(projected, backend) * flip, reference.transform(X), "transform (up to sign)")


#: PCA on one backend's arrays after another backend was used, with no backend set: the namespace an array gives
#: (``x.__array_namespace__()``) must create arrays of that array's backend. Run in a fresh process, which a
#: framework's failed internal check may abort.
WITHOUT_A_BACKEND_SET = """
import sys
import numpy as np
import sklearn
from sklearn.decomposition import PCA
import polyarray as pa

backend, other = sys.argv[1], sys.argv[2]
X = np.random.default_rng(0).standard_normal((60, 5)).astype(np.float32)
reference = PCA(n_components=2, svd_solver="full").fit(X).explained_variance_
pa.asarray([1.0], backend=other) + 1.0
sklearn.set_config(array_api_dispatch=True)
pca = PCA(n_components=2, svd_solver="full").fit(pa.asarray(X, backend=backend))
got = pa.to_numpy(pca.explained_variance_)
np.testing.assert_allclose(got, reference, rtol=1e-4)
print("agreed", pca.explained_variance_.backend.name)
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_pca_without_a_backend_set(backend):
    other = "torch" if backend == "numpy" else "numpy"
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_A_BACKEND_SET, backend, other], capture_output=True, text=True, timeout=600
    )
    last = [line for line in done.stderr.splitlines() if line.strip()][-3:]
    assert done.returncode == 0, f"the process ended with {done.returncode}: {last}"
    assert done.stdout.split()[-2:] == ["agreed", backend]


@pytest.mark.parametrize("backend", BACKENDS)
def test_ridge(backend, data):
    X, _, target = data
    reference = _reference(lambda: Ridge(alpha=1.0).fit(X, target))
    with pa.backend_context(backend):
        ridge = Ridge(alpha=1.0).fit(_on(backend, X), _on(backend, target))
        predicted = ridge.predict(_on(backend, X))
    _close(_values(ridge.coef_, backend), reference.coef_, "coef_")
    _close(np.asarray(pa.to_numpy(ridge.intercept_)), reference.intercept_, "intercept_")
    _close(_values(predicted, backend), reference.predict(X), "predict")


#: scikit-learn's classifiers compare the number of unique labels with ints (``unique_labels``), a size that a lazy
#: backend knows only once computed (it is None: docs/dask.md): they run on the eager backends.
EAGER_BACKENDS = tuple(b for b in BACKENDS if b != "dask")


@pytest.mark.parametrize("backend", EAGER_BACKENDS)
def test_linear_discriminant_analysis(backend, data):
    X, y, _ = data
    reference = _reference(lambda: LinearDiscriminantAnalysis().fit(X, y))
    with pa.backend_context(backend):
        lda = LinearDiscriminantAnalysis().fit(_on(backend, X), _on(backend, y))
        predicted = lda.predict(_on(backend, X))
        probabilities = lda.predict_proba(_on(backend, X))
    np.testing.assert_array_equal(_values(lda.classes_, backend), reference.classes_, "classes_")
    np.testing.assert_array_equal(_values(predicted, backend), reference.predict(X), "predict")
    _close(_values(probabilities, backend), reference.predict_proba(X), "predict_proba")
    _close(_values(lda.coef_, backend), reference.coef_, "coef_")


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("backend", BACKENDS)
def test_scipy_logsumexp(backend, axis, data):
    X, _, _ = data
    want = scipy.special.logsumexp(X, axis=axis)
    with pa.backend_context(backend):
        got = scipy.special.logsumexp(_on(backend, X), axis=axis)
    assert got.dtype == pa.float32
    _close(_values(got, backend), want, "logsumexp")


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("backend", BACKENDS)
def test_scipy_zscore(backend, axis, data):
    X, _, _ = data
    want = scipy.stats.zscore(X, axis=axis)
    with pa.backend_context(backend):
        got = scipy.stats.zscore(_on(backend, X), axis=axis)
    assert got.dtype == pa.float32
    _close(_values(got, backend), want, "zscore")
