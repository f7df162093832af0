"""Frontends: bring models and weights from other formats into rlx.

``rlx.frontends.onnx`` imports ONNX models (``load``, ``compile_onnx``) and
implements ``onnx.backend.base.Backend`` so the official ONNX test runner can
drive rlx; the other modules read weight files and tokenizers.
"""
