"""Data type functions on PyTorch.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

from ._helpers import guard_dtypes, torch_device
from ._marker import hookimpl


@hookimpl
@guard_dtypes
def astype(x, dtype, /, *, copy=True, device=None):
    if device is None:
        # Tensor.to keeps the result in the autograd graph (requires_grad is kept for floating results).
        return x.to(dtype=dtype, copy=True) if copy or x.dtype != dtype else x
    device = torch_device(device)
    if not copy and x.dtype == dtype and device == x.device:
        return x
    return x.to(device=device, dtype=dtype, copy=True)
