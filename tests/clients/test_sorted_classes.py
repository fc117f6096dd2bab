"""scikit-learn's classifiers see sorted classes on polyarray arrays (``unique_*`` is sorted on every backend).

NumPy 2.3's ``unique_values`` returns values in hash order; polyarray's
``unique_*`` sort on every backend, so LinearDiscriminantAnalysis and
LabelBinarizer give what they give on NumPy arrays. Needs scikit-learn and
SciPy (``nox -s clients``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest


def test_scikit_learn_classifies_as_well_on_polyarray_arrays_as_on_numpy_arrays():
    # SCIPY_ARRAY_API must be set before SciPy is first imported, hence a fresh interpreter.
    script = textwrap.dedent(
        """
        import json
        import numpy as np, sklearn, polyarray as pa
        from sklearn.datasets import make_classification
        from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
        from sklearn.preprocessing import LabelBinarizer

        X, y = make_classification(
            n_samples=300, n_features=5, n_informative=3, n_redundant=0, n_classes=3, random_state=0
        )
        report = {"plain": LinearDiscriminantAnalysis().fit(X, y).score(X, y)}
        for backend in ("numpy", "torch"):
            with sklearn.config_context(array_api_dispatch=True):
                Xa, ya = pa.asarray(X, backend=backend), pa.asarray(y, backend=backend)
                predicted = LinearDiscriminantAnalysis().fit(Xa, ya).predict(Xa)
                accuracy = float(pa.mean(pa.astype(predicted == ya, pa.float64)))
                classes = LabelBinarizer().fit(pa.asarray([2, 0, 1, 2], backend=backend)).classes_
            report[backend] = {"accuracy": accuracy, "classes": pa.to_numpy(classes).tolist()}
        print(json.dumps(report))
        """
    )
    environment = dict(os.environ, SCIPY_ARRAY_API="1")
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    import json

    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["plain"] > 0.7
    for backend in ("numpy", "torch"):
        assert report[backend]["accuracy"] == pytest.approx(report["plain"]), backend
        assert report[backend]["classes"] == [0, 1, 2], backend
