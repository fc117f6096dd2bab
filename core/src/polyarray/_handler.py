"""Backend state and choice: the context stack, inference, and the public handler API.

State is context-local: each thread and asyncio task sees its own backend
stack (a ``contextvars.ContextVar`` holding an immutable tuple). A context
that never set a backend starts from the process default, a stack of its own
that :func:`set_backend`, :func:`previous_backend` and :func:`unset_backend`
change the same way as the caller's stack, so new threads follow them.
:class:`backend_context` never touches the process default, and on exit puts
back exactly the stack its context saw on entry.
"""

from __future__ import annotations

import contextvars
import functools
import sys
import threading
from typing import TYPE_CHECKING, Any

from ._tracers import constant_when_compiled

if TYPE_CHECKING:
    from ._backend import Backend

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
]

#: Marks a context that never set a backend stack of its own.
UNSET: Any = object()

#: ``pa.Array``, filled in by ``_array`` (which imports this module).
ARRAY_TYPE: type = type("NotYetDefined", (), {})

#: This context's backend stack (a tuple of Backend, top last).
STACK: contextvars.ContextVar[tuple[Backend, ...]] = contextvars.ContextVar("polyarray_backend_stack")

#: This context's innermost active ``backend_context`` (each one reaches the one around it through its token).
BLOCK: contextvars.ContextVar[backend_context | None] = contextvars.ContextVar("polyarray_backend_block")


class HandlerState:
    """What the backend choice reads besides this context's stack, in one object.

    ``process_stack`` is the stack that contexts which never set one start
    from; ``implicit`` is the last backend inferred from arguments (NumPy at
    start, None until then). The compiled dispatchers (``_accel.py``) are
    given this object and read the same two slots.
    """

    __slots__ = ("implicit", "process_stack")

    def __init__(self) -> None:
        self.process_stack: tuple[Backend, ...] = ()
        self.implicit: Backend | None = None


#: The one state object of the handler.
state = HandlerState()

#: The backend last pushed under each name, so a stack entry can be named (see :func:`context_backend_name`).
_pushed: dict[str, Backend] = {}

_built: dict[str, Backend] = {}
_build_lock = threading.RLock()

_NEVER_ARRAYS = (int, float, complex, bool, str, bytes, type(None), slice, type(Ellipsis), dict)

#: type -> Backend owning it, or None for types that are not arrays.
_type_owner: dict[type, Backend | None] = dict.fromkeys(_NEVER_ARRAYS)


@functools.cache
def _backend_type() -> type:
    from ._backend import Backend

    return Backend


def resolve_backend(name_or_backend: str | Backend) -> Backend:
    """The built :class:`Backend` for a name (building it on first use) or a Backend."""
    if not isinstance(name_or_backend, str):
        if type(name_or_backend) is _backend_type():
            return name_or_backend
        from ._backend import Backend

        if isinstance(name_or_backend, Backend):
            return name_or_backend
        from ._errors import PolyarrayTypeError

        raise PolyarrayTypeError(
            f"A backend is given by name (a str) or as a pa.Backend, not {type(name_or_backend).__name__}."
        )
    backend = _built.get(name_or_backend)
    if backend is None:
        with _build_lock:
            backend = _built.get(name_or_backend)
            if backend is None:
                from ._backend import build_backend

                backend = build_backend(name_or_backend)
                _built[name_or_backend] = backend
    return backend


def forget_backend(name: str) -> None:
    """Drop a built backend (used when a backend is registered again under its name)."""
    with _build_lock:
        old = _built.pop(name, None)
        # Types owned by the old backend, or by none so far, are looked up again.
        stale = [
            t
            for t, owner in _type_owner.items()
            if (owner is None and t not in _NEVER_ARRAYS) or (old is not None and owner is old)
        ]
        for t in stale:
            del _type_owner[t]
        if old is not None and state.implicit is old:
            state.implicit = None


def _current_stack() -> tuple[Backend, ...]:
    stack = STACK.get(UNSET)
    return state.process_stack if stack is UNSET else stack


@constant_when_compiled
def context_backend_name() -> str | None:
    """The name of the backend set for this context (the stack's top), or None when none is set.

    The backend choice reads the context through this one function. It is
    marked as constant for PyTorch's compiler (``_tracers.py``), which cannot
    read context variables: a compiled function uses the backend set when it
    was compiled.
    """
    stack = STACK.get(UNSET)
    if stack is UNSET:
        stack = state.process_stack
    return stack[-1].name if stack else None


def _implicit_backend() -> Backend:
    if state.implicit is None:
        state.implicit = resolve_backend("numpy")
    return state.implicit


def type_owners() -> dict[type, Backend | None]:
    """The cache of which backend owns a type (None: not an array type), filled as types are met."""
    return _type_owner


def _owner_of_type(cls: type) -> Backend | None:
    """The backend owning native arrays of class ``cls`` (None: no backend does), remembered in the cache."""
    name = _owner_name_of_type(cls)
    return None if name is None else resolve_backend(name)


@constant_when_compiled
def _owner_name_of_type(cls: type) -> str | None:
    """Match a class against the plugins' declared native types, importing nothing; build and cache its owner.

    It returns the owner's name, so that PyTorch's compiler can evaluate it
    once, when a type is first met inside a compiled function.
    """
    from ._discovery import backend_infos, registered_names

    # Several plugins may claim one type: the backend named like the type's package
    # wins, then installed plugins before ones registered at run time.
    root = cls.__module__.split(".")[0]
    registered = registered_names()
    infos = sorted(backend_infos().values(), key=lambda i: (i.name != root, i.name in registered, i.name))
    owner = None
    for info in infos:
        for module_name, class_path in info.native_array_types:
            module = sys.modules.get(module_name)
            if module is None:
                continue
            native: Any = module
            for part in class_path.split("."):
                native = getattr(native, part, None)
            if isinstance(native, type) and issubclass(cls, native):
                owner = resolve_backend(info.name)
                break
        if owner is not None:
            break
    _type_owner[cls] = owner
    return None if owner is None else owner.name


def _owner_of(value: Any) -> Backend | None:
    cls = type(value)
    if cls is ARRAY_TYPE:
        return value.backend
    try:
        return _type_owner[cls]
    except KeyError:
        pass
    if cls is list or cls is tuple:
        return _owner_of(value[0]) if value else None
    if isinstance(value, ARRAY_TYPE):  # a subclass of pa.Array (never cached: each one has its backend)
        return value.backend
    return _owner_of_type(cls)


def owner_of_native(value: Any) -> Backend | None:
    """The backend whose native array type ``value`` is (None for anything else; ``pa.Array`` included)."""
    cls = type(value)
    try:
        return _type_owner[cls]
    except KeyError:
        pass
    # Lists, tuples and pa.Array subclasses stay out of the cache: inference looks inside them.
    if cls is list or cls is tuple or isinstance(value, ARRAY_TYPE):
        return None
    return _owner_of_type(cls)


def infer_backend(args: tuple, kwargs: dict | None = None) -> Backend:
    """The backend owning the first array among ``args`` (then ``kwargs``), else the implicit one."""
    for value in args:
        owner = _owner_of(value)
        if owner is not None:
            state.implicit = owner
            return owner
    if kwargs:
        for value in kwargs.values():
            owner = _owner_of(value)
            if owner is not None:
                state.implicit = owner
                return owner
    implicit = state.implicit
    return implicit if implicit is not None else _implicit_backend()


def choose_backend(args: tuple, kwargs: dict[str, Any] | None, backend: str | Backend | None) -> Backend:
    """The backend a call ``pa.fn(*args, backend=backend, **kwargs)`` runs on: the one place it is chosen.

    An explicit ``backend`` wins, then the backend set for this context (the
    stack's top), then the backend owning the first array argument, then the
    implicit backend (the last one inferred; NumPy at start). The compiled
    dispatchers (``_accel.py``) take the common cases of this function — no
    ``backend=``, a context's backend or a first argument of a type already
    seen — and hand it every other call.
    """
    if backend is not None:
        return resolve_backend(backend)
    name = context_backend_name()
    if name is not None:
        return _pushed[name]
    return infer_backend(args, kwargs)


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
        from ._dynamic import convert_live

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
    from ._errors import BackendContextError

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
