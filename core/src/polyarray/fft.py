"""``pa.fft``: the array API standard's Fourier transform extension."""

from .api.fft import *  # noqa: F403
from .api.fft import __all__  # noqa: F401
