"""Neural-network functions and losses: activations, softmax family, layers, dropout, losses, the LSTM update.

Backends may run their framework's own activations instead of the core's
compositions, so results are compared with the transcendental tolerance;
``gelu``'s composition uses an erfc fit accurate to 1.2e-7, which float64
results are compared within. ``dropout`` draws its mask from ``pa.random``,
so a seed or a key gives the same result on every backend.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st

from polyarray.conformance._helpers import bounded
from polyarray.testing import axes, broadcastable_shapes, conformance, shapes, tolerance

ACTIVATIONS = ("relu", "leaky_relu", "gelu", "sigmoid", "softplus")
COMPLEX_MODES = st.sampled_from(["jax", "split", "magnitude"])


def _activation_arguments(case, function):
    if function == "leaky_relu":
        return {"alpha": case.draw(st.sampled_from([0.2, 0.01, 0.5, 1.5]), label="alpha")}
    if function == "gelu":
        return {"approximate": case.draw(st.booleans(), label="approximate")}
    if function == "softplus":
        return {
            "beta": case.draw(st.sampled_from([1.0, 0.5, 2.0]), label="beta"),
            "threshold": case.draw(st.none() | st.sampled_from([20.0, 1.0]), label="threshold"),
        }
    return {}


def _activation_tolerance(function, dtype):
    tol = tolerance(dtype, transcendental=True)
    rtol = max(tol.rtol, 3e-7) if function == "gelu" else tol.rtol
    atol = tol.atol
    if dtype.kind == "complex floating":
        # The compositions take complex log1p, which NumPy computes as log(1 + z): accurate to eps absolute.
        atol = 8 * tolerance(dtype).rtol
    return {"rtol": rtol, "atol": atol}


@conformance(*ACTIVATIONS)
def test_activations(case, function):
    kinds = ("real floating", "integral") if function == "relu" else ("real floating",)
    dtype = case.dtype(kinds)
    x = case.array(dtype, label="x")
    case.check(function, x, **_activation_arguments(case, function), **_activation_tolerance(function, dtype))


@conformance(*ACTIVATIONS)
def test_activations_of_complex_input(case, function):
    dtype = case.dtype("complex floating")
    x = case.array(dtype, elements=bounded(dtype, 20.0, specials=False), label="x")
    mode = case.draw(COMPLEX_MODES, label="complex_mode")
    arguments = _activation_arguments(case, function)
    case.check(function, x, complex_mode=mode, **arguments, **_activation_tolerance(function, dtype))


@conformance("softmax", "log_softmax")
def test_softmax(case, function):
    dtype = case.dtype("real floating")
    x = case.array(dtype, label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    case.check(function, x, axis=axis, **_activation_tolerance(function, dtype))


@conformance("logsumexp")
def test_logsumexp(case):
    dtype = case.dtype("real floating")
    x = case.array(dtype, label="x")
    axis = case.draw(axes(x.ndim), label="axis")
    keepdims = case.draw(st.booleans(), label="keepdims")
    case.check("logsumexp", x, axis=axis, keepdims=keepdims, **_activation_tolerance("logsumexp", dtype))


@conformance("softmax", "logsumexp", "relu")
def test_nn_refuses_integers_where_declared(case, function):
    """``softmax`` and ``logsumexp`` take floating-point arrays only; ``relu`` refuses booleans."""
    dtype = case.dtype("bool" if function == "relu" else "integral")
    case.check(function, case.array(dtype, (3,), label="x"), expect_error=True)


def _finite(dtype, high=8.0):
    return bounded(dtype, high, specials=False)


@conformance("linear")
def test_linear(case):
    dtype = case.dtype("real floating", exclude=("float16",))
    batch = case.draw(shapes(max_dims=2, max_side=3), label="batch")
    n_in, n_out = case.draw(st.integers(0, 4), label="in"), case.draw(st.integers(0, 4), label="out")
    x = case.array(dtype, (*batch, n_in), elements=_finite(dtype), label="x")
    weight = case.array(dtype, (n_out, n_in), elements=_finite(dtype), label="weight")
    bias = case.array(dtype, (n_out,), elements=_finite(dtype), label="bias") if case.draw(st.booleans()) else None
    tol = tolerance(dtype)
    atol = tol.atol + 4 * tol.rtol * (n_in + 1) * 64 * (n_in + 1)
    case.check("linear", x, weight, bias=bias, atol=atol)


@conformance("layer_norm")
def test_layer_norm(case):
    dtype = case.dtype("real floating", exclude=("float16",))
    x = case.array(dtype, shapes(min_dims=1), elements=_finite(dtype), label="x")
    chosen = case.draw(axes(x.ndim, allow_none=False), label="normalized_idxs")
    if chosen == ():
        chosen = -1
    eps = case.draw(st.sampled_from([1e-5, 1e-3, 0.1]), label="eps")
    new_std = case.draw(st.sampled_from([1.0, 2.0]), label="new_std")
    kwargs = {"eps": eps, "new_std": new_std}
    if case.draw(st.booleans(), label="scale"):
        kwargs["scale"] = case.array(dtype, x.shape[-1:], elements=_finite(dtype, 2.0), label="scale")
    if case.draw(st.booleans(), label="offset"):
        kwargs["offset"] = case.array(dtype, x.shape[-1:], elements=_finite(dtype, 2.0), label="offset")
    tol = tolerance(dtype)
    # Rounding in the mean (about n * eps * 8) is divided by sqrt(var + eps) and scaled by new_std * scale.
    atol = tol.atol + 64 * tol.rtol * max(x.size, 1) * 8 / math.sqrt(eps) * new_std * 2
    case.check("layer_norm", x, chosen, atol=atol, rtol=tolerance(dtype, transcendental=True).rtol, **kwargs)


@conformance("one_hot")
def test_one_hot(case):
    dtype = case.dtype("integral")
    depth = case.draw(st.integers(0, 5), label="depth")
    indices = case.array(
        dtype, shapes(max_dims=2), elements=st.integers(-1 if dtype.kind == "signed integer" else 0, 6)
    )
    values = case.draw(
        st.sampled_from([(None, None), (5, -1), (True, False), (2.5, 0.5), (1, None)]), label="on/off values"
    )
    axis = case.draw(st.none() | st.integers(-indices.ndim - 1, indices.ndim), label="axis")
    dtype_argument = case.draw(st.none() | st.sampled_from([d for d in case.xp.dtypes if d.name != "bfloat16"]))
    if dtype_argument is not None and values[0] is not None and isinstance(values[0], float):
        if dtype_argument.kind not in ("real floating", "complex floating"):
            dtype_argument = None
    case.check("one_hot", indices, depth, on_value=values[0], off_value=values[1], axis=axis, dtype=dtype_argument)


# -- dropout ------------------------------------------------------------------------------------


@conformance("dropout")
def test_dropout_off(case):
    """``training=False`` or ``prob=0`` returns ``x`` (in ``dtype`` when given)."""
    dtype = case.dtype("floating")
    x = case.array(dtype, label="x")
    prob = case.draw(st.sampled_from([0.0, 0.5]), label="prob")
    training = prob == 0.0 and case.draw(st.booleans(), label="training")
    case.check("dropout", x, prob, training=training)


@conformance("dropout")
def test_dropout_same_mask_everywhere(case):
    """A seed or a key gives the same mask on every backend: the results agree element by element."""
    dtype = case.dtype("floating")
    x = case.array(dtype, shapes(min_dims=0), label="x")
    prob = case.draw(st.sampled_from([0.25, 0.5, 0.9]), label="prob")
    kwargs = {"scale": case.draw(st.booleans(), label="scale")}
    if x.ndim and case.draw(st.booleans(), label="noise_shape"):
        kwargs["noise_shape"] = tuple(case.draw(st.sampled_from([1, None]), label="side") for _ in x.shape)
    seed = case.draw(st.integers(-(2**63), 2**64 - 1), label="seed")
    if case.draw(st.booleans(), label="key"):
        kwargs["key"] = case.xp.random.fold_in(case.xp.random.key(seed), 7)
    else:
        kwargs["seed"] = seed
    case.check("dropout", x, prob, **kwargs)


@conformance("dropout")
def test_dropout_bad_seed_or_key(case):
    x = case.array(case.dtype("real floating"), (3,), label="x")
    bad = case.draw(
        st.sampled_from([{"seed": 2**64}, {"seed": 1.5}, {"key": [1, 2, 3]}, {"seed": 1, "key": "key"}]), label="bad"
    )
    if bad.get("key") == "key":
        bad["key"] = case.xp.random.key(1)
    elif "key" in bad:
        bad["key"] = case.asarray(np.array(bad["key"], dtype=np.uint32), "uint32")
    case.check("dropout", x, 0.5, expect_error=True, **bad)


@conformance("dropout")
def test_dropout_repeats_for_a_seed(case):
    dtype = case.dtype("real floating")
    x = case.array(dtype, (6, 5), finite=True, label="x")
    seed = case.draw(st.integers(0, 2**31), label="seed")

    def twice(xp, x):
        first = xp.functions["dropout"](x, 0.5, seed=seed)
        second = xp.functions["dropout"](x, 0.5, seed=seed)
        return xp.functions["all"](xp.functions["equal"](first, second))

    case.check(twice, x, name="dropout")


@conformance("dropout")
def test_dropout_probability_out_of_range(case):
    x = case.array(case.dtype("real floating"), (3,), label="x")
    case.check("dropout", x, case.draw(st.sampled_from([1.0, -0.1, 1.5])), expect_error=True)


# -- losses -------------------------------------------------------------------------------------


def _probabilities(case, dtype, shape, label, low=0.0):
    values = case.draw(
        st.lists(st.floats(low, 1.0, width=16), min_size=math.prod(shape), max_size=math.prod(shape)), label=label
    )
    return np.asarray(values, dtype=np.float64).reshape(shape)


def _loss_tolerance(dtype, largest_term, count):
    """Sums of ``count`` logarithms of size up to ``largest_term``, each a few eps off."""
    tol = tolerance(dtype, transcendental=True)
    return {"rtol": tol.rtol, "atol": tol.atol + 4 * tol.rtol * largest_term * max(count, 1)}


@conformance("cross_entropy")
def test_cross_entropy(case):
    dtype = case.dtype("real floating")
    shape = case.draw(shapes(min_dims=1, max_dims=2, min_side=1), label="shape")
    true = case.asarray(_probabilities(case, dtype, shape, "true"), dtype)
    pred = case.asarray(_probabilities(case, dtype, shape, "pred"), dtype)
    axis = case.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    reduction = case.draw(st.sampled_from(["none", "sum", "mean"]), label="reduction")
    epsilon = case.draw(st.sampled_from([1e-7, 1e-3]), label="epsilon")
    tolerances = _loss_tolerance(dtype, -math.log(epsilon), math.prod(shape))
    case.check("cross_entropy", true, pred, axis=axis, epsilon=epsilon, reduction=reduction, **tolerances)


@conformance("cross_entropy")
def test_cross_entropy_from_logits_and_labels(case):
    """Logits (of any magnitude, infinities and NaN included) against integer class labels (some outside
    the classes) or target distributions, with label smoothing."""
    dtype = case.dtype("real floating")
    shape = case.draw(shapes(min_dims=1, max_dims=3, min_side=1), label="shape")
    axis = case.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    from_logits = case.draw(st.booleans(), label="from_logits")
    if from_logits:
        pred = case.array(dtype, shape, elements=bounded(dtype, 50.0), label="logits")
    else:
        pred = case.asarray(_probabilities(case, dtype, shape, "pred"), dtype)
    classes = shape[axis]
    if case.draw(st.booleans(), label="labels"):
        label_shape = tuple(size for i, size in enumerate(shape) if i != axis % len(shape))
        label_dtype = case.dtype("integral", exclude=("uint64",))
        high = min(classes, 127)
        true = case.array(label_dtype, label_shape, elements=st.integers(0 if "u" in label_dtype.name else -1, high))
    else:
        true = case.asarray(_probabilities(case, dtype, shape, "true"), dtype)
    smoothing = case.draw(st.sampled_from([0.0, 0.1, 1.0]), label="label_smoothing")
    reduction = case.draw(st.sampled_from(["none", "sum", "mean"]), label="reduction")
    tolerances = _loss_tolerance(dtype, 200.0, math.prod(shape))
    case.check(
        "cross_entropy", true, pred, from_logits=from_logits, axis=axis, label_smoothing=smoothing,
        reduction=reduction, **tolerances,
    )  # fmt: skip


@conformance("cross_entropy")
def test_cross_entropy_bad_labels(case):
    """Labels of the wrong shape, smoothing outside [0, 1], an axis out of range."""
    dtype = case.dtype("real floating")
    pred = case.asarray(np.zeros((2, 3)), dtype)
    problem = case.draw(st.sampled_from(["shape", "smoothing", "axis"]), label="problem")
    labels = case.asarray(np.array([0, 1, 2] if problem == "shape" else [0, 1]), "int32")
    options = {"label_smoothing": 1.5} if problem == "smoothing" else {"axis": 2} if problem == "axis" else {}
    case.check("cross_entropy", labels, pred, from_logits=True, expect_error=True, **options)


@conformance("binary_cross_entropy")
def test_binary_cross_entropy(case):
    dtype = case.dtype("real floating")
    shape = case.draw(shapes(min_dims=0, max_dims=2), label="shape")
    true = case.asarray(_probabilities(case, dtype, shape, "true"), dtype)
    from_logits = case.draw(st.booleans(), label="from_logits")
    if from_logits:
        pred = case.array(dtype, shape, elements=bounded(dtype, 50.0), label="logits")
    else:
        pred = case.asarray(_probabilities(case, dtype, shape, "pred"), dtype)
    kwargs = {
        "from_logits": from_logits,
        "epsilon": case.draw(st.sampled_from([0.0, 0.1]), label="epsilon"),
        "reduction": case.draw(st.sampled_from(["none", "sum", "mean"]), label="reduction"),
    }
    if shape and case.draw(st.booleans(), label="pos_weight"):
        kwargs["pos_weight"] = case.asarray(np.full(shape[-1:], 2.0), dtype)
    if kwargs["reduction"] != "none" and case.draw(st.booleans(), label="axis"):
        kwargs["axis"] = case.draw(axes(len(shape)), label="axis value")
    tolerances = _loss_tolerance(dtype, 200.0, math.prod(shape))
    case.check("binary_cross_entropy", true, pred, **kwargs, **tolerances)


@conformance("cross_entropy", "binary_cross_entropy")
def test_losses_refuse_unknown_reductions(case, function):
    dtype = case.dtype("real floating")
    x = case.asarray(np.full((2,), 0.5), dtype)
    case.check(function, x, x, reduction="median", expect_error=True)


@conformance("lstm_update")
def test_lstm_update(case):
    dtype = case.dtype("real floating", exclude=("float16",))
    batch = case.draw(shapes(max_dims=1, max_side=2), label="batch")
    steps, n_in, hidden = (case.draw(st.integers(0, 3), label=n) for n in ("T", "in", "hidden"))
    elements = bounded(dtype, 1.0, specials=False)
    x = case.array(dtype, (*batch, steps, n_in), elements=elements, label="x")
    h0 = case.array(dtype, (*batch, hidden), elements=elements, label="init_h")
    c0 = case.array(dtype, (*batch, hidden), elements=elements, label="init_c")
    kernel = case.array(dtype, (n_in, 4 * hidden), elements=elements, label="kernel")
    recurrent = case.array(dtype, (hidden, 4 * hidden), elements=elements, label="recurrent_kernel")
    kwargs = {}
    if case.draw(st.booleans(), label="biases"):
        kwargs["bias"] = case.array(dtype, (4 * hidden,), elements=elements, label="bias")
        kwargs["recurrent_bias"] = case.array(dtype, (4 * hidden,), elements=elements, label="recurrent_bias")
    tol = tolerance(dtype, transcendental=True)
    case.check("lstm_update", x, h0, c0, kernel, recurrent, **kwargs, atol=tol.rtol * 64 * (n_in + hidden + 2))


@conformance("stable_divide")
def test_stable_divide(case):
    dtype = case.dtype(("real floating", "complex floating", "integral"))
    shape1, shape2 = case.draw(broadcastable_shapes(), label="shapes")
    numerator = case.array(dtype, shape1, label="numerator")
    denominator = case.array(dtype, shape2, label="denominator")
    if case.draw(st.booleans(), label="scalar denominator"):
        denominator = case.draw(st.floats(-10, 10), label="denominator scalar")
    minimum = case.draw(st.none() | st.sampled_from([0.5, 1e-3]), label="min_denominator")
    case.check("stable_divide", numerator, denominator, min_denominator=minimum)
