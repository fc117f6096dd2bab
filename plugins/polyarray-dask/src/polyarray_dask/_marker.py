"""The pluggy marker for polyarray hook implementations, and the ``direct`` marker."""

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
