"""DFT and STFT onto rlx's FFT ops (rlx.fft: O(n log n) for every length).

ONNX represents complex tensors as real ones with a trailing axis of 2 (real,
imaginary); a trailing axis of 1 is a real signal. The signal becomes a complex (or,
for a one-sided forward transform of a real signal, a real) rlx tensor, is transformed
along the axis with ``n = dft_length`` (cropped or zero-padded, as ONNX does), and goes
back to the trailing-2 form. ``onesided`` keeps bins 0..n/2 (``rfft`` for a real
signal); an inverse one-sided transform rebuilds the real signal from those bins
(``irfft``). Every signal is transformed in f64 and the result rounded once to the
signal's dtype, as ONNX's reference computes: a bin that is 0 in exact arithmetic then
comes out within f64 rounding of 0 (an f32 transform of values near 450 leaves about
2e-6 there, above the conformance tests' 1e-7).
"""

from __future__ import annotations

import numpy as np

from rlx import fft
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast, norm_axis
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


def _pairs(z: Tensor) -> Tensor:
    """A complex tensor in ONNX's form: a trailing axis of (real, imaginary)."""
    return api.concat([api.real(z).unsqueeze(-1), api.imag(z).unsqueeze(-1)], -1)


def dft(x: Tensor, axis: int, length: int, inverse: bool, onesided: bool) -> Tensor:
    """The (inverse) DFT of x [..., 1|2] along ``axis`` (see the module docstring)."""
    real, imag = _split_complex(cast(x, DType.F64))
    if inverse and onesided:
        bins = real if imag is None else api.complex(real, imag)
        return cast(fft.irfft(bins, length, axis).unsqueeze(-1), x.dtype)
    if imag is None and onesided:
        return cast(_pairs(fft.rfft(real, length, axis)), x.dtype)
    z = real if imag is None else api.complex(real, imag)
    y = (fft.ifft if inverse else fft.fft)(z, length, axis)
    if onesided:
        y = api.slice(y, [0], [length // 2 + 1], [1], [axis])
    return cast(_pairs(y), x.dtype)


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
