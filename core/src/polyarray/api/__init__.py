"""The declarations of polyarray's API, one module per category.

Each module mirrors a file of the same name in every backend plugin
(``plugins/*/src/polyarray_*/<category>.py``).
"""

from .._declare import CATEGORIES

__all__ = ["CATEGORIES"]
