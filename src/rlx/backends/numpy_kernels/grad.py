"""Reference kernels for the ops that gradients are built from.

Semantics are those of :mod:`rlx.ir.ops` (``OPS[kind].doc``); this module only
states how each kernel computes them.

* ``scatter_add``: float updates accumulate in f64 and are rounded once to the
  result dtype; integer updates accumulate in their own dtype (wrapping). Every
  index is checked before anything is written: one outside ``[-size, size)``
  raises :class:`rlx.errors.ExecutionError`.
* ``max_pool2d_indices``: exact. Window values are compared as stored (f16 and
  bf16 widened exactly to f32); padded taps are excluded explicitly, so an integer
  window holding the dtype's minimum still picks a real element.
"""

from __future__ import annotations

import math

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute, finish
from rlx.backends.numpy_kernels.nn import _windows
from rlx.errors import ExecutionError
from rlx.ir.graph import Node


def _checked_indices(indices: np.ndarray, size: int) -> np.ndarray:
    """``indices`` as i64 with negatives wrapped; raises for any outside [-size, size)."""
    idx = indices.astype(np.int64)
    bad = (idx < -size) | (idx >= size)
    if bad.any():
        first = int(idx[bad][0])
        raise ExecutionError(f"scatter_add: index {first} is out of range for an axis of "
                             f"size {size} (valid: {-size}..{size - 1})")
    return np.where(idx < 0, idx + size, idx)


def _accumulation_dtype(dtype: np.dtype) -> np.dtype:
    """f64 for float results, the result dtype itself for integers."""
    if dtype.kind == "f" or dtype.name == "bfloat16":
        return np.dtype(np.float64)
    return dtype


def _scatter_add(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    updates, indices = args
    axis, size = node.attr("axis"), node.attr("size")
    idx = _checked_indices(indices, size).reshape(-1)
    before = math.prod(updates.shape[:axis])
    after = math.prod(updates.shape[axis + indices.ndim:])
    acc = _accumulation_dtype(node.dtype.np)
    values = updates.astype(acc).reshape(before, idx.size, after)
    out = np.zeros((before, size, after), dtype=acc)
    np.add.at(out, (slice(None), idx), values)
    return finish(out, node)


def _max_pool2d_indices(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = compute(args[0])
    height, width = x.shape[2:]
    padding = tuple(node.attr("padding"))
    kernel, stride = node.attr("kernel"), node.attr("stride")
    fill = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    padded = np.pad(x, ((0, 0), (0, 0)) + padding, constant_values=fill)
    real = np.pad(np.ones(x.shape, dtype=bool), ((0, 0), (0, 0)) + padding)
    values = _windows(padded, kernel, stride, (1, 1))
    valid = _windows(real, kernel, stride, (1, 1))
    best = values.max(axis=(-2, -1), keepdims=True)
    chosen = valid & ((values == best) | (values != values))  # x != x: nan
    flat = chosen.reshape(chosen.shape[:4] + (-1,))
    tap = np.argmax(flat, axis=-1)  # the first chosen tap in row-major window order
    tap_row, tap_col = np.divmod(tap, kernel[1])
    out_rows = np.arange(flat.shape[2])[:, None] * stride[0] - padding[0][0]
    out_cols = np.arange(flat.shape[3])[None, :] * stride[1] - padding[1][0]
    return finish((out_rows + tap_row) * width + (out_cols + tap_col), node)


KERNELS: dict[str, KernelFn] = {
    "scatter_add": _scatter_add,
    "max_pool2d_indices": _max_pool2d_indices,
}
