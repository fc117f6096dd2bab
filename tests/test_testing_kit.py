"""The conformance kit itself: strategies, comparison, the outcome rules, examples, profiles and the pytest plugin.

The outcome rules are checked against a backend made from the NumPy plugin
with a few functions broken on purpose (``kitvariant``): the kit must notice
every wrong answer, and accept exactly the outcomes it promises to.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.metadata
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import polyarray as pa
from polyarray import testing
from polyarray.testing import (
    TALLY,
    Case,
    Tolerance,
    arrays,
    as_numpy,
    assert_agrees,
    axes,
    broadcastable_shapes,
    conformance,
    covered_functions,
    dtypes,
    held_dtypes,
    scalars,
    shapes,
    tolerance,
)
from polyarray.testing.examples import outputs_agree, run_examples
from polyarray.testing.harness import AGREED, FLUSHED, RAISED, UNSUPPORTED, _EndOfExample

pytest_plugins = ["pytester"]

# -- a backend broken on purpose ----------------------------------------------------------------

#: Builds ``kitvariant``: the NumPy plugin with wrong or refusing implementations of a few functions.
VARIANT_SOURCE = """
import sys
import types

import numpy as np
import pluggy

import polyarray as pa
import polyarray_numpy
from polyarray._backend import implementation_module_names

hookimpl = pluggy.HookimplMarker("polyarray")


class UnsupportedDtype(TypeError):
    def __init__(self, dtype):
        super().__init__(f"kitvariant cannot compute on {dtype}")
        self.polyarray_unsupported_dtype = dtype


@hookimpl
def exp(x, /):
    return np.exp(x) * np.asarray(1.001, dtype=np.asarray(x).dtype)  # wrong by 0.1%


@hookimpl
def sin(x, /):
    x = np.asarray(x)
    if x.dtype == np.float16:
        raise UnsupportedDtype("float16")
    return np.sin(x)


@hookimpl
def cos(x, /):
    raise TypeError("kitvariant has no cos")  # an error that is not the unsupported protocol


@hookimpl
def add(x1, x2, /):
    return np.add(x1, x2).astype(np.float64)  # the wrong dtype


@hookimpl
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    return np.asarray(x).copy()  # accepts a negative order n, which NumPy refuses


@hookimpl
def sqrt(x, /):
    x = np.asarray(x)
    tiny = np.abs(x) < np.finfo(x.dtype).smallest_normal
    return np.sqrt(np.where(tiny, x * 0, x))  # reads subnormal inputs as zero, as XLA does


@hookimpl
def native_dtype(name, /):
    return None if name in ("bfloat16", "complex64") else np.dtype(name)


OVERRIDES = {
    "exp": exp, "sin": sin, "cos": cos, "add": add, "diff": diff, "sqrt": sqrt, "native_dtype": native_dtype,
}  # fmt: skip


def _copy_of(module_name):
    source = sys.modules[module_name] if module_name in sys.modules else __import__(module_name, fromlist=["_"])
    copy = types.ModuleType("kitvariant_" + module_name.rsplit(".", 1)[-1])
    for attribute, value in vars(source).items():
        if attribute in OVERRIDES or not hasattr(value, "polyarray_impl"):
            continue
        setattr(copy, attribute, value)
    for attribute, value in OVERRIDES.items():
        if hasattr(source, attribute):
            setattr(copy, attribute, value)
    sys.modules[copy.__name__] = copy
    return copy.__name__


def register(name="kitvariant", flushes_subnormals=False):
    names = implementation_module_names(pa.get_backend("numpy").info)
    modules = [_copy_of(module) for module in names]
    light = types.ModuleType(name + "_info")

    @hookimpl
    def backend_info():
        return {
            "framework": "numpy",
            "native_array_types": [("numpy", "ndarray"), ("numpy", "generic")],
            "implementation_modules": modules,
            "flushes_subnormals": flushes_subnormals,
        }

    light.backend_info = backend_info
    sys.modules[light.__name__] = light
    pa.register_backend(name, light)
"""

_variant = type(sys)("kitvariant_builder")
exec(VARIANT_SOURCE, _variant.__dict__)


@pytest.fixture(autouse=True)
def _forget_outcomes():
    """The checks made here are not a conformance run: leave no counts for the terminal summary."""
    yield
    TALLY.clear()


@pytest.fixture
def variant():
    """The ``kitvariant`` backend, registered for one test."""
    _variant.register()
    yield "kitvariant"
    pa.unregister_backend("kitvariant")


def _nasty_floats(strategy, predicate):
    return find(strategy, predicate, settings=settings(max_examples=2000, database=None))


# -- strategies ---------------------------------------------------------------------------------


def test_dtypes_are_those_the_backend_holds(variant):
    held = held_dtypes(variant)
    assert pa.complex64 not in held and pa.bfloat16 not in held and pa.complex128 in held
    seen = {find(dtypes(variant, "floating"), lambda d, n=n: d.name == n).name for n in ("float16", "complex128")}
    assert seen == {"float16", "complex128"}
    with pytest.raises(NoSuchExample):
        find(dtypes(variant, "complex floating"), lambda d: d == pa.complex64, settings=settings(database=None))
    with pytest.raises(ValueError, match="holds no dtype"):
        dtypes("numpy", "bfloat16")


@given(dtype=dtypes("numpy", ("integral", "bool")))
def test_dtypes_respect_kinds(dtype):
    assert dtype.kind in ("bool", "signed integer", "unsigned integer")


def test_shapes_include_0d_and_empty():
    assert find(shapes(), lambda s: s == ()) == ()
    assert 0 in find(shapes(), lambda s: 0 in s)
    assert len(find(shapes(max_dims=4), lambda s: len(s) == 4)) == 4


def test_float_arrays_hold_the_values_that_tell_implementations_apart():
    strategy = arrays(np, "float32", (6,))
    assert np.isnan(_nasty_floats(strategy, lambda a: np.isnan(a).any())).any()
    assert np.isposinf(_nasty_floats(strategy, lambda a: np.isposinf(a).any())).any()
    assert np.isneginf(_nasty_floats(strategy, lambda a: np.isneginf(a).any())).any()
    negative_zero = _nasty_floats(strategy, lambda a: bool(((a == 0) & np.signbit(a)).any()))
    assert ((negative_zero == 0) & np.signbit(negative_zero)).any()
    tiny = float(np.finfo(np.float32).smallest_normal)
    subnormal = _nasty_floats(strategy, lambda a: bool(((a != 0) & (np.abs(a) < tiny)).any()))
    assert ((subnormal != 0) & (np.abs(subnormal) < tiny)).any()
    huge = _nasty_floats(strategy, lambda a: bool((np.abs(a[np.isfinite(a)]) > 1e38).any()))
    assert (np.abs(huge[np.isfinite(huge)]) > 1e38).any()


def test_integer_arrays_cover_the_whole_range():
    info = np.iinfo(np.int16)
    assert info.min in _nasty_floats(arrays(np, "int16", (4,)), lambda a: info.min in a)
    assert info.max in _nasty_floats(arrays(np, "int16", (4,)), lambda a: info.max in a)
    top = np.iinfo(np.uint64).max
    assert top in _nasty_floats(arrays(np, "uint64", (4,)), lambda a: top in a)


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(x=arrays("numpy", dtypes("numpy"), shapes(max_dims=2)))
def test_backend_arrays_are_polyarray_arrays_of_the_drawn_dtype(x):
    assert isinstance(x, pa.Array) and x.backend.name == "numpy"
    assert x.dtype in held_dtypes("numpy")


@given(x=arrays(np, "float64", (5,), finite=True, min_value=-2, max_value=3))
def test_array_bounds_and_finiteness(x):
    assert np.isfinite(x).all() and (x >= -2).all() and (x <= 3).all()


def test_bfloat16_has_no_numpy_arrays():
    with pytest.raises(ValueError, match="NumPy has no bfloat16"):
        find(arrays(np, "bfloat16", (2,)), lambda a: True)


@given(pair=broadcastable_shapes(3))
def test_broadcastable_shapes_broadcast(pair):
    assert len(pair) == 3
    np.broadcast_shapes(*pair)


@given(data=st.data(), ndim=st.integers(0, 4))
def test_axes_are_valid_for_the_rank(data, ndim):
    axis = data.draw(axes(ndim))
    chosen = () if axis is None else (axis,) if isinstance(axis, int) else axis
    normalized = [a % ndim for a in chosen] if ndim else list(chosen)
    assert all(-ndim <= a < ndim for a in chosen)
    assert len(set(normalized)) == len(normalized)


@given(value=scalars(pa.float16, finite=True), small=scalars(pa.int8))
def test_scalars_fit_their_dtype(value, small):
    assert type(value) is float and abs(value) <= 65504
    assert type(small) is int and -128 <= small <= 127


# -- comparison ---------------------------------------------------------------------------------


def test_tolerances_by_dtype():
    assert tolerance(pa.int8) == Tolerance(0.0, 0.0) and tolerance(pa.bool) == Tolerance(0.0, 0.0)
    assert tolerance(pa.float16).rtol > tolerance(pa.float32).rtol > tolerance(pa.float64).rtol
    assert tolerance(pa.bfloat16).rtol > tolerance(pa.float16).rtol
    assert tolerance(pa.float32, transcendental=True).rtol > tolerance(pa.float32).rtol
    assert tolerance(pa.complex64) == tolerance(pa.float32)


def test_assert_agrees_passes_within_tolerance():
    x = np.array([1.0, np.nan, np.inf, -np.inf, -0.0], dtype=np.float32)
    close = x * np.float32(1 + 4e-7)
    assert_agrees(pa.asarray(close), pa.asarray(x))
    assert_agrees(pa.asarray(np.array([0.0])), pa.asarray(np.array([-0.0])))  # the sign of zero is not compared
    assert_agrees(np.array([1, 2], dtype=np.int8), pa.asarray([1, 2], dtype=pa.int8))  # native against pa.Array
    assert_agrees(pa.asarray([65504.0], dtype=pa.float16), pa.asarray([np.inf], dtype=pa.float16))  # overflow edge
    # Complex infinities: where, not which sign (the standard leaves the sign unspecified).
    assert_agrees(pa.asarray([complex(-np.inf, -np.inf)]), pa.asarray([complex(np.inf, np.inf)]))
    with pytest.raises(AssertionError):
        assert_agrees(pa.asarray([complex(np.inf, 1.0)]), pa.asarray([complex(np.inf, np.inf)]))


@pytest.mark.parametrize(
    ("got", "want", "message"),
    [
        (pa.asarray([1.0], dtype=pa.float32), pa.asarray([1.0], dtype=pa.float64), "dtype differs"),
        (pa.asarray([1.0, 2.0]), pa.asarray([[1.0, 2.0]]), "shape differs"),
        (pa.asarray([1.001], dtype=pa.float32), pa.asarray([1.0], dtype=pa.float32), "values differ"),
        (pa.asarray([np.nan]), pa.asarray([1.0]), "values differ"),
        (pa.asarray([1.0]), pa.asarray([np.nan]), "values differ"),
        (pa.asarray([np.inf]), pa.asarray([-np.inf]), "values differ"),
        (pa.asarray([np.inf], dtype=pa.float16), pa.asarray([1000.0], dtype=pa.float16), "values differ"),
        (pa.asarray([3]), pa.asarray([4]), "values differ"),
        (pa.asarray([True]), pa.asarray([False]), "values differ"),
        (pa.asarray([complex(np.nan, 1)]), pa.asarray([complex(1, 1)]), "values differ"),
        (pa.asarray([1 + 1.01j]), pa.asarray([1 + 1j]), "values differ"),
        ((pa.asarray([1]),), [pa.asarray([1])], "expected a list"),
        ((pa.asarray([1]), pa.asarray([2])), (pa.asarray([1]),), "items"),
        (3, 3.0, "expected a float"),
        (pa.float32, pa.float64, "expected pa.float64"),
    ],
)
def test_assert_agrees_fails_on_any_difference(got, want, message):
    with pytest.raises(AssertionError, match=message):
        assert_agrees(got, want)


def test_assert_agrees_options():
    got, want = pa.asarray([1.0 + 1e-12]), pa.asarray([1.0])
    with pytest.raises(AssertionError):
        assert_agrees(got, want)
    assert_agrees(got, want, transcendental=False, rtol=1e-11)
    assert_agrees(pa.asarray([1.0], dtype=pa.float32), pa.asarray([1.0]), dtype_map={"float64": "float32"})
    assert_agrees(pa.asarray([2.0, 1.0]), pa.asarray([1.0, 2.0]), transform=np.sort)
    with pytest.raises(AssertionError, match="dtype differs"):
        assert_agrees(pa.asarray([2, 1]), pa.asarray([1.0, 2.0]), transform=np.sort)


def test_as_numpy_reads_any_array():
    assert as_numpy(np.int8(3))[0] is pa.int8
    dtype, values = as_numpy(pa.asarray([[1.5]], dtype=pa.float16))
    assert dtype is pa.float16 and values.dtype == np.float16 and values.shape == (1, 1)


# -- outcome rules ------------------------------------------------------------------------------


def _case(backend):
    return Case(backend, None)


def test_a_wrong_value_fails(variant):
    x = pa.asarray(np.array([0.5, 1.0, 2.0]), backend=variant)
    with pytest.raises(AssertionError, match="exp on the 'kitvariant' backend disagrees"):
        _case(variant).check("exp", x)


def test_a_wrong_dtype_fails(variant):
    x = pa.asarray(np.array([1, 2], dtype=np.int32), backend=variant)
    with pytest.raises(AssertionError, match="dtype differs: got float64, expected int32"):
        _case(variant).check("add", x, x)


def test_an_unsupported_dtype_is_counted_not_failed(variant):
    TALLY.clear()
    x16 = pa.asarray(np.array([0.5], dtype=np.float16), backend=variant)
    checked = _case(variant).check("sin", x16)
    assert checked.outcome == UNSUPPORTED and isinstance(checked.result, pa.UnsupportedDtypeError)
    assert TALLY.counts[variant, "sin", UNSUPPORTED] == 1
    assert TALLY.unsupported_dtypes[variant, "sin"] == {"float16"}
    x32 = pa.asarray(np.array([0.5], dtype=np.float32), backend=variant)
    assert _case(variant).check("sin", x32).outcome == AGREED
    assert TALLY.by_function(variant, AGREED) == {"sin": 1}


def test_subnormal_inputs_read_as_zero_only_where_the_backend_says_so(variant):
    x = pa.asarray(np.array([4.0, 1e-310, -1e-310]), backend=variant)
    with pytest.raises(AssertionError, match="sqrt on the 'kitvariant' backend disagrees"):
        _case(variant).check("sqrt", x)
    _variant.register("kitflush", flushes_subnormals=True)
    try:
        x = pa.asarray(np.array([4.0, 1e-310, -1e-310]), backend="kitflush")
        checked = _case("kitflush").check("sqrt", x)
        assert checked.outcome == FLUSHED and TALLY.counts["kitflush", "sqrt", FLUSHED] == 1
        assert as_numpy(checked.reference)[1].tolist() == [2.0, 0.0, -0.0]
        assert _case("kitflush").check("sqrt", pa.asarray(np.array([4.0]), backend="kitflush")).outcome == AGREED
        # Wrong results stay wrong, subnormal inputs or not.
        with pytest.raises(AssertionError, match="also when subnormal inputs are read as zero"):
            _case("kitflush").check("exp", pa.asarray(np.array([1.0, 1e-310]), backend="kitflush"))
    finally:
        pa.unregister_backend("kitflush")


def test_any_other_error_fails(variant):
    x = pa.asarray(np.array([0.5]), backend=variant)
    with pytest.raises(AssertionError, match="raised PolyarrayTypeError where the reference returned"):
        _case(variant).check("cos", x)


def test_errors_on_both_sides_agree(variant):
    a = pa.asarray(np.ones((2, 3)), backend=variant)
    checked = _case(variant).check("matmul", a, a, expect_error=True)
    assert checked.outcome == RAISED
    assert isinstance(checked.result, pa.PolyarrayError) and isinstance(checked.reference, pa.PolyarrayError)


def test_succeeding_where_the_reference_raises_fails(variant):
    x = pa.asarray(np.ones(3), backend=variant)
    with pytest.raises(AssertionError, match=r"(?s)returned .* but the reference raised"):
        _case(variant).check("diff", x, n=-1)


def test_expect_error_needs_a_reference_error():
    x = pa.asarray(np.ones(3))
    with pytest.raises(AssertionError, match="expected to raise"):
        _case("numpy").check("exp", x, expect_error=True)


def test_inputs_the_backend_cannot_hold_end_the_example(variant):
    TALLY.clear()
    with pytest.raises(_EndOfExample):
        _case(variant).asarray(np.zeros(2, dtype=np.complex64), pa.complex64)
    assert sum(n for (b, _, o), n in TALLY.counts.items() if b == variant and o == UNSUPPORTED) == 1


def test_bfloat16_is_computed_in_float32_by_the_reference():
    seen = set()
    assert _case("numpy")._to_reference([pa.bfloat16, pa.int8], seen) == [pa.float32, pa.int8]
    assert seen == {"bfloat16"}


def test_callables_and_aliases_run_on_each_side():
    a = pa.asarray(np.eye(2))
    assert _case("numpy").check("linalg.matmul", a, a).outcome == AGREED
    assert _case("numpy").check(lambda xp, x: x + 1, a, name="Array.__add__").outcome == AGREED


def test_conformance_expands_per_function_and_records_coverage():
    @conformance("exp", "log")
    def test_sample(case, function):
        pass

    assert test_sample.__name__ == "test_sample"
    marks = [m for m in test_sample.pytestmark if m.name == "parametrize"]
    assert marks[0].args == ("function", ["exp", "log"])
    assert "test_sample" in "".join(covered_functions()["exp"])
    with pytest.raises(TypeError, match="gives no values"):
        conformance("exp")(lambda case, dtype: None)


# -- docstring examples -------------------------------------------------------------------------


def test_example_outputs_compare_numbers_not_digits():
    want = "Array([0.84134474, 1.        ], backend=numpy, dtype=float64)"
    assert outputs_agree(want, "Array([0.84134475, 1.00000000e+00], backend=numpy, dtype=float64)", "numpy")
    assert not outputs_agree(want, "Array([0.8414, 1.], backend=numpy, dtype=float64)", "numpy")
    assert not outputs_agree(want, "Array([0.84134474, 1.], backend=numpy, dtype=float32)", "numpy")
    assert outputs_agree("0.366984...", "0.3669841", "numpy")
    assert not outputs_agree("0.366984...", "0.3670841", "numpy")
    assert outputs_agree("'ndarray'", "'ndarray'", "numpy") and not outputs_agree("'ndarray'", "'list'", "numpy")


def test_examples_run_on_a_backend(variant):
    assert run_examples("multiply", "numpy").outcome == AGREED
    assert run_examples("multiply", variant).outcome == AGREED
    with pytest.raises(AssertionError, match=r"Example 1 of pa\.exp on the 'kitvariant' backend"):
        run_examples("exp", variant)
    assert pa._choice.current_stack() == ()  # the backend state is restored


def test_the_kits_own_examples_run():
    from hypothesis import settings as hypothesis_settings

    profile = hypothesis_settings._current_profile
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    try:
        for name in ("assertions", "strategies", "harness", "profiles", "examples", "state"):
            module = importlib.import_module(f"polyarray.testing.{name}")
            for test in finder.find(module, globs={"pa": pa}):
                runner.run(test)
    finally:
        hypothesis_settings.load_profile(profile)
    assert runner.failures == 0 and runner.tries > 10


# -- profiles -----------------------------------------------------------------------------------


def test_profiles_follow_the_environment(monkeypatch):
    from hypothesis import settings as hypothesis_settings

    profile = hypothesis_settings._current_profile
    try:
        monkeypatch.setenv("HYPOTHESIS_PROFILE", "thorough")
        assert testing.load_profile() == "thorough" and hypothesis_settings().max_examples == 1000
        monkeypatch.delenv("HYPOTHESIS_PROFILE")
        assert testing.load_profile() == "ci" and hypothesis_settings().max_examples == 10
        assert hypothesis_settings.get_profile("dev").max_examples == 100
        assert hypothesis_settings.get_profile("ci").deadline is None
    finally:
        hypothesis_settings.load_profile(profile)


# -- the pytest plugin --------------------------------------------------------------------------


def _plugin_arguments():
    """Load the plugin explicitly where polyarray's entry points are not installed yet."""
    installed = any(
        ep.value == "polyarray.testing.pytest_plugin" for ep in importlib.metadata.entry_points(group="pytest11")
    )
    return [] if installed else ["-p", "polyarray.testing.pytest_plugin"]


def _run_pytest(pytester, *arguments):
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", *_plugin_arguments(), *arguments)


SAMPLE_TESTS = """
import polyarray as pa
from polyarray.testing import conformance, load_profile

load_profile("ci")


def test_names(polyarray_backend, polyarray_backends):
    assert polyarray_backend in polyarray_backends


@conformance("sin", "exp")
def test_sin_exp(case, function):
    case.check(function, case.array(case.dtype("real floating")))


@conformance("sin")
def test_sin_of_half_precision(case):
    case.check("sin", case.array("float16", (2,)))
"""


def test_the_plugin_runs_tests_once_per_chosen_backend(pytester):
    pytester.makeconftest(VARIANT_SOURCE + "\nregister()\n")
    pytester.makepyfile(test_sample=SAMPLE_TESTS)
    result = _run_pytest(pytester, "--polyarray-backend", "numpy", "--polyarray-backend", "kitvariant", "-v")
    result.assert_outcomes(passed=7, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_names?numpy? PASSED*",
            "*test_sin_exp?kitvariant-exp? FAILED*",
            "*polyarray conformance*",
            "kitvariant: * results agreed with numpy, 0 errors agreed, * unsupported:",
            "*sin * (float16)*",
            "numpy: * results agreed with numpy, 0 errors agreed, 0 unsupported",
        ]
    )


def test_the_plugin_defaults_to_every_installed_backend(pytester):
    pytester.makepyfile(test_sample="def test_names(polyarray_backend):\n    pass\n")
    result = _run_pytest(pytester, "-q")
    installed = {ep.name for ep in importlib.metadata.entry_points(group="polyarray.backends")}
    result.assert_outcomes(passed=len(installed))
    assert "polyarray conformance" not in result.stdout.str()  # no conformance check ran: no summary


def test_an_unknown_backend_is_a_usage_error(pytester):
    pytester.makepyfile(test_sample="def test_nothing():\n    pass\n")
    result = _run_pytest(pytester, "--polyarray-backend", "nosuchbackend")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no backend named 'nosuchbackend'*installed backends*numpy*"])


def test_the_plugin_imports_neither_hypothesis_nor_frameworks():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["hypothesis"] = None  # as if hypothesis were not installed
        import polyarray.testing.pytest_plugin
        import polyarray.testing
        heavy = ("hypothesis", "torch", "jax", "tensorflow", "polyarray.testing.harness")
        print([m for m in heavy if sys.modules.get(m)])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_alternative_reference_is_accepted_value_by_value_and_part_by_part():
    inf = float("inf")
    got = pa.asarray([complex(-inf, 2.0), complex(1.0, 0.0), complex(7.0, 7.0)])
    want = pa.asarray([complex(-5.0, 2.0), complex(1.0, 0.0), complex(7.0, 7.0)])
    other = pa.asarray([complex(-inf, 0.0), complex(3.0, 0.0), complex(0.0, 0.0)])
    with pytest.raises(AssertionError):
        assert_agrees(got, want)
    assert_agrees(got, want, alternative=other)
    wrong = pa.asarray([complex(-inf, 1.0), complex(1.0, 0.0), complex(7.0, 7.0)])
    with pytest.raises(AssertionError, match=r"differ at 1 of 3 positions"):
        assert_agrees(wrong, want, alternative=other)
    with pytest.raises(AssertionError, match="dtype differs"):
        assert_agrees(got, want, alternative=pa.asarray([1.0, 2.0, 3.0]))
