"""Evaluate a Program with numpy, kernel by kernel."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rlx.backends.reference.kernels import KERNELS
from rlx.backends.reference.kernels.common import KernelContext
from rlx.errors import ExecutionError, UnsupportedOpError
from rlx.ir.printer import format_node
from rlx.passes.program import Program


def evaluate(program: Program, leaves: Mapping[int, np.ndarray],
             ctx: KernelContext) -> list[np.ndarray]:
    """Run ``program`` given the value of every input/param node id; returns outputs.

    Constants and ``arange`` are evaluated here too. A kernel that raises
    ExecutionError is re-raised with the node that failed.
    """
    graph = program.graph
    env: dict[int, np.ndarray] = dict(leaves)
    for nid, node in enumerate(graph.nodes):
        if node.op == "constant":
            env[nid] = node.attr("value").array()
        elif node.op == "arange":
            env[nid] = KERNELS["arange"](node, [], ctx)
    for kernel in program.kernels:
        for nid in kernel.nodes:
            node = graph.nodes[nid]
            fn = KERNELS.get(node.op)
            if fn is None:
                raise UnsupportedOpError(f"reference backend has no kernel for {node.op!r}")
            try:
                value = fn(node, [env[i] for i in node.inputs], ctx)
            except ExecutionError as e:
                raise ExecutionError(f"{format_node(nid, node)}: {e}") from None
            assert value.shape == node.shape and value.dtype == node.dtype.np, (
                f"kernel {node.op} returned {value.dtype}{value.shape} for {node.type}")
            env[nid] = value
    return [env[o] for o in graph.outputs]
