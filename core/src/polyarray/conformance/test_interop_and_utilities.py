"""Interop, devices, shapes, settings, nests and inspection on the backend's arrays.

These functions are the core's, but each reads or makes the backend's
arrays (``to_numpy``, ``to_native``, ``shape``, ``dev``, ``to_device``,
``get_all_arrays_on_dev``), changes what the backend's functions return
(``set_array_mode``, ``set_nan_policy``), maps over nests of the backend's
arrays, or describes the backend (``__array_namespace_info__``).
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

import polyarray as pa
from polyarray.testing import arrays, conformance, shapes


@conformance("to_numpy")
def test_to_numpy(case):
    """``to_numpy`` gives a NumPy array of the values and dtype (bfloat16 has no NumPy dtype: left out)."""
    dtype = case.dtype(exclude=("bfloat16",))
    x = case.array(dtype, label="x")
    native = case.draw(st.booleans(), label="native input")
    case.check(lambda xp, x: pa.to_numpy(x.data if native else x), x, name="to_numpy")


@conformance("to_numpy", "asarray")
def test_values_survive_a_round_trip(case, function):
    """NumPy values made into the backend's arrays come back unchanged (the kit reads results this way)."""
    dtype = case.dtype(exclude=("bfloat16",))
    values = case.draw(arrays(np, dtype.name, shapes()), label="values")

    def call(xp, values):
        return pa.to_numpy(xp.functions["asarray"](values))

    case.check(call, values, name=function)


@conformance("compute")
def test_compute(case):
    """``compute`` gives each array's values as NumPy arrays, in one pass: errors of a lazy graph surface there."""
    dtype = case.dtype(exclude=("bfloat16",))
    x = case.array(dtype, shapes(min_dims=1), label="x")
    y = case.array(dtype, label="y")

    def call(xp, x, y):
        doubled = xp.functions["add"](x, x)
        return pa.compute(doubled, x, y.data, xp.functions["flip"](x, axis=0))

    case.check(call, x, y, name="compute")


@conformance("compute")
def test_compute_of_a_failing_graph(case):
    """A value-dependent error (an index out of bounds in an index array) raises on every backend."""
    x = case.array(case.dtype(exclude=("bfloat16",)), (3,), label="x")

    def call(xp, x):
        return pa.compute(xp.functions["take"](x, xp.functions["asarray"]([0, 3]), axis=0))

    case.check(call, x, name="compute", expect_error=True)


@conformance("persist")
def test_persist(case):
    """``persist`` keeps arrays on their backend with their values and every size known, also after a mask."""
    dtype = case.dtype(exclude=("bfloat16",))
    x = case.array(dtype, shapes(min_dims=1), label="x")
    mask = case.array("bool", x.shape, label="mask")

    def call(xp, x, mask):
        kept, picked = pa.persist(x, x[mask])
        assert kept.backend is xp and picked.backend is xp
        assert picked.shape[0] is not None
        return kept, picked, len(picked)

    case.check(call, x, mask, name="persist")


@conformance("to_native")
def test_to_native(case):
    """``to_native`` unwraps arrays (also inside lists, tuples and dicts) into the backend's native type."""
    x = case.array(case.dtype(), label="x")

    def call(xp, x):
        unwrapped = pa.to_native({"a": [x, (x,)], "b": 3})
        natives = [unwrapped["a"][0], unwrapped["a"][1][0]]
        return (
            [isinstance(n, xp.native_array_types) for n in natives],
            unwrapped["b"],
            xp.functions["asarray"](natives[0]),
        )

    case.check(call, x, name="to_native")


@conformance("shape")
def test_shape(case):
    x = case.array(case.dtype(), label="x")
    native = case.draw(st.booleans(), label="native")
    case.check(lambda xp, x: tuple(pa.shape(x.data if native else x)), x, name="shape")


@conformance("dev", "to_device", "as_native_dev", "as_portable_dev", "get_all_arrays_on_dev")
def test_devices(case, function):
    """Arrays are on the backend's default device; moving them there keeps them; device names round-trip."""
    x = case.array(case.dtype(), (2,), label="x")

    def call(xp, x):
        device = xp.info.devices[0]
        if function == "dev":
            return pa.dev(x), pa.dev(x.data)
        if function == "to_device":
            moved = pa.to_device(x, device)
            return moved, pa.dev(moved)
        if function == "as_native_dev":
            return pa.as_portable_dev(pa.as_native_dev(device, backend=xp))
        if function == "as_portable_dev":
            # The framework's own device object (or name) of the array, where it has one.
            native = getattr(x.data, "device", None)
            native = native() if callable(native) else native
            return pa.as_portable_dev(xp.raw.device_of(x.data) if native is None else native)
        return any(a is x for a in pa.get_all_arrays_on_dev(device))

    case.check(call, x, name=function)


@conformance("set_array_mode", "array_mode")
def test_native_mode(case, function):
    """With array mode off the backend's functions return its native arrays, with the same values."""
    x = case.array(case.dtype(("real floating", "integral")), label="x")

    def call(xp, x):
        pa.set_array_mode(False)
        try:
            result = xp.functions["negative"](x)
            flag = pa.array_mode()
        finally:
            pa.set_array_mode(True)
        return isinstance(result, xp.native_array_types), flag, pa.Array(result, xp)

    case.check(call, x, name=function)


@conformance("set_nan_policy", "nan_policy")
def test_nan_policy(case, function):
    """``raise_exception`` refuses NaN input on every backend; ``nothing`` computes."""
    dtype = case.dtype("real floating")
    x = case.array(dtype, (3,), label="x")
    policy = case.draw(st.sampled_from(["nothing", "raise_exception"]), label="policy")

    def call(xp, x):
        pa.set_nan_policy(policy)
        try:
            return xp.functions["exp"](x), pa.nan_policy()
        finally:
            pa.set_nan_policy("nothing")

    case.check(call, x, name=function, transcendental=True)


@conformance("nested_map", "index_nest", "set_nest_at_index", "nested_argwhere", "all_nested_indices")
def test_nests_of_arrays(case, function):
    """The nest helpers treat the backend's arrays as leaves."""
    dtype = case.dtype(("real floating", "integral"))
    a, b = case.array(dtype, (2,), label="a"), case.array(dtype, (), label="b")

    def call(xp, a, b):
        nest = {"a": [a, (b, 1)], "b": b}
        if function == "nested_map":
            return pa.nested_map(lambda v: xp.functions["abs"](v) if isinstance(v, pa.Array) else v, nest)["a"]
        if function == "index_nest":
            return pa.index_nest(nest, ("a", 1, 0))
        if function == "set_nest_at_index":
            changed = pa.set_nest_at_index(nest, ("a", 0), b)
            return changed["a"][0]
        if function == "nested_argwhere":
            return pa.nested_argwhere(nest, lambda v: isinstance(v, pa.Array) and v.ndim == 0)
        return pa.all_nested_indices(nest)

    case.check(call, a, b, name=function)


@conformance("__array_namespace_info__")
def test_inspection(case):
    """The inspection namespace describes the backend under test: its devices and the dtypes it holds."""
    kind = case.draw(st.none() | st.sampled_from(["bool", "integral", "real floating", "numeric"]), label="kind")

    def call(xp):
        with pa.backend_context(xp.name):
            info = pa.__array_namespace_info__()
            listed = info.dtypes(kind=kind)
            held = [d for d in xp.dtypes if d.name not in ("float16", "bfloat16")]
            return (
                sorted(listed) == sorted(d.name for d in held if kind is None or pa.isdtype(d, kind)),
                info.devices() == list(xp.info.devices),
                info.default_device() in info.devices(),
                info.capabilities()["boolean indexing"],
            )

    case.check(call, name="__array_namespace_info__")


@conformance("__array_namespace_info__")
def test_inspection_default_dtypes(case):
    """The default dtypes it reports are those the backend's creation functions give Python values."""

    def call(xp):
        with pa.backend_context(xp.name):
            reported = pa.__array_namespace_info__().default_dtypes()
        made = {
            "real floating": xp.functions["asarray"](0.0).dtype,
            "complex floating": xp.functions["asarray"](0j).dtype,
            "integral": xp.functions["asarray"](0).dtype,
            "indexing": xp.functions["argmax"](xp.functions["asarray"]([0, 1])).dtype,
        }
        return [reported[k] == made[k] for k in sorted(made)]

    case.check(call, name="__array_namespace_info__")
