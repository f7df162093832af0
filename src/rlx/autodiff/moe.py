"""Rules of the mixture-of-experts op grouped_matmul (:mod:`rlx.ir.moe_ops`).

y[t, j] = W[e] @ x_tj with e = idx[t, j] is bilinear in (x, W) and carries no
derivative to the expert ids:

* VJP: dx_tj = W[e]^T dy[t, j] (the op with ``transpose`` flipped; summed over j when
  x [T, d] feeds every selection), dW[e] = sum over the (t, j) routed to e of
  dy[t, j] x_tj^T (outer products scattered into [E, n, d] with scatter_add);
* JVP: the op on the tangents, tx with W and x with tW;
* vmap: the batch axis folded into the token axis T (a batched weight: one op per
  batch element).

The GGML-format form has no rules: its weight is a file's frozen blocks, and its input
gradient would need the transposed product over blocks, which it does not offer (use
f32 experts to train); grad through it names the op.
"""

from __future__ import annotations

from rlx.autodiff.common import Primal
from rlx.autodiff.jvp import jvp_rule
from rlx.autodiff.vjp import vjp_rule
from rlx.autodiff.vmap import BatchContext, BatchedValue, unrolled, vmap_rule
from rlx.errors import UnsupportedOpError
from rlx.ir.graph import Node, Tensor


def _f32_only(p: Primal) -> None:
    if p.node.attr("scheme") != "f32":
        raise UnsupportedOpError(f"grouped_matmul over {p.node.attr('scheme')} blocks has no "
                                 "derivative (frozen GGML weights); train with f32 experts")


def _apply(p: Primal, x: Tensor, w: Tensor, transpose: bool) -> Tensor:
    return p.graph.apply("grouped_matmul", [x, p.xs[1], w], **{**p.node.attr_dict,
                                                              "transpose": transpose})


@vjp_rule("grouped_matmul", slots=(0, 2))
def _grouped_matmul_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    _f32_only(p)
    x, idx, w = p.xs
    transpose = p.node.attr("transpose")
    dx = dw = None
    if p.active[0]:
        dx = _apply(p, ct, w, not transpose)
        if x.ndim == 2:
            dx = dx.sum(1)
    if p.active[2]:
        t, k = idx.shape
        xs = x if x.ndim == 3 else x.reshape((t, 1, x.shape[-1])).broadcast_to(
            (t, k, x.shape[-1]))
        a, b = (xs, ct) if transpose else (ct, xs)          # dW[e] += a b^T, [n, d]
        outer = a.reshape(a.shape + (1,)) * b.reshape((t, k, 1, b.shape[-1]))
        flat = outer.reshape((t * k,) + outer.shape[2:])
        dw = p.graph.apply("scatter_add", [flat, idx.reshape((t * k,))], axis=0,
                           size=w.shape[0])
    return [dx, None, dw]


@jvp_rule("grouped_matmul", slots=(0, 2))
def _grouped_matmul_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    _f32_only(p)
    x, _, w = p.xs
    transpose = p.node.attr("transpose")
    terms = []
    if ts[0] is not None:
        terms.append(_apply(p, ts[0], w, transpose))
    if ts[2] is not None:
        terms.append(_apply(p, x, ts[2], transpose))
    if not terms:
        return None
    return terms[0] if len(terms) == 1 else terms[0] + terms[1]


@vmap_rule("grouped_matmul")
def _grouped_matmul_batch(ctx: BatchContext, node: Node,
                          args: list[BatchedValue]) -> BatchedValue:
    """Tokens of every batch element side by side: x [B, T, ...] -> [B*T, ...], idx
    [B, T, K] -> [B*T, K]; a batched weight runs one op per element."""
    x, idx, w = args
    if w.batched:
        return unrolled(ctx, node, args)
    xf, idxf = ctx.fold(ctx.to_batched(x)), ctx.fold(ctx.to_batched(idx))
    y = ctx.add("grouped_matmul", [xf, idxf, w.id], **node.attr_dict)
    return BatchedValue(ctx.unfold(y), True)
