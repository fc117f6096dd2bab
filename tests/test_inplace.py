"""``x op= y`` on NumPy: the fast path of ``backend.inplace`` gives what its reference gives, on every operand.

The reference is ``x op y`` written into ``x`` (``assign_result``); the fast
path computes ``x op y`` itself for the common operands and writes it with
the backend's ``inplace_update``. ``inplace_outcomes.differences`` compares
the two on fresh copies, NumPy's floating-point errors raising or ignored.
"""

from __future__ import annotations

import numpy as np
import pytest
from inplace_outcomes import differences, takes_directly

import polyarray as pa

DTYPES = ["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_fast_path_gives_what_the_reference_gives(dtype):
    assert list(differences("numpy", [dtype], ["ignore", "raise"])) == []


def test_the_common_calls_take_the_fast_path():
    x = pa.asarray(np.ones((2, 3), dtype=np.float32))
    assert takes_directly("numpy", "__imul__", x, pa.asarray(np.full(3, 2, dtype=np.float32)))
    assert takes_directly("numpy", "__isub__", x, np.float32(1))
    # A Python scalar where the operator's fast path takes one: through the plugin's direct marks, from NumPy 2 on
    # (NumPy 1.26 promotes by value, and its operators' scalars go to the chain).
    takes_scalars = pa.get_backend("numpy").functions["add"].plan.scalars is not None
    assert takes_scalars is (np.lib.NumpyVersion(np.__version__) >= "2.0.0")
    assert takes_directly("numpy", "__iadd__", x, 2) is takes_scalars
    assert pa.to_numpy(x).tolist() == [[3.0] * 3] * 2
    with pytest.raises(pa.PolyarrayTypeError, match="float64, which cannot be stored in x of dtype int8"):
        takes_directly("numpy", "__iadd__", pa.asarray(np.ones(3, dtype=np.int8)), 2.5)
    assert not takes_directly("numpy", "__iadd__", x, np.ones(3))  # float64: the reference casts
    assert not takes_directly("numpy", "__iadd__", x, 2**70)  # beyond int64: the chain converts it


def test_an_error_of_numpy_leaves_x_unchanged():
    x = pa.asarray(np.array([3e38, 1.0], dtype=np.float32))
    with np.errstate(over="raise"), pytest.raises(pa.PolyarrayValueError, match="overflow encountered"):
        x *= 10
    assert pa.to_numpy(x).tolist() == pytest.approx([3e38, 1.0])
    y = pa.asarray(np.broadcast_to(np.float32(1), (3,)))
    with pytest.raises(ValueError, match="read-only"):
        y += 1
    assert pa.to_numpy(y).tolist() == [1.0, 1.0, 1.0]
