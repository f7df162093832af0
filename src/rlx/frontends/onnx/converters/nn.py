"""Convolutions and pooling.

* Conv: rlx ``conv`` for 1-D and 2-D; 3-D as a sum over the kernel's depth taps of
  2-D convolutions on strided depth slabs (batch and output depth merged).
* ConvTranspose: zero-insertion by the stride, padding to a "full" convolution,
  then ``conv`` with the per-group transposed, spatially flipped kernel.
* Pooling: rlx ``max_pool2d`` / ``avg_pool2d`` when the case fits them (2-D, no
  dilation, pads below the kernel, no ceil rounding); otherwise the window taps
  are strided slices of the padded input combined with maximum / add, which
  covers any rank, dilation and ceil_mode. Average divisors are import-time
  constants.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from rlx.errors import UnsupportedOpError
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, sum_all
from rlx.frontends.onnx.converters.index import gather_elements
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

# --------------------------------------------------------------------------- geometry


class Window:
    """Kernel, strides, dilations and (before, after) pads of one conv/pool node."""

    def __init__(self, kernel: list[int], strides: list[int], dilations: list[int],
                 pads: list[tuple[int, int]]):
        self.kernel = kernel
        self.strides = strides
        self.dilations = dilations
        self.pads = pads

    def span(self, axis: int) -> int:
        return (self.kernel[axis] - 1) * self.dilations[axis] + 1


def window_of(cx: NodeContext, spatial: tuple[int, ...], kernel: list[int]) -> Window:
    """The node's window attributes, with auto_pad resolved against ``spatial``."""
    n = len(spatial)
    strides = list(cx.attr("strides", [1] * n))
    dilations = list(cx.attr("dilations", [1] * n))
    raw = list(cx.attr("pads", [0] * (2 * n)))
    pads = [(raw[i], raw[i + n]) for i in range(n)]
    auto_pad = cx.attr("auto_pad", "NOTSET")
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        pads = []
        for d, k, s, dl in zip(spatial, kernel, strides, dilations):
            out = -(-d // s)
            total = max((out - 1) * s + (k - 1) * dl + 1 - d, 0)
            small, large = total // 2, total - total // 2
            pads.append((small, large) if auto_pad == "SAME_UPPER" else (large, small))
    elif auto_pad == "VALID":
        pads = [(0, 0)] * n
    elif auto_pad != "NOTSET":
        raise cx.error(f"unknown auto_pad {auto_pad!r}")
    return Window(kernel, strides, dilations, pads)


def pooled_size(win: Window, axis: int, size: int, ceil_mode: bool) -> int:
    """Output length of one pooled axis; with ceil_mode a last window that would start
    in the end padding is dropped."""
    before, after = win.pads[axis]
    room = size + before + after - win.span(axis)
    stride = win.strides[axis]
    if not ceil_mode:
        return room // stride + 1
    out = -(-room // stride) + 1
    if (out - 1) * stride >= size + before:
        out -= 1
    return out


# --------------------------------------------------------------------------- conv

def _conv_nd(x: Tensor, w: Tensor, win: Window, groups: int) -> Tensor:
    """Cross-correlation of any rank >= 1 (no bias)."""
    if x.ndim in (3, 4):
        return x.graph.apply("conv", [x, w], stride=tuple(win.strides),
                             padding=tuple(win.pads), dilation=tuple(win.dilations),
                             groups=groups)
    if x.ndim == 5:
        return _conv3d(x, w, win, groups)
    raise UnsupportedOpError(f"a convolution of input rank {x.ndim} (rlx: 1-D to 3-D)")


def _conv3d(x: Tensor, w: Tensor, win: Window, groups: int) -> Tensor:
    """3-D convolution as sum over depth taps of 2-D convolutions on depth slabs."""
    n, c = x.shape[:2]
    before, after = win.pads[0]
    if before or after:
        x = api.pad(x, [(0, 0), (0, 0), (before, after), (0, 0), (0, 0)])
    depth = x.shape[2]
    stride, dil = win.strides[0], win.dilations[0]
    out_depth = (depth - win.span(0)) // stride + 1
    plane = Window(win.kernel[1:], win.strides[1:], win.dilations[1:], win.pads[1:])
    terms = []
    for tap in range(win.kernel[0]):
        start = tap * dil
        slab = api.slice(x, [start], [start + (out_depth - 1) * stride + 1], [stride], [2])
        slab = slab.transpose((0, 2, 1, 3, 4)).reshape((n * out_depth, c) + x.shape[3:])
        kernel = api.slice(w, [tap], [tap + 1], [1], [2]).squeeze(2)
        terms.append(_conv_nd(slab, kernel, plane, groups))
    out = sum_all(terms)
    out = out.reshape((n, out_depth) + out.shape[1:])
    return out.transpose((0, 2, 1, 3, 4))


def _add_bias(y: Tensor, bias: Tensor | None) -> Tensor:
    if bias is None:
        return y
    return y + bias.reshape((bias.shape[0],) + (1,) * (y.ndim - 2))


def convert_conv(cx: NodeContext) -> Tensor:
    """ONNX Conv: cross-correlation with strides, pads, dilations, groups and bias."""
    x, w, bias = cx.input(0), cx.input(1), cx.optional(2)
    kernel = list(cx.attr("kernel_shape", w.shape[2:]))
    win = window_of(cx, x.shape[2:], kernel)
    if x.ndim not in (3, 4, 5):
        raise cx.unsupported(f"a {x.ndim - 2}-D convolution")
    groups = cx.attr("group", 1)
    if x.ndim in (3, 4):
        ops = [x, w] + ([bias] if bias is not None else [])
        return x.graph.apply("conv", ops, stride=tuple(win.strides), padding=tuple(win.pads),
                             dilation=tuple(win.dilations), groups=groups)
    return _add_bias(_conv_nd(x, w, win, groups), bias)


def convert_conv_integer(cx: NodeContext) -> Tensor:
    """(x - x_zero_point) conv (w - w_zero_point), computed exactly in f64, as i32."""
    x = cast(cx.input(0), DType.F64)
    w = cast(cx.input(1), DType.F64)
    if cx.has_input(2):
        x = x - cast(cx.input(2), DType.F64).reshape(())
    if cx.has_input(3):
        zp = cast(cx.input(3), DType.F64)
        w = w - (zp.reshape((zp.shape[0],) + (1,) * (w.ndim - 1)) if zp.ndim == 1 else zp)
    kernel = list(cx.attr("kernel_shape", w.shape[2:]))
    win = window_of(cx, x.shape[2:], kernel)
    return cast(_conv_nd(x, w, win, cx.attr("group", 1)), DType.I32)


def _insert_zeros(x: Tensor, axis: int, stride: int) -> Tensor:
    """``stride - 1`` zeros between consecutive entries along ``axis``."""
    if stride == 1:
        return x
    n = x.shape[axis]
    t = x.unsqueeze(axis + 1)
    pads = [(0, 0)] * t.ndim
    pads[axis + 1] = (0, stride - 1)
    t = api.pad(t, pads)
    shape = x.shape[:axis] + (n * stride,) + x.shape[axis + 1:]
    t = t.reshape(shape)
    return api.slice(t, [0], [(n - 1) * stride + 1], [1], [axis])


def _transpose_pads(cx: NodeContext, x: Tensor, win: Window, out_pad: list[int]
                    ) -> list[tuple[int, int]]:
    """ConvTranspose's (before, after) pads, derived from output_shape when given."""
    spatial = x.shape[2:]
    if not cx.has_attr("output_shape"):
        if cx.attr("auto_pad", "NOTSET") in ("SAME_UPPER", "SAME_LOWER"):
            target = [d * s for d, s in zip(spatial, win.strides)]
        else:
            return win.pads
    else:
        target = list(cx.attr("output_shape"))[-len(spatial):]
    # the spec gives the start the smaller half for SAME_UPPER only: NOTSET (with
    # output_shape) crops the start as SAME_LOWER does (it cropped the end). A total
    # of -1 (output_shape one past the full output) grows the end in every mode, as
    # onnxruntime and the reference evaluator do: halves truncated for SAME_UPPER,
    # floored otherwise
    upper = cx.attr("auto_pad", "NOTSET") == "SAME_UPPER"
    pads = []
    for i, d in enumerate(spatial):
        total = win.strides[i] * (d - 1) + out_pad[i] + win.span(i) - target[i]
        if total < 1 - win.strides[i]:
            raise cx.error(f"output_shape {target[i]} along spatial axis {i} is more than "
                           f"the stride - 1 past the full output "
                           f"({target[i] + total}): no input of {d} gives it")
        if upper:
            half = int(total / 2)
            pads.append((half, total - half))
        else:
            half = total // 2
            pads.append((total - half, half))
    return pads


def convert_conv_transpose(cx: NodeContext) -> Tensor:
    """Transposed convolution as zero-insertion + padding + conv with the flipped kernel."""
    x, w, bias = cx.input(0), cx.input(1), cx.optional(2)
    rank = x.ndim - 2
    kernel = list(cx.attr("kernel_shape", w.shape[2:]))
    groups = cx.attr("group", 1)
    strides = list(cx.attr("strides", [1] * rank))
    dilations = list(cx.attr("dilations", [1] * rank))
    raw = list(cx.attr("pads", [0] * (2 * rank)))
    win = Window(kernel, strides, dilations, [(raw[i], raw[i + rank]) for i in range(rank)])
    out_pad = list(cx.attr("output_padding", [0] * rank))
    pads = _transpose_pads(cx, x, win, out_pad)
    up = x
    for i in range(rank):
        up = _insert_zeros(up, 2 + i, strides[i])
    full = []
    for i in range(rank):
        reach = win.span(i) - 1
        full.append((reach - pads[i][0], reach - pads[i][1] + out_pad[i]))
    up = _pad_or_crop(up, [(0, 0), (0, 0)] + full)
    c_in, c_out_g = w.shape[:2]
    wg = w.reshape((groups, c_in // groups, c_out_g) + w.shape[2:])
    wg = wg.transpose((0, 2, 1) + tuple(range(3, 3 + rank)))
    wt = api.flip(wg.reshape((groups * c_out_g, c_in // groups) + w.shape[2:]),
                  tuple(range(2, 2 + rank)))
    conv_win = Window(kernel, [1] * rank, dilations, [(0, 0)] * rank)
    return _add_bias(_conv_nd(up, wt, conv_win, groups), bias)


def _pad_or_crop(x: Tensor, pads: list[tuple[int, int]]) -> Tensor:
    """Pad with zeros where a pad is positive, crop where it is negative."""
    grow = [(max(b, 0), max(e, 0)) for b, e in pads]
    if any(b or e for b, e in grow):
        x = api.pad(x, grow)
    if any(b < 0 or e < 0 for b, e in pads):
        starts = [max(-b, 0) for b, _ in pads]
        stops = [d - max(-e, 0) for d, (_, e) in zip(x.shape, pads)]
        x = api.slice(x, starts, stops, [1] * x.ndim, list(range(x.ndim)))
    return x


# --------------------------------------------------------------------------- pooling

def _pool_window(cx: NodeContext, x: Tensor) -> tuple[Window, list[int]]:
    kernel = list(cx.attr("kernel_shape"))
    win = window_of(cx, x.shape[2:], kernel)
    ceil_mode = bool(cx.attr("ceil_mode", 0))
    out = [pooled_size(win, a, d, ceil_mode) for a, d in enumerate(x.shape[2:])]
    return win, out


def _fits_rlx_pool(x: Tensor, win: Window, out: list[int]) -> bool:
    """Whether rlx max_pool2d / avg_pool2d compute this pooling exactly."""
    if x.ndim != 4 or any(d != 1 for d in win.dilations):
        return False
    if any(b >= k or e >= k for (b, e), k in zip(win.pads, win.kernel)):
        return False
    floor = [pooled_size(win, a, d, False) for a, d in enumerate(x.shape[2:])]
    return floor == out


def _taps(x: Tensor, win: Window, out: list[int], fill: float) -> list[Tensor]:
    """One strided slice of the padded input per kernel tap, each [N, C, *out]."""
    rank = len(out)
    pads = [(0, 0), (0, 0)]
    for a in range(rank):
        before, after = win.pads[a]
        need = (out[a] - 1) * win.strides[a] + win.span(a)
        pads.append((before, max(need - x.shape[2 + a] - before, 0)))
    padded = api.pad(x, pads, value=fill) if any(b or e for b, e in pads) else x
    taps = []
    for tap in itertools.product(*(range(k) for k in win.kernel)):
        starts = [t * d for t, d in zip(tap, win.dilations)]
        stops = [s + (o - 1) * st + 1 for s, o, st in zip(starts, out, win.strides)]
        axes = list(range(2, 2 + rank))
        taps.append(api.slice(padded, starts, stops, win.strides, axes))
    return taps


def _lowest(dtype: DType) -> float:
    if dtype.is_float:
        return -math.inf
    return float(np.iinfo(dtype.np).min)


def _max_of(terms: list[Tensor]) -> Tensor:
    out = terms[0]
    for t in terms[1:]:
        out = api.maximum(out, t)
    return out


def convert_max_pool(cx: NodeContext) -> list[Tensor | None]:
    """Max over windows (padding never wins); optional flat argmax Indices output."""
    x = cx.input(0)
    win, out = _pool_window(cx, x)
    wants_indices = cx.wants_output(1)
    if not wants_indices and _fits_rlx_pool(x, win, out):
        return [api.max_pool2d(x, tuple(win.kernel), tuple(win.strides), tuple(win.pads)),
                None]
    taps = _taps(x, win, out, _lowest(x.dtype))
    values = _max_of(taps)
    if not wants_indices:
        return [values, None]
    return [values, _max_pool_indices(cx, x, win, out, taps)]


def _max_pool_indices(cx: NodeContext, x: Tensor, win: Window, out: list[int],
                      taps: list[Tensor]) -> Tensor:
    """Flat index (row-major over N, C, spatial; storage_order 1: column-major spatial)
    of the first maximal tap of each window."""
    stacked = api.concat([t.unsqueeze(-1) for t in taps], axis=-1)
    choice = stacked.argmax(-1, keepdims=True)
    spatial = x.shape[2:]
    column_major = bool(cx.attr("storage_order", 0))
    positions = np.zeros(tuple(out) + (len(taps),), dtype=np.int64)
    grid = np.indices(out, dtype=np.int64)
    for j, tap in enumerate(itertools.product(*(range(k) for k in win.kernel))):
        flat = np.zeros(out, dtype=np.int64)
        scale = 1
        axes = range(len(out)) if column_major else reversed(range(len(out)))
        for a in axes:
            coord = grid[a] * win.strides[a] + tap[a] * win.dilations[a] - win.pads[a][0]
            flat += np.clip(coord, 0, spatial[a] - 1) * scale
            scale *= spatial[a]
        positions[..., j] = flat
    plane = int(np.prod(spatial, dtype=np.int64))
    n, c = x.shape[:2]
    offsets = (np.arange(n * c, dtype=np.int64) * plane).reshape((n, c) + (1,) * (len(out) + 1))
    table = positions[None, None] + offsets
    table_t = cx.const(np.ascontiguousarray(np.broadcast_to(table, (n, c) + positions.shape)))
    return gather_elements(table_t, choice, table_t.ndim - 1).squeeze(-1)


def _average_divisor(win: Window, spatial: tuple[int, ...], out: list[int],
                     include_pad: bool) -> np.ndarray:
    """Per output position, how many taps the average divides by."""
    counts = []
    for a, size in enumerate(spatial):
        before, after = win.pads[a]
        lo, hi = (-before, size + after) if include_pad else (0, size)
        starts = np.arange(out[a]) * win.strides[a] - before
        taps = starts[:, None] + np.arange(win.kernel[a])[None, :] * win.dilations[a]
        counts.append(((taps >= lo) & (taps < hi)).sum(axis=1))
    divisor = counts[0].astype(np.float64)
    for c in counts[1:]:
        divisor = np.multiply.outer(divisor, c)
    return divisor


def convert_average_pool(cx: NodeContext) -> Tensor:
    """Mean over windows; count_include_pad decides whether explicit pads count."""
    x = cx.input(0)
    win, out = _pool_window(cx, x)
    include_pad = bool(cx.attr("count_include_pad", 0))
    if _fits_rlx_pool(x, win, out):
        return api.avg_pool2d(x, tuple(win.kernel), tuple(win.strides), tuple(win.pads),
                              count_include_pad=include_pad)
    total = sum_all(_taps(x, win, out, 0.0))
    divisor = _average_divisor(win, x.shape[2:], out, include_pad)
    return total / cx.const(divisor.astype(x.dtype.np), x.dtype)


def convert_lp_pool(cx: NodeContext) -> Tensor:
    """(sum over the window of |x|^p)^(1/p)."""
    x = cx.input(0)
    win, out = _pool_window(cx, x)
    p = float(cx.attr("p", 2))
    terms = [api.pow(api.abs(t), cx.const(np.asarray(p), x.dtype))
             for t in _taps(x, win, out, 0.0)]
    return api.pow(sum_all(terms), cx.const(np.asarray(1.0 / p), x.dtype))


def _global(kind: str):
    def convert(cx: NodeContext) -> Tensor:
        x = cx.input(0)
        axes = tuple(range(2, x.ndim))
        if kind == "avg":
            return x.mean(axes, keepdims=True)
        if kind == "max":
            return x.max(axes, keepdims=True)
        p = cx.const(np.asarray(float(cx.attr("p", 2))), x.dtype)
        total = api.pow(api.abs(x), p).sum(axes, keepdims=True)
        return api.pow(total, cx.const(np.asarray(1.0 / float(cx.attr("p", 2))), x.dtype))
    convert.__name__ = f"convert_global_{kind}_pool"
    convert.__doc__ = f"Global {kind} pooling over every spatial axis (kept as size 1)."
    return convert


def convert_lrn(cx: NodeContext) -> Tensor:
    """x / (bias + alpha / size * sum of x^2 over a window of channels) ^ beta."""
    x = cx.input(0)
    size = cx.attr("size")
    alpha, beta, bias = cx.attr("alpha", 1e-4), cx.attr("beta", 0.75), cx.attr("bias", 1.0)
    square = x * x
    before, after = (size - 1) // 2, size - 1 - (size - 1) // 2
    pads = [(0, 0)] * x.ndim
    pads[1] = (before, after)
    padded = api.pad(square, pads)
    channels = x.shape[1]
    window = sum_all([api.slice(padded, [i], [i + channels], [1], [1]) for i in range(size)])
    scale = window * (alpha / size) + bias
    return x / api.pow(scale, cx.const(np.asarray(beta), x.dtype))


def convert_max_unpool(cx: NodeContext) -> Tensor:
    """Zeros of the unpooled shape with each x value written at its flat index; a larger
    output_shape pads the result with zeros at the end of each axis."""
    x, indices = cx.input(0), cx.input(1)
    rank = x.ndim - 2
    kernel = list(cx.attr("kernel_shape"))
    strides = list(cx.attr("strides", [1] * rank))
    raw = list(cx.attr("pads", [0] * (2 * rank)))
    spatial = [(d - 1) * s + k - raw[i] - raw[i + rank]
               for i, (d, s, k) in enumerate(zip(x.shape[2:], strides, kernel))]
    inferred = x.shape[:2] + tuple(spatial)
    size = int(np.prod(inferred, dtype=np.int64))
    zeros = cx.const(np.zeros(size, dtype=x.dtype.np), x.dtype)
    out = x.graph.apply("scatter_update", [zeros, cast(indices, DType.I64).reshape(-1),
                                           x.reshape(-1)], reduction="none")
    out = out.reshape(inferred)
    if not cx.has_input(2):
        return out
    shape = [int(v) for v in np.asarray(cx.static(2)).reshape(-1)]
    return _pad_or_crop(out, [(0, want - have) for want, have in zip(shape, inferred)])


CONVERTERS: list[Converter] = [
    Converter("Conv", convert_conv),
    Converter("ConvInteger", convert_conv_integer),
    Converter("ConvTranspose", convert_conv_transpose),
    Converter("MaxPool", convert_max_pool),
    Converter("AveragePool", convert_average_pool),
    Converter("LpPool", convert_lp_pool),
    Converter("GlobalAveragePool", _global("avg")),
    Converter("GlobalMaxPool", _global("max")),
    Converter("GlobalLpPool", _global("lp")),
    Converter("LRN", convert_lrn),
    Converter("MaxUnpool", convert_max_unpool),
]
