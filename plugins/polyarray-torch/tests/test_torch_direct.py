"""The torch plugin's direct marks: each native callable gives what its implementation gives.

polyarray's fast path calls a marked implementation's native callable for
tensors of the mark's dtypes (``_marker.direct``). Several are small functions
that hand the common call to torch and every other call to the implementation;
here each is compared with its implementation over ordinary and unusual
arguments: ``axis=()``, empty tensors, Python scalars on either side, a
non-boolean condition, 0-d operands.
"""

from __future__ import annotations

import inspect
import itertools
import math

import polyarray_torch
import pytest
import torch
from polyarray_torch import data_types, elementwise, linear_algebra, manipulation, searching, statistical

import polyarray as pa

MODULES = (data_types, elementwise, linear_algebra, manipulation, searching, statistical)
MARKED = sorted(
    (module.__name__.rsplit(".", 1)[1], name, function)
    for module in MODULES
    for name, function in vars(module).items()
    if callable(function) and isinstance(getattr(function, "polyarray_direct", None), tuple)
)


def _outcome(function, args, kwargs):
    """The result as (dtype, shape, values) or the error's builtin class."""
    try:
        result = function(*args, **kwargs)
    except (TypeError, ValueError, IndexError, RuntimeError) as error:
        return ("error", ValueError if isinstance(error, RuntimeError) else type(error).__mro__[-2])
    return (result.dtype, tuple(result.shape), result.tolist())


def _same(expected, got):
    if expected[0] == "error" or got[0] == "error":
        return expected[0] == got[0]
    if expected[:2] != got[:2]:
        return False
    flat_expected, flat_got = torch.tensor(expected[2]).flatten(), torch.tensor(got[2]).flatten()
    return torch.equal(flat_expected.isnan(), flat_got.isnan()) and torch.allclose(
        flat_expected.nan_to_num(), flat_got.nan_to_num(), rtol=1e-6, atol=0.0
    )


#: The marks whose native callable is a Python function of this plugin (the others are torch's own).
PYTHON_NATIVES = [(m, n, f) for m, n, f in MARKED if inspect.isfunction(f.polyarray_direct[0])]


@pytest.mark.parametrize(("module", "name", "function"), PYTHON_NATIVES, ids=[f"{m}.{n}" for m, n, _ in PYTHON_NATIVES])
def test_the_native_callable_takes_the_implementations_parameters(module, name, function):
    native = function.polyarray_direct[0]
    assert list(inspect.signature(native).parameters) == list(inspect.signature(function).parameters)


MATRIX = torch.tensor([[1.0, -2.0, 3.0], [math.nan, 0.5, -0.5]], dtype=torch.float64)
EMPTY = torch.zeros((0, 3), dtype=torch.float32)
POSITIVE = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float32)

REDUCTION_CALLS = [
    ((MATRIX,), {}),
    ((MATRIX,), {"axis": 0}),
    ((MATRIX,), {"axis": -1, "keepdims": True}),
    ((MATRIX,), {"axis": (0, 1)}),
    ((MATRIX,), {"axis": ()}),
    ((MATRIX,), {"axis": None, "keepdims": True}),
    ((EMPTY,), {}),
    ((EMPTY,), {"axis": 0}),
    ((EMPTY,), {"axis": 1}),
    ((torch.tensor(2.5),), {}),
]


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    [
        (name, args, kwargs)
        for name in ("sum", "max", "min", "mean", "argmax", "argmin")
        for args, kwargs in REDUCTION_CALLS
        if not (name.startswith("arg") and isinstance(kwargs.get("axis"), tuple))  # they take one axis
    ],
)
def test_reductions(name, args, kwargs):
    function = getattr(statistical, name, None) or getattr(searching, name)
    native = function.polyarray_direct[0]
    assert _same(_outcome(function, args, kwargs), _outcome(native, args, kwargs))


def test_sum_with_a_dtype_goes_to_the_implementation():
    native = statistical.sum.polyarray_direct[0]
    expected = statistical.sum(POSITIVE, dtype=torch.float64, axis=0)
    assert torch.equal(native(POSITIVE, dtype=torch.float64, axis=0), expected)
    assert expected.dtype == torch.float64


@pytest.mark.parametrize(
    "name", ["equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "maximum", "minimum"]
)
@pytest.mark.parametrize(
    ("x1", "x2"),
    [(POSITIVE, POSITIVE.flip(0)), (POSITIVE, 2.0), (2.0, POSITIVE), (POSITIVE, 2), (3, POSITIVE)],
    ids=["tensors", "tensor-float", "float-tensor", "tensor-int", "int-tensor"],
)
def test_comparisons_and_extrema_with_scalars_on_either_side(name, x1, x2):
    function = getattr(elementwise, name)
    assert _same(_outcome(function, (x1, x2), {}), _outcome(function.polyarray_direct[0], (x1, x2), {}))


@pytest.mark.parametrize(
    ("condition", "x1", "x2"),
    [
        (POSITIVE > 2, POSITIVE, -POSITIVE),
        (POSITIVE > 2, POSITIVE, 0.0),
        (POSITIVE > 2, 1.0, POSITIVE),
        (torch.tensor([[0, 1], [2, 0]]), POSITIVE, -POSITIVE),
    ],
    ids=["tensors", "scalar-second", "scalar-first", "integer-condition"],
)
def test_where(condition, x1, x2):
    function = searching.where
    expected = _outcome(function, (condition, x1, x2), {})
    assert expected[0] != "error"
    assert _same(expected, _outcome(function.polyarray_direct[0], (condition, x1, x2), {}))


@pytest.mark.parametrize(
    ("x1", "x2"),
    [(POSITIVE, POSITIVE), (POSITIVE[0], POSITIVE), (POSITIVE, POSITIVE[0]), (torch.tensor(2.0), POSITIVE)],
    ids=["matrices", "vector-matrix", "matrix-vector", "0-d"],
)
def test_matmul_and_transpose(x1, x2):
    function = linear_algebra.matmul
    assert _same(_outcome(function, (x1, x2), {}), _outcome(function.polyarray_direct[0], (x1, x2), {}))
    transpose = linear_algebra.matrix_transpose
    assert torch.equal(transpose.polyarray_direct[0](POSITIVE), transpose(POSITIVE))


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((MATRIX, (3, 2)), {}),
        ((MATRIX, [6]), {}),
        ((MATRIX, (-1,)), {}),
        ((MATRIX.T, (6,)), {}),
        ((EMPTY, (3, 0)), {}),
        ((MATRIX, (4,)), {}),
        ((MATRIX, (3, 2)), {"copy": True}),
        ((MATRIX.T, (6,)), {"copy": False}),
    ],
    ids=["tuple", "list", "inferred", "not-contiguous", "empty", "wrong-size", "copy", "no-copy-impossible"],
)
def test_reshape(args, kwargs):
    function = manipulation.reshape
    assert _same(_outcome(function, args, kwargs), _outcome(function.polyarray_direct[0], args, kwargs))


def test_astype_gives_what_the_implementation_gives_for_every_pair_of_dtypes():
    """Every dtype a pa.Array holds to every other, with and without a copy: the same dtype, bits, and whether
    the result is the tensor itself; a device goes to the implementation."""
    function = data_types.astype
    native = function.polyarray_direct[0]
    backend = pa.get_backend("torch")
    dtypes = [backend.native_dtype(d) for d in backend.dtypes]
    source = torch.tensor([[0.0, 1.0, -2.5], [3.0, math.nan, 200.0]])
    for from_dtype, to_dtype, copy in itertools.product(dtypes, dtypes, [True, False]):
        x = source.to(from_dtype)
        expected, got = function(x, to_dtype, copy=copy), native(x, to_dtype, copy=copy)
        assert (got.dtype, got.shape) == (expected.dtype, expected.shape), (from_dtype, to_dtype, copy)
        assert torch.equal(got.reshape(-1).view(torch.uint8), expected.reshape(-1).view(torch.uint8))
        assert (got is x) == (expected is x) == (not copy and from_dtype == to_dtype), (from_dtype, to_dtype, copy)
    x = source.to(torch.float16)
    assert native(x, torch.float32, device="cpu").dtype == torch.float32
    assert native(x, torch.float16, copy=False, device="cpu") is x


def test_the_plugin_module_is_the_one_tested():
    assert polyarray_torch.__name__ == "polyarray_torch" and len(MARKED) >= 20 and len(PYTHON_NATIVES) >= 14


INPLACE_MARKED = [(m, n, f) for m, n, f in MARKED if hasattr(f, "polyarray_inplace")]


@pytest.mark.parametrize(("module", "name", "function"), INPLACE_MARKED, ids=[n for _, n, _ in INPLACE_MARKED])
def test_an_in_place_mark_writes_what_the_native_callable_gives(module, name, function):
    """For every dtype of the mark, a tensor, a broadcast row and Python scalars as the second operand: the
    in-place method leaves in x the bytes the native callable gives; where it raises, x is unchanged."""
    method, code = function.polyarray_inplace
    native, _, dtypes = function.polyarray_direct
    assert code is function.__code__ and name in {"add", "subtract", "multiply", "divide", "pow"}
    for dtype in dtypes:
        base = torch.tensor([[1.0, -2.0, 3.0], [4.0, 0.5, -6.0]]).to(dtype)
        row = torch.tensor([2.0, 1.0, -1.0]).to(dtype)
        seconds = [base.flip(0), row, row[:1], 2, 1.5, -0.0, torch.ones((2, 2, 3), dtype=dtype)]
        for second in seconds:
            x = base.clone()
            try:
                expected = native(base, second)
            except RuntimeError:
                expected = None
            try:
                method(x, second)
            except RuntimeError:
                assert torch.equal(x, base), (name, dtype, second)  # nothing written
                continue
            assert expected is not None and expected.dtype == x.dtype and expected.shape == x.shape
            assert torch.equal(x.view(-1).view(torch.uint8), expected.reshape(-1).view(torch.uint8)), (dtype, second)


BARE_MARKED = [(m, n, f) for m, n, f in MARKED if hasattr(f, "polyarray_bare")]


def _bare_calls(name, base):
    """Calls of ``name`` with its required arguments alone: tensors only (0-d, empty, broadcast, not broadcasting)
    and, for reshape, the shape."""
    empty = base[:0]
    if name == "reshape":
        return [(base, (3, 2)), (base, [6]), (base, (-1,)), (base.T, (6,)), (empty, (0, 3)), (base, (4,))]
    if name in ("sum", "max", "min", "argmax", "argmin"):
        return [(base,), (base[0],), (base[0, 0],), (empty,)]
    return [
        (base, base.flip(0)),
        (base, base[0]),
        (base[0, 0], base),
        (empty, empty),
        (base, torch.ones(4, dtype=base.dtype)),
    ]


def _bare_outcome(function, args):
    try:
        result = function(*args)
    except (TypeError, ValueError, IndexError, RuntimeError) as error:
        return ("error", ValueError if isinstance(error, RuntimeError) else type(error).__mro__[-2])
    return result


#: Values of the options a bare callable takes positionally, by option name.
OPTION_VALUES = {"axis": [0, 1, -1, (0, 1), (-1,)], "keepdims": [True, False]}


def _option_calls(options):
    """The keywords of every call giving the first few of ``options`` (the ones the fast path gives the bare
    callable), with the values the bare callable takes positionally for them."""
    for count in range(1, len(options) + 1):
        names = options[:count]
        for chosen in itertools.product(*(OPTION_VALUES[name] for name in names)):
            yield dict(zip(names, chosen)), chosen


@pytest.mark.parametrize(("module", "name", "function"), BARE_MARKED, ids=[n for _, n, _ in BARE_MARKED])
def test_a_bare_mark_gives_what_the_implementation_gives_for_the_calls_it_takes(module, name, function):
    """For every dtype of the mark: the same dtype, shape and bits as the implementation, for the calls the fast
    path gives the bare callable (the required arguments alone, and with the first few of its options by keyword,
    passed positionally), or an error, where the fast path calls the direct callable, which decides."""
    bare, code, options = function.polyarray_bare
    native, _, dtypes = function.polyarray_direct
    assert code is function.__code__ and bare is not native and inspect.isfunction(native)
    portable = {pa.get_backend("torch").native_dtype(d) for d in pa.get_backend("torch").dtypes}
    assert dtypes & portable
    compared = 0
    for dtype in dtypes & portable:  # the dtypes a pa.Array holds (torch's others never reach the fast path)
        values = [[1.0, -2.0, math.nan], [4.0, 0.5, -6.0]] if dtype.is_floating_point else [[1, 0, 3], [4, 1, 0]]
        base = torch.tensor(values).to(dtype)
        calls = [(args, {}, args) for args in _bare_calls(name, base)]
        for x in (base, base[:0], base[0]) if options else ():
            calls += [((x,), keywords, (x, *chosen)) for keywords, chosen in _option_calls(options)]
        for args, keywords, positional in calls:
            got = _bare_outcome(bare, positional)
            if isinstance(got, tuple):
                continue  # the bare callable raises: the fast path calls the direct callable
            axes = keywords.get("axis", ())
            if any(not -args[0].ndim <= axis < args[0].ndim for axis in (axes if isinstance(axes, tuple) else [axes])):
                continue  # an axis out of range, which the core refuses before the fast path calls
            expected = function(*args, **keywords)  # where it raises, so must the bare callable, as above
            assert (got.dtype, got.shape) == (expected.dtype, expected.shape), (name, dtype, args, keywords)
            as_bytes = [t.reshape(-1).contiguous().view(torch.uint8) for t in (expected, got)]
            assert torch.equal(*as_bytes), (name, dtype, args, keywords)  # the same bits, NaN included
            compared += 1
    assert compared >= len(dtypes & portable) * 3


def test_the_bare_marks_are_the_ones_expected():
    names = {n for _, n, _ in BARE_MARKED}
    assert names == {"sum", "reshape", "maximum", "minimum", "equal", "not_equal", "greater", "greater_equal"} | {
        "less",
        "less_equal",
        "max",
        "min",
        "argmax",
        "argmin",
    }
    options = {n: f.polyarray_bare[2] for _, n, f in BARE_MARKED if f.polyarray_bare[2]}
    assert options == dict.fromkeys(("sum", "max", "min", "argmax", "argmin"), ("axis", "keepdims"))
    assert all(getattr(torch, f.polyarray_bare[0].__name__, None) is f.polyarray_bare[0] for _, _, f in BARE_MARKED)
