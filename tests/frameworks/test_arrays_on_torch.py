"""``pa.Array`` on PyTorch: subclasses, integer arguments given as arrays, byte order, unlisted devices.

PyTorch is imported on purpose: this module runs where every framework is
installed and fails, rather than skips, where it is missing.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from inplace_outcomes import differences, takes_directly
from operator_outcomes import compiled_and_python

import polyarray as pa


class _Sub(pa.Array):
    __slots__ = ()


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_a_subclass_works_on_every_backend(backend):
    x = _Sub(pa.asarray([3.0, 1.0, 2.0], backend=backend).data)
    assert x.backend.name == backend
    assert pa.to_numpy(pa.add(x, x)).tolist() == [6.0, 2.0, 4.0]
    assert pa.to_numpy(x + 1).tolist() == [4.0, 2.0, 3.0]
    assert pa.to_numpy(pa.sum(x)).tolist() == 6.0
    assert pa.to_numpy(pa.sort(x)).tolist() == [1.0, 2.0, 3.0]
    assert pa.to_numpy(pa.concat([x, x])).shape == (6,)
    assert pa.to_numpy(x[1:]).tolist() == [1.0, 2.0]


@pytest.mark.parametrize("axis_backend", ["numpy", "torch"])
@pytest.mark.parametrize("mode", [True, False])
def test_an_axis_given_as_a_0d_integer_array_on_torch(axis_backend, mode):
    x = pa.asarray([[3.0, 1.0], [2.0, 5.0]], backend="torch")
    axis = pa.asarray(1, backend=axis_backend)
    pa.set_array_mode(mode)
    try:
        assert pa.to_numpy(pa.argmax(x, axis=axis)).tolist() == [0, 1]
        assert pa.to_numpy(pa.argmin(x, axis=axis)).tolist() == [1, 0]
        assert pa.to_numpy(pa.cumulative_sum(x, axis=axis)).tolist() == [[3.0, 4.0], [2.0, 7.0]]
        assert pa.to_numpy(pa.sort(x, axis=axis)).tolist() == [[1.0, 3.0], [2.0, 5.0]]
        assert pa.to_numpy(pa.argsort(x, axis=axis)).tolist() == [[1, 0], [0, 1]]
    finally:
        pa.set_array_mode(True)


def test_big_endian_numpy_input_on_torch():
    values = np.arange(1.0, 5.0, dtype=">f4")
    x = pa.asarray(values, backend="torch")
    assert isinstance(x.data, torch.Tensor) and x.dtype == pa.float32
    assert float(pa.sum(x)) == 10.0 and float(pa.prod(x)) == 24.0
    assert pa.to_numpy(pa.add(x, x)).tolist() == [2.0, 4.0, 6.0, 8.0]
    assert pa.to_numpy(pa.sort(pa.asarray(values[::-1], backend="torch"))).tolist() == [1.0, 2.0, 3.0, 4.0]
    numpy_array = pa.asarray(values, backend="numpy")
    numpy_array.data = values  # a big-endian NumPy array held as it is
    pa.set_backend("torch", dynamic=True)
    assert isinstance(numpy_array.data, torch.Tensor) and pa.to_numpy(numpy_array).tolist() == [1, 2, 3, 4]


def test_a_meta_tensor_is_refused_naming_its_device():
    meta = torch.ones(3, device="meta")
    assert pa.get_backend("torch").raw.device_of(meta) == "meta"
    x = pa.Array(meta)
    with pytest.raises(pa.UnsupportedDeviceError, match=r"device 'meta', which the backend does not list") as info:
        _ = x.device
    assert "'cpu'" in str(info.value) and isinstance(info.value, ValueError)
    with pytest.raises(pa.UnsupportedDeviceError, match=r"'meta'"):
        pa.set_backend("numpy", dynamic=True)
    assert x.backend.name == "torch"


def test_functions_compute_shapes_and_dtypes_on_a_meta_tensor():
    meta = torch.ones(2, 3, device="meta")
    with pa.backend_context("torch"):
        for result in (pa.add(meta, meta), pa.softmax(pa.asarray(meta), axis=-1), pa.sum(meta, axis=0)):
            native = pa.to_native(result)
            assert native.is_meta and native.dtype == torch.float32
        assert pa.sum(meta, axis=0).shape == (3,)
        x = pa.matmul(pa.asarray(meta), pa.permute_dims(pa.asarray(meta), (1, 0)))
        assert repr(x) == "Array(<no values>, shape=(2, 2), backend=torch, dtype=float32)"
        assert str(x) == "<no values: shape (2, 2), dtype float32>"
        with pytest.raises(pa.PolyarrayError, match="meta"):
            pa.to_numpy(x)


@pytest.mark.filterwarnings("ignore:ComplexHalf support is experimental")
def test_a_dtype_polyarray_does_not_know_is_refused_where_it_is_read():
    half_complex = torch.ones(2, dtype=torch.complex32)
    with pa.backend_context("torch"):
        with pytest.raises(pa.PolyarrayTypeError, match="complex32"):
            pa.asarray(half_complex)
        result = pa.add(half_complex, half_complex)  # handed straight to torch, not inspected
        with pytest.raises(pa.PolyarrayTypeError, match="complex32"):
            _ = result.dtype
        with pytest.raises(pa.PolyarrayTypeError, match="complex32"):
            pa.add(half_complex, 1)
        with pytest.raises(TypeError):
            pa.to_numpy(result)


def test_operators_mixing_backends_and_subclasses_give_what_the_python_operators_give():
    """Which operand's backend runs ``x + y`` (``A[0] + T`` on NumPy, ``T + A[0]`` on torch), with subclass
    operands too, is the same through the compiled slots as through CPython's own (tests/operator_outcomes.py)."""
    compiled, python = compiled_and_python("torch")
    assert compiled == python
    assert "A[0] + T -> Array numpy pa.float64 [1.0, 3.0, 5.0]" in compiled
    assert "T + A[0] -> Array torch pa.float64 [1.0, 3.0, 5.0]" in compiled


@pytest.mark.parametrize("implicit", [None, "numpy", "torch"])
def test_the_compiled_dispatcher_infers_the_backend_as_the_python_choice(implicit):
    """With no backend set, a call runs where ``_choice.choose_backend`` says: the first array among the
    arguments (lists and tuples by their first item), else the implicit backend, which
    an inferred array replaces; creation functions given only numbers follow the implicit backend."""
    from polyarray import _choice

    t, n = torch.ones(3, dtype=torch.float64), np.ones(3)
    calls = [
        ("arange", (3,), {}),
        ("zeros", ((2, 3),), {}),
        ("full", ((2,), 1.5), {}),
        ("stack", ([t, t],), {}),
        ("stack", ((n, n),), {}),
        ("add", (1.0, t), {}),
        ("add", (n, 1.0), {}),
        ("add", ([1.0, 2.0, 3.0], t), {}),
        ("linspace", (0.0, 1.0), {"num": 3}),
        ("ones_like", (pa.asarray(t),), {}),
    ]
    for name, args, kwargs in calls:
        _choice.state.implicit = None if implicit is None else pa.get_backend(implicit)
        expected = _choice.choose_backend(args, kwargs, None)
        _choice.state.implicit = None if implicit is None else pa.get_backend(implicit)
        result = getattr(pa, name)(*args, **kwargs)
        assert result.backend is expected, (name, implicit)
        assert _choice.state.implicit is expected, (name, implicit)


def _indexed(index, array, key):
    try:
        result = index(array, key)
    except Exception as error:
        return type(error), str(error)
    return type(result), result.dtype, result.shape, pa.to_numpy(result).tolist()


#: Array keys the compiled subscript takes on torch (tensors, pa.Array over them) and those it hands on.
TORCH_ARRAY_KEYS = [
    lambda: torch.tensor([2, 0]),
    lambda: torch.ones(3, 4, dtype=torch.bool),
    lambda: pa.asarray(torch.tensor([2, 0, -1])),
    lambda: pa.asarray(torch.tensor([True, False, True])),
    lambda: pa.asarray(torch.tensor(1)),
    lambda: pa.asarray(torch.tensor(True)),
    lambda: pa.asarray(torch.tensor([5])),
    lambda: pa.asarray(torch.tensor([0.5])),
    lambda: pa.asarray(torch.tensor([True, False])),
    lambda: pa.asarray(np.array([1, 2]), backend="numpy"),
    lambda: (Ellipsis, Ellipsis),  # plain parts, which torch would take: the subscript hands them on
    lambda: (0, Ellipsis, None, Ellipsis),
]


@pytest.mark.parametrize("make_key", TORCH_ARRAY_KEYS)
def test_the_subscript_with_an_array_key_gives_what_getitem_gives_on_torch(make_key):
    array = pa.asarray(torch.arange(12.0).reshape(3, 4))
    key = make_key()
    assert _indexed(lambda a, k: a[k], array, key) == _indexed(pa.Array.__getitem__, array, key)


@pytest.mark.parametrize("operands", ["array first", "subclass first"])
def test_a_subclass_of_another_backend_is_judged_as_a_pa_array(operands):
    numpy_array = pa.asarray(np.arange(3.0), backend="numpy")
    same = _Sub(np.arange(3.0))  # a subclass array of the call's backend, met first: its class is not trusted
    foreign = _Sub(torch.arange(3.0))
    assert pa.to_numpy(pa.add(numpy_array, same)).tolist() == [0.0, 2.0, 4.0]
    first, second = (numpy_array, foreign) if operands == "array first" else (same, foreign)
    result = first + second
    assert result.backend.name == "numpy" and pa.to_numpy(result).tolist() == [0.0, 2.0, 4.0]
    assert pa.add(first, second).backend.name == "numpy"
    foreign.dynamic_backend = False
    with pytest.raises(pa.BackendMismatchError, match=r"given a pa\.Array of the torch backend"):
        pa.add(first, foreign)


@pytest.mark.parametrize(
    "dtype",
    ["bool", "int8", "uint8", "int16", "int64", "uint16", "float16", "bfloat16", "float32", "float64", "complex64"],
)
def test_inplace_operators_on_torch_give_what_their_reference_gives(dtype):
    """``x op= y``: torch's in-place methods (``Tensor.add_`` …, the plugin's in-place marks) where the fast path
    takes the call, ``x op y`` written into x otherwise; the same outcome, error or not, as the reference."""
    assert list(differences("torch", [dtype], ["ignore"])) == []


def test_inplace_operators_on_torch_call_its_in_place_methods():
    x = pa.asarray(torch.ones(2, 3), backend="torch")
    data = x.data
    assert takes_directly("torch", "__iadd__", x, 1)
    assert takes_directly("torch", "__imul__", x, pa.asarray(torch.full((3,), 2.0), backend="torch"))
    assert takes_directly("torch", "__itruediv__", x, torch.full((2, 3), 4.0))
    assert x.data is data and pa.to_numpy(x).tolist() == [[1.0] * 3] * 2
    numpy_operand = pa.asarray(np.ones(3, dtype=np.float32))
    assert not takes_directly("torch", "__iadd__", x, numpy_operand)  # another backend: the reference decides
    leaf = pa.asarray(torch.ones(3, requires_grad=True), backend="torch")
    with pytest.raises(pa.PolyarrayError, match="leaf Variable that requires grad"):
        leaf += 1
    assert leaf.data.tolist() == [1.0, 1.0, 1.0]
