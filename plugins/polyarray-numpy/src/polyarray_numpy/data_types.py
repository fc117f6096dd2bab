"""Data type functions on NumPy.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

import numpy as np

from ._helpers import check_device
from ._marker import direct, hookimpl


def _real_or_to_complex(x, dtype, /, *, copy=True, device=None):
    """Whether np.astype (NumPy 2.1) casts as this does: an array, on the CPU, not complex to real."""
    if type(x) is not np.ndarray or device not in (None, "cpu"):
        return False
    return x.dtype.kind != "c" or np.dtype(dtype).kind in "cb"


#: np.astype with the standard's device= (NumPy 2.1 on); None before.
_NP_ASTYPE = np.astype if np.lib.NumpyVersion(np.__version__) >= "2.1.0" else None


@hookimpl
@direct(_NP_ASTYPE, when=_real_or_to_complex)
def astype(x, dtype, /, *, copy=True, device=None):
    # ndarray.astype has the standard's copy semantics on every supported NumPy
    # (copy=False returns x itself when the dtype already matches), so no
    # version variant is needed (np.astype, with device=, exists only from 2.1).
    if device is not None:
        check_device(device)
    return (x if x.__class__ is np.ndarray else np.asarray(x)).astype(dtype, copy=copy)
