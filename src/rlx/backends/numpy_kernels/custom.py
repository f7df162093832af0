"""The reference kernel of a custom op: the user's numpy function (rlx.ir.custom)."""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext, KernelFn, compute, finish
from rlx.errors import ExecutionError, RlxError
from rlx.ir.custom import CustomOp
from rlx.ir.graph import Node


def custom_kernel(op: CustomOp) -> KernelFn:
    """A kernel calling ``op.reference(*operands, **attrs)``: f16 / bf16 operands widened
    to f32, the result (which must have the node's shape) rounded once to its dtype."""
    def kernel(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
        try:
            value = op.reference(*(compute(a) for a in args), **node.attr_dict)
        except RlxError:
            raise
        except Exception as e:
            raise ExecutionError(f"custom op {op.name!r}: its reference kernel raised "
                                 f"{type(e).__name__}: {e}") from e
        value = np.asarray(value)
        if value.shape != node.shape:
            raise ExecutionError(f"custom op {op.name!r}: its reference kernel returned shape "
                                 f"{value.shape}, but infer gave {node.type}")
        return finish(value, node)
    kernel.__doc__ = f"The reference kernel of custom op {op.name!r}."
    return kernel
