"""A mixture-of-experts layer (rlx.moe: routing, grouped_matmul, combine) against PyTorch
in float64: the forward values, grad with respect to the input, router and every expert
weight, jvp, and vmap against a loop over the batch; on reference and cpu."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import rlx
from rlx import moe

DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]
T, D, F, E, K = 6, 16, 12, 5, 2


def _values(seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    f = lambda *s: (rng.standard_normal(s) * 0.5).astype(np.float32)  # noqa: E731
    return {"x": f(T, D), "router": f(E, D), "gate": f(E, F, D), "up": f(E, F, D),
            "down": f(E, D, F)}


def _graph(gate: str = "softmax", renormalize: bool = True) -> rlx.Graph:
    g = rlx.Graph("moe")
    x = g.input("x", (T, D))
    ps = {n: g.param(n, s) for n, s in (("router", (E, D)), ("gate", (E, F, D)),
                                       ("up", (E, F, D)), ("down", (E, D, F)))}
    y = moe.moe_mlp(x, ps["router"], ps["gate"], ps["up"], ps["down"], K, gate=gate,
                    renormalize=renormalize)
    g.set_outputs([(y * y).sum()])
    return g


def _torch_loss(v: dict[str, torch.Tensor], gate: str = "softmax",
                renormalize: bool = True) -> torch.Tensor:
    """The same layer written with dense per-token expert weights in PyTorch."""
    logits = v["x"] @ v["router"].T
    scores = torch.softmax(logits, -1) if gate == "softmax" else torch.sigmoid(logits)
    weights, idx = torch.topk(scores, K, dim=-1)
    if renormalize:
        weights = weights / weights.sum(-1, keepdim=True)
    gw, uw, dw = v["gate"][idx], v["up"][idx], v["down"][idx]     # [T, K, ...]
    h = torch.nn.functional.silu(torch.einsum("tkfd,td->tkf", gw, v["x"]))
    h = h * torch.einsum("tkfd,td->tkf", uw, v["x"])
    y = torch.einsum("tkdf,tkf->tkd", dw, h)
    y = (y * weights[..., None]).sum(1)
    return (y * y).sum()


def _compile(graph, device, vals):
    cg = rlx.Session(device).compile(graph)
    for name, _ in graph.params:
        cg.set_param(name, vals[name])
    return cg


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("gate, renormalize", [("softmax", True), ("softmax", False),
                                               ("sigmoid", True)])
def test_forward_and_grad_match_pytorch(device, gate, renormalize):
    vals = _values(1)
    names = ["x", "router", "gate", "up", "down"]
    dg = rlx.grad(_graph(gate, renormalize), names, d_output=False)
    cg = _compile(dg, device, vals)
    loss, *grads = cg.run({"x": vals["x"]})
    tv = {k: torch.tensor(v, dtype=torch.float64, requires_grad=True) for k, v in vals.items()}
    want = _torch_loss(tv, gate, renormalize)
    want.backward()
    np.testing.assert_allclose(loss, want.item(), rtol=1e-5)
    for name, got in zip(names, grads):
        ref = tv[name].grad.numpy()
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-5 * np.abs(ref).max(),
                                   err_msg=name)


@pytest.mark.parametrize("device", DEVICES)
def test_jvp_matches_pytorch(device):
    vals = _values(2)
    rng = np.random.default_rng(9)
    tang = {n: rng.standard_normal(vals[n].shape).astype(np.float32) for n in ("x", "down")}
    jg = rlx.jvp(_graph(), ["x", "down"])
    cg = _compile(jg, device, vals)
    _, t_loss = cg.run({"x": vals["x"], "tangent_x": tang["x"], "tangent_down": tang["down"]})
    tv = {k: torch.tensor(v, dtype=torch.float64) for k, v in vals.items()}

    def f(x, down):
        return _torch_loss({**tv, "x": x, "down": down})

    _, want = torch.func.jvp(f, (tv["x"], tv["down"]),
                             (torch.tensor(tang["x"], dtype=torch.float64),
                              torch.tensor(tang["down"], dtype=torch.float64)))
    np.testing.assert_allclose(t_loss, want.item(), rtol=1e-4)


@pytest.mark.parametrize("device", DEVICES)
def test_vmap_matches_a_loop(device):
    vals = _values(3)
    g = rlx.Graph("moe")
    x = g.input("x", (T, D))
    ps = [g.param(n, vals[n].shape) for n in ("router", "gate", "up", "down")]
    g.set_outputs([moe.moe_mlp(x, *ps, K)])
    batch = 3
    xs = np.random.default_rng(4).standard_normal((batch, T, D)).astype(np.float32)
    vg = rlx.vmap(g, ["x"], batch)
    (got,) = _compile(vg, device, vals).run({"x": xs})
    one = _compile(g, device, vals)
    want = np.stack([one.run({"x": xs[b]})[0] for b in range(batch)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_routing_and_shared_expert_match_pytorch():
    vals = _values(5)
    g = rlx.Graph("moe")
    x = g.input("x", (T, D))
    ps = {n: g.param(n, vals[n].shape) for n in ("router", "gate", "up", "down")}
    shared_w = g.param("shared", (D, D))
    y = moe.moe_mlp(x, ps["router"], ps["gate"], ps["up"], ps["down"], K,
                    shared=lambda h: h @ shared_w)
    weights, idx = moe.route(x @ ps["router"].transpose(), K)
    g.set_outputs([y, weights, idx])
    sw = np.random.default_rng(6).standard_normal((D, D)).astype(np.float32)
    cg = _compile(g, "reference", {**vals, "shared": sw})
    got_y, got_w, got_i = cg.run({"x": vals["x"]})
    tv = {k: torch.tensor(v, dtype=torch.float64) for k, v in vals.items()}
    probs = torch.softmax(tv["x"] @ tv["router"].T, -1)
    w_ref, i_ref = torch.topk(probs, K, dim=-1)
    np.testing.assert_array_equal(got_i, i_ref.numpy())
    np.testing.assert_allclose(got_w, (w_ref / w_ref.sum(-1, keepdim=True)).numpy(),
                               rtol=1e-5)
    gw, uw, dw = tv["gate"][i_ref], tv["up"][i_ref], tv["down"][i_ref]
    h = torch.nn.functional.silu(torch.einsum("tkfd,td->tkf", gw, tv["x"]))
    h = h * torch.einsum("tkfd,td->tkf", uw, tv["x"])
    routed = (torch.einsum("tkdf,tkf->tkd", dw, h) * (w_ref / w_ref.sum(-1, keepdim=True))
              [..., None]).sum(1)
    want = routed + tv["x"] @ torch.tensor(sw, dtype=torch.float64)
    np.testing.assert_allclose(got_y, want.numpy(), rtol=1e-5, atol=1e-6)


def test_route_refuses_bad_arguments():
    g = rlx.Graph("moe")
    logits = g.input("l", (4, 6))
    with pytest.raises(rlx.GraphBuildError, match="k must be an int in"):
        moe.route(logits, 7)
    with pytest.raises(rlx.GraphBuildError, match="gate must be one of"):
        moe.route(logits, 2, gate="relu")
    with pytest.raises(rlx.GraphBuildError, match="bias goes with the sigmoid"):
        moe.route(logits, 2, bias=g.input("b", (6,)))
