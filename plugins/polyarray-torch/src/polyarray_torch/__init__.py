"""The PyTorch backend of polyarray.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.

The devices are found without importing torch either: ``"cpu"``, then
``"gpu:0"``, ``"gpu:1"`` … for the GPUs a CUDA or ROCm build of torch can use
(the NVIDIA or AMD driver's device list, narrowed by ``CUDA_VISIBLE_DEVICES``
or ``HIP_VISIBLE_DEVICES``), or ``"gpu:0"`` for Apple's Metal (MPS) on Apple
silicon. Where torch is already imported, it is asked instead.
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import sys
from typing import Any

from ._marker import hookimpl

__all__ = ["backend_info", "hookimpl"]


def _visible(count: int, variable: str) -> int:
    """How many of ``count`` devices the ``*_VISIBLE_DEVICES`` environment variable leaves visible."""
    value = os.environ.get(variable)
    if value is None:
        return count
    entries = [entry.strip() for entry in value.split(",") if entry.strip()]
    visible = 0
    for entry in entries:
        if entry.startswith("-"):
            break  # CUDA stops at the first invalid (negative) index
        visible += 1
    return min(visible, count)


def _gpu_count() -> int:
    """The number of GPUs torch can use, found without importing it (see the module docstring)."""
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "cuda"):
        if torch.cuda.is_available():
            return int(torch.cuda.device_count())
        mps = getattr(getattr(torch, "backends", None), "mps", None)
        return int(mps is not None and mps.is_available())
    try:
        version = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        return 0
    if "+cpu" in version:
        return 0
    if sys.platform == "darwin":
        return int(platform.machine() == "arm64")
    nvidia = "/proc/driver/nvidia/gpus"
    if os.path.isdir(nvidia):
        return _visible(len(os.listdir(nvidia)), "CUDA_VISIBLE_DEVICES")
    amd = "/sys/class/kfd/kfd/topology/nodes"
    if "+rocm" in version and os.path.isdir(amd):
        gpus = 0
        for node in os.listdir(amd):
            try:
                with open(os.path.join(amd, node, "properties")) as properties:
                    gpus += any(line.startswith("simd_count") and line.split()[-1] != "0" for line in properties)
            except OSError:
                continue
        return _visible(gpus, "HIP_VISIBLE_DEVICES")
    return 0


@hookimpl
def backend_info() -> dict[str, Any]:
    return {
        "framework": "torch",
        # A module's parameters (a subclass of Tensor) take the fast path as tensors do.
        "native_array_types": [("torch", "Tensor"), ("torch", "nn.Parameter")],
        "implementation_package": __name__,
        "install": "pip install torch",
        "devices": ["cpu", *(f"gpu:{index}" for index in range(_gpu_count()))],
        "accepts_array_likes": False,
        # torch.compile guards each compiled graph on its inputs' dtypes and shapes and compiles again for others,
        # keeping each (up to its recompile limit, beyond which it runs the function as it is).
        "compiler_specialises": True,
    }
