"""What every reference kernel shares: its signature and the dtype discipline.

A kernel is ``fn(node, args, ctx) -> np.ndarray``: ``args`` are the operand values
(numpy arrays in their declared dtypes, never written to), the result must have
exactly ``node.shape`` and ``node.dtype``. f16/bf16 operands are widened to f32
with :func:`compute`, and the result rounded once with :func:`finish`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from rlx.ir.graph import Node
from rlx.ir.rng import RngOptions


@dataclass
class KernelContext:
    """Run-time state a kernel may read: the RNG policy and the run counter."""

    rng: RngOptions
    run_index: int = 0


KernelFn = Callable[[Node, list[np.ndarray], KernelContext], np.ndarray]


def compute(a: np.ndarray) -> np.ndarray:
    """``a`` in the dtype arithmetic happens in: f16 and bf16 widen to f32."""
    if a.dtype == np.float16 or a.dtype.name == "bfloat16":
        return a.astype(np.float32)
    return a


def finish(value: np.ndarray, node: Node) -> np.ndarray:
    """Round ``value`` once to the node's dtype and give it the node's shape."""
    out = np.asarray(value)
    if out.dtype != node.dtype.np:
        out = out.astype(node.dtype.np)
    return out.reshape(node.shape)
