"""Conversion wrappers: pa.Array and portable dtypes in, native values to the implementation, and back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._config import settings
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration


def _converters(backend: Backend) -> dict[str, Callable[[Any], Any]]:
    from .._array import Array
    from .._dtypes import DType

    native_dtype = backend.native_dtype

    def array(value: Any) -> Any:
        return value.data if type(value) is Array else value

    def array_sequence(values: Any) -> Any:
        if isinstance(values, (list, tuple)):
            return type(values)(v.data if type(v) is Array else v for v in values)
        return array(values)

    def dtype(value: Any) -> Any:
        return None if value is None else native_dtype(value)

    def array_or_dtype(value: Any) -> Any:
        if type(value) is Array:
            return value.data
        if isinstance(value, (DType, str)):
            return native_dtype(value)
        return value

    return {"array": array, "array_sequence": array_sequence, "dtype": dtype, "array_or_dtype": array_or_dtype}


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

    Only the parameters whose annotations allow arrays or dtypes are looked at.
    """
    convert = _converters(backend)
    positional = tuple((index, convert[cat]) for index, cat in decl.positional_categories)
    keyword = {name: convert[cat] for name, cat in decl.keyword_categories.items()}
    varargs = (decl.varargs[0], convert[decl.varargs[1]]) if decl.varargs else None
    return convert_parameters(function, positional, keyword, varargs)


def result_wrapper(backend: Backend) -> Callable[[Any], Any]:
    """Wraps the native arrays of ``backend`` in a result (also inside tuples and lists) as ``pa.Array``."""
    from .._array import wrap_native

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


@wrapper
def outputs_to_polyarray_arrays(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """In array mode, wrap native arrays in the result (also inside tuples and lists) as ``pa.Array``.

    A declaration's ``result`` NamedTuple is built from tuple results in either mode.
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
    from .._array import Array

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
    from .._array import Array

    def unwrap(value: Any) -> Any:
        if type(value) is Array:
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
