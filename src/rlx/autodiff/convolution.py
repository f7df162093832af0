"""Cotangents of convolution and pooling, built from the conv op itself.

For y = conv(x, w) with stride s, dilation d, padding (pb, pe) and groups G
(per spatial axis, x of length H padded to Hp = pb + H + pe, kernel K, output O):

* d x is a stride-1 convolution of the cotangent, dilated by s (s - 1 zeros
  between neighbours), with the weight flipped along its spatial axes and its
  in/out channels exchanged within each group, dilation d and padding
  ((K - 1) d - pb, pb + H - (s (O - 1) + 1)): the full correlation, less x's own
  padding, so that its result is exactly x's extent. Where one of those paddings
  would be negative the convolution gets none and its result is sliced instead.
* d w is a convolution with the roles exchanged: x's channels of one group become
  the batch, its batch the channels (grouped by G), the cotangent is the weight,
  stride d and dilation s; the first K positions of the result are d w.

avg_pool2d is a depthwise convolution with a ones kernel followed by a divide, so
its cotangent reuses the input rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rlx.autodiff.indexing import dilate, slice_axis
from rlx.ir import api
from rlx.ir.graph import Tensor

Pairs = Sequence[tuple[int, int]]


def _flip_spatial(t: Tensor) -> Tensor:
    return api.flip(t, tuple(range(2, t.ndim)))


def _swap_group_channels(w: Tensor, groups: int) -> Tensor:
    """[C_out, C_in/G, *k] -> [C_in, C_out/G, *k], exchanging in/out within each group."""
    cout, cin_g = w.shape[:2]
    kernel = w.shape[2:]
    split = w.reshape((groups, cout // groups, cin_g) + kernel)
    perm = (0, 2, 1) + tuple(range(3, 3 + len(kernel)))
    return split.transpose(perm).reshape((groups * cin_g, cout // groups) + kernel)


def conv_input_cotangent(ct: Tensor, w: Tensor, x_shape: Sequence[int], stride: Sequence[int],
                         padding: Pairs, dilation: Sequence[int], groups: int) -> Tensor:
    """d x of y = conv(x, w, ...) given the cotangent ``ct`` of y (shape [N, C_out, *O])."""
    spread = ct
    for axis, step in enumerate(stride):
        spread = dilate(spread, 2 + axis, step)
    pads, crops = [], []
    for size, k, d, (before, _), used in zip(x_shape[2:], w.shape[2:], dilation, padding,
                                              spread.shape[2:]):
        lead = d * (k - 1) - before
        tail = before + size - used
        pads.append((max(lead, 0), max(tail, 0)))
        crops.append((max(-lead, 0), size))
    weight = _flip_spatial(_swap_group_channels(w, groups))
    full = ct.graph.apply("conv", [spread, weight], stride=1, padding=tuple(pads),
                          dilation=tuple(dilation), groups=groups)
    for axis, (start, size) in enumerate(crops):
        full = slice_axis(full, 2 + axis, start, start + size)
    return full


def conv_weight_cotangent(ct: Tensor, x: Tensor, w_shape: Sequence[int], stride: Sequence[int],
                          padding: Pairs, dilation: Sequence[int], groups: int) -> Tensor:
    """d w of y = conv(x, w, ...) given the cotangent ``ct`` of y (shape [N, C_out, *O])."""
    n, cin = x.shape[:2]
    cout = ct.shape[1]
    spatial = x.shape[2:]
    n_sp = len(spatial)
    tail = tuple(range(3, 3 + n_sp))
    # x [N, C_in, *sp] -> [C_in/G, G*N, *sp]: batch = in-channel of a group
    xs = x.reshape((n, groups, cin // groups) + spatial).transpose((2, 1, 0) + tail)
    xs = xs.reshape((cin // groups, groups * n) + spatial)
    # ct [N, C_out, *O] -> [C_out, N, *O]: the weight of the exchanged convolution
    out_sp = ct.shape[2:]
    cts = ct.reshape((n, groups, cout // groups) + out_sp).transpose((1, 2, 0) + tail)
    cts = cts.reshape((cout, n) + out_sp)
    full = x.graph.apply("conv", [xs, cts], stride=tuple(dilation), padding=tuple(padding),
                         dilation=tuple(stride), groups=groups)
    for axis, k in enumerate(w_shape[2:]):
        full = slice_axis(full, 2 + axis, 0, k)
    return full.transpose((1, 0) + tuple(range(2, 2 + n_sp)))


def _covered_counts(size: int, kernel: int, stride: int, pads: tuple[int, int],
                    out: int) -> np.ndarray:
    """Per output position along one axis: how many window taps fall on real input."""
    starts = np.arange(out) * stride - pads[0]
    ends = np.minimum(starts + kernel, size)
    return (ends - np.maximum(starts, 0)).astype(np.float64)


def avg_pool_divisor(x_shape: Sequence[int], out_shape: Sequence[int], kernel: Sequence[int],
                     stride: Sequence[int], padding: Pairs,
                     count_include_pad: bool) -> np.ndarray:
    """The divisor of each avg_pool2d output position, [OH, OW]."""
    if count_include_pad:
        return np.full(tuple(out_shape[2:]), float(kernel[0] * kernel[1]))
    rows = _covered_counts(x_shape[2], kernel[0], stride[0], padding[0], out_shape[2])
    cols = _covered_counts(x_shape[3], kernel[1], stride[1], padding[1], out_shape[3])
    return np.outer(rows, cols)


def avg_pool_input_cotangent(ct: Tensor, x_shape: Sequence[int], kernel: Sequence[int],
                             stride: Sequence[int], padding: Pairs,
                             count_include_pad: bool) -> Tensor:
    """d x of y = avg_pool2d(x, ...) given the cotangent ``ct`` of y."""
    n, c, h, w = x_shape
    divisor = avg_pool_divisor(x_shape, ct.shape, kernel, stride, padding, count_include_pad)
    scaled = ct / ct.graph.constant(divisor, ct.dtype)
    depthwise = scaled.reshape((n * c, 1) + ct.shape[2:])
    ones = ct.graph.constant(np.ones((1, 1) + tuple(kernel)), ct.dtype)
    dx = conv_input_cotangent(depthwise, ones, (n * c, 1, h, w), stride, padding, (1, 1), 1)
    return dx.reshape(x_shape)
