"""Portable data types: one object per dtype that compares equal across backends.

This module also keeps polyarray's default dtypes: the dtype that creation
functions give Python values of each kind when no ``dtype`` is passed. They
are the same on every backend (``float64``, ``int64``, ``complex128`` unless
changed; a backend that lacks one of them uses its own, see
:func:`own_defaults`) and context-local like the backend stack: :func:`set_default_dtypes`
changes them for this context and as the process default that contexts which
never set their own (new threads, for instance) start from; an override
(``pa.default_dtype_as``) changes them in this context only.
"""

from __future__ import annotations

import contextvars
from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Any

from ._errors import PolyarrayTypeError
from ._tracers import constant_when_compiled

__all__ = [
    "DType",
    "DTYPES",
    "dtype_name_of",
    "as_dtype",
    "DEFAULT_KINDS",
    "BUILTIN_DEFAULTS",
    "default_dtypes",
    "set_default_dtypes",
    "override_default_dtypes",
    "reset_default_dtypes",
    "own_defaults",
    "defaults_on",
]


class DType:
    """A portable data type such as ``pa.float32``.

    It compares equal to its name, to other ``DType`` objects of that name and
    to the native dtype objects of every framework (``numpy.float32``,
    ``numpy.dtype("float32")``, ``torch.float32``, ``tf.float32`` …), in both
    directions where the framework lets the right operand decide: NumPy reads
    :attr:`dtype` (the NumPy dtype of the same name), so
    ``np.dtype("float32") == pa.float32`` holds and ``np.zeros(2, dtype=pa.float32)``
    works.

    Hashing uses the name: ``hash(pa.float32) == hash("float32")``, so a dict
    keyed by portable dtypes is looked up with portable dtypes or names (a
    native dtype hashes differently; convert it with ``pa.as_portable_dtype``
    first). Pickling gives back the same object.

    >>> import numpy as np
    >>> pa.float32 == np.dtype("float32"), pa.float32 == "float32", pa.float32 == pa.int32
    (True, True, False)
    >>> np.dtype("float32") == pa.float32, np.float32 == pa.float32
    (True, True)
    """

    __slots__ = ("bits", "kind", "name")

    def __init__(self, name: str, kind: str, bits: int) -> None:
        self.name = name
        self.kind = kind
        self.bits = bits

    def __repr__(self) -> str:
        return f"pa.{self.name}"

    __str__ = __repr__

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if isinstance(other, DType):
            return other.name == self.name
        return dtype_name_of(other) == self.name

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return as_dtype, (self.name,)

    @property
    def dtype(self) -> Any:
        """The NumPy dtype of the same name (NumPy is imported on first use).

        This is what lets NumPy compare and convert portable dtypes
        (``np.dtype(pa.int8)``). ``pa.bfloat16`` has none in plain NumPy: an
        ``AttributeError``, so ``np.dtype("float32") == pa.bfloat16`` is False.
        """
        try:
            return _NUMPY_DTYPES[self.name]
        except KeyError:
            pass
        import numpy

        try:
            native = numpy.dtype(self.name)
        except TypeError:
            raise AttributeError(f"NumPy has no {self.name} dtype, so pa.{self.name} has no .dtype.") from None
        _NUMPY_DTYPES[self.name] = native
        return native


#: The NumPy dtype of each portable dtype, filled when first asked for (see ``DType.dtype``).
_NUMPY_DTYPES: dict[str, Any] = {}


def _make(name: str, kind: str, bits: int) -> DType:
    return DType(name, kind, bits)


bool_ = _make("bool", "bool", 8)
int8 = _make("int8", "signed integer", 8)
int16 = _make("int16", "signed integer", 16)
int32 = _make("int32", "signed integer", 32)
int64 = _make("int64", "signed integer", 64)
uint8 = _make("uint8", "unsigned integer", 8)
uint16 = _make("uint16", "unsigned integer", 16)
uint32 = _make("uint32", "unsigned integer", 32)
uint64 = _make("uint64", "unsigned integer", 64)
float16 = _make("float16", "real floating", 16)
bfloat16 = _make("bfloat16", "real floating", 16)
float32 = _make("float32", "real floating", 32)
float64 = _make("float64", "real floating", 64)
complex64 = _make("complex64", "complex floating", 64)
complex128 = _make("complex128", "complex floating", 128)

DTYPES: dict[str, DType] = {
    d.name: d
    for d in (
        bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
        float16, bfloat16, float32, float64, complex64, complex128,
    )
}  # fmt: skip

_ALIASES = {"bool_": "bool", "bool8": "bool", "float": "float64", "complex": "complex128"}


def dtype_name_of(obj: Any) -> str | None:
    """The portable name of a dtype-like object, or None when it is not one."""
    if isinstance(obj, DType):
        return obj.name
    if isinstance(obj, str):
        name = obj
    elif isinstance(obj, type):
        if obj is bool:
            return "bool"
        name = obj.__name__
    else:
        attribute = getattr(obj, "name", None)
        if isinstance(attribute, str):
            name = attribute
        else:
            text = str(obj)
            if not text.startswith("torch."):
                return None
            name = text[len("torch.") :]
    name = _ALIASES.get(name, name)
    return name if name in DTYPES else None


def as_dtype(obj: Any) -> DType:
    """The portable :class:`DType` for a dtype-like object (name, native or portable)."""
    name = dtype_name_of(obj)
    if name is None:
        raise PolyarrayTypeError(
            f"{obj!r} is not a data type polyarray knows; use one of {', '.join('pa.' + n for n in DTYPES)}."
        )
    return DTYPES[name]


# -- default dtypes ---------------------------------------------------------------------

#: The kinds that have a default dtype, and the dtype kinds each accepts.
DEFAULT_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "real floating": ("real floating",),
        "integral": ("signed integer",),
        "complex floating": ("complex floating",),
    }
)

#: Every default-dtype combination made, by its key (a handful in a process).
_BY_KEY: dict[str, Defaults] = {}

#: polyarray's default dtypes, the same on every backend. ``"indexing"`` follows ``"integral"``.
BUILTIN_DEFAULTS: Mapping[str, DType] = MappingProxyType(
    {"real floating": float64, "integral": int64, "complex floating": complex128, "indexing": int64}
)


class Defaults(Mapping[str, DType]):
    """Default dtypes by kind (read-only), and the kinds chosen with ``pa.set_default_dtype`` & co. (``chosen``).

    ``key`` names the defaults in one string; every Defaults made is kept under it (see :func:`default_dtypes`).
    """

    __slots__ = ("_values", "chosen", "key")

    def __init__(self, values: Mapping[str, DType], chosen: frozenset[str] = frozenset()) -> None:
        self._values = dict(values)
        self._values["indexing"] = self._values["integral"]
        self.chosen = chosen
        names = ",".join(f"{kind}={dtype.name}" for kind, dtype in sorted(self._values.items()))
        self.key = f"{names};{','.join(sorted(chosen))}"
        _BY_KEY.setdefault(self.key, self)

    def __getitem__(self, kind: str) -> DType:
        return self._values[kind]

    def __iter__(self) -> Any:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Defaults({self._values!r}, chosen={sorted(self.chosen)!r})"


#: This context's default dtypes (a read-only mapping like BUILTIN_DEFAULTS); unset: the process default.
DEFAULTS: contextvars.ContextVar[Mapping[str, DType]] = contextvars.ContextVar("polyarray_default_dtypes")

#: The default dtypes of contexts that never set their own.
process_defaults: Mapping[str, DType] = Defaults(BUILTIN_DEFAULTS)


def default_dtypes() -> Mapping[str, DType]:
    """This context's default dtypes: ``"real floating"``, ``"integral"``, ``"complex floating"``, ``"indexing"``."""
    return _BY_KEY[defaults_key()]


@constant_when_compiled
def defaults_key() -> str:
    """The key of this context's default dtypes (a name, which PyTorch's compiler reads once when compiling):
    the same key, the same defaults."""
    current = DEFAULTS.get(process_defaults)
    if type(current) is Defaults:
        return current.key
    return Defaults(current, frozenset(getattr(current, "chosen", ()))).key


def _with(changes: Mapping[str, DType], chosen: bool = True) -> Defaults:
    current = default_dtypes()
    merged = dict(current)
    merged.update(changes)
    kinds: frozenset[str] = getattr(current, "chosen", frozenset())
    kinds = kinds | set(changes) if chosen else kinds - set(changes)
    return Defaults(merged, frozenset(kinds))


def set_default_dtypes(changes: Mapping[str, DType], *, chosen: bool = True) -> None:
    """Change default dtypes (kind -> dtype) in this context and as the process default.

    ``chosen`` records the kinds as chosen by the user (see :func:`defaults_on`);
    False gives them back to each backend's own default.
    """
    global process_defaults
    defaults = _with(changes, chosen)
    DEFAULTS.set(defaults)
    process_defaults = defaults


def override_default_dtypes(changes: Mapping[str, DType]) -> contextvars.Token:
    """Change default dtypes in this context only; undo with ``DEFAULTS.reset(token)``."""
    return DEFAULTS.set(_with(changes))


def reset_default_dtypes(kinds: tuple[str, ...] | None = None) -> None:
    """Give the named kinds (all when None) polyarray's built-in defaults, here and as the process default."""
    set_default_dtypes({kind: BUILTIN_DEFAULTS[kind] for kind in (kinds or DEFAULT_KINDS)}, chosen=False)


#: The dtypes a backend's own default of each kind is chosen from when it lacks polyarray's, widest first.
_FALLBACKS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "real floating": ("float64", "float32", "float16", "bfloat16"),
        "integral": ("int64", "int32", "int16", "int8"),
        "complex floating": ("complex128", "complex64"),
    }
)


def own_defaults(held: Collection[str]) -> Mapping[str, DType] | None:
    """The default dtypes of a backend that holds the dtypes named ``held``, or None when they are polyarray's.

    Each kind's default is polyarray's built-in one where the backend holds
    it, else the widest dtype of that kind it holds (a backend without 64-bit
    dtypes, such as JAX outside its 64-bit mode: float32, int32, complex64).
    """
    found = {}
    for kind, names in _FALLBACKS.items():
        name = next((n for n in names if n in held), names[0])
        found[kind] = DTYPES[name]
    if all(found[kind] is BUILTIN_DEFAULTS[kind] for kind in found):
        return None
    found["indexing"] = found["integral"]
    return MappingProxyType(found)


def defaults_on(own: Mapping[str, DType] | None) -> Mapping[str, DType]:
    """This context's default dtypes on a backend whose own defaults are ``own`` (see :func:`own_defaults`).

    The kinds chosen with ``pa.set_default_dtype`` & co. keep the chosen dtype
    (a backend that lacks it refuses it); the others take the backend's own.
    """
    current = default_dtypes()
    if own is None:
        return current
    chosen: frozenset[str] = getattr(current, "chosen", frozenset())
    merged = {kind: current[kind] if kind in chosen else own[kind] for kind in DEFAULT_KINDS}
    merged["indexing"] = merged["integral"]
    return merged
