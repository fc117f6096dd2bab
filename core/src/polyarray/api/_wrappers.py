"""The wrapper sets that declarations name (see polyarray._wrappers)."""

from __future__ import annotations

#: Array in, array out: the usual set.
ARRAYS = ("handle_exceptions", "to_native_arrays_and_back")
#: Array in, something that is not an array out (Python values, dtypes, info objects).
ARRAYS_IN = ("handle_exceptions", "inputs_to_native_arrays")
#: Creation from Python values: dtypes converted, arrays out.
CREATION = ("handle_exceptions", "to_native_arrays_and_back")
#: Compositions run on native arrays; only the boundary converts.
COMPOSITION = ("handle_exceptions", "to_native_arrays_and_back")
