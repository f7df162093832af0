"""Kernels that visit only the active rows of symbolic dimensions (the cpu device's
GEMM, attention, row kernels, gathers, quantized products, elementwise loops, rope and
transposes), on every device and ISA tier this host runs
(``tests/backends/conftest.py``), against float64 numpy."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx import Dim
from rlx.ir.quantized import PackedLayout, dequant_matmul, pack_weight, unpack_weight


def _softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("threads", [1, 2])
def test_kernels_that_skip_padding_give_the_exact_results(device, threads):
    """Sizes where the cpu device's packed GEMM (split over threads by rows and by
    columns), its attention, its row kernels and its reductions over a middle axis
    (sum, max, softmax: the batch rows around them) visit only the run's rows; the
    padding of the inputs holds nan, which no result may show."""
    b, s, width = Dim("batch", 4), Dim("seq", 64), 128
    g = rlx.Graph()
    x = g.input("x", (b, s, width))
    mask = g.input("mask", (b, s), "bool")
    w1, w2 = g.param("w1", (width, 32)), g.param("w2", (width, 96))
    h = rlx.layer_norm(rlx.gelu(x @ w2 + 1.0) @ g.param("w3", (96, width)) + x)
    heads = h.reshape(b, s, 4, 32).transpose(0, 2, 1, 3)
    att = rlx.attention(heads, heads, heads, mask=mask.reshape(b, 1, 1, s))
    y = rlx.softmax(x @ w1, axis=-1) + att.transpose(0, 2, 1, 3).reshape(b, s, width) @ w1
    # reductions and a softmax over the symbolic seq axis, the batch rows outside them
    g.set_outputs([y, rlx.mean(y, axis=1), rlx.max(y * 2.0, axis=1),
                   rlx.softmax(x @ w1, axis=1)])
    rng = np.random.default_rng(3)
    weights = {n: (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)
               for n, shape in (("w1", (width, 32)), ("w2", (width, 96)),
                                ("w3", (96, width)))}
    opts = rlx.CompileOptions(num_threads=threads)
    cg = rlx.Session(device, opts).compile(g)
    for name, v in weights.items():
        cg.set_param(name, v)
    with np.errstate(invalid="ignore"):
        cg.run({"x": np.full((4, 64, width), np.nan, np.float32),
                "mask": np.ones((4, 64), bool)})
    for bb, ss in [(1, 1), (1, 37), (3, 13), (4, 64), (2, 64)]:
        xv = rng.standard_normal((bb, ss, width)).astype(np.float32)
        mv = rng.random((bb, ss)) < 0.8
        mv[:, 0] = True
        got = cg.run({"x": xv, "mask": mv})
        want = _ffn_attention_model(xv, mv, weights)
        for out, ref in zip(got, want, strict=True):
            assert out.shape == ref.shape
            np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)


def _ffn_attention_model(x, mask, weights):
    from math import erf, sqrt

    w = {k: v.astype(np.float64) for k, v in weights.items()}
    x = x.astype(np.float64)
    u = x @ w["w2"] + 1.0
    gelu = 0.5 * u * (1.0 + np.vectorize(lambda v: erf(v / sqrt(2.0)))(u))
    r = gelu @ w["w3"] + x
    c = r - r.mean(axis=-1, keepdims=True)
    h = c / np.sqrt((c * c).mean(axis=-1, keepdims=True) + 1e-5)
    b, s, width = x.shape
    heads = h.reshape(b, s, 4, 32).transpose(0, 2, 1, 3)
    scores = heads @ heads.transpose(0, 1, 3, 2) / np.sqrt(32)
    scores = np.where(mask[:, None, None, :], scores, -np.inf)
    att = _softmax(scores, -1) @ heads
    y = _softmax(x @ w["w1"], -1) + att.transpose(0, 2, 1, 3).reshape(b, s, width) @ w["w1"]
    return [y, y.mean(axis=1), (y * 2).max(axis=1), _softmax(x @ w["w1"], 1)]


def test_indices_computed_in_the_padding_are_never_checked(device):
    """Indices computed from an input: a run whose every position gives a bad index
    fails, as an exact-size program would; it leaves those values in the padded
    buffer, and a shorter run must not check (or read) them."""
    g = rlx.Graph()
    x = g.input("x", (Dim("seq", 8),))
    table = g.param("table", (5, 3))
    idx = rlx.cast(x, "i64")
    g.set_outputs([rlx.gather(table, idx) * 1.0])
    cg = rlx.Session(device).compile(g)
    values = np.arange(15, dtype=np.float32).reshape(5, 3)
    cg.set_param("table", values)
    with pytest.raises(rlx.RlxError, match="out of range"):
        cg.run({"x": np.full(8, 1e6, np.float32)})
    np.testing.assert_array_equal(cg.run({"x": np.full(3, 2, np.float32)})[0],
                                  values[[2, 2, 2]])


def test_a_gather_along_a_symbolic_axis_counts_from_the_extent(device):
    """Indices into a symbolic axis count from the run's extent, as in a program of the
    exact size (numpy.take): negatives wrap against the extent, not the bound (which
    read padding), literal ones too, and one outside [-extent, extent) fails the run
    (it read a padded row)."""
    g = rlx.Graph()
    x = g.input("x", (Dim("s", 9), 3), "f32")
    i = g.input("i", (3,), "i32")
    g.set_outputs([rlx.gather(x, i, 0), rlx.gather(x, g.constant(np.array([-1, 1])), 0)])
    cg = rlx.Session(device).compile(g)
    for rows in (4, 9, 2):
        xv = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
        iv = np.array([-1, -rows, rows - 1], np.int32)
        got, literal = cg.run({"x": xv, "i": iv})
        np.testing.assert_array_equal(got, np.take(xv, iv, 0))
        np.testing.assert_array_equal(literal, np.take(xv, [-1, 1], 0))
    xv = np.arange(12, dtype=np.float32).reshape(4, 3)
    for bad in (4, -5, 8):
        with pytest.raises(rlx.RlxError, match="out of range"):
            cg.run({"x": xv, "i": np.array([0, bad, 1], np.int32)})
    with pytest.raises(rlx.RlxError):      # the literal 1 needs two rows
        cg.run({"x": xv[:1], "i": np.zeros(3, np.int32)})


# extents of (batch <= 2, seq <= 12): one row, runs of a few rows (the decode path of
# GGML products, up to 16 rows, in pieces), more than 16 (their tiled path), the bound
ROW_EXTENTS = [(1, 1), (1, 2), (1, 3), (1, 5), (2, 3), (1, 7), (1, 8), (1, 11), (2, 9),
               (2, 12)]


@pytest.mark.parametrize("scheme,x_int8", [("q8_0", False), ("q4_k", False),
                                           ("q8_0", True), ("q4_k", True), ("int8", False)])
def test_quantized_products_visit_only_the_active_rows(device, scheme, x_int8):
    """dequant_matmul (the file's GGML blocks, with x rounded to int8 or not, and a
    packing scheme) on symbolic rows: each run's row count picks its path when the
    program runs. Oracle: the gguf package's values of the same blocks (numpy's
    dequantisation of the packed int8 weight), float64, and the int8 rounding of x by
    its definition."""
    sys.path.insert(0, str(Path(__file__).parent))
    from test_dequant_matmul import _ggml_blocks, _ggml_k, _gguf_values
    from test_dequant_matmul_int8 import _rounded_x

    n = 40
    rng = np.random.default_rng(11)
    if scheme == "int8":
        k = 96
        packed = pack_weight(rng.standard_normal((n, k)).astype(np.float32), scheme)
        w = unpack_weight(packed, scheme, k)
    else:
        k = _ggml_k(scheme, 2)
        raw = _ggml_blocks(scheme, n, k, seed=12)
        packed, w = {"q": raw}, _gguf_values(raw, scheme).reshape(n, k)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph()
    x = g.input("x", (Dim("batch", 2), Dim("seq", 12), k))
    operands = [g.param(f"l.{name}", t.shape, t.dtype)
                for name, t in zip(layout.operand_names(), layout.operand_types())]
    g.set_outputs([dequant_matmul(x, operands, scheme, n, k, x_int8=x_int8)])
    cg = rlx.Session(device, rlx.CompileOptions(num_threads=2)).compile(g)
    for name in layout.operand_names():
        cg.set_param(f"l.{name}", packed[name])
    with np.errstate(invalid="ignore", over="ignore"):
        cg.run({"x": np.full((2, 12, k), 1e4 if x_int8 else np.nan, np.float32)})
    w64 = w.astype(np.float64)
    for b, s in ROW_EXTENTS:
        xv = rng.standard_normal((b, s, k)).astype(np.float32)
        (got,) = cg.run({"x": xv})
        xr = _rounded_x(xv, scheme) if x_int8 else xv.astype(np.float64)
        want = xr @ w64.T
        assert got.shape == (b, s, n)
        bound = 1e-5 * (np.abs(xr) @ np.abs(w64).T) + 1e-6
        assert np.all(np.abs(got - want) <= bound), (b, s)
        if b * s <= 8 and scheme != "int8":
            # the decode kernels: a row of x gives the same bits alone as in any piece
            (alone,) = cg.run({"x": xv[:1, -1:]})
            np.testing.assert_array_equal(alone[0, 0], got[0, -1])


def test_rope_transposes_and_elementwise_visit_only_the_active_rows(device):
    """The head split (a transpose), rotary embedding over a table read at the active
    positions, an elementwise tail and the transpose back, on symbolic rows whose
    padding holds nan."""
    b, s, heads, d = Dim("batch", 2), Dim("seq", 12), 3, 8
    g = rlx.Graph()
    x = g.input("x", (b, s, heads * d))
    cos, sin = g.input("cos", (s, d // 2)), g.input("sin", (s, d // 2))
    h = x.reshape(b, s, heads, d).transpose(0, 2, 1, 3)
    r = rlx.rope(h, cos.reshape(1, 1, s, d // 2), sin.reshape(1, 1, s, d // 2))
    y = (rlx.silu(r) * 2.0 + h).transpose(0, 2, 1, 3).reshape(b, s, heads * d)
    g.set_outputs([y])
    cg = rlx.Session(device, rlx.CompileOptions(num_threads=2)).compile(g)
    nan = np.full((12, d // 2), np.nan, np.float32)
    with np.errstate(invalid="ignore"):
        cg.run({"x": np.full((2, 12, heads * d), np.nan, np.float32), "cos": nan, "sin": nan})
    rng = np.random.default_rng(13)
    for bb, ss in ROW_EXTENTS:
        xv = rng.standard_normal((bb, ss, heads * d)).astype(np.float32)
        angle = rng.uniform(0, 6, (ss, d // 2))
        feeds = {"x": xv, "cos": np.cos(angle).astype(np.float32),
                 "sin": np.sin(angle).astype(np.float32)}
        (got,) = cg.run(feeds)
        hv = xv.astype(np.float64).reshape(bb, ss, heads, d).transpose(0, 2, 1, 3)
        c, sn = feeds["cos"].astype(np.float64), feeds["sin"].astype(np.float64)
        first, second = hv[..., : d // 2], hv[..., d // 2:]
        rv = np.concatenate([first * c - second * sn, second * c + first * sn], axis=-1)
        want = (rv / (1 + np.exp(-rv)) * 2.0 + hv).transpose(0, 2, 1, 3).reshape(bb, ss, -1)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect"])
def test_pad_and_tile_along_a_fixed_axis_keep_the_symbolic_one(device, mode):
    """pad and tile that leave the symbolic axis alone keep it symbolic (its d + 0 + 0,
    d * 1 became a plain int, and the program was refused as losing the symbol); run
    at extents in an order where a small one follows the bound."""
    g = rlx.Graph()
    x = g.input("x", (Dim("n", max=6), 4))
    g.set_outputs([rlx.pad(x, [(0, 0), (1, 2)], mode=mode), rlx.tile(x, (1, 2))])
    compiled = rlx.Session(device).compile(g)
    rs = np.random.default_rng(9)
    for n in (6, 1, 3, 6, 2):
        xs = rs.standard_normal((n, 4)).astype(np.float32)
        padded, tiled = compiled.run({"x": xs})
        np.testing.assert_array_equal(padded, np.pad(xs, ((0, 0), (1, 2)), mode=mode))
        np.testing.assert_array_equal(tiled, np.tile(xs, (1, 2)))


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_a_narrow_mean_over_a_symbolic_axis_rounds_once(device, dtype):
    """A mean over a symbolic axis of f16 / bf16 values sums and divides in f32 and
    rounds once, as the fixed-size mean does (the f16 sum of 100 values of 1000
    overflowed to inf; short rows came out one unit off)."""
    import ml_dtypes

    np_dt = {"f16": np.float16, "bf16": ml_dtypes.bfloat16}[dtype]
    rng = np.random.default_rng(7)
    cases = [np.full((1, 100), 1000.0), rng.uniform(3, 7, (16, 37))]
    for values in cases:
        x = values.astype(np_dt)
        g = rlx.Graph("narrow_mean")
        g.set_outputs([rlx.mean(g.input("x", (values.shape[0], Dim("seq", 512)), dtype),
                                axis=1)])
        (got,) = rlx.Session(device).compile(g).run({"x": x})
        expect = x.astype(np.float64).mean(axis=1).astype(np.float32).astype(np_dt)
        np.testing.assert_array_equal(got.astype(np.float64), expect.astype(np.float64))
