"""Reference kernel of grouped_matmul: each selected expert's weight in float64.

GGML-format experts are dequantised by :func:`rlx.ir.quantized.dequantize` (the
oracle), one expert at a time and only the experts some token selects; the products
are summed in float64 and rounded once to f32.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.reference.kernels.common import KernelContext, finish
from rlx.errors import ExecutionError
from rlx.ir.graph import Node
from rlx.ir.moe_ops import expert_layout
from rlx.ir.quantized import dequantize


def grouped_matmul(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x, idx, w = args
    experts = w.shape[0]
    idx = idx.astype(np.int64)
    bad = (idx < 0) | (idx >= experts)
    if bad.any():
        raise ExecutionError(f"grouped_matmul: expert id {int(idx[bad][0])} is out of range "
                             f"for {experts} experts (valid: 0..{experts - 1})")
    t, k = idx.shape
    xs = x.astype(np.float64)
    if xs.ndim == 2:
        xs = np.broadcast_to(xs[:, None, :], (t, k, xs.shape[-1]))
    scheme = node.attr("scheme")
    out = np.zeros((t, k, node.shape[-1]), np.float64)
    for e in np.unique(idx):
        if scheme == "f32":
            we = w[e].astype(np.float64)
        else:
            layout = expert_layout(scheme, node.attr("n"), node.attr("k"))
            rows = np.ascontiguousarray(w[e]).reshape(layout.n, layout.row_bytes)
            we = dequantize(layout, [rows]).astype(np.float64)
        sel = idx == e
        out[sel] = xs[sel] @ (we if node.attr("transpose") else we.T)
    return finish(out, node)


KERNELS = {"grouped_matmul": grouped_matmul}
