"""Control flow: If, Loop, Scan — resolved or unrolled at import time.

rlx graphs are straight-line, so:

* If with a condition known at import time converts only the taken branch; with a
  run-time condition both branches are converted and each output is selected
  with ``where`` (the branches must produce broadcast-compatible shapes).
* Scan is unrolled over its (static) sequence length.
* Loop is unrolled when its trip count is known at import time and its
  condition stays known at every iteration (it may stop the loop early).
"""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

MAX_UNROLL = 4096  # iterations; beyond this an import would build an unreasonable graph


def convert_if(cx: NodeContext) -> list[Tensor]:
    """The taken branch's outputs (both branches blended by ``where`` when the condition
    is only known at run time)."""
    cond = cx.input(0)
    known = cx.state.value_of(cond)
    then_graph, else_graph = cx.subgraph("then_branch"), cx.subgraph("else_branch")
    if known is not None:
        taken = then_graph if bool(np.asarray(known).reshape(-1)[0]) else else_graph
        return cx.run_subgraph(taken, [])
    then_outs = cx.run_subgraph(then_graph, [])
    else_outs = cx.run_subgraph(else_graph, [])
    flag = cast(cond, DType.BOOL).reshape(())
    return [api.where(flag, a, cast(b, a.dtype)) for a, b in zip(then_outs, else_outs)]


def _trip_count(cx: NodeContext) -> int:
    """The (import-time) trip count; it decides the unrolled graph and output shapes."""
    if not cx.has_input(0):
        raise cx.unsupported("a Loop without a trip count")
    count = int(np.asarray(cx.static(0)).reshape(-1)[0])
    if count > MAX_UNROLL:
        raise cx.unsupported(f"a Loop of {count} iterations (unrolling is limited to "
                             f"{MAX_UNROLL})")
    return count


def _known_flag(cx: NodeContext, value: Tensor) -> bool:
    known = cx.state.value_of(value)
    if known is None:
        raise cx.unsupported("a Loop whose condition is only known at run time")
    return bool(np.asarray(known).reshape(-1)[0])


def convert_loop(cx: NodeContext) -> list[Tensor]:
    """Unrolled Loop: carried values threaded through the body, scan outputs stacked."""
    body = cx.subgraph("body")
    count = _trip_count(cx)
    running = bool(np.asarray(cx.static(1)).reshape(-1)[0]) if cx.has_input(1) else True
    carried = [cx.input(i) for i in range(2, cx.num_inputs)]
    n_scan = len(body.output) - 1 - len(carried)
    stacks: list[list[Tensor]] = [[] for _ in range(n_scan)]
    for i in range(count):
        if not running:
            break
        iteration = cx.const(np.asarray(i, dtype=np.int64))
        flag = cx.const(np.asarray(True))
        outs = cx.run_subgraph(body, [iteration, flag] + carried)
        running = _known_flag(cx, outs[0])
        carried = outs[1:1 + len(carried)]
        for stack, value in zip(stacks, outs[1 + len(carried):]):
            stack.append(value.unsqueeze(0))
    if any(not stack for stack in stacks):
        raise cx.unsupported("a Loop with scan outputs that runs zero iterations")
    return carried + [api.concat(stack, 0) for stack in stacks]


def _scan_axes(cx: NodeContext, name: str, count: int, ranks: list[int]) -> list[int]:
    axes = list(cx.attr(name, [0] * count))
    return [norm_axis(cx, a, r) for a, r in zip(axes, ranks)]


def convert_scan(cx: NodeContext) -> list[Tensor]:
    """Unrolled Scan (opset 9+): state variables threaded through the body, scan inputs
    sliced along their axes, scan outputs stacked along theirs."""
    body = cx.subgraph("body")
    n_scan_in = cx.attr("num_scan_inputs")
    operands = [cx.input(i) for i in range(cx.num_inputs)]
    n_state = len(operands) - n_scan_in
    state, seqs = operands[:n_state], operands[n_state:]
    in_axes = _scan_axes(cx, "scan_input_axes", n_scan_in, [s.ndim for s in seqs])
    in_dirs = list(cx.attr("scan_input_directions", [0] * n_scan_in))
    steps = seqs[0].shape[in_axes[0]] if seqs else 0
    n_scan_out = len(body.output) - n_state
    stacks: list[list[Tensor]] = [[] for _ in range(n_scan_out)]
    for t in range(steps):
        slices = []
        for seq, axis, reverse in zip(seqs, in_axes, in_dirs):
            at = steps - 1 - t if reverse else t
            slices.append(api.slice(seq, [at], [at + 1], [1], [axis]).squeeze(axis))
        outs = cx.run_subgraph(body, state + slices)
        state = outs[:n_state]
        for stack, value in zip(stacks, outs[n_state:]):
            stack.append(value)
    out_axes = list(cx.attr("scan_output_axes", [0] * n_scan_out))
    out_dirs = list(cx.attr("scan_output_directions", [0] * n_scan_out))
    results = list(state)
    for stack, axis, reverse in zip(stacks, out_axes, out_dirs):
        if not stack:
            raise cx.unsupported("a Scan over an empty sequence")
        rank = stack[0].ndim + 1
        axis = norm_axis(cx, axis, rank)
        ordered = stack[::-1] if reverse else stack
        results.append(api.concat([v.unsqueeze(axis) for v in ordered], axis))
    return results


def convert_scan_v8(cx: NodeContext) -> list[Tensor]:
    """Scan-8: operands are [batch, sequence, ...]; each batch entry is scanned on its own
    (the optional sequence_lens must be absent)."""
    if cx.has_input(0):
        raise cx.unsupported("Scan-8 with sequence_lens")
    body = cx.subgraph("body")
    n_scan_in = cx.attr("num_scan_inputs")
    operands = [cx.input(i) for i in range(1, cx.num_inputs)]
    n_state = len(operands) - n_scan_in
    directions = list(cx.attr("directions", [0] * n_scan_in))
    batch = operands[0].shape[0]
    per_output: list[list[Tensor]] = [[] for _ in body.output]
    for b in range(batch):
        rows = [api.slice(t, [b], [b + 1], [1], [0]).squeeze(0) for t in operands]
        state, seqs = rows[:n_state], rows[n_state:]
        steps = seqs[0].shape[0]
        outs: list[list[Tensor]] = [[] for _ in range(len(body.output) - n_state)]
        for t in range(steps):
            slices = [api.slice(seq, [steps - 1 - t if rev else t], [steps - t if rev else t + 1],
                                [1], [0]).squeeze(0) for seq, rev in zip(seqs, directions)]
            result = cx.run_subgraph(body, state + slices)
            state = result[:n_state]
            for stack, value in zip(outs, result[n_state:]):
                stack.append(value.unsqueeze(0))
        for i, value in enumerate(state):
            per_output[i].append(value.unsqueeze(0))
        for i, stack in enumerate(outs):
            per_output[n_state + i].append(api.concat(stack, 0).unsqueeze(0))
    return [api.concat(parts, 0) for parts in per_output]


CONVERTERS: list[Converter] = [
    Converter("If", convert_if),
    Converter("Loop", convert_loop),
    Converter("Scan", convert_scan_v8, since=8, until=8),
    Converter("Scan", convert_scan, since=9),
]
