"""Build, compile and run a transformer encoder block; check it against float64 numpy.

    python examples/quickstart.py [--device reference]
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import rlx

B, S, H, D = 2, 16, 4, 16      # batch, sequence, heads, head dim
E = H * D                       # model width
F = 4 * E                       # MLP width


def build_block() -> rlx.Graph:
    """x -> x + attn(ln1(x)) -> h + mlp(ln2(h)), pre-norm, GELU MLP."""
    g = rlx.Graph("encoder_block")
    x = g.input("x", (B, S, E))
    p = {name: g.param(name, shape) for name, shape in weight_shapes().items()}
    h = rlx.layer_norm(x, p["ln1_g"], p["ln1_b"])
    q, k, v = (split_heads(h @ p[f"w{n}"] + p[f"b{n}"]) for n in "qkv")
    a = rlx.attention(q, k, v).transpose((0, 2, 1, 3)).reshape((B, S, E))
    x = x + a @ p["wo"] + p["bo"]
    h = rlx.layer_norm(x, p["ln2_g"], p["ln2_b"])
    x = x + rlx.gelu(h @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
    g.set_outputs([x])
    return g


def split_heads(t: rlx.Tensor) -> rlx.Tensor:
    return t.reshape((B, S, H, D)).transpose((0, 2, 1, 3))


def weight_shapes() -> dict[str, tuple[int, ...]]:
    shapes = {"ln1_g": (E,), "ln1_b": (E,), "ln2_g": (E,), "ln2_b": (E,),
              "wo": (E, E), "bo": (E,), "w1": (E, F), "b1": (F,), "w2": (F, E), "b2": (E,)}
    for n in "qkv":
        shapes[f"w{n}"], shapes[f"b{n}"] = (E, E), (E,)
    return shapes


def numpy_block(x: np.ndarray, w: dict[str, np.ndarray]) -> np.ndarray:
    """The same block in float64 numpy, written independently of rlx."""
    def ln(t, gamma, beta):
        mu = t.mean(-1, keepdims=True)
        var = ((t - mu) ** 2).mean(-1, keepdims=True)
        return (t - mu) / np.sqrt(var + 1e-5) * gamma + beta

    def heads(t):
        return t.reshape(B, S, H, D).transpose(0, 2, 1, 3)

    erf = np.vectorize(math.erf)
    h = ln(x, w["ln1_g"], w["ln1_b"])
    q, k, v = (heads(h @ w[f"w{n}"] + w[f"b{n}"]) for n in "qkv")
    s = q @ k.transpose(0, 1, 3, 2) / math.sqrt(D)
    s = np.exp(s - s.max(-1, keepdims=True))
    a = (s / s.sum(-1, keepdims=True)) @ v
    x = x + a.transpose(0, 2, 1, 3).reshape(B, S, E) @ w["wo"] + w["bo"]
    h = ln(x, w["ln2_g"], w["ln2_b"]) @ w["w1"] + w["b1"]
    return x + (0.5 * h * (1 + erf(h / math.sqrt(2)))) @ w["w2"] + w["b2"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="reference", help=f"one of {rlx.available_devices()}")
    args = ap.parse_args()

    rng = np.random.default_rng(0)
    weights = {name: (rng.standard_normal(shape) / math.sqrt(shape[0])).astype(np.float32)
               for name, shape in weight_shapes().items()}
    x = rng.standard_normal((B, S, E)).astype(np.float32)

    graph = build_block()
    t0 = time.perf_counter()
    block = rlx.Session(args.device).compile(graph)
    compile_ms = (time.perf_counter() - t0) * 1e3
    for name, value in weights.items():
        block.set_param(name, value)

    (y,) = block.run({"x": x})
    runs = 20
    t0 = time.perf_counter()
    for _ in range(runs):
        block.run({"x": x})
    run_ms = (time.perf_counter() - t0) * 1e3 / runs

    expect = numpy_block(x.astype(np.float64), {k: v.astype(np.float64)
                                                for k, v in weights.items()})
    err = float(np.max(np.abs(y - expect)))
    print(f"graph {graph.name}: {len(graph)} nodes, {len(weights)} weights, device "
          f"{args.device}")
    print(f"compile {compile_ms:.1f} ms, run {run_ms:.2f} ms (mean of {runs})")
    print(f"output {y.shape} {y.dtype}, max |rlx - float64 numpy| = {err:.2e}")
    if not err < 1e-3:
        raise SystemExit(f"mismatch against the float64 reference: {err}")


if __name__ == "__main__":
    main()
