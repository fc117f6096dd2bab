"""torch tensors through polyarray: the backend builds completely, autograd works, indexing is the standard's."""

from __future__ import annotations

import inspect
import subprocess
import sys

import numpy as np
import pytest
import torch

import polyarray as pa
from polyarray._declare import declarations


def test_every_declared_function_is_provided(torch_backend):
    declared = {d.qualname for d in declarations(("primary", "mixed", "compositional"))}
    primaries = {d.qualname for d in declarations("primary")}
    assert not torch_backend.missing
    assert primaries <= torch_backend.native
    assert declared == torch_backend.native | torch_backend.composed
    assert "linear" in torch_backend.partial_mixed


def test_the_command_line_lists_the_backend():
    done = subprocess.run(
        [sys.executable, "-m", "polyarray", "backends"], capture_output=True, text=True, timeout=300, check=True
    )
    line = next(line for line in done.stdout.splitlines() if line.startswith("torch "))
    assert "yes" in line.split()


def test_lists_and_scalars_become_tensors(torch_backend):
    assert torch_backend.accepts_array_likes is False
    result = pa.add([1, 2], 3, backend="torch")
    assert isinstance(result.data, torch.Tensor)
    assert pa.to_numpy(result).tolist() == [4, 5]
    assert pa.to_numpy(pa.subtract(10, pa.asarray([1, 2], backend="torch"))).tolist() == [9, 8]


def test_tensors_that_require_grad_keep_the_graph():
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    loss = pa.sum(pa.multiply(pa.asarray(w), pa.astype(w, pa.float64)))
    assert loss.data.requires_grad
    loss.data.backward()
    assert w.grad.tolist() == [2.0, 4.0, 6.0]
    assert pa.to_numpy(pa.exp(w)).shape == (3,)
    assert "backend=torch" in repr(pa.softmax(w))
    assert pa.to_numpy(pa.mean(w)).item() == pytest.approx(2.0)


def test_native_functions_and_partial_mixed_choices_agree_with_numpy():
    values = np.array([[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]])
    weight = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0]])
    for function, args in [
        (pa.softmax, (values,)),
        (pa.log_softmax, (values,)),
        (pa.logsumexp, (values,)),
        (pa.relu, (values,)),
        (pa.leaky_relu, (values,)),
        (pa.sigmoid, (values,)),
        (pa.linear, (values, weight)),
        (pa.layer_norm, (values, -1)),
    ]:
        got = function(*(pa.asarray(a, backend="torch") if isinstance(a, np.ndarray) else a for a in args))
        want = function(*(pa.asarray(a, backend="numpy") if isinstance(a, np.ndarray) else a for a in args))
        assert got.dtype == want.dtype
        np.testing.assert_allclose(pa.to_numpy(got), pa.to_numpy(want), rtol=1e-6, atol=1e-12)


@pytest.mark.parametrize("beta", [None, "2"])
def test_softplus_refuses_a_beta_that_is_no_number_as_numpy_does(beta):
    # The choice of torch's softplus read beta before the core's check (a bare TypeError from ``None > 0``).
    x = [[-1.0], [2.0]]
    with pytest.raises(pa.PolyarrayTypeError) as expected:
        pa.softplus(pa.asarray(x, backend="numpy"), beta=beta, threshold=20.0)
    with pytest.raises(pa.PolyarrayTypeError) as got:
        pa.softplus(pa.asarray(x, backend="torch"), beta=beta, threshold=20.0)
    assert str(got.value).replace("torch", "numpy") == str(expected.value)


def test_slices_with_negative_steps_read_and_write():
    values = np.arange(12).reshape(3, 4)
    x = pa.asarray(values.copy(), backend="torch")
    for key in [(slice(None), slice(None, None, -1)), slice(None, None, -2), (Ellipsis, slice(2, None, -1)),
                (slice(None, None, -1), 1)]:  # fmt: skip
        np.testing.assert_array_equal(pa.to_numpy(x[key]), values[key])
    x[:, ::-1] = pa.asarray([1, 2, 3, 4], backend="torch")
    expected = values.copy()
    expected[:, ::-1] = [1, 2, 3, 4]
    np.testing.assert_array_equal(pa.to_numpy(x), expected)


def test_integer_division_by_zero_gives_numpys_zero():
    x = pa.asarray([7, -7, 3], backend="torch")
    zero = pa.asarray([0, 0, 2], backend="torch")
    assert pa.to_numpy(pa.floor_divide(x, zero)).tolist() == [0, 0, 1]
    assert pa.to_numpy(pa.remainder(x, zero)).tolist() == [0, 0, 1]


def test_complex_sums_keep_infinite_parts():
    x = pa.asarray([complex(1.0, np.inf)], backend="torch")
    y = pa.asarray([complex(2.0, 1.0)], backend="torch")
    assert pa.to_numpy(pa.add(x, y)).tolist() == [complex(3.0, np.inf)]
    assert pa.to_numpy(pa.subtract(y, x)).tolist() == [complex(1.0, -np.inf)]


def test_searchsorted_puts_nan_last():
    sorted_values = pa.asarray([1.0, 2.0, np.nan], backend="torch")
    result = pa.searchsorted(sorted_values, pa.asarray([np.nan, 3.0, 1.5], backend="torch"))
    assert pa.to_numpy(result).tolist() == np.searchsorted([1.0, 2.0, np.nan], [np.nan, 3.0, 1.5]).tolist()


def test_unique_counts_every_nan_as_its_own_value():
    values, counts = pa.unique_counts(pa.asarray([1.0, np.nan, 1.0, np.nan], backend="torch"))
    assert pa.to_numpy(counts).tolist() == [2, 1, 1]
    assert np.isnan(pa.to_numpy(values)[1:]).all()


def test_from_dlpack_refuses_negative_strides_instead_of_aborting():
    reversed_view = np.arange(6.0)[::-1]
    with pytest.raises(pa.PolyarrayError, match="negative strides"):
        pa.from_dlpack(reversed_view, backend="torch")
    shared = np.arange(6.0)
    assert pa.from_dlpack(shared, backend="torch").data.data_ptr() == shared.ctypes.data


def test_asarray_copies_a_0d_array_into_another_dtype():
    result = pa.asarray(np.array(1.5, dtype=np.float32), dtype=pa.bfloat16, copy=True, backend="torch")
    assert result.dtype == pa.bfloat16 and result.shape == () and float(result.data) == 1.5


def test_asarray_reads_ml_dtypes_bfloat16_bit_for_bit():
    import ml_dtypes  # JAX's and TensorFlow's bfloat16 (nox installs it for these tests)

    bits = np.array([0x7FC0, 0xFFC1, 0x3F80, 0x8000, 0x0001], dtype=np.uint16)
    values = bits.view(ml_dtypes.bfloat16)
    for source in (values, values[::-1], values[2]):
        result = pa.asarray(source, backend="torch")
        assert result.dtype == pa.bfloat16
        assert (
            result.data.view(torch.int16).numpy().view(np.uint16).tolist()
            == np.asarray(source).view(np.uint16).tolist()
        )


def _direct_marked():
    from polyarray_torch import elementwise

    for name, function in sorted(vars(elementwise).items()):
        mark = getattr(function, "polyarray_direct", None)
        if mark is not None:
            yield name, function, mark


@pytest.mark.parametrize(("name", "function", "mark"), list(_direct_marked()), ids=lambda v: str(v)[:20])
def test_a_direct_mark_gives_what_the_implementation_gives_for_its_dtypes(name, function, mark):
    native, code, dtypes = mark
    assert function.__code__ is code and dtypes
    arity = len([p for p in inspect.signature(function).parameters.values() if p.default is p.empty])
    values = np.array([-2.5, -1.0, -0.0, 0.0, 0.5, 3.0, np.inf, -np.inf, np.nan])
    for dtype in dtypes:
        if dtype.is_floating_point:
            x = torch.tensor(values, dtype=torch.float64).to(dtype)
        else:
            x = torch.tensor([-3, -1, 0, 1, 2, 5, 7, 9, 11]).to(dtype)
        args = (x, x.flip(0))[:arity]
        expected, got = function(*args), native(*args)
        assert got.dtype == expected.dtype, (name, dtype)
        assert torch.equal(got.isnan(), expected.isnan()), (name, dtype)
        assert torch.equal(torch.nan_to_num(got), torch.nan_to_num(expected)), (name, dtype)


def test_the_fast_path_calls_the_framework_for_marked_dtypes_only():
    xp = pa.get_backend("torch")
    plan = xp.add.plan
    assert (
        plan.native is torch.add and torch.float32 in plan.native_dtypes and torch.complex64 not in plan.native_dtypes
    )
    z = torch.tensor([complex(float("inf"), 0.0)])
    # complex input takes the implementation, which keeps NumPy's special values
    np.testing.assert_array_equal(pa.to_numpy(xp.add(z, z)), np.add(z.numpy(), z.numpy()))
