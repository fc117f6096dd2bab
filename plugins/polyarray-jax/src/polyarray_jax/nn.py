"""Neural-network functions on JAX.

The activations and ``logsumexp`` are ``jax.nn``'s for real input; complex
input (and integer input where only the core's composition defines the error)
goes to the core's composition, which implements JAX's complex definitions for
every backend. ``softplus`` is native only with ``beta=1`` and no threshold.
``gelu`` of ``-inf`` is 0 (``jax.nn.gelu`` gives NaN there). ``one_hot`` builds
its mask with ``jax.nn.one_hot``.

``softmax`` and ``log_softmax`` run the core's composition, which gives NumPy's
values for slices holding ``+inf`` (``jax.nn``'s are NaN for the whole slice
there), and so do ``linear`` and ``layer_norm`` (JAX has no layer of its own for
them).

``dropout`` is the core's composition, drawing its mask from ``pa.random``
(the same mask on every backend).
"""

from __future__ import annotations

import operator

import jax
import jax.numpy as jnp
import numpy as np

from ._helpers import X64, as_array, default_width, dtype_argument, kind, normalize_axes
from ._marker import hookimpl

_INT64, _INT32 = np.dtype(np.int64), np.dtype(np.int32)


def _kind_of(x) -> str:
    dtype = getattr(x, "dtype", None)
    return "" if dtype is None else kind(dtype)


def _real_floating(x, *args, **kwargs) -> bool:
    return _kind_of(x) == "f"


def _axes_valid(x, axis) -> bool:
    try:
        normalize_axes(axis, len(x.shape))
    except (IndexError, ValueError, TypeError):
        return False
    return True


# -- activations ----------------------------------------------------------------------------


@hookimpl
def relu(x, /):
    return jax.nn.relu(x)


relu.partial_mixed_handler = lambda x, *args, **kwargs: _kind_of(x) in ("f", "i", "u")


@hookimpl
def leaky_relu(x, /, *, alpha=0.2):
    return jax.nn.leaky_relu(x, negative_slope=alpha)


leaky_relu.partial_mixed_handler = _real_floating


@hookimpl
def gelu(x, /, *, approximate=False):
    result = jax.nn.gelu(x, approximate=approximate)
    # x * cdf(x) is -inf * 0 at -inf: the limit is 0.
    return jnp.where(jnp.isneginf(x), jnp.zeros((), x.dtype), result)


gelu.partial_mixed_handler = _real_floating


@hookimpl
def sigmoid(x, /):
    return jax.nn.sigmoid(x)


sigmoid.partial_mixed_handler = _real_floating


@hookimpl
def softplus(x, /, *, beta=1.0, threshold=None):
    return jax.nn.softplus(x)


softplus.partial_mixed_handler = lambda x, *args, beta=1.0, threshold=None: (
    _kind_of(x) == "f" and beta == 1 and threshold is None
)


# -- softmax and friends ------------------------------------------------------------------


def _axis_argument(axis):
    return tuple(axis) if isinstance(axis, list) else axis


@hookimpl
def logsumexp(x, /, *, axis=None, keepdims=False):
    return jax.nn.logsumexp(x, axis=_axis_argument(axis), keepdims=keepdims).astype(x.dtype)


logsumexp.partial_mixed_handler = lambda x, *args, axis=None, keepdims=False: (
    _kind_of(x) == "f" and _axes_valid(x, axis) and 0 not in tuple(x.shape)
)


# -- layers ---------------------------------------------------------------------------------


def _one_hot_dtype(on_value, off_value, dtype):
    """The dtype of ``one_hot``'s result: ``dtype``, or the default dtype of the values' kind."""
    if dtype is not None:
        return dtype_argument(dtype)
    given = [v for v in (on_value, off_value) if v is not None]
    if given and all(isinstance(v, bool) for v in given):
        return np.dtype(np.bool_)
    if given and all(isinstance(v, int) for v in given):
        return default_width(_INT64)
    return default_width(np.dtype(np.float64))


@hookimpl
def one_hot(indices, depth, /, *, on_value=None, off_value=None, axis=None, dtype=None):
    indices = as_array(indices)
    if kind(indices.dtype) not in "iu":
        raise TypeError(f"one_hot needs integer indices, not an array of dtype {indices.dtype}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"one_hot needs a non-negative integer depth, not {depth!r}")
    ndim = indices.ndim
    position = ndim if axis is None else operator.index(axis)
    if not -ndim - 1 <= position <= ndim:
        raise ValueError(f"one_hot: axis {axis} is out of range for a result of {ndim + 1} dimensions")
    dtype = _one_hot_dtype(on_value, off_value, dtype)
    on = jnp.asarray(np.asarray(1 if on_value is None else on_value, dtype=dtype))
    off = jnp.asarray(np.asarray(0 if off_value is None else off_value, dtype=dtype))
    # Compared as signed integers wide enough for every class number: a huge unsigned index
    # wraps to a negative one, which is out of range like the huge index.
    signed = _INT64 if X64 else _INT32
    mask = jax.nn.one_hot(indices.astype(signed), depth, dtype=jnp.bool_, axis=position % (ndim + 1))
    return jnp.where(mask, on, off)
