"""grad, jvp and vmap rules of the dense linear algebra ops (:mod:`rlx.ir.linalg_ops`).

The derivatives are built from the linalg ops themselves plus matmul, transposes and
triangle masks (constants). With x = a^-1 b, Y = a^-1, L = cholesky(a), T the used
triangle of a, ``^-T`` the inverse transpose and Φ(M) = the lower triangle of M with
its diagonal halved:

* solve:            dx = a^-1 (db - da x);  gb = a^-T ct, ga = -gb x^T
  (the implicit-function rule: one more solve with a^T, no inverse);
* solve_triangular: as solve with T, ga masked to T's triangle;
* inv:              dY = -Y da Y;           ga = -Y^T ct Y^T;
* det:              d det = det tr(a^-1 da); ga = ct det a^-T;
* slogdet:          d log|det| = tr(a^-1 da), ga = ct a^-T; the sign has derivative 0;
* cholesky (reads a's lower triangle only; ``e`` = that triangle made symmetric):
  dL = L Φ(L^-1 de L^-T);  with S = L^-T Φ(L^T ct) L^-1, ga = tril(S) + tril(S^T, -1).

det's and slogdet's rules build a^-1 with ``inv``, so their derivatives at a singular
matrix fail the run (the true gradient there is finite for det; numpy-based autodiff
systems fail the same way). eigh (a = V diag(w) V^T, lower triangle read; F_ij =
1 / (w_j - w_i) off the diagonal, 0 on it; E = V^T de V):

* dw = diag(E), dV = V (F o E);  with S = V (diag(w_ct) + F o (V^T V_ct)) V^T,
  ga = tril(S) + tril(S^T, -1) (each result's rule builds the other result's node).
  Repeated eigenvalues make V's derivative undefined (F is infinite there), as in
  every system.

lu (a = P L U, L unit lower, U upper; P is piecewise constant, so its derivative is 0
and the rules hold wherever the pivoting does not change): with
F = L^-1 P^T da U^-1,

* dL = L tril(F, -1), dU = triu(F) U;  with G = tril(L^T ct_L, -1) + triu(ct_U U^T),
  ga = P L^-T G U^-T.

qr (a = Q R of square a, R upper): with C = Q^T da R^-1 and Ω = tril(C, -1) -
tril(C, -1)^T (Q^T dQ, antisymmetric),

* dQ = Q Ω + (da R^-1 - Q C) (the bracket is 0 for square a; kept for tall a),
  dR = (C - Ω) R;  with M = R ct_R^T - ct_Q^T Q and copyltu(M) = the symmetric matrix
  with M's lower triangle, ga = (ct_Q + Q copyltu(M)) R^-T.

Each lu / qr node's rule builds the sibling results it needs (as eigh's do); the
cotangents of separate result nodes add up to the joint rule. vmap batches every linalg
op by moving the batch axis in front of the op's own batch axes (a shared operand is
broadcast to the batch).
"""

from __future__ import annotations

import numpy as np

from rlx.autodiff.common import Primal
from rlx.autodiff.derivatives import swap_last
from rlx.autodiff.jvp import jvp_rule
from rlx.autodiff.vjp import vjp_rule
from rlx.autodiff.vmap import BatchContext, BatchedValue, vmap_rule
from rlx.ir.graph import Node, Tensor


def _mask(like: Tensor, values: np.ndarray) -> Tensor:
    """``values`` ([n, n]) as a constant of ``like``'s dtype."""
    return like.graph.constant(values.astype(like.dtype.np), like.dtype)


def _tril(t: Tensor, k: int = 0) -> Tensor:
    n = t.shape[-1]
    return t * _mask(t, np.tril(np.ones((n, n)), k))


def _triangle(t: Tensor, lower: bool) -> Tensor:
    return _tril(t) if lower else swap_last(_tril(swap_last(t)))


def _solve(a: Tensor, b: Tensor) -> Tensor:
    return a.graph.apply("solve", [a, b])


def _solve_tri(a: Tensor, b: Tensor, lower: bool) -> Tensor:
    return a.graph.apply("solve_triangular", [a, b], lower=lower)


def _is_vector(p: Primal) -> bool:
    return p.xs[1].ndim == p.xs[0].ndim - 1


def _outer(g: Tensor, x: Tensor, vector: bool) -> Tensor:
    """g x^T: an outer product of vectors, or of matrices' columns summed."""
    if vector:
        return g.unsqueeze(-1) * x.unsqueeze(-2)
    return g @ swap_last(x)


def _apply(m: Tensor, x: Tensor, vector: bool) -> Tensor:
    """m @ x for x a batch of vectors or of matrices."""
    return (m @ x.unsqueeze(-1)).squeeze(-1) if vector else m @ x


def _per_matrix(t: Tensor) -> Tensor:
    """[...] -> [..., 1, 1], to scale whole matrices."""
    return t.unsqueeze(-1).unsqueeze(-1)


def _trace_product(m: Tensor, t: Tensor) -> Tensor:
    """tr(m t) for batches of square matrices, as sum(m^T * t)."""
    return (swap_last(m) * t).sum(axis=(-2, -1))


# --------------------------------------------------------------------------- vjp

@vjp_rule("solve solve_triangular")
def _solve_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    a = p.xs[0]
    vector = _is_vector(p)
    if p.node.op == "solve":
        gb = _solve(swap_last(a), ct)
    else:
        lower = p.attr("lower")
        gb = _solve_tri(swap_last(a), ct, not lower)
    ga = None
    if p.active[0]:
        ga = -_outer(gb, p.out, vector)
        if p.node.op == "solve_triangular":
            ga = _triangle(ga, p.attr("lower"))
    return [ga, gb]


@vjp_rule("inv")
def _inv_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    yt = swap_last(p.out)
    return [-(yt @ ct @ yt)]


@vjp_rule("det")
def _det_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    a = p.xs[0]
    inv_t = swap_last(a.graph.apply("inv", [a]))
    return [_per_matrix(ct * p.out) * inv_t]


@vjp_rule("slogdet")
def _slogdet_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    if p.attr("result") == "sign":
        return [None]
    a = p.xs[0]
    return [_per_matrix(ct) * swap_last(a.graph.apply("inv", [a]))]


@vjp_rule("cholesky")
def _cholesky_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    low = p.out
    n = low.shape[-1]
    phi = _mask(low, np.tril(np.ones((n, n)), -1) + 0.5 * np.eye(n))
    lt = swap_last(low)
    z = _solve_tri(lt, (lt @ ct) * phi, lower=False)  # L^-T Φ(L^T ct)
    s = swap_last(_solve_tri(lt, swap_last(z), lower=False))  # z L^-1
    return [_tril(s) + _tril(swap_last(s), -1)]


def _eigh_parts(p: Primal) -> tuple[Tensor, Tensor, Tensor]:
    """(w, V, F) of the eigh node ``p`` (F: 1 / (w_j - w_i), 0 on the diagonal)."""
    a = p.xs[0]
    other = "v" if p.attr("result") == "w" else "w"
    pair = {p.attr("result"): p.out, other: a.graph.apply("eigh", [a], result=other)}
    w, v = pair["w"], pair["v"]
    n = w.shape[-1]
    eye = _mask(w, np.eye(n))
    gaps = w.unsqueeze(-2) - w.unsqueeze(-1) + eye
    return w, v, (1 - eye) / gaps


@vjp_rule("eigh")
def _eigh_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    w, v, f = _eigh_parts(p)
    n = w.shape[-1]
    if p.attr("result") == "w":
        inner = ct.unsqueeze(-1) * _mask(w, np.eye(n))
    else:
        inner = f * (swap_last(v) @ ct)
    s = v @ inner @ swap_last(v)
    return [_tril(s) + _tril(swap_last(s), -1)]


def _sibling(p: Primal, result: str) -> Tensor:
    """Result ``result`` of the multi-result op (lu, qr) whose node is ``p``."""
    if p.attr("result") == result:
        return p.out
    a = p.xs[0]
    return a.graph.apply(p.node.op, [a], result=result)


def _triu(t: Tensor) -> Tensor:
    return t - _tril(t, -1)


def _right_solve_tri(x: Tensor, r: Tensor, lower: bool) -> Tensor:
    """x r^-1 for triangular r (``lower`` or upper): the transpose of r^-T x^T."""
    return swap_last(_solve_tri(swap_last(r), swap_last(x), not lower))


@vjp_rule("lu")
def _lu_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    result = p.attr("result")
    if result == "p":
        return [None]
    perm, low, up = (_sibling(p, r) for r in "plu")
    if result == "l":
        g = _tril(swap_last(low) @ ct, -1)
    else:
        g = _triu(ct @ swap_last(up))
    x = _solve_tri(swap_last(low), g, lower=False)  # L^-T G
    return [perm @ _right_solve_tri(x, swap_last(up), lower=True)]  # ... U^-T


@vjp_rule("qr")
def _qr_vjp(p: Primal, ct: Tensor) -> list[Tensor | None]:
    q, r = _sibling(p, "q"), _sibling(p, "r")
    if p.attr("result") == "q":
        m = -(swap_last(ct) @ q)
        b = ct
    else:
        m = r @ swap_last(ct)
        b = None
    low = _tril(m, -1)
    n = m.shape[-1]
    copyltu = low + swap_last(low) + m * _mask(m, np.eye(n))
    b = q @ copyltu if b is None else b + q @ copyltu
    return [_right_solve_tri(b, swap_last(r), lower=True)]  # b R^-T


# --------------------------------------------------------------------------- jvp

@jvp_rule("solve solve_triangular")
def _solve_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    ta, tb = ts
    vector = _is_vector(p)
    tri = p.node.op == "solve_triangular"
    rhs = tb
    if ta is not None:
        da = _triangle(ta, p.attr("lower")) if tri else ta
        term = _apply(da, p.out, vector)
        rhs = -term if rhs is None else rhs - term
    if rhs is None:
        return None
    return _solve_tri(p.xs[0], rhs, p.attr("lower")) if tri else _solve(p.xs[0], rhs)


@jvp_rule("inv")
def _inv_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    if ts[0] is None:
        return None
    return -(p.out @ ts[0] @ p.out)


@jvp_rule("det slogdet")
def _det_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    if ts[0] is None or p.attr("result") == "sign":
        return None
    a = p.xs[0]
    dlog = _trace_product(a.graph.apply("inv", [a]), ts[0])
    return dlog * p.out if p.node.op == "det" else dlog


@jvp_rule("cholesky")
def _cholesky_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    if ts[0] is None:
        return None
    low, ta = p.out, ts[0]
    n = low.shape[-1]
    sym = _tril(ta) + swap_last(_tril(ta, -1))
    x = _solve_tri(low, sym, lower=True)  # L^-1 e
    m = _solve_tri(low, swap_last(x), lower=True)  # L^-1 e L^-T
    phi = _mask(low, np.tril(np.ones((n, n)), -1) + 0.5 * np.eye(n))
    return low @ (m * phi)


@jvp_rule("eigh")
def _eigh_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    if ts[0] is None:
        return None
    w, v, f = _eigh_parts(p)
    sym = _tril(ts[0]) + swap_last(_tril(ts[0], -1))
    if p.attr("result") == "w":
        return (v * (sym @ v)).sum(axis=-2)
    return v @ (f * (swap_last(v) @ sym @ v))


@jvp_rule("lu")
def _lu_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    result = p.attr("result")
    if ts[0] is None or result == "p":
        return None
    perm, low, up = (_sibling(p, r) for r in "plu")
    w = _solve_tri(low, swap_last(perm) @ ts[0], lower=True)  # L^-1 P^T da
    f = _right_solve_tri(w, up, lower=False)  # ... U^-1
    return low @ _tril(f, -1) if result == "l" else _triu(f) @ up


@jvp_rule("qr")
def _qr_jvp(p: Primal, ts: list[Tensor | None]) -> Tensor | None:
    if ts[0] is None:
        return None
    q, r = _sibling(p, "q"), _sibling(p, "r")
    dar = _right_solve_tri(ts[0], r, lower=False)  # da R^-1
    c = swap_last(q) @ dar
    low = _tril(c, -1)
    omega = low - swap_last(low)
    if p.attr("result") == "q":
        return q @ omega + (dar - q @ c)
    return (c - omega) @ r


# --------------------------------------------------------------------------- vmap

def _batch_rule(ctx: BatchContext, node: Node, args: list[BatchedValue]) -> BatchedValue:
    """Every operand gets the batch axis (shared ones broadcast), which becomes one more
    leading batch axis of the op."""
    ids = [ctx.to_batched(a) for a in args]
    return BatchedValue(ctx.add(node.op, ids, **node.attr_dict), True)


for _kind in ("solve", "solve_triangular", "cholesky", "inv", "det", "slogdet", "lu", "qr",
              "eigh"):
    vmap_rule(_kind)(_batch_rule)
