"""The declarations of polyarray's API, one module per category.

Each module mirrors a file of the same name in every backend plugin
(``plugins/*/src/polyarray_*/<category>.py``).
"""

#: Category modules, in the order they are imported.
CATEGORIES = (
    "support",
    "interop",
    "settings",
    "general",
    "dtype_utilities",
    "device_utilities",
    "nest",
    "creation",
    "data_types",
    "elementwise",
    "indexing",
    "linear_algebra",
    "manipulation",
    "searching",
    "set_functions",
    "sorting",
    "statistical",
    "utility",
    "inspection",
    "linalg",
    "fft",
    "nn",
    "losses",
    "random",
)
