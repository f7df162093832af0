"""Reverse mode: :data:`VJP_RULES` and :func:`grad`.

A VJP rule is ``fn(p: Primal, ct: Tensor) -> list[Tensor | None]``: given the
cotangent ``ct`` of the node's result, it builds one cotangent per operand (None:
zero) in the new graph. A returned cotangent may have the result's broadcast
shape or another dtype: :func:`grad` sums it down to the operand's shape and casts
it to the operand's dtype, so rules never un-broadcast by hand.

Rules are registered with :func:`vjp_rule` (a decorator, one function for one or
more op kinds; the idiom of every transform's table) or, for the ops that share their
derivatives with forward mode, by the rule families of :mod:`rlx.autodiff.common`
(elementwise: diagonal linear maps; reduction: dy/dx weights; zero derivative), which
install them here.

Rules compute in the dtype of the values they read (an f16 network gets f16
gradients, each op rounding once as the op set says).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rlx.autodiff import convolution, custom
from rlx.autodiff.common import (
    FAMILIES,
    Primal,
    Rule,
    accumulate,
    active_nodes,
    check_free_name,
    checked_names,
    clone_graph,
    describe,
    fit_cotangent,
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
    Elementwise,
    affine_operands,
    attention_terms,
    conj,
    kept,
    norm_terms,
    per_channel,
    reduced_count,
    require_linear_scatter,
    rope_halves,
    scatter_writes,
    swap_last,
    ungroup,
)
from rlx.autodiff.indexing import add_along_axis, unpad, unslice, untile
from rlx.errors import DTypeError, GraphBuildError
from rlx.ir import api
from rlx.ir.graph import Graph, Tensor

Cotangents = list[Tensor | None]
VjpFn = Callable[[Primal, Tensor], Cotangents]

VJP_RULES: dict[str, Rule] = {}

D_OUTPUT = "d_output"


vjp_rule = registrar(VJP_RULES)  # @vjp_rule("kinds", slots) fills VJP_RULES


def _elementwise_vjp(kind: str, spec: Elementwise) -> Rule:
    """An elementwise op: each active operand's linear map (its diagonal Jacobian
    block, conjugated for complex values) applied to the cotangent."""
    def vjp(p: Primal, ct: Tensor) -> Cotangents:
        maps = spec.reverse(p)
        return [m(ct) if m is not None and on else None for m, on in zip(maps, p.active)]
    return Rule(vjp, spec.slots)


def _reduction_vjp(kind: str, weights: Callable[[Primal], Tensor]) -> Rule:
    """A reduction with per-element weights w = dy/dx: ct (kept dims) * w."""
    def vjp(p: Primal, ct: Tensor) -> Cotangents:
        return [kept(ct, p) * weights(p)]
    return Rule(vjp)


def _no_cotangents(p: Primal, ct: Tensor) -> Cotangents:
    """Never called: a rule with no slots makes its node inactive."""
    return [None] * len(p.xs)


FAMILIES["elementwise"].install("vjp", VJP_RULES, _elementwise_vjp)
FAMILIES["reduction"].install("vjp", VJP_RULES, _reduction_vjp)
FAMILIES["zero_derivative"].install("vjp", VJP_RULES, lambda kind, why: Rule(_no_cotangents, ()))


# --------------------------------------------------------------------------- reductions

def _spread(ct: Tensor, p: Primal) -> Tensor:
    """The cotangent of a reduction, repeated over the reduced axes (x's shape)."""
    return kept(ct, p).broadcast_to(p.xs[0].shape)


@vjp_rule("sum")
def _sum_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [_spread(ct, p)]


@vjp_rule("mean")
def _mean_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [_spread(ct / float(reduced_count(p)), p)]


@vjp_rule("cumsum")
def _cumsum_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """Each x_i reaches the outputs after it (before it when reversed): sum those."""
    return [api.cumsum(ct, p.attr("axis"), exclusive=p.attr("exclusive"),
                       reverse=not p.attr("reverse"))]


@vjp_rule("softmax")
def _softmax_vjp(p: Primal, ct: Tensor) -> Cotangents:
    y = p.out
    return [y * (ct - (ct * y).sum(p.attr("axis"), keepdims=True))]


@vjp_rule("log_softmax")
def _log_softmax_vjp(p: Primal, ct: Tensor) -> Cotangents:
    axis = p.attr("axis")
    return [ct - api.exp(p.out) * ct.sum(axis, keepdims=True)]


# --------------------------------------------------------------------------- matmul

@vjp_rule("matmul")
def _matmul_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """ct_a = ct b^H, ct_b = a^H ct (^H: the conjugate transpose, the transpose for real
    values). 1-D operands are lifted to matrices ([K] -> [1, K] on the left, [K, 1] on
    the right) and the cotangent reshaped to match; broadcast batch dims are summed by
    the fitting step after the reshape back."""
    a, b = p.xs
    a2 = a.reshape(1, a.shape[0]) if a.ndim == 1 else a
    b2 = b.reshape(b.shape[0], 1) if b.ndim == 1 else b
    batch = p.out.shape[:len(p.out.shape) - (a.ndim > 1) - (b.ndim > 1)]
    ct2 = ct.reshape(batch + (a2.shape[-2], b2.shape[-1]))
    da = db = None
    if p.active[0]:
        da = _unbatch(ct2 @ swap_last(conj(b2)), a2.shape, a.shape)
    if p.active[1]:
        db = _unbatch(swap_last(conj(a2)) @ ct2, b2.shape, b.shape)
    return [da, db]


def _unbatch(t: Tensor, lifted: tuple[int, ...], shape: tuple[int, ...]) -> Tensor:
    """``t`` summed over the batch dims broadcast onto the operand, then reshaped from
    its lifted 2-D form back to the operand's ``shape``."""
    lead = t.ndim - len(lifted)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(lifted[:-2])
                                      if d == 1 and t.shape[lead + i] != 1)
    if axes:
        t = t.sum(axes, keepdims=True)
    return t.reshape(shape)


# --------------------------------------------------------------------------- normalisation

@vjp_rule("layer_norm rms_norm")
def _norm_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """d x = J(ct * gamma) with J the self-adjoint normalisation Jacobian; d gamma =
    ct * xhat and d beta = ct, summed over the leading axes by the fitting step."""
    terms = norm_terms(p)
    gamma, beta = affine_operands(p)
    scaled = ct if gamma is None else ct * gamma
    cts: Cotangents = [terms.jacobian(scaled)]
    if gamma is not None:
        cts.append(ct * terms.xhat)
    if beta is not None:
        cts.append(ct)
    return cts


def _channel_sum(t: Tensor) -> Tensor:
    """[N, C, ...] summed to [C]."""
    return t.sum((0,) + tuple(range(2, t.ndim)))


@vjp_rule("batch_norm")
def _batch_norm_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """y = (x - mean) rstd gamma + beta per channel, rstd = (var + eps)^-1/2."""
    x = p.xs[0]
    mean, var, gamma = (per_channel(t, x.ndim) for t in p.xs[1:4])
    rstd = api.rsqrt(var + p.attr("eps"))
    centred = x - mean
    d_centred = ct * (gamma * rstd)
    d_var = _channel_sum(ct * gamma * centred) * (-0.5) * (rstd * rstd * rstd).reshape(-1)
    return [d_centred, -_channel_sum(d_centred), d_var, _channel_sum(ct * centred * rstd),
            _channel_sum(ct)]


# --------------------------------------------------------------------------- shapes

@vjp_rule("reshape squeeze unsqueeze")
def _reshape_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [ct.reshape(p.xs[0].shape)]


@vjp_rule("transpose")
def _transpose_vjp(p: Primal, ct: Tensor) -> Cotangents:
    perm = p.attr("perm")
    return [ct.transpose(tuple(perm.index(i) for i in range(len(perm))))]


@vjp_rule("broadcast_to")
def _broadcast_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [ct]


@vjp_rule("slice")
def _slice_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [unslice(ct, p.xs[0].node.type, p.attr("starts"), p.attr("steps"))]


@vjp_rule("concat")
def _concat_vjp(p: Primal, ct: Tensor) -> Cotangents:
    axis = p.attr("axis")
    cts: Cotangents = []
    at = 0
    for x, on in zip(p.xs, p.active):
        size = x.shape[axis]
        cts.append(api.slice(ct, [at], [at + size], [1], axes=[axis]) if on else None)
        at += size
    return cts


@vjp_rule("pad")
def _pad_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [unpad(ct, p.xs[0].shape, p.attr("pads"), p.attr("mode"))]


@vjp_rule("gather", slots=(0,))
def _gather_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """scatter_add takes no complex values: a complex cotangent is scattered as its real
    and imaginary parts."""
    x, idx = p.xs
    axis = p.attr("axis")

    def scatter(t: Tensor) -> Tensor:
        return p.graph.apply("scatter_add", [t, idx], axis=axis, size=x.shape[axis])
    if ct.dtype.is_complex:
        return [api.complex(scatter(api.real(ct)), scatter(api.imag(ct))), None]
    return [scatter(ct), None]


@vjp_rule("scatter_add", slots=(0,))
def _scatter_add_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [api.gather(ct, p.xs[1], axis=p.attr("axis")), None]


@vjp_rule("scatter_update", slots=(0, 2))
def _scatter_update_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """add: data gets ct, each update the ct of its row. none (replace): data gets ct
    where no update landed, each update the ct of its row if it was the last write."""
    idx = p.xs[1]
    picked = api.gather(ct, idx, axis=0)
    if require_linear_scatter(p, "grad") == "add":
        return [ct, None, picked]
    written, last = scatter_writes(p)
    return [api.where(written, 0.0, ct), None, api.where(last, picked, 0.0)]


@vjp_rule("tile")
def _tile_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [untile(ct, p.xs[0].shape, p.attr("reps"))]


@vjp_rule("flip")
def _flip_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [api.flip(ct, p.attr("axes"))]


@vjp_rule("topk")
def _topk_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """Each selected value's cotangent goes back to the position it was taken from."""
    x = p.xs[0]
    axis = p.attr("axis")
    idx = topk_indices(p)
    return [add_along_axis(ct, idx, axis, x.shape[axis])]


def topk_indices(p: Primal) -> Tensor:
    """The indices result of the topk node ``p`` (built next to its values)."""
    return p.graph.apply("topk", list(p.xs), k=p.attr("k"), axis=p.attr("axis"),
                         largest=p.attr("largest"), result="indices")


# --------------------------------------------------------------------------- nn

@vjp_rule("conv")
def _conv_vjp(p: Primal, ct: Tensor) -> Cotangents:
    x, w = p.xs[:2]
    geometry = dict(stride=p.attr("stride"), padding=p.attr("padding"),
                    dilation=p.attr("dilation"), groups=p.attr("groups"))
    cts: Cotangents = [None, None]
    if p.active[0]:
        cts[0] = convolution.conv_input_cotangent(ct, w, x.shape, **geometry)
    if p.active[1]:
        cts[1] = convolution.conv_weight_cotangent(ct, x, w.shape, **geometry)
    if len(p.xs) == 3:
        cts.append(_channel_sum(ct))
    return cts


def max_pool_positions(p: Primal) -> Tensor:
    """[N, C, OH*OW] flat h*W + w positions of the max of each max_pool2d window."""
    x = p.xs[0]
    idx = p.graph.apply("max_pool2d_indices", [x], kernel=p.attr("kernel"),
                        stride=p.attr("stride"), padding=p.attr("padding"))
    return idx.reshape(x.shape[:2] + (-1,))


@vjp_rule("max_pool2d")
def _max_pool_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """Each window's cotangent goes to the element it took (PyTorch's rule)."""
    n, c, h, w = p.xs[0].shape
    flat = add_along_axis(ct.reshape(n, c, -1), max_pool_positions(p), 2, h * w)
    return [flat.reshape(n, c, h, w)]


@vjp_rule("avg_pool2d")
def _avg_pool_vjp(p: Primal, ct: Tensor) -> Cotangents:
    return [convolution.avg_pool_input_cotangent(
        ct, p.xs[0].shape, p.attr("kernel"), p.attr("stride"), p.attr("padding"),
        p.attr("count_include_pad"))]


@vjp_rule("attention")
def _attention_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """With P the probabilities: d v = P^T ct, d S = P (d P - sum(P d P)) for d P =
    ct v^T, d q = d S k scale, d k = d S^T q scale, d mask = d S; kv cotangents sum
    over the query heads sharing the kv head."""
    terms = attention_terms(p)
    ct_g = _grouped_as(ct, terms.q)
    cts: Cotangents = [None] * len(p.xs)
    if p.active[2]:
        cts[2] = (swap_last(terms.probs) @ ct_g).sum(2)
    if any(p.active[:2]) or any(p.active[3:]):
        d_scores = terms.softmax_jacobian(ct_g @ swap_last(terms.v))
        if p.active[0]:
            cts[0] = ungroup((d_scores @ terms.k) * terms.scale)
        if p.active[1]:
            cts[1] = ((swap_last(d_scores) @ terms.q) * terms.scale).sum(2)
        if len(cts) == 4:
            cts[3] = ungroup(d_scores)
    return cts


def _grouped_as(t: Tensor, gq: Tensor) -> Tensor:
    """[B,H,S,X] -> [B,Hkv,G,S,X] as the grouped queries ``gq``."""
    b, hkv, g, s = gq.shape[:4]
    return t.reshape(b, hkv, g, s, t.shape[-1])


@vjp_rule("rope")
def _rope_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """The rotation's transpose rotates back (sin -> -sin); cos and sin collect
    ct1 a + ct2 b and ct2 a - ct1 b over the rotated pairs (a, b)."""
    x, cos, sin = p.xs
    interleaved = p.attr("interleaved")
    cts: Cotangents = [None, None, None]
    if p.active[0]:
        cts[0] = api.rope(ct, cos, -sin, interleaved=interleaved)
    if p.active[1] or p.active[2]:
        half = cos.shape[-1]
        a, b = rope_halves(x, half, interleaved)
        ct1, ct2 = rope_halves(ct, half, interleaved)
        cts[1] = ct1 * a + ct2 * b
        cts[2] = ct2 * a - ct1 * b
    return cts


@vjp_rule("softmax_cross_entropy", slots=(0,))
def _xent_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """d logits = (softmax(logits) - one_hot(label)) times the row's cotangent."""
    logits, labels = p.xs
    n, classes = logits.shape
    residual = logits.softmax(1) - api.one_hot(labels, classes, dtype=logits.dtype)
    reduction = p.attr("reduction")
    if reduction == "none":
        return [residual * ct.reshape(n, 1), None]
    if reduction == "mean":
        ct = ct / float(n)
    return [residual * ct, None]


# --------------------------------------------------------------------------- packed weights

@vjp_rule("dequant_matmul", slots=(0,))
def _dequant_matmul_vjp(p: Primal, ct: Tensor) -> Cotangents:
    """Only x gets a cotangent (the packed weight is inference-only): the same op with
    the transpose flag flipped, ct @ W for y = x @ W.T and ct @ W.T for y = x @ W. With
    ``x_int8`` the rounding of x counts as the identity (straight-through): ct @ W."""
    attrs = p.node.attr_dict
    attrs["transpose"] = not attrs["transpose"]
    attrs["x_int8"] = False
    dx = p.graph.apply("dequant_matmul", [ct, *p.xs[1:]], **attrs)
    return [dx] + [None] * (len(p.xs) - 1)


# --------------------------------------------------------------------------- grad

def _check_loss(graph: Graph) -> int:
    """The id of the forward's loss: its single scalar float output."""
    loss = single_output(graph, "grad")
    ttype = graph.nodes[loss].type
    if ttype.numel != 1:
        raise GraphBuildError(f"grad: the output of graph {graph.name!r} must be a scalar "
                              f"(shape () or one element), got {ttype}; reduce it first "
                              f"({describe(graph, loss)})")
    if not ttype.dtype.is_float:
        hint = "; take its real part or modulus first" if ttype.dtype.is_complex else ""
        raise DTypeError(f"grad: the loss must be float, got {ttype} ({describe(graph, loss)})"
                         f"{hint}")
    return loss


def _seed(new: Graph, graph: Graph, loss: int, d_output: bool) -> Tensor:
    """The loss cotangent: the ``d_output`` input, or a constant 1."""
    ttype = graph.nodes[loss].type
    if d_output:
        check_free_name(graph, D_OUTPUT, "grad")
        return new.input(D_OUTPUT, ttype.shape, ttype.dtype)
    ones = new.constant(1.0, ttype.dtype)
    return ones if ttype.shape == () else ones.reshape(ttype.shape)


def _operand_cotangents(graph: Graph, new: Graph, nid: int, ct: Tensor,
                        active: Sequence[bool],
                        regions: dict[int, custom.CustomVjpRegion]) -> Cotangents:
    """The cotangents of the nodes feeding node ``nid`` (:func:`_sources`): from its
    custom-VJP region if it ends one, else from its rule."""
    if nid in regions:
        return regions[nid].cotangents(new, ct)
    node = graph.nodes[nid]
    rule = VJP_RULES.get(node.op)
    if rule is None:
        raise missing_rule("grad", "VJP", graph, nid)
    wants = [active[i] and rule.flows_through(k) for k, i in enumerate(node.inputs)]
    return list(rule.fn(primal(new, nid, node, wants), ct))


def _sources(graph: Graph, nid: int,
             regions: dict[int, custom.CustomVjpRegion]) -> tuple[int, ...]:
    """The nodes that node ``nid``'s cotangent flows to: its operands, or the arguments
    of the custom-VJP region it ends."""
    if nid in regions:
        return regions[nid].inputs
    return graph.nodes[nid].inputs


def _backpropagate(graph: Graph, new: Graph, loss: int, seed: Tensor,
                   wrt_ids: Sequence[int]) -> dict[int, Tensor]:
    """Cotangents of every active node the loss depends on, built into ``new``."""
    regions = custom.regions_of(graph)
    region_inputs = {out: region.inputs for out, region in regions.items()}
    active = active_nodes(graph, wrt_ids, VJP_RULES, region_inputs)
    cts: dict[int, Tensor] = {loss: seed} if active[loss] else {}
    for nid in range(loss, -1, -1):
        if nid not in cts or is_leaf(graph.nodes[nid]):
            continue
        contributions = _operand_cotangents(graph, new, nid, cts[nid], active, regions)
        for k, (source, contribution) in enumerate(zip(_sources(graph, nid, regions),
                                                       contributions)):
            if contribution is None or not active[source]:
                continue
            where = f"grad: the rule of {describe(graph, nid)} for operand {k}"
            accumulate(cts, source, fit_cotangent(contribution, graph.nodes[source].type, where))
    return cts


def grad(graph: Graph, wrt: Sequence[str], d_output: bool = True) -> Graph:
    """The gradient graph of ``graph``'s scalar output with respect to ``wrt``.

    ``graph`` must have exactly one output, float, with one element (shape () or
    [1], [1, 1], ...). ``wrt`` names inputs or params. The result has the same
    inputs and params, plus, when ``d_output`` is true, an input ``"d_output"`` of
    the loss's shape and dtype that seeds the cotangent (feed 1.0 for the plain
    gradient, or any scale); with ``d_output=False`` the seed is the constant 1.0
    and no input is added. Its outputs are ``[loss, d loss/d wrt[0], ...]`` in
    ``wrt`` order, each gradient with its leaf's shape and dtype. A leaf the loss
    does not depend on, or reaches only through integer / bool values, stop_gradient
    or zero-derivative ops, gets zeros.

    Raises GraphBuildError for a forward with several outputs, a non-scalar output
    or an unknown name, DTypeError for a non-float loss, and UnsupportedOpError
    naming the op and node when an op on a differentiated path has no VJP rule.
    Regions built with :func:`rlx.autodiff.custom_vjp` use their own rule.
    """
    wrt = checked_names(graph, wrt, "grad")
    loss = _check_loss(graph)
    wrt_ids = [leaf_id(graph, name, "grad") for name in wrt]
    reject_symbolic(graph, "grad")
    new = clone_graph(graph, f"{graph.name}_grad")
    seed = _seed(new, graph, loss, d_output)
    cts = _backpropagate(graph, new, loss, seed, wrt_ids)
    grads = [cts[i] if i in cts else zeros(new, graph.nodes[i].type) for i in wrt_ids]
    new.set_outputs([new.tensor(loss)] + grads)
    return new
