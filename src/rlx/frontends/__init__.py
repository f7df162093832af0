"""Frontends: bring models from other formats into rlx Graphs.

``rlx.frontends.onnx`` imports ONNX models (``load``, ``compile_onnx``) and
implements ``onnx.backend.base.Backend`` so the official ONNX test runner can
drive rlx.
"""
