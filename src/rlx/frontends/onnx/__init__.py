"""Import ONNX models into rlx.

    graph, params = rlx.frontends.onnx.load("model.onnx", input_shapes={"batch": 8})
    compiled = rlx.frontends.onnx.compile_onnx("model.onnx", device="cpu")
    cache = rlx.frontends.onnx.bucketed_onnx("model.onnx", "batch", [1, 8, 32])

``load`` converts with one converter per ONNX op and opset range (see
``registry``), expanding ops the standard defines as functions; ``RlxBackend``
(in ``rlx.frontends.onnx.backend``) lets the official ONNX test runner drive rlx.

rlx graphs hold tensors only: ONNX sequences and optionals are resolved at import
time (``values``). A sequence graph input ``s`` takes one shape per element,
``input_shapes={"s": [(2, 3), (4, 3)]}``, and becomes the rlx inputs ``s.0``, ``s.1``;
a sequence output becomes one output per element and an absent optional none
(``import_model`` returns that layout with the graph).
"""

from rlx.frontends.onnx.compile import bucketed_onnx, compile_onnx
from rlx.frontends.onnx.context import StaticValueError
from rlx.frontends.onnx.importer import (
    Flattened,
    ImportedModel,
    import_model,
    imported_graph,
    load,
    read_model,
)
from rlx.frontends.onnx.registry import supported_ops

__all__ = ["Flattened", "ImportedModel", "StaticValueError", "bucketed_onnx", "compile_onnx",
           "import_model", "imported_graph", "load", "read_model", "supported_ops"]
