"""handle_out_argument: the keyword-only ``out=`` of element-wise functions and reductions.

``out`` receives the result and is returned. It must have the result's shape
exactly (no broadcasting) and a dtype the result's dtype casts to under
NumPy's ``"same_kind"`` rule — bool, then unsigned integers, signed
integers, real floating, complex floating: a dtype casts to any dtype of its
own kind or a later one (``int64`` to ``int8`` or ``float32``; never
``float64`` to ``int64``, ``complex`` to ``float`` or ``int`` to ``uint``).
This is the rule of NumPy's and PyTorch's own ``out=``; ``x op= y`` follows it
too. A mismatch raises before anything is written.

How the result gets there:

- an implementation that declares ``out`` itself (opting in, as a framework
  whose functions take ``out=`` natively may) receives the native array of
  ``out`` and writes it, following these rules (the NumPy plugin does not opt
  in: NumPy's ufuncs broadcast into a larger ``out`` and choose their loop
  from it, which the standard's semantics do not allow);
- otherwise the backend's ``inplace_update`` support hook writes the result
  into the native array of ``out``, in place where the framework allows it
  (NumPy: ``out[...] = result``), so every view of ``out`` sees it;
- on a backend whose arrays are immutable the ``pa.Array`` given as ``out``
  takes the new data (``out.data = result`` through ``views.assign``, which
  also updates its base and views); a native array given there cannot be
  updated, which is an error that asks for a ``pa.Array``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._array import Array
from .._declare import signature_of
from .._errors import PolyarrayError, PolyarrayTypeError, PolyarrayValueError
from . import wrapper
from .errors import translate_exception
from .views import assign

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration


#: The order of kinds under NumPy's "same_kind" casting rule.
_KIND_RANK = {"bool": 0, "unsigned integer": 1, "signed integer": 2, "real floating": 3, "complex floating": 4}


def same_kind(from_kind: str, to_kind: str) -> bool:
    """Whether a dtype of kind ``from_kind`` casts to one of kind ``to_kind`` under "same_kind"."""
    return _KIND_RANK[from_kind] <= _KIND_RANK[to_kind]


def _implementation(decl: Declaration, backend: Backend) -> Callable[..., Any]:
    raw = getattr(backend.raw, decl.namespace) if decl.namespace else backend.raw
    return getattr(raw, decl.name)


def _opts_in(implementation: Callable[..., Any]) -> bool:
    try:
        return "out" in signature_of(implementation).parameters
    except (TypeError, ValueError):
        return False


@wrapper
def handle_out_argument(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Write the result into ``out`` (a ``pa.Array``, or a native array of a mutable backend) and return ``out``.

    See the module docstring for the shape and casting rules and for how
    the result is written on each kind of backend. Without ``out`` the call
    costs one test.
    """
    qualname, name = decl.qualname, backend.name
    native_types = backend.native_array_types
    mutable = backend.mutable_arrays
    update = backend.raw.inplace_update
    portable = backend.portable_dtype
    kinds_ok: dict[tuple[Any, Any], bool] = {}

    def target_of(out: Any) -> Any:
        """The native array the result goes into."""
        if type(out) is Array:
            if out.backend is not backend:
                raise PolyarrayTypeError(
                    f"pa.{qualname}: out is an array of the {out.backend.name} backend, but the call runs on "
                    f"the {name} backend; pass an out array of the {name} backend."
                )
            return out.data
        if isinstance(out, native_types):
            if not mutable:
                raise PolyarrayTypeError(
                    f"pa.{qualname}: out is a native {type(out).__name__}, which the {name} backend cannot "
                    f"update in place; pass a pa.Array as out (pa.asarray(...)) and read the result from it."
                )
            return out
        raise PolyarrayTypeError(
            f"pa.{qualname}: out must be a pa.Array (or a native array of the {name} backend), "
            f"not {type(out).__name__}."
        )

    def check(result: Any, target: Any) -> None:
        if tuple(result.shape) != tuple(target.shape):
            raise PolyarrayValueError(
                f"pa.{qualname}: the result has shape {tuple(result.shape)} but out has shape "
                f"{tuple(target.shape)}; out must have the result's shape exactly."
            )
        key = (result.dtype, target.dtype)
        if key[0] == key[1]:
            return
        ok = kinds_ok.get(key)
        if ok is None:
            source, destination = portable(key[0]), portable(key[1])
            ok = kinds_ok[key] = same_kind(source.kind, destination.kind)
        if not ok:
            raise PolyarrayTypeError(
                f"pa.{qualname}: the result's dtype {portable(key[0]).name} cannot be cast to out's dtype "
                f"{portable(key[1]).name} under the 'same_kind' rule; pass an out array of dtype "
                f"{portable(key[0]).name} (or of a wider dtype of the same kind)."
            )

    def write(out: Any, target: Any, result: Any) -> None:
        if not hasattr(result, "shape"):
            result = backend.raw.asarray(result)
        check(result, target)
        try:
            updated = update(target, result)
        except PolyarrayError:
            raise
        except Exception as error:
            raise translate_exception(error, qualname, name) from error
        if updated is target:
            return
        if type(out) is Array:
            assign(out, updated)
        else:
            raise PolyarrayTypeError(
                f"pa.{qualname}: the native out array ({type(out).__name__}) cannot be updated in place; "
                f"pass a pa.Array as out."
            )

    def write_all(out: Any, result: Any) -> Any:
        if isinstance(result, (tuple, list)):
            if not isinstance(out, (tuple, list)) or len(out) != len(result):
                raise PolyarrayTypeError(
                    f"pa.{qualname} returns {len(result)} arrays: out must be a tuple of {len(result)} arrays."
                )
            for item_out, item in zip(out, result):
                write(item_out, target_of(item_out), item)
        else:
            write(out, target_of(out), result)
        return out

    if _opts_in(_implementation(decl, backend)):

        def with_native_out(*args: Any, out: Any = None, **kwargs: Any) -> Any:
            if out is None:
                return function(*args, **kwargs)
            target = target_of(out)
            result = function(*args, out=target, **kwargs)
            if result is not target:
                write(out, target, result)
            return out

        return with_native_out

    def with_out(*args: Any, out: Any = None, **kwargs: Any) -> Any:
        if out is None:
            if kwargs:
                return function(*args, **kwargs)
            return function(*args)
        return write_all(out, function(*args, **kwargs))

    return with_out


def assign_result(self: Array, result: Any, symbol: str, name: str) -> Any:
    """``self op= y`` given ``result``, which is ``self op y``: ``result`` written into ``self`` through the
    backend's ``inplace_update`` hook.

    The result must have the shape of ``self`` and a dtype that casts to
    ``self``'s under the "same_kind" rule, as for ``out=``. Frameworks whose
    arrays are immutable give new data, which ``self`` (and its base and
    views) take.
    """
    native = result.data if isinstance(result, Array) else result
    backend = self.backend
    if not isinstance(native, backend.native_array_types):
        # A result some other type produced (a Container, an object overriding the function):
        # ``x op= y`` then binds x to it, as ``x = x op y`` would.
        return result
    data = self.data
    if tuple(native.shape) != tuple(data.shape):
        raise PolyarrayValueError(
            f"x {symbol}= y would change the shape of x from {tuple(data.shape)} to {tuple(native.shape)}; "
            f"in-place operators keep the shape of x (write x = x {symbol} y for a new array)."
        )
    if native.dtype != data.dtype:
        source, target = backend.portable_dtype(native.dtype), self.dtype
        if not same_kind(source.kind, target.kind):
            raise PolyarrayTypeError(
                f"x {symbol}= y gives {source.name}, which cannot be stored in x of dtype {target.name} "
                f"(in-place operators keep the dtype of x and cast only within the 'same_kind' rule); "
                f"write x = x {symbol} y for a new array."
            )
    try:
        updated = backend.raw.inplace_update(data, native)
    except PolyarrayError:
        raise
    except Exception as error:
        raise translate_exception(error, f"Array.{name}", backend.name) from error
    if updated is not data:
        assign(self, updated)
    return self
