"""handle_nans: what happens when an array argument contains NaN (``pa.set_nan_policy``).

Policies: ``"nothing"`` (the default: the wrapper costs one flag test),
``"warns"`` (a ``RuntimeWarning`` naming the function and the argument) and
``"raise_exception"`` (a ``pa.PolyarrayValueError`` naming them, before the
function runs). Only the parameters whose annotations allow arrays are
looked at, items of sequences of arrays included; arrays of integer and
bool dtypes cannot hold NaN and are skipped. A complex number is NaN when
either part is.

Looking for NaN reads values: on a lazy backend (Dask) a policy other than
``"nothing"`` computes the floating-point arguments of every call, all of
them in one pass, and warns that it does (a ``RuntimeWarning``).
"""

from __future__ import annotations

import cmath
import warnings
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .._config import settings
from .._errors import PolyarrayValueError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["POLICIES", "get_policy", "set_policy", "handle_nans"]

#: The NaN policies, in the order of strictness.
POLICIES = ("nothing", "warns", "raise_exception")

_policy = "nothing"

_FLOATING = frozenset({"real floating", "complex floating"})


def set_policy(policy: str) -> None:
    """Set the NaN policy (see :data:`POLICIES`)."""
    global _policy
    if policy not in POLICIES:
        raise PolyarrayValueError(
            f"The NaN policy must be one of {', '.join(repr(p) for p in POLICIES)}, not {policy!r}."
        )
    _policy = policy
    # Whether any check runs: read on every call, from the process-wide settings.
    settings.nan_checking = policy != "nothing"


def get_policy() -> str:
    """The current NaN policy."""
    return _policy


@wrapper
def handle_nans(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Warn or raise when an array argument contains NaN, as the NaN policy says.

    With the policy ``"nothing"`` a call costs one flag test. Returns
    ``function`` unchanged for declarations without array parameters.
    """
    arrays = ("array", "array_or_dtype", "array_sequence")
    positional = tuple((index, cat == "array_sequence") for index, cat in decl.positional_categories if cat in arrays)
    keyword = tuple((name, cat == "array_sequence") for name, cat in decl.keyword_categories.items() if cat in arrays)
    varargs = decl.varargs[0] if decl.varargs is not None and decl.varargs[1] in arrays else None
    if not (positional or keyword or varargs is not None):
        return function

    names = list(decl.signature.parameters)
    qualname = decl.qualname
    raw = backend.raw
    portable = backend.portable_dtype
    native_types = backend.native_array_types
    lazy = backend.info.lazy

    def nan_flag(value: Any) -> Any:
        """Whether ``value`` holds NaN: a bool, or on a lazy backend a 0-d array that says it when computed."""
        cls = type(value)
        if cls is float:
            return value != value
        if cls is complex:
            return cmath.isnan(value)
        if cls is list or cls is tuple:
            if not value:
                return False
            value = raw.asarray(value)
        elif not isinstance(value, native_types):
            return False
        try:
            kind = portable(value.dtype).kind
        except Exception:
            return False
        if kind not in _FLOATING:
            return False
        flag = raw.any(raw.isnan(value))
        return flag if lazy else bool(flag)

    def flags(args: tuple, kwargs: dict[str, Any]) -> Iterator[tuple[str, Any]]:
        """(name, flag) of each array argument, in order (items of sequences one by one)."""
        count = len(args)
        for index, sequence in positional:
            if index < count:
                value = args[index]
                items = value if sequence and (type(value) is list or type(value) is tuple) else (value,)
                yield from ((names[index], nan_flag(item)) for item in items)
        if varargs is not None:
            yield from ((names[varargs], nan_flag(value)) for value in args[varargs:])
        for name, sequence in keyword:
            if name in kwargs:
                value = kwargs[name]
                items = value if sequence and (type(value) is list or type(value) is tuple) else (value,)
                yield from ((name, nan_flag(item)) for item in items)

    def offending(args: tuple, kwargs: dict[str, Any]) -> str | None:
        """The name of the first argument that contains NaN.

        On a lazy backend this computes: every argument's flag in one pass, after a warning that says so.
        """
        if not lazy:
            return next((name for name, flag in flags(args, kwargs) if flag), None)
        found = list(flags(args, kwargs))
        pending = [flag for _, flag in found if type(flag) is not bool]
        if pending:
            warnings.warn(
                f"pa.{qualname} on the lazy {backend.name} backend: the NaN policy {_policy!r} computes every "
                f"floating-point argument to look for NaN (the arrays' whole graphs run now, and again when the "
                f"result is computed); pa.set_nan_policy('nothing') computes nothing.",
                RuntimeWarning,
                stacklevel=4,
            )
            computed = iter(raw.compute_arrays(*pending))
            found = [(name, flag if type(flag) is bool else bool(next(computed))) for name, flag in found]
        return next((name for name, flag in found if flag), None)

    def check(args: tuple, kwargs: dict[str, Any]) -> None:
        where = offending(args, kwargs)
        if where is None:
            return
        message = f"pa.{qualname} received NaN in its argument {where!r} (NaN policy {_policy!r})"
        if _policy == "raise_exception":
            raise PolyarrayValueError(f"{message}; pa.set_nan_policy('nothing') lets NaN through.")
        warnings.warn(f"{message}.", RuntimeWarning, stacklevel=3)

    def nan_checked(*args: Any, **kwargs: Any) -> Any:
        if settings.nan_checking:
            check(args, kwargs)
        if kwargs:
            return function(*args, **kwargs)
        return function(*args)

    return nan_checked
