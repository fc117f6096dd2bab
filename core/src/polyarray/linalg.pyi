# Generated from polyarray's declarations by `python -m polyarray._stubgen`: do not edit.
"""``pa.linalg``: the array API standard's linear algebra extension."""

from typing import Literal

from polyarray import matmul, matrix_transpose, tensordot, vecdot
from polyarray._array import Array
from polyarray._backend import Backend
from polyarray.api._types import ArrayLike, DTypeLike
from polyarray.api.linalg import EighResult, QRResult, SlogdetResult, SVDResult

__all__ = [
    "EighResult",
    "QRResult",
    "SVDResult",
    "SlogdetResult",
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eigh",
    "eigvalsh",
    "inv",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "trace",
    "vector_norm",
    "matmul",
    "matrix_transpose",
    "tensordot",
    "vecdot",
]

def cholesky(x: ArrayLike, /, *, upper: bool = False, backend: str | Backend | None = None) -> Array:
    """The Cholesky factor of a Hermitian (real symmetric) positive-definite matrix or stack.

    Returns the lower-triangular ``L`` with ``x = L @ L^H``, or with
    ``upper=True`` the upper-triangular ``U`` with ``x = U^H @ U``; same
    shape as ``x``, floating-point dtype of its precision. Symmetry is not
    checked (only one triangle of ``x`` may be read); a matrix that is not
    positive-definite raises ``pa.PolyarrayValueError``.

    >>> pa.linalg.cholesky(pa.asarray([[4.0, 2.0], [2.0, 5.0]]))
    Array([[2., 0.],
           [1., 2.]], backend=numpy, dtype=float64)
    >>> pa.linalg.cholesky(pa.asarray([[4.0, 2.0], [2.0, 5.0]]), upper=True)
    Array([[2., 1.],
           [0., 2.]], backend=numpy, dtype=float64)
    """

def cross(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1, backend: str | Backend | None = None) -> Array:
    """The cross product of 3-element vectors along ``axis``.

    Both operands must have size 3 along ``axis`` (a negative integer by the
    standard; that axis is never broadcast); the other axes broadcast. The
    result has the broadcast shape and the promoted dtype. Another size
    raises ``pa.PolyarrayValueError``.

    >>> pa.linalg.cross(pa.asarray([1, 0, 0]), pa.asarray([0, 1, 0]))
    Array([0, 0, 1], backend=numpy, dtype=int64)
    """

def det(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The determinant of a square matrix or a stack of them.

    The result has shape ``x.shape[:-2]`` and the dtype of ``x`` (float64
    for integer input). The determinant of a 0x0 matrix is 1; a singular
    matrix gives 0 (no error).

    >>> pa.linalg.det(pa.asarray([[2.0, 0.0], [0.0, 3.0]]))
    Array(6., backend=numpy, dtype=float64)
    """

def diagonal(x: ArrayLike, /, *, offset: int = 0, backend: str | Backend | None = None) -> Array:
    """The diagonal of each matrix in ``x`` (the last two axes), ``offset`` above (> 0) or below (< 0) the main one.

    The result has shape ``x.shape[:-2] + (k,)`` where ``k`` is the length
    of that diagonal (0 when ``offset`` lies outside the matrix), and the
    dtype of ``x``. Unlike ``numpy.diagonal``, the last two axes are used,
    not the first two.

    >>> pa.linalg.diagonal(pa.asarray([[1, 2, 3], [4, 5, 6]]), offset=1)
    Array([2, 6], backend=numpy, dtype=int64)
    """

def eigh(x: ArrayLike, /, *, backend: str | Backend | None = None) -> EighResult:
    """The eigenvalues and eigenvectors of a Hermitian (real symmetric) matrix or stack.

    Returns ``EighResult(eigenvalues, eigenvectors)``: the eigenvalues
    ``(..., M)`` in ascending order, of the real dtype of ``x``'s precision,
    and the eigenvectors as the columns of ``(..., M, M)`` (dtype of ``x``).
    Symmetry is not checked (only one triangle may be read). Eigenvectors
    are unique only up to sign (a phase for complex input).

    >>> pa.linalg.eigh(pa.asarray([[2.0, 0.0], [0.0, 1.0]])).eigenvalues
    Array([1., 2.], backend=numpy, dtype=float64)
    """

def eigvalsh(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The eigenvalues of a Hermitian (real symmetric) matrix or stack, in ascending order.

    The result has shape ``(..., M)`` and the real dtype of ``x``'s
    precision (float32 for complex64).

    >>> pa.linalg.eigvalsh(pa.asarray([[2.0, 1.0], [1.0, 2.0]]))
    Array([1., 3.], backend=numpy, dtype=float64)
    """

def inv(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The inverse of a square matrix or a stack of them.

    Same shape as ``x``, floating-point dtype of its precision. A singular
    matrix raises ``pa.PolyarrayValueError``.

    >>> pa.linalg.inv(pa.asarray([[2.0, 0.0], [0.0, 4.0]]))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], backend=numpy, dtype=float64)
    """

def matrix_norm(
    x: ArrayLike,
    /,
    *,
    keepdims: bool = False,
    ord: int | float | Literal["fro", "nuc"] | None = "fro",
    backend: str | Backend | None = None,
) -> Array:
    """The matrix norm of each matrix in ``x``.

    ``ord``: ``"fro"`` (Frobenius, also ``None``), ``"nuc"`` (sum of the
    singular values), ``1``/``-1`` (max/min absolute column sum), ``2``/``-2``
    (largest/smallest singular value), ``inf``/``-inf`` (max/min absolute row
    sum). The result has shape ``x.shape[:-2]`` (with two trailing 1s if
    ``keepdims``) and a real floating-point dtype (float32 for float32 and
    complex64 input). Every norm of an empty matrix is 0, except that
    ``-1``, ``-2`` and ``-inf`` may raise ``pa.PolyarrayValueError``.

    >>> x = pa.asarray([[3.0, 0.0], [0.0, -4.0]])
    >>> pa.linalg.matrix_norm(x)
    Array(5., backend=numpy, dtype=float64)
    >>> pa.linalg.matrix_norm(x, ord=1, keepdims=True)
    Array([[4.]], backend=numpy, dtype=float64)
    """

def matrix_power(x: ArrayLike, n: int, /, *, backend: str | Backend | None = None) -> Array:
    """Raise a square matrix (or a stack) to the integer power ``n``.

    ``n = 0`` gives identity matrices, ``n < 0`` powers of the inverse (a
    singular matrix raises ``pa.PolyarrayValueError``). Same shape as ``x``;
    floating-point input keeps its dtype.

    >>> pa.linalg.matrix_power(pa.asarray([[1.0, 1.0], [0.0, 1.0]]), 3)
    Array([[1., 3.],
           [0., 1.]], backend=numpy, dtype=float64)
    """

def matrix_rank(
    x: ArrayLike,
    /,
    *,
    rtol: float | ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The rank of a matrix or stack: the number of singular values above ``rtol`` times the largest.

    ``rtol`` may be a float or an array broadcast against ``x.shape[:-2]``;
    ``None`` means ``max(M, N) * eps`` of ``x``'s floating-point precision.
    The result has shape ``x.shape[:-2]`` and the default integer dtype; an
    empty matrix has rank 0.

    >>> int(pa.linalg.matrix_rank(pa.asarray([[1.0, 2.0], [2.0, 4.0]])))
    1
    """

def outer(x1: ArrayLike, x2: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The outer product of two 1-d arrays: shape ``(N, M)``, the promoted dtype.

    Inputs with another number of dimensions raise ``pa.PolyarrayValueError``
    (they are not flattened).

    >>> pa.linalg.outer(pa.asarray([1, 2]), pa.asarray([3, 4, 5]))
    Array([[ 3,  4,  5],
           [ 6,  8, 10]], backend=numpy, dtype=int64)
    """

def pinv(x: ArrayLike, /, *, rtol: float | ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The Moore-Penrose pseudo-inverse of a matrix or stack, computed by SVD.

    Singular values at most ``rtol`` times the largest are treated as zero;
    ``rtol`` may be a float or an array broadcast against ``x.shape[:-2]``,
    and ``None`` means ``max(M, N) * eps`` of ``x``'s floating-point
    precision. The result has shape ``(..., N, M)``.

    >>> pa.linalg.pinv(pa.asarray([[1.0, 2.0]])).shape
    (2, 1)
    >>> [round(float(v), 6) for v in pa.linalg.pinv(pa.asarray([[1.0, 2.0]]))[:, 0]]
    [0.2, 0.4]
    """

def qr(
    x: ArrayLike,
    /,
    *,
    mode: Literal["reduced", "complete"] = "reduced",
    backend: str | Backend | None = None,
) -> QRResult:
    """The QR decomposition ``x = Q @ R`` of a matrix or stack.

    Returns ``QRResult(Q, R)``. With ``K = min(M, N)``, ``mode="reduced"``
    gives ``Q`` of shape ``(..., M, K)`` and ``R`` of ``(..., K, N)``;
    ``mode="complete"`` gives ``(..., M, M)`` and ``(..., M, N)``. The
    factors are unique only up to the signs of ``R``'s diagonal. Any other
    ``mode`` raises ``pa.PolyarrayValueError``.

    >>> Q, R = pa.linalg.qr(pa.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    >>> Q.shape, R.shape
    ((3, 2), (2, 2))
    >>> pa.linalg.qr(pa.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), mode="complete").Q.shape
    (3, 3)
    """

def slogdet(x: ArrayLike, /, *, backend: str | Backend | None = None) -> SlogdetResult:
    """The sign and the natural log of the absolute value of the determinant of a square matrix or stack.

    Returns ``SlogdetResult(sign, logabsdet)``, both of shape
    ``x.shape[:-2]``: ``sign`` has the dtype of ``x`` (a unit complex number
    for complex input), ``logabsdet`` the real dtype of its precision. A
    singular matrix gives ``sign = 0`` and ``logabsdet = -inf``.

    >>> pa.linalg.slogdet(pa.asarray([[-1.0, 0.0], [0.0, 1.0]]))
    SlogdetResult(sign=Array(-1., backend=numpy, dtype=float64), logabsdet=Array(0., backend=numpy, dtype=float64))
    """

def solve(x1: ArrayLike, x2: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """Solve ``x1 @ x = x2`` for ``x``, with ``x1`` a square matrix (or a stack) of full rank.

    A 1-d ``x2`` of shape ``(M,)`` is one right-hand-side vector shared by
    every matrix of the stack: the result has shape ``x1.shape[:-2] + (M,)``.
    Otherwise ``x2`` is a matrix (or stack) ``(..., M, K)`` whose stack
    dimensions broadcast against ``x1``'s; the result has shape
    ``(..., M, K)``. A singular ``x1`` raises ``pa.PolyarrayValueError``.

    >>> pa.linalg.solve(pa.asarray([[2.0, 0.0], [0.0, 4.0]]), pa.asarray([2.0, 4.0]))
    Array([1., 1.], backend=numpy, dtype=float64)
    """

def svd(x: ArrayLike, /, *, full_matrices: bool = True, backend: str | Backend | None = None) -> SVDResult:
    """The singular value decomposition ``x = U @ diag(S) @ Vh`` of a matrix or stack.

    Returns ``SVDResult(U, S, Vh)``. With ``K = min(M, N)``: ``S`` has shape
    ``(..., K)``, sorted in descending order, with the real dtype of ``x``'s
    precision; ``full_matrices=True`` gives ``U`` ``(..., M, M)`` and ``Vh``
    ``(..., N, N)``, ``False`` gives ``(..., M, K)`` and ``(..., K, N)``. The
    singular vectors are unique only up to sign (a phase for complex input).

    >>> pa.linalg.svd(pa.asarray([[3.0, 0.0], [0.0, -2.0]])).S
    Array([3., 2.], backend=numpy, dtype=float64)
    """

def svdvals(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The singular values of a matrix or stack, in descending order.

    The result has shape ``(..., min(M, N))`` and the real dtype of ``x``'s
    precision.

    >>> pa.linalg.svdvals(pa.asarray([[0.0, 2.0], [3.0, 0.0]]))
    Array([3., 2.], backend=numpy, dtype=float64)
    """

def trace(
    x: ArrayLike,
    /,
    *,
    offset: int = 0,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The sum of the diagonal (``offset`` above or below the main one) of each matrix in ``x``.

    Acts on the last two axes (``numpy.trace`` uses the first two). The
    result has shape ``x.shape[:-2]``. With ``dtype=None`` it keeps the dtype
    of ``x``, except that signed integers narrower than the default integer
    give the default integer (int64) and unsigned ones uint64, as ``sum``
    does; ``dtype`` casts before summing. An empty diagonal sums to 0.

    >>> pa.linalg.trace(pa.asarray([[1, 2], [3, 4]]))
    Array(5, backend=numpy, dtype=int64)
    >>> pa.linalg.trace(pa.asarray([[[1, 2], [3, 4]]]), offset=1)
    Array([2], backend=numpy, dtype=int64)
    """

def vector_norm(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: int | float = 2,
    backend: str | Backend | None = None,
) -> Array:
    """The vector norm of ``x`` over ``axis``: every element (``None``), one axis, or a tuple of axes.

    ``ord``: any ``p >= 1`` gives ``sum(abs(x)**p)**(1/p)``, ``inf`` the
    largest absolute value, ``-inf`` the smallest, ``0`` the number of
    non-zero elements, other ``p < 1`` the same formula (not a norm). The
    reduced axes are removed (kept as 1s if ``keepdims``). The result has a
    real floating-point dtype (float32 for float32 and complex64 input,
    float64 for integer input). Over no elements the norm is 0 for
    ``ord > 0`` and ``ord = 0``.

    >>> pa.linalg.vector_norm(pa.asarray([[3.0, 4.0], [0.0, 0.0]]))
    Array(5., backend=numpy, dtype=float64)
    >>> pa.linalg.vector_norm(pa.asarray([[3.0, -4.0], [1.0, 0.0]]), axis=1, ord=1)
    Array([7., 1.], backend=numpy, dtype=float64)
    """
