"""custom_vjp: user functions whose reverse-mode derivative is given."""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.checks import run_graph

import rlx
from rlx.autodiff import custom_vjp, grad, hvp, jvp
from rlx.errors import GraphBuildError


def _round_fwd(x):
    return rlx.round(x)


def _straight_through(ctx, ct):
    return [ct]


straight_round = custom_vjp(_round_fwd, _straight_through)


def test_straight_through_rounding_replaces_the_zero_derivative(device):
    g = rlx.Graph("ste")
    x = g.input("x", (4,), "f64")
    g.set_outputs([(straight_round(x) * x).sum()])
    xv = np.array([0.2, 1.7, -2.4, 3.5])
    loss, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    np.testing.assert_allclose(loss, (np.round(xv) * xv).sum())
    np.testing.assert_allclose(dx, xv + np.round(xv), rtol=1e-14)


@pytest.mark.parametrize("where", ["scan", "cond", "while_loop"])
def test_a_custom_rule_inside_a_control_flow_body_is_used(device, where):
    """grad of a scan, cond or while_loop differentiates its bodies with their
    custom-VJP records (it ignored them: the body's round() gave derivative 0)."""
    g = rlx.Graph(where)
    x = g.input("x", (3,), "f64")
    if where == "scan":
        h, _ = rlx.scan(lambda h, _: (straight_round(h * 3.0), h.sum()), x, None, length=1)
    elif where == "cond":
        h = rlx.cond(x.sum() > -100.0, lambda a: straight_round(a * 3.0), lambda a: a * 3.0, x)
    else:
        h, _ = rlx.while_loop(lambda c: c[1] < 1, lambda c: (straight_round(c[0] * 3.0),
                                                            c[1] + 1), (x, np.int32(0)))
    g.set_outputs([(h * x).sum()])
    xv = np.array([0.4, 1.1, -0.7])
    loss, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    np.testing.assert_allclose(loss, (np.round(3 * xv) * xv).sum(), rtol=1e-14)
    np.testing.assert_allclose(dx, np.round(3 * xv) + 3 * xv, rtol=1e-14)


def test_a_custom_function_in_a_body_reads_tensors_of_the_graph_around_it(device):
    """As any op may: a tensor of the graph around a scan body, given to a custom
    function inside it, is captured (it was 'all arguments must belong to one graph').
    Its custom rule scales the derivative by 10 at each of the two steps: 100 y^2."""
    scaled = custom_vjp(lambda a, b: a * b, lambda ctx, ct: [ct * ctx.inputs[1] * 10.0, None],
                        name="scaled")
    g = rlx.Graph("captured")
    x = g.input("x", (3,), "f64")
    y = g.input("y", (3,), "f64")
    c, _ = rlx.scan(lambda c, _: (scaled(c, y), c), x, None, length=2)
    g.set_outputs([c.sum()])
    xv, yv = np.array([1.0, 2.0, 3.0]), np.array([0.5, -1.0, 2.0])
    loss, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv, "y": yv}, device)
    np.testing.assert_allclose(loss, (xv * yv * yv).sum(), rtol=1e-14)
    np.testing.assert_allclose(dx, 100 * yv ** 2, rtol=1e-14)
    other = rlx.Graph("other").input("z", (3,), "f64")
    with pytest.raises(GraphBuildError, match="'scaled': operand belongs to graph 'other'"):
        scaled(x, other)


def test_backward_reads_residuals_and_options(device):
    """A softplus with a hand-written backward sigmoid(x) * scale, reading the forward's
    exp(-|x|) as a residual."""
    def fwd(x, scale):
        e = rlx.exp(-rlx.abs(x))
        return rlx.maximum(x, 0.0) + rlx.log(1.0 + e), (e,)

    def bwd(ctx, ct):
        (e,) = ctx.residuals
        (x,) = ctx.inputs
        sig = rlx.where(x >= 0.0, 1.0 / (1.0 + e), e / (1.0 + e))
        return [ct * sig * ctx.options["scale"]]

    softplus = custom_vjp(fwd, bwd, name="softplus")
    g = rlx.Graph("residuals")
    x = g.input("x", (5,), "f64")
    g.set_outputs([softplus(x, scale=3.0).sum()])
    xv = np.linspace(-2, 2, 5)
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    np.testing.assert_allclose(dx, 3.0 / (1.0 + np.exp(-xv)), rtol=1e-14)


def test_custom_rule_covers_several_arguments_and_integer_ones(device):
    def fwd(a, b, idx):
        return rlx.gather(a * b, idx)

    def bwd(ctx, ct):
        return [ct * 10.0, None, None]

    picked = custom_vjp(fwd, bwd)
    g = rlx.Graph("multi")
    a = g.input("a", (3,), "f64")
    b = g.input("b", (3,), "f64")
    idx = g.input("idx", (3,), "i64")
    g.set_outputs([picked(a, b, idx).sum()])
    feeds = {"a": np.ones(3), "b": np.ones(3), "idx": np.array([0, 1, 2])}
    _, da, db = run_graph(grad(g, ["a", "b"], d_output=False), feeds, device)
    np.testing.assert_array_equal(da, np.full(3, 10.0))
    np.testing.assert_array_equal(db, np.zeros(3))


def test_forward_mode_differentiates_through_the_forward_ops(device):
    g = rlx.Graph("fwdmode")
    x = g.input("x", (3,), "f64")
    g.set_outputs([straight_round(x) + x])
    _, tangent = run_graph(jvp(g, ["x"]), {"x": np.ones(3), "tangent_x": np.ones(3)}, device)
    np.testing.assert_array_equal(tangent, np.ones(3))


def test_hvp_differentiates_the_custom_backward(device):
    def fwd(x):
        return x * x * x

    def bwd(ctx, ct):
        (x,) = ctx.inputs
        return [ct * 3.0 * x * x]

    cube = custom_vjp(fwd, bwd)
    g = rlx.Graph("cube")
    x = g.input("x", (2,), "f64")
    g.set_outputs([cube(x).sum()])
    xv, v = np.array([1.0, -2.0]), np.array([0.5, 1.0])
    out = run_graph(hvp(g, ["x"]), {"x": xv, "tangent_x": v}, device)
    np.testing.assert_allclose(out[3], 6 * xv * v, rtol=1e-14)


def test_nested_custom_functions_use_the_outer_rule(device):
    doubled = custom_vjp(lambda x: straight_round(x) * 1.0, lambda ctx, ct: [ct * 2.0])
    g = rlx.Graph("nested")
    x = g.input("x", (2,), "f64")
    g.set_outputs([doubled(x).sum()])
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": np.ones(2)}, device)
    np.testing.assert_array_equal(dx, [2.0, 2.0])


def test_misuse_is_reported():
    g = rlx.Graph("misuse")
    x = g.input("x", (2,), "f32")
    identity = custom_vjp(lambda t: t, _straight_through, name="identity")
    with pytest.raises(GraphBuildError, match="'identity': fwd returned a tensor that existed"):
        identity(x)
    with pytest.raises(GraphBuildError, match="positional arguments must be rlx Tensors"):
        straight_round(np.ones(2))
    wrong_count = custom_vjp(_round_fwd, lambda ctx, ct: [ct, ct], name="wrong")
    g.set_outputs([wrong_count(x).sum()])
    with pytest.raises(GraphBuildError, match="'wrong': bwd returned 2 cotangents for 1"):
        grad(g, ["x"])
    for bad, message in [(lambda ctx, ct: 2.0, "bwd returned float; it must return a list"),
                         (lambda ctx, ct: [np.ones(2)], "cotangent 0 is ndarray"),
                         (lambda ctx, ct: {"x": ct}, "bwd returned dict")]:
        h = rlx.Graph("misuse_again")
        y = h.input("x", (2,), "f32")
        h.set_outputs([custom_vjp(_round_fwd, bad, name="bad")(y).sum()])
        with pytest.raises(GraphBuildError, match=message):
            grad(h, ["x"])
    # a bare Tensor (or None) for a function of one argument stands for a list of one
    bare = rlx.Graph("bare")
    z = bare.input("x", (2,), "f32")
    bare.set_outputs([custom_vjp(_round_fwd, lambda ctx, ct: ct * 3.0, name="bare")(z).sum()])
    (got,) = rlx.Session("reference").compile(grad(bare, ["x"])).run(
        {"x": np.ones(2, np.float32), "d_output": np.float32(1.0)})[1:]
    np.testing.assert_array_equal(got, [3.0, 3.0])
