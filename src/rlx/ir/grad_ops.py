"""Ops the gradient rules build: scatter_add (the transpose of gather) and
max_pool2d_indices (where max_pool2d took each window's value from).

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``.
"""

from __future__ import annotations

from rlx.ir.dtypes import DType
from rlx.ir.nn_ops import _infer_pool
from rlx.ir.opdef import define
from rlx.ir.typerules import _require_numeric, fail_attr, fail_dtype, fail_shape, norm_axis
from rlx.ir.types import TensorType


def _infer_scatter_add(op, ins, a):
    updates, idx = ins
    _require_numeric(op, [updates])
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    out_rank = updates.rank - idx.rank + 1
    if out_rank < 1:
        raise fail_shape(op, ins, "updates need the indices' dims plus the output's others")
    axis = norm_axis(op, ins, a["axis"], out_rank)
    if updates.shape[axis:axis + idx.rank] != idx.shape:
        raise fail_shape(op, ins, f"updates dims {axis}..{axis + idx.rank - 1} must equal the "
                                  f"indices' shape {idx.shape}")
    size = a["size"]
    if size < 0:
        raise fail_attr(op, ins, "size must be non-negative")
    shape = updates.shape[:axis] + (size,) + updates.shape[axis + idx.rank:]
    return TensorType(shape, updates.dtype), {"axis": axis, "size": size}

define("scatter_add", "index", (2, 2), _infer_scatter_add,
       ("The transpose of gather: out has updates' shape with the indices' dims replaced by one "
        "axis of length size, all zero, then out[..., idx[j], ...] += updates[..., j, ...] for "
        "every index position j (repeated indices accumulate). Indices in [-size, size) "
        "(negatives wrap); any other index raises ExecutionError at run time."),
       attrs="axis:int=0 size:int", traits="indexed_linear")


def _infer_pool_indices(op, ins, a):
    t, attrs = _infer_pool(op, ins, a)
    return TensorType(t.shape, DType.I64), attrs

define("max_pool2d_indices", "nn", (1, 1), _infer_pool_indices,
       ("The i64 flat index h*W + w into x's [H, W] plane (PyTorch's return_indices) of the "
        "element max_pool2d takes from each window: the first nan, else the first maximal element"
        " in row-major window order. Padding is never chosen."),
       attrs="kernel:ints stride:ints=None padding:pairs=0")
