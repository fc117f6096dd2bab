# What polyarray's type checking sees of jax.numpy (see typings/README.md): every attribute is Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
