"""Indexing ONNX ops: gathers, scatters, one-hot, top-k, data-selected views.

GatherElements and GatherND become one rlx ``gather`` on the flattened data with
flat indices: the indexed coordinate comes from the (run-time) index tensor,
every other coordinate's contribution is an import-time constant. The scatters
use the same flat indices with rlx ``scatter_update``. Negative indices count
from the end of their axis; any other out-of-range index raises
ExecutionError at run time (rlx never clamps).
"""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis, static_ints
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

# --------------------------------------------------------------------------- helpers


def strides_of(shape: tuple[int, ...]) -> list[int]:
    """Row-major element strides of ``shape``."""
    strides = [1] * len(shape)
    for a in range(len(shape) - 2, -1, -1):
        strides[a] = strides[a + 1] * shape[a + 1]
    return strides


def wrap_negative(idx: Tensor, size: Tensor | int) -> Tensor:
    """``idx`` as i64 with negative entries shifted up by ``size``."""
    idx = cast(idx, DType.I64)
    if not isinstance(size, Tensor):
        size = idx.graph.constant(np.asarray(size, dtype=np.int64), DType.I64)
    zero = idx.graph.constant(np.zeros((), dtype=np.int64), DType.I64)
    return api.where(idx < zero, idx + size, idx)


def element_flat_indices(data_shape: tuple[int, ...], idx: Tensor, axis: int) -> Tensor:
    """Flat positions into ``data_shape`` of GatherElements/ScatterElements entries.

    Entry ``i`` of ``idx`` addresses ``data[i_0, ..., idx[i], ..., i_r]``: its axis
    coordinate comes from ``idx`` (negatives wrapped), the others from its position.
    """
    strides = strides_of(data_shape)
    grid = np.indices(idx.shape, dtype=np.int64)
    base = np.zeros(idx.shape, dtype=np.int64)
    for a in range(len(data_shape)):
        if a != axis:
            base += grid[a] * strides[a]
    wrapped = wrap_negative(idx, data_shape[axis])
    stride = idx.graph.constant(np.asarray(strides[axis], dtype=np.int64), DType.I64)
    return wrapped * stride + idx.graph.constant(base, DType.I64)


def gather_elements(x: Tensor, idx: Tensor, axis: int) -> Tensor:
    """out[i] = x[i with coordinate ``axis`` replaced by idx[i]] (ONNX GatherElements)."""
    flat = element_flat_indices(x.shape, idx, axis)
    return api.gather(x.reshape(-1), flat, 0)


def nd_row_indices(data_shape: tuple[int, ...], idx: Tensor, batch_dims: int) -> Tensor:
    """Row numbers into data reshaped to [prod(shape[:b+k]), ...] for GatherND/ScatterND
    index tuples ``idx[..., :k]`` (the first ``batch_dims`` axes shared with data)."""
    k = idx.shape[-1]
    indexed = data_shape[batch_dims:batch_dims + k]
    g = idx.graph
    dims = g.constant(np.asarray(indexed, dtype=np.int64), DType.I64)
    strides = g.constant(np.asarray(strides_of(indexed), dtype=np.int64), DType.I64)
    rows = (wrap_negative(idx, dims) * strides).sum(-1)
    if batch_dims == 0:
        return rows
    per_batch = int(np.prod(indexed, dtype=np.int64))
    batch_shape = idx.shape[:batch_dims]
    batch = np.arange(int(np.prod(batch_shape, dtype=np.int64)), dtype=np.int64) * per_batch
    batch = batch.reshape(batch_shape + (1,) * (idx.ndim - 1 - batch_dims))
    return rows + g.constant(batch, DType.I64)


# --------------------------------------------------------------------------- gathers

def convert_gather(cx: NodeContext) -> Tensor:
    """numpy take along ``axis`` (negative indices wrap)."""
    x = cx.input(0)
    return api.gather(x, cx.input(1), norm_axis(cx, cx.attr("axis", 0), x.ndim))


def convert_gather_elements(cx: NodeContext) -> Tensor:
    """out[i] = x[i with coordinate ``axis`` replaced by idx[i]]."""
    x = cx.input(0)
    return gather_elements(x, cx.input(1), norm_axis(cx, cx.attr("axis", 0), x.ndim))


def convert_gather_nd(cx: NodeContext) -> Tensor:
    """Slices of x addressed by the index tuples in idx's last axis."""
    x, idx = cx.input(0), cx.input(1)
    b = cx.attr("batch_dims", 0)
    k = idx.shape[-1]
    rest = x.shape[b + k:]
    rows = int(np.prod(x.shape[:b + k], dtype=np.int64))
    table = x.reshape((rows,) + rest)
    return api.gather(table, nd_row_indices(x.shape, idx, b), 0)


# --------------------------------------------------------------------------- scatters

def _reduction(cx: NodeContext) -> str:
    reduction = cx.attr("reduction", "none")
    if reduction not in ("none", "add", "mul", "max", "min"):
        raise cx.error(f"unknown reduction {reduction!r}")
    return reduction


def _scatter_update(data: Tensor, rows: Tensor, updates: Tensor, reduction: str) -> Tensor:
    return data.graph.apply("scatter_update", [data, rows, updates], reduction=reduction)


def convert_scatter_elements(cx: NodeContext) -> Tensor:
    """Copy of data with data[i with axis coordinate idx[i]] (reduced with) updates[i]."""
    data, idx, updates = cx.input(0), cx.input(1), cx.input(2)
    axis = norm_axis(cx, cx.attr("axis", 0), data.ndim)
    flat = element_flat_indices(data.shape, idx, axis).reshape(-1)
    out = _scatter_update(data.reshape(-1), flat, updates.reshape(-1), _reduction(cx))
    return out.reshape(data.shape)


def convert_scatter_nd(cx: NodeContext) -> Tensor:
    """Copy of data with the slices addressed by idx's tuples (reduced with) updates."""
    data, idx, updates = cx.input(0), cx.input(1), cx.input(2)
    k = idx.shape[-1]
    rest = data.shape[k:]
    table = data.reshape((int(np.prod(data.shape[:k], dtype=np.int64)),) + rest)
    rows = nd_row_indices(data.shape, idx, 0).reshape(-1)
    flat_updates = updates.reshape((rows.shape[0],) + rest)
    return _scatter_update(table, rows, flat_updates, _reduction(cx)).reshape(data.shape)


def convert_tensor_scatter(cx: NodeContext) -> Tensor:
    """KV-cache style update: update's steps written into the cache along ``axis`` from
    each batch entry's write index (wrapping modulo the cache length in circular mode)."""
    cache, update = cx.input(0), cx.input(1)
    axis = norm_axis(cx, cx.attr("axis", -2), cache.ndim)
    prefix = cache.shape[:axis]
    rest = cache.shape[axis + 1:]
    capacity, steps = cache.shape[axis], update.shape[axis]
    rows_per_prefix = int(np.prod(prefix, dtype=np.int64))
    batch_of = np.indices(prefix, dtype=np.int64)[0].reshape(-1) if prefix else np.zeros(1,
                                                                                         int)
    if cx.has_input(2):
        writes = api.gather(cast(cx.input(2), DType.I64), cx.const(batch_of.astype(np.int64)), 0)
    else:
        writes = cx.const(np.zeros(rows_per_prefix, dtype=np.int64))
    position = writes.reshape((rows_per_prefix, 1)) + cx.const(
        np.arange(steps, dtype=np.int64).reshape(1, steps))
    base = np.arange(rows_per_prefix, dtype=np.int64).reshape(-1, 1) * capacity
    if cx.attr("mode", "linear") == "circular":
        position = api.mod(position, cx.const(np.asarray(capacity, dtype=np.int64)))
        rows = position + cx.const(base)
    else:
        # a step outside its own entry's [0, capacity) would land in a neighbour's rows
        # of the flattened table: sent past the table instead, where the scatter refuses
        # it at run time
        zero = cx.const(np.asarray(0, dtype=np.int64))
        outside = (position < zero) | (position >= cx.const(np.asarray(capacity, np.int64)))
        past = cx.const(np.asarray(rows_per_prefix * capacity, dtype=np.int64))
        rows = api.where(outside, past, position + cx.const(base))
    rows = rows.reshape(-1)
    table = cache.reshape((rows_per_prefix * capacity,) + rest)
    updates = update.reshape((rows_per_prefix * steps,) + rest)
    return _scatter_update(table, rows, updates, "none").reshape(cache.shape)


# --------------------------------------------------------------------------- others

def convert_one_hot(cx: NodeContext) -> Tensor:
    """values[1] where the (wrapped) index equals the position on the new axis, else
    values[0]; out-of-range indices give an all-``values[0]`` row."""
    idx = cx.input(0)
    depth = int(np.asarray(cx.static(1)).reshape(-1)[0])
    values = cx.input(2)
    rank = idx.ndim + 1
    axis = norm_axis(cx, cx.attr("axis", -1), rank)
    if idx.dtype.is_float:
        idx = cast(api.floor(idx), DType.I64)
    hot = api.one_hot(wrap_negative(idx, depth), depth, dtype=DType.BOOL)
    off = api.slice(values, [0], [1]).reshape(())
    on = api.slice(values, [1], [2]).reshape(())
    out = api.where(hot, on, off)
    if axis != rank - 1:
        perm = list(range(axis)) + [rank - 1] + list(range(axis, rank - 1))
        out = out.transpose(perm)
    return out


def convert_top_k(cx: NodeContext) -> list[Tensor]:
    """rlx topk: sorted values and i64 indices, ties to the lower index."""
    x = cx.input(0)
    k = cx.attr("k") if cx.opset < 10 else static_ints(cx, 1)[0]
    axis = norm_axis(cx, cx.attr("axis", -1), x.ndim)
    values, indices = api.topk(x, k, axis, largest=bool(cx.attr("largest", 1)))
    return [values, indices]


def convert_non_zero(cx: NodeContext) -> Tensor:
    """Indices of the non-zero elements, [rank, count] i64; the operand must be known at
    import time because the output's shape depends on its values."""
    if not cx.is_static(0):
        raise cx.unsupported("NonZero of a run-time value (its output shape depends on "
                             "the data)")
    value = np.asarray(cx.static(0))     # a scalar as one element (onnxruntime: [1, n])
    return cx.const(np.asarray(np.nonzero(value.reshape(1) if value.ndim == 0 else value),
                               dtype=np.int64))


def convert_compress(cx: NodeContext) -> Tensor:
    """The slices along ``axis`` (of the flattened input when absent) where the
    condition holds; the condition must be known at import time."""
    x = cx.input(0)
    keep = np.nonzero(np.asarray(cx.static(1)).astype(bool).reshape(-1))[0]
    axis = cx.attr("axis", None)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = norm_axis(cx, axis, x.ndim)
    keep = keep[keep < x.shape[axis]]
    return api.gather(x, cx.const(keep.astype(np.int64)), axis)


def reverse_sequences(x: Tensor, lens: Tensor, batch_axis: int, time_axis: int) -> Tensor:
    """Reverse the first lens[b] steps along ``time_axis`` of each batch entry b; later
    steps stay in place."""
    steps = x.shape[time_axis]
    t_shape = [1] * x.ndim
    t_shape[time_axis] = steps
    b_shape = [1] * x.ndim
    b_shape[batch_axis] = x.shape[batch_axis]
    t = x.graph.constant(np.arange(steps, dtype=np.int64).reshape(t_shape), DType.I64)
    n = cast(lens, DType.I64).reshape(tuple(b_shape))
    one = x.graph.constant(np.ones((), dtype=np.int64), DType.I64)
    idx = api.where(t < n, n - one - t, t)
    return gather_elements(x, api.broadcast_to(idx, x.shape), time_axis)


def convert_reverse_sequence(cx: NodeContext) -> Tensor:
    """Reverse the first sequence_lens[b] steps along time_axis of each batch entry b."""
    return reverse_sequences(cx.input(0), cx.input(1), cx.attr("batch_axis", 1),
                             cx.attr("time_axis", 0))


# --------------------------------------------------------------------------- table

CONVERTERS: list[Converter] = [
    Converter("Gather", convert_gather),
    Converter("GatherElements", convert_gather_elements),
    Converter("GatherND", convert_gather_nd),
    Converter("ScatterElements", convert_scatter_elements),
    Converter("Scatter", convert_scatter_elements, until=10),
    Converter("ScatterND", convert_scatter_nd),
    Converter("TensorScatter", convert_tensor_scatter),
    Converter("OneHot", convert_one_hot),
    Converter("TopK", convert_top_k),
    Converter("NonZero", convert_non_zero),
    Converter("Compress", convert_compress),
    Converter("ReverseSequence", convert_reverse_sequence),
]
