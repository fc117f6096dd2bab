"""Tracing functions into graphs of backend calls: ``pa.trace``, ``pa.compile`` and ``pa.Graph`` (docs/tracing.md).

These are functions of polyarray itself rather than declarations of the API
(``api/``): they take functions, not arrays, and ``trace`` is also the name
of ``pa.linalg.trace`` among the declarations, whose names are unique.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ._compile import TracedFunction, static_positions
from ._errors import PolyarrayValueError, TracingError
from ._graph import Graph
from ._trace import trace_graph

if TYPE_CHECKING:
    from ._backend import Backend

__all__ = ["trace", "compile", "Graph", "TracedFunction", "TracingError"]


def trace(
    fn: Callable[..., Any] | None = None,
    /,
    *example_args: Any,
    static_argnums: int | Iterable[int] = (),
    static_argnames: str | Iterable[str] = (),
    shapes: str = "exact",
    backend: str | Backend | None = None,
    **example_kwargs: Any,
) -> Graph | TracedFunction | Callable[[Callable[..., Any]], TracedFunction]:
    """Trace ``fn`` into a ``pa.Graph`` of backend calls; without example arguments, a function that traces itself.

    ``pa.trace(fn, *example_args, **example_kwargs)`` runs ``fn`` once on the
    examples and returns the :class:`pa.Graph <polyarray.Graph>` of the calls it
    made: the backend implementations that ran (compositions appear as the
    calls they made), with the non-array arguments and every array the
    function did not compute captured as constants, and nothing that does not
    feed the result. Arguments and results may be arrays (native or
    ``pa.Array``), tuples, lists, dicts and Containers of them. Replaying the
    graph (``graph(*args)``) makes the same calls with no dispatch and no
    wrappers; ``graph.to_backend(name)`` makes them on another backend.

    ``pa.trace(fn)`` (or ``@pa.trace``) returns a function that traces ``fn``
    on its first call for each kind of arguments (backend, structure, every
    non-array argument's value, each array's dtype and shape) and replays
    the graph for later calls of that kind. ``static_argnums`` and
    ``static_argnames`` mark arguments (arrays too) that are held as
    constants, so that the function may branch on them; ``shapes="rank"``
    lets a graph replay arrays of other shapes of the same rank where the
    trace did not read any size; ``backend=`` traces on that backend.

    Python control flow on a traced array (``if x > 0``, ``float(x)``), a write
    into one, a shape that depends on values (``pa.nonzero``, boolean masks)
    and a framework function called on a traced native array raise a
    ``pa.TracingError`` naming the line (see docs/tracing.md).

    >>> import numpy as np
    >>> def f(x, y):
    ...     return pa.exp(x) * 2.0 + y
    >>> graph = pa.trace(f, np.zeros(3, np.float32), np.ones(3, np.float32))
    >>> print(graph)  # doctest: +NORMALIZE_WHITESPACE
    def f(x0: float32[3], x1: float32[3]):  # on numpy, 3 calls
        v0 = exp(x0)           # float32[3]  (...)
        v1 = multiply(v0, c0)  # float32[3]  (...)
        v2 = add(v1, x1)       # float32[3]  (...)
        return v2
    <BLANKLINE>
    # c0 = 2.0  (float32[] constant)
    >>> graph(np.zeros(3, np.float32), np.arange(3, dtype=np.float32))
    Array([2., 3., 4.], backend=numpy, dtype=float32)
    >>> @pa.trace
    ... def g(x):
    ...     return pa.sum(x * x)
    >>> g(pa.asarray([1.0, 2.0])), g(pa.asarray([3.0, 4.0])), len(g.graphs)
    (Array(5., backend=numpy, dtype=float64), Array(25., backend=numpy, dtype=float64), 1)
    """
    if fn is None:
        if example_args or example_kwargs:
            raise TypeError("pa.trace takes the function first: pa.trace(fn, *example_args, **example_kwargs).")

        def decorate(function: Callable[..., Any]) -> TracedFunction:
            return TracedFunction(
                function, static_argnums=static_argnums, static_argnames=static_argnames, shapes=shapes, backend=backend
            )

        return decorate
    if not example_args and not example_kwargs:
        return TracedFunction(
            fn, static_argnums=static_argnums, static_argnames=static_argnames, shapes=shapes, backend=backend
        )
    if shapes not in ("exact", "rank"):
        raise PolyarrayValueError(f"pa.trace: shapes= is 'exact' or 'rank', not {shapes!r}.")
    numbers, names = static_positions(fn, static_argnums, static_argnames)
    return trace_graph(
        fn,
        example_args,
        example_kwargs,
        backend=backend,
        static_argnums=numbers,
        static_argnames=names,
        rank_only=shapes == "rank",
    )


def compile(  # noqa: A001 - the issue's name, as pa.compile
    fn: Callable[..., Any] | None = None,
    /,
    *,
    backend_compile: bool = True,
    static_argnums: int | Iterable[int] = (),
    static_argnames: str | Iterable[str] = (),
    dynamic: bool | None = None,
    shapes: str = "exact",
    backend: str | Backend | None = None,
) -> TracedFunction | Callable[[Callable[..., Any]], TracedFunction]:
    """Compile ``fn``: trace it for each kind of arguments, and hand the graph to the backend's compiler.

    The first call with each kind of arguments (as for ``pa.trace(fn)``:
    backend, structure, non-array and static values, dtypes and shapes)
    traces ``fn`` into a graph, which the backend's compiler takes: JAX's
    ``jax.jit``, PyTorch's ``torch.compile`` (``dynamic`` is passed on),
    TensorFlow's ``tf.function`` with XLA; a backend without a compiler (NumPy)
    replays the graph. ``backend_compile=False`` replays on every backend.
    Later calls of that kind run the compiled graph. Results equal ``fn``'s
    own, up to what the framework's compiler itself changes (fused
    floating-point operations may round differently).

    >>> import numpy as np
    >>> @pa.compile
    ... def step(w, x):
    ...     return w - 0.1 * pa.mean(x * w, axis=0)
    >>> step(np.ones(2), np.ones((4, 2)))
    Array([0.9, 0.9], backend=numpy, dtype=float64)
    >>> step.graph(np.ones(2), np.ones((4, 2))).stats()
    {'operator.mul': 1, 'mean': 1, 'multiply': 1, 'subtract': 1}
    """

    def decorate(function: Callable[..., Any]) -> TracedFunction:
        return TracedFunction(
            function,
            static_argnums=static_argnums,
            static_argnames=static_argnames,
            shapes=shapes,
            backend=backend,
            compile=bool(backend_compile),
            dynamic=dynamic,
            compiled_by=bool(backend_compile),
        )

    return decorate if fn is None else decorate(fn)
