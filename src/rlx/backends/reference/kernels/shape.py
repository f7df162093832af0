"""Reference kernels (placeholder until written)."""

KERNELS: dict = {}
