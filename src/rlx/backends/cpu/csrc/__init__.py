"""The fixed C sources the generated programs include (the prelude, the packed GEMM,
the GGML block decoders...), read as package data."""

from importlib import resources


def source(name: str) -> str:
    """The text of ``csrc/<name>``. UTF-8 whatever the locale: the comments hold
    non-ASCII characters, and a cold compile under an ASCII locale without Python's
    UTF-8 mode failed to read them."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
