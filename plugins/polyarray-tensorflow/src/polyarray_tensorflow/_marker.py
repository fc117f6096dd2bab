"""The pluggy marker for polyarray hook implementations, and the ``direct`` and ``resolved_by`` markers.

Besides marking, it wraps each implementation so that TensorFlow's own
errors reach polyarray as the builtin exceptions it translates: a missing
kernel for a dtype becomes the unsupported-dtype refusal, an invalid
argument a ``ValueError`` (see ``_helpers.framework_error``). Nothing is
imported from TensorFlow until such an error happens, so the plugin's light
module stays light.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

import pluggy

_mark = pluggy.HookimplMarker("polyarray")

#: The options of a reduction as TensorFlow's reductions take them positionally (``tf.reduce_sum(x, axis, keepdims)``).
REDUCTION_OPTIONS = ("axis", "keepdims")


def _translating(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def translating(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except Exception as error:
            if not type(error).__module__.startswith("tensorflow"):
                raise
            from ._helpers import framework_error

            translated = framework_error(error, function.__name__, args)
            if translated is error:
                raise
            raise translated from error

    return translating


def hookimpl(function: Callable[..., Any] | None = None, **options: Any) -> Any:
    """``pluggy.HookimplMarker("polyarray")``, applied to the implementation wrapped as described above."""

    def mark(implementation: Callable[..., Any]) -> Callable[..., Any]:
        return _mark(**options)(_translating(implementation))

    return mark if function is None else mark(function)


def direct(
    native: Callable[..., Any],
    *,
    dtypes: Iterable[Any],
    bare: Callable[..., Any] | None = None,
    bare_options: tuple[str, ...] = (),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark an implementation that gives what ``native`` gives, with the same arguments, for arrays of ``dtypes``.

    polyarray then calls ``native`` itself on the fast path of a call whose
    first array has one of ``dtypes`` (TensorFlow dtypes), saving the
    implementation's frames. The attribute ``polyarray_direct`` -- ``native``,
    the marked function's code object and the dtypes -- is the whole protocol;
    the code object keeps the mark from applying to wrappers that copy the
    function's attributes (``functools.wraps``). Apply it above
    :func:`hookimpl`, whose error-translating wrapper is the function polyarray
    calls. ``native``'s errors skip that wrapper: the core translates them by
    their class (``support.error_class``), with TensorFlow's own message.

    ``bare``, beside a ``native`` that is a small function of this plugin, is
    the TensorFlow callable it hands a call with the required arguments alone
    (positionally, every array a tensor of those dtypes, no Python scalar, no
    keyword) to: the fast path calls it for such calls, saving ``native``'s
    frame (``polyarray_bare``: the callable, the code object and
    ``bare_options``). ``bare_options`` names keyword options ``bare`` takes
    positionally after the required arguments, in its order:
    ``tf.reduce_sum(x, 1, True)`` for ``pa.sum(x, axis=1, keepdims=True)``.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_direct = (native, function.__code__, frozenset(dtypes))  # type: ignore[attr-defined]
        if bare is not None:
            function.polyarray_bare = (bare, function.__code__, bare_options)  # type: ignore[attr-defined]
        return function

    return mark


def resolved_by(
    resolve: Callable[..., Callable[[], Any] | None],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a creation function whose call ``resolve``, given the same arguments, turns into a callable of no
    arguments that returns what the function returns for them (TensorFlow's own call), or None where it has none.

    polyarray calls ``resolve`` once for each call of exact ints it remembers
    (``arange(4)``) and then calls what it gave, saving the function's frames.
    The attribute ``polyarray_resolve`` -- ``resolve`` and the marked
    function's code object -- is the whole protocol. The function calls
    ``resolve`` itself, so that the two cannot differ. Apply it above
    :func:`hookimpl`, whose error-translating wrapper is the function polyarray
    calls.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_resolve = (resolve, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark
