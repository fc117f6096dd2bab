"""losses functions on NumPy."""

from __future__ import annotations

import numpy as np  # noqa: F401

from ._marker import hookimpl  # noqa: F401
