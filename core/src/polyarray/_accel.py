"""The compiled fast paths, ``polyarray._speedups``, where they are built and not turned off.

The extension is optional: a machine without a C compiler installs polyarray
without it. Setting ``POLYARRAY_PURE_PYTHON=1`` before ``import polyarray``
turns it off. Either way every backend function is its Python fast path
(``_fastpath.py``) and every public function its Python dispatcher
(``_dispatch.py``), which behave the same, more slowly; the compiled objects
only accelerate them.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Callable
from typing import Any

__all__ = [
    "AVAILABLE",
    "ENVIRONMENT_VARIABLE",
    "accelerate_operator",
    "accelerate_slots",
    "accelerate_subclass",
    "compiled_slots",
    "configure",
    "dispatcher",
    "fast_function",
    "fast_inplace",
    "guarded_writer",
    "new_settings",
    "prune",
]

#: The environment variable that turns the compiled fast paths off.
ENVIRONMENT_VARIABLE = "POLYARRAY_PURE_PYTHON"

_speedups: Any = None
if not os.environ.get(ENVIRONMENT_VARIABLE):
    try:
        _speedups = importlib.import_module(f"{__package__}._speedups")
    except ImportError:
        _speedups = None

#: Whether backend functions and dispatchers get compiled fast paths.
AVAILABLE = _speedups is not None


def new_settings() -> Any:
    """The compiled settings struct (``_config.settings``), which the fast paths read directly."""
    return _speedups.Settings()


def configure(**objects: Any) -> None:
    """Hand the extension the objects its fast paths read (see ``configure`` in ``_speedups.c``).

    Called once, by ``_dispatch.py``, before any compiled fast path is made.
    """
    if AVAILABLE:
        _speedups.configure(**objects)


def fast_function(plan: Any, python: Callable[..., Any]) -> Callable[..., Any]:
    """A compiled ``FastFunction`` reading ``plan`` and handing every other call to ``python``.

    ``python`` itself where the plan goes beyond what the compiled path holds.
    """
    return _speedups.FastFunction(plan, python)


def fast_inplace(plan: Any, python: Callable[..., Any], reference: Callable[..., Any]) -> Callable[..., Any]:
    """A compiled ``x op= y`` (``_fastpath.inplace_operator``) for the calls ``plan``'s in-place writer takes,
    handing every other call to ``python`` and, where the writer raises, the call to ``reference``.

    ``python`` itself where the plan has no writer.
    """
    return _speedups.FastFunction(plan, python, reference)


def guarded_writer(writer: Callable[[Any, Any], Any], common: tuple[Any, ...]) -> Callable[[Any, Any], Any]:
    """``writer`` (an in-place mark's) with its common case in C, as the mark's third item spells it:
    ``common = (operator, state, value, read)``, where ``writer(x1, x2)`` is ``operator(x1, x2)`` while the
    context variable ``state`` holds exactly ``value`` and ``warnings.filters`` is the list the writer last
    read, as its memo ``read`` records it (the list, its length, its first entry, and whether no filter turns
    the warnings into errors: true). ``writer`` takes every other call, and refreshes ``read``.

    ``writer`` itself without the extension.
    """
    if not AVAILABLE:
        return writer
    operator, state, value, read = common
    return _speedups.GuardedWriter(writer, operator, state, value, warnings, read)


def dispatcher(qualname: str, python: Callable[..., Any]) -> Callable[..., Any]:
    """A compiled ``Dispatcher`` for ``pa.<qualname>``: the common choices of a backend, else ``python``."""
    return _speedups.Dispatcher(qualname, python)


def accelerate_operator(function: Callable[..., Any], qualname: str, *, reflected: bool) -> None:
    """Have ``function`` (an operator or method of ``pa.Array``, a Python function) call its array's
    ``backend.operators[qualname]`` in C, with the array second where ``reflected``.

    The function object stays what it is (its code runs for every call the
    compiled entry point does not take, and tracers read that code); only how
    Python calls it changes.
    """
    _speedups.accelerate_operator(function, qualname, reflected)


def accelerate_slots(qualnames: dict[str, str]) -> None:
    """Give ``pa.Array`` number and comparison slots (``x + y``, ``-x``, ``x < y`` ...) that call the array's
    ``backend.operators[qualnames[method]]`` in C for operands of exactly ``pa.Array``, and in-place slots
    (``x += y`` ...) that call its ``backend.inplace[method]`` so.

    ``qualnames`` maps a forward method (``"__add__"``, ``"__neg__"``, ``"__lt__"``) to the function its
    Python operator calls; the reflected method calls the same one. Every other call (an operand of a
    subclass, an array with no backend) follows CPython's own rules for such slots and calls the methods
    its operands' classes define.
    """
    _speedups.accelerate_slots(qualnames)


def accelerate_subclass(cls: type) -> None:
    """The slots of :func:`accelerate_slots` on ``cls``, a new subclass of ``pa.Array``, where its own are
    CPython's generic ones: an operation mixing it with ``pa.Array`` is then decided in one place."""
    _speedups.accelerate_subclass(cls)


def compiled_slots(cls: type) -> list[str]:
    """The operator methods of ``cls`` whose slots are the compiled ones (none without the extension)."""
    return list(_speedups.compiled_slots(cls)) if AVAILABLE else []


def accelerate_dealloc() -> None:
    """Give ``pa.Array`` a compiled deallocator: its weak references and slots cleared, as CPython's generic one
    clears them for a class of slots alone, without asking what else the class has."""
    _speedups.accelerate_dealloc()


def accelerate_getitem() -> None:
    """Have ``pa.Array``'s subscript take basic keys of arrays whose backend has a ``direct_index_type`` in C,
    as the direct branch of the backend's ``getitem`` does; ``Array.__getitem__`` runs otherwise."""
    _speedups.accelerate_getitem()


def prune(refs: list[Any]) -> int:
    """``_registry._prune`` of the registry of arrays, compiled (see ``prune`` in ``_speedups.c``)."""
    return int(_speedups.prune(refs))
