# Generated from polyarray's declarations by `python -m polyarray._stubgen`: do not edit.
"""What ``pa.Array`` and ``pa.Container`` gain when polyarray is imported, for type checkers only.

``_array.py`` and ``_container.py`` derive their classes from these under ``TYPE_CHECKING``; nothing
imports this module at run time.
"""

from collections.abc import Sequence
from typing import Any, Literal

from polyarray._array import Array
from polyarray._container import Container
from polyarray.api._types import ArrayLike, Device, DTypeLike
from polyarray.api.set_functions import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from polyarray.api.sorting import TopKResult

class ArrayMethods:
    """What ``pa.Array`` has that is made when polyarray is imported."""
    def __add__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self + other``: ``pa.add(self, other)``."""
    def __radd__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``other + self``: ``pa.add(other, self)``."""
    def __iadd__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self += other``: ``self + other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __sub__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self - other``: ``pa.subtract(self, other)``."""
    def __rsub__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``other - self``: ``pa.subtract(other, self)``."""
    def __isub__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self -= other``: ``self - other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __mul__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self * other``: ``pa.multiply(self, other)``."""
    def __rmul__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``other * self``: ``pa.multiply(other, self)``."""
    def __imul__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self *= other``: ``self * other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __truediv__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self / other``: ``pa.divide(self, other)``."""
    def __rtruediv__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``other / self``: ``pa.divide(other, self)``."""
    def __itruediv__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self /= other``: ``self / other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __floordiv__(self, other: ArrayLike | int | float, /) -> Array:
        """``self // other``: ``pa.floor_divide(self, other)``."""
    def __rfloordiv__(self, other: ArrayLike | int | float, /) -> Array:
        """``other // self``: ``pa.floor_divide(other, self)``."""
    def __ifloordiv__(self, other: ArrayLike | int | float, /) -> Array:
        """``self //= other``: ``self // other`` written into ``self``, which keeps its identity, shape and dtype
        (arrays sharing its memory, and its views, see the change).
        """
    def __mod__(self, other: ArrayLike | int | float, /) -> Array:
        """``self % other``: ``pa.remainder(self, other)``."""
    def __rmod__(self, other: ArrayLike | int | float, /) -> Array:
        """``other % self``: ``pa.remainder(other, self)``."""
    def __imod__(self, other: ArrayLike | int | float, /) -> Array:
        """``self %= other``: ``self % other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __pow__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self ** other``: ``pa.pow(self, other)``."""
    def __rpow__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``other ** self``: ``pa.pow(other, self)``."""
    def __ipow__(self, other: ArrayLike | int | float | complex, /) -> Array:
        """``self **= other``: ``self ** other`` written into ``self``, which keeps its identity, shape and dtype
        (arrays sharing its memory, and its views, see the change).
        """
    def __matmul__(self, other: ArrayLike, /) -> Array:
        """``self @ other``: ``pa.matmul(self, other)``."""
    def __rmatmul__(self, other: ArrayLike, /) -> Array:
        """``other @ self``: ``pa.matmul(other, self)``."""
    def __imatmul__(self, other: ArrayLike, /) -> Array:
        """``self @= other``: ``self @ other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __and__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self & other``: ``pa.bitwise_and(self, other)``."""
    def __rand__(self, other: ArrayLike | int | bool, /) -> Array:
        """``other & self``: ``pa.bitwise_and(other, self)``."""
    def __iand__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self &= other``: ``self & other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __or__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self | other``: ``pa.bitwise_or(self, other)``."""
    def __ror__(self, other: ArrayLike | int | bool, /) -> Array:
        """``other | self``: ``pa.bitwise_or(other, self)``."""
    def __ior__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self |= other``: ``self | other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __xor__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self ^ other``: ``pa.bitwise_xor(self, other)``."""
    def __rxor__(self, other: ArrayLike | int | bool, /) -> Array:
        """``other ^ self``: ``pa.bitwise_xor(other, self)``."""
    def __ixor__(self, other: ArrayLike | int | bool, /) -> Array:
        """``self ^= other``: ``self ^ other`` written into ``self``, which keeps its identity, shape and dtype (arrays
        sharing its memory, and its views, see the change).
        """
    def __lshift__(self, other: ArrayLike | int, /) -> Array:
        """``self << other``: ``pa.bitwise_left_shift(self, other)``."""
    def __rlshift__(self, other: ArrayLike | int, /) -> Array:
        """``other << self``: ``pa.bitwise_left_shift(other, self)``."""
    def __ilshift__(self, other: ArrayLike | int, /) -> Array:
        """``self <<= other``: ``self << other`` written into ``self``, which keeps its identity, shape and dtype
        (arrays sharing its memory, and its views, see the change).
        """
    def __rshift__(self, other: ArrayLike | int, /) -> Array:
        """``self >> other``: ``pa.bitwise_right_shift(self, other)``."""
    def __rrshift__(self, other: ArrayLike | int, /) -> Array:
        """``other >> self``: ``pa.bitwise_right_shift(other, self)``."""
    def __irshift__(self, other: ArrayLike | int, /) -> Array:
        """``self >>= other``: ``self >> other`` written into ``self``, which keeps its identity, shape and dtype
        (arrays sharing its memory, and its views, see the change).
        """
    def __lt__(self, other: ArrayLike | int | float, /) -> Array:
        """``self < other``: ``pa.less(self, other)``."""
    def __le__(self, other: ArrayLike | int | float, /) -> Array:
        """``self <= other``: ``pa.less_equal(self, other)``."""
    def __gt__(self, other: ArrayLike | int | float, /) -> Array:
        """``self > other``: ``pa.greater(self, other)``."""
    def __ge__(self, other: ArrayLike | int | float, /) -> Array:
        """``self >= other``: ``pa.greater_equal(self, other)``."""
    def __eq__(self, other: ArrayLike | int | float | complex | bool, /) -> Array:  # type: ignore[override]  # pyright: ignore[reportIncompatibleMethodOverride]
        """``self == other``: ``pa.equal(self, other)``."""
    def __ne__(self, other: ArrayLike | int | float | complex | bool, /) -> Array:  # type: ignore[override]  # pyright: ignore[reportIncompatibleMethodOverride]
        """``self != other``: ``pa.not_equal(self, other)``."""
    def __neg__(self, /) -> Array:
        """``pa.negative(self)``."""
    def __pos__(self, /) -> Array:
        """``pa.positive(self)``."""
    def __abs__(self, /) -> Array:
        """``pa.abs(self)``."""
    def __invert__(self, /) -> Array:
        """``pa.bitwise_invert(self)``."""
    def abs(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.abs(self, ...)``."""
    def acos(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.acos(self, ...)``."""
    def acosh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.acosh(self, ...)``."""
    def add(self, x2: ArrayLike | int | float | complex, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.add(self, ...)``."""
    def all(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.all(self, ...)``."""
    def allclose(
        self,
        x2: ArrayLike | int | float | complex | bool,
        /,
        *,
        rtol: float = 1e-05,
        atol: float = 1e-08,
        equal_nan: bool = False,
    ) -> Array:
        """Method form of ``pa.allclose(self, ...)``."""
    def any(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.any(self, ...)``."""
    def argmax(self, /, *, axis: int | None = None, keepdims: bool = False, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.argmax(self, ...)``."""
    def argmin(self, /, *, axis: int | None = None, keepdims: bool = False, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.argmin(self, ...)``."""
    def argsort(self, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Array:
        """Method form of ``pa.argsort(self, ...)``."""
    def asarray(
        self,
        /,
        *,
        dtype: DTypeLike | None = None,
        device: Device | None = None,
        copy: bool | None = None,
    ) -> Array:
        """Method form of ``pa.asarray(self, ...)``."""
    def asin(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.asin(self, ...)``."""
    def asinh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.asinh(self, ...)``."""
    def astype(self, dtype: DTypeLike, /, *, copy: bool = True, device: Device | None = None) -> Array:
        """Method form of ``pa.astype(self, ...)``."""
    def atan(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.atan(self, ...)``."""
    def atan2(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.atan2(self, ...)``."""
    def atanh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.atanh(self, ...)``."""
    def binary_cross_entropy(
        self,
        pred: ArrayLike,
        /,
        *,
        from_logits: bool = False,
        epsilon: float = 0.0,
        reduction: Literal["none", "sum", "mean"] = "mean",
        pos_weight: ArrayLike | None = None,
        axis: int | tuple[int, ...] | None = None,
    ) -> Array:
        """Method form of ``pa.binary_cross_entropy(self, ...)``."""
    def bitwise_and(self, x2: ArrayLike | int | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_and(self, ...)``."""
    def bitwise_invert(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_invert(self, ...)``."""
    def bitwise_left_shift(self, x2: ArrayLike | int, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_left_shift(self, ...)``."""
    def bitwise_or(self, x2: ArrayLike | int | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_or(self, ...)``."""
    def bitwise_right_shift(self, x2: ArrayLike | int, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_right_shift(self, ...)``."""
    def bitwise_xor(self, x2: ArrayLike | int | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.bitwise_xor(self, ...)``."""
    def broadcast_to(self, /, shape: tuple[int, ...]) -> Array:
        """Method form of ``pa.broadcast_to(self, ...)``."""
    def ceil(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.ceil(self, ...)``."""
    def clip(
        self,
        /,
        min: ArrayLike | int | float | None = None,
        max: ArrayLike | int | float | None = None,
        *,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.clip(self, ...)``."""
    def conj(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.conj(self, ...)``."""
    def copysign(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.copysign(self, ...)``."""
    def cos(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.cos(self, ...)``."""
    def cosh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.cosh(self, ...)``."""
    def count_nonzero(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.count_nonzero(self, ...)``."""
    def cross_entropy(
        self,
        pred: ArrayLike,
        /,
        *,
        from_logits: bool = False,
        axis: int = -1,
        epsilon: float = 1e-07,
        label_smoothing: float = 0.0,
        reduction: Literal["none", "sum", "mean"] = "mean",
    ) -> Array:
        """Method form of ``pa.cross_entropy(self, ...)``."""
    def cumulative_prod(
        self,
        /,
        *,
        axis: int | None = None,
        dtype: DTypeLike | None = None,
        include_initial: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.cumulative_prod(self, ...)``."""
    def cumulative_sum(
        self,
        /,
        *,
        axis: int | None = None,
        dtype: DTypeLike | None = None,
        include_initial: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.cumulative_sum(self, ...)``."""
    def diag(self, /, *, k: int = 0) -> Array:
        """Method form of ``pa.diag(self, ...)``."""
    def diff(
        self,
        /,
        *,
        axis: int = -1,
        n: int = 1,
        prepend: ArrayLike | None = None,
        append: ArrayLike | None = None,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.diff(self, ...)``."""
    def divide(self, x2: ArrayLike | int | float | complex, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.divide(self, ...)``."""
    def dropout(
        self,
        prob: float,
        /,
        *,
        scale: bool = True,
        dtype: DTypeLike | None = None,
        training: bool = True,
        seed: int | None = None,
        key: ArrayLike | None = None,
        noise_shape: Sequence[int | None] | None = None,
    ) -> Array:
        """Method form of ``pa.dropout(self, ...)``."""
    def empty_like(self, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> Array:
        """Method form of ``pa.empty_like(self, ...)``."""
    def equal(self, x2: ArrayLike | int | float | complex | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.equal(self, ...)``."""
    def exp(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.exp(self, ...)``."""
    def expand_dims(self, /, axis: int = 0) -> Array:
        """Method form of ``pa.expand_dims(self, ...)``."""
    def expm1(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.expm1(self, ...)``."""
    def flip(self, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
        """Method form of ``pa.flip(self, ...)``."""
    def floor(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.floor(self, ...)``."""
    def floor_divide(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.floor_divide(self, ...)``."""
    def from_dlpack(self, /, *, device: Device | None = None, copy: bool | None = None) -> Array:
        """Method form of ``pa.from_dlpack(self, ...)``."""
    def full_like(
        self,
        /,
        fill_value: bool | int | float | complex,
        *,
        dtype: DTypeLike | None = None,
        device: Device | None = None,
    ) -> Array:
        """Method form of ``pa.full_like(self, ...)``."""
    def gelu(
        self,
        /,
        *,
        approximate: bool = False,
        complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    ) -> Array:
        """Method form of ``pa.gelu(self, ...)``."""
    def greater(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.greater(self, ...)``."""
    def greater_equal(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.greater_equal(self, ...)``."""
    def hypot(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.hypot(self, ...)``."""
    def imag(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.imag(self, ...)``."""
    def isclose(
        self,
        x2: ArrayLike | int | float | complex | bool,
        /,
        *,
        rtol: float = 1e-05,
        atol: float = 1e-08,
        equal_nan: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.isclose(self, ...)``."""
    def isfinite(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.isfinite(self, ...)``."""
    def isinf(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.isinf(self, ...)``."""
    def isnan(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.isnan(self, ...)``."""
    def layer_norm(
        self,
        normalized_idxs: int | Sequence[int],
        /,
        *,
        scale: ArrayLike | None = None,
        offset: ArrayLike | None = None,
        eps: float = 1e-05,
        new_std: float = 1.0,
    ) -> Array:
        """Method form of ``pa.layer_norm(self, ...)``."""
    def leaky_relu(self, /, *, alpha: float = 0.2, complex_mode: Literal["jax", "split", "magnitude"] = "jax") -> Array:
        """Method form of ``pa.leaky_relu(self, ...)``."""
    def less(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.less(self, ...)``."""
    def less_equal(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.less_equal(self, ...)``."""
    def linear(self, weight: ArrayLike, /, *, bias: ArrayLike | None = None) -> Array:
        """Method form of ``pa.linear(self, ...)``."""
    def log(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.log(self, ...)``."""
    def log10(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.log10(self, ...)``."""
    def log1p(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.log1p(self, ...)``."""
    def log2(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.log2(self, ...)``."""
    def log_softmax(self, /, *, axis: int | tuple[int, ...] | None = -1) -> Array:
        """Method form of ``pa.log_softmax(self, ...)``."""
    def logaddexp(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.logaddexp(self, ...)``."""
    def logical_and(self, x2: ArrayLike | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.logical_and(self, ...)``."""
    def logical_not(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.logical_not(self, ...)``."""
    def logical_or(self, x2: ArrayLike | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.logical_or(self, ...)``."""
    def logical_xor(self, x2: ArrayLike | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.logical_xor(self, ...)``."""
    def logsumexp(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.logsumexp(self, ...)``."""
    def lstm_update(
        self,
        init_h: ArrayLike,
        init_c: ArrayLike,
        kernel: ArrayLike,
        recurrent_kernel: ArrayLike,
        /,
        *,
        bias: ArrayLike | None = None,
        recurrent_bias: ArrayLike | None = None,
    ) -> tuple[Array, tuple[Array, Array]]:
        """Method form of ``pa.lstm_update(self, ...)``."""
    def matmul(self, x2: ArrayLike, /) -> Array:
        """Method form of ``pa.matmul(self, ...)``."""
    def matrix_transpose(self, /) -> Array:
        """Method form of ``pa.matrix_transpose(self, ...)``."""
    def max(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.max(self, ...)``."""
    def maximum(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.maximum(self, ...)``."""
    def mean(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.mean(self, ...)``."""
    def median(self, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
        """Method form of ``pa.median(self, ...)``."""
    def min(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.min(self, ...)``."""
    def minimum(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.minimum(self, ...)``."""
    def moveaxis(self, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Array:
        """Method form of ``pa.moveaxis(self, ...)``."""
    def multiply(self, x2: ArrayLike | int | float | complex, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.multiply(self, ...)``."""
    def negative(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.negative(self, ...)``."""
    def nextafter(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.nextafter(self, ...)``."""
    def nonzero(self, /) -> tuple[Array, ...]:
        """Method form of ``pa.nonzero(self, ...)``."""
    def not_equal(self, x2: ArrayLike | int | float | complex | bool, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.not_equal(self, ...)``."""
    def one_hot(
        self,
        depth: int,
        /,
        *,
        on_value: bool | int | float | None = None,
        off_value: bool | int | float | None = None,
        axis: int | None = None,
        dtype: DTypeLike | None = None,
    ) -> Array:
        """Method form of ``pa.one_hot(self, ...)``."""
    def ones_like(self, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> Array:
        """Method form of ``pa.ones_like(self, ...)``."""
    def pad(
        self,
        pad_width: int | Sequence[int] | Sequence[Sequence[int]],
        /,
        mode: str = "constant",
        *,
        constant_values: bool | int | float | complex | Sequence[Any] = 0,
    ) -> Array:
        """Method form of ``pa.pad(self, ...)``."""
    def permute_dims(self, /, axes: tuple[int, ...]) -> Array:
        """Method form of ``pa.permute_dims(self, ...)``."""
    def positive(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.positive(self, ...)``."""
    def pow(self, x2: ArrayLike | int | float | complex, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.pow(self, ...)``."""
    def prod(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        dtype: DTypeLike | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.prod(self, ...)``."""
    def quantile(
        self,
        q: float | Sequence[float],
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False,
        method: str = "linear",
    ) -> Array:
        """Method form of ``pa.quantile(self, ...)``."""
    def real(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.real(self, ...)``."""
    def reciprocal(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.reciprocal(self, ...)``."""
    def relu(self, /, *, complex_mode: Literal["jax", "split", "magnitude"] = "jax") -> Array:
        """Method form of ``pa.relu(self, ...)``."""
    def remainder(self, x2: ArrayLike | int | float, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.remainder(self, ...)``."""
    def repeat(self, repeats: int | ArrayLike, /, *, axis: int | None = None) -> Array:
        """Method form of ``pa.repeat(self, ...)``."""
    def reshape(self, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
        """Method form of ``pa.reshape(self, ...)``."""
    def roll(self, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None) -> Array:
        """Method form of ``pa.roll(self, ...)``."""
    def round(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.round(self, ...)``."""
    def searchsorted(
        self,
        x2: ArrayLike,
        /,
        *,
        side: Literal["left", "right"] = "left",
        sorter: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.searchsorted(self, ...)``."""
    def sigmoid(self, /, *, complex_mode: Literal["jax", "split", "magnitude"] = "jax") -> Array:
        """Method form of ``pa.sigmoid(self, ...)``."""
    def sign(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.sign(self, ...)``."""
    def signbit(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.signbit(self, ...)``."""
    def sin(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.sin(self, ...)``."""
    def sinh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.sinh(self, ...)``."""
    def softmax(self, /, *, axis: int | tuple[int, ...] | None = -1) -> Array:
        """Method form of ``pa.softmax(self, ...)``."""
    def softplus(
        self,
        /,
        *,
        beta: float = 1.0,
        threshold: float | None = None,
        complex_mode: Literal["jax", "split", "magnitude"] = "jax",
    ) -> Array:
        """Method form of ``pa.softplus(self, ...)``."""
    def sort(self, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Array:
        """Method form of ``pa.sort(self, ...)``."""
    def split(self, indices_or_sections: int | Sequence[int], /, *, axis: int = 0) -> list[Array]:
        """Method form of ``pa.split(self, ...)``."""
    def sqrt(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.sqrt(self, ...)``."""
    def square(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.square(self, ...)``."""
    def squeeze(self, /, axis: int | tuple[int, ...]) -> Array:
        """Method form of ``pa.squeeze(self, ...)``."""
    def stable_divide(self, denominator: ArrayLike | int | float, /, *, min_denominator: float | None = None) -> Array:
        """Method form of ``pa.stable_divide(self, ...)``."""
    def std(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.std(self, ...)``."""
    def subtract(self, x2: ArrayLike | int | float | complex, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.subtract(self, ...)``."""
    def sum(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        dtype: DTypeLike | None = None,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.sum(self, ...)``."""
    def take(self, indices: ArrayLike, /, *, axis: int | None = None) -> Array:
        """Method form of ``pa.take(self, ...)``."""
    def take_along_axis(self, indices: ArrayLike, /, *, axis: int = -1) -> Array:
        """Method form of ``pa.take_along_axis(self, ...)``."""
    def tan(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.tan(self, ...)``."""
    def tanh(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.tanh(self, ...)``."""
    def tensordot(self, x2: ArrayLike, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
        """Method form of ``pa.tensordot(self, ...)``."""
    def tile(self, repetitions: tuple[int, ...], /) -> Array:
        """Method form of ``pa.tile(self, ...)``."""
    def to_numpy(self, /) -> Any:
        """Method form of ``pa.to_numpy(self, ...)``."""
    def top_k(self, k: int, /, *, axis: int = -1, largest: bool = True) -> TopKResult:
        """Method form of ``pa.top_k(self, ...)``."""
    def tril(self, /, *, k: int = 0) -> Array:
        """Method form of ``pa.tril(self, ...)``."""
    def triu(self, /, *, k: int = 0) -> Array:
        """Method form of ``pa.triu(self, ...)``."""
    def trunc(self, /, *, out: ArrayLike | None = None) -> Array:
        """Method form of ``pa.trunc(self, ...)``."""
    def unique_all(self, /) -> UniqueAllResult:
        """Method form of ``pa.unique_all(self, ...)``."""
    def unique_counts(self, /) -> UniqueCountsResult:
        """Method form of ``pa.unique_counts(self, ...)``."""
    def unique_inverse(self, /) -> UniqueInverseResult:
        """Method form of ``pa.unique_inverse(self, ...)``."""
    def unique_values(self, /) -> Array:
        """Method form of ``pa.unique_values(self, ...)``."""
    def unstack(self, /, *, axis: int = 0) -> tuple[Array, ...]:
        """Method form of ``pa.unstack(self, ...)``."""
    def var(
        self,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        correction: int | float = 0.0,
        keepdims: bool = False,
        out: ArrayLike | None = None,
    ) -> Array:
        """Method form of ``pa.var(self, ...)``."""
    def vecdot(self, x2: ArrayLike, /, *, axis: int = -1) -> Array:
        """Method form of ``pa.vecdot(self, ...)``."""
    def where(
        self,
        x1: ArrayLike | int | float | complex | bool,
        x2: ArrayLike | int | float | complex | bool,
        /,
    ) -> Array:
        """Method form of ``pa.where(self, ...)``."""
    def zeros_like(self, /, *, dtype: DTypeLike | None = None, device: Device | None = None) -> Array:
        """Method form of ``pa.zeros_like(self, ...)``."""

class ContainerOperators:
    """``pa.Container``'s operators, made when polyarray is imported (leaf by leaf)."""
    def __add__(self, other: Any, /) -> Container: ...
    def __radd__(self, other: Any, /) -> Container: ...
    def __sub__(self, other: Any, /) -> Container: ...
    def __rsub__(self, other: Any, /) -> Container: ...
    def __mul__(self, other: Any, /) -> Container: ...
    def __rmul__(self, other: Any, /) -> Container: ...
    def __truediv__(self, other: Any, /) -> Container: ...
    def __rtruediv__(self, other: Any, /) -> Container: ...
    def __floordiv__(self, other: Any, /) -> Container: ...
    def __rfloordiv__(self, other: Any, /) -> Container: ...
    def __mod__(self, other: Any, /) -> Container: ...
    def __rmod__(self, other: Any, /) -> Container: ...
    def __pow__(self, other: Any, /) -> Container: ...
    def __rpow__(self, other: Any, /) -> Container: ...
    def __matmul__(self, other: Any, /) -> Container: ...
    def __rmatmul__(self, other: Any, /) -> Container: ...
    def __and__(self, other: Any, /) -> Container: ...
    def __rand__(self, other: Any, /) -> Container: ...
    def __or__(self, other: Any, /) -> Container: ...
    def __ror__(self, other: Any, /) -> Container: ...
    def __xor__(self, other: Any, /) -> Container: ...
    def __rxor__(self, other: Any, /) -> Container: ...
    def __lshift__(self, other: Any, /) -> Container: ...
    def __rlshift__(self, other: Any, /) -> Container: ...
    def __rshift__(self, other: Any, /) -> Container: ...
    def __rrshift__(self, other: Any, /) -> Container: ...
    def __lt__(self, other: Any, /) -> Container: ...
    def __le__(self, other: Any, /) -> Container: ...
    def __gt__(self, other: Any, /) -> Container: ...
    def __ge__(self, other: Any, /) -> Container: ...
    def __eq__(self, other: Any, /) -> Container: ...  # type: ignore[override]  # pyright: ignore[reportIncompatibleMethodOverride]
    def __ne__(self, other: Any, /) -> Container: ...  # type: ignore[override]  # pyright: ignore[reportIncompatibleMethodOverride]
    def __neg__(self, /) -> Container: ...
    def __pos__(self, /) -> Container: ...
    def __abs__(self, /) -> Container: ...
    def __invert__(self, /) -> Container: ...
