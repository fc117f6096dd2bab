"""Sizes and axes reach every backend in one form, whatever form the call gives them in.

A parameter declared to take integers or sequences of them (``shape``,
``axis``, ``axes``, ``repetitions`` …) takes a Python int or any integer
(NumPy's, a 0-d array), and a tuple, list or ``range`` of them; an int where
only a sequence is declared (``reshape(x, -1)``) is a tuple of one, as NumPy
takes it. Each form must give exactly what the plain tuple of Python ints
gives, on every backend (which ``test_same_everywhere`` and the differential
fuzzer compare across backends). Before, ``reshape(x, -1)`` worked on NumPy
and JAX and was an error elsewhere, and ``sum(x, axis=[0])`` the reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import polyarray as pa
from polyarray._declare import declarations
from polyarray._wrappers.integers import integer_parameters


@pytest.fixture
def backend(polyarray_backend):
    with pa.backend_context(polyarray_backend):
        yield polyarray_backend


def _x() -> Any:
    return pa.reshape(pa.arange(1.0, 7.0), (2, 3))


def _key() -> Any:
    return pa.random.key(3)


#: (function, parameter) -> (a call taking the parameter's value, the value as a tuple of Python ints).
CALLS: dict[tuple[str, str], tuple[Callable[[Any], Any], tuple]] = {
    ("reshape", "shape"): (lambda v: pa.reshape(_x(), v), (-1,)),
    ("broadcast_to", "shape"): (lambda v: pa.broadcast_to(pa.arange(3.0), v), (3,)),
    ("permute_dims", "axes"): (lambda v: pa.permute_dims(pa.arange(3.0), v), (0,)),
    ("tile", "repetitions"): (lambda v: pa.tile(_x(), v), (2,)),
    ("zeros", "shape"): (lambda v: pa.zeros(v), (2, 3)),
    ("ones", "shape"): (lambda v: pa.ones(v), (2, 3)),
    ("empty", "shape"): (lambda v: pa.empty(v).shape, (2, 3)),
    ("full", "shape"): (lambda v: pa.full(v, 2.5), (2, 3)),
    ("squeeze", "axis"): (lambda v: pa.squeeze(pa.reshape(_x(), (1, 2, 3)), axis=v), (0,)),
    ("flip", "axis"): (lambda v: pa.flip(_x(), axis=v), (1,)),
    ("roll", "shift"): (lambda v: pa.roll(_x(), v, axis=(0, 1)), (1, 2)),
    ("roll", "axis"): (lambda v: pa.roll(_x(), (1, 1), axis=v), (1, 1)),
    ("moveaxis", "source"): (lambda v: pa.moveaxis(pa.reshape(_x(), (1, 2, 3)), v, (2, 0)), (0, 1)),
    ("moveaxis", "destination"): (lambda v: pa.moveaxis(pa.reshape(_x(), (1, 2, 3)), (0, 1), v), (2, 0)),
    ("split", "indices_or_sections"): (lambda v: pa.split(_x(), v, axis=1), (1, 2)),
    ("layer_norm", "normalized_idxs"): (lambda v: pa.layer_norm(_x(), v), (1,)),
    ("fft.fftshift", "axes"): (lambda v: pa.fft.fftshift(_x(), axes=v), (1,)),
    ("fft.ifftshift", "axes"): (lambda v: pa.fft.ifftshift(_x(), axes=v), (0, 1)),
    ("tensordot", "axes"): (lambda v: pa.tensordot(_x(), pa.reshape(_x(), (3, 2)), axes=v), ((1,), (0,))),
    ("random.normal", "shape"): (lambda v: pa.random.normal(_key(), v), (2, 3)),
    ("random.uniform", "shape"): (lambda v: pa.random.uniform(_key(), v), (2, 3)),
    ("random.integers", "shape"): (lambda v: pa.random.integers(_key(), v, 0, 9), (2, 3)),
    ("random.bernoulli", "shape"): (lambda v: pa.random.bernoulli(_key(), v, 0.5), (2, 3)),
    ("random.choice", "shape"): (lambda v: pa.random.choice(_key(), 5, v), (2, 3)),
    ("random.truncated_normal", "shape"): (lambda v: pa.random.truncated_normal(_key(), v, -1.0, 1.0), (2, 3)),
}
for _name in ("fftn", "ifftn", "rfftn"):
    CALLS[(f"fft.{_name}", "s")] = (lambda v, _name=_name: getattr(pa.fft, _name)(_x(), s=v, axes=(0, 1)), (2, 4))
    CALLS[(f"fft.{_name}", "axes")] = (lambda v, _name=_name: getattr(pa.fft, _name)(_x(), axes=v), (1,))
CALLS[("fft.irfftn", "s")] = (lambda v: pa.fft.irfftn(pa.astype(_x(), pa.complex64), s=v, axes=(0, 1)), (2, 4))
CALLS[("fft.irfftn", "axes")] = (lambda v: pa.fft.irfftn(pa.astype(_x(), pa.complex64), axes=v), (1,))
_REDUCTIONS = {
    "all": pa.all,
    "any": pa.any,
    "count_nonzero": pa.count_nonzero,
    "max": pa.max,
    "min": pa.min,
    "mean": pa.mean,
    "median": pa.median,
    "prod": pa.prod,
    "std": pa.std,
    "sum": pa.sum,
    "var": pa.var,
    "logsumexp": pa.logsumexp,
    "softmax": pa.softmax,
    "log_softmax": pa.log_softmax,
    "linalg.vector_norm": pa.linalg.vector_norm,
}
for _name, _function in _REDUCTIONS.items():
    CALLS[(_name, "axis")] = (lambda v, _function=_function: _function(_x(), axis=v), (0, 1))
CALLS[("quantile", "axis")] = (lambda v: pa.quantile(_x(), 0.5, axis=v), (1,))
CALLS[("binary_cross_entropy", "axis")] = (
    lambda v: pa.binary_cross_entropy(pa.ones((2, 3)) / 2, pa.ones((2, 3)) / 4, reduction="none", axis=v),
    (1,),
)


def _forms(canonical: tuple) -> dict[str, Any]:
    """The other ways a user writes ``canonical``."""
    if canonical and isinstance(canonical[0], tuple):  # a pair of sequences (tensordot's axes)
        return {
            "lists": [list(part) for part in canonical],
            "numpy ints": tuple(tuple(map(np.int64, part)) for part in canonical),
        }
    forms: dict[str, Any] = {"list": list(canonical), "numpy ints": tuple(np.int64(v) for v in canonical)}
    if canonical == tuple(range(canonical[0], canonical[0] + len(canonical))) and canonical[0] >= 0:
        forms["range"] = range(canonical[0], canonical[0] + len(canonical))
    if len(canonical) == 1:
        forms["int"] = canonical[0]
        forms["numpy int"] = np.int32(canonical[0])
    return forms


def _outcome(result: Any) -> Any:
    if isinstance(result, (list, tuple)):
        return [_outcome(item) for item in result]
    if isinstance(result, tuple) or not hasattr(result, "dtype"):
        return result
    values = pa.to_numpy(result)
    return (str(values.dtype), values.shape, values.tolist())


def _run(call: Callable[[Any], Any], value: Any) -> Any:
    try:
        return _outcome(call(value))
    except pa.PolyarrayError as error:
        return type(error).__name__


@pytest.mark.parametrize("key", sorted(CALLS), ids=lambda key: f"{key[0]}-{key[1]}")
def test_every_form_of_sizes_and_axes_gives_what_the_tuple_gives(backend, key):
    call, canonical = CALLS[key]
    expected = _run(call, canonical)
    assert not isinstance(expected, str), f"pa.{key[0]} with {key[1]}={canonical} raised {expected} on {backend}"
    for form, value in _forms(canonical).items():
        assert _run(call, value) == expected, f"pa.{key[0]} with {key[1]} as {form} ({value!r}) on {backend}"


def test_every_parameter_taking_sequences_of_integers_is_covered():
    declared = {
        (decl.qualname, spec.name)
        for decl in declarations()
        for spec in integer_parameters(decl)
        if spec.kind == "integer" and (spec.allows_sequence or spec.allows_pair)
    }
    assert declared - set(CALLS) == set()


def test_an_int_for_a_parameter_taking_only_sequences_is_a_tuple_of_one(backend):
    x = _x()
    assert pa.reshape(x, -1).shape == (6,)
    assert pa.tile(pa.arange(3), 2).shape == (6,)
    assert pa.broadcast_to(pa.asarray(1.0), 4).shape == (4,)
    assert pa.fft.fftn(x, axes=1).shape == (2, 3)
    with pytest.raises(pa.PolyarrayValueError, match="non-negative"):
        pa.reshape(x, -2)
    with pytest.raises(pa.PolyarrayTypeError, match="cannot be interpreted as an integer"):
        pa.reshape(x, [6.0])


def test_a_list_of_axes_is_checked_as_the_tuple_is(backend):
    x = _x()
    with pytest.raises(pa.PolyarrayAxisError):
        pa.sum(x, axis=[2])
    with pytest.raises(pa.PolyarrayValueError, match="duplicate"):
        pa.sum(x, axis=[0, -2])
    assert pa.to_numpy(pa.sum(x, axis=[-1])).tolist() == [6.0, 15.0]


def test_native_mode_and_the_array_method_take_the_same_forms(backend):
    native = pa.to_native(_x())
    pa.set_array_mode(False)
    try:
        assert tuple(pa.reshape(native, -1).shape) == (6,)
        assert tuple(pa.sum(native, axis=[0]).shape) == (3,)
        assert tuple(pa.permute_dims(native, [1, 0]).shape) == (3, 2)
    finally:
        pa.set_array_mode(True)
    assert _x().reshape(-1).shape == (6,)


def _zero_d() -> Any:
    return pa.asarray(1.0)


def _complex_zero_d() -> Any:
    return pa.asarray(1.0 + 0j)


#: Each function whose axis defaults to an int that no 0-d array has, called on 0-d arrays without the axis.
DEFAULT_AXES: dict[str, Callable[[], Any]] = {
    "take_along_axis": lambda: pa.take_along_axis(_zero_d(), pa.asarray(0)),
    "vecdot": lambda: pa.vecdot(_zero_d(), _zero_d()),
    "concat": lambda: pa.concat([_zero_d(), _zero_d()]),
    "split": lambda: pa.split(_zero_d(), 1),
    "unstack": lambda: pa.unstack(_zero_d()),
    "argsort": lambda: pa.argsort(_zero_d()),
    "sort": lambda: pa.sort(_zero_d()),
    "top_k": lambda: pa.top_k(_zero_d(), 1),
    "diff": lambda: pa.diff(_zero_d()),
    "linalg.cross": lambda: pa.linalg.cross(_zero_d(), _zero_d()),
    "fft.fft": lambda: pa.fft.fft(_complex_zero_d()),
    "fft.ifft": lambda: pa.fft.ifft(_complex_zero_d()),
    "fft.rfft": lambda: pa.fft.rfft(_zero_d()),
    "fft.irfft": lambda: pa.fft.irfft(_complex_zero_d()),
    "fft.hfft": lambda: pa.fft.hfft(_complex_zero_d()),
    "fft.ihfft": lambda: pa.fft.ihfft(_zero_d()),
    "softmax": lambda: pa.softmax(_zero_d()),
    "log_softmax": lambda: pa.log_softmax(_zero_d()),
    "cross_entropy": lambda: pa.cross_entropy(_zero_d(), _zero_d()),
}


def test_every_default_axis_is_covered():
    from polyarray._wrappers.integers import default_axes_rank

    declared = {decl.qualname for decl in declarations() if default_axes_rank(decl) > 0}
    assert declared == set(DEFAULT_AXES)


def _refusal(name: str, mode: str) -> pa.PolyarrayError:
    pa.set_array_mode(mode == "Array mode")
    try:
        with pytest.raises(pa.PolyarrayValueError) as info:
            DEFAULT_AXES[name]()
    finally:
        pa.set_array_mode(True)
    return info.value


@pytest.mark.parametrize("mode", ["Array mode", "native mode"])
@pytest.mark.parametrize("name", sorted(DEFAULT_AXES))
def test_a_default_axis_a_0d_array_lacks_is_refused_alike_everywhere(backend, name, mode):
    # Before, PyTorch said IndexError for sort, NumPy gave a value for cross_entropy, Dask a ValueError for
    # take_along_axis: the fast path and the chain now check a default axis as they check a given one (after
    # the declaration's own check, whose error about the rank is the more telling).
    error = _refusal(name, mode)
    with pa.backend_context("numpy"):
        reference = _refusal(name, mode)
    assert type(error) is type(reference)
    assert str(error) == str(reference).replace("numpy backend", f"{backend} backend")
    assert any(words in str(error) for words in ("dimension 0", "0-d", "zero-dimensional")), str(error)


def test_stack_and_expand_dims_keep_taking_0d_arrays(backend):
    assert pa.stack([_zero_d(), _zero_d()]).shape == (2,)
    assert pa.expand_dims(_zero_d(), axis=0).shape == (1,)
    assert pa.softmax(_zero_d(), axis=None).shape == ()
