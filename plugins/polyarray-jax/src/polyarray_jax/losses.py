"""Loss functions on JAX.

Every loss is ``compositional``: the core's composition runs on JAX as on
every backend, so there is nothing to implement here.
"""
