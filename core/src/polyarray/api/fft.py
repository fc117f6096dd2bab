"""The Fourier transform extension, ``pa.fft`` (array API standard 2024.12)."""

from __future__ import annotations

__all__: list[str] = []
