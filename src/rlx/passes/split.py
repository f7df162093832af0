"""The param-invariant split (the prepare stage).

Work that depends only on params and constants — ``w * scale``, a weight transpose,
dequantisation — gives the same values on every run. :func:`split_param_invariant`
moves it into a separate *prepare* graph, run once and re-run only when one of its
params changes; its results (the boundary) enter the *main* graph as inputs named
``__rlx_prep_<i>``.

The cone: a non-leaf, non-random, non-collective node all of whose operands are params,
constants or cone nodes. Random and collective ops (``rlx.ir.ops.IMPURE_OPS``: a
collective must run on every run of every worker, not only when one worker's params
change) and everything downstream of them never enter the cone (downstream nodes have
a non-cone operand). A boundary node that is a pure view of a
leaf (reshape-like) is not worth a copy and stays in main. No cone -> no split.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.ir.graph import Graph
from rlx.ir.ops import IMPURE_OPS, LEAF_OPS, RESHAPE_LIKE
from rlx.passes.rewrite import rebuild

BOUNDARY_PREFIX = "__rlx_prep_"
_FREE_VIEWS = RESHAPE_LIKE


@dataclass
class SplitResult:
    """The two graphs and how they connect."""

    prepare: Graph
    main: Graph
    boundary: list[str]           # main-graph input names, in prepare-output order
    prepare_params: frozenset[str]
    main_params: frozenset[str]


def _cone(graph: Graph) -> set[int]:
    cone: set[int] = set()
    for nid, node in enumerate(graph.nodes):
        if node.op in LEAF_OPS or node.op in IMPURE_OPS:
            continue
        if all(graph.nodes[i].op in ("param", "constant") or i in cone for i in node.inputs):
            cone.add(nid)
    return cone


def _boundary(graph: Graph, cone: set[int]) -> list[int]:
    used_outside = set(graph.outputs)
    for nid, node in enumerate(graph.nodes):
        if nid not in cone:
            used_outside.update(node.inputs)
    return [nid for nid in sorted(cone) if nid in used_outside]


def _drop_free_views(graph: Graph, cone: set[int]) -> set[int]:
    """Remove boundary views of leaves from the cone until none is left."""
    while True:
        free = [nid for nid in _boundary(graph, cone)
                if graph.nodes[nid].op in _FREE_VIEWS
                and graph.nodes[graph.nodes[nid].inputs[0]].op in ("param", "constant")]
        if not free:
            return cone
        cone -= set(free)


def _reads(graph: Graph, ids: set[int]) -> set[int]:
    out: set[int] = set()
    for nid in ids:
        out.update(graph.nodes[nid].inputs)
    return out


def split_param_invariant(graph: Graph) -> SplitResult | None:
    """Split ``graph`` into prepare and main graphs, or None when nothing is hoistable."""
    cone = _drop_free_views(graph, _cone(graph))
    if not cone:
        return None
    boundary = _boundary(graph, cone)
    names = {nid: f"{BOUNDARY_PREFIX}{i}" for i, nid in enumerate(boundary)}

    prep_keep = cone | _reads(graph, cone)
    prepare, _ = rebuild(graph, keep=lambda nid: nid in prep_keep, outputs=boundary)
    prepare.name = f"{graph.name}.prepare"

    main_nodes = set(range(len(graph.nodes))) - cone
    main_reads = _reads(graph, main_nodes) | set(graph.outputs)

    def keep_main(nid: int) -> bool:
        node = graph.nodes[nid]
        if nid in names:
            return True
        if nid in cone:
            return False
        if node.op in ("param", "constant"):
            return nid in main_reads
        return True

    def as_input(new: Graph, nid: int, node, operands) -> int | None:
        if nid in names:
            return new.add("input", (), name=names[nid], shape=node.shape, dtype=node.dtype)
        return None

    main, _ = rebuild(graph, as_input, keep=keep_main)
    return SplitResult(
        prepare=prepare, main=main, boundary=[names[nid] for nid in boundary],
        prepare_params=frozenset(name for name, _ in prepare.params),
        main_params=frozenset(name for name, _ in main.params))
