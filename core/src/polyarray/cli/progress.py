"""Progress on standard error while a backend's framework imports (tensorflow and torch take seconds).

Shown only when standard error is a terminal, so logs, pipes and captured
output stay as they were; standard output is never touched.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from typing import TextIO

from .. import _choice
from .._discovery import backend_info, framework_version

__all__ = ["importing", "wants_progress"]


def wants_progress(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream counts as not one).

    >>> import io
    >>> wants_progress(io.StringIO())
    False
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _what(name: str) -> str:
    """``"tensorflow 2.21.0"``: the framework a backend imports, or the backend's name when unknown."""
    try:
        framework = backend_info(name).framework
    except (Exception, SystemExit):
        return name
    if not framework:
        return name
    version = framework_version(framework)
    return f"{framework} {version}" if version else framework


@contextlib.contextmanager
def importing(name: str, stream: TextIO | None = None) -> Iterator[None]:
    """Around the first build of backend ``name``: ``importing torch 2.13.0 … 4.1 s`` on ``stream`` (a terminal).

    Nothing is written when ``stream`` is not a terminal or the backend is already built.

    >>> import io
    >>> with importing("numpy", io.StringIO()):
    ...     pass
    """
    out = sys.stderr if stream is None else stream
    if name in _choice._built or not wants_progress(out):
        yield
        return
    print(f"importing {_what(name)} \N{HORIZONTAL ELLIPSIS}", end=" ", file=out, flush=True)
    start = time.perf_counter()
    try:
        yield
    except BaseException:
        print("failed", file=out, flush=True)
        raise
    print(f"{time.perf_counter() - start:.1f} s", file=out, flush=True)
