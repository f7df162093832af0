"""Common-subexpression elimination and dead-code elimination."""

from __future__ import annotations

import math
from typing import Any

from rlx.ir.graph import Graph, Node
from rlx.ir.ops import RANDOM_OPS
from rlx.passes.rewrite import copy_node, rebuild


def eliminate_common_subexpressions(graph: Graph) -> Graph:
    """Merge nodes with the same op, operands and attributes (random ops never merge)."""
    seen: dict[tuple[Any, ...], int] = {}

    def rule(new: Graph, nid: int, node: Node, operands: list[int]) -> int:
        if node.op in RANDOM_OPS:
            return copy_node(new, node, operands)
        key = (node.op, tuple(operands), _exact(node.attrs))
        if key not in seen:
            seen[key] = copy_node(new, node, operands)
        return seen[key]

    return rebuild(graph, rule)[0]


def _exact(value: Any) -> Any:
    """``value`` (attributes) as a key that tells -0.0 from 0.0, which Python's equality
    does not (a pad or clip bound of -0.0 gives 1/x = -inf where 0.0 gives +inf)."""
    if isinstance(value, float) and value == 0.0 and math.copysign(1.0, value) < 0:
        return ("-0.0",)
    if isinstance(value, tuple):
        return tuple(_exact(v) for v in value)
    return value


def live_nodes(graph: Graph) -> set[int]:
    """Ids of the nodes the outputs depend on."""
    live: set[int] = set()
    stack = list(graph.outputs)
    while stack:
        nid = stack.pop()
        if nid in live:
            continue
        live.add(nid)
        stack.extend(graph.nodes[nid].inputs)
    return live


def eliminate_dead_code(graph: Graph) -> Graph:
    """Drop nodes no output depends on, and unused params. Inputs always stay: they are
    the graph's interface and are fed by name."""
    live = live_nodes(graph)
    return rebuild(graph, keep=lambda nid: nid in live or graph.nodes[nid].op == "input")[0]
