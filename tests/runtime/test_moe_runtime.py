"""The MoE runtime surface (rlx.runtime.moe) on every device: router top-k capture,
residency masks per model and per layer, and the residency statistics, against the
routing and a hand count done in numpy."""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx import moe
from rlx.errors import InputError

T, D, F, K = 5, 8, 6, 2
EXPERTS = (4, 6)          # two MoE layers with different expert counts


def _model(tokens=T):
    g = rlx.Graph("moe2")
    h = g.input("x", (tokens, D))
    for layer, e in enumerate(EXPERTS):
        ps = [g.param(f"l{layer}.{n}", s) for n, s in (("router", (e, D)), ("gate", (e, F, D)),
                                                        ("up", (e, F, D)), ("down", (e, D, F)))]
        h = h + moe.moe_mlp(h, *ps, K)
    g.set_outputs([h])
    return g


def _weights(seed=0):
    rng = np.random.default_rng(seed)
    out = {}
    for layer, e in enumerate(EXPERTS):
        for n, s in (("router", (e, D)), ("gate", (e, F, D)), ("up", (e, F, D)),
                     ("down", (e, D, F))):
            out[f"l{layer}.{n}"] = (rng.standard_normal(s) * 0.4).astype(np.float32)
    return out


def _compiled(device, graph=None):
    graph = graph or _model()
    cg = rlx.Session(device).compile(graph)
    weights = _weights()
    for name, _ in graph.params:
        cg.set_param(name, weights[name])
    return cg


def _routing(w, x):
    """Each layer's top-k expert ids, recomputed in float64 numpy."""
    ids = []
    h = x.astype(np.float64)
    for layer in range(len(EXPERTS)):
        p = {n: w[f"l{layer}.{n}"].astype(np.float64) for n in ("router", "gate", "up", "down")}
        logits = h @ p["router"].T
        top = np.argsort(-logits, axis=1, kind="stable")[:, :K]
        probs = np.exp(logits - logits.max(1, keepdims=True))
        probs /= probs.sum(1, keepdims=True)
        sel = np.take_along_axis(probs, top, 1)
        sel /= sel.sum(1, keepdims=True)
        g = np.einsum("tkfd,td->tkf", p["gate"][top], h)
        u = np.einsum("tkfd,td->tkf", p["up"][top], h)
        y = np.einsum("tkdf,tkf->tkd", p["down"][top], g / (1 + np.exp(-g)) * u)
        h = h + (y * sel[..., None]).sum(1)
        ids.append(top)
    return ids


def test_capture_gives_each_layers_router_top_k_in_token_order(device):
    cg = _compiled(device)
    assert cg.capabilities().moe
    x = np.random.default_rng(1).standard_normal((T, D)).astype(np.float32)
    assert cg.take_moe_topk_capture() is None
    assert cg.enable_moe_topk_capture(4) is False        # layer 1 has 6 experts
    cg.run({"x": x})
    assert cg.take_moe_topk_capture() is None            # not armed
    one_layer = _compiled(device, _one_layer_graph())
    assert one_layer.enable_moe_topk_capture(4) is True
    one_layer.run({"x": x})
    (captured,) = one_layer.take_moe_topk_capture()
    want = _routing(_weights(), x)[0]
    assert captured == want.reshape(-1).tolist()
    assert one_layer.take_moe_topk_capture() is None     # taken once
    one_layer.run({"x": x})
    assert one_layer.take_moe_topk_capture() is None     # one run per enable


def _one_layer_graph():
    g = rlx.Graph("moe1")
    x = g.input("x", (T, D))
    e = EXPERTS[0]
    ps = [g.param(f"l0.{n}", s) for n, s in (("router", (e, D)), ("gate", (e, F, D)),
                                             ("up", (e, F, D)), ("down", (e, D, F)))]
    g.set_outputs([x + moe.moe_mlp(x, *ps, K)])
    return g


def test_residency_masks_change_the_accounting_not_the_results(device):
    cg = _compiled(device)
    x = np.random.default_rng(2).standard_normal((T, D)).astype(np.float32)
    (full,) = cg.run({"x": x})
    stats = cg.take_moe_residency_stats()
    assert stats.resident == (T * K, T * K) and stats.offloaded == (0, 0)
    assert cg.take_moe_residency_stats() is None
    masks = [np.array([True, False, True, False]), np.array([False] * 3 + [True] * 3)]
    cg.set_moe_resident_experts_per_layer(masks)
    (partial,) = cg.run({"x": x})
    np.testing.assert_array_equal(partial, full)
    stats = cg.take_moe_residency_stats()
    ids = _routing(_weights(), x)
    want_res = tuple(int(m[i].sum()) for m, i in zip(masks, ids))
    assert stats.resident == want_res
    assert stats.offloaded == tuple(T * K - r for r in want_res)
    assert stats.total_resident + stats.total_offloaded == 2 * T * K


def test_a_clone_keeps_the_masks_and_an_armed_capture(device):
    """clone() is a deep copy of the executable, whose residency masks and armed
    capture it kept at their defaults (every expert resident, nothing captured)."""
    cg = _compiled(device, _one_layer_graph())
    x = np.random.default_rng(6).standard_normal((T, D)).astype(np.float32)
    mask = np.array([True, True, False, False])
    cg.set_moe_resident_experts(mask)
    assert cg.enable_moe_topk_capture(4) is True
    twin = cg.clone()
    twin.run({"x": x})
    (ids,) = _routing(_weights(), x)[:1]
    assert twin.take_moe_topk_capture() == [ids.reshape(-1).tolist()]
    stats = twin.take_moe_residency_stats()
    assert stats.resident == (int(mask[ids].sum()),)
    assert stats.offloaded == (T * K - int(mask[ids].sum()),)
    cg.run({"x": x})                   # the original's own state is untouched
    assert cg.take_moe_topk_capture() == [ids.reshape(-1).tolist()]


def test_one_mask_for_every_layer_and_bad_masks(device):
    cg = _compiled(device, _one_layer_graph())
    x = np.random.default_rng(3).standard_normal((T, D)).astype(np.float32)
    cg.set_moe_resident_experts([False, True, False, True])
    cg.run({"x": x})
    ids = _routing(_weights(), x)[0]
    assert cg.take_moe_residency_stats().resident == (int(np.isin(ids, [1, 3]).sum()),)
    with pytest.raises(InputError, match="4 bools"):
        cg.set_moe_resident_experts([True, False])
    with pytest.raises(InputError, match="1 MoE layers, got 2"):
        cg.set_moe_resident_experts_per_layer([[True] * 4, [True] * 4])
    with pytest.raises(InputError, match="4 bools"):          # 2 is not a bool
        cg.set_moe_resident_experts([0, 2, 1, 0])
    with pytest.raises(InputError, match="expected a list of 1 masks"):
        cg.set_moe_resident_experts_per_layer(m for m in [[True] * 4])
    cg.set_moe_resident_experts_per_layer(np.array([[0, 1, 0, 1]]))     # 0 / 1 are bools
    cg.run({"x": x})
    assert cg.take_moe_residency_stats().resident == (int(np.isin(ids, [1, 3]).sum()),)
    two = _compiled(device)
    with pytest.raises(InputError, match="different expert counts"):
        two.set_moe_resident_experts([True] * 4)


def test_graphs_without_experts_have_no_moe_layers(device):
    g = rlx.Graph("plain")
    x = g.input("x", (3,))
    g.set_outputs([x * 2.0])
    cg = rlx.Session(device).compile(g)
    assert cg.enable_moe_topk_capture(4) is False
    cg.run({"x": np.ones(3, np.float32)})
    assert cg.take_moe_topk_capture() is None and cg.take_moe_residency_stats() is None
    with pytest.raises(InputError, match="no MoE layer"):
        cg.set_moe_resident_experts([True])
    assert len(cg.output_types) == 1


def test_a_symbolic_token_count_captures_the_active_tokens(device):
    g = rlx.Graph("moe_sym")
    t = rlx.Dim("tokens", max=16)
    x = g.input("x", (t, D))
    e = EXPERTS[0]
    ps = [g.param(f"l0.{n}", s) for n, s in (("router", (e, D)), ("gate", (e, F, D)),
                                             ("up", (e, F, D)), ("down", (e, D, F)))]
    g.set_outputs([x + moe.moe_mlp(x, *ps, K)])
    cg = _compiled(device, g)
    assert len(cg.output_types) == 1
    xv = np.random.default_rng(4).standard_normal((3, D)).astype(np.float32)
    assert cg.enable_moe_topk_capture(e)
    (y,) = cg.run({"x": xv})
    assert y.shape == (3, D)
    (captured,) = cg.take_moe_topk_capture()
    assert captured == _routing(_weights(), xv)[0].reshape(-1).tolist()
    assert cg.take_moe_residency_stats().resident == (3 * K,)


def test_read_output_row_sees_the_graphs_outputs_only(device):
    """The expert ids a MoE graph adds as hidden outputs are not an output of the graph
    for read_output_row either (index 1 of a one-output graph returned them)."""
    g = rlx.Graph("moe")
    x = g.input("x", (3, 8))
    g.set_outputs([moe.moe_mlp(x, g.param("r", (4, 8)), g.param("g", (4, 6, 8)),
                               g.param("u", (4, 6, 8)), g.param("d", (4, 8, 6)), 2)])
    cg = rlx.Session(device).compile(g)
    rng = np.random.default_rng(0)
    for name, shape in (("r", (4, 8)), ("g", (4, 6, 8)), ("u", (4, 6, 8)), ("d", (4, 8, 6))):
        cg.set_param(name, rng.standard_normal(shape).astype(np.float32))
    (out,) = cg.run({"x": rng.standard_normal((3, 8)).astype(np.float32)})
    np.testing.assert_array_equal(cg.read_output_row(0, 1, 8), out[1])
    with pytest.raises(rlx.InputError, match=r"output index 1 out of range \(1 outputs\)"):
        cg.read_output_row(1, 0, 2)
