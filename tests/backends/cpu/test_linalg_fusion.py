"""The cpu backend's matmul / conv / attention kernels with what fusion puts around them.

Each graph runs on the cpu device and is compared with the reference device and with a
float64 numpy oracle; the fusion report is checked to hold the expected kernel (so the
fused code path is the one under test). Results must not depend on the thread count,
and the generated-loop fallbacks must agree with the BLAS paths.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.backends.cpu.kernels import attention, conv_im2col, linalg

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler on this machine")


# --------------------------------------------------------------------------- helpers

def _compile(graph: rlx.Graph, device: str = "cpu", threads: int | None = None):
    return rlx.Session(device, rlx.CompileOptions(num_threads=threads)).compile(graph)


def _run(graph: rlx.Graph, feeds: dict, device: str = "cpu", threads: int | None = None):
    return _compile(graph, device, threads).run(feeds)


def _kernels(compiled) -> list[tuple[str, list[str]]]:
    """(kind, member ops) of each kernel the pipeline produced."""
    program = compiled.report().program
    return [(k.kind, [program.graph.nodes[n].op for n in k.nodes]) for k in program.kernels]


def _normal(rng: np.random.Generator, shape, scale: float = 1.0, dtype=np.float32):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def _gelu_tanh(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))


def _softmax_attention(q, k, v, scale, causal=False) -> np.ndarray:
    """float64 attention on [B, H, S, D] with kv heads shared by H / Hkv query heads."""
    group = q.shape[1] // k.shape[1]
    k = np.repeat(k.astype(np.float64), group, axis=1)
    v = np.repeat(v.astype(np.float64), group, axis=1)
    scores = q.astype(np.float64) @ k.swapaxes(-1, -2) * scale
    if causal:
        s, t = scores.shape[-2:]
        scores = np.where(np.tril(np.ones((s, t), bool), t - s), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return weights / weights.sum(axis=-1, keepdims=True) @ v


def _assert_matches(got, reference, oracle, rtol=1e-5, atol=1e-5) -> None:
    assert got.dtype == reference.dtype and got.shape == oracle.shape
    np.testing.assert_allclose(got, reference, rtol=rtol, atol=atol)
    np.testing.assert_allclose(got.astype(np.float64), oracle, rtol=rtol, atol=atol)


# --------------------------------------------------------------------------- graphs

def _mlp_graph(m: int = 64, k: int = 96, n: int = 80) -> rlx.Graph:
    """gelu_tanh(x @ w + b) + r: a matmul with bias, activation and residual."""
    g = rlx.Graph("mlp")
    x, w = g.input("x", (m, k)), g.input("w", (k, n))
    b, r = g.input("b", (n,)), g.input("r", (m, n))
    g.set_outputs([rlx.gelu_tanh(rlx.matmul(x, w) + b) + r])
    return g


def _mlp_feeds(rng, m: int = 64, k: int = 96, n: int = 80) -> dict:
    return {"x": _normal(rng, (m, k)), "w": _normal(rng, (k, n), 0.1),
            "b": _normal(rng, (n,)), "r": _normal(rng, (m, n))}


def _mlp_oracle(f: dict) -> np.ndarray:
    x, w, b, r = (f[key].astype(np.float64) for key in "xwbr")
    return _gelu_tanh(x @ w + b) + r


def _self_attention_graph(s: int = 24, heads: int = 4, kv_heads: int = 2, head_dim: int = 16,
                          causal: bool = False) -> rlx.Graph:
    """A transformer block's attention: projections, [B, S, H, D] -> [B, H, S, D]
    transposes into rlx.attention, and the transpose back to [B, S, H*D]."""
    d_model = heads * head_dim
    g = rlx.Graph("self_attention")
    x = g.input("x", (2, s, d_model))
    wq = g.input("wq", (d_model, d_model))
    wk = g.input("wk", (d_model, kv_heads * head_dim))
    wv = g.input("wv", (d_model, kv_heads * head_dim))

    def heads_first(t: rlx.Tensor, count: int) -> rlx.Tensor:
        return rlx.transpose(rlx.reshape(t, (2, s, count, head_dim)), (0, 2, 1, 3))

    q = heads_first(rlx.matmul(x, wq), heads)
    k = heads_first(rlx.matmul(x, wk), kv_heads)
    v = heads_first(rlx.matmul(x, wv), kv_heads)
    a = rlx.attention(q, k, v, mask="causal" if causal else None)
    g.set_outputs([rlx.reshape(rlx.transpose(a, (0, 2, 1, 3)), (2, s, d_model))])
    return g


def _self_attention_feeds(rng, s: int = 24, heads: int = 4, kv_heads: int = 2,
                          head_dim: int = 16) -> dict:
    d_model = heads * head_dim
    return {"x": _normal(rng, (2, s, d_model)),
            "wq": _normal(rng, (d_model, d_model), 0.2),
            "wk": _normal(rng, (d_model, kv_heads * head_dim), 0.2),
            "wv": _normal(rng, (d_model, kv_heads * head_dim), 0.2)}


def _self_attention_oracle(f: dict, heads: int, kv_heads: int, head_dim: int,
                           causal: bool) -> np.ndarray:
    x = f["x"].astype(np.float64)
    b, s, _ = x.shape

    def heads_first(w, count):
        return (x @ w.astype(np.float64)).reshape(b, s, count, head_dim).transpose(0, 2, 1, 3)

    out = _softmax_attention(heads_first(f["wq"], heads), heads_first(f["wk"], kv_heads),
                             heads_first(f["wv"], kv_heads), head_dim ** -0.5, causal)
    return out.transpose(0, 2, 1, 3).reshape(b, s, heads * head_dim)


# --------------------------------------------------------------------------- matmul

def test_fused_matmul_bias_gelu_residual():
    rng = np.random.default_rng(0)
    feeds = _mlp_feeds(rng)
    cg = _compile(_mlp_graph())
    assert _kernels(cg) == [("matmul", ["matmul", "add", "gelu_tanh", "add"])]
    (got,) = cg.run(feeds)
    (ref,) = _run(_mlp_graph(), feeds, "reference")
    _assert_matches(got, ref, _mlp_oracle(feeds))


def test_epilogue_with_an_absorbed_operand_tree():
    """matmul(a, w) + tanh(c) * 2: fusion puts the tree on c (computed before the matmul)
    into the matmul kernel; the epilogue must evaluate it, not read a buffer that was
    never materialised."""
    rng = np.random.default_rng(1)
    g = rlx.Graph("absorbed")
    a, w, c = g.input("a", (8, 16)), g.input("w", (16, 12)), g.input("c", (8, 12))
    tree = rlx.tanh(c) * 2.0
    g.set_outputs([rlx.matmul(a, w) + tree])
    feeds = {"a": _normal(rng, (8, 16)), "w": _normal(rng, (16, 12)), "c": _normal(rng, (8, 12))}
    cg = _compile(g)
    assert _kernels(cg) == [("matmul", ["tanh", "mul", "matmul", "add"])]
    (got,) = cg.run(feeds)
    (ref,) = _run(g, feeds, "reference")
    a64, w64, c64 = (feeds[n].astype(np.float64) for n in "awc")
    oracle = a64 @ w64 + np.tanh(c64) * 2.0
    _assert_matches(got, ref, oracle)


TRANSPOSED_CASES = {
    # name: (left shape, transpose left?, right shape, transpose right?)
    "x @ w.T": ((20, 48), False, (36, 48), True),
    "batched a.T @ b.T": ((3, 40, 30), True, (3, 50, 40), True),
    "gemv x @ w.T": ((1, 300), False, (500, 300), True),
    "a.T @ vector": ((300, 200), True, (300,), False),
    "batched a.T @ shared w": ((2, 64, 24), True, (64, 40), False),
}


@pytest.mark.parametrize("case", list(TRANSPOSED_CASES), ids=str)
def test_transposed_operands_are_read_in_place(case):
    xs, tx, ys, ty = TRANSPOSED_CASES[case]
    rng = np.random.default_rng(2)
    feeds = {"x": _normal(rng, xs), "y": _normal(rng, ys)}
    g = rlx.Graph("transposed")
    x, y = g.input("x", xs), g.input("y", ys)
    if tx:
        x = rlx.transpose(x, tuple(range(len(xs) - 2)) + (len(xs) - 1, len(xs) - 2))
    if ty:
        y = rlx.transpose(y, tuple(range(len(ys) - 2)) + (len(ys) - 1, len(ys) - 2))
    g.set_outputs([rlx.matmul(x, y) * 0.5])
    cg = _compile(g)
    assert [kind for kind, _ in _kernels(cg)] == ["matmul"]
    (got,) = cg.run(feeds)
    (ref,) = _run(g, feeds, "reference")
    x64, y64 = feeds["x"].astype(np.float64), feeds["y"].astype(np.float64)
    oracle = np.matmul(x64.swapaxes(-1, -2) if tx else x64, y64.swapaxes(-1, -2) if ty else y64)
    _assert_matches(got, ref, oracle * 0.5, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_narrow_float_matmul_with_epilogue(dtype):
    """f16/bf16 operands are widened to f32 for BLAS and the product rounded once before
    the epilogue, as the reference does."""
    rng = np.random.default_rng(3)
    np_dt = rlx.as_dtype(dtype).np
    g = rlx.Graph("narrow")
    x, w, r = (g.input(n, s, dtype) for n, s in (("x", (40, 64)), ("w", (64, 48)), ("r", (40, 48))))
    g.set_outputs([rlx.relu(rlx.matmul(x, w)) + r])
    feeds = {"x": _normal(rng, (40, 64), dtype=np_dt), "w": _normal(rng, (64, 48), 0.2, np_dt),
             "r": _normal(rng, (40, 48), dtype=np_dt)}
    (got,) = _run(g, feeds)
    (ref,) = _run(g, feeds, "reference")
    x64, w64, r64 = (feeds[n].astype(np.float64) for n in "xwr")
    tol = 2e-2 if dtype == "bf16" else 4e-3
    _assert_matches(got, ref, np.maximum(x64 @ w64, 0) + r64, rtol=tol, atol=tol)


# --------------------------------------------------------------------------- attention

@pytest.mark.parametrize("causal", [False, True])
def test_attention_absorbs_head_transposes(causal):
    rng = np.random.default_rng(4)
    feeds = _self_attention_feeds(rng)
    g = _self_attention_graph(causal=causal)
    cg = _compile(g)
    attention = [ops for kind, ops in _kernels(cg) if kind == "attention"]
    assert attention == [["transpose", "transpose", "transpose", "attention", "transpose"]]
    (got,) = cg.run(feeds)
    (ref,) = _run(g, feeds, "reference")
    _assert_matches(got, ref, _self_attention_oracle(feeds, 4, 2, 16, causal))


@pytest.mark.parametrize("heads, kv_heads, routine", [(8, 2, "gemm"), (4, 4, "gemv")])
def test_decode_step_attention(heads, kv_heads, routine):
    """One query position against a cache: the query heads sharing a kv head form one
    GEMM (the cache is read once per kv head); without sharing, matrix-vector products."""
    rng = np.random.default_rng(7)
    b, t, d = 2, 37, 16
    feeds = {"x": _normal(rng, (b, 1, heads * d)), "k": _normal(rng, (b, kv_heads, t, d)),
             "v": _normal(rng, (b, kv_heads, t, d)), "keep": rng.random((b, 1, 1, t)) < 0.8}
    g = rlx.Graph("decode")
    x = g.input("x", (b, 1, heads * d))
    k, v = g.input("k", (b, kv_heads, t, d)), g.input("v", (b, kv_heads, t, d))
    keep = g.input("keep", (b, 1, 1, t), rlx.bool_)
    q = rlx.transpose(rlx.reshape(x, (b, 1, heads, d)), (0, 2, 1, 3))
    a = rlx.attention(q, k, v, mask=keep)
    g.set_outputs([rlx.reshape(rlx.transpose(a, (0, 2, 1, 3)), (b, 1, heads * d))])
    cg = _compile(g)
    source = cg._exe.source
    assert f"scipy_cblas_s{routine}(" in source
    if routine == "gemv":
        assert "scipy_cblas_sgemm(" not in source
    (got,) = cg.run(feeds)
    (ref,) = _run(g, feeds, "reference")
    q64 = feeds["x"].astype(np.float64).reshape(b, 1, heads, d).transpose(0, 2, 1, 3)
    group = heads // kv_heads
    k64 = np.repeat(feeds["k"].astype(np.float64), group, axis=1)
    v64 = np.repeat(feeds["v"].astype(np.float64), group, axis=1)
    scores = np.where(feeds["keep"], q64 @ k64.swapaxes(-1, -2) / np.sqrt(d), -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    out = weights / weights.sum(axis=-1, keepdims=True) @ v64
    _assert_matches(got, ref, out.transpose(0, 2, 1, 3).reshape(b, 1, heads * d))


# --------------------------------------------------------------------------- threads

def _conv_graph() -> rlx.Graph:
    g = rlx.Graph("conv")
    x, w = g.input("x", (1, 32, 40, 40)), g.input("w", (48, 32, 3, 3))
    b = g.input("b", (48,))
    g.set_outputs([rlx.silu(rlx.conv2d(x, w, b, padding=1))])
    return g


def _pointwise_graph() -> rlx.Graph:
    g = rlx.Graph("pointwise")
    x, w = g.input("x", (1, 64, 30, 30)), g.input("w", (32, 64, 1, 1))
    g.set_outputs([rlx.conv2d(x, w) + 1.0])
    return g


def _gemv_graph() -> rlx.Graph:
    g = rlx.Graph("gemv")
    x, w = g.input("x", (1, 4096)), g.input("w", (4096, 2037))
    g.set_outputs([rlx.matmul(x, w)])
    return g


def _tall_graph() -> rlx.Graph:
    """A product split by rows (M much larger than N), the left operand read transposed."""
    g = rlx.Graph("tall")
    x, w = g.input("x", (300, 2000)), g.input("w", (300, 72))
    g.set_outputs([rlx.matmul(rlx.transpose(x, (1, 0)), w)])
    return g


def _product_graph(a_shape, b_shape, dtype: str) -> rlx.Graph:
    """A product of two inputs that goes to BLAS: f64, f16 (widened), or batched."""
    g = rlx.Graph(f"product_{dtype}")
    g.set_outputs([g.input("a", a_shape, dtype) @ g.input("b", b_shape, dtype)])
    return g


def _product_case(rng, a_shape, b_shape, dtype: str) -> tuple:
    np_dtype = {"f64": np.float64, "f16": np.float16, "f32": np.float32}[dtype]
    return (_product_graph(a_shape, b_shape, dtype),
            {"a": _normal(rng, a_shape).astype(np_dtype),
             "b": _normal(rng, b_shape).astype(np_dtype)})


def _thread_cases(rng) -> dict:
    return {
        # BLAS products (OpenBLAS's dgemm moved the last columns of this one by an ulp
        # when its rows were cut in 3 pieces instead of 1)
        "f64": _product_case(rng, (700, 600), (600, 500), "f64"),
        "f16": _product_case(rng, (400, 300), (300, 260), "f16"),
        "batched": _product_case(rng, (2, 400, 256), (2, 256, 300), "f32"),
        "mlp": (_mlp_graph(128, 256, 384), _mlp_feeds(rng, 128, 256, 384)),
        "gemv": (_gemv_graph(), {"x": _normal(rng, (1, 4096)), "w": _normal(rng, (4096, 2037))}),
        "tall": (_tall_graph(), {"x": _normal(rng, (300, 2000)), "w": _normal(rng, (300, 72))}),
        "conv": (_conv_graph(), {"x": _normal(rng, (1, 32, 40, 40)),
                                 "w": _normal(rng, (48, 32, 3, 3), 0.1), "b": _normal(rng, (48,))}),
        "pointwise": (_pointwise_graph(), {"x": _normal(rng, (1, 64, 30, 30)),
                                           "w": _normal(rng, (32, 64, 1, 1))}),
        "attention": (_self_attention_graph(s=96, causal=True),
                      _self_attention_feeds(rng, s=96)),
    }


@pytest.mark.parametrize("case", ["mlp", "gemv", "tall", "conv", "pointwise", "attention",
                                  "f64", "f16", "batched"])
def test_results_identical_at_every_thread_count(case):
    """Splitting work over threads never changes how an element is summed (more threads
    than cores included)."""
    graph, feeds = _thread_cases(np.random.default_rng(5))[case]
    (one,) = _run(graph, feeds, threads=1)
    for threads in (2, 3, 4):
        (more,) = _run(graph, feeds, threads=threads)
        np.testing.assert_array_equal(one, more, err_msg=f"{threads} threads")


# --------------------------------------------------------------------------- fallbacks

@pytest.mark.parametrize("case", ["mlp", "conv", "attention"])
def test_loop_fallbacks_agree_with_blas(case, monkeypatch):
    """Sizes BLAS cannot take fall back to generated loops; force that path here."""
    graph, feeds = _thread_cases(np.random.default_rng(6))[case]
    (blas,) = _run(graph, feeds, threads=2)
    for module in (linalg, conv_im2col, attention):
        monkeypatch.setattr(module, "fits_blas", lambda *sizes: False)
    cg = _compile(graph, threads=2)
    assert "scipy_cblas_" not in cg._exe.source
    (loops,) = cg.run(feeds)
    np.testing.assert_allclose(loops, blas, rtol=1e-5, atol=1e-5)
