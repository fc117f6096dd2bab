"""Running a declaration's docstring example on any backend and comparing it with the printed NumPy output.

Every public function's docstring shows its example run on the NumPy
backend. :func:`run_examples` runs it with another backend set
(``pa.set_backend``) and expects the same output, read as follows:

- ``backend=numpy`` in an array's repr stands for the backend under test;
- whitespace is not compared, and ``...`` matches anything (doctest's
  ``ELLIPSIS`` and ``NORMALIZE_WHITESPACE``);
- numbers are compared as numbers: the last printed digits may differ
  (NumPy prints 8 digits: ``1e-8`` relative, ``1e-6`` for single precision,
  ``1e-3`` for half precision; a number followed by ``...`` to its last
  printed digit), and a change of notation (``0.`` against ``6.1e-17``) is
  no difference;
- an output that shows a NumPy object (``'ndarray'``, ``dtype('float32')``)
  stands for the backend's own (its array class, its native dtype).

On a backend whose own default dtypes are narrower than NumPy's (JAX
without 64-bit mode: float32, int32, complex64), an output may instead agree
with NumPy's output of the same examples run with those default dtypes.

An example that raises ``pa.UnsupportedDtypeError`` ends the run as
"unsupported" (the examples after it may depend on it).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import math
import re
import sys
import traceback
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _choice, _dtypes, _handler
from .._backend import Backend
from .._declare import DECLARATIONS, Declaration
from .._errors import UnsupportedDtypeError
from .harness import default_dtype_map, persisted

__all__ = ["ExampleRun", "examples_of", "run_examples", "outputs_agree"]

_OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
#: How far numbers may differ from NumPy's computed with narrower (32-bit) default dtypes.
_NARROW_RTOL = 1e-5
#: A number as NumPy or Python prints it, not part of a name (``float64``) or of another number.
_NUMBER = r"[-+]?(?<![\w.])(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)(?![A-Za-ik-z_\d])"
_NUMBER_RE = re.compile(_NUMBER)


@dataclass(frozen=True)
class ExampleRun:
    """The outcome of running one declaration's examples: ``"agreed"`` or ``"unsupported"`` (with the error)."""

    outcome: str
    examples: int
    error: UnsupportedDtypeError | None = None


def examples_of(declaration: Declaration | str) -> list[doctest.Example]:
    """The doctest examples in a declaration's docstring (given as a Declaration or qualified name).

    >>> from polyarray.testing.examples import examples_of
    >>> examples_of("add")[0].source
    'pa.add(pa.asarray([1, 2]), 3)\\n'
    """
    decl = DECLARATIONS[declaration] if isinstance(declaration, str) else declaration
    finder = doctest.DocTestFinder(recurse=False)
    tests = finder.find(decl.public or decl.function, decl.qualname, globs={})
    return [example for test in tests for example in test.examples]


def _tolerance_for(want: str) -> float:
    if "float16" in want or "bfloat16" in want:
        return 1e-3
    if "float32" in want or "complex64" in want:
        return 1e-6
    return 1e-8


def _numbers_agree(expected: str, got: str, truncated: bool, rtol: float) -> bool:
    try:
        a, b = float(expected), float(got)
    except ValueError:
        return False
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    allowed = rtol * max(abs(a), 1.0 if "e" not in expected.lower() else 0.0) + 1e-300
    if truncated:
        decimals = len(expected.split(".")[1].split("e")[0].split("E")[0]) if "." in expected else 0
        allowed += 10.0**-decimals
    return abs(a - b) <= allowed


def _numeric_match(want: str, got: str, rtol: float | None = None) -> bool:
    """Whether ``got`` is ``want`` up to whitespace, ``...`` and the last printed digits of numbers.

    ``rtol`` replaces the tolerance read from ``want``'s dtype names.
    """
    parts: list[str] = []
    expected: list[tuple[str, bool]] = []
    position = 0
    for match in _NUMBER_RE.finditer(want):
        text = want[position : match.start()]
        parts.append(_text_pattern(text))
        truncated = want.startswith("...", match.end())
        expected.append((match.group(0), truncated))
        parts.append(f"({_NUMBER})")
        position = match.end()
    parts.append(_text_pattern(want[position:]))
    found = re.fullmatch("".join(parts), got.strip(), flags=re.DOTALL)
    if found is None:
        return False
    rtol = _tolerance_for(want) if rtol is None else rtol
    return all(
        _numbers_agree(number, value, truncated, rtol) for (number, truncated), value in zip(expected, found.groups())
    )


def _text_pattern(text: str) -> str:
    """A regex for ``text`` ignoring whitespace, with ``...`` matching anything."""
    pieces = ["".join(re.escape(ch) + r"\s*" for ch in piece if not ch.isspace()) for piece in text.split("...")]
    return r"\s*" + r".*?".join(pieces)


def _native_alternatives(want: str, backend: Backend) -> list[str]:
    """``want`` with NumPy's own objects replaced by the backend's (its array class names, its dtypes)."""
    alternatives = []
    if "'ndarray'" in want:
        names = {t.__name__ for t in backend.native_array_types}
        with contextlib.suppress(Exception):
            names.add(type(backend.raw.zeros((2,))).__name__)
        alternatives += [want.replace("'ndarray'", repr(name)) for name in sorted(names)]
    dtype_reprs = re.findall(r"dtype\('(\w+)'\)", want)
    if dtype_reprs:
        replaced = want
        for name in dtype_reprs:
            with contextlib.suppress(Exception):
                replaced = replaced.replace(f"dtype('{name}')", repr(backend.native_dtype(name)))
        alternatives.append(replaced)
    return alternatives


def outputs_agree(want: str, got: str, backend: Backend | str, *, rtol: float | None = None) -> bool:
    """Whether an example's output ``got`` on ``backend`` agrees with the NumPy output ``want`` (see the module).

    >>> from polyarray.testing.examples import outputs_agree
    >>> outputs_agree("Array([0.84134474], backend=numpy, dtype=float64)",
    ...               "Array([0.84134475], backend=numpy, dtype=float64)", "numpy")
    True
    >>> outputs_agree("Array([0.84134474], backend=numpy, dtype=float64)",
    ...               "Array([0.84144474], backend=numpy, dtype=float64)", "numpy")
    False
    """
    backend = _handler.resolve_backend(backend) if isinstance(backend, str) else backend
    want = want.replace("backend=numpy", f"backend={backend.name}")
    checker = doctest.OutputChecker()
    candidates = [want, *_native_alternatives(want, backend)]
    narrowed = default_dtype_map(backend)
    if narrowed:
        # On a backend with narrower default dtypes, NumPy's defaults in the output stand for its own.
        pattern = re.compile(r"\b(" + "|".join(narrowed) + r")\b")
        candidates += [pattern.sub(lambda match: narrowed[match.group(1)], c) for c in candidates]
    for candidate in candidates:
        if checker.check_output(candidate, got, _OPTIONS) or _numeric_match(candidate, got, rtol):
            return True
    return False


def _outputs_with_defaults(examples: list[doctest.Example], defaults: dict[str, str]) -> list[str | None]:
    """Each example's output on the NumPy backend with ``defaults`` (kind -> dtype name) as its default dtypes.

    None for an example that raised. On a backend whose own defaults are narrower
    (JAX without 64-bit mode: float32, int32, complex64), these outputs are what the
    examples print in that precision.
    """
    import polyarray

    namespace: dict[str, Any] = {"pa": polyarray, "np": np, "__name__": "example with narrower default dtypes"}
    outputs: list[str | None] = []
    _reset_state()
    try:
        polyarray.set_backend("numpy")
        for kind, name in defaults.items():
            _dtypes.set_default_dtypes({kind: _dtypes.DTYPES[name]})
        for number, example in enumerate(examples, start=1):
            output = io.StringIO()
            with contextlib.redirect_stdout(output), warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    exec(compile(example.source, f"<example {number}>", "single"), namespace)
                except Exception:
                    outputs.append(None)
                    continue
            outputs.append(output.getvalue())
    finally:
        _reset_state()
    return outputs


def _reset_state() -> None:
    from ..api import device_utilities, dtype_utilities, settings

    while _choice.current_stack():
        _handler.unset_backend()
    settings.set_array_mode(True)
    settings.set_nan_policy("nothing")
    dtype_utilities.unset_default_dtype()
    device_utilities.unset_default_device()
    device_utilities.set_soft_device_mode(False)


@contextlib.contextmanager
def _displaying(backend: Backend) -> Iterator[None]:
    """Show each example's value as the interpreter does; on a lazy backend, its arrays computed first.

    An example's value may hold lazy arrays whose sizes are unknown until computed
    (``nonzero``, ``unique_*``), which print their shape only: they are evaluated
    together with ``pa.persist``, which learns their sizes, so that they print
    their values as they do on NumPy.
    """
    if not backend.info.lazy:
        yield
        return

    def display(value: Any) -> None:
        if value is not None:
            print(repr(persisted(value)))

    shown, sys.displayhook = sys.displayhook, display
    try:
        yield
    finally:
        sys.displayhook = shown


def run_examples(declaration: Declaration | str, backend: str) -> ExampleRun:
    """Run a declaration's docstring examples with ``backend`` set; fail on any output that disagrees.

    Raises an ``AssertionError`` naming the example, the expected (NumPy)
    output and what the backend printed. The backend state, array mode, NaN
    policy and default dtypes and device are reset before and after.

    >>> from polyarray.testing.examples import run_examples
    >>> run_examples("add", "numpy")
    ExampleRun(outcome='agreed', examples=1, error=None)
    """
    import polyarray

    decl = DECLARATIONS[declaration] if isinstance(declaration, str) else declaration
    examples = examples_of(decl)
    namespace: dict[str, Any] = {"pa": polyarray, "np": np, "__name__": f"example of {decl.qualname}"}
    own = _handler.resolve_backend(backend).default_dtypes
    # A backend with narrower default dtypes may print what NumPy prints with those defaults instead.
    narrow: list[str | None] = [None] * len(examples)
    if own is not None:
        defaults = {kind: own[kind].name for kind in _dtypes.DEFAULT_KINDS}
        narrow = _outputs_with_defaults(examples, defaults)
    _reset_state()
    try:
        polyarray.set_backend(backend)
        target = _handler.resolve_backend(backend)
        for number, example in enumerate(examples, start=1):
            output = io.StringIO()
            error: BaseException | None = None
            with contextlib.redirect_stdout(output), warnings.catch_warnings(), _displaying(target):
                warnings.simplefilter("ignore", RuntimeWarning)
                try:
                    code = compile(example.source, f"<example {number} of pa.{decl.qualname}>", "single")
                    exec(code, namespace)
                except UnsupportedDtypeError as unsupported:
                    return ExampleRun("unsupported", number, unsupported)
                except Exception as raised:
                    error = raised
            got = output.getvalue()
            if error is not None:
                got = "Traceback (most recent call last):\n...\n" + "".join(
                    traceback.format_exception_only(type(error), error)
                )
                if example.exc_msg is not None and doctest.OutputChecker().check_output(
                    example.exc_msg, "".join(traceback.format_exception_only(type(error), error)), _OPTIONS
                ):
                    continue
            elif outputs_agree(example.want, got, target):
                continue
            elif (narrowed := narrow[number - 1]) is not None and outputs_agree(
                narrowed, got, target, rtol=_NARROW_RTOL
            ):
                continue
            raise AssertionError(
                f"Example {number} of pa.{decl.qualname} on the {backend!r} backend:\n"
                f">>> {example.source.strip()}\nexpected (NumPy, with backend={backend}):\n"
                f"{example.want.replace('backend=numpy', f'backend={backend}')}got:\n{got}"
            ) from error
        return ExampleRun("agreed", len(examples))
    finally:
        _reset_state()
