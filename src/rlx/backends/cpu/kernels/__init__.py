"""The cpu backend's renderer tables, joined from each kernel module's ``RENDERS``
declaration (:mod:`.registry`: a kind or op registered twice is an error).

``KIND_RENDERERS`` render a whole kernel by its kind; kernels of kind ``op`` (one node)
go to ``OP_RENDERERS`` by op kind. ``SUPPORTED`` is the set of built-in op kinds the
backend claims (:func:`supported` adds the custom ops registered with a C kernel, which
:mod:`.custom` renders); the pipeline decomposes or rejects every other op before
rendering.
"""

from __future__ import annotations

from rlx.backends.cpu.kernels import (
    attention,
    cached_attention,
    collective,
    control,
    conv,
    elementwise,
    fft,
    gradops,
    index,
    lapack,
    layout,
    linalg,
    moe,
    nn,
    qmatmul,
    quant,
    rng,
    rowops,
    rowreduce,
)
from rlx.backends.cpu.kernels.custom import render_custom
from rlx.backends.cpu.kernels.registry import assemble
from rlx.backends.cpu.render import RenderContext
from rlx.errors import UnsupportedOpError
from rlx.ir.custom import CUSTOM_OPS, c_kernel_ops
from rlx.passes.program import Kernel

TABLES = assemble([m.RENDERS for m in (elementwise, linalg, conv, attention, cached_attention,
                                        rowreduce, rowops, layout, index, nn, rng, quant,
                                        qmatmul, gradops, lapack, control, fft, moe,
                                        collective)],
                  leaves={"input", "param", "constant", "arange"})
KIND_RENDERERS = TABLES.kinds
OP_RENDERERS = TABLES.ops
SUPPORTED = TABLES.supported


def supported() -> frozenset[str]:
    """The op kinds the backend claims now: :data:`SUPPORTED` and the custom ops that
    have a C kernel."""
    return SUPPORTED | c_kernel_ops()


def render_kernel(ctx: RenderContext, kernel: Kernel) -> str | None:
    """C statements of ``kernel``'s function body (None: nothing to run)."""
    if kernel.kind == "op" or kernel.kind not in KIND_RENDERERS:
        node = ctx.graph.nodes[kernel.outputs[0]]
        fn = OP_RENDERERS.get(node.op)
        if fn is None and node.op in CUSTOM_OPS:
            fn = render_custom
        if fn is None or len(kernel.nodes) != 1:
            raise UnsupportedOpError(f"cpu backend cannot render kernel {kernel.name} "
                                     f"({kernel.kind}: {node.op})")
        return fn(ctx, node)
    return KIND_RENDERERS[kernel.kind](ctx, kernel)
