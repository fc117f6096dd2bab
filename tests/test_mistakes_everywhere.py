"""Everyday mistakes and edge cases give on each backend what they give on NumPy.

Each entry is one call a user might make by mistake or at an edge (a 0-d
array where an axis is needed, a size of -1, a string stored into an array,
an integer bound beyond a dtype's range …). On every installed backend the
outcome must be NumPy's: the same polyarray error class, or the same dtype,
shape and values. Departures documented in ``docs/departures.md`` are listed
with the backends they concern and asserted as documented, not skipped.
Dask raises some errors when the values are computed (``pa.to_numpy``), which
is where the outcome is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import polyarray as pa


@pytest.fixture
def backend(polyarray_backend):
    with pa.backend_context(polyarray_backend):
        yield polyarray_backend


def _x() -> Any:
    return pa.reshape(pa.arange(6.0), (2, 3))


def _v() -> Any:
    return pa.arange(3.0)


def _i() -> Any:
    return pa.arange(3)


def _m() -> Any:
    return pa.asarray([[2.0, 1.0], [1.0, 3.0]])


def _singular() -> Any:
    return pa.asarray([[1.0, 2.0], [2.0, 4.0]])


def _u8(values: list[int]) -> Any:
    return pa.asarray(values, dtype=pa.uint8)


def _zero_d() -> Any:
    return pa.asarray(1.0)


MISTAKES: dict[str, Callable[[], Any]] = {
    # creation
    "asarray(None)": lambda: pa.asarray(None),
    "asarray of a str in a list": lambda: pa.asarray([1, "a"]),
    "asarray of a ragged nest": lambda: pa.asarray([[1], [1, 2]]),
    "asarray of floats as int32": lambda: pa.asarray([1.5, -1.5], dtype=pa.int32),
    "asarray of 300 as int8": lambda: pa.asarray([300], dtype=pa.int8),
    "asarray of -1 as uint8": lambda: pa.asarray([-1], dtype=pa.uint8),
    "asarray of a complex as float64": lambda: pa.asarray([1 + 1j], dtype=pa.float64),
    "asarray of 2**64": lambda: pa.asarray([2**64]),
    "asarray of 2**63": lambda: pa.asarray([2**63]),
    "asarray of bools and ints": lambda: pa.asarray([True, 2]),
    "asarray of empty nests": lambda: pa.asarray([[], []]),
    "asarray of a list of arrays": lambda: pa.asarray([_v(), _v()]),
    "asarray of a nest of arrays": lambda: pa.asarray([[_v(), _v()], [_v(), _v()]]),
    "asarray of an array and a list": lambda: pa.asarray([_v(), [1.0, 2.0, 3.0]]),
    "asarray of a list and a float32 array": lambda: pa.asarray([[1.0, 2.0, 3.0], pa.astype(_v(), pa.float32)]),
    "asarray of int and float32 arrays": lambda: pa.asarray([_i(), pa.astype(_v(), pa.float32)]),
    "asarray of int and float32 0-d arrays": lambda: pa.asarray([pa.asarray(1), pa.asarray(2.0, dtype=pa.float32)]),
    "asarray of a ragged list of arrays": lambda: pa.asarray([_v(), pa.arange(2.0)]),
    "asarray with a number as device": lambda: pa.asarray([1.0], device=0),
    "asarray on a device no machine has": lambda: pa.asarray([1.0], device="gpu:99"),
    "full of a str": lambda: pa.full((2,), "a"),
    "full of a float as int32": lambda: pa.full((2,), 1.5, dtype=pa.int32),
    "full of -1 as uint8": lambda: pa.full((2,), -1, dtype=pa.uint8),
    "full of a bool": lambda: pa.full((2,), True),
    "full of a vector": lambda: pa.full((3,), _v()),
    "full_like of a vector": lambda: pa.full_like(_v(), pa.ones(2)),
    "full_like of a 1-element vector": lambda: pa.full_like(_v(), pa.ones(1)),
    "full_like of a 0-d array": lambda: pa.full_like(_v(), pa.asarray(2.5)),
    "full with a list shape": lambda: pa.full([2], 1.0),
    "zeros of a negative size": lambda: pa.zeros((-1,)),
    "zeros of an int size": lambda: pa.zeros(3),
    "ones with dtype=int": lambda: pa.ones(2, dtype=int),
    "eye(-1)": lambda: pa.eye(-1),
    "eye(0)": lambda: pa.eye(0),
    "eye with k beyond": lambda: pa.eye(2, k=5),
    "eye with k beyond 64 bits": lambda: pa.eye(3, k=2**64),
    "eye with k of -2**63": lambda: pa.eye(3, 2, k=-(2**63)),
    "eye of 2**64 rows": lambda: pa.eye(2**64),
    "eye larger than any array": lambda: pa.eye(2**62),
    "zeros of 2**63": lambda: pa.zeros(2**63),
    "zeros larger than any array": lambda: pa.zeros((2**40, 2**40)),
    "ones of 2**62 float64": lambda: pa.ones(2**62, dtype=pa.float64),
    "linspace of 2**64 numbers": lambda: pa.linspace(0, 1, 2**64),
    "arange beyond the default integer dtype": lambda: pa.arange(2**63 + 5),
    "arange to 2**64": lambda: pa.arange(2**64),
    "arange longer than any array": lambda: pa.arange(0.0, 1e30),
    "reshape to a size of 2**64": lambda: pa.reshape(pa.ones(0), (2**64, 0)),
    "tril with k beyond 64 bits": lambda: pa.tril(_x(), k=2**64),
    "triu with k of 2**63": lambda: pa.triu(_x(), k=2**63),
    "triu with k of -2**63": lambda: pa.triu(_x(), k=-(2**63)),
    "tril with k of -10**30": lambda: pa.tril(_x(), k=-(10**30)),
    "eye with k of 10**30": lambda: pa.eye(2, 3, k=10**30),
    "eye not square, k=-1": lambda: pa.eye(2, 3, k=-1),
    "linspace of -1 values": lambda: pa.linspace(0, 1, -1),
    "linspace of 0 values": lambda: pa.linspace(0, 1, 0),
    "linspace without the end": lambda: pa.linspace(0, 1, 3, endpoint=False),
    "linspace as int32": lambda: pa.linspace(0, 10, 4, dtype=pa.int32),
    "arange with a step of 0.0": lambda: pa.arange(0, 10, 0.0),
    "arange counting down": lambda: pa.arange(5, 0, -2),
    "arange with a float step": lambda: pa.arange(0, 1, 0.3),
    "arange of floats as int32": lambda: pa.arange(0.5, 3, dtype=pa.int32),
    "arange of two bools": lambda: pa.arange(2, dtype=pa.bool),
    "arange of three bools": lambda: pa.arange(0, 3, dtype=pa.bool),
    "zeros_like as int8": lambda: pa.zeros_like(_v(), dtype=pa.int8),
    # casting
    "astype to a str": lambda: pa.astype(_x(), "float32"),
    "astype to an unknown dtype": lambda: pa.astype(_x(), "float128"),
    "astype to bool": lambda: pa.astype(_x(), pa.bool),
    "astype of -1 to uint8": lambda: pa.astype(pa.asarray([-1]), pa.uint8),
    "astype of a complex to float64": lambda: pa.astype(pa.asarray([1 + 1j]), pa.float64),
    "astype of NaN to int8": lambda: pa.astype(pa.asarray([np.nan]), pa.int8),
    "astype of inf to int32": lambda: pa.astype(pa.asarray([np.inf]), pa.int32),
    "astype of 300.0 to int8": lambda: pa.astype(pa.asarray([300.0]), pa.int8),
    # shapes and axes
    "reshape(x, -1)": lambda: pa.reshape(_x(), -1),
    "reshape to a bad size": lambda: pa.reshape(_x(), (4,)),
    "reshape with two -1": lambda: pa.reshape(_x(), (-1, -1)),
    "reshape with a list": lambda: pa.reshape(_x(), [3, 2]),
    "broadcast_to a bad shape": lambda: pa.broadcast_to(_x(), (2,)),
    "broadcast_to an int": lambda: pa.broadcast_to(_v(), 3),
    "tile(x, 2)": lambda: pa.tile(_x(), 2),
    "tile by -1": lambda: pa.tile(_v(), (-1,)),
    "permute_dims(v, 0)": lambda: pa.permute_dims(_v(), 0),
    "sum over a list of axes": lambda: pa.sum(_x(), axis=[0]),
    "sum over axis ()": lambda: pa.sum(_x(), axis=()),
    "sum of 0-d over axis 0": lambda: pa.sum(_zero_d(), axis=0),
    "sum of 0-d over axis ()": lambda: pa.sum(_zero_d(), axis=()),
    "max over axis ()": lambda: pa.max(_x(), axis=()),
    "squeeze a list of axes": lambda: pa.squeeze(pa.reshape(_x(), (1, 2, 3)), axis=[0]),
    "squeeze an axis of 2": lambda: pa.squeeze(_x(), axis=0),
    "squeeze every size-1 axis": lambda: pa.squeeze(_x()),
    "expand_dims at 5": lambda: pa.expand_dims(_x(), axis=5),
    "expand_dims at -3 of a vector": lambda: pa.expand_dims(_v(), axis=-3),
    "expand_dims with a tuple": lambda: pa.expand_dims(_v(), axis=(0,)),
    "moveaxis naming an axis twice": lambda: pa.moveaxis(_x(), (0, 0), (0, 1)),
    "flip a list of axes": lambda: pa.flip(_x(), axis=[0]),
    "roll lists": lambda: pa.roll(_v(), [1], axis=[0]),
    "roll a matrix without axis": lambda: pa.roll(_x(), 1),
    "sort over axis 5": lambda: pa.sort(_x(), axis=5),
    "sort of 0-d": lambda: pa.sort(_zero_d()),
    "argsort of 0-d": lambda: pa.argsort(_zero_d()),
    "argmax of 0-d": lambda: pa.argmax(_zero_d()),
    "argmax of 0-d over axis 0": lambda: pa.argmax(_zero_d(), axis=0),
    "softmax of 0-d": lambda: pa.softmax(_zero_d()),
    "cross_entropy of 0-d": lambda: pa.cross_entropy(_zero_d(), _zero_d()),
    "take_along_axis of 0-d": lambda: pa.take_along_axis(_zero_d(), pa.asarray(0)),
    "diff of 0-d": lambda: pa.diff(_zero_d()),
    "diff with n=-1": lambda: pa.diff(_v(), n=-1),
    "concat along None": lambda: pa.concat([_x(), _x()], axis=None),
    "concat of nothing": lambda: pa.concat([]),
    "concat of 0-d arrays": lambda: pa.concat([_zero_d(), _zero_d()]),
    "concat of a vector and a 0-d array": lambda: pa.concat([_v(), _zero_d()]),
    "concat along a missing axis": lambda: pa.concat([_v()], axis=1),
    "stack of nothing": lambda: pa.stack([]),
    "stack of other shapes": lambda: pa.stack([_x(), _v()]),
    "concat of other widths": lambda: pa.concat([_x(), pa.ones((2, 4))]),
    "concat along 1 of other heights": lambda: pa.concat([_x(), pa.ones((3, 3))], axis=1),
    "stack along 3": lambda: pa.stack([_v()], axis=3),
    "stack of 0-d arrays": lambda: pa.stack([_zero_d(), _zero_d()]),
    "split of 0-d": lambda: pa.split(_zero_d(), 1),
    "unstack of 0-d": lambda: pa.unstack(_zero_d()),
    "repeat -1 times": lambda: pa.repeat(_v(), -1),
    "repeat by too few counts": lambda: pa.repeat(_v(), pa.asarray([1, 2])),
    "repeat by float counts": lambda: pa.repeat(_v(), pa.asarray([1.0, 2.0, 1.0])),
    "repeat by a NumPy float64 count": lambda: pa.repeat(_v(), np.float64(2.0)),
    "repeat by a float count": lambda: pa.repeat(_v(), 2.0),
    "repeat along a missing axis": lambda: pa.repeat(_x(), 2, axis=3),
    "matrix_transpose of a vector": lambda: pa.matrix_transpose(_v()),
    "tril of a vector": lambda: pa.tril(_v()),
    "pad by -1": lambda: pa.pad(_v(), -1),
    "pad in an unknown mode": lambda: pa.pad(_v(), 1, mode="bogus"),
    # indexing
    "v[10]": lambda: _v()[10],
    "v[-4]": lambda: _v()[-4],
    "v[1.5]": lambda: _v()[1.5],
    "v[5:10]": lambda: _v()[5:10],
    "take beyond the end": lambda: pa.take(_v(), pa.asarray([0, 5])),
    "take from the end": lambda: pa.take(_v(), pa.asarray([-1])),
    "take by floats": lambda: pa.take(_v(), pa.asarray([0.5])),
    "take from a matrix without axis": lambda: pa.take(_x(), pa.asarray([0])),
    "v[5] = 1.0": lambda: _v().__setitem__(5, 1.0),
    "x[0] = a vector too short": lambda: _x().__setitem__(0, pa.asarray([1.0, 2.0])),
    "v[0] = a str": lambda: _v().__setitem__(0, "a"),
    "v[0] = None": lambda: _v().__setitem__(0, None),
    "i[0] = 1.5": lambda: _i().__setitem__(0, 1.5),
    "nonzero of 0-d": lambda: pa.nonzero(_zero_d()),
    "searchsorted in a matrix": lambda: pa.searchsorted(_x(), _v()),
    "searchsorted on a middle side": lambda: pa.searchsorted(_v(), _v(), side="middle"),
    "searchsorted with a float sorter": lambda: pa.searchsorted(_v(), _v(), sorter=_v()),
    "searchsorted with a bool sorter": lambda: pa.searchsorted(_v(), _v(), sorter=pa.asarray([True, False, True])),
    "searchsorted with a 2-d sorter": lambda: pa.searchsorted(_v(), _v(), sorter=pa.reshape(_i(), (1, 3))),
    "searchsorted with a short sorter": lambda: pa.searchsorted(_v(), _v(), sorter=_i()[:2]),
    "searchsorted with a sorter beyond": lambda: pa.searchsorted(_v(), _v(), sorter=pa.asarray([0, 1, 3])),
    "searchsorted with a negative sorter": lambda: pa.searchsorted(_v(), _v(), sorter=pa.asarray([0, -1, 1])),
    "searchsorted with a sorter": lambda: pa.searchsorted(pa.flip(_v()), pa.asarray([0.5, 2.5]), sorter=pa.flip(_i())),
    "where with None": lambda: pa.where(_v() > 0, _v(), None),
    "where on a float condition": lambda: pa.where(_v(), _v(), _v()),
    "where of two scalars": lambda: pa.where(_v() > 0, 1.0, 0.0),
    # arithmetic
    "matrix + short vector": lambda: _x() + _v()[:2],
    "vector + longer vector": lambda: pa.add(_v(), pa.arange(4.0)),
    "float32 vector + longer vector": lambda: pa.astype(_v(), pa.float32) + pa.arange(4.0, dtype=pa.float32),
    "x + a str": lambda: _x() + "a",
    "x == a str": lambda: _v() == "a",
    "x < None": lambda: _v() < None,
    "floor_divide of ints by 0": lambda: pa.floor_divide(pa.asarray([1]), pa.asarray([0])),
    "remainder of ints by 0": lambda: pa.remainder(pa.asarray([1]), pa.asarray([0])),
    "ints ** -1": lambda: pa.arange(1, 3) ** -1,
    "pow of ints by a negative array": lambda: pa.pow(pa.asarray([2]), pa.asarray([-1])),
    "ints // 0": lambda: _i() // 0,
    "int8 127 + 1": lambda: pa.asarray([127], dtype=pa.int8) + 1,
    "int8 + 300": lambda: pa.asarray([1], dtype=pa.int8) + 300,
    "uint8 + -1": lambda: _u8([1]) + (-1),
    "float32 + 1e300": lambda: pa.asarray([1.0], dtype=pa.float32) + 1e300,
    "bool + bool": lambda: pa.asarray([True]) + pa.asarray([True]),
    "bool - bool": lambda: pa.asarray([True]) - pa.asarray([True]),
    "bool * 2.5": lambda: pa.asarray([True]) * 2.5,
    "-uint8": lambda: -_u8([1]),
    "abs of int8 -128": lambda: pa.abs(pa.asarray([-128], dtype=pa.int8)),
    "uint64 + int64": lambda: pa.add(pa.asarray([1], dtype=pa.uint64), pa.asarray([1], dtype=pa.int64)),
    "uint8 + int8": lambda: pa.add(_u8([1]), pa.asarray([1], dtype=pa.int8)),
    "float16 + float32": lambda: pa.add(pa.asarray([1], dtype=pa.float16), pa.asarray([1], dtype=pa.float32)),
    "ints / 2": lambda: pa.divide(_i(), 2),
    "ints / 0": lambda: pa.divide(_i(), 0),
    "bitwise_and of floats": lambda: pa.bitwise_and(_v(), _v()),
    "~floats": lambda: ~_v(),
    "ints << floats": lambda: pa.bitwise_left_shift(_i(), _v()),
    "ints << a NumPy float64": lambda: pa.bitwise_left_shift(_i(), np.float64(1.0)),
    "ints << a float": lambda: pa.bitwise_left_shift(_i(), 1.0),
    "log of ints": lambda: pa.log(pa.asarray([1, 2])),
    "exp of int8": lambda: pa.exp(pa.asarray([1], dtype=pa.int8)),
    "sqrt of a bool": lambda: pa.sqrt(pa.asarray([True])),
    "trunc of ints": lambda: pa.trunc(_i()),
    "floor of ints": lambda: pa.floor(_i()),
    "sign of a complex": lambda: pa.sign(pa.asarray([3 + 4j])),
    "sign of uint8": lambda: pa.sign(_u8([3])),
    "round halves": lambda: pa.round(pa.asarray([0.5, 1.5, 2.5, -0.5])),
    "remainder of a negative int": lambda: pa.remainder(pa.asarray([-3]), pa.asarray([2])),
    "remainder of a negative float": lambda: pa.remainder(pa.asarray([-3.5]), 2.0),
    "logical_and of floats": lambda: pa.logical_and(_v(), _v()),
    "logical_not of ints": lambda: pa.logical_not(pa.arange(2)),
    "isnan of ints": lambda: pa.isnan(pa.arange(2)),
    "bool == int": lambda: pa.equal(pa.asarray([True]), pa.asarray([1])),
    "bool < bool": lambda: pa.less(pa.asarray([True]), pa.asarray([False])),
    "nextafter of ints": lambda: pa.nextafter(pa.arange(2), pa.arange(2)),
    "hypot of ints": lambda: pa.hypot(pa.arange(2), pa.arange(2)),
    "logaddexp of ints": lambda: pa.logaddexp(pa.arange(2), pa.arange(2)),
    "maximum of NaN and 1": lambda: pa.maximum(pa.asarray([np.nan]), pa.asarray([1.0])),
    "clip with min > max": lambda: pa.clip(_v(), 2.0, 1.0),
    "clip of ints by float bounds": lambda: pa.clip(_i(), 0.5, 1.5),
    "clip of uint8 by -1": lambda: pa.clip(_u8([1, 200]), -1, 5),
    "clip of uint8 up to 300": lambda: pa.clip(_u8([1, 200]), None, 300),
    "clip of uint8 from 300": lambda: pa.clip(_u8([1, 200]), 300, None),
    "clip of uint8 up to -1": lambda: pa.clip(_u8([1, 200]), -5, -1),
    # reductions
    "argmax of nothing": lambda: pa.argmax(pa.zeros((0,))),
    "max of nothing": lambda: pa.max(pa.zeros((0,))),
    "mean of nothing": lambda: pa.mean(pa.zeros((0,))),
    "prod of no int32": lambda: pa.prod(pa.zeros((0,), dtype=pa.int32)),
    "mean of ints": lambda: pa.mean(_i()),
    "mean of int8": lambda: pa.mean(pa.asarray([1, 2], dtype=pa.int8)),
    "sum of bools": lambda: pa.sum(pa.asarray([True, True])),
    "sum of int8 beyond": lambda: pa.sum(pa.asarray([100, 100], dtype=pa.int8)),
    "prod of uint8 beyond": lambda: pa.prod(_u8([200, 2])),
    "sum as int8 of floats": lambda: pa.sum(_x(), dtype=pa.int8),
    "sum as a str dtype": lambda: pa.sum(_x(), dtype="int8"),
    "std with a correction of 5": lambda: pa.std(_v(), correction=5),
    "var with a negative correction": lambda: pa.var(_v(), correction=-1),
    "std of ints": lambda: pa.std(_i()),
    "var of complex": lambda: pa.var(pa.asarray([1j, 1])),
    "cumulative_sum of a matrix": lambda: pa.cumulative_sum(_x()),
    "cumulative_sum of int8 beyond": lambda: pa.cumulative_sum(pa.asarray([100, 100], dtype=pa.int8)),
    "cumulative_sum with the initial 0": lambda: pa.cumulative_sum(_v(), include_initial=True),
    "count_nonzero keeping dims": lambda: pa.count_nonzero(_x(), keepdims=True),
    "max with NaN": lambda: pa.max(pa.asarray([np.nan, 1.0])),
    "argmax with NaN": lambda: pa.argmax(pa.asarray([1.0, np.nan])),
    "sort with NaN": lambda: pa.sort(pa.asarray([np.nan, 1.0, 0.0])),
    "unique_values with NaN": lambda: pa.unique_values(pa.asarray([np.nan, np.nan, 1.0])),
    "unique_values of a matrix": lambda: pa.unique_values(_x()),
    "unique_counts of 0-d": lambda: pa.unique_counts(_zero_d()),
    "argsort descending, stable": lambda: pa.argsort(pa.asarray([1.0, 1.0, 0.0]), descending=True),
    "sort of bools": lambda: pa.sort(pa.asarray([True, False])),
    # products and linear algebra
    "matmul of mismatched shapes": lambda: pa.matmul(_x(), _x()),
    "matmul of 0-d": lambda: pa.matmul(_zero_d(), _v()),
    "matmul of two vectors": lambda: pa.matmul(_v(), _v()),
    "matmul of int8 beyond": lambda: pa.matmul(pa.asarray([[100, 100]], dtype=pa.int8), pa.ones((2, 1), dtype=pa.int8)),
    "matmul of bools": lambda: pa.matmul(pa.asarray([[True]]), pa.asarray([[True]])),
    "matmul of ints and floats": lambda: pa.matmul(pa.reshape(pa.arange(4), (2, 2)), _m()),
    "vecdot of mismatched sizes": lambda: pa.vecdot(_x(), pa.arange(2.0)),
    "vecdot of complex": lambda: pa.vecdot(pa.asarray([1j]), pa.asarray([1j])),
    "tensordot over 3 axes": lambda: pa.tensordot(_x(), _x(), axes=3),
    "tensordot over -1 axes": lambda: pa.tensordot(_m(), _m(), axes=-1),
    "einsum of mismatched operands": lambda: pa.einsum("ij,jk->ik", _m(), _v()),
    "inv of a singular matrix": lambda: pa.linalg.inv(_singular()),
    "inv of a wide matrix": lambda: pa.linalg.inv(_x()),
    "inv of a vector": lambda: pa.linalg.inv(_v()),
    "inv of ints": lambda: pa.linalg.inv(pa.asarray([[2, 0], [0, 2]])),
    "det of a singular matrix": lambda: pa.linalg.det(_singular()),
    "cholesky of no positive-definite": lambda: pa.linalg.cholesky(_singular()),
    "solve with a singular matrix": lambda: pa.linalg.solve(_singular(), pa.arange(2.0)),
    "solve with a mismatched side": lambda: pa.linalg.solve(_m(), _v()),
    "svd of a vector": lambda: pa.linalg.svd(_v()),
    "matrix_rank of a vector": lambda: pa.linalg.matrix_rank(_v()),
    "matrix_power -1 of a singular matrix": lambda: pa.linalg.matrix_power(_singular(), -1),
    "matrix_power -1 of ints": lambda: pa.linalg.matrix_power(pa.asarray([[2, 0], [0, 2]]), -1),
    "vector_norm with ord='fro'": lambda: pa.linalg.vector_norm(_v(), ord="fro"),
    "matrix_norm with ord=3": lambda: pa.linalg.matrix_norm(_m(), ord=3),
    "trace of a vector": lambda: pa.linalg.trace(_v()),
    "diagonal beyond the matrix": lambda: pa.linalg.diagonal(_m(), offset=5),
    "qr in an unknown mode": lambda: pa.linalg.qr(_m(), mode="full"),
    "cross of 0-d": lambda: pa.linalg.cross(_zero_d(), _zero_d()),
    # FFT
    "fft of ints": lambda: pa.fft.fft(pa.arange(4)),
    "fft of floats": lambda: pa.fft.fft(pa.arange(4.0)),
    "fft with n=0": lambda: pa.fft.fft(pa.astype(_v(), pa.complex128), n=0),
    "fft along a missing axis": lambda: pa.fft.fft(pa.astype(_v(), pa.complex128), axis=2),
    "fft of 0-d": lambda: pa.fft.fft(pa.asarray(1 + 0j)),
    "fftn with an int for axes": lambda: pa.fft.fftn(pa.astype(_x(), pa.complex128), axes=1),
    "rfft of complex": lambda: pa.fft.rfft(pa.astype(_v(), pa.complex128)),
    "irfft with n=1": lambda: pa.fft.irfft(pa.astype(_v(), pa.complex128), n=1),
    "fftfreq(0)": lambda: pa.fft.fftfreq(0),
    "fftfreq(-1)": lambda: pa.fft.fftfreq(-1),
    "meshgrid with an unknown indexing": lambda: pa.meshgrid(_v(), _v(), indexing="zz"),
    # the Array's Python protocols
    "x.T of a 3-d array": lambda: pa.reshape(pa.arange(8.0), (2, 2, 2)).T,
    "v.mT": lambda: _v().mT,
    "v.item()": lambda: _v().item(),
    "float(v)": lambda: float(_v()),
    "float of a complex": lambda: float(pa.asarray(1j)),
    "int of NaN": lambda: int(pa.asarray(np.nan)),
    "bool(v)": lambda: bool(_v()),
    "bool of nothing": lambda: bool(pa.zeros((0,))),
    "an index by a float array": lambda: [1, 2, 3][pa.asarray(1.0)],
    "len of 0-d": lambda: len(_zero_d()),
    "iterating 0-d": lambda: list(_zero_d()),
    "to_device of an unknown device": lambda: _v().to_device("xpu"),
    "from_dlpack of an int": lambda: pa.from_dlpack(3),
    "from_dlpack of an array": lambda: pa.from_dlpack(_v()),
    "from_dlpack of a NumPy scalar": lambda: pa.from_dlpack(np.float32(1.5)),
    "from_dlpack of a NumPy bool": lambda: pa.from_dlpack(np.bool_(True)),
}

#: (mistake, backend) -> why its outcome differs from NumPy's there, as docs/departures.md documents it.
DOCUMENTED: dict[tuple[str, str], str] = {
    ("astype of inf to int32", "jax"): "JAX clamps float-to-int casts to the dtype's range",
    ("astype of 300.0 to int8", "jax"): "JAX clamps float-to-int casts to the dtype's range",
}


def _values(result: Any) -> Any:
    if isinstance(result, (list, tuple)) and not isinstance(result, pa.Array):
        return [_values(item) for item in result]
    if isinstance(result, (bool, int, float, complex, str)) or result is None:
        return ("python", type(result).__name__, result)
    values = np.asarray(pa.to_numpy(result))
    return ("array", values.dtype.name, values.shape, values)


def _outcome(call: Callable[[], Any]) -> Any:
    try:
        return _values(call())
    except Exception as error:  # polyarray's errors, and Python's own (an index that is no integer)
        return ("error", type(error).__name__)


def _same(left: Any, right: Any) -> bool:
    if isinstance(left, list) or isinstance(right, list):
        return (
            isinstance(left, list)
            and isinstance(right, list)
            and len(left) == len(right)
            and all(_same(a, b) for a, b in zip(left, right))
        )
    if left[0] != "array" or right[0] != "array":
        if left[0] == right[0] == "python" and isinstance(left[2], float):
            return left[1] == right[1] and (left[2] == right[2] or (left[2] != left[2] and right[2] != right[2]))
        return left == right
    if left[1:3] != right[1:3]:
        return False
    if left[3].dtype.kind in "fc":
        return bool(np.allclose(left[3], right[3], rtol=1e-6, atol=0, equal_nan=True))
    return bool(np.array_equal(left[3], right[3]))


def test_every_documented_departure_is_a_listed_mistake():
    assert {name for name, _ in DOCUMENTED} <= set(MISTAKES)


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_mistake_gives_what_it_gives_on_numpy(backend, name):
    outcome = _outcome(MISTAKES[name])
    with pa.backend_context("numpy"):
        expected = _outcome(MISTAKES[name])
    if (name, backend) in DOCUMENTED:
        assert not _same(outcome, expected), f"documented as different on {backend}: {DOCUMENTED[name, backend]}"
        return
    assert _same(outcome, expected), f"{name} on {backend}: {outcome!r:.300}; on numpy: {expected!r:.300}"
