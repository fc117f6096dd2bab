"""Conversion wrappers: pa.Array and portable dtypes in, native values to the implementation, and back."""

from __future__ import annotations

import inspect
import operator
import sys
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._array import Array, wrap_native
from .._config import settings
from .._dtypes import DType
from .._dynamic import native_byte_order
from .._errors import PolyarrayTypeError
from . import wrapper
from .integers import integer_parameters

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration


class _NotImported:
    """Stands for ``numpy.ndarray`` where NumPy was not imported when the backend was built."""


def _index_converter(array_type: type[Any]) -> Callable[[Any], Any]:
    def index(value: Any) -> Any:
        if isinstance(value, array_type):
            return operator.index(value)
        if type(value) in (tuple, list):
            for item in value:
                if isinstance(item, array_type):
                    return type(value)(operator.index(v) if isinstance(v, array_type) else v for v in value)
        return value

    return index


#: Python values that are never arrays: given for an array parameter, every backend refuses them the same way
#: (NumPy would make an object or string array of them, other frameworks raise errors of other classes). A class
#: (``object``, ``float``) is never an array either.
_NOT_ARRAYS = frozenset({type(None), str, bytes, bytearray, dict, set, frozenset, types.GeneratorType, type})


def not_an_array(value: Any, function: str, backend: str) -> PolyarrayTypeError:
    """The error for a value that is never an array, given where ``function`` takes one."""
    return PolyarrayTypeError(
        f"pa.{function} on the {backend} backend takes arrays (a pa.Array, a native array, a Python number "
        f"or a nested list of numbers) where it was given {type(value).__name__} {_short(value)}; "
        "convert the value with pa.asarray first, or pass an array."
    )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _converters(backend: Backend, function: str = "as_native_dtype") -> dict[str, Callable[[Any], Any]]:

    # NumPy arrays (of non-native byte order) can only be given once NumPy is imported.
    numpy = sys.modules.get("numpy")
    ndarray: Any = numpy.ndarray if numpy is not None else _NotImported
    refused, backend_name = _NOT_ARRAYS, backend.name

    def native_dtype(value: Any) -> Any:
        return backend.native_dtype(value, function)

    def array(value: Any) -> Any:
        kind = type(value)
        # A subclass of pa.Array is unwrapped too (after the exact type, the common case).
        if kind is Array or isinstance(value, Array):
            value = value.data
        elif kind in refused:
            raise not_an_array(value, function, backend_name)
        return native_byte_order(value) if type(value) is ndarray else value

    def nest(value: Any) -> Any:
        """An array, or nested lists and tuples holding ``pa.Array`` items, with every item native.

        The framework then reads its own arrays inside the nest (a lazy one
        stacks them into a graph) instead of converting each ``pa.Array``
        through NumPy, which would compute a lazy array.
        """
        if type(value) is list or type(value) is tuple:
            items = [nest(item) for item in value]
            if any(new is not old for new, old in zip(items, value)):
                return type(value)(items)
            return value
        return value.data if isinstance(value, Array) else value

    def optional_array(value: Any) -> Any:
        return None if value is None else array(value)

    def array_sequence(values: Any) -> Any:
        if isinstance(values, (list, tuple)):
            return type(values)(array(v) for v in values)
        return array(values)

    def dtype(value: Any) -> Any:
        return None if value is None else native_dtype(value)

    def array_or_dtype(value: Any) -> Any:
        if isinstance(value, Array):
            value = value.data
        if type(value) is ndarray:
            return native_byte_order(value)
        if isinstance(value, (DType, str)):
            return native_dtype(value)
        return value

    return {
        "array": array,
        "optional_array": optional_array,
        "array_sequence": array_sequence,
        "dtype": dtype,
        "array_or_dtype": array_or_dtype,
        "index": _index_converter(Array),
        "nest": lambda value: array(nest(value)),
    }


Converter = Callable[[Any], Any]


def convert_parameters(
    function: Callable[..., Any],
    positional: tuple[tuple[int, Converter], ...] | list[tuple[int, Converter]],
    keyword: dict[str, Converter],
    varargs: tuple[int, Converter] | None,
) -> Callable[..., Any]:
    """``function`` with the marked arguments passed through their converters first.

    ``positional`` pairs positions with converters, ``keyword`` names with
    converters, ``varargs`` the position where ``*args`` starts with its
    converter. With nothing to convert, ``function`` itself is returned.
    """
    if not (positional or keyword or varargs):
        return function

    def converting(*args: Any, **kwargs: Any) -> Any:
        if args:
            args_list = list(args)
            count = len(args_list)
            for index, convert in positional:
                if index < count:
                    args_list[index] = convert(args_list[index])
            if varargs is not None and count > varargs[0]:
                start, convert = varargs
                args_list[start:] = [convert(a) for a in args_list[start:]]
            args = tuple(args_list)
        if kwargs and keyword:
            for name in keyword.keys() & kwargs.keys():
                kwargs[name] = keyword[name](kwargs[name])
        return function(*args, **kwargs)

    return converting


@wrapper
def inputs_to_native_arrays(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Replace ``pa.Array`` arguments by their native arrays and portable dtypes by native ones.

    Only the parameters whose annotations allow arrays or dtypes are looked
    at, and those that hold integers only (axes …), where a 0-d integer
    ``pa.Array`` becomes a Python int.
    """
    convert = _converters(backend, decl.qualname)
    parameters = list(decl.signature.parameters.values())
    index_of = {p.name: i for i, p in enumerate(parameters)}

    def converter(index: int, category: str) -> Converter:
        if category == "array" and "None" in str(parameters[index].annotation):
            return convert["optional_array"]
        if index == 0 and decl.qualname in _NESTS:
            return convert["nest"]
        return convert[category]

    positional = [(index, converter(index, cat)) for index, cat in decl.positional_categories]
    keyword = {name: converter(index_of[name], cat) for name, cat in decl.keyword_categories.items()}
    for spec in integer_parameters(decl):
        # Integer-only parameters (axes, sizes …; see integers.py): a 0-d integer pa.Array becomes an int.
        if spec.with_arrays or spec.kind != "integer":
            continue
        if spec.position is not None:
            positional.append((spec.position, convert["index"]))
        if decl.signature.parameters[spec.name].kind is not inspect.Parameter.POSITIONAL_ONLY:
            keyword[spec.name] = convert["index"]
    varargs = (decl.varargs[0], convert[decl.varargs[1]]) if decl.varargs else None
    converting = convert_parameters(function, positional, keyword, varargs)
    protocol = _PROTOCOLS.get(decl.qualname)
    if protocol is None:
        return converting
    method, accepted = protocol
    qualname, backend_name = decl.qualname, backend.name
    native_types = backend.native_array_types

    def exporting(*args: Any, **kwargs: Any) -> Any:
        # An array of the backend's own types is taken without the method (NumPy's scalars, 0-d arrays of the NumPy
        # backend, have no __dlpack__; its from_dlpack takes them), as the fast path takes it. Another backend gets
        # a NumPy scalar as the 0-d NumPy array it is, which exports the protocol.
        if args and not hasattr(args[0], method) and not isinstance(args[0], native_types):
            numpy = sys.modules.get("numpy")
            if numpy is not None and isinstance(args[0], numpy.generic):
                return converting(numpy.asarray(args[0]), *args[1:], **kwargs)
            raise PolyarrayTypeError(
                f"pa.{qualname} on the {backend_name} backend takes {accepted}, not "
                f"{type(args[0]).__name__}; use pa.asarray(...) for lists, tuples and scalars."
            )
        return converting(*args, **kwargs)

    return exporting


#: Functions whose first argument may be a nest (lists, tuples) of arrays: ``pa.Array`` items become native.
_NESTS = frozenset({"asarray"})

#: Functions whose first argument must export a protocol: (its method, what is accepted), checked
#: here once for every backend.
_PROTOCOLS = {
    "from_dlpack": (
        "__dlpack__",
        "an object exporting DLPack (__dlpack__): a pa.Array or an array of NumPy, PyTorch, JAX, TensorFlow …",
    ),
}


def result_wrapper(backend: Backend) -> Callable[[Any], Any]:
    """Wraps the native arrays of ``backend`` in a result (also inside tuples and lists) as ``pa.Array``."""
    native_types = backend.native_array_types

    def wrap(value: Any) -> Any:
        if isinstance(value, native_types):
            return wrap_native(value, backend)
        if isinstance(value, tuple):
            items = [wrap(v) for v in value]
            return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
        if isinstance(value, list):
            return [wrap(v) for v in value]
        return value

    return wrap


#: The functions whose result is their first argument itself where the framework gives back that argument's data
#: (see :func:`its_input`).
RETURNS_ITS_INPUT = frozenset({"asarray"})


def its_input(args: tuple[Any, ...], kwargs: dict[str, Any], native: Any) -> Array | None:
    """The first argument, where it is a ``pa.Array`` whose data is ``native`` and no copy was asked for; else None.

    ``pa.asarray(x)`` of a ``pa.Array`` that needs no conversion is ``x``
    itself, as ``np.asarray(a) is a``, ``torch.asarray(t) is t`` and
    ``jnp.asarray(j) is j``: a write to either is the other's on every
    backend, including those whose arrays are immutable (where a second
    ``pa.Array`` around the same data would keep the old values).

    >>> x = pa.asarray([1.0, 2.0])
    >>> pa.asarray(x) is x, pa.asarray(x, copy=True) is x, pa.asarray(x, dtype=pa.float32) is x
    (True, False, False)
    """
    if not args:
        return None
    first = args[0]
    if type(first) is Array and first.data is native and kwargs.get("copy") is not True:
        return first
    return None


@wrapper
def outputs_to_polyarray_arrays(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """In array mode, wrap native arrays in the result (also inside tuples and lists) as ``pa.Array``.

    A declaration's ``result`` NamedTuple is built from tuple results in either mode. The functions of
    :data:`RETURNS_ITS_INPUT` give their first argument itself where :func:`its_input` finds it.
    """
    portable_dtype = backend.portable_dtype
    config = settings
    returns_dtype = decl.returns_dtype
    wrap = result_wrapper(backend)

    if returns_dtype:

        def to_portable_dtype(*args: Any, **kwargs: Any) -> Any:
            result = function(*args, **kwargs)
            return portable_dtype(result) if config.array_mode else result

        return to_portable_dtype

    result_cls = decl.result
    if result_cls is not None:

        def to_polyarray_result(*args: Any, **kwargs: Any) -> Any:
            result = result_cls(*function(*args, **kwargs))
            return wrap(result) if config.array_mode else result

        return to_polyarray_result

    if decl.name in RETURNS_ITS_INPUT:

        def to_polyarray_or_input(*args: Any, **kwargs: Any) -> Any:
            result = function(*args, **kwargs)
            if not config.array_mode:
                return result
            same = its_input(args, kwargs, result)
            return wrap(result) if same is None else same

        return to_polyarray_or_input

    def to_polyarray(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        return wrap(result) if config.array_mode else result

    return to_polyarray


@wrapper
def inputs_to_polyarray_arrays(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Wrap native arrays of the backend as ``pa.Array`` before the implementation sees them.

    For implementations written on ``pa.Array`` (operators, methods). Only
    the parameters whose annotations allow arrays are looked at; items of
    sequences of arrays are wrapped one level in. Dtypes are left as they are.
    """
    native_types = backend.native_array_types

    def array(value: Any) -> Any:
        return Array(value, backend) if isinstance(value, native_types) else value

    def array_sequence(values: Any) -> Any:
        if isinstance(values, (list, tuple)):
            return type(values)(array(v) for v in values)
        return array(values)

    convert = {"array": array, "array_or_dtype": array, "array_sequence": array_sequence}
    positional = tuple((index, convert[cat]) for index, cat in decl.positional_categories if cat in convert)
    keyword = {name: convert[cat] for name, cat in decl.keyword_categories.items() if cat in convert}
    varargs = (decl.varargs[0], convert[decl.varargs[1]]) if decl.varargs and decl.varargs[1] in convert else None
    return convert_parameters(function, positional, keyword, varargs)


@wrapper
def outputs_to_native_arrays(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Unwrap ``pa.Array`` results (also inside tuples, NamedTuples and lists) to their native arrays."""

    def unwrap(value: Any) -> Any:
        if isinstance(value, Array):
            return value.data
        if isinstance(value, tuple):
            items = [unwrap(v) for v in value]
            return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
        if isinstance(value, list):
            return [unwrap(v) for v in value]
        return value

    def to_native(*args: Any, **kwargs: Any) -> Any:
        return unwrap(function(*args, **kwargs))

    return to_native
