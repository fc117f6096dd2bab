"""Random numbers, ``pa.random``: a counter-based generator computed with polyarray's own integer operations.

The generator is Threefry-2x32 with 20 rounds (Salmon et al., "Parallel
random numbers: as easy as 1, 2, 3", SC 2011; the generator JAX uses),
evaluated with the backend's 32-bit integer ``add``, ``multiply`` (a
wrapping left shift), ``bitwise_right_shift``, ``bitwise_and``, ``bitwise_or``
and ``bitwise_xor``. A key is
a ``uint32`` array of shape ``(2,)``; every function takes one first and
derives everything from it, so a key gives the same words, and from them the
same draws, on every backend (see docs/random.md for what is bit-identical
and what agrees to a few units in the last place).

Keys and words follow JAX's original (non-partitionable) Threefry scheme:
``key(seed)`` is ``[seed >> 32, seed & 0xFFFFFFFF]``; ``n`` words are the
Threefry image of the counters ``0 … n-1``, the first half of them as the
first word of each pair and the second half as the second; ``split`` takes
``2 * num`` words, ``fold_in(key, d)`` encrypts the pair ``(0, d)``.

Inside, a word is held as the int32 with its bit pattern (every framework
adds, multiplies, shifts and converts int32 the same two's-complement way,
and all of them compute int32 natively, where some emulate uint32 shifts);
keys and results are uint32.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

from .. import _dtypes
from .._declare import compositional
from .._errors import PolyarrayTypeError, PolyarrayValueError, UnsupportedDtypeError
from ._types import ArrayLike, DTypeLike
from .data_types import isdtype as _isdtype

__all__ = [
    "key",
    "split",
    "fold_in",
    "uniform",
    "normal",
    "integers",
    "bernoulli",
    "permutation",
    "choice",
    "truncated_normal",
]

#: The wrappers of every function here: native arrays in and out, shapes as tuples.
RANDOM = (
    "handle_exceptions",
    "to_native_arrays_and_back",
    "handle_device_shifting",
    "inputs_to_native_shapes",
    "handle_backend_invalid",
)

#: Threefry-2x32's rotation distances, for the even and the odd groups of four rounds.
ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
#: The key schedule's parity constant (Skein's C240, truncated to 32 bits).
PARITY = 0x1BD11BDA
#: Groups of four rounds: 5 groups, 20 rounds.
GROUPS = 5

_MASK32 = 0xFFFFFFFF
_FLOATS = ("float32", "float64")
_INTEGERS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
#: Counter pairs encrypted at a time on backends with mutable arrays (see :func:`_spans`): the rounds' three
#: int32 temporaries of this length (1.5 MB) fit in a core's cache.
CHUNK = 2**17
#: Mantissa bits of the uniform draws: 23 from one word for float32, 52 from two words for float64.
_MANTISSA = {"float32": 23, "float64": 52}


# -- private helpers on native arrays (never the public, wrapped API) ---------------------


def _backend(xp: Any) -> str:
    """The name of the backend whose raw namespace is ``xp``, for messages."""
    return getattr(xp, "__name__", "").split(".")[0]


def _where(function: str, xp: Any) -> str:
    return f"pa.random.{function} on the {_backend(xp)} backend"


def _u32(xp: Any) -> Any:
    return xp.native_dtype("uint32")


def _i32(xp: Any) -> Any:
    return xp.native_dtype("int32")


def _word(xp: Any, value: int) -> Any:
    """A 0-d int32 array holding the 32-bit pattern of ``value``."""
    value &= _MASK32
    return xp.asarray(value - 2**32 if value >= 2**31 else value, dtype=_i32(xp))


def _in_place(xp: Any, temporary: Any) -> bool:
    """Whether this module may write into ``temporary``, an array it made, with the standard's in-place operators.

    Only where the backend's native arrays are mutable (NumPy, PyTorch) and
    ``temporary`` has a dimension (a 0-d result may be an immutable scalar):
    the update ``x op= y`` is then the operation ``op`` written into ``x``, and
    it spares the allocation (and the cache misses) of a new array per step.
    Elsewhere, and on the graph tracer's arrays, every step makes a new array.
    """
    return bool(getattr(xp, "mutable_arrays", False)) and len(temporary.shape) > 0


#: The standard's in-place operators of the operations :func:`_updated` writes into a temporary.
_UPDATES = {
    "add": operator.iadd,
    "multiply": operator.imul,
    "bitwise_and": operator.iand,
    "bitwise_or": operator.ior,
    "bitwise_xor": operator.ixor,
    "bitwise_right_shift": operator.irshift,
}


def _updated(xp: Any, operation: str, temporary: Any, other: Any) -> Any:
    """``xp.<operation>(temporary, other)``, written into ``temporary`` (an array of this module's own) where
    :func:`_in_place` allows."""
    if _in_place(xp, temporary):
        return _UPDATES[operation](temporary, other)
    return getattr(xp, operation)(temporary, other)


def _shr(xp: Any, words: Any, bits: int, *, consume: bool = False) -> Any:
    """The logical right shift of 32-bit patterns held as int32: the arithmetic shift with the sign bits cleared.

    With ``consume``, ``words`` is this module's own and not needed again: it
    is shifted where it stands, where :func:`_in_place` allows.
    """
    shift = _word(xp, bits)
    shifted = _updated(xp, "bitwise_right_shift", words, shift) if consume else xp.bitwise_right_shift(words, shift)
    return _updated(xp, "bitwise_and", shifted, _word(xp, (1 << (32 - bits)) - 1))


def _to_words(xp: Any, unsigned: Any) -> Any:
    """uint32 values as the int32 patterns the arithmetic here holds."""
    return xp.astype(unsigned, _i32(xp))


def _to_unsigned(xp: Any, words: Any) -> Any:
    return xp.astype(words, _u32(xp))


def _ordered(xp: Any, words: Any) -> Any:
    """int32 values ordered as the uint32 values of the patterns ``words`` (the sign bit flipped)."""
    return xp.bitwise_xor(words, _word(xp, 0x80000000))


def _held(xp: Any) -> set[str]:
    return {name for name in _dtypes.DTYPES if xp.native_dtype(name) is not None}


def _dtype(xp: Any, dtype: Any, allowed: tuple[str, ...], kind: str, function: str, what: str) -> tuple[str, Any]:
    """The portable name and native dtype of ``dtype`` (this context's default of ``kind`` when None)."""
    if dtype is None:
        portable = _dtypes.defaults_on(_dtypes.own_defaults(_held(xp)))[kind]
    else:
        try:
            portable = _dtypes.as_dtype(dtype)
        except PolyarrayTypeError:
            raise PolyarrayTypeError(
                f"{_where(function, xp)}: dtype must be one of {', '.join(allowed)}, not {dtype!r}."
            ) from None
    name = portable.name
    if name not in allowed:
        raise PolyarrayTypeError(
            f"{_where(function, xp)} draws {what}: dtype must be one of {', '.join(allowed)}, not {name}."
        )
    native = xp.native_dtype(name)
    if native is None:
        advice = getattr(xp.native_dtype, "unsupported_advice", None)
        detail = f": the {_backend(xp)} backend has no {name}"
        raise UnsupportedDtypeError(
            f"random.{function}", _backend(xp), name, detail + ("; " + advice.format(dtype=name) if advice else "")
        )
    return name, native


def _shape(xp: Any, shape: Any, function: str) -> tuple[int, ...]:
    """``shape`` as a tuple of non-negative Python ints."""
    items: tuple[Any, ...] = (
        (shape,) if not isinstance(shape, (Sequence, tuple)) or isinstance(shape, str) else tuple(shape)
    )
    result = []
    for item in items:
        try:
            if isinstance(item, bool):
                raise TypeError
            size = operator.index(item)
        except TypeError:
            raise PolyarrayTypeError(
                f"{_where(function, xp)}: shape must be an int or a sequence of ints, not {shape!r}."
            ) from None
        if size < 0:
            raise PolyarrayValueError(f"{_where(function, xp)}: shape {shape!r} has a negative size.")
        result.append(size)
    return tuple(result)


def _int(xp: Any, value: Any, function: str, name: str) -> int:
    if isinstance(value, bool):
        value = None
    try:
        return operator.index(value)
    except TypeError:
        raise PolyarrayTypeError(f"{_where(function, xp)}: {name} must be an int, not {value!r}.") from None


def _real(xp: Any, value: Any, function: str, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise PolyarrayTypeError(f"{_where(function, xp)}: {name} must be a real number, not {value!r}.") from None
    return float(value)


def _key_words(xp: Any, key: Any, function: str) -> tuple[Any, Any]:
    """The two words of a key (checked to be a key), as 0-d int32 patterns."""
    key = xp.asarray(key)
    if key.dtype != _u32(xp) or tuple(key.shape) != (2,):
        dtype = _dtypes.dtype_name_of(key.dtype) or str(key.dtype)
        raise PolyarrayTypeError(
            f"{_where(function, xp)}: a key is a uint32 array of shape (2,), not an array of dtype {dtype} and "
            f"shape {tuple(key.shape)}; make one with pa.random.key(seed), pa.random.split or pa.random.fold_in."
        )
    words = _to_words(xp, key)
    return words[0], words[1]


#: What :func:`_round_constants` makes: the rotations' words by distance, and the key injections.
_RoundConstants = tuple[dict[int, tuple[Any, Any, Any]], tuple[tuple[Any, Any], ...]]


def _round_constants(xp: Any, k0: Any, k1: Any) -> _RoundConstants:
    """The 0-d words Threefry's rounds under the key words ``(k0, k1)`` use, made once per draw.

    The rotations' ``(2**r, 32 - r, 2**r - 1)`` by distance ``r``, and the
    key injections: ``(k0, k1)`` before the rounds, then one pair after each
    group of four.
    """
    schedule = (k0, k1, xp.bitwise_xor(xp.bitwise_xor(k0, k1), _word(xp, PARITY)))
    rotations = {r: (_word(xp, 2**r), _word(xp, 32 - r), _word(xp, 2**r - 1)) for group in ROTATIONS for r in group}
    after_groups = (
        (schedule[(group + 1) % 3], xp.add(schedule[(group + 2) % 3], _word(xp, group + 1))) for group in range(GROUPS)
    )
    return rotations, ((k0, k1), *after_groups)


def _rounds(xp: Any, constants: _RoundConstants, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Threefry-2x32's twenty rounds and key injections (:func:`_round_constants`) on ``x0`` and ``x1``.

    Each round is ``x0 += x1; x1 = rotate_left(x1, r) ^ x0``, the rotation
    being ``x1 * 2**r`` (a wrapping left shift) or-ed with ``x1 >> (32 - r)``
    with the sign bits cleared. ``x0`` and ``x1`` are the caller's own
    temporaries: where :func:`_in_place` allows, the rounds update them.
    """
    rotations, injections = constants
    x0 = _updated(xp, "add", x0, injections[0][0])
    x1 = _updated(xp, "add", x1, injections[0][1])
    for group in range(GROUPS):
        for r in ROTATIONS[group % 2]:
            scale, right, mask = rotations[r]
            x0 = _updated(xp, "add", x0, x1)
            low = _updated(xp, "bitwise_and", xp.bitwise_right_shift(x1, right), mask)
            x1 = _updated(xp, "bitwise_xor", _updated(xp, "bitwise_or", _updated(xp, "multiply", x1, scale), low), x0)
        x0 = _updated(xp, "add", x0, injections[group + 1][0])
        x1 = _updated(xp, "add", x1, injections[group + 1][1])
    return x0, x1


def _spans(xp: Any, total: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """The ranges ``[start, stop)`` of ``total`` counter pairs that a draw encrypts one after another.

    On a backend with mutable arrays, spans of ``size`` pairs: the rounds
    update their temporaries in place, and a span's few arrays stay in a
    core's cache through all twenty rounds instead of streaming from memory
    at every step (a million float32 normals on PyTorch take a fifth less
    time). Elsewhere the draw is one span, so that a framework's compiler
    sees one array program.
    """
    if not getattr(xp, "mutable_arrays", False) or total <= size:
        return [(0, total)]
    return [(start, min(total, start + size)) for start in range(0, total, size)]


def _threefry(xp: Any, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Threefry-2x32 on int32 patterns (see :func:`threefry2x32`).

    ``x0`` and ``x1`` are the caller's own temporaries: where
    :func:`_in_place` allows, the rounds update them, one :func:`_spans` at a
    time for a vector.
    """
    constants = _round_constants(xp, k0, k1)
    spans = _spans(xp, x0.shape[0]) if len(x0.shape) == 1 else []
    if len(spans) <= 1:
        return _rounds(xp, constants, x0, x1)
    for start, stop in spans:
        _rounds(xp, constants, x0[start:stop], x1[start:stop])
    return x0, x1


def threefry2x32(xp: Any, k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """Threefry-2x32 (20 rounds) of the counter words ``(x0, x1)`` under the key words ``(k0, k1)``.

    All four are uint32 native arrays (``x0`` and ``x1`` of one shape, the key
    words 0-d); returns the two encrypted words, arrays of that shape. The
    arrays given are left as they are.

    >>> import numpy as np
    >>> xp = pa.get_backend("numpy").raw
    >>> w = lambda v: np.asarray(v, dtype=np.uint32)
    >>> [hex(int(v)) for v in threefry2x32(xp, w(0), w(0), w(0), w(0))]
    ['0x6b200159', '0x99ba4efe']
    """
    # _to_words copies (astype's default), so the rounds update copies of the counters.
    y0, y1 = _threefry(xp, *(_to_words(xp, xp.asarray(w)) for w in (k0, k1, x0, x1)))
    return _to_unsigned(xp, y0), _to_unsigned(xp, y1)


def _check_words(xp: Any, count: int, function: str) -> None:
    if count >= 2**32:
        raise PolyarrayValueError(
            f"{_where(function, xp)}: a draw needs {count} random words, more than one key gives (2**32 - 1); "
            "split the key and draw in parts."
        )


def _counters(xp: Any, start: int, stop: int) -> Any:
    """The counters ``start … stop-1`` as int32 patterns (the sum of a counter and a word wraps to a pattern)."""
    if stop < 2**31:
        return xp.arange(start, stop, dtype=_i32(xp))
    return _to_words(xp, xp.arange(start, stop, dtype=_u32(xp)))


def _word_halves(xp: Any, k0: Any, k1: Any, count: int, function: str) -> tuple[Any, Any]:
    """The first ``ceil(count / 2)`` and the last ``floor(count / 2)`` of :func:`_words`, as two arrays.

    They are the two Threefry outputs of the counter pairs ``(i, half + i)``
    (an odd count pairs its middle counter with a zero, whose word is dropped).
    """
    _check_words(xp, count, function)
    half = (count + 1) // 2
    x0 = _counters(xp, 0, half)
    x1 = xp.add(x0, _word(xp, half))
    if count % 2:
        # The last pair's second counter, ``count``, becomes the zero its pair is made with.
        x1 = xp.concat([x1[: half - 1], xp.zeros((1,), dtype=_i32(xp))])
    y0, y1 = _threefry(xp, k0, k1, x0, x1)
    return y0, (y1 if count % 2 == 0 else y1[: half - 1])


def _words(xp: Any, k0: Any, k1: Any, count: int, function: str) -> Any:
    """``count`` random words (int32 patterns): the Threefry image of the counters ``0 … count-1``."""
    if count == 0:
        return xp.zeros((0,), dtype=_i32(xp))
    return xp.concat(list(_word_halves(xp, k0, k1, count, function)))


def _mantissas(
    xp: Any, words: Any, name: str, native: Any, low_words: Any = None, *, consume: bool = False
) -> tuple[Any, float]:
    """Random integers below ``2**23`` (float32) or ``2**52`` (float64) as exact floats, and ``2**-bits``.

    One per word of ``words`` for float32; for float64 one per pair of a high
    word (of ``words``) and a low word (of ``low_words``). Every backend
    converts int32 to floating point exactly below ``2**24`` (float32) and
    everywhere (float64); the float64 mantissa is assembled from the two words,
    ``high * 2**20 + (low >> 12)``, exactly (``high``, read signed after
    flipping its sign bit, is its unsigned value minus ``2**31``). With
    ``consume``, the words are this module's own and not needed again (see :func:`_shr`).
    """
    if name == "float32":
        return xp.astype(_shr(xp, words, 32 - _MANTISSA[name], consume=consume), native), 2.0**-23
    high = _updated(xp, "add", xp.astype(_ordered(xp, words), native), xp.asarray(2.0**31, dtype=native))
    high = _updated(xp, "multiply", high, xp.asarray(2.0**20, dtype=native))
    low = xp.astype(_shr(xp, low_words, 12, consume=consume), native)
    return _updated(xp, "add", high, low), 2.0**-52


def _unit(xp: Any, words: Any, name: str, native: Any, count: int) -> Any:
    """``count`` floats in ``[0, 1)`` with 23 (float32) or 52 (float64) random mantissa bits, exactly.

    ``words`` holds ``count`` words for float32, ``2 * count`` (the high words, then the low) for float64.
    """
    if name == "float32":
        mantissas, scale = _mantissas(xp, words, name, native)
    else:
        mantissas, scale = _mantissas(xp, words[:count], name, native, words[count:])
    return _updated(xp, "multiply", mantissas, xp.asarray(scale, dtype=native))


def _uniform01(xp: Any, key: Any, count: int, name: str, native: Any, function: str) -> Any:
    k0, k1 = _key_words(xp, key, function)
    words = _words(xp, k0, k1, count if name == "float32" else 2 * count, function)
    return _unit(xp, words, name, native, count)


def _scalar(xp: Any, value: float, native: Any) -> Any:
    return xp.asarray(value, dtype=native)


# -- keys ---------------------------------------------------------------------------------


@compositional(wrappers=RANDOM, namespace="random")
def key(xp: Any, seed: int, /) -> ArrayLike:
    """A key for ``seed``: a uint32 array of shape ``(2,)``, ``[seed >> 32, seed & 0xFFFFFFFF]``.

    ``seed`` is an int in ``[-2**63, 2**64)`` (negative seeds are taken in
    two's complement). The same seed gives the same key, and the same draws,
    on every backend.

    >>> pa.random.key(42)
    Array([ 0, 42], backend=numpy, dtype=uint32)
    >>> pa.to_numpy(pa.random.key(2**32 + 7)).tolist()
    [1, 7]
    """
    seed = _int(xp, seed, "key", "seed")
    if not -(2**63) <= seed < 2**64:
        raise PolyarrayValueError(f"{_where('key', xp)}: seed must lie in [-2**63, 2**64), not {seed}.")
    seed &= 2**64 - 1
    return xp.asarray([seed >> 32, seed & _MASK32], dtype=_u32(xp))


@compositional(wrappers=RANDOM, namespace="random")
def split(xp: Any, key: ArrayLike, /, num: int = 2) -> ArrayLike:
    """``num`` new keys from ``key``, as a uint32 array of shape ``(num, 2)``; row ``i`` is a key.

    Use each new key once (for a draw, or to split again) and ``key`` no more.

    >>> keys = pa.random.split(pa.random.key(0))
    >>> keys.shape, keys.dtype
    ((2, 2), pa.uint32)
    >>> pa.to_numpy(keys).tolist()
    [[4146024105, 967050713], [2718843009, 1272950319]]
    """
    num = _int(xp, num, "split", "num")
    if num < 0:
        raise PolyarrayValueError(f"{_where('split', xp)}: num must be non-negative, not {num}.")
    k0, k1 = _key_words(xp, key, "split")
    return xp.reshape(_to_unsigned(xp, _words(xp, k0, k1, 2 * num, "split")), (num, 2))


@compositional(wrappers=RANDOM, namespace="random")
def fold_in(xp: Any, key: ArrayLike, data: int, /) -> ArrayLike:
    """A new key from ``key`` and the int ``data`` (in ``[0, 2**32)``): the Threefry image of ``(0, data)``.

    Different ``data`` give independent keys: fold in a step or a worker number.

    >>> pa.to_numpy(pa.random.fold_in(pa.random.key(0), 1)).tolist()
    [928981903, 3453687069]
    """
    data = _int(xp, data, "fold_in", "data")
    if not 0 <= data <= _MASK32:
        raise PolyarrayValueError(f"{_where('fold_in', xp)}: data must lie in [0, 2**32), not {data}.")
    k0, k1 = _key_words(xp, key, "fold_in")
    i32 = _i32(xp)
    y0, y1 = _threefry(xp, k0, k1, xp.asarray([0], dtype=i32), xp.reshape(_word(xp, data), (1,)))
    return _to_unsigned(xp, xp.concat([y0, y1]))


# -- floating-point draws -----------------------------------------------------------------


@compositional(wrappers=RANDOM, namespace="random")
def uniform(
    xp: Any,
    key: ArrayLike,
    shape: int | Sequence[int],
    /,
    *,
    low: float = 0.0,
    high: float = 1.0,
    dtype: DTypeLike | None = None,
) -> ArrayLike:
    """Floats drawn uniformly from ``[low, high)``, of ``shape`` and ``dtype`` (float32 or float64).

    float32 draws carry 23 random bits (one word each), float64 draws 52 (two
    words); the draw is ``u * (high - low) + low`` for ``u`` in ``[0, 1)``,
    kept at or above ``low``. The default dtype is this context's default
    floating-point dtype (float64; float32 on a backend without float64).
    The values are bit-identical on every backend.

    >>> x = pa.random.uniform(pa.random.key(0), (3,), dtype=pa.float32)
    >>> x
    Array([0.9653214 , 0.31468165, 0.63302994], backend=numpy, dtype=float32)
    >>> float(pa.min(pa.random.uniform(pa.random.key(1), (1000,), low=-2.0, high=3.0))) >= -2.0
    True
    """
    name, native = _dtype(xp, dtype, _FLOATS, "real floating", "uniform", "floats")
    size = math.prod(shape := _shape(xp, shape, "uniform"))
    low, high = _real(xp, low, "uniform", "low"), _real(xp, high, "uniform", "high")
    if not (math.isfinite(low) and math.isfinite(high)) or low > high:
        raise PolyarrayValueError(f"{_where('uniform', xp)}: needs finite low <= high, not low={low}, high={high}.")
    unit = _uniform01(xp, key, size, name, native, "uniform")
    lo, hi = _scalar(xp, low, native), _scalar(xp, high, native)
    values = xp.maximum(lo, xp.add(xp.multiply(unit, xp.subtract(hi, lo)), lo))
    return xp.reshape(values, shape)


def _box_muller(xp: Any, key: Any, count: int, name: str, native: Any, function: str) -> Any:
    """``count`` standard normal draws: Box-Muller on pairs of uniforms (see :func:`_normal_pairs`).

    The draws are made one :func:`_spans` at a time, written into the result
    where the backend's arrays are mutable.
    """
    half = (count + 1) // 2
    _check_words(xp, 2 * half if name == "float32" else 4 * half, function)
    k0, k1 = _key_words(xp, key, function)
    constants = _round_constants(xp, k0, k1)
    # A float64 draw encrypts two counter pairs per pair of draws.
    spans = _spans(xp, half, CHUNK if name == "float32" else CHUNK // 2)
    if len(spans) == 1:
        both = xp.concat(list(_normal_pairs(xp, constants, 0, half, half, name, native)))
    else:
        both = xp.empty((2 * half,), dtype=native)
        for start, stop in spans:
            pairs = _normal_pairs(xp, constants, start, stop, half, name, native)
            both[start:stop], both[half + start : half + stop] = pairs
            del pairs
    return both if count == 2 * half else both[:count]


def _normal_pairs(
    xp: Any, constants: _RoundConstants, start: int, stop: int, half: int, name: str, native: Any
) -> tuple[Any, Any]:
    """The normal draws ``start … stop-1`` and ``half + start … half + stop-1`` of ``2 * half``: cosines and sines.

    Draw ``i`` and draw ``half + i`` come from one pair of uniforms, ``u1``
    (of the radius) from word ``i`` of the draw's words and ``u2`` (of the
    angle) from word ``half + i``: for float32 the two outputs of the
    counter pair ``(i, half + i)``; for float64 the high and low words of
    the counter pairs ``(i, 2 * half + i)`` and ``(half + i, 3 * half + i)``.
    """
    # Each temporary is dropped (del) once used and updated in place where the backend allows: a
    # span's draws then hold a few arrays at a time, and the allocator reuses their memory.
    if name == "float32":
        x0 = _counters(xp, start, stop)
        first, second = _rounds(xp, constants, x0, xp.add(x0, _word(xp, half)))
        del x0
        radial, scale = _mantissas(xp, first, name, native, consume=True)
        del first
        angular, _ = _mantissas(xp, second, name, native, consume=True)
        del second
    else:
        x0 = xp.concat([_counters(xp, start, stop), _counters(xp, half + start, half + stop)])
        high, low = _rounds(xp, constants, x0, xp.add(x0, _word(xp, 2 * half)))
        del x0
        mantissas, scale = _mantissas(xp, high, name, native, low, consume=True)
        del high, low
        radial, angular = mantissas[: stop - start], mantissas[stop - start :]
        del mantissas
    # 1 - u1 = 1 - m * 2**-bits, a multiple of 2**-bits in (0, 1] and so exact: the logarithm is finite.
    radial = _updated(xp, "multiply", radial, _scalar(xp, -scale, native))
    logarithm = xp.log(_updated(xp, "add", radial, _scalar(xp, 1.0, native)))
    del radial
    radius = xp.sqrt(_updated(xp, "multiply", logarithm, _scalar(xp, -2.0, native)))
    del logarithm
    angle = _updated(xp, "multiply", angular, _scalar(xp, 2 * math.pi * scale, native))
    del angular
    cosines = _updated(xp, "multiply", xp.cos(angle), radius)
    sines = _updated(xp, "multiply", xp.sin(angle), radius)
    return cosines, sines


@compositional(wrappers=RANDOM, namespace="random")
def normal(
    xp: Any,
    key: ArrayLike,
    shape: int | Sequence[int],
    /,
    *,
    mean: float = 0.0,
    std: float = 1.0,
    dtype: DTypeLike | None = None,
) -> ArrayLike:
    """Normally distributed floats with ``mean`` and standard deviation ``std`` (``>= 0``).

    Box-Muller on pairs of uniform draws: ``sqrt(-2 log(1 - u1))`` times the
    cosine and the sine of ``2 pi u2`` (the first half of the draws are the
    cosines, the second half the sines). The uniforms are bit-identical on every
    backend; the logarithm, square root, cosine and sine are each backend's
    own, so draws agree across backends to a few units in the last place.
    float32 draws reach about 5.6 standard deviations, float64 about 8.5.

    >>> x = pa.random.normal(pa.random.key(0), (100_000,))
    >>> abs(float(pa.mean(x))) < 0.01, abs(float(pa.std(x)) - 1) < 0.01
    (True, True)
    >>> pa.random.normal(pa.random.key(0), (2,), mean=10.0, std=0.0)
    Array([10., 10.], backend=numpy, dtype=float64)
    """
    name, native = _dtype(xp, dtype, _FLOATS, "real floating", "normal", "floats")
    size = math.prod(shape := _shape(xp, shape, "normal"))
    mean, std = _real(xp, mean, "normal", "mean"), _real(xp, std, "normal", "std")
    if not (math.isfinite(mean) and math.isfinite(std)) or std < 0:
        raise PolyarrayValueError(
            f"{_where('normal', xp)}: needs a finite mean and a finite std >= 0, not mean={mean}, std={std}."
        )
    values = _box_muller(xp, key, size, name, native, "normal")
    if (mean, std) != (0.0, 1.0):
        values = xp.add(xp.multiply(values, _scalar(xp, std, native)), _scalar(xp, mean, native))
    return xp.reshape(values, shape)


#: Wichura's AS 241 (PPND16) rational approximations of the normal quantile: the central region,
#: then the tail for sqrt(-log p) <= 5 and beyond; numerator and denominator, highest degree first.
_AS241 = (
    (
        (2509.0809287301226727, 33430.575583588128105, 67265.770927008700853, 45921.953931549871457,
         13731.693765509461125, 1971.5909503065514427, 133.14166789178437745, 3.3871328727963666080),
        (5226.4952788528545610, 28729.085735721942674, 39307.895800092710610, 21213.794301586595867,
         5394.1960214247511077, 687.18700749205790830, 42.313330701600911252, 1.0),
    ),
    (
        (7.74545014278341407640e-4, 2.27238449892691845833e-2, 2.41780725177450611770e-1,
         1.27045825245236838258, 3.64784832476320460504, 5.76949722146069140550,
         4.63033784615654529590, 1.42343711074968357734),
        (1.05075007164441684324e-9, 5.47593808499534494600e-4, 1.51986665636164571966e-2,
         1.48103976427480074590e-1, 6.89767334985100004550e-1, 1.67638483018380384940,
         2.05319162663775882187, 1.0),
    ),
    (
        (2.01033439929228813265e-7, 2.71155556874348757815e-5, 1.24266094738807843860e-3,
         2.65321895265761230930e-2, 2.96560571828504891230e-1, 1.78482653991729133580,
         5.46378491116411436990, 6.65790464350110377720),
        (2.04426310338993978564e-15, 1.42151175831644588870e-7, 1.84631831751005468180e-5,
         7.86869131145613259100e-4, 1.48753612908506148525e-2, 1.36929880922735805310e-1,
         5.99832206555887937690e-1, 1.0),
    ),
)  # fmt: skip


def _rational(xp: Any, x: Any, coefficients: tuple[tuple[float, ...], tuple[float, ...]], native: Any) -> Any:
    numerator, denominator = (_horner(xp, x, c, native) for c in coefficients)
    return xp.divide(numerator, denominator)


def _horner(xp: Any, x: Any, coefficients: tuple[float, ...], native: Any) -> Any:
    value = _scalar(xp, coefficients[0], native)
    for c in coefficients[1:]:
        value = xp.add(xp.multiply(value, x), _scalar(xp, c, native))
    return value


def normal_quantile(xp: Any, p: Any, native: Any) -> Any:
    """The standard normal quantile of ``p`` in ``[0, 1]`` (AS 241; ``-inf`` at 0, ``inf`` at 1).

    >>> import numpy as np
    >>> xp = pa.get_backend("numpy").raw
    >>> normal_quantile(xp, np.asarray([0.025, 0.5, 0.975]), np.float64).round(6).tolist()
    [-1.959964, 0.0, 1.959964]
    """
    half, one = _scalar(xp, 0.5, native), _scalar(xp, 1.0, native)
    q = xp.subtract(p, half)
    central = xp.less_equal(xp.abs(q), _scalar(xp, 0.425, native))
    r = xp.subtract(_scalar(xp, 0.180625, native), xp.multiply(q, q))
    inner = xp.multiply(q, _rational(xp, xp.where(central, r, _scalar(xp, 0.0, native)), _AS241[0], native))
    tail_p = xp.where(xp.less_equal(q, _scalar(xp, 0.0, native)), p, xp.subtract(one, p))
    # Keep the logarithm's argument in (0, 1]: the central values come from ``inner``, the ends are set below.
    ends = xp.logical_or(xp.equal(p, _scalar(xp, 0.0, native)), xp.equal(p, one))
    tail_p = xp.where(xp.logical_or(central, ends), half, tail_p)
    s = xp.sqrt(xp.negative(xp.log(tail_p)))
    near = xp.less_equal(s, _scalar(xp, 5.0, native))
    outer = xp.where(
        near,
        _rational(xp, xp.subtract(s, _scalar(xp, 1.6, native)), _AS241[1], native),
        _rational(xp, xp.subtract(s, _scalar(xp, 5.0, native)), _AS241[2], native),
    )
    outer = xp.where(xp.less(q, _scalar(xp, 0.0, native)), xp.negative(outer), outer)
    outer = xp.where(xp.equal(p, _scalar(xp, 0.0, native)), _scalar(xp, -math.inf, native), outer)
    outer = xp.where(xp.equal(p, one), _scalar(xp, math.inf, native), outer)
    return xp.where(central, inner, outer)


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@compositional(wrappers=RANDOM, namespace="random")
def truncated_normal(
    xp: Any,
    key: ArrayLike,
    shape: int | Sequence[int],
    lower: float,
    upper: float,
    /,
    *,
    dtype: DTypeLike | None = None,
) -> ArrayLike:
    """Standard normal draws conditioned to ``[lower, upper]`` (``lower < upper``; either may be infinite).

    By the inverse distribution function: a uniform draw between the normal
    probabilities of the bounds (computed once, in Python's double precision),
    mapped through the normal quantile (Wichura's AS 241). Bounds both above
    zero are handled by symmetry, so far tails keep their precision. Draws
    agree across backends to a few units in the last place.

    >>> x = pa.random.truncated_normal(pa.random.key(0), (10_000,), -1.0, 2.0)
    >>> -1.0 <= float(pa.min(x)) and float(pa.max(x)) <= 2.0
    True
    >>> x = pa.random.truncated_normal(pa.random.key(0), (10_000,), 4.0, float("inf"))
    >>> 4.0 <= float(pa.min(x)) < 4.1 < float(pa.max(x))
    True
    """
    name, native = _dtype(xp, dtype, _FLOATS, "real floating", "truncated_normal", "floats")
    size = math.prod(shape := _shape(xp, shape, "truncated_normal"))
    lower = _real(xp, lower, "truncated_normal", "lower")
    upper = _real(xp, upper, "truncated_normal", "upper")
    if math.isnan(lower) or math.isnan(upper) or not lower < upper:
        raise PolyarrayValueError(
            f"{_where('truncated_normal', xp)}: needs lower < upper, not lower={lower}, upper={upper}."
        )
    flip = lower > 0.0
    a, b = (-upper, -lower) if flip else (lower, upper)
    pa_, pb = _normal_cdf(a), _normal_cdf(b)
    unit = _uniform01(xp, key, size, name, native, "truncated_normal")
    p = xp.add(xp.multiply(unit, _scalar(xp, pb - pa_, native)), _scalar(xp, pa_, native))
    values = xp.clip(normal_quantile(xp, p, native), min=_scalar(xp, a, native), max=_scalar(xp, b, native))
    if flip:
        values = xp.negative(values)
    return xp.reshape(values, shape)


# -- integers -----------------------------------------------------------------------------


def _limbs(xp: Any, words: Any) -> list[Any]:
    """The 16-bit halves of words (int32 patterns), low half first."""
    return [xp.bitwise_and(words, _word(xp, 0xFFFF)), _shr(xp, words, 16)]


def _scaled(xp: Any, random_limbs: list[Any], span: int) -> list[Any]:
    """``floor(R * span / 2**(16 * len(random_limbs)))`` as 16-bit limbs (low first), in 32-bit arithmetic.

    ``R`` is the random number whose 16-bit limbs (low first) are given; the
    product's top limbs are the result: the multiply-shift map from random
    bits to ``[0, span)``, exact integer arithmetic on every backend.
    """
    span_limbs = []
    while span:
        span_limbs.append(span & 0xFFFF)
        span >>= 16
    columns: list[Any] = [None] * (len(random_limbs) + len(span_limbs) + 1)
    mask = _word(xp, 0xFFFF)

    def accumulate(index: int, value: Any) -> None:
        columns[index] = value if columns[index] is None else xp.add(columns[index], value)

    for i, r in enumerate(random_limbs):
        for j, s in enumerate(span_limbs):
            if s == 0:
                continue
            product = xp.multiply(r, _word(xp, s))
            accumulate(i + j, xp.bitwise_and(product, mask))
            accumulate(i + j + 1, _shr(xp, product, 16))
    limbs, carry = [], None
    for column in columns:
        if column is None:
            column = xp.zeros_like(random_limbs[0])
        if carry is not None:
            column = xp.add(column, carry)
        limbs.append(xp.bitwise_and(column, mask))
        carry = _shr(xp, column, 16)
    return limbs[len(random_limbs) :]


def _signed_from_limbs(xp: Any, limbs: list[Any], bits: int, native: Any) -> Any:
    """The two's-complement value of the low ``bits`` bits of 16-bit limbs (low first), in the signed ``native``."""
    value = None
    count = bits // 16
    for index, limb in enumerate(limbs[:count]):
        part = _limb_as(xp, limb, native)
        if index == count - 1:
            # The top limb carries the sign: limb - 2**16 when its high bit is set.
            part = xp.where(
                xp.greater_equal(part, xp.asarray(0x8000, dtype=native)),
                xp.subtract(part, xp.asarray(0x10000, dtype=native)),
                part,
            )
        if index:
            part = xp.multiply(part, xp.asarray(2 ** (16 * index), dtype=native))
        value = part if value is None else xp.add(value, part)
    return value


def _limb_as(xp: Any, limb: Any, native: Any) -> Any:
    """A limb (an int32 below 2**16) in the integer dtype ``native``."""
    return limb if native == _i32(xp) else xp.astype(limb, native)


def _integers(xp: Any, key: Any, size: int, low: int, high: int, name: str, native: Any, function: str) -> Any:
    """``size`` integers drawn uniformly from ``[low, high)`` (checked to fit ``name``), as a 1-d array."""
    bits = _dtypes.DTYPES[name].bits
    span = high - low
    random_words = 2 if span <= 2**32 else 4
    k0, k1 = _key_words(xp, key, function)
    words = _words(xp, k0, k1, random_words * size, function)
    random_limbs = []
    for part in range(random_words):
        random_limbs.extend(_limbs(xp, words[part * size : (part + 1) * size]))
    offset = _scaled(xp, random_limbs, span)
    # The draw is low + offset modulo 2**width, read as a signed number of that width (32 bits for
    # the narrow dtypes, where the draw fits): two's-complement wrapping, the same on every backend.
    width = max(bits, 32)
    work = xp.native_dtype(f"int{width}")
    start = low % 2**width
    start = start - 2**width if start >= 2 ** (width - 1) else start
    padded = offset + [xp.zeros_like(offset[0])] * (width // 16)
    value = xp.add(_signed_from_limbs(xp, padded, width, work), xp.asarray(start, dtype=work))
    return value if work == native else xp.astype(value, native)


@compositional(wrappers=RANDOM, namespace="random")
def integers(
    xp: Any,
    key: ArrayLike,
    shape: int | Sequence[int],
    low: int,
    high: int,
    /,
    *,
    dtype: DTypeLike | None = None,
) -> ArrayLike:
    """Integers drawn uniformly from ``[low, high)``, of ``shape`` and the integer ``dtype``.

    Each draw maps 64 random bits (two words; 128 bits when ``high - low``
    exceeds ``2**32``) to the range by multiply-shift, ``floor(R * (high - low)
    / 2**64)``: no modulo and no rejection, and a bias below ``2**-32`` of a
    probability. The arithmetic is exact, in 16-bit limbs of uint32 words, so
    the values are bit-identical on every backend. The default dtype is this
    context's default integer dtype; ``low`` and ``high - 1`` must fit ``dtype``.

    >>> pa.random.integers(pa.random.key(0), (8,), 0, 10)
    Array([2, 3, 7, 7, 3, 1, 0, 6], backend=numpy, dtype=int64)
    >>> pa.random.integers(pa.random.key(0), (2, 2), -5, 5, dtype=pa.int8).dtype
    pa.int8
    """
    name, native = _dtype(xp, dtype, _INTEGERS, "integral", "integers", "integers")
    size = math.prod(shape := _shape(xp, shape, "integers"))
    low, high = _int(xp, low, "integers", "low"), _int(xp, high, "integers", "high")
    bits = _dtypes.DTYPES[name].bits
    lowest = 0 if name.startswith("u") else -(2 ** (bits - 1))
    highest = lowest + 2**bits - 1
    if not low < high:
        raise PolyarrayValueError(f"{_where('integers', xp)}: needs low < high, not low={low}, high={high}.")
    if low < lowest or high - 1 > highest:
        raise PolyarrayValueError(
            f"{_where('integers', xp)}: [low, high) = [{low}, {high}) does not fit {name} "
            f"([{lowest}, {highest}]); choose a wider dtype."
        )
    return xp.reshape(_integers(xp, key, size, low, high, name, native, "integers"), shape)


# -- discrete draws -----------------------------------------------------------------------


@compositional(wrappers=RANDOM, namespace="random")
def bernoulli(xp: Any, key: ArrayLike, shape: int | Sequence[int], p: float, /) -> ArrayLike:
    """Booleans of ``shape``, each True with probability ``p`` (in ``[0, 1]``).

    A draw is True when its random word is below ``round(p * 2**32)``: an
    integer comparison, bit-identical on every backend.

    >>> pa.random.bernoulli(pa.random.key(0), (6,), 0.5)
    Array([False,  True, False, False, False,  True], backend=numpy, dtype=bool)
    >>> float(pa.mean(pa.astype(pa.random.bernoulli(pa.random.key(3), (100_000,), 0.2), pa.float64)))
    0.19...
    """
    size = math.prod(shape := _shape(xp, shape, "bernoulli"))
    p = _real(xp, p, "bernoulli", "p")
    if not 0.0 <= p <= 1.0:
        raise PolyarrayValueError(f"{_where('bernoulli', xp)}: p must lie in [0, 1], not {p}.")
    k0, k1 = _key_words(xp, key, "bernoulli")
    words = _words(xp, k0, k1, size, "bernoulli")
    threshold = round(p * 2**32)
    if threshold > _MASK32:
        drawn = xp.ones((size,), dtype=xp.native_dtype("bool"))
    else:
        drawn = xp.less(_ordered(xp, words), _word(xp, threshold ^ 0x80000000))
    return xp.reshape(drawn, shape)


def _index_dtype(xp: Any) -> Any:
    name = _dtypes.defaults_on(_dtypes.own_defaults(_held(xp)))["indexing"].name
    return xp.native_dtype(name)


def _permuted_indices(xp: Any, key: Any, n: int, function: str) -> Any:
    """A random ordering of ``0 … n-1``: the stable argsort of ``n`` random words."""
    k0, k1 = _key_words(xp, key, function)
    order = xp.argsort(_ordered(xp, _words(xp, k0, k1, n, function)), stable=True)
    index = _index_dtype(xp)
    return order if order.dtype == index else xp.astype(order, index)


def _population(xp: Any, x: Any, function: str) -> tuple[Any | None, int]:
    """``(array or None, size of axis 0)`` for an int population size or an array."""
    if isinstance(x, int) and not isinstance(x, bool):
        if x < 0:
            raise PolyarrayValueError(f"{_where(function, xp)}: the population size must be >= 0, not {x}.")
        return None, x
    x = xp.asarray(x)
    if len(x.shape) == 0:
        if _isdtype(x.dtype, "integral"):
            return _population(xp, int(x), function)
        raise PolyarrayValueError(
            f"{_where(function, xp)}: needs an int or an array of at least one dimension, not a 0-d array."
        )
    return x, int(x.shape[0])


@compositional(wrappers=RANDOM, namespace="random")
def permutation(xp: Any, key: ArrayLike, x_or_n: ArrayLike | int, /) -> ArrayLike:
    """A random permutation of ``range(n)`` for an int, or of an array's first axis.

    The order is the stable argsort of one random word per element (ties,
    rare, keep index order), so every backend gives the same permutation.

    >>> pa.random.permutation(pa.random.key(0), 6)
    Array([1, 5, 0, 4, 2, 3], backend=numpy, dtype=int64)
    >>> pa.random.permutation(pa.random.key(0), pa.asarray([[1, 2], [3, 4]])).shape
    (2, 2)
    """
    x, n = _population(xp, x_or_n, "permutation")
    order = _permuted_indices(xp, key, n, "permutation")
    return order if x is None else xp.take(x, order, axis=0)


@compositional(wrappers=RANDOM, namespace="random")
def choice(
    xp: Any,
    key: ArrayLike,
    a: ArrayLike | int,
    shape: int | Sequence[int] = (),
    /,
    *,
    replace: bool = True,
    p: ArrayLike | None = None,
) -> ArrayLike:
    """Draws from ``a`` (an int ``n`` stands for ``range(n)``; an array gives its first-axis slices).

    With ``replace`` each draw is independent: uniform (an integer draw) or,
    given probabilities ``p`` (non-negative, one per element, summing to 1),
    by the inverse of their cumulative sum. Without ``replace`` the draws are
    distinct: the first of a random permutation, or with ``p`` the smallest
    exponential keys ``E / p`` (Efraimidis-Spirakis); ``shape`` may then hold
    at most ``n`` draws. The result has shape ``shape`` followed by the
    shape of one element of ``a``.

    >>> pa.random.choice(pa.random.key(0), 10, (5,))
    Array([4, 2, 2, 7, 7], backend=numpy, dtype=int64)
    >>> pa.random.choice(pa.random.key(0), pa.asarray([10, 20, 30]), (4,), p=pa.asarray([0.0, 0.0, 1.0]))
    Array([30, 30, 30, 30], backend=numpy, dtype=int64)
    >>> sorted(pa.to_numpy(pa.random.choice(pa.random.key(1), 5, (5,), replace=False)).tolist())
    [0, 1, 2, 3, 4]
    """
    x, n = _population(xp, a, "choice")
    size = math.prod(shape := _shape(xp, shape, "choice"))
    index = _index_dtype(xp)
    if size and n == 0:
        raise PolyarrayValueError(f"{_where('choice', xp)}: cannot draw from an empty population.")
    if not replace and size > n:
        raise PolyarrayValueError(
            f"{_where('choice', xp)}: cannot draw {size} distinct elements from a population of {n} "
            "without replacement; draw fewer or pass replace=True."
        )
    if p is not None:
        chosen = _weighted(xp, key, xp.asarray(p), n, size, replace)
        chosen = chosen if chosen.dtype == index else xp.astype(chosen, index)
    elif replace:
        chosen = _integers(xp, key, size, 0, max(n, 1), _dtypes.as_dtype(index).name, index, "choice")
    else:
        chosen = _permuted_indices(xp, key, n, "choice")[:size]
    if x is None:
        return xp.reshape(chosen, shape)
    return xp.reshape(xp.take(x, chosen, axis=0), shape + tuple(x.shape[1:]))


def _weighted(xp: Any, key: Any, p: Any, n: int, size: int, replace: bool) -> Any:
    """``size`` indices into ``range(n)`` drawn with probabilities ``p`` (checked here)."""
    where = _where("choice", xp)
    if not _isdtype(p.dtype, "real floating"):
        raise PolyarrayTypeError(
            f"{where}: p must be an array of real floating-point probabilities, not of dtype "
            f"{_dtypes.dtype_name_of(p.dtype) or p.dtype}; convert it with pa.astype."
        )
    if tuple(p.shape) != (n,):
        raise PolyarrayValueError(
            f"{where}: p must have shape ({n},), one probability per element, not {tuple(p.shape)}."
        )
    name = _dtypes.dtype_name_of(p.dtype)
    if name not in _FLOATS:
        p, name = xp.astype(p, xp.native_dtype("float32")), "float32"
    zero = xp.asarray(0.0, dtype=p.dtype)
    total = float(xp.sum(p))
    invalid = bool(xp.any(xp.logical_or(xp.less(p, zero), xp.logical_not(xp.isfinite(p)))))
    if invalid or not abs(total - 1.0) <= 1e-5 * max(n, 1):
        raise PolyarrayValueError(
            f"{where}: p must hold finite probabilities >= 0 that sum to 1 (they sum to {total})."
        )
    if replace:
        cdf = xp.cumulative_sum(p)
        # Scaled to the sum as computed, so a draw never falls past the last element.
        unit = xp.multiply(_uniform01(xp, key, size, name, p.dtype, "choice"), cdf[n - 1])
        return xp.clip(xp.searchsorted(cdf, unit, side="right"), max=n - 1)
    unit = _uniform01(xp, key, n, name, p.dtype, "choice")
    exponential = xp.negative(xp.log(xp.subtract(xp.asarray(1.0, dtype=p.dtype), unit)))
    # Elements of probability 0 get an infinite key: they come last.
    positive = xp.greater(p, zero)
    keys = xp.divide(exponential, xp.where(positive, p, xp.asarray(1.0, dtype=p.dtype)))
    keys = xp.where(positive, keys, xp.asarray(math.inf, dtype=p.dtype))
    return xp.argsort(keys, stable=True)[:size]
