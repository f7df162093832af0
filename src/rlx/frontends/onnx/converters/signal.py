"""DFT and STFT as matmuls with import-time cosine / sine tables.

ONNX represents complex tensors as real ones with a trailing axis of 2 (real,
imaginary); a trailing axis of 1 is a real signal. With x = a + ib along the
transformed axis and angle t = 2 pi k j / n, the forward transform is
``sum (a cos t + b sin t) + i (b cos t - a sin t)``; the inverse flips the sign of
the sines and divides by n. ``onesided`` keeps bins 0..n/2 of a real signal's
transform, and for the inverse rebuilds a real signal from them (Hermitian
symmetry: bins other than 0 and n/2 count twice).
"""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, move_axis_last, norm_axis
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor


def _split_complex(x: Tensor) -> tuple[Tensor, Tensor | None]:
    """Real and imaginary parts (None for a real signal) of a [..., 1|2] tensor."""
    last = x.ndim - 1
    real = api.slice(x, [0], [1], [1], [last]).squeeze(last)
    if x.shape[-1] == 1:
        return real, None
    return real, api.slice(x, [1], [2], [1], [last]).squeeze(last)


def _fit_length(t: Tensor, axis: int, length: int) -> Tensor:
    """``t`` truncated or zero-padded to ``length`` along ``axis``."""
    n = t.shape[axis]
    if length < n:
        return api.slice(t, [0], [length], [1], [axis])
    if length > n:
        pads = [(0, 0)] * t.ndim
        pads[axis] = (0, length - n)
        return api.pad(t, pads)
    return t


def _along(t: Tensor, axis: int, table: np.ndarray) -> Tensor:
    """``table`` [out, in] applied along ``axis`` of ``t``."""
    moved, back = move_axis_last(t, axis)
    weights = t.graph.constant(np.ascontiguousarray(table.T).astype(t.dtype.np), t.dtype)
    return api.matmul(moved, weights).transpose(back)


def dft(x: Tensor, axis: int, length: int, inverse: bool, onesided: bool) -> Tensor:
    """The (inverse) DFT of x [..., 1|2] along ``axis`` (see the module docstring),
    computed in f64 and rounded once to x's dtype."""
    real, imag = _split_complex(cast(x, DType.F64))
    if inverse and onesided:
        return cast(_inverse_real(real, imag, axis, length), x.dtype)
    real = _fit_length(real, axis, length)
    imag = _fit_length(imag, axis, length) if imag is not None else None
    bins = length // 2 + 1 if onesided else length
    k = np.arange(bins)[:, None]
    j = np.arange(length)[None, :]
    angle = 2 * np.pi * ((k * j) % length) / length
    cos, sin = np.cos(angle), np.sin(angle)
    sign = 1.0 if inverse else -1.0
    scale = 1.0 / length if inverse else 1.0
    out_real = _along(real, axis, cos * scale)
    out_imag = _along(real, axis, sign * sin * scale)
    if imag is not None:
        out_real = out_real - _along(imag, axis, sign * sin * scale)
        out_imag = out_imag + _along(imag, axis, cos * scale)
    return cast(api.concat([out_real.unsqueeze(-1), out_imag.unsqueeze(-1)], -1), x.dtype)


def _inverse_real(real: Tensor, imag: Tensor | None, axis: int, length: int) -> Tensor:
    """The real signal of ``length`` samples whose one-sided spectrum is given."""
    bins = real.shape[axis]
    k = np.arange(bins)[None, :]
    j = np.arange(length)[:, None]
    angle = 2 * np.pi * ((k * j) % length) / length
    weight = np.full(bins, 2.0)
    weight[0] = 1.0
    if length % 2 == 0 and bins > length // 2:
        weight[length // 2] = 1.0
    weight[length // 2 + 1:] = 0.0
    out = _along(real, axis, np.cos(angle) * weight / length)
    if imag is not None:
        out = out - _along(imag, axis, np.sin(angle) * weight / length)
    return out.unsqueeze(-1)


def convert_dft(cx: NodeContext) -> Tensor:
    """ONNX DFT (axis attribute before opset 20, operand from 20)."""
    x = cx.input(0)
    if cx.opset >= 20:
        axis = int(np.asarray(cx.static(2)).reshape(-1)[0]) if cx.has_input(2) else -2
    else:
        axis = cx.attr("axis", 1)
    axis = norm_axis(cx, axis, x.ndim)
    if axis == x.ndim - 1:
        raise cx.error("the transformed axis cannot be the last (complex) axis")
    inverse, onesided = bool(cx.attr("inverse", 0)), bool(cx.attr("onesided", 0))
    if cx.has_input(1):
        length = int(np.asarray(cx.static(1)).reshape(-1)[0])
    elif inverse and onesided:
        length = 2 * (x.shape[axis] - 1)
    else:
        length = x.shape[axis]
    return dft(x, axis, length, inverse, onesided)


def convert_stft(cx: NodeContext) -> Tensor:
    """Short-time Fourier transform of signal [B, L, 1|2]: windowed frames every
    ``frame_step`` samples, each transformed (one-sided by default)."""
    signal = cx.input(0)
    step = int(np.asarray(cx.static(1)).reshape(-1)[0])
    window = cx.optional(2)
    if cx.has_input(3):
        frame = int(np.asarray(cx.static(3)).reshape(-1)[0])
    elif window is not None:
        frame = window.shape[0]
    else:
        raise cx.error("needs a window or a frame_length")
    frames = (signal.shape[1] - frame) // step + 1
    starts = np.arange(frames)[:, None] * step + np.arange(frame)[None, :]
    framed = api.gather(signal, cx.const(starts.astype(np.int64)), 1)
    if window is not None:
        framed = framed * window.reshape((frame, 1))
    onesided = bool(cx.attr("onesided", 1)) and signal.shape[-1] == 1
    return dft(framed, 2, frame, inverse=False, onesided=onesided)


CONVERTERS: list[Converter] = [
    Converter("DFT", convert_dft),
    Converter("STFT", convert_stft),
]
