"""The toy backend: a few functions, a version variant, and nothing else."""

import numpy as np
import toyframework
from polyarray_toy import hookimpl


@hookimpl
def native_dtype(name, /):
    return None if name == "bfloat16" else np.dtype(name)


@hookimpl
def device_of(x, /):
    return "cpu"


@hookimpl
def to_numpy(x, /):
    return x.values


@hookimpl
def asarray(obj, /, *, dtype=None, device=None, copy=None):
    return toyframework.ToyArray(obj.values if isinstance(obj, toyframework.ToyArray) else obj, dtype)


@hookimpl
def add(x1, x2, /):
    values = [v.values if isinstance(v, toyframework.ToyArray) else v for v in (x1, x2)]
    return toyframework.ToyArray(np.add(*values))


@hookimpl(specname="exp")
def exp_v_3p0_to_3p1(x, /):
    return toyframework.ToyArray(np.exp(x.values))


@hookimpl(specname="exp")
def exp_v_3p2_and_above(x, /):
    raise RuntimeError("the 3.2 variant must not be chosen for toyframework 3.1")


@hookimpl
def ones(shape, *, dtype=None, device=None):
    return toyframework.ToyArray(np.ones(shape, dtype=dtype))
