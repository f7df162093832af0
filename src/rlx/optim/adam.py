"""Adam (L2 weight decay added to the gradient) and AdamW (decoupled weight decay)."""

from __future__ import annotations

import math

import numpy as np

from rlx.optim.base import Optimizer, ParamState, check_betas, check_range


class Adam(Optimizer):
    """Adam as ``torch.optim.Adam`` (no amsgrad): with ``d = g + weight_decay * p``,
    ``m = b1*m + (1-b1)*d``, ``v = b2*v + (1-b2)*d*d``, and the param's step count t,
    ``p -= lr / (1 - b1**t) * m / (sqrt(v) / sqrt(1 - b2**t) + eps)``.
    """

    decoupled = False

    elementwise = True

    def __init__(self, lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
                 eps: float = 1e-8, weight_decay: float = 0.0):
        super().__init__()
        self.lr = check_range("lr", lr, 0.0)
        self.betas = check_betas(betas)
        self.eps = check_range("eps", eps, 0.0)
        self.weight_decay = check_range("weight_decay", weight_decay, 0.0)

    def buffer_names(self) -> tuple[str, ...]:
        names = ("exp_avg", "exp_avg_sq", "scratch")
        if self.weight_decay and not self.decoupled:
            names += ("decayed_grad",)
        return names

    def update(self, name: str, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        buffers = state.buffers
        if self.weight_decay and self.decoupled:
            np.multiply(param, 1.0 - self.lr * self.weight_decay, out=param)
        elif self.weight_decay:
            decayed = buffers["decayed_grad"]
            np.multiply(param, self.weight_decay, out=decayed)
            np.add(decayed, grad, out=decayed)
            grad = decayed
        self._adam_step(state, param, grad)

    def _adam_step(self, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        b1, b2 = self.betas
        m, v, scratch = (state.buffers[k] for k in ("exp_avg", "exp_avg_sq", "scratch"))
        np.multiply(m, b1, out=m)
        np.multiply(grad, 1.0 - b1, out=scratch)
        np.add(m, scratch, out=m)
        np.multiply(v, b2, out=v)
        np.multiply(grad, grad, out=scratch)
        np.multiply(scratch, 1.0 - b2, out=scratch)
        np.add(v, scratch, out=v)
        t = state.steps
        bias1 = 1.0 - b1 ** t
        bias2 = 1.0 - b2 ** t
        np.sqrt(v, out=scratch)
        np.divide(scratch, math.sqrt(bias2), out=scratch)
        np.add(scratch, self.eps, out=scratch)
        np.divide(m, scratch, out=scratch)
        np.multiply(scratch, self.lr / bias1, out=scratch)
        np.subtract(param, scratch, out=param)


class AdamW(Adam):
    """Adam with decoupled weight decay, as ``torch.optim.AdamW``: first
    ``p *= 1 - lr * weight_decay``, then the Adam step on the raw gradient."""

    decoupled = True

    def __init__(self, lr: float = 1e-3, betas: tuple[float, float] = (0.9, 0.999),
                 eps: float = 1e-8, weight_decay: float = 1e-2):
        super().__init__(lr, betas, eps, weight_decay)
