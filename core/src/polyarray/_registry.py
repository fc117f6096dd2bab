"""The registry of dynamic arrays and Containers, and the default of their ``dynamic_backend`` flag.

An array or Container whose ``dynamic_backend`` flag is True is found by a
dynamic switch (``_dynamic.py``) through this module. A Container is
registered here as a weak reference when it is made. An array is not, until
the first dynamic switch of the process (or the first :func:`live_arrays`):
that one finds the dynamic arrays alive by scanning the objects the garbage
collector tracks, once, and from then on ``settings.registering`` is True and
every new dynamic array is registered as a weak reference too. So a program
that never switches dynamically pays nothing per array beyond its flag (a
registration is about a fifth of an operator's cost on small arrays), and
one that does pays one heap scan (10 to 25 ms with PyTorch imported), then a
weak reference per array. The registry keeps nothing alive; its lists are
pruned once they have doubled since their last pruning. Arrays that
``gc.freeze()`` moved out of the collector's generations before the first
switch are not found by the scan.

The default flag of new arrays and Containers is process-wide, like
``pa.set_array_mode``: ``pa.set_dynamic_backend(flag)`` pushes it,
``pa.unset_dynamic_backend()`` pops it, ``pa.dynamic_backend_as(flag)`` holds
it for a ``with`` block. Setting the flag of one object to True converts it
at once to the backend set for the context: that is ``_dynamic.py``'s, which
gives this module its flag setters (:func:`use_flag_setters`).
"""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._config import settings
from ._tracers import compiling

if TYPE_CHECKING:
    from ._array import Array
    from ._container import Container

__all__ = [
    "set_dynamic_backend",
    "unset_dynamic_backend",
    "dynamic_backend_as",
    "track",
    "register_array",
    "registry",
    "start_flag",
    "set_array_flag",
    "set_container_flag",
    "use_array_pruner",
    "use_flag_setters",
    "live_arrays",
    "live_containers",
]

#: Weak references to the arrays (once ``settings.registering``) and Containers flagged dynamic. A
#: reference whose object died or was opted out stays until the next pruning: appending is all that
#: registering costs (the compiled fast path appends to ``_arrays`` itself), and a list is pruned
#: once it has doubled since its last pruning (``settings.dynamic_limit`` for arrays).
_arrays: list[weakref.ref] = []
_containers: list[weakref.ref] = []
_container_limit = [1024]
_append_array = _arrays.append
_lock = threading.RLock()
_prune_lock = threading.Lock()
_ref = weakref.ref

#: ``pa.Array``, filled in by ``_array`` (which imports this module).
ARRAY_TYPE: type = type("NotYetDefined", (), {})

#: The default flag of new arrays and Containers when nothing is pushed: the design's dynamic default.
DEFAULT = True

#: The flags pushed by set_dynamic_backend, oldest first; ``settings.dynamic_backend`` is the last one.
_pushed: list[bool] = []


# -- the default flag ---------------------------------------------------------------------


def set_dynamic_backend(flag: bool) -> None:
    """Make ``flag`` the ``dynamic_backend`` of arrays and Containers created from now on (process-wide).

    New ones are dynamic by default (True); the previous default comes back
    with :func:`unset_dynamic_backend`.

    >>> pa.set_dynamic_backend(False)
    >>> pa.asarray([1.0]).dynamic_backend
    False
    >>> pa.unset_dynamic_backend()
    >>> pa.asarray([1.0]).dynamic_backend
    True
    """
    with _lock:
        _pushed.append(bool(flag))
        settings.dynamic_backend = bool(flag)


def unset_dynamic_backend() -> None:
    """Go back to the default ``dynamic_backend`` before the last :func:`set_dynamic_backend` (True at start).

    >>> pa.set_dynamic_backend(False)
    >>> pa.unset_dynamic_backend()
    >>> pa.Container(a=pa.asarray([1])).dynamic_backend
    True
    """
    with _lock:
        if _pushed:
            _pushed.pop()
        settings.dynamic_backend = _pushed[-1] if _pushed else DEFAULT


class dynamic_backend_as:
    """Set the default ``dynamic_backend`` of new arrays and Containers inside a ``with`` block.

    >>> with pa.dynamic_backend_as(False):
    ...     x = pa.asarray([1.0, 2.0])
    >>> x.dynamic_backend, pa.asarray([3.0]).dynamic_backend
    (False, True)
    """

    __slots__ = ("flag",)

    def __init__(self, flag: bool) -> None:
        self.flag = bool(flag)

    def __enter__(self) -> dynamic_backend_as:
        set_dynamic_backend(self.flag)
        return self

    def __exit__(self, *exc_info: object) -> None:
        unset_dynamic_backend()


# -- the registry ---------------------------------------------------------------------------


def track(value: Array | Container) -> None:
    """Flag ``value`` as dynamic and register it, without converting it."""
    if value.__class__ is ARRAY_TYPE:  # every new array, unless the default is off: kept short
        value._dynamic = True
        if settings.registering:  # before the first dynamic switch, the switch finds it on the heap
            register_array(value)
        return
    # object.__setattr__: a Container's own __setattr__ would take "_dynamic" for a key.
    _setattr(value, "_dynamic", True)
    if isinstance(value, ARRAY_TYPE):
        if settings.registering:
            register_array(value)
    else:
        _containers.append(_ref(value))
        if len(_containers) >= _container_limit[0]:
            _container_limit[0] = _prune(_containers)


_setattr = object.__setattr__


def register_array(value: object) -> None:
    """Append a weak reference to ``value`` to the registry of arrays, pruning it when it has doubled (the
    caller checks ``settings.registering``).

    An array of a program PyTorch is compiling is not registered: the compiled program makes none to switch.
    """
    if compiling():
        return
    _append_array(_ref(value))
    if len(_arrays) >= settings.dynamic_limit:
        settings.dynamic_limit = _prune_arrays[0](_arrays)


def registry() -> list[weakref.ref]:
    """The list of weak references to dynamic arrays, which the compiled fast path appends to."""
    return _arrays


def _prune(refs: list[weakref.ref]) -> int:
    """Drop the references to objects that died or are no longer dynamic; the length to prune at next.

    Appends may go on meanwhile, in other threads.
    """
    if not _prune_lock.acquire(blocking=False):
        return len(refs) + 1024  # another thread is pruning
    try:
        count = len(refs)
        # One reference per object (a dict keyed by id), for the live ones still flagged.
        kept = list(
            {id(value): ref for ref in refs[:count] if (value := ref()) is not None and _is_dynamic(value)}.values()
        )
        # One slice assignment: references appended since ``count`` was read stay after the kept ones.
        refs[:count] = kept
        return max(1024, 2 * len(kept))
    finally:
        _prune_lock.release()


#: What prunes the registry of arrays: :func:`_prune`, or its compiled version (see :func:`use_array_pruner`).
_prune_arrays: list[Callable[[list[weakref.ref]], int]] = [_prune]


def use_array_pruner(prune: Callable[[list[weakref.ref]], int]) -> None:
    """Prune the registry of arrays with ``prune``, which must do what :func:`_prune` does (the compiled one)."""
    _prune_arrays[0] = prune


def _set_flag(value: Array | Container, flag: bool) -> None:
    _setattr(value, "_dynamic", flag)


def start_flag(value: Array | Container, flag: bool) -> None:
    """Set the flag of a new array or Container (a copy takes its original's), registering it when True.

    Nothing is converted.
    """
    if flag:
        track(value)
    else:
        _set_flag(value, False)


def _is_dynamic(value: Any) -> bool:
    return getattr(value, "_dynamic", False)


def _live(refs: list[weakref.ref]) -> list[Any]:
    found, seen = [], set()
    for ref in list(refs):
        value = ref()
        if value is not None and _is_dynamic(value) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
    return found


def live_arrays() -> list[Array]:
    """The dynamic ``pa.Array`` objects alive now (the first call registers those made so far, see above)."""
    if not settings.registering:
        _start_registering()
    return _live(_arrays)


def _start_registering() -> None:
    """Register every dynamic array alive, found on the heap, and every one made from now on."""
    with _lock:
        if settings.registering:
            return
        # Registering first: an array made in another thread during the scan is registered, found, or both
        # (live_arrays drops repeats).
        settings.registering = True
        # type(), not isinstance: isinstance reads __class__, which an object such as a dead weakref.proxy raises.
        found = [
            _ref(value) for value in gc.get_objects() if issubclass(type(value), ARRAY_TYPE) and _is_dynamic(value)
        ]
        _arrays[:0] = found
        settings.dynamic_limit = max(settings.dynamic_limit, 2 * len(_arrays))


def live_containers() -> list[Container]:
    """The dynamic ``pa.Container`` objects alive now."""
    return _live(_containers)


def _register_only(value: Array | Container, flag: bool) -> None:
    """Set the flag, registering ``value`` when True (what a flag does where nothing converts it)."""
    if not flag:
        _set_flag(value, False)
    elif not _is_dynamic(value):
        track(value)


#: What ``x.dynamic_backend = flag`` does for arrays and for Containers (see :func:`use_flag_setters`).
_flag_setters: list[Callable[[Any, bool], None]] = [_register_only, _register_only]


def use_flag_setters(
    array_setter: Callable[[Array, bool], None], container_setter: Callable[[Container, bool], None]
) -> None:
    """Set flags with these (``_dynamic.set_array_flag``, which also converts the object at once)."""
    _flag_setters[:] = [array_setter, container_setter]


def set_array_flag(array: Array, flag: bool) -> None:
    """``array.dynamic_backend = flag``."""
    _flag_setters[0](array, flag)


def set_container_flag(container: Container, flag: bool) -> None:
    """``container.dynamic_backend = flag``."""
    _flag_setters[1](container, flag)
