"""Which backend a call runs on: the context's stack, inference from the arguments, and the one function
that chooses (:func:`choose_backend`).

The stack is context-local: each thread and asyncio task sees its own (a
``contextvars.ContextVar`` holding an immutable tuple); a context that never
set one follows the process default (``state.process_stack``). The handler
(``_handler.py``) changes the stacks; this module reads them, and builds
backends through the builder the building layer gives it (:func:`set_builder`),
so that values, wrappers and the handler alike choose backends one way.
Inference never imports a framework: it looks a value's type up in a cache,
and on a miss matches the class against the plugins' declared native types
through ``sys.modules``.
"""

from __future__ import annotations

import contextvars
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._discovery import backend_infos, registered_names
from ._errors import PolyarrayTypeError
from ._tracers import constant_when_compiled

if TYPE_CHECKING:
    from ._backend import Backend

__all__ = [
    "STACK",
    "UNSET",
    "HandlerState",
    "state",
    "set_builder",
    "resolve_backend",
    "forget_backend",
    "forget_inferred_backend",
    "current_stack",
    "context_backend_name",
    "type_owners",
    "owner_of",
    "owner_of_native",
    "infer_backend",
    "choose_backend",
]

#: Marks a context that never set a backend stack of its own.
UNSET: Any = object()

#: ``pa.Array``, filled in by ``_array`` (which imports this module).
ARRAY_TYPE: type[Any] = type("NotYetDefined", (), {})

#: This context's backend stack (a tuple of Backend, top last).
STACK: contextvars.ContextVar[tuple[Backend, ...]] = contextvars.ContextVar("polyarray_backend_stack")


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


#: What builds a backend by name, and the class of built backends: given by the layer that builds them.
_builder: list[Callable[[str], Backend]] = []
_backend_class: list[type] = []


def set_builder(build: Callable[[str], Backend], backend_class: type) -> None:
    """Build backends with ``build(name)`` (``_backend.build_backend``); they are instances of ``backend_class``."""
    _builder[:] = [build]
    _backend_class[:] = [backend_class]


def resolve_backend(name_or_backend: str | Backend) -> Backend:
    """The built :class:`Backend` for a name (building it on first use) or a Backend."""
    if not isinstance(name_or_backend, str):
        if _backend_class and isinstance(name_or_backend, _backend_class[0]):
            return name_or_backend
        raise PolyarrayTypeError(
            f"A backend is given by name (a str) or as a pa.Backend, not {type(name_or_backend).__name__}."
        )
    backend = _built.get(name_or_backend)
    if backend is None:
        with _build_lock:
            backend = _built.get(name_or_backend)
            if backend is None:
                if not _builder:
                    raise PolyarrayTypeError("polyarray is not fully imported: import polyarray first.")
                backend = _builder[0](name_or_backend)
                _built[name_or_backend] = backend
    return backend


def is_built(name: str) -> bool:
    """Whether the backend ``name`` is built already (its framework imported)."""
    return name in _built


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


def current_stack() -> tuple[Backend, ...]:
    """This context's backend stack (the process default where it never set one), top last."""
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


def forget_inferred_backend() -> None:
    """Forget the last backend inferred from arguments: calls with no array go to NumPy again, as at start."""
    state.implicit = None


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


def owner_of(value: Any) -> Backend | None:
    """The backend owning ``value`` (a ``pa.Array``, a native array, or a list or tuple starting with one)."""
    cls = type(value)
    if cls is ARRAY_TYPE:
        return value.backend
    try:
        return _type_owner[cls]
    except KeyError:
        pass
    if cls is list or cls is tuple:
        return owner_of(value[0]) if value else None
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
        owner = owner_of(value)
        if owner is not None:
            state.implicit = owner
            return owner
    if kwargs:
        for value in kwargs.values():
            owner = owner_of(value)
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
    ``backend=``, a context's backend, or arguments whose types are all in
    the inference cache — and hand it every other call.
    """
    if backend is not None:
        return resolve_backend(backend)
    name = context_backend_name()
    if name is not None:
        return _pushed[name]
    # Inference reads the type cache only through owner_of: PyTorch's compiler guards on what it reads, and a
    # type first met while compiling fills the cache in the same frame.
    return infer_backend(args, kwargs)
