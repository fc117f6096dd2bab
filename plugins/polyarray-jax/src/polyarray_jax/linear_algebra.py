"""Main-namespace linear algebra on JAX.

Products of floating-point arrays run at JAX's highest precision
(``precision="highest"``), so that float32 results match NumPy's on every
device (GPUs and TPUs would otherwise use reduced-precision passes).
"""

from __future__ import annotations

import operator

import jax
import jax.numpy as jnp

from ._helpers import as_array, normalize_axis
from ._marker import hookimpl

HIGHEST = "highest"


@hookimpl
def einsum(subscripts, /, *operands):
    return jnp.einsum(subscripts, *operands)


def _einsum_handles(subscripts, /, *operands, **unexpected) -> bool:
    """``jnp.einsum`` for operands none of which is empty (an empty sum times NaN is NaN in JAX, 0 in NumPy)."""
    if unexpected or not isinstance(subscripts, str):
        return False  # the core's check refuses the call
    return all(isinstance(x, jax.Array) and x.size for x in operands)


einsum.partial_mixed_handler = _einsum_handles


@hookimpl
def matmul(x1, x2, /):
    x1, x2 = as_array(x1), as_array(x2)  # of at least one dimension each (the core's check)
    inner1 = x1.shape[-1]
    inner2 = x2.shape[-2] if x2.ndim > 1 else x2.shape[0]
    if inner1 != inner2:
        raise ValueError(f"matmul: the contracted sizes differ ({inner1} and {inner2})")
    return jnp.matmul(x1, x2, precision=HIGHEST)


@hookimpl
def matrix_transpose(x, /):
    return jnp.swapaxes(as_array(x), -1, -2)


@hookimpl
def tensordot(x1, x2, /, *, axes=2):
    x1, x2 = as_array(x1), as_array(x2)
    if not isinstance(axes, (tuple, list)):
        axes = operator.index(axes)
        pairs = zip(range(x1.ndim - axes, x1.ndim), range(axes))
    else:
        if len(axes) != 2 or len(axes[0]) != len(axes[1]):
            raise ValueError(f"tensordot needs two sequences of axes of the same length, not {axes!r}")
        pairs = zip(axes[0], axes[1])
    for a, b in pairs:
        a, b = normalize_axis(a, x1.ndim), normalize_axis(b, x2.ndim)
        if x1.shape[a] != x2.shape[b]:
            raise ValueError(f"tensordot: contracted axes of sizes {x1.shape[a]} and {x2.shape[b]} differ")
    return jnp.tensordot(x1, x2, axes=axes, precision=HIGHEST)


@hookimpl
def vecdot(x1, x2, /, *, axis=-1):
    x1, x2 = as_array(x1), as_array(x2)
    return jnp.vecdot(x1, x2, axis=axis, precision=HIGHEST)
