"""Lion (Chen et al., 2023, "Symbolic Discovery of Optimization Algorithms")."""

from __future__ import annotations

import numpy as np

from rlx.optim.base import Optimizer, ParamState, check_betas, check_range


class Lion(Optimizer):
    """Sign momentum: ``c = b1*m + (1-b1)*g``,
    ``p = p - lr * (sign(c) + weight_decay * p)``, then ``m = b2*m + (1-b2)*g``.

    Typical settings use a learning rate 3-10x smaller than AdamW's and a weight decay
    3-10x larger.
    """

    elementwise = True

    def __init__(self, lr: float = 1e-4, betas: tuple[float, float] = (0.9, 0.99),
                 weight_decay: float = 0.0):
        super().__init__()
        self.lr = check_range("lr", lr, 0.0)
        self.betas = check_betas(betas)
        self.weight_decay = check_range("weight_decay", weight_decay, 0.0)

    def buffer_names(self) -> tuple[str, ...]:
        return ("exp_avg", "scratch")

    def update(self, name: str, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        b1, b2 = self.betas
        m, scratch = state.buffers["exp_avg"], state.buffers["scratch"]
        _scaled_difference(grad, m, 1.0 - b1, out=scratch)
        np.add(scratch, m, out=scratch)
        np.sign(scratch, out=scratch)
        if self.weight_decay:
            np.multiply(param, 1.0 - self.lr * self.weight_decay, out=param)
        np.multiply(scratch, self.lr, out=scratch)
        np.subtract(param, scratch, out=param)
        _scaled_difference(grad, m, 1.0 - b2, out=scratch)
        np.add(m, scratch, out=m)


def _scaled_difference(a: np.ndarray, b: np.ndarray, weight: float, out: np.ndarray) -> None:
    """``out = weight * (a - b)``, so that ``b + out`` moves ``b`` toward ``a``."""
    np.subtract(a, b, out=out)
    np.multiply(out, weight, out=out)
