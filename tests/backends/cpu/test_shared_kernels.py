"""Kernels that differ only in where their data lies share one C function (render.py),
fused epilogues included: each layer's GEMM + bias + activation + residual runs the one
shared function and the one shared epilogue with its own addresses. Each layer has
weights and biases of its own, so an address of one layer used for another shows."""

import numpy as np
import pytest
from scipy.special import erf

import rlx

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(), reason="needs cpu")

LAYERS, D = 5, 48


def _stack(rows) -> rlx.Graph:
    g = rlx.Graph("shared_layers")
    h = g.input("x", (rows, D))
    for i in range(LAYERS):
        w = g.param(f"w{i}", (D, D))
        b = g.param(f"b{i}", (D,))
        h = rlx.gelu(h @ w + b) + h          # GEMM with a fused epilogue reading h
    g.set_outputs([h])
    return g


def _oracle(x, params):
    h = x.astype(np.float64)
    for i in range(LAYERS):
        y = h @ params[f"w{i}"].astype(np.float64) + params[f"b{i}"]
        h = 0.5 * y * (1 + erf(y / np.sqrt(2))) + h
    return h


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("symbolic", [False, True])
def test_layers_share_their_gemm_and_epilogue(cpu_tier, threads, symbolic):
    rng = np.random.default_rng(8)
    params = {}
    for i in range(LAYERS):
        params[f"w{i}"] = (rng.standard_normal((D, D)) / np.sqrt(D)).astype(np.float32)
        params[f"b{i}"] = rng.standard_normal(D).astype(np.float32) * (i + 1)
    rows = rlx.Dim("rows", 40) if symbolic else 40
    cg = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(_stack(rows))
    for name, value in params.items():
        cg.set_param(name, value)
    source = cg._exe.source
    # the first layer reads the input and the last writes the output: the others share
    assert source.count("(the code of rlx_t") >= LAYERS - 2, "the layers' kernels are not shared"
    assert "static void rlx_e0(" in source and "rlx_epi_args0" in source
    for n in ((1, 17, 40) if symbolic else (40,)):
        x = rng.standard_normal((n, D)).astype(np.float32)
        (y,) = cg.run({"x": x})
        np.testing.assert_allclose(y, _oracle(x, params), rtol=2e-5, atol=2e-5)
