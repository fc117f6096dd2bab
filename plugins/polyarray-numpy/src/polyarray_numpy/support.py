"""Support hooks of the NumPy backend."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._marker import hookimpl

_NO_DTYPE = {"bfloat16"}


@hookimpl
def native_dtype(name: str, /) -> Any:
    return None if name in _NO_DTYPE else np.dtype(name)


@hookimpl
def device_of(x, /) -> str:
    return "cpu"
