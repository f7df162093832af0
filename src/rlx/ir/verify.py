"""The verifier: what "well formed" means for a Graph.

A graph is well formed when
1. every node's operands are earlier nodes (SSA, topological order);
2. every op kind is in the op set and its operand count fits the op's arity;
3. re-running type inference on each node gives exactly its stored type and
   attributes (so no pass can leave a stale shape or a non-canonical attribute);
4. input and param names are unique and non-empty;
5. there is at least one output and every output id names a node;
6. every control-flow body is well formed itself, lists each of its inputs once and
   declares no param.
Passes keep graphs well formed; tests run the verifier after every pass.
"""

from __future__ import annotations

from rlx.errors import GraphBuildError, VerifyError
from rlx.ir import ops as _ops
from rlx.ir.control import Subgraph, subgraphs
from rlx.ir.graph import Graph, freeze_attrs
from rlx.ir.printer import format_node


def verify(graph: Graph) -> None:
    """Raise :class:`VerifyError` naming the first node that breaks a rule above."""
    names: set[str] = set()
    for nid, node in enumerate(graph.nodes):
        where = f"graph {graph.name!r}, node {format_node(nid, node)}"
        if node.op not in _ops.OPS:
            raise VerifyError(f"{where}: unknown op kind {node.op!r}")
        for i in node.inputs:
            if not 0 <= i < nid:
                raise VerifyError(f"{where}: operand %{i} is not an earlier node")
        try:
            ty, canon = _ops.infer(node.op, [graph.nodes[i].type for i in node.inputs],
                                   node.attr_dict)
        except GraphBuildError as e:
            raise VerifyError(f"{where}: {e}") from e
        if ty != node.type:
            raise VerifyError(f"{where}: stored type {node.type} but inference gives {ty}")
        if freeze_attrs(canon) != node.attrs:
            raise VerifyError(f"{where}: attributes are not in canonical form")
        for body in subgraphs(node):
            _verify_body(body, where)
        if node.op in ("input", "param"):
            name = node.attr("name")
            if name in names:
                raise VerifyError(f"{where}: duplicate input/param name {name!r}")
            names.add(name)
    if not graph.outputs:
        raise VerifyError(f"graph {graph.name!r} has no outputs")
    for o in graph.outputs:
        if not 0 <= o < len(graph.nodes):
            raise VerifyError(f"graph {graph.name!r}: output %{o} does not exist")


def _verify_body(body: Subgraph, where: str) -> None:
    """A control-flow body is a well-formed graph without params whose listed inputs are
    its input nodes, each once."""
    try:
        verify(body.graph)
    except VerifyError as e:
        raise VerifyError(f"{where}: in its body: {e}") from e
    nodes = body.graph.nodes
    if sorted(body.inputs) != [i for i, n in enumerate(nodes) if n.op == "input"]:
        raise VerifyError(f"{where}: body {body.graph.name!r} must list each of its input "
                          "nodes once")
    if any(n.op == "param" for n in nodes):
        raise VerifyError(f"{where}: body {body.graph.name!r} declares a param (bodies read "
                          "weights through operands)")
