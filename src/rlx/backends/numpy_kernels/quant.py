"""Reference kernel for round_to_format: the formats module's oracle, row by row."""

from __future__ import annotations

import numpy as np

from rlx.backends.numpy_kernels.common import KernelContext
from rlx.ir.formats import FormatScaling, round_slice_scaled, stored_as
from rlx.ir.graph import Node
from rlx.ir.ops import format_from_attrs


def round_to_format(node: Node, args: list[np.ndarray], ctx: KernelContext) -> np.ndarray:
    x = args[0]
    fmt = format_from_attrs(node.attr_dict)
    scaling = FormatScaling(node.attr("scaling"), node.attr("block"))
    row_len = x.shape[-1] if x.ndim else 1
    if x.size == 0:
        return x.copy()
    out = round_slice_scaled(x.astype(np.float64), fmt, scaling, row_len)
    return stored_as(out, x.dtype).reshape(x.shape)


KERNELS = {"round_to_format": round_to_format}
