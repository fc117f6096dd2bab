"""Dynamic backends: live ``pa.Array`` and ``pa.Container`` objects that follow ``set_backend(name, dynamic=True)``.

An array or Container whose ``dynamic_backend`` flag is True is in the
registry of ``_registry.py`` (weak references, filled when the flag is set,
never found by scanning the heap), so a switch costs time in proportion to
the number of dynamic objects alive, and the registry keeps none of them
alive.

A switch converts all of them, or none: every conversion is checked first
(the target backend must hold each dtype and have each device), then every
new native array is made, and only then are they stored. Data moves through
DLPack, without a copy, where both frameworks support it for that dtype and
device; through NumPy otherwise. A value, dtype, shape or device is never
lost: a result whose dtype, shape or device differs is not taken.

Memory is shared only where the source's arrays are mutable or the target's
are immutable too: an array of an immutable framework (JAX, TensorFlow) is
copied into a mutable one (NumPy, PyTorch), by the target framework, so that
writing to the result can never change the immutable original. Both routes
copy bits (NaN payloads and ``-0.0`` included), never values through another
dtype: ``bfloat16`` travels as NumPy arrays of ml_dtypes' ``bfloat16``. Views recorded between arrays of an
immutable framework (see ``_wrappers/views.py``) end with a switch; each
converted array keeps its values.

The default flag of new arrays and Containers, and the registry, are
``_registry.py``'s; this module converts.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import _choice, _registry
from ._array import Array
from ._container import Container
from ._errors import PolyarrayError, PolyarrayValueError, UnsupportedDeviceError, UnsupportedDtypeError
from ._registry import (
    _is_dynamic,
    _lock,
    _set_flag,
    dynamic_backend_as,
    live_arrays,
    live_containers,
    set_dynamic_backend,
    start_flag,
    track,
    unset_dynamic_backend,
)

if TYPE_CHECKING:
    from ._backend import Backend
    from ._dtypes import DType

__all__ = [
    "set_dynamic_backend",
    "unset_dynamic_backend",
    "dynamic_backend_as",
    "track",
    "start_flag",
    "set_array_flag",
    "set_container_flag",
    "convert_live",
    "convert_array",
    "live_arrays",
    "live_containers",
]


def _set_backend_of_context() -> Backend | None:
    """The backend set for this context (by set_backend or backend_context), or None."""
    stack = _choice.current_stack()
    return stack[-1] if stack else None


def set_array_flag(array: Array, flag: bool) -> None:
    """``array.dynamic_backend = flag``: True converts the data to the backend set for this context at once."""
    if not flag:
        _set_flag(array, False)
        return
    target = _set_backend_of_context()
    if target is not None and array.backend is not target:
        _apply(_Plan(target, [array], []), _flag_set(target))
    if not _is_dynamic(array):
        track(array)


def set_container_flag(container: Container, flag: bool) -> None:
    """``container.dynamic_backend = flag``: True converts its leaves to the backend set for this context at once."""
    if not flag:
        _set_flag(container, False)
        return
    target = _set_backend_of_context()
    if target is not None:
        _apply(_Plan(target, [], [container]), _flag_set(target))
    if not _is_dynamic(container):
        track(container)


def convert_live(target: Backend) -> None:
    """Convert every live dynamic array and Container to ``target``: all of them, or (raising) none."""
    with _lock:
        _apply(
            _Plan(target, live_arrays(), live_containers()),
            ("set_backend", f"pa.set_backend({target.name!r}, dynamic=True) converts every dynamic array"),
        )


# -- one switch -----------------------------------------------------------------------------


class _Move:
    """One native array to convert, and where the result goes."""

    __slots__ = ("data", "device", "dtype", "source", "store")

    def __init__(self, data: Any, source: Backend, store: Any) -> None:
        self.data = data
        self.source = source
        self.dtype: DType = source.portable_dtype(data.dtype)
        self.device: str = source.raw.device_of(data)
        self.store = store


class _Plan:
    """Every conversion one switch makes, found before any of them runs."""

    def __init__(self, target: Backend, arrays: list[Array], containers: list[Container]) -> None:
        self.target = target
        self.moves: list[_Move] = []
        seen: set[int] = set()
        for array in arrays:
            if array.backend is not target and id(array) not in seen:
                seen.add(id(array))
                self.moves.append(_Move(array.data, array.backend, _ArraySlot(array)))
        slots: set[tuple[int, str]] = set()
        for container in containers:
            for node, key, leaf in _leaves_of(container):
                # A Container nested in another dynamic one is walked twice; each slot moves once.
                if (id(node), key) not in slots:
                    slots.add((id(node), key))
                    self._add_leaf(node, key, leaf, seen)

    def _add_leaf(self, node: Container, key: str, leaf: Any, seen: set[int]) -> None:
        if type(leaf) is Array:
            if leaf.backend is self.target or id(leaf) in seen:
                return
            if leaf.dynamic_backend:
                # Converted in place, as a dynamic array: every holder of it sees the change.
                seen.add(id(leaf))
                self.moves.append(_Move(leaf.data, leaf.backend, _ArraySlot(leaf)))
            else:
                self.moves.append(_Move(leaf.data, leaf.backend, _LeafSlot(node, key, wrap=True)))
            return
        owner = _choice.owner_of(leaf)
        if owner is not None and owner is not self.target and isinstance(leaf, owner.native_array_types):
            self.moves.append(_Move(leaf, owner, _LeafSlot(node, key, wrap=False)))


class _ArraySlot:
    """Stores converted data in a ``pa.Array`` (which keeps its identity)."""

    __slots__ = ("array",)

    def __init__(self, array: Array) -> None:
        self.array = array

    def put(self, data: Any, target: Backend) -> None:
        array = self.array
        # Views recorded between arrays of an immutable framework replay that framework's functions.
        for name in ("_view", "_views"):
            if getattr(array, name, None) is not None:
                setattr(array, name, None)
        array.data = data
        array.backend = target


class _LeafSlot:
    """Stores converted data as a Container's leaf (a new ``pa.Array`` where the leaf was one)."""

    __slots__ = ("key", "node", "wrap")

    def __init__(self, node: Container, key: str, *, wrap: bool) -> None:
        self.node, self.key, self.wrap = node, key, wrap

    def put(self, data: Any, target: Backend) -> None:
        self.node._data[self.key] = Array(data, target) if self.wrap else data


def _leaves_of(container: Container) -> Iterator[tuple[Container, str, Any]]:
    for key, value in list(container._data.items()):
        if isinstance(value, Container):
            yield from _leaves_of(value)
        else:
            yield container, key, value


def _flag_set(target: Backend) -> tuple[str, str]:
    """What setting dynamic_backend to True does, for the messages of :func:`_check`."""
    return "Array.dynamic_backend", f"Setting dynamic_backend = True converts at once to the {target.name} backend"


def _apply(plan: _Plan, what: tuple[str, str]) -> None:
    """Check every move, make every new array, then store them all (nothing is stored if anything fails)."""
    _check(plan, what)
    _compute_lazy(plan)
    converted = [_converted(move, plan.target) for move in plan.moves]
    for move, data in zip(plan.moves, converted):
        move.store.put(data, plan.target)


def _compute_lazy(plan: _Plan) -> None:
    """Compute the data of the moves from lazy backends, in one pass per backend, into NumPy arrays.

    Arrays of a lazy backend (Dask) often share their graphs: computed together,
    the work they share runs once. The moves then convert from NumPy, without
    copying the fresh NumPy arrays again where the target can share them.
    """
    lazy: dict[Backend, list[_Move]] = {}
    for move in plan.moves:
        if move.source.info.lazy and not plan.target.info.lazy:
            lazy.setdefault(move.source, []).append(move)
    if not lazy:
        return
    numpy_backend = _choice.resolve_backend("numpy")
    for source, moves in lazy.items():
        try:
            values = source.raw.compute_arrays(*(move.data for move in moves))
        except PolyarrayError:
            raise
        except Exception as error:
            from ._translate import translate_exception

            raise translate_exception(error, "set_backend", source.name) from error
        for move, value in zip(moves, values):
            move.data, move.source = value, numpy_backend


def _converted(move: _Move, target: Backend) -> Any:
    try:
        return convert(move.data, move.source, target, move.dtype, move.device)
    except PolyarrayError:
        raise
    except Exception as error:
        raise PolyarrayValueError(
            f"Converting a {move.dtype.name} array of shape {tuple(move.data.shape)} from the "
            f"{move.source.name} backend to the {target.name} backend failed ({type(error).__name__}: "
            f"{error}); no array was converted."
        ) from error


_OPT_OUT = (
    "set their dynamic_backend to False (x.dynamic_backend = False), or create them inside "
    "pa.dynamic_backend_as(False) (or after pa.set_dynamic_backend(False)) so that switches leave them alone"
)


def _blockers(moves: list[_Move]) -> str:
    """``2 float64 arrays of the numpy backend (shapes (3,), (2, 2))`` …, per dtype and source backend."""
    groups: dict[tuple[str, str], list[tuple]] = {}
    for move in moves:
        groups.setdefault((move.dtype.name, move.source.name), []).append(tuple(move.data.shape))
    parts = []
    for (dtype, source), shapes in sorted(groups.items()):
        shown = ", ".join(map(str, shapes[:3])) + (", …" if len(shapes) > 3 else "")
        noun, shape = ("array", "shape") if len(shapes) == 1 else ("arrays", "shapes")
        parts.append(f"{len(shapes)} {dtype} {noun} of the {source} backend ({shape} {shown})")
    return "; ".join(parts)


def _check(plan: _Plan, what: tuple[str, str]) -> None:
    """Refuse the whole plan when the target cannot hold a dtype or lacks a device of one of its moves."""
    target = plan.target
    held = set(target.dtypes)
    lacking = [move for move in plan.moves if move.dtype not in held]
    if lacking:
        raise UnsupportedDtypeError(
            what[0],
            target.name,
            lacking[0].dtype.name,
            f": {what[1]}, and {len(lacking)} array(s) hold a dtype the {target.name} "
            f"backend cannot hold (it holds {', '.join(d.name for d in target.dtypes)}): {_blockers(lacking)}. "
            f"No array was converted and the backend is unchanged: cast them with pa.astype, or {_OPT_OUT}",
        )
    devices = set(target.info.devices)
    missing = [move for move in plan.moves if move.device not in devices]
    if missing:
        raise UnsupportedDeviceError(
            f"{what[1]}, and {len(missing)} array(s) live on "
            f"{', '.join(sorted({repr(m.device) for m in missing}))}, which the {target.name} backend does not have "
            f"(it has {', '.join(map(repr, target.info.devices))}): {_blockers(missing)}. No array was converted "
            f"and the backend is unchanged: move them with x.to_device(...), or {_OPT_OUT}."
        )


def convert(data: Any, source: Backend, target: Backend, dtype: DType, device: str) -> Any:
    """A native array of ``target`` equal to ``data`` of ``source`` (same dtype, shape, device and bits).

    Through DLPack where the frameworks allow it: sharing memory, except that
    data of an immutable framework is copied (by the target) into a mutable
    one. Else through NumPy, copying.
    """
    if hasattr(data, "__dlpack__"):
        try:
            shared = target.raw.from_dlpack(data)
        except Exception:
            shared = None
        if shared is not None and _same(shared, data, target, dtype, device):
            if source.mutable_arrays or not target.mutable_arrays:
                return shared
            return target.raw.asarray(shared, copy=True)
    values = native_byte_order(source.raw.to_numpy(data))
    return target.raw.asarray(values, dtype=target.native_dtype(dtype), device=device, copy=True)


def native_byte_order(value: Any) -> Any:
    """A NumPy array of non-native byte order (``'>f4'`` on a little-endian machine) as a native-order copy.

    Frameworks, DLPack and NumPy's own ``dtype=`` arguments take native byte
    order only; every other value is returned as it is.
    """
    numpy = sys.modules.get("numpy")  # not imported: nothing can be a NumPy array
    if numpy is not None and type(value) is numpy.ndarray and not value.dtype.isnative:
        return value.astype(value.dtype.newbyteorder("="))
    return value


def convert_array(array: Array, target: Backend, function: str = "asarray") -> Any:
    """The data of ``array`` as a native array of ``target`` (checked as a switch checks it)."""
    plan = _Plan(target, [], [])
    move = _Move(array.data, array.backend, None)
    plan.moves.append(move)
    what = f"A dynamic {array.backend.name} array is converted for a call on the {target.name} backend"
    _check(plan, (function, what))
    return _converted(move, target)


def _same(result: Any, data: Any, target: Backend, dtype: DType, device: str) -> bool:
    try:
        return (
            target.portable_dtype(result.dtype) == dtype
            and tuple(result.shape) == tuple(data.shape)
            and target.raw.device_of(result) == device
        )
    except Exception:
        return False


# The converting flag setters: setting a flag to True converts the object at once.
_registry.use_flag_setters(set_array_flag, set_container_flag)
