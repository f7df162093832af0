"""The Program: what a backend compiles.

A Program is a verified Graph plus the kernels it runs, in order. A kernel is a
group of node ids evaluated together; only its ``outputs`` are materialised (other
members live in registers / loop temporaries). Leaves (inputs, params, constants)
belong to no kernel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rlx.ir.graph import Graph

if TYPE_CHECKING:        # both modules build on this one
    from rlx.passes.fusion import FusionReport
    from rlx.passes.memory import MemoryPlan


@dataclass(frozen=True)
class Kernel:
    """One unit of execution: ``nodes`` in order, materialising ``outputs``.

    kind: ``elementwise`` (one loop over the output shape; operands are loaded with
    broadcast strides), ``reduce`` (a reduction with its elementwise prologue),
    ``rowwise`` (softmax / log_softmax / layer or RMS norm over trailing axes, with
    elementwise prologue and epilogue), ``matmul`` / ``conv`` (followed by an
    elementwise epilogue on the output tile), ``attention``, ``view`` (reshape-like:
    no computation, aliases its operand's bytes) or ``op`` (any other single op).
    ``inputs`` are the node ids read from outside the kernel, in first-use order.
    """

    name: str
    kind: str
    nodes: tuple[int, ...]
    outputs: tuple[int, ...]
    inputs: tuple[int, ...] = ()


@dataclass
class Program:
    """Kernels in execution order over ``graph``, plus what later passes attach.

    fusion: why nodes were or were not fused (rlx.passes.fusion; None unfused, as
            ``optimize=False`` compiles).
    memory: every buffer's place (rlx.passes.memory); the pipeline always plans one, so
            backends may rely on it for a Program from ``run_pipeline``.
    bodies: the lowered Program of body ``k`` of control-flow node ``nid``, keyed
            ``(nid, k)`` (rlx.passes.control; empty without control flow).
    """

    graph: Graph
    kernels: list[Kernel]
    fusion: FusionReport | None = None
    memory: MemoryPlan | None = None
    bodies: dict[tuple[int, int], Program] = field(default_factory=dict)
