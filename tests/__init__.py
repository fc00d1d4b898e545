"""mjsim's test suite, a package: ``tests.variants`` cannot shadow the top-level ``variants``, and helpers are
imported by their full name (``tests.strategies``, ``tests.moves``)."""
