"""Convenience functions: defaults, memoisation and shapes (core only, no backend dispatch)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .._array import Array as _Array
from .._array import shape_of as _shape_of
from .._config import settings
from .._declare import standalone
from .._wrappers.shapes import Shape as _Shape
from ._types import ArrayLike

__all__ = ["exists", "default", "cache_fn", "shape"]


@standalone
def exists(x: Any, /) -> bool:
    """Whether ``x`` is not None (``0``, ``""`` and empty arrays exist).

    >>> pa.exists(None), pa.exists(0), pa.exists("")
    (False, True, True)
    """
    return x is not None


@standalone
def default(
    x: Any,
    /,
    default_val: Any,
    *,
    catch_exceptions: bool = False,
    rev: bool = False,
    with_callable: bool = False,
) -> Any:
    """``x`` if it exists (is not None), else ``default_val``.

    With ``with_callable``, a callable ``x`` or ``default_val`` is called
    (without arguments) to get its value, ``x`` first: ``default_val`` is only
    called when ``x``'s value is None. ``catch_exceptions`` implies
    ``with_callable`` and returns ``default_val`` when calling ``x`` raises an
    exception. ``rev`` swaps the roles of ``x`` and ``default_val``.

    >>> pa.default(None, 3), pa.default(0, 3)
    (3, 0)
    >>> pa.default(lambda: None, lambda: "computed", with_callable=True)
    'computed'
    >>> pa.default(lambda: 1 / 0, "fallback", catch_exceptions=True)
    'fallback'
    >>> pa.default(1, 2, rev=True)
    2
    """
    with_callable = catch_exceptions or with_callable
    if rev:
        x, default_val = default_val, x
    call_x = with_callable and callable(x)
    call_default = with_callable and callable(default_val)
    if call_x:
        if catch_exceptions:
            try:
                x = x()
            except Exception:
                return default_val() if call_default else default_val
        else:
            x = x()
    if x is not None:
        return x
    return default_val() if call_default else default_val


@standalone
def cache_fn(fn: Callable[..., Any], /) -> Callable[..., Any]:
    """``fn`` remembering its results: a call with hashable arguments it has seen returns the stored result.

    Arguments count as the same when they are equal and of the same type
    (``f(1)`` and ``f(1.0)`` are different calls). A call with an
    unhashable argument (a list, an array …) runs ``fn`` and stores nothing;
    a call that raises stores nothing. ``cache_clear()`` forgets every result.

    >>> calls = []
    >>> @pa.cache_fn
    ... def square(v):
    ...     calls.append(v)
    ...     return v * v
    >>> square(3), square(3), square(3.0), calls
    (9, 9, 9.0, [3, 3.0])
    >>> square.cache_clear(); square(3), calls
    (9, [3, 3.0, 3])
    """
    cache: dict[Any, Any] = {}

    @functools.wraps(fn)
    def cached(*args: Any, **kwargs: Any) -> Any:
        items = tuple(sorted(kwargs.items())) if kwargs else ()
        key = (args, tuple(map(type, args)), items, tuple(type(v) for _, v in items))
        try:
            return cache[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable argument: nothing to remember it by
            return fn(*args, **kwargs)
        result = fn(*args, **kwargs)
        cache[key] = result
        return result

    vars(cached)["cache_clear"] = cache.clear
    return cached


@standalone
def shape(x: ArrayLike, /) -> _Shape:
    """The shape of ``x`` as a ``pa.Shape`` (a plain tuple when array mode is off).

    ``x`` may be a ``pa.Array``, a native array of any framework (its own
    shape object, such as ``torch.Size``, becomes a ``pa.Shape``), a Python
    scalar (shape ``()``) or nested sequences.

    >>> pa.shape(pa.ones((2, 3)))
    Shape(2, 3)
    >>> pa.shape([[1, 2, 3]]), pa.shape(5.0)
    (Shape(1, 3), Shape())
    """
    native = x.data if type(x) is _Array else x
    if getattr(native, "shape", None) is not None:
        dims = _shape_of(native)
    else:
        import numpy

        dims = numpy.shape(native)
    result = _Shape(dims)
    # A plain tuple in native mode: the declaration's annotation says what array mode gives (docs/architecture.md).
    return result if settings.array_mode else tuple(result)  # type: ignore[return-value]
