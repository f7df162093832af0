"""Optimizer steps of the ai.onnx.preview.training domain: Adagrad, Adam, Momentum.

Each updates n tensors at once; the operands are R (learning rate), T (update
count), then n tensors of each kind (X, G, and the optimizer's state), and the
outputs are the n new X followed by the n new values of each state kind. The
formulas are the operators' pseudo code, with R and T read at run time.
"""

from __future__ import annotations

import numpy as np

from rlx.frontends.onnx.context import NodeContext
from rlx.frontends.onnx.converters.common import Converter, cast
from rlx.ir import api
from rlx.ir.graph import Tensor

DOMAIN = "ai.onnx.preview.training"


def _groups(cx: NodeContext, kinds: int) -> list[list[Tensor]]:
    """The operands after R and T split into ``kinds`` equal groups."""
    rest = [cx.input(i) for i in range(2, cx.num_inputs)]
    n = len(rest) // kinds
    return [rest[k * n:(k + 1) * n] for k in range(kinds)]


def _scalars(cx: NodeContext, like: Tensor) -> tuple[Tensor, Tensor]:
    """R and T as 0-d tensors of ``like``'s dtype."""
    return (cast(cx.input(0), like.dtype).reshape(()),
            cast(cx.input(1), like.dtype).reshape(()))


def _const(like: Tensor, value: float) -> Tensor:
    return like.graph.constant(np.asarray(value), like.dtype)


def convert_adagrad(cx: NodeContext) -> list[Tensor]:
    """X_new = X - r * G' / (sqrt(H + G'^2) + eps), r = R / (1 + T * decay)."""
    xs, gs, hs = _groups(cx, 3)
    norm, decay = cx.attr("norm_coefficient", 0.0), cx.attr("decay_factor", 0.0)
    eps = cx.attr("epsilon", 1e-6)
    new_x, new_h = [], []
    for x, g, h in zip(xs, gs, hs):
        r, t = _scalars(cx, x)
        rate = r / (t * decay + 1.0)
        reg = x * norm + g
        h_new = h + reg * reg
        new_x.append(x - rate * reg / (api.sqrt(h_new) + eps))
        new_h.append(h_new)
    return new_x + new_h


def convert_adam(cx: NodeContext) -> list[Tensor]:
    """Adam with bias correction (from T > 0) and post-update weight decay."""
    xs, gs, vs, hs = _groups(cx, 4)
    alpha, beta = cx.attr("alpha", 0.9), cx.attr("beta", 0.999)
    norm, post = cx.attr("norm_coefficient", 0.0), cx.attr("norm_coefficient_post", 0.0)
    eps = cx.attr("epsilon", 1e-6)
    new_x, new_v, new_h = [], [], []
    for x, g, v, h in zip(xs, gs, vs, hs):
        r, t = _scalars(cx, x)
        reg = x * norm + g
        v_new = v * alpha + reg * (1 - alpha)
        h_new = h * beta + reg * reg * (1 - beta)
        corrected = r * api.sqrt(1.0 - api.pow(_const(x, beta), t)) / (
            1.0 - api.pow(_const(x, alpha), t))
        rate = api.where(t > _const(t, 0.0), corrected, r)
        x_new = x - rate * v_new / (api.sqrt(h_new) + eps)
        new_x.append(x_new * (1 - post))
        new_v.append(v_new)
        new_h.append(h_new)
    return new_x + new_v + new_h


def convert_momentum(cx: NodeContext) -> list[Tensor]:
    """Standard or Nesterov momentum (beta counts fully at T = 0)."""
    xs, gs, vs = _groups(cx, 3)
    alpha, beta = cx.attr("alpha"), cx.attr("beta")
    norm = cx.attr("norm_coefficient")
    nesterov = cx.attr("mode", "standard") == "nesterov"
    new_x, new_v = [], []
    for x, g, v in zip(xs, gs, vs):
        r, t = _scalars(cx, x)
        reg = x * norm + g
        beta_t = api.where(t > _const(t, 0.0), _const(x, beta), _const(x, 1.0))
        v_new = v * alpha + beta_t * reg
        step = reg + v_new * alpha if nesterov else v_new
        new_x.append(x - r * step)
        new_v.append(v_new)
    return new_x + new_v


CONVERTERS: list[Converter] = [
    Converter("Adagrad", convert_adagrad, domain=DOMAIN),
    Converter("Adam", convert_adam, domain=DOMAIN),
    Converter("Momentum", convert_momentum, domain=DOMAIN),
]
