"""Forward mode, Hessian-vector products and jacfwd: every JVP rule against central
differences, hvp against differences of the gradient, and the transforms' contracts.

Per-rule checks run on the reference backend (the oracle); contract tests on
every device.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.cases import CASES
from tests.autodiff.checks import check_hvp, check_jvp, run_graph
from tests.autodiff.test_vjp import loss_graph

import rlx
from rlx.autodiff import JVP_RULES, hvp, jacfwd, jvp
from rlx.errors import GraphBuildError, UnsupportedOpError

ORACLE = "reference"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_rule_matches_central_differences(case):
    graph, feeds, wrt, y = case.make()
    graph.set_outputs([y])
    check_jvp(graph, wrt, feeds, ORACLE)


@pytest.mark.parametrize("case", [c for c in CASES if c.second_order], ids=lambda c: c.name)
def test_hvp_matches_differences_of_the_gradient(case):
    """Forward over reverse: exercises the JVP rules of every op a VJP rule emits."""
    graph, feeds, wrt = loss_graph(case)
    check_hvp(graph, wrt, feeds, ORACLE)


# --------------------------------------------------------------------------- contracts

def test_hvp_of_sum_of_squares(device):
    """Spec: f = sum(x^2) gives [f, 2x, <2x, v>, 2v] to 1e-12 in f64."""
    g = rlx.Graph("square")
    x = g.input("x", (5,), "f64")
    g.set_outputs([(x * x).sum()])
    h = hvp(g, ["x"])
    assert [name for name, _ in h.inputs] == ["x", "tangent_x"]
    rng = np.random.default_rng(0)
    xv, v = rng.standard_normal(5), rng.standard_normal(5)
    f, gx, gv, hv = run_graph(h, {"x": xv, "tangent_x": v}, device)
    for got, want in ((f, (xv ** 2).sum()), (gx, 2 * xv), (gv, (2 * xv * v).sum()),
                      (hv, 2 * v)):
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_hvp_mixes_leaves(device):
    """H v over two leaves: f = sum(x^2 y) has H = [[2y, 2x], [2x, 0]]."""
    g = rlx.Graph("mixed")
    x = g.input("x", (3,), "f64")
    y = g.param("y", (3,), "f64")
    g.set_outputs([(x * x * y).sum()])
    rng = np.random.default_rng(1)
    xv, yv, vx, vy = (rng.standard_normal(3) for _ in range(4))
    out = run_graph(hvp(g, ["x", "y"]), {"x": xv, "y": yv, "tangent_x": vx,
                                         "tangent_y": vy}, device)
    np.testing.assert_allclose(out[4], 2 * yv * vx + 2 * xv * vy, rtol=1e-12)
    np.testing.assert_allclose(out[5], 2 * xv * vx, rtol=1e-12)


def _two_output_graph():
    g = rlx.Graph("two")
    x = g.input("x", (3,), "f64")
    w = g.param("w", (3,), "f64")
    c = g.input("c", (3,), "f64")
    n = g.input("n", (3,), "i64")
    g.set_outputs([rlx.sin(x) * w, (c * c).sum(), n * 2])
    return g


def test_jvp_names_order_and_zero_tangents(device):
    g = _two_output_graph()
    j = jvp(g, ["w", "x", "n"])
    assert [name for name, _ in j.inputs] == ["x", "c", "n", "tangent_w", "tangent_x",
                                              "tangent_n"]
    assert dict(j.inputs)["tangent_n"].dtype == rlx.i64
    rng = np.random.default_rng(2)
    xv, wv, cv, tx, tw = (rng.standard_normal(3) for _ in range(5))
    feeds = {"x": xv, "w": wv, "c": cv, "n": np.arange(3), "tangent_x": tx, "tangent_w": tw,
             "tangent_n": np.ones(3, np.int64)}
    y, s, m, ty, ts, tm = run_graph(j, feeds, device)
    np.testing.assert_allclose(y, np.sin(xv) * wv, rtol=1e-14)
    np.testing.assert_allclose(ty, np.cos(xv) * tx * wv + np.sin(xv) * tw, rtol=1e-13)
    assert ts.shape == () and ts == 0.0
    assert tm.dtype == np.int64 and not tm.any()


def test_jvp_rejects_unknown_and_taken_names():
    g = rlx.Graph("names")
    x = g.input("x", (2,), "f32")
    g.input("tangent_x", (2,), "f32")
    g.set_outputs([x * 2.0])
    with pytest.raises(GraphBuildError, match="'z' is not an input or param"):
        jvp(g, ["z"])
    with pytest.raises(GraphBuildError, match="named 'tangent_x'"):
        jvp(g, ["x"])


def test_jvp_without_rule_names_op_and_node(monkeypatch):
    monkeypatch.delitem(JVP_RULES, "tanh")
    g = rlx.Graph("norule")
    x = g.input("x", (2,), "f32")
    g.set_outputs([rlx.tanh(x)])
    with pytest.raises(UnsupportedOpError, match=r"no JVP rule for op 'tanh' at %1 = tanh"):
        jvp(g, ["x"])


def test_stop_gradient_gives_zero_tangent(device):
    g = rlx.Graph("stop")
    x = g.input("x", (2,), "f64")
    g.set_outputs([rlx.stop_gradient(x) * x])
    xv, t = np.array([1.0, 2.0]), np.array([1.0, 1.0])
    _, tangent = run_graph(jvp(g, ["x"]), {"x": xv, "tangent_x": t}, device)
    np.testing.assert_array_equal(tangent, xv)


# --------------------------------------------------------------------------- jacfwd

def test_jacfwd_of_a_linear_map_is_the_matrix(device):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 4))
    g = rlx.Graph("linear")
    x = g.input("x", (4,), "f64")
    g.set_outputs([g.constant(a, "f64") @ x])
    j = jacfwd(g, "x")
    assert j.output_types[0].shape == (3, 4)
    (jac,) = run_graph(j, {"x": rng.standard_normal(4)}, device)
    np.testing.assert_allclose(jac, a, rtol=1e-14)


def test_jacfwd_shape_is_output_then_input_shape(device):
    rng = np.random.default_rng(4)
    g = rlx.Graph("nonlinear")
    x = g.input("x", (2, 2), "f64")
    w = g.param("w", (2, 3), "f64")
    g.set_outputs([rlx.tanh(x @ w)])
    feeds = {"x": rng.standard_normal((2, 2)), "w": rng.standard_normal((2, 3))}
    (jac,) = run_graph(jacfwd(g, "w"), feeds, device)
    assert jac.shape == (2, 3, 2, 3)
    y = np.tanh(feeds["x"] @ feeds["w"])
    want = np.einsum("ik,ij,jl->ijkl", feeds["x"], 1 - y ** 2, np.eye(3))
    np.testing.assert_allclose(jac, want, rtol=1e-12, atol=1e-14)


def test_jacfwd_of_an_independent_output_is_zero(device):
    g = rlx.Graph("independent")
    x = g.input("x", (2,), "f64")
    c = g.input("c", (3,), "f64")
    g.set_outputs([c * 2.0 + x.sum() * 0.0 + rlx.stop_gradient(x).sum()])
    (jac,) = run_graph(jacfwd(g, "x"), {"x": np.ones(2), "c": np.ones(3)}, device)
    np.testing.assert_array_equal(jac, np.zeros((3, 2)))


def test_transforms_refuse_a_string_or_a_non_graph_for_their_names():
    """A string is not a list of names: grad, jvp and hvp took its characters ('xy'
    differentiated x and y); jacfwd takes one name; none leaks a TypeError."""
    from rlx.autodiff import grad, vmap

    g = rlx.Graph("g")
    x, y, xy = (g.input(n, (3,), "f64") for n in ("x", "y", "xy"))
    g.set_outputs([(x * y * xy).sum()])
    calls = [lambda: grad(g, "xy", d_output=False), lambda: jvp(g, "xy"),
             lambda: hvp(g, "xy"), lambda: vmap(g, "xy", 2), lambda: jacfwd(g, ["x"]),
             lambda: vmap(g, None, 2), lambda: jvp(None, ["x"]), lambda: grad(g, [1]),
             lambda: jacfwd(None, "x")]
    for call in calls:
        with pytest.raises(GraphBuildError):
            call()
    assert [n for n, _ in jvp(g, ["xy"]).inputs][-1] == "tangent_xy"
