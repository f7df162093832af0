"""Import ONNX models into rlx.

    graph, params = rlx.frontends.onnx.load("model.onnx", input_shapes={"batch": 8})
    compiled = rlx.frontends.onnx.compile_onnx("model.onnx", device="cpu")
    cache = rlx.frontends.onnx.bucketed_onnx("model.onnx", "batch", [1, 8, 32])

``load`` converts with one converter per ONNX op and opset range (see
``registry``), expanding ops the standard defines as functions; ``RlxBackend``
(in ``rlx.frontends.onnx.backend``) lets the official ONNX test runner drive rlx.
"""

from rlx.frontends.onnx.compile import bucketed_onnx, compile_onnx
from rlx.frontends.onnx.context import StaticValueError
from rlx.frontends.onnx.importer import load, read_model
from rlx.frontends.onnx.registry import supported_ops

__all__ = ["StaticValueError", "bucketed_onnx", "compile_onnx", "load", "read_model",
           "supported_ops"]
