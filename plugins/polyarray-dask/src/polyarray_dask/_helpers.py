"""Helpers shared by the Dask plugin's modules.

Three ideas carry the plugin:

- **NumPy kernels per block.** The blocks of a Dask array are NumPy arrays.
  Where NumPy differs from the array API standard, polyarray-numpy already
  fixes it; :func:`numpy_kernel` finds that implementation (the version
  variant for the installed NumPy) and :func:`elementwise` runs it on every
  block, one task per block as ``x + y`` has.
- **Matrices per task.** Linear algebra on a matrix or a stack of them
  (:func:`per_matrix`) gathers each matrix into one block and runs the NumPy
  kernel on every block of the stack, through ``dask.array.apply_gufunc``.
  The result's dtype and shapes, and any error of shape, come from calling
  the kernel once on an empty stack of matrices of the same shape: no value
  is read, nothing is computed.
- **Sizes that are unknown** (NaN in Dask, after a boolean mask, ``nonzero``
  or ``unique_*``) stop only the functions that need them:
  :func:`known_sizes` says so and how to learn them.
- **Empty arrays have no values to read.** Where every array argument is
  empty, the NumPy kernel on empty stand-ins gives the exact result at once
  (:func:`numpy_when_empty`), since Dask's graphs of empty blocks fail or
  differ.
"""

from __future__ import annotations

import functools
import importlib
import math
import re
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import dask.array as da
import numpy as np
from dask import delayed
from dask.array.core import elemwise

__all__ = [
    "Named",
    "as_dask",
    "check_device",
    "checked_positions",
    "elementwise",
    "from_numpy",
    "gathered",
    "known_sizes",
    "numpy_kernel",
    "numpy_when_empty",
    "per_matrix",
    "reduced_axes",
    "reduced_size",
    "unknown",
]

#: The installed NumPy's release numbers, for choosing polyarray-numpy's version variants.
NUMPY_VERSION = tuple(int(part) for part in re.findall(r"\d+", np.__version__)[:2])

_VARIANT = re.compile(r"_v_(\d+)p(\d+)_(and_above|and_below|to_(\d+)p(\d+))$")


def check_device(device: Any) -> None:
    """Dask arrays live in host memory (of the client or of the cluster's workers): the 'cpu' device."""
    if device is not None and device != "cpu":
        raise ValueError(f"the dask backend has only the 'cpu' device, not {device!r}")


def _covers(match: re.Match[str]) -> bool:
    low = (int(match[1]), int(match[2]))
    if match[3] == "and_above":
        return NUMPY_VERSION >= low
    if match[3] == "and_below":
        return NUMPY_VERSION <= low
    return low <= NUMPY_VERSION <= (int(match[4]), int(match[5]))


@functools.cache
def numpy_kernel(category: str, name: str) -> Callable[..., Any]:
    """polyarray-numpy's implementation of ``name`` (from its module ``category``) for the installed NumPy.

    The function takes and returns NumPy arrays; run on a block, it gives that
    block's part of the NumPy backend's result.
    """
    module = importlib.import_module(f"polyarray_numpy.{category}")
    plain = getattr(module, name, None)
    if callable(plain):
        return plain
    for attribute, value in vars(module).items():
        if attribute.startswith(f"{name}_v_"):
            match = _VARIANT.search(attribute)
            if match is not None and _covers(match):
                return value
    raise LookupError(f"polyarray-numpy has no implementation of {name} for NumPy {np.__version__}")


def checked_positions(index: np.ndarray, size: int, function: str) -> np.ndarray:
    """Indices into an axis of ``size`` as non-negative positions; one out of bounds is an ``IndexError``.

    Run on each block of an index array, where it is computed; the error names ``function``.
    """
    if index.size and (index.min() < -size or index.max() >= size):
        bad = index[(index < -size) | (index >= size)].flat[0]
        raise IndexError(f"{function}: index {bad} is out of bounds for axis with size {size}")
    return np.where(index < 0, index + size, index)


class Named:
    """A picklable kernel whose errors name the polyarray function it computes a block of.

    A lazy backend raises value-dependent errors when the graph is computed,
    long after the call: ``linalg.solve: Singular matrix`` says which call.
    """

    def __init__(self, kernel: Callable[..., Any], function: str) -> None:
        self.kernel, self.function = kernel, function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.kernel(*args, **kwargs)
        except Exception as error:
            try:
                named = type(error)(f"{self.function}: {error}")
            except Exception:
                raise error from None
            raise named from error

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and (self.kernel, self.function) == (other.kernel, other.function)

    def __hash__(self) -> int:
        return hash((self.kernel, self.function))


def as_dask(x: Any) -> da.Array:
    """``x`` as a Dask array (NumPy arrays and Python values become one block); non-numeric data is a TypeError."""
    if isinstance(x, da.Array):
        return x
    values = np.asarray(x)
    if values.dtype.kind in "OUSV":
        raise TypeError(f"expected an array of numbers, not {type(x).__name__} {x!r:.40}")
    return da.from_array(values, chunks=-1)


def from_numpy(values: Any) -> Any:
    """NumPy results (an array, or a tuple or list of them) as Dask arrays of one block each."""
    if isinstance(values, (tuple, list)):
        return type(values)(from_numpy(v) for v in values)
    return da.from_array(np.asarray(values), chunks=-1)


def numpy_when_empty(category: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Run polyarray-numpy's implementation when every Dask array argument is empty (size 0).

    An empty array has no values to read, so the NumPy backend's function on
    empty stand-ins gives the exact result (``sum`` of nothing is 0, a
    reduction of nothing over a non-empty axis is an error) without computing
    anything, where Dask's graphs of empty blocks fail or differ.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        name = re.sub(r"_v_\d.*$", "", function.__name__)

        @functools.wraps(function)
        def implementation(*args: Any, **kwargs: Any) -> Any:
            arrays = [a for a in (*args, *kwargs.values()) if isinstance(a, da.Array)]
            if not arrays or not all(a.size == 0 for a in arrays):
                return function(*args, **kwargs)

            def stand_in(value: Any) -> Any:
                return np.zeros(value.shape, dtype=value.dtype) if isinstance(value, da.Array) else value

            kernel = numpy_kernel(category, name)
            return from_numpy(kernel(*map(stand_in, args), **{k: stand_in(v) for k, v in kwargs.items()}))

        return implementation

    return mark


def _whole(
    kernel: Callable[..., Any],
    arrays: tuple[da.Array, ...],
    shapes: list[tuple[int, ...]],
    dtypes: list[Any],
    *,
    several: bool,
) -> Any:
    """``kernel`` on whole arrays in one task, lazily, with results of the given shapes and dtypes."""
    task = delayed(kernel)(*(gathered(x).to_delayed().reshape(-1)[0] for x in arrays))
    if not several:
        return da.from_delayed(task, shape=shapes[0], dtype=dtypes[0])
    return tuple(
        da.from_delayed(task[i], shape=shape, dtype=dtype) for i, (shape, dtype) in enumerate(zip(shapes, dtypes))
    )


def _joined(blocks: Any) -> np.ndarray:
    """The NumPy blocks of an array (nested lists, one level per axis) joined into one array."""
    return np.block(blocks) if isinstance(blocks, list) else blocks


def gathered(x: da.Array) -> da.Array:
    """``x`` as one block, also where its sizes are unknown (then they stay unknown until computed)."""
    if not unknown(x.shape):
        return x.rechunk(-1)
    blocks = x.to_delayed().tolist()
    return da.from_delayed(delayed(_joined)(blocks), shape=x.shape, dtype=x.dtype, meta=x._meta)


def unknown(shape: Sequence[float]) -> bool:
    """Whether a Dask shape holds an unknown size (NaN)."""
    return any(isinstance(size, float) and math.isnan(size) for size in shape)


def reduced_axes(axis: Any, ndim: int) -> tuple[int, ...]:
    """``axis`` of a reduction as a tuple of non-negative axes (all of them for None)."""
    if axis is None:
        return tuple(range(ndim))
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(a % ndim for a in axes) if ndim else ()


def reduced_size(x: da.Array, axis: Any) -> float:
    """How many elements a reduction of ``x`` over ``axis`` reads for each result (NaN when unknown)."""
    return math.prod(x.shape[a] for a in reduced_axes(axis, x.ndim))


def known_sizes(function: str, *arrays: Any, what: str = "its input") -> None:
    """Raise a ``ValueError`` naming ``function`` when a size of one of ``arrays`` is unknown.

    Dask learns such sizes only by computing (they follow a boolean mask,
    ``nonzero`` or ``unique_*``); the message says how.
    """
    for x in arrays:
        shape = getattr(x, "shape", ())
        if unknown(shape):
            shown = tuple(None if isinstance(s, float) and math.isnan(s) else s for s in shape)
            raise ValueError(
                f"{function} needs the size of every axis of {what}, and {shown} has unknown sizes (None: they "
                f"depend on values, after a boolean mask, nonzero or unique_*). Compute them first: "
                f"x = pa.persist(x) evaluates x and learns its sizes (on the Dask array itself: "
                f"x.compute_chunk_sizes())."
            )


_PYTHON_SCALARS = (bool, int, float, complex)


@functools.cache
def _result_dtype(kernel: Callable[..., Any], kinds: tuple[Any, ...]) -> np.dtype:
    """The dtype ``kernel`` gives for one-element arrays of the dtypes (Python scalars of the types) in ``kinds``."""
    samples = [np.zeros((1,), dtype=kind) if isinstance(kind, np.dtype) else kind(0) for kind in kinds]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return np.asarray(kernel(*samples)).dtype


def elementwise(kernel: Callable[..., Any], *args: Any) -> da.Array:
    """``kernel`` (a NumPy element-wise function) applied block by block to the broadcast arrays ``args``.

    Python scalars are passed to ``kernel`` as they are (NumPy's rules for them apply).
    """
    args = tuple(a if isinstance(a, (da.Array, *_PYTHON_SCALARS)) else as_dask(a) for a in args)
    kinds = tuple(a.dtype if isinstance(a, da.Array) else type(a) for a in args)
    return elemwise(kernel, *args, dtype=_result_dtype(kernel, kinds))


def _signature_parts(signature: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """``"(m,n),(n)->(m)"`` as ``[("m", "n"), ("n",)]`` and ``[("m",)]``."""
    inputs, outputs = signature.split("->")

    def dims(text: str) -> list[tuple[str, ...]]:
        return [tuple(d for d in group.split(",") if d) for group in re.findall(r"\(([^)]*)\)", text)]

    return dims(inputs), dims(outputs)


def per_matrix(kernel: Callable[..., Any], signature: str, *arrays: da.Array, function: str, **options: Any) -> Any:
    """``kernel`` applied to each matrix (the core dimensions of ``signature``) of a stack, one task per block.

    The stack axes broadcast as in NumPy's linalg functions and keep their
    chunks; each matrix is gathered into one block. ``kernel`` is called once on
    an empty stack of matrices of the given shape to learn the results' dtypes
    and core sizes (raising, as NumPy would, for shapes it refuses). Returns a
    Dask array, or a tuple of them for a kernel with several results.
    """
    arrays = tuple(as_dask(x) for x in arrays)
    known_sizes(function, *arrays)
    if options:
        kernel = functools.partial(kernel, **options)
    if all(x.size == 0 for x in arrays):
        # No values to read: the kernel on empty NumPy stand-ins gives the result (det of 0x0 is 1 …).
        return from_numpy(kernel(*(np.zeros(x.shape, dtype=x.dtype) for x in arrays)))
    inputs, outputs = _signature_parts(signature)
    sizes: dict[str, int] = {}
    samples = []
    for x, core in zip(arrays, inputs):
        if x.ndim < len(core):
            raise ValueError(f"{function} needs an array of at least {len(core)} dimensions, not a {x.ndim}-d array")
        core_shape = tuple(int(s) for s in x.shape[x.ndim - len(core) :])
        for name, size in zip(core, core_shape):
            sizes.setdefault(name, size)
        samples.append(np.zeros((0, *core_shape), dtype=x.dtype))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        empty = kernel(*samples)
    results = empty if isinstance(empty, tuple) else (empty,)
    dtypes = []
    for result, core in zip(results, outputs):
        result = np.asarray(result)
        dtypes.append(result.dtype)
        for name, size in zip(core, result.shape[1:]):
            sizes.setdefault(name, int(size))
    batch = np.broadcast_shapes(*(tuple(int(s) for s in x.shape[: x.ndim - len(c)]) for x, c in zip(arrays, inputs)))
    shapes = [batch + tuple(sizes[name] for name in core) for core in outputs]
    if any(math.prod(shape) == 0 for shape in shapes):
        # An empty result reads no values (Dask cannot split an empty stack into blocks).
        made = tuple(da.zeros(shape, dtype=dtype) for shape, dtype in zip(shapes, dtypes))
        return made if isinstance(empty, tuple) else made[0]
    if any(x.size == 0 for x in arrays):
        # Some inputs empty, not all (Dask cannot split an empty axis into blocks): one task on whole arrays.
        return _whole(Named(kernel, function), arrays, shapes, dtypes, several=isinstance(empty, tuple))
    if not batch:
        # One matrix: a stack of one, so that the kernel sees the stack it was sampled with.
        arrays = tuple(x[np.newaxis] for x in arrays)
    computed = da.apply_gufunc(
        Named(kernel, function),
        signature,
        *arrays,
        output_dtypes=tuple(dtypes) if len(dtypes) > 1 else dtypes[0],
        output_sizes=sizes,
        allow_rechunk=True,
        vectorize=False,
    )
    if not batch:
        computed = tuple(r[0] for r in computed) if isinstance(computed, tuple) else computed[0]
    return computed
