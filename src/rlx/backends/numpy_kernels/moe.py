"""Reference kernel of grouped_matmul: each selected expert's weight in float64.

GGML-format experts are dequantised by :func:`rlx.ir.quantized.dequantize` (the
oracle), one expert at a time and only the experts some token selects; the products
are summed in float64 and rounded once to f32. With ``x_int8`` each selection's input
is rounded to int8 and multiplied as ``dequant_matmul``'s (:func:`.qmatmul.int8_products`).
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, finish
from rlx.backends.numpy_kernels.qmatmul import int8_products
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
    if x.ndim == 2:
        x = np.broadcast_to(x[:, None, :], (t, k, x.shape[-1]))
    scheme = node.attr("scheme")
    out = np.zeros((t, k, node.shape[-1]), np.float64)
    for e in np.unique(idx):
        sel = idx == e
        if scheme == "f32":
            we = w[e].astype(np.float64)
            out[sel] = x[sel].astype(np.float64) @ (we if node.attr("transpose") else we.T)
            continue
        layout = expert_layout(scheme, node.attr("n"), node.attr("k"))
        rows = np.ascontiguousarray(w[e]).reshape(layout.n, layout.row_bytes)
        if node.attr("x_int8"):
            out[sel] = int8_products(layout, x[sel], rows)
        else:
            out[sel] = x[sel].astype(np.float64) @ dequantize(layout, [rows]).astype(
                np.float64).T
    return finish(out, node)


KERNELS = {"grouped_matmul": grouped_matmul}
