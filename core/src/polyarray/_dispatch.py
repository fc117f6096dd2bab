"""The public function objects: one per declaration, dispatching each call."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _handler

if TYPE_CHECKING:
    from ._declare import Declaration


def make_dispatcher(decl: Declaration) -> Callable[..., Any]:
    """Build ``pa.<name>``: choose the backend for this call, then call its function.

    Precedence: ``backend=`` > the context's backend stack > the backend
    inferred from the first array argument > the implicit backend.
    """
    qualname = decl.qualname
    stack_var_get = _handler.STACK.get
    unset = _handler.UNSET
    handler = _handler
    infer = _handler.infer_backend
    resolve = _handler.resolve_backend

    def dispatcher(*args: Any, backend: Any = None, **kwargs: Any) -> Any:
        if backend is None:
            stack = stack_var_get(unset)
            if stack is unset:
                stack = handler.process_stack
            chosen = stack[-1] if stack else infer(args, kwargs)
        else:
            chosen = resolve(backend)
        return chosen.functions[qualname](*args, **kwargs)

    functools.update_wrapper(dispatcher, decl.function, assigned=("__module__", "__name__", "__qualname__", "__doc__"))
    dispatcher.__signature__ = decl.signature  # type: ignore[attr-defined]
    dispatcher.__annotations__ = dict(getattr(decl.function, "__annotations__", {}))
    dispatcher.__annotations__.pop("xp", None)
    dispatcher.declaration = decl  # type: ignore[attr-defined]
    return dispatcher
