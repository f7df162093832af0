"""Algebraic simplification: identities that remove work.

Every rewrite is accepted only when the replacement has exactly the node's type
(shape and dtype), so broadcasting or promotion can never be lost. ``x + 0`` and
``x - 0`` ignore the sign of zero (-0.0 + 0.0 is +0.0), as most compilers do.
"""

from __future__ import annotations

import numpy as np

from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node
from rlx.ir.ops import RESHAPE_LIKE
from rlx.passes.rewrite import rebuild


def _const_all(new: Graph, nid: int, value: float) -> bool:
    node = new.nodes[nid]
    if node.op != "constant":
        return False
    arr = node.attr("value").array()
    return arr.size > 0 and bool(np.all(arr == value))


def widens_exactly(src: DType, mid: DType) -> bool:
    """True when every value of ``src`` is represented exactly in ``mid``."""
    if src == mid or src.is_bool:
        return True
    if src.is_float:
        wider = {DType.F16: (DType.F32, DType.F64), DType.BF16: (DType.F32, DType.F64),
                 DType.F32: (DType.F64,)}
        return mid in wider.get(src, ())
    if mid.is_float:
        mantissa = {DType.F16: 11, DType.BF16: 8, DType.F32: 24, DType.F64: 53}[mid]
        bits = src.itemsize * 8 - (1 if src.is_signed else 0)
        return bits <= mantissa
    if mid.is_bool:
        return False
    if src.is_signed == mid.is_signed:
        return mid.itemsize >= src.itemsize
    return not src.is_signed and mid.itemsize > src.itemsize


def _identity_operand(new: Graph, node: Node, ops: list[int]) -> int | None:
    """The operand ``node`` returns unchanged, if it is an identity."""
    op = node.op
    if op in ("add", "sub") and _const_all(new, ops[1], 0):
        return ops[0]
    if op == "add" and _const_all(new, ops[0], 0):
        return ops[1]
    if op in ("mul", "div", "pow") and _const_all(new, ops[1], 1):
        return ops[0]
    if op == "mul" and _const_all(new, ops[0], 1):
        return ops[1]
    if op in ("cast", "broadcast_to", "stop_gradient") or op in RESHAPE_LIKE:
        return ops[0]  # accepted only when the type is unchanged
    if op == "transpose" and node.attr("perm") == tuple(range(len(node.shape))):
        return ops[0]
    if op == "slice" and all(st == 1 for st in node.attr("steps")):
        return ops[0]
    if op == "flip" and all(node.shape[a] <= 1 for a in node.attr("axes")):
        return ops[0]
    if op in ("pad", "tile", "concat") and len(ops) == 1:
        return ops[0]  # same type implies zero pads / unit repeats / a single piece
    return None


def _rewrite(new: Graph, node: Node, ops: list[int]) -> int | None:
    """A cheaper equivalent built in ``new``, or None."""
    src = new.nodes[ops[0]] if ops else None
    if node.op == "neg" and src.op == "neg":
        return src.inputs[0]
    if node.op in RESHAPE_LIKE and src.op in RESHAPE_LIKE:
        return new.add("reshape", [src.inputs[0]], shape=node.shape)
    if node.op == "transpose" and src.op == "transpose":
        inner, outer = src.attr("perm"), node.attr("perm")
        return new.add("transpose", [src.inputs[0]], perm=tuple(inner[p] for p in outer))
    if node.op == "cast" and src.op == "cast":
        origin = new.nodes[src.inputs[0]].dtype
        # through a float, an integer's cast to an integer type saturates; directly, it
        # wraps: the same only where the last type holds every value of the first
        saturates = src.dtype.is_float and node.dtype.is_int and not origin.is_float
        if widens_exactly(origin, src.dtype) and (
                not saturates or widens_exactly(origin, node.dtype)):
            return new.add("cast", [src.inputs[0]], dtype=node.dtype)
    return None


def simplify(graph: Graph) -> Graph:
    """Apply the identities above in one sweep; chains collapse because each node sees
    its already-simplified operands. Replaced nodes are left for dead-code elimination."""
    def rule(new: Graph, nid: int, node: Node, ops: list[int]) -> int | None:
        ident = _identity_operand(new, node, ops)
        if ident is not None and new.nodes[ident].type == node.type:
            return ident
        cheaper = _rewrite(new, node, ops)
        if cheaper is None:
            return None
        if new.nodes[cheaper].type != node.type:
            return None
        again = _identity_operand(new, new.nodes[cheaper], list(new.nodes[cheaper].inputs))
        if again is not None and new.nodes[again].type == node.type:
            return again
        return cheaper

    return rebuild(graph, rule)[0]
