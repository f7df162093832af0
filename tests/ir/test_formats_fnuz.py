"""The FNUZ float8 formats and E8M0: bit-exact against ml_dtypes, and directed rounding."""

import dataclasses

import ml_dtypes
import numpy as np
import pytest

from rlx.errors import GraphBuildError
from rlx.ir import formats as F
from rlx.ir.ops import format_attrs, format_from_attrs

ML = {"fp8_e4m3fnuz": ml_dtypes.float8_e4m3fnuz, "fp8_e5m2fnuz": ml_dtypes.float8_e5m2fnuz,
      "fp8_e8m0fnu": ml_dtypes.float8_e8m0fnu}


def f32_sweep() -> np.ndarray:
    """Every f32 whose low 16 bits are one of a few patterns: every value an 8-bit format
    holds, every midpoint between two of them (both have at most 5 significant bits),
    the f32 values next to each, subnormals, both zeros, +-inf and (quiet) nans."""
    high = np.arange(1 << 16, dtype=np.uint32) << 16
    low = np.array([0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF], dtype=np.uint32)
    bits = (high[:, None] | low[None, :]).reshape(-1)
    nan = ((bits & 0x7F800000) == 0x7F800000) & ((bits & 0x007FFFFF) != 0)
    return np.where(nan, bits | 0x00400000, bits).view(np.float32)


def assert_same_bits(ours: np.ndarray, theirs: np.ndarray, x: np.ndarray) -> None:
    """Equal values with equal signs (so +0 / -0 count), nan where the other has nan."""
    nan = np.isnan(ours)
    bad = (nan != np.isnan(theirs)) | (~nan & ((ours != theirs) |
                                             (np.signbit(ours) != np.signbit(theirs))))
    assert not bad.any(), (f"{bad.sum()} differ, e.g. x={x[bad][:4]} ours={ours[bad][:4]} "
                           f"theirs={theirs[bad][:4]}")


def ml_cast(x: np.ndarray, name: str) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        return x.astype(ML[name]).astype(np.float64)


@pytest.mark.parametrize("name", sorted(ML))
@pytest.mark.parametrize("src", ["f32", "f64"])
def test_rounding_matches_ml_dtypes_bit_for_bit(name, src):
    x = f32_sweep()
    if src == "f64":   # just off every f32 value: ties break, f64-only values round
        x = x.astype(np.float64) * (1 + 2.0 ** -30)
    assert_same_bits(F.FORMATS[name].round(x), ml_cast(x, name), x)


@pytest.mark.parametrize("name", sorted(ML))
def test_limits_match_ml_dtypes(name):
    fmt, info = F.FORMATS[name], ml_dtypes.finfo(ML[name])
    assert fmt.max == float(info.max)
    assert fmt.smallest_subnormal == float(info.smallest_subnormal)
    assert 2.0 ** fmt.emin == float(info.smallest_normal)


@pytest.mark.parametrize("name", sorted(ML))
def test_every_code_is_a_fixed_point(name):
    values = np.arange(256, dtype=np.uint8).view(ML[name]).astype(np.float64)
    out = F.FORMATS[name].round(values)
    assert_same_bits(out, values, values)
    finite = np.isfinite(values)
    # fnuz: 255 distinct numbers and one nan (0x80); e8m0: 255 powers of two and a nan
    assert finite.sum() == 255 and len(np.unique(values[finite])) == 255


def test_fnuz_hand_derived_values():
    e4, e5 = F.FP8_E4M3FNUZ, F.FP8_E5M2FNUZ
    x = np.array([-0.0, -1e-7, -2.0 ** -12, 2.0 ** -11, 1.5 * 2.0 ** -11, 240.0, 247.9, 248.0,
                  1e6, -1e6, np.inf, -np.inf, np.nan, -np.nan])
    out = e4.round(x)
    # -0 and negatives that round to 0 give +0; 2**-11 ties to 0 (even), 1.5 * 2**-11 to
    # 2**-10; 248 ties to 256 (even) and overflows to nan; inf gives nan
    assert out[:3].tolist() == [0.0, 0.0, 0.0] and not np.signbit(out[:3]).any()
    assert out[3:7].tolist() == [0.0, 2.0 ** -10, 240.0, 240.0]
    assert np.isnan(out[7:]).all()
    sat = dataclasses.replace(e4, saturate=True).round(x)
    assert sat[7:12].tolist() == [240.0, 240.0, -240.0, 240.0, -240.0]
    assert np.isnan(sat[12:]).all()
    assert e5.round(np.array([57344.0, 61439.0, 61440.0]))[:2].tolist() == [57344.0, 57344.0]
    assert np.isnan(e5.round(np.array([61440.0]))[0])            # tie to even: 65536
    assert e5.round(np.array([-2.0 ** -18]))[0] == 0.0            # half the smallest, +0


def test_e8m0_hand_derived_values():
    e8 = F.FP8_E8M0
    x = np.array([1.0, 1.4, 1.5, 3.0, 6.0, 2.0 ** -127, 2.0 ** -128, 1e-45, 2.0 ** 127,
                  1.5 * 2.0 ** 127, 0.0, -0.0, -1.0, np.inf, np.nan])
    out = e8.round(x)
    # ties go up (1.5 -> 2, 3 -> 4), anything below 2**-127 gives 2**-127 (no zero)
    assert out[:9].tolist() == [1.0, 1.0, 2.0, 4.0, 8.0] + [2.0 ** -127] * 3 + [2.0 ** 127]
    assert np.isnan(out[9:]).all()                 # overflow, 0, -0, negatives, inf, nan
    sat = dataclasses.replace(e8, saturate=True).round(x)
    assert sat[9] == 2.0 ** 127 and sat[13] == 2.0 ** 127 and np.isnan(sat[10:13]).all()


def _neighbours(name: str) -> np.ndarray:
    """The format's finite non-negative values, ascending."""
    values = np.arange(256, dtype=np.uint8).view(ML[name]).astype(np.float64)
    return np.unique(values[np.isfinite(values) & (values >= 0)])


@pytest.mark.parametrize("name", sorted(ML))
@pytest.mark.parametrize("rounding", ["up", "down"])
def test_directed_rounding_picks_the_neighbour_by_brute_force(name, rounding):
    fmt = dataclasses.replace(F.FORMATS[name], rounding=rounding)
    grid = _neighbours(name)
    rng = np.random.default_rng(0)
    mids = (grid[:-1] + grid[1:]) / 2
    a = np.concatenate([grid, mids, grid[:-1] + (grid[1:] - grid[:-1]) * rng.uniform(
        size=len(grid) - 1), [fmt.smallest_subnormal / 3]])
    a = a[a > 0]
    if rounding == "up":
        idx = np.searchsorted(grid, a, side="left")
    else:
        idx = np.maximum(np.searchsorted(grid, a, side="right") - 1, 0)
        if fmt.has_zero:
            assert grid[0] == 0.0
    want = grid[idx]
    assert_same_bits(fmt.round(a), want, a)
    if fmt.signed:
        assert_same_bits(fmt.round(-a), np.where(want == 0, 0.0, -want), -a)


def test_directed_rounding_at_the_top():
    for fmt in (F.FP8_E4M3FNUZ, F.FP8_E8M0, F.FP8_E4M3, F.F16):
        up = dataclasses.replace(fmt, rounding="up")
        down = dataclasses.replace(fmt, rounding="down")
        over = np.array([fmt.max * 1.01, fmt.max * 1e3, np.inf])
        special = np.inf if fmt.has_inf else np.nan
        assert_same_bits(up.round(over), np.full(3, special), over)
        # finite overflow rounds toward zero to max; inf stays special
        assert_same_bits(down.round(over), np.array([fmt.max, fmt.max, special]), over)
        assert_same_bits(dataclasses.replace(up, saturate=True).round(over),
                         np.full(3, fmt.max), over)


def test_existing_formats_keep_their_limits():
    limits = {name: (f.max, f.emin, f.emax, f.smallest_subnormal)
              for name, f in F.FORMATS.items()}
    assert limits["fp8_e4m3fn"] == (448.0, -6, 8, 2.0 ** -9)
    assert limits["fp8_e5m2"] == (57344.0, -14, 15, 2.0 ** -16)
    assert limits["fp4_e2m1"] == (6.0, 0, 2, 0.5)
    assert limits["f16"] == (65504.0, -14, 15, 2.0 ** -24)


def test_invalid_feature_combinations_are_build_errors():
    with pytest.raises(GraphBuildError, match="rounding"):
        F.FloatFormat("x", 4, 3, 7, rounding="sideways")
    with pytest.raises(GraphBuildError, match="fnuz"):
        F.FloatFormat("x", 4, 3, 8, has_inf=True, fnuz=True)
    with pytest.raises(GraphBuildError, match="nan"):
        F.FloatFormat("x", 4, 0, 7, has_nan=False, signed=False)


@pytest.mark.parametrize("fmt", [F.FP8_E4M3FNUZ, F.FP8_E8M0, F.FP8_E4M3,
                                 dataclasses.replace(F.FP8_E8M0, rounding="up",
                                                     saturate=True)],
                         ids=lambda f: f"{f.name}-{f.rounding}")
def test_node_attributes_round_trip(fmt):
    assert format_from_attrs(format_attrs(fmt)) == dataclasses.replace(fmt, name="attr")


def test_attributes_from_before_the_new_features_mean_the_classic_format():
    old = {k: v for k, v in format_attrs(F.FP8_E4M3).items()
           if k not in ("fnuz", "signed", "has_zero", "rounding")}
    assert format_from_attrs(old) == dataclasses.replace(F.FP8_E4M3, name="attr")


def test_mx_scaling_of_an_fnuz_format_uses_its_own_emax():
    # amax 3.0: shared exponent floor(log2 3) - emax(e4m3fnuz = 7) = -6 -> scale 2**-6
    row = np.array([3.0, -1e-6, 1.0, 0.0])
    out = F.round_slice_scaled(row, F.FP8_E4M3FNUZ, F.FormatScaling.mx(), row_len=4)
    np.testing.assert_array_equal(out, F.FP8_E4M3FNUZ.round(row * 64) / 64)
    assert not np.signbit(out[1])
