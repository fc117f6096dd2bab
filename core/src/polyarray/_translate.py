"""Native exceptions as polyarray errors: the class a framework's exception stands for, a message that names
the function and backend and says what to do.

Used by the ``handle_exceptions`` wrapper, the fast paths, and everything else that calls a framework
(in-place operators, dynamic switches, Python conversions of lazy arrays).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import FunctionType

from ._errors import (
    PolyarrayAxisError,
    PolyarrayError,
    PolyarrayIndexError,
    PolyarrayMemoryError,
    PolyarrayNotImplementedError,
    PolyarrayOverflowError,
    PolyarrayTypeError,
    PolyarrayValueError,
    UnsupportedDtypeError,
)

__all__ = ["clean_message", "hint", "name_error", "register_error_classes", "translate_exception"]

_BUILTIN_ERRORS: tuple[tuple[type[BaseException], type[PolyarrayError]], ...] = (
    (IndexError, PolyarrayIndexError),
    (MemoryError, PolyarrayMemoryError),
    (NotImplementedError, PolyarrayNotImplementedError),
    (TypeError, PolyarrayTypeError),
    (ValueError, PolyarrayValueError),
    (OverflowError, PolyarrayOverflowError),
    (ArithmeticError, PolyarrayValueError),
    (KeyError, PolyarrayValueError),
    # An argument of the wrong type (a str where an array goes) fails on a missing attribute.
    (AttributeError, PolyarrayTypeError),
)


#: Each built backend's ``error_class`` support hook, by backend name (see :func:`register_error_classes`).
_CLASSIFIERS: dict[str, Callable[[BaseException], type[Exception] | None]] = {}

#: Text frameworks wrap their messages in that tells a user nothing: TensorFlow's
#: ``{{function_node __wrapped__Op_device_/job:…}}`` prefix and `` [Op:Name] name: `` suffix.
_NOISE = re.compile(r"\{\{function_node [^}]*\}\}\s*|\s*\[Op:\w+\](\s*name:\s*\S*)?")

_SHAPE_WORDS = re.compile(r"shape|size|dimension|broadcast|rank|ndim", re.IGNORECASE)
#: Frameworks' words for a reduction over axes that hold no elements (``max`` or ``argmin`` of an empty array).
_EMPTY_WORDS = re.compile(r"zero-size array to reduction|of an empty sequence|to have non-zero size", re.IGNORECASE)
_DTYPE_WORDS = re.compile(r"dtype|data type|type", re.IGNORECASE)

#: What to do, by the builtin class of an error (and for ValueError, by whether it is about shapes).
_HINT_SHAPES = (
    "Check the shapes: arrays broadcast when each trailing dimension is equal or 1 "
    "(pa.broadcast_shapes gives the result or this error); reshape the operands to fit."
)
_HINT_EMPTY = (
    "The reduced axes hold no elements, so there is nothing to take an extreme value or its index from; check "
    "the array's shape (x.shape) or reduce over axes that are not empty."
)
_HINT_INDEX = "An index on an axis of size n must lie in [-n, n); check the indices against the array's shape."
_HINT_AXIS = "An axis of an N-d array must be an integer in [-N, N)."
_HINT_DTYPE = "Check the dtypes the function accepts (its docstring) and convert with pa.astype."


def register_error_classes(backend_name: str, classify: Callable[[BaseException], type[Exception] | None]) -> None:
    """Use ``classify`` (a backend's ``error_class`` hook) for the errors of ``backend_name``."""
    _CLASSIFIERS[backend_name] = classify


#: Frameworks' spellings of dtypes in their messages, and the portable names polyarray shows instead.
_TF_ENUMS = {
    "FLOAT": "float32", "DOUBLE": "float64", "HALF": "float16", "BFLOAT16": "bfloat16", "BOOL": "bool",
    "INT8": "int8", "INT16": "int16", "INT32": "int32", "INT64": "int64",
    "UINT8": "uint8", "UINT16": "uint16", "UINT32": "uint32", "UINT64": "uint64",
    "COMPLEX64": "complex64", "COMPLEX128": "complex128",
}  # fmt: skip
_DTYPE_SPELLINGS = re.compile(
    r"<dtype: '(?P<tf>\w+)'>|\bDT_(?P<enum>[A-Z0-9]+)\b|\bdtype\('(?P<np>\w+)'\)|\b(?:torch|tf)\.(?P<mod>"
    r"bool|u?int(?:8|16|32|64)|b?float(?:16|32|64)|complex(?:64|128))\b"
)


def _portable_spelling(match: re.Match[str]) -> str:
    if match["enum"] is not None:
        return _TF_ENUMS.get(match["enum"], match[0])
    return match["tf"] or match["np"] or match["mod"]


def clean_message(text: str) -> str:
    """A framework's message without the wrapping that names its internals, with dtypes by their portable names."""
    if "{{" in text or "[Op:" in text:
        text = _NOISE.sub(" ", text).strip()
    return _DTYPE_SPELLINGS.sub(_portable_spelling, text)


def hint(cls: type[PolyarrayError], message: str) -> str:
    """The "what to do" sentence for an error of class ``cls`` whose message is ``message`` ('' when none fits)."""
    if issubclass(cls, PolyarrayAxisError):
        return _HINT_AXIS
    if issubclass(cls, PolyarrayIndexError):
        return _HINT_INDEX
    if issubclass(cls, PolyarrayTypeError):
        return _HINT_DTYPE if _DTYPE_WORDS.search(message) else ""
    if issubclass(cls, PolyarrayValueError) and _EMPTY_WORDS.search(message):
        return _HINT_EMPTY
    if issubclass(cls, PolyarrayValueError) and _SHAPE_WORDS.search(message):
        return _HINT_SHAPES
    return ""


def _builtin_class(error: BaseException, backend_name: str) -> type[BaseException] | None:
    """The builtin class the backend's ``error_class`` hook gives ``error`` (None: none, or a broken hook)."""
    classify = _CLASSIFIERS.get(backend_name)
    if classify is None:
        return None
    try:
        found = classify(error)
    except Exception:
        return None
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


def translate_exception(error: BaseException, qualname: str, backend_name: str) -> PolyarrayError:
    """The polyarray error for a native exception, naming the function and backend.

    A plugin signals a dtype its framework cannot compute on by raising any
    exception with a ``polyarray_unsupported_dtype`` attribute (the dtype's
    name); it becomes ``pa.UnsupportedDtypeError``. Plugins import no polyarray
    module, so the attribute is the whole protocol. An exception of a builtin
    class keeps it; one of the framework's own classes is classified by the
    backend's ``error_class`` support hook. The message names the function and
    backend, keeps the framework's sentence without its internals, and ends with
    what to do.
    """
    unsupported = getattr(error, "polyarray_unsupported_dtype", None)
    if isinstance(unsupported, str):
        return UnsupportedDtypeError(qualname, backend_name, unsupported, f": {error}")
    cls: type[PolyarrayError] = PolyarrayError
    if isinstance(error, IndexError) and isinstance(error, ValueError):
        cls = PolyarrayAxisError
    else:
        builtin = _builtin_class(error, backend_name)
        for base, polyarray_cls in _BUILTIN_ERRORS:
            if issubclass(builtin, base) if builtin is not None else isinstance(error, base):
                cls = polyarray_cls
                break
    text = clean_message(str(error))
    message = f"pa.{qualname} failed on the {backend_name} backend: {type(error).__name__}: {text}"
    advice = hint(cls, text)
    if not advice:
        return cls(message)
    return cls(f"{message}{'' if message.endswith(('.', '!', '?')) else '.'} {advice}")


def name_error(error: PolyarrayError, qualname: str, backend_name: str) -> PolyarrayError:
    """``error`` itself when its message names ``pa.<qualname>`` and the backend; else the same class naming both.

    Errors raised by polyarray's own checks and conversions (a dtype it does not
    know, a Python int out of range) are raised where the function is not known;
    the wrappers of the function give them its name on the way out.
    """
    text = str(error)
    function = f"pa.{qualname}"
    if (backend_name in text and function in text) or isinstance(type(error).__init__, FunctionType):
        return error  # named already, or a class that builds its own message from the function and backend
    if function in text:
        named_text = f"{text} (backend: {backend_name})"
    else:
        named_text = f"{function} on the {backend_name} backend: {text}"
    try:
        return type(error)(named_text)
    except Exception:
        return error
