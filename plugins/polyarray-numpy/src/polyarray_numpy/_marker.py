"""The pluggy marker for polyarray hook implementations, and the ``direct`` marker."""

from collections.abc import Callable
from typing import Any

import numpy as np
import pluggy

hookimpl = pluggy.HookimplMarker("polyarray")


_NUMPY_1 = np.__version__.startswith("1.")


def direct(native: Callable[..., Any] | None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark an implementation whose body only passes its arguments, unchanged and in the same form, to ``native``.

    polyarray then calls ``native`` itself on the fast path of a call, saving
    one Python frame. The attribute ``polyarray_direct`` -- ``native`` and the
    marked function's code object -- is the whole protocol; the code object
    keeps the mark from applying to wrappers that copy the function's
    attributes (``functools.wraps``). ``native`` is None for an implementation
    of a NumPy version that lacks the function (``getattr(np, "concat", None)``
    beside the implementation for older releases): nothing is marked then.
    Nothing is marked on NumPy 1.x either: it reads a Python scalar beside an
    array by its value (``int8_array + 1000`` is int16), where the fast path
    hands scalars to the marked callable as of the array's dtype.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        if native is None or _NUMPY_1:
            return function
        function.polyarray_direct = (native, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark
