"""The one way passes build a new graph from an old one.

:func:`rebuild` walks the old graph in order and asks a rule what each node becomes
in the new graph. Inputs and params keep their names and relative order; a rule is
never asked about them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rlx.ir.graph import Graph, Node

# rule(new_graph, old_id, old_node, new_operand_ids) -> new id, or None to copy the node
RewriteRule = Callable[[Graph, int, Node, list[int]], int | None]


def copy_node(new: Graph, node: Node, operands: Sequence[int]) -> int:
    """Append ``node`` with remapped operands to ``new``."""
    return new.add(node.op, operands, **node.attr_dict)


def rebuild(graph: Graph, rule: RewriteRule | None = None,
            keep: Callable[[int], bool] | None = None,
            outputs: Sequence[int] | None = None) -> tuple[Graph, list[int]]:
    """New graph from ``graph``; returns it and the old-id -> new-id map.

    ``keep(old_id)`` (default: all) drops nodes for which it is False; a dropped
    node must not be read by a copied one (a rule replacing a node sees -1 for its
    dropped operands). ``outputs`` (old ids) replaces the graph's outputs.
    """
    new = Graph(graph.name)
    new._random_streams = graph._random_streams
    mapping = [-1] * len(graph.nodes)
    for nid, node in enumerate(graph.nodes):
        is_interface = node.op in ("input", "param")
        if keep is not None and not keep(nid):
            continue
        operands = [mapping[i] for i in node.inputs]
        new_id = None if rule is None or is_interface else rule(new, nid, node, operands)
        if new_id is None:
            assert all(o >= 0 for o in operands), f"node {nid} reads a dropped node"
            new_id = copy_node(new, node, operands)
        mapping[nid] = new_id
    new.set_outputs([mapping[o] for o in (graph.outputs if outputs is None else outputs)])
    return new, mapping
