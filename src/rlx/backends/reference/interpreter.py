"""Evaluate a Program with numpy, kernel by kernel."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rlx.backends.numpy_kernels import KernelContext, evaluate_node
from rlx.passes.memory import MemoryPlan
from rlx.passes.program import Program


def arena_views(program: Program, plan: MemoryPlan, arena: np.ndarray) -> dict[int, np.ndarray]:
    """Typed numpy views of ``arena`` for every arena buffer and every view of one."""
    graph = program.graph
    views: dict[int, np.ndarray] = {}
    for nid, buf in plan.buffers.items():
        if buf.kind == "arena":
            offset = buf.offset
        elif buf.kind == "view" and plan.buffers[buf.root].kind == "arena":
            offset = plan.buffers[buf.root].offset + buf.offset
        else:
            continue
        t = graph.nodes[nid].type
        views[nid] = arena[offset:offset + t.nbytes].view(t.dtype.np).reshape(t.shape)
    return views


def evaluate(program: Program, leaves: Mapping[int, np.ndarray], ctx: KernelContext,
             buffers: Mapping[int, np.ndarray] | None = None) -> list[np.ndarray]:
    """Run ``program`` given the value of every input/param node id; returns outputs.

    When ``buffers`` (from :func:`arena_views`) is given, each kernel's result is
    stored into its planned buffer and later kernels read it from there, and views
    read their root's bytes without computing — so a wrong memory plan gives wrong
    answers instead of going unnoticed. A kernel that raises ExecutionError is
    re-raised with the node that failed.
    """
    graph = program.graph
    buffers = buffers or {}
    env: dict[int, np.ndarray] = dict(leaves)
    for nid, node in enumerate(graph.nodes):
        if node.op in ("constant", "arange"):
            env[nid] = evaluate_node(node, [], ctx, nid)
    aliases = _aliased_views(program)
    for kernel in program.kernels:
        if kernel.outputs[0] in aliases and kernel.outputs[0] in buffers:
            env[kernel.outputs[0]] = buffers[kernel.outputs[0]]
            continue
        for nid in kernel.nodes:
            node = graph.nodes[nid]
            env[nid] = evaluate_node(node, [env[i] for i in node.inputs], ctx, nid)
        for nid in kernel.outputs:
            if nid in buffers:
                np.copyto(buffers[nid], env[nid])
                env[nid] = buffers[nid]
            elif buffers and env[nid].base is not None:
                # a result without a buffer of its own (a graph output) may be a view of
                # its operand (real, imag, reshape), whose buffer a later kernel reuses
                env[nid] = env[nid].copy()
    return [env[o] for o in graph.outputs]


def _aliased_views(program: Program) -> set[int]:
    """Kernel outputs the memory plan made views of another buffer's bytes."""
    plan = program.memory
    if plan is None:
        return set()
    return {nid for nid, buf in plan.buffers.items() if buf.kind == "view"}
