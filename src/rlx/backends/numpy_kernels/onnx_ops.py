"""Reference kernels for the ops added for ONNX import.

Semantics are those of :mod:`rlx.ir.ops` (``OPS[kind].doc``); this module only
states how each kernel computes them.

* ``bitwise_*``: numpy's bitwise ufuncs on the operands' own integer dtype.
* ``bitcast``: a numpy view in the new dtype, copied.
* ``scatter_update``: every index is checked before anything is written (one
  outside ``[-N, N)`` raises :class:`rlx.errors.ExecutionError`). ``none`` writes
  rows in order (one vectorised write when no row repeats), so the last write to a
  row wins; the reductions use numpy's unbuffered ``ufunc.at``, which applies
  repeated indices one after another.
  f16/bf16 values are reduced in f32 and rounded once.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute, finish
from rlx.errors import ExecutionError
from rlx.ir.graph import Node


def _bitwise(fn) -> KernelFn:
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        return finish(fn(*args), node)
    kernel.__doc__ = f"numpy {fn.__name__} on the integer operands."
    return kernel


def _checked_rows(indices: np.ndarray, rows: int) -> np.ndarray:
    """``indices`` as i64 with negatives wrapped; ExecutionError for any outside
    [-rows, rows)."""
    idx = indices.astype(np.int64)
    bad = (idx < -rows) | (idx >= rows)
    if bad.any():
        first = int(idx[bad][0])
        raise ExecutionError(f"scatter_update: index {first} is out of range for {rows} rows "
                             f"(valid: {-rows}..{rows - 1})")
    return np.where(idx < 0, idx + rows, idx)


_REDUCE_AT = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


def _scatter_update(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    data, indices, updates = args
    rows = _checked_rows(indices, data.shape[0])
    out = compute(data).copy()
    values = compute(updates)
    reduction = node.attr("reduction")
    if reduction == "none" and np.unique(rows).size == rows.size:
        out[rows] = values
    elif reduction == "none":
        for j, row in enumerate(rows):
            out[row] = values[j]
    else:
        with np.errstate(over="ignore", invalid="ignore"):
            _REDUCE_AT[reduction].at(out, rows, values)
    return finish(out, node)


def _bitcast(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return np.ascontiguousarray(args[0]).view(node.dtype.np).reshape(node.shape).copy()


KERNELS: dict[str, KernelFn] = {
    "bitwise_and": _bitwise(np.bitwise_and),
    "bitwise_or": _bitwise(np.bitwise_or),
    "bitwise_xor": _bitwise(np.bitwise_xor),
    "bitwise_not": _bitwise(np.invert),
    "scatter_update": _scatter_update,
    "bitcast": _bitcast,
}
