"""Portable devices: names, the default device and soft device mode.

A device is named the same way on every backend: ``"cpu"``, ``"gpu:0"``,
``"gpu:1"`` …, ``"tpu:0"``. A backend plugin lists the names of the devices
it can use in ``backend_info()["devices"]`` (the first is where it puts arrays
by default; ``["cpu"]`` when it says nothing), receives these portable names
in the ``device=`` parameter of its functions, maps them to its framework's
own device objects there, and reports the device of a native array through
its ``device_of`` support hook (again as a portable name). ``asarray(x,
device=...)`` of an array moves it; that is how ``pa.to_device`` and soft
device mode move arrays.

The default device (``"cpu"`` unless changed) and soft device mode (off) are
context-local like the backend stack: the ``set_*`` functions change them for
this context and as the process default that contexts which never set their
own (new threads, for instance) start from; the ``*_as`` overrides change them
in this context only.
"""

from __future__ import annotations

import contextvars
import re
from typing import Any

from ._errors import PolyarrayValueError, UnsupportedDeviceError
from ._tracers import constant_when_compiled

__all__ = [
    "BUILTIN_DEFAULT_DEVICE",
    "portable_device",
    "default_device",
    "set_default_device",
    "soft_mode",
    "set_soft_mode",
    "DEVICE",
    "device_of",
    "SOFT",
]

#: The default device on every backend until it is changed.
BUILTIN_DEFAULT_DEVICE = "cpu"

#: This context's default device; unset: the process default.
DEVICE: contextvars.ContextVar[str] = contextvars.ContextVar("polyarray_default_device")
#: This context's soft device mode; unset: the process default.
SOFT: contextvars.ContextVar[bool] = contextvars.ContextVar("polyarray_soft_device_mode")

process_device: str = BUILTIN_DEFAULT_DEVICE
process_soft: bool = False

#: ``kind`` or ``kind:index`` (``cuda`` and ``gpu`` alike), case-insensitive.
_NAME = re.compile(r"^\s*([a-z]+)\s*(?::\s*(\d+))?\s*$", re.IGNORECASE)
#: Framework spellings of device kinds.
_KINDS = {"cuda": "gpu", "rocm": "gpu", "hip": "gpu"}


def _from_text(text: str) -> str | None:
    if "device:" in text.lower():  # a fully qualified name: "/job:localhost/replica:0/task:0/device:GPU:0"
        text = text[text.lower().rindex("device:") + len("device:") :]
    match = _NAME.match(text)
    if match is None:
        return None
    kind = match.group(1).lower()
    kind = _KINDS.get(kind, kind)
    if kind == "cpu":
        return "cpu"
    return f"{kind}:{int(match.group(2) or 0)}"


def portable_device(device: Any) -> str:
    """The portable name of a device given by name or as a framework's device object.

    Names are normalised (``"GPU"`` and ``"cuda:0"`` give ``"gpu:0"``, ``"cpu:0"``
    gives ``"cpu"``); objects are read without importing any framework: a
    ``platform`` and an ``id`` (JAX), a ``type`` and an ``index`` (PyTorch), or
    their string form.
    """
    if type(device) is str:
        name = _from_text(device)
    else:
        platform, number = getattr(device, "platform", None), getattr(device, "id", None)
        kind, index = getattr(device, "type", None), getattr(device, "index", 0)
        if isinstance(platform, str) and isinstance(number, int):
            name = _from_text(f"{platform}:{number}")
        elif isinstance(kind, str) and (index is None or isinstance(index, int)):
            name = _from_text(f"{kind}:{index or 0}")
        else:
            name = _from_text(str(device))
    if name is None:
        raise PolyarrayValueError(
            f"{device!r} is not a device polyarray can name; use 'cpu', 'gpu:0', 'gpu:1', … or 'tpu:0'."
        )
    return name


@constant_when_compiled
def default_device() -> str:
    """This context's default device."""
    return DEVICE.get(process_device)


def set_default_device(device: str) -> None:
    """Change the default device in this context and as the process default."""
    global process_device
    DEVICE.set(device)
    process_device = device


@constant_when_compiled
def soft_mode() -> bool:
    """Whether this context moves arrays on different devices to one device instead of failing."""
    return SOFT.get(process_soft)


def set_soft_mode(flag: bool) -> None:
    """Change soft device mode in this context and as the process default."""
    global process_soft
    SOFT.set(flag)
    process_soft = flag


def device_of(backend: Any, native: Any, function: str) -> str:
    """The portable device of a native array of ``backend``, which must be one the backend lists.

    A framework may hold arrays on devices its plugin does not list (a torch
    ``meta`` tensor, which holds no data): they are refused, naming the device.
    """
    device = backend.raw.device_of(native)
    if device not in backend.info.devices:
        raise UnsupportedDeviceError(
            f"pa.{function} on the {backend.name} backend got an array on the device {device!r}, which the "
            f"backend does not list (it has {', '.join(map(repr, backend.info.devices))}); polyarray computes "
            f"only on those. Move the array to one of them first (for torch: x.to('cpu'))."
        )
    return device
