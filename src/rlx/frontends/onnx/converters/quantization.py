"""Linear (de)quantisation and the quantised matmul / conv.

QuantizeLinear: ``saturate(round_half_even(x / scale) + zero_point)`` in the
zero point's integer type (uint8 by default); DequantizeLinear:
``(x - zero_point) * scale``. Scales and zero points are per tensor, per axis
(1-D along ``axis``) or blocked (``block_size`` along ``axis``). QLinearMatMul and
QLinearConv compute the integer product exactly in f64, then requantise.
"""

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from rlx.frontends.onnx import dtypes
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis, to_carried
from rlx.frontends.onnx.converters.nn import window_of
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor


def _broadcast_param(cx: NodeContext, p: Tensor, x: Tensor, axis_attr: int = 1) -> Tensor:
    """A scale / zero point shaped to broadcast against ``x``: per tensor, per axis
    (1-D) or blocked (same rank as x, repeated ``block_size`` times along the axis)."""
    if p.ndim == 0 or p.shape == (1,):
        return p.reshape(())
    axis = norm_axis(cx, cx.attr("axis", axis_attr), x.ndim)
    if p.ndim == 1:
        shape = [1] * x.ndim
        shape[axis] = p.shape[0]
        return p.reshape(tuple(shape))
    block = cx.attr("block_size", 0)
    if block <= 0:
        raise cx.error(f"a scale of shape {p.shape} needs block_size")
    repeat = np.arange(x.shape[axis], dtype=np.int64) // block
    return api.gather(p, cx.const(repeat), axis)


def _integer_range(dtype: DType) -> tuple[int, int]:
    info = np.iinfo(dtype.np)
    return int(info.min), int(info.max)


def _output_type(cx: NodeContext, zero_point: Tensor | None) -> int:
    """The ONNX element type QuantizeLinear produces: the zero point's, else
    ``output_dtype``, else UINT8."""
    if zero_point is not None:
        return cx.state.onnx_type(zero_point)
    return cx.attr("output_dtype", 0) or TensorProto.UINT8


def _integer_limits(elem_type: int, dtype: DType) -> tuple[int, int]:
    held = dtypes.carrier(elem_type)
    return held.int_range if held is not None else _integer_range(dtype)


def convert_quantize_linear(cx: NodeContext) -> Tensor:
    """saturate(round(x / scale) + zero_point) in the zero point's type; float8 / float4
    outputs round x / scale (+ zero_point) to the format instead."""
    x, scale, zp = cx.input(0), cx.input(1), cx.optional(2)
    elem = _output_type(cx, zp)
    out = dtypes.to_rlx(elem, f"ONNX node {cx.label}")
    work = x.dtype.compute if x.dtype.is_float else DType.F32
    scaled = cast(x, work) / cast(_broadcast_param(cx, scale, x), work)
    held = dtypes.carrier(elem)
    if held is not None and held.fmt is not None:
        if zp is not None:
            scaled = scaled + cast(_broadcast_param(cx, zp, x), work)
        return cx.mark(to_carried(scaled, held, bool(cx.attr("saturate", 1))), elem)
    rounded = api.round(scaled)
    if zp is not None:
        rounded = rounded + cast(_broadcast_param(cx, zp, x), work)
    lo, hi = _integer_limits(elem, out)
    return cx.mark(cast(api.clip(rounded, float(lo), float(hi)), out), elem)


def convert_dequantize_linear(cx: NodeContext) -> Tensor:
    """(x - zero_point) * scale, in the scale's dtype (or output_dtype)."""
    x, scale, zp = cx.input(0), cx.input(1), cx.optional(2)
    out = scale.dtype
    if cx.attr("output_dtype", 0):
        out = dtypes.to_rlx(cx.attr("output_dtype"), f"ONNX node {cx.label}")
    work = DType.F64 if x.dtype in (DType.I32, DType.I64) else DType.F32
    value = cast(x, work)
    if zp is not None:
        value = value - cast(_broadcast_param(cx, zp, x), work)
    return cast(value * cast(_broadcast_param(cx, scale, x), work), out)


def _centered(x: Tensor, zp: Tensor | None, like_axis: int | None = None) -> Tensor:
    """``x - zp`` in f64 (zp per tensor, or per row/column along ``like_axis``)."""
    value = cast(x, DType.F64)
    if zp is None:
        return value
    z = cast(zp, DType.F64)
    if z.ndim == 1 and z.shape[0] != 1 and like_axis is not None:
        shape = [1] * x.ndim
        shape[like_axis] = z.shape[0]
        z = z.reshape(tuple(shape))
    elif z.ndim <= 1:
        z = z.reshape(())
    return value - z


def _requantize(cx: NodeContext, acc: Tensor, scale: Tensor, y_scale: Tensor,
                y_zp: Tensor | None) -> Tensor:
    out = y_zp.dtype if y_zp is not None else DType.U8
    value = acc * scale / cast(y_scale, DType.F64).reshape(())
    value = api.round(value)
    if y_zp is not None:
        value = value + cast(y_zp, DType.F64).reshape(())
    lo, hi = _integer_range(out)
    return cast(api.clip(value, float(lo), float(hi)), out)


def convert_qlinear_matmul(cx: NodeContext) -> Tensor:
    """quantize((a - a_zp) @ (b - b_zp) * a_scale * b_scale / y_scale) + y_zp."""
    a, a_scale, a_zp, b, b_scale, b_zp, y_scale = (cx.input(i) for i in range(7))
    y_zp = cx.optional(7)
    acc = api.matmul(_centered(a, a_zp, a.ndim - 2), _centered(b, b_zp, b.ndim - 1))
    scale = cast(a_scale, DType.F64).reshape(()) * _vector_as_columns(b_scale, acc.ndim)
    return _requantize(cx, acc, scale, y_scale, y_zp)


def _vector_as_columns(t: Tensor, rank: int) -> Tensor:
    t = cast(t, DType.F64)
    if t.ndim == 1 and t.shape[0] != 1:
        return t
    return t.reshape(())


def convert_qlinear_conv(cx: NodeContext) -> Tensor:
    """quantize((conv(x - x_zp, w - w_zp) + bias) * x_scale * w_scale / y_scale) + y_zp."""
    x, x_scale, x_zp, w, w_scale, w_zp, y_scale = (cx.input(i) for i in range(7))
    y_zp, bias = cx.optional(7), cx.optional(8)
    xc = _centered(x, x_zp)
    wc = _centered(w, w_zp, 0)
    kernel = list(cx.attr("kernel_shape", w.shape[2:]))
    win = window_of(cx, x.shape[2:], kernel)
    acc = x.graph.apply("conv", [xc, wc], stride=tuple(win.strides), padding=tuple(win.pads),
                        dilation=tuple(win.dilations), groups=cx.attr("group", 1))
    channel = (acc.shape[1],) + (1,) * (acc.ndim - 2)
    if bias is not None:
        acc = acc + cast(bias, DType.F64).reshape(channel)
    ws = cast(w_scale, DType.F64)
    ws = ws.reshape(channel) if ws.ndim == 1 and ws.shape[0] != 1 else ws.reshape(())
    scale = cast(x_scale, DType.F64).reshape(()) * ws
    return _requantize(cx, acc, scale, y_scale, y_zp)


CONVERTERS: list[Converter] = [
    Converter("QuantizeLinear", convert_quantize_linear),
    Converter("DequantizeLinear", convert_dequantize_linear),
    Converter("QLinearMatMul", convert_qlinear_matmul),
    Converter("QLinearConv", convert_qlinear_conv),
]
