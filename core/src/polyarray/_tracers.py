"""What lets framework tracers see polyarray's Python code where it is accelerated.

``jax.jit`` and ``tf.function`` trace by calling functions with tracer
values: every polyarray function works under them as it is. PyTorch's
compiler (TorchDynamo, behind ``torch.compile``) instead reads Python
bytecode, so it cannot step into the compiled fast paths (``_accel.py``) nor
read a context variable. Two marks, documented by PyTorch for its own
wrappers, point it at the Python path that defines the behaviour:

* a compiled object is traced as the Python function it accelerates
  (:func:`trace_python_instead`: the attributes ``torch.jit`` sets on a
  ``script_if_tracing`` wrapper);
* reading the backend set for this context is evaluated once, when the
  function is compiled (:func:`constant_when_compiled`: what
  ``torch.compiler.assume_constant_result`` marks), so a compiled function
  keeps the backend that was set when it was compiled.

Neither mark costs anything outside PyTorch's compiler, and no framework is
imported here. The tests of ``tests/frameworks`` compile through polyarray
with ``fullgraph=True``, so a change in PyTorch that drops either mark is seen.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["trace_python_instead", "constant_when_compiled", "compiling", "compiling_test"]

_F = TypeVar("_F", bound=Callable[..., Any])


def trace_python_instead(compiled: Any, python: Callable[..., Any]) -> None:
    """Have PyTorch's compiler trace ``python`` where it meets ``compiled`` (which behaves the same)."""
    setattr(compiled, "__script_if_tracing_wrapper", True)
    setattr(compiled, "__original_fn", python)


def constant_when_compiled(function: _F) -> _F:
    """Mark ``function`` (which must return a str, a number or None) as evaluated once when compiling."""
    vars(function)["_dynamo_marked_constant"] = True
    return function


#: PyTorch's test of whether TorchDynamo traces, once PyTorch is imported (None before).
_torch_is_compiling: Callable[[], bool] | None = None


def compiling() -> bool:
    """Whether PyTorch's compiler is tracing the caller's bytecode (False without torch).

    ``torch.compiler.is_dynamo_compiling`` (``is_compiling`` on releases
    before it), remembered once PyTorch is imported: the caches this guards
    only matter where TorchDynamo reads the code; ``torch.export`` without
    it runs the Python as it is.

    >>> from polyarray._tracers import compiling
    >>> compiling()
    False
    """
    is_compiling = _torch_is_compiling
    if is_compiling is None:
        torch = sys.modules.get("torch")
        if torch is None:
            return False
        compiler = torch.compiler
        is_compiling = _remember(getattr(compiler, "is_dynamo_compiling", compiler.is_compiling))
    return is_compiling()


def compiling_test() -> Callable[[], bool]:
    """The quickest test of :func:`compiling` to keep: PyTorch's own where PyTorch is imported (one call fewer),
    else :func:`compiling` itself, which finds PyTorch's once it is imported.

    >>> from polyarray._tracers import compiling_test
    >>> compiling_test()()
    False
    """
    if sys.modules.get("torch") is None:
        return compiling
    compiling()
    return _torch_is_compiling or compiling


def _remember(is_compiling: Callable[[], bool]) -> Callable[[], bool]:
    global _torch_is_compiling
    _torch_is_compiling = is_compiling
    return is_compiling
