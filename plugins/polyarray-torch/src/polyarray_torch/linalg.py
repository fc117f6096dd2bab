"""The linalg extension on PyTorch.

Integer and boolean input is computed in ``float64``, as NumPy does; torch
has no factorizations for ``float16``/``bfloat16``, which are refused (as on
NumPy). A matrix that cannot be factorized raises a ``ValueError``.

Where torch differs from the standard: ``solve`` reads a 1-d ``x2`` as one
vector and any other ``x2`` as a stack of matrices (torch also reads
``x2.ndim == x1.ndim - 1`` as a stack of vectors); ``vector_norm`` over no
elements is 0 for ``ord=inf`` and inf for a negative ``ord``, and over
``axis=()`` the norm of each element; ``trace`` accumulates integers in the
default accumulation dtype; ``matrix_power`` of integer matrices keeps their
dtype for ``n >= 0``.
"""

from __future__ import annotations

import math
import operator

import torch

from . import statistical
from ._helpers import (
    LIMITED_DTYPES,
    as_signed_bits,
    exact_unsigned,
    from_signed_bits,
    guard_dtypes,
    is_inexact,
    normalize_axes,
    portable_name,
    reduced_shape,
    reduced_size,
    unsupported,
)
from ._marker import hookimpl
from .linear_algebra import promoted

# -- helpers ----------------------------------------------------------------------------


def _floating(x):
    """``x`` with an inexact dtype: integers and booleans become float64."""
    return x if is_inexact(x.dtype) else x.to(torch.float64)


_HALF = (torch.float16, torch.bfloat16)


def _factorizable(x, name):
    """``x`` as :func:`_floating`, refusing the half-precision dtypes torch has no factorizations for."""
    if x.dtype in _HALF:
        detail = f"torch {torch.__version__} has no half-precision linear algebra ({name} of {portable_name(x.dtype)})"
        raise unsupported(name, x.dtype, detail)
    return _floating(x)


# -- implementations --------------------------------------------------------------------


@hookimpl
@guard_dtypes
def cholesky(x, /, *, upper=False):
    return torch.linalg.cholesky(_factorizable(x, "cholesky"), upper=upper)


@hookimpl
@guard_dtypes
@exact_unsigned("wrapping")
def cross(x1, x2, /, *, axis=-1):
    x1, x2 = promoted(x1, x2)
    x1, x2 = torch.broadcast_tensors(x1, x2)  # torch wants operands of one number of dimensions
    return torch.linalg.cross(x1, x2, dim=axis)


@hookimpl
@guard_dtypes
def det(x, /):
    return torch.linalg.det(_factorizable(x, "det"))


@hookimpl
@guard_dtypes
def diagonal(x, /, *, offset=0):
    return torch.diagonal(x, offset=offset, dim1=-2, dim2=-1)


@hookimpl
@guard_dtypes
def eigh(x, /):
    eigenvalues, eigenvectors = torch.linalg.eigh(_factorizable(x, "eigh"))
    return eigenvalues, eigenvectors


@hookimpl
@guard_dtypes
def eigvalsh(x, /):
    return torch.linalg.eigvalsh(_factorizable(x, "eigvalsh"))


@hookimpl
@guard_dtypes
def inv(x, /):
    return torch.linalg.inv(_factorizable(x, "inv"))


@hookimpl
@guard_dtypes
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    x = _floating(x)
    return torch.linalg.matrix_norm(x, ord="fro" if ord is None else ord, dim=(-2, -1), keepdim=keepdims)


@hookimpl
@guard_dtypes
def matrix_power(x, n, /):
    n = operator.index(n)
    if n < 0:
        x = _factorizable(x, "matrix_power")  # a power of the inverse
    elif x.dtype in LIMITED_DTYPES:
        # Products modulo 2**bits: the same bits in the signed dtype of the width.
        return from_signed_bits(torch.linalg.matrix_power(as_signed_bits(x), n), x.dtype)
    return torch.linalg.matrix_power(x, n)


@hookimpl
@guard_dtypes
def matrix_rank(x, /, *, rtol=None):
    return torch.linalg.matrix_rank(_factorizable(x, "matrix_rank"), rtol=rtol)


@hookimpl
@guard_dtypes
def outer(x1, x2, /):
    x1, x2 = promoted(x1, x2)
    return x1.unsqueeze(1) * x2.unsqueeze(0)


@hookimpl
@guard_dtypes
def pinv(x, /, *, rtol=None):
    return torch.linalg.pinv(_factorizable(x, "pinv"), rtol=rtol)


@hookimpl
@guard_dtypes
def qr(x, /, *, mode="reduced"):
    q, r = torch.linalg.qr(_factorizable(x, "qr"), mode=mode)
    return q, r


@hookimpl
@guard_dtypes
def slogdet(x, /):
    sign, logabsdet = torch.linalg.slogdet(_factorizable(x, "slogdet"))
    return sign, logabsdet


@hookimpl
@guard_dtypes
def solve(x1, x2, /):
    x1, x2 = promoted(_factorizable(x1, "solve"), _floating(x2))
    vector = x2.ndim == 1
    if vector:
        x2 = x2.unsqueeze(-1)
    batch = torch.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    result = torch.linalg.solve(x1.expand(*batch, *x1.shape[-2:]), x2.expand(*batch, *x2.shape[-2:]))
    return result[..., 0] if vector else result


@hookimpl
@guard_dtypes
def svd(x, /, *, full_matrices=True):
    u, s, vh = torch.linalg.svd(_factorizable(x, "svd"), full_matrices=full_matrices)
    return u, s, vh


@hookimpl
@guard_dtypes
def svdvals(x, /):
    return torch.linalg.svdvals(_factorizable(x, "svdvals"))


@hookimpl
@guard_dtypes
def trace(x, /, *, offset=0, dtype=None):
    diagonals = torch.diagonal(x, offset=offset, dim1=-2, dim2=-1)
    return statistical.sum(diagonals, axis=-1, dtype=dtype)


@hookimpl
@guard_dtypes
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = _floating(x)
    axes = normalize_axes(axis, x.ndim)
    dtype = x.real.dtype if x.dtype.is_complex else x.dtype
    if not axes:
        # The norm of each element on its own (torch would reduce every axis for dim=()).
        return (x != 0).to(dtype) if ord == 0 else _own_norm(x, ord)
    if reduced_size(x.shape, axes) == 0 and not isinstance(ord, str) and (ord == math.inf or -math.inf < ord < 0):
        # No elements: max |x| is 0, sum(|x|**p)**(1/p) of a negative p is inf (torch raises for both).
        fill = 0.0 if ord == math.inf else math.inf
        return torch.full(reduced_shape(x.shape, axes, keepdims), fill, dtype=dtype, device=x.device)
    if reduced_size(x.shape, axes) == 1 and ord != 0:
        return torch.sum(_own_norm(x, ord), dim=axes, keepdim=keepdims)
    return torch.linalg.vector_norm(x, ord=ord, dim=axes, keepdim=keepdims)


def _own_norm(x, ord):
    """The ``ord``-norm of each element on its own: ``(|x|**p)**(1/p)``, which overflows (or underflows) as NumPy's
    does; torch takes ``|x|`` for a single element."""
    if ord in (1, math.inf, -math.inf):
        return torch.abs(x)
    return (torch.abs(x) ** ord) ** (1 / ord)
