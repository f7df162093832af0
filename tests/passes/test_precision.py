"""Mixed precision: what computes in the narrow type, and that results stay close."""

from math import erf

import ml_dtypes
import numpy as np
import pytest

import rlx
from rlx.ir.graph import Graph


def _mlp() -> Graph:
    g = Graph("mlp")
    x = g.input("x", (4, 16))
    w1, w2 = g.param("w1", (16, 32)), g.param("w2", (32, 8))
    h = rlx.gelu(x @ w1)
    g.set_outputs([rlx.softmax(rlx.layer_norm(h) @ w2)])
    return g


@pytest.mark.parametrize("precision", ["bf16", "f16"])
def test_narrow_where_safe_f32_elsewhere(device, precision):
    g = _mlp()
    rng = np.random.default_rng(0)
    feeds = {"x": rng.standard_normal((4, 16)).astype(np.float32),
             "w1": rng.standard_normal((16, 32)).astype(np.float32) * 0.3,
             "w2": rng.standard_normal((32, 8)).astype(np.float32) * 0.3}
    opts = rlx.CompileOptions(precision=precision, split_params=False)
    cg = rlx.Session(device, opts).compile(g)
    for name in ("w1", "w2"):
        cg.set_param(name, feeds[name])
    (y,) = cg.run({"x": feeds["x"]})
    report = cg.report()
    assert report.precision["matmul"] == precision and report.precision["gelu"] == precision
    assert report.precision["softmax"] == "f32" and report.precision["layer_norm"] == "f32"
    assert y.dtype == np.float32
    # float64 oracle of the same network with the matmuls' operands rounded to the format
    narrow = ml_dtypes.bfloat16 if precision == "bf16" else np.float16

    def rnd(a):
        return a.astype(narrow).astype(np.float64)

    h = rnd(rnd(feeds["x"]) @ rnd(feeds["w1"]))
    h = rnd(0.5 * h * (1 + np.vectorize(erf)(h / np.sqrt(2))))
    mu, var = h.mean(-1, keepdims=True), h.var(-1, keepdims=True)
    z = rnd(rnd((h - mu) / np.sqrt(var + 1e-5)) @ rnd(feeds["w2"]))
    expect = np.exp(z - z.max(-1, keepdims=True))
    expect /= expect.sum(-1, keepdims=True)
    np.testing.assert_allclose(y, expect, atol=0.02)
    full = rlx.Session(device).compile(g)
    for name in ("w1", "w2"):
        full.set_param(name, feeds[name])
    assert np.abs(full.run({"x": feeds["x"]})[0] - y).max() > 0  # precision changed something


def test_bad_precision_is_rejected():
    with pytest.raises(rlx.GraphBuildError, match="precision"):
        rlx.CompileOptions(precision="fp8")


@pytest.mark.parametrize("dtype", ["bf16", "f16"])
def test_each_narrow_result_of_a_fused_chain_is_rounded(device, dtype):
    """Every f16 / bf16 result rounds to its type once, as the reference rounds it: a
    chain fused into one kernel keeps no float intermediates (cpu kept them, so
    cast(a + b) was not even a bf16 value). Checked against ml_dtypes step by step."""
    narrow = ml_dtypes.bfloat16 if dtype == "bf16" else np.float16
    g = Graph("chain")
    a, b = g.input("a", (64,), dtype), g.input("b", (64,), dtype)
    s = a + b
    g.set_outputs([s.cast("f32"), ((s * a) - b).cast("f32"), rlx.exp(a * b).cast("f32"),
                   rlx.maximum(s, b * 0.5).cast("f32")])
    rng = np.random.default_rng(4)
    av = rng.uniform(-2, 2, 64).astype(narrow)
    bv = (rng.uniform(-2, 2, 64) * 1e-2).astype(narrow)

    def r(x):
        return np.asarray(x, np.float64).astype(narrow)

    sv = r(av.astype(np.float64) + bv.astype(np.float64))
    want = [sv, r(r(sv.astype(np.float64) * av.astype(np.float64)).astype(np.float64) - bv),
            r(np.exp(r(av.astype(np.float64) * bv.astype(np.float64)).astype(np.float64))),
            np.maximum(sv, r(bv.astype(np.float64) * 0.5))]
    got = rlx.Session(device).compile(g).run({"a": av, "b": bv})
    for i, (x, w) in enumerate(zip(got, want)):
        np.testing.assert_array_equal(x, np.asarray(w).astype(np.float32), err_msg=f"output {i}")
