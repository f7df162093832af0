"""The kernels' shared scratch region: every kernel's temporaries live in one region at
the end of the arena, which the kernels before it have filled with their own values.
Each test fills the whole arena with 0xFF bytes (nan as a float, -1 as an int) before
every run, so a kernel that reads scratch it has not written gives nan or reads out of
place, and checks the results against float64 references."""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers import compile_with_values, tol

import rlx

torch = pytest.importorskip("torch")
F = torch.nn.functional

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="cpu backend needs a C compiler")


def _poisoned_runs(compiled, inputs, runs: int = 2) -> list[np.ndarray]:
    exe = compiled._exe
    assert exe.arena.size == exe.arena_bytes
    for _ in range(runs):
        exe.arena[:] = 0xFF
        out = [o.copy() for o in compiled.run(inputs)]
    return out


def _conv_chain_graph():
    """Convs taking each conv path in turn, so that each finds the scratch of the one
    before: Winograd (3 x 3 on 20 x 20), a position-tiled pointwise conv, a padded 5 x 5
    that copies its grid, a strided 3 x 3 through im2col columns, then on the 10 x 10
    map a channel-vectorised pointwise conv, a 3 x 3 read through the channel grid and
    Winograd again."""
    g = rlx.Graph("chain")
    x = g.input("x", (2, 16, 20, 20))
    h = x
    specs = [("w0", (24, 16, 3, 3), 1, 1), ("w1", (32, 24, 1, 1), 1, 0),
             ("w2", (32, 32, 5, 5), 1, 2), ("w3", (32, 32, 3, 3), 2, 1),
             ("w4", (12, 32, 1, 1), 1, 0), ("w5", (40, 12, 3, 3), 1, 1),
             ("w6", (16, 40, 3, 3), 1, 1)]
    for name, shape, stride, pad in specs:
        w = g.param(name, shape)
        b = g.param("b" + name[1:], (shape[0],))
        h = rlx.relu(rlx.conv2d(h, w, b, stride=stride, padding=pad))
    g.set_outputs([h])
    return g, specs


@pytest.mark.parametrize("threads", [1, 2])
def test_conv_paths_ignore_what_scratch_held(threads):
    graph, specs = _conv_chain_graph()
    rng = np.random.default_rng(0)
    values = {"x": rng.standard_normal((2, 16, 20, 20)).astype(np.float32)}
    for name, shape, _, _ in specs:
        fan_in = shape[1] * shape[2] * shape[3]
        values[name] = (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)
        values["b" + name[1:]] = rng.standard_normal(shape[0]).astype(np.float32) * 0.1
    compiled, inputs = compile_with_values(graph, values, threads=threads)
    got = _poisoned_runs(compiled, inputs)[0]
    h = torch.from_numpy(values["x"]).double()
    for name, _, stride, pad in specs:
        w = torch.from_numpy(values[name]).double()
        b = torch.from_numpy(values["b" + name[1:]]).double()
        h = F.conv2d(h, w, b, stride=stride, padding=pad).relu()
    np.testing.assert_allclose(got, h.numpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_attention_paths_ignore_what_scratch_held(dtype):
    """f32 takes the packed path, f64 the BLAS path, f16 the loops; a transposed matmul
    before the attention (its A operand packed per run) fills the scratch first."""
    b, h, s, d = 2, 3, 37, 16
    g = rlx.Graph("att")
    x = g.input("x", (d, b * h * s), dtype)
    w = g.param("w", (d, d), dtype)
    q = rlx.reshape(rlx.matmul(rlx.transpose(x, (1, 0)), w), (b, h, s, d))
    k = g.input("k", (b, h, s, d), dtype)
    v = g.input("v", (b, h, s, d), dtype)
    g.set_outputs([rlx.attention(q, k, v, mask="causal")])
    rng = np.random.default_rng(1)
    values = {"x": rng.standard_normal((d, b * h * s)).astype(dtype),
              "w": (rng.standard_normal((d, d)) * 0.25).astype(dtype),
              "k": rng.standard_normal((b, h, s, d)).astype(dtype),
              "v": rng.standard_normal((b, h, s, d)).astype(dtype)}
    compiled, inputs = compile_with_values(graph=g, values=values, threads=2)
    got = _poisoned_runs(compiled, inputs)[0]
    v64 = {n: a.astype(np.float64) for n, a in values.items()}
    q64 = (v64["x"].T @ v64["w"]).reshape(b, h, s, d)
    scores = q64 @ v64["k"].transpose(0, 1, 3, 2) / np.sqrt(d)
    scores = np.where(np.tril(np.ones((s, s), bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(-1, keepdims=True))
    expected = weights / weights.sum(-1, keepdims=True) @ v64["v"]
    np.testing.assert_allclose(got.astype(np.float64), expected, **tol(dtype))


def test_half_precision_convs_and_matmuls_ignore_what_scratch_held():
    """f16 convs and matmuls go through f32 copies of their operands and results in the
    scratch (im2col columns, the converted weights, the f32 product)."""
    g = rlx.Graph("half")
    x = g.input("x", (1, 8, 9, 9), np.float16)
    w = g.param("w", (12, 8, 3, 3), np.float16)
    m = g.param("m", (12 * 7 * 7, 10), np.float16)
    y = rlx.relu(rlx.conv2d(x, w, None, stride=1, padding=0))
    g.set_outputs([rlx.matmul(rlx.reshape(y, (1, 12 * 7 * 7)), m)])
    rng = np.random.default_rng(2)
    values = {"x": rng.standard_normal((1, 8, 9, 9)).astype(np.float16),
              "w": (rng.standard_normal((12, 8, 3, 3)) * 0.1).astype(np.float16),
              "m": (rng.standard_normal((12 * 7 * 7, 10)) * 0.05).astype(np.float16)}
    compiled, inputs = compile_with_values(g, values, threads=2)
    got = _poisoned_runs(compiled, inputs)[0].astype(np.float64)
    t = {n: torch.from_numpy(a.astype(np.float64)) for n, a in values.items()}
    hidden = F.conv2d(t["x"], t["w"]).relu().half().double()   # the f16 intermediate
    expected = (hidden.reshape(1, -1) @ t["m"]).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-2, atol=1e-2)
