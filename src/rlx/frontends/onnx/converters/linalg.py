"""Matrix products: MatMul, Gemm, MatMulInteger, Einsum; and Det.

Einsum is lowered to rlx ops only: repeated labels inside one operand take a
diagonal (a gather on the flattened pair of axes), labels no one needs later are
summed out early, and operands are contracted pairwise, left to right, as one
batched ``matmul`` each ([batch, kept-left, contracted] @ [batch, contracted,
kept-right]).
"""

from __future__ import annotations

import string

import numpy as np

from rlx import linalg
from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast
from rlx.ir import api
from rlx.ir.dtypes import DType
from rlx.ir.graph import Tensor

# --------------------------------------------------------------------------- matmul


def convert_matmul(cx: NodeContext) -> Tensor:
    """numpy matmul."""
    return api.matmul(cx.input(0), cx.input(1))


def convert_gemm(cx: NodeContext) -> Tensor:
    """alpha * A' @ B' + beta * C with A' = A^T when transA, B' = B^T when transB."""
    a, b = cx.input(0), cx.input(1)
    if cx.attr("transA", 0):
        a = a.transpose((1, 0))
    if cx.attr("transB", 0):
        b = b.transpose((1, 0))
    y = api.matmul(a, b)
    alpha, beta = cx.attr("alpha", 1.0), cx.attr("beta", 1.0)
    if alpha != 1.0:
        y = y * cx.const(np.asarray(alpha), y.dtype)
    c = cx.optional(2)
    if c is None or beta == 0.0:
        return y
    if beta != 1.0:
        c = c * cx.const(np.asarray(beta), c.dtype)
    return y + c


def _zero_point(cx: NodeContext, i: int, like: Tensor, row_axis: bool) -> Tensor | None:
    """Zero point operand ``i`` widened to i32; a per-row vector of A as a column."""
    zp = cx.optional(i)
    if zp is None:
        return None
    zp = cast(zp, DType.I32)
    if row_axis and zp.ndim == 1 and zp.shape[0] != 1:
        zp = zp.reshape((zp.shape[0], 1))
    return zp


def convert_matmul_integer(cx: NodeContext) -> Tensor:
    """(A - a_zero_point) @ (B - b_zero_point) in i32."""
    a = cast(cx.input(0), DType.I32)
    b = cast(cx.input(1), DType.I32)
    a_zp = _zero_point(cx, 2, a, row_axis=True)
    b_zp = _zero_point(cx, 3, b, row_axis=False)
    if a_zp is not None:
        a = a - a_zp
    if b_zp is not None:
        b = b - b_zp
    return api.matmul(a, b)


# --------------------------------------------------------------------------- einsum

class _Labeled:
    """A tensor with one label per axis."""

    def __init__(self, tensor: Tensor, labels: str):
        self.tensor = tensor
        self.labels = labels

    def size(self, label: str) -> int:
        return self.tensor.shape[self.labels.index(label)]


def _parse_equation(cx: NodeContext, equation: str, ranks: list[int]) -> tuple[list[str], str]:
    """Operand label strings and the output labels, with ``...`` expanded to fresh
    labels (characters no equation can hold, so they never meet its own labels) and
    the implicit output (the ellipsis, then the labels used once in ASCII order: upper
    case before lower) made explicit."""
    equation = equation.replace(" ", "")
    lhs, arrow, rhs = equation.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise cx.error(f"equation {equation!r} names {len(terms)} operands, got {len(ranks)}")
    ellipsis_rank = max((r - len(t.replace("...", "")) for t, r in zip(terms, ranks)
                         if "..." in t), default=0)
    used = set(lhs.replace("...", "").replace(",", "")) | set(rhs.replace("...", ""))
    if not used <= set(string.ascii_letters):
        raise cx.error(f"equation {equation!r}: labels must be letters")
    fresh = "".join(chr(0x100 + i) for i in range(ellipsis_rank))
    expanded = []
    for term, rank in zip(terms, ranks):
        if "..." in term:
            n = rank - len(term.replace("...", ""))
            term = term.replace("...", fresh[ellipsis_rank - n:])
        expanded.append(term)
    if arrow:
        output = rhs.replace("...", fresh)
    else:
        letters = "".join(expanded)
        once = sorted(c for c in set(letters) if letters.count(c) == 1 and c not in fresh)
        output = fresh + "".join(once)
    return expanded, output


def _take_diagonals(op: _Labeled) -> _Labeled:
    """Collapse each repeated label of one operand to its diagonal."""
    while True:
        repeated = next((c for c in op.labels if op.labels.count(c) > 1), None)
        if repeated is None:
            return op
        first = op.labels.index(repeated)
        second = op.labels.index(repeated, first + 1)
        keep = [a for a in range(len(op.labels)) if a not in (first, second)]
        n = op.tensor.shape[first]
        moved = op.tensor.transpose(keep + [first, second])
        flat = moved.reshape(tuple(moved.shape[:-2]) + (n * n,))
        diag_idx = op.tensor.graph.constant(np.arange(n, dtype=np.int64) * (n + 1), DType.I64)
        diag = api.gather(flat, diag_idx, flat.ndim - 1)
        labels = "".join(op.labels[a] for a in keep) + repeated
        op = _Labeled(diag, labels)


def _sum_out(op: _Labeled, needed: set[str]) -> _Labeled:
    """Sum over the labels of ``op`` that are not ``needed``."""
    axes = tuple(i for i, c in enumerate(op.labels) if c not in needed)
    if not axes:
        return op
    labels = "".join(c for c in op.labels if c in needed)
    return _Labeled(op.tensor.sum(axes), labels)


def _arrange(op: _Labeled, order: str, sizes: dict[str, int]) -> Tensor:
    """``op`` transposed to ``order`` and broadcast to ``sizes`` (size-1 batch axes)."""
    t = op.tensor.transpose([op.labels.index(c) for c in order])
    target = tuple(sizes[c] for c in order)
    return t if t.shape == target else api.broadcast_to(t, target)


def _broadcast_size(sizes: list[int]) -> int:
    """A label's size over the operands that hold it: the one other than 1, which may
    be 0 (the largest took a label of 0 held by one operand as 1)."""
    return next((s for s in sizes if s != 1), 1)


def _contract(a: _Labeled, b: _Labeled, needed: set[str]) -> _Labeled:
    """The product of two operands summed over their shared labels not ``needed``."""
    a, b = _sum_out(a, needed | set(b.labels)), _sum_out(b, needed | set(a.labels))
    batch = "".join(c for c in a.labels if c in b.labels and c in needed)
    shared = "".join(c for c in a.labels if c in b.labels and c not in needed)
    left = "".join(c for c in a.labels if c not in b.labels)
    right = "".join(c for c in b.labels if c not in a.labels)
    sizes = {c: _broadcast_size([op.size(c) for op in (a, b) if c in op.labels])
             for c in a.labels + b.labels}

    def prod(labels: str) -> int:
        return int(np.prod([sizes[c] for c in labels], dtype=np.int64))

    ta = _arrange(a, batch + left + shared, sizes).reshape((prod(batch), prod(left),
                                                            prod(shared)))
    tb = _arrange(b, batch + shared + right, sizes).reshape((prod(batch), prod(shared),
                                                             prod(right)))
    out = api.matmul(ta, tb)
    labels = batch + left + right
    return _Labeled(out.reshape(tuple(sizes[c] for c in labels)), labels)


def convert_einsum(cx: NodeContext) -> Tensor:
    """Einstein summation over the operands per ``equation``."""
    xs = cx.inputs()
    terms, output = _parse_equation(cx, cx.attr("equation"), [x.ndim for x in xs])
    ops = [_take_diagonals(_Labeled(x, t)) for x, t in zip(xs, terms)]
    acc = _sum_out(ops[0], set(output).union(*(set(o.labels) for o in ops[1:])))
    for i, op in enumerate(ops[1:], start=1):
        later = set(output).union(*(set(o.labels) for o in ops[i + 1:]))
        acc = _contract(acc, op, later)
    acc = _sum_out(acc, set(output))
    return acc.tensor.transpose([acc.labels.index(c) for c in output])


def convert_det(cx: NodeContext) -> Tensor:
    """Determinant of [..., n, n] matrices (any n; leading axes are batch axes) with the
    ``det`` op (LU with partial pivoting; 0 for a singular matrix), computed in f64 so
    f16 / bf16 / f32 inputs lose nothing to the factorisation."""
    x = cx.input(0)
    if x.ndim < 2 or x.shape[-2] != x.shape[-1]:
        raise cx.error(f"needs square matrices, got shape {x.shape}")
    return cast(linalg.det(cast(x, DType.F64)), x.dtype)


CONVERTERS: list[Converter] = [
    Converter("MatMul", convert_matmul),
    Converter("Gemm", convert_gemm),
    Converter("MatMulInteger", convert_matmul_integer),
    Converter("Einsum", convert_einsum),
    Converter("Det", convert_det),
]
