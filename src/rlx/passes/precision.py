"""Mixed precision: compute where it is safe in a narrow float type, the rest in f32.

``apply_precision(graph, "bf16" | "f16")`` rewrites every f32 node whose op is in
``NARROW_OPS`` (the op contract's precision class "narrow": matrix products,
convolutions, attention, plain elementwise arithmetic and activations, views) to take
its float operands cast to the narrow type and produce the narrow type; ops in
``KEEP_F32`` (class "f32": reductions, norms, softmax, exp/log, losses) get their
operands cast back to f32. Inputs, params and outputs keep their
declared dtypes, so users feed and read f32 as before. Cast pairs that cancel
(narrow -> f32 -> narrow) are removed by the simplifier afterwards.

The returned report maps each op kind to the dtype it computes in.
"""

from __future__ import annotations

from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ops_in_precision_class
from rlx.passes.rewrite import copy_node, rebuild

NARROW_OPS = ops_in_precision_class("narrow")
KEEP_F32 = ops_in_precision_class("f32")
PRECISIONS = {"f32": DType.F32, "bf16": DType.BF16, "f16": DType.F16}


def apply_precision(graph: Graph, precision: str) -> tuple[Graph, dict[str, str]]:
    """Rewrite ``graph`` for ``precision``; returns it and op kind -> compute dtype."""
    narrow = PRECISIONS[precision]
    report: dict[str, str] = {}
    if narrow is DType.F32:
        return graph, report

    def cast_to(new: Graph, nid: int, dtype: DType) -> int:
        if new.nodes[nid].dtype == dtype or not new.nodes[nid].dtype.is_float:
            return nid
        return new.add("cast", [nid], dtype=dtype)

    def rule(new: Graph, nid: int, node: Node, operands: list[int]) -> int | None:
        if node.op in ("constant", "arange", "cast") or node.dtype is not DType.F32:
            return None
        if node.op in NARROW_OPS:
            target = narrow
        elif node.op in KEEP_F32:
            target = DType.F32
        else:
            return None
        out = copy_node(new, node, [cast_to(new, o, target) for o in operands])
        report[node.op] = new.nodes[out].dtype.value
        return cast_to(new, out, DType.F32)

    return rebuild(graph, rule)[0], report
