"""The same call gives the same dtype, or the same error class, on every installed backend.

Each test runs once per installed backend (the ``polyarray_backend``
fixture); the expected dtypes come from polyarray's promotion table and the
expected values from NumPy.
"""

from __future__ import annotations

import numpy as np
import pytest
from checks import check

import polyarray as pa
from polyarray._wrappers.errors import register_error_classes, translate_exception


@pytest.fixture
def backend(polyarray_backend):
    with pa.backend_context(polyarray_backend):
        yield polyarray_backend


def i32(values):
    return pa.asarray(values, dtype=pa.int32)


def f32(values):
    return pa.asarray(values, dtype=pa.float32)


# -- one promotion table -----------------------------------------------------------------

MATRIX_I, MATRIX_F = [[1, 2], [3, 4]], [[2.0, 1.0], [1.0, 3.0]]
VECTOR_I, VECTOR_F = [1, 2, 3], [0.5, 1.5, 2.5]

PROMOTING_CALLS = {
    "concat": (lambda: pa.concat([i32(MATRIX_I), f32(MATRIX_F)]), lambda i, f: np.concatenate([i, f])),
    "stack": (lambda: pa.stack([i32(MATRIX_I), f32(MATRIX_F)]), lambda i, f: np.stack([i, f])),
    "matmul": (lambda: pa.matmul(i32(MATRIX_I), f32(MATRIX_F)), lambda i, f: i @ f),
    "tensordot": (lambda: pa.tensordot(i32(MATRIX_I), f32(MATRIX_F), axes=1), lambda i, f: np.tensordot(i, f, 1)),
    "vecdot": (lambda: pa.vecdot(i32(MATRIX_I), f32(MATRIX_F)), lambda i, f: (i * f).sum(-1)),
    "where": (lambda: pa.where(i32(MATRIX_I) > 2, i32(MATRIX_I), f32(MATRIX_F)), lambda i, f: np.where(i > 2, i, f)),
    "outer": (lambda: pa.linalg.outer(i32(VECTOR_I), f32(VECTOR_F)), lambda i, f: np.outer(i, f)),
    "cross": (lambda: pa.linalg.cross(i32(VECTOR_I), f32(VECTOR_F)), lambda i, f: np.cross(i, f)),
    "solve": (lambda: pa.linalg.solve(f32(MATRIX_F), i32(MATRIX_I)), lambda i, f: np.linalg.solve(f, i)),
}


@pytest.mark.parametrize("name", sorted(PROMOTING_CALLS))
def test_an_int32_and_a_float32_operand_promote_by_the_one_table(backend, name):
    call, reference = PROMOTING_CALLS[name]
    target = pa.result_type(pa.int32, pa.float32)
    assert target == pa.float32
    is_vector = name in ("outer", "cross")
    ints = np.asarray(VECTOR_I if is_vector else MATRIX_I, np.float32)
    floats = np.asarray(VECTOR_F if is_vector else MATRIX_F, np.float32)
    result = call()
    assert result.dtype == target, (name, backend, result.dtype)
    check(result, reference(ints, floats).astype(np.float32), exact=False)


def test_concat_of_one_dtype_keeps_it(backend):
    check(pa.concat([i32([1]), i32([2])]), np.array([1, 2], np.int32))


def test_meshgrid_and_broadcast_arrays_keep_each_dtype(backend):
    grids = pa.meshgrid(i32([1, 2]), f32([1.0]))
    assert [g.dtype for g in grids] == [pa.int32, pa.float32]
    arrays = pa.broadcast_arrays(i32([1, 2]), f32([1.0]))
    assert [a.dtype for a in arrays] == [pa.int32, pa.float32]


# -- integer-only arguments --------------------------------------------------------------

AXIS_FUNCTIONS = [
    "sum", "mean", "max", "min", "prod", "std", "var", "all", "any", "count_nonzero",
    "logsumexp", "flip", "cumulative_sum", "argmax", "argmin", "sort", "argsort",
]  # fmt: skip


def _axis_call(name, axis):
    x = f32([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return getattr(pa, name)(x, axis=axis)


@pytest.mark.parametrize("name", AXIS_FUNCTIONS)
def test_a_float_or_bool_axis_is_a_type_error(backend, name):
    for axis in (1.5, 1.0, True, "1"):
        with pytest.raises(pa.PolyarrayTypeError) as info:
            _axis_call(name, axis)
        assert isinstance(info.value, TypeError)
        assert f"pa.{name}" in str(info.value) and backend in str(info.value)
    assert _axis_call(name, np.int64(1)).shape == _axis_call(name, 1).shape  # an integer with __index__ is one


@pytest.mark.parametrize("name", ["sum", "mean", "max", "prod", "all", "count_nonzero", "logsumexp", "flip"])
def test_a_repeated_axis_is_a_value_error(backend, name):
    with pytest.raises(pa.PolyarrayValueError, match="duplicate"):
        _axis_call(name, (0, 0))
    with pytest.raises(pa.PolyarrayTypeError):
        _axis_call(name, (0, 1.0))
    assert _axis_call(name, (0, 1)) is not None


@pytest.mark.parametrize("name", ["sum", "max", "argmax", "cumulative_sum", "flip"])
def test_an_axis_out_of_range_is_an_axis_error(backend, name):
    with pytest.raises(pa.PolyarrayAxisError) as info:
        _axis_call(name, 2)
    assert isinstance(info.value, IndexError) and isinstance(info.value, ValueError)


def test_native_arrays_on_the_fast_path_are_checked_too(backend):
    xp = pa.get_backend(backend)
    native = pa.to_native(f32([[1.0, 2.0], [3.0, 4.0]]))
    with pytest.raises(pa.PolyarrayTypeError):
        xp.sum(native, axis=1.5)
    with pytest.raises(pa.PolyarrayValueError):
        xp.sum(native, axis=(1, 1))
    with pytest.raises(pa.PolyarrayTypeError):
        xp.reshape(native, (4.0,))
    check(xp.sum(native, axis=(0, 1)), np.float32(10.0))
    check(xp.reshape(native, (4,)), np.array([1, 2, 3, 4], np.float32))


def test_axes_are_checked_against_the_rank_on_every_path(backend):
    xp = pa.get_backend(backend)
    x = f32([[1.0, 2.0], [3.0, 4.0]])
    native = pa.to_native(x)
    for call in (lambda: xp.sum(native, axis=2), lambda: pa.sum(x, axis=-3), lambda: xp.sort(native, axis=5)):
        with pytest.raises(pa.PolyarrayAxisError):
            call()
    with pytest.raises(pa.PolyarrayValueError, match="duplicate"):
        pa.sum(x, axis=(0, -2))  # the same axis, counted from either end
    with pytest.raises(pa.PolyarrayAxisError):
        pa.expand_dims(x, 3)  # a new axis may go at positions -3 … 2 of the result
    assert pa.expand_dims(x, 2).shape == (2, 2, 1) and pa.stack([x, x], axis=-3).shape == (2, 2, 2)
    with pytest.raises(pa.PolyarrayAxisError):
        pa.fft.fft(pa.asarray([1.0, 2.0], dtype=pa.complex64), axis=1)
    with pytest.raises(pa.PolyarrayAxisError):
        pa.vecdot(x, x, axis=2)


def test_roll_may_name_an_axis_twice(backend):
    x = f32([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    expected = np.roll(np.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32), (1, 1), axis=(1, 1))
    check(pa.roll(x, (1, 1), axis=(1, 1)), expected)


SIZES = {
    "zeros": lambda: pa.zeros((-1,)),
    "ones": lambda: pa.ones((2, -3)),
    "full": lambda: pa.full(-1, 1.0),
    "reshape": lambda: pa.reshape(f32([1.0, 2.0]), (-2,)),
    "broadcast_to": lambda: pa.broadcast_to(f32([1.0, 2.0]), (-1,)),
}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_negative_sizes_are_value_errors(backend, name):
    with pytest.raises(pa.PolyarrayValueError, match="non-negative") as info:
        SIZES[name]()
    assert f"pa.{name}" in str(info.value) and backend in str(info.value)


def test_sizes_may_come_as_a_one_dimensional_array(backend):
    assert pa.reshape(f32([1.0, 2.0, 3.0, 4.0]), np.array([2, 2])).shape == (2, 2)
    assert pa.reshape(f32([1.0, 2.0, 3.0, 4.0]), (-1, 2)).shape == (2, 2)


INTEGER_ARGUMENTS = {
    "tril k": lambda: pa.tril(f32([[1.0, 2.0], [3.0, 4.0]]), k=1.5),
    "triu k": lambda: pa.triu(f32([[1.0, 2.0], [3.0, 4.0]]), k=True),
    "repeat repeats": lambda: pa.repeat(f32([1.0, 2.0]), 1.5),
    "fft.fft n": lambda: pa.fft.fft(pa.asarray([1.0, 2.0], dtype=pa.complex64), n=2.0),
    "fft.fftfreq n": lambda: pa.fft.fftfreq(4.5),
    "linspace num": lambda: pa.linspace(0.0, 1.0, 2.5),
    "zeros shape": lambda: pa.zeros((2.5,)),
    "reshape shape": lambda: pa.reshape(f32([1.0, 2.0]), (2.0,)),
    "expand_dims axis": lambda: pa.expand_dims(f32([1.0]), 0.0),
    "roll shift": lambda: pa.roll(f32([1.0, 2.0]), 1.5),
    "eye k": lambda: pa.eye(2, k=0.5),
}


@pytest.mark.parametrize("name", sorted(INTEGER_ARGUMENTS))
def test_integer_arguments_refuse_floats_and_bools(backend, name):
    with pytest.raises(pa.PolyarrayTypeError) as info:
        INTEGER_ARGUMENTS[name]()
    assert isinstance(info.value, TypeError)
    assert "cannot be interpreted as an integer" in str(info.value) or "bool" in str(info.value)
    assert f"pa.{name.split()[0]}" in str(info.value) and backend in str(info.value)


def test_expand_dims_takes_axis_by_position_or_keyword(backend):
    x = f32([1.0, 2.0])
    assert pa.expand_dims(x, 1).shape == (2, 1)
    assert pa.expand_dims(x, axis=0).shape == (1, 2)


# -- non-numeric input -------------------------------------------------------------------


def _generator():
    yield 1


NOT_DATA = {
    "None": lambda: pa.asarray(None),
    "str": lambda: pa.asarray("abc"),
    "dict": lambda: pa.asarray({"a": 1}),
    "generator": lambda: pa.asarray(_generator()),
    "None inside a list": lambda: pa.asarray([1.0, None]),
    "str fill value": lambda: pa.full((2,), "a"),
    "NumPy strings": lambda: pa.asarray(np.array(["a"])),
    "NumPy objects": lambda: pa.asarray(np.array([1, None], dtype=object)),
    "x[key] = None": lambda: f32([1.0, 2.0]).__setitem__(0, None),
    "x[key] = str": lambda: f32([1.0, 2.0]).__setitem__(slice(0, 1), "1.5"),
    "x[key] = a list holding None": lambda: f32([1.0, 2.0]).__setitem__(slice(None), [1.0, None]),
    "x[key] = NumPy strings": lambda: f32([1.0, 2.0]).__setitem__(0, np.array("1")),
}


@pytest.mark.parametrize("name", sorted(NOT_DATA))
def test_non_numeric_input_is_refused_where_it_enters(backend, name):
    # NumPy itself stores None as NaN and parses "1.5" in x[key] = value; torch refuses both.
    with pytest.raises(pa.PolyarrayTypeError) as info:
        NOT_DATA[name]()
    message = str(info.value)
    assert isinstance(info.value, TypeError)
    assert any(f"pa.{where} " in message for where in ("asarray", "full", "Array.__setitem__")) and backend in message
    assert "not numeric data" in message or "accepts" in message


BITWISE = {
    "bitwise_and": lambda x, i: pa.bitwise_and(x, x),
    "bitwise_or": lambda x, i: pa.bitwise_or(i, 1.5),
    "bitwise_xor": lambda x, i: pa.bitwise_xor(pa.astype(x, pa.complex64), i),
    "bitwise_invert": lambda x, i: ~x,
    "bitwise_left_shift": lambda x, i: pa.bitwise_left_shift(x, i),
    "bitwise_right_shift": lambda x, i: i >> x,
}


@pytest.mark.parametrize("name", sorted(BITWISE))
def test_bitwise_functions_refuse_floating_input_as_a_type_error_not_a_missing_kernel(backend, name):
    # torch has no kernel for them either, which is no gap of torch's: the standard defines them on integers.
    with pytest.raises(pa.PolyarrayTypeError) as info:
        BITWISE[name](f32([1.0, 2.0]), i32([1, 2]))
    assert type(info.value) is pa.PolyarrayTypeError, type(info.value)
    assert f"pa.{name}" in str(info.value) and backend in str(info.value)


#: (min, max) -> what clip gives for the uint8 values [1, 200]: NumPy 2's answers.
CLIP_BOUNDS = {
    (-1, 5): [1, 5],
    (None, 300): [1, 200],
    (-1, 300): [1, 200],
    (2, 1000): [2, 200],
    (300, None): pa.PolyarrayOverflowError,
    (-5, -1): pa.PolyarrayOverflowError,
}


@pytest.mark.parametrize("mode", ["Array mode", "native mode"])
@pytest.mark.parametrize("bounds", sorted(CLIP_BOUNDS, key=str), ids=str)
def test_clip_bounds_beyond_the_dtype_bound_nothing_or_are_an_overflow_error(backend, bounds, mode):
    # PyTorch wrapped min=-1 around to 255 and clipped [1, 200] to [5, 5]; TensorFlow raised for every such bound.
    expected = CLIP_BOUNDS[bounds]
    x = pa.asarray([1, 200], dtype=pa.uint8)
    pa.set_array_mode(mode == "Array mode")
    try:
        if isinstance(expected, list):
            assert pa.to_numpy(pa.clip(pa.to_native(x) if mode == "native mode" else x, *bounds)).tolist() == expected
            assert pa.to_numpy(pa.clip(x, min=bounds[0], max=bounds[1])).dtype == np.uint8
        else:
            with pytest.raises(expected, match="out of bounds for uint8"):
                pa.clip(x, *bounds)
    finally:
        pa.set_array_mode(True)


# -- one outcome for inputs some frameworks accepted --------------------------------------

REFUSED = {
    "fftfreq d=0": (lambda: pa.fft.fftfreq(4, d=0), ValueError, "fft.fftfreq"),
    "rfftfreq d=0.0": (lambda: pa.fft.rfftfreq(4, d=0.0), ValueError, "fft.rfftfreq"),
    "astype to None": (lambda: pa.astype(f32([1.0]), None), TypeError, "astype"),
    "take float indices": (lambda: pa.take(f32([1.0, 2.0]), f32([0.0, 1.0])), TypeError, "take"),
    "arange of a str": (lambda: pa.arange("5"), TypeError, "arange"),
    "asarray copy=False of a list": (lambda: pa.asarray([1.0], copy=False), ValueError, "asarray"),
    "a number as a device": (lambda: pa.asarray([1.0], device=0), TypeError, "asarray"),
    "a device no machine has": (lambda: pa.zeros((2,), device="gpu:99"), ValueError, "zeros"),
    "concat of 0-d arrays": (lambda: pa.concat([f32(1.0), f32(2.0)]), ValueError, "concat"),
    "moveaxis naming an axis twice": (lambda: pa.moveaxis(f32(MATRIX_F), (0, 0), (0, 1)), ValueError, "moveaxis"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_inputs_are_refused_the_same_way_everywhere(backend, name):
    call, builtin, function = REFUSED[name]
    with pytest.raises(pa.PolyarrayError) as info:
        call()
    assert isinstance(info.value, builtin), (backend, type(info.value))
    assert f"pa.{function}" in str(info.value) and backend in str(info.value)


def test_python_types_as_dtypes_are_the_default_dtypes(backend):
    x = i32([1, 2])
    assert pa.astype(x, bool).dtype == pa.bool
    for python_type, value in ((int, 1), (float, 1.5), (complex, 1j)):
        # the dtype a Python value of that type gets: this context's default of its kind
        assert pa.astype(x, python_type).dtype == pa.asarray(value).dtype
    with pa.default_dtype_as(pa.float32), pa.default_dtype_as(pa.int32), pa.default_dtype_as(pa.complex64):
        assert pa.astype(x, float).dtype == pa.float32
        assert pa.astype(x, int).dtype == pa.int32
        assert pa.astype(x, complex).dtype == pa.complex64


# -- error classes and messages ----------------------------------------------------------

BAD_CALLS = {
    "reshape to a wrong size": (lambda: pa.reshape(f32([1.0, 2.0, 3.0, 4.0]), (3,)), ValueError, "reshape"),
    "matmul shape mismatch": (lambda: pa.matmul(f32([[1.0, 2.0]]), f32([[1.0, 2.0]])), ValueError, "matmul"),
    "concat of different ranks": (lambda: pa.concat([f32([[1.0]]), f32([1.0])]), ValueError, "concat"),
    "getitem out of bounds": (lambda: f32([1.0, 2.0])[5], IndexError, "Array.__getitem__"),
    "take out of bounds": (lambda: pa.take(f32([1.0, 2.0]), i32([5])), IndexError, "take"),
    "bitwise_and of floats": (lambda: pa.bitwise_and(f32([1.0]), f32([2.0])), TypeError, "bitwise_and"),
    "solve of a singular matrix": (
        lambda: pa.linalg.solve(f32([[1.0, 2.0], [2.0, 4.0]]), f32([1.0, 1.0])),
        ValueError,
        "linalg.solve",
    ),
    "Python int out of range": (lambda: pa.add(pa.asarray([1], dtype=pa.int8), 200), ValueError, "add"),
    "an array larger than memory": (lambda: pa.zeros(2**40, dtype=pa.float32), MemoryError, "zeros"),
    "a str where an array goes": (lambda: pa.exp("a"), TypeError, "exp"),
    "a dtype polyarray does not know": (lambda: pa.zeros(2, dtype="float99"), TypeError, "zeros"),
}


#: Errors that depend on values: a lazy backend (Dask) raises them when the result is computed (the lazy-backend
#: contract, docs/writing-a-backend.md), naming the function that built the failing graph.
VALUE_DEPENDENT = {"take out of bounds", "solve of a singular matrix"}


def _surfaced(backend, result):
    """``result``, computed where the backend is lazy (so that an error it holds is raised)."""
    if pa.get_backend(backend).info.lazy:
        pa.compute(result)
    return result


@pytest.mark.parametrize("name", sorted(BAD_CALLS))
def test_the_same_bad_input_gives_the_same_builtin_class(backend, name):
    call, builtin, function = BAD_CALLS[name]
    lazy = pa.get_backend(backend).info.lazy
    if lazy and name == "an array larger than memory":
        # Nothing is allocated until computed: the array is a graph of blocks, each of which fits.
        assert call().shape == (2**40,)
        return
    with pytest.raises(pa.PolyarrayError) as info:
        _surfaced(backend, call()) if lazy and name in VALUE_DEPENDENT else call()
    message = str(info.value)
    assert isinstance(info.value, builtin), (backend, type(info.value), message)
    assert backend in message
    if lazy and name in VALUE_DEPENDENT:
        assert "pa.compute" in message and f"{function}:" in message and "lazy" in message
    else:
        assert f"pa.{function}" in message
    assert "{{function_node" not in message and "[Op:" not in message


def test_shape_and_index_errors_say_what_to_do(backend):
    with pytest.raises(pa.PolyarrayValueError, match="broadcast"):
        pa.matmul(f32([[1.0, 2.0]]), f32([[1.0, 2.0]]))
    with pytest.raises(pa.PolyarrayIndexError, match=r"\[-n, n\)"):
        _surfaced(backend, pa.take(f32([1.0, 2.0]), i32([5])))


def test_a_plugin_classifies_its_own_exceptions():
    class FrameworkError(Exception):
        pass

    register_error_classes("classifying", lambda error: IndexError if "range" in str(error) else None)
    error = translate_exception(FrameworkError("index 3 out of range"), "take", "classifying")
    assert isinstance(error, pa.PolyarrayIndexError) and "pa.take" in str(error) and "classifying" in str(error)
    unknown = translate_exception(FrameworkError("something else"), "take", "classifying")
    assert type(unknown) is pa.PolyarrayError
    noisy = translate_exception(
        ValueError("{{function_node __wrapped__Reshape_device_/job:localhost}} Input has 4 values [Op:Reshape] name: "),
        "reshape",
        "classifying",
    )
    assert "function_node" not in str(noisy) and "[Op:" not in str(noisy) and "Input has 4 values" in str(noisy)
    spelled = translate_exception(
        TypeError("got DT_FLOAT and <dtype: 'int32'>, torch.float64, dtype('uint8')"), "add", "classifying"
    )
    assert "got float32 and int32, float64, uint8" in str(spelled)


def test_dtype_objects_of_any_framework_name_the_same_dtype(backend):
    x = f32([1.5, 2.5])
    assert pa.astype(x, np.float16).dtype == pa.float16
    assert pa.astype(x, np.dtype("int16")).dtype == pa.int16
    assert pa.zeros(2, dtype=np.uint8).dtype == pa.uint8
    assert pa.asarray([1, 2], dtype="int8").dtype == pa.int8


# -- arrays of another backend ----------------------------------------------------------


@pytest.mark.parametrize("name", ["meshgrid", "zeros_like", "tril"])
def test_an_array_of_another_backend_is_converted_or_refused(backend, polyarray_backends, name):
    lazy = pa.get_backend(backend).info.lazy
    # A dynamic array of a lazy backend is refused by an eager one (converting it would compute it): tested apart.
    others = [b for b in polyarray_backends if b != backend and (lazy or not pa.get_backend(b).info.lazy)]
    if not others:
        others = [backend]  # one backend installed: an array of it is accepted as it is
    calls = {
        "meshgrid": lambda own, foreign: pa.meshgrid(own, foreign),
        "zeros_like": lambda own, foreign: pa.zeros_like(foreign, backend=backend),
        "tril": lambda own, foreign: pa.tril(foreign, backend=backend),
    }
    own = f32([1.0, 2.0])
    foreign = pa.asarray([[3.0, 4.0]] if name == "tril" else [3.0, 4.0], dtype=pa.float32, backend=others[0])
    result = calls[name](own, foreign)
    for array in result if isinstance(result, list) else [result]:
        assert array.backend.name == backend
    foreign.dynamic_backend = False
    if others[0] != backend:
        with pytest.raises(pa.PolyarrayTypeError, match=f"pa.{name} runs on the {backend} backend"):
            calls[name](own, foreign)


# -- checks made once, in the core ---------------------------------------------------------------------------------

#: Bad calls every backend refuses before its implementation runs: (call, builtin class, words of the message).
CHECKED_IN_THE_CORE = {
    "a non-bool keepdims": (lambda: pa.sum(f32([1.0]), keepdims="yes"), TypeError, "keepdims='yes' is not a bool"),
    "an int keepdims": (lambda: pa.sum(f32([1.0]), keepdims=1), TypeError, "keepdims=1 is not a bool"),
    "norm=None": (lambda: pa.fft.fft(f32([1.0]), norm=None), ValueError, "'backward', 'ortho' or 'forward'"),
    "a qr mode": (lambda: pa.linalg.qr(f32(MATRIX_F), mode="r"), ValueError, "'reduced' or 'complete'"),
    "a searchsorted side": (lambda: pa.searchsorted(f32([1.0]), f32([1.0]), side=3), ValueError, "'left' or 'right'"),
    "a meshgrid indexing": (lambda: pa.meshgrid(f32([1.0]), indexing="x"), ValueError, "'xy' or 'ij'"),
    "a loss reduction": (lambda: pa.cross_entropy(f32([1.0]), f32([1.0]), reduction="avg"), ValueError, "'mean'"),
    "a string matrix order": (lambda: pa.linalg.matrix_norm(f32(MATRIX_F), ord="x"), ValueError, "'nuc', None or"),
    "a string vector order": (lambda: pa.linalg.vector_norm(f32([1.0]), ord="2"), ValueError, "not a number"),
    "a None eps": (lambda: pa.layer_norm(f32([1.0, 2.0]), 0, eps=None), TypeError, "eps=None is not a number"),
    "a string fill value": (lambda: pa.full((2,), "a"), TypeError, "fill_value"),
    "an int beyond 64 bits": (lambda: pa.fft.fft(f32([1.0]), n=10**30), ValueError, "does not fit in 64 bits"),
    "a default axis of a 0-d array": (lambda: pa.sort(f32(1.0)), IndexError, "out of bounds"),
    "complex bounds of clip": (lambda: pa.clip(f32([1.0]), 0.0, 1j), TypeError, "clip orders real numbers"),
    "a vector for a matrix": (lambda: pa.linalg.inv(f32([1.0, 2.0])), ValueError, "a matrix or a stack"),
    "a rectangular inverse": (lambda: pa.linalg.det(f32([[1.0, 2.0]])), ValueError, "square matrices"),
    "a 0-d x2 of solve": (lambda: pa.linalg.solve(f32(MATRIX_F), f32(1.0)), ValueError, "x2 is a 0-d array"),
    "cross of 4-vectors": (lambda: pa.linalg.cross(f32([1.0] * 4), f32([1.0] * 4)), ValueError, "cross needs 3"),
    "cross along a missing axis": (lambda: pa.linalg.cross(f32([[1.0] * 3] * 3), f32([1.0] * 3), axis=-2),
                                   IndexError, "out of bounds for x2"),
    "outer of matrices": (lambda: pa.linalg.outer(f32(MATRIX_F), f32([1.0])), ValueError, "a 1-d array is needed"),
    "vecdot of unequal vectors": (lambda: pa.vecdot(f32([1.0, 2.0]), f32([1.0])), ValueError, "the same size"),
    "tensordot of too many axes": (lambda: pa.tensordot(f32(MATRIX_F), f32([1.0, 2.0]), axes=2), ValueError,
                                   "cannot contract 2 axes"),
    "matrix_transpose of a vector": (lambda: pa.matrix_transpose(f32([1.0])), ValueError, "a matrix or a stack"),
    "tril of a vector": (lambda: pa.tril(f32([1.0])), ValueError, "at least 2 dimensions"),
    "meshgrid of a matrix": (lambda: pa.meshgrid(f32(MATRIX_F)), ValueError, "1-d coordinate arrays"),
    "astype of complex to float": (lambda: pa.astype(pa.asarray([1j]), pa.float32), TypeError, "real or imaginary"),
    "rfft of complex input": (lambda: pa.fft.rfft(pa.asarray([1j])), TypeError, "real input"),
    "s without axes": (lambda: pa.fft.fftn(f32(MATRIX_F), s=(2,)), ValueError, "s is given without axes"),
    "a zero transform length": (lambda: pa.fft.fft(f32([1.0]), n=0), ValueError, "at least 1"),
    "fftfreq of an integer dtype": (lambda: pa.fft.fftfreq(3, dtype=pa.int32), TypeError, "real floating"),
    "take without an axis": (lambda: pa.take(f32(MATRIX_F), i32([0])), ValueError, "pass the axis"),
    "cumulative_sum without an axis": (lambda: pa.cumulative_sum(f32(MATRIX_F)), ValueError, "pass the axis"),
    "unstack of a 0-d array": (lambda: pa.unstack(f32(1.0)), ValueError, "at least 1 dimension"),
    "nonzero of a 0-d array": (lambda: pa.nonzero(f32(1.0)), ValueError, "at least 1 dimension"),
    "diff of a 0-d array": (lambda: pa.diff(f32(1.0)), ValueError, "at least 1 dimension"),
    "searchsorted in a matrix": (lambda: pa.searchsorted(f32(MATRIX_F), f32([1.0])), ValueError, "1-d sorted"),
    "concat of nothing": (lambda: pa.concat([]), ValueError, "at least one array"),
    "a dropout probability of 1": (lambda: pa.dropout(f32([1.0]), 1.0), ValueError, "must lie in [0, 1)"),
    "a scaled integer dropout": (lambda: pa.dropout(i32([1]), 0.5), TypeError, "floating-point result dtype"),
    "a noise_shape of another rank": (lambda: pa.dropout(f32(MATRIX_F), 0.5, noise_shape=(2,)), ValueError,
                                      "one entry per axis"),
    "arange of a zero step": (lambda: pa.arange(0, 3, 0), ValueError, "step=0"),
    "arange beyond an integer dtype": (lambda: pa.arange(-1, 5, 2, dtype=pa.uint8), ValueError, "out of bounds"),
    "arange ending beyond an integer dtype": (lambda: pa.arange(120, 130, dtype=pa.int8), ValueError,
                                              "the last value=129 is out of bounds"),
    "arange of a second value beyond an integer dtype": (lambda: pa.arange(127, 130, dtype=pa.int8), ValueError,
                                                         "the last value=129 is out of bounds"),
    "linspace of an int beyond 64 bits": (lambda: pa.linspace(0, 10**30, 3), TypeError, "wider than 64 bits"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CHECKED_IN_THE_CORE))
def test_checks_made_in_the_core_refuse_alike_everywhere(backend, name):
    call, builtin, words = CHECKED_IN_THE_CORE[name]
    with pytest.raises(pa.PolyarrayError) as info:
        call()
    message = str(info.value)
    assert isinstance(info.value, builtin), (backend, type(info.value), message)
    assert words in message and backend in message, message


def test_a_bool_parameter_takes_python_bools_only_and_an_int_parameter_two_to_the_64(backend):
    assert pa.sum(f32([[1.0, 2.0]]), axis=1, keepdims=True).shape == (1, 1)
    with pytest.raises(pa.PolyarrayTypeError, match="is not a bool"):
        pa.sum(f32([[1.0, 2.0]]), axis=1, keepdims=np.True_)  # as NumPy's own sum refuses it
    # 2**64 passes the core's integer check (an exclusive bound of uint64); random.key's own range refuses it.
    with pytest.raises(pa.PolyarrayValueError, match="seed must lie"):
        pa.random.key(2**64)
    with pytest.raises(pa.PolyarrayValueError, match="does not fit in 64 bits"):
        pa.random.key(2**64 + 1)


@pytest.mark.parametrize(
    "name", ["inv", "solve", "svd", "eigh", "cholesky", "qr", "pinv", "slogdet", "det", "matrix_power"]
)
def test_a_matrix_holding_nan_gives_nan_results_and_leaves_the_batch_alone(backend, name):
    nan_matrix = [[np.nan, 1.0], [1.0, 4.0]]
    good = [[3.0, 0.5], [0.5, 2.0]]
    x = pa.asarray([nan_matrix, good], dtype=pa.float32)
    calls = {
        "inv": lambda: pa.linalg.inv(x),
        "solve": lambda: pa.linalg.solve(x, pa.asarray([1.0, 2.0], dtype=pa.float32)),
        "svd": lambda: pa.linalg.svd(x),
        "eigh": lambda: pa.linalg.eigh(x),
        "cholesky": lambda: pa.linalg.cholesky(x),
        "qr": lambda: pa.linalg.qr(x),
        "pinv": lambda: pa.linalg.pinv(x),
        "slogdet": lambda: pa.linalg.slogdet(x),
        "det": lambda: pa.linalg.det(x),
        "matrix_power": lambda: pa.linalg.matrix_power(x, -1),
    }
    result = calls[name]()
    parts = [result] if isinstance(result, pa.Array) else list(result)
    single = calls[name].__code__  # the same function on the good matrix alone gives the second entries
    x_good = pa.asarray(good, dtype=pa.float32)
    alone = {"inv": lambda: pa.linalg.inv(x_good), "det": lambda: pa.linalg.det(x_good)}.get(name)
    for part in parts:
        values = pa.to_numpy(part)
        assert np.isnan(values[0]).all(), (name, values)
        assert not np.isnan(values[1]).any(), (name, values)
    if alone is not None:
        np.testing.assert_allclose(pa.to_numpy(parts[0])[1], pa.to_numpy(alone()), rtol=1e-5)
    assert single is not None


def test_matrix_rank_of_a_matrix_holding_nan_is_a_value_error_and_positive_powers_spread_nan(backend):
    x = pa.asarray([[np.nan, 1.0], [1.0, 4.0]], dtype=pa.float32)
    if pa.get_backend(backend).info.lazy:
        pa.compute(pa.linalg.matrix_rank(x))  # refusing would read the values (docs/departures.md)
    else:
        with pytest.raises(pa.PolyarrayValueError, match="has no matrix_rank"):
            pa.linalg.matrix_rank(x)
    squared = pa.to_numpy(pa.linalg.matrix_power(x, 2))
    np.testing.assert_array_equal(np.isnan(squared), [[True, True], [True, False]])  # a product, as NumPy's


# -- operands that are not arrays ----------------------------------------------------------


class _NoOperators:
    pass


class _Reflecting:
    def __radd__(self, other):
        return "_Reflecting.__radd__"

    def __eq__(self, other):
        return "_Reflecting.__eq__"

    __hash__ = object.__hash__


@pytest.mark.parametrize(
    "other",
    [None, "x", b"x", {}, object(), _NoOperators()],
    ids=["None", "str", "bytes", "dict", "object", "no-operators"],  # the same on every run (pytest-xdist)
)
def test_operators_hand_back_values_that_are_not_arrays(backend, other):
    # As Python's numbers do: NotImplemented, so == and != compare identities and the rest raise TypeError, on
    # every backend alike (NumPy would compare element-wise with an object array, PyTorch raise its own error).
    x = pa.asarray([1.0, 2.0])
    assert x.__add__(other) is NotImplemented and x.__radd__(other) is NotImplemented
    assert x.__lt__(other) is NotImplemented and x.__eq__(other) is NotImplemented
    assert (x == other) is False and (x != other) is True
    for operation in (lambda: x + other, lambda: other - x, lambda: x < other, lambda: x @ other, lambda: x**other):
        with pytest.raises(TypeError, match=r"not supported|unsupported operand"):
            operation()
    y = x
    with pytest.raises(TypeError, match="unsupported operand"):
        y += other
    assert y is x and pa.to_numpy(x).tolist() == [1.0, 2.0]


def test_operators_let_another_class_answer(backend):
    x = pa.asarray([1.0, 2.0])
    assert x + _Reflecting() == "_Reflecting.__radd__"
    assert (x == _Reflecting()) == "_Reflecting.__eq__"
    # Numbers, lists, NumPy scalars and arrays stay operands.
    ones = [1.0, 1.0]
    assert pa.to_numpy(x + ones).tolist() == [2.0, 3.0]
    assert pa.to_numpy(x * np.float32(2)).tolist() == [2.0, 4.0]
    assert pa.to_numpy(x == 2.0).tolist() == [False, True]


# -- item() and tolist() -------------------------------------------------------------------


def test_item_and_tolist_give_python_scalars_as_numpy_does(backend):
    x = pa.asarray([[1.5, 2.0], [3.0, 4.0]], dtype=pa.float32)
    reference = np.asarray([[1.5, 2.0], [3.0, 4.0]], dtype=np.float32)
    for index in [(), (3,), (-4,), (1, 0), (-1, -2)]:
        if index == ():
            got, expected = pa.asarray([[2.5]]).item(), 2.5
        else:
            got, expected = x.item(*index), reference.item(*index)
        assert got == expected and type(got) is float, index
    one = {
        "bool": (pa.asarray([True]), True),
        "int": (pa.asarray([[-7]], dtype=pa.int32), -7),
        "uint8": (pa.asarray(200, dtype=pa.uint8), 200),
        "complex": (pa.asarray([1 + 2j], dtype=pa.complex64), 1 + 2j),
    }
    for name, (array, expected) in one.items():
        got = array.item()
        assert got == expected and type(got) is type(expected), name
    assert x.tolist() == reference.tolist() and all(type(v) is float for row in x.tolist() for v in row)
    assert pa.asarray(3, dtype=pa.int32).tolist() == 3 and type(pa.asarray(3, dtype=pa.int32).tolist()) is int
    assert pa.asarray([True, False]).tolist() == [True, False]
    assert pa.asarray([1j], dtype=pa.complex64).tolist() == [1j]
    assert pa.zeros((2, 0)).tolist() == [[], []]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda x: x.item(), pa.PolyarrayValueError, r"one element, not one of shape \(2, 2\)"),
        (lambda x: x.item(4), pa.PolyarrayIndexError, r"item\(4\) is out of bounds for an array of 4 elements"),
        (lambda x: x.item(2, 0), pa.PolyarrayIndexError, r"item\(2, 0\) is out of bounds"),
        (lambda x: x.item(0, 0, 0), pa.PolyarrayValueError, r"one flat index or 2 indices"),
        (lambda x: x.item(1.5), pa.PolyarrayTypeError, r"integer indices, not float"),
    ],
)
def test_item_refuses_bad_indices_alike(backend, call, error, message):
    with pytest.raises(error, match=message):
        call(pa.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=pa.float32))
