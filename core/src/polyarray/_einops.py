"""einops on ``pa.Array``: ``einops.rearrange(x, ...)`` and the rest work on arrays of every backend.

einops finds the backend of a tensor among the subclasses of its
``AbstractBackend`` whose framework is imported. polyarray defines such a
subclass (framework ``"polyarray"``) as soon as einops defines its base
class: at ``import polyarray`` when einops is imported already, else when
einops is first imported (a finder on ``sys.meta_path`` that only watches for
``einops._backends`` and then removes itself). einops is never imported by
polyarray. Every operation is a polyarray function, so the result is a
``pa.Array`` of the input's backend.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Sequence
from typing import Any

from ._array import Array
from ._declare import DECLARATIONS

__all__ = ["register"]

#: The einops module that defines the base class of its backends.
_BASE_MODULE = "einops._backends"

_registered: list[type] = []


def register() -> None:
    """Give einops a backend for ``pa.Array``: now if einops is imported, else once it is."""
    module = sys.modules.get(_BASE_MODULE)
    if module is not None:
        _define(module)
    elif not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


class _Public:
    """The public functions by name (``pa.reshape`` …), read from the declarations when called."""

    def __getattr__(self, name: str) -> Any:
        decl = DECLARATIONS.get(name)
        public = None if decl is None else decl.public
        if public is None:
            raise AttributeError(f"polyarray has no public function {name!r}")
        return public


pa = _Public()


def _define(module: Any) -> None:
    if _registered:
        return
    base = module.AbstractBackend

    class PolyarrayBackend(base):  # type: ignore[misc, valid-type]
        """einops' operations on ``pa.Array``, each a polyarray function (so on the array's own backend)."""

        framework_name = "polyarray"

        def is_appropriate_type(self, tensor: Any) -> bool:
            return isinstance(tensor, Array)

        def from_numpy(self, x: Any) -> Any:
            return pa.asarray(x)

        def to_numpy(self, x: Any) -> Any:
            return pa.to_numpy(x)

        def arange(self, start: int, stop: int) -> Any:
            return pa.arange(start, stop)

        def shape(self, x: Any) -> tuple[Any, ...]:
            return tuple(x.shape)

        def reshape(self, x: Any, shape: Sequence[int]) -> Any:
            return pa.reshape(x, tuple(shape))

        def transpose(self, x: Any, axes: Sequence[int]) -> Any:
            return pa.permute_dims(x, tuple(axes))

        def reduce(self, x: Any, operation: str, axes: Sequence[int]) -> Any:
            return getattr(pa, operation)(x, axis=tuple(axes))

        def stack_on_zeroth_dimension(self, tensors: list[Any]) -> Any:
            return pa.stack(tensors)

        def add_axis(self, x: Any, new_position: int) -> Any:
            return pa.expand_dims(x, axis=new_position)

        def tile(self, x: Any, repeats: Sequence[int]) -> Any:
            return pa.tile(x, tuple(repeats))

        def concat(self, tensors: list[Any], axis: int) -> Any:
            return pa.concat(tensors, axis=axis)

        def is_float_type(self, x: Any) -> bool:
            return pa.isdtype(x.dtype, "real floating")

        def einsum(self, pattern: str, *x: Any) -> Any:
            return pa.einsum(pattern, *x)

    PolyarrayBackend.__module__ = __name__
    _registered.append(PolyarrayBackend)


class _Finder:
    """Defines polyarray's einops backend right after ``einops._backends`` is executed, then steps aside.

    A finder on ``sys.meta_path`` is any object with ``find_spec``; it does not subclass
    ``importlib.abc.MetaPathFinder``, whose import (``importlib.resources``, ``tempfile``, ``pathlib`` …)
    would cost ``import polyarray`` about a fifth of its time.
    """

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != _BASE_MODULE:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        execute = loader.exec_module

        def exec_module(module: Any) -> None:
            execute(module)
            _define(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec
