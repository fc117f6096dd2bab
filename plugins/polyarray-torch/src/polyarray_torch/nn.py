"""Neural-network functions on PyTorch.

The activations, ``softmax``, ``log_softmax``, ``logsumexp``, ``linear`` and
``layer_norm`` are ``mixed``: torch's own functions run where they compute
what polyarray's composition computes, and a ``partial_mixed_handler`` sends
every other call to the composition (which also raises polyarray's errors
for input it refuses):

- activations: real floating-point input (``relu`` also integers); complex
  input follows the composition's definitions;
- ``softplus``: only with a ``threshold`` small enough that torch's
  ``log1p(exp(beta * x))`` below it cannot overflow (without one, polyarray
  has no linear regime, while torch's default threshold is 20);
- ``softmax``/``log_softmax``: one axis of a non-empty array; ``logsumexp``: non-empty input;
- ``linear``: a 2-d weight and operands of one dtype;
- ``layer_norm``: normalisation over the trailing axes.

``gelu`` and ``one_hot`` run the core's composition: torch's ``gelu``
cancels in the negative tail (``1 + erf(x / sqrt(2))`` and ``1 + tanh(u)``:
a relative error of 4% at ``-5`` in float32, 0 instead of ``-5e-15`` at ``-8``),
where the composition keeps a relative error below 1.2e-7; torch's ``one_hot``
refuses out-of-range indices, where polyarray gives a row of ``off_value``. ``dropout`` is
the core's composition, drawing its mask from ``pa.random`` (the same mask on every backend).
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ._helpers import LIMITED_DTYPES, guard_dtypes, is_integral, normalize_axes
from ._marker import hookimpl


def _real_floating(x) -> bool:
    return isinstance(x, torch.Tensor) and x.dtype.is_floating_point


def _real_floating_only(x, *args, **kwargs) -> bool:
    return _real_floating(x)


@hookimpl
@guard_dtypes
def relu(x, /):
    return torch.relu(x)


def _relu_handles(x, /) -> bool:
    return _real_floating(x) or (isinstance(x, torch.Tensor) and is_integral(x.dtype) and x.dtype not in LIMITED_DTYPES)


relu.partial_mixed_handler = _relu_handles


@hookimpl
@guard_dtypes
def leaky_relu(x, /, *, alpha=0.2):
    return F.leaky_relu(x, negative_slope=alpha)


leaky_relu.partial_mixed_handler = _real_floating_only


@hookimpl
@guard_dtypes
def sigmoid(x, /):
    return torch.sigmoid(x)


sigmoid.partial_mixed_handler = _real_floating_only


@hookimpl
@guard_dtypes
def softplus(x, /, *, beta=1.0, threshold=None):
    return F.softplus(x, beta=beta, threshold=threshold)


#: The largest ``beta * x`` whose ``exp`` each dtype holds (with a margin).
_EXP_LIMIT = {torch.float16: 10.0, torch.bfloat16: 80.0, torch.float32: 80.0, torch.float64: 700.0}


def _softplus_handles(x, /, *, beta=1.0, threshold=None) -> bool:
    # Numbers only (no threshold: no linear regime); anything else is the core's check's to refuse.
    if type(beta) not in (int, float) or type(threshold) not in (int, float):
        return False
    return _real_floating(x) and beta > 0 and threshold <= _EXP_LIMIT.get(x.dtype, 0.0)


softplus.partial_mixed_handler = _softplus_handles


def _one_axis(x, /, *, axis=-1) -> bool:
    """The handler of ``softmax`` and ``log_softmax``: a real floating tensor, not empty, and one valid axis."""
    return (
        isinstance(x, torch.Tensor)
        and x.dtype.is_floating_point
        and isinstance(axis, int)
        and -x.ndim <= axis < x.ndim
        and x.numel() > 0
    )


#: PyTorch's test of whether its compiler (or ``torch.export``) traces the code, which reads no values.
_is_compiling = torch.compiler.is_compiling


def _without_positive_infinity(x) -> bool:
    """Whether ``x`` (not empty) holds no +inf, read only where that costs little: on the CPU, outside PyTorch's
    compiler (whose graphs read no values). False where not read."""
    if not x.is_cpu or _is_compiling():
        return False
    largest = x.max().item()
    if largest != largest:  # a NaN, which hides whether another element is +inf
        return not bool(torch.isposinf(x).any())
    return largest != math.inf


@hookimpl
@guard_dtypes
def softmax(x, /, *, axis=-1):
    result = torch.softmax(x, dim=axis)
    if _without_positive_infinity(x):
        return result
    # A slice holding +inf (and no NaN): NaN at the +inf entries, 0 elsewhere, as the composition's
    # exp(x - 0) / inf gives (torch gives NaN everywhere).
    infinite = torch.amax(x, dim=axis, keepdim=True) == math.inf
    nan = torch.full((), math.nan, dtype=x.dtype, device=x.device)
    zero = torch.zeros((), dtype=x.dtype, device=x.device)
    return torch.where(infinite, torch.where(x == math.inf, nan, zero), result)


softmax.partial_mixed_handler = _one_axis


@hookimpl
@guard_dtypes
def log_softmax(x, /, *, axis=-1):
    result = torch.log_softmax(x, dim=axis)
    if _without_positive_infinity(x):
        return result
    # A slice holding +inf (and no NaN): x - inf, NaN at the +inf entries and -inf elsewhere.
    infinite = torch.amax(x, dim=axis, keepdim=True) == math.inf
    return torch.where(infinite, x - math.inf, result)


log_softmax.partial_mixed_handler = _one_axis


@hookimpl
@guard_dtypes
def logsumexp(x, /, *, axis=None, keepdims=False):
    return torch.logsumexp(x, dim=normalize_axes(axis, x.ndim), keepdim=keepdims)


def _logsumexp_handles(x, /, *, axis=None, keepdims=False) -> bool:
    if not _real_floating(x) or x.numel() == 0 or x.ndim == 0:
        return False
    try:
        return bool(normalize_axes(axis, x.ndim))
    except (IndexError, ValueError, TypeError):
        return False  # the composition raises polyarray's error


logsumexp.partial_mixed_handler = _logsumexp_handles


@hookimpl
@guard_dtypes
def linear(x, weight, /, *, bias=None):
    return F.linear(x, weight, bias)


def _linear_handles(x, weight, /, *, bias=None) -> bool:
    if not (_real_floating(x) and isinstance(weight, torch.Tensor) and weight.ndim == 2 and x.ndim >= 1):
        return False
    if weight.dtype != x.dtype:
        return False
    return bias is None or (isinstance(bias, torch.Tensor) and bias.dtype == x.dtype and bias.ndim <= 1)


linear.partial_mixed_handler = _linear_handles


@hookimpl
@guard_dtypes
def layer_norm(x, normalized_idxs, /, *, scale=None, offset=None, eps=1e-5, new_std=1.0):
    count = len(normalize_axes(normalized_idxs, x.ndim))
    y = F.layer_norm(x, x.shape[x.ndim - count :], eps=eps)
    if new_std != 1:
        y = y * torch.asarray(new_std, dtype=x.dtype, device=x.device)
    if scale is not None:
        y = y * scale
    if offset is not None:
        y = y + offset
    return y


def _layer_norm_handles(x, normalized_idxs, /, *, scale=None, offset=None, eps=1e-5, new_std=1.0) -> bool:
    # torch's float16 and bfloat16 kernels do not give 0 for a constant slice (0.0017 for [-517.0]).
    if not _real_floating(x) or x.numel() == 0 or x.dtype in (torch.float16, torch.bfloat16):
        return False
    for part in (scale, offset):
        if part is not None and not (isinstance(part, torch.Tensor) and part.dtype == x.dtype):
            return False
    try:
        axes = normalize_axes(normalized_idxs, x.ndim)
    except (IndexError, ValueError, TypeError):
        return False
    return bool(axes) and sorted(axes) == list(range(x.ndim - len(axes), x.ndim))


layer_norm.partial_mixed_handler = _layer_norm_handles
