"""Neural-network functions: activations, normalisation, layers and dropout.

Most of these are ``mixed``: the composition written here runs on every
backend, and a backend plugin may replace it with its framework's own
function. A composition receives the backend's raw namespace ``xp`` (native
arrays in, native arrays out, array API standard names) and is written to be
numerically stable: softmax-like functions subtract the maximum, softplus and
sigmoid never exponentiate a large positive number.

The activations, ``softmax``, ``log_softmax``, ``logsumexp`` and
``layer_norm`` take real floating-point arrays (``relu`` also integers) and
return the input's dtype; Python scalar options are converted to that dtype.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any, SupportsIndex, cast

from .._declare import compositional, mixed
from .._dtypes import dtype_name_of
from .._errors import PolyarrayTypeError, PolyarrayValueError
from .._wrappers.complex import complex_from_parts
from ._types import ArrayLike, DTypeLike
from ._wrappers import ACTIVATION, COMPOSITION, REDUCTION
from .data_types import isdtype as _isdtype

__all__ = [
    "relu",
    "leaky_relu",
    "gelu",
    "sigmoid",
    "softplus",
    "softmax",
    "log_softmax",
    "logsumexp",
    "linear",
    "layer_norm",
    "one_hot",
    "dropout",
]


# -- private helpers on native arrays (never the public, wrapped API) ---------------------


def _backend(xp: Any) -> str:
    """The name of the backend whose raw namespace is ``xp``, for messages."""
    return getattr(xp, "__name__", "").split(".")[0]


def _name_of(native_dtype: object) -> str:
    """The portable name of a native dtype, for messages."""
    return dtype_name_of(native_dtype) or str(native_dtype)


def _const(xp: Any, value: Any, like: Any) -> Any:
    """A 0-d array holding ``value`` in the dtype of ``like``."""
    return xp.asarray(value, dtype=like.dtype)


def _require_floating(xp: Any, x: Any, function: str) -> Any:
    """``x`` as a native array, checked to be of a real floating-point dtype."""
    x = xp.asarray(x)
    if not _isdtype(x.dtype, "real floating"):
        raise PolyarrayTypeError(
            f"pa.{function} on the {_backend(xp)} backend"
            f" needs a real floating-point array, not one of dtype {_name_of(x.dtype)}"
            "; convert it with pa.astype."
        )
    return x


def _is_empty(x: Any) -> bool:
    return 0 in tuple(x.shape)


def _axes(axis: int | Sequence[int] | None, ndim: int, function: str) -> tuple[int, ...]:
    """``axis`` as a tuple of distinct non-negative axes (every axis for None)."""
    if axis is None:
        return tuple(range(ndim))
    # Any other value is an integer (operator.index refuses the rest).
    items = tuple(axis) if isinstance(axis, (tuple, list)) else (operator.index(cast(SupportsIndex, axis)),)
    axes = []
    for item in items:
        if not -ndim <= item < ndim:
            raise PolyarrayValueError(f"pa.{function}: axis {item} is out of range for an array of {ndim} dimensions.")
        axes.append(item % ndim)
    if len(set(axes)) != len(axes):
        raise PolyarrayValueError(f"pa.{function}: repeated axis in {axis!r}.")
    return tuple(axes)


def _reduce_over(axes: tuple[int, ...], ndim: int) -> tuple[int, ...] | None:
    """What to pass as a reduction's ``axis``: None when ``axes`` are all of them."""
    return None if len(axes) == ndim else axes


def _stable_max(xp: Any, x: Any, axes: tuple[int, ...] | None) -> Any:
    """The maximum over ``axes`` (kept), with non-finite maxima replaced by 0.

    Subtracting it before exponentiating avoids overflow; replacing an
    infinite maximum keeps ``-inf`` rows at ``exp(-inf) = 0`` instead of
    ``-inf - -inf = NaN``.
    """
    m = xp.max(x, axis=axes, keepdims=True)
    return xp.where(xp.isfinite(m), m, _const(xp, 0, m))


def _sigmoid(xp: Any, x: Any) -> Any:
    """1 / (1 + exp(-x)) without exponentiating a positive number."""
    one = _const(xp, 1, x)
    e = xp.exp(xp.negative(xp.abs(x)))
    r = xp.divide(one, xp.add(one, e))
    return xp.where(xp.greater_equal(x, _const(xp, 0, x)), r, xp.multiply(e, r))


# Coefficients of the Chebyshev fit of erfc (Numerical Recipes, 2nd ed., section 6.2,
# "erfcc"): for z >= 0, erfc(z) = t * exp(-z*z + P(t)) with t = 1 / (1 + z/2) and
# a fractional error below 1.2e-7 everywhere.
_ERFC_COEFFICIENTS = (
    -1.26551223,
    1.00002368,
    0.37409196,
    0.09678418,
    -0.18628806,
    0.27886807,
    -1.13520398,
    1.48851587,
    -0.82215223,
    0.17087277,
)


def _erfc_nonnegative(xp: Any, z: Any) -> Any:
    """erfc(z) for z >= 0 to a relative accuracy of 1.2e-7 (see _ERFC_COEFFICIENTS)."""
    one = _const(xp, 1, z)
    t = xp.divide(one, xp.add(one, xp.multiply(z, _const(xp, 0.5, z))))
    poly = _const(xp, _ERFC_COEFFICIENTS[-1], z)
    for coefficient in reversed(_ERFC_COEFFICIENTS[:-1]):
        poly = xp.add(xp.multiply(poly, t), _const(xp, coefficient, z))
    return xp.multiply(t, xp.exp(xp.subtract(poly, xp.multiply(z, z))))


def _times_cdf(xp: Any, x: Any, cdf: Any) -> Any:
    """``x * cdf`` with the limit 0 where the cdf is 0 (so that gelu(-inf) = 0, not NaN)."""
    zero = _const(xp, 0, x)
    return xp.multiply(xp.where(xp.equal(cdf, zero), zero, x), cdf)


# -- activations ----------------------------------------------------------------------------


@mixed(wrappers=ACTIVATION)
def relu(xp: Any, x: ArrayLike, /) -> ArrayLike:
    """The rectified linear unit, ``max(x, 0)`` element-wise.

    Takes real floating-point or integer arrays and keeps their dtype; NaN
    stays NaN. Complex input follows ``complex_mode``: ``"jax"`` (the
    default) is JAX's ``max(z, 0)``, which orders complex numbers by real part
    and then imaginary part (z where Re z > 0, or Re z == 0 and Im z > 0;
    else 0); ``"split"`` applies relu to both parts, ``"magnitude"`` to
    ``|z|`` keeping the phase.

    >>> pa.relu(pa.asarray([-1.5, 0.0, 2.0]))
    Array([0., 0., 2.], backend=numpy, dtype=float64)
    >>> pa.relu(pa.asarray([1 - 2j, -1 + 1j]), complex_mode="split")
    Array([1.+0.j, 0.+1.j], backend=numpy, dtype=complex128)
    >>> pa.relu(pa.asarray([1 - 2j, -1 + 1j]))
    Array([1.-2.j, 0.+0.j], backend=numpy, dtype=complex128)
    """
    x = xp.asarray(x)
    if _isdtype(x.dtype, "complex floating"):
        return xp.where(_complex_compare(xp, xp.greater, x, 0), x, _const(xp, 0, x))
    if not _isdtype(x.dtype, ("real floating", "integral")):
        raise PolyarrayTypeError(
            f"pa.relu on the {_backend(xp)} backend"
            f" needs a real numeric array, not one of dtype {_name_of(x.dtype)}; convert it with pa.astype."
        )
    zero = _const(xp, 0, x)
    return xp.where(xp.less(x, zero), zero, x)


@mixed(wrappers=ACTIVATION)
def leaky_relu(xp: Any, x: ArrayLike, /, *, alpha: float = 0.2) -> ArrayLike:
    """The leaky rectified linear unit: ``x`` where ``x >= 0``, ``alpha * x`` elsewhere.

    Takes a real floating-point array and keeps its dtype; NaN stays NaN.
    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"``
    compares with 0 as JAX does (by real part, then imaginary part).

    >>> pa.leaky_relu(pa.asarray([-2.0, 0.0, 3.0]), alpha=0.5)
    Array([-1.,  0.,  3.], backend=numpy, dtype=float64)
    """
    x = _activation_input(xp, x, "leaky_relu")
    if _isdtype(x.dtype, "complex floating"):
        nonnegative = _complex_compare(xp, xp.greater_equal, x, 0)
        return xp.where(nonnegative, x, xp.multiply(x, _const(xp, alpha, x)))
    return xp.where(xp.less(x, _const(xp, 0, x)), xp.multiply(x, _const(xp, alpha, x)), x)


@mixed(wrappers=ACTIVATION)
def gelu(xp: Any, x: ArrayLike, /, *, approximate: bool = False) -> ArrayLike:
    """The Gaussian error linear unit, ``x * Phi(x)`` with Phi the standard normal CDF.

    ``approximate=False`` is the exact form ``x / 2 * (1 + erf(x / sqrt(2)))``;
    ``approximate=True`` the tanh form
    ``x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.
    Takes a real floating-point array and keeps its dtype. gelu(-inf) is 0,
    gelu(inf) is inf and NaN stays NaN.

    The core's composition computes the exact form from a Chebyshev fit of
    erfc (relative error below 1.2e-7 for every input, also in the far
    negative tail), since the array API has no ``erf``; backends with a
    native gelu use their framework's.

    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"``
    evaluates the tanh form in complex arithmetic and, as JAX (whose erf has
    no complex form), rejects ``approximate=False``.

    >>> pa.gelu(pa.asarray([-1.0, 0.0, 1.0]))
    Array([-0.15865526,  0.        ,  0.84134474], backend=numpy, dtype=float64)
    >>> pa.gelu(pa.asarray([-1.0, 0.0, 1.0]), approximate=True)
    Array([-0.15880801,  0.        ,  0.84119199], backend=numpy, dtype=float64)
    """
    x = _activation_input(xp, x, "gelu")
    if _isdtype(x.dtype, "complex floating"):
        if not approximate:
            raise PolyarrayTypeError(
                f"pa.gelu(approximate=False) on the {_backend(xp)} backend"
                " is not defined for complex input in complex_mode='jax' "
                "(erf has no complex form there); pass approximate=True, or complex_mode='split' or 'magnitude'."
            )
        cube = xp.multiply(xp.multiply(x, x), x)
        inner = xp.multiply(
            xp.add(x, xp.multiply(cube, _const(xp, 0.044715, x))), _const(xp, math.sqrt(2 / math.pi), x)
        )
        cdf = xp.multiply(xp.add(_const(xp, 1, x), xp.tanh(inner)), _const(xp, 0.5, x))
        return xp.multiply(x, cdf)
    if approximate:
        # Beyond |x| = 100 the cdf is exactly 0 or 1 in every float dtype; clipping there
        # keeps x**3 from overflowing.
        clipped = xp.clip(x, min=-100.0, max=100.0)
        cube = xp.multiply(xp.multiply(clipped, clipped), clipped)
        inner = xp.add(clipped, xp.multiply(cube, _const(xp, 0.044715, x)))
        # (1 + tanh(u)) / 2 == sigmoid(2u), which does not cancel for very negative u.
        cdf = _sigmoid(xp, xp.multiply(inner, _const(xp, 2.0 * math.sqrt(2.0 / math.pi), x)))
        return _times_cdf(xp, x, cdf)
    # erfc(30) underflows to 0 even in float64; clipping there keeps z * z finite.
    z = xp.clip(xp.multiply(xp.abs(x), _const(xp, math.sqrt(0.5), x)), max=30.0)
    half_erfc = xp.multiply(_erfc_nonnegative(xp, z), _const(xp, 0.5, x))
    cdf = xp.where(xp.greater_equal(x, _const(xp, 0, x)), xp.subtract(_const(xp, 1, x), half_erfc), half_erfc)
    return _times_cdf(xp, x, cdf)


@mixed(wrappers=ACTIVATION)
def sigmoid(xp: Any, x: ArrayLike, /) -> ArrayLike:
    """The logistic sigmoid, ``1 / (1 + exp(-x))`` element-wise.

    Stable for inputs of any magnitude (it never exponentiates a large
    positive number): sigmoid(-inf) is 0, sigmoid(inf) is 1, NaN stays NaN.
    Takes a real floating-point array and keeps its dtype. Complex input
    follows ``complex_mode`` (see :func:`relu`); ``"jax"`` is the same
    formula in complex arithmetic, as JAX's.

    >>> pa.sigmoid(pa.asarray([0.0, 2.0, -1000.0]))
    Array([0.5       , 0.88079708, 0.        ], backend=numpy, dtype=float64)
    """
    x = _activation_input(xp, x, "sigmoid")
    if _isdtype(x.dtype, "complex floating"):
        return _complex_sigmoid(xp, x)
    return _sigmoid(xp, x)


@mixed(wrappers=ACTIVATION)
def softplus(xp: Any, x: ArrayLike, /, *, beta: float = 1.0, threshold: float | None = None) -> ArrayLike:
    """The softplus function, ``log(1 + exp(beta * x)) / beta`` element-wise.

    Computed as ``(max(beta*x, 0) + log1p(exp(-|beta*x|))) / beta``, which does
    not overflow for large inputs. ``beta`` must be positive. With a
    ``threshold``, elements where ``beta * x > threshold`` return ``x`` itself
    (the linear regime, as in PyTorch). Takes a real floating-point array and
    keeps its dtype; NaN stays NaN.

    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"`` is
    JAX's ``logaddexp(beta * z, 0) / beta``: with ``m`` the larger of
    ``beta * z`` and 0 (by real part, then imaginary part),
    ``m + log1p(exp(beta * z - 2m))``, whose imaginary part is wrapped into
    ``[-pi, pi)`` before dividing by ``beta``; the threshold compares the same
    way.

    >>> pa.softplus(pa.asarray([-1.0, 0.0, 1000.0]))
    Array([3.13261688e-01, 6.93147181e-01, 1.00000000e+03], backend=numpy, dtype=float64)
    """
    if not beta > 0:
        raise PolyarrayValueError(f"pa.softplus on the {_backend(xp)} backend needs a positive beta, not {beta!r}.")
    x = _activation_input(xp, x, "softplus")
    scaled = x if beta == 1 else xp.multiply(x, _const(xp, beta, x))
    if _isdtype(x.dtype, "complex floating"):
        result = _complex_logaddexp_zero(xp, scaled)
        if beta != 1:
            result = xp.divide(result, _const(xp, beta, x))
        if threshold is not None:
            result = xp.where(_complex_compare(xp, xp.greater, scaled, threshold), x, result)
        return result
    zero = _const(xp, 0, x)
    positive_part = xp.where(xp.greater(scaled, zero), scaled, zero)
    result = xp.add(positive_part, xp.log1p(xp.exp(xp.negative(xp.abs(scaled)))))
    if beta != 1:
        result = xp.divide(result, _const(xp, beta, x))
    if threshold is not None:
        result = xp.where(xp.greater(scaled, _const(xp, threshold, x)), x, result)
    return result


# -- complex input of the activations (complex_mode="jax") ---------------------------------


def _activation_input(xp: Any, x: Any, function: str) -> Any:
    """``x`` as a native array of a real or complex floating-point dtype."""
    x = xp.asarray(x)
    if not _isdtype(x.dtype, ("real floating", "complex floating")):
        raise PolyarrayTypeError(
            f"pa.{function} on the {_backend(xp)} backend"
            f" needs a floating-point array, not one of dtype {_name_of(x.dtype)}"
            "; convert it with pa.astype."
        )
    return x


def _complex_compare(xp: Any, compare: Any, z: Any, bound: float) -> Any:
    """``compare(z, bound)`` ordering complex numbers by real part, then imaginary part (as JAX does)."""
    real, imag = xp.real(z), xp.imag(z)
    at = _const(xp, bound, real)
    return xp.where(xp.equal(real, at), compare(imag, _const(xp, 0, real)), compare(real, at))


def _complex_sigmoid(xp: Any, z: Any) -> Any:
    """1 / (1 + exp(-z)) in complex arithmetic, as exp(z) / (1 + exp(z)) where Re z < 0 (no overflow)."""
    one = _const(xp, 1, z)
    nonnegative = xp.greater_equal(xp.real(z), _const(xp, 0, xp.real(z)))
    e = xp.exp(xp.where(nonnegative, xp.negative(z), z))
    r = xp.divide(one, xp.add(one, e))
    return xp.where(nonnegative, r, xp.multiply(e, r))


def _complex_logaddexp_zero(xp: Any, z: Any) -> Any:
    """JAX's ``logaddexp(z, 0)`` for complex ``z``: imaginary part wrapped into [-pi, pi)."""
    zero = _const(xp, 0, z)
    larger = xp.where(_complex_compare(xp, xp.greater, z, 0), z, zero)
    delta = xp.subtract(z, xp.multiply(larger, _const(xp, 2, z)))
    out = xp.add(larger, xp.log1p(xp.exp(delta)))
    imag = xp.imag(out)
    wrapped = xp.subtract(
        xp.remainder(xp.add(imag, _const(xp, math.pi, imag)), _const(xp, 2 * math.pi, imag)),
        _const(xp, math.pi, imag),
    )
    return complex_from_parts(xp, xp.real(out), wrapped, z.dtype)


@mixed(wrappers=COMPOSITION)
def softmax(xp: Any, x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = -1) -> ArrayLike:
    """The softmax of ``x`` along ``axis``: ``exp(x) / sum(exp(x))``, summing to 1.

    ``axis`` is an axis, a tuple of axes, or None for all of them. The
    maximum is subtracted first, so inputs of any magnitude are safe and
    ``-inf`` entries get probability 0. A slice that holds NaN or ``+inf``, or
    only ``-inf``, gives NaN. Takes a real floating-point array and keeps its
    dtype; an empty array gives an empty array.

    >>> pa.softmax(pa.asarray([1.0, 2.0, 3.0]))
    Array([0.09003057, 0.24472847, 0.66524096], backend=numpy, dtype=float64)
    >>> pa.softmax(pa.asarray([[0.0, float("-inf")], [1000.0, 1000.0]]), axis=1)
    Array([[1. , 0. ],
           [0.5, 0.5]], backend=numpy, dtype=float64)
    """
    x = _require_floating(xp, x, "softmax")
    axes = _reduce_over(_axes(axis, len(x.shape), "softmax"), len(x.shape))
    if _is_empty(x):
        return x
    e = xp.exp(xp.subtract(x, _stable_max(xp, x, axes)))
    return xp.divide(e, xp.sum(e, axis=axes, keepdims=True))


@mixed(wrappers=COMPOSITION)
def log_softmax(xp: Any, x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = -1) -> ArrayLike:
    """The logarithm of :func:`softmax`, ``x - logsumexp(x)`` along ``axis``.

    Computed without forming the softmax, so very negative log-probabilities
    stay finite instead of becoming ``log(0)``. ``-inf`` entries give
    ``-inf``; a slice that holds NaN or ``+inf``, or only ``-inf``, gives NaN.
    Takes a real floating-point array and keeps its dtype.

    >>> pa.log_softmax(pa.asarray([0.0, 0.0, -1000.0]))
    Array([-6.93147181e-01, -6.93147181e-01, -1.00069315e+03], backend=numpy, dtype=float64)
    """
    x = _require_floating(xp, x, "log_softmax")
    axes = _reduce_over(_axes(axis, len(x.shape), "log_softmax"), len(x.shape))
    if _is_empty(x):
        return x
    shifted = xp.subtract(x, _stable_max(xp, x, axes))
    return xp.subtract(shifted, xp.log(xp.sum(xp.exp(shifted), axis=axes, keepdims=True)))


@mixed(wrappers=REDUCTION)
def logsumexp(
    xp: Any, x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> ArrayLike:
    """``log(sum(exp(x)))`` over ``axis`` (every axis for None), without overflow.

    The maximum is subtracted before exponentiating and added back. A slice
    of only ``-inf`` (or an empty slice) gives ``-inf``, one holding ``+inf``
    gives ``+inf``, one holding NaN gives NaN. ``keepdims`` keeps the reduced
    axes with size 1. Takes a real floating-point array and keeps its dtype.

    >>> float(pa.logsumexp(pa.asarray([1000.0, 1000.0])))
    1000.6931471805599
    >>> pa.logsumexp(pa.asarray([[0.0, 0.0], [1.0, float("-inf")]]), axis=1)
    Array([0.69314718, 1.        ], backend=numpy, dtype=float64)
    """
    x = _require_floating(xp, x, "logsumexp")
    shape = tuple(x.shape)
    axes = _axes(axis, len(shape), "logsumexp")
    kept = tuple(1 if i in axes else n for i, n in enumerate(shape))
    out_shape = kept if keepdims else tuple(n for i, n in enumerate(shape) if i not in axes)
    if _is_empty(x):
        fill = float("-inf") if any(shape[i] == 0 for i in axes) else 0.0
        return xp.full(out_shape, fill, dtype=x.dtype, device=xp.device_of(x))
    reduce_over = _reduce_over(axes, len(shape))
    m = _stable_max(xp, x, reduce_over)
    total = xp.sum(xp.exp(xp.subtract(x, m)), axis=reduce_over, keepdims=True)
    # A slice of only -inf sums to 0: its log is -inf, without evaluating log(0).
    empty_sum = xp.equal(total, _const(xp, 0, x))
    log_total = xp.where(empty_sum, _const(xp, -math.inf, x), xp.log(xp.where(empty_sum, _const(xp, 1, x), total)))
    return xp.reshape(xp.add(log_total, m), out_shape)


# -- layers ---------------------------------------------------------------------------------


@mixed(wrappers=COMPOSITION)
def linear(xp: Any, x: ArrayLike, weight: ArrayLike, /, *, bias: ArrayLike | None = None) -> ArrayLike:
    """A dense layer: ``x @ weight.T + bias``.

    ``x`` has shape ``(..., in)`` and ``weight`` shape ``(out, in)``, giving
    ``(..., out)``; a batch of weights ``(..., out, in)`` broadcasts as in
    ``matmul`` (``x`` then of shape ``(..., n, in)``). The optional ``bias``
    broadcasts against the result. The result has the promoted dtype of the
    operands.

    >>> x = pa.asarray([[1.0, 2.0]])
    >>> w = pa.asarray([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
    >>> pa.linear(x, w, bias=pa.asarray([0.5, 0.5, 0.5]))
    Array([[1.5, 3.5, 4.5]], backend=numpy, dtype=float64)
    """
    weight = xp.asarray(weight)
    if len(weight.shape) < 2:
        raise PolyarrayValueError(
            f"pa.linear on the {_backend(xp)} backend"
            f" needs a weight of shape (out, in) or (..., out, in), not {tuple(weight.shape)}."
        )
    y = xp.matmul(xp.asarray(x), xp.matrix_transpose(weight))
    return y if bias is None else xp.add(y, xp.asarray(bias))


@mixed(wrappers=COMPOSITION)
def layer_norm(
    xp: Any,
    x: ArrayLike,
    normalized_idxs: int | Sequence[int],
    /,
    *,
    scale: ArrayLike | None = None,
    offset: ArrayLike | None = None,
    eps: float = 1e-5,
    new_std: float = 1.0,
) -> ArrayLike:
    """Layer normalisation over the axes ``normalized_idxs``.

    ``(x - mean) / sqrt(var + eps) * new_std``, with the mean and (biased)
    variance taken over ``normalized_idxs`` (an axis or a sequence of axes);
    then multiplied by ``scale`` and shifted by ``offset`` when given (both
    broadcast against ``x``). Takes a real floating-point array and keeps its
    dtype; an empty array gives an empty array.

    >>> pa.layer_norm(pa.asarray([[1.0, 3.0], [2.0, 6.0]]), -1, eps=0.0)
    Array([[-1.,  1.],
           [-1.,  1.]], backend=numpy, dtype=float64)
    >>> pa.layer_norm(pa.asarray([1.0, 3.0]), 0, offset=pa.asarray([10.0, 20.0]), eps=0.0, new_std=2.0)
    Array([ 8., 22.], backend=numpy, dtype=float64)
    """
    x = _require_floating(xp, x, "layer_norm")
    axes = _reduce_over(_axes(normalized_idxs, len(x.shape), "layer_norm"), len(x.shape))
    y = x
    if not _is_empty(x):
        mean = xp.mean(x, axis=axes, keepdims=True)
        var = xp.var(x, axis=axes, keepdims=True)
        # float(): a Python int too wide for a 64-bit integer still converts (every number converts to x's dtype).
        y = xp.divide(xp.subtract(x, mean), xp.sqrt(xp.add(var, _const(xp, float(eps), x))))
    if new_std != 1:
        y = xp.multiply(y, _const(xp, float(new_std), x))
    if scale is not None:
        y = xp.multiply(y, xp.asarray(scale))
    if offset is not None:
        y = xp.add(y, xp.asarray(offset))
    return y


@mixed(wrappers=COMPOSITION)
def one_hot(
    xp: Any,
    indices: ArrayLike,
    depth: int,
    /,
    *,
    on_value: bool | int | float | None = None,
    off_value: bool | int | float | None = None,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
) -> ArrayLike:
    """A one-hot encoding of integer ``indices``: ``on_value`` at each index, ``off_value`` elsewhere.

    The result has a new axis of size ``depth`` inserted at ``axis`` (the
    last for None). An index outside ``[0, depth)``, negative ones included,
    gives a slice of only ``off_value``. ``on_value`` defaults to 1 and
    ``off_value`` to 0. The dtype is ``dtype`` when given; else the default
    floating dtype when both values are None or one is a float, the default
    integer dtype when they are ints, bool when they are bools.

    >>> pa.one_hot(pa.asarray([0, 2, 5]), 3)
    Array([[1., 0., 0.],
           [0., 0., 1.],
           [0., 0., 0.]], backend=numpy, dtype=float64)
    >>> pa.one_hot(pa.asarray([1, 0]), 2, on_value=5, off_value=-1, axis=0)
    Array([[-1,  5],
           [ 5, -1]], backend=numpy, dtype=int64)
    """
    indices = xp.asarray(indices)
    if not _isdtype(indices.dtype, "integral"):
        raise PolyarrayTypeError(
            f"pa.one_hot on the {_backend(xp)} backend"
            f" needs integer indices, not an array of dtype {_name_of(indices.dtype)}"
            "; convert it with pa.astype."
        )
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise PolyarrayValueError(
            f"pa.one_hot on the {_backend(xp)} backend needs a non-negative integer depth, not {depth!r}."
        )
    ndim = len(indices.shape)
    position = ndim if axis is None else axis
    if not -ndim - 1 <= position <= ndim:
        raise PolyarrayValueError(
            f"pa.one_hot on the {_backend(xp)} backend"
            f": axis {axis} is out of range for a result of {ndim + 1} dimensions."
        )
    position %= ndim + 1
    if dtype is None:
        given = [v for v in (on_value, off_value) if v is not None]
        if given and all(isinstance(v, bool) for v in given):
            dtype = xp.asarray(True).dtype
        elif given and all(isinstance(v, int) for v in given):
            dtype = xp.asarray(0).dtype
        else:
            dtype = xp.asarray(0.0).dtype
    on = xp.asarray(1 if on_value is None else on_value, dtype=dtype)
    off = xp.asarray(0 if off_value is None else off_value, dtype=dtype)
    # Compare the indices, with a new axis at ``position``, against 0..depth-1 laid
    # along that axis: broadcasting gives the one-hot mask directly. In int64, every
    # class number fits; a huge uint64 index wraps to a negative one, out of range as before.
    int64 = xp.native_dtype("int64")
    if indices.dtype != int64:
        indices = xp.astype(indices, int64)
    classes = xp.arange(depth, dtype=int64, device=xp.device_of(indices))
    classes = xp.reshape(classes, (depth,) + (1,) * (ndim - position))
    mask = xp.equal(xp.expand_dims(indices, axis=position), classes)
    return xp.where(mask, on, off)


def _dropout_key(xp: Any, key: Any, seed: Any) -> Any:
    """The key ``dropout`` draws with: ``key``, the key of ``seed``, or the key of a fresh random seed."""
    where = f"pa.dropout on the {_backend(xp)} backend"
    if key is not None:
        if seed is not None:
            raise PolyarrayTypeError(f"{where} takes a seed or a key, not both; pass one of them.")
        key = xp.asarray(key)
        if key.dtype != xp.native_dtype("uint32") or tuple(key.shape) != (2,):
            raise PolyarrayTypeError(
                f"{where}: a key is a uint32 array of shape (2,), not one of dtype {_name_of(key.dtype)} and shape "
                f"{tuple(key.shape)}; make one with pa.random.key(seed), pa.random.split or pa.random.fold_in."
            )
        return key
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    if isinstance(seed, bool):
        seed = None
    try:
        seed = operator.index(seed)
    except TypeError:
        raise PolyarrayTypeError(f"{where}: seed must be an int, not {seed!r}.") from None
    if not -(2**63) <= seed < 2**64:
        raise PolyarrayValueError(f"{where}: seed must lie in [-2**63, 2**64), not {seed}.")
    return xp.random.key(seed)


def _mask_shape(xp: Any, shape: tuple[int, ...], noise_shape: Any) -> tuple[int, ...]:
    """The shape of the dropout mask: ``noise_shape`` with None entries filled from ``shape``."""
    if noise_shape is None:
        return shape
    noise_shape = tuple(noise_shape)
    if len(noise_shape) != len(shape):
        raise PolyarrayValueError(
            f"pa.dropout on the {_backend(xp)} backend: noise_shape {noise_shape} must have one entry per axis "
            f"of x, whose shape is {shape}."
        )
    resolved = []
    for size, noise in zip(shape, noise_shape):
        noise = size if noise is None else operator.index(noise)
        if noise not in (1, size):
            raise PolyarrayValueError(
                f"pa.dropout on the {_backend(xp)} backend: noise_shape {noise_shape} must broadcast to the shape "
                f"of x, {shape} (each entry that axis' size, 1 or None)."
            )
        resolved.append(noise)
    return tuple(resolved)


@compositional(wrappers=COMPOSITION)
def dropout(
    xp: Any,
    x: ArrayLike,
    prob: float,
    /,
    *,
    scale: bool = True,
    dtype: DTypeLike | None = None,
    training: bool = True,
    seed: int | None = None,
    key: ArrayLike | None = None,
    noise_shape: Sequence[int | None] | None = None,
) -> ArrayLike:
    """Randomly zero elements of ``x`` with probability ``prob`` (training-time regularisation).

    ``prob`` must lie in ``[0, 1)``. With ``scale`` the kept elements are
    divided by ``1 - prob``, so the expected value is unchanged; that needs a
    floating-point result dtype. Dropped elements are exactly 0, even where
    ``x`` is NaN or infinite. ``noise_shape`` (one entry per axis of ``x``:
    the axis' size, 1 to share the draw along that axis, or None for the
    axis' size) shapes the random mask.

    The mask comes from :mod:`pa.random`: a ``key`` (``pa.random.key``,
    ``split``, ``fold_in``) or a ``seed`` (standing for ``pa.random.key(seed)``)
    gives the same mask on every backend; an element is dropped where
    ``pa.random.bernoulli(key, mask_shape, prob)`` is true. With neither, a
    fresh seed is drawn for each call (inside ``jax.jit`` once, when the
    function is traced: pass a key to draw anew per step). The result has
    ``dtype`` when given, else ``x``'s dtype; ``training=False`` (or
    ``prob=0``) returns ``x`` unchanged apart from that dtype.

    >>> pa.dropout(pa.asarray([1.0, 2.0, 3.0]), 0.5, training=False)
    Array([1., 2., 3.], backend=numpy, dtype=float64)
    >>> y = pa.dropout(pa.ones((1000,)), 0.25, seed=0)
    >>> sorted(set(pa.to_numpy(y).tolist())) == [0.0, 1 / 0.75]
    True
    >>> pa.dropout(pa.ones((6,)), 0.5, key=pa.random.key(0))
    Array([2., 0., 2., 2., 2., 0.], backend=numpy, dtype=float64)
    """
    x = xp.asarray(x)
    try:
        if isinstance(prob, (bool, str, bytes)):
            raise TypeError
        prob = float(prob)
    except (TypeError, ValueError):
        raise PolyarrayTypeError(
            f"pa.dropout on the {_backend(xp)} backend: prob must be a real number, not {prob!r}."
        ) from None
    if not 0.0 <= prob < 1.0:
        raise PolyarrayValueError(
            f"pa.dropout on the {_backend(xp)} backend: the dropout probability must lie in [0, 1), not {prob!r}."
        )
    result_dtype = x.dtype if dtype is None else dtype
    y = xp.astype(x, result_dtype)
    if not training or prob == 0.0:
        return y
    if scale and not _isdtype(result_dtype, ("real floating", "complex floating")):
        raise PolyarrayTypeError(
            f"pa.dropout on the {_backend(xp)} backend: scale=True needs a floating-point result dtype, not "
            f"{_name_of(result_dtype)}; pass dtype= or scale=False."
        )
    mask_shape = _mask_shape(xp, tuple(x.shape), noise_shape)
    dropped = xp.random.bernoulli(_dropout_key(xp, key, seed), mask_shape, prob)
    if scale:
        y = xp.multiply(y, xp.asarray(1.0 / (1.0 - prob), dtype=result_dtype))
    return xp.where(dropped, xp.zeros((), dtype=result_dtype), y)
