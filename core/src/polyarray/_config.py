"""Process-wide settings that the wrappers read on every call: the one object ``settings``.

``settings.array_mode``: whether functions return ``pa.Array`` (True) or native arrays;
``settings.dynamic_backend``: the flag new arrays and Containers get, True unless set otherwise (see ``_dynamic.py``);
``settings.dynamic_limit``: the length at which the registry of dynamic arrays is pruned next;
``settings.registering``: whether new dynamic arrays are registered (from the first dynamic switch on: ``_registry``);
``settings.nan_checking``: whether a NaN policy other than "nothing" is set (see ``_wrappers/nans.py``).

Where the compiled fast paths are built, ``settings`` is their C struct, which
they read directly; otherwise an object of :class:`Settings`. Either way it is
written only through the public setters (``pa.set_array_mode`` …).
"""

from __future__ import annotations

from . import _accel

__all__ = ["Settings", "settings"]


class Settings:
    """The settings, where the compiled fast paths are not built."""

    __slots__ = ("array_mode", "dynamic_backend", "dynamic_limit", "nan_checking", "registering")

    def __init__(self) -> None:
        self.array_mode = True
        self.dynamic_backend = True
        self.nan_checking = False
        self.dynamic_limit = 1024
        self.registering = False


settings = _accel.new_settings() if _accel.AVAILABLE else Settings()
