"""round_to_format to the FNUZ float8 formats and E8M0, every rounding and overflow rule:
each device equals the formats oracle (and so ml_dtypes) bit for bit, signs of 0 too."""

import dataclasses

import numpy as np
import pytest
from tests.helpers import run_graph
from tests.ir.test_formats_fnuz import ML, assert_same_bits, f32_sweep, ml_cast

import rlx
from rlx.ir import formats as F

VARIANTS = [(rounding, saturate) for rounding in F.ROUNDINGS for saturate in (False, True)]
SCALINGS = [F.FormatScaling("per_tensor"), F.FormatScaling.mx()]
ROW = 64


@pytest.mark.parametrize("name", sorted(ML))
@pytest.mark.parametrize("dtype", ["f32", "f64"])
def test_round_to_format_matches_the_oracle(device, name, dtype):
    x = f32_sweep().astype(np.float64)
    if dtype == "f64":   # just off every f32 value: ties break, f64-only values round
        x = x * (1 + 2.0 ** -30)
    x = x.reshape(-1, ROW)
    base = F.FORMATS[name]
    g = rlx.Graph("q")
    xt = g.input("x", x.shape, dtype)
    fmts = [dataclasses.replace(base, rounding=r, saturate=s) for r, s in VARIANTS]
    outs = [rlx.round_to_format(xt, f) for f in fmts]
    outs += [rlx.round_to_format(xt, base, scaling) for scaling in SCALINGS]
    g.set_outputs(outs)
    got = run_graph(g, {"x": x.astype(rlx.as_dtype(dtype).np)}, device)
    cases = [(f, F.FormatScaling()) for f in fmts] + [(base, s) for s in SCALINGS]
    for out, (fmt, scaling) in zip(got, cases):
        want = F.round_slice_scaled(x, fmt, scaling, ROW).astype(out.dtype)
        assert_same_bits(out.astype(np.float64), want.astype(np.float64), x)
    # nearest without scaling is ml_dtypes' cast (f64 results: values of 8-bit codes)
    if dtype == "f64":
        assert_same_bits(got[0], ml_cast(x, name), x)
