"""One small float64 graph per differentiable op configuration, shared by the
reverse-mode, forward-mode and Hessian tests.

A case builds the op on fresh leaves with a :class:`CaseBuilder` and returns its
result; the builder records each leaf's value and whether it is differentiated.
Values keep away from kinks and singularities (log of positives, no ties for
max-like ops) so that central differences are accurate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import rlx
from rlx.ir.graph import Graph, Tensor


class CaseBuilder:
    """A graph under construction with the values of its leaves."""

    def __init__(self, seed: int):
        self.graph = Graph("case")
        self.rng = np.random.default_rng(seed)
        self.feeds: dict[str, np.ndarray] = {}
        self.wrt: list[str] = []

    def leaf(self, value: np.ndarray, differentiate: bool = True, param: bool = False) -> Tensor:
        """An input (or param) holding ``value``; differentiated unless told not to."""
        value = np.asarray(value)
        name = f"{'p' if param else 'x'}{len(self.feeds)}"
        declare = self.graph.param if param else self.graph.input
        t = declare(name, value.shape, value.dtype)
        self.feeds[name] = value
        if differentiate:
            self.wrt.append(name)
        return t

    def normal(self, *shape: int, **kw) -> Tensor:
        return self.leaf(self.rng.standard_normal(shape), **kw)

    def uniform(self, low: float, high: float, *shape: int, **kw) -> Tensor:
        return self.leaf(self.rng.uniform(low, high, shape), **kw)

    def spaced(self, *shape: int, **kw) -> Tensor:
        """Distinct values at least 0.1 apart in random order (for max-like ops)."""
        n = int(np.prod(shape))
        values = self.rng.permutation(n) * 0.1 + self.rng.uniform(0, 0.01, n) - 0.05 * n
        return self.leaf(values.reshape(shape), **kw)

    def constant(self, value) -> Tensor:
        return self.graph.constant(np.asarray(value))


@dataclass(frozen=True)
class Case:
    """A named op configuration: ``build`` returns the op's result. ``second_order``
    is False where the rule's derivative is not exact at the case's point."""

    name: str
    build: Callable[[CaseBuilder], Tensor]
    second_order: bool = True

    def make(self, seed: int = 0) -> tuple[Graph, dict[str, np.ndarray], list[str], Tensor]:
        """(graph without outputs, feeds, differentiated names, the op's result)."""
        b = CaseBuilder(seed)
        y = self.build(b)
        return b.graph, b.feeds, b.wrt, y


CASES: list[Case] = []


def case(name: str, second_order: bool = True):
    def register(build: Callable[[CaseBuilder], Tensor]):
        CASES.append(Case(name, build, second_order))
        return build
    return register


# --------------------------------------------------------------------------- elementwise

_UNARY_DOMAINS = {
    "exp": (-2, 2), "log": (0.5, 2), "sqrt": (0.5, 2), "rsqrt": (0.5, 2),
    "reciprocal": (0.5, 2), "sin": (-3, 3), "cos": (-3, 3), "tanh": (-2, 2),
    "atan": (-2, 2), "erf": (-2, 2), "sigmoid": (-3, 3), "gelu": (-3, 3),
    "gelu_tanh": (-3, 3), "silu": (-3, 3), "softplus": (-3, 3), "neg": (-2, 2),
    "abs": (-2, 2), "relu": (-2, 2),
}

for _kind, (_low, _high) in _UNARY_DOMAINS.items():
    case(f"unary-{_kind}")(
        lambda b, kind=_kind, low=_low, high=_high:
        b.graph.apply(kind, [b.uniform(low, high, 3, 4)]))


@case("zero-derivative-floor-sign")
def _piecewise(b):
    x = b.uniform(-2, 2, 5)
    return x * rlx.floor(x * 3.0) + rlx.sign(x) + rlx.round(x) + rlx.ceil(x)


@case("clip-both")
def _clip_both(b):
    return rlx.clip(b.uniform(-2, 2, 4, 3), -1.0, 1.0)


@case("clip-lo")
def _clip_lo(b):
    return rlx.clip(b.uniform(-2, 2, 4, 3), lo=0.2)


_BINARY_DOMAINS = {
    "add": ((-2, 2), (-2, 2)), "sub": ((-2, 2), (-2, 2)), "mul": ((-2, 2), (-2, 2)),
    "div": ((-2, 2), (0.5, 2)), "pow": ((0.5, 2), (-1.5, 1.5)),
    "maximum": ((-2, 2), (-2, 2)), "minimum": ((-2, 2), (-2, 2)), "mod": ((-3, 3), (1, 2)),
}
_BROADCASTS = {"same": ((3, 4), (3, 4)), "outer": ((3, 1), (1, 4)),
               "rank": ((2, 3, 4), (4,)), "channel": ((2, 3, 2, 2), (1, 3, 1, 1))}

for _kind, (_da, _db) in _BINARY_DOMAINS.items():
    for _label, (_sa, _sb) in _BROADCASTS.items():
        case(f"binary-{_kind}-{_label}")(
            lambda b, kind=_kind, da=_da, db=_db, sa=_sa, sb=_sb:
            b.graph.apply(kind, [b.uniform(*da, *sa), b.uniform(*db, *sb)]))


@case("pow-scalar-exponent")
def _square(b):
    return b.normal(3, 2) ** 3.0


@case("where-broadcast")
def _where(b):
    cond = b.constant(b.rng.random((3, 1)) > 0.5)
    return rlx.where(cond, b.normal(3, 4), b.normal(4))


# --------------------------------------------------------------------------- matmul

_MATMULS = {"2d": ((2, 3), (3, 4)), "batched": ((2, 2, 3), (2, 3, 4)),
            "broadcast-batch": ((2, 1, 3, 4), (3, 4, 2)), "vec-mat": ((3,), (3, 4)),
            "mat-vec": ((2, 3), (3,)), "vec-vec": ((3,), (3,)),
            "batched-vec": ((2, 4, 3), (3,)), "vec-batched": ((4,), (2, 4, 3))}
for _label, (_sa, _sb) in _MATMULS.items():
    case(f"matmul-{_label}")(
        lambda b, sa=_sa, sb=_sb: b.normal(*sa) @ b.normal(*sb))


# --------------------------------------------------------------------------- reductions

_REDUCE_AXES = {"all": (None, False), "keep": ((1,), True), "pair": ((0, 2), False)}
for _kind in ("sum", "mean", "max", "min", "prod", "logsumexp"):
    for _label, (_axes, _keep) in _REDUCE_AXES.items():
        case(f"reduce-{_kind}-{_label}")(
            lambda b, kind=_kind, axes=_axes, keep=_keep:
            b.graph.apply(kind, [b.spaced(2, 3, 4) if kind in ("max", "min")
                                 else b.uniform(0.5, 1.5, 2, 3, 4)],
                          axes=axes, keepdims=keep))


@case("reduce-prod-one-zero")
def _prod_zero(b):
    values = b.rng.uniform(0.5, 1.5, (3, 4))
    values[1, 2] = 0.0
    return b.leaf(values).prod(1)


@case("reduce-prod-two-zeros", second_order=False)
def _prod_zeros(b):
    values = b.rng.uniform(0.5, 1.5, (3, 4))
    values[1, 0] = values[1, 3] = 0.0
    return b.leaf(values).prod(1)


for _exclusive in (False, True):
    for _reverse in (False, True):
        case(f"cumsum-exclusive{_exclusive}-reverse{_reverse}")(
            lambda b, e=_exclusive, r=_reverse:
            rlx.cumsum(b.normal(3, 4), axis=1, exclusive=e, reverse=r))

for _kind in ("softmax", "log_softmax"):
    for _axis in (0, -1):
        case(f"{_kind}-axis{_axis}")(
            lambda b, kind=_kind, axis=_axis:
            b.graph.apply(kind, [b.normal(3, 4)], axis=axis))


# --------------------------------------------------------------------------- norms

@case("layer_norm-affine")
def _ln(b):
    return rlx.layer_norm(b.normal(2, 3, 4), b.normal(4), b.normal(4))


@case("layer_norm-two-axes-gamma")
def _ln2(b):
    return rlx.layer_norm(b.normal(2, 3, 4), b.normal(3, 4), axis=-2, eps=1e-3)


@case("layer_norm-plain")
def _ln3(b):
    return rlx.layer_norm(b.normal(3, 5))


@case("rms_norm-gamma")
def _rms(b):
    return rlx.rms_norm(b.normal(2, 3, 4), b.normal(4))


@case("rms_norm-plain")
def _rms2(b):
    return rlx.rms_norm(b.normal(3, 5))


@case("batch_norm")
def _bn(b):
    return rlx.batch_norm(b.normal(2, 3, 2, 2), b.normal(3), b.uniform(0.5, 2, 3),
                          b.normal(3), b.normal(3))


# --------------------------------------------------------------------------- shapes

@case("reshape")
def _reshape(b):
    return b.normal(2, 3, 4).reshape(6, 4)


@case("transpose")
def _transpose(b):
    return b.normal(2, 3, 4).transpose(2, 0, 1)


@case("broadcast_to")
def _broadcast(b):
    return b.normal(3, 1).broadcast_to((2, 3, 4))


@case("squeeze-unsqueeze")
def _squeeze(b):
    return b.normal(3, 1, 4).squeeze(1).unsqueeze((0, 3))


@case("slice-steps")
def _slice_steps(b):
    return rlx.slice(b.normal(7, 6), [1, 0], [6, 6], [2, 3])


@case("slice-negative-steps")
def _slice_negative(b):
    return rlx.slice(b.normal(7, 6), [None, 5], [None, 0], [-1, -2])


@case("slice-negative-start-step3")
def _slice_negative_start(b):
    return rlx.slice(b.normal(8, 5), [-7, -1], [None, None], [3, -3])


@case("concat")
def _concat(b):
    return rlx.concat([b.normal(2, 1), b.normal(2, 3), b.normal(2, 2)], axis=1)


for _mode in ("constant", "reflect", "edge"):
    case(f"pad-{_mode}")(
        lambda b, mode=_mode:
        rlx.pad(b.normal(4, 5), [(2, 1), (1, 3)], mode=mode, value=1.5))


@case("gather-axis0-dup-negative")
def _gather0(b):
    return rlx.gather(b.normal(5, 3), b.constant(np.array([[0, -1], [2, 2]])), axis=0)


@case("gather-axis1")
def _gather1(b):
    return rlx.gather(b.normal(2, 4, 3), b.constant(np.array([3, 0, 3])), axis=1)


@case("scatter_add")
def _scatter(b):
    return b.graph.apply("scatter_add", [b.normal(2, 4), b.constant(np.array([1, 0, 1, -1]))],
                         axis=1, size=3)


for _reduction in ("none", "add"):
    case(f"scatter_update-{_reduction}")(
        lambda b, reduction=_reduction:
        b.graph.apply("scatter_update", [b.normal(4, 3), b.constant(np.array([2, -1, 2, 0, 2])),
                                         b.normal(5, 3)], reduction=reduction))


@case("tile")
def _tile(b):
    return rlx.tile(b.normal(2, 1, 3), (2, 3, 1))


@case("flip")
def _flip(b):
    return rlx.flip(b.normal(2, 3, 4), (0, 2))


@case("topk-largest")
def _topk(b):
    return rlx.topk(b.spaced(3, 5), 2)[0]


@case("topk-smallest-axis0")
def _topk_small(b):
    return rlx.topk(b.spaced(5, 3), 3, axis=0, largest=False)[0]


# --------------------------------------------------------------------------- nn

@case("conv1d-groups-stride-dilation")
def _conv1d(b):
    return rlx.conv1d(b.normal(2, 4, 11), b.normal(6, 2, 3, param=True), b.normal(6),
                      stride=2, padding=[(1, 2)], dilation=2, groups=2)


@case("conv2d-asymmetric")
def _conv2d(b):
    return rlx.conv2d(b.normal(2, 3, 7, 6), b.normal(4, 3, 3, 2, param=True), b.normal(4),
                      stride=(2, 1), padding=[(1, 0), (2, 1)], dilation=(1, 2))


@case("conv2d-depthwise")
def _conv_dw(b):
    return rlx.conv2d(b.normal(1, 3, 6, 6), b.normal(3, 1, 3, 3), stride=2, padding=1,
                      groups=3)


@case("max_pool2d-padded")
def _max_pool(b):
    return rlx.max_pool2d(b.spaced(2, 2, 5, 6), 3, stride=2, padding=1)


@case("max_pool2d-rect")
def _max_pool_rect(b):
    return rlx.max_pool2d(b.spaced(1, 2, 4, 6), (2, 3), stride=(2, 2))


for _include in (True, False):
    case(f"avg_pool2d-include_pad{_include}")(
        lambda b, include=_include:
        rlx.avg_pool2d(b.normal(2, 2, 5, 6), 3, stride=2, padding=1,
                       count_include_pad=include))


@case("attention-plain")
def _attention(b):
    return rlx.attention(b.normal(1, 2, 3, 4), b.normal(1, 2, 3, 4), b.normal(1, 2, 3, 2))


@case("attention-gqa-causal")
def _attention_gqa(b):
    return rlx.attention(b.normal(2, 4, 3, 4), b.normal(2, 2, 5, 4), b.normal(2, 2, 5, 3),
                         mask="causal")


@case("attention-window")
def _attention_window(b):
    return rlx.attention(b.normal(1, 2, 4, 4), b.normal(1, 1, 4, 4), b.normal(1, 1, 4, 2),
                         window=2, scale=0.7)


@case("attention-causal-rows-without-keys")
def _attention_empty_rows(b):
    return rlx.attention(b.normal(1, 1, 4, 2), b.normal(1, 1, 2, 2), b.normal(1, 1, 2, 3),
                         mask="causal")


@case("attention-additive-mask")
def _attention_additive(b):
    return rlx.attention(b.normal(1, 2, 3, 4), b.normal(1, 2, 5, 4), b.normal(1, 2, 5, 2),
                         mask=b.normal(1, 1, 3, 5))


@case("attention-bool-mask")
def _attention_bool(b):
    keep = b.rng.random((1, 2, 3, 5)) > 0.4
    keep[..., 0] = True
    return rlx.attention(b.normal(1, 2, 3, 4), b.normal(1, 2, 5, 4), b.normal(1, 2, 5, 2),
                         mask=b.constant(keep))


@case("rope-partial")
def _rope(b):
    return rlx.rope(b.normal(2, 3, 8), b.normal(3, 2), b.normal(3, 2))


@case("rope-interleaved")
def _rope_interleaved(b):
    return rlx.rope(b.normal(1, 2, 3, 4), b.normal(1, 1, 3, 2), b.normal(1, 1, 3, 2),
                    interleaved=True)


for _reduction in ("mean", "sum", "none"):
    case(f"softmax_cross_entropy-{_reduction}")(
        lambda b, reduction=_reduction:
        rlx.softmax_cross_entropy(b.normal(4, 5), b.constant(np.array([0, 4, 2, 2])),
                                  reduction=reduction))
