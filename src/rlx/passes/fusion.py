"""Fusion: group the graph's nodes into kernels, and say why any pair was left apart.

Patterns, each one kernel:

* elementwise trees — an elementwise node takes in every elementwise producer that
  has it as its only consumer, is not a graph output and has the same shape
  (operands of other shapes are broadcast loads, not fusion partners);
* anchor + epilogue — matmul, conv, a reduction, a row-wise op (softmax,
  log_softmax, layer/RMS norm) or attention, followed by elementwise work on its
  output (bias, activation, residual add) under the same rules;
* prologue + reduction / row-wise op — a pure elementwise tree feeding a reduction
  or a row-wise op (e.g. the residual add before a layer norm);
* operand layout — a transpose of the last two axes feeding only a matmul is read
  transposed by it; transposes feeding only an attention are read with strides,
  and a transpose of an attention's only result is written with strides.

Views (reshape, squeeze, unsqueeze, contiguous slices) are kernels of kind ``view``
that move no data. A kernel runs at the position of its last node and materialises
only that node.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, LEAF_OPS, OPS, fusion_roles
from rlx.passes.extents import extent_masks
from rlx.passes.memory import view_offset
from rlx.passes.program import Kernel, Program

ANCHORS = fusion_roles()
"""Op kind -> the kernel it anchors (the op contract's ``fusion`` roles)."""
TAKES_PROLOGUE = frozenset({"rowwise", "reduce"})
MAX_KERNEL_NODES = 128
"""The most nodes elementwise fusion puts in one kernel. The C compiler's time grows
faster than the loop body it optimises: a 1,000-node chain fused whole took 37 s to
compile, a 5,000-node one did not finish in 9 minutes; in kernels of 128 they compile
in time linear in the graph, at the cost of one pass over memory per 128 nodes."""


@dataclass
class Group:
    kind: str
    nodes: list[int]

    @property
    def tail(self) -> int:
        return self.nodes[-1]


@dataclass
class Unfused:
    """A producer -> consumer edge that crosses kernels, and why."""

    producer: int
    consumer: int
    reason: str


@dataclass
class FusionReport:
    kernels: list[Kernel] = field(default_factory=list)
    unfused: list[Unfused] = field(default_factory=list)

    def describe(self, graph: Graph) -> str:
        lines = [f"{len(self.kernels)} kernels"]
        for k in self.kernels:
            ops = " + ".join(graph.nodes[n].op for n in k.nodes)
            lines.append(f"  {k.name:<28} {k.kind:<12} {ops}")
        if self.unfused:
            lines.append("left unfused:")
            for u in self.unfused:
                lines.append(f"  %{u.producer} ({graph.nodes[u.producer].op}) -> %{u.consumer} "
                             f"({graph.nodes[u.consumer].op}): {u.reason}")
        return "\n".join(lines)


def is_view(graph: Graph, node: Node) -> bool:
    """True when ``node`` only reinterprets its operand's bytes."""
    return view_offset(graph, node) is not None


def is_elementwise(node: Node) -> bool:
    return OPS[node.op].category in ELEMENTWISE_CATEGORIES


class _Fuser:
    def __init__(self, graph: Graph):
        self.g = graph
        self.consumers: list[list[int]] = [[] for _ in graph.nodes]
        for nid, node in enumerate(graph.nodes):
            for i in node.inputs:
                self.consumers[i].append(nid)
        self.outputs = set(graph.outputs)
        self.group_of: dict[int, Group] = {}
        self.groups: list[Group] = []
        self.report = FusionReport()
        self.extent_masks = extent_masks(graph)

    # -------------------------------------------------------------- helpers
    def _new(self, kind: str, nid: int) -> Group:
        grp = Group(kind, [nid])
        self.groups.append(grp)
        self.group_of[nid] = grp
        return grp

    def _absorb(self, into: Group, other: Group) -> None:
        for n in other.nodes:
            self.group_of[n] = into
        into.nodes = sorted(set(into.nodes) | set(other.nodes))
        self.groups.remove(other)

    def _why_not(self, p: int, nid: int, same_shape: bool = True) -> str | None:
        """Why producer ``p`` cannot join its consumer ``nid``; None when it can."""
        node, prod = self.g.nodes[nid], self.g.nodes[p]
        if prod.op in LEAF_OPS:
            return None
        users = set(self.consumers[p])
        if len(users) > 1:
            return f"producer has {len(users)} consumers (its value must be materialised)"
        if p in self.outputs:
            return "producer is a graph output"
        if same_shape and prod.shape != node.shape:
            return (f"shapes differ ({list(prod.shape)} vs {list(node.shape)}): the operand is "
                    "a broadcast load")
        return ""

    def _note(self, p: int, nid: int, reason: str) -> None:
        if self.g.nodes[p].op not in LEAF_OPS:
            self.report.unfused.append(Unfused(p, nid, reason))

    # -------------------------------------------------------------- patterns
    def elementwise(self, nid: int) -> None:
        node = self.g.nodes[nid]
        chosen: list[Group] = []
        for p in dict.fromkeys(node.inputs):
            why = self._why_not(p, nid)
            if why is None:
                continue
            grp = self.group_of[p]
            if why == "" and grp.kind == "view":
                why = "producer is a view (no computation to fuse)"
            if why == "" and grp.kind not in ("elementwise", "op") and any(
                    c.kind != "elementwise" for c in chosen):
                why = "a kernel holds one anchor op and the other operand already has one"
            if why == "" and grp.kind == "op":
                why = f"{self.g.nodes[p].op} is not fusable with elementwise consumers"
            if why == "" and 1 + len(grp.nodes) + sum(len(c.nodes) for c in chosen) > \
                    MAX_KERNEL_NODES:
                why = (f"the kernel would hold more than {MAX_KERNEL_NODES} nodes "
                       "(MAX_KERNEL_NODES: longer bodies slow the C compiler down)")
            if why == "" and grp.kind == "attention":
                why = "attention kernels take no elementwise epilogue"
            if why == "" and grp.kind not in ("elementwise", "view") and \
                    nid in self.extent_masks:
                why = ("a mask of symbolic padding runs where the padding is read (a "
                       "reduction's prologue), not in a kernel that may skip the padding")
            if why == "" and grp.kind not in ("elementwise", "view") and \
                    node.dtype != self.g.nodes[_anchor_of(self.g, grp)].dtype:
                why = "an epilogue must keep the anchor's dtype (it is computed in place)"
            if why:
                self._note(p, nid, why)
            else:
                chosen.append(grp)
        if not chosen:
            self._new("elementwise", nid)
            return
        anchored = [c for c in chosen if c.kind != "elementwise"]
        base = anchored[0] if anchored else chosen[0]
        for c in chosen:
            if c is base:
                continue
            if base.kind in TAKES_PROLOGUE:  # nodes before their anchor are its prologue
                self._note(c.tail, nid, "a side branch into a reduction's epilogue is "
                                        "materialised")
            else:
                self._absorb(base, c)
        base.nodes.append(nid)
        self.group_of[nid] = base

    def anchor(self, nid: int, kind: str) -> None:
        node = self.g.nodes[nid]
        grp = self._new(kind, nid)
        for idx, p in enumerate(dict.fromkeys(node.inputs)):
            prod = self.g.nodes[p]
            why = self._why_not(p, nid, same_shape=False)
            if why is None:
                continue
            pgrp = self.group_of[p]
            if why == "" and kind in TAKES_PROLOGUE and idx == 0 and pgrp.kind == "elementwise":
                self._absorb(grp, pgrp)
                continue
            if why == "" and self._layout_operand(kind, prod, pgrp):
                self._absorb(grp, pgrp)
                continue
            if not why:
                why = f"{kind} kernels do not take a {pgrp.kind} prologue"
            self._note(p, nid, why)
        grp.nodes.sort()

    def _layout_operand(self, kind: str, prod: Node, pgrp: Group) -> bool:
        if prod.op != "transpose" or pgrp.kind != "op" or len(pgrp.nodes) != 1:
            return False
        perm = prod.attr("perm")
        if kind == "matmul":
            n = len(perm)
            return n >= 2 and perm == tuple(range(n - 2)) + (n - 1, n - 2)
        return kind == "attention"

    def other(self, nid: int) -> None:
        node = self.g.nodes[nid]
        if node.op == "transpose":
            p = node.inputs[0]
            if self._why_not(p, nid, same_shape=False) == "" and \
                    self.group_of[p].kind == "attention":
                grp = self.group_of[p]
                grp.nodes.append(nid)
                self.group_of[nid] = grp
                return
        self._new("op", nid)
        for p in node.inputs:
            self._note(p, nid, f"{node.op} runs as its own kernel")

    def run(self) -> list[Group]:
        for nid, node in enumerate(self.g.nodes):
            if node.op in LEAF_OPS:
                continue
            if is_view(self.g, node):
                self._new("view", nid)
            elif is_elementwise(node):
                self.elementwise(nid)
            elif node.op in ANCHORS:
                self.anchor(nid, ANCHORS[node.op])
            else:
                self.other(nid)
        return sorted(self.groups, key=lambda grp: grp.tail)


def _anchor_of(graph: Graph, grp: Group) -> int:
    return next(n for n in grp.nodes if graph.nodes[n].op in ANCHORS)


def _external_inputs(graph: Graph, members: list[int]) -> tuple[int, ...]:
    inside = set(members)
    seen: dict[int, None] = {}
    for nid in members:
        for i in graph.nodes[nid].inputs:
            if i not in inside:
                seen.setdefault(i)
    return tuple(seen)


def _kernel_name(graph: Graph, index: int, grp: Group) -> str:
    ops = [graph.nodes[n].op for n in grp.nodes]
    label = ops[0] if len(ops) == 1 else f"{ops[0]}_{ops[-1]}"
    return f"k{index}_{label}"


def kernel_kind(graph: Graph, node: Node) -> str:
    """The kernel kind a node has when it runs alone."""
    if is_view(graph, node):
        return "view"
    if is_elementwise(node):
        return "elementwise"
    return ANCHORS.get(node.op, "op")


def one_kernel_per_node(graph: Graph) -> Program:
    """The unfused program: every non-leaf node is its own kernel (optimize=False)."""
    kernels = []
    for nid, node in enumerate(graph.nodes):
        if node.op in LEAF_OPS:
            continue
        kernels.append(Kernel(f"k{len(kernels)}_{node.op}", kernel_kind(graph, node), (nid,),
                              (nid,), node.inputs))
    return Program(graph, kernels)


def fuse(graph: Graph) -> Program:
    """Group ``graph`` into kernels (see module docstring); report in ``fusion``."""
    fuser = _Fuser(graph)
    kernels = []
    for i, grp in enumerate(fuser.run()):
        kernels.append(Kernel(_kernel_name(graph, i, grp), grp.kind, tuple(grp.nodes),
                              (grp.tail,), _external_inputs(graph, grp.nodes)))
    fuser.report.kernels = kernels
    fused_pairs = {(p, c) for k in kernels for c in k.nodes for p in graph.nodes[c].inputs
                   if p in k.nodes}
    fuser.report.unfused = [u for u in fuser.report.unfused
                            if (u.producer, u.consumer) not in fused_pairs]
    return Program(graph, kernels, fusion=fuser.report)
