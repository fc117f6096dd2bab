"""The JAX backend of polyarray.

This module is the plugin's light entry point: it imports no framework. The
implementations live in the category modules named by ``backend_info``,
imported only when the backend is built.

JAX arrays are immutable (``mutable_arrays: False``): ``out=``, ``x[key] = v``
and writes through views work on ``pa.Array`` objects, which take the new
data. JAX functions take no lists or Python scalars where arrays go
(``accepts_array_likes: False``): polyarray converts them first.

64-bit mode. JAX computes in 32 bits unless its process-wide flag
``jax_enable_x64`` is on, and this plugin never changes that flag. It reads it
when the backend is built (the first time the jax backend is used). With the
flag off (JAX's default mode), float64, int64, uint64 and complex128 are
unavailable: the backend holds no such dtype, so its default dtypes are
float32, int32 and complex64 (Python values, indices, integer sums and means
take them), and a 64-bit dtype asked for explicitly (``dtype=``, a NumPy
float64 array) raises ``pa.UnsupportedDtypeError`` instead of being computed
in 32 bits. Turn the flag on with ``jax.config.update("jax_enable_x64", True)``
(or the environment variable ``JAX_ENABLE_X64=1``) before JAX is first used
for polyarray's float64/int64 defaults and every dtype.

Devices are named ``"cpu"``, ``"gpu:0"``, ``"gpu:1"`` … and ``"tpu:0"`` … The
list in ``backend_info`` is found without importing JAX: ``"cpu"``, then one
``"gpu:N"`` per GPU of the NVIDIA or AMD driver (narrowed by
``CUDA_VISIBLE_DEVICES``, ``HIP_VISIBLE_DEVICES`` or ``ROCR_VISIBLE_DEVICES``)
when a JAX GPU plugin is installed, and one ``"tpu:N"`` per TPU chip when
``libtpu`` is installed.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
from typing import Any

from ._marker import hookimpl

__all__ = ["backend_info", "hookimpl"]

#: The entry points (group ``jax_plugins``) by which JAX loads its GPU runtimes: ``xla_cuda12`` of the
#: ``jax-cuda12-pjrt`` distribution (which ``jax[cuda12]`` installs), ``xla_rocm7`` …
_GPU_PLUGIN = re.compile(r"^xla_(cuda|rocm)\d*$")
#: The distributions that give JAX TPUs.
_TPU_RUNTIMES = ("libtpu", "libtpu-nightly")


def _visible(count: int, variables: tuple[str, ...]) -> int:
    """How many of ``count`` devices the first set ``*_VISIBLE_DEVICES`` variable leaves visible."""
    for variable in variables:
        value = os.environ.get(variable)
        if value is None:
            continue
        visible = 0
        for entry in (part.strip() for part in value.split(",")):
            if not entry or entry.startswith("-"):
                break  # the runtime stops at the first empty or negative entry
            visible += 1
        return min(visible, count)
    return count


def _count(directory: str, pattern: str) -> int:
    try:
        return sum(1 for name in os.listdir(directory) if re.fullmatch(pattern, name))
    except OSError:
        return 0


def _device_names() -> list[str]:
    """The portable names of the devices JAX can use, found without importing it (module docstring)."""
    kinds = set()
    for entry_point in importlib.metadata.entry_points(group="jax_plugins"):
        match = _GPU_PLUGIN.match(entry_point.name)
        if match:
            kinds.add(match.group(1))
    for runtime in _TPU_RUNTIMES:
        try:
            importlib.metadata.distribution(runtime)
        except importlib.metadata.PackageNotFoundError:
            continue
        kinds.add("tpu")
    names = ["cpu"]
    gpus = 0
    if "cuda" in kinds:
        gpus += _visible(_count("/dev", r"nvidia\d+"), ("CUDA_VISIBLE_DEVICES",))
    if "rocm" in kinds:
        gpus += _visible(_count("/dev/dri", r"renderD\d+"), ("HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"))
    names += [f"gpu:{index}" for index in range(gpus)]
    if "tpu" in kinds:
        names += [f"tpu:{index}" for index in range(_count("/dev", r"accel\d+") or _count("/dev/vfio", r"\d+"))]
    return names


@hookimpl
def backend_info() -> dict[str, Any]:
    return {
        "framework": "jax",
        # The concrete array class first (the type that fast paths compare with), then the
        # abstract jax.Array, then JAX's tracers, so that values inside jax.jit are recognised.
        "native_array_types": [("jax._src.array", "ArrayImpl"), ("jax", "Array"), ("jax.core", "Tracer")],
        "implementation_package": __name__,
        "install": "pip install jax",
        "devices": _device_names(),
        "mutable_arrays": False,
        "accepts_array_likes": False,
        "flushes_subnormals": True,
        # jax.jit traces again for each new signature of shapes and dtypes, and keeps each.
        "compiler_specialises": True,
    }
