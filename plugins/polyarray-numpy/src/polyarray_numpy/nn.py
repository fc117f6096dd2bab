"""Neural-network functions on NumPy.

Nothing is implemented here: the nn functions are ``mixed`` or
``compositional``, and NumPy runs the core's composition of each of them
(``dropout`` draws its mask from ``pa.random``, the same on every backend).
"""

from __future__ import annotations
