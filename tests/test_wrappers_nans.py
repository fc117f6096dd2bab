"""handle_nans and pa.set_nan_policy: NaN in array arguments let through, warned about, or refused."""

from __future__ import annotations

import inspect
import warnings

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from dtype_sets import FLOATING, INTEGER
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import Declaration
from polyarray._wrappers.nans import handle_nans

NAN = np.array([1.0, np.nan])


@pytest.fixture(autouse=True)
def _nothing_policy():
    pa.set_nan_policy("nothing")
    yield
    pa.set_nan_policy("nothing")


def test_the_default_lets_nan_through_silently():
    assert pa.nan_policy() == "nothing"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = pa.add(NAN, 1.0)
    assert np.isnan(pa.to_numpy(result)[1])


def test_warns_names_the_function_and_the_argument():
    pa.set_nan_policy("warns")
    assert pa.nan_policy() == "warns"
    with pytest.warns(RuntimeWarning, match=r"pa\.add received NaN in its argument 'x2'"):
        result = pa.add(np.ones(2), NAN)
    assert np.isnan(pa.to_numpy(result)[1])


def test_raise_exception_refuses_before_the_function_runs():
    pa.set_nan_policy("raise_exception")
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.exp received NaN in its argument 'x'") as info:
        pa.exp(pa.asarray(NAN))
    assert isinstance(info.value, ValueError)
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.sum received NaN"):
        pa.sum(NAN)
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.linalg\.det received NaN"):
        pa.linalg.det(np.array([[1.0, np.nan], [0.0, 1.0]]))
    with pytest.raises(pa.PolyarrayValueError, match=r"pa\.softmax received NaN"):
        pa.softmax(NAN)


def test_python_scalars_keyword_arguments_and_complex_values_are_checked():
    pa.set_nan_policy("raise_exception")
    with pytest.raises(pa.PolyarrayValueError, match="'x2'"):
        pa.multiply(np.ones(2), float("nan"))
    with pytest.raises(pa.PolyarrayValueError, match="'max'"):
        pa.clip(np.ones(2), max=np.array([np.nan, 1.0]))
    with pytest.raises(pa.PolyarrayValueError, match="'x'"):
        pa.conj(np.array([1 + 1j, complex(0.0, np.nan)]))


def test_families_that_do_not_compute_are_not_checked():
    pa.set_nan_policy("raise_exception")
    reshaped = pa.reshape(NAN, (2, 1))
    assert reshaped.shape == (2, 1)


@pytest.mark.parametrize("dtype", (*INTEGER, np.dtype(bool)), ids=str)
def test_integer_and_bool_arrays_are_skipped(dtype):
    pa.set_nan_policy("raise_exception")
    assert pa.sum(np.ones(3, dtype=dtype)).shape == ()


def test_a_bad_policy_is_refused():
    with pytest.raises(pa.PolyarrayValueError, match="'nothing', 'warns', 'raise_exception'"):
        pa.set_nan_policy("ignore")
    assert pa.nan_policy() == "nothing"


def test_a_declaration_without_array_parameters_is_not_wrapped():
    def make(n: int) -> int:
        return n

    decl = Declaration(
        name="make",
        namespace="",
        kind="primary",
        function=make,
        signature=inspect.signature(make),
        wrappers=("handle_nans",),
    )
    assert handle_nans(make, decl, pa.get_backend("numpy")) is make


@given(
    hnp.arrays(
        st.sampled_from(FLOATING),
        hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
        elements={"allow_nan": True, "allow_infinity": True},
    )
)
def test_raise_exception_raises_exactly_when_there_is_nan(x):
    pa.set_nan_policy("raise_exception")
    try:
        with np.errstate(all="ignore"):
            pa.negative(x)
        raised = False
    except pa.PolyarrayValueError:
        raised = True
    finally:
        pa.set_nan_policy("nothing")
    assert raised == bool(np.isnan(x).any())
