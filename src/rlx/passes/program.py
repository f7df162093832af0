"""The Program: what a backend compiles.

A Program is a verified Graph plus the kernels it runs, in order. A kernel is a
group of node ids evaluated together; only its ``outputs`` are materialised (other
members live in registers / loop temporaries). Leaves (inputs, params, constants)
belong to no kernel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rlx.ir.graph import Graph


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
    """Kernels in execution order over ``graph``, plus analyses attached by passes."""

    graph: Graph
    kernels: list[Kernel]
    info: dict[str, Any] = field(default_factory=dict)
