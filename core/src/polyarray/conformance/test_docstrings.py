"""Every declaration's docstring example, run on the backend under test, prints what it prints on NumPy.

See :mod:`polyarray.testing.examples` for how outputs are compared. An
example that the backend refuses with ``pa.UnsupportedDtypeError`` counts
as "unsupported" for ``<function> (example)`` in the summary.
"""

from __future__ import annotations

import pytest

from polyarray._declare import declarations
from polyarray.testing.examples import examples_of, run_examples
from polyarray.testing.harness import AGREED, TALLY, UNSUPPORTED

WITH_EXAMPLES = [d.qualname for d in declarations() if d.kind != "support" and examples_of(d)]


def test_every_public_function_has_an_example():
    lacking = [d.qualname for d in declarations() if d.kind != "support" and not examples_of(d)]
    assert not lacking, f"public functions without a docstring example: {lacking}"


@pytest.mark.parametrize("qualname", WITH_EXAMPLES)
def test_docstring_example(polyarray_backend, qualname):
    run = run_examples(qualname, polyarray_backend)
    assert run.examples >= 1
    label = f"{qualname} (example)"
    if run.outcome == UNSUPPORTED:
        assert run.error is not None
        TALLY.record(polyarray_backend, label, UNSUPPORTED, run.error.dtype)
    else:
        TALLY.record(polyarray_backend, label, AGREED)
