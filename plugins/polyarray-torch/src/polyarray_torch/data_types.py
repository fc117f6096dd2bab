"""Data type functions on PyTorch.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

from ._helpers import EVERY_DTYPE, guard_dtypes, torch_device
from ._marker import direct, hookimpl


def _astype_direct(x, dtype, /, *, copy=True, device=None):
    """:func:`astype` on the tensor's own device: ``Tensor.to``, which has a kernel for every pair of dtypes."""
    if device is None:
        # Tensor.to keeps the result in the autograd graph (requires_grad is kept for floating results).
        return x.to(dtype=dtype, copy=True) if copy or x.dtype != dtype else x
    return astype(x, dtype, copy=copy, device=device)


@hookimpl
@direct(_astype_direct, dtypes=EVERY_DTYPE)
@guard_dtypes
def astype(x, dtype, /, *, copy=True, device=None):
    if device is None:
        return _astype_direct(x, dtype, copy=copy)
    device = torch_device(device)
    if not copy and x.dtype == dtype and device == x.device:
        return x
    return x.to(device=device, dtype=dtype, copy=True)
