"""Support hooks of the PyTorch backend.

torch tensors are mutable, so the core's default of ``inplace_update``
(``x[...] = value``) serves. ``set_item`` is implemented because torch's
``x[key] = value`` lacks some of what the standard asks: lists and NumPy values
as the value, keys with negative slice steps, and (for ``uint16``/``uint32``/
``uint64``) the kernels, which the same bits written as signed integers have.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import torch

from ._helpers import LIMITED_DTYPES, as_signed_bits, portable_device
from ._marker import hookimpl

_CPU = torch.device("cpu")


@hookimpl
def native_dtype(name: str, /) -> Any:
    # uint16, uint32 and uint64 exist from torch 2.3 on; bfloat16 always.
    dtype = getattr(torch, name, None)
    return dtype if isinstance(dtype, torch.dtype) else None


@hookimpl
def device_of(x, /) -> str:
    if not isinstance(x, torch.Tensor):
        return "cpu"
    device = x.device
    if device == _CPU:  # comparing costs 20 ns, reading device.type 190 ns
        return "cpu"
    # A meta tensor holds no data; "meta" is a device no backend lists, which the core refuses.
    return "meta" if x.is_meta else portable_device(device)


def _has_negative_step(key) -> bool:
    for part in key if type(key) is tuple else (key,):
        if type(part) is slice and part.step is not None and part.step < 0:
            return True
    return False


def _positions(x, key):
    """The row-major positions in ``x`` of the elements ``key`` selects (NumPy's indexing, which has negative steps)."""

    def as_numpy(part):
        if isinstance(part, torch.Tensor):
            return part.detach().cpu().numpy()
        return np.asarray(part) if isinstance(part, list) else part

    numpy_key = tuple(as_numpy(part) for part in key) if type(key) is tuple else as_numpy(key)
    positions = np.arange(x.numel(), dtype=np.int64).reshape(tuple(x.shape))[numpy_key]
    # A fresh C-ordered copy: torch takes no NumPy arrays with negative strides (not even empty ones).
    return torch.asarray(np.array(positions, copy=True, order="C"), device=x.device)


#: The largest finite magnitude of the floating dtypes a float of Python's may exceed (torch refuses to store such
#: a float where torch.asarray rounds it to an infinity, as NumPy does).
_LARGEST = {
    torch.float16: float(torch.finfo(torch.float16).max),
    torch.bfloat16: float(torch.finfo(torch.bfloat16).max),
    torch.float32: float(torch.finfo(torch.float32).max),
    torch.complex64: float(torch.finfo(torch.float32).max),
}


def _fits(value: float, dtype: torch.dtype) -> bool:
    """Whether torch stores the float ``value`` into a tensor of ``dtype`` itself (not NaN, and within range)."""
    return abs(value) <= _LARGEST.get(dtype, math.inf)


@hookimpl
def set_item(x, key, value, /):
    limited = x.dtype in LIMITED_DTYPES
    cls = value.__class__
    if (
        (cls is bool or (cls is int and -(2**63) <= value < 2**63) or (cls is float and _fits(value, x.dtype)))
        and not limited
        and not _has_negative_step(key)
    ):
        x[key] = value  # torch converts a Python number as torch.asarray would, without making a tensor
        return x
    if not isinstance(value, torch.Tensor):
        value = torch.asarray(value, dtype=x.dtype, device=x.device)
    if limited:
        # torch has no fill or masked kernels for uint16/uint32/uint64: write the same bits as signed integers.
        value = as_signed_bits(value.to(x.dtype))
    target = as_signed_bits(x)
    if _has_negative_step(key):
        positions = _positions(x, key)
        values = torch.broadcast_to(value.to(target.dtype), positions.shape)
        target.put_(positions.reshape(-1), values.reshape(-1))
    else:
        target[key] = value
    return x


#: Messages of torch's RuntimeError and NotImplementedError that are about the operands' dtype.
_DTYPE_PHRASES = ("bool tensor", "complex tensor", "not implemented for '", "can't be cast", "Could not infer dtype")


@hookimpl
def error_class(error, /):
    # torch raises RuntimeError for most failures; its message says which family each belongs to.
    message = str(error)
    if isinstance(error, NotImplementedError):
        return TypeError if any(phrase in message for phrase in _DTYPE_PHRASES) else None
    if isinstance(error, IndexError) and "to have non-zero size" in message:
        return ValueError  # a reduction without identity over no elements (NumPy: "zero-size array to reduction")
    if isinstance(error, AssertionError) and "CUDA" in message:
        return ValueError  # "Torch not compiled with CUDA enabled": a device this build has not ("gpu:0")
    if isinstance(error, (ValueError, TypeError, IndexError, ArithmeticError)) or not isinstance(error, RuntimeError):
        return None
    if any(phrase in message for phrase in _DTYPE_PHRASES):
        return TypeError
    if "DefaultCPUAllocator" in message or "out of memory" in message.lower():
        return MemoryError
    if "index" in message.lower() and ("out of bounds" in message or "out of range" in message):
        return IndexError
    return ValueError  # shape and size mismatches, singular matrices, invalid values


#: The most elements of a constant that ``pa.compile`` writes into the compiled graph (larger ones are read).
_LITERAL_ELEMENTS = 64


@hookimpl
def compiled_constant(x, /):
    # A tensor read from outside the compiled function is guarded by TorchDynamo on every call (about 0.7 µs
    # each); ``torch.tensor`` of a list of Python numbers is built inside the graph.
    if x.numel() > _LITERAL_ELEMENTS or x.requires_grad or x.dtype in LIMITED_DTYPES:
        return None
    return functools.partial(torch.tensor, x.tolist(), dtype=x.dtype, device=x.device)


@hookimpl
def compile_function(function, /, *, dynamic=None):
    # The graph's replay is plain Python calling the plugin's functions: TorchDynamo traces it through.
    return torch.compile(function, dynamic=dynamic)


#: What an implementation may read of a tensor without its replay depending on more than dtype, shape and device.
_METADATA = frozenset(
    {
        "dtype", "shape", "ndim", "device", "is_cuda", "is_meta", "is_sparse", "is_quantized", "layout",
        "dim", "ndimension", "size", "numel", "nelement", "element_size", "is_complex", "is_floating_point",
        "is_signed", "get_device", "__len__",
    }
)  # fmt: skip


def _name(function) -> str:
    """The name of a torch function, method or attribute getter (``dtype`` for ``Tensor.dtype.__get__``)."""
    owner = getattr(function, "__self__", None)
    if getattr(function, "__name__", "") == "__get__" and owner is not None:
        return getattr(owner, "__name__", "")
    return getattr(function, "__name__", "")


def _holds_tensor(value) -> bool:
    if isinstance(value, torch.Tensor):
        return True
    return isinstance(value, (tuple, list)) and any(_holds_tensor(item) for item in value)


def _tensors(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _tensors(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tensors(item)


class _CallRecorder(torch.overrides.TorchFunctionMode):
    """The torch calls made while it is active (each call's own inner calls are torch's, not listed)."""

    def __init__(self):
        super().__init__()
        self.calls = []
        self.complete = True

    def __torch_function__(self, function, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        result = function(*args, **kwargs)
        if not self.complete:
            return result
        name = _name(function)
        if _holds_tensor(result):
            in_place = name.endswith("_") or "out" in kwargs
            if not in_place and any(result is tensor for tensor in _tensors((args, kwargs))):
                return result  # the argument itself (x.to(x.dtype) …): nothing to replay
            self.calls.append((function, args, kwargs, result))
        elif name not in _METADATA:
            self.complete = False  # a value read into Python (item, bool, tolist …), or something unknown
        return result


@hookimpl
def record_calls(function, args, kwargs, /):
    recorder = _CallRecorder()
    with recorder:
        result = function(*args, **kwargs)
    return result, recorder.calls if recorder.complete else None
