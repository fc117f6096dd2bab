"""Main-namespace linear algebra on PyTorch.

torch's matrix products need operands of one dtype: they are promoted first
(torch's promotion, which is polyarray's). Boolean products, which torch has
no kernel for, are computed on integers and compared with zero (exactly
NumPy's logical products). ``vecdot`` of integers, which ``torch.linalg.vecdot``
refuses, is a sum of products.
"""

from __future__ import annotations

import operator

import torch

from ._helpers import EVERY_DTYPE, FLOATING_OR_COMPLEX, exact_unsigned, guard_dtypes, promote_types
from ._marker import direct, hookimpl


def promoted(x1, x2):
    """Both operands in their promoted dtype."""
    if x1.dtype is x2.dtype:
        return x1, x2  # Tensor.to costs a microsecond even when it has nothing to do
    dtype = promote_types(x1.dtype, x2.dtype)
    return x1.to(dtype), x2.to(dtype)


def _boolean_product(product, x1, x2):
    """``product`` of two boolean arrays as NumPy computes it: any(a and b) over the contracted axes."""
    return product(x1.to(torch.int64), x2.to(torch.int64)) != 0


@hookimpl
@guard_dtypes
def einsum(subscripts, /, *operands):
    return torch.einsum(subscripts, *operands)


_EINSUM_DTYPES = frozenset(
    {torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128}
)


def _einsum_handles(subscripts, /, *operands, **unexpected) -> bool:
    """torch's ``einsum`` for floating tensors and int64 ones of one dtype (it sums narrower integers into
    int64, and has no kernels for bool and uint16/32/64), none empty (an empty sum times NaN is NaN in torch,
    0 in NumPy): the core's composition computes the others."""
    if unexpected or not isinstance(subscripts, str):
        return False  # the core's check refuses the call
    if not all(isinstance(x, torch.Tensor) and x.numel() for x in operands):
        return False
    dtypes = {x.dtype for x in operands}
    return len(dtypes) == 1 and dtypes <= _EINSUM_DTYPES


einsum.partial_mixed_handler = _einsum_handles


@hookimpl
@direct(torch.matmul, dtypes=FLOATING_OR_COMPLEX)  # the core refuses 0-d operands (a check of the declaration)
@guard_dtypes
@exact_unsigned("wrapping")
def matmul(x1, x2, /):
    x1, x2 = promoted(x1, x2)
    if x1.dtype == torch.bool:
        return _boolean_product(torch.matmul, x1, x2)
    return torch.matmul(x1, x2)


#: :func:`matrix_transpose`: ``x.mT``, by the getter of torch's tensor attribute itself (a C callable, which
#: PyTorch's compiler traces; ``operator.attrgetter`` it cannot).
_matrix_transpose_direct = torch.Tensor.mT.__get__


@hookimpl
@direct(_matrix_transpose_direct, dtypes=EVERY_DTYPE)
@guard_dtypes
def matrix_transpose(x, /):
    return x.mT


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def tensordot(x1, x2, /, *, axes=2):
    x1, x2 = promoted(x1, x2)
    if not isinstance(axes, (tuple, list)):
        axes = operator.index(axes)
    else:
        first, second = ([operator.index(a) for a in part] for part in axes)
        if len(first) != len(second):
            raise ValueError(f"tensordot needs as many axes of x1 as of x2, not {first} and {second}")
        for a, b in zip(first, second):
            if x1.shape[a] != x2.shape[b]:
                raise ValueError(f"tensordot: axis {a} of x1 has size {x1.shape[a]}, axis {b} of x2 {x2.shape[b]}")
        axes = (first, second)
    if x1.dtype == torch.bool:
        return _boolean_product(lambda a, b: torch.tensordot(a, b, dims=axes), x1, x2)
    return torch.tensordot(x1, x2, dims=axes)


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def vecdot(x1, x2, /, *, axis=-1):
    x1, x2 = promoted(x1, x2)
    # The vector axis goes last in each operand; only the other axes broadcast.
    x1, x2 = torch.movedim(x1, axis, -1), torch.movedim(x2, axis, -1)
    if x1.dtype.is_floating_point or x1.dtype.is_complex:
        return torch.linalg.vecdot(x1, x2, dim=-1)
    if x1.dtype == torch.bool:
        return torch.any(x1 & x2, dim=-1)
    return torch.sum(x1 * x2, dim=-1, dtype=x1.dtype)
