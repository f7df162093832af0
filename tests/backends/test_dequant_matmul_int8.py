"""dequant_matmul with ``x_int8``: GGML blocks times x rounded to int8, as GGML does.

Oracles independent of the kernels under test: the ``gguf`` package's dequantisation
of the same bytes (the weight), and x rounded by :func:`quantize_x_int8`, whose
rounding is checked here against its definition (every code within half a step of
x / scale, the largest magnitude at +-127, ties to even). The product of the two
rounded operands is then exact arithmetic in float64, which every backend must equal
within float32 accumulation error.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import rlx
from rlx.errors import GraphBuildError
from rlx.ir.gguf_blocks import integer_groups, quantize_x_int8, x_int8_group
from rlx.ir.quantized import GGML_SCHEMES, PackedLayout, dequant_matmul

sys.path.insert(0, str(Path(__file__).parent))
from test_dequant_matmul import (  # noqa: E402
    _ggml_blocks,
    _ggml_k,
    _gguf_values,
    assert_same_bits_on_every_tier,
)

ALL_GGML = sorted(GGML_SCHEMES)


def _rounded_x(x: np.ndarray, scheme: str) -> np.ndarray:
    """x as the product sees it: codes times their group's scale, in float64."""
    group = x_int8_group(scheme)
    codes, scales = quantize_x_int8(x, group)
    return codes.astype(np.float64) * np.repeat(scales.astype(np.float64), group, axis=-1)


def _assert_close(out: np.ndarray, x: np.ndarray, w: np.ndarray, scheme: str) -> None:
    """``out`` equals (rounded x) @ w.T in float64 within f32 accumulation error:
    |err| <= 1e-5 * sum_i |x_i w_i| + 1e-30."""
    xr = _rounded_x(x, scheme)
    expect = xr @ w.astype(np.float64).T
    bound = 1e-5 * (np.abs(xr) @ np.abs(w.astype(np.float64)).T) + 1e-30
    assert out.dtype == np.float32 and out.shape == expect.shape
    assert np.all(np.abs(out - expect) <= bound), np.max(np.abs(out - expect) / bound)


def _graph(scheme: str, n: int, k: int, counts: tuple[int, ...]) -> rlx.Graph:
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qint8")
    xs = [g.input(f"x{m}", (m, k)) for m in counts]
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in layout.operand_types()]
    g.set_outputs([dequant_matmul(x, [q], scheme, n, k, x_int8=True) for x in xs])
    return g


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_integer_groups_are_the_gguf_packages_values(scheme):
    """codes * step (+ offset) in float32 is the gguf package's dequantisation, bit for
    bit, and the codes fit the integer product (|code| <= 128, unsigned formats 0..31)."""
    raw = _ggml_blocks(scheme, 9, _ggml_k(scheme, 3), seed=50)
    blocks = raw.reshape(-1, PackedLayout.of(scheme, 9, _ggml_k(scheme, 3)).scheme.block_bytes)
    codes, step, offset, subtract = integer_groups(blocks, scheme)
    values = codes.reshape(len(codes), -1, 16).astype(np.float32) * step[:, :, None]
    if offset is not None:
        values = values.reshape(len(codes), -1, 32)
        values = values - offset[:, :, None] if subtract else values + offset[:, :, None]
        assert codes.min() >= 0 and codes.max() <= 31
    theirs = _gguf_values(raw, scheme).reshape(values.shape[0], -1)
    np.testing.assert_array_equal(values.reshape(theirs.shape).view(np.uint32),
                                  theirs.view(np.uint32))


@pytest.mark.parametrize("group", [32, 256])
def test_x_rounding_follows_its_definition(group):
    rng = np.random.default_rng(51)
    x = (rng.standard_normal((5, 4 * group)) * np.exp(rng.uniform(-20, 20, (5, 1))))
    x = x.astype(np.float32)
    x[0, :group] = 0.0                                  # a group of zeros
    x[1, :group] = 1e-35                                # below 2**-100 * 127: zeros
    x[2, group:2 * group] = np.inf                      # a group with an infinity
    x[3, 5] = np.nan
    codes, scales = quantize_x_int8(x, group)
    assert codes.dtype == np.int8 and scales.dtype == np.float32
    assert scales.shape == (5, 4) and codes.shape == x.shape
    gx = x.reshape(5, 4, group).astype(np.float64)
    gc = codes.reshape(5, 4, group).astype(np.float64)
    a = np.abs(gx).max(axis=2)
    normal = np.isfinite(a) & (a >= 2.0 ** -100)
    assert np.all(gc[~normal] == 0)
    assert np.all(scales[~normal & np.isfinite(a)] == 0)
    assert np.isnan(scales[2, 1]) and np.isnan(scales[3, 0])
    np.testing.assert_array_equal(scales[normal], (a[normal] / 127).astype(np.float32))
    inv = (np.float32(127) / a[normal].astype(np.float32)).astype(np.float64)
    scaled = gx[normal] * inv[:, None]
    assert np.all(np.abs(gc[normal] - scaled) <= 0.5 + 1e-6)
    assert np.all(np.abs(gc[normal]).max(axis=1) == 127)
    # ties go to even: x * (127 / a) exactly 2.5 and 3.5 when a = 127
    tie = np.zeros((1, group), np.float32)
    tie[0, :3] = [127.0, 2.5, 3.5]
    np.testing.assert_array_equal(quantize_x_int8(tie, group)[0][0, :3], [127, 2, 4])


@pytest.mark.parametrize("scheme", ALL_GGML)
@pytest.mark.parametrize("m", [1, 5, 19])
def test_product_of_the_rounded_operands(device, scheme, m):
    n, k = 70, _ggml_k(scheme, 9 if GGML_SCHEMES[scheme].default_block == 32 else 3)
    raw = _ggml_blocks(scheme, n, k, seed=52)
    cg = rlx.Session(device).compile(_graph(scheme, n, k, (m,)))
    cg.set_param("l.q", raw)
    x = np.random.default_rng(53).standard_normal((m, k)).astype(np.float32)
    (out,) = cg.run({f"x{m}": x})
    w = _gguf_values(raw, scheme)
    _assert_close(out, x, w, scheme)
    # and close to the unrounded product: the rounding of x moves each output by at
    # most half a step of x per element
    exact = x.astype(np.float64) @ w.astype(np.float64).T
    step = np.repeat(quantize_x_int8(x, x_int8_group(scheme))[1].astype(np.float64),
                     x_int8_group(scheme), axis=-1)
    assert np.all(np.abs(out - exact) <= (0.5 * step) @ np.abs(w.astype(np.float64)).T
                  * (1 + 1e-4) + 1e-6)


@pytest.mark.parametrize("scheme", ["q8_0", "q4_0", "q4_1", "q5_1"])
def test_the_last_groups_of_a_row_in_a_wide_piece(device, scheme):
    """k of 8 groups and 1, 2, 3, 5 or 7 more: the wide kernel's last step lays 8 / w
    rows of W side by side, w lanes each (w the power of two >= the groups left), and
    reads x's lanes repeated to match. 16 rows of x (one wide piece): within f32 error
    of the oracle, and each row the same bits as alone (the kernel whose sums stay in
    registers, one row of W a step)."""
    if device != "cpu":
        pytest.skip("the cpu device's kernels")
    n, tails = 13, (1, 2, 3, 5, 7)
    g = rlx.Graph("tails")
    for t in tails:
        k = 32 * (8 + t)
        (q,) = [g.param(f"w{t}.q", p.shape, p.dtype)
                for p in PackedLayout.of(scheme, n, k).operand_types()]
        g.set_outputs([*g.outputs, dequant_matmul(g.input(f"x{t}", (16, k)), [q], scheme, n, k,
                                                  x_int8=True),
                       dequant_matmul(g.input(f"r{t}", (1, k)), [q], scheme, n, k,
                                      x_int8=True)])
    cg = rlx.Session(device, rlx.CompileOptions(num_threads=1)).compile(g)
    rng = np.random.default_rng(58)
    raws, feeds = {}, {}
    for t in tails:
        k = 32 * (8 + t)
        raws[t] = _ggml_blocks(scheme, n, k, seed=59 + t)
        cg.set_param(f"w{t}.q", raws[t])
        feeds[f"x{t}"] = rng.standard_normal((16, k)).astype(np.float32)
        feeds[f"r{t}"] = feeds[f"x{t}"][:1]
    outs = cg.run(feeds)
    for i, t in enumerate(tails):
        _assert_close(outs[2 * i], feeds[f"x{t}"], _gguf_values(raws[t], scheme), scheme)
    for row in (0, 5, 15):
        alone = cg.run({**feeds, **{f"r{t}": feeds[f"x{t}"][row:row + 1] for t in tails}})
        for i, t in enumerate(tails):
            np.testing.assert_array_equal(alone[2 * i + 1][0], outs[2 * i][row],
                                          err_msg=f"{t} groups past 8, row {row}")


@pytest.mark.parametrize("scheme", ["q8_0", "q4_1", "q4_k", "q6_k"])
def test_non_finite_groups_give_nan_rows(device, scheme):
    n, k = 8, _ggml_k(scheme, 2)
    raw = _ggml_blocks(scheme, n, k, seed=54)
    cg = rlx.Session(device).compile(_graph(scheme, n, k, (3,)))
    cg.set_param("l.q", raw)
    x = np.random.default_rng(55).standard_normal((3, k)).astype(np.float32)
    x[0, 7] = np.inf
    x[1, k - 1] = np.nan
    x[2, :] = 0.0
    (out,) = cg.run({"x3": x})
    assert np.isnan(out[:2]).all()
    np.testing.assert_array_equal(out[2], np.zeros(n, np.float32))


@pytest.mark.parametrize("scheme", ALL_GGML)
def test_every_tier_and_thread_count(scheme):
    """Compiled for each ISA tier this host runs, at 1 and 2 threads: 1, 7 (one piece),
    37 (the 32-element formats: two pieces of 16 through the wide kernel, then 5; the
    k-quants: pieces of 8 and 5), 2 (rows of W side by side) and 12 (one wide piece of
    12) rows of x, 75 rows of W (not a multiple of the kernel's 4), k a multiple of 8
    groups plus 4. Within f32 error of the oracle everywhere; the same bits at 1 and 2
    threads, for a row alone or among others, and on every tier with fused
    multiply-adds (where the host has AVX-VNNI, the avx2 tier both with it and
    without: the products in one instruction or in three)."""
    if "cpu" not in rlx.available_devices():
        pytest.skip("no C compiler on this machine")
    n = 75
    k = _ggml_k(scheme, 36 if GGML_SCHEMES[scheme].default_block == 32 else 5)
    raw = _ggml_blocks(scheme, n, k, seed=56)
    w = _gguf_values(raw, scheme)
    counts = (1, 7, 37, 2, 12)
    g = _graph(scheme, n, k, counts)
    rng = np.random.default_rng(57)
    feeds = {f"x{m}": rng.standard_normal((m, k)).astype(np.float32) for m in counts}
    feeds["x7"][3] = feeds["x1"][0]
    feeds["x37"][20] = feeds["x37"][36] = feeds["x1"][0]
    feeds["x2"][1] = feeds["x1"][0]
    feeds["x12"][11] = feeds["x1"][0]

    def check(outs):
        for out, m in zip(outs, counts):
            _assert_close(out, feeds[f"x{m}"], w, scheme)

    assert_same_bits_on_every_tier(g, {"l.q": raw}, feeds, check,
                                   alone=[(1, 3), (2, 20), (2, 36), (3, 1), (4, 11)],
                                   avx_vnni_both_ways=True)


def test_x_int8_needs_a_ggml_format_and_the_forward_product():
    g = rlx.Graph("qint8bad")
    x = g.input("x", (2, 64))
    q8 = PackedLayout.of("q8_0", 8, 64)
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in q8.operand_types()]
    with pytest.raises(GraphBuildError, match="x_int8 needs a GGML block format"):
        dequant_matmul(g.input("t", (2, 8)), [q], "q8_0", 8, 64, transpose=True,
                       x_int8=True)
    int8 = PackedLayout.of("int8", 8, 64)
    params = [g.param(f"p.{s}", t.shape, t.dtype)
              for s, t in zip(int8.operand_names(), int8.operand_types())]
    with pytest.raises(GraphBuildError, match="x_int8 needs a GGML block format"):
        dequant_matmul(x, params, "int8", 8, 64, x_int8=True)


def test_gradient_treats_the_rounding_as_the_identity(device):
    """Straight-through: d(sum y)/dx is the row sums of W, as without x_int8."""
    scheme, n, k = "q4_k", 6, 256
    raw = _ggml_blocks(scheme, n, k, seed=58)
    layout = PackedLayout.of(scheme, n, k)
    g = rlx.Graph("qint8grad")
    x = g.input("x", (2, k))
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in layout.operand_types()]
    g.set_outputs([rlx.sum(dequant_matmul(x, [q], scheme, n, k, x_int8=True))])
    grad = rlx.grad(g, ["x"], d_output=False)
    cg = rlx.Session(device).compile(grad)
    cg.set_param("l.q", raw)
    xv = np.random.default_rng(59).standard_normal((2, k)).astype(np.float32)
    outs = cg.run({"x": xv})
    dx = outs[-1]
    expect = np.broadcast_to(_gguf_values(raw, scheme).astype(np.float64).sum(axis=0), (2, k))
    np.testing.assert_allclose(dx, expect, rtol=1e-5, atol=1e-5 * np.abs(expect).max())


def test_jvp_multiplies_the_tangent_unrounded(device):
    """Straight-through in forward mode too: the tangent output is W t, t not rounded
    (within f32 accumulation error of W t in float64)."""
    scheme, n, k = "q5_0", 6, 64
    raw = _ggml_blocks(scheme, n, k, seed=60)
    g = rlx.Graph("qint8jvp")
    x = g.input("x", (2, k))
    layout = PackedLayout.of(scheme, n, k)
    (q,) = [g.param("l.q", t.shape, t.dtype) for t in layout.operand_types()]
    g.set_outputs([dequant_matmul(x, [q], scheme, n, k, x_int8=True)])
    cg = rlx.Session(device).compile(rlx.jvp(g, ["x"]))
    cg.set_param("l.q", raw)
    rng = np.random.default_rng(61)
    xv, tv = (rng.standard_normal((2, k)).astype(np.float32) for _ in range(2))
    _, tangent = cg.run({"x": xv, "tangent_x": tv})
    w = _gguf_values(raw, scheme).astype(np.float64)
    expect = tv.astype(np.float64) @ w.T
    bound = 1e-5 * (np.abs(tv).astype(np.float64) @ np.abs(w).T) + 1e-30
    assert np.all(np.abs(tangent - expect) <= bound)
