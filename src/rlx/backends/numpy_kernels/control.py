"""Reference kernels of the control-flow ops: the bodies run node by node with the
reference kernels, as real branches and loops (rlx.ir.control gives the semantics).

A node computes all its results and returns the one its ``result`` selects, or all of
them packed (``result=-1``, what compiled programs hold after pack_control_flow).
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn
from rlx.errors import ExecutionError
from rlx.ir.control import PACKED, Subgraph, packed_layout
from rlx.ir.dtypes import as_dtype
from rlx.ir.graph import Node
from rlx.ir.types import TensorType


def run_body(body: Subgraph, args: list[np.ndarray], ctx: KernelContext) -> list[np.ndarray]:
    """The outputs of ``body`` on ``args`` (one array per body input, in order)."""
    # the kernel table holds this module's kernels: it is complete only once imported
    from rlx.backends.numpy_kernels import evaluate_node

    graph = body.graph
    env: dict[int, np.ndarray] = dict(zip(body.inputs, args))
    for nid, node in enumerate(graph.nodes):
        if nid in env:
            continue
        try:
            env[nid] = evaluate_node(node, [env[i] for i in node.inputs], ctx, nid)
        except ExecutionError as e:
            raise ExecutionError(f"in {graph.name}: {e}") from None
    return [env[o] for o in graph.outputs]


def _cond(node: Node, ins: list[np.ndarray], ctx: KernelContext) -> list[np.ndarray]:
    true_body, false_body = node.attr("branches")
    return run_body(true_body if ins[0] else false_body, ins[1:], ctx)


def _while(node: Node, ins: list[np.ndarray], ctx: KernelContext) -> list[np.ndarray]:
    k = node.attr("carries")
    carries, captures = list(ins[:k]), list(ins[k:])
    cond, body = node.attr("cond"), node.attr("body")
    while bool(run_body(cond, carries + captures, ctx)[0]):
        carries = run_body(body, carries + captures, ctx)
    return carries


def _scan(node: Node, ins: list[np.ndarray], ctx: KernelContext) -> list[np.ndarray]:
    k, m, n = node.attr("carries"), node.attr("xs"), node.attr("length")
    body: Subgraph = node.attr("body")
    carries, xs, captures = list(ins[:k]), ins[k:k + m], list(ins[k + m:])
    ys_types = body.output_types[k:]
    ys = [np.zeros((n,) + t.shape, t.dtype.np) for t in ys_types]
    steps = range(n - 1, -1, -1) if node.attr("reverse") else range(n)
    for t in steps:
        outs = run_body(body, carries + [x[t] for x in xs] + captures, ctx)
        carries = outs[:k]
        for y, value in zip(ys, outs[k:]):
            y[t] = value
    return carries + ys


_RUN = {"cond": _cond, "while_loop": _while, "scan": _scan}


def _control(node: Node, ins: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    results = _RUN[node.op](node, ins, ctx)
    r = node.attr("result")
    if r != PACKED:
        return np.array(results[r], copy=True)
    offsets, size = packed_layout([_type_of(v) for v in results])
    blob = np.zeros(size, np.uint8)
    for off, value in zip(offsets, results):
        raw = np.ascontiguousarray(value).view(np.uint8).reshape(-1)
        blob[off:off + raw.size] = raw
    return blob


def _type_of(value: np.ndarray) -> TensorType:
    return TensorType(tuple(value.shape), as_dtype(value.dtype))


def _unpack(node: Node, ins: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    t = node.type
    off = node.attr("offset")
    raw = ins[0][off:off + t.nbytes]
    return raw.view(t.dtype.np).reshape(t.shape).copy()


KERNELS: dict[str, KernelFn] = {"cond": _control, "while_loop": _control, "scan": _control,
                                "unpack": _unpack}
