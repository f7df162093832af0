"""Rewrite the ops a backend does not claim into simpler ops that it does.

:data:`DECOMPOSITIONS` maps an op kind to a function that builds the same
computation from simpler ops on the new graph. :func:`decompose` applies them
round after round (a decomposition may emit ops that need decomposing in turn)
until every node is claimed by the backend or nothing more can be rewritten, and
returns the new graph with a :class:`DispatchReport`.

Numerics. A decomposition of an f16/bf16 op widens its float operands to f32,
computes there and rounds once to the result dtype, which follows the op set's
"compute in f32, round once" rule; f32 and f64 ops compute in their own dtype.
The exp-based ops shift by the maximum, so they never overflow, and edge values
follow the reference kernels: gelu, gelu_tanh and silu give -0.0 at -inf,
logsumexp of an all -inf slice is -inf, softmax / log_softmax of it nan, and an
attention row whose every key is masked gives zeros.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from rlx.errors import UnsupportedOpError, VerifyError
from rlx.ir import api
from rlx.ir.custom import CUSTOM_OPS
from rlx.ir.dtypes import DType
from rlx.ir.graph import Graph, Node, Tensor
from rlx.ir.printer import format_node
from rlx.passes.rewrite import rebuild

Decomposition = Callable[[Graph, Node, list[Tensor]], Tensor]

ALWAYS_SUPPORTED = frozenset({"input", "param", "constant"})
MAX_ROUNDS = 16

NATIVE = "native"
DECOMPOSED = "decomposed"
UNSUPPORTED = "unsupported"

_SQRT_HALF = math.sqrt(0.5)
_SQRT_TWO_OVER_PI = math.sqrt(2.0 / math.pi)


# --------------------------------------------------------------------------- dtype helpers

def _cast(x: Tensor, dtype: DType) -> Tensor:
    """``x`` as ``dtype``; no node is built when it already has that dtype."""
    return x if x.dtype == dtype else x.cast(dtype)


def _widen(x: Tensor) -> Tensor:
    """``x`` in its compute dtype: f16 and bf16 become f32, others stay."""
    return _cast(x, x.dtype.compute)


def _narrow(y: Tensor, node: Node) -> Tensor:
    """``y`` rounded once to the dtype of the node it replaces."""
    return _cast(y, node.dtype)


def _unary(formula: Callable[[Tensor], Tensor]) -> Decomposition:
    """A decomposition applying ``formula`` to the widened operand, rounded once."""
    def decompose_node(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
        return _narrow(formula(_widen(xs[0])), node)
    decompose_node.__doc__ = formula.__doc__
    return decompose_node


# --------------------------------------------------------------------------- elementwise

def _zero_at_neg_inf(x: Tensor, y: Tensor) -> Tensor:
    """``y`` with -0.0 where x is -inf: the limit of x * g(x) when g(-inf) = 0."""
    return api.where(x == -math.inf, -0.0, y)


def _log1p(u: Tensor) -> Tensor:
    """log(1 + u) accurate for small u: log(w) * u / (w - 1) with w = 1 + u, u where w == 1."""
    w = 1.0 + u
    return api.where(w == 1.0, u, api.log(w) * (u / (w - 1.0)))


def _sigmoid(x: Tensor) -> Tensor:
    """sigmoid(x) = 1/(1+e) for x >= 0, e/(1+e) otherwise, with e = exp(-|x|)."""
    e = api.exp(-api.abs(x))
    denom = 1.0 + e
    return api.where(x >= 0.0, 1.0 / denom, e / denom)


def _silu(x: Tensor) -> Tensor:
    """silu(x) = x * sigmoid(x)."""
    return _zero_at_neg_inf(x, x * api.sigmoid(x))


def _softplus(x: Tensor) -> Tensor:
    """softplus(x) = max(x, 0) + log(1 + exp(-|x|))."""
    return api.maximum(x, 0.0) + _log1p(api.exp(-api.abs(x)))


def _gelu(x: Tensor) -> Tensor:
    """gelu(x) = 0.5 * x * (1 + erf(x / sqrt(2)))."""
    return _zero_at_neg_inf(x, (0.5 * x) * (1.0 + api.erf(x * _SQRT_HALF)))


def _gelu_tanh(x: Tensor) -> Tensor:
    """gelu_tanh(x) = 0.5 x (1 + tanh(u)) = x * sigmoid(2u), u = sqrt(2/pi)(x + 0.044715 x^3).

    The sigmoid form avoids the cancellation of 1 + tanh(u) for negative x.
    """
    u = _SQRT_TWO_OVER_PI * (x + 0.044715 * (x * x * x))
    return _zero_at_neg_inf(x, x * api.sigmoid(2.0 * u))


def _rsqrt(x: Tensor) -> Tensor:
    """rsqrt(x) = 1 / sqrt(x)."""
    return 1.0 / api.sqrt(x)


def _reciprocal(x: Tensor) -> Tensor:
    """reciprocal(x) = 1 / x."""
    return 1.0 / x


def _int_bound(value: float | int, dtype: DType) -> int:
    """A clip bound as the ``cast`` op converts it to an integer dtype (truncated toward
    zero, saturated, nan -> 0). Casting is monotone, so clipping with the converted bound
    equals clipping exactly and casting the result."""
    if isinstance(value, float) and math.isnan(value):
        return 0
    info = np.iinfo(dtype.np)
    if isinstance(value, float) and math.isinf(value):
        return info.max if value > 0 else info.min
    return min(max(math.trunc(value), int(info.min)), int(info.max))


def _clip(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """clip(x, lo, hi) = minimum(maximum(x, lo), hi), skipping a None bound."""
    x = _widen(xs[0])
    for bound, combine in ((node.attr("lo"), api.maximum), (node.attr("hi"), api.minimum)):
        if bound is None:
            continue
        if x.dtype.is_int:
            bound = _int_bound(bound, x.dtype)
        x = combine(x, graph.constant(bound, x.dtype))
    return _narrow(x, node)


# --------------------------------------------------------------------------- reductions

def _extent(x: Tensor, axes: Sequence[int]) -> int:
    """How many elements one reduction over ``axes`` of ``x`` combines."""
    return math.prod(x.shape[a] for a in axes)


def _max_kept(x: Tensor, axes: Sequence[int]) -> Tensor | None:
    """max over ``axes`` with kept dims; None for an empty slice (max has no identity)."""
    if _extent(x, axes) == 0:
        return None
    return x.max(tuple(axes), keepdims=True)


def _finite_shift(x: Tensor, axes: Sequence[int]) -> Tensor | None:
    """The shift of exp-based reductions: the kept max, or 0 where it is +-inf (then the
    unshifted formula gives the right -inf / +inf by itself)."""
    top = _max_kept(x, axes)
    if top is None:
        return None
    return api.where(api.isinf(top), 0.0, top)


def _minus(x: Tensor, shift: Tensor | None) -> Tensor:
    """``x - shift``, or ``x`` when there is no shift."""
    return x if shift is None else x - shift


def _logsumexp_kept(x: Tensor, axes: Sequence[int]) -> Tensor:
    """log(sum(exp(x - s))) + s over ``axes`` with kept dims, s the finite shift."""
    shift = _finite_shift(x, axes)
    out = api.log(api.exp(_minus(x, shift)).sum(tuple(axes), keepdims=True))
    return out if shift is None else out + shift


def _mean(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """mean(x) = sum(x) / count over the axes (0/0 = nan for an empty mean)."""
    x = _widen(xs[0])
    axes = node.attr("axes")
    total = x.sum(axes, keepdims=node.attr("keepdims"))
    return _narrow(total / float(_extent(x, axes)), node)


def _logsumexp(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """logsumexp(x) = log(sum(exp(x - s))) + s, s = max(x) or 0 when that is +-inf."""
    out = _logsumexp_kept(_widen(xs[0]), node.attr("axes"))
    return _narrow(out.reshape(node.shape), node)


def _softmax(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """softmax(x) = e / sum(e), e = exp(x - max(x)) (an all -inf slice gives nan)."""
    x = _widen(xs[0])
    axes = (node.attr("axis"),)
    e = api.exp(_minus(x, _max_kept(x, axes)))
    return _narrow(e / e.sum(axes, keepdims=True), node)


def _log_softmax(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """log_softmax(x) = (x - s) - log(sum(exp(x - s))), s the finite max shift."""
    x = _widen(xs[0])
    axes = (node.attr("axis"),)
    shifted = _minus(x, _finite_shift(x, axes))
    return _narrow(shifted - api.log(api.exp(shifted).sum(axes, keepdims=True)), node)


# --------------------------------------------------------------------------- norms

def _affine(y: Tensor, params: list[Tensor], has_gamma: bool, has_beta: bool) -> Tensor:
    """``y * gamma + beta`` for the parameters present (gamma first in ``params``)."""
    rest = [_cast(p, y.dtype) for p in params]
    if has_gamma:
        y = y * rest.pop(0)
    if has_beta:
        y = y + rest.pop(0)
    return y


def _trailing_axes(node: Node) -> tuple[int, ...]:
    """The normalised axes of layer_norm / rms_norm: ``axis`` to the end."""
    return tuple(range(node.attr("axis"), len(node.shape)))


def _layer_norm(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """layer_norm(x) = (x - mean) / sqrt(var + eps) * gamma + beta, biased var."""
    x = _widen(xs[0])
    axes = _trailing_axes(node)
    centred = x - x.mean(axes, keepdims=True)
    variance = (centred * centred).mean(axes, keepdims=True)
    y = centred / api.sqrt(variance + node.attr("eps"))
    return _narrow(_affine(y, xs[1:], node.attr("has_gamma"), node.attr("has_beta")), node)


def _rms_norm(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """rms_norm(x) = x / sqrt(mean(x^2) + eps) * gamma."""
    x = _widen(xs[0])
    mean_square = (x * x).mean(_trailing_axes(node), keepdims=True)
    y = x / api.sqrt(mean_square + node.attr("eps"))
    return _narrow(_affine(y, xs[1:], node.attr("has_gamma"), False), node)


def _batch_norm(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """batch_norm(x) = (x - mean) / sqrt(var + eps) * gamma + beta per channel (axis 1)."""
    x = _widen(xs[0])
    per_channel = (x.shape[1],) + (1,) * (x.ndim - 2)
    mean, var, gamma, beta = (_cast(t, x.dtype).reshape(per_channel) for t in xs[1:])
    y = (x - mean) / api.sqrt(var + node.attr("eps")) * gamma + beta
    return _narrow(y, node)


# --------------------------------------------------------------------------- attention

def _grouped(x: Tensor, kv_heads: int) -> Tensor:
    """[B, H, S, X] -> [B, Hkv, H/Hkv, S, X]: query heads grouped by the kv head they read."""
    b, h, s, n = x.shape
    return x.reshape(b, kv_heads, h // kv_heads, s, n)


def _ungrouped(x: Tensor) -> Tensor:
    """Inverse of :func:`_grouped`: [B, Hkv, G, S, X] -> [B, Hkv*G, S, X]."""
    b, hkv, groups, s, n = x.shape
    return x.reshape(b, hkv * groups, s, n)


def _gqa_matmul(lhs: Tensor, rhs: Tensor) -> Tensor:
    """``lhs`` [B, H, S, X] @ ``rhs`` [B, Hkv, X, Y] -> [B, H, S, Y], query head h using
    kv head h // (H / Hkv) (the kv operand broadcasts over the group axis)."""
    kv_heads = rhs.shape[1]
    if lhs.shape[1] == kv_heads:
        return lhs @ rhs
    return _ungrouped(_grouped(lhs, kv_heads) @ rhs.unsqueeze(2))


def _position_keep(graph: Graph, s: int, t: int, causal: bool,
                   window: int | None) -> Tensor | None:
    """[S, T] bool of the keys each query may see, aligned to the end: with r = j - i,
    causal keeps r <= T - S and a window w keeps r > T - S - w. None when unmasked."""
    if not causal and window is None:
        return None
    rows = api.arange(graph, s).reshape(s, 1)
    cols = api.arange(graph, t).reshape(1, t)
    offset = cols - rows
    keep = None
    if causal:
        keep = offset <= t - s
    if window is not None:
        inside = offset > t - s - window
        keep = inside if keep is None else keep & inside
    return keep


def _masked_softmax(scores: Tensor, keep: Tensor | None) -> Tensor:
    """Softmax over the last axis where ``keep`` (broadcast); masked keys weigh 0 and a row
    with no finite score gets zeros (its sum is 0 and is divided as 1)."""
    if keep is not None:
        scores = api.where(keep, scores, -math.inf)
    axes = (scores.ndim - 1,)
    weights = api.exp(_minus(scores, _finite_shift(scores, axes)))
    total = weights.sum(axes, keepdims=True)
    return weights / api.where(total == 0.0, 1.0, total)


def _attention(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """attention = softmax(q k^T * scale + mask) v with causal / window / bool masks as keep
    masks, GQA by grouping query heads per kv head; fully masked rows give zeros."""
    work = node.dtype.compute
    q, k, v = (_cast(t, work) for t in xs[:3])
    s, t = q.shape[2], k.shape[2]
    scores = _gqa_matmul(q, k.transpose(0, 1, 3, 2)) * node.attr("scale")
    keep = _position_keep(graph, s, t, node.attr("causal"), node.attr("window"))
    mask_kind = node.attr("mask_kind")
    if mask_kind == "bool":
        keep = xs[3] if keep is None else keep & xs[3]
    elif mask_kind == "additive":
        scores = scores + _cast(xs[3], work)
    return _narrow(_gqa_matmul(_masked_softmax(scores, keep), v), node)


def _cached_attention(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """cached_attention over the whole cache joined to the new rows: cache row j is kept
    while j < past_len (and, with a window w, while position - j < w), new row j while
    j <= i (and i - j < w). Paged caches are first gathered into contiguous ones
    (:func:`_gather_pages`). Unlike the kernels, past_len outside [0, C] and page ids
    outside the pools raise nothing."""
    work = node.dtype.compute
    q, k, v, k_cache, v_cache = (_cast(t, work) for t in xs[:5])
    if len(xs) == 7:
        k_cache, v_cache = (_gather_pages(pool, xs[6]) for pool in (k_cache, v_cache))
    b, _, s, _ = q.shape
    capacity = k_cache.shape[2]
    keys = api.concat([k_cache, k], axis=2)
    values = api.concat([v_cache, v], axis=2)
    scores = _gqa_matmul(q, keys.transpose(0, 1, 3, 2)) * node.attr("scale")
    softcap = node.attr("softcap")
    if softcap is not None:
        scores = api.tanh(scores / softcap) * softcap
    past = api.cast(xs[5], "i64").reshape(b, 1, 1, 1)
    rows = api.arange(graph, s).reshape(1, 1, s, 1)
    slots = api.arange(graph, capacity).reshape(1, 1, 1, capacity)
    news = api.arange(graph, s).reshape(1, 1, 1, s)
    keep_cache = slots < past
    keep_new = news <= rows
    window = node.attr("window")
    if window is not None:
        keep_cache = keep_cache & (past + rows - slots < window)
        keep_new = keep_new & (rows - news < window)
    keep = api.concat([keep_cache.broadcast_to((b, 1, s, capacity)),
                       keep_new.broadcast_to((b, 1, s, s))], axis=3)
    return _narrow(_gqa_matmul(_masked_softmax(scores, keep), values), node)


def _gather_pages(pool: Tensor, table: Tensor) -> Tensor:
    """The pool [P, Hkv, page, D] read through the block table [B, max_pages] as the
    contiguous cache [B, Hkv, max_pages * page, D]. Page ids outside [0, P) (entries no
    row reads may hold anything) read page 0 instead: their rows are masked."""
    pages, heads, page, width = pool.shape
    b, max_pages = table.shape
    ids = api.cast(table, "i64")
    ids = api.where((ids >= 0) & (ids < pages), ids, 0)
    rows = api.gather(pool, ids, axis=0).transpose(0, 2, 1, 3, 4)
    return rows.reshape(b, heads, max_pages * page, width)


def _softmax_cross_entropy(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """loss_i = logsumexp(logits_i) - logits_i[label_i], then mean / sum / none.

    The label is picked with a bool one_hot and where (not a product, so a -inf logit
    elsewhere in the row stays harmless). Unlike the reference kernel, a label outside
    [0, C) raises nothing: its row picks 0 and the loss is the row's logsumexp.
    """
    logits = _widen(xs[0])
    n, classes = logits.shape
    lse = _logsumexp_kept(logits, (1,)).reshape(n)
    hit = api.one_hot(xs[1], classes, dtype="bool")
    picked = api.where(hit, logits, 0.0).sum(1)
    losses = lse - picked
    reduction = node.attr("reduction")
    if reduction == "sum":
        losses = losses.sum()
    elif reduction == "mean":
        losses = losses.sum() / float(n)
    return _narrow(losses, node)


# --------------------------------------------------------------------------- leaves

def _arange(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """arange = the constant start + i * step (i < length), computed in f64."""
    steps = np.arange(node.shape[0], dtype=np.float64)
    values = float(node.attr("start")) + float(node.attr("step")) * steps
    return graph.constant(values, node.dtype)


def _parts(x: Tensor) -> tuple[Tensor, Tensor | None]:
    """(real part, imaginary part or None for a real tensor)."""
    if x.dtype.is_complex:
        return api.real(x), api.imag(x)
    return x, None


def _complex_matmul(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """(ar + i ai)(br + i bi) = (ar br - ai bi) + i (ar bi + ai br), skipping the terms of a
    real operand's zero imaginary part; the parts in the result's real dtype."""
    real = node.dtype.real
    (ar, ai), (br, bi) = (_parts(x) for x in xs)
    ar, br = _cast(ar, real), _cast(br, real)
    ai = None if ai is None else _cast(ai, real)
    bi = None if bi is None else _cast(bi, real)
    re = ar @ br
    if ai is not None and bi is not None:
        re = re - ai @ bi
    im = [t for t in ((ar @ bi) if bi is not None else None,
                      (ai @ br) if ai is not None else None) if t is not None]
    imag = im[0] + im[1] if len(im) == 2 else im[0]
    return api.complex(re, imag)


def _complex_reduce(graph: Graph, node: Node, xs: list[Tensor]) -> Tensor:
    """sum / mean of a complex tensor: those of its parts."""
    axes, keep = node.attr("axes"), node.attr("keepdims")
    re, im = _parts(xs[0])
    return api.complex(re._reduce(node.op, axes, keep), im._reduce(node.op, axes, keep))


COMPLEX_DISPATCH = frozenset({"matmul", "sum", "mean"})
"""Ops whose complex nodes a backend claims apart from their real ones: a node of these
with a complex result dispatches as ``"<op>:complex"`` (rlx.ir.complex_ops)."""


def dispatch_kind(node: Node) -> str:
    """The kind a backend must claim to run ``node`` natively."""
    if node.op in COMPLEX_DISPATCH and node.dtype.is_complex:
        return f"{node.op}:complex"
    return node.op


DECOMPOSITIONS: dict[str, Decomposition] = {
    "matmul:complex": _complex_matmul,
    "sum:complex": _complex_reduce,
    "mean:complex": _complex_reduce,
    "sigmoid": _unary(_sigmoid),
    "silu": _unary(_silu),
    "softplus": _unary(_softplus),
    "gelu": _unary(_gelu),
    "gelu_tanh": _unary(_gelu_tanh),
    "rsqrt": _unary(_rsqrt),
    "reciprocal": _unary(_reciprocal),
    "clip": _clip,
    "mean": _mean,
    "logsumexp": _logsumexp,
    "softmax": _softmax,
    "log_softmax": _log_softmax,
    "layer_norm": _layer_norm,
    "rms_norm": _rms_norm,
    "batch_norm": _batch_norm,
    "attention": _attention,
    "cached_attention": _cached_attention,
    "softmax_cross_entropy": _softmax_cross_entropy,
    "arange": _arange,
}


# --------------------------------------------------------------------------- the report

@dataclass(frozen=True)
class OpDispatch:
    """How one op kind reaches the backend.

    ``count``: its nodes in the input graph; ``final_count``: in the decomposed graph
    (0 once rewritten; >0 for kinds that decompositions introduce). ``first``: the
    first such node, as the printer writes it.
    """

    kind: str
    status: str
    count: int
    final_count: int
    first: str


@dataclass
class DispatchReport:
    """Per op kind: ``native`` (the backend claims it), ``decomposed`` (rewritten into
    ops it claims) or ``unsupported`` (neither), with node counts."""

    ops: dict[str, OpDispatch]
    rounds: int = 0

    @property
    def unsupported(self) -> dict[str, OpDispatch]:
        """The kinds that the backend cannot run, by kind."""
        return {k: d for k, d in self.ops.items() if d.status == UNSUPPORTED}

    @property
    def statuses(self) -> dict[str, str]:
        """kind -> status."""
        return {k: d.status for k, d in self.ops.items()}

    @property
    def counts(self) -> dict[str, int]:
        """kind -> number of nodes in the input graph."""
        return {k: d.count for k, d in self.ops.items()}

    def __str__(self) -> str:
        width = max([len("op kind")] + [len(k) for k in self.ops])
        header = f"{'op kind':<{width}}  {'status':<11}  {'nodes':>5}  {'after':>5}"
        lines = [header, "-" * len(header)]
        for d in self.ops.values():
            lines.append(f"{d.kind:<{width}}  {d.status:<11}  {d.count:>5}  "
                         f"{d.final_count:>5}")
        plural = "" if self.rounds == 1 else "s"
        lines.append(f"({self.rounds} rewrite round{plural})")
        return "\n".join(lines)


# --------------------------------------------------------------------------- the pass

def _pending(graph: Graph, supported: frozenset[str]) -> Counter[str]:
    """Kinds (with counts) of the nodes that a decomposition should rewrite."""
    kinds = (dispatch_kind(n) for n in graph.nodes)
    return Counter(k for k in kinds if k not in supported and k in DECOMPOSITIONS)


def _checked(node_id: int, node: Node, result: Tensor) -> int:
    """The id of ``result`` after checking it has the replaced node's exact type."""
    if result.node.type != node.type:
        raise VerifyError(f"decomposing {format_node(node_id, node)} built "
                          f"{result.node.type}, not {node.type}")
    return result.id


def _decompose_round(graph: Graph, supported: frozenset[str],
                     origin: list[int]) -> tuple[Graph, list[int], Counter[str]]:
    """One rebuild rewriting every pending node once.

    ``origin[i]`` is the input-graph node that node i of ``graph`` comes from; returns
    the new graph, its origin list and the kinds rewritten (with counts).
    """
    new_origin: dict[int, int] = {}
    rewritten: Counter[str] = Counter()

    def rule(new: Graph, nid: int, node: Node, operands: list[int]) -> int | None:
        kind = dispatch_kind(node)
        if kind in supported or kind not in DECOMPOSITIONS:
            return None
        first_new = len(new.nodes)
        xs = [new.tensor(i) for i in operands]
        result = _checked(nid, node, DECOMPOSITIONS[kind](new, node, xs))
        for i in range(first_new, len(new.nodes)):
            new_origin[i] = origin[nid]
        rewritten[kind] += 1
        return result

    new, mapping = rebuild(graph, rule)
    for old, new_id in enumerate(mapping):
        new_origin.setdefault(new_id, origin[old])
    return new, [new_origin[i] for i in range(len(new.nodes))], rewritten


def _first_node(graph: Graph, kind: str) -> int | None:
    """Id of the first node of ``kind`` in ``graph``, or None."""
    return next((i for i, n in enumerate(graph.nodes) if dispatch_kind(n) == kind), None)


def _describe_first(kind: str, before: Graph, after: Graph, origin: list[int]) -> str:
    """The first node of ``kind``: in the input graph if it has one there, else in the
    decomposed graph together with the input node whose decomposition built it."""
    at = _first_node(before, kind)
    if at is not None:
        return format_node(at, before.nodes[at])
    at = _first_node(after, kind)
    if at is None:
        return ""
    source = origin[at]
    return (f"{format_node(at, after.nodes[at])} in the rewritten graph, from decomposing "
            f"{format_node(source, before.nodes[source])}")


def _status(kind: str, supported: frozenset[str]) -> str:
    """native if claimed, else decomposed if a decomposition exists, else unsupported."""
    if kind in supported:
        return NATIVE
    return DECOMPOSED if kind in DECOMPOSITIONS else UNSUPPORTED


def _build_report(before: Graph, after: Graph, origin: list[int], supported: frozenset[str],
                  rewritten: Counter[str], rounds: int) -> DispatchReport:
    """The report over every kind of the input graph, every kind rewritten on the way and
    every kind of the result, in that order of first appearance."""
    counts = Counter(dispatch_kind(n) for n in before.nodes)
    final_counts = Counter(dispatch_kind(n) for n in after.nodes)
    kinds = dict.fromkeys([*counts, *rewritten, *final_counts])
    ops = {}
    for kind in kinds:
        first = _describe_first(kind, before, after, origin)
        ops[kind] = OpDispatch(kind, _status(kind, supported), counts[kind],
                               final_counts[kind], first)
    return DispatchReport(ops, rounds)


def _unsupported_error(graph: Graph, report: DispatchReport) -> UnsupportedOpError:
    """An error listing every unsupported kind with its count and first node."""
    missing = report.unsupported
    lines = [f"graph {graph.name!r}: {len(missing)} op kind(s) are neither supported by the "
             "backend nor decomposable into supported ops:"]
    for d in missing.values():
        plural = "" if d.final_count == 1 else "s"
        lines.append(f"  {d.kind}: {d.final_count} node{plural}, first {d.first}")
        if d.kind in CUSTOM_OPS:
            lines.append(f"    {d.kind!r} is a custom op (rlx.register_op) with no kernel for "
                         "this device; pass c_kernel= to register_op to run it on cpu")
    lines.append("dispatch report:")
    lines.append(str(report))
    error = UnsupportedOpError("\n".join(lines))
    error.report = report
    return error


def decompose(graph: Graph, supported: frozenset[str]) -> tuple[Graph, DispatchReport]:
    """Rewrite every node whose op is not in ``supported`` with :data:`DECOMPOSITIONS`,
    round after round until nothing is left to rewrite.

    Inputs, params and constants are always supported. Returns the new graph (``graph``
    itself when nothing needed rewriting) and the report. Raises UnsupportedOpError
    listing every kind that remains unsupported (the report is attached as ``.report``),
    or when the rewriting does not settle within MAX_ROUNDS rounds (a decomposition that
    emits, directly or through others, the op it replaces).
    """
    claimed = frozenset(supported) | ALWAYS_SUPPORTED
    current, origin = graph, list(range(len(graph.nodes)))
    rewritten: Counter[str] = Counter()
    rounds = 0
    while pending := _pending(current, claimed):
        if rounds == MAX_ROUNDS:
            kinds = ", ".join(f"{k} ({n})" for k, n in sorted(pending.items()))
            raise UnsupportedOpError(
                f"graph {graph.name!r}: decomposition did not settle after {MAX_ROUNDS} "
                f"rounds; still rewriting {kinds}. A decomposition emits the op it replaces, "
                "directly or through other decompositions.")
        current, origin, done = _decompose_round(current, claimed, origin)
        rewritten += done
        rounds += 1
    report = _build_report(graph, current, origin, claimed, rewritten, rounds)
    if report.unsupported:
        raise _unsupported_error(graph, report)
    return current, report
