"""Gradients against PyTorch autograd on the same computation: random graphs of
common ops, and networks built from the nn ops (conv, pooling, attention, norms,
cross-entropy) in f64 and f32."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.autodiff.checks import run_graph

import rlx
from rlx.autodiff import grad, hvp
from rlx.ir.graph import Graph, Tensor


@dataclass
class Twin:
    """The same computation built in rlx and in torch, leaf by leaf."""

    graph: Graph
    rng: np.random.Generator
    dtype: str = "f64"
    feeds: dict[str, np.ndarray] = field(default_factory=dict)
    torch_leaves: dict[str, torch.Tensor] = field(default_factory=dict)

    def leaf(self, value: np.ndarray, param: bool = False) -> tuple[Tensor, torch.Tensor]:
        value = value.astype(rlx.as_dtype(self.dtype).np)
        name = f"leaf{len(self.feeds)}"
        declare = self.graph.param if param else self.graph.input
        self.feeds[name] = value
        self.torch_leaves[name] = torch.tensor(value, requires_grad=True)
        return declare(name, value.shape, self.dtype), self.torch_leaves[name]

    def normal(self, *shape: int, param: bool = False) -> tuple[Tensor, torch.Tensor]:
        return self.leaf(self.rng.standard_normal(shape), param)

    def compare(self, loss: Tensor, torch_loss: torch.Tensor, device: str, rtol: float) -> None:
        """grad of ``loss`` w.r.t. every leaf equals torch's, loss included."""
        self.graph.set_outputs([loss])
        names = list(self.feeds)
        got = run_graph(grad(self.graph, names, d_output=False), self.feeds, device)
        torch_loss.backward()
        np.testing.assert_allclose(got[0], torch_loss.detach().numpy(), rtol=rtol)
        for name, g in zip(names, got[1:]):
            want = self.torch_leaves[name].grad.numpy()
            scale = np.abs(want).max(initial=1.0)
            np.testing.assert_allclose(g, want, rtol=rtol, atol=rtol * scale, err_msg=name)


# --------------------------------------------------------------------------- random graphs

Step = Callable[[Twin, Tensor, torch.Tensor], tuple[Tensor, torch.Tensor]]


def _unary(rlx_fn, torch_fn) -> Step:
    return lambda tw, x, t: (rlx_fn(x), torch_fn(t))


def _binary(op: str, torch_fn) -> Step:
    def step(tw, x, t):
        shape = tuple(1 if tw.rng.random() < 0.4 else d for d in x.shape)
        other, other_t = tw.normal(*shape)
        return x.graph.apply(op, [x, other]), torch_fn(t, other_t)
    return step


def _safe_div(tw, x, t):
    other, other_t = tw.normal(*x.shape[-1:])
    denominator = 1.5 + rlx.sigmoid(other)
    return x / denominator, t / (1.5 + torch.sigmoid(other_t))


def _matmul(tw, x, t):
    w, wt = tw.normal(x.shape[-1], int(tw.rng.integers(2, 5)), param=True)
    return x @ w, t @ wt


def _layer_norm(tw, x, t):
    gamma, gamma_t = tw.normal(x.shape[-1], param=True)
    beta, beta_t = tw.normal(x.shape[-1], param=True)
    return (rlx.layer_norm(x, gamma, beta),
            F.layer_norm(t, t.shape[-1:], gamma_t, beta_t, eps=1e-5))


def _reduce_keep(op: str, torch_fn) -> Step:
    return lambda tw, x, t: (x.graph.apply(op, [x], axes=-1, keepdims=True),
                             torch_fn(t))


STEPS: dict[str, Step] = {
    "tanh": _unary(rlx.tanh, torch.tanh),
    "sigmoid": _unary(rlx.sigmoid, torch.sigmoid),
    "sin": _unary(rlx.sin, torch.sin),
    "gelu": _unary(rlx.gelu, F.gelu),
    "gelu_tanh": _unary(rlx.gelu_tanh, lambda t: F.gelu(t, approximate="tanh")),
    "silu": _unary(rlx.silu, F.silu),
    "softplus": _unary(rlx.softplus, F.softplus),
    "exp-tanh": _unary(lambda x: rlx.exp(rlx.tanh(x)), lambda t: torch.exp(torch.tanh(t))),
    "abs": _unary(rlx.abs, torch.abs),
    "relu": _unary(rlx.relu, torch.relu),
    "softmax": _unary(lambda x: x.softmax(-1), lambda t: torch.softmax(t, -1)),
    "log_softmax": _unary(lambda x: x.log_softmax(-1), lambda t: torch.log_softmax(t, -1)),
    "transpose": _unary(lambda x: x.transpose(1, 0), lambda t: t.T),
    "add": _binary("add", torch.add),
    "sub": _binary("sub", torch.sub),
    "mul": _binary("mul", torch.mul),
    "maximum": _binary("maximum", torch.maximum),
    "div": _safe_div,
    "matmul": _matmul,
    "layer_norm": _layer_norm,
    "sum": _reduce_keep("sum", lambda t: t.sum(-1, keepdim=True)),
    "mean": _reduce_keep("mean", lambda t: t.mean(-1, keepdim=True)),
    "max": _reduce_keep("max", lambda t: t.amax(-1, keepdim=True)),
    "logsumexp": _reduce_keep("logsumexp", lambda t: torch.logsumexp(t, -1, keepdim=True)),
}


@pytest.mark.parametrize("seed", range(16))
def test_random_graph_matches_torch_autograd(seed):
    rng = np.random.default_rng(seed)
    tw = Twin(Graph(f"random{seed}"), rng)
    x, t = tw.normal(3, 4)
    kinds = list(STEPS)
    for _ in range(6):
        kind = kinds[int(rng.integers(len(kinds)))]
        x, t = STEPS[kind](tw, x, t)
        if 1 in x.shape and x.ndim == 2 and rng.random() < 0.5:
            x, t = x.broadcast_to((x.shape[0], 3)), t.expand(x.shape[0], 3)
    weights = rng.standard_normal(x.shape)
    loss = (x * x.graph.constant(weights, "f64")).sum()
    tw.compare(loss, (t * torch.tensor(weights)).sum(), "reference", rtol=1e-10)


# --------------------------------------------------------------------------- networks

def _small_cnn(tw: Twin) -> tuple[Tensor, torch.Tensor]:
    """conv (stride, padding, dilation, groups, bias) -> relu -> max_pool -> conv ->
    avg_pool -> linear -> softmax cross-entropy."""
    x, xt = tw.normal(3, 2, 9, 9)
    w1, w1t = tw.normal(4, 1, 3, 3, param=True)
    b1, b1t = tw.normal(4, param=True)
    w2, w2t = tw.normal(3, 4, 2, 2, param=True)
    fc, fct = tw.normal(12, 5, param=True)
    labels = np.array([1, 4, 0])
    h = rlx.relu(rlx.conv2d(x, w1, b1, stride=1, padding=2, dilation=2, groups=2))
    h = rlx.max_pool2d(h, 3, stride=2, padding=1)
    h = rlx.avg_pool2d(rlx.conv2d(h, w2, stride=2, padding=1), 2, stride=1,
                       count_include_pad=False)
    logits = h.reshape(3, 12) @ fc
    loss = rlx.softmax_cross_entropy(logits, tw.graph.constant(labels))
    ht = torch.relu(F.conv2d(xt, w1t, b1t, stride=1, padding=2, dilation=2, groups=2))
    ht = F.max_pool2d(ht, 3, stride=2, padding=1)
    ht = F.avg_pool2d(F.conv2d(ht, w2t, stride=2, padding=1), 2, stride=1,
                      count_include_pad=False)
    loss_t = F.cross_entropy(ht.reshape(3, 12) @ fct, torch.from_numpy(labels))
    return loss, loss_t


@pytest.mark.parametrize("dtype, rtol", [("f64", 1e-10), ("f32", 2e-4)])
def test_small_cnn_matches_torch(device, dtype, rtol):
    tw = Twin(Graph("cnn"), np.random.default_rng(0), dtype)
    tw.compare(*_small_cnn(tw), device, rtol)


def test_attention_block_matches_torch(device):
    """Grouped-query attention with an additive mask, then an output projection."""
    tw = Twin(Graph("attention"), np.random.default_rng(1))
    q, qt = tw.normal(2, 4, 3, 8)
    k, kt = tw.normal(2, 2, 5, 8)
    v, vt = tw.normal(2, 2, 5, 4)
    mask, mask_t = tw.normal(1, 1, 3, 5)
    proj, proj_t = tw.normal(4, 3, param=True)
    out = rlx.attention(q, k, v, mask=mask)
    out_t = F.scaled_dot_product_attention(qt, kt, vt, attn_mask=mask_t, enable_gqa=True)
    tw.compare(rlx.tanh(out @ proj).sum(), torch.tanh(out_t @ proj_t).sum(), device, 1e-10)


def test_norms_and_selections_match_torch(device):
    """layer_norm over two axes, rms_norm, cumsum, prod with a zero, topk, reflect pad."""
    tw = Twin(Graph("mixed"), np.random.default_rng(2))
    x, xt = tw.normal(2, 3, 4)
    gamma, gamma_t = tw.normal(3, 4, param=True)
    scale, scale_t = tw.normal(4, param=True)
    values = np.random.default_rng(3).standard_normal((3, 4))
    values[1, 2] = 0.0
    p, pt = tw.leaf(values)
    a = rlx.layer_norm(x, gamma, axis=-2)
    a_t = F.layer_norm(xt, (3, 4), gamma_t)
    r = rlx.rms_norm(x, scale, eps=1e-6)
    r_t = F.rms_norm(xt, (4,), scale_t, eps=1e-6)
    c = rlx.cumsum(a * r, axis=1, reverse=True)
    c_t = torch.flip(torch.cumsum(torch.flip(a_t * r_t, (1,)), 1), (1,))
    top = rlx.topk(c.reshape(2, 12), 5)[0]
    top_t = torch.topk(c_t.reshape(2, 12), 5).values
    padded = rlx.pad(p, [(0, 0), (2, 1)], mode="reflect")
    padded_t = F.pad(pt.unsqueeze(0), (2, 1), mode="reflect")[0]
    loss = (top * top).sum() + padded.prod(1).sum()
    loss_t = (top_t * top_t).sum() + padded_t.prod(1).sum()
    tw.compare(loss, loss_t, device, 1e-10)


def test_hvp_matches_torch(device):
    rng = np.random.default_rng(4)
    w = rng.standard_normal((4, 3))
    x, v = rng.standard_normal((5, 4)), rng.standard_normal((4, 3))
    g = Graph("hvp")
    xt = g.input("x", x.shape, "f64")
    wt = g.param("w", w.shape, "f64")
    g.set_outputs([rlx.logsumexp(rlx.tanh(xt @ wt), axis=(0, 1))])
    out = run_graph(hvp(g, ["w"]), {"x": x, "w": w, "tangent_w": v}, device)

    def f(weights):
        return torch.logsumexp(torch.tanh(torch.from_numpy(x) @ weights).reshape(-1), 0)

    _, want = torch.autograd.functional.hvp(f, torch.from_numpy(w), torch.from_numpy(v))
    np.testing.assert_allclose(out[3], want.numpy(), rtol=1e-10, atol=1e-12)
