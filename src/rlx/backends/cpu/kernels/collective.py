"""The cpu kernels of the collective ops (:mod:`rlx.ir.collective_ops`): a call back into
Python between kernels.

Each collective node is a kernel of its own (fusion never groups one) whose body calls
the host's callback, the function pointer in ``ctl[8]`` (:mod:`rlx.backends.cpu.render`),
as ``callback(i, operand, result)`` (an overlapped all_reduce: that starts it, and a
function :func:`~rlx.backends.cpu.render.render_program` calls before the first kernel
reading the result calls ``callback(-(i + 1), NULL, result)`` to wait): ``i`` is the
node's index in
:attr:`~rlx.backends.cpu.render.RenderContext.collectives`, which says what the host runs
for it (:mod:`rlx.backends.cpu.collective_host`). The result never shares bytes with the
operand (only elementwise kernels compute in place). When the callback reports failure
the kernel writes the node into the error buffer and returns 1, which ends the run; the
executable then raises the exception the host kept (a lost worker, no process group).
A program run without a callback (a driver outside rlx) fails the same way.
"""

from __future__ import annotations

from dataclasses import replace

from rlx.backends.collective import CollectiveCall
from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.index import error, format_literal, need_stdio
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.collective_ops import COLLECTIVE_OPS
from rlx.ir.graph import Node
from rlx.ir.printer import format_node

CALLBACK_TYPE = """\
/* the host's collective callback, ctl[8] (rlx.backends.cpu.kernels.collective) */
typedef int (*rlx_collective_fn)(int64_t, const void *, void *);
#define RLX_COLLECTIVE ((rlx_collective_fn)(uintptr_t)ctl[8])"""


def render_collective(ctx: RenderContext, node: Node) -> str:
    """Call the host for collective ``node``; fail the run when it fails."""
    nid = ctx.node_id(node)
    x = node.inputs[0]
    label = format_node(nid, node)
    index = len(ctx.collectives)
    call = CollectiveCall.of(node, ctx.graph.nodes[x].type, label)
    if call.overlap and ctx.overlapped is None:     # in a control-flow body: run it here
        call = replace(call, overlap=False)
    ctx.collectives.append(call)
    ctx.add_helper("rlx_collective_fn", CALLBACK_TYPE)
    need_stdio(ctx)
    w = CWriter(indent=1)
    with w.block("if (ctl[8] == 0)"):
        error(w, format_literal(f"{label}: no collective callback (run the program from "
                                "rlx, in a process group: rlx.distributed.init())"))
    start = f"RLX_COLLECTIVE({index}, (const void *){ctx.base(x)}, (void *){ctx.base(nid)})"
    with w.block(f"if ({start} != 0)"):
        error(w, format_literal(f"{label}: the collective failed"))
    if call.overlap:            # started; render_program places the wait
        wait = CWriter(indent=1)
        with wait.block(f"if (RLX_COLLECTIVE({-(index + 1)}, (const void *)0, "
                        f"(void *){ctx.base(nid)}) != 0)"):
            error(wait, format_literal(f"{label}: the collective failed"))
        ctx.overlapped.append((index, nid, wait.text()))
    return w.text()


OP_RENDERERS = {kind: render_collective for kind in sorted(COLLECTIVE_OPS)}
RENDERS = Renders(__name__, kinds={}, ops=OP_RENDERERS, claims=frozenset(OP_RENDERERS))
