# Generated from polyarray's declarations by `python -m polyarray._stubgen`: do not edit.
"""``pa.random``: random numbers that are the same on every backend.

Functions take a key first (``pa.random.key(seed)``, then ``split`` /
``fold_in`` for new ones); :class:`Generator` holds a key for code that wants
state. The algorithm and what is bit-identical across backends: docs/random.md.
"""

from collections.abc import Sequence

from polyarray._array import Array
from polyarray._backend import Backend
from polyarray.api._types import ArrayLike, DTypeLike

__all__ = [
    "key",
    "split",
    "fold_in",
    "uniform",
    "normal",
    "integers",
    "bernoulli",
    "permutation",
    "choice",
    "truncated_normal",
    "Generator",
]

def key(seed: int, /, *, backend: str | Backend | None = None) -> Array:
    """A key for ``seed``: a uint32 array of shape ``(2,)``, ``[seed >> 32, seed & 0xFFFFFFFF]``.

    ``seed`` is an int in ``[-2**63, 2**64)`` (negative seeds are taken in
    two's complement). The same seed gives the same key, and the same draws,
    on every backend.

    >>> pa.random.key(42)
    Array([ 0, 42], backend=numpy, dtype=uint32)
    >>> pa.to_numpy(pa.random.key(2**32 + 7)).tolist()
    [1, 7]
    """

def split(key: ArrayLike, /, num: int = 2, *, backend: str | Backend | None = None) -> Array:
    """``num`` new keys from ``key``, as a uint32 array of shape ``(num, 2)``; row ``i`` is a key.

    Use each new key once (for a draw, or to split again) and ``key`` no more.

    >>> keys = pa.random.split(pa.random.key(0))
    >>> keys.shape, keys.dtype
    ((2, 2), pa.uint32)
    >>> pa.to_numpy(keys).tolist()
    [[4146024105, 967050713], [2718843009, 1272950319]]
    """

def fold_in(key: ArrayLike, data: int, /, *, backend: str | Backend | None = None) -> Array:
    """A new key from ``key`` and the int ``data`` (in ``[0, 2**32)``): the Threefry image of ``(0, data)``.

    Different ``data`` give independent keys: fold in a step or a worker number.

    >>> pa.to_numpy(pa.random.fold_in(pa.random.key(0), 1)).tolist()
    [928981903, 3453687069]
    """

def uniform(
    key: ArrayLike,
    shape: int | Sequence[int],
    /,
    *,
    low: float = 0.0,
    high: float = 1.0,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Floats drawn uniformly from ``[low, high)``, of ``shape`` and ``dtype`` (float32 or float64).

    float32 draws carry 23 random bits (one word each), float64 draws 52 (two
    words); the draw is ``u * (high - low) + low`` for ``u`` in ``[0, 1)``,
    kept at or above ``low``. The default dtype is this context's default
    floating-point dtype (float64; float32 on a backend without float64).
    The values are bit-identical on every backend.

    >>> x = pa.random.uniform(pa.random.key(0), (3,), dtype=pa.float32)
    >>> x
    Array([0.9653214 , 0.31468165, 0.63302994], backend=numpy, dtype=float32)
    >>> float(pa.min(pa.random.uniform(pa.random.key(1), (1000,), low=-2.0, high=3.0))) >= -2.0
    True
    """

def normal(
    key: ArrayLike,
    shape: int | Sequence[int],
    /,
    *,
    mean: float = 0.0,
    std: float = 1.0,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Normally distributed floats with ``mean`` and standard deviation ``std`` (``>= 0``).

    Box-Muller on pairs of uniform draws: ``sqrt(-2 log(1 - u1))`` times the
    cosine and the sine of ``2 pi u2`` (the first half of the draws are the
    cosines, the second half the sines). The uniforms are bit-identical on every
    backend; the logarithm, square root, cosine and sine are each backend's
    own, so draws agree across backends to a few units in the last place.
    float32 draws reach about 5.6 standard deviations, float64 about 8.5.

    >>> x = pa.random.normal(pa.random.key(0), (100_000,))
    >>> abs(float(pa.mean(x))) < 0.01, abs(float(pa.std(x)) - 1) < 0.01
    (True, True)
    >>> pa.random.normal(pa.random.key(0), (2,), mean=10.0, std=0.0)
    Array([10., 10.], backend=numpy, dtype=float64)
    """

def integers(
    key: ArrayLike,
    shape: int | Sequence[int],
    low: int,
    high: int,
    /,
    *,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Integers drawn uniformly from ``[low, high)``, of ``shape`` and the integer ``dtype``.

    Each draw maps 64 random bits (two words; 128 bits when ``high - low``
    exceeds ``2**32``) to the range by multiply-shift, ``floor(R * (high - low)
    / 2**64)``: no modulo and no rejection, and a bias below ``2**-32`` of a
    probability. The arithmetic is exact, in 16-bit limbs of uint32 words, so
    the values are bit-identical on every backend. The default dtype is this
    context's default integer dtype; ``low`` and ``high - 1`` must fit ``dtype``.

    >>> pa.random.integers(pa.random.key(0), (8,), 0, 10)
    Array([2, 3, 7, 7, 3, 1, 0, 6], backend=numpy, dtype=int64)
    >>> pa.random.integers(pa.random.key(0), (2, 2), -5, 5, dtype=pa.int8).dtype
    pa.int8
    """

def bernoulli(
    key: ArrayLike,
    shape: int | Sequence[int],
    p: float,
    /,
    *,
    backend: str | Backend | None = None,
) -> Array:
    """Booleans of ``shape``, each True with probability ``p`` (in ``[0, 1]``).

    A draw is True when its random word is below ``round(p * 2**32)``: an
    integer comparison, bit-identical on every backend.

    >>> pa.random.bernoulli(pa.random.key(0), (6,), 0.5)
    Array([False,  True, False, False, False,  True], backend=numpy, dtype=bool)
    >>> float(pa.mean(pa.astype(pa.random.bernoulli(pa.random.key(3), (100_000,), 0.2), pa.float64)))
    0.19...
    """

def permutation(key: ArrayLike, x_or_n: ArrayLike | int, /, *, backend: str | Backend | None = None) -> Array:
    """A random permutation of ``range(n)`` for an int, or of an array's first axis.

    The order is the stable argsort of one random word per element (ties,
    rare, keep index order), so every backend gives the same permutation.

    >>> pa.random.permutation(pa.random.key(0), 6)
    Array([1, 5, 0, 4, 2, 3], backend=numpy, dtype=int64)
    >>> pa.random.permutation(pa.random.key(0), pa.asarray([[1, 2], [3, 4]])).shape
    (2, 2)
    """

def choice(
    key: ArrayLike,
    a: ArrayLike | int,
    shape: int | Sequence[int] = (),
    /,
    *,
    replace: bool = True,
    p: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Draws from ``a`` (an int ``n`` stands for ``range(n)``; an array gives its first-axis slices).

    With ``replace`` each draw is independent: uniform (an integer draw) or,
    given probabilities ``p`` (non-negative, one per element, summing to 1),
    by the inverse of their cumulative sum. Without ``replace`` the draws are
    distinct: the first of a random permutation, or with ``p`` the smallest
    exponential keys ``E / p`` (Efraimidis-Spirakis); ``shape`` may then hold
    at most ``n`` draws. The result has shape ``shape`` followed by the
    shape of one element of ``a``.

    >>> pa.random.choice(pa.random.key(0), 10, (5,))
    Array([4, 2, 2, 7, 7], backend=numpy, dtype=int64)
    >>> pa.random.choice(pa.random.key(0), pa.asarray([10, 20, 30]), (4,), p=pa.asarray([0.0, 0.0, 1.0]))
    Array([30, 30, 30, 30], backend=numpy, dtype=int64)
    >>> sorted(pa.to_numpy(pa.random.choice(pa.random.key(1), 5, (5,), replace=False)).tolist())
    [0, 1, 2, 3, 4]
    """

def truncated_normal(
    key: ArrayLike,
    shape: int | Sequence[int],
    lower: float,
    upper: float,
    /,
    *,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Standard normal draws conditioned to ``[lower, upper]`` (``lower < upper``; either may be infinite).

    By the inverse distribution function: a uniform draw between the normal
    probabilities of the bounds (computed once, in Python's double precision),
    mapped through the normal quantile (Wichura's AS 241). Bounds both above
    zero are handled by symmetry, so far tails keep their precision. Draws
    agree across backends to a few units in the last place.

    >>> x = pa.random.truncated_normal(pa.random.key(0), (10_000,), -1.0, 2.0)
    >>> -1.0 <= float(pa.min(x)) and float(pa.max(x)) <= 2.0
    True
    >>> x = pa.random.truncated_normal(pa.random.key(0), (10_000,), 4.0, float("inf"))
    >>> 4.0 <= float(pa.min(x)) < 4.1 < float(pa.max(x))
    True
    """

class Generator:
    """A key that renews itself: each draw splits it, uses one half and keeps the other.

    ``Generator(seed)`` draws exactly what the key functions draw from the
    same keys, on every backend: its ``n``-th call uses the first key of the
    ``n``-th split of ``pa.random.key(seed)``. The methods are the functions
    of ``pa.random`` without the key; ``backend=`` (here or per call)
    chooses where the results live, as for every polyarray function.
    A Generator may be shared between threads (each call takes its own key).

    >>> rng = pa.random.Generator(0)
    >>> rng.uniform((2,), dtype=pa.float32).shape
    (2,)
    >>> a, b = pa.random.Generator(7), pa.random.Generator(7)
    >>> bool(pa.all(a.normal((3,)) == b.normal((3,))))
    True
    >>> k = pa.random.split(pa.random.key(7))
    >>> bool(pa.all(pa.random.integers(k[0], (4,), 0, 9) == pa.random.Generator(7).integers((4,), 0, 9)))
    True
    """
    def __init__(self, seed: int, *, backend: str | Backend | None = None) -> None: ...
    @property
    def key(self) -> Array:
        """The key the next call splits (a uint32 array of shape ``(2,)``).

        >>> pa.random.Generator(3).key
        Array([0, 3], backend=numpy, dtype=uint32)
        """
    def uniform(
        self,
        shape: int | Sequence[int],
        *,
        low: float = 0.0,
        high: float = 1.0,
        dtype: DTypeLike | None = None,
        backend: str | Backend | None = None,
    ) -> Array:
        """``pa.random.uniform`` with this generator's next key.

        >>> float(pa.random.Generator(0).uniform((), low=5.0, high=6.0)) >= 5.0
        True
        """
    def normal(
        self,
        shape: int | Sequence[int],
        *,
        mean: float = 0.0,
        std: float = 1.0,
        dtype: DTypeLike | None = None,
        backend: str | Backend | None = None,
    ) -> Array:
        """``pa.random.normal`` with this generator's next key.

        >>> pa.random.Generator(0).normal((2, 3)).shape
        (2, 3)
        """
    def integers(
        self,
        shape: int | Sequence[int],
        low: int,
        high: int,
        *,
        dtype: DTypeLike | None = None,
        backend: str | Backend | None = None,
    ) -> Array:
        """``pa.random.integers`` with this generator's next key.

        >>> pa.random.Generator(0).integers((3,), 0, 2, dtype=pa.int32).dtype
        pa.int32
        """
    def bernoulli(self, shape: int | Sequence[int], p: float, *, backend: str | Backend | None = None) -> Array:
        """``pa.random.bernoulli`` with this generator's next key.

        >>> pa.random.Generator(0).bernoulli((3,), 1.0)
        Array([ True,  True,  True], backend=numpy, dtype=bool)
        """
    def permutation(self, x_or_n: ArrayLike | int, *, backend: str | Backend | None = None) -> Array:
        """``pa.random.permutation`` with this generator's next key.

        >>> sorted(pa.to_numpy(pa.random.Generator(0).permutation(4)).tolist())
        [0, 1, 2, 3]
        """
    def choice(
        self,
        a: ArrayLike | int,
        shape: int | Sequence[int] = (),
        *,
        replace: bool = True,
        p: ArrayLike | None = None,
        backend: str | Backend | None = None,
    ) -> Array:
        """``pa.random.choice`` with this generator's next key.

        >>> pa.random.Generator(0).choice(pa.asarray([4, 4, 4]), (2,))
        Array([4, 4], backend=numpy, dtype=int64)
        """
    def truncated_normal(
        self,
        shape: int | Sequence[int],
        lower: float,
        upper: float,
        *,
        dtype: DTypeLike | None = None,
        backend: str | Backend | None = None,
    ) -> Array:
        """``pa.random.truncated_normal`` with this generator's next key.

        >>> float(pa.max(pa.random.Generator(0).truncated_normal((100,), -1.0, 0.5))) <= 0.5
        True
        """
    def __repr__(self) -> str: ...
