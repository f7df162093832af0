"""The micro-benchmark workloads: one definition per workload, in every framework.

A :class:`Workload` holds its inputs and weights (float32 numpy arrays, fixed seed)
and one implementation per framework: an rlx graph, an array function written
against a numpy-like namespace (run by numpy, and by JAX when installed), a PyTorch
callable, and an ONNX model for ONNX Runtime. Each implementation computes the same
function of the same inputs; :mod:`bench.__main__` checks that they agree before it
times them. Weights of matrix products are stored [in, out] (``x @ W``).

``micro_workloads(tiny=True)`` gives the same workloads at toy sizes, for the smoke
test that keeps the definitions honest.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import rlx

ONNX_OPSET = 20        # Gelu (with approximate="tanh") entered the default domain in 20
ONNX_IR_VERSION = 9
SQRT_HALF = math.sqrt(0.5)
SQRT_TWO_OVER_PI = math.sqrt(2.0 / math.pi)


@dataclass
class Workload:
    """One benchmark case.

    ``inputs`` are fed on every call (in this order), ``params`` are set once.
    ``rlx_graph()`` declares inputs and params under the same names.
    ``array_fn(xp, inputs, params)`` computes the result with the namespace ``xp``
    (``xp.np``: numpy or jax.numpy; ``xp.erf``: the matching erf).
    ``torch_fn(params)`` returns a callable taking the input tensors positionally.
    ``onnx_model()`` returns an ``onnx.ModelProto`` whose graph inputs are ``inputs``
    and whose initializers are ``params``.
    ``calls_per_sample``: calls timed together per sample (for microsecond cases).
    ``rlx_paths``: the CompiledGraph entry points timed: "run_slots" (inputs by
    position, read-only views of the output buffers) and "run" (the call users make:
    new output arrays).
    """

    key: str
    title: str
    inputs: dict[str, np.ndarray]
    params: dict[str, np.ndarray]
    rlx_graph: Callable[[], rlx.Graph]
    array_fn: Callable[[Any, dict[str, Any], dict[str, Any]], Any]
    torch_fn: Callable[[dict[str, Any]], Callable[..., Any]]
    onnx_model: Callable[[], Any]
    atol: float = 1e-4
    rtol: float = 1e-3
    calls_per_sample: int = 1
    rlx_paths: tuple[str, ...] = ("run_slots", "run")
    notes: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- data

def _normal(rng: np.random.Generator, shape: Sequence[int], scale: float = 1.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def _weight(rng: np.random.Generator, fan_in: int, fan_out: int) -> np.ndarray:
    """A [fan_in, fan_out] weight with unit-variance outputs for unit-variance inputs."""
    return _normal(rng, (fan_in, fan_out), 1.0 / math.sqrt(fan_in))


# --------------------------------------------------------------------------- onnx helpers

def _onnx_model(name: str, inputs: dict[str, np.ndarray], params: dict[str, np.ndarray],
                nodes: list, output_shape: Sequence[int]) -> Any:
    """A float32 ONNX model of ``nodes`` with graph inputs ``inputs``, initializers
    ``params`` (plus any constants the nodes added) and one output named "y"."""
    from onnx import TensorProto, helper, numpy_helper

    graph_inputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, a.shape)
                    for n, a in inputs.items()]
    output = helper.make_tensor_value_info("y", TensorProto.FLOAT, list(output_shape))
    initializers = [numpy_helper.from_array(a, n) for n, a in params.items()]
    graph = helper.make_graph(nodes, name, graph_inputs, [output], initializers)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", ONNX_OPSET)],
                             ir_version=ONNX_IR_VERSION)


def _onnx_constant(name: str, value: float | Sequence[int], dtype=np.float32):
    """A Constant node producing ``value`` (a float scalar or an int64 shape)."""
    from onnx import helper, numpy_helper

    array = np.asarray(value, dtype=dtype)
    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array, name))


def _node(op: str, inputs: list[str], output: str, **attrs):
    from onnx import helper

    return helper.make_node(op, inputs, [output], **attrs)


# --------------------------------------------------------------------------- 1: gemm + gelu_tanh

def gemm_gelu(m: int, k: int, n: int, seed: int = 0) -> Workload:
    """``gelu_tanh(x[m, k] @ W[k, n] + b)``: a linear layer with its activation."""
    rng = np.random.default_rng(seed)
    inputs = {"x": _normal(rng, (m, k))}
    params = {"w": _weight(rng, k, n), "b": _normal(rng, (n,), 0.1)}

    def graph() -> rlx.Graph:
        g = rlx.Graph("gemm_gelu_tanh")
        x = g.input("x", (m, k))
        g.set_outputs([rlx.gelu_tanh(x @ g.param("w", (k, n)) + g.param("b", (n,)))])
        return g

    def array_fn(xp, i, p):
        h = i["x"] @ p["w"] + p["b"]
        return 0.5 * h * (1.0 + xp.np.tanh(SQRT_TWO_OVER_PI * (h + 0.044715 * h ** 3)))

    def torch_fn(p):
        import torch.nn.functional as F

        def run(x):
            return F.gelu(x @ p["w"] + p["b"], approximate="tanh")
        return run

    def onnx_model():
        nodes = [_node("MatMul", ["x", "w"], "xw"), _node("Add", ["xw", "b"], "h"),
                 _node("Gelu", ["h"], "y", approximate="tanh")]
        return _onnx_model("gemm_gelu", inputs, params, nodes, (m, n))

    return Workload("gemm_gelu", f"gelu_tanh(x[{m},{k}] @ W[{k},{n}] + b)", inputs, params,
                    graph, array_fn, torch_fn, onnx_model, atol=2e-4)


# --------------------------------------------------------------------------- 2: layer norm

def layer_norm(shape: tuple[int, int, int], seed: int = 1, eps: float = 1e-5) -> Workload:
    """LayerNorm over the last axis of ``shape`` with gamma and beta."""
    rng = np.random.default_rng(seed)
    width = shape[-1]
    inputs = {"x": _normal(rng, shape, 2.0) + 0.5}
    params = {"gamma": 1.0 + _normal(rng, (width,), 0.1), "beta": _normal(rng, (width,), 0.1)}

    def graph() -> rlx.Graph:
        g = rlx.Graph("layer_norm")
        x = g.input("x", shape)
        g.set_outputs([rlx.layer_norm(x, g.param("gamma", (width,)),
                                      g.param("beta", (width,)), eps=eps)])
        return g

    def array_fn(xp, i, p):
        x = i["x"]
        mean = x.mean(axis=-1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(axis=-1, keepdims=True)
        return centred / xp.np.sqrt(var + eps) * p["gamma"] + p["beta"]

    def torch_fn(p):
        import torch.nn.functional as F

        def run(x):
            return F.layer_norm(x, (width,), p["gamma"], p["beta"], eps)
        return run

    def onnx_model():
        nodes = [_node("LayerNormalization", ["x", "gamma", "beta"], "y", axis=-1,
                       epsilon=eps)]
        return _onnx_model("layer_norm", inputs, params, nodes, shape)

    dims = ",".join(str(d) for d in shape)
    return Workload("layer_norm", f"layer_norm over [{dims}] (gamma, beta)", inputs, params,
                    graph, array_fn, torch_fn, onnx_model)


# --------------------------------------------------------------------------- 3: attention

def attention(shape: tuple[int, int, int, int], seed: int = 2, scale: float = 0.125) -> Workload:
    """``softmax(Q K^T * scale) V`` on [B, H, S, D] (no mask)."""
    rng = np.random.default_rng(seed)
    inputs = {n: _normal(rng, shape) for n in ("q", "k", "v")}

    def graph() -> rlx.Graph:
        g = rlx.Graph("attention")
        q, k, v = (g.input(n, shape) for n in ("q", "k", "v"))
        g.set_outputs([rlx.attention(q, k, v, scale=scale)])
        return g

    def array_fn(xp, i, p):
        scores = (i["q"] @ xp.np.swapaxes(i["k"], -1, -2)) * scale
        scores = xp.np.exp(scores - scores.max(axis=-1, keepdims=True))
        return (scores / scores.sum(axis=-1, keepdims=True)) @ i["v"]

    def torch_fn(p):
        import torch.nn.functional as F

        def run(q, k, v):
            return F.scaled_dot_product_attention(q, k, v, scale=scale)
        return run

    def onnx_model():
        nodes = [_node("Transpose", ["k"], "kt", perm=[0, 1, 3, 2]),
                 _node("MatMul", ["q", "kt"], "qk"), _onnx_constant("scale", scale),
                 _node("Mul", ["qk", "scale"], "scores"),
                 _node("Softmax", ["scores"], "probs", axis=-1),
                 _node("MatMul", ["probs", "v"], "y")]
        return _onnx_model("attention", inputs, {}, nodes, shape)

    dims = ",".join(str(d) for d in shape)
    return Workload("attention", f"softmax(Q K^T * {scale:g}) V on [{dims}]", inputs, {},
                    graph, array_fn, torch_fn, onnx_model)


# --------------------------------------------------------------------------- 4: gemv

def gemv(k: int, n: int, seed: int = 3) -> Workload:
    """``x[1, k] @ W[k, n]``: a decode-time projection, bound by reading W."""
    rng = np.random.default_rng(seed)
    inputs = {"x": _normal(rng, (1, k))}
    params = {"w": _weight(rng, k, n)}

    def graph() -> rlx.Graph:
        g = rlx.Graph("gemv")
        g.set_outputs([g.input("x", (1, k)) @ g.param("w", (k, n))])
        return g

    def array_fn(xp, i, p):
        return i["x"] @ p["w"]

    def torch_fn(p):
        def run(x):
            return x @ p["w"]
        return run

    def onnx_model():
        return _onnx_model("gemv", inputs, params, [_node("MatMul", ["x", "w"], "y")], (1, n))

    return Workload("gemv", f"gemv x[1,{k}] @ W[{k},{n}]", inputs, params, graph, array_fn,
                    torch_fn, onnx_model)


# --------------------------------------------------------------------------- 5: elementwise chain

# (operation, constant): "x" multiplies by the chain's input; None = unary
CHAIN = (("mul", 1.5), ("add", 0.5), ("tanh", None), ("mul", "x"), ("sub", 0.25),
         ("abs", None), ("add", 1.0), ("sqrt", None), ("mul", 2.0), ("sigmoid", None))


def _apply_chain(x, ops: dict[str, Callable]) -> Any:
    """Run CHAIN on ``x`` with ``ops`` mapping each op name to a function."""
    y = x
    for op, constant in CHAIN:
        if constant is None:
            y = ops[op](y)
        else:
            y = ops[op](y, x if constant == "x" else constant)
    return y


_BINARY = {"mul": lambda a, b: a * b, "add": lambda a, b: a + b, "sub": lambda a, b: a - b}


def elementwise_chain(n: int, seed: int = 4) -> Workload:
    """The 10-op CHAIN on ``n`` floats: a graph this small measures per-call overhead."""
    rng = np.random.default_rng(seed)
    inputs = {"x": _normal(rng, (n,))}

    def graph() -> rlx.Graph:
        g = rlx.Graph("chain10")
        ops = {**_BINARY, "tanh": rlx.tanh, "abs": rlx.abs, "sqrt": rlx.sqrt,
               "sigmoid": rlx.sigmoid}
        g.set_outputs([_apply_chain(g.input("x", (n,)), ops)])
        return g

    def array_fn(xp, i, p):
        ops = {**_BINARY, "tanh": xp.np.tanh, "abs": xp.np.abs, "sqrt": xp.np.sqrt,
               "sigmoid": lambda a: 1.0 / (1.0 + xp.np.exp(-a))}
        return _apply_chain(i["x"], ops)

    def torch_fn(p):
        import torch

        ops = {**_BINARY, "tanh": torch.tanh, "abs": torch.abs, "sqrt": torch.sqrt,
               "sigmoid": torch.sigmoid}

        def run(x):
            return _apply_chain(x, ops)
        return run

    def onnx_model():
        nodes, current = [], "x"
        for step, (op, constant) in enumerate(CHAIN):
            out = "y" if step == len(CHAIN) - 1 else f"t{step}"
            if constant is None:
                nodes.append(_node(op.capitalize(), [current], out))
            else:
                other = "x" if constant == "x" else f"c{step}"
                if constant != "x":
                    nodes.append(_onnx_constant(other, constant))
                nodes.append(_node(op.capitalize(), [current, other], out))
            current = out
        return _onnx_model("chain10", inputs, {}, nodes, (n,))

    return Workload("chain10", f"10-op elementwise chain on {n:,} floats (per call)", inputs,
                    {}, graph, array_fn, torch_fn, onnx_model, atol=1e-5,
                    calls_per_sample=100)


# --------------------------------------------------------------------------- 6: encoder layer

@dataclass(frozen=True)
class EncoderShape:
    """A post-norm BERT encoder layer's sizes (MiniLM-L6: 384 / 12 / 1536)."""

    hidden: int = 384
    heads: int = 12
    ffn: int = 1536
    seq: int = 128
    batch: int = 1
    eps: float = 1e-12

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


def _encoder_params(rng: np.random.Generator, s: EncoderShape) -> dict[str, np.ndarray]:
    params = {}
    for name, fan_in, fan_out in (("q", s.hidden, s.hidden), ("k", s.hidden, s.hidden),
                                  ("v", s.hidden, s.hidden), ("o", s.hidden, s.hidden),
                                  ("ffn_in", s.hidden, s.ffn), ("ffn_out", s.ffn, s.hidden)):
        params[f"{name}_w"] = _weight(rng, fan_in, fan_out)
        params[f"{name}_b"] = _normal(rng, (fan_out,), 0.02)
    for norm in ("ln1", "ln2"):
        params[f"{norm}_g"] = 1.0 + _normal(rng, (s.hidden,), 0.05)
        params[f"{norm}_b"] = _normal(rng, (s.hidden,), 0.05)
    return params


def _encoder_rlx(s: EncoderShape, params: dict[str, np.ndarray]) -> rlx.Graph:
    """The layer as an rlx graph (attention through rlx.attention)."""
    g = rlx.Graph("encoder_layer")
    p = {name: g.param(name, a.shape) for name, a in params.items()}
    x = g.input("x", (s.batch, s.seq, s.hidden))

    def linear(t, name):
        return t @ p[f"{name}_w"] + p[f"{name}_b"]

    def heads(t):
        return t.reshape(s.batch, s.seq, s.heads, s.head_dim).transpose(0, 2, 1, 3)

    q, k, v = (heads(linear(x, n)) for n in ("q", "k", "v"))
    context = rlx.attention(q, k, v, scale=1.0 / math.sqrt(s.head_dim))
    context = context.transpose(0, 2, 1, 3).reshape(s.batch, s.seq, s.hidden)
    h = rlx.layer_norm(x + linear(context, "o"), p["ln1_g"], p["ln1_b"], eps=s.eps)
    inner = rlx.gelu(linear(h, "ffn_in"))
    g.set_outputs([rlx.layer_norm(h + linear(inner, "ffn_out"), p["ln2_g"], p["ln2_b"],
                                  eps=s.eps)])
    return g


def _encoder_array(xp, s: EncoderShape, x, p):
    """The layer with a numpy-like namespace (explicit softmax, erf GELU)."""
    np_ = xp.np

    def linear(t, name):
        return t @ p[f"{name}_w"] + p[f"{name}_b"]

    def norm(t, name):
        mean = t.mean(axis=-1, keepdims=True)
        centred = t - mean
        var = (centred * centred).mean(axis=-1, keepdims=True)
        return centred / np_.sqrt(var + s.eps) * p[f"{name}_g"] + p[f"{name}_b"]

    def heads(t):
        return np_.transpose(t.reshape(s.batch, s.seq, s.heads, s.head_dim), (0, 2, 1, 3))

    q, k, v = (heads(linear(x, n)) for n in ("q", "k", "v"))
    scores = (q @ np_.swapaxes(k, -1, -2)) * (1.0 / math.sqrt(s.head_dim))
    scores = np_.exp(scores - scores.max(axis=-1, keepdims=True))
    context = (scores / scores.sum(axis=-1, keepdims=True)) @ v
    context = np_.transpose(context, (0, 2, 1, 3)).reshape(s.batch, s.seq, s.hidden)
    h = norm(x + linear(context, "o"), "ln1")
    pre = linear(h, "ffn_in")
    inner = 0.5 * pre * (1.0 + xp.erf(pre * SQRT_HALF))
    return norm(h + linear(inner, "ffn_out"), "ln2")


def _encoder_torch(s: EncoderShape, p: dict[str, Any]):
    """torch.nn.TransformerEncoderLayer (post-norm, GELU) holding the same weights, in
    eval mode; PyTorch's fused inference path runs it."""
    import torch

    layer = torch.nn.TransformerEncoderLayer(
        s.hidden, s.heads, s.ffn, dropout=0.0, activation="gelu", layer_norm_eps=s.eps,
        batch_first=True, norm_first=False)
    with torch.no_grad():
        attn = layer.self_attn
        attn.in_proj_weight.copy_(torch.cat([p["q_w"].T, p["k_w"].T, p["v_w"].T]))
        attn.in_proj_bias.copy_(torch.cat([p["q_b"], p["k_b"], p["v_b"]]))
        attn.out_proj.weight.copy_(p["o_w"].T)
        attn.out_proj.bias.copy_(p["o_b"])
        for linear, name in ((layer.linear1, "ffn_in"), (layer.linear2, "ffn_out")):
            linear.weight.copy_(p[f"{name}_w"].T)
            linear.bias.copy_(p[f"{name}_b"])
        for norm, name in ((layer.norm1, "ln1"), (layer.norm2, "ln2")):
            norm.weight.copy_(p[f"{name}_g"])
            norm.bias.copy_(p[f"{name}_b"])
    return layer.eval()


def _encoder_onnx(s: EncoderShape, inputs, params):
    """The layer as ONNX nodes (MatMul/Softmax attention, LayerNormalization, Gelu)."""
    b, t, h, n, d = s.batch, s.seq, s.hidden, s.heads, s.head_dim
    nodes = [_onnx_constant("split_shape", [b, t, n, d], np.int64),
             _onnx_constant("merge_shape", [b, t, h], np.int64),
             _onnx_constant("scale", 1.0 / math.sqrt(d))]

    def linear(x, name, out):
        nodes.extend([_node("MatMul", [x, f"{name}_w"], f"{out}_mm"),
                      _node("Add", [f"{out}_mm", f"{name}_b"], out)])

    for name in ("q", "k", "v"):
        linear("x", name, f"{name}_flat")
        nodes.append(_node("Reshape", [f"{name}_flat", "split_shape"], f"{name}_4d"))
        perm = [0, 2, 3, 1] if name == "k" else [0, 2, 1, 3]
        nodes.append(_node("Transpose", [f"{name}_4d"], f"{name}_heads", perm=perm))
    nodes += [_node("MatMul", ["q_heads", "k_heads"], "qk"),
              _node("Mul", ["qk", "scale"], "scores"),
              _node("Softmax", ["scores"], "probs", axis=-1),
              _node("MatMul", ["probs", "v_heads"], "context_heads"),
              _node("Transpose", ["context_heads"], "context_4d", perm=[0, 2, 1, 3]),
              _node("Reshape", ["context_4d", "merge_shape"], "context")]
    linear("context", "o", "attended")
    nodes += [_node("Add", ["x", "attended"], "res1"),
              _node("LayerNormalization", ["res1", "ln1_g", "ln1_b"], "h", axis=-1,
                    epsilon=s.eps)]
    linear("h", "ffn_in", "pre")
    nodes.append(_node("Gelu", ["pre"], "inner"))
    linear("inner", "ffn_out", "ffn")
    nodes += [_node("Add", ["h", "ffn"], "res2"),
              _node("LayerNormalization", ["res2", "ln2_g", "ln2_b"], "y", axis=-1,
                    epsilon=s.eps)]
    return _onnx_model("encoder_layer", inputs, params, nodes, (b, t, h))


def encoder_layer(s: EncoderShape, seed: int = 5) -> Workload:
    """One MiniLM-style post-norm BERT encoder layer with GELU (erf), no padding mask."""
    rng = np.random.default_rng(seed)
    inputs = {"x": _normal(rng, (s.batch, s.seq, s.hidden))}
    params = _encoder_params(rng, s)
    title = (f"encoder layer: hidden {s.hidden}, {s.heads} heads, FFN {s.ffn}, "
             f"seq {s.seq}, batch {s.batch}")
    return Workload(
        "encoder", title, inputs, params,
        rlx_graph=lambda: _encoder_rlx(s, params),
        array_fn=lambda xp, i, p: _encoder_array(xp, s, i["x"], p),
        torch_fn=lambda p: _encoder_torch(s, p),
        onnx_model=lambda: _encoder_onnx(s, inputs, params),
        atol=5e-4, notes=["torch: nn.TransformerEncoderLayer (fused inference path)"])


# --------------------------------------------------------------------------- the set

def micro_workloads(tiny: bool = False) -> list[Workload]:
    """The six micro workloads at benchmark sizes, or at toy sizes when ``tiny``."""
    if tiny:
        return [gemm_gelu(8, 16, 12), layer_norm((2, 4, 16)), attention((1, 2, 8, 4)),
                gemv(32, 24), elementwise_chain(64),
                encoder_layer(EncoderShape(hidden=16, heads=2, ffn=32, seq=8))]
    return [gemm_gelu(128, 768, 768), layer_norm((8, 128, 768)), attention((1, 12, 128, 64)),
            gemv(4096, 4096), elementwise_chain(1024), encoder_layer(EncoderShape())]

