"""Data type functions on JAX.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

import jax.numpy as jnp

from ._helpers import as_array, dtype_argument, kind, place, truth
from ._marker import hookimpl


@hookimpl
def astype(x, dtype, /, *, copy=True, device=None):
    # jnp.astype returns x itself for copy=False and a matching dtype, as the standard asks.
    x = as_array(x)
    dtype = dtype_argument(dtype)
    if kind(dtype) == "b" and kind(x.dtype) in "fc":
        return place(truth(x), device)  # subnormal numbers are true (XLA would flush them to zero)
    return place(jnp.astype(x, dtype, copy=copy), device)
