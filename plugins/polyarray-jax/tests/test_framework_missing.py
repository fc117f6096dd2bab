"""Without JAX, the jax backend reports how to install it, and the other backends keep working."""

from __future__ import annotations

from jax_subprocess import run_python


def test_a_missing_jax_names_the_package_to_install():
    result = run_python(
        """
        import sys
        sys.modules["jax"] = None  # as if JAX were not installed
        import polyarray as pa
        try:
            pa.set_backend("jax")
        except pa.FrameworkNotInstalledError as error:
            print("refused:", error)
        else:
            print("built")
        print("numpy:", pa.to_numpy(pa.add(pa.asarray([1, 2]), 3)).tolist(), pa.current_backend().name)
        print("listed:", "jax" in pa.available_backends())
        """,
        x64=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("refused: ")
    assert "pip install jax" in lines[0]
    assert lines[1] == "numpy: [4, 5] numpy"
    assert lines[2] == "listed: True"
