"""round_to_format: the op equals the formats oracle bit for bit on every backend."""

import ml_dtypes
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


def test_an_f64_tensor_keeps_what_a_format_wider_than_float_holds(device):
    """FloatFormat allows up to 11 exponent and 52 mantissa bits: an f64 tensor's
    rounding is not passed through float32 (1 + 2^-28 became 1, 1.5 * 2^996 inf,
    1.25 * 2^-166 zero). Each value below is a number of the format, so it stays."""
    g = rlx.Graph("wide")
    x = g.input("x", (6,), "f64")
    g.set_outputs([rlx.round_to_format(x, F.FloatFormat.custom(11, 30))])
    xv = np.array([1 + 2.0 ** -28, 1.5 * 2.0 ** 996, 1.25 * 2.0 ** -166, -3 * 2.0 ** -1000,
                   # and two that round: ties to even at the 30th bit, below half away
                   1 + 2.0 ** -31, 1 + 2.0 ** -30 + 2.0 ** -32])
    (out,) = run_graph(g, {"x": xv}, device)
    expect = xv.copy()
    expect[4:] = [1.0, 1 + 2.0 ** -30]
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, expect)


@pytest.mark.parametrize("scaling", SCALINGS[1:], ids=lambda s: s.kind)
def test_scaled_rounding_over_a_symbolic_axis_ignores_the_padding(device, scaling):
    """A scale from the amax of the tensor (per_tensor, nvfp4) or of a block (mx, nvfp4)
    does not see a longer earlier run's values left in the padding: each run equals the
    program of its exact shape (the stale rows' amax scaled a short run)."""
    seq = rlx.Dim("seq", max=8)
    fmt = F.FORMATS["fp8_e4m3fn"] if scaling.kind != "nvfp4" else F.FP4_E2M1

    def graph(shape):
        g = rlx.Graph("scaled")
        g.set_outputs([rlx.round_to_format(g.input("x", shape), fmt, scaling)])
        return g

    rng = np.random.default_rng(5)
    for shape in [(seq, 40), (3, seq)]:
        cg = rlx.Session(device).compile(graph(shape))
        for n in (8, 2, 5, 1):
            cg.run({"x": np.full(tuple(8 if d is seq else d for d in shape), 1e4, np.float32)})
            xv = (rng.standard_normal(tuple(n if d is seq else d for d in shape))
                  * 0.01).astype(np.float32)
            (out,) = cg.run({"x": xv})
            exact = rlx.Session(device).compile(graph(xv.shape)).run({"x": xv})[0]
            np.testing.assert_array_equal(out, exact)
            expect = F.round_slice_scaled(xv.astype(np.float64), fmt, scaling,
                                          xv.shape[-1]).astype(np.float32)
            np.testing.assert_array_equal(out, expect)
            if scaling.kind == "per_tensor":     # and ml_dtypes' e4m3fn, independently
                s = max(np.float32(np.abs(xv).max() / 448.0), np.float32(2.0 ** -126))
                independent = ((xv.astype(np.float64) / float(s)).astype(
                    ml_dtypes.float8_e4m3fn).astype(np.float64) * float(s)).astype(np.float32)
                np.testing.assert_array_equal(out, independent)
