"""C renderers (being written)."""

KIND_RENDERERS: dict = {}
OP_RENDERERS: dict = {}
SUPPORTED: frozenset[str] = frozenset()
