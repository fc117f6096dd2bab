"""Process-wide settings that the wrappers read on every call."""

from __future__ import annotations

#: Whether functions return ``pa.Array`` (True) or native arrays (False).
array_mode: bool = True
