"""Process-wide settings."""

from __future__ import annotations

from .._config import settings
from .._declare import standalone
from .._wrappers import nans as _nans

__all__ = ["set_array_mode", "array_mode", "set_nan_policy", "nan_policy"]


@standalone
def set_array_mode(flag: bool) -> None:
    """Return ``pa.Array`` from every function (True, the default) or native arrays (False).

    >>> pa.set_array_mode(False)
    >>> type(pa.ones(2)).__name__
    'ndarray'
    >>> pa.set_array_mode(True)
    >>> type(pa.ones(2)).__name__
    'Array'
    """
    settings.array_mode = bool(flag)


@standalone
def array_mode() -> bool:
    """Whether functions return ``pa.Array`` (see :func:`set_array_mode`).

    >>> pa.array_mode()
    True
    """
    return settings.array_mode


@standalone
def set_nan_policy(policy: str) -> None:
    """Choose what functions that compute do when an array argument contains NaN.

    ``"nothing"`` (the default) lets NaN through at no cost; ``"warns"``
    emits a ``RuntimeWarning`` naming the function and the argument;
    ``"raise_exception"`` raises a ``pa.PolyarrayValueError`` before the
    function runs. The policy is process-wide. It applies to element-wise
    functions, reductions, linear algebra, FFTs, activations and the other
    compositions; arrays of integer and bool dtypes cannot hold NaN.

    >>> pa.set_nan_policy("raise_exception")
    >>> try:
    ...     pa.exp(pa.asarray([0.0, float("nan")]))
    ... except pa.PolyarrayValueError as error:
    ...     print(str(error).split(" (")[0])
    pa.exp received NaN in its argument 'x'
    >>> pa.set_nan_policy("nothing")
    >>> pa.exp(pa.asarray([0.0, float("nan")]))
    Array([ 1., nan], backend=numpy, dtype=float64)
    """
    _nans.set_policy(policy)


@standalone
def nan_policy() -> str:
    """The current NaN policy (see :func:`set_nan_policy`).

    >>> pa.nan_policy()
    'nothing'
    """
    return _nans.get_policy()
