"""polyarray's conformance suite: every public function on a backend, compared with the NumPy backend.

Run it against one backend with::

    python -m pytest --pyargs polyarray.conformance --polyarray-backend NAME

The tests are written with :mod:`polyarray.testing` and grouped like the API
categories. Choose how many examples each test draws with the
``HYPOTHESIS_PROFILE`` environment variable: ``ci`` (the default, 10),
``dev`` (100) or ``thorough`` (1000).
"""
