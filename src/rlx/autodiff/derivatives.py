"""Local derivatives that the reverse and forward transforms share.

Elementwise ops have diagonal Jacobians, which are their own transposes, so one
*linearisation* serves both modes: for each operand, a map multiplying a tensor by
that operand's Jacobian block. Reverse mode applies it to the result's cotangent
(then un-broadcasts), forward mode to the operand's tangent (then broadcasts). With
complex values the transpose of multiplying by c multiplies by conj(c) (the cotangent
convention of :mod:`rlx.autodiff.complex`), and abs of a complex is not complex-linear
at all: those ops give reverse mode its own maps (:attr:`Elementwise.adjoint`), which
build a conj only where a value is complex, so real graphs get the same nodes.
Reductions likewise share one tensor of per-element weights dy/dx, and
normalisations one self-adjoint map.

Conventions at points where a derivative is not defined: relu, abs, clip and
maximum/minimum follow PyTorch (relu'(0) = 0, abs'(0) = 0, clip passes the
derivative where lo <= x <= hi, maximum/minimum split it evenly on ties); the max /
min reductions split it evenly among tied maxima (PyTorch's amax/amin rule); sign,
floor, ceil and round have zero derivative; pow's exponent derivative at base 0 is
0 (PyTorch), and its base derivative 0 where the exponent is 0; round_to_format
passes the derivative straight through when it is a fake-quantiser (ste) and has
zero derivative otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from rlx.autodiff.common import Primal, cast_to, declare
from rlx.errors import UnsupportedOpError
from rlx.ir import api
from rlx.ir.graph import Tensor
from rlx.ir.printer import format_node

LinearMap = Callable[[Tensor], Tensor]
Linearize = Callable[[Primal], list[LinearMap | None]]


@dataclass(frozen=True)
class Elementwise:
    """How one elementwise op is linearised; ``slots`` as in :class:`Rule`. ``adjoint``
    gives reverse mode's maps where they differ from ``linearize``'s (complex operands);
    None: the same maps."""

    linearize: Linearize
    slots: tuple[int, ...] | None = None
    adjoint: Linearize | None = None

    @property
    def reverse(self) -> Linearize:
        """The maps reverse mode applies to a cotangent."""
        return self.adjoint if self.adjoint is not None else self.linearize


ZERO_DERIVATIVE: dict[str, str] = {
    "stop_gradient": "treated as a constant by definition",
    "sign": "piecewise constant: zero derivative almost everywhere",
    "floor": "piecewise constant: zero derivative almost everywhere",
    "ceil": "piecewise constant: zero derivative almost everywhere",
    "round": "piecewise constant: zero derivative almost everywhere",
}
"""Float-valued ops whose derivative is zero: the family gives them a rule through
which nothing flows, so a path through them contributes zeros, not an error."""
for _kind, _reason in ZERO_DERIVATIVE.items():
    declare("zero_derivative", _kind, _reason)

_SQRT_HALF = math.sqrt(0.5)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_TWO_OVER_PI = math.sqrt(2.0 / math.pi)
_GELU_CUBIC = 0.044715


def _elementwise(kinds: str, slots: tuple[int, ...] | None = None,
                 adjoint: Linearize | None = None):
    """Declare each of ``kinds`` in the elementwise rule family with the decorated
    linearisation (and reverse mode's maps ``adjoint`` when they differ)."""
    def register(linearize: Linearize) -> Linearize:
        declare("elementwise", kinds, Elementwise(linearize, slots, adjoint))
        return linearize
    return register


def conj(t: Tensor) -> Tensor:
    """The complex conjugate of a complex ``t``; ``t`` itself (no node) otherwise."""
    return api.conj(t) if t.dtype.is_complex else t


def _unary_factor(kind: str, factor: Callable[[Tensor, Tensor], Tensor],
                  holomorphic: bool = False) -> None:
    """Register ``kind`` with derivative ``factor(x, y)`` (x the operand, y the result).
    ``holomorphic``: it takes complex operands, and reverse mode multiplies by the
    conjugate factor."""
    def linearize(p: Primal) -> list[LinearMap | None]:
        x, y = p.xs[0], p.out
        return [lambda t: t * factor(x, y)]

    def adjoint(p: Primal) -> list[LinearMap | None]:
        x, y = p.xs[0], p.out
        return [lambda t: t * conj(factor(x, y))]
    declare("elementwise", kind, Elementwise(linearize, adjoint=adjoint if holomorphic else None))


def _gelu_factor(x: Tensor, y: Tensor) -> Tensor:
    """Phi(x) + x * phi(x)."""
    cdf = 0.5 * (1.0 + api.erf(x * _SQRT_HALF))
    return cdf + x * (api.exp(-0.5 * (x * x)) * _INV_SQRT_2PI)


def _gelu_tanh_factor(x: Tensor, y: Tensor) -> Tensor:
    """0.5 (1 + tanh u) + 0.5 x (1 - tanh(u)^2) u', u = c (x + 0.044715 x^3)."""
    x2 = x * x
    th = api.tanh(_SQRT_TWO_OVER_PI * (x + _GELU_CUBIC * (x2 * x)))
    du = _SQRT_TWO_OVER_PI * (1.0 + (3.0 * _GELU_CUBIC) * x2)
    return 0.5 * (1.0 + th) + (0.5 * x) * ((1.0 - th * th) * du)


def _silu_factor(x: Tensor, y: Tensor) -> Tensor:
    """s (1 + x (1 - s)), s = sigmoid(x)."""
    s = api.sigmoid(x)
    return s * (1.0 + x * (1.0 - s))


_unary_factor("exp", lambda x, y: y, holomorphic=True)
_unary_factor("log", lambda x, y: api.reciprocal(x))
_unary_factor("sqrt", lambda x, y: 0.5 / y)
_unary_factor("rsqrt", lambda x, y: -0.5 * (y * y * y))
_unary_factor("reciprocal", lambda x, y: -(y * y))
_unary_factor("sin", lambda x, y: api.cos(x))
_unary_factor("cos", lambda x, y: -api.sin(x))
_unary_factor("tanh", lambda x, y: 1.0 - y * y)
_unary_factor("atan", lambda x, y: 1.0 / (1.0 + x * x))
_unary_factor("erf", lambda x, y: _TWO_OVER_SQRT_PI * api.exp(-(x * x)))
_unary_factor("sigmoid", lambda x, y: y * (1.0 - y))
_unary_factor("gelu", _gelu_factor)
_unary_factor("gelu_tanh", _gelu_tanh_factor)
_unary_factor("silu", _silu_factor)
_unary_factor("softplus", lambda x, y: api.sigmoid(x))


def _nonzero(y: Tensor) -> Tensor:
    """``y`` with its zeros replaced by 1 (a safe divisor where the numerator is 0 too)."""
    return api.where(y == 0.0, 1.0, y)


def _abs_adjoint(p: Primal) -> list[LinearMap | None]:
    """ct * z / |z| for a complex z (0 at z = 0), the cotangent of its modulus."""
    x, y = p.xs[0], p.out
    if x.dtype.is_complex:
        return [lambda t: t * (x / _nonzero(y))]
    return [lambda t: t * api.sign(x)]


@_elementwise("abs", adjoint=_abs_adjoint)
def _abs(p: Primal) -> list[LinearMap | None]:
    """sign(x) for a real x; d|z| = Re(conj(z) dz) / |z| for a complex z (0 at z = 0)."""
    x, y = p.xs[0], p.out
    if x.dtype.is_complex:
        return [lambda t: api.real(api.conj(x) * t) / _nonzero(y)]
    return [lambda t: t * api.sign(x)]


@_elementwise("neg")
def _neg(p: Primal) -> list[LinearMap | None]:
    return [lambda t: -t]


@_elementwise("cast")
def _identity(p: Primal) -> list[LinearMap | None]:
    """The transforms convert the dtype when they fit the result to its operand."""
    return [lambda t: t]


@_elementwise("round_to_format")
def _round_to_format(p: Primal) -> list[LinearMap | None]:
    """With ste (a fake-quantiser) the derivative passes straight through; plain
    rounding is piecewise constant, so nothing flows."""
    return [(lambda t: t) if p.attr("ste") else None]


@_elementwise("relu")
def _relu(p: Primal) -> list[LinearMap | None]:
    x = p.xs[0]
    # blocked where x <= 0 (not passed where x > 0): a NaN passes t on, as in PyTorch
    return [lambda t: api.where(x <= 0.0, 0.0, t)]


def _within_bounds(x: Tensor, lo: float | None, hi: float | None) -> Tensor | None:
    """lo <= x <= hi for the bounds given; None when neither is."""
    inside = None
    if lo is not None:
        inside = x >= lo
    if hi is not None:
        inside = x <= hi if inside is None else inside & (x <= hi)
    return inside


@_elementwise("clip")
def _clip(p: Primal) -> list[LinearMap | None]:
    x = p.xs[0]

    def passed(t: Tensor) -> Tensor:
        inside = _within_bounds(x, p.attr("lo"), p.attr("hi"))
        return t if inside is None else api.where(inside, t, 0.0)
    return [passed]


@_elementwise("add")
def _add(p: Primal) -> list[LinearMap | None]:
    return [lambda t: t, lambda t: t]


@_elementwise("sub")
def _sub(p: Primal) -> list[LinearMap | None]:
    return [lambda t: t, lambda t: -t]


def _mul_adjoint(p: Primal) -> list[LinearMap | None]:
    a, b = p.xs
    return [lambda t: t * conj(b), lambda t: t * conj(a)]


@_elementwise("mul", adjoint=_mul_adjoint)
def _mul(p: Primal) -> list[LinearMap | None]:
    a, b = p.xs
    return [lambda t: t * b, lambda t: t * a]


def _div_adjoint(p: Primal) -> list[LinearMap | None]:
    a, b = p.xs
    return [lambda t: t / conj(b), lambda t: -(t * conj(p.out)) / conj(b)]


@_elementwise("div", adjoint=_div_adjoint)
def _div(p: Primal) -> list[LinearMap | None]:
    a, b = p.xs
    return [lambda t: t / b, lambda t: -(t * p.out) / b]


@_elementwise("pow")
def _pow(p: Primal) -> list[LinearMap | None]:
    a, b = p.xs

    def d_base(t: Tensor) -> Tensor:
        return t * api.where(b == 0, 0.0, b * api.pow(a, b - 1))

    def d_exponent(t: Tensor) -> Tensor:
        return api.where((a == 0) & (b >= 0), 0.0, t * (p.out * api.log(a)))
    return [d_base, d_exponent]


def _extremum(p: Primal, loses: Callable[[Tensor, Tensor], Tensor]) -> list[LinearMap | None]:
    """maximum/minimum: the loser gets no derivative, a tie splits it evenly, and beside
    a NaN (neither wins) both operands take it whole, as in PyTorch."""
    a, b = p.xs

    def share(first: Tensor, second: Tensor) -> LinearMap:
        return lambda t: api.where(loses(first, second), 0.0,
                                   api.where(first == second, 0.5 * t, t))
    return [share(a, b), share(b, a)]


@_elementwise("maximum")
def _maximum(p: Primal) -> list[LinearMap | None]:
    return _extremum(p, lambda u, v: u < v)


@_elementwise("minimum")
def _minimum(p: Primal) -> list[LinearMap | None]:
    return _extremum(p, lambda u, v: u > v)


@_elementwise("mod")
def _mod(p: Primal) -> list[LinearMap | None]:
    """a mod b = a - floor(a / b) b."""
    a, b = p.xs
    return [lambda t: t, lambda t: -(t * api.floor(a / b))]


@_elementwise("where", slots=(1, 2))
def _where(p: Primal) -> list[LinearMap | None]:
    cond = p.xs[0]
    return [None, lambda t: api.where(cond, t, 0.0), lambda t: api.where(cond, 0.0, t)]


# --------------------------------------------------------------------------- reductions

def kept_shape(p: Primal) -> tuple[int, ...]:
    """The result shape of the reduction ``p`` with its reduced axes kept as 1."""
    axes = p.attr("axes")
    return tuple(1 if i in axes else d for i, d in enumerate(p.xs[0].shape))


def kept(t: Tensor, p: Primal) -> Tensor:
    """``t`` (shaped like the reduction's result) with the reduced axes kept as 1."""
    return t.reshape(kept_shape(p))


def reduced_count(p: Primal) -> int:
    """How many elements one result of the reduction ``p`` combines."""
    return math.prod(p.xs[0].shape[a] for a in p.attr("axes"))


def _extremum_weights(p: Primal) -> Tensor:
    """max/min: 1/k on each of the k elements equal to the result, 0 elsewhere."""
    x = p.xs[0]
    hit = (x == kept(p.out, p)).cast(x.dtype)
    return hit / hit.sum(p.attr("axes"), keepdims=True)


def _prod_weights(p: Primal) -> Tensor:
    """d prod / d x_i = the product of the others: prod / x_i where x_i != 0 (exact with
    zeros elsewhere); at a zero, the product of the non-zero rest when it is the slice's
    only zero, else 0. Built from the result, so it differentiates again exactly except
    at two or more exact zeros in one slice (there the second derivative between two
    zeros comes out 0)."""
    x = p.xs[0]
    axes = p.attr("axes")
    is_zero = x == 0.0
    nonzero = api.where(is_zero, 1.0, x)
    zero_count = is_zero.cast(x.dtype).sum(axes, keepdims=True)
    at_zero = api.where(zero_count == 1.0, nonzero.prod(axes, keepdims=True), 0.0)
    return api.where(is_zero, at_zero, kept(p.out, p) / nonzero)


def _logsumexp_weights(p: Primal) -> Tensor:
    """softmax over the reduced axes: exp(x - logsumexp)."""
    return api.exp(p.xs[0] - kept(p.out, p))


REDUCTION_WEIGHTS: dict[str, Callable[[Primal], Tensor]] = {
    "max": _extremum_weights,
    "min": _extremum_weights,
    "prod": _prod_weights,
    "logsumexp": _logsumexp_weights,
}
"""Reductions y = r(x) over ``axes`` whose derivative is dy = sum(w * dx) with these
per-element weights w (shaped like x)."""
for _kind, _weights in REDUCTION_WEIGHTS.items():
    declare("reduction", _kind, _weights)


# --------------------------------------------------------------------------- scatter_update

LINEAR_SCATTER_REDUCTIONS = ("none", "add")


def require_linear_scatter(p: Primal, transform: str) -> str:
    """The reduction of the scatter_update node ``p`` when it is linear in (data,
    updates) (none: replace, add); UnsupportedOpError naming the node otherwise."""
    reduction = p.attr("reduction")
    if reduction not in LINEAR_SCATTER_REDUCTIONS:
        raise UnsupportedOpError(f"{transform}: scatter_update with reduction {reduction!r} "
                                 f"has no derivative rule (only {LINEAR_SCATTER_REDUCTIONS}); "
                                 f"node {format_node(p.out.id, p.node)}")
    return reduction


def scatter_writes(p: Primal) -> tuple[Tensor, Tensor]:
    """For a scatter_update node with reduction none: (written [N, 1, ...] bool, the rows
    that receive an update; last [J, 1, ...] bool, the updates that are the last write to
    their row and so survive)."""
    data, idx = p.xs[:2]
    rows, count = data.shape[0], idx.shape[0]
    order = api.arange(p.graph, count, dtype="i64")
    nobody = p.graph.constant(-1, "i64").broadcast_to((rows,))
    writer = p.graph.apply("scatter_update", [nobody, idx, order], reduction="none")
    last = api.gather(writer, idx, axis=0) == order
    trailing = (1,) * (data.ndim - 1)
    return (writer >= 0).reshape((rows,) + trailing), last.reshape((count,) + trailing)


# --------------------------------------------------------------------------- normalisation

def norm_axes(p: Primal) -> tuple[int, ...]:
    """layer_norm / rms_norm normalise over ``axis`` to the last axis."""
    return tuple(range(p.attr("axis"), p.xs[0].ndim))


@dataclass(frozen=True)
class NormTerms:
    """Recomputed statistics of a layer_norm or rms_norm node: ``xhat`` the normalised
    x (before gamma/beta) and ``rstd`` the kept-dims inverse standard deviation (root
    mean square for rms_norm), plus its self-adjoint Jacobian map d xhat / d x."""

    xhat: Tensor
    rstd: Tensor
    axes: tuple[int, ...]
    centred: bool

    def jacobian(self, v: Tensor) -> Tensor:
        """rstd (v - mean(v) - xhat mean(v xhat)); without the mean(v) term for rms_norm."""
        along_xhat = self.xhat * (v * self.xhat).mean(self.axes, keepdims=True)
        rest = v - v.mean(self.axes, keepdims=True) if self.centred else v
        return self.rstd * (rest - along_xhat)


def norm_terms(p: Primal) -> NormTerms:
    """The :class:`NormTerms` of a layer_norm or rms_norm node."""
    x = p.xs[0]
    axes = norm_axes(p)
    centred = p.node.op == "layer_norm"
    if centred:
        x = x - x.mean(axes, keepdims=True)
    rstd = api.rsqrt((x * x).mean(axes, keepdims=True) + p.attr("eps"))
    return NormTerms(x * rstd, rstd, axes, centred)


def affine_operands(p: Primal) -> tuple[Tensor | None, Tensor | None]:
    """(gamma, beta) of a layer_norm / rms_norm node, None where absent."""
    rest = list(p.xs[1:])
    gamma = rest.pop(0) if p.attr("has_gamma") else None
    beta = rest.pop(0) if p.attr("has_beta") else None
    return gamma, beta


def per_channel(t: Tensor, rank: int) -> Tensor:
    """A [C] tensor reshaped to [C, 1, ...] so it broadcasts over axis 1 of rank ``rank``."""
    return t.reshape((t.shape[0],) + (1,) * (rank - 2))


# --------------------------------------------------------------------------- attention

@dataclass(frozen=True)
class AttentionTerms:
    """Recomputed pieces of an attention node in grouped form (G = H / Hkv query heads
    per kv head): ``q`` [B,Hkv,G,S,D], ``k`` and ``v`` [B,Hkv,1,T,*] and the
    probabilities ``probs`` [B,Hkv,G,S,T] (0 for masked keys and fully masked rows)."""

    q: Tensor
    k: Tensor
    v: Tensor
    probs: Tensor
    scale: float

    def softmax_jacobian(self, v: Tensor) -> Tensor:
        """P (v - sum(P v)) over keys: the (self-adjoint) derivative of the softmax."""
        return self.probs * (v - (v * self.probs).sum(-1, keepdims=True))


def grouped_like(t: Tensor, gq: Tensor) -> Tensor:
    """``t`` (broadcastable to [B,H,S,X]) expanded and grouped as ``gq`` [B,Hkv,G,S,*]:
    [B,Hkv,G,S,X]."""
    b, hkv, g, s = gq.shape[:4]
    full = t.broadcast_to((b, hkv * g, s, t.shape[-1]))
    return full.reshape((b, hkv, g, s, t.shape[-1]))


def swap_last(t: Tensor) -> Tensor:
    """``t`` with its last two axes exchanged."""
    perm = tuple(range(t.ndim - 2)) + (t.ndim - 1, t.ndim - 2)
    return t.transpose(perm)


def _position_keep(p: Primal, s: int, t: int) -> Tensor | None:
    """[S, T] bool of the keys each query sees under causal / window masking (aligned to
    the end, as the attention op documents); None when neither applies."""
    causal, window = p.attr("causal"), p.attr("window")
    if not causal and window is None:
        return None
    rows = api.arange(p.graph, s).reshape(s, 1)
    cols = api.arange(p.graph, t).reshape(1, t)
    offset = cols - rows
    keep = offset <= t - s if causal else None
    if window is not None:
        inside = offset > t - s - window
        keep = inside if keep is None else keep & inside
    return keep


def _masked_probs(scores: Tensor, keep: Tensor | None) -> Tensor:
    """Softmax over the last axis where ``keep``; zeros for a row with no finite score."""
    if keep is not None:
        scores = api.where(keep, scores, -math.inf)
    top = scores.max(-1, keepdims=True)
    shift = api.where(api.isinf(top), 0.0, top)
    weights = api.exp(scores - shift)
    total = weights.sum(-1, keepdims=True)
    return weights / api.where(total == 0.0, 1.0, total)


def attention_terms(p: Primal) -> AttentionTerms:
    """Recompute the grouped operands and probabilities of the attention node ``p``."""
    q, k, v = p.xs[:3]
    b, h, s, d = q.shape
    hkv, t = k.shape[1], k.shape[2]
    gq = q.reshape(b, hkv, h // hkv, s, d)
    gk, gv = k.unsqueeze(2), v.unsqueeze(2)
    scale = p.attr("scale")
    scores = (gq @ swap_last(gk)) * scale
    keep = _position_keep(p, s, t)
    mask_kind = p.attr("mask_kind")
    if mask_kind == "additive":
        scores = scores + grouped_like(cast_to(p.xs[3], scores.dtype), gq)
    elif mask_kind == "bool":
        user = grouped_like(p.xs[3], gq)
        keep = user if keep is None else user & keep
    return AttentionTerms(gq, gk, gv, _masked_probs(scores, keep), scale)


def ungroup(t: Tensor) -> Tensor:
    """[B,Hkv,G,S,X] -> [B,Hkv*G,S,X]."""
    b, hkv, g, s, x = t.shape
    return t.reshape(b, hkv * g, s, x)


# --------------------------------------------------------------------------- rope

def rope_halves(t: Tensor, half: int, interleaved: bool) -> tuple[Tensor, Tensor]:
    """The two rotated feature sets of ``t`` [..., D]: (i, i + R/2) pairs, or (2i, 2i+1)
    when interleaved; R = 2 * half."""
    if interleaved:
        first = api.slice(t, [0], [2 * half], [2], axes=[-1])
        second = api.slice(t, [1], [2 * half], [2], axes=[-1])
    else:
        first = api.slice(t, [0], [half], [1], axes=[-1])
        second = api.slice(t, [half], [2 * half], [1], axes=[-1])
    return first, second


def only_rotated(x: Tensor, half: int, interleaved: bool) -> Tensor:
    """``x`` with the features rope passes through (beyond R = 2 * half) set to 0."""
    width = x.shape[-1]
    if 2 * half == width:
        return x
    keep = [1.0] * (2 * half) + [0.0] * (width - 2 * half)
    return x * x.graph.constant(keep, x.dtype)
