"""vmap: run a graph over a batch by adding a leading batch axis.

``vmap(graph, batched=[names], size=B)`` returns a new graph in which every input or
param named in ``batched`` has shape ``(B,) + shape``; every other input and param
keeps its shape and is shared by the whole batch. Element ``b`` of each result is
what ``graph`` computes from slice ``b`` of the batched values.

Output rule: **every output has the leading batch axis.** An output that depends on a
batched value carries it by construction; one that does not (it reads only shared
values) is broadcast to ``(B,) + shape``, so callers never need to know which is
which.

How values travel: each node of the new graph is either *batched* (its batch axis is
axis 0) or *shared* (no batch axis, exactly the original node). A node whose
operands are all shared is copied unchanged; otherwise the rule for its op kind in
:data:`BATCH_RULES` builds the batched equivalent. The rules, by family:

* elementwise and broadcasting ops: batched operands get size-1 axes after the batch
  axis so that numpy's right-aligned broadcasting lines the batch axes up;
* reductions, scans, softmax, topk, squeeze/unsqueeze, flip: axis attributes shift by
  one; reshape, slice, pad, tile, transpose: attributes gain the leading batch axis;
* matmul: 1-D operands are made 2-D, batch dims padded so the vmap axis leads;
* conv, pooling, attention, batch norm, cross-entropy: the vmap axis is folded into
  the op's own leading (sample) axis with a reshape and unfolded afterwards; a
  batched conv weight is folded into the channel groups instead;
* gather / scatter_add / scatter_update with batched indices address a table
  flattened to [B*N, ...] through row numbers ``b*N + i``;
* norms with batched gamma/beta, batch norm with batched statistics, and
  cross-entropy's mean/sum are rewritten from other ops. These rewrites round
  intermediate values to the operand dtype, so they can differ from the fused op by
  a few units in the last place;
* ops that mix every element of a tensor (round_to_format with a per-tensor or nvfp4
  scale), and dequant_matmul with a batched packed weight, run once per batch element
  on its slice (:func:`unrolled`);
* leaves: the listed inputs and params gain the batch axis; constants, ``arange``
  and the random ops stay shared. Random ops therefore draw once per run and every
  batch element sees the same values, as a loop over slices that runs each slice
  with the same seed would.

Every op kind of :data:`rlx.ir.ops.OPS` has a rule but those :data:`UNBATCHABLE` lists
with the reason they cannot be batched (``unpack``, which only compiled programs hold,
and the collectives of :mod:`rlx.ir.collective_ops`). An op kind with no rule
raises :class:`rlx.UnsupportedOpError` naming it. Rules go into the table
through :data:`vmap_rule` (the registrar idiom of the VJP and JVP tables), so a second
rule for one op is an error; the members of the rule families (elementwise, reduction,
zero-derivative) get theirs from the family, and the other elementwise ops come from
the op contract's categories (:data:`ELEMENTWISE_BATCHED`), not from a list typed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rlx.autodiff import derivatives as _derivatives  # noqa: F401  (declares the families)
from rlx.autodiff.common import FAMILIES, checked_names, registrar, reject_symbolic
from rlx.errors import GraphBuildError, UnsupportedOpError
from rlx.ir.collective_ops import COLLECTIVE_OPS
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import ELEMENTWISE_CATEGORIES, OPS
from rlx.ir.types import Shape


@dataclass(frozen=True)
class BatchedValue:
    """A node of the batched graph: its id, and whether axis 0 is the batch axis."""

    id: int
    batched: bool


class BatchContext:
    """The graph under construction and the helpers every batching rule shares.

    ``size`` is the batch size B; ``batched_names`` the inputs and params that gain
    the batch axis. Helpers that take a :class:`BatchedValue` accept shared and
    batched values alike unless their docstring says otherwise.
    """

    def __init__(self, graph: Graph, size: int, batched_names: frozenset[str]):
        self.graph = graph
        self.size = size
        self.batched_names = batched_names

    def add(self, op: str, operands: Sequence[int], **attrs: Any) -> int:
        """Append one node; returns its id."""
        return self.graph.add(op, operands, **attrs)

    def constant(self, value: Any, dtype: DType) -> int:
        """A constant node holding ``value`` converted to ``dtype``."""
        return self.graph.constant(np.asarray(value), dtype).id

    def shape(self, node_id: int) -> Shape:
        return self.graph.nodes[node_id].shape

    def logical_shape(self, value: BatchedValue) -> Shape:
        """The shape one batch element sees (the batch axis left out)."""
        shape = self.shape(value.id)
        return shape[1:] if value.batched else shape

    def reshape(self, node_id: int, shape: Shape) -> int:
        """``node_id`` reshaped to ``shape``; no node when the shape already matches."""
        if self.shape(node_id) == tuple(shape):
            return node_id
        return self.add("reshape", [node_id], shape=tuple(shape))

    def transpose(self, node_id: int, perm: Sequence[int]) -> int:
        """``node_id`` with axes permuted; no node for the identity permutation."""
        perm = tuple(perm)
        if perm == tuple(range(len(perm))):
            return node_id
        return self.add("transpose", [node_id], perm=perm)

    def to_batched(self, value: BatchedValue) -> int:
        """Id of ``value`` with the batch axis: shared values are broadcast to it."""
        if value.batched:
            return value.id
        return self.add("broadcast_to", [value.id], shape=(self.size,) + self.shape(value.id))

    def align(self, value: BatchedValue, rank: int) -> int:
        """Id of ``value`` ready for right-aligned broadcasting against logical rank
        ``rank``: a batched value of logical shape ``s`` becomes ``(B, 1, ..., 1, *s)``
        with ``rank`` axes after the batch axis; a shared value is returned as is."""
        if not value.batched:
            return value.id
        missing = rank - len(self.logical_shape(value))
        if missing <= 0:
            return value.id
        return self.add("unsqueeze", [value.id], axes=tuple(range(1, 1 + missing)))

    def expand(self, value: BatchedValue, shape: Shape) -> int:
        """Id of ``value`` broadcast to ``(B,) + shape`` (its logical shape must
        broadcast to ``shape``)."""
        target = (self.size,) + tuple(shape)
        aligned = self.align(value, len(shape))
        if self.shape(aligned) == target:
            return aligned
        return self.add("broadcast_to", [aligned], shape=target)

    def fold(self, node_id: int) -> int:
        """``(B, N, *rest)`` -> ``(B*N, *rest)``: the batch axis merged into the next."""
        shape = self.shape(node_id)
        return self.reshape(node_id, (shape[0] * shape[1],) + shape[2:])

    def unfold(self, node_id: int) -> int:
        """``(B*N, *rest)`` -> ``(B, N, *rest)``: the inverse of :meth:`fold`."""
        shape = self.shape(node_id)
        return self.reshape(node_id, (self.size, shape[0] // self.size) + shape[1:])


BatchRule = Callable[[BatchContext, Node, list[BatchedValue]], BatchedValue]


def _batched(node_id: int) -> BatchedValue:
    return BatchedValue(node_id, True)


def _shared(node_id: int) -> BatchedValue:
    return BatchedValue(node_id, False)


def elementwise(ctx: BatchContext, op: str, args: Sequence[BatchedValue],
                **attrs: Any) -> BatchedValue:
    """``op`` (a broadcasting op) on batched and shared operands; batched when any
    operand is."""
    if not any(a.batched for a in args):
        return _shared(ctx.add(op, [a.id for a in args], **attrs))
    rank = max(len(ctx.logical_shape(a)) for a in args)
    return _batched(ctx.add(op, [ctx.align(a, rank) for a in args], **attrs))


def _shift_axes(value: Any) -> Any:
    """An axis (int) or axes (tuple) attribute moved past the leading batch axis."""
    if isinstance(value, int):
        return value + 1
    return tuple(a + 1 for a in value)


# --------------------------------------------------------------------------- leaves

def _interface_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """input/param: the listed ones gain the batch axis, the others are shared."""
    attrs = node.attr_dict
    if attrs["name"] not in ctx.batched_names:
        return _shared(ctx.add(node.op, [], **attrs))
    attrs["shape"] = (ctx.size,) + node.shape
    return _batched(ctx.add(node.op, [], **attrs))


def _shared_leaf_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """constant, arange, random ops: no operands, so one value serves the batch."""
    return _shared(ctx.add(node.op, [], **node.attr_dict))


# --------------------------------------------------------------------------- generic rules

def _elementwise_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Ops that act on trailing axes and broadcast the rest (elementwise, one_hot)."""
    return elementwise(ctx, node.op, args, **node.attr_dict)


def axis_shift_rule(attr: str) -> BatchRule:
    """Rule for a one-operand op whose attribute ``attr`` holds an axis or axes."""
    def rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
        attrs = node.attr_dict
        attrs[attr] = _shift_axes(attrs[attr])
        return _batched(ctx.add(node.op, [args[0].id], **attrs))
    rule.__name__ = f"shift_{attr}_rule"
    return rule


def leading_attrs_rule(leading: dict[str, Any]) -> BatchRule:
    """Rule for a one-operand op whose per-axis attributes gain one entry for the batch
    axis: ``leading[attr]`` is that entry (e.g. slice's start 0, pad's (0, 0))."""
    def rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
        attrs = node.attr_dict
        for attr, entry in leading.items():
            attrs[attr] = (entry,) + tuple(attrs[attr])
        return _batched(ctx.add(node.op, [args[0].id], **attrs))
    rule.__name__ = f"leading_{'_'.join(leading)}_rule"
    return rule


def _folded_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """One-operand ops that treat their leading axis as independent samples (pooling):
    the batch axis is merged into it for the op and split off again after."""
    out = ctx.add(node.op, [ctx.fold(args[0].id)], **node.attr_dict)
    return _batched(ctx.unfold(out))


def unrolled(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """The op applied to each batch element separately (slice b of every batched
    operand), the B results stacked. Correct for any op, at B copies of it: the rule of
    last resort for ops that mix all their elements (e.g. a per-tensor scale)."""
    pieces = []
    for b in range(ctx.size):
        operands = [_element(ctx, a.id, b) if a.batched else a.id for a in args]
        out = ctx.add(node.op, operands, **node.attr_dict)
        pieces.append(ctx.add("unsqueeze", [out], axes=(0,)))
    return _batched(pieces[0] if len(pieces) == 1 else ctx.add("concat", pieces, axis=0))


def _element(ctx: BatchContext, node_id: int, b: int) -> int:
    """Batch element ``b`` of a batched node (the batch axis removed)."""
    rank = len(ctx.shape(node_id))
    part = ctx.add("slice", [node_id], starts=(b,) + (0,) * (rank - 1),
                   stops=(b + 1,) + (None,) * (rank - 1), steps=(1,) * rank)
    return ctx.add("squeeze", [part], axes=(0,))


def _round_to_format_rule(ctx: BatchContext, node: Node,
                          args: list[BatchedValue]) -> BatchedValue:
    """No scaling or mx blocks (which never cross a row) act per row: the batch axis is
    one more leading axis. per_tensor and nvfp4 scale by the whole tensor's maximum, so
    each batch element is rounded on its own."""
    if node.attr("scaling") in ("none", "mx"):
        return _elementwise_rule(ctx, node, args)
    return unrolled(ctx, node, args)


# --------------------------------------------------------------------------- shape ops

def _reshape_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    return _batched(ctx.reshape(args[0].id, (ctx.size,) + node.shape))


def _transpose_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    perm = (0,) + _shift_axes(node.attr("perm"))
    return _batched(ctx.transpose(args[0].id, perm))


def _broadcast_to_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    return _batched(ctx.expand(args[0], node.shape))


def _concat_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Shared pieces are broadcast to the batch, then joined on the shifted axis."""
    pieces = [ctx.to_batched(a) for a in args]
    return _batched(ctx.add("concat", pieces, axis=node.attr("axis") + 1))


def _flat_indices(ctx: BatchContext, indices: BatchedValue, n: int) -> int:
    """Indices (batched, shape ``(B, *ishape)``) into an axis of ``n`` rows per batch
    element, turned into i64 row numbers of the ``(B*n, ...)`` flattened axis.

    Index ``i`` of element ``b`` becomes ``b*n + (i mod n)``; an index outside
    ``[-n, n)`` becomes ``B*n``, which is out of range of the flattened axis, so a
    gather or scatter still raises ExecutionError instead of touching another
    element's rows.
    """
    rank = len(ctx.shape(indices.id))
    i64 = DType.I64
    idx = ctx.add("cast", [indices.id], dtype=i64)
    n_const = ctx.constant(n, i64)
    valid = ctx.add("logical_and", [ctx.add("ge", [idx, ctx.constant(-n, i64)]),
                                    ctx.add("lt", [idx, n_const])])
    negative = ctx.add("lt", [idx, ctx.constant(0, i64)])
    wrapped = ctx.add("where", [negative, ctx.add("add", [idx, n_const]), idx])
    starts = (np.arange(ctx.size, dtype=np.int64) * n).reshape((ctx.size,) + (1,) * (rank - 1))
    rows = ctx.add("add", [wrapped, ctx.constant(starts, i64)])
    return ctx.add("where", [valid, rows, ctx.constant(ctx.size * n, i64)])


def _gather_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    table, indices = args
    axis = node.attr("axis")
    if not indices.batched:
        return _batched(ctx.add("gather", [table.id, indices.id], axis=axis + 1))
    if not table.batched:
        # result [*pre, B, *ishape, *post]: move the batch axis to the front
        out = ctx.add("gather", [table.id, indices.id], axis=axis)
        rank = len(ctx.shape(out))
        perm = (axis,) + tuple(a for a in range(rank) if a != axis)
        return _batched(ctx.transpose(out, perm))
    # both batched: [B, *pre, n, *post] -> [B*n, *pre, *post], one gather on row numbers
    table_shape = ctx.logical_shape(table)
    n_pre, n_idx = axis, len(ctx.logical_shape(indices))
    rank = 1 + len(table_shape)
    to_front = (0, axis + 1) + tuple(a for a in range(1, rank) if a != axis + 1)
    flat = ctx.fold(ctx.transpose(table.id, to_front))
    rows = _flat_indices(ctx, indices, table_shape[axis])
    out = ctx.add("gather", [flat, rows], axis=0)  # [B, *ishape, *pre, *post]
    out_rank = len(ctx.shape(out))
    pre = tuple(range(1 + n_idx, 1 + n_idx + n_pre))
    idx_axes = tuple(range(1, 1 + n_idx))
    post = tuple(range(1 + n_idx + n_pre, out_rank))
    return _batched(ctx.transpose(out, (0,) + pre + idx_axes + post))


def _scatter_add_rule(ctx: BatchContext, node: Node,
                      args: list[BatchedValue]) -> BatchedValue:
    """Shared indices: the axis shifts. Batched indices: updates [B, *pre, *ishape, *post]
    become [B, *ishape, *pre, *post] and are scattered into B*size rows by row number."""
    updates, indices = args
    axis, size = node.attr("axis"), node.attr("size")
    if not indices.batched:
        return _batched(ctx.add("scatter_add", [updates.id, indices.id], axis=axis + 1,
                                size=size))
    n_idx = len(ctx.logical_shape(indices))
    rank = 1 + len(ctx.logical_shape(updates))
    pre = tuple(range(1, 1 + axis))
    idx_axes = tuple(range(1 + axis, 1 + axis + n_idx))
    post = tuple(range(1 + axis + n_idx, rank))
    moved = ctx.transpose(ctx.to_batched(updates), (0,) + idx_axes + pre + post)
    rows = _flat_indices(ctx, indices, size)
    out = ctx.add("scatter_add", [moved, rows], axis=0, size=ctx.size * size)
    out = ctx.unfold(out)  # [B, size, *pre, *post]
    out_rank = len(ctx.shape(out))
    back = (0,) + tuple(range(2, 2 + axis)) + (1,) + tuple(range(2 + axis, out_rank))
    return _batched(ctx.transpose(out, back))


def _scatter_update_rule(ctx: BatchContext, node: Node,
                         args: list[BatchedValue]) -> BatchedValue:
    """data [N, ...], indices [K], updates [K, ...]. Shared indices: data and updates are
    brought to the batch with it as axis 1, so the rows stay on axis 0. Batched indices:
    data and updates are flattened to [B*N, ...] / [B*K, ...] and the indices turned
    into row numbers; elements never share a row, so each keeps its write order."""
    data, indices, updates = args
    attrs = node.attr_dict
    if not indices.batched:
        rows_second = ctx.transpose(ctx.to_batched(data), _swap_first_two(node.type.rank + 1))
        updates_id = ctx.to_batched(updates)
        updates_id = ctx.transpose(updates_id, _swap_first_two(len(ctx.shape(updates_id))))
        out = ctx.add("scatter_update", [rows_second, indices.id, updates_id], **attrs)
        return _batched(ctx.transpose(out, _swap_first_two(node.type.rank + 1)))
    flat_data = ctx.fold(ctx.to_batched(data))
    rows = _flat_indices(ctx, indices, node.shape[0])
    flat_rows = ctx.reshape(rows, (ctx.shape(rows)[0] * ctx.shape(rows)[1],))
    flat_updates = ctx.fold(ctx.to_batched(updates))
    out = ctx.add("scatter_update", [flat_data, flat_rows, flat_updates], **attrs)
    return _batched(ctx.unfold(out))


def _swap_first_two(rank: int) -> tuple[int, ...]:
    return (1, 0) + tuple(range(2, rank))


# --------------------------------------------------------------------------- matmul

def _matmul_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Batched 1-D operands become matrices ([B, 1, k] / [B, k, 1]) whose added axis is
    squeezed from the result; batched operands get size-1 batch dims so that the vmap
    axis sits in front of every broadcast batch dim."""
    x, y = args
    x_rank, y_rank = len(ctx.logical_shape(x)), len(ctx.logical_shape(y))
    x_id, y_id = x.id, y.id
    added_row = x.batched and x_rank == 1
    added_col = y.batched and y_rank == 1
    if added_row:
        x_id, x_rank = ctx.add("unsqueeze", [x_id], axes=(1,)), 2
    if added_col:
        y_id, y_rank = ctx.add("unsqueeze", [y_id], axes=(2,)), 2
    n_batch = max(r - 2 for r in (x_rank, y_rank) if r >= 2)
    if x.batched:
        x_id = ctx.align(_batched(x_id), n_batch + 2)
    if y.batched:
        y_id = ctx.align(_batched(y_id), n_batch + 2)
    out = ctx.add("matmul", [x_id, y_id])
    out_rank = len(ctx.shape(out))
    squeeze = []
    if added_row:
        squeeze.append(out_rank - 1 if y_rank == 1 else out_rank - 2)
    if added_col:
        squeeze.append(out_rank - 1)
    if squeeze:
        out = ctx.add("squeeze", [out], axes=tuple(squeeze))
    return _batched(out)


def _dequant_matmul_rule(ctx: BatchContext, node: Node,
                         args: list[BatchedValue]) -> BatchedValue:
    """x [..., k] takes any leading axes, so a batched x with a shared packed weight is
    the op as it is; a batched packed weight is one weight per element (unrolled)."""
    if any(a.batched for a in args[1:]):
        return unrolled(ctx, node, args)
    return _batched(ctx.add("dequant_matmul", [a.id for a in args], **node.attr_dict))



def _dequant_gather_rule(ctx: BatchContext, node: Node,
                         args: list[BatchedValue]) -> BatchedValue:
    """Batched indices of any shape index the shared table as they are (the batch axis
    leads the result); a batched table is one table per element (unrolled)."""
    if any(a.batched for a in args[1:]):
        return unrolled(ctx, node, args)
    return _batched(ctx.add("dequant_gather", [a.id for a in args], **node.attr_dict))


# --------------------------------------------------------------------------- norms

def _norm_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """layer_norm / rms_norm. A batched x shifts ``axis``; batched gamma or beta are
    applied after an unscaled norm as elementwise mul / add."""
    x, affine = args[0], args[1:]
    attrs = node.attr_dict
    if x.batched:
        attrs["axis"] += 1
    if not any(a.batched for a in affine):
        return _batched(ctx.add(node.op, [a.id for a in args], **attrs))
    attrs["has_gamma"], attrs["has_beta"] = False, False
    out = BatchedValue(ctx.add(node.op, [x.id], **attrs), x.batched)
    rest = list(affine)
    if node.attr("has_gamma"):
        out = elementwise(ctx, "mul", [out, rest.pop(0)])
    if node.attr("has_beta"):
        out = elementwise(ctx, "add", [out, rest.pop(0)])
    return out


def _per_channel(ctx: BatchContext, value: BatchedValue, rank: int) -> BatchedValue:
    """A [C] statistic reshaped to [C, 1, ...] (logical rank ``rank - 1``) so that it
    broadcasts over axis 1 of an [N, C, ...] tensor of rank ``rank``."""
    lead = (ctx.size,) if value.batched else ()
    channels = ctx.logical_shape(value)
    shape = lead + channels + (1,) * (rank - 2)
    return BatchedValue(ctx.reshape(value.id, shape), value.batched)


def _batch_norm_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Only x batched: fold the batch into N. Batched statistics: the formula
    ``(x - mean) / sqrt(var + eps) * gamma + beta`` from elementwise ops."""
    x, stats = args[0], args[1:]
    if not any(s.batched for s in stats):
        out = ctx.add("batch_norm", [ctx.fold(x.id)] + [s.id for s in stats],
                      **node.attr_dict)
        return _batched(ctx.unfold(out))
    rank = node.type.rank
    mean, var, gamma, beta = (_per_channel(ctx, s, rank) for s in stats)
    eps = _shared(ctx.constant(node.attr("eps"), node.dtype))
    centred = elementwise(ctx, "sub", [x, mean])
    std = elementwise(ctx, "sqrt", [elementwise(ctx, "add", [var, eps])])
    scaled = elementwise(ctx, "mul", [elementwise(ctx, "div", [centred, std]), gamma])
    return elementwise(ctx, "add", [scaled, beta])


# --------------------------------------------------------------------------- nn

def _conv_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    x, weight = args[0], args[1]
    bias = args[2] if len(args) == 3 else None
    if weight.batched:
        return _conv_batched_weight(ctx, node, x, weight, bias)
    operands = [ctx.fold(x.id) if x.batched else x.id, weight.id]
    if bias is not None and not bias.batched:
        operands.append(bias.id)
    out = ctx.add("conv", operands, **node.attr_dict)
    result = BatchedValue(ctx.unfold(out) if x.batched else out, x.batched)
    if bias is not None and bias.batched:
        result = elementwise(ctx, "add", [result, _per_channel(ctx, bias, node.type.rank)])
    return result


def _conv_batched_weight(ctx: BatchContext, node: Node, x: BatchedValue,
                         weight: BatchedValue, bias: BatchedValue | None) -> BatchedValue:
    """A batched weight [B, C_out, C_in/g, *k] becomes one grouped conv with B*g groups:
    x [B, N, C, *sp] is laid out as [N, B*C, *sp], the weight as [B*C_out, ...]."""
    b = ctx.size
    x_id = ctx.to_batched(x)
    xs = ctx.shape(x_id)
    spatial_axes = tuple(range(3, len(xs)))
    x_id = ctx.transpose(x_id, (1, 0, 2) + spatial_axes)
    x_id = ctx.reshape(x_id, (xs[1], b * xs[2]) + xs[3:])
    ws = ctx.shape(weight.id)
    operands = [x_id, ctx.reshape(weight.id, (b * ws[1],) + ws[2:])]
    if bias is not None:
        operands.append(ctx.reshape(ctx.to_batched(bias), (b * ws[1],)))
    attrs = node.attr_dict
    attrs["groups"] *= b
    out = ctx.add("conv", operands, **attrs)
    n, _, *out_spatial = ctx.shape(out)
    out = ctx.reshape(out, (n, b, ws[1]) + tuple(out_spatial))
    return _batched(ctx.transpose(out, (1, 0, 2) + spatial_axes))


def _attention_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """q, k, v (and the mask, expanded to its full [B_attn, H, S, T] shape) are brought
    to the batch and folded into attention's own batch axis."""
    q, k, v = args[:3]
    operands = [ctx.fold(ctx.to_batched(t)) for t in (q, k, v)]
    if len(args) == 4:
        b_attn, heads, s, _ = ctx.logical_shape(q)
        t = ctx.logical_shape(k)[2]
        operands.append(ctx.fold(ctx.expand(args[3], (b_attn, heads, s, t))))
    out = ctx.add("attention", operands, **node.attr_dict)
    return _batched(ctx.unfold(out))



def _cached_attention_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]
                           ) -> BatchedValue:
    """Every operand (past_len expanded to its [B_attn]) is brought to the batch and
    folded into the op's own batch axis: each sequence keeps its own cache length.
    Paged: the pools stay shared by every batch element (a batched pool is refused) and
    the block table, expanded to [B_attn, max_pages], is folded like past_len."""
    paged = len(args) == 7
    if paged and (args[3].batched or args[4].batched):
        raise UnsupportedOpError("vmap: cannot batch the KV pools of a paged "
                                 "cached_attention (its sequences share one pool through "
                                 "the block table); batch the block table and past_len "
                                 "over one shared pool instead")
    fold = args[:3] if paged else args[:5]
    operands = [ctx.fold(ctx.to_batched(t)) for t in fold]
    if paged:
        operands += [args[3].id, args[4].id]
    b_attn = ctx.logical_shape(args[0])[0]
    operands.append(ctx.fold(ctx.expand(args[5], (b_attn,))))
    if paged:
        table = ctx.logical_shape(args[6])
        operands.append(ctx.fold(ctx.expand(args[6], (b_attn, table[1]))))
    out = ctx.add("cached_attention", operands, **node.attr_dict)
    return _batched(ctx.unfold(out))

def _rope_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Shared tables broadcast against a batched x as they are; batched tables are
    expanded to x's full table shape [B, ..., S, R/2]."""
    x, cos, sin = args
    if not cos.batched and not sin.batched:
        return _batched(ctx.add("rope", [x.id, cos.id, sin.id], **node.attr_dict))
    table = ctx.logical_shape(x)[:-1] + ctx.logical_shape(cos)[-1:]
    operands = [ctx.to_batched(x), ctx.expand(cos, table), ctx.expand(sin, table)]
    return _batched(ctx.add("rope", operands, **node.attr_dict))


def _cross_entropy_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Per-row losses over the folded [B*N, C] logits, then each element's own
    mean or sum over its N rows."""
    logits, labels = (ctx.fold(ctx.to_batched(a)) for a in args)
    rows = ctx.add("softmax_cross_entropy", [logits, labels], reduction="none")
    per_element = ctx.unfold(rows)  # [B, N]
    reduction = node.attr("reduction")
    if reduction == "none":
        return _batched(per_element)
    return _batched(ctx.add(reduction, [per_element], axes=(1,), keepdims=False))


# --------------------------------------------------------------------------- the table

ELEMENTWISE_BATCHED = frozenset(k for k, d in OPS.items()
                                if d.category in ELEMENTWISE_CATEGORIES) | {"one_hot", "bitcast"}
"""The ops batched as elementwise maps (:func:`_elementwise_rule`): the contract's
elementwise categories, and one_hot and bitcast, which act on each element (or each
index) alone too."""

BATCH_RULES: dict[str, BatchRule] = {}
"""Op kind -> batching rule ``rule(ctx, node, operands) -> BatchedValue``. A rule is
called for leaves and for every node with at least one batched operand; its result
has the batch axis at position 0 when it is batched."""

vmap_rule = registrar(BATCH_RULES, wrap=False)  # vmap_rule("kinds")(rule) fills BATCH_RULES

# the rule families (rlx.autodiff.common) give their members' batching rules; the
# derivatives module declares the members
_NOT_POINTWISE = {"round_to_format": _round_to_format_rule}
"""Elementwise-family members that are not pointwise under every attribute (a
per-tensor or block scale mixes elements), so they batch by their own rule."""
FAMILIES["elementwise"].install(
    "vmap", BATCH_RULES, lambda kind, spec: _NOT_POINTWISE.get(kind, _elementwise_rule))
FAMILIES["zero_derivative"].install("vmap", BATCH_RULES, lambda kind, why: _elementwise_rule)
FAMILIES["reduction"].install("vmap", BATCH_RULES, lambda kind, w: axis_shift_rule("axes"))


def _register_rules() -> None:
    families = set().union(*(f.members for f in FAMILIES.values()))
    vmap_rule("input param")(_interface_rule)
    vmap_rule("constant arange random_uniform random_normal")(_shared_leaf_rule)
    vmap_rule(" ".join(sorted(ELEMENTWISE_BATCHED - families)))(_elementwise_rule)
    vmap_rule("sum mean flip squeeze unsqueeze")(axis_shift_rule("axes"))
    vmap_rule("argmax argmin cumsum softmax log_softmax topk")(axis_shift_rule("axis"))
    vmap_rule("slice")(leading_attrs_rule({"starts": 0, "stops": None, "steps": 1}))
    vmap_rule("pad")(leading_attrs_rule({"pads": (0, 0)}))
    vmap_rule("tile")(leading_attrs_rule({"reps": 1}))
    vmap_rule("max_pool2d avg_pool2d max_pool2d_indices")(_folded_rule)
    vmap_rule("layer_norm rms_norm")(_norm_rule)
    for kind, rule in (("reshape", _reshape_rule), ("transpose", _transpose_rule),
                       ("broadcast_to", _broadcast_to_rule), ("concat", _concat_rule),
                       ("gather", _gather_rule), ("scatter_add", _scatter_add_rule),
                       ("scatter_update", _scatter_update_rule),
                       ("matmul", _matmul_rule),
                       ("dequant_matmul", _dequant_matmul_rule),
                       ("dequant_gather", _dequant_gather_rule),
                       ("batch_norm", _batch_norm_rule), ("conv", _conv_rule),
                       ("attention", _attention_rule),
                       ("cached_attention", _cached_attention_rule), ("rope", _rope_rule),
                       ("softmax_cross_entropy", _cross_entropy_rule)):
        vmap_rule(kind)(rule)


_register_rules()

UNBATCHABLE: dict[str, str] = {
    kind: "a collective (rlx.ir.collective_ops) exchanges one fixed-shape value with the "
          "other workers per run; batch the graph around it, or build it for the batch"
    for kind in sorted(COLLECTIVE_OPS)}
"""Op kind -> why vmap cannot batch it."""


# --------------------------------------------------------------------------- driver

def _check_arguments(graph: Graph, batched: Sequence[str], size: int) -> frozenset[str]:
    batched = checked_names(graph, batched, "vmap")
    if isinstance(size, bool) or not isinstance(size, int | np.integer) or size < 1:
        raise GraphBuildError(f"vmap: size must be a positive int, got {size!r}")
    leaves = [name for name, _ in graph.inputs + graph.params]
    unknown = [name for name in batched if name not in leaves]
    if unknown:
        raise GraphBuildError(f"vmap: {unknown} are not inputs or params of graph "
                              f"{graph.name!r}; it has {leaves}")
    return frozenset(batched)


def _rule_for(node_id: int, node: Node) -> BatchRule:
    rule = BATCH_RULES.get(node.op)
    if rule is not None:
        return rule
    reason = UNBATCHABLE.get(node.op, "no batching rule is registered for it")
    raise UnsupportedOpError(f"vmap: cannot batch op {node.op!r} (node {node_id}, "
                             f"{node.type}): {reason}")


def _check_result(ctx: BatchContext, node_id: int, node: Node, out: BatchedValue) -> None:
    want = ((ctx.size,) if out.batched else ()) + node.shape
    assert ctx.shape(out.id) == want, (
        f"vmap rule for {node.op!r} (node {node_id}) built {ctx.shape(out.id)}, "
        f"expected {want}")


def vmap(graph: Graph, batched: Sequence[str], size: int) -> Graph:
    """A graph computing ``graph`` for each of ``size`` batch elements at once.

    ``batched`` names inputs and/or params of ``graph``; in the result each of them
    has shape ``(size,) + shape`` and the same name and dtype. Unlisted inputs and
    params keep their shapes and are shared by all elements. Every output of the
    result has shape ``(size,) + shape`` (outputs that do not depend on a batched
    value are broadcast). The input graph is not modified.

    Raises GraphBuildError for an unknown name or a size that is not a positive int,
    and UnsupportedOpError naming the op when a node that needs batching has no rule.
    """
    reject_symbolic(graph, "vmap")
    names = _check_arguments(graph, batched, size)
    ctx = BatchContext(Graph(f"vmap({graph.name})"), int(size), names)
    values: list[BatchedValue] = []
    for node_id, node in enumerate(graph.nodes):
        args = [values[i] for i in node.inputs]
        if args and not any(a.batched for a in args):
            values.append(_shared(ctx.add(node.op, [a.id for a in args], **node.attr_dict)))
            continue
        out = _rule_for(node_id, node)(ctx, node, args)
        _check_result(ctx, node_id, node, out)
        values.append(out)
    ctx.graph.set_outputs([ctx.to_batched(values[o]) for o in graph.outputs])
    return ctx.graph
