"""handle_exceptions: native exceptions become polyarray errors naming function and backend."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._errors import PolyarrayError
from .._translate import name_error, register_error_classes, translate_exception
from . import wrapper
from .integers import integer_checker

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration


def naming(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """``function`` (a whole wrapper chain) giving the errors that escape it the function's and backend's names."""
    qualname, backend_name = decl.qualname, backend.name

    def named(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except PolyarrayError as error:
            renamed = name_error(error, qualname, backend_name)
            if renamed is error:
                raise
            raise renamed from error

    return named


@wrapper
def handle_exceptions(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Turn native exceptions into ``pa.PolyarrayError`` subclasses, keeping the cause.

    Integer arguments (axes, sizes, offsets: see :mod:`polyarray._wrappers.integers`)
    and the declaration's own ``check`` run first, so a bad argument raises the
    same error on every backend.
    """
    qualname, backend_name = decl.qualname, backend.name
    register_error_classes(backend_name, backend.raw.error_class)

    integers = integer_checker(decl, backend_name)
    declared = decl.check
    check: Callable[[tuple[Any, ...], dict[str, Any]], None] | None
    if integers is not None and declared is not None:

        def check_both(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
            integers(args, kwargs)
            declared(args, kwargs)

        check = check_both
    else:
        check = integers or declared

    def translating(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except PolyarrayError as error:
            named = name_error(error, qualname, backend_name)
            if named is error:
                raise
            raise named from error
        except Exception as error:
            raise translate_exception(error, qualname, backend_name) from error

    if check is None:
        return translating

    named_check = naming_check(check, qualname, backend_name)

    def checking(*args: Any, **kwargs: Any) -> Any:
        named_check(args, kwargs)
        return translating(*args, **kwargs)

    return checking


def naming_check(
    check: Callable[[tuple, dict[str, Any]], None], qualname: str, backend_name: str
) -> Callable[[tuple, dict[str, Any]], None]:
    """``check(args, kwargs)`` whose errors name the function and backend."""

    def named_check(args: tuple, kwargs: dict[str, Any]) -> None:
        try:
            check(args, kwargs)
        except PolyarrayError as error:
            named = name_error(error, qualname, backend_name)
            if named is error:
                raise
            raise named from None

    return named_check
