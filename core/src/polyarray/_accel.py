"""The compiled fast paths, ``polyarray._speedups``, where they are built and not turned off.

The extension is optional: a machine without a C compiler installs polyarray
without it. Setting ``POLYARRAY_PURE_PYTHON=1`` before ``import polyarray``
turns it off. Either way every backend function and dispatcher is the
generated Python function alone, which behaves the same, more slowly.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

__all__ = ["AVAILABLE", "ENVIRONMENT_VARIABLE", "new_settings", "fast_function", "dispatcher"]

#: The environment variable that turns the compiled fast paths off.
ENVIRONMENT_VARIABLE = "POLYARRAY_PURE_PYTHON"

_speedups: Any = None
if not os.environ.get(ENVIRONMENT_VARIABLE):
    try:
        from . import _speedups
    except ImportError:
        _speedups = None

#: Whether backend functions and dispatchers get compiled fast paths.
AVAILABLE = _speedups is not None

_configured = False


def new_settings() -> Any:
    """The compiled settings struct (``_config.settings``), which the fast paths read directly."""
    return _speedups.Settings()


def _configure() -> None:
    """Tell the extension, once, where polyarray keeps what its fast paths read."""
    global _configured
    if not _configured:
        from . import _array, _config, _dynamic, _handler
        from ._errors import PolyarrayError

        _speedups.configure(
            _config.settings, _handler, _array.Array, PolyarrayError, _dynamic.track, _dynamic.registry()
        )
        _configured = True


def fast_function(fallback: Callable[..., Any], **spec: Any) -> Callable[..., Any]:
    """A ``FastFunction`` taking the calls ``spec`` describes (see ``_wrappers/fusion.py``), else ``fallback``."""
    _configure()
    return _speedups.FastFunction(fallback=fallback, **spec)


def dispatcher(qualname: str, fallback: Callable[..., Any], *, infer_first: bool) -> Callable[..., Any]:
    """A ``Dispatcher`` for ``pa.<qualname>``: the backend's function for the common calls, else ``fallback``."""
    _configure()
    return _speedups.Dispatcher(qualname, fallback, infer_first)
