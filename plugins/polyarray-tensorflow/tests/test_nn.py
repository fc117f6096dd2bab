"""The native neural-network functions against exact values."""

from __future__ import annotations

import math

import pytest
import tensorflow as tf

import polyarray as pa


def _exact_gelu(value: float) -> float:
    return 0.5 * value * math.erfc(-value / math.sqrt(2.0))


def test_gelu_is_exact_in_the_negative_tail(xp):
    values = [-40.0, -12.0, -3.0, -0.5, 0.0, 0.5, 3.0, 40.0, -math.inf, math.inf]
    got = pa.to_numpy(xp.gelu(tf.constant(values, tf.float64))).tolist()
    for value, result in zip(values[:-2], got[:-2]):
        assert result == pytest.approx(_exact_gelu(value), rel=1e-13, abs=0.0)
    assert got[-2:] == [0.0, math.inf]


def test_gelu_uses_the_composition_for_the_tanh_form_and_complex_input(xp):
    handler = xp.partial_mixed["gelu"][2]
    real = tf.constant([1.0], tf.float32)
    assert handler(real)
    assert not handler(real, approximate=True)
    assert not handler(tf.constant([1 + 1j], tf.complex64), approximate=True)


def test_dropout_with_a_seed_is_reproducible_and_scales_the_kept_elements(xp):
    x = xp.ones((1000,), dtype=pa.float32)
    first = pa.to_numpy(xp.dropout(x, 0.25, seed=3))
    second = pa.to_numpy(xp.dropout(x, 0.25, seed=3))
    assert (first == second).all()
    kept = sorted(set(first.tolist()) - {0.0})
    assert len(kept) == 1
    assert kept[0] == pytest.approx(1 / 0.75, rel=1e-6)
    assert 150 < int((first == 0).sum()) < 350


def test_one_hot_matches_the_composition(xp):
    indices = [0, 2, 5, -1]
    native = pa.to_numpy(xp.one_hot(xp.asarray(indices), 3, on_value=4, off_value=-1, axis=0))
    numpy_backend = pa.get_backend("numpy")
    composed = pa.to_numpy(numpy_backend.one_hot(numpy_backend.asarray(indices), 3, on_value=4, off_value=-1, axis=0))
    assert native.dtype == composed.dtype
    assert native.tolist() == composed.tolist()


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16, tf.float32, tf.float64])
def test_softmax_gives_the_same_bits_eagerly_and_in_a_graph(name, dtype):
    """Eagerly, a tensor without NaN or infinity skips the special-value pass; in a graph every tensor takes it:
    both give the same bits, for finite tensors, empty ones, and slices holding NaN, +inf or -inf."""
    from polyarray_tensorflow import nn

    function = getattr(nn, name)
    graph = tf.function(lambda x, axis: function(x, axis=axis), reduce_retracing=True)
    finite = [[1.0, -2.0, 3.0], [0.5, 0.25, -8.0]]
    cases = [finite, [[1.0, math.inf, 2.0], [1.0, 2.0, 3.0]], [[math.nan, 1.0, 0.0], [-math.inf, 1.0, 0.0]], [[]]]
    for values in cases:
        x = tf.cast(tf.constant(values, tf.float64), dtype)
        for axis in (0, -1):
            eager = function(x, axis=axis)
            assert tf.executing_eagerly()
            assert eager.dtype == dtype and eager.shape == x.shape
            bits = [
                tf.bitcast(t, tf.int16 if dtype.size == 2 else tf.int32 if dtype.size == 4 else tf.int64)
                for t in (eager, graph(x, axis))
            ]
            assert bits[0].numpy().tolist() == bits[1].numpy().tolist(), (name, dtype, values, axis)
    assert nn._all_finite(tf.constant(finite)) and not nn._all_finite(tf.constant([1.0, math.inf]))
