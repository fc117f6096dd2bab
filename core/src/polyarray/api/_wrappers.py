"""The wrapper sets that declarations name, one per family of functions.

A family's set lists the wrappers (see ``polyarray._wrappers.WRAPPER_ORDER``)
that every function of the family gets; the order inside a set does not
matter, the pipeline sorts them.
"""

from __future__ import annotations

#: Array in, array out: the base of every family below.
ARRAYS = ("handle_exceptions", "to_native_arrays_and_back", "handle_device_shifting")
#: Array in, something that is not an array out (Python values, NumPy arrays, info objects).
ARRAYS_IN = ("handle_exceptions", "inputs_to_native_arrays")
#: What every family that takes arrays accepts: lists and Python scalars as arrays, no arrays of other backends.
INPUTS = ("handle_array_like_without_promotion", "handle_backend_invalid")

#: Element-wise functions of one array.
UNARY = (*ARRAYS, "handle_nestable", "handle_array_function", *INPUTS, "handle_out_argument", "handle_nans")
#: Element-wise functions of two arrays (or an array and a Python scalar).
BINARY = (
    *ARRAYS,
    "handle_nestable",
    "infer_dtype",
    "handle_array_function",
    *INPUTS,
    "handle_out_argument",
    "handle_nans",
)
#: Reductions and scans over axes (sum, max, argmax, all, cumulative_sum …).
REDUCTION = (*ARRAYS, "handle_nestable", "handle_array_function", *INPUTS, "handle_out_argument", "handle_nans")
#: Shape and order manipulation that copies (concat, stack, roll, tile …), and indexing.
MANIPULATION = (*ARRAYS, "handle_nestable", "handle_array_function", "inputs_to_native_shapes", *INPUTS)
#: Manipulation whose result may share memory with the input (reshape, permute_dims, squeeze …).
VIEW = (*ARRAYS, "handle_nestable", "handle_array_function", "inputs_to_native_shapes", *INPUTS, "handle_view")
#: Searching, sorting and set functions.
SEARCH = (*ARRAYS, "handle_nestable", "infer_dtype", "handle_array_function", *INPUTS)
#: Functions of several operands that promote to one dtype and are not element-wise (``allclose``, ``einsum``).
OPERANDS = (*ARRAYS, "handle_nestable", "infer_dtype", "handle_array_function", *INPUTS, "handle_nans")
#: Linear algebra (operands ``x1``, ``x2`` promote to one dtype).
LINALG = (*ARRAYS, "handle_nestable", "infer_dtype", "handle_array_function", *INPUTS, "handle_nans")
#: Linear algebra on matrices (decompositions, inverses, solvers): a matrix holding NaN gives NaN results.
MATRIX = (*LINALG, "handle_nan_matrices")
#: Fourier transforms.
FFT = (*ARRAYS, "handle_nestable", "handle_array_function", "inputs_to_native_shapes", *INPUTS, "handle_nans")
#: Creation from Python values or shapes: dtypes converted, arrays out.
CREATION = (
    *ARRAYS,
    "handle_nestable",
    "infer_dtype",
    "infer_device",
    "handle_array_function",
    "inputs_to_native_shapes",
)
#: Casting.
CAST = (*ARRAYS, "handle_nestable", "handle_array_function", *INPUTS)
#: Activation functions (element-wise, defined for real input; complex input per complex_mode).
ACTIVATION = (*ARRAYS, "handle_nestable", "handle_array_function", "handle_complex_input", *INPUTS, "handle_nans")
#: Other compositions (softmax, layer_norm, losses …): they run on native arrays; only the boundary converts.
COMPOSITION = (*ARRAYS, "handle_nestable", "handle_array_function", "inputs_to_native_shapes", *INPUTS, "handle_nans")
