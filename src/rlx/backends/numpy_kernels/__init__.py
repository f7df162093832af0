"""The numpy kernel of every op, keyed by op kind, and :func:`evaluate_node`, the one way
to compute a single node's value with them.

These kernels define what each op computes. The reference device interprets whole
Programs with them (rlx.backends.reference), and every layer that needs one node's
value on the host evaluates it here: constant folding (the pass pipeline and the ONNX
importer), the values of ``arange`` constants that the cpu device stores in its
programs, the reference kernel of a custom op (rlx.runtime.custom_ops adds it to
``KERNELS``).

The rule: this package belongs to no backend. It imports rlx.ir, rlx.errors and the
backends' shared collective calls (rlx.backends.collective), never a backend's own
package, so that any backend may use it without depending on another backend; a
backend that needs a host computation imports it from here, not from
rlx.backends.reference.
"""

from collections.abc import Sequence

import numpy as np

from rlx.backends.numpy_kernels import (
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
from rlx.backends.numpy_kernels.common import KernelContext, KernelFn
from rlx.errors import ExecutionError, UnsupportedOpError
from rlx.ir.graph import Node
from rlx.ir.printer import format_node
from rlx.ir.rng import RngOptions

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


def evaluate_node(node: Node, args: Sequence[np.ndarray], ctx: KernelContext | None = None,
                  node_id: int | None = None) -> np.ndarray:
    """The value of ``node`` (an array of exactly its shape and dtype) given the values of
    its operands, ``args``, in operand order; a ``constant`` node's value is its own.

    ``ctx`` gives random ops their seed and run counter (default: ``RngOptions()`` at
    run 0, what compile-time evaluation uses). UnsupportedOpError when the op has no
    kernel; an ExecutionError of the kernel is raised again starting with the node
    (printed in full as node ``node_id`` of its graph where given, else its op and
    type).
    """
    if node.op == "constant":
        return node.attr("value").array()
    fn = KERNELS.get(node.op)
    if fn is None:
        raise UnsupportedOpError(f"no numpy kernel for op {node.op!r}")
    try:
        value = fn(node, list(args), KernelContext(RngOptions()) if ctx is None else ctx)
    except ExecutionError as e:
        where = f"{node.op} : {node.type}" if node_id is None else format_node(node_id, node)
        raise ExecutionError(f"{where}: {e}") from None
    assert value.shape == node.shape and value.dtype == node.dtype.np, (
        f"kernel {node.op} returned {value.dtype}{value.shape} for {node.type}")
    return value


__all__ = ["KERNELS", "KernelContext", "KernelFn", "evaluate_node"]
