"""Array creation on PyTorch.

Python values get NumPy's default dtypes (``float64``, ``complex128``) where no
``dtype`` is passed, not torch's ``float32`` default. Python integers outside
the range of an integer dtype raise ``OverflowError`` (torch would wrap some
of them, ``-1`` as ``uint8`` giving 255).

Version variants:

- ``asarray``: up to torch 2.11, ``torch.asarray(tensor)`` drops
  ``requires_grad`` (of the input itself, when it returns it), so tensors are
  converted with ``Tensor.to`` there; from 2.12 on ``torch.asarray`` keeps it.
- ``from_dlpack``: the ``device`` and ``copy`` keywords exist from torch 2.8 on.
"""

from __future__ import annotations

import functools
import math
import operator

import numpy as np
import torch

from ._helpers import (
    EVERY_DTYPE,
    LIMITED_DTYPES,
    as_signed_bits,
    check_python_integers,
    from_signed_bits,
    guard_dtypes,
    is_inexact,
    is_integral,
    portable_name,
    promote_types,
    python_default_dtype,
    torch_device,
)
from ._marker import direct, hookimpl, resolved_by

_FLOAT64 = torch.float64


def _python_input(obj, dtype):
    """``obj`` (not a tensor) ready for ``torch.asarray``, and the dtype to ask for."""
    if isinstance(obj, (np.ndarray, np.generic)) and obj.dtype.name == "bfloat16":
        return _bfloat16_tensor(np.asarray(obj)), dtype
    if dtype is None:
        dtype = python_default_dtype(obj)
    elif is_integral(dtype):
        check_python_integers(obj, dtype)
    if isinstance(obj, np.ndarray) and any(stride < 0 for stride in obj.strides):
        obj = np.array(obj, copy=True, order="C")  # torch takes no negative strides (not even empty arrays)
    elif isinstance(obj, np.generic):
        obj = np.asarray(obj)
    return obj, dtype


def _bfloat16_tensor(values: np.ndarray) -> torch.Tensor:
    """A NumPy array of ml_dtypes' bfloat16 (JAX's and TensorFlow's) as a tensor with the same bits."""
    if any(stride < 0 for stride in values.strides) or not values.flags.writeable:
        values = np.array(values, copy=True, order="C")
    return torch.from_numpy(values.view(np.int16)).view(torch.bfloat16)


def _copy_refused(what: str) -> ValueError:
    return ValueError(f"asarray(copy=False) cannot avoid a copy to {what}")


@hookimpl(specname="asarray")
@guard_dtypes
def asarray_v_2p12_and_above(obj, /, *, dtype=None, device=None, copy=None):
    device = torch_device(device)
    if isinstance(obj, torch.Tensor):
        if (dtype is None or dtype == obj.dtype) and (device is None or device == obj.device) and not copy:
            return obj  # what torch.asarray gives (the tensor itself), also where no tensor may be created
        # Passing requires_grad keeps the input's (and silences torch's warning about the new default).
        target = obj.dtype if dtype is None else dtype
        keeps_grad = obj.requires_grad and is_inexact(target)
        return torch.asarray(obj, dtype=dtype, device=device, copy=copy, requires_grad=keeps_grad)
    obj, dtype = _python_input(obj, dtype)
    return _from_python(obj, dtype, device, copy)


@hookimpl(specname="asarray")
@guard_dtypes
def asarray_v_2p11_and_below(obj, /, *, dtype=None, device=None, copy=None):
    device = torch_device(device)
    if isinstance(obj, torch.Tensor):
        # torch.asarray would set requires_grad=False (on obj itself when it aliases it).
        target_dtype = obj.dtype if dtype is None else dtype
        target_device = obj.device if device is None else device
        if copy is False and (target_dtype != obj.dtype or target_device != obj.device):
            raise _copy_refused(f"convert a {obj.dtype} tensor on {obj.device} to {target_dtype} on {target_device}")
        return obj.to(device=target_device, dtype=target_dtype, copy=bool(copy))
    obj, dtype = _python_input(obj, dtype)
    return _from_python(obj, dtype, device, copy)


def _from_python(obj, dtype, device, copy):
    # torch reads a nest of tensors only where each holds one element, in a dtype of its own choice: such a nest
    # is stacked, as NumPy reads it. It is found by its first item; where another comes first, by torch's refusal,
    # or by torch's default floating dtype in the result (Python floats beside a tensor: NumPy's float64).
    if isinstance(obj, (list, tuple)) and isinstance(_first_item(obj), torch.Tensor):
        return _stacked(obj, dtype, device)
    try:
        result = torch.asarray(obj, dtype=dtype, device=device, copy=copy)
        if (
            dtype is None
            and result.dtype in _TORCH_DEFAULTS
            and isinstance(obj, (list, tuple))
            and _holds(obj, _is_tensor)
        ):
            return _stacked(obj, None, device)
        return result
    except (ValueError, TypeError) as error:
        if isinstance(obj, (list, tuple)) and _holds(obj, _is_tensor):
            return _stacked(obj, dtype, device)
        if isinstance(error, TypeError):
            return _from_python_refused(obj, dtype, device, copy, error)
        if not copy or dtype is None:
            raise
        # torch refuses copy=True with a new dtype for 0-d NumPy input ("can't alias"); converting copies anyway.
        return torch.asarray(obj, device=device).to(dtype)


def _from_python_refused(obj, dtype, device, copy, error: TypeError):
    """``obj`` as a tensor where ``torch.asarray`` raised ``error`` (a ``TypeError``)."""
    if isinstance(obj, (list, tuple)) and _holds(obj, _is_other_array):
        # Arrays of other kinds (polyarray's, NumPy's …) nested in lists: torch reads only its own tensors.
        return _from_python(_native_items(obj), dtype, device, copy)
    if dtype is None or not isinstance(obj, (list, tuple, float, complex)):
        raise error
    # torch converts no Python float to some integer dtypes (uint64 …): go through float64, as NumPy casts.
    return torch.asarray(obj, dtype=torch.float64, device=device).to(dtype)


#: The dtypes torch gives Python floats and complex numbers by default.
_TORCH_DEFAULTS = (torch.float32, torch.complex64)


def _first_item(obj):
    """The first item that is no list or tuple along the first items of the nest ``obj`` (None where it is empty)."""
    while isinstance(obj, (list, tuple)):
        if not obj:
            return None
        obj = obj[0]
    return obj


def _holds(obj, is_wanted) -> bool:
    """Whether the nest (lists, tuples) ``obj`` holds an item (neither list nor tuple) for which ``is_wanted``."""
    if isinstance(obj, (list, tuple)):
        return any(_holds(item, is_wanted) for item in obj)
    return is_wanted(obj)


def _is_tensor(item) -> bool:
    return isinstance(item, torch.Tensor)


def _is_other_array(item) -> bool:
    """An array of another kind than torch's (polyarray's, NumPy's …), which torch reads through DLPack."""
    return not isinstance(item, torch.Tensor) and hasattr(item, "__dlpack__")


def _stacked(obj, dtype, device):
    """A nest (list/tuple) holding tensors as one tensor of ``dtype`` (None: the items' dtypes promoted as NumPy
    promotes them in a nest), as NumPy reads such a nest: its items (each a tensor, a nest or Python numbers in
    their default dtype) stacked along a new first axis."""
    parts = [_nest_part(item, device) for item in obj]
    common = dtype if dtype is not None else functools.reduce(_nest_promoted, (part.dtype for part in parts))
    return torch.stack([part.to(common) for part in parts])


def _nest_part(item, device):
    """An item of a nest holding tensors, as a tensor."""
    if isinstance(item, torch.Tensor):
        return item if device is None else item.to(device)
    if isinstance(item, (list, tuple)) and _holds(item, _is_tensor):
        return _stacked(item, None, device)
    values, dtype = _python_input(item, None)
    return torch.asarray(values, dtype=dtype, device=device)


def _nest_promoted(first: torch.dtype, second: torch.dtype) -> torch.dtype:
    """The dtype NumPy gives a nest of arrays of two dtypes (``int64`` and ``float32``: ``float64``), where NumPy
    has both; polyarray's table otherwise."""
    try:
        common = np.result_type(np.dtype(portable_name(first)), np.dtype(portable_name(second)))
        return getattr(torch, common.name)
    except (TypeError, AttributeError):
        return promote_types(first, second)


def _native_items(obj):
    """The nested list/tuple ``obj`` with each array in it that is not a tensor made one (through DLPack)."""
    if isinstance(obj, (list, tuple)):
        return [_native_items(item) for item in obj]
    if isinstance(obj, torch.Tensor) or not hasattr(obj, "__dlpack__"):
        return obj
    return torch.from_dlpack(obj)


def _filled_like(fill):
    """``fill(x, dtype=dtype, device=device)`` (``torch.ones_like`` …), which torch computes for every dtype; called
    without the keywords where they are None, which torch reads at a cost."""

    def like(x, /, *, dtype=None, device=None):
        if dtype is None and device is None:
            return fill(x)
        return fill(x, dtype=dtype, device=torch_device(device))

    like.__name__ = like.__qualname__ = f"_{fill.__name__}"
    return like


_empty_like, _ones_like, _zeros_like = (
    _filled_like(fill) for fill in (torch.empty_like, torch.ones_like, torch.zeros_like)
)

#: The integer dtypes torch's arange has a kernel for.
_ARANGE_INTEGERS = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8})


def _arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """torch's call giving :func:`arange` of integers of a dtype torch has a kernel for (no error for
    guard_dtypes to translate), or None for any other arguments."""
    if stop is None:
        start, stop = 0, start
    if dtype not in _ARANGE_INTEGERS or type(start) is not int or type(stop) is not int or type(step) is not int:
        return None
    # torch's length is exact; only an empty range is refused.
    if (stop - start) * step <= 0:
        return functools.partial(torch.empty, 0, dtype=dtype, device=torch_device(device))
    if device is None and start == 0 and step == 1:  # torch reads fewer arguments at a lower cost
        return (
            functools.partial(torch.arange, stop)
            if dtype is torch.int64
            else functools.partial(torch.arange, stop, dtype=dtype)
        )
    return functools.partial(torch.arange, start, stop, step, dtype=dtype, device=torch_device(device))


@hookimpl
@resolved_by(_arange_call)
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    call = _arange_call(start, stop, step, dtype=dtype, device=device)
    if call is not None:
        return call()
    if stop is None:
        start, stop = 0, start
    return _any_range(start, stop, step, dtype, device)


@guard_dtypes
def _any_range(start, stop, step, dtype, device):
    """:func:`arange` of any values and dtype."""
    if dtype is None:
        dtype = python_default_dtype([start, stop, step])
    length = max(0, math.ceil((stop - start) / step))
    if length == 0:
        return torch.empty(0, dtype=dtype, device=torch_device(device))  # torch refuses an empty range
    if dtype is not None and is_integral(dtype) and not all(isinstance(v, int) for v in (start, stop, step)):
        # NumPy computes start + i * step in floating point and then casts.
        values = torch.arange(length, dtype=_FLOAT64, device=torch_device(device)) * step + start
        return values.to(dtype)
    if dtype in LIMITED_DTYPES or (dtype is not None and dtype.is_complex):
        # torch has no arange kernel for these dtypes: the same values, computed in int64 or float64.
        work = torch.int64 if is_integral(dtype) else _FLOAT64
        return arange(start, stop, step, dtype=work, device=device).to(dtype)
    result = torch.arange(start, stop, step, dtype=dtype, device=torch_device(device))
    if result.shape[0] != length:
        # torch's length rounds differently for some float steps: the standard's length wins.
        result = torch.arange(length, dtype=_FLOAT64, device=result.device).mul_(step).add_(start).to(result.dtype)
    return result


def _shape(shape):
    if shape.__class__ is int and shape >= 0:
        return (shape,)
    shape = (operator.index(shape),) if not isinstance(shape, (tuple, list, torch.Size)) else tuple(shape)
    for size in shape:
        if operator.index(size) < 0:
            raise ValueError(f"negative dimensions are not allowed (shape {shape})")
    return shape


@hookimpl
@guard_dtypes
def diag(x, /, *, k=0):
    return torch.diag(x, k)


@hookimpl
@guard_dtypes
def empty(shape, *, dtype=None, device=None):
    return torch.empty(_shape(shape), dtype=dtype or _FLOAT64, device=torch_device(device))


@hookimpl
@direct(_empty_like, dtypes=EVERY_DTYPE, bare=torch.empty_like)
@guard_dtypes
def empty_like(x, /, *, dtype=None, device=None):
    return _empty_like(x, dtype=dtype, device=device)


@hookimpl
@guard_dtypes
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    n_cols = n_rows if n_cols is None else n_cols
    _shape((n_rows, n_cols))
    device = torch_device(device)
    # A mask of the k-th diagonal works for every dtype (torch.eye has no k and no uint32 kernel).
    rows = torch.arange(n_rows, device=device).unsqueeze(1)
    cols = torch.arange(n_cols, device=device).unsqueeze(0)
    return (cols - rows == k).to(dtype or _FLOAT64)


@hookimpl(specname="from_dlpack")
@guard_dtypes
def from_dlpack_v_2p8_and_above(x, /, *, device=None, copy=None):
    _check_strides(x)
    return torch.from_dlpack(x, device=torch_device(device), copy=copy)


@hookimpl(specname="from_dlpack")
@guard_dtypes
def from_dlpack_v_2p7_and_below(x, /, *, device=None, copy=None):
    # Before 2.8 torch.from_dlpack takes neither device nor copy: it always shares memory.
    _check_strides(x)
    target = torch_device(device)
    if copy is False and target is not None and x.__dlpack_device__() != _dlpack_device(target):
        raise ValueError(f"from_dlpack(copy=False) cannot move the data to {target} without a copy")
    result = torch.from_dlpack(x)
    if target is not None and result.device != target:
        return result.to(target)
    return result.clone() if copy else result


def _check_strides(x) -> None:
    """Refuse an exporter with negative strides (a reversed NumPy view), which torch.from_dlpack aborts on."""
    strides = getattr(x, "strides", None)
    if isinstance(strides, tuple) and any(stride < 0 for stride in strides):
        raise BufferError("torch cannot share memory with negative strides; copy the array first")


def _dlpack_device(device: torch.device) -> tuple[int, int]:
    """The ``(device type, index)`` DLPack uses for a torch device."""
    return torch.empty(0, device=device).__dlpack_device__()


def _fill_dtype(fill_value, dtype):
    if dtype is not None:
        if is_integral(dtype):
            check_python_integers(fill_value, dtype)
        return dtype
    if isinstance(fill_value, bool):
        return torch.bool
    if isinstance(fill_value, int):
        check_python_integers(fill_value, torch.int64)
        return torch.int64
    return python_default_dtype(fill_value)


def _fill(value, dtype=None):
    """A fill value as a Python scalar (a complex one keeps only its real part for a real ``dtype``, as in NumPy)."""
    if isinstance(value, (torch.Tensor, np.ndarray, np.generic)):
        value = value.item()
    if isinstance(value, complex) and dtype is not None and not dtype.is_complex:
        value = value.real
        if dtype == torch.bool or is_integral(dtype):
            value = int(value) if value == value and abs(value) != float("inf") else value
    if isinstance(value, (float, complex)) and dtype is not None and is_inexact(dtype):
        largest = _ROUNDED_ONCE.get(dtype)
        if largest is None or not (abs(value.real) <= largest and abs(value.imag) <= largest):
            # Rounded to the dtype as NumPy casts (torch refuses values just above the dtype's largest).
            value = torch.asarray(value, dtype=torch.complex128 if dtype.is_complex else _FLOAT64).to(dtype).item()
    return value


#: Dtypes whose finite values torch's fill rounds from a Python float in one step, as NumPy's cast does -> the
#: largest finite value (a value beyond it, or NaN, is rounded by the cast of ``_fill``).
_ROUNDED_ONCE = {
    dtype: torch.finfo(dtype).max for dtype in (torch.float32, torch.float64, torch.complex64, torch.complex128)
}


@hookimpl
@guard_dtypes
def full(shape, fill_value, *, dtype=None, device=None):
    fill_value = _fill(fill_value, dtype)
    return torch.full(_shape(shape), fill_value, dtype=_fill_dtype(fill_value, dtype), device=torch_device(device))


@hookimpl
@guard_dtypes
def full_like(x, /, fill_value, *, dtype=None, device=None):
    target = x.dtype if dtype is None else dtype
    fill_value = _fill(fill_value, target)
    if is_integral(target):
        check_python_integers(fill_value, target)
    return torch.full_like(x, fill_value, dtype=dtype, device=torch_device(device))


@hookimpl
@guard_dtypes
def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"linspace needs a non-negative number of samples, not {num}")
    start, stop = _fill(start), _fill(stop)
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = torch.complex128 if is_complex else _FLOAT64
    work = dtype if is_inexact(dtype) else _FLOAT64
    if is_complex and not work.is_complex:
        work = torch.complex128
    device = torch_device(device)
    if endpoint:
        values = torch.linspace(start, stop, num, dtype=work, device=device)
    else:
        values = torch.linspace(start, stop, num + 1, dtype=work, device=device)[:num]
    if values.dtype.is_complex and not dtype.is_complex:
        if dtype == torch.bool:
            return values != 0
        if is_integral(dtype):
            raise TypeError(f"linspace cannot give complex values as {dtype}")
        values = values.real  # NumPy drops the imaginary part for a real dtype
    if is_integral(dtype):
        values = torch.floor(values)  # NumPy (2.x) rounds towards -inf for integer dtypes
    return values if values.dtype == dtype else values.to(dtype)


@hookimpl
@guard_dtypes
def meshgrid(*arrays, indexing="xy"):
    vectors = [a.reshape(-1) for a in arrays]
    count = len(vectors)
    sizes = [v.shape[0] for v in vectors]
    axes = list(range(count))
    if indexing == "xy" and count > 1:
        axes[0], axes[1] = 1, 0
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for v, axis in zip(vectors, axes):
        shape = [1] * count
        shape[axis] = v.shape[0]
        # Each grid is its own contiguous array, as NumPy's (copy=True) are.
        grids.append(v.reshape(shape).expand(sizes).clone())
    return grids


@hookimpl
@guard_dtypes
def ones(shape, *, dtype=None, device=None):
    return torch.ones(_shape(shape), dtype=dtype or _FLOAT64, device=torch_device(device))


@hookimpl
@direct(_ones_like, dtypes=EVERY_DTYPE, bare=torch.ones_like)
@guard_dtypes
def ones_like(x, /, *, dtype=None, device=None):
    return _ones_like(x, dtype=dtype, device=device)


@hookimpl
@guard_dtypes
def tril(x, /, *, k=0):
    return from_signed_bits(torch.tril(as_signed_bits(x), diagonal=k), x.dtype)


@hookimpl
@guard_dtypes
def triu(x, /, *, k=0):
    return from_signed_bits(torch.triu(as_signed_bits(x), diagonal=k), x.dtype)


@hookimpl
@guard_dtypes
def zeros(shape, *, dtype=None, device=None):
    return torch.zeros(_shape(shape), dtype=dtype or _FLOAT64, device=torch_device(device))


@hookimpl
@direct(_zeros_like, dtypes=EVERY_DTYPE, bare=torch.zeros_like)
@guard_dtypes
def zeros_like(x, /, *, dtype=None, device=None):
    return _zeros_like(x, dtype=dtype, device=device)
