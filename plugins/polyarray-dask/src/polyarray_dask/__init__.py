"""The Dask backend of polyarray: lazy, chunked arrays computed by Dask's schedulers.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.

Dask is lazy (``lazy: True``): every function builds a task graph and
returns at once; nothing runs until a result is asked for (``pa.compute``,
``pa.to_numpy``, ``float(x)`` …), and then on whatever scheduler Dask is
configured with (threads by default, a ``dask.distributed`` cluster when a
``Client`` is active). Sizes that depend on values (after a boolean mask,
``nonzero``, ``unique_*``) are unknown until then: polyarray shows them as
None. Errors that depend on values (a singular matrix, an index out of
bounds in an index array) surface when the graph is computed, as
``pa.PolyarrayError`` subclasses.

Dask arrays accept writes (``x[key] = v``) but never share memory with
another array, so a write through a view cannot reach its base: the plugin
says ``mutable_arrays: False`` and polyarray records views as it does for
JAX. Dask functions return NumPy results when no argument is a Dask array,
so polyarray converts lists and Python scalars first
(``accepts_array_likes: False``).

The blocks of a Dask array are NumPy arrays. Where NumPy itself differs from
the array API standard, the plugin runs polyarray-numpy's implementation on
each block, so the two backends agree value for value.
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
        "framework": "dask",
        "native_array_types": [("dask.array", "Array")],
        "implementation_modules": list(IMPLEMENTATION_MODULES),
        "install": "pip install 'dask[array]' distributed",
        "devices": ["cpu"],
        "mutable_arrays": False,
        "accepts_array_likes": False,
        "lazy": True,
    }
