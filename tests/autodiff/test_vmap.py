"""vmap against a Python loop over slices, for every op kind and its batching rules.

Each case declares leaves (inputs/params with a sampler), the names to batch, and a
builder. The batched graph runs once on stacked values; the original graph runs once
per slice; the stacked loop results must match. Values are float64 so the rules that
rewrite an op from other ops (norms with batched affine, batch norm with batched
statistics, cross-entropy) agree to rounding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
from tests.helpers import run_graph

import rlx
from rlx.autodiff.vmap import BATCH_RULES, UNBATCHABLE, vmap
from rlx.errors import ExecutionError, GraphBuildError, UnsupportedOpError
from rlx.ir.formats import FP4_E2M1, FormatScaling
from rlx.ir.ops import OPS
from rlx.ir.quantized import dequant_gather, dequant_matmul
from rlx.moe import grouped_matmul

B = 3


# --------------------------------------------------------------------------- samplers

def normal(rng, shape):
    return rng.standard_normal(shape)


def positive(rng, shape):
    return np.abs(rng.standard_normal(shape)) + 0.5


def complex_normal(rng, shape):
    return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


def booleans(rng, shape):
    return rng.random(shape) < 0.5


def ints_below(n: int, low: int = 0):
    def sample(rng, shape):
        return rng.integers(low, n, size=shape)
    return sample


@dataclass
class Leaf:
    shape: tuple[int, ...]
    dtype: str = "f64"
    sample: Callable = normal
    kind: str = "input"


@dataclass
class Case:
    """A graph over ``leaves`` built by ``build(tensors) -> outputs``; vmap over
    ``batched``."""

    id: str
    leaves: dict[str, Leaf]
    batched: list[str]
    build: Callable
    extra: dict = field(default_factory=dict)

    def graph(self) -> rlx.Graph:
        g = rlx.Graph(self.id)
        tensors = {}
        for name, leaf in self.leaves.items():
            declare = g.param if leaf.kind == "param" else g.input
            tensors[name] = declare(name, leaf.shape, leaf.dtype)
        g.set_outputs(self.build(tensors))
        return g

    def values(self, rng) -> dict[str, np.ndarray]:
        out = {}
        for name, leaf in self.leaves.items():
            shape = ((B,) if name in self.batched else ()) + leaf.shape
            out[name] = np.asarray(leaf.sample(rng, shape)).astype(rlx.as_dtype(leaf.dtype).np)
        return out


# --------------------------------------------------------------------------- the cases

UNARY_FLOAT = ("exp log sqrt rsqrt reciprocal sin cos tanh atan erf sigmoid gelu gelu_tanh "
               "silu softplus neg abs sign relu floor ceil round logical_not isnan isinf "
               "stop_gradient").split()
BINARY = "add sub mul div pow maximum minimum mod eq ne lt le gt ge".split()
LOGICAL = "logical_and logical_or logical_xor".split()
BITWISE = "bitwise_and bitwise_or bitwise_xor".split()


def _unary_cases() -> list[Case]:
    cases = [Case(op, {"x": Leaf((2, 3), sample=positive)}, ["x"],
                  lambda t, op=op: [t["x"].graph.apply(op, [t["x"]])]) for op in UNARY_FLOAT]
    cases += [
        Case("cast", {"x": Leaf((2, 3))}, ["x"], lambda t: [t["x"].cast("f32")]),
        Case("clip", {"x": Leaf((4,))}, ["x"], lambda t: [rlx.clip(t["x"], -0.5, 0.25)]),
        Case("bitcast", {"x": Leaf((2, 3))}, ["x"],
             lambda t: [t["x"].graph.apply("bitcast", [t["x"]], dtype="i64")]),
        Case("bitwise_not", {"x": Leaf((2, 3), "u8", ints_below(256))}, ["x"],
             lambda t: [t["x"].graph.apply("bitwise_not", [t["x"]])]),
    ]
    for scaling in (FormatScaling(), FormatScaling.mx(4), FormatScaling("per_tensor"),
                    FormatScaling.nvfp4()):
        cases.append(Case(f"round_to_format-{scaling.kind}", {"x": Leaf((3, 32), "f32")}, ["x"],
                          lambda t, s=scaling: [rlx.round_to_format(t["x"], FP4_E2M1, s)]))
    return cases


def _binary_cases() -> list[Case]:
    cases = []
    for op in BINARY:
        fn = getattr(rlx, op)
        cases.append(Case(f"{op}-x", {"x": Leaf((2, 3), sample=positive),
                                      "y": Leaf((3,), sample=positive)}, ["x"],
                          lambda t, fn=fn: [fn(t["x"], t["y"])]))
        cases.append(Case(f"{op}-y-low-rank", {"x": Leaf((4, 2, 3), sample=positive),
                                               "y": Leaf((1, 3), sample=positive)}, ["y"],
                          lambda t, fn=fn: [fn(t["x"], t["y"])]))
    cases.append(Case("add-both", {"x": Leaf((2, 1)), "y": Leaf((3,))}, ["x", "y"],
                      lambda t: [t["x"] + t["y"]]))
    for op in LOGICAL:
        fn = getattr(rlx, op)
        cases.append(Case(op, {"a": Leaf((2, 3), "bool", booleans),
                               "b": Leaf((3,), "bool", booleans)}, ["b"],
                          lambda t, fn=fn: [fn(t["a"], t["b"])]))
    for op in BITWISE:
        cases.append(Case(op, {"a": Leaf((2, 3), "i32", ints_below(99, -99)),
                               "b": Leaf((3,), "i32", ints_below(99, -99))}, ["a"],
                          lambda t, op=op: [t["a"].graph.apply(op, [t["a"], t["b"]])]))
    cases.append(Case("where", {"c": Leaf((3,), "bool", booleans), "a": Leaf((2, 3)),
                                "b": Leaf(())}, ["c", "b"],
                      lambda t: [rlx.where(t["c"], t["a"], t["b"])]))
    return cases


def _matmul_cases() -> list[Case]:
    def mm(t):
        return [t["x"] @ t["y"]]
    shapes = [
        ("2d-x", (2, 3), (3, 4), ["x"]), ("2d-y", (2, 3), (3, 4), ["y"]),
        ("2d-both", (2, 3), (3, 4), ["x", "y"]), ("vec-x", (3,), (3, 4), ["x"]),
        ("vec-y", (2, 3), (3,), ["y"]), ("vec-vec", (3,), (3,), ["x", "y"]),
        ("vec-x-shared-y", (3,), (3,), ["y"]), ("vec-shared-x", (3,), (5, 3, 4), ["y"]),
        ("x-under-batched-y", (2, 3), (5, 3, 4), ["x"]),
        ("vec-under-batched-y", (3,), (5, 3, 4), ["x"]),
        ("batched-x-vec-y", (5, 2, 3), (3,), ["x"]),
    ]
    cases = [Case(f"matmul-{name}", {"x": Leaf(xs), "y": Leaf(ys)}, batched, mm)
             for name, xs, ys, batched in shapes]
    return cases + _dequant_matmul_cases()


def _dequant_matmul_cases() -> list[Case]:
    """Packed weights [n=4, k=32] with random codes and scales (any codes are valid)."""
    int8 = {"x": Leaf((2, 32), "f32"), "q": Leaf((4, 32), "u8", ints_below(256)),
            "s": Leaf((4,), "f32", positive)}
    nvfp4 = {"x": Leaf((3, 4), "f32"), "q": Leaf((4, 16), "u8", ints_below(256)),
             "s": Leaf((4, 2), "u8", ints_below(120)), "t": Leaf((1,), "f32", positive)}

    def packed(scheme, names, transpose=False):
        def build(t):
            return [dequant_matmul(t["x"], [t[n] for n in names], scheme, 4, 32,
                                   transpose=transpose)]
        return build

    experts = {"x": Leaf((3, 4), "f32"), "i": Leaf((3, 2), "i64", ints_below(5)),
               "w": Leaf((5, 6, 4), "f32")}

    def routed(t):
        return [grouped_matmul(t["x"], t["i"], t["w"])]

    return [
        Case("grouped_matmul-tokens", experts, ["x"], routed),
        Case("grouped_matmul-ids", experts, ["i"], routed),
        Case("grouped_matmul-experts", experts, ["x", "w"], routed),
        Case("dequant_matmul-x", int8, ["x"], packed("int8", "qs")),
        Case("dequant_matmul-weight", int8, ["q", "s"], packed("int8", "qs")),
        Case("dequant_matmul-nvfp4", nvfp4, ["x", "t"], packed("nvfp4", "qst", True)),
        Case("dequant_gather-indices", {**int8, "i": Leaf((2, 3), "i64", ints_below(4))},
             ["i"], lambda t: [dequant_gather(t["i"], [t["q"], t["s"]], "int8", 4, 32)]),
        Case("dequant_gather-table", {**int8, "i": Leaf((5,), "i64", ints_below(4))},
             ["i", "q", "s"],
             lambda t: [dequant_gather(t["i"], [t["q"], t["s"]], "int8", 4, 32)]),
    ]


def _reduction_cases() -> list[Case]:
    x = {"x": Leaf((2, 3, 4))}
    return [
        Case("sum", x, ["x"], lambda t: [t["x"].sum(1, keepdims=True)]),
        Case("mean", x, ["x"], lambda t: [t["x"].mean()]),
        Case("max", x, ["x"], lambda t: [t["x"].max(0)]),
        Case("min", x, ["x"], lambda t: [t["x"].min((0, 2))]),
        Case("prod", x, ["x"], lambda t: [t["x"].prod(-1)]),
        Case("logsumexp", x, ["x"], lambda t: [rlx.logsumexp(t["x"], -1, keepdims=True)]),
        Case("argmax", x, ["x"], lambda t: [t["x"].argmax(0)]),
        Case("argmin", x, ["x"], lambda t: [t["x"].argmin(1, keepdims=True)]),
        Case("cumsum", x, ["x"], lambda t: [rlx.cumsum(t["x"], 0, exclusive=True,
                                                       reverse=True)]),
        Case("softmax", x, ["x"], lambda t: [t["x"].softmax(0)]),
        Case("log_softmax", x, ["x"], lambda t: [t["x"].log_softmax(-1)]),
        Case("topk", x, ["x"], lambda t: list(rlx.topk(t["x"], 2, axis=1))),
    ]


def _norm_cases() -> list[Case]:
    ln = {"x": Leaf((2, 3, 4)), "g": Leaf((3, 4)), "b": Leaf((3, 4))}
    bn = {"x": Leaf((2, 3, 4)), "m": Leaf((3,)), "v": Leaf((3,), sample=positive),
          "g": Leaf((3,)), "b": Leaf((3,))}

    def layer_norm(t):
        return [rlx.layer_norm(t["x"], t["g"], t["b"], axis=1)]

    def rms_norm(t):
        return [rlx.rms_norm(t["x"], t["g"], axis=1)]

    def batch_norm(t):
        return [rlx.batch_norm(t["x"], t["m"], t["v"], t["g"], t["b"])]

    return [
        Case("layer_norm-x", ln, ["x"], layer_norm),
        Case("layer_norm-affine", ln, ["g", "b"], layer_norm),
        Case("layer_norm-all", ln, ["x", "g", "b"], layer_norm),
        Case("rms_norm-x", ln, ["x"], rms_norm),
        Case("rms_norm-gamma", ln, ["x", "g"], rms_norm),
        Case("batch_norm-x", bn, ["x"], batch_norm),
        Case("batch_norm-stats", bn, ["m", "v", "b"], batch_norm),
        Case("batch_norm-all", bn, ["x", "m", "v", "g", "b"], batch_norm),
    ]


def _shape_cases() -> list[Case]:
    x = {"x": Leaf((2, 3, 4))}
    gather_leaves = {"x": Leaf((4, 5)), "i": Leaf((2, 3), "i32", ints_below(4, -4))}
    gather_axis1 = {"x": Leaf((2, 5, 3)), "i": Leaf((4,), "i64", ints_below(5, -5))}
    scatter = {"u": Leaf((2, 3, 2, 4)), "i": Leaf((3, 2), "i32", ints_below(5, -5))}

    def scatter_add(t):
        return [t["u"].graph.apply("scatter_add", [t["u"], t["i"]], axis=1, size=5)]

    # 6 writes into 4 rows: repeated rows show that the write order is kept
    update = {"d": Leaf((4, 2)), "i": Leaf((6,), "i64", ints_below(4, -4)),
              "u": Leaf((6, 2))}

    def scatter_update(reduction):
        def build(t):
            return [t["d"].graph.apply("scatter_update", [t["d"], t["i"], t["u"]],
                                       reduction=reduction)]
        return build

    return [
        Case("reshape", x, ["x"], lambda t: [t["x"].reshape(4, -1)]),
        Case("reshape-scalar", {"x": Leaf((1,))}, ["x"], lambda t: [t["x"].reshape(())]),
        Case("transpose", x, ["x"], lambda t: [t["x"].transpose(2, 0, 1)]),
        Case("broadcast_to", {"x": Leaf((3, 1))}, ["x"],
             lambda t: [t["x"].broadcast_to((2, 3, 4))]),
        Case("squeeze", {"x": Leaf((2, 1, 3))}, ["x"], lambda t: [t["x"].squeeze(1)]),
        Case("unsqueeze", x, ["x"], lambda t: [t["x"].unsqueeze((0, 3))]),
        Case("slice", x, ["x"], lambda t: [t["x"][1:, ::-2, 1:3]]),
        Case("concat", {"x": Leaf((2, 3)), "y": Leaf((2, 2))}, ["x"],
             lambda t: [rlx.concat([t["x"], t["y"], t["x"]], axis=1)]),
        Case("pad", x, ["x"], lambda t: [rlx.pad(t["x"], [(0, 1), (1, 1), (2, 0)],
                                                 mode="reflect")]),
        Case("tile", x, ["x"], lambda t: [rlx.tile(t["x"], (2, 1, 3))]),
        Case("flip", x, ["x"], lambda t: [rlx.flip(t["x"], (0, 2))]),
        Case("one_hot", {"i": Leaf((2, 3), "i64", ints_below(4))}, ["i"],
             lambda t: [rlx.one_hot(t["i"], 4)]),
        Case("gather-table", gather_leaves, ["x"], lambda t: [rlx.gather(t["x"], t["i"])]),
        Case("gather-indices", gather_axis1, ["i"],
             lambda t: [rlx.gather(t["x"], t["i"], axis=1)]),
        Case("gather-both", gather_leaves, ["x", "i"], lambda t: [rlx.gather(t["x"], t["i"])]),
        Case("gather-both-axis1", gather_axis1, ["x", "i"],
             lambda t: [rlx.gather(t["x"], t["i"], axis=1)]),
        Case("scatter_add-updates", scatter, ["u"], scatter_add),
        Case("scatter_add-indices", scatter, ["i"], scatter_add),
        Case("scatter_add-both", scatter, ["u", "i"], scatter_add),
        Case("scatter_update-data", update, ["d"], scatter_update("none")),
        Case("scatter_update-updates", update, ["u"], scatter_update("add")),
        Case("scatter_update-indices", update, ["i"], scatter_update("none")),
        Case("scatter_update-all", update, ["d", "i", "u"], scatter_update("max")),
    ]


def _conv_cases() -> list[Case]:
    c2 = {"x": Leaf((2, 4, 5, 5)), "w": Leaf((6, 2, 3, 3), kind="param"),
          "b": Leaf((6,), kind="param")}
    c1 = {"x": Leaf((2, 4, 7)), "w": Leaf((4, 2, 3))}

    def conv2(t):
        return [rlx.conv2d(t["x"], t["w"], t["b"], stride=(2, 1), padding=1, groups=2)]

    def conv1(t):
        return [rlx.conv1d(t["x"], t["w"], stride=2, dilation=2, groups=2)]

    return [
        Case("conv2d-x", c2, ["x"], conv2),
        Case("conv2d-w", c2, ["w"], conv2),
        Case("conv2d-bias", c2, ["b"], conv2),
        Case("conv2d-x-bias", c2, ["x", "b"], conv2),
        Case("conv2d-all", c2, ["x", "w", "b"], conv2),
        Case("conv1d-both", c1, ["x", "w"], conv1),
    ]


def _nn_cases() -> list[Case]:
    img = {"x": Leaf((2, 3, 6, 5))}
    qkv = {"q": Leaf((2, 4, 3, 8)), "k": Leaf((2, 2, 5, 8)), "v": Leaf((2, 2, 5, 6)),
           "m": Leaf((1, 3, 5), "bool", booleans), "a": Leaf((5,))}
    rope = {"x": Leaf((2, 4, 6)), "c": Leaf((4, 2)), "s": Leaf((4, 2))}
    xent = {"z": Leaf((4, 5)), "y": Leaf((4,), "i64", ints_below(5))}
    cached = {"q": Leaf((2, 4, 2, 8)), "k": Leaf((2, 2, 2, 8)), "v": Leaf((2, 2, 2, 6)),
              "kc": Leaf((2, 2, 5, 8)), "vc": Leaf((2, 2, 5, 6)),
              "p": Leaf((2,), "i64", ints_below(6))}

    def attend_cached(t):
        return [rlx.cached_attention(t["q"], t["k"], t["v"], t["kc"], t["vc"], t["p"],
                                     window=4)]

    def attend(mask):
        def build(t):
            return [rlx.attention(t["q"], t["k"], t["v"], mask=mask(t))]
        return build

    def rotate(t):
        return [rlx.rope(t["x"], t["c"], t["s"])]

    def cross_entropy(reduction):
        def build(t):
            return [rlx.softmax_cross_entropy(t["z"], t["y"], reduction=reduction)]
        return build

    return [
        Case("max_pool2d", img, ["x"], lambda t: [rlx.max_pool2d(t["x"], 2, padding=1)]),
        Case("avg_pool2d", img, ["x"], lambda t: [rlx.avg_pool2d(t["x"], (3, 2), stride=1)]),
        Case("max_pool2d_indices", img, ["x"],
             lambda t: [t["x"].graph.apply("max_pool2d_indices", [t["x"]], kernel=2)]),
        Case("attention-q", qkv, ["q"], attend(lambda t: None)),
        Case("attention-kv-causal", qkv, ["k", "v"], attend(lambda t: "causal")),
        Case("attention-bool-mask", qkv, ["q", "m"], attend(lambda t: t["m"])),
        Case("attention-additive-mask", qkv, ["v", "a"], attend(lambda t: t["a"])),
        Case("cached_attention-q", cached, ["q"], attend_cached),
        Case("cached_attention-cache-lengths", cached, ["kc", "vc", "p"], attend_cached),
        Case("rope-x", rope, ["x"], rotate),
        Case("rope-tables", rope, ["c"], rotate),
        Case("softmax_cross_entropy-mean", xent, ["z"], cross_entropy("mean")),
        Case("softmax_cross_entropy-sum", xent, ["y"], cross_entropy("sum")),
        Case("softmax_cross_entropy-none", xent, ["z", "y"], cross_entropy("none")),
    ]


def _leaf_cases() -> list[Case]:
    def with_constants(t):
        g = t["x"].graph
        return [t["x"] + g.constant([1.0, 2.0, 3.0], "f64") + rlx.arange(g, 3, dtype="f64")]

    def with_random(t):
        g = t["x"].graph
        return [t["x"] * rlx.random_uniform(g, (3,), dtype="f64")
                + rlx.random_normal(g, (2, 3), dtype="f64")]

    def mlp(t):
        return [(t["x"] @ t["w"]).relu().sum(-1), t["w"].sum()]

    return [
        Case("constants", {"x": Leaf((2, 3))}, ["x"], with_constants),
        Case("random", {"x": Leaf((2, 3))}, ["x"], with_random),
        Case("batched-param", {"x": Leaf((2, 3)), "w": Leaf((3, 4), kind="param")}, ["w"],
             mlp),
        Case("shared-output", {"x": Leaf((2, 3)), "w": Leaf((3, 4), kind="param")}, ["x"],
             mlp),
    ]


def _spd(rng, shape):
    """Well-conditioned symmetric positive definite matrices (the last two axes)."""
    m = rng.standard_normal(shape)
    return m @ np.swapaxes(m, -1, -2) + shape[-1] * np.eye(shape[-1])


def _linalg_cases() -> list[Case]:
    la = rlx.linalg
    mats = {"a": Leaf((2, 3, 3), sample=_spd), "b": Leaf((2, 3, 2))}
    return [
        Case("linalg-a", mats, ["a"], lambda t: [la.solve(t["a"], t["b"]), la.inv(t["a"]),
                                                 la.det(t["a"]), *la.slogdet(t["a"]),
                                                 la.cholesky(t["a"]),
                                                 la.solve_triangular(t["a"], t["b"])]),
        Case("linalg-b", mats, ["b"], lambda t: [la.solve(t["a"], t["b"]),
                                                 la.solve_triangular(t["a"], t["b"], False)]),
        Case("linalg-factor", {"a": Leaf((3, 3), sample=_spd)}, ["a"],
             lambda t: [*la.lu(t["a"]), *la.qr(t["a"]), la.eigh(t["a"])[0]]),
    ]


def _control_cases() -> list[Case]:
    def cond(t):
        return [rlx.cond(t["x"].sum() > 0, lambda a: a * t["w"], lambda a: rlx.exp(a), t["x"])]

    def scan(t):
        h, ys = rlx.scan(lambda h, x: (rlx.tanh(h * t["w"] + x), h.sum()), t["x"][0], t["x"])
        return [h, ys]

    def loop(t):
        v, _ = rlx.while_loop(lambda c: c[0].sum() < 10.0, lambda c: (c[0] * 2.0, c[1]),
                              (t["x"][0] * t["x"][0] + 0.1, t["w"]))
        return [v]
    leaves = {"x": Leaf((2, 3)), "w": Leaf((3,))}
    return [Case("cond", leaves, ["x"], cond), Case("scan", leaves, ["x", "w"], scan),
            Case("while_loop", leaves, ["x"], loop)]


def _complex_cases() -> list[Case]:
    z = {"z": Leaf((2, 5), "c128", complex_normal), "x": Leaf((5,)), "y": Leaf((2, 1))}
    c = {"c": Leaf((3, 4), "c128", complex_normal)}
    return [
        Case("complex-parts", z, ["z"], lambda t: [rlx.real(t["z"]), rlx.imag(t["z"]),
                                                   rlx.angle(t["z"]), rlx.conj(t["z"]),
                                                   rlx.abs(t["z"]) * t["z"]]),
        Case("complex", z, ["x"], lambda t: [rlx.complex(t["y"], t["x"])]),
        Case("complex-both", z, ["x", "y"], lambda t: [rlx.complex(t["x"], t["y"])]),
        Case("fft", z, ["z"], lambda t: [rlx.fft.fft(t["z"], axis=0),
                                         rlx.fft.ifft(t["z"], norm="ortho")]),
        Case("rfft", z, ["x", "y"], lambda t: [rlx.fft.rfft(t["x"]),
                                               rlx.fft.rfft(t["y"] * t["x"], axis=0)]),
        Case("irfft", c, ["c"], lambda t: [rlx.fft.irfft(t["c"], 6),
                                           rlx.fft.irfft(t["c"], 5, axis=0, norm="forward")]),
    ]


CASES = (_unary_cases() + _binary_cases() + _matmul_cases() + _reduction_cases()
         + _norm_cases() + _shape_cases() + _conv_cases() + _nn_cases() + _leaf_cases()
         + _linalg_cases() + _control_cases() + _complex_cases())


# --------------------------------------------------------------------------- tests

def _loop_over_slices(case: Case, graph: rlx.Graph, values: dict) -> list[np.ndarray]:
    """Run ``graph`` once per batch element and stack each output."""
    per_slice = []
    for b in range(B):
        feeds = {n: (v[b] if n in case.batched else v) for n, v in values.items()}
        per_slice.append(run_graph(graph, feeds))
    return [np.stack(outs) for outs in zip(*per_slice)]


def _assert_same(got: np.ndarray, want: np.ndarray) -> None:
    assert got.shape == want.shape and got.dtype == want.dtype
    if np.issubdtype(got.dtype, np.inexact):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_vmap_matches_loop_over_slices(case: Case):
    graph = case.graph()
    values = case.values(np.random.default_rng(0))
    batched_graph = vmap(graph, case.batched, B)
    got = run_graph(batched_graph, values)
    want = _loop_over_slices(case, graph, values)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        _assert_same(g, w)


def test_cases_cover_every_rule():
    used = {node.op for case in CASES for node in case.graph().nodes}
    assert set(BATCH_RULES) <= used, f"no vmap case for {sorted(set(BATCH_RULES) - used)}"


def test_every_op_has_a_rule_or_a_reason():
    missing = sorted(set(OPS) - set(BATCH_RULES) - set(UNBATCHABLE))
    assert not missing, f"ops with neither a batching rule nor a reason: {missing}"
    assert set(BATCH_RULES) <= set(OPS) and set(UNBATCHABLE) <= set(OPS)
    assert all(reason.strip() for reason in UNBATCHABLE.values())


def test_outputs_always_have_the_batch_axis():
    case = next(c for c in CASES if c.id == "shared-output")
    g = vmap(case.graph(), case.batched, B)
    assert [t.shape for t in g.output_types] == [(B, 2), (B,)]
    assert dict(g.params)["w"].shape == (3, 4)
    assert dict(g.inputs)["x"].shape == (B, 2, 3)


def test_input_graph_is_not_modified():
    case = next(c for c in CASES if c.id == "matmul-2d-both")
    graph = case.graph()
    before = list(graph.nodes)
    vmap(graph, ["x"], B)
    assert graph.nodes == before


def test_op_without_a_rule_raises_naming_it(monkeypatch):
    monkeypatch.delitem(BATCH_RULES, "relu")
    g = rlx.Graph()
    x = g.input("x", (2,))
    g.set_outputs([x.relu()])
    with pytest.raises(UnsupportedOpError, match="relu"):
        vmap(g, ["x"], B)


def test_unbatchable_reason_is_reported(monkeypatch):
    monkeypatch.delitem(BATCH_RULES, "exp")
    monkeypatch.setitem(UNBATCHABLE, "exp", "a reason for the test")
    g = rlx.Graph()
    x = g.input("x", (2,))
    g.set_outputs([x.exp()])
    with pytest.raises(UnsupportedOpError, match="a reason for the test"):
        vmap(g, ["x"], B)


def test_op_without_a_rule_is_fine_when_nothing_batched_reaches_it(monkeypatch):
    monkeypatch.delitem(BATCH_RULES, "relu")
    g = rlx.Graph()
    x = g.input("x", (2,))
    y = g.input("y", (2,))
    g.set_outputs([x.relu() + y])
    out = run_graph(vmap(g, ["y"], B), {"x": np.array([-1.0, 2.0], np.float32),
                                        "y": np.zeros((B, 2), np.float32)})
    np.testing.assert_array_equal(out[0], np.tile([0.0, 2.0], (B, 1)))


@pytest.mark.parametrize("batched, size", [(["nope"], 2), (["x"], 0), (["x"], 1.5), ("x", 2)])
def test_bad_arguments_raise(batched, size):
    g = rlx.Graph()
    x = g.input("x", (2,))
    g.set_outputs([x.exp()])
    with pytest.raises(GraphBuildError):
        vmap(g, batched, size)


@pytest.mark.parametrize("bad", [4, -5])
def test_batched_gather_keeps_out_of_range_errors(bad):
    """An index outside [-n, n) of one element must not read another element's rows."""
    g = rlx.Graph()
    x = g.input("x", (4, 2))
    i = g.input("i", (2,), "i64")
    g.set_outputs([rlx.gather(x, i)])
    indices = np.array([[0, 1], [bad, 0], [1, 1]])
    with pytest.raises(ExecutionError):
        run_graph(vmap(g, ["x", "i"], B), {"x": np.zeros((B, 4, 2), np.float32), "i": indices})


def test_batched_scatter_add_keeps_out_of_range_errors():
    g = rlx.Graph()
    u = g.input("u", (2, 3))
    i = g.input("i", (2,), "i64")
    g.set_outputs([g.apply("scatter_add", [u, i], axis=0, size=4)])
    indices = np.array([[0, 1], [0, 4], [1, 1]])
    with pytest.raises(ExecutionError):
        run_graph(vmap(g, ["i"], B), {"u": np.ones((2, 3), np.float32), "i": indices})
