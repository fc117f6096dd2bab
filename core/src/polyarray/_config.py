"""Process-wide settings that the wrappers read on every call."""

from __future__ import annotations

#: Whether functions return ``pa.Array`` (True) or native arrays (False).
array_mode: bool = True

#: The ``dynamic_backend`` flag of new arrays and Containers (see ``_dynamic.py``).
dynamic_backend: bool = False
