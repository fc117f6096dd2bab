"""``pa.linalg``: the array API standard's linear algebra extension."""

from ._declare import MAIN_NAMESPACE_ALIASES as _ALIASES
from .api.linalg import *  # noqa: F403
from .api.linalg import __all__ as _declared
from .api.linear_algebra import matmul, matrix_transpose, tensordot, vecdot  # noqa: F401

__all__ = [*_declared, *_ALIASES]  # pyright: ignore[reportUnsupportedDunderAll]  # linalg.pyi lists them
