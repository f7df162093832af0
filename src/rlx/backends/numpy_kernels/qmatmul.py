"""Reference kernels for dequant_matmul (unpack the weight to f32, multiply in float64)
and dequant_gather (unpack the indexed rows).

The weight is dequantised by :func:`rlx.ir.quantized.dequantize` (the oracle), then
``x @ W.T`` (or ``x @ W`` with ``transpose``) is computed in float64 and rounded
once to f32; other backends accumulate in f32 and agree within that tolerance. With
``x_int8``, x is first rounded to int8 per group of 32 (256 for the k-quants) by
:func:`rlx.ir.gguf_blocks.quantize_x_int8` (exactly as every backend rounds it), and
the products of the integer codes are summed in float64 with their scales.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, finish
from rlx.errors import ExecutionError
from rlx.ir.gguf_blocks import integer_groups, quantize_x_int8, x_int8_group
from rlx.ir.graph import Node
from rlx.ir.quantized import PackedLayout, dequantize, dequantize_rows


def dequant_matmul(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    layout = PackedLayout.of(node.attr("scheme"), node.attr("n"), node.attr("k"),
                             node.attr("block"))
    if node.attr("x_int8"):
        return finish(int8_products(layout, args[0], args[1]), node)
    w = dequantize(layout, args[1:]).astype(np.float64)
    x = args[0].astype(np.float64)
    y = x @ w if node.attr("transpose") else x @ w.T
    return finish(y, node)


def int8_products(layout: PackedLayout, x: np.ndarray, q: np.ndarray) -> np.ndarray:
    """x @ W.T with x rounded to int8 per group of 32, or 256 for the k-quants
    (``x_int8``): each product of a
    code of x and a code of W times the two scales, plus each group's offset times the
    scale and code sum of x's group, summed in float64."""
    n, k = layout.n, layout.k
    blocks = np.ascontiguousarray(q).reshape(-1, layout.scheme.block_bytes)
    groups = integer_groups(blocks, layout.scheme.name)
    codes, step, offset = groups.codes, groups.step, groups.signed_offset
    w = codes.reshape(n, k).astype(np.float64) * np.repeat(step.reshape(n, -1), 16, axis=1)
    group = x_int8_group(layout.scheme.name)
    xq, xd = quantize_x_int8(x.reshape(-1, k), group)
    xd = np.repeat(xd.astype(np.float64), group // 32, axis=1)      # per group of 32
    with np.errstate(invalid="ignore"):
        y = (xq.astype(np.float64) * np.repeat(xd, 32, axis=1)) @ w.T
        if offset is not None:
            sums = xq.reshape(len(xq), -1, 32).astype(np.float64).sum(axis=2)
            y = y + (xd * sums) @ offset.reshape(n, -1).astype(np.float64).T
    return y.reshape(*x.shape[:-1], n)


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
