"""infer_dtype: default dtypes for creation functions, type promotion for functions of several operands.

Both follow polyarray's own rules, so the same call gives the same dtype on
every backend, whatever the framework's defaults and promotion are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .. import _dtypes
from .._array import Array
from .._declare import _SEQUENCE_PREFIXES, _annotation_text
from .._dtypes import DType, as_dtype
from .._errors import PolyarrayError, PolyarrayTypeError, UnsupportedDtypeError
from .._marks import resolver_of
from .._promotion import check_scalar, promote, promote_scalar, promote_types
from . import wrapper
from .errors import name_error, raise_named, translate_exception

if TYPE_CHECKING:
    from .._backend import Backend
    from .._declare import Declaration

__all__ = [
    "infer_dtype",
    "promoted_operands",
    "promoted_sequence",
    "python_numbers",
    "check_data",
    "refuse_not_data",
    "NOT_DATA",
    "CREATION_RULES",
    "creating_checked",
]

_BOOL, _INT, _FLOAT, _COMPLEX = "bool", "integral", "real floating", "complex floating"
#: Python scalar type -> rank of its kind (bool < int < float < complex).
_RANK: dict[type, int] = {bool: 0, int: 1, float: 2, complex: 3}
_KIND_OF_RANK = (_BOOL, _INT, _FLOAT, _COMPLEX)
_INT_ONLY = frozenset({int})
#: How many calls of exact ints a creation function remembers the checked arguments of.
_REMEMBERED_CALLS = 256


def _sequence_rank(values: list | tuple) -> int | None:
    """The highest kind rank of the Python scalars in a nested list/tuple (-1 when empty).

    None when some leaf is not a Python scalar (an array, a NumPy scalar …): the
    backend then decides the dtype itself.
    """
    rank, nested = -1, False
    for cls in set(map(type, values)):
        found = _RANK.get(cls)
        if found is not None:
            rank = max(rank, found)
        elif cls is list or cls is tuple:
            nested = True
        else:
            return None
    if nested:
        for item in values:
            if type(item) is list or type(item) is tuple:
                found = _sequence_rank(item)
                if found is None:
                    return None
                rank = max(rank, found)
    return rank


def python_numbers(value: Any) -> bool:
    """Whether ``value`` is a Python number (bool, int, float, complex) or nested lists and tuples holding only
    them: data whose default dtype the creation rules read from the values themselves.

    >>> python_numbers([[1, 2.5], (3, True)]), python_numbers(1j), python_numbers([1, None])
    (True, True, False)
    """
    cls = type(value)
    return cls in _RANK or ((cls is list or cls is tuple) and _sequence_rank(value) is not None)


def _value_kind(value: Any) -> str | None:
    """The default-dtype kind for a Python scalar or nested sequence of them, else None."""
    rank = _RANK.get(type(value))
    if rank is None and (type(value) is list or type(value) is tuple):
        rank = _sequence_rank(value)
        if rank == -1:
            rank = 2  # an empty sequence: the default real floating dtype
    return None if rank is None else _KIND_OF_RANK[rank]


def _arg(args: tuple, kwargs: dict[str, Any], index: int, name: str, default: Any = None) -> Any:
    return args[index] if len(args) > index else kwargs.get(name, default)


def _always_float(args: tuple, kwargs: dict[str, Any]) -> str:
    return _FLOAT


def _full(args: tuple, kwargs: dict[str, Any]) -> str | None:
    fill = _arg(args, kwargs, 1, "fill_value")
    rank = _RANK.get(type(fill))
    return None if rank is None else _KIND_OF_RANK[rank]


def _arange(args: tuple, kwargs: dict[str, Any]) -> str | None:
    rank = 1
    # start, stop and step: positional, or stop and step by keyword (given twice, the call raises anyway).
    for value in (*args, kwargs.get("stop"), kwargs.get("step")) if kwargs else args:
        if value is not None:
            found = _RANK.get(type(value))
            if found is None or found == 3:
                return None
            if found > rank:
                rank = found
    return _KIND_OF_RANK[rank]


def _linspace(args: tuple, kwargs: dict[str, Any]) -> str | None:
    if len(args) < 2:
        return None
    ranks = (_RANK.get(type(args[0])), _RANK.get(type(args[1])))
    if None in ranks:
        return None
    return _COMPLEX if 3 in ranks else _FLOAT


def _asarray(args: tuple, kwargs: dict[str, Any]) -> str | None:
    return _value_kind(args[0]) if args else None


#: Creation functions whose dtype, when none is passed, comes from polyarray's defaults:
#: name -> rule(args, kwargs) giving the kind of default dtype ("bool" for bool), or None
#: to let the backend decide (the values are not Python scalars). ``*_like`` functions
#: keep their input's dtype and need no rule.
CREATION_RULES: dict[str, Callable[[tuple, dict[str, Any]], str | None]] = {
    "empty": _always_float,
    "ones": _always_float,
    "zeros": _always_float,
    "eye": _always_float,
    "full": _full,
    "arange": _arange,
    "linspace": _linspace,
    "asarray": _asarray,
}

_SCALAR_WORDS = re.compile(r"\b(bool|int|float|complex)\b")
#: The standard's names for the array operands that combine into one result (``matmul``, ``vecdot`` …).
_OPERAND_NAMES = frozenset({"x1", "x2"})


def promoted_operands(decl: Declaration) -> tuple[int, ...]:
    """The positions of the operands that promote together.

    They are the positional-only parameters annotated with arrays *and* Python
    scalars (``x1: ArrayLike | int | float``), as the standard writes the
    operands of element-wise functions and ``where``, and the positional-only
    array parameters the standard names ``x1`` and ``x2`` (``matmul``,
    ``tensordot``, ``vecdot``, ``linalg.solve`` …). Any other array parameter
    (``condition``, ``take``'s ``indices``) or one that may be passed by
    keyword (``clip``'s ``min``) does not promote.
    """
    positions = []
    for index, param in enumerate(decl.signature.parameters.values()):
        text = _annotation_text(param.annotation)
        if param.kind is not param.POSITIONAL_ONLY or "Array" not in text or text.startswith(_SEQUENCE_PREFIXES):
            continue
        if _SCALAR_WORDS.search(text) or param.name in _OPERAND_NAMES:
            positions.append(index)
    return tuple(positions)


def promoted_varargs(decl: Declaration) -> int | None:
    """The position where a ``*operands: ArrayLike`` parameter starts, whose items promote together.

    ``einsum`` takes its operands as ``*operands``; they promote as the
    operands of an element-wise function do (``*arrays`` of ``meshgrid`` or
    ``broadcast_arrays`` keep their dtypes).
    """
    for index, param in enumerate(decl.signature.parameters.values()):
        if (
            param.kind is param.VAR_POSITIONAL
            and param.name == "operands"
            and "Array" in _annotation_text(param.annotation)
        ):
            return index
    return None


def promoted_sequence(decl: Declaration) -> int | None:
    """The position of a positional-only ``arrays: Sequence[ArrayLike]`` whose items promote together.

    ``concat`` and ``stack`` take their operands as one sequence; their items
    promote as the operands of an element-wise function do.
    """
    for index, param in enumerate(decl.signature.parameters.values()):
        text = _annotation_text(param.annotation)
        if param.kind is param.POSITIONAL_ONLY and param.name == "arrays" and text.startswith(_SEQUENCE_PREFIXES):
            return index
    return None


@wrapper
def infer_dtype(function: Callable[..., Any], decl: Declaration, backend: Backend) -> Callable[..., Any]:
    """Give dtypes by polyarray's rules: defaults for creation, the promotion table for operands.

    * A creation function of :data:`CREATION_RULES` called without ``dtype``
      (or ``dtype=None``) on Python values gets polyarray's default dtype of
      their kind (``pa.default_dtype``: ``float64``, ``int64``, ``complex128``
      unless changed; ``bool`` for bools), so ``pa.asarray([1.0])`` is
      ``float64`` on every backend that holds float64 (a backend that lacks a
      default it was not told to use gives its own: ``_dtypes.defaults_on``). Arrays keep their dtype; so do ``*_like``.
    * A function of several operands (see :func:`promoted_operands`: the
      element-wise functions of two arrays and ``where``; :func:`promoted_sequence`
      and :func:`promoted_varargs`: the items of ``concat``'s ``arrays`` and
      ``einsum``'s ``*operands``) gets operands of one
      dtype, the join of theirs on polyarray's promotion table
      (:mod:`polyarray._promotion`): operands of another dtype are cast with
      the backend's ``astype``, Python scalars become 0-d arrays of that dtype
      after :func:`~polyarray._promotion.check_scalar` (a Python int out of
      range is a ``PolyarrayValueError``). Operands that are neither arrays of
      a dtype polyarray knows nor Python scalars (lists, Containers) are left
      to the functions below. Native arrays of one dtype cost one type check
      per operand and one dtype comparison.
    """
    parameters = decl.signature.parameters
    rule = CREATION_RULES.get(decl.name)
    if rule is not None and "dtype" in parameters:
        return _creating(function, decl, backend, rule)
    operands = promoted_operands(decl)
    if len(operands) >= 2:
        return _promoting(function, decl, backend, operands)
    sequence = promoted_sequence(decl)
    if sequence is not None:
        return _promoting_sequence(function, decl, backend, sequence)
    start = promoted_varargs(decl)
    if start is not None:
        return _promoting_varargs(function, decl, backend, start)
    return function


#: Values that are never array data, whatever a framework makes of them (NumPy: object or string arrays).
NOT_DATA = (str, bytes, bytearray, dict, set, frozenset, type(None))
#: NumPy's dtype kinds of objects and strings (raw ``V`` also holds ml_dtypes' bfloat16: checked after conversion).
_NOT_NUMERIC_KINDS = frozenset("OUS")
_ACCEPTED = (
    "Python numbers (bool, int, float, complex), nested lists or tuples of them, and arrays of a dtype polyarray knows"
)


def refuse_not_data(qualname: str, backend_name: str, name: str, value: Any) -> PolyarrayTypeError:
    """The error for ``value``, given as ``name`` to ``pa.<qualname>``, that is not numeric data."""
    return PolyarrayTypeError(
        f"pa.{qualname} on the {backend_name} backend: {name} is a {type(value).__name__} ({value!r:.40}), "
        f"which is not numeric data; it accepts {_ACCEPTED}."
    )


def check_data(value: Any, qualname: str, backend_name: str, name: str) -> None:
    """Refuse a value that is never array data (:data:`NOT_DATA`), by itself or in a nested list or tuple, and an
    array of objects or strings, as the creation functions refuse them (``x[key] = value`` checks its value so).

    >>> check_data([1.0, None], "Array.__setitem__", "numpy", "the value stored")
    Traceback (most recent call last):
    ...
    polyarray._errors.PolyarrayTypeError: pa.Array.__setitem__ on the numpy backend: an item of the value stored \
is a NoneType (None), which is not numeric data; it accepts Python numbers (bool, int, float, complex), nested \
lists or tuples of them, and arrays of a dtype polyarray knows.
    """
    if isinstance(value, NOT_DATA) or getattr(getattr(value, "dtype", None), "kind", None) in _NOT_NUMERIC_KINDS:
        raise refuse_not_data(qualname, backend_name, name, value)
    if isinstance(value, (list, tuple)):
        _check_nested(value, qualname, backend_name, name)


#: A creation function's remembered calls: (defaults key, the arguments) -> the call of no arguments giving its result.
RememberedCalls = dict[tuple[str, tuple], Callable[[], Any]]


def creating_checked(
    function: Callable[..., Any],
    decl: Declaration,
    backend: Backend,
    check: Callable[[tuple, dict[str, Any]], Any] | None,
    remembered: RememberedCalls | None = None,
) -> Callable[..., Any]:
    """The creation wrapper of :func:`infer_dtype` around ``function``, running the declaration's ``check(args,
    kwargs)``, where it has one (which raises for arguments no backend takes, or gives them normalised), where the
    chain runs it: after the default dtype is filled in, before ``function``, its errors named as the chain names
    them (the fast path's creation functions, two frames fewer). A default dtype reaches the check as polyarray's
    dtype, whose name it reads at once, and ``function`` as the backend's. The calls it remembers go into
    ``remembered``, where it is given (the compiled fast path reads them there)."""
    return _creating(function, decl, backend, CREATION_RULES[decl.name], check, remembered)


def remembered_key(args: tuple) -> tuple[str, tuple] | None:
    """The key under which a creation call of ``args`` alone (no keywords) is remembered: the context's defaults
    key and the arguments, where every argument is an exact int or a tuple of them; else None.

    >>> remembered_key((4,)) == (_dtypes.defaults_key(), (4,))
    True
    >>> remembered_key((4.0,)) is None
    True
    """
    for given in args:
        cls = given.__class__
        if cls is not int and (cls is not tuple or not _INT_ONLY.issuperset(map(type, given))):
            return None
    return (_dtypes.defaults_key(), args)


def _creating(
    function: Callable[..., Any],
    decl: Declaration,
    backend: Backend,
    rule: Callable[[tuple, dict[str, Any]], str | None],
    check: Callable[[tuple, dict[str, Any]], Any] | None = None,
    remembered: RememberedCalls | None = None,
) -> Callable[..., Any]:
    """A creation function of :data:`CREATION_RULES`: polyarray's default dtypes, and numeric data only.

    Called without ``dtype`` (or with ``dtype=None``), the function gets the
    backend's native dtype for this context's default of the kind ``rule``
    finds in its values (none where ``rule`` gives None: the backend decides).

    Values that are not numeric data (None, strings, dicts, iterators …) and
    results of unknown dtypes are refused, where data enters polyarray
    (``asarray``, ``full`` …), so no ``pa.Array`` ever holds a dtype polyarray
    cannot name: a framework array of such a dtype (torch ``complex32``, a
    ``tf.string`` tensor, JAX ``float8``) is refused the same way.
    """
    qualname, backend_name = decl.qualname, backend.name
    to_portable = backend._to_portable
    name = next(iter(decl.signature.parameters)) if decl.name == "asarray" else "fill_value"
    position = 0 if decl.name == "asarray" else 1 if decl.name == "full" else None
    # asarray's rule reads every item of a nest: a kind found means Python numbers alone.
    rule_reads_items = decl.name == "asarray"
    # The default of each kind under each key of the context's defaults (a few of them in a program): polyarray's
    # dtype and the backend's.
    known: dict[tuple[str, str], tuple[DType, Any]] = {}
    defaults_key = _dtypes.defaults_key
    # A call of exact ints alone (``arange(4)``, ``eye(3)``, ``zeros((64, 8))``): the rule's kind, the check's
    # outcome and the result's dtype depend on those values and the context's defaults only, so the call the
    # function is given is remembered per defaults key and values, once it has given a result of a dtype polyarray
    # knows (a call that raises is not remembered): as the framework's own call where the function's resolve mark
    # gives one.
    if remembered is None:
        remembered = {}
    resolve = resolver_of(function)

    def creating(*args: Any, **kwargs: Any) -> Any:
        key = None if kwargs else remembered_key(args)
        if key is not None:
            call = remembered.get(key)
            if call is not None:
                # The same values under the same defaults: checked, called and its result's dtype checked before.
                return call()
        # The kind of default dtype the values ask for (None: a dtype is given, or the backend decides).
        kind = rule(args, kwargs) if kwargs.get("dtype") is None else None
        if position is not None:
            value: Any = args[position] if len(args) > position else kwargs.get(name)
            cls = value.__class__
            if cls is list or cls is tuple:
                if (kind is None or not rule_reads_items) and _sequence_rank(value) is None:
                    _check_nested(value, qualname, backend_name, name)
            elif cls not in _RANK:
                # An array (which has a dtype) is no iterator of values: the abstract class's check comes last.
                if not hasattr(value, "dtype") and not hasattr(value, "__array__") and isinstance(value, Iterator):
                    raise refuse_not_data(qualname, backend_name, name, value)
                check_data(value, qualname, backend_name, name)
        native_default = None
        if kind is not None:
            known_key = (defaults_key() if key is None else key[0], kind)
            default = known.get(known_key)
            if default is None:
                default = known[known_key] = _native_default(backend, kind, qualname)
            native_default = default[1]
            kwargs["dtype"] = native_default if check is None else default[0]
        if check is not None:
            try:  # the check's errors named as the chain names them (errors.naming_check), in line
                normalised = check(args, kwargs)
            except PolyarrayError as error:
                raise_named(error, qualname, backend_name)
            if normalised is not None:
                args = normalised
            if native_default is not None:
                kwargs["dtype"] = native_default
        try:
            result = function(*args, **kwargs)
        except PolyarrayTypeError as error:
            if f"pa.{qualname}" in str(error):
                raise
            raise PolyarrayTypeError(
                f"pa.{qualname} on the {backend_name} backend: {error} It accepts {_ACCEPTED}."
            ) from error
        native = result.data if type(result) is Array else result
        dtype = getattr(native, "dtype", None)
        if dtype is not None:
            try:
                to_portable[dtype]
            except (KeyError, TypeError):
                try:
                    as_dtype(dtype)
                except PolyarrayError:
                    raise PolyarrayTypeError(
                        f"pa.{qualname} on the {backend_name} backend: the data has the dtype {dtype}, "
                        f"which polyarray does not support; it accepts {_ACCEPTED} "
                        f"(pa.bool, the integer, floating and complex dtypes)."
                    ) from None
        if key is not None and len(remembered) < _REMEMBERED_CALLS:
            resolved = resolve(*args, **kwargs) if resolve is not None else None
            remembered[key] = functools.partial(function, *args, **kwargs) if resolved is None else resolved
        return result

    return creating


def _check_nested(values: list | tuple, qualname: str, backend_name: str, name: str) -> None:
    for item in values:
        if isinstance(item, (list, tuple)):
            _check_nested(item, qualname, backend_name, name)
        elif isinstance(item, NOT_DATA):
            raise refuse_not_data(qualname, backend_name, f"an item of {name}", item)


def _native_default(backend: Backend, kind: str, qualname: str) -> tuple[DType, Any]:
    """This context's default dtype of ``kind`` and the backend's native dtype for it (``UnsupportedDtypeError`` if
    it lacks it)."""
    dtype = _dtypes.bool_ if kind == _BOOL else _dtypes.defaults_on(backend.default_dtypes)[kind]
    try:
        return dtype, backend._to_native[dtype.name]
    except KeyError:
        raise backend.unsupported_dtype(
            qualname,
            dtype.name,
            f"the default {kind} dtype is {dtype.name}, which the {backend.name} backend does not have; "
            f"choose another with pa.set_default_dtype or pass dtype=",
        ) from None


def _native_target(to_native: Any, target: DType, what: str, qualname: str, backend_name: str) -> Any:
    """The backend's native dtype that ``what`` (operands, arrays) promote to; refused where it has none."""
    try:
        return to_native[target.name]
    except KeyError:
        raise UnsupportedDtypeError(
            qualname,
            backend_name,
            target.name,
            f": the {what} promote to {target.name}, which the {backend_name} backend does not have; "
            f"cast them with pa.astype first",
        ) from None


def _promoting(
    function: Callable[..., Any], decl: Declaration, backend: Backend, operands: tuple[int, ...]
) -> Callable[..., Any]:

    native_types = backend.native_array_types
    main_type = native_types[0] if native_types else None
    to_portable = backend._to_portable
    to_native = backend._to_native
    raw = backend.raw
    qualname = decl.qualname
    place_scalars = len(backend.info.devices) > 1
    last = max(operands)

    def portable(native_dtype: Any) -> DType | None:
        try:
            return to_portable[native_dtype]
        except (KeyError, TypeError):
            pass
        try:
            return as_dtype(native_dtype)
        except PolyarrayError:
            return None

    def promote_call(args: tuple, kwargs: dict[str, Any]) -> Any:
        arrays: list[tuple[int, Any, DType]] = []
        scalars: list[tuple[int, Any]] = []
        for index in operands:
            value = args[index]
            if type(value) is Array:
                value = value.data
            if type(value) in _RANK:
                scalars.append((index, value))
                continue
            if not isinstance(value, native_types):
                return function(*args, **kwargs)  # lists, Containers …: left to the wrappers below
            dtype = portable(value.dtype)
            if dtype is None:
                raise PolyarrayTypeError(
                    f"pa.{qualname} on the {backend.name} backend: an operand has the dtype {value.dtype}, "
                    f"which polyarray does not support; convert it to one of polyarray's dtypes "
                    f"(pa.bool, the integer, floating and complex dtypes) first."
                )
            arrays.append((index, value, dtype))
        if len(arrays) == 1:
            target = arrays[0][2]
        elif len(arrays) == 2:
            target = promote(arrays[0][2], arrays[1][2])
        elif arrays:
            target = promote_types([dtype for _, _, dtype in arrays])
        else:
            defaults = _dtypes.defaults_on(backend.default_dtypes)
            target = promote_types(
                _dtypes.bool_ if type(v) is bool else defaults[_KIND_OF_RANK[_RANK[type(v)]]] for _, v in scalars
            )
        if arrays:
            for _, value in scalars:
                target = promote_scalar(target, type(value), _dtypes.defaults_on(backend.default_dtypes))
        native_target = _native_target(to_native, target, "operands", qualname, backend.name)
        new_args = list(args)
        try:
            for index, value, dtype in arrays:
                if dtype is not target:
                    new_args[index] = raw.astype(value, native_target)
            if scalars:
                asarray = raw.asarray
                device = raw.device_of(arrays[0][1]) if place_scalars and arrays else None
                for index, value in scalars:
                    if type(value) is int:
                        check_scalar(value, target)
                    if device is None:
                        new_args[index] = asarray(value, dtype=native_target)
                    else:
                        new_args[index] = asarray(value, dtype=native_target, device=device)
        except PolyarrayError as error:
            raise name_error(error, qualname, backend.name) from error
        except Exception as error:
            raise translate_exception(error, qualname, backend.name) from error
        return function(*new_args, **kwargs)

    if operands == (0, 1):

        def promoting(*args: Any, **kwargs: Any) -> Any:
            if len(args) == 2:
                a, b = args
                if type(a) is Array:
                    a = a.data
                if type(b) is Array:
                    b = b.data
                if type(a) is main_type and type(b) is main_type:
                    a, b = a.dtype, b.dtype
                    if a is b or a == b:
                        return function(*args, **kwargs)
                return promote_call(args, kwargs)
            if len(args) > 2:
                return promote_call(args, kwargs)
            return function(*args, **kwargs)

        return promoting

    def promoting_many(*args: Any, **kwargs: Any) -> Any:
        if len(args) > last:
            return promote_call(args, kwargs)
        return function(*args, **kwargs)

    return promoting_many


def _promoting_sequence(
    function: Callable[..., Any], decl: Declaration, backend: Backend, index: int
) -> Callable[..., Any]:
    """Promote the items of the sequence at ``index`` (``concat``, ``stack``) to one dtype."""

    native_types = backend.native_array_types
    to_portable, to_native, raw = backend._to_portable, backend._to_native, backend.raw
    qualname = decl.qualname

    def promoting_sequence(*args: Any, **kwargs: Any) -> Any:
        if len(args) <= index or type(args[index]) not in (list, tuple) or len(args[index]) < 2:
            return function(*args, **kwargs)
        items = [item.data if type(item) is Array else item for item in args[index]]
        dtypes = []
        for item in items:
            if not isinstance(item, native_types):
                return function(*args, **kwargs)  # lists, arrays of other backends …: left to the wrappers below
            try:
                dtypes.append(to_portable[item.dtype])
            except (KeyError, TypeError):
                return function(*args, **kwargs)
        first = dtypes[0]
        if all(dtype is first for dtype in dtypes):
            return function(*args, **kwargs)
        target = promote_types(dtypes)
        native_target = _native_target(to_native, target, "arrays", qualname, backend.name)
        try:
            cast = [item if dtype is target else raw.astype(item, native_target) for item, dtype in zip(items, dtypes)]
        except Exception as error:
            raise translate_exception(error, qualname, backend.name) from error
        new_args = list(args)
        new_args[index] = cast
        return function(*new_args, **kwargs)

    return promoting_sequence


def _promoting_varargs(
    function: Callable[..., Any], decl: Declaration, backend: Backend, start: int
) -> Callable[..., Any]:
    """Promote the operands ``args[start:]`` (``einsum``'s ``*operands``) as :func:`_promoting` promotes fixed ones."""
    by_count: dict[int, Callable[..., Any]] = {}

    def promoting_varargs(*args: Any, **kwargs: Any) -> Any:
        count = len(args) - start
        if count < 2:
            return function(*args, **kwargs)
        promoting = by_count.get(count)
        if promoting is None:
            promoting = by_count[count] = _promoting(function, decl, backend, tuple(range(start, len(args))))
        return promoting(*args, **kwargs)

    return promoting_varargs
