"""round_to_format: the op equals the formats oracle bit for bit on every backend."""

import numpy as np
import pytest
from tests.helpers import run_graph

import rlx
from rlx.ir import formats as F

SCALINGS = [F.FormatScaling(), F.FormatScaling("per_tensor"), F.FormatScaling.mx(),
            F.FormatScaling.nvfp4()]


def _values(shape, seed):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape) * np.exp(rng.uniform(-6, 6, shape))
    flat = x.reshape(-1)
    flat[:6] = [0.0, -0.0, np.nan, np.inf, -np.inf, 1e-9]
    return x


@pytest.mark.parametrize("fmt", ["fp8_e4m3fn", "fp8_e5m2", "fp6_e2m3", "fp4_e2m1", "f16"])
@pytest.mark.parametrize("scaling", SCALINGS, ids=lambda s: s.kind)
@pytest.mark.parametrize("dtype", ["f32", "f64", "bf16"])
def test_round_to_format_matches_oracle(device, fmt, scaling, dtype):
    shape = (3, 40)
    g = rlx.Graph("q")
    x = g.input("x", shape, dtype)
    g.set_outputs([rlx.round_to_format(x, F.FORMATS[fmt], scaling)])
    xv = _values(shape, 0).astype(rlx.as_dtype(dtype).np)
    (out,) = run_graph(g, {"x": xv}, device)
    expect = F.round_slice_scaled(xv.astype(np.float64), F.FORMATS[fmt], scaling, shape[-1])
    expect = expect.astype(rlx.as_dtype(dtype).np)
    np.testing.assert_array_equal(np.isnan(out.astype(np.float64)),
                                  np.isnan(expect.astype(np.float64)))
    np.testing.assert_array_equal(np.nan_to_num(out.astype(np.float64)),
                                  np.nan_to_num(expect.astype(np.float64)))


@pytest.mark.parametrize("magnitude", [1.0, 1e-5, 1e-9])
def test_per_tensor_scaling_to_bf16_of_small_values_matches_the_oracle(device, magnitude):
    """A bf16 per-tensor scale is amax / 3.4e38: made a normal float, not a subnormal
    whose quotients overflowed to inf."""
    g = rlx.Graph("q_small")
    x = g.input("x", (2, 40))
    g.set_outputs([rlx.round_to_format(x, F.BF16, F.FormatScaling("per_tensor"))])
    xv = (np.random.default_rng(2).standard_normal((2, 40)) * magnitude).astype(np.float32)
    (out,) = run_graph(g, {"x": xv}, device)
    expect = F.round_slice_scaled(xv.astype(np.float64), F.BF16, F.FormatScaling("per_tensor"),
                                  40).astype(np.float32)
    assert np.isfinite(out).all()
    np.testing.assert_array_equal(out, expect)


def test_fake_quantize_is_round_to_format_with_ste():
    g = rlx.Graph("fq")
    x = g.input("x", (4,))
    y = rlx.fake_quantize(x, F.FP8_E4M3)
    assert y.node.op == "round_to_format" and y.node.attr("ste") is True
