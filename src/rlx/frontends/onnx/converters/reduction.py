"""Reductions, arg-reductions, softmax family and running scans.

Axes come from an attribute in older opsets and from an optional input in newer
ones (ReduceSum from 13, the others from 18); ``noop_with_empty_axes=1`` with no
axes reduces over no axis, so only the elementwise steps remain (ReduceL1 gives |x|,
ReduceSumSquare x * x, ReduceLogSum log x: the ONNX definitions' bodies with an
identity for the sum), otherwise no axes means every axis.
Reducing an empty axis gives the reduction's identity (0 for sums, 1 for
products, -inf/+inf for max/min, -inf for the log-sums, nan for the mean), as
numpy does, instead of rlx's build-time error for max/min.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import (
    Converter,
    ConvertFn,
    cast,
    flatten_2d,
    norm_axis,
    static_ints,
)
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

Reducer = Callable[[Tensor, tuple[int, ...], bool], Tensor]


# --------------------------------------------------------------------------- reduce ops

def _reduce_axes(cx: NodeContext, x: Tensor, axes_input_since: int) -> tuple[int, ...]:
    """The reduced axes (sorted, non-negative; none for ``noop_with_empty_axes``)."""
    if cx.opset >= axes_input_since:
        axes = static_ints(cx, 1) if cx.has_input(1) else []
    else:
        axes = list(cx.attr("axes", []))
    if not axes:
        if cx.opset >= axes_input_since and cx.attr("noop_with_empty_axes", 0):
            return ()
        return tuple(range(x.ndim))
    return tuple(sorted({norm_axis(cx, a, x.ndim) for a in axes}))


def _empty_identity(x: Tensor, kind: str) -> float:
    identities = {"sum": 0.0, "prod": 1.0, "mean": float("nan"), "l1": 0.0, "l2": 0.0,
                  "sum_square": 0.0, "log_sum": -np.inf, "log_sum_exp": -np.inf}
    if kind in identities:
        return identities[kind]
    if x.dtype.is_float:
        return -np.inf if kind == "max" else np.inf
    if x.dtype.is_bool:
        return kind == "min"
    info = np.iinfo(x.dtype.np)
    return info.min if kind == "max" else info.max


def _sum(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    return x.sum(axes, keep)


def _mean(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    if x.dtype.is_float:
        return x.mean(axes, keep)
    return cast(cast(x, DType.F64).mean(axes, keep), x.dtype)


def _l1(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    return api.abs(x).sum(axes, keep)


def _l2(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    if not x.dtype.is_float:
        wide = cast(x, DType.F64)
        return cast(api.sqrt((wide * wide).sum(axes, keep)), x.dtype)
    return api.sqrt((x * x).sum(axes, keep))


def _sum_square(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    return (x * x).sum(axes, keep)


def _log_sum(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    return api.log(x.sum(axes, keep))


def _log_sum_exp(x: Tensor, axes: tuple[int, ...], keep: bool) -> Tensor:
    return api.logsumexp(x, axes, keep)


_REDUCERS: dict[str, tuple[str, Reducer]] = {
    "ReduceSum": ("sum", _sum),
    "ReduceMean": ("mean", _mean),
    "ReduceMax": ("max", lambda x, axes, keep: x.max(axes, keep)),
    "ReduceMin": ("min", lambda x, axes, keep: x.min(axes, keep)),
    "ReduceProd": ("prod", lambda x, axes, keep: x.prod(axes, keep)),
    "ReduceL1": ("l1", _l1),
    "ReduceL2": ("l2", _l2),
    "ReduceSumSquare": ("sum_square", _sum_square),
    "ReduceLogSum": ("log_sum", _log_sum),
    "ReduceLogSumExp": ("log_sum_exp", _log_sum_exp),
}


def _reduce(onnx_op: str, axes_input_since: int) -> ConvertFn:
    kind, reducer = _REDUCERS[onnx_op]

    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        axes = _reduce_axes(cx, x, axes_input_since)
        keep = bool(cx.attr("keepdims", 1))
        if any(x.shape[a] == 0 for a in axes):
            shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape)) if keep else \
                tuple(d for i, d in enumerate(x.shape) if i not in axes)
            value = np.full(shape, _empty_identity(x, kind), dtype=x.dtype.np)
            return cx.const(value, x.dtype)
        return reducer(x, axes, keep)
    convert.__name__ = f"convert_{kind}"
    convert.__doc__ = f"ONNX {onnx_op} over the given axes."
    return convert


# --------------------------------------------------------------------------- arg reductions

def _arg_reduce(op: str) -> ConvertFn:
    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        axis = norm_axis(cx, cx.attr("axis", 0), x.ndim)
        keep = bool(cx.attr("keepdims", 1))
        if not cx.attr("select_last_index", 0):
            return x.graph.apply(op, [x], axis=axis, keepdims=keep)
        flipped = api.flip(x, axis)
        idx = flipped.graph.apply(op, [flipped], axis=axis, keepdims=keep)
        return cx.const(np.asarray(x.shape[axis] - 1, dtype=np.int64)) - idx
    convert.__name__ = f"convert_{op}"
    convert.__doc__ = f"rlx ``{op}``; select_last_index flips the axis first."
    return convert


# --------------------------------------------------------------------------- softmax family

def _softmax_like(name: str, apply: Callable[[Tensor, int], Tensor]
                  ) -> Callable[[NodeContext], Tensor]:
    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        if cx.opset >= 13:
            return apply(x, norm_axis(cx, cx.attr("axis", -1), x.ndim))
        axis = norm_axis(cx, cx.attr("axis", 1), x.ndim)
        return apply(flatten_2d(x, axis), 1).reshape(x.shape)
    convert.__name__ = f"convert_{name}"
    convert.__doc__ = (f"{name} along ``axis`` (default -1) from opset 13; before 13, of the "
                       "input coerced to 2-D at ``axis`` (default 1), over the second axis.")
    return convert


def _hardmax(x: Tensor, axis: int) -> Tensor:
    """1 at the first maximum along ``axis``, 0 elsewhere."""
    idx = x.argmax(axis, keepdims=True)
    positions = np.arange(x.shape[axis], dtype=np.int64).reshape(
        [-1 if a == axis else 1 for a in range(x.ndim)])
    hit = idx == x.graph.constant(positions, DType.I64)
    return cast(hit, x.dtype)


convert_softmax = _softmax_like("softmax", lambda x, axis: x.softmax(axis))
convert_log_softmax = _softmax_like("log_softmax", lambda x, axis: x.log_softmax(axis))
convert_hardmax = _softmax_like("hardmax", _hardmax)


# --------------------------------------------------------------------------- scans

def convert_cumsum(cx: NodeContext) -> Tensor:
    """rlx cumsum along the (static) axis operand, exclusive / reverse as attributes."""
    x = cx.input(0)
    axis = norm_axis(cx, static_ints(cx, 1)[0], x.ndim)
    return api.cumsum(x, axis, exclusive=bool(cx.attr("exclusive", 0)),
                      reverse=bool(cx.attr("reverse", 0)))


def _shift_in(x: Tensor, axis: int, count: int, fill: Tensor) -> Tensor:
    """``x`` moved ``count`` places up ``axis``, the first ``count`` entries ``fill``."""
    n = x.shape[axis]
    pad_shape = tuple(count if a == axis else d for a, d in enumerate(x.shape))
    head = api.broadcast_to(fill, pad_shape)
    kept = api.slice(x, [0], [n - count], [1], [axis])
    return api.concat([head, kept], axis)


def convert_cumprod(cx: NodeContext) -> Tensor:
    """Running product along the axis operand by doubling (log2(n) multiplies)."""
    x = cx.input(0)
    axis = norm_axis(cx, static_ints(cx, 1)[0], x.ndim)
    n = x.shape[axis]
    reverse = bool(cx.attr("reverse", 0))
    one = x.graph.constant(np.asarray(1), x.dtype)
    y = api.flip(x, axis) if reverse else x
    if n == 0:
        return x
    if cx.attr("exclusive", 0):
        y = _shift_in(y, axis, 1, one)
    shift = 1
    while shift < n:
        y = y * _shift_in(y, axis, shift, one)
        shift *= 2
    return api.flip(y, axis) if reverse else y


# --------------------------------------------------------------------------- table

def _reduce_converters() -> list[Converter]:
    convs = []
    for onnx_op in _REDUCERS:
        since = 13 if onnx_op == "ReduceSum" else 18
        convs.append(Converter(onnx_op, _reduce(onnx_op, since)))
    return convs


CONVERTERS: list[Converter] = [
    *_reduce_converters(),
    Converter("ArgMax", _arg_reduce("argmax")),
    Converter("ArgMin", _arg_reduce("argmin")),
    Converter("Softmax", convert_softmax),
    Converter("LogSoftmax", convert_log_softmax),
    Converter("Hardmax", convert_hardmax),
    Converter("CumSum", convert_cumsum),
    Converter("CumProd", convert_cumprod),
]
