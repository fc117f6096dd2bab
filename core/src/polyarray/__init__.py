"""polyarray: one array API over NumPy, PyTorch, JAX, TensorFlow and third-party backends.

>>> import polyarray as pa
>>> pa.add(pa.asarray([1, 2]), 3)
Array([4, 5], backend=numpy, dtype=int64)
"""

from __future__ import annotations

import importlib as _importlib

from . import _array, _declare, _dispatch, _einops
from ._array import Array
from ._backend import Backend
from ._container import Container
from ._container import install_methods as _install_container_methods
from ._discovery import available_backends, register_backend, unregister_backend
from ._dtypes import (
    DType,
    bfloat16,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ._dtypes import bool_ as bool  # noqa: A004 - the standard's name
from ._errors import (
    BackendConflictError,
    BackendContextError,
    BackendLoadError,
    BackendNotFoundError,
    BackendNotImplementedError,
    FrameworkNotInstalledError,
    NestingDepthError,
    PluginValidationError,
    PolyarrayAxisError,
    PolyarrayError,
    PolyarrayIndexError,
    PolyarrayMemoryError,
    PolyarrayNotImplementedError,
    PolyarrayOverflowError,
    PolyarrayTypeError,
    PolyarrayValueError,
    TracingError,
    UnsupportedDeviceError,
    UnsupportedDtypeError,
    UnsupportedFrameworkVersionError,
)
from ._handler import (
    backend_context,
    current_backend,
    get_backend,
    previous_backend,
    set_backend,
    unset_backend,
)
from ._registry import dynamic_backend_as, set_dynamic_backend, unset_dynamic_backend
from ._wrappers.backend_invalid import BackendMismatchError
from ._wrappers.shapes import Shape
from .api import CATEGORIES as _CATEGORIES

__version__ = "0.1.0"
__array_api_version__ = "2024.12"

e = 2.718281828459045
pi = 3.141592653589793
inf = float("inf")
nan = float("nan")
newaxis = None

_exported: list[str] = []
for _category in _CATEGORIES:
    _module = _importlib.import_module(f".api.{_category}", __name__)
    if _category in ("linalg", "fft", "random"):
        continue
    for _name in _module.__all__:
        globals()[_name] = getattr(_module, _name)
        _exported.append(_name)

from . import _namespace, fft, linalg, random  # noqa: E402, F401 - _namespace: pa.Array.__array_namespace__
from .tracing import Graph, TracedFunction, compile, trace  # noqa: E402, A004 - the issue's names

_array.install_methods(_declare.declarations())
_install_container_methods(_declare.declarations())
_dispatch.accelerate_array()
_einops.register()

__all__ = [  # pyright: ignore[reportUnsupportedDunderAll]  # __init__.pyi lists them
    "Array",
    "Container",
    "Shape",
    "Backend",
    "DType",
    "available_backends",
    "register_backend",
    "unregister_backend",
    "set_backend",
    "get_backend",
    "current_backend",
    "previous_backend",
    "unset_backend",
    "backend_context",
    "set_dynamic_backend",
    "unset_dynamic_backend",
    "dynamic_backend_as",
    "linalg",
    "fft",
    "random",
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "PolyarrayError",
    "PolyarrayValueError",
    "PolyarrayTypeError",
    "PolyarrayIndexError",
    "PolyarrayMemoryError",
    "PolyarrayOverflowError",
    "PolyarrayAxisError",
    "PolyarrayNotImplementedError",
    "BackendNotFoundError",
    "BackendLoadError",
    "BackendConflictError",
    "BackendNotImplementedError",
    "FrameworkNotInstalledError",
    "PluginValidationError",
    "UnsupportedFrameworkVersionError",
    "UnsupportedDtypeError",
    "BackendMismatchError",
    "BackendContextError",
    "UnsupportedDeviceError",
    "NestingDepthError",
    "TracingError",
    "Graph",
    "TracedFunction",
    "trace",
    "compile",
    *_exported,
]
del _category, _module, _name  # pyright: ignore[reportPossiblyUnboundVariable]  # the loops ran
