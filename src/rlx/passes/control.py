"""Control flow in the pipeline: pack sibling results, and lower each body.

``pack_control_flow`` (before fusion) replaces the nodes of one control-flow op that
differ only in ``result`` (rlx.ir.control) with one node of ``result=-1``, whose u8
buffer holds every result, and an ``unpack`` view per result the graph reads: a loop
runs once however many of its results are used.

``lower_bodies`` runs the pipeline on every body of the packed nodes (without the
param split: a body has no params), so that a backend compiling the program into one
unit (cpu) finds each body as a Program with its kernels and memory plan.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rlx.ir.control import CONTROL_OPS, PACKED, packed_layout, result_types, subgraphs
from rlx.ir.graph import Graph, Node
from rlx.passes.rewrite import copy_node, rebuild

if TYPE_CHECKING:
    from rlx.passes.pipeline import PassContext
    from rlx.passes.program import Program


def has_control_flow(graph: Graph) -> bool:
    return any(n.op in CONTROL_OPS for n in graph.nodes)


def pack_control_flow(graph: Graph) -> Graph:
    """Siblings -> one packed node + unpack views (module docstring)."""
    packed: dict[tuple[Any, ...], int] = {}

    def rule(new: Graph, nid: int, node: Node, operands: list[int]) -> int:
        if node.op not in CONTROL_OPS:
            return copy_node(new, node, operands)
        attrs = node.attr_dict
        r = attrs.pop("result")
        key = (node.op, tuple(operands), tuple(sorted(attrs.items(), key=lambda kv: kv[0])))
        if key not in packed:
            packed[key] = new.add(node.op, operands, result=PACKED, **attrs)
        types = result_types(node.op, [new.nodes[i].type for i in operands], attrs)
        offsets, _ = packed_layout(types)
        return new.add("unpack", [packed[key]], offset=offsets[r], shape=types[r].shape,
                       dtype=types[r].dtype)

    return rebuild(graph, rule)[0]


def lower_bodies(graph: Graph, ctx: PassContext) -> dict[tuple[int, int], Program]:
    """The Program of body ``k`` of node ``nid``, keyed ``(nid, k)``, for every packed
    control-flow node of ``graph``; a body two nodes share is lowered once."""
    from rlx.passes.pipeline import run_pipeline

    sub_ctx = dataclasses.replace(ctx, split_params=False)
    done: dict[int, Program] = {}
    bodies: dict[tuple[int, int], Program] = {}
    for nid, node in enumerate(graph.nodes):
        for k, body in enumerate(subgraphs(node)):
            if id(body) not in done:
                done[id(body)] = run_pipeline(body.graph, sub_ctx).program
            bodies[(nid, k)] = done[id(body)]
    return bodies
