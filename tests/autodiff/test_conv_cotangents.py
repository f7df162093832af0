"""The convolution cotangents (rlx.autodiff.convolution) against PyTorch autograd on
every kind of geometry: 1-D and 2-D, stride, dilation, asymmetric padding, padding
wider than the kernel's reach (the input cotangent's own padding would be negative),
a stride that leaves input positions unread, groups."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from tests.autodiff.checks import run_graph

import rlx
from rlx.autodiff import grad
from rlx.ir.graph import Graph

# (x shape, w shape, stride, padding per axis, dilation, groups)
GEOMETRIES = {
    "2d-plain": ((2, 3, 6, 5), (4, 3, 3, 3), (1, 1), ((1, 1), (1, 1)), (1, 1), 1),
    "2d-stride-dilation": ((2, 2, 9, 8), (3, 2, 3, 2), (2, 3), ((1, 0), (2, 1)), (2, 1), 1),
    "2d-wide-padding": ((1, 2, 4, 4), (2, 2, 2, 2), (1, 1), ((3, 2), (0, 3)), (1, 1), 1),
    "2d-stride-past-end": ((2, 1, 7, 7), (2, 1, 2, 2), (3, 3), ((0, 0), (0, 0)), (1, 1), 1),
    "1d-dilated": ((3, 2, 10), (4, 2, 3), (2,), ((2, 1),), (2,), 1),
    "2d-groups": ((2, 4, 5, 5), (6, 2, 3, 3), (1, 2), ((1, 1), (0, 1)), (1, 1), 2),
}


def _torch_padded(x: torch.Tensor, padding) -> torch.Tensor:
    flat = [p for pair in reversed(padding) for p in pair]  # F.pad: last axis first
    return F.pad(x, flat)


@pytest.mark.parametrize("key", list(GEOMETRIES))
def test_conv_cotangents_match_torch(key, device):
    x_shape, w_shape, stride, padding, dilation, groups = GEOMETRIES[key]
    rng = np.random.default_rng(7)
    values = {"x": rng.standard_normal(x_shape), "w": rng.standard_normal(w_shape)}
    g = Graph("conv")
    x = g.input("x", x_shape, "f64")
    w = g.param("w", w_shape, "f64")
    y = g.apply("conv", [x, w], stride=stride, padding=padding, dilation=dilation,
                groups=groups)
    weights = rng.standard_normal(y.shape)
    g.set_outputs([(y * g.constant(weights)).sum()])
    got = run_graph(grad(g, ["x", "w"], d_output=False), values, device)

    xt, wt = (torch.tensor(values[n], requires_grad=True) for n in ("x", "w"))
    conv = F.conv2d if len(x_shape) == 4 else F.conv1d
    yt = conv(_torch_padded(xt, padding), wt, stride=stride, dilation=dilation, groups=groups)
    (yt * torch.from_numpy(weights)).sum().backward()
    np.testing.assert_allclose(got[0], (yt * torch.from_numpy(weights)).sum().item(),
                               rtol=1e-10)
    np.testing.assert_allclose(got[1], xt.grad.numpy(), rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(got[2], wt.grad.numpy(), rtol=1e-10, atol=1e-10)



def test_input_cotangent_convolution_covers_exactly_the_input():
    """No wasted output: the transposed convolution's result has x's extent (a slice
    only where x's padding exceeds the kernel's reach)."""
    g = Graph("conv")
    x = g.input("x", (2, 3, 4, 4))
    w = g.param("w", (5, 3, 3, 3))
    g.set_outputs([rlx.conv2d(x, w, padding=1).sum()])
    convs = [n for n in grad(g, ["x"], d_output=False).nodes if n.op == "conv"]
    assert [n.shape for n in convs] == [(2, 5, 4, 4), (2, 3, 4, 4)]
