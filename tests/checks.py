"""Assertions shared by the API tests."""

from __future__ import annotations

import numpy as np
import pytest

import polyarray as pa


def check(result, expected, *, exact=True):
    """``result`` is a ``pa.Array`` equal to ``expected`` in values (NaN-aware), dtype and shape.

    With ``exact=False`` the values are compared within a tolerance for the dtype.
    """
    assert isinstance(result, pa.Array), type(result)
    expected = np.asarray(expected)
    got = pa.to_numpy(result)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    if exact:
        np.testing.assert_array_equal(got, expected)
    else:
        tolerance = {np.float16: 2e-3, np.float32: 1e-5}.get(np.finfo(got.dtype).dtype.type, 1e-12)
        np.testing.assert_allclose(got, expected, rtol=tolerance, atol=tolerance, equal_nan=True)


def assert_axis_error(call):
    """An invalid axis raises a polyarray error that is an IndexError or ValueError (like AxisError)."""
    with pytest.raises(pa.PolyarrayError) as info:
        call()
    assert isinstance(info.value, (IndexError, ValueError))
