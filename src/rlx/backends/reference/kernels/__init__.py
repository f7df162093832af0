"""The reference backend's kernel table, keyed by op kind, assembled in one place."""

from rlx.backends.reference.kernels import (
    collective,
    control,
    elementwise,
    fft,
    grad,
    linalg,
    moe,
    nn,
    onnx_ops,
    qmatmul,
    quant,
    random,
    reductions,
    shape,
)
from rlx.backends.reference.kernels.common import KernelContext, KernelFn

KERNELS: dict[str, KernelFn] = {
    **elementwise.KERNELS,
    **reductions.KERNELS,
    **shape.KERNELS,
    **nn.KERNELS,
    **random.KERNELS,
    **grad.KERNELS,
    **onnx_ops.KERNELS,
    **quant.KERNELS,
    **qmatmul.KERNELS,
    **linalg.KERNELS,
    **control.KERNELS,
    **fft.KERNELS,
    **moe.KERNELS,
    **collective.KERNELS,
}

__all__ = ["KERNELS", "KernelContext", "KernelFn"]
