"""The wrapper pipeline: behaviour every function needs, written once.

A declaration names the wrappers its implementations get; when a backend is
built, each implementation is wrapped once, in the fixed order of
:data:`WRAPPER_ORDER` (outermost first). A wrapper factory takes the
function, its declaration and the backend, and does all the work it can
at build time, so that the per-call path is as short as possible.

One module per concern holds the factories (``conversion``, ``errors`` …);
each registers its factories with :func:`wrapper` when imported (the layer
that builds backends imports every module of :data:`MODULES`). What a
declaration may name, in which order, and the parameters wrappers add are
data of the declarations (``_declare``), re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from .._declare import (
    COMBINED_WRAPPERS,
    WRAPPER_ORDER,
    WRAPPER_PARAMETERS,
    check_wrapper_names,
    ordered_wrappers,
    wrapper_parameter_names,
    wrapper_parameters,
)
from .._errors import PolyarrayTypeError

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = [
    "WRAPPER_ORDER",
    "COMBINED_WRAPPERS",
    "wrapper",
    "available_wrappers",
    "check_wrapper_names",
    "ordered_wrappers",
    "apply_wrappers",
    "MODULES",
    "WRAPPER_PARAMETERS",
    "wrapper_parameter_names",
    "wrapper_parameters",
]

Factory = Callable[[Callable[..., Any], "Declaration", "Backend"], Callable[..., Any]]
_FACTORIES: dict[str, Factory] = {}
_F = TypeVar("_F", bound=Factory)


def wrapper(function: _F) -> _F:
    """Register a wrapper factory under its name (which must be in :data:`WRAPPER_ORDER`)."""
    if function.__name__ not in WRAPPER_ORDER:
        raise PolyarrayTypeError(f"{function.__name__!r} is not in WRAPPER_ORDER.")
    _FACTORIES[function.__name__] = function
    return function


def available_wrappers() -> tuple[str, ...]:
    """The wrappers that have a factory, in :data:`WRAPPER_ORDER`."""
    return tuple(name for name in WRAPPER_ORDER if name in _FACTORIES)


def apply_wrappers(
    function: Callable[..., Any], decl: Declaration, backend: Backend, names: Iterable[str]
) -> Callable[..., Any]:
    """Wrap ``function`` by the named wrappers, innermost first, once."""
    for name in reversed(ordered_wrappers(names)):
        function = _FACTORIES[name](function, decl, backend)
    return function


#: The modules of this package, each registering its factories when imported (``_fastpath`` imports them all).
MODULES = (
    "array_like",
    "backend_invalid",
    "complex",
    "conversion",
    "device",
    "dtype",
    "errors",
    "integers",
    "matrices",
    "mixed",
    "nans",
    "nest",
    "out",
    "protocol",
    "shapes",
    "views",
)
