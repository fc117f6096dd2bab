"""Integer arguments: axes, sizes, counts and offsets checked once, from the declarations' annotations.

A parameter annotated with integers only (``axis: int | tuple[int, ...] |
None``, ``k: int``, ``shape: tuple[int, ...]``, ``num: int`` …) takes Python
ints (or objects with ``__index__``, such as NumPy integers), sequences of
them where the annotation says so, and None where it says so. Anything else
is a ``pa.PolyarrayTypeError`` before any backend sees it, as NumPy's
``'float' object cannot be interpreted as an integer``: a float, a string,
and a bool (a bool is not an axis or a size). An axis out of range for the
array arguments' rank is a ``pa.PolyarrayAxisError``; repeated axes in one
``axis`` or ``axes`` argument are a ``pa.PolyarrayValueError``. A parameter
that also takes arrays (``repeat``'s ``repeats``) refuses only Python floats.

The analysis is done once per declaration (:func:`integer_parameters`);
``handle_exceptions`` runs the check in the wrapper chain. The fused fast path
takes only calls whose integer arguments are plain ints, tuples of them or
None (:func:`fast_condition`) and whose axes lie in range
(:func:`fast_range_check`), leaving every other call to the chain.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._declare import _annotation_text, wrapper_parameter_names
from .._errors import PolyarrayAxisError, PolyarrayTypeError, PolyarrayValueError

if TYPE_CHECKING:
    from .._declare import Declaration

__all__ = [
    "IntegerParameter",
    "integer_parameters",
    "integer_checker",
    "fast_condition",
    "fast_range_check",
    "array_positions",
    "FAST_HELPERS",
]

_INT_SEQUENCE = re.compile(r"^(tuple\[int, \.\.\.\]|Sequence\[int\]|list\[int\]|tuple\[int\])$")
_PAIR_OF_SEQUENCES = "tuple[Sequence[int], Sequence[int]]"
#: Parameters whose sequences name axes, where a repeated axis is an error.
_AXIS_NAMES = frozenset({"axis", "axes"})
#: Parameters whose values name axes of the array arguments (tensordot's pair of axes is its own matter).
_RANGED_NAMES = frozenset({"axis", "axes", "source", "destination"})
#: Functions whose ``axis`` names a position in the result, which has one axis more than the input.
_NEW_AXIS_FUNCTIONS = frozenset({"expand_dims", "stack", "one_hot"})
#: Functions whose ``axis`` may name one axis several times (``roll`` adds the shifts).
_REPEATS_ALLOWED = frozenset({"roll"})
#: Functions whose ``shape`` may hold one -1, the size that fits.
_INFERRED_SIZE_FUNCTIONS = frozenset({"reshape"})


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
    names_axes: bool = False  # its values name axes of the array arguments: checked against their rank
    extra_axes: int = 0  # how many more axes than the inputs' the axes may name (a new axis: expand_dims, stack)
    minimum: int | None = None  # the smallest value allowed (sizes of a shape: 0; reshape's may be -1)
    unique: bool = False  # an axis may be named once only


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


def _describe(param: Any, position: int | None) -> IntegerParameter | None:
    text = _annotation_text(param.annotation)
    if not text or "int" not in text:
        return None
    alternatives = _split(text)
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
        if described is not None:
            if param.name == "shape":
                minimum = -1 if decl.name in _INFERRED_SIZE_FUNCTIONS else 0
                described = dataclasses.replace(described, minimum=minimum)
            if has_arrays and param.name in _RANGED_NAMES and not described.allows_pair and not described.with_arrays:
                extra = 1 if decl.name in _NEW_AXIS_FUNCTIONS else 0
                described = dataclasses.replace(described, names_axes=True, extra_axes=extra)
            if param.name in _AXIS_NAMES and decl.name not in _REPEATS_ALLOWED:
                described = dataclasses.replace(described, unique=True)
            found.append(described)
    return tuple(found)


def array_positions(decl: Declaration) -> tuple[tuple[int, str, bool], ...]:
    """(position, name, is a sequence of arrays) of the positional array parameters, whose rank bounds the axes."""
    names = list(decl.signature.parameters)
    return tuple(
        (index, names[index], category == "array_sequence")
        for index, category in decl.positional_categories
        if category in ("array", "array_sequence")
    )


def _rank(value: Any, sequence: bool) -> int | None:
    """The number of axes of an array argument (of the first item of a sequence of arrays); None when unknown."""
    if sequence:
        if not isinstance(value, (list, tuple)) or not value:
            return None
        value = value[0]
    ndim = getattr(value, "ndim", None)
    return ndim if type(ndim) is int else None


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
    return arrays and hasattr(value, "__iter__") and hasattr(value, "__len__") and getattr(value, "ndim", 1) == 1


def _accepted(spec: IntegerParameter) -> str:
    words = ["an int"]
    if spec.allows_sequence:
        words.append("a tuple of ints")
    if spec.allows_pair:
        words.append("a pair of sequences of ints")
    if spec.allows_none:
        words.append("None")
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


def _check(spec: IntegerParameter, value: Any, qualname: str, backend_name: str) -> None:
    if value.__class__ is int:
        if spec.minimum is not None:
            _check_minimum(spec, (value,), value, qualname, backend_name)
        return
    if spec.with_arrays:
        if isinstance(value, float):
            raise _refuse(qualname, backend_name, spec.name, value, "an int or an integer array")
        return
    if value is None:
        if not spec.allows_none:
            raise _refuse(qualname, backend_name, spec.name, value, _accepted(spec))
        return
    if _is_integer(value):
        if spec.minimum is not None:
            _check_minimum(spec, (value,), value, qualname, backend_name)
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
    if spec.minimum is not None:
        _check_minimum(spec, items, value, qualname, backend_name)
    if spec.unique and len(set(map(operator.index, items))) != len(items):
        raise PolyarrayValueError(
            f"pa.{qualname} on the {backend_name} backend: duplicate value in {spec.name}={value!r}; "
            f"name each axis once."
        )


def _check_minimum(spec: IntegerParameter, items: Any, value: Any, qualname: str, backend_name: str) -> None:
    minimum = spec.minimum if spec.minimum is not None else 0
    if any(operator.index(item) < minimum for item in items):
        sizes = "sizes are non-negative" + (" (one may be -1, the size that fits)" if minimum < 0 else "")
        raise PolyarrayValueError(f"pa.{qualname} on the {backend_name} backend: {spec.name}={value!r}: {sizes}.")


def integer_checker(decl: Declaration, backend_name: str) -> Callable[[tuple, dict[str, Any]], None] | None:
    """A function checking a call's integer arguments (raising as the module says), or None when there are none."""
    specs = integer_parameters(decl)
    if not specs:
        return None
    qualname = decl.qualname
    missing = object()

    arrays = array_positions(decl)

    def check(args: tuple, kwargs: dict[str, Any]) -> None:
        ndim: int | None = -1  # -1: not looked up yet
        for spec in specs:
            if spec.position is not None and len(args) > spec.position:
                value = args[spec.position]
            else:
                value = kwargs.get(spec.name, missing)
                if value is missing:
                    continue
            if value.__class__ is not int or spec.minimum is not None:
                _check(spec, value, qualname, backend_name)
            if spec.names_axes and value is not None:
                if ndim == -1:
                    ranks = [_rank(args[i], seq) if len(args) > i else None for i, _, seq in arrays]
                    known = [rank for rank in ranks if rank is not None]
                    ndim = max(known) if known and len(known) == len(ranks) else None
                if ndim is not None:
                    _check_range(spec, value, ndim, qualname, backend_name)

    return check


def _axes_in(value: tuple, size: int, unique: bool) -> bool:
    """Every axis of ``value`` (plain ints) in [-size, size), none named twice where ``unique``."""
    seen = set()
    for item in value:
        if not -size <= item < size:
            return False
        seen.add(item % size)
    return not unique or len(seen) == len(value)


def fast_range_check(spec: IntegerParameter, ranks: list[str]) -> str | None:
    """The inline test that the axes ``spec`` names lie in range, given expressions for the arrays' ranks.

    It runs after :func:`fast_condition` held (None, a plain int or a tuple of
    plain ints), with the native arrays bound; None where ``spec`` names no axes.
    """
    if not spec.names_axes or not ranks:
        return None
    name = spec.name
    size = ranks[0] if len(ranks) == 1 else f"max({', '.join(ranks)})"
    if spec.extra_axes:
        size = f"({size} + {spec.extra_axes})"
    test = f"-{size} <= {name} < {size}"
    if spec.allows_sequence:
        test = f"({test} if {name}.__class__ is int else _axes_in({name}, {size}, {spec.unique}))"
    return f"({name} is None or {test})" if spec.allows_none else test


def _int_tuple(value: tuple) -> bool:
    for item in value:
        if item.__class__ is not int:
            return False
    return True


def _axis_tuple(value: tuple) -> bool:
    return _int_tuple(value) and len(set(value)) == len(value)


def _sizes_tuple(value: tuple, minimum: int) -> bool:
    for item in value:
        if item.__class__ is not int or item < minimum:
            return False
    return True


def fast_condition(spec: IntegerParameter) -> str | None:
    """The inline test under which the fast path may skip the check of ``spec`` (None: no test needed).

    Plain ints, None where allowed, and tuples of plain ints (without repeats,
    for axes) pass; every other value goes to the chain, which checks it.
    """
    if spec.with_arrays:
        return None  # the fast path takes only native arrays there
    name = spec.name
    if spec.minimum is not None:
        tests = [f"({name}.__class__ is int and {name} >= {spec.minimum})"]
    else:
        tests = [f"{name}.__class__ is int"]
    if spec.allows_none:
        tests.insert(0, f"{name} is None")
    if spec.allows_sequence:
        if spec.minimum is not None:
            tests.append(f"({name}.__class__ is tuple and _sizes_tuple({name}, {spec.minimum}))")
        else:
            helper = "_axis_tuple" if spec.unique else "_int_tuple"
            tests.append(f"({name}.__class__ is tuple and {helper}({name}))")
    return f"({' or '.join(tests)})"


#: The helpers the inline tests of :func:`fast_condition` call, by the names they use.
FAST_HELPERS: dict[str, Callable[..., bool]] = {
    "_int_tuple": _int_tuple,
    "_axis_tuple": _axis_tuple,
    "_axes_in": _axes_in,
    "_sizes_tuple": _sizes_tuple,
}
