"""Ops the ONNX importer needs beyond the rest of the set: bitwise and / or / xor /
not, scatter_update and bitcast.

Kept apart from :mod:`rlx.ir.ops`; importing this module defines the kinds in the op
contract (:func:`rlx.ir.opdef.define`). :mod:`rlx.ir.ops` imports the op set's
families in a fixed order, the order of ``OPS``.
"""

from __future__ import annotations

from rlx.ir.dtypes import DType, as_dtype
from rlx.ir.opdef import define
from rlx.ir.typerules import _require_numeric, broadcast_or_fail, fail_attr, fail_dtype, fail_shape
from rlx.ir.types import TensorType


def _infer_bitwise(op, ins, a):
    for t in ins:
        if not t.dtype.is_int:
            raise fail_dtype(op, ins, "needs integer operands")
    if len(ins) == 2 and ins[0].dtype != ins[1].dtype:
        raise fail_dtype(op, ins, "operands must share one dtype")
    return TensorType(broadcast_or_fail(op, ins), ins[0].dtype), {}

define("bitwise_and bitwise_or bitwise_xor", "binary", (2, 2), _infer_bitwise,
       {"bitwise_and": "Bitwise and of two's complement integers (one dtype), broadcasting.",
        "bitwise_or": "Bitwise or of two's complement integers (one dtype), broadcasting.",
        "bitwise_xor": "Bitwise xor of two's complement integers (one dtype), broadcasting."},
       traits="positionwise")
define("bitwise_not", "unary", (1, 1), _infer_bitwise,
       "Bitwise complement of an integer (~x; 255 - x for u8).",
       traits="positionwise")


def _infer_scatter_update(op, ins, a):
    data, idx, updates = ins
    if not idx.dtype.is_int:
        raise fail_dtype(op, ins, "indices must be an integer dtype")
    if data.rank < 1 or idx.rank != 1:
        raise fail_shape(op, ins, "data must have rank >= 1 and indices rank 1")
    if updates.shape != idx.shape + data.shape[1:]:
        raise fail_shape(op, ins, f"updates must have shape {idx.shape + data.shape[1:]}")
    if updates.dtype != data.dtype:
        raise fail_dtype(op, ins, "data and updates must share one dtype")
    reduction = a["reduction"]
    if reduction not in ("none", "add", "mul", "max", "min"):
        raise fail_attr(op, ins, "reduction must be none, add, mul, max or min")
    if reduction != "none":
        _require_numeric(op, [data])
    return data, {"reduction": reduction}

define("scatter_update", "index", (3, 3), _infer_scatter_update,
       ("A copy of data [N, ...] in which, for j = 0, 1, ... in order, row idx[j] becomes "
        "reduction(row, updates[j]): none (replace; the last write wins), add, mul, max or min "
        "(nan propagates). Indices in [-N, N) (negatives wrap); any other index raises "
        "ExecutionError at run time. ONNX ScatterElements / ScatterND on flattened indices."),
       attrs="reduction:{none,add,mul,max,min}=none")


def _infer_bitcast(op, ins, a):
    dt = as_dtype(a["dtype"])
    if dt is DType.BOOL and ins[0].dtype is not DType.BOOL:
        raise fail_dtype(op, ins, f"the bitcast op does not make bools of {ins[0].dtype} "
                                  "bytes (a bool holds 0 or 1; other bytes would be read "
                                  "differently by each kernel): rlx.bitcast gives x != 0")
    if dt.itemsize != ins[0].dtype.itemsize:
        raise fail_dtype(op, ins, f"cannot reinterpret {ins[0].dtype} as {dt}: element sizes "
                                  "differ")
    return TensorType(ins[0].shape, dt), {"dtype": dt}

define("bitcast", "shape", (1, 1), _infer_bitcast,
       "Reinterpret each element's bytes as dtype (same element size); bool is one byte, 0 or 1.",
       attrs="dtype:dtype", traits="positionwise")
