"""handle_exceptions: native exceptions become polyarray errors naming function and backend."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from .._errors import PolyarrayError
from .._translate import name_error, register_error_classes, translate_exception
from . import wrapper
from .integers import default_axes_checker, integer_checker

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

    Integer arguments (axes, sizes, offsets: see :mod:`polyarray._wrappers.integers`),
    the declaration's own ``check`` and the default axes a call leaves out are
    checked first, so a bad argument raises the same error on every backend;
    the arguments then reach the backend in the form the checks give them
    (``integers.normal_form``, ``clip``'s bounds).
    """
    qualname, backend_name = decl.qualname, backend.name
    register_error_classes(backend_name, backend.raw.error_class)

    check = _combined([integer_checker(decl, backend_name), decl.check, default_axes_checker(decl, backend_name)])

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
        normalised = named_check(args, kwargs)
        return translating(*args, **kwargs) if normalised is None else translating(*normalised, **kwargs)

    return checking


#: A check: raises for arguments every backend must refuse; returns the positional arguments where it puts them
#: in another form (and the keyword ones into the dict), else None.
_Check = Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...] | None]


def _combined(checks: list[_Check | None]) -> _Check | None:
    """The ``checks`` in order, each on the arguments the ones before it give (returning the last form, or None)."""
    present = [check for check in checks if check is not None]
    if len(present) <= 1:
        return present[0] if present else None

    def check(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...] | None:
        normalised = None
        for each in present:
            changed = each(args if normalised is None else normalised, kwargs)
            if changed is not None:
                normalised = changed
        return normalised

    return check


def naming_check(
    check: Callable[[tuple, dict[str, Any]], tuple | None], qualname: str, backend_name: str
) -> Callable[[tuple, dict[str, Any]], tuple | None]:
    """``check(args, kwargs)`` whose errors name the function and backend (returning what it returns)."""

    def named_check(args: tuple, kwargs: dict[str, Any]) -> tuple | None:
        try:
            return check(args, kwargs)
        except PolyarrayError as error:
            raise_named(error, qualname, backend_name)

    return named_check


def raise_named(error: PolyarrayError, qualname: str, backend_name: str) -> NoReturn:
    """Raise a check's ``error`` naming the function and backend (:func:`name_error`): ``error`` itself where it
    names them, else the named error in its place, without the unnamed one as its context."""
    named = name_error(error, qualname, backend_name)
    if named is error:
        raise error
    raise named from None
