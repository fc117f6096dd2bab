"""The NumPy backend of polyarray.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.
"""

from __future__ import annotations

from typing import Any

from ._marker import hookimpl

__all__ = ["backend_info", "hookimpl"]


@hookimpl
def backend_info() -> dict[str, Any]:
    return {
        "framework": "numpy",
        "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")],
        "implementation_package": __name__,
        "install": "pip install numpy",
        "devices": ["cpu"],
    }
