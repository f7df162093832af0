"""Reference kernels of the FFT ops (numpy.fft in double precision, rounded once to the
node's dtype; rlx.ir.complex_ops gives the semantics)."""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, finish
from rlx.ir.graph import Node


def _fft(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0].astype(np.complex128)
    axis, norm = node.attr("axis"), node.attr("norm")
    fn = np.fft.ifft if node.attr("inverse") else np.fft.fft
    return finish(fn(x, axis=axis, norm=norm), node)


def _rfft(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return finish(np.fft.rfft(args[0].astype(np.float64), axis=node.attr("axis"),
                              norm=node.attr("norm")), node)


def _irfft(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    return finish(np.fft.irfft(args[0].astype(np.complex128), n=node.attr("n"),
                               axis=node.attr("axis"), norm=node.attr("norm")), node)


KERNELS: dict[str, KernelFn] = {"fft": _fft, "rfft": _rfft, "irfft": _irfft}
