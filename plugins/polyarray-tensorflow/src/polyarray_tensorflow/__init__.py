"""The TensorFlow backend of polyarray.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.

TensorFlow is published under several distribution names (``tensorflow``,
``tensorflow-cpu``, ``tensorflow-macos`` …) that all install the module
``tensorflow``; ``backend_info`` names the one that is installed, read from
package metadata, so that polyarray reads the right version.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
from typing import Any

from ._marker import hookimpl

__all__ = ["backend_info", "hookimpl", "FRAMEWORK_DISTRIBUTIONS"]

#: Distributions that install the ``tensorflow`` module, in order of preference.
FRAMEWORK_DISTRIBUTIONS = (
    "tensorflow",
    "tensorflow-cpu",
    "tensorflow-macos",
    "tensorflow-intel",
    "tf-nightly",
    "tf-nightly-cpu",
)

#: Distributions built without GPU support.
_CPU_ONLY = frozenset({"tensorflow-cpu", "tf-nightly-cpu"})

INSTALL = "pip install tensorflow-cpu (or tensorflow, for GPU support)"


def framework_distribution() -> str:
    """The installed distribution that provides the ``tensorflow`` module ("tensorflow" when none is).

    When the module cannot be found at all (not installed, or hidden), the
    answer is "tensorflow", which polyarray then reports as not installed,
    with the install command.
    """
    try:
        findable = importlib.util.find_spec("tensorflow") is not None
    except (ImportError, ValueError):
        findable = False
    if not findable:
        return "tensorflow"
    for name in FRAMEWORK_DISTRIBUTIONS:
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        return name
    return "tensorflow"


def _visible_gpus(distribution: str) -> list[str]:
    """Portable names of the NVIDIA GPUs TensorFlow can use, found without importing it.

    A CPU-only distribution has none; otherwise the GPUs the driver lists
    (``/proc/driver/nvidia/gpus``), narrowed by ``CUDA_VISIBLE_DEVICES``.
    """
    if distribution in _CPU_ONLY or not sys.platform.startswith("linux"):
        return []
    try:
        count = len(os.listdir("/proc/driver/nvidia/gpus"))
    except OSError:
        return []
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        count = min(count, len([part for part in visible.split(",") if part.strip() not in ("", "-1")]))
    return [f"gpu:{index}" for index in range(count)]


@hookimpl
def backend_info() -> dict[str, Any]:
    distribution = framework_distribution()
    return {
        "framework": distribution,
        "native_array_types": [
            ("tensorflow.python.framework.ops", "EagerTensor"),
            ("tensorflow", "Tensor"),
            ("tensorflow", "Variable"),
        ],
        "implementation_package": __name__,
        "install": INSTALL,
        "devices": ["cpu", *_visible_gpus(distribution)],
        "mutable_arrays": False,
        "accepts_array_likes": False,
        "flushes_subnormals": True,
    }
