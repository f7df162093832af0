"""Constant folding: evaluate nodes whose operands are all constants, once, at compile time.

Random and collective ops are never folded (their values belong to the run's seed and
to the other workers: ``rlx.ir.ops.IMPURE_OPS``). A fold that
would create a constant much larger than its operands (``broadcast_to``, ``tile``
of a small constant) is skipped so the graph does not grow; a fold whose
evaluation fails (e.g. an out-of-range constant index) is left for run time,
where the error is reported with its node.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rlx.errors import RlxError
from rlx.ir.graph import ConstValue, Graph, Node
from rlx.ir.ops import IMPURE_OPS, LEAF_OPS
from rlx.passes.rewrite import rebuild

# evaluate(node, operand values) -> value of the node (the runtime passes
# rlx.backends.numpy_kernels.evaluate_node)
NodeEvaluator = Callable[[Node, list[np.ndarray]], np.ndarray]

MAX_GROWTH_ELEMENTS = 4096


def fold_constants(graph: Graph, evaluate: NodeEvaluator) -> Graph:
    """Replace each foldable node by a constant computed with ``evaluate``."""
    def rule(new: Graph, nid: int, node: Node, ops: list[int]) -> int | None:
        if node.op in LEAF_OPS or node.op in IMPURE_OPS:
            return None
        operands = [new.nodes[i] for i in ops]
        if not operands or any(o.op != "constant" for o in operands):
            return None
        in_elems = sum(o.type.numel for o in operands)
        if node.type.numel > max(in_elems, MAX_GROWTH_ELEMENTS):
            return None
        try:
            value = evaluate(node, [o.attr("value").array() for o in operands])
        except RlxError:
            return None
        return new.add("constant", (), value=ConstValue.from_array(value, node.dtype))

    return rebuild(graph, rule)[0]
