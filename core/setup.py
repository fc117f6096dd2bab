"""polyarray's optional compiled fast paths; the rest of the build is declared in pyproject.toml.

Where no C compiler is found the extension is skipped and polyarray runs its
generated Python code (see ``polyarray/_accel.py``).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("polyarray._speedups", ["src/polyarray/_speedups.c"], optional=True)])
