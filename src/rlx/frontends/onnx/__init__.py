"""Import ONNX models into rlx.

    graph, params = rlx.frontends.onnx.load("model.onnx", input_shapes={"batch": 8})
    compiled = rlx.frontends.onnx.compile_onnx("model.onnx", device="cpu")

``load`` converts with one converter per ONNX op and opset range (see
``registry``), expanding ops the standard defines as functions; ``RlxBackend``
(in ``rlx.frontends.onnx.backend``) lets the official ONNX test runner drive rlx.
"""

from rlx.frontends.onnx.compile import compile_onnx
from rlx.frontends.onnx.context import StaticValueError
from rlx.frontends.onnx.importer import load, read_model
from rlx.frontends.onnx.registry import supported_ops

__all__ = ["StaticValueError", "compile_onnx", "load", "read_model", "supported_ops"]
