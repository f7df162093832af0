"""Linear (de)quantisation and the quantised matmul / conv.

QuantizeLinear: ``saturate(round_half_even(x / scale) + zero_point)`` in the
zero point's integer type (uint8 by default); DequantizeLinear:
``(x - zero_point) * scale``. Scales and zero points are per tensor, per axis
(1-D along ``axis``) or blocked (``block_size`` along ``axis``). QLinearMatMul and
QLinearConv compute the integer product exactly in f64, then requantise (a float8 y
rounds to its format); QLinearMatMul's scales and zero points are per tensor, per row
of a ([..., M, 1] or [M]) or per column of b ([..., 1, N] or [N]).
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


def _broadcast_param(cx: NodeContext, p: Tensor, x: Tensor, axis_attr: int = 1,
                     what: str = "scale") -> Tensor:
    """A scale / zero point shaped to broadcast against ``x``: per tensor, per axis
    (1-D) or blocked (same rank as x, repeated ``block_size`` times along the axis)."""
    if p.ndim == 0 or p.shape == (1,):
        return p.reshape(())
    axis = norm_axis(cx, cx.attr("axis", axis_attr), x.ndim)
    block = cx.attr("block_size", 0)
    if p.ndim == 1 and block <= 0:
        shape = [1] * x.ndim
        shape[axis] = p.shape[0]
        return p.reshape(tuple(shape))
    if block <= 0:
        raise cx.error(f"a {what} of shape {p.shape} needs block_size")
    # the spec admits exactly ceil(D / block_size) blocks (onnxruntime refuses others);
    # checked here, a wrong count would surface as a gather error inside the graph
    blocks = list(x.shape)
    blocks[axis] = -(-x.shape[axis] // block)
    if p.shape != tuple(blocks):
        raise cx.error(f"block_size {block} along axis {axis} of an input of shape "
                       f"{x.shape} needs a {what} of shape {tuple(blocks)}, not {p.shape}")
    repeat = np.arange(x.shape[axis], dtype=np.int64) // block
    return api.gather(p, cx.const(repeat), axis)


def _integer_range(dtype: DType) -> tuple[int, int]:
    info = np.iinfo(dtype.np)
    return int(info.min), int(info.max)


def _may_hold(cx: NodeContext, t: Tensor, elem: int) -> bool:
    """Whether ``t`` can hold ONNX type ``elem``: its recorded type is ``elem``, or it is
    in ``elem``'s carrier dtype with no carried type recorded (ops such as Reshape keep a
    carried value's carrier dtype but not its recorded type)."""
    found = cx.state.onnx_type(t)
    held = dtypes.carrier(elem)
    return found == elem or (held is not None and dtypes.carrier(found) is None
                             and t.dtype == held.dtype)


def _output_type(cx: NodeContext, zero_point: Tensor | None) -> int:
    """The ONNX element type QuantizeLinear produces: the zero point's, else
    ``output_dtype``, else UINT8; both given, they must agree."""
    wanted = cx.attr("output_dtype", 0)
    if zero_point is None:
        return wanted or TensorProto.UINT8
    found = cx.state.onnx_type(zero_point)
    if wanted and not _may_hold(cx, zero_point, wanted):
        raise cx.error(f"output_dtype {dtypes.onnx_type_name(wanted)} differs from the "
                       f"zero point's type {dtypes.onnx_type_name(found)}")
    return wanted or found


def _integer_limits(elem_type: int, dtype: DType) -> tuple[int, int]:
    held = dtypes.carrier(elem_type)
    return held.int_range if held is not None else _integer_range(dtype)


_PRECISIONS = (TensorProto.FLOAT, TensorProto.FLOAT16, TensorProto.BFLOAT16,
               TensorProto.DOUBLE)


def convert_quantize_linear(cx: NodeContext) -> Tensor:
    """saturate(round(x / scale) + zero_point) in the zero point's type; float8 / float4
    outputs round x / scale (+ zero_point) to the format instead. With ``precision``
    (opset 23), x and scale are rounded to that type and divided in it."""
    x, scale, zp = cx.input(0), cx.input(1), cx.optional(2)
    elem = _output_type(cx, zp)
    out = dtypes.to_rlx(elem, f"ONNX node {cx.label}")
    scale = _broadcast_param(cx, scale, x)
    precision = cx.attr("precision", 0)
    if precision:
        if precision not in _PRECISIONS:
            raise cx.unsupported(f"precision {dtypes.onnx_type_name(precision)}")
        within = dtypes.to_rlx(precision, f"ONNX node {cx.label}")
        work = within.compute
        scaled = cast(cast(x, within) / cast(scale, within), work)
    else:
        # f32 cannot hold every i32 / i64 x (nor its quotient) exactly; f64 can
        wide = x.dtype in (DType.I32, DType.I64)
        work = DType.F64 if wide else x.dtype.compute if x.dtype.is_float else DType.F32
        scaled = cast(x, work) / cast(scale, work)
    held = dtypes.carrier(elem)
    if held is not None and held.fmt is not None:
        if zp is not None:
            scaled = scaled + cast(_broadcast_param(cx, zp, x, what="zero point"), work)
        return cx.mark(to_carried(scaled, held, bool(cx.attr("saturate", 1))), elem)
    rounded = api.round(scaled)
    if zp is not None:
        rounded = rounded + cast(_broadcast_param(cx, zp, x, what="zero point"), work)
    lo, hi = _integer_limits(elem, out)
    return cx.mark(cast(api.clip(rounded, float(lo), float(hi)), out), elem)


def convert_dequantize_linear(cx: NodeContext) -> Tensor:
    """(x - zero_point) * scale, in the scale's dtype (or output_dtype)."""
    x, scale, zp = cx.input(0), cx.input(1), cx.optional(2)
    if zp is not None and not (_may_hold(cx, zp, cx.state.onnx_type(x))
                               or _may_hold(cx, x, cx.state.onnx_type(zp))):
        raise cx.error(f"x is {dtypes.onnx_type_name(cx.state.onnx_type(x))} but the zero "
                       f"point is {dtypes.onnx_type_name(cx.state.onnx_type(zp))}; the "
                       "spec requires one type")
    out = scale.dtype
    if cx.attr("output_dtype", 0):
        out = dtypes.to_rlx(cx.attr("output_dtype"), f"ONNX node {cx.label}")
    work = DType.F64 if x.dtype in (DType.I32, DType.I64) else DType.F32
    value = cast(x, work)
    if zp is not None:
        value = value - cast(_broadcast_param(cx, zp, x, what="zero point"), work)
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
    elem = cx.state.onnx_type(y_zp) if y_zp is not None else TensorProto.UINT8
    value = acc * scale / cast(y_scale, DType.F64).reshape(())
    held = dtypes.carrier(elem)
    if held is not None and held.fmt is not None:
        # a float8 y is rounded to its format, saturating, as QuantizeLinear does
        if y_zp is not None:
            value = value + cast(y_zp, DType.F64).reshape(())
        return cx.mark(to_carried(value, held), elem)
    out = dtypes.to_rlx(elem, f"ONNX node {cx.label}")
    value = api.round(value)
    if y_zp is not None:
        value = value + cast(y_zp, DType.F64).reshape(())
    lo, hi = _integer_limits(elem, out)
    return cx.mark(cast(api.clip(value, float(lo), float(hi)), out), elem)


def _matmul_param(cx: NodeContext, p: Tensor, x: Tensor, per_row: bool, what: str) -> Tensor:
    """A QLinearMatMul scale / zero point in f64, shaped to broadcast against ``x`` and
    the product: per tensor, a vector (per row of a, per column of b), or N-D with 1 in
    place of the summed axis ([..., M, 1] for a, [..., 1, N] for b)."""
    p = cast(p, DType.F64)
    if p.ndim == 0 or p.shape == (1,):
        return p.reshape(())
    if p.ndim == 1 and per_row:
        p = p.reshape((p.shape[0], 1))
    target = list(x.shape)
    if x.ndim >= 2:
        target[x.ndim - 1 if per_row else x.ndim - 2] = 1
    fits = x.ndim >= 2 and p.ndim <= x.ndim and all(
        s in (1, t) for s, t in zip(reversed(p.shape), reversed(target)))
    if not fits:
        raise cx.error(f"{what} of shape {p.shape} does not fit an operand of shape "
                       f"{x.shape}: expected a scalar, a vector or shape {tuple(target)}")
    return p


def convert_qlinear_matmul(cx: NodeContext) -> Tensor:
    """quantize((a - a_zp) @ (b - b_zp) * a_scale * b_scale / y_scale) + y_zp."""
    a, a_scale, a_zp, b, b_scale, b_zp, y_scale = (cx.input(i) for i in range(7))
    y_zp = cx.optional(7)
    a_c = cast(a, DType.F64) - _matmul_param(cx, a_zp, a, True, "a_zero_point")
    b_c = cast(b, DType.F64) - _matmul_param(cx, b_zp, b, False, "b_zero_point")
    acc = api.matmul(a_c, b_c)
    scale = (_matmul_param(cx, a_scale, a, True, "a_scale")
             * _matmul_param(cx, b_scale, b, False, "b_scale"))
    return _requantize(cx, acc, scale, y_scale, y_zp)


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
