"""Support hooks of the Dask backend.

Dask arrays carry NumPy dtypes. A write (``x[key] = v``) rebinds a Dask
array to a new graph but reaches no other array, so the plugin says
``mutable_arrays: False``: ``inplace_update`` and ``set_item`` return new
arrays (the array written to is left as it was) and polyarray stores them in
the ``pa.Array``, its base and its views. ``get_item`` takes every index
NumPy takes, lazily: Dask's own indexing where it can, else one gather
through flat positions computed on the cluster (:func:`_advanced`), so no
index array is ever brought to the client. ``compute`` and ``persist`` run
the graphs of several arrays in one pass.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import dask
import dask.array as da
import numpy as np
from dask import delayed

from ._helpers import as_dask, checked_positions, known_sizes, unknown
from ._marker import hookimpl

_NO_DTYPE = {"bfloat16"}


@hookimpl
def native_dtype(name: str, /) -> Any:
    return None if name in _NO_DTYPE else np.dtype(name)


@hookimpl
def device_of(x, /) -> str:
    return "cpu"


def _copy(x: da.Array) -> da.Array:
    """A new Dask array object with the graph of ``x`` (writing to it leaves ``x`` unchanged)."""
    return da.Array(x.dask, x.name, x.chunks, meta=x._meta)


def _cast_like(value: Any, x: da.Array) -> Any:
    """``value`` in the dtype of ``x`` (refusing to drop an imaginary part, as NumPy does)."""
    dtype = value.dtype if hasattr(value, "dtype") else np.asarray(value).dtype
    if dtype.kind == "c" and x.dtype.kind not in "cb":
        raise TypeError(f"cannot write complex values into an array of dtype {x.dtype}")
    if isinstance(value, da.Array):
        return value.astype(x.dtype)
    return np.asarray(value).astype(x.dtype)


@hookimpl
def inplace_update(x, value, /):
    return as_dask(_cast_like(value, x))


# -- indexing ---------------------------------------------------------------------------------


def _is_index_array(part: Any) -> bool:
    """Whether an index part is an array (Dask's, NumPy's or a list): an advanced index."""
    return isinstance(part, (da.Array, np.ndarray, list))


def _is_boolean_scalar(part: Any) -> bool:
    return isinstance(part, (bool, np.bool_))


def _parts(x: da.Array, key: Any) -> list[Any]:
    """``key`` as a list whose parts each index one axis of ``x`` (or insert one: ``None``).

    Boolean arrays become the integer arrays of their ``nonzero`` (one per
    axis they cover; NumPy's own for a NumPy mask, whose sizes are then known)
    and the ellipsis is expanded.
    """
    parts: list[Any] = []
    given = key if isinstance(key, tuple) else (key,)
    advanced = [p for p in given if _is_index_array(p) or (isinstance(p, numbers.Integral) and not isinstance(p, bool))]
    if len(advanced) > 1 and any(isinstance(p, da.Array) and p.dtype == bool for p in advanced):
        raise ValueError(
            "a boolean mask that is a Dask array indexes by itself or beside slices on the dask backend (x[mask], "
            "x[:, mask]): beside other index arrays, integers or bools, NumPy broadcasts its number of True "
            "values, which is known only once the mask is computed; index with the computed mask "
            "(pa.to_numpy(mask)) instead."
        )
    for part in given:
        if isinstance(part, list):
            part = np.asarray(part)
        if _is_boolean_scalar(part):
            raise IndexError("a boolean scalar as an index is not supported on the dask backend; use x[None] instead")
        if _is_index_array(part) and part.dtype == bool:
            if part.ndim == 0:
                raise IndexError("a 0-d boolean array as an index is not supported on the dask backend")
            # A NumPy mask's positions are known on the client; a Dask mask's are computed with the result.
            parts.extend(np.nonzero(part) if isinstance(part, np.ndarray) else da.nonzero(as_dask(part)))
        else:
            parts.append(part)
    ellipses = [i for i, p in enumerate(parts) if p is Ellipsis]
    if len(ellipses) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    consumed = sum(1 for p in parts if p is not None and p is not Ellipsis)
    if consumed > x.ndim:
        raise IndexError(f"too many indices for array: array is {x.ndim}-dimensional, but {consumed} were indexed")
    fill = [slice(None)] * (x.ndim - consumed)
    if ellipses:
        parts[ellipses[0] : ellipses[0] + 1] = fill
    else:
        parts += fill
    return parts


def _advanced(x: da.Array, key: Any) -> da.Array:
    """``x[key]`` with NumPy's rules for any mix of integer and boolean arrays, integers, slices and ``None``.

    Every index array (and every integer, when arrays are present) is an
    advanced index. They broadcast together, become flat positions over their
    axes on the cluster (out-of-bounds indices raise ``IndexError`` when
    computed), and one ``take`` gathers them; the broadcast axes go where
    NumPy puts them: in place when the advanced indices are adjacent, else
    first. No index array is brought to the client.
    """
    parts = _parts(x, key)
    if any(p is None for p in parts):
        # New axes first, so that every part indexes one axis.
        x = x[tuple(None if p is None else slice(None) for p in parts)]
        parts = [slice(None) if p is None else p for p in parts]
    advanced = [i for i, p in enumerate(parts) if _is_index_array(p) or isinstance(p, numbers.Integral)]
    if not any(_is_index_array(parts[i]) for i in advanced):
        return x[tuple(parts)]
    x = x[tuple(slice(None) if i in advanced else p for i, p in enumerate(parts))]
    sizes = [x.shape[i] for i in advanced]
    known_sizes("indexing with arrays", x, what="the indexed array")
    indices = []
    for i, size in zip(advanced, sizes):
        index = as_dask(parts[i])
        if index.dtype.kind not in "iu":
            raise IndexError(f"arrays used as indices must be of integer or boolean type, not {index.dtype}")
        positions = da.map_blocks(
            checked_positions, index.astype(np.int64), size=int(size), function="indexing", dtype=np.int64
        )
        indices.append(positions)
    indices = da.broadcast_arrays(*indices)
    flat = indices[0]
    for index, size in zip(indices[1:], sizes[1:]):
        flat = flat * int(size) + index
    rest = [i for i in range(x.ndim) if i not in advanced]
    moved = da.transpose(x, advanced + rest)
    gathered = da.take(moved.reshape((math.prod(int(s) for s in sizes), *moved.shape[len(advanced) :])),
                       flat.reshape(-1), axis=0)  # fmt: skip
    result = gathered if flat.ndim == 1 else gathered.reshape(flat.shape + gathered.shape[1:])
    if advanced == list(range(advanced[0], advanced[0] + len(advanced))) and advanced[0] > 0:
        start = advanced[0]
        result = da.moveaxis(result, tuple(range(flat.ndim)), tuple(range(start, start + flat.ndim)))
    return result


def _has_arrays(key: Any) -> bool:
    return any(_is_index_array(p) or _is_boolean_scalar(p) for p in (key if isinstance(key, tuple) else (key,)))


def _whole_mask(x: da.Array, key: Any) -> bool:
    """Whether ``key`` is one boolean array of the shape of ``x`` (which Dask indexes itself)."""
    return isinstance(key, (da.Array, np.ndarray)) and key.dtype == bool and key.ndim == x.ndim and x.ndim > 0


@hookimpl
def get_item(x, key, /):
    if _whole_mask(x, key) or not _has_arrays(key):
        return x[key]
    return _advanced(x, key)


@hookimpl
def set_item(x, key, value, /):
    value = _cast_like(value, x)
    if x.size == 0 and not _has_arrays(key):
        # Nothing to write; NumPy checks the index and the value's shape on an empty stand-in.
        stand_in = np.zeros(x.shape, dtype=x.dtype)
        stand_in[key] = np.zeros(value.shape, value.dtype) if isinstance(value, da.Array) else value
        return _copy(x)
    updated = _copy(x)
    scalar = np.ndim(value) == 0
    if (_whole_mask(x, key) and scalar) or not (_has_arrays(key) or _has_new_axes(key) or _has_negative_step(key)):
        updated[key] = value
        return updated
    if _whole_mask(x, key) or unknown(x.shape) or unknown(np.shape(value)):
        # Values whose number depends on values (x[mask] = y[mask]): one task writes them, as NumPy does.
        return da.from_delayed(delayed(_assigned)(x, key, value), shape=x.shape, dtype=x.dtype, meta=x._meta)
    # Any other index: write through the flat positions it selects, found lazily from an arange.
    positions = get_item(da.arange(math.prod(int(s) for s in x.shape)).reshape(x.shape), key)
    if unknown(positions.shape):
        # A mask that is a Dask array beside slices (x[:, mask] = y): one task writes them, as for a whole mask.
        return da.from_delayed(delayed(_assigned)(x, key, value), shape=x.shape, dtype=x.dtype, meta=x._meta)
    if positions.size == 0:
        np.broadcast_shapes(np.shape(value), positions.shape)  # NumPy checks the value's shape all the same
        return updated
    flat = _copy(x.reshape(-1))
    # A tuple: Dask before 2025 reads a lone Dask array in an assignment as a boolean mask.
    flat[(positions.reshape(-1),)] = da.broadcast_to(as_dask(value), positions.shape).reshape(-1)
    return flat.reshape(x.shape)


def _assigned(x: np.ndarray, key: Any, value: Any) -> np.ndarray:
    """A copy of ``x`` with ``x[key] = value`` (computed blocks may be shared: never written in place)."""
    out = np.array(x, copy=True)
    out[key] = value
    return out


def _has_negative_step(key: Any) -> bool:
    parts = key if isinstance(key, tuple) else (key,)
    return any(isinstance(p, slice) and p.step is not None and p.step < 0 for p in parts)


def _has_new_axes(key: Any) -> bool:
    return any(p is None for p in (key if isinstance(key, tuple) else (key,)))


# -- errors, computing ------------------------------------------------------------------------


@hookimpl
def error_class(error, /):
    name = type(error).__name__
    if name == "KilledWorker":
        return MemoryError  # a worker died computing a task, most often for lack of memory
    if name in ("CommClosedError", "FutureCancelledError", "CancelledError"):
        return RuntimeError
    return None


@hookimpl
def compute_arrays(*arrays):
    return tuple(np.asarray(result) for result in dask.compute(*arrays))


@hookimpl
def persist_arrays(*arrays):
    persisted = dask.persist(*arrays)
    for array in persisted:
        if unknown(array.shape):
            # The blocks are computed already: learning their sizes costs a look at each.
            array.compute_chunk_sizes()
    return persisted
