"""Elementwise kernels, views, and the epilogue helper anchored kernels use."""

from __future__ import annotations

from rlx.backends.cpu import cstyle
from rlx.backends.cpu.kernels.extents import row_runs, writes_padding
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.render import RenderContext
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS, RESHAPE_LIKE
from rlx.ir.types import Dim
from rlx.passes.loops import kernel_epilogue, loop_nest
from rlx.passes.memory import view_offset
from rlx.passes.program import Kernel

ELEMENTWISE_OPS = frozenset(k for k, d in OPS.items()
                            if d.category in ELEMENTWISE_CATEGORIES and k in cstyle.EXPR)
VIEW_OPS = RESHAPE_LIKE | {"slice", "cast", "bitcast", "unpack"}


def render_elementwise(ctx: RenderContext, kernel: Kernel) -> str:
    """One loop over the output computing every member in registers; with symbolic
    leading axes (and a fixed last one), over the rows of the active extents only,
    unless the kernel computes one of the extents pass's masks."""
    nest = loop_nest(ctx.graph, list(kernel.nodes), kernel.outputs[0])
    dims = nest.domain
    runs = None
    if len(dims) > 1 and not isinstance(dims[-1], Dim) and not writes_padding(ctx, kernel):
        runs = row_runs(ctx, dims[:-1])
    return ctx.render_nest(nest, kernel.outputs[0], runs=runs)


def render_view(ctx: RenderContext, kernel: Kernel) -> str | None:
    """Nothing when the plan aliased the view; otherwise a byte copy of the operand's
    selected bytes (views are always one contiguous run)."""
    out = kernel.outputs[0]
    if ctx.plan.buffers[out].kind == "view":
        return None
    node = ctx.graph.nodes[out]
    offset = view_offset(ctx.graph, node)
    src = f"{ctx.base(node.inputs[0])} + {offset}"
    return f"    memcpy({ctx.base(out)}, {src}, {node.type.nbytes});"


def render_epilogue(ctx: RenderContext, kernel: Kernel, anchor: int) -> str:
    """The elementwise work after ``anchor`` over the anchor's result, which the anchor
    has written into the kernel's output buffer (fusion guarantees epilogues keep the
    anchor's shape and dtype, so the rewrite is in place); '' when there is none."""
    nest = kernel_epilogue(ctx.graph, kernel, anchor)
    if nest is None:
        return ""
    return ctx.render_nest(nest, kernel.outputs[0], temps_from={anchor: kernel.outputs[0]})


RENDERS = Renders(__name__, kinds={"elementwise": render_elementwise, "view": render_view},
                  claims=ELEMENTWISE_OPS | VIEW_OPS)
