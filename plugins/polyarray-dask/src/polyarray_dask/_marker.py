"""The pluggy marker for polyarray hook implementations, and the ``direct`` and ``resolved_by`` markers."""

from collections.abc import Callable
from typing import Any

import pluggy

hookimpl = pluggy.HookimplMarker("polyarray")


def direct(native: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark an implementation whose body only passes its arguments, unchanged and in the same form, to ``native``.

    polyarray then calls ``native`` itself on the fast path of a call, saving
    one Python frame. The attribute ``polyarray_direct`` -- ``native`` and the
    marked function's code object -- is the whole protocol; the code object
    keeps the mark from applying to wrappers that copy the function's
    attributes (``functools.wraps``).
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_direct = (native, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark


def resolved_by(
    resolve: Callable[..., Callable[[], Any] | None],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a creation function whose call ``resolve``, given the same arguments, turns into a callable of no
    arguments that returns what the function returns for them (Dask's own call), or None where it has none.

    polyarray calls ``resolve`` once for each call of exact ints it remembers
    (``arange(4)``) and then calls what it gave, saving the function's frames.
    The attribute ``polyarray_resolve`` -- ``resolve`` and the marked
    function's code object -- is the whole protocol. The function calls
    ``resolve`` itself, so that the two cannot differ.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_resolve = (resolve, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark
