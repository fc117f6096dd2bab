"""polyarray's process state back to its start, for test fixtures."""

from __future__ import annotations

import polyarray as pa

from .. import _choice, _registry

__all__ = ["reset_state"]


def reset_state() -> None:
    """No backend set or inferred, array mode on, the built-in default dtypes and device, no NaN policy, nothing
    dynamic.

    Call it before and after each test (an autouse fixture in ``conftest.py``)
    so that no test sees what another one set.

    >>> from polyarray.testing import reset_state
    >>> _ = pa.set_backend("numpy")
    >>> reset_state()
    >>> pa.array_mode(), pa.nan_policy(), pa.default_device()
    (True, 'nothing', 'cpu')
    """
    pa.unset_backend()
    _choice.forget_inferred_backend()
    pa.set_array_mode(True)
    pa.unset_default_dtype()
    pa.unset_default_device()
    pa.set_nan_policy("nothing")
    while _registry._pushed:
        pa.unset_dynamic_backend()
    live: list[pa.Array | pa.Container] = [*_registry.live_arrays(), *_registry.live_containers()]
    for value in live:
        value.dynamic_backend = False
