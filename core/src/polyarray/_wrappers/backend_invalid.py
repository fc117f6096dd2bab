"""handle_backend_invalid: arrays of another backend are refused, or converted when they allow it.

A call runs on one backend. In the parameters whose annotations allow
arrays (items of sequences of arrays included):

- a ``pa.Array`` of another backend whose ``dynamic_backend`` is True is
  converted for this call, as a dynamic backend switch converts it (DLPack
  or NumPy; see ``_dynamic.py``), into a new array: the argument itself is
  left as it is; except that an array of a lazy backend (Dask) is refused
  on an eager one, since converting it would compute it in full, behind the
  user's back;
- a ``pa.Array`` of another backend whose ``dynamic_backend`` is False, and a
  native array that another backend owns (by the native types its plugin
  declares), raise :class:`BackendMismatchError`, which names both backends
  and says how to convert.

NumPy scalars (``numpy.float64(2.0)`` …) are accepted everywhere, as Python
scalars are. A backend that declares no native array types checks nothing.

Where this wrapper runs inside ``inputs_to_native_arrays`` (as
``WRAPPER_ORDER`` has it), a ``pa.Array`` has been unwrapped before it is
seen: its data is then judged as a native array, so an array of another
backend raises whatever its ``dynamic_backend`` flag.

The per-call cost is one ``type(value) in accepted`` test per array
argument; types are judged once and remembered, except ``pa.Array`` and its
subclasses, whose arrays belong to any backend: their backend is read at
every call.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import _choice, _dynamic
from .._array import Array
from .._errors import PolyarrayTypeError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["BackendMismatchError", "handle_backend_invalid"]


class BackendMismatchError(PolyarrayTypeError):
    """An array of one backend was passed to a function running on another."""


_ALWAYS_ACCEPTED = (bool, int, float, complex, str, bytes, type(None), slice, type(Ellipsis), list, tuple, dict)


def _is_numpy_scalar(value: Any) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.generic)


def mismatch(qualname: str, backend_name: str, other: str, what: str) -> BackendMismatchError:
    return BackendMismatchError(
        f"pa.{qualname} runs on the {backend_name} backend but was given {what} of the {other} backend. "
        f"Convert it first: pa.asarray(pa.to_numpy(x), backend={backend_name!r}); or set "
        f"x.dynamic_backend = True on a pa.Array to let polyarray convert it."
    )


def lazy_mismatch(qualname: str, backend_name: str, other: str) -> BackendMismatchError:
    return BackendMismatchError(
        f"pa.{qualname} runs on the {backend_name} backend but was given a pa.Array of the lazy {other} "
        f"backend; converting it for one call would compute all of it on this machine, so polyarray does not. "
        f"Compute it on purpose: pa.asarray(pa.to_numpy(x), backend={backend_name!r}), or switch every live "
        f"array with pa.set_backend({backend_name!r}, dynamic=True), which computes them in one pass."
    )


@wrapper
def handle_backend_invalid(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Refuse arrays of another backend in array parameters (convert ``dynamic_backend`` ``pa.Array`` s).

    See the module docstring. Returns ``function`` unchanged where the
    declaration has no array parameters or the backend declares no native
    array types.
    """
    arrays = ("array", "array_or_dtype")
    positional = tuple(index for index, cat in decl.positional_categories if cat in arrays)
    sequences = tuple(index for index, cat in decl.positional_categories if cat == "array_sequence")
    keyword = tuple(name for name, cat in decl.keyword_categories.items() if cat in (*arrays, "array_sequence"))
    varargs = decl.varargs[0] if decl.varargs is not None else None
    if not (positional or sequences or keyword or varargs is not None) or not backend.native_array_types:
        return function

    qualname, name = decl.qualname, backend.name
    native_types = backend.native_array_types
    accepted: set[type] = set(_ALWAYS_ACCEPTED)
    accepted.update(native_types)

    def judge(value: Any) -> Any:
        """The value to pass on for one of a type not yet accepted (or an Array); raises for a foreign one."""
        cls = type(value)
        if isinstance(value, Array):  # a subclass too, whose arrays may belong to any backend: never accepted by class
            if value.backend is backend:
                return value
            if value.dynamic_backend:
                if value.backend.info.lazy and not backend.info.lazy:
                    raise lazy_mismatch(qualname, name, value.backend.name)
                return Array(_dynamic.convert_array(value, backend), backend)
            raise mismatch(qualname, name, value.backend.name, "a pa.Array")
        if isinstance(value, native_types) or _is_numpy_scalar(value):
            accepted.add(cls)
            return value
        owner = _choice.owner_of(value)
        if owner is None or owner is backend:
            accepted.add(cls)
            return value
        raise mismatch(qualname, name, owner.name, f"a native {cls.__module__}.{cls.__name__}")

    def judge_sequence(values: Any) -> Any:
        if type(values) is list or type(values) is tuple:
            if all(type(v) in accepted for v in values):
                return values
            return type(values)(v if type(v) in accepted else judge(v) for v in values)
        return values if type(values) in accepted else judge(values)

    def judged(args: tuple, kwargs: dict[str, Any]) -> tuple[tuple, dict[str, Any]]:
        args_list = list(args)
        count = len(args_list)
        for index in positional:
            if index < count and type(args_list[index]) not in accepted:
                args_list[index] = judge(args_list[index])
        for index in sequences:
            if index < count:
                args_list[index] = judge_sequence(args_list[index])
        if varargs is not None and count > varargs:
            args_list[varargs:] = [v if type(v) in accepted else judge(v) for v in args_list[varargs:]]
        for key in keyword:
            if key in kwargs:
                kwargs[key] = judge_sequence(kwargs[key])
        return tuple(args_list), kwargs

    # The per-call test, specialised for the common shapes of declarations; calls without
    # keyword arguments skip building and unpacking a dict.
    if positional == (0,) and not (sequences or keyword or varargs is not None):

        def checked_first(*args: Any, **kwargs: Any) -> Any:
            if not args or type(args[0]) not in accepted:
                args, kwargs = judged(args, kwargs)
            if kwargs:
                return function(*args, **kwargs)
            return function(*args)

        return checked_first

    if positional == (0, 1) and not (sequences or keyword or varargs is not None):

        def checked_pair(*args: Any, **kwargs: Any) -> Any:
            if len(args) != 2 or type(args[0]) not in accepted or type(args[1]) not in accepted:
                args, kwargs = judged(args, kwargs)
            if kwargs:
                return function(*args, **kwargs)
            return function(*args)

        return checked_pair

    def checked(*args: Any, **kwargs: Any) -> Any:
        args, kwargs = judged(args, kwargs)
        return function(*args, **kwargs)

    return checked
