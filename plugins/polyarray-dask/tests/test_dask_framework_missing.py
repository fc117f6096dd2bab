"""Without Dask, the dask backend says what to install, and the other backends keep working."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    sys.modules["dask"] = None  # dask cannot be imported in this process
    import polyarray as pa

    assert "dask" in pa.available_backends()
    try:
        pa.set_backend("dask")
    except pa.FrameworkNotInstalledError as error:
        print("REFUSED:", error)
    else:
        print("BUILT")
    print("NUMPY:", pa.to_numpy(pa.add(pa.asarray([1, 2], backend="numpy"), 1)).tolist())
    print("CURRENT:", pa.current_backend().name)
    """
)


def test_a_missing_dask_names_the_packages_to_install_and_numpy_still_works():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    refused = [line for line in lines if line.startswith("REFUSED:")]
    assert refused, done.stdout
    assert "pip install 'dask[array]' distributed" in refused[0]
    assert "NUMPY: [2, 3]" in lines
    assert "CURRENT: numpy" in lines
