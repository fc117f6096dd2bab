"""Manipulation functions on PyTorch.

Where torch's function differs from the standard's: ``squeeze`` refuses axes
of a size other than one (torch skips them), ``concat``/``stack`` promote the
dtypes of their inputs (also of ``uint16``/``uint32``/``uint64`` arrays, which
torch cannot promote), ``roll`` broadcasts a single shift over several axes and
``reshape(copy=False)`` raises where a copy is needed. ``flip`` and ``repeat``
move the bits of ``uint16``/``uint32``/``uint64`` arrays as signed integers of
their width, which torch has kernels for.
"""

from __future__ import annotations

import operator

import numpy as np
import torch
import torch.nn.functional as F

from ._helpers import (
    EVERY_DTYPE,
    LIMITED_DTYPES,
    as_signed_bits,
    check_axis,
    from_signed_bits,
    guard_dtypes,
    normalize_axes,
    promote_types,
)
from ._marker import direct, hookimpl


@hookimpl
@guard_dtypes
def broadcast_arrays(*arrays):
    return list(torch.broadcast_tensors(*arrays))


@hookimpl
@guard_dtypes
def broadcast_to(x, /, shape):
    return torch.broadcast_to(x, tuple(shape))


def _common_dtype(arrays):
    dtype = arrays[0].dtype
    for a in arrays[1:]:
        if a.dtype != dtype:
            dtype = promote_types(dtype, a.dtype)
    return dtype


def _same_dtype(arrays):
    """The arrays in their promoted dtype (torch's cat and stack cannot promote uint16/32/64)."""
    arrays = list(arrays)
    dtype = _common_dtype(arrays)
    return [a if a.dtype == dtype else a.to(dtype) for a in arrays]


@hookimpl
@guard_dtypes
def concat(arrays, /, *, axis=0):
    arrays = _same_dtype(arrays)
    if axis is None:
        return torch.cat([a.reshape(-1) for a in arrays])
    if arrays[0].ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated (use axis=None or stack)")
    for a in arrays[1:]:
        if a.ndim != arrays[0].ndim:
            raise ValueError(f"concat needs arrays of one number of dimensions, not {arrays[0].ndim} and {a.ndim}")
    return torch.cat(arrays, dim=check_axis(axis, arrays[0].ndim))


@hookimpl
@guard_dtypes
def expand_dims(x, /, axis=0):
    return torch.unsqueeze(x, axis)


@hookimpl
@guard_dtypes
def flip(x, /, *, axis=None):
    return from_signed_bits(torch.flip(as_signed_bits(x), normalize_axes(axis, x.ndim)), x.dtype)


@hookimpl
@guard_dtypes
def moveaxis(x, source, destination, /):
    sources, destinations = normalize_axes(source, x.ndim), normalize_axes(destination, x.ndim)
    if len(sources) != len(destinations):
        raise ValueError("moveaxis needs as many destination axes as source axes")
    return torch.movedim(x, sources, destinations)


@hookimpl
@guard_dtypes
def pad(x, pad_width, /, mode="constant", *, constant_values=0):
    pairs = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (x.ndim, 2)).tolist()
    # torch's widths run from the last axis: (last_before, last_after, second_last_before, ...).
    return F.pad(x, [width for pair in reversed(pairs) for width in pair], value=constant_values)


def _pad_handles(x, pad_width, /, mode="constant", *, constant_values=0) -> bool:
    """torch's ``pad`` for the constant mode with one constant of the array's kind (its other modes take
    only some ranks and dtypes); the core's composition pads in the other modes."""
    if mode != "constant" or not isinstance(x, torch.Tensor) or x.dtype in LIMITED_DTYPES:
        return False
    if x.dtype == torch.bool:
        return type(constant_values) is bool
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return type(constant_values) in (int, float) or (x.dtype.is_complex and type(constant_values) is complex)
    return type(constant_values) is int


pad.partial_mixed_handler = _pad_handles


@hookimpl
@guard_dtypes
def permute_dims(x, /, axes):
    axes = tuple(operator.index(a) for a in axes)
    if len(axes) != x.ndim or sorted(a % x.ndim for a in axes) != list(range(x.ndim)):
        raise ValueError(f"permute_dims needs a permutation of the {x.ndim} axes, not {axes}")
    return torch.permute(x, axes)


@hookimpl
@guard_dtypes
def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, torch.Tensor):
        if repeats.dtype != torch.int64:
            repeats = repeats.to(torch.int64)
        if repeats.numel() and bool((repeats < 0).any()):
            raise ValueError("repeat needs non-negative repeats")
    elif operator.index(repeats) < 0:
        raise ValueError(f"repeat needs non-negative repeats, not {repeats}")
    bits = as_signed_bits(x)
    if axis is None:
        return from_signed_bits(torch.repeat_interleave(bits.reshape(-1), repeats), x.dtype)
    return from_signed_bits(torch.repeat_interleave(bits, repeats, dim=check_axis(axis, x.ndim)), x.dtype)


def _reshape_direct(x, /, shape, *, copy=None):
    """:func:`reshape` where no copy is asked about: torch's own."""
    if copy is None:
        return torch.reshape(x, shape)
    return reshape(x, shape, copy=copy)


@hookimpl
@direct(_reshape_direct, dtypes=EVERY_DTYPE, bare=torch.reshape)
@guard_dtypes
def reshape(x, /, shape, *, copy=None):
    shape = tuple(shape)
    if copy is None:
        return torch.reshape(x, shape)
    if copy:
        return torch.reshape(x, shape).clone()
    try:
        return x.view(shape)
    except RuntimeError as error:
        if "view size is not compatible" in str(error):
            raise ValueError(f"reshape(copy=False) cannot give an array of shape {shape} without a copy") from error
        raise


@hookimpl
@guard_dtypes
def roll(x, /, shift, *, axis=None):
    if axis is None:
        total = sum(shift) if isinstance(shift, (tuple, list)) else shift
        return torch.roll(x.reshape(-1), total).reshape(x.shape)
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    shifts = tuple(shift) if isinstance(shift, (tuple, list)) else (shift,) * len(axes)
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)
    if len(shifts) != len(axes):
        raise ValueError(f"roll needs one shift per axis, not {len(shifts)} shifts for {len(axes)} axes")
    if not axes:
        return x.clone()
    return torch.roll(x, shifts, tuple(check_axis(a, x.ndim) for a in axes))


@hookimpl
@guard_dtypes
def split(x, indices_or_sections, /, *, axis=0):
    # tensor_split reads split points as NumPy's split does; the core has refused unequal sections.
    sections = indices_or_sections if isinstance(indices_or_sections, int) else [int(i) for i in indices_or_sections]
    return list(torch.tensor_split(x, sections, dim=axis))


@hookimpl
@guard_dtypes
def squeeze(x, /, axis):
    axes = normalize_axes(axis, x.ndim)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {x.shape[a]}, not 1")
    return torch.squeeze(x, axes) if axes else x.view(x.shape)


@hookimpl
@guard_dtypes
def stack(arrays, /, *, axis=0):
    arrays = _same_dtype(arrays)
    for a in arrays[1:]:
        if a.shape != arrays[0].shape:
            raise ValueError(f"stack needs arrays of one shape, not {tuple(arrays[0].shape)} and {tuple(a.shape)}")
    return torch.stack(arrays, dim=operator.index(axis))


@hookimpl
@guard_dtypes
def tile(x, repetitions, /):
    return torch.tile(x, tuple(repetitions))


@hookimpl
@guard_dtypes
def unstack(x, /, *, axis=0):
    return tuple(torch.unbind(x, dim=check_axis(axis, x.ndim)))
