"""The reference backend: a numpy interpreter that defines rlx's semantics."""
