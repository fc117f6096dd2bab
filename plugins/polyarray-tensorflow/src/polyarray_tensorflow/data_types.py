"""Data type functions on TensorFlow.

Only ``astype`` touches arrays; the other data type functions are the same
on every backend and live in the core.
"""

from __future__ import annotations

import tensorflow as tf

from ._helpers import placed, tensor, truth
from ._marker import hookimpl


@hookimpl
def astype(x, dtype, /, *, copy=True, device=None):
    x = tensor(x)
    dtype = tf.as_dtype(dtype)
    with placed(device):
        if x.dtype == dtype:
            # Tensors are immutable: a new tensor object is as good as a copy.
            return tf.identity(x) if copy or device is not None else x
        if dtype == tf.bool:
            # Non-zero is true, subnormal numbers included (which TensorFlow's cast reads as zero).
            return truth(x)
        return tf.cast(x, dtype)
