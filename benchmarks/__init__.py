"""mjsim's benchmarks (hand analysis, whole games, runners): part of the source checkout, not the installed package.

``mjsim bench ...`` loads this package from the checkout it runs from; ``python -m benchmarks ...`` runs the
same commands.  See benchmarks/README.md.
"""
