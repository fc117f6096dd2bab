"""Shapes: ``pa.Shape``, and the wrappers that convert shapes at the function boundary.

``inputs_to_native_shapes`` gives implementations plain tuples where a
``pa.Shape`` was passed; ``outputs_to_polyarray_shapes`` turns the shape a
function returns into a ``pa.Shape`` in array mode.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .._config import settings
from .._errors import PolyarrayTypeError, PolyarrayValueError
from . import wrapper

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

#: Parameter names that hold a shape (besides parameters annotated with ``Shape``).
SHAPE_PARAMETERS = frozenset({"shape", "s", "noise_shape", "new_shape", "out_shape"})


class Shape(tuple):
    """The shape of an array: a tuple of axis sizes (an int, or None for a size not known yet).

    Built from sizes (``pa.Shape(2, 3)``), an iterable of them, or a
    framework's shape object (``torch.Size``, ``tf.TensorShape``); it compares
    equal to the tuple of the same sizes and goes wherever a tuple does.

    >>> s = pa.Shape((2, 3))
    >>> s
    Shape(2, 3)
    >>> s == (2, 3), s.ndim, s.size, s[1:]
    (True, 2, 6, Shape(3,))
    """

    __slots__ = ()

    def __new__(cls, *dims: Any) -> Shape:
        if len(dims) == 1:
            (dims,) = dims
            if isinstance(dims, Shape):
                return dims
        try:
            items: tuple[Any, ...] = (dims,) if not hasattr(dims, "__iter__") else tuple(dims)
        except TypeError:
            raise PolyarrayTypeError(f"A shape is an int or a sequence of ints, not {type(dims).__name__}.") from None
        sizes = []
        for item in items:
            if item is not None:
                try:
                    item = operator.index(item)
                except TypeError:
                    raise PolyarrayTypeError(
                        f"The sizes of a shape are ints (or None when unknown), not {type(item).__name__}."
                    ) from None
                if item < 0:
                    raise PolyarrayValueError(f"The sizes of a shape are not negative: {tuple(items)}.")
            sizes.append(item)
        return super().__new__(cls, sizes)

    def __repr__(self) -> str:
        sizes = ", ".join(map(str, self))
        return f"Shape({sizes},)" if len(self) == 1 else f"Shape({sizes})"

    def __getitem__(self, key: Any) -> Any:
        item = tuple.__getitem__(self, key)
        return Shape(item) if isinstance(key, slice) else item

    def __add__(self, other: Any) -> Shape:
        return Shape(tuple.__add__(self, tuple(other)))

    def __radd__(self, other: Any) -> Shape:
        return Shape(tuple(other) + tuple(self))

    def __getnewargs__(self) -> tuple[tuple[int | None, ...]]:
        return (tuple(self),)

    @property
    def ndim(self) -> int:
        """The number of axes."""
        return len(self)

    @property
    def size(self) -> int | None:
        """The number of elements (None when a size is unknown)."""
        total = 1
        for extent in self:
            if extent is None:
                return None
            total *= extent
        return total

    def as_tuple(self) -> tuple[int | None, ...]:
        """The sizes as a plain tuple."""
        return tuple(self)


def _annotation_text(annotation: Any) -> str:
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def _is_shape_parameter(name: str, annotation: Any) -> bool:
    text = _annotation_text(annotation)
    return name in SHAPE_PARAMETERS or "Shape" in text


@wrapper
def inputs_to_native_shapes(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Pass ``pa.Shape`` arguments to the implementation as plain tuples.

    Only the parameters that hold shapes (named ``shape``, ``s``,
    ``noise_shape`` … or annotated with ``Shape``) are looked at.
    """
    positions: list[int] = []
    names: list[str] = []
    for index, param in enumerate(decl.signature.parameters.values()):
        if not _is_shape_parameter(param.name, param.annotation):
            continue
        if param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            positions.append(index)
        if param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            names.append(param.name)
    if not (positions or names):
        return function

    def to_tuples(*args: Any, **kwargs: Any) -> Any:
        count = len(args)
        for index in positions:
            if index < count and type(args[index]) is Shape:
                args = (*args[:index], tuple(args[index]), *args[index + 1 :])
        if kwargs:
            for name in names:
                if type(kwargs.get(name)) is Shape:
                    kwargs[name] = tuple(kwargs[name])
        return function(*args, **kwargs)

    return to_tuples


@wrapper
def outputs_to_polyarray_shapes(
    function: Callable[..., Any], decl: Declaration, backend: Backend
) -> Callable[..., Any]:
    """In array mode, return the shape a function gives (declared ``-> Shape``) as a ``pa.Shape``.

    Tuples, lists and framework shape objects (``torch.Size``, ``tf.TensorShape``)
    all become ``pa.Shape``; in native mode the result is left as it is.
    """
    if "Shape" not in _annotation_text(decl.signature.return_annotation):
        return function
    config = settings

    def to_shape(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        return Shape(result) if config.array_mode and result is not None else result

    return to_shape
