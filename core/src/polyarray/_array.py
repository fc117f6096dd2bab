"""``pa.Array``: a lean wrapper around one native array of one backend.

Every operator calls the backend's public (wrapped) function of the same
meaning (``x + y`` is ``x.backend.functions["add"](x, y)``), so promotion,
protocol dispatch and every other shared behaviour apply to operators exactly
as to ``pa.add``. Operators and methods of a ``pa.Array`` return a
``pa.Array`` also when array mode is off.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import _choice, _registry
from ._config import settings
from ._declare import ordered_wrappers
from ._devices import device_of
from ._discovery import available_backends
from ._errors import PolyarrayError, PolyarrayTypeError, PolyarrayValueError

if TYPE_CHECKING:
    from ._backend import Backend
    from ._dtypes import DType

__all__ = ["Array", "wrap_native", "set_namespace_builder"]

#: What ``Array.__array_namespace__`` returns for a backend: ``_namespace.namespace_of``, which the layer that
#: builds namespaces gives (:func:`set_namespace_builder`).
_namespace_builder: list[Any] = []


def set_namespace_builder(builder: Any) -> None:
    """Make ``builder(backend)`` the array API namespace ``pa.Array.__array_namespace__`` returns."""
    _namespace_builder[:] = [builder]


#: The versions of the array API standard ``__array_namespace__`` answers for.
API_VERSIONS = ("2024.12", None)


class Array:
    """A native array (``.data``) together with the backend it belongs to.

    Functions accept ``pa.Array`` and native arrays alike and return
    ``pa.Array`` (unless ``pa.set_array_mode(False)``). Operators, methods
    and the array API standard's attributes work on every backend, for
    subclasses too. ``pa.Array(data)`` takes a native array of an installed
    backend (or another ``pa.Array``); lists, tuples and scalars go through
    ``pa.asarray``.

    >>> x = pa.asarray([1.0, 2.0])
    >>> x
    Array([1., 2.], backend=numpy, dtype=float64)
    >>> (x * 2).data
    array([2., 4.])
    >>> x.sum(axis=0)
    Array(3., backend=numpy, dtype=float64)
    >>> x.shape, x.ndim, x.size, x.dtype, x.device
    ((2,), 1, 2, pa.float64, 'cpu')
    """

    # _view, _views: views of arrays of immutable frameworks (see _wrappers/views.py); unset elsewhere.
    # _dynamic: the dynamic_backend flag, unset (False) until set.
    __slots__ = ("__weakref__", "_dynamic", "_view", "_views", "backend", "data")

    #: Makes NumPy defer to ``pa.Array``'s reflected operators (``ndarray + Array`` is an Array).
    __array_priority__ = 1000

    def __init__(self, data: Any, backend: Backend | str | None = None) -> None:
        if isinstance(data, Array):
            backend = backend or data.backend
            data = data.data
        owner = _choice.owner_of_native(data)
        if owner is None:
            raise PolyarrayTypeError(
                f"pa.Array wraps a native array of an installed backend (or another pa.Array), not "
                f"{type(data).__module__}.{type(data).__qualname__}; use pa.asarray(...) for lists, tuples and "
                f"scalars (pa.asarray(value, backend=...) for another backend)."
            )
        self.data = data
        self.backend = owner if backend is None else _choice.resolve_backend(backend)
        if settings.dynamic_backend:
            _registry.track(self)

    # -- properties ---------------------------------------------------------------------

    @property
    def dynamic_backend(self) -> bool:
        """Whether ``pa.set_backend(name, dynamic=True)`` converts this array to the new backend.

        New arrays take the default of ``pa.set_dynamic_backend`` (True at
        start: every array follows a dynamic switch unless it is opted out
        with ``x.dynamic_backend = False`` or made inside
        ``pa.dynamic_backend_as(False)``). Setting it to True converts the data
        at once to the backend set for this context (by ``pa.set_backend`` or
        ``pa.backend_context``), if one is set; the array keeps its identity.

        >>> x = pa.asarray([1.0, 2.0])
        >>> x.dynamic_backend
        True
        >>> x.dynamic_backend = False
        >>> x.dynamic_backend
        False
        """
        try:
            return self._dynamic
        except AttributeError:
            return False

    @dynamic_backend.setter
    def dynamic_backend(self, flag: bool) -> None:
        _registry.set_array_flag(self, bool(flag))

    @property
    def dtype(self) -> DType:
        """The portable dtype (``pa.float32`` …) of the elements."""
        return self.backend.portable_dtype(self.data.dtype)

    @property
    def shape(self) -> tuple[int | None, ...]:
        """The size of each axis (None for a size a lazy framework does not know yet)."""
        return shape_of(self.data)

    @property
    def ndim(self) -> int:
        """The number of axes."""
        return len(self.data.shape)

    @property
    def size(self) -> int | None:
        """The number of elements (None when a size is unknown)."""
        size = 1
        for extent in shape_of(self.data):
            if extent is None:
                return None
            size *= extent
        return size

    @property
    def device(self) -> str:
        """The portable name of the device the data lives on (``"cpu"``, ``"gpu:0"`` …).

        Data on a device the backend does not list (a torch ``meta`` tensor) is an
        ``UnsupportedDeviceError``.
        """
        return device_of(self.backend, self.data, "Array.device")

    @property
    def T(self) -> Array:
        """The transpose of a 2-d array (use ``.mT`` for stacks of matrices)."""
        if self.ndim != 2:
            raise PolyarrayValueError(
                f"Array.T needs a 2-d array, not a {self.ndim}-d one; use .mT for stacks of matrices."
            )
        return self.backend.operators["permute_dims"](self, (1, 0))

    @property
    def mT(self) -> Array:
        """The transpose of the last two axes (a matrix or a stack of matrices)."""
        if self.ndim < 2:
            raise PolyarrayValueError(f"Array.mT needs at least 2 dimensions, not {self.ndim}.")
        return self.backend.operators["matrix_transpose"](self)

    def to_device(self, device: str, /, *, stream: Any = None) -> Array:
        """The array on ``device``: ``self`` when it is there already, else a copy made by the backend.

        ``stream`` is accepted for the standard's signature; the copy runs on the
        framework's default stream.
        """
        if device == self.device:
            return self
        return self.backend.operators["asarray"](self, device=device)

    # -- the array API namespace and interchange ----------------------------------------

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The array API standard 2024.12 namespace of this array's backend (see ``polyarray._namespace``).

        Its functions create and compute on this array's backend, whatever
        backend is set or was used last.
        """
        if api_version not in API_VERSIONS:
            raise PolyarrayValueError(
                f"polyarray implements the array API standard 2024.12, not api_version={api_version!r}; "
                f"pass api_version='2024.12' or None."
            )
        return _namespace_builder[0](self.backend)

    def _dlpack_source(self) -> Any:
        data = self.data
        if hasattr(data, "__dlpack__"):
            return data
        if self.backend.info.lazy:
            # A lazy array holds no memory to share: exporting it computes it (as __array__ does), into a new array.
            import numpy

            return numpy.array(self.backend.raw.to_numpy(data), copy=True)
        # 0-d results of some frameworks are scalars without DLPack support: make them arrays.
        return self.backend.raw.asarray(data)

    def __dlpack__(
        self,
        /,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[Any, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Export the data as a DLPack capsule, as the array API standard's ``__dlpack__`` does.

        A ``max_version`` below 1.0 asks for a legacy (unversioned) capsule, a
        ``dl_device`` naming the array's own device asks for nothing, and
        ``copy=True`` exports a fresh copy; the rest goes to the framework.
        """
        source = self._dlpack_source()
        if max_version is not None and max_version[0] < 1:
            max_version = None
        if dl_device is not None and tuple(dl_device) == tuple(source.__dlpack_device__()):
            dl_device = None
        if copy:
            # A lazy array's source is a new array already.
            source, copy = (source if self.backend.info.lazy else self.backend.raw.asarray(source, copy=True)), None
        given = {"stream": stream, "max_version": max_version, "dl_device": dl_device, "copy": copy}
        keywords = {k: v for k, v in given.items() if v is not None}
        try:
            return source.__dlpack__(**keywords)
        except TypeError:
            # A producer older than DLPack 1.0 (NumPy 1.26) takes only ``stream``: a legacy capsule, never a copy.
            legacy = {k: v for k, v in keywords.items() if k == "stream"}
            if legacy == keywords or keywords.get("dl_device") is not None:
                raise
            return source.__dlpack__(**legacy)

    def __dlpack_device__(self) -> tuple[Any, int]:
        """The ``(device type, device id)`` of the data, as DLPack names them."""
        return self._dlpack_source().__dlpack_device__()

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        """The values as a NumPy array (NumPy 2 copy semantics).

        ``copy=None`` copies only when it must, ``copy=True`` always copies and
        ``copy=False`` raises a ``ValueError`` when a copy cannot be avoided.
        """
        import numpy

        if copy is False:
            values = self._numpy_without_copy(numpy)
            if dtype is not None and values.dtype != numpy.dtype(dtype):
                raise PolyarrayValueError(
                    f"Converting a {self.dtype.name} array to NumPy {numpy.dtype(dtype)} needs a copy, "
                    f"which copy=False forbids."
                )
            return values
        values = numpy.asarray(self.backend.raw.to_numpy(self.data))
        if copy:
            return numpy.array(values, dtype=dtype, copy=True)
        return values if dtype is None else values.astype(dtype, copy=False)

    def _numpy_without_copy(self, numpy: Any) -> Any:
        data = self.data
        if isinstance(data, numpy.ndarray):
            return data
        try:
            if isinstance(data, numpy.generic):
                raise BufferError("a NumPy scalar is not an array")
            return numpy.from_dlpack(data)
        except Exception as error:
            raise PolyarrayValueError(
                f"This {self.backend.name} array cannot be seen as a NumPy array without a copy ({error}); "
                f"copy=False forbids one."
            ) from error

    # -- the frameworks' own functions --------------------------------------------------

    @classmethod
    def __torch_function__(
        cls, func: Any, types: Any, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None
    ) -> Any:
        """PyTorch's own functions on ``pa.Array`` arguments: they get tensors and return what torch returns.

        ``torch.relu(x)``, ``torch.cat([x, y])`` and ``t + x`` work with arrays of any backend (an array of
        another backend is shared through DLPack where it can be, else copied); the result is torch's own
        (a ``torch.Tensor``), not a ``pa.Array``.

        >>> import torch  # doctest: +SKIP
        >>> torch.relu(pa.asarray([-1.0, 2.0]))  # doctest: +SKIP
        tensor([0., 2.], dtype=torch.float64)
        """
        return func(*_to_framework(args, "torch"), **_to_framework(kwargs or {}, "torch"))

    def __jax_array__(self) -> Any:
        """The values as a JAX array, for ``jnp.asarray(x)`` and ``jnp.array(x)``; a copy off the JAX backend.

        Recent JAX releases convert such objects only there, not inside other
        ``jax.numpy`` functions: write ``jnp.sum(jnp.asarray(x))`` (or
        ``pa.to_native(x)`` for an array of the JAX backend).

        >>> import jax.numpy as jnp  # doctest: +SKIP
        >>> jnp.asarray(pa.asarray([1.0, 2.0], dtype=pa.float32))  # doctest: +SKIP
        Array([1., 2.], dtype=float32)
        """
        return _framework_array(self, "jax")

    def __tf_tensor__(self, dtype: Any = None, name: Any = None) -> Any:
        """The values as a TensorFlow tensor, for TensorFlow's functions and ``tf.convert_to_tensor``.

        >>> import tensorflow as tf  # doctest: +SKIP
        >>> tf.reduce_sum(pa.asarray([1.0, 2.0]))  # doctest: +SKIP
        <tf.Tensor: shape=(), dtype=float64, numpy=3.0>
        """
        import tensorflow

        tensor = tensorflow.convert_to_tensor(_framework_array(self, "tensorflow"), name=name)
        # A dtype asked for is given, as for NumPy input, whichever backend holds the values.
        return tensor if dtype is None or tensor.dtype == dtype else tensorflow.cast(tensor, dtype)

    # -- Python conversions (0-d arrays only) -------------------------------------------

    def _scalar(self, conversion: str, kinds: tuple[str, ...] | None = None) -> DType:
        """Check that this array is 0-d (and of one of ``kinds``); return its dtype."""
        if len(self.data.shape) != 0:
            raise PolyarrayTypeError(
                f"{conversion}() needs a 0-d array, not one of shape {self.shape}; "
                f"reduce it first (pa.any, pa.all, pa.sum …) or index one element."
            )
        dtype = self.dtype
        if kinds is not None and dtype.kind not in kinds:
            raise PolyarrayTypeError(f"{conversion}() is not defined for an array of dtype {dtype.name}.")
        return dtype

    def __bool__(self) -> bool:
        """The element of a 0-d array as a Python bool (NaN and infinities are True)."""
        kind = self._scalar("bool").kind
        return bool(self._python_int()) if kind in _INTEGER_KINDS else bool(self.data)

    def __int__(self) -> int:
        """The element of a 0-d real array as a Python int (floats are truncated).

        NaN raises a ValueError, an infinity an OverflowError.
        """
        kind = self._scalar("int", _REAL_KINDS).kind
        if kind == "bool":
            return int(bool(self.data))
        if kind == "real floating":
            value = float(self.data)
            if value != value:
                raise PolyarrayValueError("int() of a NaN array: NaN has no integer value.")
            return int(value)
        return self._python_int()

    def __float__(self) -> float:
        """The element of a 0-d real array as a Python float."""
        if self._scalar("float", _REAL_KINDS).kind == "bool":
            return float(bool(self.data))
        return float(self.data)

    def __complex__(self) -> complex:
        """The element of a 0-d array as a Python complex."""
        if self._scalar("complex").kind == "bool":
            return complex(bool(self.data))
        return complex(self.data)

    def __index__(self) -> int:
        """The element of a 0-d integer array as a Python int (for ``operator.index``, slicing …)."""
        self._scalar("operator.index", _INTEGER_KINDS)
        return self._python_int()

    def _python_int(self) -> int:
        """The element as a Python int, through NumPy where the framework cannot convert it (torch uint64 ≥ 2**63)."""
        try:
            return int(self.data)
        except (RuntimeError, OverflowError):
            return int(self.backend.raw.to_numpy(self.data))

    # -- sequence protocol --------------------------------------------------------------

    def __len__(self) -> int:
        """The size of the first axis."""
        shape = self.data.shape
        if len(shape) == 0:  # TensorFlow's empty TensorShape is truthy
            raise PolyarrayTypeError("len() of a 0-d array: it has no first axis.")
        first = shape_of(self.data)[0]
        if first is None:
            raise PolyarrayTypeError(
                f"len() of an array whose first axis has an unknown size (a lazy {self.backend.name} array whose "
                f"size depends on values, after a boolean mask, nonzero or unique_*); x.shape[0] is None. "
                f"Compute the sizes first: x, = pa.persist(x)."
            )
        return first

    def __iter__(self) -> Iterator[Array]:
        """The sub-arrays ``self[0]``, ``self[1]`` … along the first axis (a 0-d array raises at once)."""
        return (self[index] for index in range(len(self)))

    # -- indexing ---------------------------------------------------------------------

    def __getitem__(self, key: Any) -> Array:
        """``self[key]``; basic indexing (integers, slices, ``...``, ``None``) gives a view.

        A write through the view (``self[key][...] = v``) is seen by ``self`` on every
        backend, natively where arrays are mutable and through ``handle_view_indexing``
        where they are not.
        """
        return self.backend.getitem(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        """``self[key] = value``, in place: views of ``self`` and the array it is a view of see it.

        Goes through the backend's ``set_item`` hook; on frameworks with immutable
        arrays ``self`` (and its base and views) take the new data.
        """
        self.backend.setitem(self, key, value)

    # -- printing, hashing, copying, pickling -------------------------------------------

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        import numpy

        if _not_printed(self):
            return f"Array(<not computed>, shape={self.shape}, backend={self.backend.name}, dtype={self.dtype.name})"
        values = _values_or_none(self)
        if values is None or isinstance(values, Exception):
            what = "no values" if values is None else f"computing it raised {type(values).__name__}: {values}"
            return f"Array(<{what}>, shape={self.shape}, backend={self.backend.name}, dtype={self.dtype.name})"
        text = numpy.array2string(values, separator=", ", prefix="Array(")
        return f"Array({text}, backend={self.backend.name}, dtype={self.dtype.name})"

    def __str__(self) -> str:
        if _not_printed(self):
            return f"<not computed: shape {self.shape}, dtype {self.dtype.name}>"
        values = _values_or_none(self)
        if values is None or isinstance(values, Exception):
            return f"<no values: shape {self.shape}, dtype {self.dtype.name}>"
        return str(values)

    def __copy__(self) -> Array:
        """A new Array holding a copy of the data (as ``copy.copy`` does for NumPy arrays)."""
        copied = wrap_native(self.backend.raw.asarray(self.data, copy=True), self.backend, type(self))
        _registry.start_flag(copied, self.dynamic_backend)
        return copied

    def __deepcopy__(self, memo: dict[int, Any]) -> Array:
        copied = self.__copy__()
        memo[id(self)] = copied
        return copied

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the native array (the framework pickles it) with the backend's name."""
        return _unpickle, (self.data, self.backend.name, self.dynamic_backend)


def _translating(name: str) -> None:
    """Make ``Array.<name>`` (a Python conversion, which may compute a lazy array) raise polyarray errors."""
    method = getattr(Array, name)

    def convert(self: Array) -> Any:
        try:
            return method(self)
        except PolyarrayError:
            raise
        except Exception as error:
            from ._translate import translate_exception

            raise translate_exception(error, f"Array.{name}", self.backend.name) from error

    convert.__name__ = convert.__qualname__ = name
    convert.__doc__ = method.__doc__
    setattr(Array, name, convert)


for _conversion in ("__bool__", "__int__", "__float__", "__complex__", "__index__"):
    _translating(_conversion)
del _conversion


def _values_or_none(array: Array) -> Any:
    """The values of ``array`` as a NumPy array, or None for an array that holds none.

    A torch ``meta`` tensor, a JAX tracer or a symbolic TensorFlow tensor has a
    shape and a dtype but no values; polyarray computes on them like on any
    array, and their repr says so instead of failing. A lazy array (Dask) has
    values that computing may fail to give (a singular matrix): then the
    exception is returned, for the repr to show.
    """
    import numpy

    try:
        return numpy.asarray(array.backend.raw.to_numpy(array.data))
    except Exception as error:
        # A lazy array has values, which computing failed to give (a value-dependent error): say so.
        return error if array.backend.info.lazy else None


#: The most elements of a lazy array that printing computes (NumPy's print threshold): a larger one, or one of
#: unknown size, prints its shape and dtype only, so that printing never brings a large result to the client.
PRINT_LIMIT = 1000


def _not_printed(array: Array) -> bool:
    """Whether ``array`` is a lazy array too large (or of unknown size) to compute for printing."""
    if not array.backend.info.lazy:
        return False
    size = array.size
    return size is None or size > PRINT_LIMIT


def shape_of(native: Any) -> tuple[int | None, ...]:
    """The shape of a native array, with every unknown size as None (TensorFlow gives None, Dask NaN).

    >>> import math
    >>> from polyarray._array import shape_of
    >>> class Lazy:
    ...     shape = (math.nan, 3)
    >>> shape_of(Lazy())
    (None, 3)
    """
    extents = tuple(native.shape)
    for extent in extents:
        if extent is None or extent != extent:
            return tuple(None if e is None or e != e else int(e) for e in extents)
    return extents


def _framework_array(array: Array, framework: str) -> Any:
    """The values of ``array`` as a native array of ``framework`` (its own data when it belongs to that backend).

    torch: through polyarray's conversion of dynamic backends where the torch
    backend is installed (sharing memory through DLPack where both allow),
    else through DLPack or NumPy. JAX and TensorFlow: the framework's own
    conversion of the NumPy values, which behaves as for NumPy input (JAX
    narrows 64-bit values outside its 64-bit mode, with its warning).
    """
    if array.backend.name == framework:
        return array.data
    if framework == "torch" and framework in _discovery_names():
        return _choice.resolve_backend(framework).convert_array(array, "Array.__torch_function__")
    values = array.__array__()
    if framework == "torch":
        import torch

        return torch.from_dlpack(values) if values.dtype.isnative else torch.as_tensor(values.copy())
    if framework == "jax":
        import jax.numpy

        return jax.numpy.asarray(values)
    return values


def _to_framework(value: Any, framework: str) -> Any:
    """``value`` with every ``pa.Array`` in it (in lists, tuples and dicts too) a native array of ``framework``."""
    if isinstance(value, Array):
        return _framework_array(value, framework)
    if type(value) in (list, tuple):
        return type(value)(_to_framework(item, framework) for item in value)
    if type(value) is dict:
        return {key: _to_framework(item, framework) for key, item in value.items()}
    return value


def _discovery_names() -> list[str]:
    return available_backends()


def _native_key(key: Any) -> Any:
    if isinstance(key, Array):
        return key.data
    if type(key) is tuple:
        return tuple(k.data if isinstance(k, Array) else k for k in key)
    return key


_choice.ARRAY_TYPE = _registry.ARRAY_TYPE = Array

_new_object = object.__new__


def wrap_native(data: Any, backend: Backend, cls: type[Array] = Array) -> Array:
    """A ``pa.Array`` of a native array known to belong to the built ``backend`` (no checks).

    The fast way results are wrapped (the generated fast paths inline the same
    steps); ``pa.Array(...)`` itself checks what it is given.
    """
    array = _new_object(cls)
    array.data = data
    array.backend = backend
    if settings.dynamic_backend:
        _registry.track(array)
    return array


_REAL_KINDS = ("bool", "signed integer", "unsigned integer", "real floating")
_INTEGER_KINDS = ("signed integer", "unsigned integer")


def _unpickle(data: Any, backend: str, dynamic_backend: bool) -> Array:
    array = Array(data, backend)
    _registry.start_flag(array, dynamic_backend)
    return array


def _as_array(result: Any, backend: Backend) -> Any:
    """``result`` with native arrays of ``backend`` wrapped (they are native only when array mode is off)."""
    if settings.array_mode or isinstance(result, Array):
        return result
    if isinstance(result, backend.native_array_types):
        return Array(result, backend)
    if isinstance(result, tuple):
        items = [_as_array(item, backend) for item in result]
        return type(result)(*items) if hasattr(result, "_fields") else tuple(items)
    if isinstance(result, list):
        return [_as_array(item, backend) for item in result]
    return result


# -- operators --------------------------------------------------------------------------

#: Binary operators: ``__add__``, ``__radd__`` and ``__iadd__`` call ``add`` …
_BINARY = {
    "add": ("add", "+"),
    "sub": ("subtract", "-"),
    "mul": ("multiply", "*"),
    "truediv": ("divide", "/"),
    "floordiv": ("floor_divide", "//"),
    "mod": ("remainder", "%"),
    "pow": ("pow", "**"),
    "matmul": ("matmul", "@"),
    "and": ("bitwise_and", "&"),
    "or": ("bitwise_or", "|"),
    "xor": ("bitwise_xor", "^"),
    "lshift": ("bitwise_left_shift", "<<"),
    "rshift": ("bitwise_right_shift", ">>"),
}
#: Comparisons (Python finds the reflected ones itself: ``1 < x`` is ``x > 1``).
_COMPARISON = {
    "lt": ("less", "<"),
    "le": ("less_equal", "<="),
    "gt": ("greater", ">"),
    "ge": ("greater_equal", ">="),
    "eq": ("equal", "=="),
    "ne": ("not_equal", "!="),
}
_UNARY = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}


#: The attributes of ``Array`` that only call a backend's operator function, as (qualified name of the
#: function, whether the array is its second operand): the compiled fast paths accelerate them (``_dispatch.py``).
ACCELERABLE: dict[str, tuple[str, bool]] = {}


def _binary(function: str, symbol: str):
    def operator(self: Array, other: Any) -> Any:
        return self.backend.operators[function](self, other)

    operator.__doc__ = f"``self {symbol} other``: ``pa.{function}(self, other)``."
    return operator


def _reflected(function: str, symbol: str):
    def operator(self: Array, other: Any) -> Any:
        return self.backend.operators[function](other, self)

    operator.__doc__ = f"``other {symbol} self``: ``pa.{function}(other, self)``."
    return operator


def _inplace(function: str, symbol: str, name: str):
    def operator(self: Array, other: Any) -> Any:
        return self.backend.inplace(self, self.backend.operators[function](self, other), symbol, name)

    operator.__doc__ = (
        f"``self {symbol}= other``: ``self {symbol} other`` written into ``self``, which keeps its "
        f"identity, shape and dtype (arrays sharing its memory, and its views, see the change)."
    )
    return operator


def _unary(function: str):
    def operator(self: Array) -> Any:
        return self.backend.operators[function](self)

    operator.__doc__ = f"``pa.{function}(self)``."
    return operator


for _op, (_fn, _symbol) in _BINARY.items():
    setattr(Array, f"__{_op}__", _binary(_fn, _symbol))
    setattr(Array, f"__r{_op}__", _reflected(_fn, _symbol))
    setattr(Array, f"__i{_op}__", _inplace(_fn, _symbol, f"__i{_op}__"))
    ACCELERABLE[f"__{_op}__"] = (_fn, False)
    ACCELERABLE[f"__r{_op}__"] = (_fn, True)
for _op, (_fn, _symbol) in _COMPARISON.items():
    setattr(Array, f"__{_op}__", _binary(_fn, _symbol))
    ACCELERABLE[f"__{_op}__"] = (_fn, False)
for _op, _fn in _UNARY.items():
    setattr(Array, f"__{_op}__", _unary(_fn))
    ACCELERABLE[f"__{_op}__"] = (_fn, False)
del _op, _fn, _symbol


# -- methods ----------------------------------------------------------------------------


def install_methods(declarations: Any) -> None:
    """Give ``Array`` a method per namespace function whose first parameter is an array."""
    for decl in declarations:
        if decl.namespace or decl.kind in ("standalone", "support") or hasattr(Array, decl.name):
            continue
        if not decl.positional_categories or decl.positional_categories[0] != (0, "array"):
            continue
        returns_arrays = "outputs_to_polyarray_arrays" in ordered_wrappers(decl.wrappers)
        setattr(Array, decl.name, _method(decl.qualname, decl.name, returns_arrays))
        if returns_arrays:
            ACCELERABLE[decl.name] = (decl.qualname, False)


def _method(qualname: str, name: str, returns_arrays: bool):
    if returns_arrays:

        def method(self: Array, *args: Any, **kwargs: Any) -> Any:
            return self.backend.operators[qualname](self, *args, **kwargs)

    else:

        def method(self: Array, *args: Any, **kwargs: Any) -> Any:
            return self.backend.functions[qualname](self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Method form of ``pa.{qualname}(self, ...)``."
    return method
