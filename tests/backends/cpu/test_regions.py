"""The cpu backend's memory regions beyond the memory plan.

The scratch region: every kernel's temporaries live in one region at the end of the
arena, which the kernels before it have filled with their own values. The scratch
tests fill the whole arena with 0xFF bytes (nan as a float, -1 as an int) before every
run, so a kernel that reads scratch it has not written gives nan or reads out of
place, and check the results against float64 references.

The keep region: weights repacked for the kernels, and the kernels' record of what
they repacked, stay from one run to the next in a region each executable owns, so
executables that load the same shared object never see each other's.

The host's buffers: large arenas and params start on a huge-page boundary, params
share one pooled mapping without overlapping, and a refused huge-page advice leaves a
usable buffer on small pages."""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers import compile_with_values, tol

import rlx
from rlx.backends.cpu.kernels import conv_winograd

torch = pytest.importorskip("torch")
F = torch.nn.functional

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="cpu backend needs a C compiler")


def _poisoned_runs(compiled, inputs, runs: int = 2) -> list[np.ndarray]:
    exe = compiled._exe
    assert exe.arena.size == exe.arena_bytes
    for _ in range(runs):
        exe.arena[:] = 0xFF
        out = [o.copy() for o in compiled.run(inputs)]
    return out


def _conv_chain_graph():
    """Convs taking each conv path in turn, so that each finds the scratch of the one
    before: Winograd (3 x 3 on 20 x 20), a position-tiled pointwise conv, a padded 5 x 5
    that copies its grid, a strided 3 x 3 through im2col columns, then on the 10 x 10
    map a channel-vectorised pointwise conv, a 3 x 3 read through the channel grid and
    Winograd again."""
    g = rlx.Graph("chain")
    x = g.input("x", (2, 16, 20, 20))
    h = x
    specs = [("w0", (24, 16, 3, 3), 1, 1), ("w1", (32, 24, 1, 1), 1, 0),
             ("w2", (32, 32, 5, 5), 1, 2), ("w3", (32, 32, 3, 3), 2, 1),
             ("w4", (12, 32, 1, 1), 1, 0), ("w5", (40, 12, 3, 3), 1, 1),
             ("w6", (16, 40, 3, 3), 1, 1)]
    for name, shape, stride, pad in specs:
        w = g.param(name, shape)
        b = g.param("b" + name[1:], (shape[0],))
        h = rlx.relu(rlx.conv2d(h, w, b, stride=stride, padding=pad))
    g.set_outputs([h])
    return g, specs


@pytest.mark.parametrize("threads,winograd_by_tiles", [(1, False), (2, False), (2, True)])
def test_conv_paths_ignore_what_scratch_held(threads, winograd_by_tiles, monkeypatch):
    """``winograd_by_tiles``: on 2 threads, the Winograd convs split their tiles rather
    than their products between the threads."""
    if winograd_by_tiles:
        monkeypatch.setattr(conv_winograd, "SPLIT_PRODUCTS_BYTES", 0)
    graph, specs = _conv_chain_graph()
    rng = np.random.default_rng(0)
    values = {"x": rng.standard_normal((2, 16, 20, 20)).astype(np.float32)}
    for name, shape, _, _ in specs:
        fan_in = shape[1] * shape[2] * shape[3]
        values[name] = (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)
        values["b" + name[1:]] = rng.standard_normal(shape[0]).astype(np.float32) * 0.1
    compiled, inputs = compile_with_values(graph, values, threads=threads)
    got = _poisoned_runs(compiled, inputs)[0]
    h = torch.from_numpy(values["x"]).double()
    for name, _, stride, pad in specs:
        w = torch.from_numpy(values[name]).double()
        b = torch.from_numpy(values["b" + name[1:]]).double()
        h = F.conv2d(h, w, b, stride=stride, padding=pad).relu()
    np.testing.assert_allclose(got, h.numpy(), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_attention_paths_ignore_what_scratch_held(dtype):
    """f32 takes the packed path, f64 the BLAS path, f16 the loops; a transposed matmul
    before the attention (its A operand packed per run) fills the scratch first."""
    b, h, s, d = 2, 3, 37, 16
    g = rlx.Graph("att")
    x = g.input("x", (d, b * h * s), dtype)
    w = g.param("w", (d, d), dtype)
    q = rlx.reshape(rlx.matmul(rlx.transpose(x, (1, 0)), w), (b, h, s, d))
    k = g.input("k", (b, h, s, d), dtype)
    v = g.input("v", (b, h, s, d), dtype)
    g.set_outputs([rlx.attention(q, k, v, mask="causal")])
    rng = np.random.default_rng(1)
    values = {"x": rng.standard_normal((d, b * h * s)).astype(dtype),
              "w": (rng.standard_normal((d, d)) * 0.25).astype(dtype),
              "k": rng.standard_normal((b, h, s, d)).astype(dtype),
              "v": rng.standard_normal((b, h, s, d)).astype(dtype)}
    compiled, inputs = compile_with_values(graph=g, values=values, threads=2)
    got = _poisoned_runs(compiled, inputs)[0]
    v64 = {n: a.astype(np.float64) for n, a in values.items()}
    q64 = (v64["x"].T @ v64["w"]).reshape(b, h, s, d)
    scores = q64 @ v64["k"].transpose(0, 1, 3, 2) / np.sqrt(d)
    scores = np.where(np.tril(np.ones((s, s), bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(-1, keepdims=True))
    expected = weights / weights.sum(-1, keepdims=True) @ v64["v"]
    np.testing.assert_allclose(got.astype(np.float64), expected, **tol(dtype))


def test_half_precision_convs_and_matmuls_ignore_what_scratch_held():
    """f16 convs and matmuls go through f32 copies of their operands and results in the
    scratch (im2col columns, the converted weights, the f32 product)."""
    g = rlx.Graph("half")
    x = g.input("x", (1, 8, 9, 9), np.float16)
    w = g.param("w", (12, 8, 3, 3), np.float16)
    m = g.param("m", (12 * 7 * 7, 10), np.float16)
    y = rlx.relu(rlx.conv2d(x, w, None, stride=1, padding=0))
    g.set_outputs([rlx.matmul(rlx.reshape(y, (1, 12 * 7 * 7)), m)])
    rng = np.random.default_rng(2)
    values = {"x": rng.standard_normal((1, 8, 9, 9)).astype(np.float16),
              "w": (rng.standard_normal((12, 8, 3, 3)) * 0.1).astype(np.float16),
              "m": (rng.standard_normal((12 * 7 * 7, 10)) * 0.05).astype(np.float16)}
    compiled, inputs = compile_with_values(g, values, threads=2)
    got = _poisoned_runs(compiled, inputs)[0].astype(np.float64)
    t = {n: torch.from_numpy(a.astype(np.float64)) for n, a in values.items()}
    hidden = F.conv2d(t["x"], t["w"]).relu().half().double()   # the f16 intermediate
    expected = (hidden.reshape(1, -1) @ t["m"]).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-2, atol=1e-2)


def test_executables_sharing_a_shared_object_keep_their_own_weights():
    """Two compiles of one graph load one shared object (each with its own keep
    region). Runs that alternate between them, with different weights, each use theirs:
    every result matches its own reference, also after new weights through set_param."""
    graph, specs = _conv_chain_graph()
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 16, 20, 20)).astype(np.float32)

    def draw():
        values = {"x": x}
        for name, shape, _, _ in specs:
            values[name] = (rng.standard_normal(shape) * 0.2).astype(np.float32)
            values["b" + name[1:]] = rng.standard_normal(shape[0]).astype(np.float32)
        return values

    def reference(values):
        h = torch.from_numpy(x).double()
        for name, _, stride, pad in specs:
            h = F.conv2d(h, torch.from_numpy(values[name]).double(),
                         torch.from_numpy(values["b" + name[1:]]).double(),
                         stride=stride, padding=pad).relu()
        return h.numpy()

    first, second = draw(), draw()
    one, inputs = compile_with_values(graph, first, threads=2)
    two, _ = compile_with_values(graph, second, threads=2)
    assert one._exe.library.path == two._exe.library.path
    for _ in range(2):
        for compiled, values in ((one, first), (two, second)):
            np.testing.assert_allclose(compiled.run(inputs)[0], reference(values),
                                       rtol=1e-4, atol=1e-3)
    third = draw()
    for name, value in third.items():
        if name != "x":
            one.set_param(name, value)
    np.testing.assert_allclose(one.run(inputs)[0], reference(third), rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(two.run(inputs)[0], reference(second), rtol=1e-4, atol=1e-3)


def test_large_arenas_start_on_a_huge_page_boundary():
    """An arena of HUGE_MIN bytes or more starts on a 2 MiB boundary (where it can be
    advised onto huge pages), holds exactly the bytes the program asked for, and starts
    zeroed; so do large params."""
    from rlx.backends.base import HUGE_MIN, HUGE_PAGE

    n = HUGE_MIN // 4 // 1024                  # rows of a 4 MiB intermediate
    g = rlx.Graph("big")
    x = g.input("x", (n, 64))
    w = g.input("w", (64, 1024))
    e = g.param("e", (1024, 1024))                # 4 MiB
    v = g.input("v", (1024, 8))
    g.set_outputs([rlx.matmul(rlx.matmul(rlx.relu(rlx.matmul(x, w)), e), v)])
    compiled = rlx.Session("cpu").compile(g)
    exe = compiled._exe
    assert exe.arena_bytes >= HUGE_MIN
    assert exe.arena.ctypes.data % HUGE_PAGE == 0 and exe.arena.size == exe.arena_bytes
    assert not exe.arena.any()
    assert exe.params["e"].ctypes.data % HUGE_PAGE == 0 and not exe.params["e"].any()
    rng = np.random.default_rng(4)
    feeds = {"x": rng.standard_normal((n, 64)).astype(np.float32),
             "w": rng.standard_normal((64, 1024)).astype(np.float32),
             "v": rng.standard_normal((1024, 8)).astype(np.float32)}
    e_value = rng.standard_normal((1024, 1024)).astype(np.float32) / 32
    compiled.set_param("e", e_value)
    f64 = {k: a.astype(np.float64) for k, a in feeds.items()}
    expected = np.maximum(f64["x"] @ f64["w"], 0) @ e_value.astype(np.float64) @ f64["v"]
    np.testing.assert_allclose(compiled.run(feeds)[0], expected, rtol=1e-4, atol=1e-2)


def test_pooled_params_are_aligned_and_disjoint():
    """Params share one mapping (small ones together on a few pages): each starts on a
    64-byte boundary, none overlaps another, and writing one leaves the others (and a
    clone's) as they were."""
    from rlx.backends.base import ALIGNMENT

    g = rlx.Graph("pool")
    x = g.input("x", (3, 5))
    shapes = {"a": (5, 7), "b": (7,), "c": (1,), "d": (7, 2), "e": (2,)}
    ps = {name: g.param(name, shape) for name, shape in shapes.items()}
    h = rlx.matmul(x, ps["a"]) + ps["b"] + ps["c"]
    g.set_outputs([rlx.matmul(h, ps["d"]) + ps["e"]])
    rng = np.random.default_rng(5)
    values = {n: rng.standard_normal(s).astype(np.float32) for n, s in shapes.items()}
    values["x"] = rng.standard_normal((3, 5)).astype(np.float32)
    compiled, inputs = compile_with_values(g, values)
    params = compiled._exe.params
    spans = sorted((a.ctypes.data, a.ctypes.data + a.nbytes) for a in params.values())
    assert all(lo % ALIGNMENT == 0 for lo, _ in spans)
    assert all(hi <= lo for (_, hi), (lo, _) in zip(spans, spans[1:]))
    twin = compiled.clone()
    compiled.set_param("c", np.full(1, 100, np.float32))
    for name in "abde":
        np.testing.assert_array_equal(params[name], values[name])
    f64 = {n: v.astype(np.float64) for n, v in values.items()}

    def reference(c):
        return ((f64["x"] @ f64["a"] + f64["b"] + c) @ f64["d"]) + f64["e"]

    np.testing.assert_allclose(compiled.run(inputs)[0], reference(100.0), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(twin.run(inputs)[0], reference(f64["c"]), rtol=1e-5, atol=1e-4)


def test_buffers_fall_back_to_small_pages_when_the_advice_fails(monkeypatch):
    """Where the kernel refuses the huge-page advice (no transparent huge pages), a large
    buffer is still mapped, zeroed, aligned and usable."""
    import mmap

    from rlx.backends import base

    if not hasattr(mmap, "MADV_HUGEPAGE"):
        pytest.skip("no madvise(MADV_HUGEPAGE) on this platform")
    monkeypatch.setattr(mmap, "MADV_HUGEPAGE", 0x7FFF)        # an advice no kernel knows
    array = base.aligned_zeros((base.HUGE_MIN // 4 + 3,), np.float32)
    assert array.ctypes.data % base.ALIGNMENT == 0 and not array.any()
    array[:] = 1.5
    assert array.sum() == 1.5 * array.size
