"""The decomposition pass: every entry of DECOMPOSITIONS, recursion and the dispatch report.

Each case builds a small graph with one op, decomposes it with that op (and any op its
decomposition must not lean on) removed from the supported set, and checks that the
op is gone, the graph verifies, and the values match both the original graph run on
the device and an independent float64 oracle written here (numpy or torch).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.backends.test_cached_attention import _reference as cached_reference
from tests.helpers import run_graph, tol

import rlx
from rlx.errors import UnsupportedOpError, VerifyError
from rlx.ir.graph import Graph, Tensor
from rlx.ir.ops import OPS
from rlx.passes.decompose import DECOMPOSITIONS, decompose

ALL_OPS = frozenset(OPS)
FLOATS = ("f32", "f64", "f16", "bf16")
INF = math.inf

Feeds = dict[str, np.ndarray]


@dataclass(frozen=True)
class Case:
    """One op under test: its feeds, how to build it from inputs, and its f64 oracle."""

    kind: str
    label: str
    feeds: Callable[[np.random.Generator, str], Feeds]
    build: Callable[[Graph, dict[str, Tensor], str], Tensor]
    oracle: Callable[[Feeds], np.ndarray]
    dtypes: tuple[str, ...] = FLOATS
    forbid: frozenset[str] = field(default_factory=frozenset)

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.label}"


# --------------------------------------------------------------------------- helpers

def _np(dtype: str) -> np.dtype:
    return rlx.as_dtype(dtype).np


def _f64(a) -> np.ndarray:
    """Float arrays as float64; integer and bool arrays unchanged."""
    a = np.asarray(a)
    return a.astype(np.float64) if rlx.as_dtype(a.dtype).is_float else a


def _t(a) -> torch.Tensor:
    """A torch tensor of ``a`` (float64 for floats)."""
    return torch.from_numpy(np.ascontiguousarray(_f64(a)))


def _normal(rng: np.random.Generator, shape, dtype: str, scale: float = 1.0,
            offset: float = 0.0) -> np.ndarray:
    """Normal samples rounded to ``dtype``, so the oracle sees what rlx sees."""
    return (rng.standard_normal(shape) * scale + offset).astype(_np(dtype))


def _positive(rng: np.random.Generator, shape, dtype: str) -> np.ndarray:
    return rng.uniform(0.5, 2.0, shape).astype(_np(dtype))


def _inputs(graph: Graph, feeds: Feeds) -> dict[str, Tensor]:
    """One graph input per feed, same name, shape and dtype."""
    return {name: graph.input(name, a.shape, a.dtype) for name, a in feeds.items()}


COMPLEX_TOL = {"c64": dict(rtol=2e-5, atol=2e-5), "c128": dict(rtol=1e-12, atol=1e-12)}


def _expect_close(got: np.ndarray, want, dtype: str) -> None:
    want = want.numpy() if isinstance(want, torch.Tensor) else np.asarray(want)
    assert got.shape == want.shape
    if dtype in COMPLEX_TOL:
        np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128),
                                   **COMPLEX_TOL[dtype])
        return
    np.testing.assert_allclose(_f64(got), _f64(want), **tol(_np(dtype)))


# --------------------------------------------------------------------------- unary cases

SPECIALS = [0.0, -0.0, 0.25, -0.25, 3.0, -3.0, 8.0, -8.0, 30.0, -30.0, INF, -INF, math.nan]


def _unary_feeds(rng: np.random.Generator, dtype: str) -> Feeds:
    """Normal values with a wide spread plus zeros, tails, infinities and nan."""
    x = np.concatenate([rng.standard_normal(40) * 3.0, SPECIALS])
    return {"x": x.astype(_np(dtype)).reshape(-1, 1)}


def _limit_at_neg_inf(x: np.ndarray, y) -> np.ndarray:
    """The oracle's value at -inf for x * g(x) with g(-inf) = 0: the limit, 0."""
    y = y.numpy() if isinstance(y, torch.Tensor) else y
    return np.where(x == -INF, 0.0, y)


def _unary_case(kind: str, oracle: Callable[[np.ndarray], np.ndarray],
                forbid: frozenset[str] = frozenset()) -> Case:
    return Case(kind, "specials", _unary_feeds,
                lambda g, ins, dt: g.apply(kind, [ins["x"]]),
                lambda f: oracle(f["x"]), forbid=forbid)


def _np_silent(fn: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """``fn`` with numpy's divide / invalid warnings silenced (inf and nan are expected)."""
    def wrapped(x: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return fn(x)
    return wrapped


UNARY_CASES = [
    _unary_case("gelu", lambda x: _limit_at_neg_inf(x, F.gelu(_t(x)))),
    _unary_case("gelu_tanh", lambda x: _limit_at_neg_inf(x, F.gelu(_t(x), approximate="tanh")),
                forbid=frozenset({"gelu"})),
    _unary_case("silu", lambda x: _limit_at_neg_inf(x, F.silu(_t(x)))),
    _unary_case("softplus", _np_silent(lambda x: np.logaddexp(0.0, x)),
                forbid=frozenset({"sigmoid"})),
    _unary_case("sigmoid", lambda x: torch.sigmoid(_t(x)).numpy(), forbid=frozenset({"tanh"})),
    _unary_case("rsqrt", _np_silent(lambda x: 1.0 / np.sqrt(x)),
                forbid=frozenset({"reciprocal"})),
    _unary_case("reciprocal", _np_silent(lambda x: 1.0 / x), forbid=frozenset({"rsqrt"})),
]


# --------------------------------------------------------------------------- clip

def _clip_feeds(dtype: str) -> Callable[[np.random.Generator, str], Feeds]:
    """Feeds of a fixed dtype (clip is tested on integers too)."""
    def feeds(rng: np.random.Generator, _: str) -> Feeds:
        if rlx.as_dtype(dtype).is_int:
            info = np.iinfo(_np(dtype))
            x = rng.integers(max(info.min, -20), min(info.max, 20), 30)
            return {"x": x.astype(_np(dtype))}
        x = np.concatenate([rng.standard_normal(30) * 2.0, [INF, -INF, math.nan]])
        return {"x": x.astype(_np(dtype))}
    return feeds


def _clip_oracle(lo, hi, dtype: str) -> Callable[[Feeds], np.ndarray]:
    """min(max(x, lo), hi) in f64; integer results truncated and saturated as cast does."""
    def oracle(f: Feeds) -> np.ndarray:
        y = np.asarray(f["x"], np.float64)
        if lo is not None:
            y = np.maximum(y, lo)
        if hi is not None:
            y = np.minimum(y, hi)
        if rlx.as_dtype(dtype).is_int:
            info = np.iinfo(_np(dtype))
            y = np.clip(np.trunc(y), info.min, info.max)
        return y
    return oracle


def _clip_case(dtype: str, lo, hi) -> Case:
    return Case("clip", f"{dtype}-lo{lo}-hi{hi}", _clip_feeds(dtype),
                lambda g, ins, dt: rlx.clip(ins["x"], lo, hi), _clip_oracle(lo, hi, dtype),
                dtypes=(dtype,))


CLIP_CASES = [
    *(_clip_case(dt, -0.5, 1.25) for dt in FLOATS),
    *(_clip_case(dt, None, 0.3) for dt in FLOATS),
    _clip_case("f32", 0.0, None),
    _clip_case("f32", None, None),
    _clip_case("i32", -1.5, 2.7),
    _clip_case("i64", -2, 3),
    _clip_case("i8", -1000, 5),
    _clip_case("i8", 1000.0, None),
    _clip_case("u8", -3.5, 7),
]


# --------------------------------------------------------------------------- reductions

def _with_neg_inf_slice(x: np.ndarray) -> np.ndarray:
    """``x`` with one last-axis slice all -inf, a -inf entry and a large value elsewhere."""
    x = x.copy()
    x[(0,) * (x.ndim - 1)] = -INF
    x[(1,) * x.ndim] = -INF
    x[(-1,) * x.ndim] = 200.0
    return x


def _softmax_feeds(shape) -> Callable[[np.random.Generator, str], Feeds]:
    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        return {"x": _with_neg_inf_slice(_normal(rng, shape, dtype, scale=3.0))}
    return feeds


def _softmax_case(kind: str, axis: int, shape, torch_fn) -> Case:
    forbid = frozenset({"softmax", "log_softmax", "logsumexp"}) - {kind}
    return Case(kind, f"axis{axis}", _softmax_feeds(shape),
                lambda g, ins, dt: g.apply(kind, [ins["x"]], axis=axis),
                lambda f: torch_fn(_t(f["x"]), dim=axis), forbid=forbid)


def _reduce_case(kind: str, axes, keepdims: bool, oracle) -> Case:
    forbid = frozenset({"mean", "logsumexp"}) - {kind}
    return Case(kind, f"axes{axes}-keep{keepdims}", _softmax_feeds((3, 4, 5)),
                lambda g, ins, dt: g.apply(kind, [ins["x"]], axes=axes, keepdims=keepdims),
                lambda f: oracle(f["x"], axes, keepdims), forbid=forbid)


def _torch_logsumexp(x: np.ndarray, axes, keepdims: bool) -> torch.Tensor:
    dims = tuple(range(x.ndim)) if axes is None else axes
    return torch.logsumexp(_t(x), dim=dims, keepdim=keepdims)


def _mean_feeds(rng: np.random.Generator, dtype: str) -> Feeds:
    return {"x": _normal(rng, (3, 4, 5), dtype, scale=2.0, offset=1.0)}


def _mean_case(axes, keepdims: bool) -> Case:
    return Case("mean", f"axes{axes}-keep{keepdims}", _mean_feeds,
                lambda g, ins, dt: ins["x"].mean(axes, keepdims),
                lambda f: np.mean(_f64(f["x"]), axis=axes, keepdims=keepdims))


REDUCTION_CASES = [
    _softmax_case("softmax", -1, (3, 6), torch.softmax),
    _softmax_case("softmax", 0, (4, 3, 2), torch.softmax),
    _softmax_case("log_softmax", -1, (3, 6), torch.log_softmax),
    _softmax_case("log_softmax", 1, (2, 5, 3), torch.log_softmax),
    _reduce_case("logsumexp", (-1,), False, _torch_logsumexp),
    _reduce_case("logsumexp", (0, 2), True, _torch_logsumexp),
    _reduce_case("logsumexp", None, False, _torch_logsumexp),
    _mean_case(-1, False),
    _mean_case((0, 2), True),
    _mean_case(None, False),
]


# --------------------------------------------------------------------------- norms

def _layer_norm_case(shape, axis: int, has_gamma: bool, has_beta: bool,
                     param_dtype: str | None = None, eps: float = 1e-5) -> Case:
    """layer_norm; ``param_dtype`` fixes gamma/beta's dtype (default: x's)."""
    norm_shape = shape[axis % len(shape):]

    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        out = {"x": _normal(rng, shape, dtype, scale=2.0, offset=3.0)}
        if has_gamma:
            out["gamma"] = _normal(rng, norm_shape, param_dtype or dtype, offset=1.0)
        if has_beta:
            out["beta"] = _normal(rng, norm_shape, param_dtype or dtype)
        return out

    def oracle(f: Feeds) -> torch.Tensor:
        gamma, beta = f.get("gamma"), f.get("beta")
        return F.layer_norm(_t(f["x"]), norm_shape, None if gamma is None else _t(gamma),
                            None if beta is None else _t(beta), eps=eps)

    return Case("layer_norm", f"{shape}-axis{axis}-g{has_gamma}-b{has_beta}-{param_dtype}",
                feeds,
                lambda g, ins, dt: rlx.layer_norm(ins["x"], ins.get("gamma"), ins.get("beta"),
                                                  eps=eps, axis=axis),
                oracle, forbid=frozenset({"rms_norm", "batch_norm"}))


def _rms_norm_case(shape, axis: int, has_gamma: bool) -> Case:
    norm_shape = shape[axis % len(shape):]

    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        out = {"x": _normal(rng, shape, dtype, scale=1.5, offset=0.5)}
        if has_gamma:
            out["gamma"] = _normal(rng, norm_shape, dtype, offset=1.0)
        return out

    def oracle(f: Feeds) -> np.ndarray:
        x = _f64(f["x"])
        axes = tuple(range(axis % x.ndim, x.ndim))
        y = x / np.sqrt((x * x).mean(axis=axes, keepdims=True) + 1e-6)
        return y * _f64(f["gamma"]) if has_gamma else y

    return Case("rms_norm", f"{shape}-axis{axis}-g{has_gamma}", feeds,
                lambda g, ins, dt: rlx.rms_norm(ins["x"], ins.get("gamma"), eps=1e-6,
                                                axis=axis),
                oracle, forbid=frozenset({"layer_norm"}))


def _batch_norm_case(shape) -> Case:
    channels = (shape[1],)

    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        return {"x": _normal(rng, shape, dtype, scale=2.0, offset=1.0),
                "mean": _normal(rng, channels, dtype), "var": _positive(rng, channels, dtype),
                "gamma": _normal(rng, channels, dtype, offset=1.0),
                "beta": _normal(rng, channels, dtype)}

    def oracle(f: Feeds) -> torch.Tensor:
        return F.batch_norm(_t(f["x"]), _t(f["mean"]), _t(f["var"]), _t(f["gamma"]),
                            _t(f["beta"]), training=False, eps=1e-3)

    return Case("batch_norm", f"{shape}", feeds,
                lambda g, ins, dt: rlx.batch_norm(ins["x"], ins["mean"], ins["var"],
                                                  ins["gamma"], ins["beta"], eps=1e-3),
                oracle, forbid=frozenset({"layer_norm"}))


NORM_CASES = [
    _layer_norm_case((4, 6), -1, True, True),
    _layer_norm_case((2, 3, 4), 1, True, False),
    _layer_norm_case((3, 5), -1, False, False, eps=1e-2),
    _layer_norm_case((3, 5), -1, True, True, param_dtype="f32"),
    _rms_norm_case((3, 8), -1, True),
    _rms_norm_case((2, 3, 4), 1, False),
    _batch_norm_case((2, 3, 4, 5)),
    _batch_norm_case((4, 3)),
]


# --------------------------------------------------------------------------- attention

def _visible(s: int, t: int, causal: bool, window: int | None) -> np.ndarray:
    """[S, T] bool written from the spec: query i sees key j iff j <= i + T - S (causal)
    and j > i + T - S - w (window w)."""
    keep = np.ones((s, t), dtype=bool)
    for i in range(s):
        for j in range(t):
            if causal and j > i + t - s:
                keep[i, j] = False
            if window is not None and j <= i + t - s - window:
                keep[i, j] = False
    return keep


def _attention_oracle(f: Feeds, scale: float | None, causal: bool, window: int | None,
                      mask_kind: str) -> np.ndarray:
    """Row by row float64 attention; query head h reads kv head h // (H / Hkv)."""
    q, k, v = _f64(f["q"]), _f64(f["k"]), _f64(f["v"])
    b, h, s, d = q.shape
    hkv, t = k.shape[1], k.shape[2]
    scale = 1.0 / math.sqrt(d) if scale is None else scale
    mask = np.broadcast_to(f["mask"], (b, h, s, t)) if mask_kind != "none" else None
    positions = _visible(s, t, causal, window)
    out = np.zeros((b, h, s, v.shape[3]))
    for bi in range(b):
        for hi in range(h):
            kv = hi // (h // hkv)
            for i in range(s):
                scores = k[bi, kv] @ q[bi, hi, i] * scale
                keep = positions[i].copy()
                if mask_kind == "bool":
                    keep &= mask[bi, hi, i]
                elif mask_kind == "additive":
                    scores = scores + _f64(mask[bi, hi, i])
                scores = np.where(keep, scores, -INF)
                if not np.isfinite(scores).any():
                    continue
                weights = np.exp(scores - scores.max())
                out[bi, hi, i] = weights / weights.sum() @ v[bi, kv]
    return out


def _attention_mask(rng: np.random.Generator, shape, kind: str, dtype: str) -> np.ndarray:
    """A bool (True = keep) or additive mask with its first row masked out entirely."""
    if kind == "bool":
        mask = rng.random(shape) < 0.7
        mask[..., 0, :] = False
        return mask
    mask = rng.standard_normal(shape).astype(_np(dtype))
    mask[..., 0, :] = -INF
    mask[..., 1, 0] = -INF
    return mask


def _attention_case(label: str, q_shape, kv_heads: int, t: int, dv: int, causal=False,
                    window=None, mask_kind="none", mask_shape=None, mask_dtype=None,
                    scale=None) -> Case:
    b, h, s, d = q_shape

    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        out = {"q": _normal(rng, q_shape, dtype), "k": _normal(rng, (b, kv_heads, t, d), dtype),
               "v": _normal(rng, (b, kv_heads, t, dv), dtype)}
        if mask_kind != "none":
            out["mask"] = _attention_mask(rng, mask_shape, mask_kind, mask_dtype or dtype)
        return out

    def build(g: Graph, ins: dict[str, Tensor], dtype: str) -> Tensor:
        operands = [ins["q"], ins["k"], ins["v"]] + ([ins["mask"]] if "mask" in ins else [])
        return g.apply("attention", operands, scale=scale, causal=causal, window=window,
                       mask_kind=mask_kind)

    return Case("attention", label, feeds, build,
                lambda f: _attention_oracle(f, scale, causal, window, mask_kind),
                forbid=frozenset({"softmax", "log_softmax", "logsumexp"}))


ATTENTION_CASES = [
    _attention_case("plain", (1, 2, 3, 4), 2, 3, 4),
    _attention_case("gqa-causal-end-aligned", (2, 4, 3, 8), 2, 5, 6, causal=True),
    _attention_case("causal-more-queries", (1, 2, 4, 4), 1, 3, 4, causal=True),
    _attention_case("causal-window", (1, 2, 5, 4), 2, 5, 4, causal=True, window=2),
    _attention_case("window-only", (1, 1, 3, 4), 1, 6, 4, window=3),
    _attention_case("bool-mask-scale", (2, 2, 3, 4), 2, 4, 4, mask_kind="bool",
                    mask_shape=(2, 1, 3, 4), scale=0.5),
    _attention_case("gqa-bool-causal", (1, 4, 3, 4), 1, 3, 4, causal=True,
                    mask_kind="bool", mask_shape=(1, 4, 3, 3)),
    _attention_case("additive", (1, 2, 3, 4), 2, 4, 4, mask_kind="additive",
                    mask_shape=(3, 4)),
    _attention_case("additive-f32", (1, 2, 3, 4), 1, 4, 2, mask_kind="additive",
                    mask_shape=(1, 1, 3, 4), mask_dtype="f32"),
]



def _cached_attention_case(label: str, past: list[int], window=None, softcap=None) -> Case:
    """Cache rows past each length hold zeros (the rewrite reads every row, masked)."""
    b, h, hkv, s, cap, d = len(past), 4, 2, 2, 6, 4

    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        out = {"q": _normal(rng, (b, h, s, d), dtype), "k": _normal(rng, (b, hkv, s, d), dtype),
               "v": _normal(rng, (b, hkv, s, d), dtype),
               "kc": _normal(rng, (b, hkv, cap, d), dtype),
               "vc": _normal(rng, (b, hkv, cap, d), dtype), "past": np.array(past, np.int64)}
        for bi, p in enumerate(past):
            out["kc"][bi, :, p:] = 0
            out["vc"][bi, :, p:] = 0
        return out

    def build(g: Graph, ins: dict[str, Tensor], dtype: str) -> Tensor:
        names = ("q", "k", "v", "kc", "vc", "past")
        return g.apply("cached_attention", [ins[n] for n in names], scale=0.5, window=window,
                       softcap=softcap)

    return Case("cached_attention", label, feeds, build,
                lambda f: cached_reference(f, 0.5, window, softcap))


CACHED_ATTENTION_CASES = [
    _cached_attention_case("lengths", [0, 6, 3]),
    _cached_attention_case("window-softcap", [5, 1], window=3, softcap=1.5),
]


# --------------------------------------------------------------------------- cross-entropy

def _xent_case(reduction: str, label_dtype: str) -> Case:
    def feeds(rng: np.random.Generator, dtype: str) -> Feeds:
        labels = rng.integers(0, 4, 5)
        logits = _normal(rng, (5, 4), dtype, scale=2.0)
        logits[0, (labels[0] + 1) % 4] = -INF
        logits[1, labels[1]] = 50.0
        return {"logits": logits, "labels": labels.astype(_np(label_dtype))}

    def oracle(f: Feeds) -> torch.Tensor:
        labels = torch.from_numpy(f["labels"].astype(np.int64))
        return F.cross_entropy(_t(f["logits"]), labels, reduction=reduction)

    return Case("softmax_cross_entropy", f"{reduction}-{label_dtype}", feeds,
                lambda g, ins, dt: rlx.softmax_cross_entropy(ins["logits"], ins["labels"],
                                                             reduction),
                oracle, forbid=frozenset({"softmax", "log_softmax", "logsumexp"}))


XENT_CASES = [_xent_case("mean", "i64"), _xent_case("sum", "i32"), _xent_case("none", "i64")]


# --------------------------------------------------------------------------- arange

def _arange_case(start, stop, step, dtype: str) -> Case:
    return Case("arange", f"{start}-{stop}-{step}-{dtype}", lambda rng, dt: {},
                lambda g, ins, dt: rlx.arange(g, start, stop, step, dtype=dt),
                lambda f: np.arange(start, stop, step, dtype=np.float64), dtypes=(dtype,))


ARANGE_CASES = [
    _arange_case(0, 7, 1, "i64"),
    _arange_case(2, -3, -1, "i32"),
    _arange_case(0.5, 3.0, 0.25, "f32"),
    _arange_case(1.0, 2.0, 0.1, "f64"),
    _arange_case(0.0, 4.0, 0.5, "f16"),
]

def _complex_feeds(rng: np.random.Generator, dtype: str) -> Feeds:
    def z(shape):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(_np(dtype))
    return {"a": z((2, 3, 5)), "b": z((5, 4)),
            "r": rng.standard_normal((5, 4)).astype(rlx.as_dtype(dtype).real.np)}


COMPLEX = ("c64", "c128")
COMPLEX_CASES = [
    Case("matmul:complex", "complex-by-complex", _complex_feeds,
         lambda g, ins, dt: ins["a"] @ ins["b"],
         lambda f: f["a"].astype(np.complex128) @ f["b"].astype(np.complex128),
         dtypes=COMPLEX),
    Case("matmul:complex", "complex-by-real", _complex_feeds,
         lambda g, ins, dt: ins["a"] @ ins["r"],
         lambda f: f["a"].astype(np.complex128) @ f["r"].astype(np.float64), dtypes=COMPLEX),
    Case("sum:complex", "axes(0,2)", _complex_feeds,
         lambda g, ins, dt: ins["a"].sum((0, 2)),
         lambda f: f["a"].astype(np.complex128).sum((0, 2)), dtypes=COMPLEX),
    Case("mean:complex", "axes(1,)-keep", _complex_feeds,
         lambda g, ins, dt: ins["a"].mean(1, True),
         lambda f: f["a"].astype(np.complex128).mean(1, keepdims=True), dtypes=COMPLEX),
]

CASES = (UNARY_CASES + CLIP_CASES + REDUCTION_CASES + NORM_CASES + ATTENTION_CASES
         + CACHED_ATTENTION_CASES
         + XENT_CASES + ARANGE_CASES + COMPLEX_CASES)


# --------------------------------------------------------------------------- the per-op test

def _single_op_graph(case: Case, feeds: Feeds, dtype: str) -> Graph:
    graph = Graph(case.kind)
    graph.set_outputs([case.build(graph, _inputs(graph, feeds), dtype)])
    return graph


def test_every_decomposition_has_a_case():
    assert set(DECOMPOSITIONS) <= {case.kind for case in CASES}


@pytest.mark.parametrize("case, dtype", [pytest.param(c, d, id=f"{c.id}-{d}")
                                         for c in CASES for d in c.dtypes])
def test_decomposition_matches_device_and_oracle(case: Case, dtype: str, device: str):
    feeds = case.feeds(np.random.default_rng(7), dtype)
    graph = _single_op_graph(case, feeds, dtype)
    removed = {case.kind} | case.forbid
    new, report = decompose(graph, ALL_OPS - removed)

    rlx.verify(new)
    assert not {n.op for n in new.nodes} & removed
    assert report.statuses[case.kind] == "decomposed"
    assert new.output_types == graph.output_types
    (want,) = run_graph(graph, feeds, device)
    (got,) = run_graph(new, feeds, device)
    assert got.dtype == want.dtype
    _expect_close(got, want, dtype)
    _expect_close(got, case.oracle({k: _f64(v) for k, v in feeds.items()}), dtype)


# --------------------------------------------------------------------------- recursion

def _graph_of(build: Callable[[Tensor], Tensor], shape=(3, 5), dtype="f32") -> Graph:
    graph = Graph("g")
    graph.set_outputs([build(graph.input("x", shape, dtype))])
    return graph


def _x_feeds(shape=(3, 5), dtype="f32") -> Feeds:
    return {"x": _normal(np.random.default_rng(3), shape, dtype, scale=2.0)}


def test_missing_erf_makes_gelu_unsupported():
    graph = _graph_of(rlx.gelu)
    with pytest.raises(UnsupportedOpError) as info:
        decompose(graph, ALL_OPS - {"gelu", "erf"})
    message = str(info.value)
    assert "erf: 1 node" in message and "from decomposing %1 = gelu(%0)" in message
    report = info.value.report
    assert report.statuses["gelu"] == "decomposed"
    assert list(report.unsupported) == ["erf"]


def test_two_missing_ops_are_both_rewritten(device):
    graph = _graph_of(lambda x: rlx.softmax(rlx.gelu(x), axis=0))
    new, report = decompose(graph, ALL_OPS - {"gelu", "softmax"})
    rlx.verify(new)
    assert not {n.op for n in new.nodes} & {"gelu", "softmax"}
    assert report.statuses["gelu"] == report.statuses["softmax"] == "decomposed"
    feeds = _x_feeds()
    _expect_close(run_graph(new, feeds, device)[0], run_graph(graph, feeds, device)[0], "f32")


@pytest.mark.parametrize("kind, build, nested", [
    ("silu", rlx.silu, "sigmoid"),
    ("gelu_tanh", rlx.gelu_tanh, "sigmoid"),
    ("layer_norm", lambda x: rlx.layer_norm(x), "mean"),
    ("rms_norm", lambda x: rlx.rms_norm(x), "mean"),
    ("attention", lambda x: rlx.attention(x, x, x, mask="causal"), "arange"),
])
def test_emitted_ops_are_decomposed_in_a_later_round(device, kind, build, nested):
    shape = (1, 2, 3, 4)
    graph = _graph_of(build, shape, "f16")
    new, report = decompose(graph, ALL_OPS - {kind, nested})
    rlx.verify(new)
    assert not {n.op for n in new.nodes} & {kind, nested}
    assert report.rounds == 2
    assert report.statuses[nested] == "decomposed"
    assert report.ops[nested].count == report.ops[nested].final_count == 0
    feeds = _x_feeds(shape, "f16")
    _expect_close(run_graph(new, feeds, device)[0], run_graph(graph, feeds, device)[0], "f16")


def test_a_cycle_stops_with_a_clear_error(monkeypatch):
    monkeypatch.setitem(DECOMPOSITIONS, "relu", lambda g, node, xs: rlx.relu(xs[0]))
    graph = _graph_of(rlx.relu)
    with pytest.raises(UnsupportedOpError, match="did not settle after .* relu"):
        decompose(graph, ALL_OPS - {"relu"})


def test_a_decomposition_of_the_wrong_type_is_caught(monkeypatch):
    monkeypatch.setitem(DECOMPOSITIONS, "sigmoid", lambda g, node, xs: xs[0].cast("f64"))
    with pytest.raises(VerifyError, match="sigmoid"):
        decompose(_graph_of(rlx.sigmoid), ALL_OPS - {"sigmoid"})


# --------------------------------------------------------------------------- the report

def _mixed_graph() -> Graph:
    """input, param, matmul, gelu x2, softmax, cumsum x2, random_normal, topk x2, arange."""
    graph = Graph("mixed")
    x = graph.input("x", (2, 4))
    w = graph.param("w", (4, 4))
    h = rlx.gelu(rlx.gelu(x @ w))
    h = rlx.softmax(h) + rlx.cumsum(rlx.cumsum(h))
    noise = rlx.random_normal(graph, (2, 4))
    values, _ = rlx.topk(h + noise, 2)
    positions = rlx.arange(graph, 2, dtype="f32")
    graph.set_outputs([values + positions])
    return graph


def test_report_statuses_and_counts():
    graph = _mixed_graph()
    missing = {"gelu", "softmax", "arange"}
    new, report = decompose(graph, ALL_OPS - missing)
    rlx.verify(new)
    assert report.statuses["gelu"] == "decomposed"
    assert report.statuses["softmax"] == "decomposed"
    assert report.statuses["arange"] == "decomposed"
    assert report.statuses["matmul"] == report.statuses["input"] == "native"
    assert report.statuses["param"] == report.statuses["random_normal"] == "native"
    assert report.counts["gelu"] == 2 and report.counts["cumsum"] == 2
    assert report.ops["gelu"].final_count == 0
    assert report.ops["exp"].count == 0 and report.ops["exp"].final_count == 1
    assert report.unsupported == {}
    assert report.rounds == 1
    table = str(report)
    assert table.splitlines()[0].split() == ["op", "kind", "status", "nodes", "after"]
    assert any(line.split()[:4] == ["gelu", "decomposed", "2", "0"]
               for line in table.splitlines())


def test_error_lists_every_unsupported_kind_at_once():
    graph = _mixed_graph()
    missing = {"gelu", "erf", "cumsum", "random_normal", "topk"}
    with pytest.raises(UnsupportedOpError) as info:
        decompose(graph, ALL_OPS - missing)
    message = str(info.value)
    assert "4 op kind(s)" in message
    assert "cumsum: 2 nodes, first %" in message
    assert "random_normal: 1 node, first %" in message
    assert "topk: 2 nodes, first %" in message  # values and indices
    assert "erf: 2 nodes, first %" in message
    assert "dispatch report:" in message and "unsupported" in message
    report = info.value.report
    assert set(report.unsupported) == {"cumsum", "random_normal", "topk", "erf"}
    assert report.statuses["gelu"] == "decomposed"


def test_nothing_to_rewrite_returns_the_graph_itself():
    graph = _graph_of(rlx.gelu)
    new, report = decompose(graph, frozenset({"gelu"}))
    assert new is graph
    assert report.rounds == 0
    assert report.statuses == {"input": "native", "gelu": "native"}


def test_leaves_are_always_supported():
    graph = Graph("leaves")
    x = graph.input("x", (2,))
    graph.set_outputs([x + graph.constant(np.ones(2, np.float32))])
    _, report = decompose(graph, frozenset({"add"}))
    assert report.statuses == {"input": "native", "constant": "native", "add": "native"}
