"""Reference kernel for dequant_matmul: unpack the weight to f32, multiply in float64.

The weight is dequantised by :func:`rlx.ir.quantized.dequantize` (the oracle), then
``x @ W.T`` (or ``x @ W`` with ``transpose``) is computed in float64 and rounded
once to f32; other backends accumulate in f32 and agree within that tolerance.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.reference.kernels.common import KernelContext, finish
from rlx.ir.graph import Node
from rlx.ir.quantized import PackedLayout, dequantize


def dequant_matmul(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    w = dequantize(layout, args[1:]).astype(np.float64)
    x = args[0].astype(np.float64)
    y = x @ w if node.attr("transpose") else x @ w.T
    return finish(y, node)


KERNELS = {"dequant_matmul": dequant_matmul}
