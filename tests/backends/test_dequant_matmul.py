"""dequant_matmul and the packed-weight schemes of rlx.ir.quantized.

Every backend is checked against the oracle: ``unpack_weight`` (the dequantised f32
matrix) times x in float64. The packing itself is checked against ml_dtypes casts,
the rounding bounds of each scheme, and rlx.ir.formats' MX / NVFP4 oracle. The GGML
block schemes (the bytes of a GGUF file) are checked against the ``gguf`` package's
numpy dequantisers: the oracle's values bit for bit, the products in float64.
"""


import os
from unittest import mock

import gguf
import ml_dtypes
import numpy as np
import pytest

import rlx
from rlx.backends.cpu.isa import AVX_VNNI_ENV, avx_vnni_in_use, tiers_in_force
from rlx.backends.cpu.kernels import qmatmul_ggml
from rlx.errors import DTypeError, GraphBuildError, ShapeError
from rlx.ir import formats as F
from rlx.ir.quantized import (
    GGML_SCHEMES,
    SCHEMES,
    PackedLayout,
    dequant_matmul,
    pack_weight,
    packed_nbytes,
    quantized_linear,
    unpack_weight,
)

ALL_SCHEMES = sorted(SCHEMES)
ALL_GGML = sorted(GGML_SCHEMES)


def _weight(n: int, k: int, seed: int = 0) -> np.ndarray:
    """Random weights with rows and blocks of very different magnitudes, a zero row
    and a zero block."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((n, k)) * np.exp(rng.uniform(-3, 3, (n, 1)))
    w[0] = 0.0
    w[1, :16] = 0.0
    return w.astype(np.float32)


def _compile(device: str, graph: rlx.Graph, packed: dict[str, np.ndarray], name: str = "l"):
    cg = rlx.Session(device).compile(graph)
    for suffix, array in packed.items():
        cg.set_param(f"{name}.{suffix}", array)
    return cg


def _assert_close_to_oracle(out: np.ndarray, x: np.ndarray, w: np.ndarray) -> None:
    """``out`` equals x @ w in float64 within f32 accumulation error, elementwise:
    |err| <= 1e-5 * sum_i |x_i w_i| (k * eps32 is below 1e-5 for these sizes)."""
    expect = x.astype(np.float64) @ w.astype(np.float64)
    bound = 1e-5 * (np.abs(x).astype(np.float64) @ np.abs(w).astype(np.float64)) + 1e-30
    assert out.dtype == np.float32 and out.shape == expect.shape
    assert np.all(np.abs(out - expect) <= bound), np.max(np.abs(out - expect) / bound)


@pytest.mark.parametrize("scheme", ALL_SCHEMES)
@pytest.mark.parametrize("x_shape", [(1,), (7,), (2, 3)], ids=["gemv", "m7", "batched"])
@pytest.mark.parametrize("k", [64, 77])
def test_matches_dequantised_product(device, scheme, x_shape, k):
    n = 24
    w = _weight(n, k)
    packed = pack_weight(w, scheme)
    g = rlx.Graph("qlinear")
    x = g.input("x", x_shape + (k,))
    g.set_outputs([quantized_linear(x, "l", k, n, scheme)])
    xv = np.random.default_rng(1).standard_normal(x_shape + (k,)).astype(np.float32)
    (out,) = _compile(device, g, packed).run({"x": xv})
    _assert_close_to_oracle(out, xv, unpack_weight(packed, scheme, k).T)


@pytest.mark.parametrize("scheme", ALL_SCHEMES)
def test_transposed_product_is_x_times_w(device, scheme):
    n, k = 40, 70
    w = _weight(n, k, seed=2)
    packed = pack_weight(w, scheme)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qT")
    x = g.input("x", (5, n))
    params = [g.param(f"l.{s}", t.shape, t.dtype)
              for s, t in zip(layout.operand_names(), layout.operand_types())]
    g.set_outputs([dequant_matmul(x, params, scheme, n, k, transpose=True)])
    xv = np.random.default_rng(3).standard_normal((5, n)).astype(np.float32)
    (out,) = _compile(device, g, packed).run({"x": xv})
    _assert_close_to_oracle(out, xv, unpack_weight(packed, scheme, k))


@pytest.mark.parametrize("scheme", ALL_SCHEMES)
@pytest.mark.parametrize("m, transpose", [(1, False), (19, False), (3, True)])
def test_large_enough_to_run_in_parallel(device, scheme, m, transpose):
    """Several segments per row, several row blocks of x, OpenMP on the cpu backend."""
    n, k = 300, 1000
    w = _weight(n, k, seed=4)
    packed = pack_weight(w, scheme)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qbig")
    x = g.input("x", (m, n if transpose else k))
    params = [g.param(f"l.{s}", t.shape, t.dtype)
              for s, t in zip(layout.operand_names(), layout.operand_types())]
    g.set_outputs([dequant_matmul(x, params, scheme, n, k, transpose=transpose)])
    xv = np.random.default_rng(5).standard_normal(x.shape).astype(np.float32)
    (out,) = _compile(device, g, packed).run({"x": xv})
    wd = unpack_weight(packed, scheme, k)
    _assert_close_to_oracle(out, xv, wd if transpose else wd.T)


@pytest.mark.parametrize("block, k", [(48, 100), (512, 1100)])
def test_int4_with_a_custom_block_and_a_short_last_block(device, block, k):
    n = 6
    w = _weight(n, k, seed=6)
    packed = pack_weight(w, "int4", block)
    assert packed["scale"].shape == (n, 3)
    g = rlx.Graph("qblock")
    x = g.input("x", (2, k))
    g.set_outputs([quantized_linear(x, "l", k, n, "int4", block)])
    xv = np.random.default_rng(7).standard_normal((2, k)).astype(np.float32)
    (out,) = _compile(device, g, packed).run({"x": xv})
    _assert_close_to_oracle(out, xv, unpack_weight(packed, "int4", k, block).T)


def test_every_code_byte_decodes_as_the_oracle(device):
    """Arbitrary bytes (nan codes, every E8M0 / E4M3 scale) decode alike: x = I picks
    single weights, so products and sums are exact (0 * inf and nan give nan alike).
    Every code byte sits in the first 64 bytes of a row (the vectorised decoders'
    groups) and rows end with a shorter rest (the scalar decoders)."""
    n, k = 16, 160
    rng = np.random.default_rng(8)
    for scheme in ALL_SCHEMES:
        layout = PackedLayout.of(scheme, n, k)
        packed = {}
        for name, t in zip(layout.operand_names(), layout.operand_types()):
            if t.dtype is rlx.DType.U8:
                packed[name] = rng.integers(0, 256, t.shape).astype(np.uint8)
            else:
                packed[name] = rng.uniform(0.5, 2.0, t.shape).astype(t.dtype.np)
        packed["q"][:4, :64] = np.arange(256).reshape(4, 64)
        packed["scale"].reshape(-1)[:2] = (0, 255) if scheme == "mxfp4" else (1, 1)
        if scheme == "nvfp4":
            packed["tensor_scale"][0] = 1.0
        g = rlx.Graph("qbytes")
        x = g.input("x", (k, k))
        g.set_outputs([quantized_linear(x, "l", k, n, scheme)])
        eye = np.eye(k, dtype=np.float32)
        with np.errstate(invalid="ignore", over="ignore"):
            (out,) = _compile(device, g, packed).run({"x": eye})
            expect = (eye.astype(np.float64) @ unpack_weight(packed, scheme, k).T
                      .astype(np.float64)).astype(np.float32)
        np.testing.assert_array_equal(out, expect, err_msg=scheme)


def test_cpu_keeps_no_f32_copy_of_the_weight():
    if "cpu" not in rlx.available_devices():
        pytest.skip("no cpu backend here")
    n, k = 256, 512
    g = rlx.Graph("qmem")
    x = g.input("x", (1, k))
    g.set_outputs([quantized_linear(x, "l", k, n, "int4")])
    cg = rlx.Session("cpu").compile(g)
    plan = cg.report().memory
    assert plan.arena_bytes < n * k, plan.summary()


# --------------------------------------------------------------------------- GGML blocks

GGML_F16_FIELDS = {"q8_0": (0,), "q4_0": (0,), "q4_1": (0, 2), "q5_0": (0,),
                   "q5_1": (0, 2), "q4_k": (0, 2), "q5_k": (0, 2), "q6_k": (208,)}
"""Byte offsets of each block's fp16 scales and mins."""


def _ggml_blocks(scheme: str, n: int, k: int, seed: int) -> np.ndarray:
    """Random blocks [n, row_bytes] of ``scheme`` whose fp16 fields are below 2 in
    magnitude (their top exponent bit cleared), so every value is finite."""
    layout = PackedLayout.of(scheme, n, k)
    size = layout.scheme.block_bytes
    raw = np.random.default_rng(seed).integers(0, 256, (n, layout.row_bytes), np.uint8)
    blocks = raw.reshape(-1, size)
    for start in GGML_F16_FIELDS[scheme]:
        blocks[:, start + 1] &= 0xBF
    return raw


def _gguf_values(raw: np.ndarray, scheme: str) -> np.ndarray:
    """The gguf package's dequantisation of ``raw`` (independent of rlx)."""
    kind = gguf.GGMLQuantizationType[scheme.upper()]
    with np.errstate(invalid="ignore", over="ignore"):
        return gguf.quants.dequantize(raw, kind)


def _ggml_k(scheme: str, blocks: int) -> int:
    return blocks * GGML_SCHEMES[scheme].default_block


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_ggml_values_are_the_gguf_packages(scheme):
    raw = _ggml_blocks(scheme, 9, _ggml_k(scheme, 3), seed=20)
    ours = unpack_weight({"q": raw}, scheme, _ggml_k(scheme, 3))
    theirs = _gguf_values(raw, scheme)
    assert ours.dtype == np.float32 and np.isfinite(ours).all()
    np.testing.assert_array_equal(ours.view(np.uint32), theirs.view(np.uint32))


@pytest.mark.parametrize("scheme", ALL_GGML)
@pytest.mark.parametrize("m, transpose", [(1, False), (5, False), (19, False), (3, True)])
def test_ggml_product_matches_the_gguf_packages_weight(device, scheme, m, transpose):
    """Several segments per row (9 blocks of 32, or 3 super-blocks), row blocks of x and
    OpenMP's split on the cpu backend; the weight is the gguf package's dequantisation
    of the same bytes."""
    n, k = 70, _ggml_k(scheme, 9 if GGML_SCHEMES[scheme].default_block == 32 else 3)
    raw = _ggml_blocks(scheme, n, k, seed=21)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qggml")
    x = g.input("x", (m, n if transpose else k))
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in layout.operand_types()]
    g.set_outputs([dequant_matmul(x, [q], scheme, n, k, transpose=transpose)])
    xv = np.random.default_rng(22).standard_normal(x.shape).astype(np.float32)
    (out,) = _compile(device, g, {"q": raw}).run({"x": xv})
    w = _gguf_values(raw, scheme)
    _assert_close_to_oracle(out, xv, w if transpose else w.T)


@pytest.mark.parametrize("scheme", ["q8_0", "q6_k"])
def test_ggml_long_rows_and_few_rows(device, scheme):
    """Rows longer than the cpu kernel decodes whole (4096), and fewer rows of W than
    one tile, with several rows of x."""
    for n, k in ((6, 4608), (3, 512)):
        raw = _ggml_blocks(scheme, n, k, seed=24)
        g = rlx.Graph("qggmllong")
        x = g.input("x", (3, k))
        g.set_outputs([quantized_linear(x, "l", k, n, scheme)])
        xv = np.random.default_rng(25).standard_normal((3, k)).astype(np.float32)
        (out,) = _compile(device, g, {"q": raw}).run({"x": xv})
        _assert_close_to_oracle(out, xv, _gguf_values(raw, scheme).T)


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_ggml_every_byte_decodes_as_the_oracle(device, scheme):
    """Arbitrary bytes, inf and nan scales included: x = I picks single weights, so
    the products are the weights themselves (0 * inf gives nan alike)."""
    n, k = 8, _ggml_k(scheme, 2)
    raw = np.random.default_rng(23).integers(0, 256, PackedLayout.of(scheme, n, k)
                                             .operand_types()[0].shape, np.uint8)
    g = rlx.Graph("qggmlbytes")
    x = g.input("x", (k, k))
    g.set_outputs([quantized_linear(x, "l", k, n, scheme)])
    eye = np.eye(k, dtype=np.float32)
    with np.errstate(invalid="ignore", over="ignore"):
        (out,) = _compile(device, g, {"q": raw}).run({"x": eye})
        expect = (eye.astype(np.float64) @ _gguf_values(raw, scheme).T
                  .astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(out, expect)


def test_ggml_schemes_take_whole_blocks_and_are_not_packed_here():
    assert PackedLayout.of("q4_k", 3, 512).operand_types()[0].shape == (3, 2 * 144)
    assert PackedLayout.of("q8_0", 3, 64).operand_names() == ["q"]
    with pytest.raises(GraphBuildError, match="whole number of blocks"):
        PackedLayout.of("q6_k", 3, 300)
    with pytest.raises(GraphBuildError, match="blocks of 32"):
        PackedLayout.of("q4_1", 3, 64, block=64)
    with pytest.raises(GraphBuildError, match="GGUF file"):
        pack_weight(np.ones((2, 64), np.float32), "q8_0")


# --------------------------------------------------------------------------- autodiff

@pytest.mark.parametrize("scheme", ["int8", "nvfp4"])
def test_gradient_flows_to_x_only(device, scheme):
    n, k = 12, 40
    w = _weight(n, k, seed=9)
    packed = pack_weight(w, scheme)
    g = rlx.Graph("qgrad")
    x = g.input("x", (3, k))
    g.set_outputs([quantized_linear(x, "l", k, n, scheme).sum()])
    dg = rlx.grad(g, ["x"], d_output=False)
    xv = np.random.default_rng(10).standard_normal((3, k)).astype(np.float32)
    loss, dx = _compile(device, dg, packed).run({"x": xv})
    wd = unpack_weight(packed, scheme, k).astype(np.float64)
    np.testing.assert_allclose(dx, np.broadcast_to(wd.sum(axis=0), (3, k)), rtol=1e-5,
                               atol=1e-5 * np.abs(wd).sum(axis=0).max())


def test_jvp_is_the_op_on_the_tangent(device):
    n, k = 10, 33
    packed = pack_weight(_weight(n, k, seed=11), "mxfp4")
    g = rlx.Graph("qjvp")
    x = g.input("x", (2, k))
    g.set_outputs([quantized_linear(x, "l", k, n, "mxfp4")])
    jg = rlx.jvp(g, ["x"])
    rng = np.random.default_rng(12)
    xv, tv = (rng.standard_normal((2, k)).astype(np.float32) for _ in range(2))
    _, tangent = _compile(device, jg, packed).run({"x": xv, "tangent_x": tv})
    _assert_close_to_oracle(tangent, tv, unpack_weight(packed, "mxfp4", k).T)


# --------------------------------------------------------------------------- packing

def test_layouts_and_memory_fractions():
    n, k = 1024, 1024
    f32_bytes = n * k * 4
    for scheme in ("int8", "fp8_e4m3"):
        assert packed_nbytes(n, k, scheme) <= 0.30 * f32_bytes
    for scheme in ("int4", "mxfp4", "nvfp4"):
        assert packed_nbytes(n, k, scheme) <= 0.15 * f32_bytes
    w = _weight(8, 77)
    for scheme in ALL_SCHEMES:
        packed = pack_weight(w, scheme)
        types = PackedLayout.of(scheme, 8, 77).operand_types()
        assert [(a.shape, a.dtype) for a in packed.values()] == [(t.shape, t.dtype.np)
                                                                  for t in types]


def test_int8_error_is_at_most_half_a_scale():
    w = _weight(16, 200)
    packed = pack_weight(w, "int8")
    codes = packed["q"].view(np.int8).astype(np.float64)
    scale = packed["scale"].astype(np.float64)[:, None]
    assert np.abs(codes).max() <= 127
    assert np.all(np.abs(w - codes * scale) <= scale / 2 * (1 + 1e-6))
    np.testing.assert_array_equal(unpack_weight(packed, "int8", 200),
                                  (codes * scale).astype(np.float32))


def test_int4_error_is_at_most_half_a_block_scale():
    k = 77
    w = _weight(16, k)
    packed = pack_weight(w, "int4")
    nibbles = np.stack([packed["q"] & 15, packed["q"] >> 4], axis=2).reshape(16, -1)
    assert np.all(nibbles[:, k:] == 0), "the unused high nibble of an odd row is 0"
    codes = np.where(nibbles >= 8, nibbles.astype(np.int64) - 16, nibbles)[:, :k]
    assert np.abs(codes).max() <= 7
    scale = np.repeat(packed["scale"].astype(np.float64), 32, axis=1)[:, :k]
    assert np.all(np.abs(w - codes * scale) <= scale / 2 * (1 + 1e-3))


def test_fp8_codes_are_ml_dtypes_casts_of_w_over_scale():
    w = _weight(16, 200)
    packed = pack_weight(w, "fp8_e4m3")
    scale = packed["scale"]
    np.testing.assert_array_equal(scale, (np.abs(w).max(axis=1) / 448.0).astype(np.float32))
    quotient = np.where(scale[:, None] > 0, w / np.where(scale > 0, scale, 1)[:, None], 0)
    expect = quotient.astype(np.float32).astype(ml_dtypes.float8_e4m3fn).view(np.uint8)
    np.testing.assert_array_equal(packed["q"], expect)


@pytest.mark.parametrize("scheme, scaling", [("mxfp4", F.FormatScaling.mx()),
                                             ("nvfp4", F.FormatScaling.nvfp4())])
@pytest.mark.parametrize("k", [64, 77])
def test_fp4_schemes_equal_the_formats_oracle(scheme, scaling, k):
    w = _weight(16, k)
    w[2, 5] = 3e-39   # a subnormal weight
    expect = F.round_slice_scaled(w, F.FP4_E2M1, scaling, k).astype(np.float32)
    got = unpack_weight(pack_weight(w, scheme), scheme, k)
    np.testing.assert_array_equal(got, expect)


def test_mxfp4_packing_is_idempotent():
    w = unpack_weight(pack_weight(_weight(8, 96), "mxfp4"), "mxfp4", 96)
    again = pack_weight(w, "mxfp4")
    np.testing.assert_array_equal(unpack_weight(again, "mxfp4", 96), w)


# --------------------------------------------------------------------------- errors

def test_pack_weight_rejects_bad_weights_and_blocks():
    with pytest.raises(GraphBuildError, match="inf or nan"):
        pack_weight(np.array([[1.0, np.nan]], np.float32), "int8")
    with pytest.raises(GraphBuildError, match="beyond float32's range"):   # finite in f64
        pack_weight(np.array([[1.0, 1e300]]), "int8")
    with pytest.raises(GraphBuildError, match="2-D float"):
        pack_weight(np.ones(4, np.float32), "int8")
    with pytest.raises(GraphBuildError, match="blocks of 32"):
        pack_weight(np.ones((2, 64), np.float32), "mxfp4", block=16)
    with pytest.raises(GraphBuildError, match="even"):
        pack_weight(np.ones((2, 64), np.float32), "int4", block=7)
    with pytest.raises(GraphBuildError, match="even int in"):
        pack_weight(np.ones((2, 64), np.float32), "int4", block=8192)
    with pytest.raises(GraphBuildError, match="unknown quantisation scheme"):
        pack_weight(np.ones((2, 64), np.float32), "int3")


def test_unpack_weight_names_a_wrong_operand():
    packed = pack_weight(np.ones((4, 32), np.float32), "nvfp4")
    del packed["tensor_scale"]
    with pytest.raises(GraphBuildError, match="tensor_scale"):
        unpack_weight(packed, "nvfp4", 32)


def test_build_time_errors_name_the_rule():
    g = rlx.Graph("qerr")
    x = g.input("x", (2, 64))
    layout = PackedLayout.of("int4", 8, 64)
    params = [g.param(f"l.{s}", t.shape, t.dtype)
              for s, t in zip(layout.operand_names(), layout.operand_types())]
    with pytest.raises(ShapeError, match=r"x must be \[..., 63\]"):
        dequant_matmul(x, params, "int4", 8, 63)
    with pytest.raises(ShapeError, match="packed operands must be"):
        dequant_matmul(x, params[::-1], "int4", 8, 64)
    with pytest.raises(DTypeError, match="x must be f32"):
        dequant_matmul(x.cast("f64"), params, "int4", 8, 64)
    with pytest.raises(GraphBuildError, match="scale per output channel"):
        g.apply("dequant_matmul", [x, *params], scheme="int8", n=8, k=64, block=32)


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_ggml_portable_kernels_match_the_gguf_packages_weight(scheme, monkeypatch, tmp_path):
    """Compiled for the generic ISA tier (no AVX), the cpu kernels: the same products,
    one row of x (decode), a few (the decode kernel on 6 rows, which this tier runs as
    pieces of 4 and 2; on 11, as pieces of 5 and 6) and more (the prefill kernel)."""
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler on this machine")
    monkeypatch.setenv("RLX_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("RLX_CPU_ISA", "generic")
    n, k = 37, _ggml_k(scheme, 9 if GGML_SCHEMES[scheme].default_block == 32 else 2)
    raw = _ggml_blocks(scheme, n, k, seed=31)
    w = _gguf_values(raw, scheme)
    more = qmatmul_ggml.GEMV_MAX_ROWS + 1
    for m, kernel in ((1, "gv4x1"), (6, "gv4x2"), (11, "gv4x5"), (more, "gt")):
        g = rlx.Graph("qggmlportable")
        x = g.input("x", (m, k))
        g.set_outputs([quantized_linear(x, "l", k, n, scheme)])
        cg = _compile("cpu", g, {"q": raw})
        assert f"rlx_{kernel}_{scheme}(" in cg._exe.source
        xv = np.random.default_rng(32).standard_normal((m, k)).astype(np.float32)
        (out,) = cg.run({"x": xv})
        _assert_close_to_oracle(out, xv, w.T)


FMA_TIERS = ("avx2", "avx512", "neon")
"""ISA tiers with fused multiply-adds: the GGML kernels give the same bits on each."""


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_ggml_kernels_on_every_tier_and_thread_count(scheme):
    """The GGML kernels compiled for each ISA tier this host runs, at 1 and 2 threads:
    decode (1 row of x, and 7: the decode kernel in two pieces of rows of x) and
    prefill (37 rows: panels of x and a short last one), 75 rows of W (neither a
    multiple of the decode kernel's 4 rows nor of the prefill kernel's 12) and k past
    the prefill kernel's 1024-element chunk. Products within f32 accumulation error of
    the gguf package's weights in float64; the same bits at 1 and 2 threads, on every
    tier with fused multiply-adds, and for a row of x alone or among 7."""
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler on this machine")
    n = 75
    k = _ggml_k(scheme, 36 if GGML_SCHEMES[scheme].default_block == 32 else 5)
    raw = _ggml_blocks(scheme, n, k, seed=41)
    w = _gguf_values(raw, scheme)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qggmltiers")
    counts = (1, 7, 37)
    xs = [g.input(f"x{m}", (m, k)) for m in counts]
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in layout.operand_types()]
    g.set_outputs([dequant_matmul(x, [q], scheme, n, k) for x in xs])
    rng = np.random.default_rng(42)
    feeds = {f"x{m}": rng.standard_normal((m, k)).astype(np.float32) for m in counts}
    feeds["x7"][3] = feeds["x1"][0]

    def check(outs):
        for out, m in zip(outs, counts):
            _assert_close_to_oracle(out, feeds[f"x{m}"], w.T)

    assert_same_bits_on_every_tier(g, {"l.q": raw}, feeds, check, alone=[(1, 3)])


def tier_builds(avx_vnni_both_ways: bool = False) -> list[tuple[str, str, dict[str, str]]]:
    """(label, tier, environment) of each build to compare: every ISA tier this host
    runs; with ``avx_vnni_both_ways``, where the avx2 tier takes AVX-VNNI here, also
    the avx2 tier without it (``RLX_CPU_AVX_VNNI=0``), so that both of its int8 paths
    are tested on this host."""
    builds = []
    for tier in tiers_in_force():
        builds.append((tier, tier, {}))
        if avx_vnni_both_ways and tier == "avx2" and avx_vnni_in_use(tier):
            builds.append(("avx2 without AVX-VNNI", tier, {AVX_VNNI_ENV: "0"}))
    return builds


def assert_same_bits_on_every_tier(graph: rlx.Graph, params: dict[str, np.ndarray],
                                   feeds: dict[str, np.ndarray], check,
                                   alone: list[tuple[int, int]],
                                   avx_vnni_both_ways: bool = False) -> None:
    """Compile ``graph`` for each ISA tier this host runs (:func:`tier_builds`), at 1
    and 2 threads (OpenMP only at 2), set ``params`` and run ``feeds``:
    ``check(outputs)`` holds on every run; row ``r`` of output ``i`` for each (i, r) in
    ``alone`` has the bits of output 0's row 0 (the same row of x alone); 1 and 2
    threads give the same bits, and so does every tier with fused multiply-adds."""
    fma_outs = {}
    for label, tier, env in tier_builds(avx_vnni_both_ways):
        outs = {}
        for threads in (1, 2):
            with mock.patch.dict(os.environ, env):
                cg = rlx.Session("cpu", rlx.CompileOptions(isa=tier, num_threads=threads)
                                 ).compile(graph)
            for name, value in params.items():
                cg.set_param(name, value)
            assert ("omp parallel for" in cg._exe.source) == (threads > 1)
            outs[threads] = [o.view(np.uint32) for o in cg.run(feeds)]
            check([o.view(np.float32) for o in outs[threads]])
            for i, r in alone:
                np.testing.assert_array_equal(outs[threads][i][r], outs[threads][0][0],
                                              err_msg=f"{label}: a row of x alone vs in a "
                                                      f"batch (output {i}, row {r})")
        for one, two in zip(outs[1], outs[2]):
            np.testing.assert_array_equal(one, two, err_msg=f"{label}: 1 thread vs 2")
        if tier in FMA_TIERS:
            fma_outs[label] = outs[1]
    tiers = list(fma_outs)
    for tier in tiers[1:]:
        for a, b in zip(fma_outs[tiers[0]], fma_outs[tier]):
            np.testing.assert_array_equal(a, b, err_msg=f"{tiers[0]} vs {tier}")
