"""polyarray's testing kit: check that a backend computes what the NumPy backend computes.

For authors of backend plugins (and for polyarray's own conformance suite,
``polyarray.conformance``, which is written with it):

- hypothesis strategies (:mod:`polyarray.testing.strategies`): :func:`dtypes`
  (only those the backend holds), :func:`shapes`, :func:`arrays`,
  :func:`broadcastable_shapes`, :func:`axes`, :func:`scalars`;
- comparison (:mod:`polyarray.testing.assertions`): :func:`assert_agrees`,
  :func:`tolerance`, :func:`as_numpy`;
- the harness (:mod:`polyarray.testing.harness`): the :func:`conformance`
  decorator and the :class:`Case` it hands each example, whose ``check``
  applies the outcome rules and counts every outcome;
- docstring examples (:mod:`polyarray.testing.examples`): run a
  declaration's example on any backend and compare it with the printed
  NumPy output;
- hypothesis profiles (:func:`load_profile`: ``ci``, ``dev``, ``thorough``);
- :func:`reset_state`, for a fixture that starts every test from polyarray's
  initial state;
- the pytest plugin (:mod:`polyarray.testing.pytest_plugin`):
  ``--polyarray-backend NAME`` and the ``polyarray_backend`` fixture.

Run the whole suite against one backend with
``python -m pytest --pyargs polyarray.conformance --polyarray-backend NAME``.

Names are imported on first use, so ``import polyarray.testing`` needs
neither hypothesis nor pytest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .assertions import Tolerance, as_numpy, assert_agrees, tolerance
    from .harness import TALLY, Case, Checked, conformance, covered_functions, persisted
    from .profiles import load_profile, register_profiles
    from .state import reset_state
    from .strategies import arrays, axes, broadcastable_shapes, dtypes, held_dtypes, scalars, shapes

#: Public name -> the module defining it.
_WHERE = {
    "Tolerance": "assertions",
    "as_numpy": "assertions",
    "assert_agrees": "assertions",
    "tolerance": "assertions",
    "TALLY": "harness",
    "Case": "harness",
    "Checked": "harness",
    "conformance": "harness",
    "covered_functions": "harness",
    "persisted": "harness",
    "load_profile": "profiles",
    "register_profiles": "profiles",
    "reset_state": "state",
    "arrays": "strategies",
    "axes": "strategies",
    "broadcastable_shapes": "strategies",
    "dtypes": "strategies",
    "held_dtypes": "strategies",
    "scalars": "strategies",
    "shapes": "strategies",
}

__all__ = [
    "TALLY",
    "Case",
    "Checked",
    "Tolerance",
    "arrays",
    "as_numpy",
    "assert_agrees",
    "axes",
    "broadcastable_shapes",
    "conformance",
    "covered_functions",
    "persisted",
    "dtypes",
    "held_dtypes",
    "load_profile",
    "register_profiles",
    "reset_state",
    "scalars",
    "shapes",
    "tolerance",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'polyarray.testing' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
