"""Device utilities: portable device names, the default device, soft device mode, moving arrays.

Devices have the same names on every backend: ``"cpu"``, ``"gpu:0"``,
``"gpu:1"`` …, ``"tpu:0"``. A backend lists the ones it can use (NumPy: only
``"cpu"``; ``pa.__array_namespace_info__().devices()``). Creation functions
called without ``device`` put their arrays on the default device (``"cpu"``
unless changed) on backends with several devices; functions of arrays keep
their device. Arrays of one call on different devices are an error, or,
in soft device mode, are moved to the device of the first array.

The default device and soft device mode are context-local like the backend:
``set_*`` changes them in this thread or task and as the process default
that new threads start from; ``with pa.default_device_as(device):`` changes
the default device in this context only.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .. import _choice, _devices, _handler
from .._array import Array as _Array
from .._config import settings
from .._declare import standalone
from .._errors import PolyarrayTypeError, PolyarrayValueError
from .._wrappers.device import move
from ._types import ArrayLike, Device

if TYPE_CHECKING:
    from .._backend import Backend

__all__ = [
    "dev",
    "to_device",
    "set_default_device",
    "unset_default_device",
    "default_device",
    "default_device_as",
    "set_soft_device_mode",
    "soft_device_mode",
    "get_all_arrays_on_dev",
    "as_native_dev",
    "as_portable_dev",
]


def _owner(x: Any, function: str) -> tuple[Backend, Any]:
    """The backend and native array of a ``pa.Array`` or native array."""
    if type(x) is _Array:
        return x.backend, x.data
    owner = None if isinstance(x, (list, tuple)) else _choice.owner_of(x)
    if owner is None:
        raise PolyarrayTypeError(
            f"pa.{function} needs an array of a backend, not {type(x).__name__}; convert it with pa.asarray first."
        )
    return owner, x


def _checked(backend: Backend, device: Any) -> str:
    name = _devices.portable_device(device)
    if name not in backend.info.devices:
        raise PolyarrayValueError(
            f"The {backend.name} backend has no device {name!r}; it has {', '.join(map(repr, backend.info.devices))}."
        )
    return name


@standalone
def dev(x: ArrayLike, /) -> Device:
    """The portable device name of an array (a ``pa.Array`` or a native array of any backend).

    >>> pa.dev(pa.ones(2)), pa.dev(np.zeros(3))
    ('cpu', 'cpu')
    """
    backend, native = _owner(x, "dev")
    return backend.raw.device_of(native)


@standalone
def to_device(x: ArrayLike, device: Device, /) -> ArrayLike:
    """``x`` on ``device`` (a portable name or a framework's device object), moved if it is elsewhere.

    An array already there is returned as it is. Moving uses the backend's
    ``asarray(x, device=device)``. A device the backend does not have is a
    ``PolyarrayValueError``. The result is a ``pa.Array`` in array mode.

    >>> x = pa.to_device(pa.asarray([1, 2]), "cpu")
    >>> x, pa.dev(x)
    (Array([1, 2], backend=numpy, dtype=int64), 'cpu')
    """
    backend, native = _owner(x, "to_device")
    target = _checked(backend, device)
    if backend.raw.device_of(native) != target:
        native = move(backend, native, target)
    elif type(x) is _Array:
        return x if settings.array_mode else native
    return _Array(native, backend) if settings.array_mode else native


@standalone
def set_default_device(device: Device, /) -> None:
    """Make ``device`` the device that creation functions use when none is given.

    It applies in this thread or task and to threads started later, on
    backends that have several devices (a backend with one device, such as
    NumPy, creates every array there). Names are normalised (``"cuda:1"`` is
    ``"gpu:1"``); undo it with :func:`unset_default_device`.

    >>> pa.set_default_device("gpu:1")
    >>> pa.default_device()
    'gpu:1'
    >>> pa.unset_default_device()
    >>> pa.default_device()
    'cpu'
    """
    _devices.set_default_device(_devices.portable_device(device))


@standalone
def unset_default_device() -> None:
    """Make ``"cpu"``, polyarray's built-in default device, the default device again.

    >>> pa.unset_default_device()
    >>> pa.default_device()
    'cpu'
    """
    _devices.set_default_device(_devices.BUILTIN_DEFAULT_DEVICE)


@standalone
def default_device() -> Device:
    """This context's default device (``"cpu"`` unless changed).

    >>> pa.default_device()
    'cpu'
    """
    return _devices.default_device()


@standalone
@contextlib.contextmanager
def default_device_as(device: Device, /) -> Iterator[Device]:
    """Make ``device`` the default device inside a ``with`` block, in this thread or task only.

    The previous default comes back when the block ends, also on an error.
    The block receives the portable name.

    >>> with pa.default_device_as("cuda") as d:
    ...     d, pa.default_device()
    ('gpu:0', 'gpu:0')
    >>> pa.default_device()
    'cpu'
    """
    name = _devices.portable_device(device)
    token = _devices.DEVICE.set(name)
    try:
        yield name
    finally:
        _devices.DEVICE.reset(token)


@standalone
def set_soft_device_mode(flag: bool, /) -> None:
    """Move arrays of one call that are on different devices to the device of the first array (True).

    Off (False, the default), such a call is a ``PolyarrayValueError``
    naming each array's device. It applies in this thread or task and to
    threads started later.

    >>> pa.set_soft_device_mode(True)
    >>> pa.soft_device_mode()
    True
    >>> pa.set_soft_device_mode(False)
    """
    _devices.set_soft_mode(bool(flag))


@standalone
def soft_device_mode() -> bool:
    """Whether soft device mode is on in this context (see :func:`set_soft_device_mode`).

    >>> pa.soft_device_mode()
    False
    """
    return _devices.soft_mode()


@standalone
def get_all_arrays_on_dev(device: Device, /) -> list[ArrayLike]:
    """Every live ``pa.Array`` on ``device``, of any backend.

    The arrays are found among the objects that Python's garbage collector
    tracks, filtered by type: the cost grows with every object alive in the
    process (about 10 ms per million objects), not with the number of arrays.
    Use it to look for arrays that stay alive, not inside a loop. Native arrays
    that no ``pa.Array`` wraps are not found.

    >>> x = pa.ones(3)
    >>> any(a is x for a in pa.get_all_arrays_on_dev("cpu"))
    True
    """
    name = _devices.portable_device(device)
    array_type = _Array
    return [obj for obj in gc.get_objects() if type(obj) is array_type and obj.device == name]


@standalone
def as_native_dev(device: Device, /, *, backend: str | Backend | None = None) -> Any:
    """The device as the functions of a backend (the current one when None) take it.

    Backends take portable names and map them to their framework's device
    objects themselves, so this gives the normalised portable name after
    checking that the backend has the device (NumPy: only ``"cpu"``, which is
    also NumPy's own name); otherwise a ``PolyarrayValueError``.

    >>> pa.as_native_dev("CPU")
    'cpu'
    """
    chosen = _handler.current_backend() if backend is None else _handler.resolve_backend(backend)
    return _checked(chosen, device)


@standalone
def as_portable_dev(device: Any, /) -> Device:
    """The portable name of a device given by any name or as a framework's device object.

    ``"cuda:1"`` and ``"GPU:1"`` give ``"gpu:1"``, ``"cpu:0"`` gives ``"cpu"``;
    device objects are read without importing a framework (a ``platform`` and
    ``id``, a ``type`` and ``index``, or their text). Anything else is a
    ``PolyarrayValueError``.

    >>> pa.as_portable_dev("cuda:1"), pa.as_portable_dev("cpu:0"), pa.as_portable_dev("/job:localhost/device:GPU:0")
    ('gpu:1', 'cpu', 'gpu:0')
    """
    return _devices.portable_device(device)
