"""Sphinx configuration of polyarray's documentation site.

Build it (core, the NumPy plugin, Sphinx, myst-parser and furo installed):

    nox -s docs                                   # what CI runs: HTML with warnings as errors, then the doctests
    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest

The API reference (``docs/api/``, not committed) is generated from the
declarations on every build, with each backend's coverage read from
``docs/_data/coverage.json`` (see ``docs/coverage.py``). Examples are
``>>>`` blocks (Markdown ``pycon`` fences, docstrings) and all run as
doctests; those that need a framework besides NumPy (or scikit-learn, SciPy,
einops) are skipped where it is not installed and run in ``nox -s clients``,
which has them all (see ``_ext/polyarray_docs.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

import polyarray

project = "polyarray"
author = "the polyarray developers"
copyright = "the polyarray developers"  # noqa: A001 - Sphinx's name
release = version = polyarray.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "polyarray_docs",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_data", "_ext", "Thumbs.db", ".DS_Store"]

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# The declared signatures, as written: the type hints are part of the signature line.
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
add_module_names = True
python_use_unqualified_type_names = True

html_theme = "furo"
html_title = f"polyarray {version}"
html_show_sourcelink = False

# Every example runs as written: polyarray as ``pa``, NumPy as ``np``, nothing else imported.
doctest_global_setup = """
import numpy as np
import polyarray as pa
from polyarray_docs import missing
"""
# Pages run one after the other in one process: leave polyarray as each page found it.
doctest_global_cleanup = """
pa.unset_backend()
pa.current_backend(np.empty(0))  # the implicit backend: NumPy again
pa.unset_default_dtype()
pa.set_array_mode(True)
"""
doctest_default_flags = __import__("doctest").ELLIPSIS | __import__("doctest").NORMALIZE_WHITESPACE

# Docstrings are reStructuredText; a few classes list their attributes Google-style ("Attributes:").
napoleon_numpy_docstring = False
napoleon_use_ivar = True
