"""The polyarray exception hierarchy.

Every error polyarray raises is a :class:`PolyarrayError`. Each subclass also
derives from the builtin exception a user would expect (``ValueError``,
``ImportError``, ``NotImplementedError`` …), so ``except ValueError`` keeps
working in code written against a single framework.
"""

from __future__ import annotations


class PolyarrayError(Exception):
    """Base class of every error raised by polyarray."""


class PolyarrayValueError(PolyarrayError, ValueError):
    """A value was out of range or otherwise invalid."""


class PolyarrayTypeError(PolyarrayError, TypeError):
    """An argument had the wrong type."""


class PolyarrayIndexError(PolyarrayError, IndexError):
    """An index was out of bounds or malformed."""


class PolyarrayAxisError(PolyarrayIndexError, PolyarrayValueError):
    """An axis was out of range (both an IndexError and a ValueError, like NumPy's AxisError)."""


class PolyarrayOverflowError(PolyarrayValueError, OverflowError):
    """A value too large for its destination: ``int()`` of an infinity (the standard's ``OverflowError``).

    Also a ``ValueError``, as every invalid value polyarray reports is.
    """


class PolyarrayMemoryError(PolyarrayError, MemoryError):
    """An array too large for the memory the framework can allocate."""


class PolyarrayNotImplementedError(PolyarrayError, NotImplementedError):
    """A feature is not available."""


class BackendNotFoundError(PolyarrayError, ValueError, LookupError):
    """No backend of the requested name is installed or registered."""


class BackendLoadError(PolyarrayError, ImportError):
    """A backend plugin or its framework could not be imported or built."""


class FrameworkNotInstalledError(BackendLoadError):
    """The framework a backend plugin wraps is not installed."""


class UnsupportedFrameworkVersionError(BackendLoadError):
    """No version variant of a function covers the installed framework."""


class PluginValidationError(BackendLoadError):
    """A plugin's implementations do not match the declared API."""


class BackendNotImplementedError(PolyarrayNotImplementedError):
    """The chosen backend has no implementation of a function."""

    def __init__(self, function: str, backend: str, detail: str = "") -> None:
        self.function = function
        self.backend = backend
        message = (
            f"pa.{function} is not implemented by the {backend!r} backend{detail}. "
            f"Use another backend for this call (backend=...), or implement "
            f"{function!r} in the backend plugin."
        )
        super().__init__(message)


class UnsupportedDtypeError(PolyarrayTypeError):
    """The chosen backend's framework cannot hold or compute a dtype (JAX without 64-bit mode, TensorFlow uint64 …).

    Raised instead of computing a different answer; ``function``, ``backend``
    and ``dtype`` name what was refused.
    """

    def __init__(self, function: str, backend: str, dtype: str, detail: str = "") -> None:
        self.function = function
        self.backend = backend
        self.dtype = dtype
        message = f"pa.{function} cannot compute on {dtype} on the {backend!r} backend{detail}."
        super().__init__(message)


class BackendContextError(PolyarrayError, RuntimeError):
    """A ``pa.backend_context`` was misused.

    Exited without being entered, exited in another thread or task, exited
    before a block entered inside it, or entered again while active.
    """


class UnsupportedDeviceError(PolyarrayValueError):
    """An array lives on a device its backend does not list (a torch ``meta`` tensor …)."""


class NestingDepthError(PolyarrayValueError, RecursionError):
    """A Container or nest is nested deeper than polyarray walks."""


class BackendConflictError(BackendLoadError):
    """Several installed distributions register the same backend name; polyarray does not choose between them.

    ``backend`` is the name and ``distributions`` the distributions that claim it.
    """

    def __init__(self, message: str, backend: str = "", distributions: tuple[str, ...] = ()) -> None:
        self.backend = backend
        self.distributions = distributions
        super().__init__(message)


class TracingError(PolyarrayTypeError):
    """What the graph tracer (``pa.trace``, ``pa.compile``) cannot hold, or a graph called with other arguments.

    Python control flow on a traced value (``bool(x)``, ``float(x)``), a write
    into a traced array, a data-dependent shape, a framework function called
    on a traced array, an argument of a kind the tracer does not hold, or a
    replay whose arguments differ from the trace (backend, dtypes, shapes,
    structure). ``where`` is the user's source line the error comes from
    (``"file.py:12"``), when known.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        super().__init__(message)
