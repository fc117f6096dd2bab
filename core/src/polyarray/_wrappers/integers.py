"""Arguments checked once, from the declarations' annotations: integers, bools, ``Literal`` choices and numbers.

A parameter annotated with integers only (``axis: int | tuple[int, ...] |
None``, ``k: int``, ``shape: tuple[int, ...]``, ``num: int`` …) takes Python
ints (or objects with ``__index__``, such as NumPy integers), sequences of
them where the annotation says so, and None where it says so. Anything else
is a ``pa.PolyarrayTypeError`` before any backend sees it, as NumPy's
``'float' object cannot be interpreted as an integer``: a float, a string,
and a bool (a bool is not an axis or a size). What passes reaches every
backend in one form (:func:`normal_form`): an integer as a Python int, a
list, tuple or ``range`` of them as a tuple of Python ints, and an int given
where only a sequence is declared (``reshape(x, -1)``, ``tile(x, 2)``) as a
tuple of one, as NumPy takes it. An axis out of range for the
array arguments' rank is a ``pa.PolyarrayAxisError``, a default one left out
too (``sort``'s ``axis=-1`` of a 0-d array: :func:`default_axes_checker`,
run after the declaration's own check); repeated axes in one
``axis`` or ``axes`` argument are a ``pa.PolyarrayValueError``. A parameter
that also takes arrays (``repeat``'s ``repeats``) refuses only Python floats.

Four other kinds of parameter are checked the same way (the ``kind`` of an
:class:`IntegerParameter`):

- ``bool`` (``keepdims: bool``, ``copy: bool | None``): ``True`` or ``False``,
  None where the annotation says so; anything else is a
  ``pa.PolyarrayTypeError``, as NumPy's reductions refuse ``keepdims="yes"``;
- ``Literal[...]`` (``norm: Literal["backward", "ortho", "forward"]``,
  ``mode``, ``side``, ``indexing``, ``reduction``): one of the listed values,
  or None or a number where the annotation also allows them (``ord: int |
  float | Literal["fro", "nuc"] | None``); anything else is a
  ``pa.PolyarrayValueError`` naming the choices, as NumPy raises for a bad
  ``norm`` or ``mode``;
- numbers (``eps: float``, ``fill_value: bool | int | float | complex``,
  ``ord: int | float``): a Python or NumPy number of an allowed kind (a
  complex one only where ``complex`` is allowed), or an object that converts
  to one (a 0-d array); None where allowed. Anything else (a string, a
  container, None) is a ``pa.PolyarrayTypeError``;
- devices (``device: Device | None``): a number or a container (``device=0``)
  is a ``pa.PolyarrayTypeError`` on every backend; a name or a framework's
  device object goes to the backend, which says whether it has that device.

The analysis is done once per declaration (:func:`integer_parameters`);
``handle_exceptions`` runs the check in the wrapper chain. The fast path
(``_fastpath.py``) takes only calls whose integer arguments are plain ints,
tuples of them or None, within 64 bits, whose axes lie in range, and whose
bools, choices and numbers are plain values of the allowed kinds
(:func:`plain_values`), leaving every other call to the chain.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import numbers
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .._declare import _annotation_text, wrapper_parameter_names
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError
from .._promotion import PYTHON_SCALAR_TYPES

if TYPE_CHECKING:
    from .._declare import Declaration

__all__ = [
    "IntegerParameter",
    "integer_parameters",
    "integer_checker",
    "known_rank",
    "normal_form",
    "plain_values",
    "array_positions",
    "default_axes_rank",
    "default_axes_checker",
]

_INT_SEQUENCE = re.compile(r"^(tuple\[int, \.\.\.\]|Sequence\[int\]|list\[int\]|tuple\[int\])$")
_PAIR_OF_SEQUENCES = "tuple[Sequence[int], Sequence[int]]"
#: Parameters whose sequences name axes, where a repeated axis is an error (moveaxis's ``source`` and
#: ``destination``, layer_norm's ``normalized_idxs`` too).
_AXIS_NAMES = frozenset({"axis", "axes", "source", "destination", "normalized_idxs"})
#: Parameters whose values name axes of the array arguments (tensordot's pair of axes is its own matter).
_RANGED_NAMES = frozenset({"axis", "axes", "source", "destination", "normalized_idxs"})
#: Functions whose ``axis`` names a position in the result, which has one axis more than the input.
_NEW_AXIS_FUNCTIONS = frozenset({"expand_dims", "stack", "one_hot"})
#: Functions whose ``axis`` may name one axis several times (``roll`` adds the shifts).
_REPEATS_ALLOWED = frozenset({"roll"})
#: Functions whose ``shape`` may hold one -1, the size that fits.
_INFERRED_SIZE_FUNCTIONS = frozenset({"reshape"})

#: Functions whose diagonal ``k`` may be any int: their declaration's check gives the backend a ``k`` beyond the
#: matrix as the first diagonal outside it (``api/_checks.py``), so no width is refused.
_DIAGONAL_FUNCTIONS = frozenset({"eye", "tril", "triu"})


@dataclass(frozen=True)
class IntegerParameter:
    """What an integer-only parameter accepts."""

    name: str
    position: int | None  # where it may be passed positionally
    required: bool
    allows_none: bool
    allows_sequence: bool
    allows_pair: bool  # tensordot's axes: a pair of sequences
    with_arrays: bool  # the annotation also takes arrays: only Python floats are refused
    #: An int by itself (``axis: int | tuple[int, ...]``); where not (``shape: tuple[int, ...]``), an int is
    #: taken as a tuple of one.
    allows_int: bool = True
    names_axes: bool = False  # its values name axes of the array arguments: checked against their rank
    extra_axes: int = 0  # how many more axes than the inputs' the axes may name (a new axis: expand_dims, stack)
    minimum: int | None = None  # the smallest value allowed (sizes of a shape: 0; reshape's may be -1)
    maximum: int | None = None  # the largest value allowed (sizes of a shape: SIZE_MAX)
    any_width: bool = False  # any int, not only those of 64 bits (eye's, tril's and triu's diagonal k)
    unique: bool = False  # an axis may be named once only
    #: The default of a parameter naming axes where it is an int (``sort``'s ``axis=-1``), checked against the rank
    #: where the call leaves it out; None otherwise.
    default_axis: int | None = None
    #: "integer", "bool", "literal" (one of ``choices``), "number" (of the Python types named in ``numbers``) or
    #: "device".
    kind: str = "integer"
    choices: tuple[Any, ...] = ()
    #: For "number" (and a "literal" that also takes numbers): the names of the number types allowed.
    numbers: frozenset[str] = frozenset()


def _split(text: str) -> list[str]:
    """The top-level alternatives of ``A | B[C | D] | E``."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return parts


_NUMBER_NAMES = frozenset({"bool", "int", "float", "complex"})
#: Number parameters that NumPy checks by value, so that a string is a ``ValueError`` there, as any other
#: invalid value (``vector_norm(x, ord="fro")``: "Invalid norm order").
_ORDERS = frozenset({"ord"})


def _literal_choices(alternative: str) -> tuple[Any, ...] | None:
    """The values of ``Literal[...]`` (None for any other alternative)."""
    if not alternative.startswith("Literal[") or not alternative.endswith("]"):
        return None
    values = ast.literal_eval(f"({alternative[len('Literal[') : -1]},)")
    return tuple(values)


def _describe_other(param: Any, position: int | None, alternatives: list[str]) -> IntegerParameter | None:
    """A bool, Literal or number parameter (see the module docstring); None for any other annotation."""
    choices: tuple[Any, ...] = ()
    rest = []
    for alternative in alternatives:
        found = _literal_choices(alternative)
        if found is None:
            rest.append(alternative)
        else:
            choices += found
    allows_none = "None" in rest
    named = frozenset(alt for alt in rest if alt != "None")
    if not named <= _NUMBER_NAMES or (not named and not choices):
        return None
    if choices:
        kind = "literal"
    elif named == {"bool"}:
        kind = "bool"
    else:
        kind = "number"
    numbers = named if kind != "bool" else frozenset()
    return _one_value(param, position, allows_none, kind, choices=choices, numbers=numbers)


def _describe_device(param: Any, position: int | None, alternatives: list[str]) -> IntegerParameter | None:
    """A ``device: Device | None`` parameter; None for any other annotation."""
    if "Device" not in alternatives or not set(alternatives) <= {"Device", "None"}:
        return None
    return _one_value(param, position, "None" in alternatives, "device")


def _one_value(param: Any, position: int | None, allows_none: bool, kind: str, **details: Any) -> IntegerParameter:
    """A parameter of ``kind`` taking one value (no sequence, no array)."""
    return IntegerParameter(
        name=param.name,
        position=position,
        required=param.default is param.empty,
        allows_none=allows_none,
        allows_sequence=False,
        allows_pair=False,
        with_arrays=False,
        kind=kind,
        **details,
    )


def _describe(param: Any, position: int | None) -> IntegerParameter | None:
    text = _annotation_text(param.annotation)
    if not text:
        return None
    alternatives = _split(text)
    return (
        _describe_integer(param, position, text, alternatives)
        or _describe_other(param, position, alternatives)
        or _describe_device(param, position, alternatives)
    )


def _describe_integer(param: Any, position: int | None, text: str, alternatives: list[str]) -> IntegerParameter | None:
    if "int" not in text:
        return None
    with_arrays = any(alt in ("ArrayLike", "Array") for alt in alternatives)
    rest = [alt for alt in alternatives if alt not in ("ArrayLike", "Array")]
    allowed = {"int", "None", _PAIR_OF_SEQUENCES}
    if not rest or any(alt not in allowed and not _INT_SEQUENCE.match(alt) for alt in rest):
        return None
    return IntegerParameter(
        name=param.name,
        position=position,
        required=param.default is param.empty,
        allows_none="None" in rest,
        allows_sequence=any(_INT_SEQUENCE.match(alt) for alt in rest),
        allows_pair=_PAIR_OF_SEQUENCES in rest,
        with_arrays=with_arrays,
        allows_int="int" in rest,
    )


@functools.lru_cache(maxsize=4096)
def integer_parameters(decl: Declaration) -> tuple[IntegerParameter, ...]:
    """The parameters of ``decl`` that hold integers only, found once from the annotations."""
    added = wrapper_parameter_names()
    found = []
    has_arrays = any(category.startswith("array") for _, category in decl.positional_categories)
    for index, param in enumerate(decl.signature.parameters.values()):
        if param.name in added or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        positional = param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD)
        described = _describe(param, index if positional else None)
        if described is not None and described.kind != "integer":
            found.append(described)
        elif described is not None:
            if param.name == "shape":
                minimum = -1 if decl.name in _INFERRED_SIZE_FUNCTIONS else 0
                described = dataclasses.replace(described, minimum=minimum, maximum=SIZE_MAX)
            if has_arrays and param.name in _RANGED_NAMES and not described.allows_pair and not described.with_arrays:
                extra = 1 if decl.name in _NEW_AXIS_FUNCTIONS else 0
                default = param.default if param.default.__class__ is int else None
                described = dataclasses.replace(described, names_axes=True, extra_axes=extra, default_axis=default)
            if param.name == "k" and decl.name in _DIAGONAL_FUNCTIONS:
                described = dataclasses.replace(described, any_width=True)
            if param.name in _AXIS_NAMES and decl.name not in _REPEATS_ALLOWED:
                described = dataclasses.replace(described, unique=True)
            found.append(described)
    return tuple(found)


def default_axes_rank(decl: Declaration) -> int:
    """The rank the array arguments must have for the default axes of ``decl`` to be in range (``sort``'s
    ``axis=-1``: 1); 0 where every default fits any rank."""
    needed = 0
    for spec in integer_parameters(decl):
        if spec.default_axis is not None:
            needed = max(needed, max(spec.default_axis + 1, -spec.default_axis) - spec.extra_axes)
    return needed


def array_positions(decl: Declaration) -> tuple[tuple[int, str, bool], ...]:
    """(position, name, is a sequence of arrays) of the positional array parameters, whose rank bounds the axes."""
    names = list(decl.signature.parameters)
    return tuple(
        (index, names[index], category == "array_sequence")
        for index, category in decl.positional_categories
        if category in ("array", "array_sequence")
    )


def _rank(value: Any, sequence: bool) -> int | None:
    """The number of axes of an array argument (of the first item of a sequence of arrays): 0 for a Python number
    given in its place (``repeat``'s ``repeats=2``), as for the 0-d array it stands for; None when unknown."""
    if sequence:
        if not isinstance(value, (list, tuple)) or not value:
            return None
        value = value[0]
    if value.__class__ in PYTHON_SCALAR_TYPES:
        return 0
    return known_rank(value)


def known_rank(value: Any) -> int | None:
    """The number of axes of an array: its ``ndim``, else the length of its ``shape`` (TensorFlow's ``Variable`` has
    no ``ndim``); None where neither is known (a symbolic tensor of unknown rank, a value that is no array)."""
    ndim = getattr(value, "ndim", None)
    if type(ndim) is int:
        return ndim
    try:
        return len(value.shape)
    except (AttributeError, TypeError, ValueError):
        return None


def _check_range(spec: IntegerParameter, value: Any, ndim: int, qualname: str, backend_name: str) -> None:
    """Every axis in ``value`` lies in [-N, N) for N = ``ndim`` (+ the spec's new axes); no axis is named twice."""
    size = ndim + spec.extra_axes
    items = value if _is_sequence(value) else (value,)
    seen = set()
    for item in items:
        axis = operator.index(item)
        if not -size <= axis < size:
            raise PolyarrayAxisError(
                f"pa.{qualname} on the {backend_name} backend: {spec.name} {axis} is out of bounds for "
                f"{'a result' if spec.extra_axes else 'an array'} of dimension {size}; an axis of an N-d array "
                f"is an integer in [-N, N)."
            )
        normal = axis % size
        if normal in seen and spec.unique:
            raise PolyarrayValueError(
                f"pa.{qualname} on the {backend_name} backend: duplicate value in {spec.name}={value!r} "
                f"(axis {axis} is axis {normal}); name each axis once."
            )
        seen.add(normal)


def _refuse(
    qualname: str, backend_name: str, name: str, value: Any, accepted: str, item: Any = None
) -> PolyarrayTypeError:
    bad = value if item is None else item
    if isinstance(bad, bool):
        what = "a bool is not an integer here"
    else:
        what = f"'{type(bad).__name__}' object cannot be interpreted as an integer"
    return PolyarrayTypeError(
        f"pa.{qualname} on the {backend_name} backend: {name}={value!r}: {what}; pass {accepted}."
    )


def _is_integer(value: Any) -> bool:
    if value.__class__ is int:
        return True
    if isinstance(value, (bool, float, complex, str, bytes)):
        return False
    try:
        operator.index(value)
    except TypeError:
        return False
    return not (getattr(value, "dtype", None) is not None and "bool" in str(value.dtype))


def _is_sequence(value: Any, arrays: bool = True) -> bool:
    """A sequence of sizes or axes: a tuple, list, ``range`` (not a str), or where ``arrays``, a 1-d array."""
    if isinstance(value, Sequence):
        return not isinstance(value, (str, bytes))
    return arrays and hasattr(value, "__iter__") and hasattr(value, "__len__") and known_rank(value) in (None, 1)


def _accepted(spec: IntegerParameter) -> str:
    words = ["an int"]
    if spec.allows_sequence:
        words.append("a tuple of ints")
    if spec.allows_pair:
        words.append("a pair of sequences of ints")
    if spec.allows_none:
        words.append("None")
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


def _is_bool(value: Any) -> bool:
    """A Python bool (NumPy's own reductions refuse ``keepdims=numpy.True_``, so polyarray does everywhere)."""
    return value.__class__ is bool


def _is_number(value: Any, allowed: frozenset[str]) -> bool:
    """A number of one of the ``allowed`` kinds ("bool", "int", "float", "complex"), or an object converting to one
    (a 0-d array; an array of one or more dimensions is none, whatever its size).

    A float parameter takes ints and bools too, as Python does; a complex one takes every number.
    """
    if isinstance(value, (str, bytes, bytearray)):
        return False
    if isinstance(value, numbers.Number):
        if isinstance(value, numbers.Real):
            return bool(allowed - {"bool"}) or _is_bool(value)
        return "complex" in allowed
    ndim = getattr(value, "ndim", None)
    if ndim.__class__ is int and ndim != 0:
        return False  # an array of values, which converts to a number only where it holds one (NumPy's)
    if "complex" in allowed and hasattr(value, "__complex__"):
        return True
    return hasattr(value, "__float__") or hasattr(value, "__index__")


#: Values that never name a device (a device is a name or a framework's device object): a number, a container.
_NOT_DEVICES = (numbers.Number, bytes, list, tuple, dict, set, frozenset)


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" or {items[-1]}"


def _check_other(spec: IntegerParameter, value: Any, qualname: str, backend_name: str) -> None:
    """The check of a bool, Literal or number parameter (see the module docstring)."""
    where = f"pa.{qualname} on the {backend_name} backend: {spec.name}={_short(value)}"
    if value is None and spec.allows_none:
        return
    if spec.kind == "device":
        if value is None or isinstance(value, _NOT_DEVICES):
            raise PolyarrayTypeError(
                f"{where} is not a device; pass its portable name ('cpu', 'gpu:0' …), a framework's device "
                f"object, or None for the default device."
            )
        return
    if spec.kind == "bool":
        if not _is_bool(value):
            accepted = "True, False or None" if spec.allows_none else "True or False"
            raise PolyarrayTypeError(f"{where} is not a bool; pass {accepted}.")
        return
    if spec.kind == "literal":
        if isinstance(value, str) and value in spec.choices:
            return
        if spec.numbers and not isinstance(value, str) and value is not None and _is_number(value, spec.numbers):
            return
        choices = [repr(choice) for choice in spec.choices] + (["None"] if spec.allows_none else [])
        if spec.numbers:
            choices.append(f"a number ({' | '.join(sorted(spec.numbers))})")
        raise PolyarrayValueError(f"{where} is not one of the choices; pass {_listed(choices)}.")
    if value is None or not _is_number(value, spec.numbers):
        kinds = " | ".join(name for name in ("bool", "int", "float", "complex") if name in spec.numbers)
        accepted = f"a number ({kinds})" + (" or None" if spec.allows_none else "")
        error = PolyarrayValueError if spec.name in _ORDERS else PolyarrayTypeError
        raise error(f"{where} is not a number of the kinds it takes; pass {accepted}.")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: The range of the 64-bit integers (signed and unsigned) every framework computes with, and 2**64 as an
#: exclusive bound of uint64 (``random.integers(key, shape, 0, 2**64)``): an integer argument outside it is a
#: ``PolyarrayValueError`` (NumPy: "Maximum allowed dimension exceeded", "Python int too large to convert").
INT_LOW, INT_HIGH = -(2**63), 2**64
#: The largest size of an axis: the largest signed 64-bit integer, as NumPy's ``intp`` (beyond it NumPy raises
#: "Maximum allowed dimension exceeded", PyTorch cannot convert the int).
SIZE_MAX = 2**63 - 1


def _check_width(spec: IntegerParameter, items: Any, value: Any, qualname: str, backend_name: str) -> None:
    if not spec.any_width and any(not INT_LOW <= operator.index(item) <= INT_HIGH for item in items):
        raise PolyarrayValueError(
            f"pa.{qualname} on the {backend_name} backend: {spec.name}={_short(value)} does not fit in 64 bits; "
            f"integer arguments lie in [-2**63, 2**64]."
        )


def _check(spec: IntegerParameter, value: Any, qualname: str, backend_name: str) -> None:
    if spec.kind != "integer":
        _check_other(spec, value, qualname, backend_name)
        return
    if value.__class__ is int:
        _check_width(spec, (value,), value, qualname, backend_name)
        if spec.minimum is not None:
            _check_limits(spec, (value,), value, qualname, backend_name)
        return
    if spec.with_arrays:
        # A Python float; NumPy's float64 scalar (a subclass) is a 0-d array, as every NumPy scalar is.
        if value.__class__ is float:
            raise _refuse(qualname, backend_name, spec.name, value, "an int or an integer array")
        return
    if value is None:
        if not spec.allows_none:
            raise _refuse(qualname, backend_name, spec.name, value, _accepted(spec))
        return
    if _is_integer(value):
        _check_width(spec, (value,), value, qualname, backend_name)
        if spec.minimum is not None:
            _check_limits(spec, (value,), value, qualname, backend_name)
        return
    if (spec.allows_sequence or spec.allows_pair) and _is_sequence(value, arrays=not spec.names_axes):
        items = value
        if spec.allows_pair and len(value) == 2 and all(_is_sequence(v) for v in value):
            items = [*value[0], *value[1]]
            for part in value:
                _check_items(spec, part, value, qualname, backend_name)
        elif spec.allows_sequence:
            _check_items(spec, items, value, qualname, backend_name)
        else:
            raise _refuse(qualname, backend_name, spec.name, value, _accepted(spec))
        return
    raise _refuse(qualname, backend_name, spec.name, value, _accepted(spec))


def _check_items(spec: IntegerParameter, items: Any, value: Any, qualname: str, backend_name: str) -> None:
    for item in items:
        if not _is_integer(item):
            raise _refuse(qualname, backend_name, spec.name, value, _accepted(spec), item)
    _check_width(spec, items, value, qualname, backend_name)
    if spec.minimum is not None:
        _check_limits(spec, items, value, qualname, backend_name)
    if spec.unique and len(set(map(operator.index, items))) != len(items):
        raise PolyarrayValueError(
            f"pa.{qualname} on the {backend_name} backend: duplicate value in {spec.name}={value!r}; "
            f"name each axis once."
        )


def _check_limits(spec: IntegerParameter, items: Any, value: Any, qualname: str, backend_name: str) -> None:
    minimum = spec.minimum if spec.minimum is not None else 0
    if any(operator.index(item) < minimum for item in items):
        sizes = "sizes are non-negative" + (" (one may be -1, the size that fits)" if minimum < 0 else "")
        raise PolyarrayValueError(f"pa.{qualname} on the {backend_name} backend: {spec.name}={value!r}: {sizes}.")
    if spec.maximum is not None and any(operator.index(item) > spec.maximum for item in items):
        raise PolyarrayValueError(
            f"pa.{qualname} on the {backend_name} backend: {spec.name}={_short(value)}: a size is at most "
            f"2**63 - 1 (no array is larger)."
        )


def normal_form(spec: IntegerParameter, value: Any) -> Any:
    """The form in which a checked integer argument reaches the backend: an integer (a NumPy integer, a 0-d
    integer array) as a Python int; a list, tuple or ``range`` of integers as a tuple of Python ints (a pair of
    them, tensordot's axes, as a pair of tuples); an int where the declaration takes only sequences as a tuple of
    one. Anything else (None, an array of sizes, a value of a parameter that takes arrays) is ``value`` itself.

    >>> spec = IntegerParameter("shape", 1, True, False, True, False, False, allows_int=False)
    >>> normal_form(spec, -1), normal_form(spec, [2, 3]), normal_form(spec, range(3))
    ((-1,), (2, 3), (0, 1, 2))
    """
    if spec.kind != "integer" or spec.with_arrays or value is None:
        return value
    cls = value.__class__
    sequence = isinstance(value, _SEQUENCE_CLASSES)
    if cls is int or (not sequence and _is_integer(value)):
        number = value if cls is int else operator.index(value)
        return number if spec.allows_int else (number,)
    if not sequence:
        return value
    items = cast("Sequence[Any]", value)  # a tuple, list or range
    if spec.allows_pair and len(items) == 2 and all(_is_sequence(part) for part in items):
        return tuple(tuple(map(operator.index, part)) for part in items)
    if cls is tuple and all(item.__class__ is int for item in items):
        return value
    return tuple(map(operator.index, items))


#: The sequences given to a sequence parameter that reach the backend as tuples (an array stays an array).
_SEQUENCE_CLASSES = (tuple, list, range)

#: The kinds of parameter whose check a plain int does not pass by itself (``keepdims=1``, ``norm=3``).
_INT_CHECKED = frozenset({"bool", "literal", "device"})


def integer_checker(decl: Declaration, backend_name: str) -> Callable[[tuple, dict[str, Any]], tuple | None] | None:
    """A function checking a call's integer arguments (raising as the module says), or None when there are none.

    It returns None where every argument is in its :func:`normal_form` already; else the positional arguments
    with theirs in normal form, having put the keyword arguments' in ``kwargs``.
    """
    specs = integer_parameters(decl)
    if not specs:
        return None
    qualname = decl.qualname
    missing = object()

    arrays = array_positions(decl)

    def check(args: tuple, kwargs: dict[str, Any]) -> tuple | None:
        ndim: int | None = -1  # -1: not looked up yet
        normalised: list[Any] | None = None
        for spec in specs:
            position = spec.position if spec.position is not None and len(args) > spec.position else None
            if position is not None:
                value = args[position]
            else:
                value = kwargs.get(spec.name, missing)
                if value is missing:
                    continue
            if (
                value.__class__ is not int
                or spec.minimum is not None
                or spec.kind in _INT_CHECKED
                or not spec.allows_int
                or not INT_LOW <= value <= INT_HIGH
            ):
                _check(spec, value, qualname, backend_name)
                normal = normal_form(spec, value)
                if normal is not value:
                    value = normal
                    if position is None:
                        kwargs[spec.name] = normal
                    else:
                        if normalised is None:
                            normalised = list(args)
                        normalised[position] = normal
            if spec.names_axes and value is not None:
                if ndim == -1:
                    ndim = _arrays_rank(args, arrays)
                if ndim is not None:
                    _check_range(spec, value, ndim, qualname, backend_name)
        return None if normalised is None else tuple(normalised)

    return check


def default_axes_checker(decl: Declaration, backend_name: str) -> Callable[[tuple, dict[str, Any]], None] | None:
    """A function checking the default axes a call leaves out (``sort``'s ``axis=-1`` on a 0-d array is a
    ``pa.PolyarrayAxisError``, as a given one is), or None where no default names an axis. ``handle_exceptions``
    runs it after the declaration's own check, whose message about the rank is the more telling."""
    specs = [spec for spec in integer_parameters(decl) if spec.default_axis is not None]
    if not specs:
        return None
    qualname = decl.qualname
    arrays = array_positions(decl)

    def check(args: tuple, kwargs: dict[str, Any]) -> None:
        for spec in specs:
            if (spec.position is not None and len(args) > spec.position) or spec.name in kwargs:
                continue
            ndim = _arrays_rank(args, arrays)
            if ndim is not None:
                _check_range(spec, spec.default_axis, ndim, qualname, backend_name)

    return check


def _arrays_rank(args: tuple, arrays: tuple[tuple[int, str, bool], ...]) -> int | None:
    """The highest rank of the positional array arguments, None where one of them is missing or its rank unknown."""
    ranks = [_rank(args[i], seq) if len(args) > i else None for i, _, seq in arrays]
    known = [rank for rank in ranks if rank is not None]
    return max(known) if known and len(known) == len(ranks) else None


def plain_values(spec: IntegerParameter) -> tuple[tuple[type, ...], frozenset[str]]:
    """The classes, and the strings, of the values a bool, Literal or number parameter passes as they are.

    A value of one of the classes (None's among them where allowed), or one of
    the strings, passes the check unchanged; the fast path takes such calls
    and leaves every other value to the chain, which checks it.
    """
    classes: list[type] = [type(None)] if spec.allows_none else []
    if spec.kind == "device":
        classes.append(str)
    if spec.kind == "bool":
        classes.append(bool)
    strings = frozenset(c for c in spec.choices if isinstance(c, str)) if spec.kind == "literal" else frozenset()
    for number, cls in (("bool", bool), ("int", int), ("float", float), ("complex", complex)):
        # A float parameter takes ints (and a complex one ints and floats), as the check does.
        if (
            number in spec.numbers
            or (number == "int" and "float" in spec.numbers)
            or (number != "bool" and "complex" in spec.numbers)
        ):
            classes.append(cls)
    return tuple(dict.fromkeys(classes)), strings
