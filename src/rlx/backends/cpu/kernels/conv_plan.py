"""A conv node's geometry for the cpu backend's conv renderers (:class:`ConvPlan`).

:func:`plan_conv` reads a ``conv`` kernel's anchor into a :class:`ConvPlan`: conv1d
becomes a conv2d of height 1, and only the 'before' pads are kept (the 'after' pads are
implied by the output size). Every conv path (:mod:`conv_channels`,
:mod:`conv_positions`, :mod:`conv_im2col`, :mod:`conv_winograd`, the geometry of
:mod:`conv_tiled`) renders from a plan.
"""

from __future__ import annotations

from dataclasses import dataclass

from rlx.backends.cpu.kernels.support import anchor_node
from rlx.backends.cpu.render import RenderContext
from rlx.ir.dtypes import DType
from rlx.passes.program import Kernel


@dataclass(frozen=True)
class ConvPlan:
    """A conv as 2-D geometry (conv1d has a height of 1); pads are the 'before' pads
    (the 'after' pads are implied by the output size)."""

    anchor: int
    out: int
    dtype: DType
    x: int
    w: int
    bias: int | None
    n: int
    cin: int
    cout: int
    groups: int
    ih: int
    iw: int
    oh: int
    ow: int
    kh: int
    kw: int
    sh: int
    sw: int
    dh: int
    dw: int
    ph: int
    pw: int

    @property
    def cig(self) -> int:
        return self.cin // self.groups

    @property
    def cog(self) -> int:
        return self.cout // self.groups

    @property
    def kdim(self) -> int:
        """Rows of one group's im2col matrix: input channels times kernel taps."""
        return self.cig * self.kh * self.kw

    @property
    def positions(self) -> int:
        return self.oh * self.ow

    @property
    def flops(self) -> int:
        return self.n * self.cout * self.positions * self.kdim

    @property
    def pointwise(self) -> bool:
        """A 1x1 kernel over the unpadded input at stride 1: the input is its own im2col."""
        return (self.kh == self.kw == self.sh == self.sw == 1 and self.ph == self.pw == 0
                and (self.oh, self.ow) == (self.ih, self.iw))


def plan_conv(ctx: RenderContext, kernel: Kernel) -> ConvPlan:
    """The kernel's conv with its attributes; conv1d becomes a conv2d of height 1."""
    g = ctx.graph
    anchor = anchor_node(g, kernel, "conv")
    node = g.nodes[anchor]
    x, w = node.inputs[0], node.inputs[1]
    bias = node.inputs[2] if len(node.inputs) == 3 else None
    xs, ws, ys = g.nodes[x].shape, g.nodes[w].shape, node.shape
    stride, dilation = node.attr("stride"), node.attr("dilation")
    before = tuple(p[0] for p in node.attr("padding"))
    if len(xs) == 3:  # conv1d: a height of 1
        xs, ws, ys = xs[:2] + (1,) + xs[2:], ws[:2] + (1,) + ws[2:], ys[:2] + (1,) + ys[2:]
        stride, dilation, before = (1,) + stride, (1,) + dilation, (0,) + before
    return ConvPlan(anchor, kernel.outputs[0], node.dtype, x, w, bias, xs[0], xs[1], ws[0],
                    node.attr("groups"), xs[2], xs[3], ys[2], ys[3], ws[2], ws[3], stride[0],
                    stride[1], dilation[0], dilation[1], before[0], before[1])
