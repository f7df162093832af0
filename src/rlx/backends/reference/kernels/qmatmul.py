"""Reference kernels for dequant_matmul (unpack the weight to f32, multiply in float64)
and dequant_gather (unpack the indexed rows).

The weight is dequantised by :func:`rlx.ir.quantized.dequantize` (the oracle), then
``x @ W.T`` (or ``x @ W`` with ``transpose``) is computed in float64 and rounded
once to f32; other backends accumulate in f32 and agree within that tolerance.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.reference.kernels.common import KernelContext, finish
from rlx.errors import ExecutionError
from rlx.ir.graph import Node
from rlx.ir.quantized import PackedLayout, dequantize, dequantize_rows


def dequant_matmul(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    w = dequantize(layout, args[1:]).astype(np.float64)
    x = args[0].astype(np.float64)
    y = x @ w if node.attr("transpose") else x @ w.T
    return finish(y, node)


def dequant_gather(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """The indexed rows of W, dequantised by :func:`rlx.ir.quantized.dequantize_rows`;
    an index outside [-n, n) raises (negatives wrap, as gather)."""
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    idx = args[0].astype(np.int64).reshape(-1)
    bad = (idx < -layout.n) | (idx >= layout.n)
    if bad.any():
        raise ExecutionError(f"dequant_gather: index {int(idx[bad][0])} is out of range for "
                             f"a table of {layout.n} rows (valid: {-layout.n}..{layout.n - 1})")
    rows = dequantize_rows(layout, args[1:], np.where(idx < 0, idx + layout.n, idx))
    return finish(rows.reshape(node.shape), node)


KERNELS = {"dequant_matmul": dequant_matmul, "dequant_gather": dequant_gather}
