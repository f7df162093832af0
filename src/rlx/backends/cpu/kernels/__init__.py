"""The cpu backend's renderer tables, assembled in one place.

``KIND_RENDERERS`` render a whole kernel by its kind; kernels of kind ``op`` (one node)
go to ``OP_RENDERERS`` by op kind. ``SUPPORTED`` is the set of op kinds the backend
claims; the pipeline decomposes or rejects every other op before rendering.
"""

from __future__ import annotations

from rlx.backends.cpu.kernels import (
    attention,
    conv,
    elementwise,
    gradops,
    index,
    layout,
    linalg,
    nn,
    qmatmul,
    quant,
    rng,
    rowops,
    rowreduce,
)
from rlx.backends.cpu.render import RenderContext
from rlx.errors import UnsupportedOpError
from rlx.passes.program import Kernel

KIND_RENDERERS = {
    "elementwise": elementwise.render_elementwise,
    "view": elementwise.render_view,
    **linalg.KIND_RENDERERS,
    **conv.KIND_RENDERERS,
    **attention.KIND_RENDERERS,
    **rowreduce.KIND_RENDERERS,
}
OP_RENDERERS = {**linalg.OP_RENDERERS, **conv.OP_RENDERERS, **attention.OP_RENDERERS,
                **rowreduce.OP_RENDERERS, **rowops.OP_RENDERERS,
                **layout.OP_RENDERERS, **index.OP_RENDERERS, **nn.OP_RENDERERS,
                **rng.OP_RENDERERS, **quant.OP_RENDERERS,
                **qmatmul.OP_RENDERERS, **gradops.OP_RENDERERS}
SUPPORTED = (elementwise.ELEMENTWISE_OPS | elementwise.VIEW_OPS | linalg.SUPPORTED
             | conv.SUPPORTED | attention.SUPPORTED
             | rowreduce.SUPPORTED | rowops.SUPPORTED
             | layout.SUPPORTED | index.SUPPORTED | nn.SUPPORTED | rng.SUPPORTED
             | quant.SUPPORTED | qmatmul.SUPPORTED | gradops.SUPPORTED
             | {"input", "param", "constant", "arange"})


def render_kernel(ctx: RenderContext, kernel: Kernel) -> str | None:
    """C statements of ``kernel``'s function body (None: nothing to run)."""
    if kernel.kind == "op" or kernel.kind not in KIND_RENDERERS:
        node = ctx.graph.nodes[kernel.outputs[0]]
        fn = OP_RENDERERS.get(node.op)
        if fn is None or len(kernel.nodes) != 1:
            raise UnsupportedOpError(f"cpu backend cannot render kernel {kernel.name} "
                                     f"({kernel.kind}: {node.op})")
        return fn(ctx, node)
    return KIND_RENDERERS[kernel.kind](ctx, kernel)
