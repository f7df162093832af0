"""grouped_matmul (the mixture-of-experts product) on every device: f32 experts against
float64 numpy, GGML-format experts against the gguf package's dequantisation, symbolic
token counts, and bad expert ids as run-time errors."""

from __future__ import annotations

import numpy as np
import pytest
from tests.backends.test_dequant_matmul import _ggml_blocks, _ggml_k, _gguf_values
from tests.helpers import run_graph

import rlx
from rlx import moe
from rlx.errors import DTypeError, ExecutionError, ShapeError
from rlx.ir.gguf_blocks import quantize_x_int8, x_int8_group


def _reference(w: np.ndarray, idx: np.ndarray, x: np.ndarray, transpose: bool = False):
    """y[t, j] = W[idx[t, j]] @ x_tj in float64 (W^T with transpose)."""
    t, k = idx.shape
    xs = x.astype(np.float64)
    if xs.ndim == 2:
        xs = np.broadcast_to(xs[:, None], (t, k, xs.shape[-1]))
    ws = w[idx].astype(np.float64)
    return np.einsum("tjnd,tjn->tjd" if transpose else "tjnd,tjd->tjn", ws, xs)


def _run(device, x, idx, w, **attrs):
    g = rlx.Graph("moe")
    xt = g.input("x", x.shape, x.dtype)
    it = g.input("idx", idx.shape, idx.dtype)
    wt = g.param("w", w.shape, w.dtype)
    g.set_outputs([moe.grouped_matmul(xt, it, wt, **attrs)])
    (y,) = run_graph(g, {"x": x, "idx": idx, "w": w}, device)
    return y


@pytest.mark.parametrize("tokens, experts, per_selection, transpose", [
    (1, 8, False, False),         # a decode step
    (5, 4, True, False),          # the down projection: one input per selection
    (5, 4, True, True),           # the input gradient
    (150, 3, False, False),       # more selections of one expert than a chunk holds
])
def test_f32_experts_match_float64(device, tokens, experts, per_selection, transpose):
    rng = np.random.default_rng(tokens + experts)
    k, d, n = 2, 40, 24
    w = rng.standard_normal((experts, n, d)).astype(np.float32)
    idx = np.stack([rng.permutation(experts)[:k] for _ in range(tokens)]).astype(np.int64)
    width = n if transpose else d
    x = rng.standard_normal((tokens, k, width) if per_selection else (tokens, width))
    y = _run(device, x.astype(np.float32), idx, w, transpose=transpose)
    want = _reference(w, idx, x.astype(np.float32), transpose)
    assert y.shape == want.shape and y.dtype == np.float32
    np.testing.assert_allclose(y, want, rtol=2e-5, atol=2e-5)


def test_only_the_selected_experts_are_read(device):
    """Experts no token selects hold nan: a kernel reading them would spread it."""
    rng = np.random.default_rng(1)
    w = rng.standard_normal((6, 16, 32)).astype(np.float32)
    idx = np.array([[4, 1], [1, 4], [4, 4]], np.int32)
    w[[0, 2, 3, 5]] = np.nan
    x = rng.standard_normal((3, 32)).astype(np.float32)
    y = _run(device, x, idx, w)
    assert np.isfinite(y).all()
    np.testing.assert_allclose(y, _reference(w, idx, x), rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("scheme", ["q8_0", "q4_0", "q4_1", "q4_k", "q6_k"])
@pytest.mark.parametrize("tokens", [9, 40])    # 40: chunks big enough for the tiled product
def test_ggml_experts_are_the_gguf_packages_values(device, scheme, tokens):
    experts, n, k = 4, 20, _ggml_k(scheme, 2)
    raw = np.stack([_ggml_blocks(scheme, n, k, seed=e) for e in range(experts)])
    dense = np.stack([_gguf_values(raw[e], scheme).reshape(n, k) for e in range(experts)])
    rng = np.random.default_rng(7)
    x = rng.standard_normal((tokens, k)).astype(np.float32)
    idx = rng.integers(0, experts, (tokens, 3)).astype(np.int64)
    y = _run(device, x, idx, raw.reshape(experts, -1), scheme=scheme, n=n, k=k)
    want = _reference(dense, idx, x)
    scale = np.abs(want).max()
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5 * scale)


def _rounded_x(x: np.ndarray, scheme: str) -> np.ndarray:
    """x as ``x_int8`` products see it: int8 codes times their group's scale (float64)."""
    group = x_int8_group(scheme)
    codes, scales = quantize_x_int8(x, group)
    return codes.astype(np.float64) * np.repeat(scales.astype(np.float64), group, axis=-1)


@pytest.mark.parametrize("scheme", ["q8_0", "q4_1", "q4_k", "q6_k"])
@pytest.mark.parametrize("tokens, per_selection", [(1, False), (40, False), (9, True)])
def test_x_int8_experts_multiply_the_rounded_inputs(device, scheme, tokens, per_selection):
    """x rounded to int8 per group (256 for the k-quants) times the gguf package's
    values, in float64, within float32 accumulation error; and one token's result has
    the same bits alone as among 40 tokens sharing its experts (1 and 9 tokens: every
    selection in one chunk, all experts in one loop; 40: chunk by chunk, expert by
    expert). n = 22: groups of 4 rows of W and 2 left over."""
    experts, n, k, top = 4, 22, _ggml_k(scheme, 2), 3
    raw = np.stack([_ggml_blocks(scheme, n, k, seed=e) for e in range(experts)])
    dense = np.stack([_gguf_values(raw[e], scheme).reshape(n, k) for e in range(experts)])
    rng = np.random.default_rng(tokens)
    x = rng.standard_normal((tokens, top, k) if per_selection else (tokens, k))
    x = x.astype(np.float32)
    idx = rng.integers(0, experts, (tokens, top)).astype(np.int64)
    attrs = dict(scheme=scheme, n=n, k=k, x_int8=True)
    y = _run(device, x, idx, raw.reshape(experts, -1), **attrs)
    want = _reference(dense, idx, _rounded_x(x, scheme))
    bound = 1e-5 * _reference(np.abs(dense), idx, np.abs(_rounded_x(x, scheme))) + 1e-30
    assert y.dtype == np.float32 and np.all(np.abs(y - want) <= bound)
    alone = _run(device, x[:1], idx[:1], raw.reshape(experts, -1), **attrs)
    np.testing.assert_array_equal(alone.view(np.uint32), y[:1].view(np.uint32))


@pytest.mark.parametrize("scheme", ["q4_1", "q4_k"])
def test_one_token_gives_the_bits_of_its_selections_among_others(device, scheme):
    """A decode step (one token, two experts) rounds its row once for both selections
    when each expert is selected once, and gathers a row per selection when one expert
    is selected twice: either way the bits of the same selections in a run of two
    tokens (whose rows are gathered), and float64 within accumulation error."""
    experts, n, k = 4, 22, _ggml_k(scheme, 2)
    raw = np.stack([_ggml_blocks(scheme, n, k, seed=20 + e) for e in range(experts)])
    dense = np.stack([_gguf_values(raw[e], scheme).reshape(n, k) for e in range(experts)])
    x = np.random.default_rng(21).standard_normal((2, k)).astype(np.float32)
    attrs = dict(scheme=scheme, n=n, k=k, x_int8=True)
    for first in ([2, 0], [1, 1]):
        idx = np.array([first, [3, 2]], np.int64)
        both = _run(device, x, idx, raw.reshape(experts, -1), **attrs)
        alone = _run(device, x[:1], idx[:1], raw.reshape(experts, -1), **attrs)
        np.testing.assert_array_equal(alone.view(np.uint32), both[:1].view(np.uint32))
        want = _reference(dense, idx[:1], _rounded_x(x[:1], scheme))
        bound = 1e-5 * _reference(np.abs(dense), idx[:1],
                                  np.abs(_rounded_x(x[:1], scheme))) + 1e-30
        assert np.all(np.abs(alone - want) <= bound)


@pytest.mark.parametrize("bad", [3, -1])
def test_an_expert_id_out_of_range_fails_the_run(device, bad):
    w = np.ones((3, 4, 8), np.float32)
    x = np.ones((2, 8), np.float32)
    idx = np.array([[0, 1], [2, bad]], np.int64)
    with pytest.raises(ExecutionError, match=f"expert id {bad} is out of range for 3 experts"):
        _run(device, x, idx, w)


def test_a_symbolic_token_count_runs_the_active_tokens(device):
    rng = np.random.default_rng(3)
    w = rng.standard_normal((5, 12, 16)).astype(np.float32)
    g = rlx.Graph("moe")
    t = rlx.Dim("tokens", max=32)
    x = g.input("x", (t, 16))
    idx = g.input("idx", (t, 2), "i64")
    wt = g.param("w", w.shape)
    g.set_outputs([moe.grouped_matmul(x, idx, wt)])
    cg = rlx.Session(device).compile(g)
    cg.set_param("w", w)
    for tokens in (1, 7, 32):
        xv = rng.standard_normal((tokens, 16)).astype(np.float32)
        iv = rng.integers(0, 5, (tokens, 2)).astype(np.int64)
        (y,) = cg.run({"x": xv, "idx": iv})
        np.testing.assert_allclose(y, _reference(w, iv, xv), rtol=2e-5, atol=2e-5)


def test_bad_operands_are_refused_when_the_graph_is_built():
    g = rlx.Graph("moe")
    x = g.input("x", (3, 8))
    w = g.param("w", (4, 5, 8))
    with pytest.raises(DTypeError, match="integer expert ids"):
        moe.grouped_matmul(x, g.input("fidx", (3, 2)), w)
    idx = g.input("idx", (3, 2), "i64")
    with pytest.raises(ShapeError, match=r"x must be \[T, 8\]"):
        moe.grouped_matmul(g.input("wide", (3, 9)), idx, w)
    with pytest.raises(rlx.GraphBuildError, match="scheme must be 'f32' or a GGML"):
        moe.grouped_matmul(x, idx, w, scheme="int8", n=5, k=8)
    with pytest.raises(rlx.GraphBuildError, match="x_int8 .* f32 experts have none"):
        moe.grouped_matmul(x, idx, w, x_int8=True)
    with pytest.raises(DTypeError, match="take u8"):
        moe.grouped_matmul(x, idx, g.param("q", (4, 7), "u8"), scheme="q8_0", n=5, k=32)


def test_moe_mlp_refuses_mismatched_experts_and_incomplete_schemes():
    """The router's expert count must be the weights' (a 2-row router over 4 experts
    ran, never selecting experts 2 and 3; a 6-row one failed some runs inside
    grouped_matmul); a per-projection scheme dict names all three (a missing key was a
    KeyError)."""
    g = rlx.Graph("moe")
    x = g.input("x", (3, 8))
    weights = [g.param(n, s) for n, s in (("g", (4, 6, 8)), ("u", (4, 6, 8)), ("d", (4, 8, 6)))]
    for rows in (2, 6):
        with pytest.raises(rlx.GraphBuildError, match="same number of experts"):
            moe.moe_mlp(x, g.param(f"r{rows}", (rows, 8)), *weights, 2)
    router = g.param("r", (4, 8))
    with pytest.raises(rlx.GraphBuildError, match="same number of experts"):
        moe.moe_mlp(x, router, weights[0], g.param("u3", (3, 6, 8)), weights[2], 2)
    for scheme in ({"gate": "q8_0", "up": "q8_0"}, {"gate": "f32", "up": "f32", "down": "f32",
                                                   "extra": "f32"}):
        with pytest.raises(rlx.GraphBuildError, match="names a format for each"):
            moe.moe_mlp(x, router, *weights, 2, scheme=scheme)
