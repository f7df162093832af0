"""rlx's version (a leaf module so any layer can read it)."""

__version__ = "0.1.0"
