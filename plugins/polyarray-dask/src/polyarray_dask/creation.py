"""Array creation on Dask.

Arrays made from shapes (``zeros``, ``arange``, ``eye`` …) are graphs that
make their blocks where they are computed: nothing is allocated on the client.
Values given as NumPy arrays or Python nests become a Dask array of blocks
chosen by Dask's ``chunks="auto"`` (blocks of about ``array.chunk-size``
bytes, 128 MiB unless ``dask.config`` says otherwise). ``*_like`` functions
keep the blocks of their input.
"""

from __future__ import annotations

import functools

import dask.array as da
import numpy as np

from ._helpers import check_device, known_sizes, numpy_kernel, unknown
from ._marker import hookimpl, resolved_by

_PYTHON_SCALARS = (bool, int, float, complex)


def _arange_call(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Dask's call giving :func:`arange` of these arguments: ``da.arange`` but for float16 (None there)."""
    check_device(device)
    if stop is None:
        start, stop = 0, start
    if dtype is not None and np.dtype(dtype) == np.float16:
        return None
    return functools.partial(da.arange, start, stop, step, dtype=dtype)


@hookimpl
@resolved_by(_arange_call)
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    call = _arange_call(start, stop, step, dtype=dtype, device=device)
    if call is not None:
        return call()
    if stop is None:
        start, stop = 0, start
    # start + i * step computed in float64 and rounded once, as on every backend (docs/departures.md).
    return da.arange(start, stop, step, dtype=np.float64).astype(np.float16)


def _scalar(value, dtype):
    """A 0-d Dask array holding a Python scalar: one task, named by value and dtype, so equal ones are shared."""
    data = numpy_kernel("creation", "asarray")(value, dtype=dtype)
    return da.from_array(data, name=f"polyarray-scalar-{data.dtype.str}-{value!r}")


def _stacked(obj):
    """A nest (list or tuple) holding Dask arrays, stacked into one Dask array; None when it holds none."""
    if not isinstance(obj, (list, tuple)):
        return obj if isinstance(obj, da.Array) else None
    items = [_stacked(item) for item in obj]
    if not any(isinstance(item, da.Array) for item in items):
        return None
    return da.stack([item if isinstance(item, da.Array) else da.asarray(np.asarray(value))
                     for item, value in zip(items, obj)])  # fmt: skip


@hookimpl
def asarray(obj, /, *, dtype=None, device=None, copy=None):
    check_device(device)
    if type(obj) in _PYTHON_SCALARS and copy is not False:
        return _scalar(obj, dtype)
    stacked = _stacked(obj)
    if stacked is not None:
        if copy is False and not isinstance(obj, da.Array):
            raise ValueError("asarray(copy=False) cannot stack a list of arrays without a copy")
        if dtype is not None and np.dtype(dtype) != stacked.dtype:
            if copy is False:
                raise ValueError(f"asarray(copy=False) cannot cast {stacked.dtype} to {np.dtype(dtype)} without a copy")
            return stacked.astype(dtype)
        # Dask arrays are never written in place by polyarray: a copy is a new array of the same graph.
        return stacked.copy() if copy else stacked
    data = numpy_kernel("creation", "asarray")(obj, dtype=dtype, copy=copy)
    return da.from_array(data, chunks="auto")


@hookimpl
def empty(shape, *, dtype=None, device=None):
    check_device(device)
    return da.empty(shape, dtype=dtype)


def _like(function, x, dtype, *values):
    """``function`` (``np.zeros_like`` …) block by block where a size of ``x`` is unknown, else Dask's own."""
    dtype = x.dtype if dtype is None else np.dtype(dtype)
    if unknown(x.shape):
        return da.map_blocks(function, x, *values, dtype=dtype)
    return getattr(da, function.__name__)(x, *values, dtype=dtype)


@hookimpl
def empty_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return _like(np.zeros_like, x, dtype)


@hookimpl
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    check_device(device)
    if n_rows < 0 or (n_cols is not None and n_cols < 0):
        raise ValueError(f"eye needs non-negative sizes, not {n_rows} and {n_cols}")
    n_cols = n_rows if n_cols is None else n_cols
    _check_sizes((n_rows, n_cols))
    # Row index + k == column index, from two aranges (Dask's own eye fails for some non-square shapes).
    rows = da.arange(n_rows, dtype=np.int64)[:, np.newaxis] + k
    return (rows == da.arange(n_cols, dtype=np.int64)[np.newaxis, :]).astype(dtype or np.float64)


@hookimpl
def from_dlpack(x, /, *, device=None, copy=None):
    check_device(device)
    if isinstance(x, da.Array):
        return x.copy() if copy else x
    return da.from_array(numpy_kernel("creation", "from_dlpack")(x, device=device, copy=copy), chunks="auto")


def _check_sizes(shape):
    """A shape NumPy could hold at all (it refuses a dimension beyond the index range at once)."""
    if any(size > np.iinfo(np.intp).max for size in shape):
        raise ValueError("Maximum allowed dimension exceeded")


def _fill(fill_value, dtype):
    """The fill value as a 0-d NumPy array of the result's dtype (raising now for a value the dtype cannot hold)."""
    return numpy_kernel("creation", "full")((), fill_value, dtype=dtype)


@hookimpl
def full(shape, fill_value, *, dtype=None, device=None):
    check_device(device)
    fill = _fill(fill_value, dtype)
    return da.full(shape, fill, dtype=fill.dtype)


@hookimpl
def full_like(x, /, fill_value, *, dtype=None, device=None):
    check_device(device)
    fill = _fill(fill_value, x.dtype if dtype is None else dtype)
    return _like(np.full_like, x, fill.dtype, fill)


@hookimpl
def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    check_device(device)
    if num < 0:
        raise ValueError(f"linspace needs a non-negative number of samples, not {num}")
    # polyarray-numpy's linspace of two samples checks the bounds and the dtype as NumPy would.
    numpy_kernel("creation", "linspace")(start, stop, 2, dtype=dtype, endpoint=endpoint)
    if isinstance(start, complex) or isinstance(stop, complex) or (dtype is not None and np.dtype(dtype).kind == "c"):
        # Dask's linspace is real only: the real and imaginary parts are spaced apart.
        start, stop = complex(start), complex(stop)
        parts = (_spaced(a, b, num, endpoint, np.float64) for a, b in
                 ((start.real, stop.real), (start.imag, stop.imag)))  # fmt: skip
        real, imag = parts
        return (real + 1j * imag).astype(dtype or np.complex128)
    return _spaced(start, stop, num, endpoint, dtype)


def _spaced(start, stop, num, endpoint, dtype):
    """Dask's linspace, ending at ``stop`` exactly with ``endpoint`` (as NumPy's and the standard's; Dask computes
    the last value as ``start + (num - 1) * step``, which may differ from ``stop`` in its last bit)."""
    values = da.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
    if not endpoint or num < 2:
        return values
    return da.where(da.arange(num, chunks=values.chunks) == num - 1, np.asarray(stop).astype(values.dtype), values)


@hookimpl
def meshgrid(*arrays, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid indexing must be 'xy' or 'ij', not {indexing!r}")
    for position, a in enumerate(arrays):
        if a.ndim > 1:
            raise ValueError(f"meshgrid takes 1-d arrays; argument {position} has {a.ndim} dimensions")
    known_sizes("meshgrid", *arrays)
    return list(da.meshgrid(*arrays, indexing=indexing))


@hookimpl
def ones(shape, *, dtype=None, device=None):
    check_device(device)
    return da.ones(shape, dtype=dtype)


@hookimpl
def ones_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return _like(np.ones_like, x, dtype)


def _check_matrix(x, name):
    if x.ndim < 2:
        raise ValueError(f"{name} needs an array of at least 2 dimensions, not {x.ndim}")
    known_sizes(name, x)
    return x


@hookimpl
def tril(x, /, *, k=0):
    return da.tril(_check_matrix(x, "tril"), k=k)


@hookimpl
def triu(x, /, *, k=0):
    return da.triu(_check_matrix(x, "triu"), k=k)


@hookimpl
def zeros(shape, *, dtype=None, device=None):
    check_device(device)
    return da.zeros(shape, dtype=dtype)


@hookimpl
def zeros_like(x, /, *, dtype=None, device=None):
    check_device(device)
    return _like(np.zeros_like, x, dtype)
