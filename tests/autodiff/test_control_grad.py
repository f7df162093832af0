"""grad, jvp and vmap of the control-flow ops (rlx.cond, rlx.while_loop, rlx.scan):
gradients and tangents against central finite differences in float64, vmap against a
Python loop over the batch, and a scan RNN's gradient against PyTorch.

Every check runs on the reference backend and on cpu; a cpu run is skipped (not
failed) only while the cpu backend reports a control-flow op as unsupported."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import rlx
from rlx.autodiff import grad, jvp, vmap
from rlx.errors import UnsupportedOpError
from rlx.ir.graph import Graph

DEVICES = [d for d in ("reference", "cpu") if d in rlx.available_devices()]
CONTROL = ("cond", "while_loop", "scan", "unpack")
EPS = 1e-6
RTOL = 1e-6
B = 3


_COMPILED: dict[tuple[int, str], tuple[Graph, object]] = {}


def run(graph: Graph, feeds: dict, device: str) -> list[np.ndarray]:
    """Run ``graph`` (compiled once per device: the finite differences rerun it); on
    cpu, skip while its backend lacks a control-flow op."""
    key = (id(graph), device)
    if key not in _COMPILED:
        try:
            _COMPILED[key] = graph, rlx.Session(device).compile(graph)
        except UnsupportedOpError as error:
            if device != "reference" and any(op in str(error) for op in CONTROL):
                pytest.skip(f"{device} cannot run control flow yet: "
                            f"{str(error).splitlines()[0]}")
            raise
    return _COMPILED[key][1].run({name: feeds[name] for name, _ in graph.inputs})


def i64(graph: Graph, value: int):
    return graph.constant(np.asarray(value, np.int64))


# --------------------------------------------------------------------------- cases

def cond_case(positive: bool):
    """A cond with two results (a float and an integer) and a captured tensor."""
    def build():
        g = Graph("cond")
        x = g.input("x", (3,), "f64")
        y = g.input("y", (3,), "f64")

        def yes(a, n):
            return rlx.sin(a * y) + a * a, n + 1

        def no(a, n):
            return rlx.exp(a) * y.sum(), n * 2
        out, n = rlx.cond(x.sum() > 0, yes, no, x, i64(g, 3))
        g.set_outputs([(out * out).sum() + n.cast("f64")])
        return g
    sign = 1.0 if positive else -1.0
    return build, {"x": sign * np.array([0.5, 0.3, 0.2]), "y": np.array([1.0, -2.0, 0.7])}


def scan_case(reverse: bool):
    """Two float carries and an integer counter, two xs, two ys (one reading the
    counter), a captured weight; reverse or not."""
    def build():
        g = Graph("scan")
        xs = g.input("xs", (5, 3), "f64")
        zs = g.input("zs", (5,), "f64")
        h0 = g.input("h0", (3,), "f64")
        s0 = g.input("s0", (), "f64")
        w = g.input("w", (3,), "f64")

        def step(carry, x):
            h, s, n = carry
            xt, zt = x
            h2 = rlx.tanh(h * w + xt * zt)
            s2 = s + (h2 * xt).sum() * 0.5
            return (h2, s2, n + 1), {"a": h2 * s, "b": zt * n.cast("f64")}
        (h, s, n), ys = rlx.scan(step, (h0, s0, i64(g, 0)), (xs, zs), reverse=reverse)
        g.set_outputs([(h * h).sum() + s * 2.0 + (ys["a"] * ys["a"]).sum() + ys["b"].sum()
                       + n.cast("f64")])
        return g
    rng = np.random.default_rng(1)
    return build, {"xs": rng.standard_normal((5, 3)), "zs": rng.standard_normal(5),
                   "h0": rng.standard_normal(3), "s0": np.asarray(0.3),
                   "w": rng.standard_normal(3)}


def while_case():
    """A data-dependent trip count (about 5 here), a counter and a captured scale."""
    def build():
        g = Graph("while")
        x = g.input("x", (3,), "f64")
        a = g.input("a", (), "f64")

        def body(c):
            v, n = c
            return v * a + rlx.sin(v), n + 1
        v, n = rlx.while_loop(lambda c: (c[0] * c[0]).sum() < 30.0, body, (x, i64(g, 0)))
        g.set_outputs([(v * v * v).sum() + n.cast("f64")])
        return g
    return build, {"x": np.array([0.5, 0.3, -0.2]), "a": np.asarray(1.4)}


def nested_case():
    """A scan whose body holds a cond and a short while_loop."""
    def build():
        g = Graph("nested")
        xs = g.input("xs", (4, 2), "f64")
        h0 = g.input("h0", (2,), "f64")

        def step(h, x):
            h = rlx.cond(x.sum() > 0, lambda u: u * x, lambda u: u + rlx.sin(x), h)
            h, _ = rlx.while_loop(lambda c: c[1] < 2, lambda c: (rlx.tanh(c[0]) + x, c[1] + 1),
                                  (h, i64(h.graph, 0)))
            return h, h.sum()
        h, ys = rlx.scan(step, h0, xs)
        g.set_outputs([(h * h).sum() + (ys * ys).sum()])
        return g
    rng = np.random.default_rng(2)
    return build, {"xs": rng.standard_normal((4, 2)), "h0": rng.standard_normal(2)}


CASES = {
    "cond-true": cond_case(True),
    "cond-false": cond_case(False),
    "scan": scan_case(False),
    "scan-reverse": scan_case(True),
    "while": while_case(),
    "nested": nested_case(),
}


def _floats(feeds: dict) -> list[str]:
    return [n for n, v in feeds.items() if np.asarray(v).dtype.kind == "f"]


def _central(graph: Graph, feeds: dict, direction: dict, device: str) -> list[np.ndarray]:
    ahead = run(graph, {n: feeds[n] + EPS * direction.get(n, 0) for n in feeds}, device)
    behind = run(graph, {n: feeds[n] - EPS * direction.get(n, 0) for n in feeds}, device)
    return [(a - b) / (2 * EPS) for a, b in zip(ahead, behind)]


# --------------------------------------------------------------------------- grad / jvp

@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", list(CASES))
def test_grad_matches_finite_differences(case, device):
    build, feeds = CASES[case]
    graph = build()
    names = _floats(feeds)
    loss, *grads = run(grad(graph, names, d_output=False), feeds, device)
    np.testing.assert_allclose(loss, run(graph, feeds, device)[0], rtol=1e-14)
    rng = np.random.default_rng(0)
    direction = {n: rng.standard_normal(np.shape(feeds[n])) for n in names}
    fd = _central(graph, feeds, direction, device)[0]
    terms = sum(float((g * direction[n]).sum()) for n, g in zip(names, grads))
    scale = sum(float(np.abs(g * direction[n]).sum()) for n, g in zip(names, grads))
    np.testing.assert_allclose(terms, fd, rtol=RTOL, atol=RTOL * scale)
    for name, g in zip(names, grads):  # each leaf alone too
        one = {name: direction[name]}
        np.testing.assert_allclose((g * direction[name]).sum(),
                                   _central(graph, feeds, one, device)[0],
                                   rtol=RTOL, atol=RTOL * scale, err_msg=name)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", list(CASES))
def test_jvp_matches_finite_differences(case, device):
    build, feeds = CASES[case]
    graph = build()
    names = _floats(feeds)
    rng = np.random.default_rng(3)
    direction = {n: rng.standard_normal(np.shape(feeds[n])) for n in names}
    tangents = {f"tangent_{n}": v for n, v in direction.items()}
    out, tangent = run(jvp(graph, names), {**feeds, **tangents}, device)
    np.testing.assert_allclose(out, run(graph, feeds, device)[0], rtol=1e-14)
    fd = _central(graph, feeds, direction, device)[0]
    np.testing.assert_allclose(tangent, fd, rtol=RTOL, atol=RTOL * max(1.0, abs(float(fd))))


def test_scan_result_siblings_share_one_loop():
    """jvp builds one new scan per result; the results share the new body (siblings)."""
    build, _ = CASES["scan"]
    graph = jvp(build(), ["h0", "xs"])
    tangent_scans = [n for n in graph.nodes if n.op == "scan" and n.attr("carries") > 3]
    assert len(tangent_scans) >= 2
    assert len({id(n.attr("body")) for n in tangent_scans}) == 1


def test_while_grad_of_an_integer_carry_is_zero_and_trip_count_known_at_run_time():
    """d/dx of a loop's float result through a loop whose trip count depends on x: the
    integer counter carries no derivative; the gradient is d(v_N)/dx at N fixed."""
    g = Graph("w")
    x = g.input("x", (), "f64")
    v, n = rlx.while_loop(lambda c: c[0] < 10.0, lambda c: (c[0] * 2.0, c[1] + 1),
                          (x, i64(g, 0)))
    g.set_outputs([v + n.cast("f64")])
    dg = grad(g, ["x"], d_output=False)
    for x0, trips in ((0.3, 6), (3.0, 2), (20.0, 0)):
        loss, dx = run(dg, {"x": np.asarray(x0)}, "reference")
        assert loss == x0 * 2 ** trips + trips
        assert dx == 2.0 ** trips


# --------------------------------------------------------------------------- vmap

def _loop(graph: Graph, feeds: dict, batched: list[str], device: str) -> list[np.ndarray]:
    outs = [run(graph, {n: (v[b] if n in batched else v) for n, v in feeds.items()}, device)
            for b in range(B)]
    return [np.stack(o) for o in zip(*outs)]


def _vmap_cond(batched_pred: bool):
    g = Graph("vcond")
    x = g.input("x", (3,), "f64")
    p = g.input("p", (), "i64")
    y = g.input("y", (2,), "f64")
    out, k = rlx.cond(p if batched_pred else p + 0, lambda a: (a * 2.0 + y.sum(), p + 1),
                      lambda a: (rlx.exp(a), p * 3), x)
    g.set_outputs([out, k, y * 1.0])
    rng = np.random.default_rng(4)
    feeds = {"x": rng.standard_normal((B, 3)), "p": np.array([1, 0, 1]) if batched_pred
             else np.asarray(0), "y": rng.standard_normal(2)}
    return g, feeds, ["x", "p"] if batched_pred else ["x"]


def _vmap_scan():
    g = Graph("vscan")
    xs = g.input("xs", (4, 3), "f64")
    h0 = g.input("h0", (3,), "f64")
    w = g.input("w", (3,), "f64")

    def step(c, x):
        h, n, u = c
        return (rlx.tanh(h * w + x), n + 1, u * 2.0), (h * n.cast("f64"), u)
    (h, n, u), (ys, us) = rlx.scan(step, (h0, i64(g, 0), g.constant(1.0, "f64")), xs,
                                   reverse=True)
    g.set_outputs([h, n, u, ys, us])
    rng = np.random.default_rng(5)
    feeds = {"xs": rng.standard_normal((B, 4, 3)), "h0": rng.standard_normal(3),
             "w": rng.standard_normal((B, 3))}
    return g, feeds, ["xs", "w"]


def _vmap_while(batched_pred: bool):
    g = Graph("vwhile")
    x = g.input("x", (2,), "f64")
    lim = g.input("lim", (), "f64")

    def cond(c):
        return c[0].sum() < lim if batched_pred else c[1] < 4

    v, n = rlx.while_loop(cond, lambda c: (c[0] * 1.5 + 0.1, c[1] + 1), (x, i64(g, 0)))
    g.set_outputs([v, n])
    feeds = {"x": np.array([[0.5, 0.2], [1.0, 1.0], [3.0, 2.0]]),
             "lim": np.asarray(6.0)}
    if batched_pred:
        feeds["lim"] = np.array([6.0, 3.0, 12.0])
    return g, feeds, ["x", "lim"] if batched_pred else ["x"]


VMAP_CASES = {
    "cond": lambda: _vmap_cond(False),
    "cond-batched-pred": lambda: _vmap_cond(True),
    "scan": _vmap_scan,
    "while": lambda: _vmap_while(False),
    "while-batched-pred": lambda: _vmap_while(True),
}


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("case", list(VMAP_CASES))
def test_vmap_matches_loop_over_batch(case, device):
    graph, feeds, batched = VMAP_CASES[case]()
    got = run(vmap(graph, batched, B), feeds, device)
    want = _loop(graph, feeds, batched, device)
    for k, (a, b) in enumerate(zip(got, want)):
        assert a.shape == b.shape and a.dtype == b.dtype, k
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12, err_msg=f"output {k}")


def _ops(graph: Graph) -> set[str]:
    """The op kinds of ``graph`` and of every body inside it."""
    from rlx.ir.control import subgraphs

    kinds = set()
    for node in graph.nodes:
        kinds.add(node.op)
        for body in subgraphs(node):
            kinds |= _ops(body.graph)
    return kinds


def test_vmap_of_a_batched_predicate_selects_and_an_unbatched_one_branches():
    assert "cond" in _ops(vmap(*_vmap_cond(False)[::2], B))
    batched = vmap(*_vmap_cond(True)[::2], B)
    assert "cond" not in _ops(batched) and "where" in _ops(batched)
    assert "where" not in _ops(vmap(*_vmap_while(False)[::2], B))
    assert "where" in _ops(vmap(*_vmap_while(True)[::2], B))


def test_while_batched_predicate_lanes_stop_at_their_own_count():
    graph, feeds, batched = _vmap_while(True)
    _, n = run(vmap(graph, batched, B), feeds, "reference")
    assert len(set(n.tolist())) == B  # three lanes, three trip counts


def test_vmap_of_grad_of_scan():
    """Transforms compose: per-example gradients of a scan by vmap over grad."""
    build, feeds = CASES["scan"]
    dg = grad(build(), ["w"], d_output=False)
    rng = np.random.default_rng(6)
    batch = {**feeds, "xs": feeds["xs"] + 0.1 * rng.standard_normal((B, 5, 3))}
    got = run(vmap(dg, ["xs"], B), batch, "reference")
    want = _loop(dg, batch, ["xs"], "reference")
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


# --------------------------------------------------------------------------- PyTorch

@pytest.mark.parametrize("device", DEVICES)
def test_scan_rnn_grad_matches_pytorch(device):
    """h_t = tanh(W x_t + U h_{t-1} + b) over a sequence; loss = sum of squared hidden
    states plus the final state's sum; grads wrt W, U, b, h0 match torch autograd."""
    t_len, n_in, n_h = 6, 3, 4
    rng = np.random.default_rng(7)
    values = {"W": rng.standard_normal((n_h, n_in)) * 0.5,
              "U": rng.standard_normal((n_h, n_h)) * 0.5,
              "b": rng.standard_normal(n_h) * 0.1, "h0": rng.standard_normal(n_h),
              "xs": rng.standard_normal((t_len, n_in))}
    g = Graph("rnn")
    leaves = {n: g.input(n, v.shape, "f64") for n, v in values.items()}
    w, u, b = leaves["W"], leaves["U"], leaves["b"]

    def cell(h, x):
        h2 = rlx.tanh(w @ x + u @ h + b)
        return h2, h2
    h, hs = rlx.scan(cell, leaves["h0"], leaves["xs"])
    g.set_outputs([(hs * hs).sum() + h.sum()])
    wrt = ["W", "U", "b", "h0"]
    loss, *grads = run(grad(g, wrt, d_output=False), values, device)

    tv = {n: torch.tensor(v, requires_grad=n in wrt) for n, v in values.items()}
    ht, total = tv["h0"], torch.zeros((), dtype=torch.float64)
    for t in range(t_len):
        ht = torch.tanh(tv["W"] @ tv["xs"][t] + tv["U"] @ ht + tv["b"])
        total = total + (ht * ht).sum()
    total = total + ht.sum()
    total.backward()
    np.testing.assert_allclose(loss, total.detach().numpy(), rtol=1e-12)
    for name, got in zip(wrt, grads):
        np.testing.assert_allclose(got, tv[name].grad.numpy(), rtol=1e-10, atol=1e-12,
                                   err_msg=name)


# --------------------------------------------------------------------------- errors

def test_rules_refuse_packed_nodes():
    from rlx.autodiff.control import _result
    from rlx.errors import GraphBuildError

    g = Graph("p")
    x = g.input("x", (2,), "f64")
    c, _ = rlx.scan(lambda c, _x: (c * 2.0, c), x, None, length=2)
    node = c.node
    packed = g.nodes[g.add("scan", node.inputs, **{**node.attr_dict, "result": -1})]
    with pytest.raises(GraphBuildError, match="pack_control_flow"):
        _result(packed)

