"""``pa.Array``: a lean wrapper around one native array of one backend."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import _handler
from ._errors import PolyarrayTypeError

if TYPE_CHECKING:
    from ._backend import Backend
    from ._dtypes import DType

__all__ = ["Array"]


class Array:
    """A native array (``.data``) together with the backend it belongs to.

    Functions accept ``pa.Array`` and native arrays alike and return
    ``pa.Array`` (unless ``pa.set_array_mode(False)``).

    >>> x = pa.asarray([1.0, 2.0])
    >>> x
    Array([1., 2.], backend=numpy, dtype=float64)
    >>> (x * 2).data
    array([2., 4.])
    """

    __slots__ = ("__weakref__", "backend", "data", "dynamic_backend")

    __array_priority__ = 1000

    def __init__(self, data: Any, backend: Backend | str | None = None) -> None:
        if type(data) is Array:
            backend = backend or data.backend
            data = data.data
        self.data = data
        self.backend = _handler.resolve_backend(backend) if backend is not None else _handler.infer_backend((data,))
        self.dynamic_backend = False

    # -- properties ---------------------------------------------------------------------

    @property
    def dtype(self) -> DType:
        return self.backend.portable_dtype(self.data.dtype)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.data.shape)

    @property
    def ndim(self) -> int:
        return len(self.data.shape)

    @property
    def size(self) -> int:
        size = 1
        for extent in self.data.shape:
            size *= int(extent)
        return size

    @property
    def device(self) -> str:
        return self.backend.raw.device_of(self.data)

    @property
    def T(self) -> Array:
        if self.ndim != 2:
            raise PolyarrayTypeError(f"Array.T needs a 2-d array, not {self.ndim}-d; use .mT for stacks of matrices.")
        return Array(self.backend.raw.permute_dims(self.data, (1, 0)), self.backend)

    @property
    def mT(self) -> Array:
        return Array(self.backend.raw.matrix_transpose(self.data), self.backend)

    # -- conversion ---------------------------------------------------------------------

    def __repr__(self) -> str:
        import numpy

        values = numpy.asarray(self.backend.raw.to_numpy(self.data))
        text = numpy.array2string(values, separator=", ", prefix="Array(")
        return f"Array({text}, backend={self.backend.name}, dtype={self.dtype.name})"

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        import numpy

        values = numpy.asarray(self.backend.raw.to_numpy(self.data))
        return values if dtype is None else values.astype(dtype, copy=False)

    def __array_namespace__(self, *, api_version: str | None = None) -> Any:
        import polyarray

        return polyarray

    def __dlpack__(self, *args: Any, **kwargs: Any) -> Any:
        return self.data.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.data.__dlpack_device__()

    def __len__(self) -> int:
        if not self.data.shape:
            raise PolyarrayTypeError("len() of a 0-d array")
        return int(self.data.shape[0])

    def __iter__(self):
        for index in range(len(self)):
            yield self[index]

    def __bool__(self) -> bool:
        return bool(self.data)

    def __int__(self) -> int:
        return int(self.data)

    def __float__(self) -> float:
        return float(self.data)

    def __complex__(self) -> complex:
        return complex(self.data)

    def __index__(self) -> int:
        return self.data.__index__()

    def __getitem__(self, key: Any) -> Array:
        return Array(self.data[_native_key(key)], self.backend)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.data[_native_key(key)] = value.data if type(value) is Array else value

    def to_device(self, device: str, /, *, stream: Any = None) -> Array:
        if device != self.device:
            raise PolyarrayTypeError(f"The {self.backend.name} backend cannot move arrays to {device!r}.")
        return self

    __hash__ = None  # type: ignore[assignment]


def _native_key(key: Any) -> Any:
    if type(key) is Array:
        return key.data
    if type(key) is tuple:
        return tuple(k.data if type(k) is Array else k for k in key)
    return key


_handler.ARRAY_TYPE = Array

_BINARY = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "truediv": "divide",
    "floordiv": "floor_divide",
    "mod": "remainder",
    "pow": "pow",
    "matmul": "matmul",
    "and": "bitwise_and",
    "or": "bitwise_or",
    "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift",
    "rshift": "bitwise_right_shift",
}
_COMPARISON = {
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
    "eq": "equal",
    "ne": "not_equal",
}
_UNARY = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}


def _binary(function: str, reflected: bool = False):
    def operator(self: Array, other: Any) -> Array:
        native = getattr(self.backend.raw, function)
        other = other.data if type(other) is Array else other
        result = native(other, self.data) if reflected else native(self.data, other)
        return Array(result, self.backend)

    return operator


def _inplace(function: str):
    def operator(self: Array, other: Any) -> Array:
        native = getattr(self.backend.raw, function)
        self.data = native(self.data, other.data if type(other) is Array else other)
        return self

    return operator


def _unary(function: str):
    def operator(self: Array) -> Array:
        return Array(getattr(self.backend.raw, function)(self.data), self.backend)

    return operator


for _op, _fn in _BINARY.items():
    setattr(Array, f"__{_op}__", _binary(_fn))
    setattr(Array, f"__r{_op}__", _binary(_fn, reflected=True))
    setattr(Array, f"__i{_op}__", _inplace(_fn))
for _op, _fn in _COMPARISON.items():
    setattr(Array, f"__{_op}__", _binary(_fn))
for _op, _fn in _UNARY.items():
    setattr(Array, f"__{_op}__", _unary(_fn))


def install_methods(declarations: Any) -> None:
    """Give ``Array`` a method per namespace function whose first parameter is an array."""
    for decl in declarations:
        if decl.namespace or decl.kind in ("standalone", "support") or hasattr(Array, decl.name):
            continue
        if not decl.positional_categories or decl.positional_categories[0] != (0, "array"):
            continue
        setattr(Array, decl.name, _method(decl.qualname, decl.name, decl.doc))


def _method(qualname: str, name: str, doc: str):
    def method(self: Array, *args: Any, **kwargs: Any) -> Any:
        return self.backend.functions[qualname](self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Method form of ``pa.{qualname}(self, ...)``."
    return method
