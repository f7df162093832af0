"""Number formats: bit-exact against ml_dtypes where it has the format; scaled cases by hand."""

import ml_dtypes
import numpy as np
import pytest

from rlx.ir import formats as F

ML = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "fp8_e4m3fn": ml_dtypes.float8_e4m3fn,
      "fp8_e5m2": ml_dtypes.float8_e5m2, "fp6_e2m3": ml_dtypes.float6_e2m3fn,
      "fp6_e3m2": ml_dtypes.float6_e3m2fn, "fp4_e2m1": ml_dtypes.float4_e2m1fn}


def _sweep(fmt: F.FloatFormat) -> np.ndarray:
    """Every representable value, every midpoint between neighbours (ties), values just
    around them, subnormals, overflow and specials — as float32."""
    rng = np.random.default_rng(0)
    grid = np.unique(F.FloatFormat(fmt.name, fmt.exponent_bits, fmt.mantissa_bits, fmt.bias,
                                   fmt.has_inf, fmt.has_nan, saturate=True)
                     .round(np.geomspace(fmt.smallest_subnormal / 4, fmt.max * 4, 20000)))
    grid = grid[np.isfinite(grid)]
    mids = (grid[:-1] + grid[1:]) / 2
    vals = np.concatenate([grid, mids, np.nextafter(mids.astype(np.float32), np.inf),
                           np.nextafter(mids.astype(np.float32), -np.inf),
                           rng.standard_normal(20000) * fmt.max / 3,
                           [0.0, np.inf, np.nan, fmt.max * 1.01, fmt.max * 10,
                            fmt.smallest_subnormal / 2, fmt.smallest_subnormal * 0.51]])
    with np.errstate(over="ignore"):
        return np.concatenate([vals, -vals]).astype(np.float32)


@pytest.mark.parametrize("name", sorted(ML))
def test_rounding_matches_ml_dtypes_bit_for_bit(name):
    fmt = F.FORMATS[name]
    x = _sweep(fmt)
    ours = fmt.round(x).astype(np.float32)
    with np.errstate(over="ignore"):
        theirs = x.astype(ML[name]).astype(np.float32)
    nan_ours, nan_theirs = np.isnan(ours), np.isnan(theirs)
    np.testing.assert_array_equal(nan_ours, nan_theirs)
    np.testing.assert_array_equal(ours[~nan_ours], theirs[~nan_theirs])
    assert fmt.max == float(ml_dtypes.finfo(ML[name]).max)


def test_hand_derived_values():
    e4m3 = F.FP8_E4M3
    assert e4m3.round(np.array([464.0]))[0] == 448.0        # tie to even at the top
    assert np.isnan(e4m3.round(np.array([500.0]))[0])        # overflow -> nan (fn format)
    assert F.FP4_E2M1.round(np.array([2.5, 3.5, 5.0, 100.0, 0.25])).tolist() == \
        [2.0, 4.0, 4.0, 6.0, 0.0]                           # ties to even, saturation
    sat = F.FloatFormat("sat", 4, 3, 7, has_inf=False, has_nan=True, saturate=True)
    assert sat.round(np.array([1e9]))[0] == 448.0
    custom = F.FloatFormat.custom(3, 1, ieee=False)
    assert custom.max == 1.5 * 2 ** 4 and custom.round(np.array([100.0]))[0] == 24.0


def test_mx_blocks_share_a_power_of_two_scale_per_row_block():
    # one row of 40: a block of 32 and a short block of 8; amax 3.0 -> shared exponent
    # floor(log2 3) - emax(e2m1 = 2) = -1 -> scale 0.5
    row = np.full(40, 0.1, np.float64)
    row[5] = 3.0
    row[35] = 100.0
    out = F.round_slice_scaled(row, F.FP4_E2M1, F.FormatScaling.mx(), row_len=40)
    assert out[5] == 3.0                   # 3.0 / 0.5 = 6 exactly representable
    assert out[0] == 0.0                   # 0.1 / 0.5 = 0.2 -> 0 in e2m1
    # second block: amax 100 -> scale 2**(6 - 2) = 16: 100/16 = 6.25 -> 6 -> 96
    assert out[35] == 96.0
    assert out[36] == 0.0


def test_blocks_never_cross_rows():
    # a shared block would give row 0 row 1's scale (1.0), flushing 0.001 to zero
    data = np.array([[0.001] * 4, [256.0] * 4])
    out = F.round_slice_scaled(data, F.FP8_E4M3, F.FormatScaling.mx(32), row_len=4)
    np.testing.assert_allclose(out[0], 0.001, rtol=0.05)
    np.testing.assert_array_equal(out[1], 256.0)


def test_nvfp4_two_level_scale():
    rng = np.random.default_rng(1)
    data = rng.standard_normal((4, 64))
    out = F.round_slice_scaled(data, F.FP4_E2M1, F.FormatScaling.nvfp4(), row_len=64)
    t = np.float32(np.abs(data).max() / (6 * 448))
    for r in range(4):
        for b in range(4):
            blk = data[r, 16 * b:16 * (b + 1)]
            s = F.FP8_E4M3.round(np.array([np.abs(blk).max() / 6 / float(t)]))[0] * float(t)
            expect = np.clip(F.FP4_E2M1.round(blk / s), -6, 6) * s
            np.testing.assert_allclose(out[r, 16 * b:16 * (b + 1)], expect.astype(np.float32))
    assert np.abs(out - data).max() < 0.5


def test_per_tensor_scaling():
    data = np.array([0.001, 0.002, -0.004])
    out = F.round_slice_scaled(data, F.FP8_E4M3, F.FormatScaling("per_tensor"), row_len=3)
    np.testing.assert_allclose(out[2], -0.004, rtol=1e-6)  # amax maps to the format's max
    np.testing.assert_allclose(out, data, rtol=0.07)


@pytest.mark.parametrize("amax", [4.0, 1e-5, 1e-7, 1e-30])
def test_per_tensor_scaling_to_a_format_of_floats_range(amax):
    """bf16's max is about float's: amax / max is subnormal or 0 for small amax, and
    x / scale overflowed. The scale is a normal float, so values round as plain bf16
    rounding gives them (scaling by a power of two changes nothing there)."""
    import ml_dtypes

    data = np.array([1.0, -0.3, 0.01, 0.0]) * amax
    out = F.round_slice_scaled(data, F.BF16, F.FormatScaling("per_tensor"), row_len=4)
    assert np.isfinite(out).all()
    np.testing.assert_allclose(out, data.astype(np.float32).astype(ml_dtypes.bfloat16)
                               .astype(np.float32), rtol=2**-8)


def test_format_arguments_of_the_wrong_kind_are_refused_where_given():
    """Names as strings, float bit counts and blocks fail at once with the fix, not as
    an AttributeError at the first set_param or round."""
    import rlx

    with pytest.raises(rlx.GraphBuildError, match=r"FORMATS\['bf16'\]"):
        rlx.CompileOptions(number_format="bf16")
    with pytest.raises(rlx.GraphBuildError, match="scaling is a FormatScaling"):
        rlx.CompileOptions(number_format=F.FP8_E4M3, format_scaling="mx")
    x = rlx.Graph("f").input("x", (2, 4))
    with pytest.raises(rlx.GraphBuildError, match=r"FORMATS\['fp8_e4m3fn'\]"):
        rlx.round_to_format(x, "fp8_e4m3fn")
    with pytest.raises(rlx.GraphBuildError, match="the built-in ones are"):
        rlx.round_to_format(x, "nope")
    with pytest.raises(rlx.GraphBuildError, match="exponent_bits must be an int"):
        F.FloatFormat("x", 4.0, 3, 7)
    for block in ("32", 2.5, 0):
        with pytest.raises(rlx.GraphBuildError, match="block must be an int >= 1"):
            F.FormatScaling("mx", block)
    assert rlx.CompileOptions(number_format=F.BF16).number_format is F.BF16
