"""handle_nan_matrices: a matrix holding NaN gives NaN results, the same on every backend.

LAPACK and the frameworks' own solvers disagree about a matrix holding NaN:
NumPy's SVD raises ("did not converge"), JAX's returns NaN, torch's Cholesky
raises, NumPy's LU leaves some entries of an inverse finite depending on its
pivoting, and eigen-solvers may read past the NaN and return finite values.
polyarray gives one answer on every backend: for each matrix (the last two
axes of the first argument) that holds a NaN, every entry of every floating
result that belongs to it is NaN (a complex NaN for complex results), and a
result that cannot hold NaN (``matrix_rank``'s integers) is an error, as
NumPy's is. The other matrices of a batch are computed as usual.

The wrapper replaces each matrix holding NaN by the identity before the
implementation runs (every decomposition takes it), then writes NaN over that
matrix's results. A call whose arguments hold no NaN costs one ``isnan``
reduction. Where the values cannot be read (inside ``jax.jit``, a symbolic
TensorFlow tensor, a torch ``meta`` tensor), the call is left to the
framework. On a lazy backend (Dask) nothing is read: the replacement and the
NaN results are steps of the graph, and an integer result (``matrix_rank``)
is left as the framework computes it. ``matrix_power`` follows the rule for negative powers only (an
inverse); positive powers are products, whose NaN spreads as in NumPy.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._dtypes import dtype_name_of
from .._errors import PolyarrayValueError
from . import wrapper
from .integers import known_rank

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = ["handle_nan_matrices"]


def _negative_power(args: tuple, kwargs: dict[str, Any]) -> bool:
    n = args[1] if len(args) > 1 else kwargs.get("n")
    return isinstance(n, int) and n < 0


#: Functions that follow the rule for some calls only.
_APPLIES: dict[str, Callable[[tuple, dict[str, Any]], bool]] = {"matrix_power": _negative_power}


def _solve_core_rank(args: tuple, kwargs: dict[str, Any]) -> int:
    x2 = args[1] if len(args) > 1 else kwargs.get("x2")
    return 1 if known_rank(x2) == 1 else 2


#: How many trailing axes of a result belong to one matrix, where the result's batch is not the first
#: argument's (``solve`` broadcasts its batch with ``x2``'s); elsewhere the result's leading axes are the batch.
_CORE_RANKS: dict[str, Callable[[tuple, dict[str, Any]], int]] = {"solve": _solve_core_rank}


def _kind(dtype: Any) -> str:
    name = dtype_name_of(dtype) or ""
    return "complex" if name.startswith("complex") else "real" if name.startswith(("float", "bfloat")) else ""


@wrapper
def handle_nan_matrices(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Give NaN results for the matrices holding NaN (see the module docstring)."""
    raw = backend.raw
    applies = _APPLIES.get(decl.name)
    core_rank = _CORE_RANKS.get(decl.name)
    qualname, backend_name = decl.qualname, backend.name

    lazy = backend.info.lazy

    def nan_batch(x: Any) -> Any | None:
        """The batch-shaped boolean array of the matrices of ``x`` holding NaN; None when there are none.

        On a lazy backend the array is returned unread (reading it would compute): the replacement and the
        NaN results are then part of the graph, for every call.
        """
        if _kind(x.dtype) == "" or len(x.shape) < 2:
            return None
        if lazy and not all(isinstance(size, int) for size in x.shape):
            return None  # sizes known only once computed: the framework's own answer stands
        try:
            bad = raw.any(raw.isnan(x), axis=(-2, -1))
            return bad if lazy or bool(raw.any(bad)) else None
        except Exception:
            return None  # values that cannot be read: the framework's own answer stands

    def with_nan(result: Any, bad: Any, batch: tuple[int, ...], core: int | None) -> Any:
        if isinstance(result, (tuple, list)):
            return type(result)(with_nan(item, bad, batch, core) for item in result)
        kind = _kind(getattr(result, "dtype", None))
        if not kind and lazy:
            return result  # an error would need the values: computing raises the framework's own
        if not kind:
            raise PolyarrayValueError(
                f"pa.{qualname} on the {backend_name} backend: a matrix holding NaN has no {decl.name}; "
                f"remove the NaN first (pa.where(pa.isnan(x), 0, x) or pa.nan_to_num)."
            )
        trailing = len(result.shape) - len(batch) if core is None else core
        mask = raw.reshape(bad, (*batch, *([1] * trailing)))
        fill = raw.full_like(result, complex(math.nan, math.nan) if kind == "complex" else math.nan)
        return raw.where(mask, fill, result)

    def nan_matrices(*args: Any, **kwargs: Any) -> Any:
        x = args[0] if args else None
        if x is None or not hasattr(x, "dtype") or (applies is not None and not applies(args, kwargs)):
            return function(*args, **kwargs)
        bad = nan_batch(x)
        if bad is None:
            return function(*args, **kwargs)
        shape = tuple(int(size) for size in x.shape)
        batch, (rows, columns) = shape[:-2], shape[-2:]
        identity = raw.eye(rows, columns, dtype=x.dtype, device=raw.device_of(x))
        clean = raw.where(raw.reshape(bad, (*batch, 1, 1)), identity, x)
        result = function(clean, *args[1:], **kwargs)
        return with_nan(result, bad, batch, core_rank(args, kwargs) if core_rank is not None else None)

    return nan_matrices
