"""NumPy data that is not 64-byte aligned reaches TensorFlow without aborting the process.

TensorFlow's kernels abort (``Check failed: IsAligned()``) on tensor data not
aligned to 64 bytes, and DLPack shares NumPy's memory as it is: the plugin's
``from_dlpack`` copies such data instead, and refuses ``copy=False``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

#: Runs in a fresh interpreter, since a failure here aborts the process.
UNALIGNED = """
import sys
import numpy as np
import polyarray as pa

offset, shape = int(sys.argv[1]), tuple(int(n) for n in sys.argv[2:])
buffer = np.zeros(64 * 4, np.uint8)
start = -buffer.ctypes.data % 64 + offset
x = buffer[start : start + 4 * int(np.prod(shape))].view(np.float32).reshape(shape)
x[...] = 0.5
converted = pa.acos(pa.asarray(x, backend="numpy"), backend="tensorflow")  # a dynamic array, through DLPack
imported = pa.acos(pa.from_dlpack(x, backend="tensorflow"))
try:
    shared = pa.from_dlpack(x, copy=False, backend="tensorflow")
    refused = False
except pa.PolyarrayValueError:
    refused = True
print(float(pa.to_numpy(converted).ravel()[0]), float(pa.to_numpy(imported).ravel()[0]), refused)
"""


@pytest.mark.parametrize("offset", [0, 1, 4, 16, 32])
@pytest.mark.parametrize("shape", [(), (3,)], ids=["0-d", "1-d"])
def test_tensorflow_reads_numpy_data_at_any_alignment(offset, shape):
    done = subprocess.run(
        [sys.executable, "-c", UNALIGNED, str(offset), *map(str, shape)], capture_output=True, text=True, timeout=300
    )
    failed = [line for line in done.stderr.splitlines() if "Check failed" in line or "Error" in line]
    assert done.returncode == 0, f"the process ended with {done.returncode}: {failed[-3:]}"
    converted, imported, refused = done.stdout.split()[-3:]
    assert abs(float(converted) - 1.0471975803375244) < 1e-6 and abs(float(imported) - 1.0471975803375244) < 1e-6
    assert refused == ("False" if offset == 0 else "True")  # only aligned data can be shared without a copy
