"""The wrapper pipeline: behaviour every function needs, written once.

A declaration names the wrappers its implementations get; when a backend is
built, each implementation is wrapped once, in the fixed order of
:data:`WRAPPER_ORDER` (outermost first). A wrapper factory takes the
function, its declaration and the backend, and does all the work it can
at build time, so that the per-call path is as short as possible.

One module per concern holds the factories (``conversion``, ``errors`` …);
each registers its factories with :func:`wrapper` when imported (every module
of the package is imported below).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

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
]

#: Every wrapper of the design, outermost first.
WRAPPER_ORDER: tuple[str, ...] = (
    "handle_complex_input",
    "infer_device",
    "handle_device_shifting",
    # These three must see pa.Array arguments, so they run outside the conversion to
    # native arrays (the architecture guide's list had them inside it); arrays of another
    # backend are converted before promotion, so that it sees every operand's dtype.
    "handle_backend_invalid",
    "infer_dtype",
    "handle_array_function",
    "handle_view_indexing",
    "handle_view",
    "outputs_to_polyarray_arrays",
    "outputs_to_polyarray_shapes",
    "inputs_to_native_arrays",
    "inputs_to_native_shapes",
    "handle_out_argument",
    "handle_array_like_without_promotion",
    "handle_partial_mixed_function",
    "handle_nestable",
    "handle_exceptions",
    "handle_nans",
    "handle_nan_matrices",
)

#: Names that stand for several wrappers.
COMBINED_WRAPPERS: dict[str, tuple[str, ...]] = {
    "to_native_arrays_and_back": ("inputs_to_native_arrays", "outputs_to_polyarray_arrays"),
}

#: Keyword-only parameters a wrapper adds to every public signature it is named in,
#: and consumes before the implementation is called (unless the implementation
#: declares the parameter itself, opting in to receive it).
WRAPPER_PARAMETERS: dict[str, tuple[inspect.Parameter, ...]] = {}


def add_wrapper_parameter(wrapper_name: str, name: str, default: Any, annotation: str) -> None:
    """Declare that ``wrapper_name`` adds the keyword-only parameter ``name`` to public signatures."""
    parameter = inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
    WRAPPER_PARAMETERS[wrapper_name] = (*WRAPPER_PARAMETERS.get(wrapper_name, ()), parameter)


def wrapper_parameters(names: Iterable[str]) -> list[inspect.Parameter]:
    """The parameters the named wrappers add, in pipeline order."""
    return [p for name in ordered_wrappers(names) for p in WRAPPER_PARAMETERS.get(name, ())]


def wrapper_parameter_names() -> frozenset[str]:
    """Every parameter name some wrapper adds."""
    return frozenset(p.name for params in WRAPPER_PARAMETERS.values() for p in params)


Factory = Callable[[Callable[..., Any], "Declaration", "Backend"], Callable[..., Any]]
_FACTORIES: dict[str, Factory] = {}


def wrapper(function: Factory) -> Factory:
    """Register a wrapper factory under its name (which must be in :data:`WRAPPER_ORDER`)."""
    if function.__name__ not in WRAPPER_ORDER:
        raise PolyarrayTypeError(f"{function.__name__!r} is not in WRAPPER_ORDER.")
    _FACTORIES[function.__name__] = function
    return function


def available_wrappers() -> tuple[str, ...]:
    """The wrappers that have a factory, in :data:`WRAPPER_ORDER`."""
    return tuple(name for name in WRAPPER_ORDER if name in _FACTORIES)


def check_wrapper_names(names: Iterable[str], function: str) -> None:
    """Reject wrapper names that are unknown or not available."""
    for name in names:
        for part in COMBINED_WRAPPERS.get(name, (name,)):
            if part not in _FACTORIES:
                known = ", ".join(sorted(_FACTORIES) + sorted(COMBINED_WRAPPERS))
                raise PolyarrayTypeError(f"{function!r} names the wrapper {name!r}, which is not one of: {known}.")


def ordered_wrappers(names: Iterable[str]) -> tuple[str, ...]:
    """Expand combined names and sort into :data:`WRAPPER_ORDER` (outermost first)."""
    expanded = {part for name in names for part in COMBINED_WRAPPERS.get(name, (name,))}
    return tuple(name for name in WRAPPER_ORDER if name in expanded)


def apply_wrappers(
    function: Callable[..., Any], decl: Declaration, backend: Backend, names: Iterable[str]
) -> Callable[..., Any]:
    """Wrap ``function`` by the named wrappers, innermost first, once."""
    for name in reversed(ordered_wrappers(names)):
        function = _FACTORIES[name](function, decl, backend)
    return function


# Every module of this package registers its factories (and parameters) when imported.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
