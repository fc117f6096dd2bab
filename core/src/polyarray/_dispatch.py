"""The public function objects: one per declaration, dispatching each call."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _accel, _handler
from ._codegen import GENERATED_NAME, generated_function, signature_source

if TYPE_CHECKING:
    from ._declare import Declaration


def make_dispatcher(decl: Declaration) -> Callable[..., Any]:
    """Build ``pa.<name>``: choose the backend for this call, then call its function.

    Precedence: ``backend=`` > the context's backend stack > the backend
    inferred from the first array argument > the implicit backend.

    The dispatcher is generated with the declaration's own signature (plus
    ``backend=``), so a call binds its arguments once, and passes them on to
    the backend's function, which has the same signature (see
    ``_wrappers/fusion.py``), leaving out keyword arguments at their
    defaults. Where the compiled fast paths are available (``_accel.py``),
    the public object is a compiled dispatcher that picks the backend from
    the context's stack or the first argument's type and hands every other
    call to the generated one. Declarations with ``*args`` or ``**kwargs`` get
    a generic dispatcher.
    """
    params = list(decl.signature.parameters.values())
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        dispatcher = _generic_dispatcher(decl)
    else:
        dispatcher = _generated_dispatcher(decl, params)
        if _accel.AVAILABLE:
            positional = bool(params) and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD)
            dispatcher = _accel.dispatcher(decl.qualname, dispatcher, infer_first=positional)
    functools.update_wrapper(dispatcher, decl.function, assigned=("__module__", "__name__", "__qualname__", "__doc__"))
    dispatcher.__signature__ = decl.signature  # type: ignore[attr-defined]
    dispatcher.__annotations__ = dict(getattr(decl.function, "__annotations__", {}))
    dispatcher.__annotations__.pop("xp", None)
    dispatcher.declaration = decl  # type: ignore[attr-defined]
    return dispatcher


def _generated_dispatcher(decl: Declaration, params: list[inspect.Parameter]) -> Callable[..., Any]:
    with_backend = [*params, inspect.Parameter("backend", inspect.Parameter.KEYWORD_ONLY, default=None)]
    arguments = ", ".join(
        p.name if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) else f"{p.name}={p.name}" for p in params
    )
    values = ", ".join(p.name for p in params)
    first = params[0].name if params else None
    lines = [
        f"def {GENERATED_NAME}({signature_source(with_backend)}):",
        "    if backend is None:",
        "        _stack = _stack_get(_unset)",
        "        if _stack is _unset:",
        "            _stack = _handler.process_stack",
        "        if _stack:",
        "            _chosen = _stack[-1]",
    ]
    if first is not None:
        # The common case of inference, inline: the first argument is an array of a known type.
        lines += [
            "        else:",
            f"            _cls = {first}.__class__",
            f"            _chosen = {first}.backend if _cls is _Array else _type_owner.get(_cls)",
            "            if _chosen is None:",
            f"                _chosen = _infer(({values},))",
            "            else:",
            "                _handler.implicit = _chosen",
        ]
    else:
        lines += ["        else:", "            _chosen = _infer(())"]
    lines += ["    else:", "        _chosen = _resolve(backend)"]
    # Keyword parameters at their defaults are not passed on: passing keywords costs more than testing them.
    keywords = [(i, p.name) for i, p in enumerate(params) if p.kind is p.KEYWORD_ONLY]
    if keywords:
        shorter = ", ".join(p.name for p in params if p.kind is not p.KEYWORD_ONLY)
        lines.append(f"    if {' and '.join(f'{name} is _d{i}' for i, name in keywords)}:")
        lines.append(f"        return _chosen.functions[_qualname]({shorter})")
    lines.append(f"    return _chosen.functions[_qualname]({arguments})")
    namespace: dict[str, Any] = {
        f"_d{index}": p.default for index, p in enumerate(with_backend) if p.default is not p.empty
    }
    from ._array import Array

    namespace.update(
        _stack_get=_handler.STACK.get,
        _unset=_handler.UNSET,
        _handler=_handler,
        _qualname=decl.qualname,
        _Array=Array,
        _type_owner=_handler.type_owners(),
        _infer=_handler.infer_backend,
        _resolve=_handler.resolve_backend,
    )
    source = "\n".join(lines)
    dispatcher = generated_function(source, namespace, decl.name, decl.qualname, with_backend)
    dispatcher.source = source  # type: ignore[attr-defined]
    return dispatcher


def _generic_dispatcher(decl: Declaration) -> Callable[..., Any]:
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

    return dispatcher
