"""How polyarray reads the marks a plugin puts on its implementations.

A mark is an attribute whose value is a tuple holding, second, the code object
of the function it was put on: a wrapper that copies the function's attributes
(``functools.wraps``) then carries no mark of its own. The marks are:

* ``polyarray_direct``, ``polyarray_bare``, ``polyarray_inplace``: the framework
  callables the fast path calls for some calls of an array function
  (:mod:`polyarray._fastpath`);
* ``polyarray_resolve``: ``(resolve, code)`` on a creation function, where
  ``resolve(*args, **kwargs)`` gives a callable of no arguments that returns what
  the function returns for those arguments (the framework's own call), or None
  where it has none; the creation wrapper calls it for the calls it remembers
  (:mod:`polyarray._wrappers.dtype`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

__all__ = ["mark_of", "resolver_of"]


def mark_of(
    implementation: Callable[..., Any], attribute: str = "polyarray_direct", sizes: tuple[int, ...] = (2, 3, 4, 5)
) -> tuple[Any, ...] | None:
    """The mark ``attribute`` of ``implementation``: a tuple of one of ``sizes`` items whose second is the code
    object of the function it was put on (not of a wrapper that copied the attribute).

    >>> def zeros(shape):
    ...     return [0] * shape
    >>> zeros.polyarray_resolve = (lambda shape: None, zeros.__code__)
    >>> mark_of(zeros, "polyarray_resolve", (2,)) is zeros.polyarray_resolve
    True
    """
    mark = getattr(implementation, attribute, None)
    if isinstance(mark, tuple) and len(mark) in sizes and getattr(implementation, "__code__", None) is mark[1]:
        return mark
    return None


def resolver_of(implementation: Callable[..., Any]) -> Callable[..., Callable[[], Any] | None] | None:
    """The ``resolve`` of ``implementation``'s ``polyarray_resolve`` mark, or None where it has none.

    >>> def ones(shape):
    ...     return [1] * shape
    >>> ones.polyarray_resolve = (lambda shape: lambda: [1] * shape, ones.__code__)
    >>> resolver_of(ones)(3)()
    [1, 1, 1]
    """
    mark = mark_of(implementation, "polyarray_resolve", (2,))
    return None if mark is None else cast("Callable[..., Callable[[], Any] | None]", mark[0])
