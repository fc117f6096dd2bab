"""handle_array_like_without_promotion: lists, tuples and Python scalars where arrays go.

Every backend accepts them: a list or tuple given for an array parameter,
and a Python scalar given for one that does not take scalars itself, becomes
a native array through the backend's raw ``asarray`` with its default dtypes
(``[1, 2]`` the default integer dtype, ``2.5`` the default floating one) and
no other promotion. A parameter whose annotation allows Python scalars
(``x2: ArrayLike | int | float``) keeps them as they are: the implementation
applies the standard's scalar rules (``float32 array + 2.5`` stays
``float32``). In a sequence of arrays (``concat``'s ``arrays``) each item is
converted likewise.

Backends whose functions take array-likes themselves (``backend_info`` key
``accepts_array_likes``, True by default and for NumPy) skip the wrapper.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._errors import PolyarrayError
from .._promotion import PYTHON_SCALAR_TYPES
from . import wrapper
from .conversion import convert_parameters
from .errors import translate_exception

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

_SEQUENCES = (list, tuple)
_SCALAR_WORDS = ("int", "float", "complex", "bool")


def _takes_scalars(annotation: Any) -> bool:
    """Whether an annotation (read as text) allows Python scalars besides arrays."""
    text = annotation if isinstance(annotation, str) else str(annotation)
    return any(word in text.replace("ArrayLike", "") for word in _SCALAR_WORDS)


@wrapper
def handle_array_like_without_promotion(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """Convert lists, tuples (and Python scalars where the parameter takes none) with the backend's ``asarray``.

    Only the parameters whose annotations allow arrays are looked at; the
    function is returned unchanged for backends that accept array-likes.
    """
    if backend.accepts_array_likes:
        return function
    raw_asarray = backend.raw.asarray
    qualname, name = decl.qualname, backend.name

    def asarray(value: Any) -> Any:
        try:
            return raw_asarray(value)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, qualname, name) from error

    parameters = list(decl.signature.parameters.values())

    def converter(annotation: Any, sequence: bool) -> Callable[[Any], Any]:
        convertible = _SEQUENCES if _takes_scalars(annotation) else _SEQUENCES + PYTHON_SCALAR_TYPES

        def one(value: Any) -> Any:
            return asarray(value) if type(value) in convertible else value

        if not sequence:
            return one

        def each(values: Any) -> Any:
            if type(values) in _SEQUENCES:
                return type(values)(one(v) for v in values)
            return one(values)

        return each

    def for_parameter(index: int, category: str) -> Callable[[Any], Any] | None:
        if category not in ("array", "array_sequence", "array_or_dtype"):
            return None
        return converter(parameters[index].annotation, category == "array_sequence")

    by_position = [(index, for_parameter(index, category)) for index, category in decl.positional_categories]
    positional = [(index, convert) for index, convert in by_position if convert is not None]
    index_of = {p.name: i for i, p in enumerate(parameters)}
    by_name = {name: for_parameter(index_of[name], category) for name, category in decl.keyword_categories.items()}
    keyword = {name: convert for name, convert in by_name.items() if convert is not None}
    varargs = None
    if decl.varargs is not None:
        start, category = decl.varargs
        convert = for_parameter(start, category)
        varargs = (start, convert) if convert is not None else None
    return convert_parameters(function, positional, keyword, varargs)
