"""The design's dynamic default: new arrays and Containers follow ``set_backend(name, dynamic=True)``.

Runs with NumPy alone, through the ``twin`` and ``narrow`` backends of
``test_dynamic.py`` (the NumPy plugin under other names).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from test_dynamic import narrow, twin  # noqa: F401

import polyarray as pa
from polyarray import _dynamic, _registry
from polyarray._config import settings


def test_new_arrays_and_containers_are_dynamic_by_default():
    xp = pa.get_backend("numpy")
    a = np.ones(3)
    made = [
        pa.asarray([1.0]),
        pa.Array(a),
        xp.add(a, a),  # the compiled (or generated) fast path
        pa.add(pa.asarray(a), 1.0),  # the promoting chain
        pa.exp(a),
        pa.asarray([1.0]) * 2,
        pa.unique_values(a),  # a result built by the chain
    ]
    assert all(x.dynamic_backend is True for x in made)
    assert pa.Container(a=np.ones(2)).dynamic_backend is True
    assert {id(x) for x in made} <= {id(x) for x in _dynamic.live_arrays()}


def test_the_default_stack_starts_true_and_comes_back_to_it():
    pa.set_dynamic_backend(False)
    assert pa.asarray([1.0]).dynamic_backend is False
    pa.set_dynamic_backend(True)
    assert pa.asarray([1.0]).dynamic_backend is True
    pa.unset_dynamic_backend()
    assert pa.asarray([1.0]).dynamic_backend is False
    pa.unset_dynamic_backend()
    assert pa.asarray([1.0]).dynamic_backend is True
    pa.unset_dynamic_backend()  # popping an empty stack leaves the built-in default
    assert pa.asarray([1.0]).dynamic_backend is True and settings.dynamic_backend is True


def test_a_dynamic_switch_converts_every_live_array_not_opted_out(twin):  # noqa: F811
    follows = [pa.asarray([1.0, 2.0]), pa.exp(np.zeros(2)), pa.get_backend("numpy").add(np.ones(1), np.ones(1))]
    container = pa.Container(a=np.ones(2), b={"c": pa.asarray([3.0])})
    opted = pa.asarray([4.0])
    opted.dynamic_backend = False
    with pa.dynamic_backend_as(False):
        made_opted_out = pa.asarray([5.0])
    pa.set_backend("twin", dynamic=True)
    assert all(x.backend is twin for x in follows)
    assert container.b.c.backend is twin and container.a.__class__ is np.ndarray
    assert opted.backend.name == "numpy" and made_opted_out.backend.name == "numpy"
    np.testing.assert_array_equal(pa.to_numpy(follows[0]), [1.0, 2.0])


def test_with_the_default_a_dtype_the_target_lacks_blocks_the_whole_switch(narrow):  # noqa: F811
    real = pa.asarray(np.arange(3.0))
    blocking = [pa.asarray(np.ones((2, 2), dtype=np.complex64)), pa.asarray(np.ones(3, dtype=np.complex128))]
    before = pa.set_backend("numpy")
    with pytest.raises(pa.UnsupportedDtypeError) as info:
        pa.set_backend("narrow", dynamic=True)
    message = str(info.value)
    assert "pa.set_backend('narrow', dynamic=True) converts every dynamic array, and 2 array(s) hold" in message
    assert "1 complex128 array of the numpy backend (shape (3,))" in message
    assert "1 complex64 array of the numpy backend (shape (2, 2))" in message
    assert "No array was converted and the backend is unchanged" in message
    assert "x.dynamic_backend = False" in message and "pa.dynamic_backend_as(False)" in message
    assert real.backend.name == "numpy" and pa.current_backend() is before
    for x in blocking:
        x.dynamic_backend = False  # opted out: the switch goes ahead without them
    pa.set_backend("narrow", dynamic=True)
    assert real.backend is narrow and all(x.backend.name == "numpy" for x in blocking)


def test_the_registry_holds_no_array_alive_and_stays_small():
    keep = [pa.asarray([float(i)]) for i in range(10)]
    xp = pa.get_backend("numpy")
    a = np.ones(2)
    for _ in range(20000):
        xp.add(a, a)  # each result dies at once
        pa.exp(a)
    gc.collect()
    # Pruned as it grows: a few thousand references at most, whatever the number of arrays made.
    assert len(_registry._arrays) < 5000
    live = {id(x) for x in _dynamic.live_arrays()}
    assert {id(x) for x in keep} <= live and len(live) < 100
    del keep
    gc.collect()
    assert len(_dynamic.live_arrays()) < 100


def test_opting_out_and_in_again_registers_once(twin):  # noqa: F811
    x = pa.asarray([1.0])
    for flag in (False, True, True, False, True):
        x.dynamic_backend = flag
    assert [id(v) for v in _dynamic.live_arrays()].count(id(x)) == 1
    pa.set_backend("twin", dynamic=True)
    assert x.backend is twin


#: A fresh process (the tests' state reset asks for the live arrays, which starts the registering).
BEFORE_THE_FIRST_SWITCH = """
import gc
import sys
import weakref

import numpy as np

import polyarray as pa
from polyarray import _registry
from polyarray._config import settings
from plugin_site import numpy_twin


class Sub(pa.Array):
    pass


xp = pa.get_backend("numpy")
a = np.ones(3)
made = [
    pa.asarray([1.0]),
    pa.Array(a),
    Sub(a),
    xp.add(a, a),  # the compiled (or generated) fast path
    pa.add(pa.asarray(a), 1.0),  # the promoting chain
    pa.exp(a),
    pa.asarray([1.0]) * 2,  # an operator
    pa.asarray(a)[1:],  # a view
    pa.unique_values(a),
]
held = {"nested": [made[0] + 1]}
opted = pa.asarray([4.0])
opted.dynamic_backend = False
container = pa.Container(x=np.ones(2), y={"z": pa.asarray([3.0])})
proxy = weakref.proxy(Sub(a))  # dead: the scan must not touch it
gc.collect()
assert not settings.registering and _registry._arrays == [], "registered before any switch"
pa.register_backend("twin", numpy_twin("twin"))
pa.set_backend("twin", dynamic=True)
assert all(x.backend.name == "twin" for x in made + held["nested"]), [x.backend.name for x in made]
assert opted.backend.name == "numpy" and container.y.z.backend.name == "twin"
assert settings.registering
after = pa.exp(a)  # made after the first switch: registered
assert any(ref() is after for ref in _registry._arrays)
pa.set_backend("numpy", dynamic=True)
assert after.backend.name == "numpy" and made[3].backend.name == "numpy"
print("ok")
"""


def test_arrays_are_registered_from_the_first_dynamic_switch_on_which_finds_those_made_before():
    here = os.path.dirname(os.path.abspath(__file__))
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([here, os.environ.get("PYTHONPATH", "")])}
    process = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(BEFORE_THE_FIRST_SWITCH)],
        capture_output=True, text=True, env=environment, check=False, timeout=300,
    )  # fmt: skip
    assert process.returncode == 0 and process.stdout.strip() == "ok", process.stderr[-3000:]
