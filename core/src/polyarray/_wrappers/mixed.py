"""handle_partial_mixed_function: a native implementation that covers only some calls of a mixed function.

A plugin's implementation of a ``mixed`` function may carry
``partial_mixed_handler(*args, **kwargs) -> bool``: True where it handles
the call, False where the core's composition must run instead (PyTorch's
``linear`` only for 2-d weights, say). The backend build records such
implementations in ``backend.partial_mixed`` and names this wrapper for them.

Both paths get the declaration's wrappers: those outside this one (in
``WRAPPER_ORDER``) run once for every call; those inside it are applied to
each path, and the handler sees the arguments as they are there (native
arrays). The raw
namespace (``backend.raw``, what compositions call) chooses the same way,
without wrappers (:func:`choose`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _wrappers
from . import apply_wrappers, ordered_wrappers, wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration


def choose(
    native: Callable[..., Any], composed: Callable[..., Any], handler: Callable[..., bool]
) -> Callable[..., Any]:
    """Call ``native`` where ``handler`` accepts the arguments, else ``composed``."""

    def partial_mixed(*args: Any, **kwargs: Any) -> Any:
        if handler(*args, **kwargs):
            return native(*args, **kwargs)
        return composed(*args, **kwargs)

    partial_mixed.__name__ = getattr(native, "__name__", "partial_mixed")
    return partial_mixed


def inner_wrappers(names: tuple[str, ...]) -> tuple[str, ...]:
    """The named wrappers that run inside ``handle_partial_mixed_function``."""
    order = _wrappers.WRAPPER_ORDER
    position = order.index("handle_partial_mixed_function")
    return tuple(name for name in ordered_wrappers(names) if order.index(name) > position)


@wrapper
def handle_partial_mixed_function(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """Run the native implementation where its ``partial_mixed_handler`` says so, else the composition.

    ``function`` is the native implementation with its inner wrappers; the
    composition gets the inner wrappers of the declaration's own set. A
    function without a partial native implementation is returned unchanged.
    """
    entry = backend.partial_mixed.get(decl.qualname)
    if entry is None:
        return function
    _native, composed, handler = entry
    return choose(function, apply_wrappers(composed, decl, backend, inner_wrappers(decl.wrappers)), handler)
