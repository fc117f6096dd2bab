"""Small helpers shared by the PyTorch plugin's modules.

- Devices: polyarray's portable names (``"cpu"``, ``"gpu:0"`` …) to ``torch.device``
  and back.
- Dtypes: the NumPy-like choices polyarray's results follow where torch's own
  differ (the floating dtype of integer input, the default dtypes of Python
  values, the accumulation dtype of sums).
- Unsupported dtypes: torch has kernels for only some operations on
  ``uint16``, ``uint32`` and ``uint64`` (and on ``float16``/``bfloat16`` in
  linear algebra). :func:`exact_unsigned`, :func:`unsigned_divmod` and
  :func:`unsigned_shift` compute the integer functions exactly through the
  signed dtypes (same bits for wrapping arithmetic, a flipped top bit for
  order); :func:`guard_dtypes` turns torch's remaining "not implemented for
  'UInt32'" errors into :class:`UnsupportedDtype`, which polyarray reports as
  ``pa.UnsupportedDtypeError``; nothing is computed inexactly instead.
"""

from __future__ import annotations

import functools
import math
import numbers
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import torch

# -- unsupported dtypes ------------------------------------------------------------------------


class UnsupportedDtype(TypeError):
    """torch cannot compute this function on this dtype (polyarray raises ``pa.UnsupportedDtypeError``)."""

    def __init__(self, dtype: str, message: str) -> None:
        super().__init__(message)
        #: The portable name of the refused dtype: the attribute polyarray looks for.
        self.polyarray_unsupported_dtype = dtype


#: torch's names of its scalar types (as kernels' error messages spell them) -> portable names.
_SCALAR_TYPE_NAMES = {
    "Bool": "bool",
    "Byte": "uint8",
    "Char": "int8",
    "Short": "int16",
    "Int": "int32",
    "Long": "int64",
    "UInt16": "uint16",
    "UInt32": "uint32",
    "UInt64": "uint64",
    "Half": "float16",
    "BFloat16": "bfloat16",
    "Float": "float32",
    "Double": "float64",
    "ComplexFloat": "complex64",
    "ComplexDouble": "complex128",
}

#: torch's messages for a kernel it lacks for a dtype.
_MISSING_KERNEL = (
    re.compile(r"not implemented for '(\w+)'"),
    re.compile(r"[Ll]ow precision dtypes not supported\. Got (\w+)"),
    re.compile(r"[Uu]nsupported dtype (\w+)"),
)


def portable_name(dtype: torch.dtype) -> str:
    """The portable name of a torch dtype (``torch.float32`` -> ``"float32"``)."""
    return str(dtype).removeprefix("torch.")


def unsupported(function: str, dtype: torch.dtype | str, detail: str = "") -> UnsupportedDtype:
    """The error for ``function`` on ``dtype``, which torch cannot compute (``detail``: what it lacks)."""
    name = dtype if isinstance(dtype, str) else portable_name(dtype)
    lacking = detail or f"torch {torch.__version__} has no {function} for {name} tensors"
    return UnsupportedDtype(
        name,
        f"{lacking}; cast the input with pa.astype to a dtype torch computes this on, or run this call on "
        f"another backend (backend=...) whose framework computes on {name}",
    )


F = TypeVar("F", bound=Callable[..., Any])


#: The functions the standard defines on integer and boolean input alone: torch's missing kernel for a floating
#: or complex dtype there is the ``TypeError`` NumPy and the other frameworks raise, not a gap of torch's.
_INTEGER_OR_BOOL_ONLY = frozenset(
    {"bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift"}
)
_NOT_INTEGER_NAMES = ("float", "bfloat", "complex")


def guard_dtypes(function: F) -> F:
    """Turn torch's errors for a dtype it has no kernel for into :class:`UnsupportedDtype`.

    A floating or complex dtype given to a function defined on integers and
    bools alone (the bitwise functions) is a ``TypeError`` instead, as on every
    framework. ``torch.linalg.LinAlgError`` (a singular matrix …) becomes a
    ``ValueError``; other errors pass unchanged. The implementation's signature
    is kept (the wrapper is seen through by ``inspect.signature``).
    """
    integers_only = function.__name__ in _INTEGER_OR_BOOL_ONLY

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except torch.linalg.LinAlgError as error:
            # A singular or not positive-definite matrix: a ValueError, as the standard's linalg says.
            raise ValueError(str(error)) from error
        except (NotImplementedError, RuntimeError) as error:
            message = str(error)
            for pattern in _MISSING_KERNEL:
                match = pattern.search(message)
                if match is not None and match.group(1) in _SCALAR_TYPE_NAMES:
                    name = _SCALAR_TYPE_NAMES[match.group(1)]
                    if integers_only and name.startswith(_NOT_INTEGER_NAMES):
                        raise TypeError(f"{function.__name__} takes integer or boolean input, not {name}") from error
                    detail = (
                        f"torch {torch.__version__} cannot compute this on {name} ({message.strip().splitlines()[0]})"
                    )
                    raise unsupported(function.__name__, name, detail) from error
            raise

    return guarded  # type: ignore[return-value]


# -- devices -----------------------------------------------------------------------------------


def torch_device(device: Any) -> torch.device | None:
    """The ``torch.device`` for a portable device name (``"gpu:1"`` -> ``cuda:1``); None stays None.

    torch's own names (``"cuda:0"``, ``"mps"``) and ``torch.device`` objects are
    accepted too. On a machine whose GPU is Apple's Metal, ``"gpu:0"`` is ``mps``.
    """
    if device is None or isinstance(device, torch.device):
        return device
    name = str(device).strip().lower()
    if name == "cpu" or name.startswith("cpu:"):
        return torch.device("cpu")
    kind, _, index = name.partition(":")
    if kind == "gpu":
        number = int(index or 0)
        if number == 0 and not torch.cuda.is_available() and torch.backends.mps.is_available():
            return torch.device("mps")
        return torch.device("cuda", number)
    return torch.device(name)


def portable_device(device: torch.device) -> str:
    """The portable name of a ``torch.device``: ``"cpu"``, ``"gpu:N"`` for CUDA/ROCm, ``"gpu:0"`` for MPS."""
    kind = device.type
    if kind == "cpu":
        return "cpu"
    if kind == "cuda":
        return f"gpu:{torch.cuda.current_device() if device.index is None else device.index}"
    if kind == "mps":
        return "gpu:0"
    return f"{kind}:{device.index or 0}"


# -- dtypes ------------------------------------------------------------------------------------

#: Scalar types of Python values.
PYTHON_SCALARS = (bool, int, float, complex)

_TENSOR = torch.Tensor

#: The dtypes whose reductions, searches and products the plugin's direct functions hand to torch as they are.
REAL_FLOATING = frozenset((torch.float32, torch.float64))
FLOATING_OR_COMPLEX = REAL_FLOATING | {torch.complex64, torch.complex128}
#: Every torch dtype (for direct marks of functions that read no values: transposing, reshaping).
EVERY_DTYPE = frozenset(value for value in vars(torch).values() if isinstance(value, torch.dtype))
#: Dtypes torch has kernels for in only a few operations (torch >= 2.3).
LIMITED_DTYPES = frozenset(getattr(torch, name) for name in ("uint16", "uint32", "uint64") if hasattr(torch, name))

_UNSIGNED = frozenset({torch.uint8, *LIMITED_DTYPES})
_SMALL_INTEGERS = frozenset({torch.bool, torch.int8, torch.uint8})
_MEDIUM_INTEGERS = frozenset({torch.int16, *(getattr(torch, n) for n in ("uint16",) if hasattr(torch, n))})


_SIGNED_OF_WIDTH = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def as_signed_bits(x: torch.Tensor) -> torch.Tensor:
    """A ``uint16``/``uint32``/``uint64`` tensor viewed as the signed integers of its width (same bits).

    Functions that only move elements (``flip``, ``repeat``, ``take_along_axis`` …)
    give the same bits either way, so they run on the view where torch has no
    kernel for the unsigned dtype; :func:`from_signed_bits` views the result back.
    Other tensors are returned as they are.
    """
    return x.view(_SIGNED_OF_WIDTH[x.dtype.itemsize]) if x.dtype in LIMITED_DTYPES else x


def from_signed_bits(result: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The inverse of :func:`as_signed_bits`: ``result`` viewed as ``dtype`` again."""
    return result.view(dtype) if dtype in LIMITED_DTYPES else result


# -- exact computation on uint16, uint32 and uint64 ---------------------------------------------

#: The sign bit of each signed dtype, as a Python int (``x ^ sign bit`` maps unsigned order to signed order).
_SIGN_BIT = {torch.int16: -(2**15), torch.int32: -(2**31), torch.int64: -(2**63)}
_INT64_MAX = 2**63 - 1


def order_key(x: torch.Tensor) -> torch.Tensor:
    """A signed tensor ordered as the ``uint16``/``uint32``/``uint64`` tensor ``x``: its bits, the top one flipped."""
    signed = as_signed_bits(x)
    return torch.bitwise_xor(signed, _SIGN_BIT[signed.dtype])


def from_order_key(key: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """The inverse of :func:`order_key`: the unsigned ``dtype`` values of ``key``."""
    return from_signed_bits(torch.bitwise_xor(key, _SIGN_BIT[key.dtype]), dtype)


def _limited_dtype(values: Sequence[Any]) -> torch.dtype | None:
    for value in values:
        if isinstance(value, torch.Tensor) and value.dtype in LIMITED_DTYPES:
            return value.dtype
        if isinstance(value, (list, tuple)):
            found = _limited_dtype(value)
            if found is not None:
                return found
    return None


def _as_limited(value: Any, dtype: torch.dtype, device: torch.device) -> Any:
    """An integer scalar as a tensor of ``dtype``; anything else unchanged."""
    if _is_integer_scalar(value) and 0 <= value < 2 ** (dtype.itemsize * 8):
        return torch.asarray(int(value), dtype=dtype, device=device)
    return value


def _is_integer_scalar(value: Any) -> bool:
    """A Python or NumPy integer, not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, torch.Tensor))


def _foreign_int(values: Sequence[Any], dtype: torch.dtype) -> bool:
    """Whether an integer scalar among ``values`` lies outside ``dtype`` (torch then reports the call)."""
    bits = dtype.itemsize * 8
    return any(_is_integer_scalar(value) and not 0 <= value < 2**bits for value in values)


def _wrapping(value: Any, dtype: torch.dtype) -> Any:
    if isinstance(value, torch.Tensor) and value.dtype == _signed(dtype):
        return from_signed_bits(value, dtype)
    return value


def _signed(dtype: torch.dtype) -> torch.dtype:
    return _SIGNED_OF_WIDTH[dtype.itemsize]


def _transformed(
    values: Any, dtype: torch.dtype, device: torch.device, transform: Callable[[torch.Tensor], Any], operand: bool
) -> Any:
    """``values`` with each tensor of ``dtype`` transformed; Python ints too where they are ``operand``s."""
    if isinstance(values, (list, tuple)):
        return type(values)(_transformed(v, dtype, device, transform, operand) for v in values)
    value = _as_limited(values, dtype, device) if operand else values
    return transform(value) if isinstance(value, torch.Tensor) and value.dtype == dtype else value


#: Keyword arguments that hold operands (``clip``'s bounds); other keywords' ints are axes, counts …
_OPERAND_KEYWORDS = frozenset({"min", "max"})


#: How each kind of function computes on uint16/uint32/uint64: what the array arguments become, and what
#: becomes of a result in the dtype they were turned into.
_EXACT_KINDS: dict[str, tuple[Callable[[torch.Tensor], torch.Tensor], Callable[[Any, torch.dtype], Any]]] = {
    # Sums and products modulo 2**bits: the same bits in the signed dtype of the width.
    "wrapping": (as_signed_bits, _wrapping),
    # Comparisons and indices: the order key; boolean and index results pass unchanged.
    "ordering": (order_key, lambda result, dtype: result),
    # Selections (maximum, sort …): the order key, and the selected keys back to the unsigned values.
    "selecting": (
        order_key,
        lambda result, dtype: (
            from_order_key(result, dtype)
            if isinstance(result, torch.Tensor) and result.dtype == _signed(dtype)
            else result
        ),
    ),
}


def exact_unsigned(kind: str) -> Callable[[F], F]:
    """Compute ``function`` exactly on ``uint16``/``uint32``/``uint64`` tensors, for which torch lacks kernels.

    ``kind`` says how (see ``_EXACT_KINDS``): ``"wrapping"`` arithmetic runs on
    the signed dtype of the same width, whose wrapping sums and products have
    the same bits; ``"ordering"`` and ``"selecting"`` functions run on
    :func:`order_key`, which orders as the unsigned values do. Python ints
    among the arguments become tensors of the unsigned dtype first. Other
    dtypes go straight to ``function``.
    """
    transform, restore = _EXACT_KINDS[kind]

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def computed(*args: Any, **kwargs: Any) -> Any:
            dtype = _limited_dtype(args) or _limited_dtype(tuple(kwargs.values()))
            if dtype is None:
                return function(*args, **kwargs)
            operands = (*args, *(v for k, v in kwargs.items() if k in _OPERAND_KEYWORDS))
            if _foreign_int(operands, dtype):
                return function(*args, **kwargs)
            device = next(v.device for v in (*args, *kwargs.values()) if isinstance(v, torch.Tensor))
            args = _transformed(args, dtype, device, transform, True)
            kwargs = {
                name: _transformed(value, dtype, device, transform, name in _OPERAND_KEYWORDS)
                for name, value in kwargs.items()
            }
            result = function(*args, **kwargs)
            if isinstance(result, tuple):
                return type(result)(restore(item, dtype) for item in result)
            return restore(result, dtype)

        return computed  # type: ignore[return-value]

    return decorate


def unsigned_divmod(x1: torch.Tensor, x2: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Floor quotient and remainder of unsigned tensors (0 and 0 for a zero divisor, as NumPy gives).

    ``uint16``/``uint32`` are divided in ``int64``; ``uint64`` by halving
    ``x1`` (a logical shift), dividing as ``int64`` and correcting by one
    step, with divisors of ``2**63`` or more giving a quotient of 0 or 1.
    """
    dtype = x1.dtype
    x1, x2 = torch.broadcast_tensors(x1, x2)
    if dtype != torch.uint64:
        wide1, wide2 = x1.to(torch.int64), x2.to(torch.int64)
        zero = wide2 == 0
        safe = torch.where(zero, 1, wide2)
        quotient = torch.where(zero, 0, torch.div(wide1, safe, rounding_mode="floor"))
        remainder = torch.where(zero, 0, torch.remainder(wide1, safe))
        return quotient.to(dtype), remainder.to(dtype)
    a, d = as_signed_bits(x1), as_signed_bits(x2)
    zero = d == 0
    big = d < 0  # divisors of 2**63 or more
    small = torch.where(zero | big, 1, d)
    quotient = torch.div(torch.bitwise_and(a >> 1, _INT64_MAX), small, rounding_mode="floor") << 1
    remainder = a - quotient * small
    step = order_key(remainder.view(torch.uint64)) >= order_key(small.view(torch.uint64))
    quotient = quotient + step.to(torch.int64)
    remainder = torch.where(step, remainder - small, remainder)
    at_least = (order_key(x1) >= order_key(x2)).to(torch.int64)
    quotient = torch.where(big, at_least, quotient)
    remainder = torch.where(big, a - at_least * d, remainder)
    quotient = torch.where(zero, 0, quotient)
    remainder = torch.where(zero, 0, remainder)
    return from_signed_bits(quotient, dtype), from_signed_bits(remainder, dtype)


def unsigned_shift(x1: torch.Tensor, x2: torch.Tensor, right: bool) -> torch.Tensor:
    """``x1 << x2`` or ``x1 >> x2`` (logical) of unsigned tensors; shifts by the width or more give 0."""
    dtype = x1.dtype
    x1, x2 = torch.broadcast_tensors(x1, x2)
    if dtype != torch.uint64:
        wide1, wide2 = x1.to(torch.int64), x2.to(torch.int64)
        too_far = wide2 >= dtype.itemsize * 8
        shifted = wide1 >> wide2.clamp(max=63) if right else wide1 << wide2.clamp(max=63)
        return torch.where(too_far, 0, shifted).to(dtype)
    a, s = as_signed_bits(x1), as_signed_bits(x2)
    too_far = (s < 0) | (s >= 64)
    s = torch.where(too_far, 0, s)
    if right:
        # A logical shift: one arithmetic step with the sign bit cleared, then the rest.
        once = torch.bitwise_and(a >> 1, _INT64_MAX) >> (s - 1).clamp(min=0)
        shifted = torch.where(s == 0, a, once)
    else:
        shifted = a << s
    return from_signed_bits(torch.where(too_far, 0, shifted), dtype)


def promote_types(first: torch.dtype, second: torch.dtype) -> torch.dtype:
    """The promoted dtype of two dtypes, polyarray's table (torch's, which refuses uint16/uint32/uint64)."""
    if first == second:
        return first
    if first not in LIMITED_DTYPES and second not in LIMITED_DTYPES:
        return torch.promote_types(first, second)
    if first == torch.bool:
        return second
    if second == torch.bool:
        return first
    for candidate in (first, second):
        if candidate.is_floating_point or candidate.is_complex:
            return candidate  # an integer with a floating dtype gives the floating dtype
    if is_unsigned(first) and is_unsigned(second):
        return first if first.itemsize >= second.itemsize else second
    signed, unsigned = (first, second) if is_unsigned(second) else (second, first)
    if unsigned.itemsize == 8:
        raise TypeError(f"{portable_name(signed)} and uint64 have no common dtype; cast one of them first")
    return _SIGNED_OF_WIDTH[max(signed.itemsize, 2 * unsigned.itemsize)]


def is_inexact(dtype: torch.dtype) -> bool:
    """Whether ``dtype`` is a real or complex floating-point dtype."""
    return dtype.is_floating_point or dtype.is_complex


def is_unsigned(dtype: torch.dtype) -> bool:
    return dtype in _UNSIGNED


def is_integral(dtype: torch.dtype) -> bool:
    """Whether ``dtype`` is a signed or unsigned integer dtype (not bool)."""
    return not (dtype.is_floating_point or dtype.is_complex or dtype == torch.bool)


def float_for(dtype: torch.dtype) -> torch.dtype:
    """The floating dtype that an integer or boolean dtype computes in, as NumPy chooses it.

    ``bool``, ``int8``, ``uint8`` -> ``float16``; ``int16``, ``uint16`` -> ``float32``;
    wider integers -> ``float64``. Inexact dtypes are returned unchanged.
    """
    if is_inexact(dtype):
        return dtype
    if dtype in _SMALL_INTEGERS:
        return torch.float16
    if dtype in _MEDIUM_INTEGERS:
        return torch.float32
    return torch.float64


def inexact(x: torch.Tensor) -> torch.Tensor:
    """``x`` itself when it is floating point, else ``x`` cast to :func:`float_for` its dtype."""
    dtype = x.dtype
    return x if dtype.is_floating_point or dtype.is_complex else x.to(float_for(dtype))


def real_dtype(dtype: torch.dtype) -> torch.dtype:
    """The real dtype of a complex dtype's parts (``complex64`` -> ``float32``); others unchanged."""
    if dtype == torch.complex64:
        return torch.float32
    if dtype == torch.complex128:
        return torch.float64
    return dtype


def complex_dtype(dtype: torch.dtype) -> torch.dtype:
    """The complex dtype of a floating dtype's precision (``float32`` -> ``complex64``)."""
    if dtype.is_complex:
        return dtype
    return torch.complex128 if dtype == torch.float64 else torch.complex64


def accumulation_dtype(dtype: torch.dtype) -> torch.dtype:
    """The standard's default dtype of a sum or product: ``int64``/``uint64`` for narrower integers and bool."""
    if dtype == torch.bool or dtype in (torch.int8, torch.int16, torch.int32):
        return torch.int64
    if dtype in _UNSIGNED and dtype != getattr(torch, "uint64", None):
        uint64 = getattr(torch, "uint64", None)
        if uint64 is None:
            raise unsupported("sum", "uint64", f"torch {torch.__version__} has no uint64 dtype")
        return uint64
    return dtype


def _python_kind(value: Any) -> int | None:
    """The highest kind (0 bool, 1 int, 2 float, 3 complex) of a Python scalar or nested list/tuple of them.

    None when something else is inside (tensors, NumPy values …), -1 for empty sequences.
    """
    kind = {bool: 0, int: 1, float: 2, complex: 3}.get(type(value))
    if kind is not None:
        return kind
    if type(value) is not list and type(value) is not tuple:
        return None
    highest = -1
    for item in value:
        found = _python_kind(item)
        if found is None:
            return None
        highest = max(highest, found)
    return highest


def python_default_dtype(value: Any) -> torch.dtype | None:
    """The dtype NumPy (and polyarray's defaults) give Python values: float64, complex128; else None.

    torch would give ``float32``/``complex64`` (its default floating dtype) to
    Python floats; integers and booleans already agree (``int64``, ``bool``).
    """
    kind = _python_kind(value)
    if kind == 2 or kind == -1:
        return torch.float64
    if kind == 3:
        return torch.complex128
    return None


def check_python_integers(value: Any, dtype: torch.dtype) -> None:
    """Raise ``OverflowError`` for a Python int (in a nested list/tuple) outside ``dtype``'s range.

    torch wraps some of them (``-1`` as ``uint8`` is 255) where NumPy raises.
    """
    if dtype == torch.bool or not is_integral(dtype):
        return
    bits = dtype.itemsize * 8
    low, high = (0, 2**bits - 1) if is_unsigned(dtype) else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)

    def visit(item: Any) -> None:
        if type(item) is int:
            if not low <= item <= high:
                raise OverflowError(f"Python integer {item} out of bounds for {portable_name(dtype)}")
        elif type(item) is list or type(item) is tuple:
            for element in item:
                visit(element)

    visit(value)


def scalar_operands(x1: Any, x2: Any) -> tuple[torch.Tensor, torch.Tensor | Any]:
    """The operands of a binary function with a Python scalar ``x1`` made a tensor (torch needs one first).

    The scalar takes the other operand's dtype when its kind allows it, and
    NumPy's choice otherwise (an int array with a float scalar gives float64).
    A Python scalar ``x2`` is left as it is (torch applies the same rules).
    """
    if type(x1) is _TENSOR and type(x2) is _TENSOR:
        return x1, x2
    if type(x1) in PYTHON_SCALARS:
        if isinstance(x2, torch.Tensor):
            x1 = torch.asarray(x1, dtype=scalar_dtype(x1, x2.dtype), device=x2.device)
        else:
            x1 = torch.asarray(x1, dtype=python_default_dtype(x1))
    if type(x2) in PYTHON_SCALARS and not x1.dtype.is_floating_point and not x1.dtype.is_complex:
        dtype = scalar_dtype(x2, x1.dtype)
        if dtype != x1.dtype:
            x2 = torch.asarray(x2, dtype=dtype, device=x1.device)
    return x1, x2


def scalar_dtype(value: Any, dtype: torch.dtype) -> torch.dtype:
    """The dtype of a Python scalar combined with an array of ``dtype`` (array API rules, NumPy defaults)."""
    kind = type(value)
    if kind is bool:
        return dtype
    if kind is int:
        return torch.int64 if dtype == torch.bool else dtype
    if kind is float:
        return dtype if is_inexact(dtype) else torch.float64
    if dtype.is_complex:
        return dtype
    return complex_dtype(dtype) if dtype.is_floating_point else torch.complex128


# -- axes --------------------------------------------------------------------------------------


def normalize_axes(axis: int | Sequence[int] | None, ndim: int) -> tuple[int, ...]:
    """``axis`` as a tuple of non-negative axes (every axis for None).

    The core checks the axes of every call (in range, none repeated: polyarray's
    ``_wrappers/integers.py``); a default axis of a 0-d array reaches here
    unchecked and is an ``IndexError``, as NumPy's. Plain Python, so that
    PyTorch's compiler traces through it.
    """
    if axis is None:
        return tuple(range(ndim))
    items = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return tuple(check_axis(int(item), ndim) for item in items)


def check_axis(axis: int, ndim: int) -> int:
    """A single axis as a non-negative one (see :func:`normalize_axes`)."""
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def reduced_shape(shape: Sequence[int], axes: tuple[int, ...], keepdims: bool) -> tuple[int, ...]:
    """The shape of a reduction of ``shape`` over ``axes``."""
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def reduced_size(shape: Sequence[int], axes: tuple[int, ...]) -> int:
    return math.prod([shape[a] for a in axes])
