"""The wrapper sets that declarations name, one per family of functions.

A family's set lists the wrappers (see ``polyarray._wrappers.WRAPPER_ORDER``)
that every function of the family gets; the order inside a set does not
matter, the pipeline sorts them.
"""

from __future__ import annotations

#: Array in, array out: the base of every family below.
ARRAYS = ("handle_exceptions", "to_native_arrays_and_back")
#: Array in, something that is not an array out (Python values, NumPy arrays, info objects).
ARRAYS_IN = ("handle_exceptions", "inputs_to_native_arrays")

#: Element-wise functions of one array.
UNARY = ARRAYS
#: Element-wise functions of two arrays (or an array and a Python scalar).
BINARY = ARRAYS
#: Reductions and scans over axes (sum, max, argmax, all, cumulative_sum …).
REDUCTION = ARRAYS
#: Shape and order manipulation that copies (concat, stack, roll, tile …), and indexing.
MANIPULATION = ARRAYS
#: Manipulation whose result may share memory with the input (reshape, permute_dims, squeeze …).
VIEW = ARRAYS
#: Searching, sorting and set functions.
SEARCH = ARRAYS
#: Linear algebra.
LINALG = ARRAYS
#: Fourier transforms.
FFT = ARRAYS
#: Creation from Python values or shapes: dtypes converted, arrays out.
CREATION = ARRAYS
#: Casting.
CAST = ARRAYS
#: Activation functions (element-wise, defined for real input; complex input per complex_mode).
ACTIVATION = ARRAYS
#: Other compositions (softmax, layer_norm, losses …): they run on native arrays; only the boundary converts.
COMPOSITION = ARRAYS
