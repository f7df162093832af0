"""The graph IR: dtypes, types, the op set, the Graph builder, verifier, printer, JSON."""

from rlx.ir.dtypes import DType, as_dtype, promote
from rlx.ir.graph import ConstValue, Graph, Node, Tensor
from rlx.ir.ops import OPS, OpDef
from rlx.ir.printer import format_graph
from rlx.ir.serialize import from_json, to_json
from rlx.ir.types import TensorType, broadcast_shapes
from rlx.ir.verify import verify

__all__ = ["DType", "as_dtype", "promote", "ConstValue", "Graph", "Node", "Tensor", "OPS",
           "OpDef", "format_graph", "from_json", "to_json", "TensorType", "broadcast_shapes",
           "verify"]
