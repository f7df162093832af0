"""A copied optimizer (copy.deepcopy, pickle) goes on exactly as the original would and
independently of it, grouped steps and per-param steps alike, checked against
torch.optim in float64."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
import torch

from rlx.optim import SGD, Adam

SHAPES = {"w": (3, 4), "b": (5,)}
TRAINABLE = list(SHAPES.items())


class _Resident:
    """Stands in for a CompiledGraph that steps params in place: hands each param and
    its gradient to the optimizer's hook, as ``optimizer_step_resident`` does, so an
    elementwise optimizer steps them as one flat group."""

    def __init__(self, params: dict[str, np.ndarray]):
        self.params = params
        self.grads: dict[str, np.ndarray] = {}

    def optimizer_step_resident(self, trainable, hook) -> bool:
        for name, shape in trainable:
            hook(name, shape, self.params[name].reshape(-1), self.grads[name])
        return True


def _grads(seed: int) -> list[dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [{n: rng.standard_normal(s) for n, s in SHAPES.items()} for _ in range(3)]


def _continue_rlx(opt, params, grads):
    """Two grouped steps, then one of ``b`` alone (it reads ``opt.state``)."""
    compiled = _Resident(params)
    for step_grads in grads[:2]:
        compiled.grads = step_grads
        assert opt.step_compiled(compiled, TRAINABLE)
    opt.step("b", SHAPES["b"], params["b"], grads[2]["b"])


def _continue_torch(opt, tensors, grads):
    for i, step_grads in enumerate(grads):
        for name, t in tensors.items():
            t.grad = torch.from_numpy(step_grads[name].copy())
        if i == 2:
            tensors["w"].grad = None
        opt.step()


def _deepcopy(opt):
    return copy.deepcopy(opt)


def _pickled(opt):
    return pickle.loads(pickle.dumps(opt))


CASES = [
    ("adam", lambda: Adam(0.05, weight_decay=0.1),
     lambda p: torch.optim.Adam(p, lr=0.05, weight_decay=0.1)),
    ("sgd-nesterov", lambda: SGD(0.05, momentum=0.9, nesterov=True),
     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True)),
]


@pytest.mark.parametrize("fork", [_deepcopy, _pickled], ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("make_rlx, make_torch", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_copied_optimizer_goes_on_like_the_original(make_rlx, make_torch, fork):
    rng = np.random.default_rng(0)
    init = {n: rng.standard_normal(s) for n, s in SHAPES.items()}
    params = {n: v.copy() for n, v in init.items()}
    tensors = {n: torch.tensor(v, requires_grad=True) for n, v in init.items()}
    opt, ref = make_rlx(), make_torch(list(tensors.values()))
    start = _Resident(params)
    for step_grads in _grads(1):
        start.grads = step_grads
        assert opt.step_compiled(start, TRAINABLE)
        _continue_torch(ref, tensors, [step_grads])

    twin = fork(opt)
    twin_params = {n: v.copy() for n, v in params.items()}
    twin_tensors = {n: torch.tensor(t.detach().numpy(), requires_grad=True)
                    for n, t in tensors.items()}
    twin_ref = make_torch(list(twin_tensors.values()))
    twin_ref.load_state_dict(copy.deepcopy(ref.state_dict()))
    before = {n: {k: b.copy() for k, b in st.buffers.items()} for n, st in opt.state.items()}

    # the copy first, on other gradients: the original's state must not move
    _continue_rlx(twin, twin_params, _grads(2))
    _continue_torch(twin_ref, twin_tensors, _grads(2))
    for name, state in opt.state.items():
        assert state.steps == 3
        for key, buffer in state.buffers.items():
            np.testing.assert_array_equal(buffer, before[name][key], err_msg=f"{name}.{key}")
    _continue_rlx(opt, params, _grads(3))
    _continue_torch(ref, tensors, _grads(3))

    for ours, theirs, torch_opt, tensors_of in [(params, opt, ref, tensors),
                                                (twin_params, twin, twin_ref, twin_tensors)]:
        for name, t in tensors_of.items():
            np.testing.assert_allclose(ours[name], t.detach().numpy(), rtol=1e-12,
                                       atol=1e-13, err_msg=name)
        moment = "exp_avg" if "exp_avg" in theirs.buffer_names() else "momentum"
        torch_moment = "exp_avg" if moment == "exp_avg" else "momentum_buffer"
        for name, t in tensors_of.items():      # what a save of opt.state would read
            np.testing.assert_allclose(theirs.state[name].buffers[moment],
                                       torch_opt.state[t][torch_moment].reshape(-1).numpy(),
                                       rtol=1e-12, atol=1e-13, err_msg=f"{name}.{moment}")
