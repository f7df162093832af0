"""Reference kernels of the collective ops (:mod:`rlx.ir.collective_ops`): the host
collectives of :mod:`rlx.distributed.collectives` on the operand's array, into a fresh
result (:func:`rlx.backends.collective.run_collective`; its errors)."""

from __future__ import annotations

import numpy as np

from rlx.backends.collective import CollectiveCall, run_collective
from rlx.backends.numpy_kernels.common import KernelContext
from rlx.ir.graph import Node
from rlx.ir.types import TensorType


def collective(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = np.asarray(args[0], order="C")     # 0-d stays 0-d (ascontiguousarray makes it 1-d)
    operand = TensorType(x.shape, node.dtype)
    out = np.empty(node.shape, node.dtype.np)
    call = CollectiveCall.of(node, operand, f"{node.op}({operand}) : {node.type}")
    run_collective(call, x, out)
    return out


KERNELS = {"all_reduce": collective, "all_gather": collective, "reduce_scatter": collective}
