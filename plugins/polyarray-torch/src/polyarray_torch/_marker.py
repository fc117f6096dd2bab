"""The pluggy marker for polyarray hook implementations, and the ``direct`` and ``resolved_by`` markers."""

from collections.abc import Callable, Iterable
from typing import Any

import pluggy

hookimpl = pluggy.HookimplMarker("polyarray")

#: The options of a reduction as torch's reductions take them positionally (``torch.sum(x, dim, keepdim)``).
REDUCTION_OPTIONS = ("axis", "keepdims")


def direct(
    native: Callable[..., Any],
    *,
    dtypes: Iterable[Any],
    inplace: Callable[[Any, Any], Any] | None = None,
    bare: Callable[..., Any] | None = None,
    bare_options: tuple[str, ...] = (),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark an implementation that gives what ``native`` gives, with the same arguments, for arrays of ``dtypes``.

    polyarray then calls ``native`` itself on the fast path of a call whose
    first array has one of ``dtypes`` (torch dtypes), saving the
    implementation's frames. The attribute ``polyarray_direct`` -- ``native``,
    the marked function's code object and the dtypes -- is the whole protocol;
    the code object keeps the mark from applying to wrappers that copy the
    function's attributes (``functools.wraps``). Apply it above
    ``guard_dtypes``, and list only dtypes for which ``native`` has kernels.

    ``inplace``, for a function of two operands, is torch's in-place method
    writing what ``native`` gives into the first operand (``Tensor.add_``),
    which raises before it writes anything: ``x += y`` of a ``pa.Array`` of
    those dtypes calls it (``polyarray_inplace``: the method and the code object).

    ``bare``, beside a ``native`` that is a small function of this plugin, is
    the torch callable it hands a call with the required arguments alone
    (positionally, every array a tensor of those dtypes, no Python scalar, no
    keyword) to: the fast path calls it for such calls, saving ``native``'s
    frame (``polyarray_bare``: the callable, the code object and
    ``bare_options``). Where ``bare`` raises, ``native`` is called and decides.

    ``bare_options`` names keyword options ``bare`` takes positionally after
    the required arguments, in its order: a call giving the first few of them
    by keyword (none None or ``()``) and nothing else is ``bare``'s too, with
    their values: ``torch.sum(x, 1, True)`` for ``pa.sum(x, axis=1, keepdims=True)``.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_direct = (native, function.__code__, frozenset(dtypes))  # type: ignore[attr-defined]
        if inplace is not None:
            function.polyarray_inplace = (inplace, function.__code__)  # type: ignore[attr-defined]
        if bare is not None:
            function.polyarray_bare = (bare, function.__code__, bare_options)  # type: ignore[attr-defined]
        return function

    return mark


def resolved_by(
    resolve: Callable[..., Callable[[], Any] | None],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a creation function whose call ``resolve``, given the same arguments, turns into a callable of no
    arguments that returns what the function returns for them (torch's own call), or None where it has none.

    polyarray calls ``resolve`` once for each call of exact ints it remembers
    (``arange(4)``, ``zeros((64, 8))``) and then calls what it gave, saving
    the function's frame. The attribute ``polyarray_resolve`` -- ``resolve``
    and the marked function's code object -- is the whole protocol. The
    function itself should call ``resolve`` for those calls, so that the two
    cannot differ.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_resolve = (resolve, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark
