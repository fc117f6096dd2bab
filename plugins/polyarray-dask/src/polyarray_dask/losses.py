"""Loss functions on Dask.

Every loss is ``compositional``: the core's composition builds its graph from
this plugin's functions, so there is nothing to implement here.
"""
