"""``pa.random``: random numbers that are the same on every backend.

Functions take a key first (``pa.random.key(seed)``, then ``split`` /
``fold_in`` for new ones); :class:`Generator` holds a key for code that wants
state. The algorithm and what is bit-identical across backends: docs/random.md.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .api.random import *  # noqa: F403
from .api.random import __all__ as _declared
from .api.random import bernoulli, choice, integers, normal, permutation, split, truncated_normal, uniform
from .api.random import key as _key

if TYPE_CHECKING:
    from ._array import Array
    from ._backend import Backend
    from .api._types import ArrayLike, DTypeLike

__all__ = [*_declared, "Generator"]  # pyright: ignore[reportUnsupportedDunderAll]  # random.pyi lists them


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

    __slots__ = ("_backend", "_key", "_lock")

    def __init__(self, seed: int, *, backend: str | Backend | None = None) -> None:
        self._backend = backend
        self._key = _key(seed, **self._where(None))
        self._lock = threading.Lock()

    def _where(self, backend: str | Backend | None) -> dict[str, Any]:
        chosen = self._backend if backend is None else backend
        return {} if chosen is None else {"backend": chosen}

    def _next(self, backend: str | Backend | None) -> tuple[Array, dict[str, Any]]:
        where = self._where(backend)
        with self._lock:
            keys = split(self._key, **where)
            self._key = keys[1]
        return keys[0], where

    @property
    def key(self) -> Array:
        """The key the next call splits (a uint32 array of shape ``(2,)``).

        >>> pa.random.Generator(3).key
        Array([0, 3], backend=numpy, dtype=uint32)
        """
        return self._key

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
        key, where = self._next(backend)
        return uniform(key, shape, low=low, high=high, dtype=dtype, **where)

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
        key, where = self._next(backend)
        return normal(key, shape, mean=mean, std=std, dtype=dtype, **where)

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
        key, where = self._next(backend)
        return integers(key, shape, low, high, dtype=dtype, **where)

    def bernoulli(self, shape: int | Sequence[int], p: float, *, backend: str | Backend | None = None) -> Array:
        """``pa.random.bernoulli`` with this generator's next key.

        >>> pa.random.Generator(0).bernoulli((3,), 1.0)
        Array([ True,  True,  True], backend=numpy, dtype=bool)
        """
        key, where = self._next(backend)
        return bernoulli(key, shape, p, **where)

    def permutation(self, x_or_n: ArrayLike | int, *, backend: str | Backend | None = None) -> Array:
        """``pa.random.permutation`` with this generator's next key.

        >>> sorted(pa.to_numpy(pa.random.Generator(0).permutation(4)).tolist())
        [0, 1, 2, 3]
        """
        key, where = self._next(backend)
        return permutation(key, x_or_n, **where)

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
        key, where = self._next(backend)
        return choice(key, a, shape, replace=replace, p=p, **where)

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
        key, where = self._next(backend)
        return truncated_normal(key, shape, lower, upper, dtype=dtype, **where)

    def __repr__(self) -> str:
        return f"Generator(key={self._key!r})"
