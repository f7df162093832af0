"""Stochastic gradient descent with momentum, Nesterov momentum and L2 weight decay."""

from __future__ import annotations

import numpy as np

from rlx.errors import InputError
from rlx.optim.base import Optimizer, ParamState, check_range


class SGD(Optimizer):
    """``d = g + weight_decay * p``; with momentum ``buf = momentum * buf + d`` (``buf``
    starts at zero, so the first step uses ``d``) and ``d = buf``, or
    ``d = d + momentum * buf`` with ``nesterov``; then ``p -= lr * d``.

    This is ``torch.optim.SGD`` with ``dampening=0``. Nesterov needs a momentum > 0.
    """

    elementwise = True

    def __init__(self, lr: float, momentum: float = 0.0, nesterov: bool = False,
                 weight_decay: float = 0.0):
        super().__init__()
        self.lr = check_range("lr", lr, 0.0)
        self.momentum = check_range("momentum", momentum, 0.0, 1.0)
        self.weight_decay = check_range("weight_decay", weight_decay, 0.0)
        if nesterov and self.momentum == 0.0:
            raise InputError("SGD: nesterov momentum needs momentum > 0")
        self.nesterov = bool(nesterov)

    def buffer_names(self) -> tuple[str, ...]:
        names = ("direction",)
        if self.momentum:
            names += ("momentum",)
        if self.nesterov:
            names += ("lookahead",)
        return names

    def update(self, name: str, state: ParamState, param: np.ndarray, grad: np.ndarray) -> None:
        buffers = state.buffers
        direction = buffers["direction"]
        if self.weight_decay:
            np.multiply(param, self.weight_decay, out=direction)
            np.add(direction, grad, out=direction)
        else:
            np.copyto(direction, grad, casting="same_kind")
        if self.momentum:
            velocity = buffers["momentum"]
            np.multiply(velocity, self.momentum, out=velocity)
            np.add(velocity, direction, out=velocity)
            if self.nesterov:
                lookahead = buffers["lookahead"]
                np.multiply(velocity, self.momentum, out=lookahead)
                np.add(direction, lookahead, out=direction)
            else:
                np.copyto(direction, velocity)
        np.multiply(direction, self.lr, out=direction)
        np.subtract(param, direction, out=param)
