"""Type aliases used in the declarations.

The wrappers read the annotations as text when a backend is built: a
parameter whose annotation mentions ``Array`` may hold arrays (converted to
native ones), one that mentions ``DType`` may hold a dtype (converted to the
backend's native dtype), ``Sequence[...]`` marks a sequence of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, Union

if TYPE_CHECKING:
    from .._array import Array
    from .._dtypes import DType

#: A ``pa.Array``, a native array of any backend, or a Python scalar or nested sequence: anything, for type
#: checkers (in a composition's body it is a native array). Results the wrappers make arrays are ``Array`` in the
#: stubs (``_stubgen.py``).
ArrayLike: TypeAlias = Any
#: A portable dtype (``pa.float32``), its name (``"float32"``) or a native dtype.
DTypeLike: TypeAlias = Union["DType", str, Any]
#: A portable device name: ``"cpu"``, ``"gpu:0"`` …
Device: TypeAlias = str
#: A shape.
Shape: TypeAlias = Sequence[int]

__all__ = ["Array", "ArrayLike", "DType", "DTypeLike", "Device", "Shape"]
