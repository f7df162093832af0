"""Reverse mode: every VJP rule against central differences, and grad's contract.

The per-rule finite-difference checks run on the reference backend (the oracle:
the derivative graphs are the same on every device); the contract and broadcasting
tests run on every device.
"""

from __future__ import annotations

import numpy as np
import pytest
from tests.autodiff.cases import CASES, Case
from tests.autodiff.checks import check_vjp, run_graph

import rlx
from rlx.autodiff import VJP_RULES, grad
from rlx.errors import DTypeError, GraphBuildError, UnsupportedOpError
from rlx.ir.formats import FORMATS

ORACLE = "reference"


def loss_graph(case: Case, seed: int = 0):
    """The case's op result projected on a random cotangent direction: a scalar loss."""
    graph, feeds, wrt, y = case.make(seed)
    direction = np.random.default_rng(seed + 1).standard_normal(y.shape)
    graph.set_outputs([(y * graph.constant(direction, y.dtype)).sum()])
    return graph, feeds, wrt


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_rule_matches_central_differences(case):
    graph, feeds, wrt = loss_graph(case)
    check_vjp(graph, wrt, feeds, ORACLE)


# --------------------------------------------------------------------------- contract

def _mlp_graph(dtype="f64"):
    g = rlx.Graph("mlp")
    x = g.input("x", (4, 3), dtype)
    labels = g.input("labels", (4,), "i64")
    w = g.param("w", (3, 5), dtype)
    b = g.param("b", (5,), dtype)
    unused = g.param("unused", (2,), dtype)
    g.set_outputs([rlx.softmax_cross_entropy(rlx.tanh(x @ w + b), labels)])
    return g, unused


def _mlp_feeds(rng, dtype=np.float64):
    return {"x": rng.standard_normal((4, 3)).astype(dtype), "labels": np.array([0, 4, 1, 1]),
            "w": rng.standard_normal((3, 5)).astype(dtype),
            "b": rng.standard_normal(5).astype(dtype), "unused": np.ones(2, dtype)}


def test_grad_outputs_loss_then_gradients_in_wrt_order(device):
    graph, _ = _mlp_graph()
    g = grad(graph, ["b", "x", "w"])
    assert [name for name, _ in g.inputs] == ["x", "labels", "d_output"]
    assert [name for name, _ in g.params] == ["w", "b", "unused"]
    assert [t.shape for t in g.output_types] == [(), (5,), (4, 3), (3, 5)]
    feeds = _mlp_feeds(np.random.default_rng(0))
    seeded = run_graph(g, {**feeds, "d_output": np.array(2.5)}, device)
    plain = run_graph(grad(graph, ["b", "x", "w"], d_output=False), feeds, device)
    np.testing.assert_allclose(seeded[0], run_graph(graph, feeds, device)[0], rtol=1e-14)
    for s, p in zip(seeded[1:], plain[1:]):
        np.testing.assert_allclose(s, 2.5 * p, rtol=1e-12, atol=1e-14)


def test_unreachable_and_integer_leaves_get_zeros(device):
    graph, _ = _mlp_graph()
    g = grad(graph, ["unused", "labels"], d_output=False)
    _, d_unused, d_labels = run_graph(g, _mlp_feeds(np.random.default_rng(0)), device)
    assert d_unused.dtype == np.float64 and not d_unused.any()
    assert d_labels.dtype == np.int64 and d_labels.shape == (4,) and not d_labels.any()


def test_one_element_loss_of_rank_two_is_accepted(device):
    g = rlx.Graph("g")
    x = g.input("x", (3,), "f64")
    g.set_outputs([(x * x).sum(keepdims=True).reshape(1, 1)])
    grad_graph = grad(g, ["x"])
    assert dict(grad_graph.inputs)["d_output"].shape == (1, 1)
    xv = np.array([1.0, -2.0, 3.0])
    _, dx = run_graph(grad_graph, {"x": xv, "d_output": np.ones((1, 1))}, device)
    np.testing.assert_allclose(dx, 2 * xv)


def test_cotangents_accumulate_over_consumers(device):
    g = rlx.Graph("g")
    x = g.input("x", (3,), "f64")
    y = x * x + rlx.sin(x) + x
    g.set_outputs([(y * x).sum()])
    xv = np.array([0.3, -1.2, 2.0])
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    want = 3 * xv ** 2 + np.sin(xv) + xv * np.cos(xv) + 2 * xv
    np.testing.assert_allclose(dx, want, rtol=1e-13)


def test_cast_between_floats_casts_the_cotangent_back(device):
    g = rlx.Graph("g")
    x = g.input("x", (4,), "f64")
    weights = g.constant(np.array([1.0, -2.0, 0.5, 4.0]), "f32")
    g.set_outputs([(x.cast("f32") * weights).sum()])
    gg = grad(g, ["x"], d_output=False)
    assert gg.output_types[1].dtype == rlx.f64
    _, dx = run_graph(gg, {"x": np.ones(4)}, device)
    np.testing.assert_array_equal(dx, [1.0, -2.0, 0.5, 4.0])


def test_stop_gradient_blocks_the_whole_branch(device):
    g = rlx.Graph("g")
    x = g.input("x", (3,), "f64")
    g.set_outputs([(rlx.stop_gradient(rlx.exp(x)) * x).sum()])
    xv = np.array([0.1, 0.2, 0.3])
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    np.testing.assert_allclose(dx, np.exp(xv), rtol=1e-14)


def test_ties_split_evenly_and_kinks_follow_pytorch(device):
    g = rlx.Graph("g")
    x = g.input("x", (4,), "f64")
    y = g.input("y", (4,), "f64")
    loss = x.max() + rlx.maximum(x, y).sum() + rlx.relu(y).sum() + rlx.abs(y).sum()
    g.set_outputs([loss])
    xv, yv = np.array([1.0, 3.0, 3.0, 0.0]), np.array([1.0, 0.0, -1.0, 0.0])
    _, dx, dy = run_graph(grad(g, ["x", "y"], d_output=False), {"x": xv, "y": yv}, device)
    np.testing.assert_array_equal(dx, [0.5, 1.5, 1.5, 0.5])
    # maximum's tie share + relu'(y) (0 at 0) + sign(y)
    np.testing.assert_array_equal(dy, [2.5, 0.0, -1.0, 0.5])


def test_a_nan_passes_the_derivative_of_relu_maximum_and_minimum_as_in_pytorch(device):
    """relu at NaN and maximum / minimum beside a NaN pass the derivative on (to both
    operands), as PyTorch's rules do; rlx gave 0. Oracle: torch.autograd."""
    torch = pytest.importorskip("torch")
    g = rlx.Graph("nan_kinks")
    x = g.input("x", (4,), "f64")
    y = g.input("y", (4,), "f64")
    g.set_outputs([(rlx.relu(x) + rlx.maximum(x, y) * 10.0 + rlx.minimum(x, y) * 100.0
                    ).sum()])
    xv = np.array([np.nan, 0.5, -2.0, 1.0])
    yv = np.array([1.0, np.nan, -3.0, 1.0])
    _, dx, dy = run_graph(grad(g, ["x", "y"], d_output=False), {"x": xv, "y": yv}, device)
    xt = torch.tensor(xv, requires_grad=True)
    yt = torch.tensor(yv, requires_grad=True)
    (torch.relu(xt) + torch.maximum(xt, yt) * 10 + torch.minimum(xt, yt) * 100).sum().backward()
    np.testing.assert_array_equal(dx, xt.grad.numpy())
    np.testing.assert_array_equal(dy, yt.grad.numpy())


# --------------------------------------------------------------------------- broadcasting

def _broadcast_graph(op, shape_a, shape_b, dtype):
    g = rlx.Graph("bcast")
    a = g.input("a", shape_a, dtype)
    b = g.input("b", shape_b, dtype)
    out = g.apply(op, [a, b])
    weights = g.input("w", out.shape, dtype)
    g.set_outputs([(out * weights).sum()])
    return g


_UNBROADCAST = [((3, 1), (1, 4)), ((2, 3, 4, 5), (1, 3, 1, 1)), ((4,), (2, 3, 4))]


@pytest.mark.parametrize("op", ["add", "sub", "mul"])
@pytest.mark.parametrize("shapes", _UNBROADCAST, ids=str)
@pytest.mark.parametrize("dtype", ["f64", "f32"])
def test_gradients_unbroadcast(device, op, shapes, dtype):
    """[N,1] op [1,S] and the channel bias [N,C,H,W] + [1,C,1,1] against numpy."""
    rng = np.random.default_rng(1)
    shape_a, shape_b = shapes
    out_shape = np.broadcast_shapes(shape_a, shape_b)
    a, b = rng.standard_normal(shape_a), rng.standard_normal(shape_b)
    w = rng.standard_normal(out_shape)
    np_dtype = rlx.as_dtype(dtype).np
    feeds = {k: v.astype(np_dtype) for k, v in {"a": a, "b": b, "w": w}.items()}
    _, da, db = run_graph(grad(_broadcast_graph(op, shape_a, shape_b, dtype), ["a", "b"],
                               d_output=False), feeds, device)
    partial_a = {"add": w, "sub": w, "mul": w * b}[op]
    partial_b = {"add": w, "sub": -w, "mul": w * a}[op]
    rtol = 1e-12 if dtype == "f64" else 1e-5
    np.testing.assert_allclose(da, _sum_to(partial_a, shape_a), rtol=rtol, atol=rtol)
    np.testing.assert_allclose(db, _sum_to(partial_b, shape_b), rtol=rtol, atol=rtol)
    assert da.dtype == db.dtype == np_dtype


def _sum_to(t: np.ndarray, shape) -> np.ndarray:
    lead = t.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape) if d == 1)
    return t.sum(axis=axes, keepdims=True).reshape(shape)


@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_outer_broadcast_matches_central_differences_in_f64(op):
    graph = _broadcast_graph(op, (3, 1), (1, 4), "f64")
    rng = np.random.default_rng(2)
    feeds = {"a": rng.standard_normal((3, 1)), "b": rng.standard_normal((1, 4)),
             "w": rng.standard_normal((3, 4))}
    check_vjp(graph, ["a", "b"], feeds, ORACLE)


# --------------------------------------------------------------------------- errors

def test_forward_with_two_outputs_is_rejected():
    g = rlx.Graph("two")
    x = g.input("x", (2,), "f32")
    g.set_outputs([x.sum(), x.mean()])
    with pytest.raises(GraphBuildError, match="exactly one output, it has 2"):
        grad(g, ["x"])


def test_non_scalar_output_is_rejected():
    g = rlx.Graph("vec")
    x = g.input("x", (2,), "f32")
    g.set_outputs([x * 2.0])
    with pytest.raises(GraphBuildError, match="must be a scalar"):
        grad(g, ["x"])


def test_integer_loss_is_rejected():
    g = rlx.Graph("int")
    x = g.input("x", (2,), "i32")
    g.set_outputs([x.sum()])
    with pytest.raises(DTypeError, match="loss must be float"):
        grad(g, ["x"])


def test_unknown_name_and_taken_d_output_are_rejected():
    g = rlx.Graph("names")
    x = g.input("x", (2,), "f32")
    seed = g.input("d_output", (), "f32")
    g.set_outputs([(x * seed).sum()])
    with pytest.raises(GraphBuildError, match="'y' is not an input or param"):
        grad(g, ["y"])
    with pytest.raises(GraphBuildError, match="already has an input or param named 'd_output'"):
        grad(g, ["x"])
    assert len(grad(g, ["x"], d_output=False).outputs) == 2


def test_op_without_rule_is_rejected_naming_op_and_node(monkeypatch):
    monkeypatch.delitem(VJP_RULES, "sin")
    g = rlx.Graph("norule")
    x = g.input("x", (3,), "f32")
    g.set_outputs([rlx.sin(x * 2.0).sum()])
    with pytest.raises(UnsupportedOpError, match=r"no VJP rule for op 'sin' at %3 = sin\(%2\)"):
        grad(g, ["x"])


def test_op_without_rule_off_the_differentiated_path_is_fine(monkeypatch):
    monkeypatch.delitem(VJP_RULES, "sin")
    g = rlx.Graph("offpath")
    x = g.input("x", (3,), "f64")
    c = g.input("c", (3,), "f64")
    g.set_outputs([(rlx.sin(c) * x).sum()])
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": np.ones(3), "c": np.ones(3)},
                      ORACLE)
    np.testing.assert_allclose(dx, np.sin(np.ones(3)))


def _quantiser(ste: bool):
    """A graph with outputs [sum(q(x) * x)] and q(x) = round_to_format(x, fp8)."""
    g = rlx.Graph("quant")
    x = g.input("x", (4,), "f32")
    rounded = rlx.round_to_format(x, FORMATS["fp8_e4m3fn"], ste=ste)
    return g, rounded, (rounded * x).sum()


@pytest.mark.parametrize("ste", [True, False])
def test_round_to_format_is_straight_through_only_as_a_fake_quantiser(device, ste):
    g, rounded, loss = _quantiser(ste)
    xv = np.array([0.3, -1.7, 2.2, 5.1], np.float32)
    g.set_outputs([rounded])
    (quantised,) = run_graph(g, {"x": xv}, device)
    g.set_outputs([loss])
    _, dx = run_graph(grad(g, ["x"], d_output=False), {"x": xv}, device)
    np.testing.assert_allclose(dx, quantised + (xv if ste else 0.0), rtol=1e-6)


def test_nonlinear_scatter_update_is_rejected():
    g = rlx.Graph("scatter_mul")
    data = g.input("data", (3, 2), "f32")
    updates = g.input("updates", (2, 2), "f32")
    out = g.apply("scatter_update", [data, g.constant(np.array([0, 2])), updates],
                  reduction="mul")
    g.set_outputs([out.sum()])
    with pytest.raises(UnsupportedOpError, match="scatter_update with reduction 'mul'"):
        grad(g, ["data"])
