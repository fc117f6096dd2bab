"""Small helpers shared by the NumPy plugin's modules."""

from __future__ import annotations

from typing import Any


def check_device(device: Any) -> None:
    """NumPy arrays live on the CPU only."""
    if device is not None and device != "cpu":
        raise ValueError(f"the numpy backend has only the 'cpu' device, not {device!r}")
