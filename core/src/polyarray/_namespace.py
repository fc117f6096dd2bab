"""The array API namespace of one backend: what ``x.__array_namespace__()`` returns.

The standard asks that the namespace an array hands out computes with that
array's library: ``xp = x.__array_namespace__(); xp.zeros(3)`` must create an
array beside ``x``, whatever backend another part of the program set or used
last. So each backend has its own namespace, a module object built once per
built backend and named ``polyarray[<backend>]``:

- every declared function of the main namespace as the built backend's
  function (``pa.get_backend(name).add``: no dispatch, creation on this
  backend), and ``linalg``, ``fft`` and ``random`` as the backend's
  sub-namespaces;
- the standard's constants (``e``, ``pi``, ``inf``, ``nan``, ``newaxis``),
  polyarray's portable dtypes, and ``__array_api_version__``;
- the dtype functions ``can_cast``, ``finfo``, ``iinfo`` and ``isdtype``
  (the same on every backend), and ``result_type`` and
  ``__array_namespace_info__`` answering for this backend (its default dtypes:
  float32 and int32 on JAX outside 64-bit mode).

Settings and backend management (``pa.set_backend``, ``pa.set_array_mode`` …)
are not part of it: they stay on the ``polyarray`` module.
"""

from __future__ import annotations

import functools
import types
import weakref
from typing import TYPE_CHECKING, Any

from ._array import set_namespace_builder
from ._declare import declarations
from ._dtypes import DTYPES

if TYPE_CHECKING:
    from ._backend import Backend

__all__ = ["namespace_of"]

#: The standard's constants, read from the ``polyarray`` module where they are defined.
CONSTANTS = ("e", "pi", "inf", "nan", "newaxis", "__array_api_version__")
#: Standalone functions that answer the same on every backend.
BACKEND_FREE = ("can_cast", "finfo", "iinfo", "isdtype")
SUBNAMESPACES = ("linalg", "fft", "random")

_built: weakref.WeakKeyDictionary[Backend, types.ModuleType] = weakref.WeakKeyDictionary()


def namespace_of(backend: Backend) -> types.ModuleType:
    """The array API namespace of ``backend`` (built on first use, then the same object every time)."""
    try:
        return _built[backend]
    except KeyError:
        namespace = _built[backend] = _build(backend)
        return namespace


def _build(backend: Backend) -> types.ModuleType:
    import polyarray

    from .api.data_types import result_type, result_type_on
    from .api.inspection import Info, __array_namespace_info__

    namespace = types.ModuleType(
        f"polyarray[{backend.name}]",
        f"The array API standard's namespace of polyarray's {backend.name} backend: functions create and compute "
        f"on {backend.name} arrays (see polyarray._namespace).",
    )
    for decl in declarations(("primary", "compositional", "mixed")):
        if not decl.namespace:
            setattr(namespace, decl.name, getattr(backend, decl.name))
    for sub in SUBNAMESPACES:
        setattr(namespace, sub, getattr(backend, sub))
    for name in (*CONSTANTS, *BACKEND_FREE):
        setattr(namespace, name, getattr(polyarray, name))
    for dtype in DTYPES.values():
        setattr(namespace, dtype.name, dtype)

    @functools.wraps(result_type)
    def backend_result_type(*arrays_and_dtypes: Any) -> Any:
        return result_type_on(backend, arrays_and_dtypes)

    @functools.wraps(__array_namespace_info__)
    def backend_info() -> Info:
        return Info(backend)

    vars(namespace).update(result_type=backend_result_type, __array_namespace_info__=backend_info)
    return namespace


set_namespace_builder(namespace_of)
