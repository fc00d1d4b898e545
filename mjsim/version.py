"""mjsim's version, in a module of its own: the modules that record it need not import the package facade."""

__version__ = "0.1.0"
