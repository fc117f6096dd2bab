"""pa.cross_entropy with logits, integer class labels and label smoothing, against a NumPy reference.

The reference computes in float64 with ``log_softmax(z) = z - max - log(sum(exp(z - max)))``
and picks the label's term by indexing, the way PyTorch's ``cross_entropy`` is
defined; calls of today's form (probabilities, one-hot targets) keep their results.
"""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


def _log_softmax(z, axis):
    top = np.max(z, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    return z - top - np.log(np.sum(np.exp(z - top), axis=axis, keepdims=True))


def reference(true, pred, *, from_logits=False, axis=-1, epsilon=1e-7, label_smoothing=0.0, reduction="mean"):
    pred = pred.astype(np.float64)
    axis %= pred.ndim
    classes = pred.shape[axis]
    log_p = _log_softmax(pred, axis) if from_logits else np.log(np.clip(pred, epsilon, 1 - epsilon))
    if true.dtype.kind in "iu" and true.ndim == pred.ndim - 1:
        target = np.expand_dims(true, axis) == np.arange(classes).reshape((classes,) + (1,) * (pred.ndim - 1 - axis))
        target = target.astype(np.float64)
    else:
        target = np.broadcast_to(true.astype(np.float64), pred.shape)
    target = target * (1 - label_smoothing) + label_smoothing / classes
    terms = np.where(target == 0, 0.0, target * log_p)
    loss = -np.sum(terms, axis=axis)
    return {"none": loss, "sum": np.sum(loss), "mean": np.mean(loss)}[reduction]


@st.composite
def label_calls(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    axis = draw(st.integers(-len(shape), len(shape) - 1))
    dtype = draw(st.sampled_from(["float32", "float64"]))
    logits = draw(hnp.arrays(dtype, shape, elements=st.floats(-50, 50, width=32)))
    classes = shape[axis]
    label_shape = tuple(s for i, s in enumerate(shape) if i != axis % len(shape))
    label_dtype = draw(st.sampled_from(["int64", "int32", "uint8"]))
    labels = draw(hnp.arrays(label_dtype, label_shape, elements=st.integers(0, classes - 1)))
    options = {
        "axis": axis,
        "reduction": draw(st.sampled_from(["none", "sum", "mean"])),
        "label_smoothing": draw(st.sampled_from([0.0, 0.1, 1.0])),
    }
    return labels, logits, options


@given(call=label_calls(), from_logits=st.booleans())
def test_integer_labels(call, from_logits):
    labels, values, options = call
    pred = values if from_logits else np.abs(values) / (1 + np.abs(values))
    got = pa.cross_entropy(pa.asarray(labels), pa.asarray(pred), from_logits=from_logits, **options)
    want = reference(labels, pred, from_logits=from_logits, **options)
    assert got.dtype == pa.asarray(pred).dtype
    tolerance = 1e-4 if pred.dtype == np.float32 else 1e-10
    np.testing.assert_allclose(pa.to_numpy(got), want, rtol=tolerance, atol=tolerance)


@given(call=label_calls())
def test_logits_with_distributions_equal_logits_with_labels(call):
    labels, logits, options = call
    axis = options["axis"] % logits.ndim
    classes = logits.shape[axis]
    one_hot = np.moveaxis(np.eye(classes, dtype=logits.dtype)[labels], -1, axis)
    as_labels = pa.cross_entropy(pa.asarray(labels), pa.asarray(logits), from_logits=True, **options)
    as_targets = pa.cross_entropy(pa.asarray(one_hot), pa.asarray(logits), from_logits=True, **options)
    np.testing.assert_allclose(pa.to_numpy(as_labels), pa.to_numpy(as_targets), rtol=1e-6, atol=1e-6)


def test_huge_and_impossible_logits_stay_finite():
    logits = pa.asarray([[1000.0, -1000.0, 0.0], [-np.inf, 5.0, 0.0], [3e38, -3e38, 0.0]])
    losses = pa.to_numpy(pa.cross_entropy(pa.asarray([0, 1, 0]), logits, from_logits=True, reduction="none"))
    assert np.isfinite(losses).all()
    np.testing.assert_allclose(
        losses, reference(np.array([0, 1, 0]), pa.to_numpy(logits), from_logits=True, reduction="none")
    )
    # A one-hot target of 0 against an impossible class (-inf) contributes nothing.
    targets = pa.asarray([[0.0, 1.0, 0.0]])
    assert float(pa.cross_entropy(targets, pa.asarray([[-np.inf, 1.0, 0.0]]), from_logits=True)) == pytest.approx(
        np.log1p(np.exp(-1.0))
    )
    # NaN propagates.
    assert np.isnan(float(pa.cross_entropy(pa.asarray([0]), pa.asarray([[np.nan, 1.0]]), from_logits=True)))


def test_labels_outside_the_classes_select_nothing():
    logits = pa.asarray([[1.0, 2.0], [3.0, 4.0], [0.0, 0.0]])
    losses = pa.to_numpy(pa.cross_entropy(pa.asarray([-1, 2, 1]), logits, from_logits=True, reduction="none"))
    assert losses[0] == 0.0 and losses[1] == 0.0 and losses[2] == pytest.approx(np.log(2.0))
    smoothed = pa.cross_entropy(pa.asarray([5]), pa.asarray([[0.0, 0.0]]), from_logits=True, label_smoothing=0.5)
    assert float(smoothed) == pytest.approx(0.5 * np.log(2.0))


def test_todays_calls_keep_their_results():
    # Integer one-hot targets of pred's shape are distributions, as before; probabilities are clipped.
    true = pa.asarray([[0, 1], [1, 0]])
    pred = pa.asarray([[0.2, 0.8], [0.6, 0.4]])
    want = reference(np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([[0.2, 0.8], [0.6, 0.4]]), reduction="none")
    np.testing.assert_allclose(pa.to_numpy(pa.cross_entropy(true, pred, reduction="none")), want)
    assert float(pa.cross_entropy(pa.asarray([[1.0, 0.0]]), pa.asarray([[0.0, 1.0]]))) == pytest.approx(-np.log(1e-7))


def test_scalar_labels_and_empty_batches():
    assert float(pa.cross_entropy(pa.asarray(1), pa.asarray([0.0, 0.0]), from_logits=True)) == pytest.approx(np.log(2))
    empty = pa.cross_entropy(pa.zeros((0,), dtype=pa.int64), pa.zeros((0, 3)), from_logits=True, reduction="none")
    assert empty.shape == (0,)
    assert float(pa.cross_entropy(pa.zeros((0,), dtype=pa.int64), pa.zeros((0, 3)), reduction="sum")) == 0.0


def test_bad_input():
    logits = pa.zeros((2, 3))
    with pytest.raises(pa.PolyarrayValueError, match="class labels of shape"):
        pa.cross_entropy(pa.asarray([0, 1, 2]), logits, from_logits=True)
    with pytest.raises(pa.PolyarrayValueError, match="label_smoothing"):
        pa.cross_entropy(pa.asarray([0, 1]), logits, label_smoothing=1.5)
    with pytest.raises(pa.PolyarrayAxisError):
        pa.cross_entropy(pa.asarray([0, 1]), logits, axis=3)
    with pytest.raises(pa.PolyarrayTypeError, match="real floating-point pred"):
        pa.cross_entropy(pa.asarray([0, 1]), pa.zeros((2, 3), dtype=pa.int64))
    with pytest.raises(pa.PolyarrayValueError, match="reduction"):
        pa.cross_entropy(pa.asarray([0, 1]), logits, reduction="max")
