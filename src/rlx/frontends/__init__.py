"""Frontends: bring models and weights from other formats into rlx.

``rlx.frontends.onnx`` imports ONNX models (``load``, ``compile_onnx``) and
implements ``onnx.backend.base.Backend`` so the official ONNX test runner can
drive rlx; the other modules read weight files and tokenizers.
"""

_SUBMODULES = frozenset({"gguf", "onnx", "safetensors", "tokenizer"})


def __getattr__(name: str) -> object:
    if name in _SUBMODULES:  # imported on first use: onnx and tokenizers are heavy
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
