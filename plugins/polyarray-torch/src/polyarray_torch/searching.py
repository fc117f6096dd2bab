"""Searching functions on PyTorch.

- ``argmax``/``argmin`` of booleans, which torch has no kernel for, compare
  them as ``uint8``.
- ``count_nonzero`` and ``nonzero`` look at ``x != 0``, which also works for
  the dtypes torch counts no other way.
- ``searchsorted`` orders NaN after every number, as ``sort`` does (torch's
  binary search compares with NaN as if it were smaller); a ``sorter`` index
  outside ``[0, len(x1))`` is a ``ValueError``, as in NumPy, except inside
  PyTorch's compiler, which reads no values.
- ``where`` gives a Python scalar the other operand's dtype, with NumPy's
  ``float64`` for a float with an integer array (torch gives ``float32``).
"""

from __future__ import annotations

import torch

from ._helpers import (
    REAL_FLOATING,
    check_axis,
    exact_unsigned,
    guard_dtypes,
    normalize_axes,
    promote_types,
    scalar_dtype,
    unsupported,
)
from ._marker import REDUCTION_OPTIONS, direct, hookimpl

#: The dtypes torch's ``where`` has kernels for.
_WHERE_KERNELS = frozenset(
    (torch.bool, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.float16, torch.bfloat16,
     torch.float32, torch.float64, torch.complex64, torch.complex128)
)  # fmt: skip


def _comparable(x):
    return x.to(torch.uint8) if x.dtype == torch.bool else x


def _arg_reduction(function, name, x, axis, keepdims):
    if x.dtype.is_complex:
        raise unsupported(name, x.dtype, f"torch {torch.__version__} orders no complex numbers")
    x = _comparable(x)
    if axis is None:
        if x.numel() == 0:
            raise ValueError(f"attempt to get {name} of an empty sequence")
        result = function(x.reshape(-1), dim=0)
        return result.reshape((1,) * x.ndim) if keepdims else result
    axis = check_axis(axis, max(x.ndim, 1))
    if x.ndim == 0:
        return torch.zeros((), dtype=torch.int64, device=x.device)
    if x.shape[axis] == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    return function(x, dim=axis, keepdim=keepdims)


def _argmax_direct(x, /, *, axis=None, keepdims=False):
    """:func:`argmax` of a real floating tensor along an axis of some length: torch's own."""
    if axis is not None and x.ndim and x.shape[axis]:
        return torch.argmax(x, axis, keepdims)
    return argmax(x, axis=axis, keepdims=keepdims)


def _argmin_direct(x, /, *, axis=None, keepdims=False):
    """:func:`argmin` of a real floating tensor along an axis of some length: torch's own."""
    if axis is not None and x.ndim and x.shape[axis]:
        return torch.argmin(x, axis, keepdims)
    return argmin(x, axis=axis, keepdims=keepdims)


@hookimpl
@direct(_argmax_direct, dtypes=REAL_FLOATING, bare=torch.argmax, bare_options=REDUCTION_OPTIONS)
@guard_dtypes
@exact_unsigned("ordering")
def argmax(x, /, *, axis=None, keepdims=False):
    return _arg_reduction(torch.argmax, "argmax", x, axis, keepdims)


@hookimpl
@direct(_argmin_direct, dtypes=REAL_FLOATING, bare=torch.argmin, bare_options=REDUCTION_OPTIONS)
@guard_dtypes
@exact_unsigned("ordering")
def argmin(x, /, *, axis=None, keepdims=False):
    return _arg_reduction(torch.argmin, "argmin", x, axis, keepdims)


@hookimpl
@guard_dtypes
def count_nonzero(x, /, *, axis=None, keepdims=False):
    axes = normalize_axes(axis, x.ndim)
    nonzero = x != 0
    if not axes:
        return nonzero.to(torch.int64)
    return torch.sum(nonzero, dim=axes, keepdim=keepdims, dtype=torch.int64)


@hookimpl
@guard_dtypes
def nonzero(x, /):
    return torch.nonzero(x != 0, as_tuple=True)


@hookimpl
@guard_dtypes
@exact_unsigned("ordering")
def searchsorted(x1, x2, /, *, side="left", sorter=None):
    for x in (x1, x2):
        if x.dtype.is_complex:
            raise unsupported("searchsorted", x.dtype, f"torch {torch.__version__} orders no complex numbers")
    if sorter is not None:
        sorter = sorter.to(torch.int64)
        # As NumPy refuses it (an index from the end too); read outside the compiler, whose graphs read no values.
        if not torch.compiler.is_compiling() and bool(((sorter < 0) | (sorter >= x1.shape[0])).any()):
            raise ValueError(f"sorter holds an index out of range [0, {x1.shape[0]}) for x1")
        x1 = x1[sorter]
    dtype = promote_types(x1.dtype, x2.dtype)
    x1, x2 = x1.to(dtype), x2.to(dtype)
    if not dtype.is_floating_point:
        return torch.searchsorted(x1, x2, side=side)
    # NaNs sort last: search the numbers among the numbers, and put NaN after them (or after all).
    numbers = int((~torch.isnan(x1)).sum())
    nan = torch.isnan(x2)
    found = torch.searchsorted(x1[:numbers].contiguous(), torch.where(nan, torch.zeros_like(x2), x2), side=side)
    at_nan = numbers if side == "left" else x1.shape[0]
    return torch.where(nan, torch.full_like(found, at_nan), found)


def _where_operand(value, other):
    if isinstance(value, torch.Tensor):
        return value
    if isinstance(other, torch.Tensor):
        return torch.asarray(value, dtype=scalar_dtype(value, other.dtype), device=other.device)
    return value


def _where_direct(condition, x1, x2, /):
    """:func:`where` with a boolean condition and operands of one dtype (or a Python scalar that keeps it):
    torch's own."""
    if condition.dtype == torch.bool:
        return torch.where(condition, x1, x2)
    return where(condition, x1, x2)


@hookimpl
@direct(_where_direct, dtypes=_WHERE_KERNELS)
@guard_dtypes
def where(condition, x1, x2, /):
    if condition.dtype != torch.bool:
        condition = condition != 0
    x1, x2 = _where_operand(x1, x2), _where_operand(x2, x1)
    if not isinstance(x1, torch.Tensor):
        # Two Python scalars: NumPy's default dtypes (float64, complex128).
        dtype = scalar_dtype(x2, scalar_dtype(x1, torch.bool))
        x1 = torch.asarray(x1, dtype=dtype, device=condition.device)
        x2 = torch.asarray(x2, dtype=dtype, device=condition.device)
    elif x1.dtype != x2.dtype:
        dtype = promote_types(x1.dtype, x2.dtype)
        x1, x2 = x1.to(dtype), x2.to(dtype)
    return torch.where(condition, x1, x2)
