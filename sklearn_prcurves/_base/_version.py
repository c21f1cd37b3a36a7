"""The package's version (one place: the package, the report and the command line read it)."""

__version__ = "0.2.0"
