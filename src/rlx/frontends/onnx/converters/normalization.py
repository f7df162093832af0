"""Normalizations: batch, instance, layer, group, RMS and Lp.

Inference batch norm is rlx ``batch_norm`` (or, after a conv whose result it alone
reads, folded into that conv's weights and bias); training mode (batch statistics and
updated running statistics) is built from reductions. Instance and group norm
reuse rlx ``layer_norm`` over the trailing axes of a reshaped input, then apply
the per-channel affine. f16/bf16 statistics are computed in f32.
"""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor


def _per_channel(t: Tensor, rank: int) -> Tensor:
    """A [C] vector shaped to broadcast over [N, C, ...] of ``rank``."""
    return t.reshape((t.shape[0],) + (1,) * (rank - 2))


def _batch_norm_training(cx: NodeContext, x: Tensor, scale: Tensor, bias: Tensor,
                         mean: Tensor, var: Tensor) -> list[Tensor]:
    """Normalise with the batch's statistics; also return the updated running ones."""
    eps, momentum = cx.attr("epsilon", 1e-5), cx.attr("momentum", 0.9)
    axes = (0,) + tuple(range(2, x.ndim))
    wide = cast(x, x.dtype.compute)
    batch_mean = wide.mean(axes, keepdims=True)
    centered = wide - batch_mean
    batch_var = (centered * centered).mean(axes, keepdims=True)
    inv = api.rsqrt(batch_var + eps)
    y = centered * inv * _per_channel(cast(scale, wide.dtype), x.ndim) + _per_channel(
        cast(bias, wide.dtype), x.ndim)
    flat_mean, flat_var = batch_mean.reshape(-1), batch_var.reshape(-1)
    running_mean = cast(mean, wide.dtype) * momentum + flat_mean * (1 - momentum)
    running_var = cast(var, wide.dtype) * momentum + flat_var * (1 - momentum)
    return [cast(y, x.dtype), cast(running_mean, mean.dtype), cast(running_var, var.dtype)]


def convert_batch_norm(cx: NodeContext) -> list[Tensor]:
    """(x - mean) / sqrt(var + epsilon) * scale + B over channel axis 1."""
    x = cx.input(0)
    scale, bias, mean, var = (cx.input(i) for i in range(1, 5))
    training = bool(cx.attr("training_mode", 0)) if cx.opset >= 14 else (
        cx.opset < 9 and cx.num_outputs > 1 and not cx.attr("is_test", 0))
    if training:
        return _batch_norm_training(cx, x, scale, bias, mean, var)
    operands = [cast(t, x.dtype) for t in (mean, var, scale, bias)]
    eps = cx.attr("epsilon", 1e-5)
    if _foldable_into_conv(cx, x):
        return [_fold_into_conv(x, *operands, eps)]
    return [api.batch_norm(x, *operands, eps=eps)]


def _foldable_into_conv(cx: NodeContext, x: Tensor) -> bool:
    """Whether ``x`` is an f32/f64 conv result read by this batch norm alone."""
    return (x.node.op == "conv" and x.dtype in (DType.F32, DType.F64)
            and cx.sole_reader(0))


def _fold_into_conv(y: Tensor, mean: Tensor, var: Tensor, scale: Tensor, bias: Tensor,
                    eps: float) -> Tensor:
    """Inference batch norm of conv result ``y`` as one conv whose weights are scaled by
    ``s = scale / sqrt(var + eps)`` per output channel and whose bias becomes
    ``(conv bias - mean) * s + bias``: the same function up to rounding (ONNX Runtime
    folds it the same way). Scaling params is param-only work, which the compile
    pipeline moves into the prepare stage; the conv's epilogue can then take what
    follows (a residual add, an activation)."""
    graph, node = y.graph, y.node
    x, w = graph.tensor(node.inputs[0]), graph.tensor(node.inputs[1])
    s = scale / api.sqrt(var + eps)
    weights = w * s.reshape((w.shape[0],) + (1,) * (w.ndim - 1))
    if len(node.inputs) == 3:
        shift = (graph.tensor(node.inputs[2]) - mean) * s + bias
    else:
        shift = bias - mean * s
    return graph.apply("conv", [x, weights, shift], **node.attr_dict)


def convert_instance_norm(cx: NodeContext) -> Tensor:
    """Per (n, c): (x - mean) / sqrt(var + epsilon) over the spatial axes, then affine."""
    x, scale, bias = cx.input(0), cx.input(1), cx.input(2)
    normed = api.layer_norm(x, eps=cx.attr("epsilon", 1e-5), axis=2)
    return normed * _per_channel(scale, x.ndim) + _per_channel(bias, x.ndim)


def convert_group_norm(cx: NodeContext) -> Tensor:
    """Normalise each group of C/G channels (with their spatial axes), then a
    per-channel affine (opset 21) or a per-group one (opset 18)."""
    x, scale, bias = cx.input(0), cx.input(1), cx.input(2)
    groups = cx.attr("num_groups")
    n, c = x.shape[:2]
    grouped = cast(x, x.dtype.compute).reshape((n, groups, -1))
    normed = api.layer_norm(grouped, eps=cx.attr("epsilon", 1e-5), axis=2)
    normed = cast(normed.reshape(x.shape), x.dtype)
    if cx.opset < 21 and scale.shape[0] == groups and groups != c:
        repeat = cx.const(np.repeat(np.arange(groups), c // groups).astype(np.int64))
        scale, bias = api.gather(scale, repeat, 0), api.gather(bias, repeat, 0)
    return normed * _per_channel(scale, x.ndim) + _per_channel(bias, x.ndim)


def convert_layer_norm(cx: NodeContext) -> list[Tensor | None]:
    """Normalise over axes axis..end; optional Mean and InvStdDev outputs."""
    x, scale, bias = cx.input(0), cx.input(1), cx.optional(2)
    axis = norm_axis(cx, cx.attr("axis", -1), x.ndim)
    eps = cx.attr("epsilon", 1e-5)
    norm_shape = x.shape[axis:]
    if not cx.wants_output(1) and not cx.wants_output(2):
        scale = api.broadcast_to(scale, norm_shape)
        bias = None if bias is None else api.broadcast_to(bias, norm_shape)
        return [api.layer_norm(x, scale, bias, eps=eps, axis=axis), None, None]
    axes = tuple(range(axis, x.ndim))
    wide = cast(x, x.dtype.compute)
    mean = wide.mean(axes, keepdims=True)
    centered = wide - mean
    inv = api.rsqrt((centered * centered).mean(axes, keepdims=True) + eps)
    y = centered * inv * cast(scale, wide.dtype)
    if bias is not None:
        y = y + cast(bias, wide.dtype)
    return [cast(y, x.dtype), mean, inv]


def convert_rms_norm(cx: NodeContext) -> Tensor:
    """x / sqrt(mean(x^2 over axes axis..end) + epsilon) * scale."""
    x, scale = cx.input(0), cx.input(1)
    axis = norm_axis(cx, cx.attr("axis", -1), x.ndim)
    gamma = api.broadcast_to(cast(scale, x.dtype), x.shape[axis:])
    return api.rms_norm(x, gamma, eps=cx.attr("epsilon", 1e-5), axis=axis)


def convert_lp_norm(cx: NodeContext) -> Tensor:
    """x / ||x||_p along ``axis`` (p = 1 or 2); 0 where the norm is 0."""
    x = cx.input(0)
    axis = norm_axis(cx, cx.attr("axis", -1), x.ndim)
    p = cx.attr("p", 2)
    if p == 1:
        norm = api.abs(x).sum(axis, keepdims=True)
    elif p == 2:
        norm = api.sqrt((x * x).sum(axis, keepdims=True))
    else:
        raise cx.error(f"p must be 1 or 2, got {p}")
    zero = cx.const(np.zeros((), dtype=x.dtype.np), x.dtype)
    safe = api.where(norm == zero, cx.const(np.ones((), dtype=x.dtype.np), x.dtype), norm)
    return api.where(norm == zero, zero, x / safe)


CONVERTERS: list[Converter] = [
    Converter("BatchNormalization", convert_batch_norm),
    Converter("InstanceNormalization", convert_instance_norm),
    Converter("GroupNormalization", convert_group_norm),
    Converter("LayerNormalization", convert_layer_norm),
    Converter("RMSNormalization", convert_rms_norm),
    Converter("LpNormalization", convert_lp_norm),
]
