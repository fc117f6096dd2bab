"""The NumPy backend of polyarray.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.
"""

from __future__ import annotations

from typing import Any

from ._marker import hookimpl

__all__ = ["backend_info", "hookimpl", "IMPLEMENTATION_MODULES"]

#: The modules holding the implementations, one per API category.
IMPLEMENTATION_MODULES = tuple(
    f"{__name__}.{category}"
    for category in (
        "support",
        "interop",
        "creation",
        "data_types",
        "elementwise",
        "indexing",
        "linear_algebra",
        "manipulation",
        "searching",
        "set_functions",
        "sorting",
        "statistical",
        "utility",
        "linalg",
        "fft",
        "nn",
        "losses",
    )
)


@hookimpl
def backend_info() -> dict[str, Any]:
    return {
        "framework": "numpy",
        "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")],
        "implementation_modules": list(IMPLEMENTATION_MODULES),
        "install": "pip install numpy",
        "devices": ["cpu"],
    }
