"""A readable text form of a graph, one node per line.

Attributes at their schema default (:mod:`rlx.ir.opdef`) are left out, so a line
shows what is particular to the node.

    graph mlp {
      %0 = input "x" : f32[2,4]
      %2 = matmul(%0, %1) : f32[2,3]
      ...
      return %4
    }
"""

from __future__ import annotations

from typing import Any

from rlx.ir.opdef import REGISTRY


def _fmt_attr(value: Any) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value) if not isinstance(value, str) else repr(value)


def _at_default(op: str, name: str, value: Any) -> bool:
    """Whether attribute ``name`` of an ``op`` node holds its schema default."""
    opdef = REGISTRY.get(op)
    spec = opdef.attr(name) if opdef is not None else None
    if spec is None or spec.required:
        return False
    return type(value) is type(spec.default) and value == spec.default


def format_node(node_id: int, node: Any) -> str:
    """One line for ``node``; duck-typed on rlx.ir.graph.Node."""
    attrs = dict(node.attrs)
    if node.op in ("input", "param"):
        return f"%{node_id} = {node.op} {attrs['name']!r} : {node.type}"
    args = ", ".join(f"%{i}" for i in node.inputs)
    shown = {k: v for k, v in attrs.items()
             if (k not in ("shape", "dtype") or node.op == "cast")
             and not _at_default(node.op, k, v)}
    extra = ", ".join(f"{k}={_fmt_attr(v)}" for k, v in shown.items())
    inner = ", ".join(s for s in (args, extra) if s)
    return f"%{node_id} = {node.op}({inner}) : {node.type}"


def format_graph(graph: Any) -> str:
    """The graph, then each control-flow body it holds (depth first, each once)."""
    from rlx.ir.control import subgraphs

    lines: list[str] = []
    seen: set[int] = set()
    pending = [graph]
    while pending:
        g = pending.pop(0)
        if lines:
            lines.append("")
        lines.append(f"graph {g.name} {{")
        lines += ["  " + format_node(i, n) for i, n in enumerate(g.nodes)]
        lines.append("  return " + ", ".join(f"%{i}" for i in g.outputs))
        lines.append("}")
        for n in g.nodes:
            for body in subgraphs(n):
                if id(body) not in seen:
                    seen.add(id(body))
                    pending.append(body.graph)
    return "\n".join(lines)
