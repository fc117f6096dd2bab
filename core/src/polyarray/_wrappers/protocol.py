"""handle_array_function: objects that take over polyarray functions through ``__polyarray_function__``.

Like NumPy's ``__array_function__``: when an argument in an array parameter
is an object whose class defines

    def __polyarray_function__(self, func, types, args, kwargs): ...

the call is handed to it, with ``func`` the public polyarray function
(``pa.add``), ``types`` the tuple of the argument classes that define the
method, and the call's ``args`` and ``kwargs``. Returning ``NotImplemented``
passes the call on to the next such argument; when none is left a
``pa.PolyarrayTypeError`` is raised. Subclasses are asked before their base
classes, otherwise arguments are asked from left to right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .._array import Array
from .._errors import PolyarrayTypeError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

#: The method name of the protocol.
METHOD = "__polyarray_function__"

#: Classes known not to define the protocol (seeded with the common ones, grown as calls meet new ones).
_PLAIN: set[type] = {int, float, complex, bool, str, bytes, type(None), slice, type(Ellipsis), list, tuple, dict}

_ARRAY_CATEGORIES = ("array", "array_or_dtype")


@wrapper
def handle_array_function(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Hand the call to an argument whose class defines ``__polyarray_function__`` (see the module docstring).

    Only the parameters that may hold arrays are looked at, with one type
    check each on the common path.
    """
    _PLAIN.add(Array)
    _PLAIN.update(backend.native_array_types)
    single = tuple(index for index, category in decl.positional_categories if category in _ARRAY_CATEGORIES)
    sequences = tuple(index for index, category in decl.positional_categories if category == "array_sequence")
    keywords = tuple(name for name, category in decl.keyword_categories.items() if category != "dtype")
    varargs = decl.varargs[0] if decl.varargs else None
    if not (single or sequences or keywords or varargs is not None):
        return function
    plain = _PLAIN
    qualname = decl.qualname

    def values(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Iterator[Any]:
        """Every argument in an array parameter (items of sequences one level in)."""
        count = len(args)
        for index in single:
            if index < count:
                yield args[index]
        for index in sequences:
            if index < count:
                yield from _items(args[index])
        if varargs is not None:
            yield from args[varargs:]
        for name in keywords:
            if name in kwargs:
                value = kwargs[name]
                yield from _items(value) if decl.keyword_categories[name] == "array_sequence" else (value,)

    def dispatch(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        overriding: list[Any] = []
        for value in values(args, kwargs):
            cls = type(value)
            if cls in plain:
                continue
            if getattr(cls, METHOD, None) is None:
                plain.add(cls)
            elif not any(type(seen) is cls for seen in overriding):
                overriding.append(value)
        if not overriding:
            return function(*args, **kwargs)
        types = tuple(type(value) for value in overriding)
        public = decl.public
        for value in _by_precedence(overriding):
            result = getattr(value, METHOD)(public, types, args, kwargs)
            if result is not NotImplemented:
                return result
        names = ", ".join(t.__name__ for t in types)
        raise PolyarrayTypeError(
            f"pa.{qualname} is not implemented for arguments of type {names}: their "
            f"{METHOD} returned NotImplemented. Convert them to arrays first, or handle "
            f"pa.{qualname} in {METHOD}."
        )

    if not (sequences or keywords or varargs is not None):
        # The common shapes of a call, specialised: one or two leading array parameters.
        if single == (0,):

            def handling_one(*args: Any, **kwargs: Any) -> Any:
                if args and type(args[0]) in plain:
                    return function(*args, **kwargs)
                return dispatch(args, kwargs)

            return handling_one
        if single == (0, 1):

            def handling_two(*args: Any, **kwargs: Any) -> Any:
                if len(args) > 1 and type(args[0]) in plain and type(args[1]) in plain:
                    return function(*args, **kwargs)
                return dispatch(args, kwargs)

            return handling_two

        def handling_arrays(*args: Any, **kwargs: Any) -> Any:
            count = len(args)
            for index in single:
                if index < count and type(args[index]) not in plain:
                    return dispatch(args, kwargs)
            return function(*args, **kwargs)

        return handling_arrays

    def handling(*args: Any, **kwargs: Any) -> Any:
        for value in values(args, kwargs):
            if type(value) not in plain:
                return dispatch(args, kwargs)
        return function(*args, **kwargs)

    return handling


def _items(value: Any) -> Any:
    return value if isinstance(value, (list, tuple)) else (value,)


def _by_precedence(overriding: list[Any]) -> list[Any]:
    """Subclasses before their base classes, otherwise in argument order (as NumPy does)."""
    ordered: list[Any] = []
    for value in overriding:
        cls = type(value)
        at = len(ordered)
        for position, earlier in enumerate(ordered):
            if issubclass(cls, type(earlier)):
                at = position
                break
        ordered.insert(at, value)
    return ordered
