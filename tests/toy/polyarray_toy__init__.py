"""The light entry module of the toy backend: imports no framework."""

import pluggy

hookimpl = pluggy.HookimplMarker("polyarray")


@hookimpl
def backend_info():
    return {
        "framework": "toyframework",
        "native_array_types": [("toyframework", "ToyArray")],
        "implementation_modules": ["polyarray_toy.impl"],
        "install": "pip install toyframework",
        "devices": ["cpu"],
    }
