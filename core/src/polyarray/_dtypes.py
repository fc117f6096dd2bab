"""Portable data types: one object per dtype that compares equal across backends."""

from __future__ import annotations

from typing import Any

__all__ = ["DType", "DTYPES", "dtype_name_of", "as_dtype"]


class DType:
    """A portable data type such as ``pa.float32``.

    It compares equal to its name, to other ``DType`` objects of that name and
    to the native dtype objects of every framework (``numpy.float32``,
    ``numpy.dtype("float32")``, ``torch.float32``, ``tf.float32`` …).

    >>> import numpy as np
    >>> pa.float32 == np.dtype("float32"), pa.float32 == "float32", pa.float32 == pa.int32
    (True, True, False)
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

    def __reduce__(self) -> str:
        return self.name


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
        name = getattr(obj, "name", None)
        if not isinstance(name, str):
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
        from ._errors import PolyarrayTypeError

        raise PolyarrayTypeError(
            f"{obj!r} is not a data type polyarray knows; use one of {', '.join('pa.' + n for n in DTYPES)}."
        )
    return DTYPES[name]
