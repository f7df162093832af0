"""The reference backend's kernel table, keyed by op kind, assembled in one place."""

from rlx.backends.reference.kernels import elementwise, grad, nn, quant, random, reductions, shape
from rlx.backends.reference.kernels.common import KernelContext, KernelFn

KERNELS: dict[str, KernelFn] = {
    **elementwise.KERNELS,
    **reductions.KERNELS,
    **shape.KERNELS,
    **nn.KERNELS,
    **random.KERNELS,
    **grad.KERNELS,
    **quant.KERNELS,
}

__all__ = ["KERNELS", "KernelContext", "KernelFn"]
