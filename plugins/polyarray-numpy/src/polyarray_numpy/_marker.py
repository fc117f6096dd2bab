"""The pluggy marker for polyarray hook implementations, and the ``direct`` and ``resolved_by`` markers."""

from collections.abc import Callable, Iterable
from typing import Any

import pluggy

from ._helpers import NUMPY_2

hookimpl = pluggy.HookimplMarker("polyarray")


def direct(
    native: Callable[..., Any] | None,
    *,
    when: Callable[..., bool] | None = None,
    dtypes: Iterable[Any] | None = None,
    faster: tuple[Callable[..., Any], Iterable[Any]]
    | tuple[Callable[..., Any], Iterable[Any], type | tuple[type, ...]]
    | None = None,
    inplace: Callable[[Any, Any], Any] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark an implementation whose body only passes its arguments, unchanged and in the same form, to ``native``.

    polyarray then calls ``native`` itself on the fast path of a call, saving
    one Python frame. The attribute ``polyarray_direct`` -- ``native`` and the
    marked function's code object -- is the whole protocol; the code object
    keeps the mark from applying to wrappers that copy the function's
    attributes (``functools.wraps``). ``native`` is None for an implementation
    of a NumPy version that lacks the function (``getattr(np, "concat", None)``
    beside the implementation for older releases): nothing is marked then.
    Nothing is marked on NumPy 1.x either: it reads a Python scalar beside an
    array by its value (``int8_array + 1000`` is int16), where the fast path
    hands scalars to the marked callable as of the array's dtype.

    With ``when``, the implementation gives what ``native`` gives with the same
    arguments only where ``when(*args, **kwargs)`` holds, which depends on the
    arguments' dtypes and shapes alone (``polyarray_replay``: native, code,
    when). The fast path does not read it; the graph tracer does, once per
    recorded call (``record_calls`` in ``support.py``), for graphs that replay
    arrays of those dtypes and shapes. Such a mark is as inert as the other
    where ``native`` is None or on NumPy 1.x.

    With ``dtypes`` (NumPy dtypes), with or without ``when``, the
    implementation gives what ``native`` gives for a first array of one of
    them, whatever the other arguments: the fast path calls ``native`` for
    such calls (the mark ``polyarray_direct``: native, code, dtypes).

    With ``faster=(callable, dtypes)`` beside a plain mark, ``callable`` gives
    what ``native`` gives for a first array of one of those dtypes, more
    cheaply: the fast path calls it for such calls and ``native`` for the
    others (the mark: callable, code, dtypes, native).
    ``faster=(callable, dtypes, classes)`` holds only where the first operand
    is of exactly one of ``classes`` (a class or a tuple; the mark's fifth
    item). The element-wise arithmetic and comparisons use Python's operators
    for NumPy's scalars of the real floating dtypes (the 0-d results of
    reductions): ``x * y`` is NumPy's scalar arithmetic, about ten times
    cheaper than the ufunc on them, while on an ndarray the operator only
    calls the ufunc through a few more calls; the values, dtypes and types are
    the ufunc's (tests/test_fastpath.py), and a warning for an overflow on
    scalars names the "scalar multiply". ``x ** y`` holds for the class
    ``ndarray`` alone: there it is ``np.power`` (NumPy squares for the
    exponent 2, as np.power does), but NumPy's scalar power rounds some
    values of NumPy scalars otherwise.

    ``inplace``, beside ``dtypes`` or ``faster`` for a function of two
    operands, writes what the mark's callable gives into the first operand,
    raising before it writes anything (``polyarray_inplace``: the writer, the
    code object, and the writer's ``common`` case as data or None): ``x += y``
    of a ``pa.Array`` of those dtypes calls it. The element-wise arithmetic's
    writers (``_helpers.writing_into``) call the ufunc's in-place operator
    where a floating-point error can only warn, and raise before writing
    elsewhere.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        if native is None or not NUMPY_2:
            return function
        if when is not None:
            function.polyarray_replay = (native, function.__code__, when)  # type: ignore[attr-defined]
        if faster is not None:
            cheaper, its_dtypes, *its_class = faster
            mark = (cheaper, function.__code__, frozenset(its_dtypes), native, *its_class)
            function.polyarray_direct = mark  # type: ignore[attr-defined]
        elif dtypes is not None:
            function.polyarray_direct = (native, function.__code__, frozenset(dtypes))  # type: ignore[attr-defined]
        elif when is None:
            function.polyarray_direct = (native, function.__code__)  # type: ignore[attr-defined]
        if inplace is not None and (faster is not None or dtypes is not None):
            common = getattr(inplace, "common", None)
            function.polyarray_inplace = (inplace, function.__code__, common)  # type: ignore[attr-defined]
        return function

    return mark


def resolved_by(
    resolve: Callable[..., Callable[[], Any] | None],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a creation function whose call ``resolve``, given the same arguments, turns into a callable of no
    arguments that returns what the function returns for them (NumPy's own call), or None where it has none.

    polyarray calls ``resolve`` once for each call of exact ints it remembers
    (``arange(4)``) and then calls what it gave, saving the function's frames.
    The attribute ``polyarray_resolve`` -- ``resolve`` and the marked
    function's code object -- is the whole protocol. The function calls
    ``resolve`` itself, so that the two cannot differ.
    """

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.polyarray_resolve = (resolve, function.__code__)  # type: ignore[attr-defined]
        return function

    return mark
