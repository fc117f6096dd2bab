"""The dtype groups the tests draw from, as NumPy dtypes (and their portable twins)."""

from __future__ import annotations

import numpy as np

from polyarray._dtypes import DTYPES


def _dtypes(*names: str) -> tuple[np.dtype, ...]:
    return tuple(np.dtype(name) for name in names)


BOOL = _dtypes("bool")
SIGNED = _dtypes("int8", "int16", "int32", "int64")
UNSIGNED = _dtypes("uint8", "uint16", "uint32", "uint64")
INTEGER = SIGNED + UNSIGNED
FLOATING = _dtypes("float16", "float32", "float64")
COMPLEX = _dtypes("complex64", "complex128")
REAL = BOOL + INTEGER + FLOATING
NUMERIC = INTEGER + FLOATING + COMPLEX
INEXACT = FLOATING + COMPLEX
ALL = REAL + COMPLEX


def portable(dtypes):
    """The portable ``pa.*`` dtypes of NumPy dtypes."""
    return [DTYPES[d.name] for d in dtypes]
