"""A tiny array framework for the tests: ``ToyArray`` wraps a NumPy array."""

import numpy as np


class ToyArray:
    def __init__(self, values, dtype=None):
        self.values = np.asarray(values, dtype=dtype)

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        return self.values.shape

    def __repr__(self):
        return f"ToyArray({self.values.tolist()})"
