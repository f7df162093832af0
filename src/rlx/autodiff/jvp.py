"""Forward mode: :data:`JVP_RULES`, :func:`jvp`, :func:`hvp` and :func:`jacfwd`.

A JVP rule is ``fn(p: Primal, ts: list[Tensor | None]) -> Tensor | None``: given
the tangents of the node's operands (None: zero, also for operands outside the
rule's slots), it builds the tangent of the result (None: zero). A returned
tangent may have a shape that broadcasts to the result's, or another dtype: the
transform broadcasts and casts it.

Rules are registered with :func:`jvp_rule` (a decorator; the idiom of every
transform's table), by the rule families of :mod:`rlx.autodiff.common` (elementwise,
reduction, zero-derivative ops: one declaration gives the VJP, JVP and batching rule)
and, for the ops the op contract marks ``linear`` / ``indexed_linear``, by
:func:`register_linear` (the op itself applied to the tangents).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rlx.autodiff.common import (
    FAMILIES,
    Primal,
    Rule,
    active_nodes,
    add_rule,
    check_free_name,
    checked_names,
    clone_graph,
    describe,
    fit_tangent,
    is_leaf,
    leaf_id,
    missing_rule,
    primal,
    registrar,
    reject_symbolic,
    single_output,
    zeros,
)
from rlx.autodiff.derivatives import (
    AttentionTerms,
    Elementwise,
    affine_operands,
    attention_terms,
    grouped_like,
    norm_terms,
    only_rotated,
    per_channel,
    require_linear_scatter,
    swap_last,
    ungroup,
)
from rlx.autodiff.indexing import take_along_axis
from rlx.autodiff.vjp import grad, max_pool_positions, topk_indices
from rlx.errors import GraphBuildError
from rlx.ir import api
from rlx.ir.graph import Graph, Tensor
from rlx.ir.ops import ops_with

Tangents = Sequence[Tensor | None]
JvpFn = Callable[[Primal, Tangents], Tensor | None]

JVP_RULES: dict[str, Rule] = {}

TANGENT_PREFIX = "tangent_"


jvp_rule = registrar(JVP_RULES)  # @jvp_rule("kinds", slots) fills JVP_RULES


def _or_zeros(p: Primal, ts: Tangents, i: int) -> Tensor:
    """The tangent of operand ``i``, or zeros of its type."""
    t = ts[i]
    return t if t is not None else zeros(p.graph, p.xs[i].node.type)


def _total(terms: Sequence[Tensor | None]) -> Tensor | None:
    """The sum of the terms that are not None (None when all are)."""
    present = [t for t in terms if t is not None]
    if not present:
        return None
    out = present[0]
    for t in present[1:]:
        out = out + t
    return out


def _elementwise_jvp(kind: str, spec: Elementwise) -> Rule:
    """An elementwise op: the sum of each operand's linear map applied to its tangent."""
    def jvp(p: Primal, ts: Tangents) -> Tensor | None:
        maps = spec.linearize(p)
        return _total([m(t) if m is not None and t is not None else None
                       for m, t in zip(maps, ts)])
    return Rule(jvp, spec.slots)


def _reduction_jvp(kind: str, weights: Callable[[Primal], Tensor]) -> Rule:
    """A reduction with per-element weights w = dy/dx: sum(t * w)."""
    def jvp(p: Primal, ts: Tangents) -> Tensor | None:
        return (ts[0] * weights(p)).sum(p.attr("axes"), keepdims=p.attr("keepdims"))
    return Rule(jvp)


def _no_tangent(p: Primal, ts: Tangents) -> Tensor | None:
    """Never called: a rule with no slots makes its node inactive."""
    return None


FAMILIES["elementwise"].install("jvp", JVP_RULES, _elementwise_jvp)
FAMILIES["reduction"].install("jvp", JVP_RULES, _reduction_jvp)
FAMILIES["zero_derivative"].install("jvp", JVP_RULES, lambda kind, why: Rule(_no_tangent, ()))


_TANGENT_ATTRS = {"pad": {"value": 0.0}}
"""Attributes a linear op's tangent uses instead of the primal's (pad's fill value is
an offset, so the tangent pads with zeros)."""


def register_linear(kind: str, slots: tuple[int, ...] | None = None) -> None:
    """The JVP of an op linear in its ``slots`` (all operands when None): the op itself
    applied to their tangents (zeros where missing), other operands (indices) as they
    are."""
    def jvp(p: Primal, ts: Tangents) -> Tensor | None:
        operands = [_or_zeros(p, ts, i) if slots is None or i in slots else x
                    for i, x in enumerate(p.xs)]
        attrs = {**p.node.attr_dict, **_TANGENT_ATTRS.get(p.node.op, {})}
        return p.graph.apply(p.node.op, operands, **attrs)
    add_rule(JVP_RULES, kind, Rule(jvp, slots))


LINEAR_OPS = sorted(ops_with("linear"))
"""Ops linear in every operand (the op contract's "linear" trait)."""

INDEXED_LINEAR_OPS = sorted(ops_with("indexed_linear"))
"""Ops linear in operand 0 whose other operands (indices) carry no tangent."""


for _kind in LINEAR_OPS:
    register_linear(_kind)
for _kind in INDEXED_LINEAR_OPS:
    register_linear(_kind, slots=(0,))


@jvp_rule("dequant_matmul")
def _dequant_matmul_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """The op on the tangent (the packed weight carries none); with ``x_int8`` the
    rounding of x counts as the identity (straight-through, as the vjp), so the
    tangent is multiplied unrounded."""
    if ts[0] is None:
        return None
    attrs = p.node.attr_dict
    attrs["x_int8"] = False
    return p.graph.apply("dequant_matmul", [ts[0], *p.xs[1:]], **attrs)


# --------------------------------------------------------------------------- reductions

@jvp_rule("softmax")
def _softmax_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    y, t = p.out, ts[0]
    return y * (t - (t * y).sum(p.attr("axis"), keepdims=True))


@jvp_rule("log_softmax")
def _log_softmax_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    t = ts[0]
    return t - (t * api.exp(p.out)).sum(p.attr("axis"), keepdims=True)


@jvp_rule("matmul")
def _matmul_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    a, b = p.xs
    return _total([ts[0] @ b if ts[0] is not None else None,
                   a @ ts[1] if ts[1] is not None else None])


# --------------------------------------------------------------------------- normalisation

@jvp_rule("layer_norm rms_norm")
def _norm_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    terms = norm_terms(p)
    gamma, beta = affine_operands(p)
    t_gamma = ts[1] if gamma is not None else None
    t_beta = ts[len(ts) - 1] if beta is not None else None
    d_xhat = terms.jacobian(ts[0]) if ts[0] is not None else None
    if d_xhat is not None and gamma is not None:
        d_xhat = d_xhat * gamma
    return _total([d_xhat, terms.xhat * t_gamma if t_gamma is not None else None, t_beta])


def _per_channel_or_none(t: Tensor | None, rank: int) -> Tensor | None:
    return None if t is None else per_channel(t, rank)


@jvp_rule("batch_norm")
def _batch_norm_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """y = (x - mean) rstd gamma + beta per channel, rstd = (var + eps)^-1/2."""
    x = p.xs[0]
    rank = x.ndim
    mean, var, gamma = (per_channel(t, rank) for t in p.xs[1:4])
    t_mean, t_var, t_gamma, t_beta = (_per_channel_or_none(t, rank) for t in ts[1:])
    rstd = api.rsqrt(var + p.attr("eps"))
    centred = x - mean
    d_centred = _total([ts[0], -t_mean if t_mean is not None else None])
    d_rstd = None if t_var is None else (-0.5) * (rstd * rstd * rstd) * t_var
    return _total([
        d_centred * (gamma * rstd) if d_centred is not None else None,
        centred * (gamma * d_rstd) if d_rstd is not None else None,
        centred * (rstd * t_gamma) if t_gamma is not None else None,
        t_beta,
    ])


@jvp_rule("scatter_update", slots=(0, 2))
def _scatter_update_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """Linear in (data, updates) for the reductions none and add."""
    reduction = require_linear_scatter(p, "jvp")
    operands = [_or_zeros(p, ts, 0), p.xs[1], _or_zeros(p, ts, 2)]
    return p.graph.apply("scatter_update", operands, reduction=reduction)


# --------------------------------------------------------------------------- selections

@jvp_rule("topk")
def _topk_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    return take_along_axis(ts[0], topk_indices(p), p.attr("axis"))


@jvp_rule("max_pool2d")
def _max_pool_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    n, c = p.xs[0].shape[:2]
    picked = take_along_axis(ts[0].reshape(n, c, -1), max_pool_positions(p), 2)
    return picked.reshape(p.out.shape)


# --------------------------------------------------------------------------- nn

@jvp_rule("conv")
def _conv_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """Bilinear in (x, w), plus the bias."""
    x, w = p.xs[:2]
    attrs = p.node.attr_dict
    parts = []
    if ts[0] is not None:
        parts.append(p.graph.apply("conv", [ts[0], w], **attrs))
    if ts[1] is not None:
        parts.append(p.graph.apply("conv", [x, ts[1]], **attrs))
    if len(ts) == 3 and ts[2] is not None:
        parts.append(per_channel(ts[2], x.ndim))
    return _total(parts)


def _score_tangent(terms: AttentionTerms, ts: Tangents) -> Tensor | None:
    """d S = (d q k^T + q d k^T) scale + d mask, grouped [B,Hkv,G,S,T]."""
    t_q, t_k = ts[:2]
    parts = []
    if t_q is not None:
        parts.append((grouped_like(t_q, terms.q) @ swap_last(terms.k)) * terms.scale)
    if t_k is not None:
        parts.append((terms.q @ swap_last(t_k.unsqueeze(2))) * terms.scale)
    if len(ts) == 4 and ts[3] is not None:
        parts.append(grouped_like(ts[3], terms.q))
    return _total(parts)


@jvp_rule("attention")
def _attention_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """d out = d P v + P d v with d P = P (d S - sum(P d S))."""
    terms = attention_terms(p)
    d_scores = _score_tangent(terms, ts)
    parts = []
    if d_scores is not None:
        parts.append(terms.softmax_jacobian(d_scores) @ terms.v)
    if ts[2] is not None:
        parts.append(terms.probs @ ts[2].unsqueeze(2))
    return ungroup(_total(parts))


@jvp_rule("rope")
def _rope_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    """Linear in x; in (cos, sin) it rotates x's rotated features by the tangents."""
    x, cos, sin = p.xs
    interleaved = p.attr("interleaved")
    by_x = api.rope(ts[0], cos, sin, interleaved=interleaved) if ts[0] is not None else None
    by_table = None
    if ts[1] is not None or ts[2] is not None:
        rotated = only_rotated(x, cos.shape[-1], interleaved)
        by_table = api.rope(rotated, _or_zeros(p, ts, 1), _or_zeros(p, ts, 2),
                            interleaved=interleaved)
    return _total([by_x, by_table])


@jvp_rule("softmax_cross_entropy", slots=(0,))
def _xent_jvp(p: Primal, ts: Tangents) -> Tensor | None:
    logits, labels = p.xs
    n, classes = logits.shape
    residual = logits.softmax(1) - api.one_hot(labels, classes, dtype=logits.dtype)
    rows = (residual * ts[0]).sum(1)
    reduction = p.attr("reduction")
    if reduction == "none":
        return rows
    total = rows.sum()
    return total / float(n) if reduction == "mean" else total


# --------------------------------------------------------------------------- transforms

def live_mask(graph: Graph, roots: Sequence[int]) -> list[bool]:
    """Which nodes the nodes ``roots`` depend on (themselves included)."""
    live = [False] * len(graph.nodes)
    for r in roots:
        live[r] = True
    for nid in range(len(graph.nodes) - 1, -1, -1):
        if live[nid]:
            for i in graph.nodes[nid].inputs:
                live[i] = True
    return live


def _propagate(graph: Graph, new: Graph, seeds: dict[int, Tensor],
               live: Sequence[bool]) -> dict[int, Tensor]:
    """Tangents of the live nodes downstream of ``seeds`` (leaf id -> tangent), built
    into ``new``, a node-for-node copy of ``graph``."""
    active = active_nodes(graph, seeds, JVP_RULES)
    tangents = {i: t for i, t in seeds.items() if active[i]}
    for nid, node in enumerate(graph.nodes):
        if not (active[nid] and live[nid]) or is_leaf(node):
            continue
        rule = JVP_RULES.get(node.op)
        if rule is None:
            raise missing_rule("jvp", "JVP", graph, nid)
        ts = [tangents.get(i) if rule.flows_through(k) else None
              for k, i in enumerate(node.inputs)]
        t = rule.fn(primal(new, nid, node, [t is not None for t in ts]), ts)
        if t is not None:
            tangents[nid] = fit_tangent(t, node.type, f"jvp: the rule of {describe(graph, nid)}")
    return tangents


def jvp(graph: Graph, tangents_for: Sequence[str]) -> Graph:
    """The forward-mode derivative of every output of ``graph``.

    For each name in ``tangents_for`` (inputs or params) the result has an extra
    input ``"tangent_<name>"`` of the same shape and dtype, after the original
    inputs, in that order. Its outputs are ``[outputs..., tangents...]``: the
    original outputs, then the directional derivative of each along the given
    tangents, with the output's shape and dtype. Outputs that do not depend on a
    tangent (or only through integer / bool values) get zero tangents; tangents of
    integer leaves are accepted and ignored.

    Raises GraphBuildError for an unknown name or when ``tangent_<name>`` is already
    taken, and UnsupportedOpError naming the op and node when an op on a
    differentiated path has no JVP rule.
    """
    tangents_for = checked_names(graph, tangents_for, "jvp")
    reject_symbolic(graph, "jvp")
    new = clone_graph(graph, f"{graph.name}_jvp")
    seeds: dict[int, Tensor] = {}
    for name in tangents_for:
        lid = leaf_id(graph, name, "jvp")
        check_free_name(graph, TANGENT_PREFIX + name, "jvp")
        ttype = graph.nodes[lid].type
        seeds[lid] = new.input(TANGENT_PREFIX + name, ttype.shape, ttype.dtype)
    tangents = _propagate(graph, new, seeds, live_mask(graph, graph.outputs))
    outs = [tangents[o] if o in tangents else zeros(new, graph.nodes[o].type)
            for o in graph.outputs]
    new.set_outputs([new.tensor(o) for o in graph.outputs] + outs)
    return new


def hvp(graph: Graph, wrt: Sequence[str]) -> Graph:
    """Hessian-vector products by forward mode over reverse mode.

    The result is ``jvp(grad(graph, wrt, d_output=False), wrt)``: inputs are the
    original ones plus ``"tangent_<name>"`` for each name in ``wrt`` (together the
    direction v), and the outputs are ``[loss, g_0, ..., <g, v>, (H v)_0, ...]``
    where g_i = d loss / d wrt_i, <g, v> = sum_i <g_i, v_i> is the directional
    derivative of the loss and (H v)_i = sum_j d^2 loss / d wrt_i d wrt_j v_j. For
    f = sum(x^2) and wrt ["x"]: [f, 2x, <2x, v>, 2v]. Errors as :func:`grad` and
    :func:`jvp`.
    """
    return jvp(grad(graph, wrt, d_output=False), wrt)


def jacfwd(graph: Graph, wrt: str) -> Graph:
    """The Jacobian of ``graph``'s single output with respect to the input or param
    ``wrt``, by forward mode.

    The result has ``graph``'s inputs and params and one output J of shape
    ``out.shape + wrt.shape`` and the output's dtype: J[o..., i...] = d out[o...] /
    d wrt[i...] (zeros when the output does not depend on ``wrt`` through floats).
    Cost: one tangent sweep per element of ``wrt`` (seeded with a one-hot basis
    vector), so the graph grows with numel(wrt) times the part of the forward
    downstream of ``wrt``; meant for small inputs. Raises GraphBuildError for a
    graph with several outputs or an unknown name.
    """
    checked_names(graph, [], "jacfwd")
    if not isinstance(wrt, str):
        raise GraphBuildError(f"jacfwd: wrt must be one input or param name (a str), got "
                              f"{wrt!r}")
    out = single_output(graph, "jacfwd")
    lid = leaf_id(graph, wrt, "jacfwd")
    in_type, out_type = graph.nodes[lid].type, graph.nodes[out].type
    reject_symbolic(graph, "jacfwd")
    new = clone_graph(graph, f"{graph.name}_jacfwd")
    live = live_mask(graph, [out])
    columns = []
    for j in range(in_type.numel):
        basis = api.one_hot(new.constant(j, "i64"), in_type.numel, dtype=in_type.dtype)
        tangents = _propagate(graph, new, {lid: basis.reshape(in_type.shape)}, live)
        column = tangents[out] if out in tangents else zeros(new, out_type)
        columns.append(column.reshape(out_type.numel, 1))
    jac_shape = out_type.shape + in_type.shape
    if not columns or out_type.numel == 0:
        jac = zeros(new, type(out_type)(jac_shape, out_type.dtype))
    else:
        jac = api.concat(columns, axis=1).reshape(jac_shape)
    new.set_outputs([jac])
    return new
