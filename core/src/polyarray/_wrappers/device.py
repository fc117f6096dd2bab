"""Device wrappers: the default device for creation, one device for the operands of a call.

A backend with a single device (``backend_info()["devices"] == ["cpu"]``, as
NumPy) gets neither wrapper: every array is already where it must be, so the
factories return the function unchanged when the backend is built and the
calls cost nothing. Devices are portable names (see :mod:`polyarray._devices`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _devices
from .._array import Array
from .._devices import device_of
from .._errors import PolyarrayValueError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["infer_device", "handle_device_shifting", "move"]

#: Parameter categories (``Declaration.positional_categories``) that hold arrays.
_ARRAY = frozenset({"array", "array_or_dtype"})
_SEQUENCE = "array_sequence"
#: Values that hold no device of their own.
_PYTHON_DATA = frozenset({bool, int, float, complex, list, tuple})


def _single_device(backend: Backend) -> bool:
    return len(backend.info.devices) <= 1


def move(backend: Backend, native: Any, device: str) -> Any:
    """``native`` on ``device`` (a portable name of this backend), through the backend's ``asarray``."""
    return backend.raw.asarray(native, device=device)


def _check_device(backend: Backend, device: str, where: str) -> str:
    if device not in backend.info.devices:
        raise PolyarrayValueError(
            f"The {backend.name} backend has no device {device!r} ({where}); it has "
            f"{', '.join(map(repr, backend.info.devices))}. Change it with pa.set_default_device "
            f"or pass device=."
        )
    return device


@wrapper
def infer_device(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Create arrays on the default device (``pa.default_device()``) when no ``device`` is passed.

    Applies to functions with a ``device`` parameter. When the function's
    first parameter holds an array, only Python values there (scalars, lists,
    tuples) go to the default device; anything else (``asarray`` of an array,
    ``*_like``, ``from_dlpack``) keeps its own device, as the standard asks.
    The default device must be one of the backend's (``PolyarrayValueError``
    otherwise). Backends with one device get the function unchanged.
    """
    if _single_device(backend) or "device" not in decl.signature.parameters:
        return function
    takes_array = bool(decl.positional_categories) and decl.positional_categories[0] == (0, "array")

    def with_default_device(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("device") is None and (not takes_array or (args and type(args[0]) in _PYTHON_DATA)):
            kwargs["device"] = _check_device(backend, _devices.default_device(), "the default device")
        return function(*args, **kwargs)

    return with_default_device


@wrapper
def handle_device_shifting(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Make sure the arrays of one call are on one device.

    The parameters that may hold arrays are known from the declaration. When
    the arrays passed are on different devices, the call fails with a
    ``PolyarrayValueError`` naming each parameter and its device, unless soft
    device mode is on (``pa.set_soft_device_mode(True)``): then the arrays are
    moved to the device of the first array and the call goes ahead there.
    Backends with one device, and functions of a single array, get the
    function unchanged.
    """
    if _single_device(backend):
        return function
    names = list(decl.signature.parameters)
    positional = tuple((i, c == _SEQUENCE) for i, c in decl.positional_categories if c in _ARRAY or c == _SEQUENCE)
    keyword = tuple((n, c == _SEQUENCE) for n, c in decl.keyword_categories.items() if c in _ARRAY or c == _SEQUENCE)
    varargs = decl.varargs[0] if decl.varargs and (decl.varargs[1] in _ARRAY or decl.varargs[1] == _SEQUENCE) else None
    has_sequence = varargs is not None or any(seq for _, seq in positional + keyword)
    if len({names[i] for i, _ in positional} | {n for n, _ in keyword}) < 2 and not has_sequence:
        return function

    native_types = backend.native_array_types
    qualname = decl.qualname

    def native(value: Any) -> Any:
        if type(value) is Array:
            return value.data
        return value if isinstance(value, native_types) else None

    def arrays(args: tuple, kwargs: dict[str, Any]) -> list[tuple[tuple, Any]]:
        """(place, native array) for every array passed; place = ("arg", i, item) or ("kw", name, item)."""
        found: list[tuple[tuple[str, Any, int | None], Any]] = []

        def visit(where: str, key: Any, value: Any, sequence: bool) -> None:
            if sequence and (type(value) is list or type(value) is tuple):
                for item, element in enumerate(value):
                    array = native(element)
                    if array is not None:
                        found.append(((where, key, item), array))
            else:
                array = native(value)
                if array is not None:
                    found.append(((where, key, None), array))

        count = len(args)
        for index, sequence in positional:
            if index < count:
                visit("arg", index, args[index], sequence)
        if varargs is not None:
            for index in range(varargs, count):
                visit("arg", index, args[index], False)
        for name, sequence in keyword:
            if name in kwargs:
                visit("kw", name, kwargs[name], sequence)
        return found

    def label(place: tuple) -> str:
        where, key, item = place
        name = key if where == "kw" else (names[key] if key < len(names) else f"argument {key + 1}")
        if varargs is not None and where == "arg" and key >= varargs:
            name = f"{names[varargs]}[{key - varargs}]"
        return name if item is None else f"{name}[{item}]"

    def one_device(*args: Any, **kwargs: Any) -> Any:
        found = arrays(args, kwargs)
        if len(found) < 2:
            return function(*args, **kwargs)
        devices = [device_of(backend, array, qualname) for _, array in found]
        target = devices[0]
        if all(device == target for device in devices):
            return function(*args, **kwargs)
        if not _devices.soft_mode():
            where = ", ".join(f"{label(place)} on {device!r}" for (place, _), device in zip(found, devices))
            raise PolyarrayValueError(
                f"pa.{qualname} got arrays on different devices: {where}. Move them to one device with "
                f"pa.to_device(x, device), or turn on pa.set_soft_device_mode(True) to move them to the "
                f"device of the first array."
            )
        new_args, new_kwargs = list(args), dict(kwargs)
        for (place, array), device in zip(found, devices):
            if device == target:
                continue
            where, key, item = place
            target_container: Any = new_args if where == "arg" else new_kwargs
            moved = move(backend, array, target)
            if item is None:
                target_container[key] = moved
            else:
                sequence = list(target_container[key])
                sequence[item] = moved
                target_container[key] = type(target_container[key])(sequence)
        return function(*new_args, **new_kwargs)

    return one_device
