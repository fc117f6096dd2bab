"""Support hooks: what the core needs from every backend besides the public API.

These are hookspecs like the public functions, but are not exported as
``pa.*``; the core calls them through ``Backend.raw``. A hook declared with
a body (taking ``xp`` first) has a default, written for frameworks whose
arrays are mutable: a plugin implements it only to do better, and must
implement it when its ``backend_info`` says ``mutable_arrays: False``. Every
other hook must be implemented by every plugin.

| hook | required | used by |
|---|---|---|
| ``native_dtype`` | always | portable dtypes |
| ``device_of`` | always | ``Array.device`` |
| ``inplace_update`` | immutable arrays | ``out=``, in-place writes through views |
| ``set_item`` | immutable arrays | ``Array.__setitem__`` |
| ``get_item`` | never | ``Array.__getitem__`` (a framework that clips out-of-bounds indices checks them here) |
| ``error_class`` | never | error translation: the builtin class a framework's own exception stands for |
| ``compute_arrays`` | lazy backends | ``pa.compute``, dynamic switches, the NaN policy: several arrays in one pass |
| ``persist_arrays`` | lazy backends | ``pa.persist``: evaluate arrays and keep them on the backend |
| ``compile_function`` | never | ``pa.compile``: the framework's compiler (None by default: the graph is replayed) |
| ``record_calls`` | never | ``pa.trace``: the framework calls an implementation made, replayed in its place |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._declare import support
from ._types import ArrayLike

__all__: list[str] = []


@support
def native_dtype(name: str, /) -> Any:
    """The framework's dtype object for a portable dtype name, or None when it has none.

    >>> pa.get_backend("numpy").raw.native_dtype("float32")
    dtype('float32')
    """


@support
def device_of(x: ArrayLike, /) -> str:
    """The portable device name (``"cpu"``, ``"gpu:0"`` …) of a native array.

    >>> pa.get_backend("numpy").raw.device_of(pa.to_native(pa.ones(2)))
    'cpu'
    """


@support
def inplace_update(xp: Any, x: ArrayLike, value: ArrayLike, /) -> ArrayLike:
    """Write ``value`` into ``x``; return the updated array.

    ``value`` has the shape of ``x`` and is cast to its dtype (the caller
    checks that the cast is allowed). Where the framework can, ``x`` is
    updated in place (every view of it sees the change) and returned;
    frameworks whose arrays are immutable return a new array holding
    ``value`` in the dtype of ``x``, which polyarray then stores in the
    ``pa.Array`` (and its base, for a view). The default does ``x[...] = value``.

    >>> import numpy as np
    >>> x = np.zeros(3)
    >>> pa.get_backend("numpy").raw.inplace_update(x, np.arange(3)) is x, x
    (True, array([0., 1., 2.]))
    """
    x[...] = value
    return x


@support
def get_item(xp: Any, x: ArrayLike, key: Any, /) -> ArrayLike:
    """``x[key]``: the framework's own indexing, which must raise ``IndexError`` for an index out of bounds.

    ``key`` is a native index, as for :func:`set_item`. The default is
    ``x[key]``; a framework whose indexing clips or fills out-of-bounds
    indices (JAX) implements it to check them first.

    >>> import numpy as np
    >>> pa.get_backend("numpy").raw.get_item(np.arange(4), slice(1, 3))
    array([1, 2])
    """
    return x[key]


@support
def set_item(xp: Any, x: ArrayLike, key: Any, value: Any, /) -> ArrayLike:
    """``x[key] = value``; return the updated array.

    ``key`` is a native index: basic (integers, slices, ``...``, ``None``) or
    advanced (integer or boolean arrays). Where the framework can, ``x`` is updated in place and
    returned; frameworks whose arrays are immutable return a new array (JAX:
    ``x.at[key].set(value)``). The default does ``x[key] = value``.

    >>> import numpy as np
    >>> x = np.zeros(3)
    >>> pa.get_backend("numpy").raw.set_item(x, slice(1, None), 5.0) is x, x
    (True, array([0., 5., 5.]))
    """
    x[key] = value
    return x


@support
def error_class(xp: Any, error: BaseException, /) -> type[Exception] | None:
    """The builtin exception class (``ValueError``, ``IndexError``, ``TypeError`` …) that ``error`` stands for.

    polyarray raises ``pa.PolyarrayError`` subclasses that also subclass a
    builtin; an exception that already is ``ValueError``, ``IndexError`` …
    keeps its class. A framework whose own exceptions subclass none of them
    (torch's ``RuntimeError``, TensorFlow's ``tf.errors.OpError``) classifies
    them here, by exception class and where needed by message: a shape or size
    mismatch is a ``ValueError``, an index out of range an ``IndexError``, a
    dtype the operation does not support a ``TypeError``. None leaves the
    error to the core's default (its builtin class, else a bare ``pa.PolyarrayError``).

    >>> pa.get_backend("numpy").raw.error_class(ValueError("bad"))
    """
    return None


@support
def compute_arrays(xp: Any, *arrays: ArrayLike) -> tuple[Any, ...]:
    """The values of native ``arrays`` as NumPy arrays, evaluated together.

    A lazy backend (``backend_info`` key ``lazy: True``) evaluates all of them
    in one pass over their graphs, so work they share runs once. An error that
    depends on values (a singular matrix, an index out of bounds) may surface
    here; polyarray reports it as a ``pa.PolyarrayError``. The default
    converts each array with ``to_numpy``.

    >>> import numpy as np
    >>> pa.get_backend("numpy").raw.compute_arrays(np.arange(2), np.ones(2))
    (array([0, 1]), array([1., 1.]))
    """
    return tuple(xp.to_numpy(x) for x in arrays)


@support
def persist_arrays(xp: Any, *arrays: ArrayLike) -> tuple[Any, ...]:
    """Native ``arrays`` evaluated and kept on the backend (in a cluster's memory), with every size known.

    Later calls on the results start from the stored values instead of
    recomputing their graphs. The default returns ``arrays``: arrays of an
    eager backend hold their values already.

    >>> import numpy as np
    >>> x = np.arange(2)
    >>> pa.get_backend("numpy").raw.persist_arrays(x)[0] is x
    True
    """
    return arrays


@support
def compile_function(xp: Any, function: Callable[..., Any], /, *, dynamic: bool | None = None) -> Any:
    """``function`` compiled by the framework's compiler, or None where the framework has none.

    ``pa.compile`` hands it the replay of a traced graph: a function taking
    native arrays positionally and returning a tuple of native arrays, made of
    the backend's own implementations (the plugin's functions and the
    framework's), always called with arrays of the dtypes and shapes it was
    traced for. The result must take the same arguments and return the same
    values, as the framework's compiler computes them (``jax.jit``,
    ``torch.compile``, ``tf.function``). ``dynamic`` is ``pa.compile``'s
    (None, True or False), for compilers that specialise on shapes or not. The
    default, None, leaves the graph to be replayed as it is.

    >>> pa.get_backend("numpy").raw.compile_function(lambda x: (x,)) is None
    True
    """
    return None


@support
def compiled_constant(xp: Any, x: ArrayLike, /) -> Callable[[], ArrayLike] | None:
    """How ``pa.compile`` hands a traced graph's constant ``x`` to the framework's compiler.

    Either a function of no arguments that makes a new array equal to ``x``
    (values, dtype, shape, device) in the framework's own calls, which the
    compiler then builds inside the compiled graph; or None (the default),
    where the compiled function reads ``x`` itself, as a value the compiler
    may check on every call. PyTorch's plugin writes small tensors as
    ``torch.tensor(values)`` (TorchDynamo guards a tensor it reads).

    >>> import numpy as np
    >>> pa.get_backend("numpy").raw.compiled_constant(np.arange(3)) is None
    True
    """
    return None


@support
def record_calls(xp: Any, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], /) -> Any:
    """``(function(*args, **kwargs), calls)``: the result, and the framework calls that computed it, or None.

    The graph tracer (``pa.trace``) asks it while it records a call of one of
    the plugin's implementations (``function``) on native arrays. ``calls``
    lists ``(callable, args, kwargs, result)`` for each framework call the
    implementation made, in order, holding the very array objects it passed
    and got; the tracer then replays those calls in its place for arrays of
    the same dtypes, shapes and devices, so they must compute what the
    implementation would for any such arrays: None where the implementation
    read anything else (an array's values, ``requires_grad`` …) or where the
    calls cannot be known. The default, None, replays the implementation
    itself. PyTorch's plugin records through ``torch.overrides.TorchFunctionMode``.

    >>> pa.get_backend("numpy").raw.record_calls(abs, (-2,), {})
    (2, None)
    """
    return function(*args, **kwargs), None
