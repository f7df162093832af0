"""Convolutions for the cpu backend (kernel kind ``conv`` and the ``conv`` op): which path
renders a conv.

conv1d / conv2d (NCL / NCHW, stride, per-dim (before, after) padding, dilation, groups,
optional bias) and an optional elementwise epilogue, planned as 2-D geometry by
:mod:`conv_plan`. The paths, first that applies:

* f32 with more than one output channel per group and run-invariant weights on small
  maps: vectorised over output channels (:mod:`conv_channels`), reading the broadcast
  input from a padded grid of the input (:func:`conv_channels.channel_grid`) or from
  input columns (:func:`conv_channels.channel_tiled`);
* f32 with more than one output channel per group: the register-tiled direct
  convolution vectorised over output positions (:mod:`conv_positions`);
* both use the micro-tiles of :mod:`conv_tiled`, one source for every ISA tier (written
  against the prelude's vector shim and cut into register sub-tiles per tier);
* f32 convs the tiles do not take, f64 (and f16 / bf16, widened to f32): im2col + BLAS
  GEMM; other dtypes, or sizes BLAS cannot take: generated loops (:mod:`conv_im2col`).

3 x 3 stride-1 convs with run-invariant weights then run by Winograd's algorithm
(:mod:`conv_winograd`), with the kernel chosen above compiled alongside for inputs with
infinities or nans.

Threads, scratch and epilogues follow the rules in :mod:`support`'s docstring; epilogue
helpers merge the output's trailing axes where the operands allow
(``support.merge_rows``), so that one call covers a run of an output channel.
"""

from __future__ import annotations

from rlx.backends.cpu.cwriter import CWriter
from rlx.backends.cpu.kernels.conv_channels import (
    channel_grid,
    channel_tiled,
    render_conv_channel_grid,
    render_conv_channels,
)
from rlx.backends.cpu.kernels.conv_im2col import render_conv_generic
from rlx.backends.cpu.kernels.conv_plan import ConvPlan, plan_conv
from rlx.backends.cpu.kernels.conv_positions import positions_geometry, render_conv_positions
from rlx.backends.cpu.kernels.conv_winograd import render_conv_winograd, variant
from rlx.backends.cpu.kernels.registry import Renders
from rlx.backends.cpu.kernels.support import epilogue_function, single_node_renderer
from rlx.backends.cpu.render import RenderContext
from rlx.passes.program import Kernel


def render_conv(ctx: RenderContext, kernel: Kernel) -> str:
    """A conv kernel: Winograd or the register-tiled direct kernel for f32 where they
    apply (see the module docstring), else im2col + BLAS GEMM for every float dtype
    (f16/bf16 via f32), direct loops when the sizes do not fit BLAS or its scratch.
    The same source for every ISA tier."""
    plan = plan_conv(ctx, kernel)
    epi = epilogue_function(ctx, kernel, plan.anchor)
    if plan.n * plan.cout * plan.positions == 0:
        return "    /* empty result */"
    direct = _render_conv_tiled_direct(ctx, plan, epi)
    if direct is None:
        direct = render_conv_generic(ctx, plan, epi)
    winograd = variant(ctx, plan)
    if winograd is None:
        return direct
    # the direct kernel, in a block of its own, for inputs with non-finite values
    w = CWriter(indent=1)
    with w.block():
        w.splice(direct)
    return render_conv_winograd(ctx, plan, winograd, epi, w.text())


def _render_conv_tiled_direct(ctx: RenderContext, plan: ConvPlan,
                              epi: str | None) -> str | None:
    """The register-tiled direct kernel for ``plan``: channel-vectorised from a grid or
    from input columns, else position-vectorised; None when no grid fits."""
    grid = channel_grid(ctx, plan)
    if grid is not None:
        return render_conv_channel_grid(ctx, plan, grid, epi)
    if channel_tiled(ctx, plan):
        return render_conv_channels(ctx, plan, epi)
    geo = positions_geometry(ctx, plan)
    return None if geo is None else render_conv_positions(ctx, plan, geo, epi)


KIND_RENDERERS = {"conv": render_conv}
OP_RENDERERS = {"conv": single_node_renderer("conv", render_conv)}
SUPPORTED: frozenset[str] = frozenset(KIND_RENDERERS)
RENDERS = Renders(__name__, kinds=KIND_RENDERERS, ops=OP_RENDERERS, claims=SUPPORTED)
