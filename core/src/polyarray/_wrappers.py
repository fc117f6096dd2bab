"""The wrapper pipeline: behaviour every function needs, written once.

A declaration names the wrappers its implementations get; when a backend is
built, each implementation is wrapped once, in the fixed order of
:data:`WRAPPER_ORDER` (outermost first). A wrapper factory takes the
function, its declaration and the backend, and does all the work it can
at build time, so that the per-call path is as short as possible.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from . import _config
from ._errors import (
    PolyarrayAxisError,
    PolyarrayError,
    PolyarrayIndexError,
    PolyarrayNotImplementedError,
    PolyarrayTypeError,
    PolyarrayValueError,
)

if TYPE_CHECKING:
    from ._backend import Backend
    from ._declare import Declaration

__all__ = ["WRAPPER_ORDER", "COMBINED_WRAPPERS", "check_wrapper_names", "ordered_wrappers", "apply_wrappers"]

#: Every wrapper of the design, outermost first.
WRAPPER_ORDER: tuple[str, ...] = (
    "handle_complex_input",
    "infer_device",
    "handle_device_shifting",
    "infer_dtype",
    "handle_array_function",
    "outputs_to_polyarray_arrays",
    "outputs_to_polyarray_shapes",
    "outputs_to_native_arrays",
    "inputs_to_native_arrays",
    "inputs_to_native_shapes",
    "inputs_to_polyarray_arrays",
    "handle_out_argument",
    "handle_view_indexing",
    "handle_view",
    "handle_array_like_without_promotion",
    "handle_partial_mixed_function",
    "handle_nestable",
    "handle_ragged",
    "handle_backend_invalid",
    "handle_exceptions",
    "handle_nans",
)

#: Names that stand for several wrappers.
COMBINED_WRAPPERS: dict[str, tuple[str, ...]] = {
    "to_native_arrays_and_back": ("inputs_to_native_arrays", "outputs_to_polyarray_arrays"),
}

Factory = Callable[[Callable[..., Any], "Declaration", "Backend"], Callable[..., Any]]
_FACTORIES: dict[str, Factory] = {}


def _wrapper(function: Factory) -> Factory:
    assert function.__name__ in WRAPPER_ORDER, function.__name__
    _FACTORIES[function.__name__] = function
    return function


def check_wrapper_names(names: Iterable[str], function: str) -> None:
    """Reject wrapper names that are unknown or not available."""
    for name in names:
        for part in COMBINED_WRAPPERS.get(name, (name,)):
            if part not in _FACTORIES:
                known = ", ".join(sorted(_FACTORIES) + sorted(COMBINED_WRAPPERS))
                raise PolyarrayTypeError(f"{function!r} names the wrapper {name!r}, which is not one of: {known}.")


def ordered_wrappers(names: Iterable[str]) -> tuple[str, ...]:
    """Expand combined names and sort into :data:`WRAPPER_ORDER` (outermost first)."""
    expanded = {part for name in names for part in COMBINED_WRAPPERS.get(name, (name,))}
    return tuple(name for name in WRAPPER_ORDER if name in expanded)


def apply_wrappers(
    function: Callable[..., Any], decl: Declaration, backend: Backend, names: Iterable[str]
) -> Callable[..., Any]:
    """Wrap ``function`` by the named wrappers, innermost first, once."""
    for name in reversed(ordered_wrappers(names)):
        function = _FACTORIES[name](function, decl, backend)
    return function


# -- converters, chosen per parameter at build time -------------------------------------


def _converters(backend: Backend) -> dict[str, Callable[[Any], Any]]:
    from ._array import Array
    from ._dtypes import DType

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


@_wrapper
def inputs_to_native_arrays(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Replace ``pa.Array`` arguments by their native arrays and portable dtypes by native ones.

    Only the parameters whose annotations allow arrays or dtypes are looked at.
    """
    convert = _converters(backend)
    positional = tuple((index, convert[cat]) for index, cat in decl.positional_categories)
    keyword = {name: convert[cat] for name, cat in decl.keyword_categories.items()}
    varargs = (decl.varargs[0], convert[decl.varargs[1]]) if decl.varargs else None
    if not (positional or keyword or varargs):
        return function

    def to_native(*args: Any, **kwargs: Any) -> Any:
        if args:
            args_list = list(args)
            count = len(args_list)
            for index, converter in positional:
                if index < count:
                    args_list[index] = converter(args_list[index])
            if varargs is not None and count > varargs[0]:
                start, converter = varargs
                args_list[start:] = [converter(a) for a in args_list[start:]]
            args = tuple(args_list)
        if kwargs and keyword:
            for name in keyword.keys() & kwargs.keys():
                kwargs[name] = keyword[name](kwargs[name])
        return function(*args, **kwargs)

    return to_native


@_wrapper
def outputs_to_polyarray_arrays(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """In array mode, wrap native arrays in the result (also inside tuples and lists) as ``pa.Array``.

    A declaration's ``result`` NamedTuple is built from tuple results in either mode.
    """
    from ._array import Array

    native_types = backend.native_array_types
    portable_dtype = backend.portable_dtype
    config = _config
    returns_dtype = decl.returns_dtype

    def wrap(value: Any) -> Any:
        if isinstance(value, native_types):
            return Array(value, backend)
        if isinstance(value, tuple):
            items = [wrap(v) for v in value]
            return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
        if isinstance(value, list):
            return [wrap(v) for v in value]
        return value

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


_BUILTIN_ERRORS: tuple[tuple[type[BaseException], type[PolyarrayError]], ...] = (
    (IndexError, PolyarrayIndexError),
    (NotImplementedError, PolyarrayNotImplementedError),
    (TypeError, PolyarrayTypeError),
    (ValueError, PolyarrayValueError),
    (ArithmeticError, PolyarrayValueError),
    (KeyError, PolyarrayValueError),
)


def translate_exception(error: BaseException, qualname: str, backend_name: str) -> PolyarrayError:
    """The polyarray error for a native exception, naming the function and backend."""
    cls: type[PolyarrayError] = PolyarrayError
    if isinstance(error, IndexError) and isinstance(error, ValueError):
        cls = PolyarrayAxisError
    for builtin, polyarray_cls in () if cls is PolyarrayAxisError else _BUILTIN_ERRORS:
        if isinstance(error, builtin):
            cls = polyarray_cls
            break
    return cls(f"pa.{qualname} failed on the {backend_name} backend: {type(error).__name__}: {error}")


@_wrapper
def handle_exceptions(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Turn native exceptions into ``pa.PolyarrayError`` subclasses, keeping the cause."""
    qualname, backend_name = decl.qualname, backend.name

    def translating(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, qualname, backend_name) from error

    return translating
