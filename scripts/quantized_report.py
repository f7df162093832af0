"""What packed low-bit weights do to two models: accuracy against f32, and memory.

For an MLP (784-1024-1024-10, ReLU) and a transformer encoder layer (hidden 384,
6 heads, FFN 1536, GELU, post-norm) with random weights, every linear layer is run
with f32 weights and with weights packed as fp8_e4m3 / mxfp4 / nvfp4 / int8 / int4
(rlx.ir.quantized). The script prints, per model and scheme, the cosine similarity
and the largest absolute error of the outputs against the f32 model, and the bytes
of the linear weights (scales included) as a fraction of their f32 bytes.

    python scripts/quantized_report.py [--device cpu|reference] [--seed N]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import rlx
from rlx.ir.quantized import pack_weight, packed_nbytes, quantized_linear

SCHEMES = ("fp8_e4m3", "mxfp4", "nvfp4", "int8", "int4")
LIMITS = {"fp8_e4m3": 0.30, "int8": 0.30, "mxfp4": 0.15, "nvfp4": 0.15, "int4": 0.15}
"""The largest fraction of the f32 weight bytes each scheme may use (issue 8)."""


@dataclass
class Model:
    """A graph builder over a weight set: ``build(graph, x, linear)`` returns the output;
    ``linear(x, name)`` is the layer named ``name`` in ``weights``."""

    name: str
    input_shape: tuple[int, ...]
    weights: dict[str, np.ndarray]      # linear layers: [out, in]
    extras: dict[str, np.ndarray]       # biases and norm parameters, always f32
    build: Callable


def _linear_weight(rng: np.random.Generator, n_out: int, n_in: int) -> np.ndarray:
    return (rng.standard_normal((n_out, n_in)) / np.sqrt(n_in)).astype(np.float32)


def mlp(rng: np.random.Generator) -> Model:
    sizes = [784, 1024, 1024, 10]
    weights, extras = {}, {}
    for i, (n_in, n_out) in enumerate(zip(sizes, sizes[1:])):
        weights[f"fc{i}"] = _linear_weight(rng, n_out, n_in)
        extras[f"fc{i}.bias"] = (0.1 * rng.standard_normal(n_out)).astype(np.float32)

    def build(g, x, linear):
        for i in range(len(sizes) - 1):
            x = linear(x, f"fc{i}") + g.param(f"fc{i}.bias", (sizes[i + 1],))
            if i < len(sizes) - 2:
                x = x.relu()
        return x

    return Model("mlp 784-1024-1024-10", (64, 784), weights, extras, build)


def encoder_layer(rng: np.random.Generator) -> Model:
    hidden, heads, ffn, seq = 384, 6, 1536, 128
    head_dim = hidden // heads
    weights = {name: _linear_weight(rng, n_out, n_in) for name, n_out, n_in in (
        ("q", hidden, hidden), ("k", hidden, hidden), ("v", hidden, hidden),
        ("o", hidden, hidden), ("ffn_in", ffn, hidden), ("ffn_out", hidden, ffn))}
    extras = {f"{name}.bias": (0.02 * rng.standard_normal(size)).astype(np.float32)
              for name, size in (("q", hidden), ("k", hidden), ("v", hidden), ("o", hidden),
                                 ("ffn_in", ffn), ("ffn_out", hidden))}
    for norm in ("ln1", "ln2"):
        extras[f"{norm}.gamma"] = (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float32)
        extras[f"{norm}.beta"] = (0.1 * rng.standard_normal(hidden)).astype(np.float32)

    def build(g, x, linear):
        def dense(t, name):
            return linear(t, name) + g.param(f"{name}.bias", (extras[f"{name}.bias"].size,))

        def split_heads(t):
            return t.reshape(1, seq, heads, head_dim).transpose(0, 2, 1, 3)

        q, k, v = (split_heads(dense(x, name)) for name in ("q", "k", "v"))
        attn = rlx.attention(q, k, v).transpose(0, 2, 1, 3).reshape(seq, hidden)
        h = rlx.layer_norm(x + dense(attn, "o"), g.param("ln1.gamma", (hidden,)),
                           g.param("ln1.beta", (hidden,)))
        f = dense(rlx.gelu(dense(h, "ffn_in")), "ffn_out")
        return rlx.layer_norm(h + f, g.param("ln2.gamma", (hidden,)),
                              g.param("ln2.beta", (hidden,)))

    return Model("encoder layer 384/1536", (seq, hidden), weights, extras, build)


def _graph(model: Model, scheme: str) -> rlx.Graph:
    """``model`` with f32 linear weights (``scheme == "f32"``) or packed ones."""
    g = rlx.Graph(f"{model.name.split()[0]}_{scheme}")
    x = g.input("x", model.input_shape)

    def linear(t, name):
        n_out, n_in = model.weights[name].shape
        if scheme == "f32":
            return t @ g.param(name, (n_out, n_in)).transpose()
        return quantized_linear(t, name, n_in, n_out, scheme)

    g.set_outputs([model.build(g, x, linear)])
    return g


def _run(model: Model, scheme: str, x: np.ndarray, device: str) -> np.ndarray:
    cg = rlx.Session(device).compile(_graph(model, scheme))
    for name, array in model.extras.items():
        cg.set_param(name, array)
    for name, w in model.weights.items():
        if scheme == "f32":
            cg.set_param(name, w)
            continue
        for suffix, array in pack_weight(w, scheme).items():
            cg.set_param(f"{name}.{suffix}", array)
    return cg.run({"x": x})[0]


def _weight_fraction(model: Model, scheme: str) -> float:
    f32_bytes = sum(w.nbytes for w in model.weights.values())
    packed = sum(packed_nbytes(*w.shape, scheme) for w in model.weights.values())
    return packed / f32_bytes


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a.astype(np.float64).ravel(), b.astype(np.float64).ravel()
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def report(model: Model, device: str, rng: np.random.Generator) -> list[str]:
    """Table rows for ``model``: one per scheme, against the f32 run."""
    x = rng.standard_normal(model.input_shape).astype(np.float32)
    reference = _run(model, "f32", x, device)
    f32_mib = sum(w.nbytes for w in model.weights.values()) / 2**20
    rows = [f"{model.name}: output {reference.shape}, max |y| {np.abs(reference).max():.3g}, "
            f"linear weights {f32_mib:.2f} MiB in f32",
            f"  {'scheme':<9} {'cosine':>10} {'max |err|':>10} {'bytes':>8} {'limit':>6}"]
    for scheme in SCHEMES:
        out = _run(model, scheme, x, device)
        fraction = _weight_fraction(model, scheme)
        verdict = "ok" if fraction <= LIMITS[scheme] else "OVER"
        rows.append(f"  {scheme:<9} {_cosine(out, reference):10.6f} "
                    f"{np.abs(out - reference).max():10.4g} {fraction:7.2%} "
                    f"{LIMITS[scheme]:5.0%} {verdict}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = "cpu" if "cpu" in rlx.available_devices() else "reference"
    parser.add_argument("--device", default=default)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"packed weights vs f32 on {args.device} (bytes: packed linear weights incl. "
          "scales, as a fraction of f32)")
    for model in (mlp(rng), encoder_layer(rng)):
        print("\n".join(report(model, args.device, rng)))


if __name__ == "__main__":
    main()
