"""Hypothesis profiles of the conformance suite, chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

=============  ============  ===========================================
profile        examples      use
=============  ============  ===========================================
``ci``         10            the default: every function, quickly, the same
                             examples on every run (derandomized)
``dev``        100           while writing a backend
``thorough``   1000          before a release
=============  ============  ===========================================

Every profile has no deadline (a framework's first call may compile or
load kernels) and lets slow data generation pass.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

__all__ = ["PROFILES", "DEFAULT_PROFILE", "ENVIRONMENT_VARIABLE", "register_profiles", "load_profile"]

#: Profile name -> number of examples per test.
PROFILES = {"ci": 10, "dev": 100, "thorough": 1000}

#: The profile used when the environment variable is unset.
DEFAULT_PROFILE = "ci"

#: The environment variable that names the profile.
ENVIRONMENT_VARIABLE = "HYPOTHESIS_PROFILE"

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]


def register_profiles() -> None:
    """Register the ``ci``, ``dev`` and ``thorough`` profiles with hypothesis (loading none of them).

    >>> from polyarray.testing import register_profiles
    >>> from hypothesis import settings
    >>> register_profiles()
    >>> settings.get_profile("dev").max_examples
    100
    """
    for name, examples in PROFILES.items():
        settings.register_profile(
            name,
            max_examples=examples,
            deadline=None,
            derandomize=name == DEFAULT_PROFILE,
            suppress_health_check=_SLOW_IS_FINE,
        )


def load_profile(name: str | None = None) -> str:
    """Register the profiles and load ``name`` (default: ``$HYPOTHESIS_PROFILE``, else ``"ci"``); return it.

    A name that is not one of :data:`PROFILES` may be a profile registered
    elsewhere; hypothesis raises for one that does not exist.

    >>> from polyarray.testing import load_profile
    >>> from hypothesis import settings
    >>> load_profile("dev"), settings().max_examples
    ('dev', 100)
    """
    register_profiles()
    chosen = name or os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT_PROFILE
    settings.load_profile(chosen)
    return chosen
