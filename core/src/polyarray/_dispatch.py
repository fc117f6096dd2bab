"""The public function objects: one per declaration, dispatching each call to a backend's function.

``pa.add`` is made once, when polyarray is imported, and never replaced:
``pa.set_backend`` changes state, not the module. A call picks its backend
with :func:`polyarray._choice.choose_backend` (``backend=`` > the context's
backend > the first array argument's backend > the implicit backend) and
calls that backend's function for the declaration with the arguments exactly
as given. Where the compiled fast paths are built (``_accel.py``), the public
object is a compiled dispatcher that takes the common cases of the same choice
and hands every other call to the Python dispatcher made here; elsewhere a
Python dispatcher takes the same common cases in one frame
(:func:`_quick_dispatcher`). PyTorch's compiler traces the Python dispatcher.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _accel, _array, _choice, _declare, _handler, _registry, _tracers
from ._array import Array
from ._backend import Backend
from ._config import settings
from ._errors import PolyarrayError
from ._wrappers.shapes import Shape

if TYPE_CHECKING:
    from ._declare import Declaration

_accel.configure(
    settings=settings,
    state=_handler.state,
    stack_var=_handler.STACK,
    unset=_handler.UNSET,
    type_owner=_handler.type_owners(),
    array_type=Array,
    shape_type=Shape,
    backend_type=Backend,
    error=PolyarrayError,
    track=_registry.track,
    registry=_registry.registry(),
)
if _accel.AVAILABLE:
    _registry.use_array_pruner(_accel.prune)

__all__ = ["accelerate_array", "make_dispatcher"]

#: The parameter every public function takes besides its declared ones.
BACKEND_PARAMETER = inspect.Parameter(
    "backend", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="str | Backend | None"
)


def make_dispatcher(decl: Declaration) -> Callable[..., Any]:
    """Build ``pa.<name>`` for a declaration: its signature, docstring and name are the declaration's.

    The returned object has ``declaration`` (the :class:`Declaration`),
    ``__wrapped__`` (the declared function) and ``__signature__`` (the
    declared signature with ``backend=``, which ``inspect.signature`` and
    ``help()`` show), and ``python`` (the Python dispatcher it hands every
    call it does not take to, compiled or not).
    """
    python = _python_dispatcher(decl)
    if _accel.AVAILABLE:
        dispatcher = _accel.dispatcher(decl.qualname, python)
    else:
        dispatcher = _quick_dispatcher(decl.qualname, python)
    vars(dispatcher)["python"] = python
    _tracers.trace_python_instead(dispatcher, python)
    _describe(dispatcher, decl)
    return dispatcher


def _python_dispatcher(decl: Declaration) -> Callable[..., Any]:
    qualname = decl.qualname
    choose = _handler.choose_backend

    def dispatcher(*args: Any, backend: Any = None, **kwargs: Any) -> Any:
        return choose(args, kwargs, backend).functions[qualname](*args, **kwargs)

    _describe(dispatcher, decl)
    return dispatcher


def _quick_dispatcher(qualname: str, python: Callable[..., Any]) -> Callable[..., Any]:
    """The dispatcher where the compiled one is not built: the common cases of
    :func:`~polyarray._choice.choose_backend` in one frame, as the compiled
    dispatcher takes them, and every other call handed to ``python``.

    A call without ``backend=`` runs on the context's backend (the top of its
    stack, or of the process default); with no backend set, on the backend of
    a first argument that is exactly a ``pa.Array``, which becomes the
    implicit backend, as inference makes it. PyTorch's compiler traces
    ``python`` instead (it cannot read a context variable).
    """
    get_stack, unset, state = _choice.STACK.get, _choice.UNSET, _choice.state

    def dispatcher(*args: Any, backend: Any = None, **kwargs: Any) -> Any:
        if backend is None:
            stack = get_stack(unset)
            if stack is unset:
                stack = state.process_stack
            if stack:
                return stack[-1].functions[qualname](*args, **kwargs)
            if args and args[0].__class__ is Array:
                chosen = args[0].backend
                if chosen is not None:
                    state.implicit = chosen
                    return chosen.functions[qualname](*args, **kwargs)
        return python(*args, backend=backend, **kwargs)

    return dispatcher


def _describe(function: Any, decl: Declaration) -> None:
    """Give ``function`` the declaration's name, docstring and signature (with ``backend=``)."""
    function.__module__ = decl.function.__module__
    function.__name__ = decl.name
    function.__qualname__ = decl.name
    function.__doc__ = decl.doc
    function.__signature__ = _with_backend(decl.signature)
    annotations = dict(getattr(decl.function, "__annotations__", {}))
    annotations.pop("xp", None)
    function.__annotations__ = annotations
    function.declaration = decl
    function.__wrapped__ = decl.function


def _with_backend(signature: inspect.Signature) -> inspect.Signature:
    """``signature`` with the keyword-only ``backend=`` (before a ``**kwargs``)."""
    params = list(signature.parameters.values())
    at = len(params) - (1 if params and params[-1].kind is inspect.Parameter.VAR_KEYWORD else 0)
    return signature.replace(parameters=[*params[:at], BACKEND_PARAMETER, *params[at:]])


def accelerate_array() -> None:
    """Have ``pa.Array``'s operators and methods (``_array.ACCELERABLE``) and ``__getitem__`` called in C, where
    that is built.

    Each stays the Python function it is (tracers read its code); its entry
    point calls the array's ``backend.operators[name]`` as its code does,
    without a Python frame, and runs the code for every other call. The
    class's number and comparison slots (``x + y``, ``-x``, ``x < y``) make
    the same call without looking the method up, for operands of exactly
    ``pa.Array``, and so do those of each subclass defined later.
    """
    if not _accel.AVAILABLE:
        return
    for attribute, (qualname, reflected) in _array.ACCELERABLE.items():
        _accel.accelerate_operator(Array.__dict__[attribute], qualname, reflected=reflected)
    _accel.accelerate_slots(_array.OPERATOR_QUALNAMES)
    _array.SUBCLASS_HOOKS.append(_accel.accelerate_subclass)
    _accel.accelerate_getitem()
    _accel.accelerate_dealloc()


_declare.set_publisher(make_dispatcher)
