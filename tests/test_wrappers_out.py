"""handle_out_argument: ``out=`` of element-wise functions and reductions, on mutable and immutable backends."""

from __future__ import annotations

import inspect

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from dtype_sets import ALL, FLOATING
from hypothesis import given
from hypothesis import strategies as st
from test_wrappers_views import Frozen, frozen, frozen_array, frozen_plugin, numpy_plugin  # noqa: F401

import polyarray as pa
from polyarray._wrappers.out import same_kind


def test_out_is_a_keyword_only_parameter_of_the_computing_families():
    for function in (pa.exp, pa.add, pa.sum, pa.logsumexp):
        parameter = inspect.signature(function).parameters["out"]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default is None
        assert "out" not in function.declaration.implementation_signature.parameters
    assert "out" not in inspect.signature(pa.reshape).parameters


def test_the_result_is_written_into_out_and_out_is_returned():
    x = pa.asarray(np.array([1.0, 2.0, 3.0]))
    out = pa.asarray(np.zeros(3))
    view = out[1:]
    assert pa.add(x, 1.0, out=out) is out
    np.testing.assert_array_equal(pa.to_numpy(out), [2.0, 3.0, 4.0])
    np.testing.assert_array_equal(pa.to_numpy(view), [3.0, 4.0])  # views of out see the result


def test_a_native_numpy_out_is_updated_in_place():
    out = np.zeros(2)
    result = pa.multiply(np.array([1.0, 2.0]), 3.0, out=out)
    np.testing.assert_array_equal(out, [3.0, 6.0])
    assert np.shares_memory(pa.to_native(result), out)
    pa.set_array_mode(False)
    assert pa.exp(np.zeros(2), out=out) is out
    np.testing.assert_array_equal(out, [1.0, 1.0])


def test_reductions_write_into_out_including_0d():
    x = pa.asarray(np.arange(6.0).reshape(2, 3))
    rows = pa.asarray(np.zeros(2))
    pa.sum(x, axis=1, out=rows)
    np.testing.assert_array_equal(pa.to_numpy(rows), [3.0, 12.0])
    total = pa.sum(pa.asarray(np.ones(1)))  # a NumPy scalar inside
    assert pa.sum(x, out=total) is total
    assert float(total) == 15.0
    assert pa.logsumexp(pa.asarray(np.zeros(1)), out=total) is total  # a mixed function
    assert float(total) == 0.0


def test_a_shape_mismatch_raises_before_anything_is_written():
    out = pa.asarray(np.zeros((2, 3)))
    with pytest.raises(pa.PolyarrayValueError, match=r"shape \(3,\) but out has shape \(2, 3\)"):
        pa.exp(pa.asarray(np.ones(3)), out=out)  # NumPy's own out= would broadcast here
    assert not pa.to_numpy(out).any()


def test_casting_follows_same_kind():
    out = pa.asarray(np.zeros(2, dtype=np.float32))
    pa.add(pa.asarray(np.array([1, 2])), 1, out=out)  # int64 -> float32: allowed
    np.testing.assert_array_equal(pa.to_numpy(out), [2.0, 3.0])
    integers = pa.asarray(np.zeros(2, dtype=np.int64))
    with pytest.raises(
        pa.PolyarrayTypeError, match="float64 cannot be cast to out's dtype int64 under the 'same_kind'"
    ):
        pa.exp(pa.asarray(np.ones(2)), out=integers)
    unsigned = pa.asarray(np.zeros(2, dtype=np.uint8))
    with pytest.raises(pa.PolyarrayTypeError, match="same_kind"):
        pa.negative(pa.asarray(np.array([1, 2])), out=unsigned)


@pytest.mark.parametrize("source", ALL, ids=str)
def test_same_kind_is_numpys_rule(source):
    for destination in ALL:
        got = same_kind(pa._dtypes.as_dtype(source.name).kind, pa._dtypes.as_dtype(destination.name).kind)
        assert got == np.can_cast(source, destination, "same_kind"), (source, destination)


def test_bad_out_values_are_refused():
    with pytest.raises(pa.PolyarrayTypeError, match=r"out must be a pa\.Array"):
        pa.exp(pa.asarray(np.ones(2)), out=[0.0, 0.0])
    with pytest.raises(pa.PolyarrayValueError, match="read-only"):
        pa.exp(pa.asarray(np.ones(2)), out=pa.broadcast_to(pa.asarray(np.zeros(1)), (2,)))


@given(data=st.data())
def test_out_matches_the_result_without_out(data):
    name = data.draw(st.sampled_from(["exp", "negative", "sqrt", "add", "multiply", "sum", "max"]), label="name")
    dtype = data.draw(st.sampled_from(FLOATING), label="dtype")
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, max_side=4), label="shape")
    x = pa.asarray(data.draw(hnp.arrays(dtype, shape), label="x"))
    function = getattr(pa, name)
    args = (x, x) if name in ("add", "multiply") else (x,)
    kwargs = {"axis": 0} if name in ("sum", "max") else {}
    with np.errstate(all="ignore"):
        expected = pa.to_numpy(function(*args, **kwargs))
        out = pa.asarray(np.full(expected.shape, 7, dtype=expected.dtype))
        assert function(*args, out=out, **kwargs) is out
    np.testing.assert_array_equal(pa.to_numpy(out), expected)
    assert pa.to_numpy(out).dtype == expected.dtype


# -- implementations that take out= themselves ---------------------------------------------


def test_an_implementation_declaring_out_receives_the_native_out():
    received = []

    def exp(x, /, *, out=None):
        received.append(out)
        return np.exp(x, out=out)

    pa.register_backend("nativeout", numpy_plugin(exp=exp))
    try:
        backend = pa.get_backend("nativeout")
        out = pa.asarray(np.zeros(2), backend="nativeout")
        assert backend.exp(np.zeros(2), out=out) is out
        assert received[-1] is out.data
        np.testing.assert_array_equal(pa.to_numpy(out), [1.0, 1.0])
        backend.exp(np.zeros(2))
        assert received[-1] is None
    finally:
        pa.unregister_backend("nativeout")


# -- immutable arrays ---------------------------------------------------------------------


def test_out_on_an_immutable_backend_takes_the_new_data(frozen):  # noqa: F811
    out = frozen_array(np.zeros(3))
    before = out.data
    assert pa.add(frozen_array([1.0, 2.0, 3.0]), 1.0, out=out) is out
    assert out.data is not before and type(out.data) is Frozen
    np.testing.assert_array_equal(pa.to_numpy(out), [2.0, 3.0, 4.0])
    total = frozen_array(np.float64(0.0))
    pa.sum(frozen_array([1.0, 2.0]), out=total)
    assert pa.to_numpy(total).tolist() == 3.0


def test_out_casts_to_its_dtype_on_an_immutable_backend(frozen):  # noqa: F811
    out = frozen_array(np.zeros(2, dtype=np.float32))
    pa.add(frozen_array([1, 2]), 1, out=out)
    assert out.dtype == pa.float32
    np.testing.assert_array_equal(pa.to_numpy(out), [2.0, 3.0])


def test_a_native_immutable_out_is_refused(frozen):  # noqa: F811
    with pytest.raises(pa.PolyarrayTypeError, match=r"pass a pa\.Array as out"):
        frozen.exp(Frozen([0.0]), out=Frozen([0.0]))


def test_out_of_another_backend_is_refused(frozen):  # noqa: F811
    with pytest.raises(pa.PolyarrayTypeError, match="out is an array of the numpy backend"):
        pa.exp(frozen_array([0.0]), out=pa.asarray(np.zeros(1)))


def test_an_immutable_backend_must_implement_the_update_hooks():
    module = frozen_plugin()
    del module.inplace_update, module.set_item
    pa.register_backend("frozenbare", module)
    try:
        with pytest.raises(pa.PluginValidationError, match="support hooks inplace_update, set_item, as its arrays"):
            pa.get_backend("frozenbare")
    finally:
        pa.unregister_backend("frozenbare")
