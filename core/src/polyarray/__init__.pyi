# Generated from polyarray's declarations by `python -m polyarray._stubgen`: do not edit.
"""polyarray: one array API over NumPy, PyTorch, JAX, TensorFlow and third-party backends.

>>> import polyarray as pa
>>> pa.add(pa.asarray([1, 2]), 3)
Array([4, 5], backend=numpy, dtype=int64)
"""

import builtins
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal

from polyarray import fft, linalg, random
from polyarray._array import Array
from polyarray._backend import Backend
from polyarray._compile import TracedFunction
from polyarray._container import Container
from polyarray._discovery import available_backends, register_backend, unregister_backend
from polyarray._dtypes import (
    DType,
    bfloat16,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from polyarray._dtypes import bool_ as bool
from polyarray._errors import (
    BackendConflictError,
    BackendContextError,
    BackendLoadError,
    BackendNotFoundError,
    BackendNotImplementedError,
    FrameworkNotInstalledError,
    NestingDepthError,
    PluginValidationError,
    PolyarrayAxisError,
    PolyarrayError,
    PolyarrayIndexError,
    PolyarrayMemoryError,
    PolyarrayNotImplementedError,
    PolyarrayOverflowError,
    PolyarrayTypeError,
    PolyarrayValueError,
    TracingError,
    UnsupportedDeviceError,
    UnsupportedDtypeError,
    UnsupportedFrameworkVersionError,
)
from polyarray._graph import Graph
from polyarray._handler import (
    backend_context,
    current_backend,
    get_backend,
    previous_backend,
    set_backend,
    unset_backend,
)
from polyarray._registry import dynamic_backend_as, set_dynamic_backend, unset_dynamic_backend
from polyarray._wrappers.backend_invalid import BackendMismatchError
from polyarray._wrappers.shapes import Shape
from polyarray.api._types import ArrayLike, Device, DTypeLike
from polyarray.api.data_types import FInfo, IInfo
from polyarray.api.inspection import Info
from polyarray.api.set_functions import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from polyarray.api.sorting import TopKResult
from polyarray.tracing import compile, trace

e: float
pi: float
inf: float
nan: float
newaxis: None
__array_api_version__: str
__version__: str

__all__ = [
    "Array",
    "Container",
    "Shape",
    "Backend",
    "DType",
    "available_backends",
    "register_backend",
    "unregister_backend",
    "set_backend",
    "get_backend",
    "current_backend",
    "previous_backend",
    "unset_backend",
    "backend_context",
    "set_dynamic_backend",
    "unset_dynamic_backend",
    "dynamic_backend_as",
    "linalg",
    "fft",
    "random",
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "PolyarrayError",
    "PolyarrayValueError",
    "PolyarrayTypeError",
    "PolyarrayIndexError",
    "PolyarrayMemoryError",
    "PolyarrayOverflowError",
    "PolyarrayAxisError",
    "PolyarrayNotImplementedError",
    "BackendNotFoundError",
    "BackendLoadError",
    "BackendConflictError",
    "BackendNotImplementedError",
    "FrameworkNotInstalledError",
    "PluginValidationError",
    "UnsupportedFrameworkVersionError",
    "UnsupportedDtypeError",
    "BackendMismatchError",
    "BackendContextError",
    "UnsupportedDeviceError",
    "NestingDepthError",
    "TracingError",
    "Graph",
    "TracedFunction",
    "trace",
    "compile",
    "to_native",
    "to_numpy",
    "compute",
    "persist",
    "set_array_mode",
    "array_mode",
    "set_nan_policy",
    "nan_policy",
    "exists",
    "default",
    "cache_fn",
    "shape",
    "as_native_dtype",
    "as_portable_dtype",
    "dtype",
    "set_default_dtype",
    "set_default_float_dtype",
    "set_default_int_dtype",
    "set_default_complex_dtype",
    "unset_default_dtype",
    "default_dtype",
    "default_float_dtype",
    "default_int_dtype",
    "default_complex_dtype",
    "default_dtype_as",
    "dev",
    "to_device",
    "set_default_device",
    "unset_default_device",
    "default_device",
    "default_device_as",
    "set_soft_device_mode",
    "soft_device_mode",
    "get_all_arrays_on_dev",
    "as_native_dev",
    "as_portable_dev",
    "nested_map",
    "index_nest",
    "set_nest_at_index",
    "nested_argwhere",
    "all_nested_indices",
    "arange",
    "asarray",
    "diag",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
    "FInfo",
    "IInfo",
    "astype",
    "can_cast",
    "finfo",
    "iinfo",
    "isdtype",
    "result_type",
    "abs",
    "acos",
    "acosh",
    "add",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "bitwise_and",
    "bitwise_left_shift",
    "bitwise_invert",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "ceil",
    "clip",
    "conj",
    "copysign",
    "cos",
    "cosh",
    "divide",
    "equal",
    "exp",
    "expm1",
    "floor",
    "floor_divide",
    "greater",
    "greater_equal",
    "hypot",
    "imag",
    "isclose",
    "isfinite",
    "isinf",
    "isnan",
    "less",
    "less_equal",
    "log",
    "log1p",
    "log2",
    "log10",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "multiply",
    "negative",
    "nextafter",
    "not_equal",
    "positive",
    "pow",
    "real",
    "reciprocal",
    "remainder",
    "round",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "square",
    "sqrt",
    "subtract",
    "tan",
    "tanh",
    "trunc",
    "take",
    "take_along_axis",
    "einsum",
    "matmul",
    "matrix_transpose",
    "tensordot",
    "vecdot",
    "broadcast_arrays",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "pad",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "split",
    "squeeze",
    "stack",
    "tile",
    "unstack",
    "argmax",
    "argmin",
    "count_nonzero",
    "nonzero",
    "searchsorted",
    "where",
    "UniqueAllResult",
    "UniqueCountsResult",
    "UniqueInverseResult",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
    "TopKResult",
    "argsort",
    "sort",
    "top_k",
    "cumulative_prod",
    "cumulative_sum",
    "max",
    "mean",
    "median",
    "min",
    "prod",
    "quantile",
    "std",
    "sum",
    "var",
    "all",
    "allclose",
    "any",
    "diff",
    "__array_namespace_info__",
    "relu",
    "leaky_relu",
    "gelu",
    "sigmoid",
    "softplus",
    "softmax",
    "log_softmax",
    "logsumexp",
    "linear",
    "layer_norm",
    "one_hot",
    "dropout",
    "cross_entropy",
    "binary_cross_entropy",
    "lstm_update",
    "stable_divide",
]

def to_native(x: Any, /) -> Any:
    """The native array inside a ``pa.Array`` (anything else is returned as it is).

    Lists, tuples and dicts are converted item by item.

    >>> type(pa.to_native(pa.ones(2))).__name__
    'ndarray'
    """

def to_numpy(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Any:
    """A NumPy array with the values of ``x`` (copied only when the framework must).

    >>> pa.to_numpy(pa.asarray([1, 2]))
    array([1, 2])
    """

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

def set_array_mode(flag: builtins.bool) -> None:
    """Return ``pa.Array`` from every function (True, the default) or native arrays (False).

    >>> pa.set_array_mode(False)
    >>> type(pa.ones(2)).__name__
    'ndarray'
    >>> pa.set_array_mode(True)
    >>> type(pa.ones(2)).__name__
    'Array'
    """

def array_mode() -> builtins.bool:
    """Whether functions return ``pa.Array`` (see :func:`set_array_mode`).

    >>> pa.array_mode()
    True
    """

def set_nan_policy(policy: str) -> None:
    """Choose what functions that compute do when an array argument contains NaN.

    ``"nothing"`` (the default) lets NaN through at no cost; ``"warns"``
    emits a ``RuntimeWarning`` naming the function and the argument;
    ``"raise_exception"`` raises a ``pa.PolyarrayValueError`` before the
    function runs. The policy is process-wide. It applies to element-wise
    functions, reductions, linear algebra, FFTs, activations and the other
    compositions; arrays of integer and bool dtypes cannot hold NaN.

    >>> pa.set_nan_policy("raise_exception")
    >>> try:
    ...     pa.exp(pa.asarray([0.0, float("nan")]))
    ... except pa.PolyarrayValueError as error:
    ...     print(str(error).split(" (")[0])
    pa.exp received NaN in its argument 'x'
    >>> pa.set_nan_policy("nothing")
    >>> pa.exp(pa.asarray([0.0, float("nan")]))
    Array([ 1., nan], backend=numpy, dtype=float64)
    """

def nan_policy() -> str:
    """The current NaN policy (see :func:`set_nan_policy`).

    >>> pa.nan_policy()
    'nothing'
    """

def exists(x: Any, /) -> builtins.bool:
    """Whether ``x`` is not None (``0``, ``""`` and empty arrays exist).

    >>> pa.exists(None), pa.exists(0), pa.exists("")
    (False, True, True)
    """

def default(
    x: Any,
    /,
    default_val: Any,
    *,
    catch_exceptions: builtins.bool = False,
    rev: builtins.bool = False,
    with_callable: builtins.bool = False,
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

def shape(x: ArrayLike, /) -> Shape:
    """The shape of ``x`` as a ``pa.Shape`` (a plain tuple when array mode is off).

    ``x`` may be a ``pa.Array``, a native array of any framework (its own
    shape object, such as ``torch.Size``, becomes a ``pa.Shape``), a Python
    scalar (shape ``()``) or nested sequences.

    >>> pa.shape(pa.ones((2, 3)))
    Shape(2, 3)
    >>> pa.shape([[1, 2, 3]]), pa.shape(5.0)
    (Shape(1, 3), Shape())
    """

def as_native_dtype(dtype: DTypeLike, /, *, backend: str | Backend | None = None) -> Any:
    """The native dtype of a backend (the current one when ``backend`` is None) for any dtype-like.

    ``dtype`` is a portable dtype, its name, or a native dtype of any framework.
    A dtype the backend does not have (``bfloat16`` on NumPy) is a
    ``PolyarrayTypeError`` naming the dtypes it has.

    >>> pa.as_native_dtype(pa.float32)
    dtype('float32')
    >>> pa.as_native_dtype("int8", backend="numpy")
    dtype('int8')
    """

def as_portable_dtype(dtype: DTypeLike, /) -> DType:
    """The portable dtype (``pa.float32`` …) of a dtype name, a native dtype of any framework, or a DType.

    Python's ``bool`` gives ``pa.bool``; ``int``, ``float`` and ``complex`` give
    the current default dtype of their kind (see :func:`default_dtype`). Anything
    else is a ``PolyarrayTypeError``.

    >>> import numpy as np
    >>> pa.as_portable_dtype(np.dtype("float32")), pa.as_portable_dtype("int8"), pa.as_portable_dtype(np.uint16)
    (pa.float32, pa.int8, pa.uint16)
    >>> pa.as_portable_dtype(float)
    pa.float64
    """

def dtype(x: ArrayLike, /) -> DType:
    """The portable dtype of an array: a ``pa.Array`` or a native array of any backend.

    Anything without a dtype (a list, a Python scalar) is a ``PolyarrayTypeError``:
    convert it with ``pa.asarray`` first.

    >>> pa.dtype(pa.asarray([1, 2], dtype=pa.int16)), pa.dtype(np.zeros(2, dtype=np.float32))
    (pa.int16, pa.float32)
    """

def set_default_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` the default dtype of its kind (real floating, signed integer or complex floating).

    ``pa.set_default_dtype(pa.float32)`` is ``pa.set_default_float_dtype(pa.float32)``.
    It applies in this thread or task and to threads started later; undo it
    with :func:`unset_default_dtype`. Other dtypes (``bool``, unsigned
    integers) are a ``PolyarrayTypeError``.

    >>> pa.set_default_dtype(pa.float32)
    >>> pa.asarray([1.0, 2.0]).dtype, pa.default_float_dtype()
    (pa.float32, pa.float32)
    >>> pa.unset_default_dtype()
    >>> pa.asarray([1.0, 2.0]).dtype
    pa.float64
    """

def set_default_float_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``float16``, ``bfloat16``, ``float32`` or ``float64``) the default real floating dtype.

    >>> pa.set_default_float_dtype(pa.float32)
    >>> pa.ones(2).dtype, pa.linspace(0, 1, 3).dtype
    (pa.float32, pa.float32)
    >>> pa.unset_default_dtype()
    """

def set_default_int_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``int8``, ``int16``, ``int32`` or ``int64``) the default integer dtype.

    The default indexing dtype follows it.

    >>> pa.set_default_int_dtype(pa.int32)
    >>> pa.arange(3).dtype, pa.default_dtype("indexing")
    (pa.int32, pa.int32)
    >>> pa.unset_default_dtype()
    """

def set_default_complex_dtype(dtype: DTypeLike, /) -> None:
    """Make ``dtype`` (``complex64`` or ``complex128``) the default complex floating dtype.

    >>> pa.set_default_complex_dtype(pa.complex64)
    >>> pa.asarray([1j]).dtype
    pa.complex64
    >>> pa.unset_default_dtype()
    """

def unset_default_dtype(kind: str | None = None) -> None:
    """Give one kind (``"real floating"``/``"float"``, ``"integral"``/``"int"``, ``"complex floating"``/``"complex"``),
    or every kind when None, polyarray's built-in default back (float64, int64, complex128).

    >>> pa.set_default_float_dtype(pa.float16)
    >>> pa.set_default_int_dtype(pa.int16)
    >>> pa.unset_default_dtype("float")
    >>> pa.default_float_dtype(), pa.default_int_dtype()
    (pa.float64, pa.int16)
    >>> pa.unset_default_dtype()
    >>> pa.default_int_dtype()
    pa.int64
    """

def default_dtype(kind: str = "real floating") -> DType:
    """This context's default dtype of a kind: ``"real floating"`` (or ``"float"``), ``"integral"``
    (``"int"``), ``"complex floating"`` (``"complex"``) or ``"indexing"``.

    >>> pa.default_dtype(), pa.default_dtype("integral"), pa.default_dtype("complex")
    (pa.float64, pa.int64, pa.complex128)
    """

def default_float_dtype() -> DType:
    """This context's default real floating dtype (``float64`` unless changed).

    >>> pa.default_float_dtype()
    pa.float64
    """

def default_int_dtype() -> DType:
    """This context's default integer dtype (``int64`` unless changed).

    >>> pa.default_int_dtype()
    pa.int64
    """

def default_complex_dtype() -> DType:
    """This context's default complex floating dtype (``complex128`` unless changed).

    >>> pa.default_complex_dtype()
    pa.complex128
    """

def default_dtype_as(dtype: DTypeLike, /) -> AbstractContextManager[DType]:
    """Make ``dtype`` the default of its kind inside a ``with`` block, in this thread or task only.

    The previous defaults come back when the block ends, also on an error.
    The block receives the portable dtype.

    >>> with pa.default_dtype_as(pa.int32) as d:
    ...     d, pa.arange(3).dtype
    (pa.int32, pa.int32)
    >>> pa.arange(3).dtype
    pa.int64
    """

def dev(x: ArrayLike, /) -> Device:
    """The portable device name of an array (a ``pa.Array`` or a native array of any backend).

    >>> pa.dev(pa.ones(2)), pa.dev(np.zeros(3))
    ('cpu', 'cpu')
    """

def to_device(x: ArrayLike, device: Device, /) -> ArrayLike:
    """``x`` on ``device`` (a portable name or a framework's device object), moved if it is elsewhere.

    An array already there is returned as it is. Moving uses the backend's
    ``asarray(x, device=device)``. A device the backend does not have is a
    ``PolyarrayValueError``. The result is a ``pa.Array`` in array mode.

    >>> x = pa.to_device(pa.asarray([1, 2]), "cpu")
    >>> x, pa.dev(x)
    (Array([1, 2], backend=numpy, dtype=int64), 'cpu')
    """

def set_default_device(device: Device, /) -> None:
    """Make ``device`` the device that creation functions use when none is given.

    It applies in this thread or task and to threads started later, on
    backends that have several devices (a backend with one device, such as
    NumPy, creates every array there). Names are normalised (``"cuda:1"`` is
    ``"gpu:1"``); undo it with :func:`unset_default_device`.

    >>> pa.set_default_device("gpu:1")
    >>> pa.default_device()
    'gpu:1'
    >>> pa.unset_default_device()
    >>> pa.default_device()
    'cpu'
    """

def unset_default_device() -> None:
    """Make ``"cpu"``, polyarray's built-in default device, the default device again.

    >>> pa.unset_default_device()
    >>> pa.default_device()
    'cpu'
    """

def default_device() -> Device:
    """This context's default device (``"cpu"`` unless changed).

    >>> pa.default_device()
    'cpu'
    """

def default_device_as(device: Device, /) -> AbstractContextManager[Device]:
    """Make ``device`` the default device inside a ``with`` block, in this thread or task only.

    The previous default comes back when the block ends, also on an error.
    The block receives the portable name.

    >>> with pa.default_device_as("cuda") as d:
    ...     d, pa.default_device()
    ('gpu:0', 'gpu:0')
    >>> pa.default_device()
    'cpu'
    """

def set_soft_device_mode(flag: builtins.bool, /) -> None:
    """Move arrays of one call that are on different devices to the device of the first array (True).

    Off (False, the default), such a call is a ``PolyarrayValueError``
    naming each array's device. It applies in this thread or task and to
    threads started later.

    >>> pa.set_soft_device_mode(True)
    >>> pa.soft_device_mode()
    True
    >>> pa.set_soft_device_mode(False)
    """

def soft_device_mode() -> builtins.bool:
    """Whether soft device mode is on in this context (see :func:`set_soft_device_mode`).

    >>> pa.soft_device_mode()
    False
    """

def get_all_arrays_on_dev(device: Device, /) -> list[ArrayLike]:
    """Every live ``pa.Array`` on ``device``, of any backend.

    The arrays are found among the objects that Python's garbage collector
    tracks, filtered by type: the cost grows with every object alive in the
    process (about 10 ms per million objects), not with the number of arrays.
    Use it to look for arrays that stay alive, not inside a loop. Native arrays
    that no ``pa.Array`` wraps are not found.

    >>> x = pa.ones(3)
    >>> any(a is x for a in pa.get_all_arrays_on_dev("cpu"))
    True
    """

def as_native_dev(device: Device, /, *, backend: str | Backend | None = None) -> Any:
    """The device as the functions of a backend (the current one when None) take it.

    Backends take portable names and map them to their framework's device
    objects themselves, so this gives the normalised portable name after
    checking that the backend has the device (NumPy: only ``"cpu"``, which is
    also NumPy's own name); otherwise a ``PolyarrayValueError``.

    >>> pa.as_native_dev("CPU")
    'cpu'
    """

def as_portable_dev(device: Any, /) -> Device:
    """The portable name of a device given by any name or as a framework's device object.

    ``"cuda:1"`` and ``"GPU:1"`` give ``"gpu:1"``, ``"cpu:0"`` gives ``"cpu"``;
    device objects are read without importing a framework (a ``platform`` and
    ``id``, a ``type`` and ``index``, or their text). Anything else is a
    ``PolyarrayValueError``.

    >>> pa.as_portable_dev("cuda:1"), pa.as_portable_dev("cpu:0"), pa.as_portable_dev("/job:localhost/device:GPU:0")
    ('gpu:1', 'cpu', 'gpu:0')
    """

def nested_map(fn: Callable[[Any], Any], nest: Any, /) -> Any:
    """Apply ``fn`` to every leaf of ``nest``, keeping its structure.

    Lists stay lists, tuples (and NamedTuples) keep their class, dicts keep
    their class and key order (through ``dict.copy``), Containers stay
    Containers. A leaf given on its own is mapped directly. The input is not
    changed.

    >>> pa.nested_map(lambda x: x * 10, {"a": [1, 2], "b": (3, {"c": 4})})
    {'a': [10, 20], 'b': (30, {'c': 40})}
    >>> pa.nested_map(lambda x: float(pa.sum(x)), [pa.ones(2), pa.ones(3)])
    [2.0, 3.0]
    """

def index_nest(nest: Any, index: Sequence[Any], /) -> Any:
    """The item of ``nest`` at ``index``: ``nest[index[0]][index[1]]…`` (``nest`` itself for ``()``).

    >>> pa.index_nest({"a": [1, (2, 3)]}, ("a", 1, 0))
    2
    """

def set_nest_at_index(nest: Any, index: Sequence[Any], value: Any, /) -> Any:
    """Put ``value`` at ``index`` in ``nest`` and return the nest.

    Lists, dicts and Containers on the way are changed in place. Tuples
    cannot be, so a tuple on the way is rebuilt with the new item (keeping
    its class) and stored in its parent; when the outermost nest is a tuple,
    only the returned nest holds the change. An empty index returns
    ``value``.

    >>> nest = {"a": [1, 2], "b": (3, 4)}
    >>> pa.set_nest_at_index(nest, ("a", 0), 10)
    {'a': [10, 2], 'b': (3, 4)}
    >>> pa.set_nest_at_index(nest, ("b", 1), 40)
    {'a': [10, 2], 'b': (3, 40)}
    >>> nest  # changed in place; the tuple at "b" was rebuilt
    {'a': [10, 2], 'b': (3, 40)}
    >>> pa.set_nest_at_index((1, [2, 3]), (1, 0), 20)
    (1, [20, 3])
    """

def nested_argwhere(nest: Any, fn: Callable[[Any], Any], /) -> list[tuple[Any, ...]]:
    """The indices of the leaves of ``nest`` for which ``fn(leaf)`` is true, depth first in order.

    >>> pa.nested_argwhere({"a": [1, -2], "b": -3}, lambda x: x < 0)
    [('a', 1), ('b',)]
    """

def all_nested_indices(nest: Any, /) -> list[tuple[Any, ...]]:
    """The indices of every leaf of ``nest``, depth first in order (``[()]`` for a leaf).

    Empty lists, tuples, dicts and Containers hold no leaves.

    >>> pa.all_nested_indices([1, {"a": 2, "b": (3,)}])
    [(0,), (1, 'a'), (1, 'b', 0)]
    """

def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Evenly spaced values in the half-open interval ``[start, stop)``, as a 1-d array.

    With ``stop=None`` the interval is ``[0, start)``. The length is
    ``ceil((stop - start) / step)`` when ``stop - start`` and ``step`` have the
    same sign, 0 otherwise; ``step=0`` is an error. With ``dtype=None`` the result
    has the default integer dtype when ``start``, ``stop`` and ``step`` are all
    ints, the default real floating dtype when any is a float.

    >>> pa.arange(5)
    Array([0, 1, 2, 3, 4], backend=numpy, dtype=int64)
    >>> pa.arange(1, 2, 0.25)
    Array([1.  , 1.25, 1.5 , 1.75], backend=numpy, dtype=float64)
    """

def asarray(
    obj: ArrayLike,
    /,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    copy: builtins.bool | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array from an array, a Python scalar or a nested sequence.

    ``copy=True`` always copies, ``copy=False`` never does (an error if a copy
    is needed), ``None`` copies only when needed.

    >>> pa.asarray([[1, 2], [3, 4]], dtype=pa.float32)
    Array([[1., 2.],
           [3., 4.]], backend=numpy, dtype=float32)
    """

def diag(x: ArrayLike, /, *, k: int = 0, backend: str | Backend | None = None) -> Array:
    """A matrix with ``x`` on its ``k``-th diagonal (1-d ``x``), or the ``k``-th diagonal of ``x`` (2-d ``x``).

    As NumPy's ``diag``: ``k > 0`` is above the main diagonal, ``k < 0`` below.
    A 1-d ``x`` of ``n`` elements gives a square matrix of size ``n + |k|``,
    zero (``False``) off that diagonal; a 2-d ``x`` gives a new 1-d array (not
    a view), empty when the diagonal lies outside the matrix. The dtype of
    ``x`` is kept. Other numbers of dimensions raise an error that is also a
    ``ValueError`` (use :func:`linalg.diagonal` for stacks of matrices).

    >>> pa.diag(pa.asarray([1, 2]), k=1)
    Array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]], backend=numpy, dtype=int64)
    >>> pa.diag(pa.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), k=-1)
    Array([4.], backend=numpy, dtype=float64)
    """

def empty(
    shape: int | tuple[int, ...],
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of the given shape whose values are not initialised.

    ``dtype=None`` gives the default real floating dtype.

    >>> x = pa.empty((2, 3), dtype=pa.int32)
    >>> x.shape, x.dtype
    ((2, 3), pa.int32)
    """

def empty_like(
    x: ArrayLike,
    /,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of the shape of ``x`` whose values are not initialised.

    ``dtype=None`` takes the dtype of ``x``.

    >>> y = pa.empty_like(pa.asarray([[1, 2, 3]]))
    >>> y.shape, y.dtype
    ((1, 3), pa.int64)
    """

def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """A 2-d array with ones on the ``k``-th diagonal and zeros elsewhere.

    ``n_cols=None`` makes it square. ``k > 0`` is above the main diagonal,
    ``k < 0`` below. ``dtype=None`` gives the default real floating dtype;
    complex results hold ``1 + 0j`` on the diagonal.

    >>> pa.eye(2, 3, k=1, dtype=pa.int8)
    Array([[0, 1, 0],
           [0, 0, 1]], backend=numpy, dtype=int8)
    """

def from_dlpack(
    x: ArrayLike,
    /,
    *,
    device: Device | None = None,
    copy: builtins.bool | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of this backend holding the data of any object with ``__dlpack__``.

    ``copy=None`` shares memory where possible, ``copy=True`` always copies and
    ``copy=False`` never does (an error when a copy would be needed).
    ``device=None`` keeps the data on the device of ``x``.

    >>> pa.from_dlpack(np.asarray([1, 2, 3]))
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """

def full(
    shape: int | tuple[int, ...],
    fill_value: builtins.bool | int | float | complex,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of the given shape with every element equal to ``fill_value``.

    With ``dtype=None`` the dtype follows the fill value: ``bool`` for a bool,
    the default integer, real floating or complex floating dtype for an int, a
    float or a complex. An int fill value that the default integer dtype cannot
    hold is an error.

    >>> pa.full((2, 2), 7)
    Array([[7, 7],
           [7, 7]], backend=numpy, dtype=int64)
    >>> pa.full(3, 0.5, dtype=pa.float32)
    Array([0.5, 0.5, 0.5], backend=numpy, dtype=float32)
    """

def full_like(
    x: ArrayLike,
    /,
    fill_value: builtins.bool | int | float | complex,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of the shape of ``x`` with every element equal to ``fill_value``.

    ``dtype=None`` takes the dtype of ``x`` (the fill value is converted to it).

    >>> pa.full_like(pa.asarray([1, 2, 3]), 9)
    Array([9, 9, 9], backend=numpy, dtype=int64)
    """

def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    endpoint: builtins.bool = True,
    backend: str | Backend | None = None,
) -> Array:
    """``num`` evenly spaced numbers from ``start`` to ``stop``.

    ``endpoint=True`` includes ``stop`` (step ``(stop - start) / (num - 1)``);
    ``endpoint=False`` leaves it out (step ``(stop - start) / num``). ``num=0``
    gives an empty array, a negative ``num`` is an error. With ``dtype=None``
    the result has the default complex floating dtype when ``start`` or ``stop``
    is complex, the default real floating dtype otherwise.

    >>> pa.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ], backend=numpy, dtype=float64)
    >>> pa.linspace(0, 1, 4, endpoint=False)
    Array([0.  , 0.25, 0.5 , 0.75], backend=numpy, dtype=float64)
    """

def meshgrid(
    *arrays: ArrayLike,
    indexing: Literal["xy", "ij"] = "xy",
    backend: str | Backend | None = None,
) -> list[Array]:
    """Coordinate matrices from 1-d coordinate vectors, as a list of arrays.

    For inputs of lengths ``N1, N2, ..., Nn``, every result has the shape
    ``(N2, N1, N3, ..., Nn)`` with Cartesian ``indexing="xy"`` or
    ``(N1, N2, ..., Nn)`` with matrix ``indexing="ij"``; each keeps its input's
    dtype. Inputs of more than one dimension are an error.

    >>> xs, ys = pa.meshgrid(pa.asarray([1, 2, 3]), pa.asarray([4, 5]))
    >>> xs
    Array([[1, 2, 3],
           [1, 2, 3]], backend=numpy, dtype=int64)
    >>> ys
    Array([[4, 4, 4],
           [5, 5, 5]], backend=numpy, dtype=int64)
    """

def ones(
    shape: int | tuple[int, ...],
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of ones (``1 + 0j`` for complex dtypes).

    ``dtype=None`` gives the default real floating dtype.

    >>> pa.ones((2,), dtype=pa.int32)
    Array([1, 1], backend=numpy, dtype=int32)
    """

def ones_like(
    x: ArrayLike,
    /,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of ones of the shape of ``x``.

    ``dtype=None`` takes the dtype of ``x``.

    >>> pa.ones_like(pa.asarray([[True, False]]))
    Array([[ True,  True]], backend=numpy, dtype=bool)
    """

def tril(x: ArrayLike, /, *, k: int = 0, backend: str | Backend | None = None) -> Array:
    """The lower triangle of a matrix or of each matrix in a stack; the rest is zero.

    Keeps the elements on and below the ``k``-th diagonal (``k > 0`` above the
    main diagonal, ``k < 0`` below). ``x`` must have at least 2 dimensions; the
    result has its shape and dtype.

    >>> pa.tril(pa.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))
    Array([[1, 0, 0],
           [4, 5, 0],
           [7, 8, 9]], backend=numpy, dtype=int64)
    """

def triu(x: ArrayLike, /, *, k: int = 0, backend: str | Backend | None = None) -> Array:
    """The upper triangle of a matrix or of each matrix in a stack; the rest is zero.

    Keeps the elements on and above the ``k``-th diagonal (``k > 0`` above the
    main diagonal, ``k < 0`` below). ``x`` must have at least 2 dimensions; the
    result has its shape and dtype.

    >>> pa.triu(pa.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), k=1)
    Array([[0, 2, 3],
           [0, 0, 6],
           [0, 0, 0]], backend=numpy, dtype=int64)
    """

def zeros(
    shape: int | tuple[int, ...],
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of zeros.

    ``dtype=None`` gives the default real floating dtype.

    >>> pa.zeros((2, 2))
    Array([[0., 0.],
           [0., 0.]], backend=numpy, dtype=float64)
    """

def zeros_like(
    x: ArrayLike,
    /,
    *,
    dtype: DTypeLike | None = None,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """An array of zeros of the shape of ``x``.

    ``dtype=None`` takes the dtype of ``x``.

    >>> pa.zeros_like(pa.asarray([1.5, 2.5]), dtype=pa.int8)
    Array([0, 0], backend=numpy, dtype=int8)
    """

def astype(
    x: ArrayLike,
    dtype: DTypeLike,
    /,
    *,
    copy: builtins.bool = True,
    device: Device | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """A copy of ``x`` cast to ``dtype``, regardless of the promotion rules.

    ``copy=True`` always returns a new array; ``copy=False`` returns ``x``
    itself when it already has ``dtype``. Casting complex to a real dtype is an
    error (take ``real`` or ``imag`` first); complex or real to ``bool`` gives
    ``False`` for zero and ``True`` otherwise. Casting NaN or infinity to an
    integer dtype, or a value out of the target's range, gives values that
    depend on the backend.

    >>> pa.astype(pa.asarray([1.7, -2.0, 0.0]), pa.int32)
    Array([ 1, -2,  0], backend=numpy, dtype=int32)
    >>> pa.astype(pa.asarray([0.0, 2.5]), pa.bool)
    Array([False,  True], backend=numpy, dtype=bool)
    """

def can_cast(from_: ArrayLike | DTypeLike, to: DTypeLike, /) -> builtins.bool:
    """Whether ``from_`` (a dtype or an array) promotes to ``to`` under polyarray's promotion rules.

    True exactly when ``result_type(from_, to) == to``, so it follows the
    array API standard's table and polyarray's documented extensions (``bool``
    promotes to every dtype, integers to floating dtypes; ``uint64`` never to a
    signed integer).

    >>> pa.can_cast(pa.int8, pa.int32), pa.can_cast(pa.float64, pa.float32)
    (True, False)
    >>> pa.can_cast(pa.asarray([1, 2], dtype=pa.uint8), "int16")
    True
    """

def finfo(type: ArrayLike | DTypeLike, /) -> FInfo:
    """Machine limits of a floating-point dtype (or of an array's dtype), as an :class:`FInfo`.

    For a complex dtype the limits are those of its real components, and
    ``dtype`` is that real dtype. Every value is a Python ``float`` (``bits`` an
    ``int``) and is the same on every backend; ``bfloat16`` is covered too.
    A non-floating dtype is a ``PolyarrayTypeError``.

    >>> info = pa.finfo(pa.float32)
    >>> info.bits, info.eps, info.dtype
    (32, 1.1920928955078125e-07, pa.float32)
    >>> pa.finfo(pa.complex128).max
    1.7976931348623157e+308
    """

def iinfo(type: ArrayLike | DTypeLike, /) -> IInfo:
    """Machine limits of an integer dtype (or of an array's dtype), as an :class:`IInfo`.

    Every value is a Python ``int``. A non-integer dtype (``bool`` included) is
    a ``PolyarrayTypeError``.

    >>> info = pa.iinfo(pa.int8)
    >>> info.bits, info.min, info.max
    (8, -128, 127)
    >>> pa.iinfo("uint64").max
    18446744073709551615
    """

def isdtype(dtype: DTypeLike, kind: DTypeLike | str | tuple[DTypeLike | str, ...]) -> builtins.bool:
    """Whether ``dtype`` is of the given kind.

    ``kind`` is a dtype (equality), a kind name, or a tuple of them (any
    matches). Kind names: ``"bool"``, ``"signed integer"``,
    ``"unsigned integer"``, ``"integral"`` (both integer kinds),
    ``"real floating"`` (``float16``, ``bfloat16``, ``float32``, ``float64``),
    ``"complex floating"`` and ``"numeric"`` (integral, real and complex
    floating). An unknown kind name is a ``PolyarrayValueError``.

    >>> pa.isdtype(pa.float32, "real floating"), pa.isdtype(pa.int8, ("bool", "unsigned integer"))
    (True, False)
    >>> pa.isdtype(pa.bfloat16, "numeric"), pa.isdtype(pa.int64, pa.int64)
    (True, True)
    """

def result_type(*arrays_and_dtypes: ArrayLike | DTypeLike | builtins.bool | int | float | complex) -> DType:
    """The dtype that promoting the arguments (arrays, dtypes and Python scalars) gives.

    Arrays and dtypes are joined on polyarray's promotion lattice, which is
    the array API standard's table with documented extensions (see
    :mod:`polyarray._promotion`): ``bool`` with any dtype gives that dtype, an
    integer with a floating dtype gives the floating dtype, and ``uint64`` with
    a signed integer is a ``PolyarrayTypeError``. The result does not depend on
    the order of the arguments. Python scalars then take the array dtype when
    their kind allows (``int8`` with ``1`` is ``int8``, ``float32`` with ``1j``
    is ``complex64``), or polyarray's default dtype of their kind when it is
    higher (``int8`` with ``1.5`` is ``pa.default_float_dtype()``), as in
    ``pa.add`` and the other functions that promote. At least
    one argument must be an array or a dtype.

    >>> pa.result_type(pa.int8, pa.uint8), pa.result_type(pa.float32, pa.complex128)
    (pa.int16, pa.complex128)
    >>> pa.result_type(pa.asarray([1, 2], dtype=pa.int16), pa.float32)
    pa.float32
    >>> pa.result_type(pa.float32, 1.0), pa.result_type(pa.int32, 2.5)
    (pa.float32, pa.float64)
    """

def abs(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The absolute value of each element.

    Real input keeps its dtype (``abs(-0.0)`` is ``+0.0``, NaN stays NaN; the
    absolute value of the smallest signed integer is not specified). Complex
    input gives the modulus ``sqrt(a**2 + b**2)``, computed without undue
    overflow, as the real dtype of the same precision (complex64 -> float32).

    >>> pa.abs(pa.asarray([-1.5, 0.0, 2.0]))
    Array([1.5, 0. , 2. ], backend=numpy, dtype=float64)
    >>> pa.abs(pa.asarray([3 + 4j]))
    Array([5.], backend=numpy, dtype=float64)
    """

def acos(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The principal value of the inverse cosine of each element, in radians.

    Real results lie in ``[0, pi]``; input outside ``[-1, 1]`` and NaN give NaN.
    Complex input uses branch cuts on ``(-inf, -1)`` and ``(1, inf)`` of the
    real axis. Floating-point input keeps its dtype.

    >>> pa.acos(pa.asarray([1.0, 0.0, -1.0]))
    Array([0.        , 1.57079633, 3.14159265], backend=numpy, dtype=float64)
    """

def acosh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The inverse hyperbolic cosine of each element.

    Real input below 1 and NaN give NaN; ``acosh(1)`` is ``+0`` and
    ``acosh(+inf)`` is ``+inf``. Complex input uses the branch cut
    ``(-inf, 1)`` of the real axis. Floating-point input keeps its dtype.

    >>> pa.acosh(pa.asarray([1.0, 2.0]))
    Array([0.        , 1.3169579], backend=numpy, dtype=float64)
    """

def add(
    x1: ArrayLike | int | float | complex,
    x2: ArrayLike | int | float | complex,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Add ``x1`` and ``x2`` element-wise.

    Either operand may be a Python scalar. IEEE 754 rules apply: NaN
    propagates, ``inf + -inf`` is NaN, ``-0.0 + -0.0`` is ``-0.0``.

    >>> pa.add(pa.asarray([1, 2]), 3)
    Array([4, 5], backend=numpy, dtype=int64)
    """

def asin(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The principal value of the inverse sine of each element, in radians.

    Real results lie in ``[-pi/2, pi/2]``; input outside ``[-1, 1]`` and NaN
    give NaN; the sign of zero is kept. Floating-point input keeps its dtype.

    >>> pa.asin(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.57079633], backend=numpy, dtype=float64)
    """

def asinh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The inverse hyperbolic sine of each element.

    Odd and defined on the whole real line: ``asinh(-0.0)`` is ``-0.0`` and
    infinities map to infinities of the same sign; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.asinh(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.88137359], backend=numpy, dtype=float64)
    """

def atan(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The principal value of the inverse tangent of each element, in radians.

    Real results lie in ``[-pi/2, pi/2]`` (reached at the infinities); the sign
    of zero is kept; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.atan(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.78539816], backend=numpy, dtype=float64)
    """

def atan2(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The angle of the point ``(x2, x1)``: the inverse tangent of ``x1 / x2`` in the right quadrant.

    ``x1`` is the y-coordinate and ``x2`` the x-coordinate. Results lie in
    ``[-pi, pi]``; signed zeros and infinities pick the quadrant as in IEEE 754
    (``atan2(+0.0, -0.0)`` is ``+pi``); NaN in either operand gives NaN.

    >>> pa.atan2(pa.asarray([1.0, 1.0]), pa.asarray([1.0, -1.0]))
    Array([0.78539816, 2.35619449], backend=numpy, dtype=float64)
    """

def atanh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The inverse hyperbolic tangent of each element.

    Real input outside ``[-1, 1]`` and NaN give NaN; ``atanh(1)`` is ``+inf``
    and ``atanh(-1)`` is ``-inf``; the sign of zero is kept. Floating-point
    input keeps its dtype.

    >>> pa.atanh(pa.asarray([0.0, 0.5]))
    Array([0.        , 0.54930614], backend=numpy, dtype=float64)
    """

def bitwise_and(
    x1: ArrayLike | int | builtins.bool,
    x2: ArrayLike | int | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The bitwise AND of each pair of elements (integer or boolean input).

    Floating-point input raises ``pa.PolyarrayTypeError`` (a ``TypeError``).

    >>> pa.bitwise_and(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([8, 2], backend=numpy, dtype=int64)
    """

def bitwise_left_shift(
    x1: ArrayLike | int,
    x2: ArrayLike | int,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Shift the bits of each element of ``x1`` left by ``x2`` (integer input, ``x2 >= 0``).

    Bits shifted past the width of the dtype are lost.

    >>> pa.bitwise_left_shift(pa.asarray([1, 3]), pa.asarray([2, 1]))
    Array([4, 6], backend=numpy, dtype=int64)
    """

def bitwise_invert(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Flip every bit of each element (integer or boolean input; booleans are negated).

    The result has the dtype of ``x``.

    >>> pa.bitwise_invert(pa.asarray([0, 5]))
    Array([-1, -6], backend=numpy, dtype=int64)
    """

def bitwise_or(
    x1: ArrayLike | int | builtins.bool,
    x2: ArrayLike | int | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The bitwise OR of each pair of elements (integer or boolean input).

    >>> pa.bitwise_or(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([14, 14], backend=numpy, dtype=int64)
    """

def bitwise_right_shift(
    x1: ArrayLike | int,
    x2: ArrayLike | int,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Shift the bits of each element of ``x1`` right by ``x2`` (integer input, ``x2 >= 0``).

    The shift is arithmetic (the sign propagates), so it equals floor division
    by ``2**x2``.

    >>> pa.bitwise_right_shift(pa.asarray([8, -8]), pa.asarray([2, 2]))
    Array([ 2, -2], backend=numpy, dtype=int64)
    """

def bitwise_xor(
    x1: ArrayLike | int | builtins.bool,
    x2: ArrayLike | int | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The bitwise exclusive OR of each pair of elements (integer or boolean input).

    >>> pa.bitwise_xor(pa.asarray([12, 10]), pa.asarray([10, 6]))
    Array([ 6, 12], backend=numpy, dtype=int64)
    """

def ceil(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Round each element up, to the smallest integer-valued number not below it.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.ceil(pa.asarray([-1.5, 0.2, 2.0]))
    Array([-1.,  1.,  2.], backend=numpy, dtype=float64)
    >>> pa.ceil(pa.asarray([1, 2]))
    Array([1, 2], backend=numpy, dtype=int64)
    """

def clip(
    x: ArrayLike,
    /,
    min: ArrayLike | int | float | None = None,
    max: ArrayLike | int | float | None = None,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Clamp each element of ``x`` to the range ``[min, max]``.

    ``min`` and ``max`` may be scalars or arrays that broadcast with ``x``;
    ``None`` leaves that side open (both ``None`` gives a copy of ``x``). The
    result always has the dtype of ``x``. A NaN in ``x``, ``min`` or ``max``
    gives NaN. Bounds with ``min > max`` and bounds of another dtype kind than
    ``x`` are not specified by the standard. A Python int bound beyond the
    range of an integer ``x``'s dtype bounds nothing where it lies on the open
    side (``min=-1`` for ``uint8``) and is an error that is also an
    ``OverflowError`` where no value reaches it (``min=300``), as in NumPy.

    >>> pa.clip(pa.asarray([-2, 0, 5, 9]), 0, 6)
    Array([0, 0, 5, 6], backend=numpy, dtype=int64)
    >>> pa.clip(pa.asarray([1.0, 5.0]), max=pa.asarray([2.0, 3.0]))
    Array([1., 3.], backend=numpy, dtype=float64)
    """

def conj(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The complex conjugate of each element (the imaginary part negated).

    Real input is returned unchanged. The result has the dtype of ``x``.

    >>> pa.conj(pa.asarray([1 + 2j, 3 - 1j]))
    Array([1.-2.j, 3.+1.j], backend=numpy, dtype=complex128)
    """

def copysign(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The magnitude of ``x1`` with the sign bit of ``x2``, element-wise.

    The sign bit of ``-0.0`` and of a negative NaN counts as negative, so
    ``copysign(1.0, -0.0)`` is ``-1.0``. A NaN ``x1`` gives a NaN with the sign
    bit of ``x2``.

    >>> pa.copysign(pa.asarray([1.0, 2.0, 3.0]), pa.asarray([-0.0, 1.0, -5.0]))
    Array([-1.,  2., -3.], backend=numpy, dtype=float64)
    """

def cos(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The cosine of each element (in radians).

    Infinities and NaN give NaN; ``cos(±0)`` is ``1``. Complex input is
    handled as ``cosh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.cos(pa.asarray([0.0, 3.141592653589793]))
    Array([ 1., -1.], backend=numpy, dtype=float64)
    """

def cosh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The hyperbolic cosine of each element.

    Even: ``cosh(±0)`` is ``1``, ``cosh(±inf)`` is ``+inf``; large input
    overflows to ``+inf``; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.cosh(pa.asarray([0.0, 1.0]))
    Array([1.        , 1.54308063], backend=numpy, dtype=float64)
    """

def divide(
    x1: ArrayLike | int | float | complex,
    x2: ArrayLike | int | float | complex,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """True division of ``x1`` by ``x2``, element-wise.

    The result has a floating-point dtype (integer input gives the default
    float). Division by zero follows IEEE 754: ``1/+0`` is ``+inf``, ``1/-0``
    is ``-inf``, ``0/0`` is NaN.

    >>> pa.divide(pa.asarray([1.0, -1.0, 0.0]), pa.asarray([4.0, 0.0, 0.0]))
    Array([0.25, -inf,  nan], backend=numpy, dtype=float64)
    """

def equal(
    x1: ArrayLike | int | float | complex | builtins.bool,
    x2: ArrayLike | int | float | complex | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 == x2``, element-wise, as a boolean array.

    NaN equals nothing (not even NaN); ``+0.0`` equals ``-0.0``. Complex
    numbers are equal when both parts are.

    >>> pa.equal(pa.asarray([1.0, 2.0, float("nan")]), pa.asarray([1.0, 3.0, float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """

def exp(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The exponential of each element.

    ``exp(±0)`` is ``1``, ``exp(-inf)`` is ``+0``, ``exp(+inf)`` and large input
    give ``+inf``; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.exp(pa.asarray([0.0, 1.0]))
    Array([1.        , 2.71828183], backend=numpy, dtype=float64)
    """

def expm1(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """``exp(x) - 1`` for each element, accurate for ``x`` near zero.

    The sign of zero is kept; ``expm1(-inf)`` is ``-1``; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.expm1(pa.asarray([0.0, 1e-10]))
    Array([0.e+00, 1.e-10], backend=numpy, dtype=float64)
    """

def floor(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Round each element down, to the largest integer-valued number not above it.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.floor(pa.asarray([-1.5, 0.2, 2.0]))
    Array([-2.,  0.,  2.], backend=numpy, dtype=float64)
    """

def floor_divide(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Divide ``x1`` by ``x2`` and round down, element-wise (Python's ``//``).

    Integer division by zero gives an unspecified value; floating-point
    division by zero gives an infinity or NaN as in IEEE 754.

    >>> pa.floor_divide(pa.asarray([7, -7]), pa.asarray([2, 2]))
    Array([ 3, -4], backend=numpy, dtype=int64)
    """

def greater(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 > x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.greater(pa.asarray([1, 2, 3]), 2)
    Array([False, False,  True], backend=numpy, dtype=bool)
    """

def greater_equal(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 >= x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.greater_equal(pa.asarray([1, 2, 3]), 2)
    Array([False,  True,  True], backend=numpy, dtype=bool)
    """

def hypot(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """``sqrt(x1**2 + x2**2)`` for each pair of elements, without undue overflow or underflow.

    An infinite operand gives ``+inf`` even when the other is NaN; otherwise
    NaN propagates.

    >>> pa.hypot(pa.asarray([3.0, 1e200]), pa.asarray([4.0, 1e200]))
    Array([5.00000000e+000, 1.41421356e+200], backend=numpy, dtype=float64)
    """

def imag(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The imaginary part of each element.

    Complex input gives the real dtype of the same precision (complex64 ->
    float32). Real input gives zeros of its own dtype.

    >>> pa.imag(pa.asarray([1 + 2j, 3 - 4j]))
    Array([ 2., -4.], backend=numpy, dtype=float64)
    """

def isclose(
    x1: ArrayLike | int | float | complex | builtins.bool,
    x2: ArrayLike | int | float | complex | builtins.bool,
    /,
    *,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1`` and ``x2`` are equal within a tolerance, element-wise, as NumPy's ``isclose``.

    ``x1`` is close to ``x2`` where ``|x1 - x2| <= atol + rtol * |x2|`` with
    ``x2`` finite, or where ``x1 == x2`` (so equal infinities are close). The
    test is not symmetric: the relative tolerance scales with ``|x2|``. NaN is
    close to nothing, unless ``equal_nan`` makes two NaNs close. Complex
    numbers are compared by the modulus of their difference. The operands
    promote as in :func:`add`; integer and boolean operands are compared in
    the default floating dtype (so the difference cannot wrap around). The
    tolerances are real numbers, applied in the operands' precision. The
    result is a boolean array of the broadcast shape.

    >>> pa.isclose(pa.asarray([1.0, 1.0001, float("nan")]), pa.asarray([1.0000001, 1.0, float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    >>> pa.isclose(pa.asarray([float("nan"), float("inf")]), float("nan"), equal_nan=True)
    Array([ True, False], backend=numpy, dtype=bool)
    """

def isfinite(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Whether each element is finite (neither infinite nor NaN), as a boolean array.

    A complex number is finite when both parts are. Integers are always finite.

    >>> pa.isfinite(pa.asarray([1.0, float("inf"), float("nan")]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """

def isinf(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Whether each element is ``+inf`` or ``-inf``, as a boolean array.

    A complex number is infinite when either part is, even if the other is NaN.

    >>> pa.isinf(pa.asarray([1.0, -float("inf"), float("nan")]))
    Array([False,  True, False], backend=numpy, dtype=bool)
    """

def isnan(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Whether each element is NaN, as a boolean array.

    A complex number is NaN when either part is.

    >>> pa.isnan(pa.asarray([1.0, float("inf"), float("nan")]))
    Array([False, False,  True], backend=numpy, dtype=bool)
    """

def less(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 < x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.less(pa.asarray([1, 2, 3]), 2)
    Array([ True, False, False], backend=numpy, dtype=bool)
    """

def less_equal(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 <= x2``, element-wise, as a boolean array (False where either is NaN).

    >>> pa.less_equal(pa.asarray([1, 2, 3]), 2)
    Array([ True,  True, False], backend=numpy, dtype=bool)
    """

def log(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The natural logarithm of each element.

    ``log(±0)`` is ``-inf``, negative real input and NaN give NaN, ``log(1)``
    is ``+0``. Complex input uses the branch cut ``(-inf, 0)``.
    Floating-point input keeps its dtype.

    >>> pa.log(pa.asarray([1.0, 2.718281828459045]))
    Array([0., 1.], backend=numpy, dtype=float64)
    """

def log1p(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """``log(1 + x)`` for each element, accurate for ``x`` near zero.

    ``log1p(-1)`` is ``-inf``, input below ``-1`` and NaN give NaN; the sign of
    zero is kept. Floating-point input keeps its dtype.

    >>> pa.log1p(pa.asarray([0.0, 1e-10]))
    Array([0.e+00, 1.e-10], backend=numpy, dtype=float64)
    """

def log2(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The base-2 logarithm of each element.

    ``log2(±0)`` is ``-inf``, negative real input and NaN give NaN.
    Floating-point input keeps its dtype.

    >>> pa.log2(pa.asarray([1.0, 8.0]))
    Array([0., 3.], backend=numpy, dtype=float64)
    """

def log10(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The base-10 logarithm of each element.

    ``log10(±0)`` is ``-inf``, negative real input and NaN give NaN.
    Floating-point input keeps its dtype.

    >>> pa.log10(pa.asarray([1.0, 1000.0]))
    Array([0., 3.], backend=numpy, dtype=float64)
    """

def logaddexp(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """``log(exp(x1) + exp(x2))`` for each pair of elements, without overflow.

    NaN in either operand gives NaN; otherwise a ``+inf`` operand gives ``+inf``.

    >>> pa.logaddexp(pa.asarray([0.0, 1.0]), pa.asarray([0.0, -1.0]))
    Array([0.69314718, 1.12692801], backend=numpy, dtype=float64)
    >>> float(pa.logaddexp(pa.asarray(1000.0), pa.asarray(1000.0)))
    1000.6931471805599
    """

def logical_and(
    x1: ArrayLike | builtins.bool,
    x2: ArrayLike | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The logical AND of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_and(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([ True, False, False], backend=numpy, dtype=bool)
    """

def logical_not(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The logical NOT of each element, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_not(pa.asarray([True, False]))
    Array([False,  True], backend=numpy, dtype=bool)
    """

def logical_or(
    x1: ArrayLike | builtins.bool,
    x2: ArrayLike | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The logical OR of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_or(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([ True,  True, False], backend=numpy, dtype=bool)
    """

def logical_xor(
    x1: ArrayLike | builtins.bool,
    x2: ArrayLike | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The logical exclusive OR of each pair of elements, as a boolean array.

    Non-boolean input counts zero as False and anything else (NaN included)
    as True.

    >>> pa.logical_xor(pa.asarray([True, True, False]), pa.asarray([True, False, False]))
    Array([False,  True, False], backend=numpy, dtype=bool)
    """

def maximum(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The larger of each pair of elements.

    NaN in either operand gives NaN. Which of ``-0.0`` and ``+0.0`` is returned
    when they meet is not specified.

    >>> pa.maximum(pa.asarray([1.0, 5.0, float("nan")]), pa.asarray([3.0, 2.0, 0.0]))
    Array([ 3.,  5., nan], backend=numpy, dtype=float64)
    """

def minimum(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The smaller of each pair of elements.

    NaN in either operand gives NaN. Which of ``-0.0`` and ``+0.0`` is returned
    when they meet is not specified.

    >>> pa.minimum(pa.asarray([1.0, 5.0, float("nan")]), pa.asarray([3.0, 2.0, 0.0]))
    Array([ 1.,  2., nan], backend=numpy, dtype=float64)
    """

def multiply(
    x1: ArrayLike | int | float | complex,
    x2: ArrayLike | int | float | complex,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Multiply ``x1`` and ``x2`` element-wise.

    IEEE 754 rules apply: ``inf * 0`` is NaN, NaN propagates, the sign of the
    result is the product of the signs.

    >>> pa.multiply(pa.asarray([1.5, -2.0]), pa.asarray([2.0, 0.0]))
    Array([ 3., -0.], backend=numpy, dtype=float64)
    """

def negative(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The numerical negative of each element (both parts of complex numbers).

    The negative of the smallest signed integer is not specified. The result
    has the dtype of ``x``.

    >>> pa.negative(pa.asarray([1, -2]))
    Array([-1,  2], backend=numpy, dtype=int64)
    """

def nextafter(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The next representable floating-point value after ``x1`` in the direction of ``x2``.

    The result has the dtype of ``x1``. NaN in either operand gives NaN;
    ``nextafter(-0.0, +0.0)`` is ``+0.0`` and ``nextafter(+0.0, -0.0)`` is
    ``-0.0``.

    >>> x = pa.nextafter(pa.asarray([1.0]), pa.asarray([2.0]))
    >>> float(x[0]) - 1.0 == 2.0**-52
    True
    """

def not_equal(
    x1: ArrayLike | int | float | complex | builtins.bool,
    x2: ArrayLike | int | float | complex | builtins.bool,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether ``x1 != x2``, element-wise, as a boolean array.

    NaN differs from everything (even NaN); ``+0.0`` and ``-0.0`` are equal.

    >>> pa.not_equal(pa.asarray([1.0, 2.0, float("nan")]), pa.asarray([1.0, 3.0, float("nan")]))
    Array([False,  True,  True], backend=numpy, dtype=bool)
    """

def positive(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The numerical positive of each element (``+x``), a new array of the same dtype.

    >>> pa.positive(pa.asarray([1, -2]))
    Array([ 1, -2], backend=numpy, dtype=int64)
    """

def pow(
    x1: ArrayLike | int | float | complex,
    x2: ArrayLike | int | float | complex,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Raise each element of ``x1`` to the power of the matching element of ``x2``.

    Floating-point special cases follow IEEE 754 (``x**0`` is ``1`` even for
    NaN, ``1**y`` is ``1``, a negative base with a non-integer exponent gives
    NaN). For integer operands a negative exponent is not specified by the
    standard (NumPy raises ``pa.PolyarrayValueError``). Complex input is
    handled as ``exp(x2 * log(x1))``.

    >>> pa.pow(pa.asarray([2, 3]), pa.asarray([3, 2]))
    Array([8, 9], backend=numpy, dtype=int64)
    >>> pa.pow(pa.asarray([4.0, -1.0]), 0.5)
    Array([ 2., nan], backend=numpy, dtype=float64)
    """

def real(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The real part of each element.

    Complex input gives the real dtype of the same precision (complex64 ->
    float32). Real input is returned as is, with its dtype; whether the result
    shares memory with ``x`` is not specified.

    >>> pa.real(pa.asarray([1 + 2j, 3 - 4j]))
    Array([1., 3.], backend=numpy, dtype=float64)
    """

def reciprocal(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """``1 / x`` for each element.

    Floating-point input keeps its dtype and follows the special cases of
    ``divide`` (``1/+0`` is ``+inf``, ``1/-0`` is ``-inf``). Integer and
    boolean input give the default float (float64), as ``divide`` does.

    >>> pa.reciprocal(pa.asarray([2.0, -0.0, 4.0]))
    Array([0.5 , -inf, 0.25], backend=numpy, dtype=float64)
    """

def remainder(
    x1: ArrayLike | int | float,
    x2: ArrayLike | int | float,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The remainder of dividing ``x1`` by ``x2``, with the sign of ``x2`` (Python's ``%``).

    Integer division by zero gives an unspecified value; for floating-point
    operands a zero divisor, an infinite dividend or NaN gives NaN.

    >>> pa.remainder(pa.asarray([7, -7]), pa.asarray([3, 3]))
    Array([1, 2], backend=numpy, dtype=int64)
    """

def round(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Round each element to the nearest integer-valued number, halves to even.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged. Complex input rounds both parts independently. Infinities,
    signed zeros and NaN are kept.

    >>> pa.round(pa.asarray([0.5, 1.5, 2.5, -1.7]))
    Array([ 0.,  2.,  2., -2.], backend=numpy, dtype=float64)
    """

def sign(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The sign of each element: ``-1``, ``0`` or ``1`` for real input, ``x / |x|`` for complex.

    The result has the dtype of ``x``. Real NaN gives NaN. A complex zero gives
    ``0 + 0j``, and a complex number with a NaN part gives ``NaN + NaN j``; a
    complex number with one infinite part gives the unit number along that
    axis (``sign(inf + 1j)`` is ``1 + 0j``), and one with two infinite parts
    gives ``NaN + NaN j``.

    >>> pa.sign(pa.asarray([-3.0, 0.0, 2.0]))
    Array([-1.,  0.,  1.], backend=numpy, dtype=float64)
    >>> pa.sign(pa.asarray([3 + 4j, 0j]))
    Array([0.6+0.8j, 0. +0.j ], backend=numpy, dtype=complex128)
    """

def signbit(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Whether the sign bit of each element is set, as a boolean array.

    True for negative numbers, ``-0.0``, ``-inf`` and NaNs with the sign bit
    set; False for ``+0.0`` and positive numbers.

    >>> pa.signbit(pa.asarray([-1.0, -0.0, 0.0, 2.0]))
    Array([ True,  True, False, False], backend=numpy, dtype=bool)
    """

def sin(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The sine of each element (in radians).

    The sign of zero is kept; infinities and NaN give NaN. Complex input is
    handled as ``-1j * sinh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.sin(pa.asarray([0.0, 1.5707963267948966]))
    Array([0., 1.], backend=numpy, dtype=float64)
    """

def sinh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The hyperbolic sine of each element.

    Odd: the sign of zero is kept and infinities map to infinities of the same
    sign; NaN gives NaN. Floating-point input keeps its dtype.

    >>> pa.sinh(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.17520119], backend=numpy, dtype=float64)
    """

def square(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """``x * x`` for each element, with the dtype of ``x``.

    >>> pa.square(pa.asarray([-3, 4]))
    Array([ 9, 16], backend=numpy, dtype=int64)
    """

def sqrt(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The principal square root of each element, correctly rounded.

    ``sqrt(-0.0)`` is ``-0.0``; negative real input and NaN give NaN. Complex
    input gives results in the right half-plane (branch cut ``(-inf, 0)``).
    Floating-point input keeps its dtype.

    >>> pa.sqrt(pa.asarray([4.0, 2.0, -1.0]))
    Array([2.        , 1.41421356,        nan], backend=numpy, dtype=float64)
    """

def subtract(
    x1: ArrayLike | int | float | complex,
    x2: ArrayLike | int | float | complex,
    /,
    *,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Subtract ``x2`` from ``x1`` element-wise (the same as ``x1 + (-x2)``).

    >>> pa.subtract(pa.asarray([5, 3]), pa.asarray([1, 4]))
    Array([ 4, -1], backend=numpy, dtype=int64)
    """

def tan(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The tangent of each element (in radians).

    The sign of zero is kept; infinities and NaN give NaN. Complex input is
    handled as ``-1j * tanh(x * 1j)``. Floating-point input keeps its dtype.

    >>> pa.tan(pa.asarray([0.0, 1.0]))
    Array([0.        , 1.55740772], backend=numpy, dtype=float64)
    """

def tanh(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """The hyperbolic tangent of each element.

    Odd: the sign of zero is kept; ``tanh(±inf)`` is ``±1``; NaN gives NaN.
    Floating-point input keeps its dtype.

    >>> pa.tanh(pa.asarray([0.0, 1.0]))
    Array([0.        , 0.76159416], backend=numpy, dtype=float64)
    """

def trunc(x: ArrayLike, /, *, out: ArrayLike | None = None, backend: str | Backend | None = None) -> Array:
    """Round each element toward zero, to the nearest integer-valued number.

    The result has the dtype of ``x``: integer (and boolean) input is returned
    unchanged, as integers. Infinities, signed zeros and NaN are kept.
    Complex input raises ``pa.PolyarrayTypeError``.

    >>> pa.trunc(pa.asarray([-1.5, 0.7, 2.0]))
    Array([-1.,  0.,  2.], backend=numpy, dtype=float64)
    """

def take(
    x: ArrayLike,
    indices: ArrayLike,
    /,
    *,
    axis: int | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The elements of ``x`` at the 1-d integer ``indices`` along ``axis``.

    Negative indices count from the end of the axis. ``axis`` may be left out
    only when ``x`` is 1-d (or 0-d); for more dimensions it is required (an
    error that is also a ``ValueError`` otherwise). The result has the dtype of
    ``x`` and its shape, except that ``axis`` has ``len(indices)`` elements.
    Out-of-bounds indices raise an error that is also an ``IndexError``.

    >>> pa.take(pa.asarray([[1, 2], [3, 4]]), pa.asarray([1, -2]), axis=1)
    Array([[2, 1],
           [4, 3]], backend=numpy, dtype=int64)
    """

def take_along_axis(
    x: ArrayLike,
    indices: ArrayLike,
    /,
    *,
    axis: int = -1,
    backend: str | Backend | None = None,
) -> Array:
    """Pick elements of ``x`` along ``axis`` at ``indices``, an integer array of the same rank.

    The other axes broadcast between ``x`` and ``indices``; along ``axis`` the
    result has the size of ``indices``. Negative indices count from the end.
    The result has the dtype of ``x``.

    >>> x = pa.asarray([[10, 30, 20], [60, 40, 50]])
    >>> pa.take_along_axis(x, pa.asarray([[0], [2]]), axis=1)
    Array([[10],
           [50]], backend=numpy, dtype=int64)
    """

def einsum(subscripts: str, /, *operands: ArrayLike, backend: str | Backend | None = None) -> Array:
    """Einstein summation: the sum of products of ``operands`` over the labels ``subscripts`` name, as NumPy's.

    ``subscripts`` has one term of letters (``a``-``z``, ``A``-``Z``) per operand,
    separated by commas, each letter labelling one dimension; an output term
    may follow ``->``. Dimensions with the same label are multiplied along
    one another; labels missing from the output are summed over:

    - ``"ij,jk->ik"`` is ``matmul``, ``"i,i->"`` a dot product, ``"ij->ji"`` a
      transpose, ``"i,j->ij"`` an outer product;
    - a label repeated in one term takes a diagonal: ``"ii->i"`` is the
      diagonal, ``"ii"`` the trace;
    - without ``->`` (implicit mode) the output has the labels that occur
      once, in alphabetical order (upper-case letters first);
    - ``...`` stands for the dimensions a term does not name; they broadcast
      (aligned from the right) and lead the output in implicit mode; in
      explicit mode an output without ``...`` may drop them only when there
      are none.

    Sizes of one label must agree (or be 1, which broadcasts). The operands
    promote to one dtype as in :func:`add`, which the result has (integers
    wrap around on overflow; booleans give whether any product is true). A
    malformed subscript string, or one that does not fit the operands, raises
    an error that is also a ``ValueError``, naming the problem.

    >>> a = pa.asarray([[1, 2], [3, 4]])
    >>> pa.einsum("ij,jk->ik", a, pa.asarray([[1, 0], [0, 1]]))
    Array([[1, 2],
           [3, 4]], backend=numpy, dtype=int64)
    >>> pa.einsum("ii", a)
    Array(5, backend=numpy, dtype=int64)
    >>> pa.einsum("...i,i", pa.ones((2, 3)), pa.asarray([1.0, 2.0, 3.0], dtype=pa.float32))
    Array([6., 6.], backend=numpy, dtype=float64)
    """

def matmul(x1: ArrayLike, x2: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The matrix product of ``x1`` and ``x2``, as the ``@`` operator computes it.

    Both operands need at least one dimension. A 1-d ``x1`` acts as a row
    vector and a 1-d ``x2`` as a column vector (the added axis is removed
    from the result); the stack dimensions ``shape[:-2]`` broadcast. Neither
    operand is conjugated. The result dtype follows type promotion; a
    mismatch of the contracted sizes raises ``pa.PolyarrayValueError``.

    >>> pa.matmul(pa.asarray([[1, 2], [3, 4]]), pa.asarray([1, 1]))
    Array([3, 7], backend=numpy, dtype=int64)
    """

def matrix_transpose(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """Swap the last two axes of ``x`` (a matrix or a stack of matrices).

    ``x`` needs at least two dimensions; the result has shape ``(..., N, M)``
    and the dtype of ``x``. No complex conjugation takes place.

    >>> pa.matrix_transpose(pa.asarray([[1, 2, 3]]))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """

def tensordot(
    x1: ArrayLike,
    x2: ArrayLike,
    /,
    *,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
    backend: str | Backend | None = None,
) -> Array:
    """Contract ``x1`` and ``x2`` over ``axes``: the generalized matrix product.

    An integer ``axes=N`` (non-negative) contracts the last ``N`` axes of
    ``x1`` with the first ``N`` axes of ``x2`` (``0`` is the outer product);
    a pair of sequences names the axes of each operand (negative indices
    count from the end). Contracted sizes must match: they are not
    broadcast. The result has the remaining axes of ``x1`` followed by those
    of ``x2`` and the promoted dtype; nothing is conjugated.

    >>> pa.tensordot(pa.asarray([[1, 2], [3, 4]]), pa.asarray([[1, 0], [0, 1]]), axes=2)
    Array(5, backend=numpy, dtype=int64)
    >>> pa.tensordot(pa.asarray([1, 2]), pa.asarray([3, 4]), axes=([0], [-1]))
    Array(11, backend=numpy, dtype=int64)
    """

def vecdot(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1, backend: str | Backend | None = None) -> Array:
    """The dot product of vectors along ``axis``, the first vector conjugated when complex.

    ``axis`` (a negative integer by the standard) names the vector axis of
    both operands; its sizes must be equal (it is not broadcast), while the
    other axes broadcast. The result drops that axis and has the promoted
    dtype.

    >>> pa.vecdot(pa.asarray([1, 2, 3]), pa.asarray([4, 5, 6]))
    Array(32, backend=numpy, dtype=int64)
    >>> pa.vecdot(pa.asarray([1j, 2]), pa.asarray([1j, 1]))
    Array(3.+0.j, backend=numpy, dtype=complex128)
    """

def broadcast_arrays(*arrays: ArrayLike, backend: str | Backend | None = None) -> list[Array]:
    """Broadcast any number of arrays against one another.

    Returns a list of arrays that all have the broadcast shape; each keeps the
    dtype of its input. Shapes that do not broadcast raise an error.

    >>> pa.broadcast_arrays(pa.asarray([1, 2]), pa.asarray([[3], [4]]))
    [Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64), Array([[3, 3],
           [4, 4]], backend=numpy, dtype=int64)]
    """

def broadcast_to(x: ArrayLike, /, shape: tuple[int, ...], *, backend: str | Backend | None = None) -> Array:
    """Broadcast ``x`` to ``shape`` (same dtype; an error if ``x`` cannot broadcast to it).

    The result may share memory with ``x``: treat it as read-only.

    >>> pa.broadcast_to(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2],
           [1, 2]], backend=numpy, dtype=int64)
    """

def concat(
    arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...],
    /,
    *,
    axis: int | None = 0,
    backend: str | Backend | None = None,
) -> Array:
    """Join arrays along an existing axis (``axis=None`` flattens them first).

    The arrays must have the same shape except along ``axis``; their dtypes are
    promoted with the standard's type promotion rules (no value-based casting).

    >>> pa.concat([pa.asarray([1, 2]), pa.asarray([3])])
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """

def expand_dims(x: ArrayLike, /, axis: int = 0, *, backend: str | Backend | None = None) -> Array:
    """Insert an axis of size one at position ``axis`` (on ``[-N-1, N]`` for an ``N``-d ``x``).

    A negative ``axis`` counts from the end of the result, so ``-1`` appends a
    dimension. An invalid ``axis`` raises an error that is also an ``IndexError``.

    >>> pa.expand_dims(pa.asarray([1, 2]), axis=-1)
    Array([[1],
           [2]], backend=numpy, dtype=int64)
    """

def flip(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = None, backend: str | Backend | None = None) -> Array:
    """Reverse the order of the elements along ``axis`` (every axis when ``None``); the shape is kept.

    >>> pa.flip(pa.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[2, 1],
           [4, 3]], backend=numpy, dtype=int64)
    """

def moveaxis(
    x: ArrayLike,
    source: int | tuple[int, ...],
    destination: int | tuple[int, ...],
    /,
    *,
    backend: str | Backend | None = None,
) -> Array:
    """Move the axes ``source`` to the positions ``destination``; the other axes keep their order.

    >>> pa.moveaxis(pa.ones((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """

def pad(
    x: ArrayLike,
    pad_width: int | Sequence[int] | Sequence[Sequence[int]],
    /,
    mode: str = "constant",
    *,
    constant_values: builtins.bool | int | float | complex | Sequence[Any] = 0,
    backend: str | Backend | None = None,
) -> Array:
    """Pad ``x`` with ``pad_width`` new elements before and after each axis, as NumPy's ``pad``.

    ``pad_width`` is an int (the same on both sides of every axis), a
    ``(before, after)`` pair (for every axis) or one pair per axis, of
    non-negative ints. ``mode`` says what the new elements are:

    - ``"constant"``: ``constant_values``, a number or (like ``pad_width``) a
      pair or one pair per axis of numbers, converted to the dtype of ``x``
      (floats are truncated for integer arrays; a value out of the dtype's
      range, NaN or an infinity for an integer array, or a complex number for
      a real one raises an error, where NumPy would wrap or drop it);
    - ``"edge"``: the end elements of the axis, repeated;
    - ``"reflect"``: the axis mirrored about its end elements (``[1, 2, 3]``
      continues ``2, 1, 2, 3 …``);
    - ``"symmetric"``: the axis mirrored with its end elements repeated
      (``3, 3, 2, 1 …``);
    - ``"wrap"``: the axis repeated periodically.

    Widths larger than the axis are padded as NumPy pads them (the mirror or
    period continues). Axes are padded in order, so a corner takes the value
    of the last axis. The other modes mirror, wrap or repeat nothing on an empty
    axis: padding one is an error. NumPy's statistics modes (``"mean"``,
    ``"maximum"`` …) and ``"linear_ramp"`` are not provided. The result is a new
    array of the dtype of ``x``.

    >>> pa.pad(pa.asarray([1, 2, 3]), (2, 1))
    Array([0, 0, 1, 2, 3, 0], backend=numpy, dtype=int64)
    >>> pa.pad(pa.asarray([[1.0, 2.0]]), 1, "edge")
    Array([[1., 1., 2., 2.],
           [1., 1., 2., 2.],
           [1., 1., 2., 2.]], backend=numpy, dtype=float64)
    >>> pa.pad(pa.asarray([1, 2, 3]), 2, mode="reflect")
    Array([3, 2, 1, 2, 3, 2, 1], backend=numpy, dtype=int64)
    """

def permute_dims(x: ArrayLike, /, axes: tuple[int, ...], *, backend: str | Backend | None = None) -> Array:
    """Permute the axes of ``x``: ``axes`` is a permutation of ``(0, 1, ..., N-1)``.

    >>> pa.permute_dims(pa.asarray([[1, 2, 3]]), (1, 0))
    Array([[1],
           [2],
           [3]], backend=numpy, dtype=int64)
    """

def repeat(
    x: ArrayLike,
    repeats: int | ArrayLike,
    /,
    *,
    axis: int | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Repeat each element of ``x`` ``repeats`` times (an int, or an integer array of one count per element).

    With ``axis=None`` the result is the repeated, flattened (row-major) ``x``;
    otherwise elements are repeated along ``axis``. The dtype of ``x`` is kept.

    >>> pa.repeat(pa.asarray([1, 2]), pa.asarray([2, 3]))
    Array([1, 1, 2, 2, 2], backend=numpy, dtype=int64)
    """

def reshape(
    x: ArrayLike,
    /,
    shape: tuple[int, ...],
    *,
    copy: builtins.bool | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Give ``x`` a new shape with the same elements (one dimension may be ``-1``, inferred).

    ``copy=True`` always copies, ``copy=False`` never does (an error that is
    also a ``ValueError`` when a copy would be needed), ``None`` copies only
    when needed.

    >>> pa.reshape(pa.asarray([1, 2, 3, 4]), (2, -1))
    Array([[1, 2],
           [3, 4]], backend=numpy, dtype=int64)
    """

def roll(
    x: ArrayLike,
    /,
    shift: int | tuple[int, ...],
    *,
    axis: int | tuple[int, ...] | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Shift elements along ``axis``; those that roll off one end come back at the other.

    With ``axis=None`` the array is flattened, shifted and given its shape
    back. A tuple ``shift`` needs a tuple ``axis`` of the same length.

    >>> pa.roll(pa.asarray([1, 2, 3, 4]), 1)
    Array([4, 1, 2, 3], backend=numpy, dtype=int64)
    """

def split(
    x: ArrayLike,
    indices_or_sections: int | Sequence[int],
    /,
    *,
    axis: int = 0,
    backend: str | Backend | None = None,
) -> list[Array]:
    """Split ``x`` along ``axis`` into a list of arrays, as NumPy's ``split``.

    An int ``N`` gives ``N`` equal pieces; an axis whose length ``N`` does not
    divide raises an error that is also a ``ValueError`` (as in NumPy). A
    sequence of ints gives the pieces between those split points: ``[2, 5]``
    gives ``x[:2]``, ``x[2:5]`` and ``x[5:]`` along ``axis``, the points read as
    Python slice bounds (negative ones count from the end; points past the end,
    or before the previous one, give empty pieces). Each piece keeps the dtype
    of ``x`` and may share memory with it. A 0-d ``x`` has no axis to split.

    >>> [pa.to_numpy(piece).tolist() for piece in pa.split(pa.arange(6), 3)]
    [[0, 1], [2, 3], [4, 5]]
    >>> [piece.shape for piece in pa.split(pa.ones((2, 7)), [2, 5], axis=1)]
    [(2, 2), (2, 3), (2, 2)]
    """

def squeeze(x: ArrayLike, /, axis: int | tuple[int, ...], *, backend: str | Backend | None = None) -> Array:
    """Remove the singleton axes ``axis``; an axis of size other than one raises a ``ValueError``.

    >>> pa.squeeze(pa.asarray([[1, 2]]), 0)
    Array([1, 2], backend=numpy, dtype=int64)
    """

def stack(
    arrays: Sequence[ArrayLike] | tuple[ArrayLike, ...],
    /,
    *,
    axis: int = 0,
    backend: str | Backend | None = None,
) -> Array:
    """Join arrays of the same shape along a new axis, at position ``axis`` of the result.

    Dtypes are promoted with the standard's type promotion rules.

    >>> pa.stack([pa.asarray([1, 2]), pa.asarray([3, 4])], axis=1)
    Array([[1, 3],
           [2, 4]], backend=numpy, dtype=int64)
    """

def tile(x: ArrayLike, repetitions: tuple[int, ...], /, *, backend: str | Backend | None = None) -> Array:
    """Build an array by repeating ``x`` ``repetitions[i]`` times along each axis ``i``.

    When ``x`` has fewer axes than ``repetitions`` has entries, singleton axes
    are prepended to ``x``; when it has more, ones are prepended to
    ``repetitions``. The result has ``max(x.ndim, len(repetitions))`` axes.

    >>> pa.tile(pa.asarray([1, 2]), (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]], backend=numpy, dtype=int64)
    """

def unstack(x: ArrayLike, /, *, axis: int = 0, backend: str | Backend | None = None) -> tuple[Array, ...]:
    """Split ``x`` along ``axis`` into a tuple of arrays of one dimension fewer.

    A 0-d ``x`` has no axis to split and raises an error.

    >>> pa.unstack(pa.asarray([[1, 2], [3, 4]]), axis=1)
    (Array([1, 3], backend=numpy, dtype=int64), Array([2, 4], backend=numpy, dtype=int64))
    """

def argmax(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The index of the largest value along ``axis`` (of the flattened array when ``None``).

    When the largest value occurs several times, the first index is returned;
    the first NaN counts as the largest value. The result has the default index
    dtype (``int64``). An empty reduction raises an error that is also a
    ``ValueError``.

    >>> pa.argmax(pa.asarray([[1, 5, 5], [7, 0, 2]]), axis=1)
    Array([1, 0], backend=numpy, dtype=int64)
    """

def argmin(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The index of the smallest value along ``axis`` (of the flattened array when ``None``).

    When the smallest value occurs several times, the first index is returned;
    the first NaN counts as the smallest value. The result has the default index
    dtype (``int64``). An empty reduction raises an error that is also a
    ``ValueError``.

    >>> int(pa.argmin(pa.asarray([3.0, 1.0, 1.0])))
    1
    """

def count_nonzero(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The number of non-zero elements along ``axis`` (of the whole array when ``None``).

    ``True`` and complex numbers with a non-zero component count as non-zero,
    and so does NaN. The result is an array (0-d for a full reduction) of the
    default index dtype (``int64``).

    >>> pa.count_nonzero(pa.asarray([[0, 1, 2], [0, 0, 3]]), axis=1)
    Array([2, 1], backend=numpy, dtype=int64)
    """

def nonzero(x: ArrayLike, /, *, backend: str | Backend | None = None) -> tuple[Array, ...]:
    """The indices of the non-zero elements of ``x``: a tuple of one index array per axis.

    The indices are in row-major (C) order and have the default index dtype
    (``int64``). A 0-d ``x`` raises an error that is also a ``ValueError``.

    >>> pa.nonzero(pa.asarray([[0, 1], [2, 0]]))
    (Array([0, 1], backend=numpy, dtype=int64), Array([1, 0], backend=numpy, dtype=int64))
    """

def searchsorted(
    x1: ArrayLike,
    x2: ArrayLike,
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Where to insert the values ``x2`` into the sorted 1-d ``x1`` to keep it sorted.

    With ``side="left"`` each index ``i`` satisfies ``x1[i-1] < v <= x1[i]``,
    with ``"right"`` ``x1[i-1] <= v < x1[i]``. ``sorter`` is an optional array
    of indices that sorts ``x1``. NaNs sort last, as in :func:`sort`. The
    result has the shape of ``x2`` and the default index dtype (``int64``).

    >>> pa.searchsorted(pa.asarray([1, 2, 2, 3]), pa.asarray([2, 4]), side="right")
    Array([3, 4], backend=numpy, dtype=int64)
    """

def where(
    condition: ArrayLike,
    x1: ArrayLike | int | float | complex | builtins.bool,
    x2: ArrayLike | int | float | complex | builtins.bool,
    /,
    *,
    backend: str | Backend | None = None,
) -> Array:
    """Elements of ``x1`` where ``condition`` is true and of ``x2`` elsewhere (all three broadcast).

    The dtype follows the standard's type promotion of ``x1`` and ``x2``; a
    Python scalar takes the dtype of the other (array) argument, as in the
    standard's rules for mixing scalars and arrays.

    >>> pa.where(pa.asarray([True, False, True]), pa.asarray([1, 2, 3], dtype=pa.int8), 0)
    Array([1, 0, 3], backend=numpy, dtype=int8)
    """

def unique_all(x: ArrayLike, /, *, backend: str | Backend | None = None) -> UniqueAllResult:
    """The unique values of ``x`` with their first indices, the inverse indices and the counts.

    Returns ``UniqueAllResult(values, indices, inverse_indices, counts)``:
    ``values`` is 1-d with the dtype of ``x``; ``indices`` (first occurrences
    in the flattened ``x``) and ``counts`` match ``values``; ``inverse_indices``
    has the shape of ``x``, so ``take(values, reshape(inverse_indices, (-1,)))``
    rebuilds it. Index arrays have the default index dtype (``int64``). Each NaN
    is its own value.

    >>> r = pa.unique_all(pa.asarray([[3, 1], [3, 2]]))
    >>> r.values, r.counts
    (Array([1, 2, 3], backend=numpy, dtype=int64), Array([1, 1, 2], backend=numpy, dtype=int64))
    >>> r.inverse_indices
    Array([[2, 0],
           [2, 1]], backend=numpy, dtype=int64)
    """

def unique_counts(x: ArrayLike, /, *, backend: str | Backend | None = None) -> UniqueCountsResult:
    """The unique values of ``x`` and how often each occurs: ``UniqueCountsResult(values, counts)``.

    ``counts`` matches ``values`` and has the default index dtype (``int64``);
    each NaN is its own value with a count of one.

    >>> values, counts = pa.unique_counts(pa.asarray([1.0, float("nan"), 1.0, float("nan")]))
    >>> values
    Array([ 1., nan, nan], backend=numpy, dtype=float64)
    >>> counts
    Array([2, 1, 1], backend=numpy, dtype=int64)
    """

def unique_inverse(x: ArrayLike, /, *, backend: str | Backend | None = None) -> UniqueInverseResult:
    """The unique values of ``x`` and the indices that rebuild ``x`` from them.

    Returns ``UniqueInverseResult(values, inverse_indices)``;
    ``inverse_indices`` has the shape of ``x`` and the default index dtype
    (``int64``).

    >>> r = pa.unique_inverse(pa.asarray([5, 3, 5]))
    >>> r.values, r.inverse_indices
    (Array([3, 5], backend=numpy, dtype=int64), Array([1, 0, 1], backend=numpy, dtype=int64))
    """

def unique_values(x: ArrayLike, /, *, backend: str | Backend | None = None) -> Array:
    """The unique values of ``x``, as a 1-d array of the dtype of ``x`` (each NaN is its own value).

    The order of the values is unspecified (it may differ between backends and
    framework versions); sort them when the order matters.

    >>> pa.sort(pa.unique_values(pa.asarray([[2, 1], [2, 3]])))
    Array([1, 2, 3], backend=numpy, dtype=int64)
    """

def argsort(
    x: ArrayLike,
    /,
    *,
    axis: int = -1,
    descending: builtins.bool = False,
    stable: builtins.bool = True,
    backend: str | Backend | None = None,
) -> Array:
    """The indices that sort ``x`` along ``axis`` (ascending unless ``descending``).

    With ``stable=True`` equal elements keep their relative order, in
    descending order too. NaNs sort after every other value in ascending order
    and before them in descending order. The result has the shape of ``x`` and
    the default index dtype (``int64``); a 0-d ``x`` has no axis to sort along
    and raises an error.

    >>> pa.argsort(pa.asarray([3, 1, 2, 1]), descending=True)
    Array([0, 2, 1, 3], backend=numpy, dtype=int64)
    """

def sort(
    x: ArrayLike,
    /,
    *,
    axis: int = -1,
    descending: builtins.bool = False,
    stable: builtins.bool = True,
    backend: str | Backend | None = None,
) -> Array:
    """A sorted copy of ``x`` along ``axis`` (ascending unless ``descending``), of the same dtype and shape.

    NaNs sort after every other value in ascending order and before them in
    descending order. A 0-d ``x`` raises an error.

    >>> pa.sort(pa.asarray([3.0, float("nan"), 1.0]), descending=True)
    Array([nan,  3.,  1.], backend=numpy, dtype=float64)
    """

def top_k(
    x: ArrayLike,
    k: int,
    /,
    *,
    axis: int = -1,
    largest: builtins.bool = True,
    backend: str | Backend | None = None,
) -> TopKResult:
    """The ``k`` largest (``largest=False``: smallest) elements of ``x`` along ``axis``, sorted, and their indices.

    Returns ``(values, indices)``, a NamedTuple, each with the shape of ``x``
    except ``k`` along ``axis``. The order is that of a stable
    :func:`argsort` (``descending=largest``), the same on every backend:

    - equal values come in the order of their indices (lower index first),
      ``-0.0`` and ``0.0`` being equal;
    - NaN counts as larger than every number, as in :func:`sort`: the largest
      ``k`` start with the NaNs, the smallest ``k`` reach them last.

    ``k`` must lie in ``[0, n]`` for an axis of ``n`` elements (an error that
    is also a ``ValueError`` otherwise); a 0-d ``x`` has no axis (an error that
    is also an ``IndexError``). ``x`` is a boolean, integer or real
    floating-point array (complex numbers have no order: a ``TypeError``); the
    values keep its dtype, the indices have the default index dtype.

    >>> values, indices = pa.top_k(pa.asarray([3, 1, 4, 1, 5]), 3)
    >>> values, indices
    (Array([5, 4, 3], backend=numpy, dtype=int64), Array([4, 2, 0], backend=numpy, dtype=int64))
    >>> pa.top_k(pa.asarray([[2.0, float("nan"), 1.0]]), 2, largest=False).indices
    Array([[2, 0]], backend=numpy, dtype=int64)
    """

def cumulative_prod(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    include_initial: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The cumulative product of ``x`` along ``axis``.

    ``axis`` may be left out only for a 1-d ``x``. With ``include_initial``
    the result starts with the multiplicative identity (one) and has one more
    element along ``axis``. The dtype is ``dtype`` when given (``x`` is cast to
    it first), otherwise the default accumulation dtype (see the module).

    >>> pa.cumulative_prod(pa.asarray([1, 2, 3, 4], dtype=pa.int8), include_initial=True)
    Array([ 1,  1,  2,  6, 24], backend=numpy, dtype=int64)
    """

def cumulative_sum(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    include_initial: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The cumulative sum of ``x`` along ``axis``.

    ``axis`` may be left out only for a 1-d ``x``. With ``include_initial``
    the result starts with the additive identity (zero) and has one more
    element along ``axis``. The dtype is ``dtype`` when given (``x`` is cast to
    it first), otherwise the default accumulation dtype (see the module).

    >>> pa.cumulative_sum(pa.asarray([[1, 2], [3, 4]]), axis=1)
    Array([[1, 3],
           [3, 7]], backend=numpy, dtype=int64)
    """

def max(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The largest value along ``axis`` (of the whole array when ``None``), of the dtype of ``x``.

    NaN propagates. An empty reduction raises an error that is also a
    ``ValueError``.

    >>> pa.max(pa.asarray([[1, 5], [7, 2]]), axis=0)
    Array([7, 5], backend=numpy, dtype=int64)
    """

def mean(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The arithmetic mean along ``axis`` (of the whole array when ``None``).

    Floating-point and complex arrays keep their dtype; integer arrays give
    ``float64``. NaN propagates, and the mean of no elements is NaN (without a
    warning).

    >>> pa.mean(pa.asarray([[1.0, 2.0], [3.0, 5.0]]), axis=1)
    Array([1.5, 4. ], backend=numpy, dtype=float64)
    """

def median(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    backend: str | Backend | None = None,
) -> Array:
    """The median of ``x`` along ``axis`` (of the whole array when ``None``): ``quantile(x, 0.5)``.

    For an even number of elements it is the midpoint of the two middle
    ones. Integer arrays give the default floating dtype, floating ones keep
    their dtype; NaN propagates. An empty reduction raises an error that is
    also a ``ValueError``.

    >>> pa.median(pa.asarray([[3, 1, 2], [6, 4, 8]]), axis=1)
    Array([2., 6.], backend=numpy, dtype=float64)
    >>> float(pa.median(pa.asarray([4.0, 1.0, 3.0, 2.0])))
    2.5
    """

def min(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The smallest value along ``axis`` (of the whole array when ``None``), of the dtype of ``x``.

    NaN propagates. An empty reduction raises an error that is also a
    ``ValueError``.

    >>> float(pa.min(pa.asarray([2.0, -1.0, 3.0])))
    -1.0
    """

def prod(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The product of the elements along ``axis`` (of the whole array when ``None``).

    The product of no elements is one. The dtype is ``dtype`` when given (``x``
    is cast to it first), otherwise the default accumulation dtype (see the
    module).

    >>> pa.prod(pa.asarray([[1, 2], [3, 4]], dtype=pa.uint8), axis=1)
    Array([ 2, 12], backend=numpy, dtype=uint64)
    """

def quantile(
    x: ArrayLike,
    q: float | Sequence[float],
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    method: str = "linear",
    backend: str | Backend | None = None,
) -> Array:
    """The ``q``-th quantiles of ``x`` along ``axis`` (of the whole array when ``None``), as NumPy computes them.

    ``q`` is a number in [0, 1] or a 1-d sequence (or array, whose values are
    read) of them; a sequence gives a leading result axis of its length. The
    sorted values of each slice are read at the virtual index ``(n - 1) * q``;
    ``method`` says what is taken between the two neighbouring elements:
    ``"linear"`` (interpolated), ``"lower"``, ``"higher"``, ``"nearest"`` (half
    to even) or ``"midpoint"``. A slice holding NaN gives NaN; equal neighbours
    give that value (so infinities give infinities, not NaN). ``"linear"`` and
    ``"midpoint"`` give floating-point results: integer arrays the default
    floating dtype, floating ones keep their dtype; the other methods keep the
    dtype of ``x``. A quantile outside [0, 1] or an empty reduction raises an
    error that is also a ``ValueError``; complex and bool arrays a ``TypeError``.

    >>> x = pa.asarray([[1.0, 7.0, 3.0], [4.0, 2.0, 8.0]])
    >>> pa.quantile(x, 0.25, axis=1)
    Array([2., 3.], backend=numpy, dtype=float64)
    >>> pa.quantile(pa.asarray([1, 2, 3, 4]), [0.5, 1.0], method="lower")
    Array([2, 4], backend=numpy, dtype=int64)
    """

def std(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The standard deviation along ``axis``, with divisor ``M - correction`` for ``M`` elements.

    ``correction=1`` gives the corrected sample standard deviation. When
    ``M - correction <= 0`` the result is NaN (without a warning); NaN
    propagates. Real floating-point arrays keep their dtype, complex ones give
    the real dtype of their precision, and integer arrays give ``float64``.

    >>> pa.std(pa.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
    Array(1.29099445, backend=numpy, dtype=float64)
    """

def sum(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The sum of the elements along ``axis`` (of the whole array when ``None``).

    The sum of no elements is zero. The dtype is ``dtype`` when given (``x`` is
    cast to it first), otherwise the default accumulation dtype (see the
    module).

    >>> pa.sum(pa.asarray([[1, 2], [3, 4]], dtype=pa.int16), axis=0)
    Array([4, 6], backend=numpy, dtype=int64)
    >>> pa.sum(pa.asarray([1.5, 2.5], dtype=pa.float32))
    Array(4., backend=numpy, dtype=float32)
    """

def var(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    correction: int | float = 0.0,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The variance along ``axis``, with divisor ``M - correction`` for ``M`` elements.

    ``correction=1`` gives the unbiased sample variance. When
    ``M - correction <= 0`` the result is NaN (without a warning); NaN
    propagates. Real floating-point arrays keep their dtype, complex ones give
    the real dtype of their precision, and integer arrays give ``float64``.

    >>> pa.var(pa.asarray([[1.0, 3.0], [2.0, 2.0]]), axis=1)
    Array([1., 0.], backend=numpy, dtype=float64)
    """

def all(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether every element along ``axis`` (of the whole array when ``None``) is true.

    Non-zero numbers, NaN and infinities count as true, and complex numbers with
    a non-zero component. An empty reduction is ``True``. The result has dtype
    ``bool``.

    >>> pa.all(pa.asarray([[1.0, float("nan")], [0.0, 2.0]]), axis=1)
    Array([ True, False], backend=numpy, dtype=bool)
    """

def allclose(
    x1: ArrayLike | int | float | complex | builtins.bool,
    x2: ArrayLike | int | float | complex | builtins.bool,
    /,
    *,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: builtins.bool = False,
    backend: str | Backend | None = None,
) -> Array:
    """Whether every element of ``x1`` is close to the matching one of ``x2``: ``all(isclose(x1, x2, ...))``.

    The tolerances, the promotion and the treatment of NaN and infinities are
    those of :func:`isclose`; arrays of no elements are all close. The
    result is a 0-d boolean array (NumPy returns a Python ``bool``; the array
    works wherever a bool does: ``if``, ``assert``, ``bool()``, and keeps a
    traced or lazy computation unevaluated).

    >>> pa.allclose(pa.asarray([1e10, 1e-8]), pa.asarray([1.00001e10, 1e-9]))
    Array(True, backend=numpy, dtype=bool)
    >>> bool(pa.allclose(pa.asarray([1.0, float("nan")]), pa.asarray([1.0, float("nan")])))
    False
    """

def any(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Whether at least one element along ``axis`` (of the whole array when ``None``) is true.

    Non-zero numbers, NaN and infinities count as true, and complex numbers with
    a non-zero component. An empty reduction is ``False``. The result has dtype
    ``bool``.

    >>> pa.any(pa.asarray([[0, 0], [0, 3]]), axis=1, keepdims=True)
    Array([[False],
           [ True]], backend=numpy, dtype=bool)
    """

def diff(
    x: ArrayLike,
    /,
    *,
    axis: int = -1,
    n: int = 1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The ``n``-th forward difference ``out[i] = x[i+1] - x[i]`` along ``axis``, applied ``n`` times.

    ``prepend`` and ``append`` are joined to ``x`` along ``axis`` first (the
    same shape as ``x`` on the other axes). Along ``axis`` the result has
    ``M + N1 + N2 - n`` elements. The dtype of ``x`` is kept. A 0-d ``x``
    raises an error.

    >>> pa.diff(pa.asarray([1, 4, 9, 16]))
    Array([3, 5, 7], backend=numpy, dtype=int64)
    >>> pa.diff(pa.asarray([1, 4, 9, 16]), n=2, prepend=pa.asarray([0]))
    Array([2, 2, 2], backend=numpy, dtype=int64)
    """

def __array_namespace_info__() -> Info:
    """The inspection namespace of the current backend: devices, dtypes and capabilities.

    The returned object's methods are ``capabilities()``, ``default_device()``,
    ``default_dtypes(*, device=None)``, ``devices()`` and
    ``dtypes(*, device=None, kind=None)``; they answer for the backend that is
    current when this function is called. ``dtypes`` lists only the standard's
    dtypes, by name, filtered by ``kind`` as ``pa.isdtype`` does.

    >>> info = pa.__array_namespace_info__()
    >>> info.default_device(), info.devices()
    ('cpu', ['cpu'])
    >>> info.default_dtypes()["real floating"]
    pa.float64
    >>> info.dtypes(kind="signed integer")["int32"], info.dtypes(kind="bool")
    (pa.int32, {'bool': pa.bool})
    >>> info.capabilities()["boolean indexing"]
    True
    """

def relu(
    x: ArrayLike,
    /,
    *,
    complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    backend: str | Backend | None = None,
) -> Array:
    """The rectified linear unit, ``max(x, 0)`` element-wise.

    Takes real floating-point or integer arrays and keeps their dtype; NaN
    stays NaN. Complex input follows ``complex_mode``: ``"jax"`` (the
    default) is JAX's ``max(z, 0)``, which orders complex numbers by real part
    and then imaginary part (z where Re z > 0, or Re z == 0 and Im z > 0;
    else 0); ``"split"`` applies relu to both parts, ``"magnitude"`` to
    ``|z|`` keeping the phase.

    >>> pa.relu(pa.asarray([-1.5, 0.0, 2.0]))
    Array([0., 0., 2.], backend=numpy, dtype=float64)
    >>> pa.relu(pa.asarray([1 - 2j, -1 + 1j]), complex_mode="split")
    Array([1.+0.j, 0.+1.j], backend=numpy, dtype=complex128)
    >>> pa.relu(pa.asarray([1 - 2j, -1 + 1j]))
    Array([1.-2.j, 0.+0.j], backend=numpy, dtype=complex128)
    """

def leaky_relu(
    x: ArrayLike,
    /,
    *,
    alpha: float = 0.2,
    complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    backend: str | Backend | None = None,
) -> Array:
    """The leaky rectified linear unit: ``x`` where ``x >= 0``, ``alpha * x`` elsewhere.

    Takes a real floating-point array and keeps its dtype; NaN stays NaN.
    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"``
    compares with 0 as JAX does (by real part, then imaginary part).

    >>> pa.leaky_relu(pa.asarray([-2.0, 0.0, 3.0]), alpha=0.5)
    Array([-1.,  0.,  3.], backend=numpy, dtype=float64)
    """

def gelu(
    x: ArrayLike,
    /,
    *,
    approximate: builtins.bool = False,
    complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    backend: str | Backend | None = None,
) -> Array:
    """The Gaussian error linear unit, ``x * Phi(x)`` with Phi the standard normal CDF.

    ``approximate=False`` is the exact form ``x / 2 * (1 + erf(x / sqrt(2)))``;
    ``approximate=True`` the tanh form
    ``x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.
    Takes a real floating-point array and keeps its dtype. gelu(-inf) is 0,
    gelu(inf) is inf and NaN stays NaN.

    The core's composition computes the exact form from a Chebyshev fit of
    erfc (relative error below 1.2e-7 for every input, also in the far
    negative tail), since the array API has no ``erf``; backends with a
    native gelu use their framework's.

    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"``
    evaluates the tanh form in complex arithmetic and, as JAX (whose erf has
    no complex form), rejects ``approximate=False``.

    >>> pa.gelu(pa.asarray([-1.0, 0.0, 1.0]))
    Array([-0.15865526,  0.        ,  0.84134474], backend=numpy, dtype=float64)
    >>> pa.gelu(pa.asarray([-1.0, 0.0, 1.0]), approximate=True)
    Array([-0.15880801,  0.        ,  0.84119199], backend=numpy, dtype=float64)
    """

def sigmoid(
    x: ArrayLike,
    /,
    *,
    complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    backend: str | Backend | None = None,
) -> Array:
    """The logistic sigmoid, ``1 / (1 + exp(-x))`` element-wise.

    Stable for inputs of any magnitude (it never exponentiates a large
    positive number): sigmoid(-inf) is 0, sigmoid(inf) is 1, NaN stays NaN.
    Takes a real floating-point array and keeps its dtype. Complex input
    follows ``complex_mode`` (see :func:`relu`); ``"jax"`` is the same
    formula in complex arithmetic, as JAX's.

    >>> pa.sigmoid(pa.asarray([0.0, 2.0, -1000.0]))
    Array([0.5       , 0.88079708, 0.        ], backend=numpy, dtype=float64)
    """

def softplus(
    x: ArrayLike,
    /,
    *,
    beta: float = 1.0,
    threshold: float | None = None,
    complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    backend: str | Backend | None = None,
) -> Array:
    """The softplus function, ``log(1 + exp(beta * x)) / beta`` element-wise.

    Computed as ``(max(beta*x, 0) + log1p(exp(-|beta*x|))) / beta``, which does
    not overflow for large inputs. ``beta`` must be positive. With a
    ``threshold``, elements where ``beta * x > threshold`` return ``x`` itself
    (the linear regime, as in PyTorch). Takes a real floating-point array and
    keeps its dtype; NaN stays NaN.

    Complex input follows ``complex_mode`` (see :func:`relu`); ``"jax"`` is
    JAX's ``logaddexp(beta * z, 0) / beta``: with ``m`` the larger of
    ``beta * z`` and 0 (by real part, then imaginary part),
    ``m + log1p(exp(beta * z - 2m))``, whose imaginary part is wrapped into
    ``[-pi, pi)`` before dividing by ``beta``; the threshold compares the same
    way.

    >>> pa.softplus(pa.asarray([-1.0, 0.0, 1000.0]))
    Array([3.13261688e-01, 6.93147181e-01, 1.00000000e+03], backend=numpy, dtype=float64)
    """

def softmax(x: ArrayLike, /, *, axis: int | tuple[int, ...] | None = -1, backend: str | Backend | None = None) -> Array:
    """The softmax of ``x`` along ``axis``: ``exp(x) / sum(exp(x))``, summing to 1.

    ``axis`` is an axis, a tuple of axes, or None for all of them. The
    maximum is subtracted first, so inputs of any magnitude are safe and
    ``-inf`` entries get probability 0. A slice that holds NaN or ``+inf``, or
    only ``-inf``, gives NaN. Takes a real floating-point array and keeps its
    dtype; an empty array gives an empty array.

    >>> pa.softmax(pa.asarray([1.0, 2.0, 3.0]))
    Array([0.09003057, 0.24472847, 0.66524096], backend=numpy, dtype=float64)
    >>> pa.softmax(pa.asarray([[0.0, float("-inf")], [1000.0, 1000.0]]), axis=1)
    Array([[1. , 0. ],
           [0.5, 0.5]], backend=numpy, dtype=float64)
    """

def log_softmax(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = -1,
    backend: str | Backend | None = None,
) -> Array:
    """The logarithm of :func:`softmax`, ``x - logsumexp(x)`` along ``axis``.

    Computed without forming the softmax, so very negative log-probabilities
    stay finite instead of becoming ``log(0)``. ``-inf`` entries give
    ``-inf``; a slice that holds NaN or ``+inf``, or only ``-inf``, gives NaN.
    Takes a real floating-point array and keeps its dtype.

    >>> pa.log_softmax(pa.asarray([0.0, 0.0, -1000.0]))
    Array([-6.93147181e-01, -6.93147181e-01, -1.00069315e+03], backend=numpy, dtype=float64)
    """

def logsumexp(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: builtins.bool = False,
    out: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """``log(sum(exp(x)))`` over ``axis`` (every axis for None), without overflow.

    The maximum is subtracted before exponentiating and added back. A slice
    of only ``-inf`` (or an empty slice) gives ``-inf``, one holding ``+inf``
    gives ``+inf``, one holding NaN gives NaN. ``keepdims`` keeps the reduced
    axes with size 1. Takes a real floating-point array and keeps its dtype.

    >>> float(pa.logsumexp(pa.asarray([1000.0, 1000.0])))
    1000.6931471805599
    >>> pa.logsumexp(pa.asarray([[0.0, 0.0], [1.0, float("-inf")]]), axis=1)
    Array([0.69314718, 1.        ], backend=numpy, dtype=float64)
    """

def linear(
    x: ArrayLike,
    weight: ArrayLike,
    /,
    *,
    bias: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """A dense layer: ``x @ weight.T + bias``.

    ``x`` has shape ``(..., in)`` and ``weight`` shape ``(out, in)``, giving
    ``(..., out)``; a batch of weights ``(..., out, in)`` broadcasts as in
    ``matmul`` (``x`` then of shape ``(..., n, in)``). The optional ``bias``
    broadcasts against the result. The result has the promoted dtype of the
    operands.

    >>> x = pa.asarray([[1.0, 2.0]])
    >>> w = pa.asarray([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
    >>> pa.linear(x, w, bias=pa.asarray([0.5, 0.5, 0.5]))
    Array([[1.5, 3.5, 4.5]], backend=numpy, dtype=float64)
    """

def layer_norm(
    x: ArrayLike,
    normalized_idxs: int | Sequence[int],
    /,
    *,
    scale: ArrayLike | None = None,
    offset: ArrayLike | None = None,
    eps: float = 1e-05,
    new_std: float = 1.0,
    backend: str | Backend | None = None,
) -> Array:
    """Layer normalisation over the axes ``normalized_idxs``.

    ``(x - mean) / sqrt(var + eps) * new_std``, with the mean and (biased)
    variance taken over ``normalized_idxs`` (an axis or a sequence of axes);
    then multiplied by ``scale`` and shifted by ``offset`` when given (both
    broadcast against ``x``). Takes a real floating-point array and keeps its
    dtype; an empty array gives an empty array.

    >>> pa.layer_norm(pa.asarray([[1.0, 3.0], [2.0, 6.0]]), -1, eps=0.0)
    Array([[-1.,  1.],
           [-1.,  1.]], backend=numpy, dtype=float64)
    >>> pa.layer_norm(pa.asarray([1.0, 3.0]), 0, offset=pa.asarray([10.0, 20.0]), eps=0.0, new_std=2.0)
    Array([ 8., 22.], backend=numpy, dtype=float64)
    """

def one_hot(
    indices: ArrayLike,
    depth: int,
    /,
    *,
    on_value: builtins.bool | int | float | None = None,
    off_value: builtins.bool | int | float | None = None,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """A one-hot encoding of integer ``indices``: ``on_value`` at each index, ``off_value`` elsewhere.

    The result has a new axis of size ``depth`` inserted at ``axis`` (the
    last for None). An index outside ``[0, depth)``, negative ones included,
    gives a slice of only ``off_value``. ``on_value`` defaults to 1 and
    ``off_value`` to 0. The dtype is ``dtype`` when given; else the default
    floating dtype when both values are None or one is a float, the default
    integer dtype when they are ints, bool when they are bools.

    >>> pa.one_hot(pa.asarray([0, 2, 5]), 3)
    Array([[1., 0., 0.],
           [0., 0., 1.],
           [0., 0., 0.]], backend=numpy, dtype=float64)
    >>> pa.one_hot(pa.asarray([1, 0]), 2, on_value=5, off_value=-1, axis=0)
    Array([[-1,  5],
           [ 5, -1]], backend=numpy, dtype=int64)
    """

def dropout(
    x: ArrayLike,
    prob: float,
    /,
    *,
    scale: builtins.bool = True,
    dtype: DTypeLike | None = None,
    training: builtins.bool = True,
    seed: int | None = None,
    key: ArrayLike | None = None,
    noise_shape: Sequence[int | None] | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """Randomly zero elements of ``x`` with probability ``prob`` (training-time regularisation).

    ``prob`` must lie in ``[0, 1)``. With ``scale`` the kept elements are
    divided by ``1 - prob``, so the expected value is unchanged; that needs a
    floating-point result dtype. Dropped elements are exactly 0, even where
    ``x`` is NaN or infinite. ``noise_shape`` (one entry per axis of ``x``:
    the axis' size, 1 to share the draw along that axis, or None for the
    axis' size) shapes the random mask.

    The mask comes from :mod:`pa.random`: a ``key`` (``pa.random.key``,
    ``split``, ``fold_in``) or a ``seed`` (standing for ``pa.random.key(seed)``)
    gives the same mask on every backend; an element is dropped where
    ``pa.random.bernoulli(key, mask_shape, prob)`` is true. With neither, a
    fresh seed is drawn for each call (inside ``jax.jit`` once, when the
    function is traced: pass a key to draw anew per step). The result has
    ``dtype`` when given, else ``x``'s dtype; ``training=False`` (or
    ``prob=0``) returns ``x`` unchanged apart from that dtype.

    >>> pa.dropout(pa.asarray([1.0, 2.0, 3.0]), 0.5, training=False)
    Array([1., 2., 3.], backend=numpy, dtype=float64)
    >>> y = pa.dropout(pa.ones((1000,)), 0.25, seed=0)
    >>> sorted(set(pa.to_numpy(y).tolist())) == [0.0, 1 / 0.75]
    True
    >>> pa.dropout(pa.ones((6,)), 0.5, key=pa.random.key(0))
    Array([2., 0., 2., 2., 2., 0.], backend=numpy, dtype=float64)
    """

def cross_entropy(
    true: ArrayLike,
    pred: ArrayLike,
    /,
    *,
    from_logits: builtins.bool = False,
    axis: int = -1,
    epsilon: float = 1e-07,
    label_smoothing: float = 0.0,
    reduction: Literal["none", "sum", "mean"] = "mean",
    backend: str | Backend | None = None,
) -> Array:
    """The categorical cross-entropy of predictions ``pred`` against targets ``true`` along the class ``axis``.

    ``pred`` holds probabilities, or unnormalised log-probabilities with
    ``from_logits`` (as PyTorch's ``cross_entropy`` and Keras' losses take
    them). ``true`` holds either

    - integer class labels, one per slice: an integer array with the shape of
      ``pred`` without ``axis`` (a label outside ``[0, C)`` selects no class,
      so its loss is 0, or that of the smoothing alone); or
    - target distributions (one-hot or probabilities) of the shape of
      ``pred`` (any other shape broadcasts as before), cast to ``pred``'s dtype.

    Each slice's loss is ``-sum(t * log(p))``. With ``from_logits`` ``log(p)``
    is ``log_softmax(pred, axis)``, computed stably (logits of any magnitude,
    ``-inf`` for impossible classes; a target of 0 contributes nothing, even
    against ``-inf``); otherwise ``p = clip(pred, epsilon, 1 - epsilon)``,
    which keeps the logarithm finite. ``label_smoothing`` (in ``[0, 1]``) mixes
    the targets with the uniform distribution over the ``C`` classes:
    ``t * (1 - label_smoothing) + label_smoothing / C``. ``reduction`` returns
    the per-slice losses (``"none"``), their sum or their mean. ``pred`` must
    be real floating-point; NaN propagates.

    >>> true = pa.asarray([[0.0, 1.0], [1.0, 0.0]])
    >>> pred = pa.asarray([[0.2, 0.8], [0.6, 0.4]])
    >>> pa.cross_entropy(true, pred, reduction="none")
    Array([0.22314355, 0.51082562], backend=numpy, dtype=float64)
    >>> float(pa.cross_entropy(true, pred))
    0.366984...
    >>> logits = pa.asarray([[2.0, 0.0, -1.0], [0.0, 0.0, 1000.0]])
    >>> pa.cross_entropy(pa.asarray([0, 2]), logits, from_logits=True, reduction="none")
    Array([0.16984602, 0.        ], backend=numpy, dtype=float64)
    """

def binary_cross_entropy(
    true: ArrayLike,
    pred: ArrayLike,
    /,
    *,
    from_logits: builtins.bool = False,
    epsilon: float = 0.0,
    reduction: Literal["none", "sum", "mean"] = "mean",
    pos_weight: ArrayLike | None = None,
    axis: int | tuple[int, ...] | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """The binary cross-entropy of predictions ``pred`` against targets ``true`` in [0, 1].

    Element-wise, ``-(pos_weight * t * log(p) + (1 - t) * log(1 - p))``, where
    ``t = true * (1 - epsilon) + epsilon / 2`` (label smoothing, ``epsilon`` in
    [0, 1]) and ``p = pred``, or ``p = sigmoid(pred)`` when ``from_logits``.
    On probabilities, each logarithm is floored at -100 (so a confident wrong
    prediction costs 100, not inf); on logits the loss is computed in the
    stable form ``(1 - t) * z + w * (log1p(exp(-|z|)) + max(-z, 0))`` with
    ``w = 1 + (pos_weight - 1) * t``, exact for logits of any magnitude.
    ``pos_weight`` (default 1) broadcasts against ``pred`` (for example one
    weight per class along the last axis). ``reduction`` sums or averages
    over ``axis`` (everything for None). ``true`` is cast to ``pred``'s dtype,
    which must be real floating-point; NaN propagates.

    >>> true = pa.asarray([0.0, 1.0, 1.0])
    >>> float(pa.binary_cross_entropy(true, pa.asarray([0.1, 0.9, 0.5])))
    0.301289...
    >>> pa.binary_cross_entropy(true, pa.asarray([-2.0, 2.0, 0.0]), from_logits=True, reduction="none")
    Array([0.12692801, 0.12692801, 0.69314718], backend=numpy, dtype=float64)
    """

def lstm_update(
    x: ArrayLike,
    init_h: ArrayLike,
    init_c: ArrayLike,
    kernel: ArrayLike,
    recurrent_kernel: ArrayLike,
    /,
    *,
    bias: ArrayLike | None = None,
    recurrent_bias: ArrayLike | None = None,
    backend: str | Backend | None = None,
) -> tuple[Array, tuple[Array, Array]]:
    """Run an LSTM cell over the time axis of ``x``; return ``(outputs, (h, c))``.

    ``x`` has shape ``(..., T, in)``; the states ``init_h`` and ``init_c`` have
    shape ``(..., hidden)``; ``kernel`` is ``(in, 4 * hidden)`` and
    ``recurrent_kernel`` ``(hidden, 4 * hidden)``, their columns holding the
    input, forget, cell and output gates in that order; ``bias`` and
    ``recurrent_bias`` have shape ``(4 * hidden,)``. At each step t::

        z = x[..., t, :] @ kernel + bias + h @ recurrent_kernel + recurrent_bias
        i, f, g, o = sigmoid(z_i), sigmoid(z_f), tanh(z_g), sigmoid(z_o)
        c = f * c + i * g
        h = o * tanh(c)

    ``outputs`` stacks every step's ``h`` along axis -2, shape
    ``(..., T, hidden)``; ``(h, c)`` are the final states (the initial ones
    when T is 0).

    >>> x = pa.ones((1, 2, 1))
    >>> h0 = c0 = pa.asarray([[0.0]])
    >>> kernel = pa.asarray([[1.0, 1.0, 1.0, 1.0]])
    >>> recurrent = pa.asarray([[0.0, 0.0, 0.0, 0.0]])
    >>> outputs, (h, c) = pa.lstm_update(x, h0, c0, kernel, recurrent)
    >>> pa.to_numpy(outputs).round(4).tolist()
    [[[0.3696], [0.5453]]]
    >>> pa.to_numpy(c).round(4).tolist()
    [[0.9638]]
    """

def stable_divide(
    numerator: ArrayLike | int | float,
    denominator: ArrayLike | int | float,
    /,
    *,
    min_denominator: float | None = None,
    backend: str | Backend | None = None,
) -> Array:
    """``numerator / (denominator + min_denominator)``: a division that does not blow up at 0.

    ``min_denominator`` defaults to :data:`MIN_DENOMINATOR` (``1e-12``), a
    shift too small to matter for ordinary denominators but which turns
    ``x / 0`` into a finite ``x * 1e12``. Note that it is below the
    resolution of float16 (and, next to values near 1, of float32). Python
    scalars keep the dtype of the array they meet; the result dtype is that
    of ``add`` and ``divide``.

    >>> pa.stable_divide(pa.asarray([1.0, 2.0]), pa.asarray([0.0, 4.0]))
    Array([1.e+12, 5.e-01], backend=numpy, dtype=float64)
    >>> pa.stable_divide(pa.asarray([1.0, 2.0]), 0.0, min_denominator=0.5)
    Array([2., 4.], backend=numpy, dtype=float64)
    """
