"""Moving values in and out of polyarray: native arrays and NumPy."""

from __future__ import annotations

from typing import Any

from .. import _choice
from .._array import Array as _Array
from .._array import wrap_native as _wrap_native
from .._config import settings as _settings
from .._declare import primary, standalone
from .._errors import PolyarrayError as _PolyarrayError
from .._errors import PolyarrayTypeError as _PolyarrayTypeError
from ._types import ArrayLike
from ._wrappers import ARRAYS_IN

__all__ = ["to_native", "to_numpy", "compute", "persist"]


@standalone
def to_native(x: Any, /) -> Any:
    """The native array inside a ``pa.Array`` (anything else is returned as it is).

    Lists, tuples and dicts are converted item by item.

    >>> type(pa.to_native(pa.ones(2))).__name__
    'ndarray'
    """
    if type(x) is _Array:
        return x.data
    if isinstance(x, (list, tuple)):
        items = [to_native(v) for v in x]
        return type(x)(*items) if hasattr(x, "_fields") else type(x)(items)
    if isinstance(x, dict):
        return {k: to_native(v) for k, v in x.items()}
    return x


@primary(wrappers=ARRAYS_IN)
def to_numpy(x: ArrayLike, /) -> Any:
    """A NumPy array with the values of ``x`` (copied only when the framework must).

    >>> pa.to_numpy(pa.asarray([1, 2]))
    array([1, 2])
    """


def _by_backend(arrays: tuple[Any, ...], function: str) -> dict[Any, list[int]]:
    """The positions of ``arrays`` grouped by the backend owning each (``pa.Array`` or native array)."""
    groups: dict[Any, list[int]] = {}
    for position, value in enumerate(arrays):
        backend = value.backend if isinstance(value, _Array) else _choice.owner_of_native(value)
        if backend is None:
            raise _PolyarrayTypeError(
                f"pa.{function} takes arrays (pa.Array or native arrays of an installed backend), not "
                f"{type(value).__name__} (argument {position}); convert values with pa.asarray first."
            )
        groups.setdefault(backend, []).append(position)
    return groups


def _run(hook: str, backend: Any, natives: list[Any]) -> tuple[Any, ...]:
    """The backend's ``compute_arrays`` or ``persist_arrays`` hook on ``natives``; errors as polyarray errors.

    On a lazy backend the error may come from any function whose graph the
    arrays hold (a singular matrix, an index out of bounds): the message says so.
    """
    try:
        return tuple(getattr(backend.raw, f"{hook}_arrays")(*natives))
    except _PolyarrayError:
        raise
    except Exception as error:
        from .._translate import translate_exception

        translated = translate_exception(error, hook, backend.name)
        if backend.info.lazy:
            translated = type(translated)(
                f"{translated} (The {backend.name} backend is lazy: this error comes from a function called "
                f"earlier, whose graph pa.{hook} evaluated.)"
            )
        raise translated from error


@standalone
def compute(*arrays: ArrayLike) -> tuple[Any, ...]:
    """The values of ``arrays`` as NumPy arrays, each backend's arrays evaluated in one pass.

    On a lazy backend (Dask) the arrays' graphs run together, so work they
    share runs once; ``pa.to_numpy(x)`` is the same for one array. Errors
    that depend on values (a singular matrix, an index out of bounds) surface
    here, as ``pa.PolyarrayError`` subclasses. On an eager backend this is
    ``pa.to_numpy`` of each array. Always returns a tuple, one NumPy array per
    argument, in order.

    >>> pa.compute(pa.asarray([1, 2]), pa.ones(2))
    (array([1, 2]), array([1., 1.]))
    """
    results: list[Any] = [None] * len(arrays)
    for backend, positions in _by_backend(arrays, "compute").items():
        natives = [arrays[p].data if isinstance(arrays[p], _Array) else arrays[p] for p in positions]
        for position, value in zip(positions, _run("compute", backend, natives)):
            results[position] = value
    return tuple(results)


@standalone
def persist(*arrays: ArrayLike) -> tuple[Any, ...]:
    """``arrays`` evaluated and kept on their backend (a cluster's memory), with every size known.

    On a lazy backend, later calls on the results start from the stored
    values instead of recomputing their graphs, and sizes that depended on
    values (after a boolean mask, ``nonzero``, ``unique_*``) become known, so
    functions that need them (``reshape``, ``len``) work. The arrays of each
    backend are evaluated in one pass. On an eager backend the arrays are
    returned as they are. Returns a tuple of arrays of the same backends
    (``pa.Array`` unless array mode is off).

    >>> x, = pa.persist(pa.asarray([1.0, 2.0]))
    >>> x
    Array([1., 2.], backend=numpy, dtype=float64)
    """
    results: list[Any] = [None] * len(arrays)
    for backend, positions in _by_backend(arrays, "persist").items():
        natives = [arrays[p].data if isinstance(arrays[p], _Array) else arrays[p] for p in positions]
        for position, value in zip(positions, _run("persist", backend, natives)):
            given = arrays[position]
            if isinstance(given, _Array) and value is given.data:
                results[position] = given
            else:
                results[position] = _wrap_native(value, backend) if _settings.array_mode else value
    return tuple(results)
