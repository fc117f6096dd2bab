"""Loss functions and the recurrent-cell update, written once from other polyarray functions.

Every function here is ``compositional``: the same code runs on every
backend, through the backend's raw namespace ``xp`` (native arrays in,
native arrays out, array API standard names).

The losses share one ``reduction`` option: ``"none"`` returns the loss of
each element (or each slice, for :func:`cross_entropy`), ``"sum"`` and
``"mean"`` sum or average it (over ``axis`` where the function has one for
that purpose, over everything otherwise).
"""

from __future__ import annotations

from typing import Any, Literal

from .._declare import compositional
from .._dtypes import dtype_name_of
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError
from ._compose import default_dtype
from ._types import ArrayLike
from ._wrappers import COMPOSITION
from .data_types import isdtype as _isdtype
from .nn import _const, _sigmoid

__all__ = ["cross_entropy", "binary_cross_entropy", "lstm_update", "stable_divide"]

#: What :func:`stable_divide` adds to the denominator when no ``min_denominator`` is given.
MIN_DENOMINATOR = 1e-12

#: The floor of the logarithms in :func:`binary_cross_entropy` on probabilities, as in PyTorch.
_LOG_FLOOR = -100.0


# -- private helpers on native arrays (never the public, wrapped API) ---------------------


def _backend(xp: Any) -> str:
    """The name of the backend whose raw namespace is ``xp``, for messages."""
    return getattr(xp, "__name__", "").split(".")[0]


def _name_of(native_dtype: object) -> str:
    """The portable name of a native dtype, for messages."""
    return dtype_name_of(native_dtype) or str(native_dtype)


def _floating(xp: Any, x: Any, function: str, name: str) -> Any:
    x = xp.asarray(x)
    if not _isdtype(x.dtype, "real floating"):
        raise PolyarrayTypeError(
            f"pa.{function} on the {_backend(xp)} backend"
            f" needs a real floating-point {name}, not an array of dtype {_name_of(x.dtype)}"
            "; convert it with pa.astype."
        )
    return x


def _reduce(xp: Any, loss: Any, reduction: str, axis: int | tuple[int, ...] | None) -> Any:
    if reduction == "sum":
        return xp.sum(loss, axis=axis)
    if reduction == "mean":
        return xp.mean(loss, axis=axis)
    return loss


def _floored_log(xp: Any, x: Any, log: Any, pole: Any) -> Any:
    """``max(log(x), -100)``, where ``log`` is infinite at ``x == pole``: no log(0) is evaluated."""
    at_pole = xp.equal(x, pole)
    safe = xp.where(at_pole, xp.add(pole, _const(xp, 1, x)), x)
    return xp.where(at_pole, _const(xp, _LOG_FLOOR, x), xp.clip(log(safe), min=_LOG_FLOOR))


# -- losses ---------------------------------------------------------------------------------


def _class_targets(xp: Any, labels: Any, pred: Any, axis: int, label_smoothing: float) -> tuple[Any | None, Any | None]:
    """Integer class labels as ``(mask, smoothed targets)``: the one-hot mask along ``axis`` of ``pred`` (a
    label outside ``[0, C)`` gives a row of False), and with label smoothing the smoothed distributions."""
    ndim = len(pred.shape)
    expected = tuple(size for i, size in enumerate(pred.shape) if i != axis)
    if tuple(labels.shape) != expected:
        raise PolyarrayValueError(
            f"pa.cross_entropy on the {_backend(xp)} backend: class labels of shape {tuple(labels.shape)} do not "
            f"match predictions of shape {tuple(pred.shape)} without their class axis {axis} ({expected})."
        )
    index = default_dtype(xp, "indexing")
    if labels.dtype != index:
        labels = xp.astype(labels, index)  # a label too large for it wraps to a negative one: out of range
    classes = pred.shape[axis]
    positions = xp.reshape(
        xp.arange(classes, dtype=index, device=xp.device_of(pred)), (classes,) + (1,) * (ndim - 1 - axis)
    )
    mask = xp.equal(xp.expand_dims(labels, axis=axis), positions)
    if not label_smoothing:
        return mask, None
    on = _const(xp, 1.0 - label_smoothing + label_smoothing / classes, pred)
    off = _const(xp, label_smoothing / classes, pred)
    return None, xp.where(mask, on, off)


@compositional(wrappers=COMPOSITION)
def cross_entropy(
    xp: Any,
    true: ArrayLike,
    pred: ArrayLike,
    /,
    *,
    from_logits: bool = False,
    axis: int = -1,
    epsilon: float = 1e-7,
    label_smoothing: float = 0.0,
    reduction: Literal["none", "sum", "mean"] = "mean",
) -> ArrayLike:
    """The categorical cross-entropy of predictions ``pred`` against targets ``true`` along the class ``axis``.

    ``pred`` holds probabilities, or unnormalised log-probabilities with
    ``from_logits`` (as PyTorch's ``cross_entropy`` and Keras' losses take
    them). ``true`` holds either

    - integer class labels, one per slice: an integer array with the shape of
      ``pred`` without ``axis`` (a label outside ``[0, C)`` selects no class,
      so its loss is 0, or that of the smoothing alone); or
    - target distributions (one-hot or probabilities) of the shape of
      ``pred`` (any other shape broadcasts as before), cast to ``pred``'s dtype.

    Each slice's loss is ``-sum(t * log(p))``. With ``from_logits`` ``log(p)``
    is ``log_softmax(pred, axis)``, computed stably (logits of any magnitude,
    ``-inf`` for impossible classes; a target of 0 contributes nothing, even
    against ``-inf``); otherwise ``p = clip(pred, epsilon, 1 - epsilon)``,
    which keeps the logarithm finite. ``label_smoothing`` (in ``[0, 1]``) mixes
    the targets with the uniform distribution over the ``C`` classes:
    ``t * (1 - label_smoothing) + label_smoothing / C``. ``reduction`` returns
    the per-slice losses (``"none"``), their sum or their mean. ``pred`` must
    be real floating-point; NaN propagates.

    >>> true = pa.asarray([[0.0, 1.0], [1.0, 0.0]])
    >>> pred = pa.asarray([[0.2, 0.8], [0.6, 0.4]])
    >>> pa.cross_entropy(true, pred, reduction="none")
    Array([0.22314355, 0.51082562], backend=numpy, dtype=float64)
    >>> float(pa.cross_entropy(true, pred))
    0.366984...
    >>> logits = pa.asarray([[2.0, 0.0, -1.0], [0.0, 0.0, 1000.0]])
    >>> pa.cross_entropy(pa.asarray([0, 2]), logits, from_logits=True, reduction="none")
    Array([0.16984602, 0.        ], backend=numpy, dtype=float64)
    """
    if isinstance(label_smoothing, bool) or not 0.0 <= label_smoothing <= 1.0:
        raise PolyarrayValueError(
            f"pa.cross_entropy on the {_backend(xp)} backend: label_smoothing must lie in [0, 1], "
            f"not {label_smoothing!r}."
        )
    pred = _floating(xp, pred, "cross_entropy", "pred")
    true = xp.asarray(true)
    ndim = len(pred.shape)
    labels = _isdtype(true.dtype, "integral") and len(true.shape) == ndim - 1
    if labels or label_smoothing:
        if not -ndim <= axis < ndim:
            raise PolyarrayAxisError(
                f"pa.cross_entropy on the {_backend(xp)} backend: axis {axis} is out of range for predictions of "
                f"{ndim} dimension(s)."
            )
        axis %= ndim
    mask = None
    if labels:
        mask, true = _class_targets(xp, true, pred, axis, label_smoothing)
    else:
        true = xp.astype(true, pred.dtype)
        if label_smoothing:
            classes = pred.shape[axis]
            true = xp.add(
                xp.multiply(true, _const(xp, 1.0 - label_smoothing, pred)), _const(xp, label_smoothing / classes, pred)
            )
    if from_logits:
        log_pred = xp.log_softmax(pred, axis=axis)
    else:
        log_pred = xp.log(xp.clip(pred, min=epsilon, max=1.0 - epsilon))
    zero = _const(xp, 0, pred)
    if mask is not None:
        terms = xp.where(mask, log_pred, zero)
    elif from_logits:
        # 0 * log(p) is 0 where the target is 0, also for an impossible class (log p = -inf).
        terms = xp.where(xp.equal(true, zero), zero, xp.multiply(true, log_pred))
    else:
        terms = xp.multiply(true, log_pred)
    loss = xp.subtract(zero, xp.sum(terms, axis=axis))  # a loss of 0 is +0.0
    return _reduce(xp, loss, reduction, None)


@compositional(wrappers=COMPOSITION)
def binary_cross_entropy(
    xp: Any,
    true: ArrayLike,
    pred: ArrayLike,
    /,
    *,
    from_logits: bool = False,
    epsilon: float = 0.0,
    reduction: Literal["none", "sum", "mean"] = "mean",
    pos_weight: ArrayLike | None = None,
    axis: int | tuple[int, ...] | None = None,
) -> ArrayLike:
    """The binary cross-entropy of predictions ``pred`` against targets ``true`` in [0, 1].

    Element-wise, ``-(pos_weight * t * log(p) + (1 - t) * log(1 - p))``, where
    ``t = true * (1 - epsilon) + epsilon / 2`` (label smoothing, ``epsilon`` in
    [0, 1]) and ``p = pred``, or ``p = sigmoid(pred)`` when ``from_logits``.
    On probabilities, each logarithm is floored at -100 (so a confident wrong
    prediction costs 100, not inf); on logits the loss is computed in the
    stable form ``(1 - t) * z + w * (log1p(exp(-|z|)) + max(-z, 0))`` with
    ``w = 1 + (pos_weight - 1) * t``, exact for logits of any magnitude.
    ``pos_weight`` (default 1) broadcasts against ``pred`` (for example one
    weight per class along the last axis). ``reduction`` sums or averages
    over ``axis`` (everything for None). ``true`` is cast to ``pred``'s dtype,
    which must be real floating-point; NaN propagates.

    >>> true = pa.asarray([0.0, 1.0, 1.0])
    >>> float(pa.binary_cross_entropy(true, pa.asarray([0.1, 0.9, 0.5])))
    0.301289...
    >>> pa.binary_cross_entropy(true, pa.asarray([-2.0, 2.0, 0.0]), from_logits=True, reduction="none")
    Array([0.12692801, 0.12692801, 0.69314718], backend=numpy, dtype=float64)
    """
    if not 0.0 <= epsilon <= 1.0:
        raise PolyarrayValueError(
            f"pa.binary_cross_entropy on the {_backend(xp)} backend: epsilon must lie in [0, 1], not {epsilon!r}."
        )
    pred = _floating(xp, pred, "binary_cross_entropy", "pred")
    true = xp.astype(xp.asarray(true), pred.dtype)
    one = _const(xp, 1, pred)
    zero = _const(xp, 0, pred)
    if epsilon:
        true = xp.add(xp.multiply(true, _const(xp, 1.0 - epsilon, pred)), _const(xp, 0.5 * epsilon, pred))
    weight = None if pos_weight is None else xp.astype(xp.asarray(pos_weight), pred.dtype)
    if from_logits:
        # softplus(-z) = log1p(exp(-|z|)) + max(-z, 0), exact and overflow-free.
        softplus_neg = xp.add(
            xp.log1p(xp.exp(xp.negative(xp.abs(pred)))),
            xp.where(xp.less(pred, zero), xp.negative(pred), zero),
        )
        coefficient = one if weight is None else xp.add(one, xp.multiply(xp.subtract(weight, one), true))
        loss = xp.add(xp.multiply(xp.subtract(one, true), pred), xp.multiply(coefficient, softplus_neg))
    else:
        log_p = _floored_log(xp, pred, xp.log, zero)
        log_not_p = _floored_log(xp, xp.negative(pred), xp.log1p, xp.negative(one))
        positive = xp.multiply(true, log_p)
        if weight is not None:
            positive = xp.multiply(weight, positive)
        loss = xp.negative(xp.add(positive, xp.multiply(xp.subtract(one, true), log_not_p)))
    return _reduce(xp, loss, reduction, axis)


# -- recurrent update ------------------------------------------------------------------------


@compositional(wrappers=COMPOSITION)
def lstm_update(
    xp: Any,
    x: ArrayLike,
    init_h: ArrayLike,
    init_c: ArrayLike,
    kernel: ArrayLike,
    recurrent_kernel: ArrayLike,
    /,
    *,
    bias: ArrayLike | None = None,
    recurrent_bias: ArrayLike | None = None,
) -> tuple[ArrayLike, tuple[ArrayLike, ArrayLike]]:
    """Run an LSTM cell over the time axis of ``x``; return ``(outputs, (h, c))``.

    ``x`` has shape ``(..., T, in)``; the states ``init_h`` and ``init_c`` have
    shape ``(..., hidden)``; ``kernel`` is ``(in, 4 * hidden)`` and
    ``recurrent_kernel`` ``(hidden, 4 * hidden)``, their columns holding the
    input, forget, cell and output gates in that order; ``bias`` and
    ``recurrent_bias`` have shape ``(4 * hidden,)``. At each step t::

        z = x[..., t, :] @ kernel + bias + h @ recurrent_kernel + recurrent_bias
        i, f, g, o = sigmoid(z_i), sigmoid(z_f), tanh(z_g), sigmoid(z_o)
        c = f * c + i * g
        h = o * tanh(c)

    ``outputs`` stacks every step's ``h`` along axis -2, shape
    ``(..., T, hidden)``; ``(h, c)`` are the final states (the initial ones
    when T is 0).

    >>> x = pa.ones((1, 2, 1))
    >>> h0 = c0 = pa.asarray([[0.0]])
    >>> kernel = pa.asarray([[1.0, 1.0, 1.0, 1.0]])
    >>> recurrent = pa.asarray([[0.0, 0.0, 0.0, 0.0]])
    >>> outputs, (h, c) = pa.lstm_update(x, h0, c0, kernel, recurrent)
    >>> pa.to_numpy(outputs).round(4).tolist()
    [[[0.3696], [0.5453]]]
    >>> pa.to_numpy(c).round(4).tolist()
    [[0.9638]]
    """
    x = _floating(xp, x, "lstm_update", "x")
    kernel = xp.asarray(kernel)
    recurrent_kernel = xp.asarray(recurrent_kernel)
    h = xp.asarray(init_h)
    c = xp.asarray(init_c)
    if len(x.shape) < 2:
        raise PolyarrayValueError(
            f"pa.lstm_update on the {_backend(xp)} backend needs x of shape (..., T, in), not {tuple(x.shape)}."
        )
    if len(kernel.shape) != 2 or len(recurrent_kernel.shape) != 2:
        raise PolyarrayValueError(
            f"pa.lstm_update on the {_backend(xp)} backend needs 2-d kernel and recurrent_kernel."
        )
    hidden = recurrent_kernel.shape[0]
    if kernel.shape[1] != 4 * hidden or recurrent_kernel.shape[1] != 4 * hidden:
        raise PolyarrayValueError(
            f"pa.lstm_update on the {_backend(xp)} backend"
            f": kernel {tuple(kernel.shape)} and recurrent_kernel {tuple(recurrent_kernel.shape)} "
            f"must both have 4 * hidden = {4 * hidden} columns."
        )
    # The input projection of every step at once: (..., T, 4 * hidden).
    projected = xp.matmul(x, kernel)
    if bias is not None:
        projected = xp.add(projected, xp.asarray(bias))
    if recurrent_bias is not None:
        recurrent_bias = xp.asarray(recurrent_bias)
    steps = x.shape[-2]
    outputs = []
    for t in range(steps):
        z = xp.add(projected[..., t, :], xp.matmul(h, recurrent_kernel))
        if recurrent_bias is not None:
            z = xp.add(z, recurrent_bias)
        i = _sigmoid(xp, z[..., :hidden])
        f = _sigmoid(xp, z[..., hidden : 2 * hidden])
        g = xp.tanh(z[..., 2 * hidden : 3 * hidden])
        o = _sigmoid(xp, z[..., 3 * hidden :])
        c = xp.add(xp.multiply(f, c), xp.multiply(i, g))
        h = xp.multiply(o, xp.tanh(c))
        outputs.append(h)
    if outputs:
        stacked = xp.stack(outputs, axis=-2)
    else:
        # No steps: an empty (..., 0, hidden) result whose batch axes broadcast x's and h's.
        stacked = xp.multiply(projected[..., :hidden], xp.expand_dims(h, axis=-2))
    return stacked, (h, c)


# -- arithmetic -----------------------------------------------------------------------------


@compositional(wrappers=COMPOSITION)
def stable_divide(
    xp: Any,
    numerator: ArrayLike | int | float,
    denominator: ArrayLike | int | float,
    /,
    *,
    min_denominator: float | None = None,
) -> ArrayLike:
    """``numerator / (denominator + min_denominator)``: a division that does not blow up at 0.

    ``min_denominator`` defaults to :data:`MIN_DENOMINATOR` (``1e-12``), a
    shift too small to matter for ordinary denominators but which turns
    ``x / 0`` into a finite ``x * 1e12``. Note that it is below the
    resolution of float16 (and, next to values near 1, of float32). Python
    scalars keep the dtype of the array they meet; the result dtype is that
    of ``add`` and ``divide``.

    >>> pa.stable_divide(pa.asarray([1.0, 2.0]), pa.asarray([0.0, 4.0]))
    Array([1.e+12, 5.e-01], backend=numpy, dtype=float64)
    >>> pa.stable_divide(pa.asarray([1.0, 2.0]), 0.0, min_denominator=0.5)
    Array([2., 4.], backend=numpy, dtype=float64)
    """
    shift = MIN_DENOMINATOR if min_denominator is None else min_denominator
    numerator, denominator = _operand(xp, numerator), _operand(xp, denominator)
    if _is_scalar(denominator):
        denominator = denominator + shift
        if _is_scalar(numerator):
            numerator = xp.asarray(numerator, dtype=xp.asarray(0.0).dtype)
    else:
        denominator = xp.add(denominator, _const(xp, shift, denominator))
    return xp.divide(numerator, denominator)


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (int, float, complex))


def _operand(xp: Any, value: Any) -> Any:
    """A Python scalar as it is; anything else as a native array of a floating-point dtype."""
    if _is_scalar(value):
        return value
    x = xp.asarray(value)
    if _isdtype(x.dtype, ("real floating", "complex floating")):
        return x
    return xp.astype(x, xp.asarray(0.0).dtype)
