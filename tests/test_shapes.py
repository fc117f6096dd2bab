"""pa.Shape and the shape wrappers."""

from __future__ import annotations

import inspect
import math
import pickle
from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import polyarray as pa
from polyarray._declare import DECLARATIONS
from polyarray._wrappers import _FACTORIES

sizes = st.lists(st.integers(0, 10**6) | st.none(), max_size=6)


# -- pa.Shape -------------------------------------------------------------------------------------------


@given(dims=sizes)
def test_a_shape_is_the_tuple_of_its_sizes(dims):
    s = pa.Shape(dims)
    assert isinstance(s, tuple) and s == tuple(dims) and hash(s) == hash(tuple(dims))
    assert s.ndim == len(dims) and s.as_tuple() == tuple(dims) and type(s.as_tuple()) is tuple
    assert s.size == (None if None in dims else math.prod(dims))
    assert type(s[1:]) is pa.Shape and s[1:] == tuple(dims[1:])
    if dims:
        assert s[0] == dims[0] and type(s[-1]) is type(dims[-1])
    assert type(s + (3,)) is pa.Shape and s + (3,) == (*dims, 3)  # noqa: RUF005 - concatenation is tested
    assert type((3,) + s) is pa.Shape and (3,) + s == (3, *dims)  # noqa: RUF005
    restored = pickle.loads(pickle.dumps(s))
    assert type(restored) is pa.Shape and restored == s
    assert eval(repr(s), {"Shape": pa.Shape}) == s


def test_shape_construction():
    assert pa.Shape() == () and repr(pa.Shape()) == "Shape()"
    assert pa.Shape(2, 3) == pa.Shape((2, 3)) == pa.Shape([2, 3]) == (2, 3)
    assert pa.Shape(4) == (4,) and repr(pa.Shape(4)) == "Shape(4,)"
    assert repr(pa.Shape((2, None))) == "Shape(2, None)"
    s = pa.Shape(np.array([2, 3]))
    assert s == (2, 3) and all(type(d) is int for d in s)
    assert pa.Shape(np.zeros((2, 5)).shape) == (2, 5)
    assert pa.Shape(s) is s
    with pytest.raises(pa.PolyarrayValueError):
        pa.Shape((2, -1))
    with pytest.raises(pa.PolyarrayTypeError):
        pa.Shape((2.5,))
    with pytest.raises(pa.PolyarrayTypeError):
        pa.Shape(2.5)
    assert pa.Shape in (pa.Shape,) and "Shape" in pa.__all__


# -- inputs_to_native_shapes ------------------------------------------------------------------------------


def test_functions_take_shapes_as_shape_arguments():
    s = pa.Shape((2, 3))
    assert pa.zeros(s).shape == (2, 3)
    assert pa.full(s, 1.5).shape == (2, 3)
    x = pa.reshape(pa.arange(6), pa.Shape((3, 2)))
    np.testing.assert_array_equal(pa.to_numpy(x), np.arange(6).reshape(3, 2))
    assert pa.broadcast_to(pa.asarray([1.0]), shape=pa.Shape((4,))).shape == (4,)
    assert pa.fft.fftn(pa.ones((2, 2)), s=pa.Shape((4, 4)), axes=(0, 1)).shape == (4, 4)


@pytest.mark.parametrize(
    ("name", "call"),
    [
        ("zeros", lambda f, s: f(s)),
        ("zeros", lambda f, s: f(shape=s)),
        ("reshape", lambda f, s: f(np.arange(6), s)),
        ("fft.fftn", lambda f, s: f(np.ones((2, 2)), s=s, axes=(0, 1))),
        ("dropout", lambda f, s: f(np.ones((2, 3)), 0.5, noise_shape=s)),
    ],
)
def test_implementations_receive_plain_tuples(name, call):
    seen = []

    def implementation(*args, **kwargs):
        seen.extend([*args, *kwargs.values()])
        return None

    decl = DECLARATIONS[name]
    wrapped = _FACTORIES["inputs_to_native_shapes"](implementation, decl, pa.get_backend("numpy"))
    assert wrapped is not implementation
    call(wrapped, pa.Shape((3, 2)))
    shapes = [value for value in seen if isinstance(value, tuple) and value == (3, 2)]
    assert len(shapes) == 1 and type(shapes[0]) is tuple


def test_functions_without_shapes_are_not_wrapped():
    def implementation(x, /):
        return x

    for name in ("exp", "sum", "matmul"):
        assert _FACTORIES["inputs_to_native_shapes"](implementation, DECLARATIONS[name], None) is implementation


# -- outputs_to_polyarray_shapes ----------------------------------------------------------------------------


@dataclass
class _Decl:
    """The parts of a declaration the shape and conversion wrappers read."""

    returns: str = "ArrayLike"
    positional_categories: tuple = ()
    keyword_categories: dict = field(default_factory=dict)
    varargs: tuple | None = None

    @property
    def signature(self):
        return inspect.Signature(return_annotation=self.returns)


@pytest.mark.parametrize("result", [(2, 3), [2, 3], np.zeros((2, 3)).shape, pa.Shape((2, 3))])
def test_shape_results_become_shapes_in_array_mode(result):
    wrapped = _FACTORIES["outputs_to_polyarray_shapes"](lambda: result, _Decl(returns="Shape"), None)
    out = wrapped()
    assert type(out) is pa.Shape and out == (2, 3)
    pa.set_array_mode(False)
    assert wrapped() is result


def test_other_results_are_not_wrapped():
    def function():
        return (2, 3)

    for returns in ("ArrayLike", "tuple[int, ...]", "DType"):
        assert _FACTORIES["outputs_to_polyarray_shapes"](function, _Decl(returns=returns), None) is function
