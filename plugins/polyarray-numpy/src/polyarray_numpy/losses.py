"""Loss functions on NumPy.

Every loss is ``compositional``: the core's composition runs on NumPy as on
every backend, so there is nothing to implement here.
"""
