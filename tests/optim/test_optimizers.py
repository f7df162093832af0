"""Optimizers step by step against PyTorch (SGD, Adam, AdamW), against float64 numpy
implementations written here from the papers' update rules (Lion, Muon), and through a
compiled graph (resident step and host fallback)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import rlx
from rlx.errors import InputError
from rlx.optim import SGD, Adam, AdamW, Lion, Muon, orthogonalize, shape_scale

SHAPES = {"w": (5, 4), "b": (7,)}
STEPS = 6
TOL = {np.float32: dict(rtol=1e-6, atol=1e-6), np.float64: dict(rtol=1e-12, atol=1e-13)}


def _problem(dtype, seed: int = 0):
    """Initial params and a gradient per step for each, in ``dtype``."""
    rng = np.random.default_rng(seed)
    params = {n: rng.standard_normal(s).astype(dtype) for n, s in SHAPES.items()}
    grads = [{n: rng.standard_normal(s).astype(dtype) for n, s in SHAPES.items()}
             for _ in range(STEPS)]
    return params, grads


def _run_rlx(opt, params, grads):
    """Yield the rlx params after each step (``params`` is updated in place)."""
    for step_grads in grads:
        for name, value in params.items():
            opt.step(name, value.shape, value, step_grads[name])
        yield params


def _run_torch(make_opt, params, grads):
    """Yield the torch params (as numpy) after each step."""
    tensors = {n: torch.tensor(v.copy(), requires_grad=True) for n, v in params.items()}
    opt = make_opt(list(tensors.values()))
    for step_grads in grads:
        for name, t in tensors.items():
            t.grad = torch.tensor(step_grads[name])
        opt.step()
        yield {n: t.detach().numpy() for n, t in tensors.items()}


TORCH_CASES = [
    ("sgd", lambda: SGD(0.1), lambda p: torch.optim.SGD(p, lr=0.1)),
    ("sgd-momentum", lambda: SGD(0.05, momentum=0.9),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9)),
    ("sgd-nesterov", lambda: SGD(0.05, momentum=0.8, nesterov=True),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True)),
    ("sgd-weight-decay", lambda: SGD(0.05, momentum=0.9, weight_decay=0.1),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, weight_decay=0.1)),
    ("sgd-nesterov-weight-decay", lambda: SGD(0.05, 0.9, nesterov=True, weight_decay=0.01),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("adam", lambda: Adam(0.01), lambda p: torch.optim.Adam(p, lr=0.01)),
    ("adam-l2", lambda: Adam(0.01, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1),
     lambda p: torch.optim.Adam(p, lr=0.01, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1)),
    ("adamw", lambda: AdamW(0.01), lambda p: torch.optim.AdamW(p, lr=0.01)),
    ("adamw-decay", lambda: AdamW(0.02, betas=(0.9, 0.95), eps=1e-7, weight_decay=0.3),
     lambda p: torch.optim.AdamW(p, lr=0.02, betas=(0.9, 0.95), eps=1e-7, weight_decay=0.3)),
]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("make_rlx, make_torch", [c[1:] for c in TORCH_CASES],
                         ids=[c[0] for c in TORCH_CASES])
def test_matches_torch_step_by_step(make_rlx, make_torch, dtype):
    params, grads = _problem(dtype)
    ours = _run_rlx(make_rlx(), {n: v.copy() for n, v in params.items()}, grads)
    theirs = _run_torch(make_torch, params, grads)
    for step, (got, want) in enumerate(zip(ours, theirs)):
        for name in SHAPES:
            assert got[name].dtype == dtype
            np.testing.assert_allclose(got[name], want[name], **TOL[dtype],
                                       err_msg=f"{name} after step {step + 1}")


SWITCHES = [
    ("momentum on", lambda: SGD(0.05), {"momentum": 0.9},
     lambda p: torch.optim.SGD(p, lr=0.05), {"momentum": 0.9}),
    ("nesterov on", lambda: SGD(0.05, momentum=0.9), {"nesterov": True},
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9), {"nesterov": True}),
    ("adam weight decay on", lambda: Adam(0.01), {"weight_decay": 0.1},
     lambda p: torch.optim.Adam(p, lr=0.01), {"weight_decay": 0.1}),
]


@pytest.mark.parametrize("make_rlx, ours, make_torch, theirs", [c[1:] for c in SWITCHES],
                         ids=[c[0] for c in SWITCHES])
def test_settings_changed_between_steps_take_effect_as_in_torch(make_rlx, ours, make_torch,
                                                                 theirs):
    """Hyperparameters may change between steps, including ones that need state the
    first steps did not (a momentum buffer), as torch's param_groups may."""
    params, grads = _problem(np.float64)
    opt = make_rlx()
    got = {n: v.copy() for n, v in params.items()}
    tensors = {n: torch.tensor(v.copy(), requires_grad=True) for n, v in params.items()}
    reference = make_torch(list(tensors.values()))
    for step, step_grads in enumerate(grads):
        if step == 2:
            for key, value in ours.items():
                setattr(opt, key, value)
            reference.param_groups[0].update(theirs)
        for name, value in got.items():
            opt.step(name, value.shape, value, step_grads[name])
            tensors[name].grad = torch.tensor(step_grads[name])
        reference.step()
        for name in SHAPES:
            np.testing.assert_allclose(got[name], tensors[name].detach().numpy(),
                                       **TOL[np.float64], err_msg=f"{name}, step {step + 1}")


def test_a_failed_step_is_not_counted(monkeypatch):
    """A step whose update fails leaves the step count (Adam's bias correction) as it
    was, so the next step is the one the state says."""
    opt = Adam(0.01)
    p = np.ones(3, np.float64)
    opt.step("p", (3,), p, np.full(3, 0.5))

    def failing(*args):
        raise RuntimeError("the update failed")

    monkeypatch.setattr(opt, "update", failing)
    with pytest.raises(RuntimeError):
        opt.step("p", (3,), p, np.full(3, 0.5))
    assert opt.state["p"].steps == 1


# --------------------------------------------------------------------------- Lion

def _lion_reference(p, m, g, lr, b1, b2, wd):
    """One Lion step in float64 (Chen et al. 2023, Algorithm 2)."""
    c = b1 * m + (1 - b1) * g
    p = p - lr * (np.sign(c) + wd * p)
    m = b2 * m + (1 - b2) * g
    return p, m


@pytest.mark.parametrize("wd", [0.0, 0.5])
def test_lion_matches_the_paper_rule(wd):
    params, grads = _problem(np.float64)
    want = {n: v.copy() for n, v in params.items()}
    moments = {n: np.zeros_like(v) for n, v in params.items()}
    opt = Lion(lr=0.01, betas=(0.9, 0.99), weight_decay=wd)
    ours = _run_rlx(opt, {n: v.copy() for n, v in params.items()}, grads)
    for got, step_grads in zip(ours, grads):
        for name in SHAPES:
            want[name], moments[name] = _lion_reference(want[name], moments[name],
                                                         step_grads[name], 0.01, 0.9, 0.99, wd)
            np.testing.assert_allclose(got[name], want[name], rtol=1e-13, atol=1e-14)


# --------------------------------------------------------------------------- Muon

@pytest.mark.parametrize("shape", [(64, 24), (24, 64), (40, 40)])
def test_orthogonalize_pushes_singular_values_toward_one(shape):
    rng = np.random.default_rng(1)
    u, _, vt = np.linalg.svd(rng.standard_normal(shape), full_matrices=False)
    spread = np.geomspace(1.0, 0.02, min(shape))  # condition number 50
    matrix = (u * spread) @ vt
    result = orthogonalize(matrix.astype(np.float32))
    assert result.shape == shape and result.dtype == np.float32
    singular = np.linalg.svd(result.astype(np.float64), compute_uv=False)
    assert singular.min() >= 0.5 and singular.max() <= 1.5, singular
    # same singular vectors: the polar factor of ``matrix`` is u @ vt
    polar = u @ vt
    cosine = np.vdot(result, polar) / (np.linalg.norm(result) * np.linalg.norm(polar))
    assert cosine > 0.97


def test_orthogonalize_transposes_tall_matrices():
    rng = np.random.default_rng(2)
    wide = rng.standard_normal((6, 15))
    np.testing.assert_allclose(orthogonalize(wide.T), orthogonalize(wide).T, rtol=1e-12)


def test_orthogonalize_keeps_a_zero_update_zero():
    assert not orthogonalize(np.zeros((3, 4))).any()


@pytest.mark.parametrize("shape", [(8, 4), (4, 8), (6, 6)])
def test_muon_step_is_scaled_by_shape(shape):
    rng = np.random.default_rng(3)
    p0 = rng.standard_normal(shape)
    g = rng.standard_normal(shape)
    opt = Muon(lr=0.1, momentum=0.0, nesterov=False)
    p = p0.copy()
    opt.step("w", shape, p, g)
    rows, cols = shape
    assert shape_scale(rows, cols) == pytest.approx(max(1.0, rows / cols) ** 0.5)
    np.testing.assert_allclose(p, p0 - 0.1 * shape_scale(rows, cols) * orthogonalize(g),
                               rtol=1e-12, atol=1e-14)


def _muon_reference(p, buf, g, lr, momentum, nesterov, steps=5):
    """One Muon step in float64, from the rule: momentum, quintic Newton–Schulz on the
    (wide-oriented) update normalised by its Frobenius norm, shape scale."""
    buf = momentum * buf + g
    update = g + momentum * buf if nesterov else buf
    x = update.T if update.shape[0] > update.shape[1] else update
    x = x / (np.linalg.norm(x) + 1e-7)
    for _ in range(steps):
        a = x @ x.T
        x = 3.4445 * x + (-4.7750 * a + 2.0315 * a @ a) @ x
    if update.shape[0] > update.shape[1]:
        x = x.T
    rows, cols = p.shape
    return p - lr * max(1.0, rows / cols) ** 0.5 * x, buf


@pytest.mark.parametrize("nesterov", [True, False])
def test_muon_matches_a_float64_reference(nesterov):
    rng = np.random.default_rng(4)
    p = rng.standard_normal((9, 5))
    want, buf = p.copy(), np.zeros_like(p)
    opt = Muon(lr=0.05, momentum=0.9, nesterov=nesterov, ns_steps=5)
    for _ in range(4):
        g = rng.standard_normal(p.shape)
        opt.step("w", p.shape, p, g)
        want, buf = _muon_reference(want, buf, g, 0.05, 0.9, nesterov)
        np.testing.assert_allclose(p, want, rtol=1e-11, atol=1e-12)


def test_muon_steps_non_matrix_params_with_adamw():
    params, grads = _problem(np.float32)
    opt = Muon(lr=0.05, adamw=AdamW(lr=0.01, betas=(0.9, 0.95), weight_decay=0.1))
    bias = params["b"].copy()
    t = torch.tensor(params["b"].copy(), requires_grad=True)
    ref = torch.optim.AdamW([t], lr=0.01, betas=(0.9, 0.95), weight_decay=0.1)
    for step_grads in grads:
        opt.step("b", bias.shape, bias, step_grads["b"])
        t.grad = torch.tensor(step_grads["b"])
        ref.step()
        np.testing.assert_allclose(bias, t.detach().numpy(), **TOL[np.float32])
    assert "b" not in opt.state and "b" in opt.adamw.state


# --------------------------------------------------------------------------- state and errors

def test_state_is_allocated_once():
    params, grads = _problem(np.float32)
    opt = Adam(0.01, weight_decay=0.1)
    w = params["w"]
    opt.step("w", w.shape, w, grads[0]["w"])
    buffers = dict(opt.state["w"].buffers)
    for step_grads in grads[1:]:
        opt.step("w", w.shape, w, step_grads["w"])
    assert all(opt.state["w"].buffers[k] is v for k, v in buffers.items())
    assert opt.state["w"].steps == STEPS


@pytest.mark.parametrize("make", [
    lambda: SGD(0.1, nesterov=True), lambda: SGD(-1.0), lambda: Adam(betas=(0.9, 1.0)),
    lambda: Adam(betas=0.9), lambda: Lion(weight_decay=-1), lambda: Muon(ns_steps=0),
    lambda: Muon(momentum=1.0), lambda: Muon(adamw=SGD(0.1)),
])
def test_bad_hyperparameters_raise(make):
    with pytest.raises(InputError):
        make()


def test_bad_step_arguments_raise():
    opt = SGD(0.1)
    p = np.zeros(4, np.float32)
    with pytest.raises(InputError, match="gradient"):
        opt.step("p", (4,), p, np.zeros(3, np.float32))
    with pytest.raises(InputError, match="dtype"):
        opt.step("q", (4,), np.zeros(4, np.int32), np.zeros(4))
    frozen = np.zeros(4, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(InputError, match="writable"):
        opt.step("r", (4,), frozen, np.zeros(4))
    with pytest.raises(InputError, match="elements"):
        opt.step("s", (2, 3), p, np.zeros(4))
    opt.step("p", (4,), p, np.ones(4))
    with pytest.raises(InputError, match="state was made"):
        opt.step("p", (2, 2), np.zeros(4, np.float64), np.ones(4))


# --------------------------------------------------------------------------- compiled steps

def _linear_loss_graph(with_param_only_work: bool) -> rlx.Graph:
    """loss = sum(w * x); outputs [loss, d loss / d w = x, w (to read it back)].

    ``with_param_only_work`` adds ``w * 2`` to the outputs, which the compiler moves to a
    prepare stage — and a staged graph cannot step params resident."""
    g = rlx.Graph("linear")
    x = g.input("x", (3,))
    w = g.param("w", (3,))
    outputs = [(w * x).sum(), x + 0.0, w + 0.0 * x]
    if with_param_only_work:
        outputs.append(w * 2.0)
    g.set_outputs(outputs)
    return g


@pytest.mark.parametrize("staged", [False, True], ids=["resident", "host-fallback"])
def test_step_compiled(staged, device):
    cg = rlx.Session(device).compile(_linear_loss_graph(staged))
    w0 = np.array([1.0, -2.0, 0.5], np.float32)
    x = np.array([0.5, 1.0, -1.0], np.float32)
    host = {"w": w0.copy()}
    cg.set_param("w", w0)
    opt = SGD(0.1, momentum=0.5)
    want = w0.copy()
    reference = SGD(0.1, momentum=0.5)
    for _ in range(3):
        cg.run_read_outputs({"x": x}, [0])
        resident = opt.step_compiled(cg, [("w", (3,))], host)
        assert resident is not staged
        reference.step("w", (3,), want, x)
    current = cg.run({"x": x})[2]
    np.testing.assert_allclose(current, want, rtol=1e-6)
    if staged:
        np.testing.assert_allclose(host["w"], want, rtol=1e-6)


@pytest.mark.parametrize("make", [lambda: SGD(0.1), lambda: Muon(0.1)], ids=["sgd", "muon"])
@pytest.mark.parametrize("staged", [False, True], ids=["resident", "host-fallback"])
def test_a_refused_step_changes_nothing(make, staged, device):
    """A step whose second trainable is unknown raises before the first is stepped:
    the param and the optimizer's state stay as they were (Muon, stepping param by
    param, had updated the first)."""
    g = rlx.Graph("two")
    x = g.input("x", (2, 4))
    w = g.param("w", (4, 4))
    outputs = [(x @ w).sum(), w * 0.0 + 0.5, x @ w]
    if staged:
        outputs.append(w * 2.0)     # a prepare stage: steps fall back to the host
    g.set_outputs(outputs)
    cg = rlx.Session(device).compile(g)
    start = np.eye(4, dtype=np.float32)
    cg.set_param("w", start)
    xv = np.arange(8, dtype=np.float32).reshape(2, 4) / 10
    cg.run({"x": xv})
    opt, host = make(), {"w": start.copy()}
    with pytest.raises(InputError, match="'ghost'"):
        opt.step_compiled(cg, [("w", (4, 4)), ("ghost", (4,))], host)
    assert opt.state == {} or all(st.steps == 0 for st in opt.state.values())
    np.testing.assert_array_equal(host["w"], start)
    np.testing.assert_allclose(cg.run({"x": xv})[2], xv.astype(np.float64) @ start, rtol=1e-6)


def test_host_fallback_needs_host_params():
    cg = rlx.Session("reference").compile(_linear_loss_graph(True))
    cg.set_param("w", np.ones(3, np.float32))
    cg.run_read_outputs({"x": np.ones(3, np.float32)}, [0])
    with pytest.raises(InputError, match="host_params"):
        SGD(0.1).step_compiled(cg, [("w", (3,))])


def _two_param_grad_graph() -> rlx.Graph:
    """Outputs [loss, d/dw, d/db] of sum(w @ x) + sum(b * x[0]) as an explicit grad graph:
    d/dw = x broadcast over w's rows, d/db = x[0, :3]."""
    g = rlx.Graph("two")
    x = g.input("x", (4, 3))
    w = g.param("w", (2, 4))
    b = g.param("b", (3,))
    loss = (w @ x).sum() + (b * x[0]).sum()
    g.set_outputs([loss, x.sum(1).reshape(1, 4).broadcast_to((2, 4)) + 0.0 * w, x[0] + 0.0 * b])
    return g


ELEMENTWISE_CASES = [
    ("sgd-nesterov", lambda: SGD(0.05, momentum=0.9, nesterov=True, weight_decay=0.01),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    ("adam-l2", lambda: Adam(0.01, weight_decay=0.1),
     lambda p: torch.optim.Adam(p, lr=0.01, weight_decay=0.1)),
    ("adamw", lambda: AdamW(0.02, weight_decay=0.3),
     lambda p: torch.optim.AdamW(p, lr=0.02, weight_decay=0.3)),
]


@pytest.mark.parametrize("make_rlx, make_torch", [c[1:] for c in ELEMENTWISE_CASES],
                         ids=[c[0] for c in ELEMENTWISE_CASES])
def test_compiled_step_of_several_params_matches_torch(make_rlx, make_torch, device):
    """Elementwise optimizers step all params of a compiled step as one flat group; the
    result is torch's, each param keeps a state of its own (views of the group's), and
    a param stepped on its own afterwards continues from that state."""
    rng = np.random.default_rng(5)
    init = {"w": rng.standard_normal((2, 4)).astype(np.float32),
            "b": rng.standard_normal(3).astype(np.float32)}
    options = rlx.CompileOptions(split_params=False)   # "0.0 * w" stays in the main graph
    cg = rlx.Session(device, options).compile(_two_param_grad_graph())
    for name, value in init.items():
        cg.set_param(name, value)
    tensors = {n: torch.tensor(v.copy(), requires_grad=True) for n, v in init.items()}
    ref = make_torch(list(tensors.values()))
    opt = make_rlx()
    trainable = [("w", (2, 4)), ("b", (3,))]
    for _ in range(4):
        x = rng.standard_normal((4, 3)).astype(np.float32)
        _, gw, gb = cg.run({"x": x})
        assert opt.step_compiled(cg, trainable)
        tensors["w"].grad, tensors["b"].grad = torch.from_numpy(gw), torch.from_numpy(gb)
        ref.step()
    assert opt.state["w"].steps == opt.state["b"].steps == 4
    first = opt.buffer_names()[0]
    assert opt.state["b"].buffers[first].size == 3
    assert opt.state["b"].buffers[first].base is opt.state["w"].buffers[first].base  # one flat
    got = {}
    cg.optimizer_step_resident(trainable, lambda n, s, p, g: got.update({n: p.copy()}))
    for name, t in tensors.items():
        np.testing.assert_allclose(got[name].reshape(t.shape), t.detach().numpy(),
                                   **TOL[np.float32], err_msg=name)
    b = got["b"]
    opt.step("b", (3,), b, np.ones(3, np.float32))   # on its own: the group's state goes on
    tensors["b"].grad = torch.ones(3)
    tensors["w"].grad = None
    ref.step()
    np.testing.assert_allclose(b, tensors["b"].detach().numpy(), **TOL[np.float32])
    assert opt.step_compiled(cg, trainable)            # out of step: one by one from now on
    assert opt.state["w"].steps == 5 and opt.state["b"].steps == 6


def test_he_uniform_bounds_and_biases():
    from rlx.optim import he_uniform

    shapes = {"conv": (16, 3, 5, 5), "conv1d": (64, 3, 5), "conv3d": (8, 2, 3, 3, 3),
              "dense": (200, 10), "bias": (10,)}
    params = he_uniform(shapes, seed=3)
    assert {k: v.shape for k, v in params.items()} == shapes
    assert all(v.dtype == np.float32 for v in params.values())
    assert not params["bias"].any()
    # conv weights [out, in, *k]: PyTorch's fan-in rule; matrices [in, out]: the rows
    for name, fan_in in (("conv", 3 * 5 * 5), ("conv1d", 3 * 5), ("conv3d", 2 * 27),
                         ("dense", 200)):
        bound = np.sqrt(6.0 / fan_in)
        w = params[name]
        assert np.abs(w).max() <= bound
        assert np.abs(w).max() > 0.9 * bound            # fills the range
        assert abs(w.std() - bound / np.sqrt(3)) < 0.1 * bound   # uniform's std
    again = he_uniform(shapes, seed=3)
    assert all(np.array_equal(params[k], again[k]) for k in shapes)
    assert he_uniform({"empty": (0, 3)})["empty"].shape == (0, 3)
    with pytest.raises(rlx.InputError, match="0-d"):
        he_uniform({"gain": ()})
