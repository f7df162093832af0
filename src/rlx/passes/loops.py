"""The loop-level form of fused elementwise work, rendered by code-emitting backends.

A :class:`LoopNest` is one loop over a ``domain`` shape (row-major). Each iteration
loads operands through :class:`Load` records — an element stride per domain axis,
0 where the operand is broadcast — evaluates ``body`` (elementwise nodes, in order,
each reading loads or earlier body nodes) and stores the ``store`` node. Backends
render the body with their op -> expression table; the stride arithmetic is the same
for every target.

Kernels use loop nests for their elementwise parts: the whole of an ``elementwise``
kernel, the epilogue of an anchor (the anchor's own result is a load), and the
prologue of a reduction or row-wise op (stored value = the anchor's operand, which a
backend evaluates inline instead of storing).
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.ir.graph import Graph
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.ir.types import Shape
from rlx.passes.program import Kernel


@dataclass(frozen=True)
class Load:
    """Operand ``node`` read at ``sum(index[a] * strides[a])`` elements from its start."""

    node: int
    strides: tuple[int, ...]

    @property
    def contiguous_in(self) -> bool:
        """True when the innermost domain axis reads consecutive elements."""
        return not self.strides or self.strides[-1] == 1


@dataclass(frozen=True)
class LoopNest:
    domain: Shape
    loads: tuple[Load, ...]
    body: tuple[int, ...]
    store: int

    def load_of(self, node: int) -> int | None:
        for i, ld in enumerate(self.loads):
            if ld.node == node:
                return i
        return None


def row_major_strides(shape: Shape) -> tuple[int, ...]:
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return tuple(reversed(strides))


def broadcast_strides(src: Shape, domain: Shape) -> tuple[int, ...]:
    """Element strides that read an array of shape ``src`` broadcast to ``domain``."""
    own = row_major_strides(src)
    pad = len(domain) - len(src)
    out = []
    for axis in range(len(domain)):
        k = axis - pad
        if k < 0 or src[k] == 1:
            out.append(0)
        else:
            out.append(own[k])
    return tuple(out)


def loop_nest(graph: Graph, body: list[int], store: int, domain: Shape | None = None,
              strided: dict[int, tuple[int, ...]] | None = None) -> LoopNest:
    """The loop nest computing ``body`` (elementwise node ids in order) over ``domain``
    (default: the store node's shape). Operands outside ``body`` become loads with
    broadcast strides, unless ``strided`` gives their strides explicitly."""
    domain = graph.nodes[store].shape if domain is None else domain
    inside = set(body)
    loads: dict[int, Load] = {}
    for nid in body:
        for i in graph.nodes[nid].inputs:
            if i in inside or i in loads:
                continue
            strides = (strided or {}).get(i)
            if strides is None:
                strides = broadcast_strides(graph.nodes[i].shape, domain)
            loads[i] = Load(i, strides)
    return LoopNest(tuple(domain), tuple(loads.values()), tuple(body), store)


def kernel_epilogue(graph: Graph, kernel: Kernel, anchor: int) -> LoopNest | None:
    """Loop nest for the elementwise nodes after ``anchor`` in ``kernel`` (None if none)."""
    after = [n for n in kernel.nodes if n > anchor and _is_elementwise_member(graph, n)]
    if not after:
        return None
    return loop_nest(graph, after, kernel.outputs[0], graph.nodes[anchor].shape)


def kernel_prologue(graph: Graph, kernel: Kernel, anchor: int) -> LoopNest | None:
    """Loop nest for the elementwise nodes before ``anchor`` that feed its first operand."""
    before = [n for n in kernel.nodes if n < anchor]
    if not before:
        return None
    operand = graph.nodes[anchor].inputs[0]
    return loop_nest(graph, before, operand)


def _is_elementwise_member(graph: Graph, nid: int) -> bool:
    return OPS[graph.nodes[nid].op].category in ELEMENTWISE_CATEGORIES
