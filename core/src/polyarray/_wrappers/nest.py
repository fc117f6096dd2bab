"""handle_nestable: a function given ``pa.Container`` arguments maps over their leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from .._container import Container
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

#: Parameter categories (see ``Declaration.positional_categories``) that may hold a Container.
ARRAY_CATEGORIES = frozenset({"array", "array_sequence", "array_or_dtype"})

#: How a result splits: None (one value per leaf), or (tuple class, layouts of its items).
Layout = Any


def result_layout(decl: Declaration) -> Layout:
    """The fixed tuple structure of the declaration's results, or None.

    A ``result=`` NamedTuple and a return annotation like
    ``tuple[ArrayLike, tuple[ArrayLike, ArrayLike]]`` are fixed; ``tuple[ArrayLike, ...]``
    and lists vary with the input, so they stay whole, one per leaf.
    """
    if decl.result is not None:
        named: Any = decl.result  # a NamedTuple class
        return decl.result, (None,) * len(named._fields)
    annotation = decl.signature.return_annotation
    return _parse_layout(annotation if isinstance(annotation, str) else "")


def _parse_layout(text: str) -> Layout:
    text = text.replace(" ", "")
    if not (text.startswith("tuple[") and text.endswith("]")):
        return None
    items, depth, start = [], 0, len("tuple[")
    for index in range(start, len(text) - 1):
        char = text[index]
        depth += char == "["
        depth -= char == "]"
        if char == "," and depth == 0:
            items.append(text[start:index])
            start = index + 1
    items.append(text[start:-1])
    if "..." in items or not all(items):
        return None
    return tuple, tuple(_parse_layout(item) for item in items)


def split_results(results: Any, layout: Layout) -> Any:
    """A Container of per-leaf tuple results as a tuple (of the same class) of Containers."""
    if layout is None:
        return results
    cls, items = layout
    parts = [
        split_results(results.cont_map(lambda value, _, index=index: value[index]), item)
        for index, item in enumerate(items)
    ]
    return cls(*parts) if hasattr(cls, "_fields") else cls(parts)


def _holds_container(value: Any, container: type) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    if type(value) is list or type(value) is tuple:
        for item in value:
            if type(item) is container:
                return True
    return False


@wrapper
def handle_nestable(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Map the function over the leaves of ``pa.Container`` arguments.

    Only the parameters whose annotations allow arrays are looked at (one
    ``type(x) is Container`` test each; a list or tuple of arrays is scanned
    for Containers). When one holds a Container, the backend's public
    function (``backend.functions[qualname]``, all its wrappers included) is
    called once per leaf, with each Container replaced by its leaf and the
    other arguments unchanged; several Containers are zipped leaf by leaf and
    must share their structure (``PolyarrayValueError`` naming the first key
    path where they differ). The result is a Container of the per-leaf
    results, in the first Container's key order; a function whose results
    are a tuple of fixed length (a ``result=`` NamedTuple such as
    ``linalg.qr``, or ``tuple[...]`` with a fixed number of items) returns
    that tuple (class) of Containers instead, so ``q, r = pa.linalg.qr(c)``
    works. Results of varying length (``unstack``, ``meshgrid`` …) stay whole:
    a Container of tuples or lists. A function without array parameters is
    returned unchanged.

    Parameters that wrappers outside this one consume (``complex_mode=``,
    ``out=``) are off the call by the time it gets here, so the per-leaf calls
    run with their defaults.
    """
    positional = tuple(index for index, category in decl.positional_categories if category in ARRAY_CATEGORIES)
    sequences = frozenset(index for index, category in decl.positional_categories if category == "array_sequence")
    keyword = tuple(name for name, category in decl.keyword_categories.items() if category in ARRAY_CATEGORIES)
    keyword_sequences = frozenset(name for name in keyword if decl.keyword_categories[name] == "array_sequence")
    varargs = decl.varargs[0] if decl.varargs and decl.varargs[1] in ARRAY_CATEGORIES else None
    if not (positional or keyword or varargs is not None):
        return function

    qualname = decl.qualname
    functions = backend.functions
    layout = result_layout(decl)
    container = Container
    array_positions = frozenset(positional)

    def leafwise(args: tuple, kwargs: dict[str, Any]) -> Any:
        # Where the Containers are: ("arg", index, None), ("arg", index, item) inside a sequence,
        # ("kw", name, None) or ("kw", name, item).
        places: list[tuple[str, Any, int | None]] = []
        containers: list[Any] = []
        for index, value in enumerate(args):
            if index not in array_positions and (varargs is None or index < varargs):
                continue
            if type(value) is container:
                places.append(("arg", index, None))
                containers.append(value)
            elif index in sequences and _holds_container(value, container):
                for item, element in enumerate(value):
                    if type(element) is container:
                        places.append(("arg", index, item))
                        containers.append(element)
        for name in keyword:
            value = kwargs.get(name)
            if type(value) is container:
                places.append(("kw", name, None))
                containers.append(value)
            elif name in keyword_sequences and _holds_container(value, container):
                for item, element in enumerate(value):
                    if type(element) is container:
                        places.append(("kw", name, item))
                        containers.append(element)

        def call(leaves: list[Any], path: str) -> Any:
            leaf_args, leaf_kwargs = list(args), dict(kwargs)
            for (where, key, item), leaf in zip(places, leaves):
                target: Any = leaf_args if where == "arg" else leaf_kwargs
                if item is None:
                    target[key] = leaf
                else:
                    sequence = list(target[key])
                    sequence[item] = leaf
                    target[key] = type(target[key])(sequence)
            try:
                return functions[qualname](*leaf_args, **leaf_kwargs)
            except Exception as error:
                add_note = getattr(error, "add_note", None)  # Python 3.11 and later
                if add_note is not None:
                    add_note(f"(pa.{qualname} at the Container key path {path!r})")
                raise

        return split_results(Container.cont_multi_map(call, containers), layout)

    # The per-call check, specialised for the common shapes of declarations.
    if not sequences and not keyword and varargs is None and positional == (0,):

        def nestable_first(*args: Any, **kwargs: Any) -> Any:
            if args and type(args[0]) is container:
                return leafwise(args, kwargs)
            return function(*args, **kwargs)

        return nestable_first

    if not sequences and not keyword and varargs is None and positional == (0, 1):

        def nestable_pair(*args: Any, **kwargs: Any) -> Any:
            if (args and type(args[0]) is container) or (len(args) > 1 and type(args[1]) is container):
                return leafwise(args, kwargs)
            return function(*args, **kwargs)

        return nestable_pair

    if sequences == {0} and not keyword and varargs is None and positional == (0,):

        def nestable_sequence(*args: Any, **kwargs: Any) -> Any:
            if args:
                value = args[0]
                if type(value) is container:
                    return leafwise(args, kwargs)
                if type(value) is list or type(value) is tuple:
                    for item in value:
                        if type(item) is container:
                            return leafwise(args, kwargs)
            return function(*args, **kwargs)

        return nestable_sequence

    def nestable(*args: Any, **kwargs: Any) -> Any:
        count = len(args)
        for index in positional:
            if index < count:
                value = args[index]
                if type(value) is container or (index in sequences and _holds_container(value, container)):
                    return leafwise(args, kwargs)
        if varargs is not None:
            for value in args[varargs:]:
                if type(value) is container:
                    return leafwise(args, kwargs)
        if kwargs and keyword:
            for name in keyword:
                if name in kwargs:
                    value = kwargs[name]
                    if type(value) is container or (name in keyword_sequences and _holds_container(value, container)):
                        return leafwise(args, kwargs)
        return function(*args, **kwargs)

    return nestable
