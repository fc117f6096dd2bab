"""The public handler API: setting, popping and scoping the backend of a context.

The choice itself (the stack's top, inference from arguments) is
``_choice.py``'s; this module changes the stacks it reads, and gives it the
builder of backends. State is context-local: each thread and asyncio task sees its own backend
stack (a ``contextvars.ContextVar`` holding an immutable tuple). A context
that never set a backend starts from the process default, a stack of its own
that :func:`set_backend`, :func:`previous_backend` and :func:`unset_backend`
change the same way as the caller's stack, so new threads follow them.
:class:`backend_context` never touches the process default, and on exit puts
back exactly the stack its context saw on entry.
"""

from __future__ import annotations

import contextvars
from typing import Any

from . import _choice, _discovery
from ._backend import Backend, build_backend
from ._choice import (
    STACK,
    UNSET,
    _pushed,
    choose_backend,
    context_backend_name,
    forget_backend,
    infer_backend,
    resolve_backend,
    state,
    type_owners,
)
from ._dynamic import convert_live
from ._errors import BackendContextError

_choice.set_builder(build_backend, Backend)
# A backend registered again (or unregistered) under a name is built afresh, and its types looked up again.
_discovery.on_change(forget_backend)

__all__ = [
    "set_backend",
    "get_backend",
    "current_backend",
    "previous_backend",
    "unset_backend",
    "backend_context",
    "resolve_backend",
    "infer_backend",
    "choose_backend",
    "context_backend_name",
    "state",
    "type_owners",
]

#: This context's innermost active ``backend_context`` (each one reaches the one around it through its token).
BLOCK: contextvars.ContextVar[backend_context | None] = contextvars.ContextVar("polyarray_backend_block")


def set_backend(name_or_backend: str | Backend, *, dynamic: bool = False) -> Backend:
    """Push a backend onto this context's stack and onto the process default; return it.

    The backend is resolved and built first; if that fails, nothing changes.
    Called inside a ``pa.backend_context`` block, the backend is current until
    the block ends (the block puts back the stack it found); the process
    default, which new threads start from, keeps it.

    With ``dynamic=True``, every live ``pa.Array`` and ``pa.Container`` whose
    ``dynamic_backend`` is True (the default of new ones) is converted to it
    too (through DLPack without a copy where the frameworks allow, else
    through NumPy): all of them, or, when one cannot be converted (a dtype or
    device the backend lacks), none, and the error, which lists what blocks
    the switch, leaves the backend unchanged.

    >>> b = pa.set_backend("numpy")
    >>> pa.current_backend().name
    'numpy'
    >>> pa.unset_backend()
    """
    backend = resolve_backend(name_or_backend)
    if dynamic:
        convert_live(backend)
    stack = STACK.get(UNSET)
    _pushed[backend.name] = backend
    STACK.set((*(state.process_stack if stack is UNSET else stack), backend))
    state.process_stack = (*state.process_stack, backend)
    return backend


def previous_backend() -> Backend | None:
    """Pop the current backend off this context's stack and return it (None when the stack was empty).

    The process default's top is popped too (when it has one).

    >>> _ = pa.set_backend("numpy")
    >>> pa.previous_backend().name
    'numpy'
    """
    stack = STACK.get(UNSET)
    if stack is UNSET:
        stack = state.process_stack
    if state.process_stack:
        state.process_stack = state.process_stack[:-1]
    if not stack:
        return None
    STACK.set(stack[:-1])
    return stack[-1]


def unset_backend() -> None:
    """Clear this context's backend stack and the process default: calls go back to inference.

    >>> _ = pa.set_backend("numpy")
    >>> pa.unset_backend()
    >>> pa.current_backend().name  # the implicit backend
    'numpy'
    """
    STACK.set(())
    state.process_stack = ()


def current_backend(*args: Any, **kwargs: Any) -> Backend:
    """The backend a call with these arguments would run on.

    >>> import numpy as np
    >>> pa.current_backend(np.zeros(2)).name
    'numpy'
    """
    return choose_backend(args, kwargs, None)


def get_backend(name: str | None = None) -> Backend:
    """The built backend namespace of that name (the current backend when None).

    Calling its functions involves no dispatch at all.

    >>> xp = pa.get_backend("numpy")
    >>> xp.add(xp.asarray([1, 2]), 3)
    Array([4, 5], backend=numpy, dtype=int64)
    """
    return current_backend() if name is None else resolve_backend(name)


#: The token of a block that an outer block's exit closed (its own exit then does nothing).
_CLOSED: Any = object()
_MISSING = contextvars.Token.MISSING


def _context_error(block: backend_context, what: str) -> Exception:
    return BackendContextError(
        f"pa.backend_context({block.backend.name!r}) {what}. Use it as a `with` statement in the thread or "
        f"asyncio task that uses the backend; nested blocks end innermost first."
    )


class backend_context:
    """Use a backend inside a ``with`` block; on exit, this context's stack is exactly what the block found.

    Only this thread or task sees it; the process default (what new threads
    start from) is never changed by the block itself. A ``pa.set_backend``
    inside the block pushes onto the block's stack, so it lasts until the
    block ends, and onto the process default. A block object may be used
    again once it has ended. Exiting a block that is not active (never
    entered, entered in another thread or task, already ended), exiting an
    outer block before an inner one, or entering a block that is active
    raises a ``pa.BackendContextError``; an out-of-order exit still ends the
    outer block and the blocks inside it, leaving no entry of theirs behind.

    >>> with pa.backend_context("numpy") as xp:
    ...     pa.current_backend() is xp
    True
    """

    __slots__ = ("_block", "_found", "_token", "backend")

    def __init__(self, name_or_backend: str | Backend) -> None:
        self.backend = resolve_backend(name_or_backend)
        self._token: contextvars.Token | None = None

    def __enter__(self) -> Backend:
        if self._token is not None and self._token is not _CLOSED:
            raise _context_error(self, "was entered while it is active; make a new pa.backend_context for this")
        stack = STACK.get(UNSET)
        found = state.process_stack if stack is UNSET else stack
        self._found = found
        _pushed[self.backend.name] = self.backend
        self._token = STACK.set((*found, self.backend))
        self._block = BLOCK.set(self)
        return self.backend

    def __exit__(self, *exc_info: object) -> None:
        token = self._token
        if token is None:
            raise _context_error(self, "was exited without being entered")
        if token is _CLOSED:
            # An outer block ended before this one and took this block's entry with it.
            self._token = None
            return
        try:
            STACK.reset(token)
        except ValueError:
            raise _context_error(
                self, "was exited in a thread or asyncio task other than the one that entered it"
            ) from None
        self._token = None
        found = self._found
        if token.old_value is _MISSING and state.process_stack is not found:
            # The context followed the process default, which a set_backend inside the block changed.
            STACK.set(found)
        inner = BLOCK.get(None)
        BLOCK.reset(self._block)
        if inner is not self:
            while inner is not None and inner is not self:
                # Blocks entered inside this one and not yet exited: they end with it.
                inner._token = _CLOSED
                outer = inner._block.old_value
                inner = None if outer is _MISSING else outer
            raise _context_error(self, "was exited before a block entered inside it")
