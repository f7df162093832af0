"""Reference kernels for shape, layout and indexing ops.

These ops move values without arithmetic, so every dtype (bf16 included) is
handled as stored. Results never alias an operand: a kernel that could return a
numpy view returns a fresh C-contiguous copy instead.

Run-time checks: ``gather`` raises :class:`rlx.errors.ExecutionError` for an index
outside ``[-n, n)`` (never clamps); ``one_hot`` maps out-of-range indices to an
all-zero row. ``arange`` is computed in f64 and rounded once to its dtype, with
its length taken from the node's shape.
"""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, finish
from rlx.errors import ExecutionError
from rlx.ir.graph import Node


def owned(value: np.ndarray, node: Node) -> np.ndarray:
    """A fresh C-contiguous array with the node's dtype and shape."""
    return np.array(finish(value, node), order="C", copy=True)


def _reshape(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """reshape, squeeze and unsqueeze: same row-major elements, the node's shape."""
    return owned(args[0], node)


def _transpose(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return owned(np.transpose(args[0], node.attr("perm")), node)


def _broadcast_to(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return owned(np.broadcast_to(args[0], node.shape), node)


def axis_slice(start: int, step: int, length: int) -> slice:
    """A Python slice taking ``length`` elements from ``start`` by ``step``.

    Built from the result length rather than the stored stop, so it is correct
    for any stop that selects the same elements.
    """
    if length == 0:
        return slice(0, 0)
    stop = start + step * length
    return slice(start, stop if stop >= 0 else None, step)


def _slice(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """Python slicing per axis from the canonical (start, step) and the result shape."""
    key = tuple(axis_slice(start, step, length) for start, step, length in
                zip(node.attr("starts"), node.attr("steps"), node.shape, strict=True))
    return owned(args[0][key], node)


def _concat(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return owned(np.concatenate(args, axis=node.attr("axis")), node)


def fill_value(value: float | int, dtype: np.dtype) -> np.ndarray:
    """``value`` converted to ``dtype`` as the ``cast`` op does (a 0-d array).

    Floats round to nearest (a complex fill is real); integers truncate toward zero and
    saturate, nan -> 0; bool is ``value != 0``.
    """
    if dtype.kind in "fc" or dtype.name == "bfloat16":
        return np.asarray(value, dtype=np.float64).astype(dtype)
    if dtype.kind == "b":
        return np.asarray(value != 0)
    info = np.iinfo(dtype)
    if isinstance(value, int):          # exact: through a float, 2**53 + 1 became 2**53
        return np.asarray(min(max(value, int(info.min)), int(info.max)), dtype=dtype)
    if np.isnan(value):
        return np.zeros((), dtype)
    clipped = min(max(np.trunc(value), float(info.min)), float(info.max))
    return np.asarray(int(clipped), dtype=dtype)


def _pad(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """numpy.pad with modes constant (value), reflect and edge."""
    x = args[0]
    pads = node.attr("pads")
    mode = node.attr("mode")
    if mode == "constant":
        return owned(_pad_constant(x, pads, fill_value(node.attr("value"), x.dtype)), node)
    if not any(b or e for b, e in pads):
        return owned(x, node)
    return owned(np.pad(x, pads, mode=mode), node)


def _pad_constant(x: np.ndarray, pads, value: np.ndarray) -> np.ndarray:
    """Constant padding: a filled array with ``x`` written into its interior."""
    shape = tuple(d + b + e for d, (b, e) in zip(x.shape, pads, strict=True))
    out = np.full(shape, value, dtype=x.dtype)
    interior = tuple(slice(b, b + d) for d, (b, _) in zip(x.shape, pads, strict=True))
    out[interior] = x
    return out


def _gather(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """numpy take along ``axis``; indices in [-n, n), anything else raises."""
    x, indices = args
    axis = node.attr("axis")
    idx = indices.astype(np.int64)
    n = x.shape[axis]
    _check_gather_indices(idx, n, axis)
    wrapped = np.where(idx < 0, idx + n, idx)
    return owned(np.take(x, wrapped, axis=axis), node)


def _check_gather_indices(idx: np.ndarray, n: int, axis: int) -> None:
    """Raise ExecutionError naming the first index outside [-n, n) and the axis size."""
    bad = (idx < -n) | (idx >= n)
    if bad.any():
        first = int(idx[bad][0])
        raise ExecutionError(f"gather: index {first} is out of range for axis {axis} "
                             f"of size {n} (valid: {-n}..{n - 1})")


def _tile(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return owned(np.tile(args[0], node.attr("reps")), node)


def _flip(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0]
    for axis in node.attr("axes"):
        x = np.flip(x, axis=axis)
    return owned(x, node)


def _one_hot(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """``out[..., j] = (idx == j)``; indices outside [0, depth) give an all-zero row."""
    idx = args[0].astype(np.int64)
    positions = np.arange(node.attr("depth"), dtype=np.int64)
    hits = idx[..., np.newaxis] == positions
    return owned(hits.astype(node.dtype.np), node)


def _arange(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    """``start + i * step`` for i < the node's length, in f64, rounded once to dtype."""
    start = float(node.attr("start"))
    step = float(node.attr("step"))
    values = start + step * np.arange(node.shape[0], dtype=np.float64)
    return owned(values, node)


KERNELS: dict[str, KernelFn] = {
    "reshape": _reshape,
    "transpose": _transpose,
    "broadcast_to": _broadcast_to,
    "squeeze": _reshape,
    "unsqueeze": _reshape,
    "slice": _slice,
    "concat": _concat,
    "pad": _pad,
    "gather": _gather,
    "tile": _tile,
    "flip": _flip,
    "one_hot": _one_hot,
    "arange": _arange,
}
