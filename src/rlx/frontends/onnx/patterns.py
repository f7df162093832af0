"""Whole ops that exporters spell out in primitive ONNX ops, recognised after import.

PyTorch's exporter writes GELU as ``x * (erf(x / sqrt(2)) + 1) * 0.5`` (five nodes:
Div, Erf, Add, Mul, Mul, in some association and operand order). :func:`fuse_gelu`
rewrites each such tree of the imported graph into one rlx ``gelu``, the same
function, which a backend computes in one pass and fuses whole into the epilogue of
the matrix product before it. Nodes of a tree that something else still reads stay
(dead ones go with dead-code elimination).
"""

from __future__ import annotations

import math

from rlx.ir.graph import Graph, Node
from rlx.passes.rewrite import copy_node, rebuild

SQRT2 = math.sqrt(2.0)
CONSTANT_RTOL = 1e-6


def _scalar(graph: Graph, nid: int) -> float | None:
    """The value of a one-element float constant, else None."""
    node = graph.nodes[nid]
    if node.op != "constant" or not node.dtype.is_float:
        return None
    value = node.attr("value").array()
    return float(value.reshape(-1)[0]) if value.size == 1 else None


def _is(value: float | None, target: float) -> bool:
    return value is not None and math.isclose(value, target, rel_tol=CONSTANT_RTOL)


def _factors(graph: Graph, nid: int, depth: int = 2) -> list[int]:
    """Operands of the tree of ``mul`` nodes rooted at ``nid`` (``depth`` levels)."""
    node = graph.nodes[nid]
    if node.op != "mul" or depth == 0:
        return [nid]
    return [f for i in node.inputs for f in _factors(graph, i, depth - 1)]


def _erf_argument(graph: Graph, nid: int) -> int | None:
    """x when ``nid`` is ``erf(x / sqrt 2) + 1`` (or ``erf(x * (1 / sqrt 2)) + 1``)."""
    node = graph.nodes[nid]
    if node.op != "add":
        return None
    erfs = [i for i in node.inputs if graph.nodes[i].op == "erf"]
    ones = [i for i in node.inputs if _is(_scalar(graph, i), 1.0)]
    if len(erfs) != 1 or len(ones) != 1:
        return None
    inner = graph.nodes[graph.nodes[erfs[0]].inputs[0]]
    if inner.op == "div" and _is(_scalar(graph, inner.inputs[1]), SQRT2):
        return inner.inputs[0]
    if inner.op == "mul":
        for x, c in (inner.inputs, inner.inputs[::-1]):
            if _is(_scalar(graph, c), 1.0 / SQRT2):
                return x
    return None


def gelu_argument(graph: Graph, node: Node) -> int | None:
    """x when ``node`` computes ``0.5 * x * (1 + erf(x / sqrt 2))`` of a float x with
    the result's shape, else None."""
    if node.op != "mul" or not node.dtype.is_float:
        return None
    factors = [f for i in node.inputs for f in _factors(graph, i, 1)]
    if len(factors) != 3:
        return None
    halves = [f for f in factors if _is(_scalar(graph, f), 0.5)]
    if len(halves) != 1:
        return None
    rest = [f for f in factors if f != halves[0]]
    for x, tail in (rest, rest[::-1]):
        if _erf_argument(graph, tail) == x and graph.nodes[x].type == node.type:
            return x
    return None


def fuse_gelu(graph: Graph) -> Graph:
    """``graph`` with every spelled-out GELU tree (see the module docstring) replaced
    by one ``gelu`` node; the graph itself when it has none."""
    matches = {}
    for nid, node in enumerate(graph.nodes):
        x = gelu_argument(graph, node)
        if x is not None:
            matches[nid] = x
    if not matches:
        return graph
    seen: dict[int, int] = {}   # old id -> new id of every operand met so far

    def rule(new: Graph, old_id: int, node: Node, operands: list[int]) -> int:
        seen.update(zip(node.inputs, operands))
        if old_id in matches:
            return new.add("gelu", [seen[matches[old_id]]])
        return copy_node(new, node, operands)

    return rebuild(graph, rule)[0]
