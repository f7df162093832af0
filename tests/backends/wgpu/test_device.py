"""The wgpu device's own tests (the generic op suite runs on it through
tests/backends/conftest.py).

What is pinned here: the capabilities it claims (and that each claimed hook works), the
dtypes it refuses at compile, run-time errors and recovery, params, clone, threads, GPU
handles (inputs resident in device buffers, device-side feeds), native i64, two models
against the cpu device, and what ``rlx devices`` says about it. Every expected value is
computed independently: numpy in float64 (or int64), the reference or cpu device, or the
WebGPU adapter queried directly; never wgpu's own earlier output.

The adapter in CI is Mesa's lavapipe (Vulkan on the CPU: a matmul runs at about
2 GFLOP/s), so shapes are small.
"""

from __future__ import annotations

import re
import threading

import numpy as np
import pytest

import rlx
from rlx.optim import Adam, Trainer
from rlx.runtime.devices import backend_class

AVAILABLE, WHY_NOT = backend_class("wgpu")().available()
pytestmark = pytest.mark.skipif(not AVAILABLE, reason=f"device 'wgpu': {WHY_NOT}")

HAS_CPU = "cpu" in rlx.available_devices()
needs_cpu = pytest.mark.skipif(not HAS_CPU, reason="device 'cpu' is not available here")

CLAIMED = ["clone", "persistent_handles", "gpu_handles", "kv_resident", "typed_io"]
NOT_CLAIMED = ["moe", "async_pipeline", "active_extent"]

RTOL, ATOL = 1e-5, 1e-6


def compile_for(graph: rlx.Graph, device: str = "wgpu") -> rlx.CompiledGraph:
    return rlx.Session(device).compile(graph)


def assert_close(got: np.ndarray, want: np.ndarray) -> None:
    """``got`` (float32 from the device) against a float64 numpy ``want``."""
    assert got.shape == np.shape(want)
    np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL)


def native_i64_here() -> bool:
    """Whether the adapter has 64-bit integers (else the device holds i64 in 32 bits)."""
    return "i64 native" in backend_class("wgpu")().describe()


def on_reference_and_wgpu(graph: rlx.Graph, params: dict, feeds: dict):
    """Run ``graph`` with the same params and feeds on the reference device and on
    wgpu; returns wgpu's compiled graph and {device: outputs}."""
    results = {}
    for device in ("reference", "wgpu"):
        cg = compile_for(graph, device)
        for name, value in params.items():
            cg.set_param(name, value)
        results[device] = cg.run(feeds)
    return cg, results


def rand(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def dense_graph() -> rlx.Graph:
    """tanh(x @ w + b): x [8, 16] input, w [16, 12] and b [12] params."""
    g = rlx.Graph("wgpu_dense")
    x = g.input("x", (8, 16))
    g.set_outputs([rlx.tanh(x @ g.param("w", (16, 12)) + g.param("b", (12,)))])
    return g


def dense_numpy(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.tanh(x.astype(np.float64) @ w.astype(np.float64) + b)


def accumulator_graph(shape: tuple[int, ...] = (4, 3), dtype: str = "f32") -> rlx.Graph:
    """Outputs ``state + x`` (fed back into ``state`` by the GPU-handle tests) and the
    sum of ``state * 2`` (which shows the state a run read)."""
    g = rlx.Graph("wgpu_accumulator")
    state = g.input("state", shape, dtype)
    x = g.input("x", shape, dtype)
    g.set_outputs([state + x, (state * 2).sum()])
    return g


# --------------------------------------------------------------------------- capabilities

def test_capabilities_are_the_pinned_set():
    g = rlx.Graph("wgpu_caps")
    g.set_outputs([g.input("x", (2,)) + 1.0])
    caps = compile_for(g).capabilities()
    assert caps == rlx.advisory_capabilities("wgpu")
    assert caps.enabled_names() == CLAIMED
    for name in NOT_CLAIMED:
        assert getattr(caps, name) is False, name
    assert caps.isa is None


def test_each_claimed_hook_works():
    """persistent_handles and kv_resident (a handle filled row by row from an output),
    typed_io and gpu_handles, each against numpy."""
    g = rlx.Graph("wgpu_kv")
    cache = g.input("cache", (4, 3))
    x = g.input("x", (1, 3))
    g.set_outputs([x * 2.0, cache * 3.0])
    cg = compile_for(g)
    rng = np.random.default_rng(1)
    assert cg.bind_handle("cache", np.zeros((4, 3), np.float32))
    assert cg.register_kv_row_feed("cache", 0)
    want = np.zeros((4, 3))
    for row in range(3):
        xv = rand(rng, 1, 3)
        new, seen = cg.run({"x": xv})
        assert_close(new, 2.0 * xv.astype(np.float64))
        assert_close(seen, 3.0 * want)
        assert cg.feed_kv_row(0, row, 3)
        want[row] = 2.0 * xv[0]
    assert_close(cg.read_handle("cache"), want)

    xv = rand(rng, 1, 3)
    (new, new_dtype), (seen, _) = cg.run_typed({"x": (xv.astype(np.float64).tobytes(), "f64")})
    assert new_dtype == rlx.f32
    assert_close(np.frombuffer(new, np.float32).reshape(1, 3), 2.0 * xv.astype(np.float64))
    assert_close(np.frombuffer(seen, np.float32).reshape(4, 3), 3.0 * want)

    assert cg.bind_gpu_handle("x", xv) is True


def kv_graph(rows: int = 6, width: int = 5) -> rlx.Graph:
    """A decode step in miniature: ``new = 2 x + 1`` (the row fed into the cache) and
    ``seen = cache @ [1 .. width]`` (a read of every cached row)."""
    g = rlx.Graph("wgpu_kv_resident")
    cache = g.input("cache", (rows, width))
    x = g.input("x", (1, width))
    weights = g.constant(np.arange(1, width + 1, dtype=np.float32).reshape(width, 1))
    g.set_outputs([x * 2.0 + 1.0, cache @ weights])
    return g


def count_uploads(cg: rlx.CompiledGraph, monkeypatch) -> list[str]:
    """The names of what ``cg``'s wgpu executable uploads from here on."""
    exe = cg._exe
    seen: list[str] = []
    original = exe._upload

    def upload(buffer, value, dtype, what):
        seen.append(what)
        original(buffer, value, dtype, what)
    monkeypatch.setattr(exe, "_upload", upload)
    return seen


def test_kv_feeds_stay_on_the_device(monkeypatch):
    """A handle filled row by row by feed_kv_row is uploaded once; afterwards each fed
    row is copied on the device from the output's buffer, and the runs read it there
    (against numpy); a bind_handle uploads it again."""
    cg = compile_for(kv_graph())
    weights = np.arange(1, 6, dtype=np.float64)
    rng = np.random.default_rng(9)
    assert cg.bind_handle("cache", np.zeros((6, 5), np.float32))
    assert cg.register_kv_row_feed("cache", 0)
    uploads = count_uploads(cg, monkeypatch)
    want = np.zeros((6, 5))
    for row in range(6):
        xv = rand(rng, 1, 5)
        new, seen = cg.run({"x": xv})
        assert_close(seen[:, 0], want @ weights)
        assert cg.feed_kv_row(0, row, 5)
        want[row] = 2.0 * xv[0].astype(np.float64) + 1.0
    assert uploads.count("handle 'cache'") == 1, uploads
    assert_close(cg.read_handle("cache"), want)
    assert_close(cg.run({"x": rand(rng, 1, 5)})[1][:, 0], want @ weights)
    assert cg.bind_handle("cache", np.ones((6, 5), np.float32))
    assert_close(cg.run({"x": rand(rng, 1, 5)})[1][:, 0], np.ones((6, 5)) @ weights)
    assert uploads.count("handle 'cache'") == 2, uploads


def test_shared_kv_handles_follow_every_writer():
    """Two wgpu programs sharing one cache (a decoder's prefill and decode) each see the
    other's fed rows, whichever wrote last."""
    rng = np.random.default_rng(10)
    weights = np.arange(1, 6, dtype=np.float64)
    first, second = compile_for(kv_graph()), compile_for(kv_graph())
    assert first.bind_handle("cache", np.zeros((6, 5), np.float32))
    assert second.share_handle_from(first, "cache")
    for cg in (first, second):
        assert cg.register_kv_row_feed("cache", 0)
    want = np.zeros((6, 5))
    for row in range(6):
        writer, reader = (first, second) if row % 3 else (second, first)
        xv = rand(rng, 1, 5)
        writer.run({"x": xv})
        assert writer.feed_kv_row(0, row, 5)
        want[row] = 2.0 * xv[0].astype(np.float64) + 1.0
        for cg in (reader, writer, reader):
            assert_close(cg.run({"x": xv})[1][:, 0], want @ weights)


def test_kv_rows_copied_from_another_program_are_read_by_the_next_run():
    """copy_resident_kv_rows_from writes the caches' host copies; the next run on the
    device reads the copied rows, though its device copies were current before (a run
    had read them)."""
    def program():
        g = rlx.Graph("wgpu_kv_pair")
        caches = [g.input(name, (6, 5)) for name in ("k", "v")]
        x = g.input("x", (1, 5))
        weights = g.constant(np.arange(1, 6, dtype=np.float32).reshape(5, 1))
        g.set_outputs([x * 2.0, x * 3.0] + [c @ weights for c in caches])
        cg = compile_for(g)
        for i, name in enumerate(("k", "v")):
            assert cg.bind_handle(name)
            assert cg.register_kv_row_feed(name, i)
        return cg

    rng = np.random.default_rng(11)
    src, dst = program(), program()
    xv = rand(rng, 1, 5)
    dst.run({"x": xv})
    values = {name: rand(rng, 6, 5) for name in ("k", "v")}
    for name, value in values.items():
        assert src.bind_handle(name, value)
    assert dst.copy_resident_kv_rows_from(src, 1, 4, 6, 5, 1)
    outs = dst.run({"x": xv})
    for name, out in zip(("k", "v"), outs[2:]):
        want = np.zeros((6, 5))
        want[1:4] = values[name][1:4]
        assert_close(out[:, 0], want @ np.arange(1, 6))


def force_kernels(monkeypatch, kind: str) -> None:
    """Render the matrix products in the CPU adapter's form ("registers") or the GPU
    forms ("gpu": workgroup tiles, and subgroups where this adapter has them)."""
    from rlx.backends.wgpu import wgsl
    from rlx.backends.wgpu.backend import _Adapter
    gpu = kind == "gpu"
    monkeypatch.setitem(wgsl.KERNELS, "workgroup", gpu)
    monkeypatch.setitem(wgsl.KERNELS, "subgroups",
                        gpu and "subgroup" in _Adapter.get()[1].features)


MATMUL_CASES = [((5, 7, 3), (), "f32"), ((70, 33, 130), (), "f32"),
                ((64, 16, 64), (2,), "f32"), ((9, 40, 17), (3,), "f16"),
                ((20, 20, 20), (), "i32"),
                # at most 4 rows: the decode form, with subgroups where the adapter has them
                ((3, 130, 70), (2,), "f32"), ((1, 577, 33), (), "f16"), ((4, 64, 9), (), "i32")]


@pytest.mark.parametrize("mkn, batch, dtype", MATMUL_CASES,
                         ids=[f"{m}x{k}x{n}{'b' if b else ''}-{d}" for (m, k, n), b, d in
                              MATMUL_CASES])
def test_workgroup_tiled_matmul(monkeypatch, mkn, batch, dtype):
    """The GPU forms of the matrix product, forced on this adapter: operands staged in
    workgroup memory, and for at most 4 rows against a [n, k] operand one workgroup per
    column adding with subgroup operations (where the adapter has them); edges that are
    not multiples of the tile, batches, a transposed operand read in place, a bias and
    relu epilogue, f16 and i32, against the reference device."""
    from rlx.backends.wgpu import wgsl
    force_kernels(monkeypatch, "gpu")
    subgroups = wgsl.KERNELS["subgroups"]
    m, k, n = mkn
    rng = np.random.default_rng(m * k + n)
    g = rlx.Graph("wgpu_tiles")
    a = g.input("a", batch + (m, k), dtype)
    b = g.param("b", (k, n), dtype)
    bt = g.input("bt", batch + (n, k), dtype)
    y = a @ b + g.param("c", (n,), dtype)
    perm = tuple(range(len(batch))) + (len(batch) + 1, len(batch))
    g.set_outputs([y if dtype == "i32" else y.relu(), a @ bt.transpose(perm)])

    def draw(*shape):
        if dtype == "i32":
            return rng.integers(-5, 5, shape).astype(np.int32)
        return rng.standard_normal(shape).astype(NARROW.get(dtype, np.float32))
    params = {"b": draw(k, n), "c": draw(n)}
    feeds = {"a": draw(*batch, m, k), "bt": draw(*batch, n, k)}
    compiled, results = on_reference_and_wgpu(g, params, feeds)
    sources = " ".join(sh.source for sh in compiled._exe._shaders)
    assert "var<workgroup>" in sources
    assert ("subgroupAdd" in sources) == (subgroups and m <= 4)
    for got, want in zip(results["wgpu"], results["reference"]):
        if dtype == "f16":
            np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64),
                                       rtol=2.0 ** -10, atol=2.0 ** -10)
        else:
            assert_close(got, want)


def test_matmul_kernel_choice_follows_the_adapter(monkeypatch):
    """Workgroup tiles on a GPU adapter, registers on a CPU one (lavapipe), unless
    RLX_WGPU_MATMUL says; another value is a DeviceError naming the variable."""
    from rlx.backends.wgpu.backend import _workgroup_tiles

    class Adapter:
        def __init__(self, kind):
            self.info = {"adapter_type": kind}
    monkeypatch.delenv("RLX_WGPU_MATMUL", raising=False)
    assert _workgroup_tiles(Adapter("DiscreteGPU")) is True
    assert _workgroup_tiles(Adapter("CPU")) is False
    monkeypatch.setenv("RLX_WGPU_MATMUL", "workgroup")
    assert _workgroup_tiles(Adapter("CPU")) is True
    monkeypatch.setenv("RLX_WGPU_MATMUL", "registers")
    assert _workgroup_tiles(Adapter("IntegratedGPU")) is False
    monkeypatch.setenv("RLX_WGPU_MATMUL", "tiles")
    with pytest.raises(rlx.DeviceError, match="RLX_WGPU_MATMUL"):
        _workgroup_tiles(Adapter("CPU"))


# --------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("dtype", ["f64", "i16"])
def test_unsupported_input_dtype_is_refused_at_compile(dtype):
    g = rlx.Graph("wgpu_refuse")
    x = g.input("x", (3,), dtype)
    g.set_outputs([x * 2])
    with pytest.raises(rlx.UnsupportedOpError) as info:
        compile_for(g)
    message = str(info.value)
    assert "wgpu" in message
    assert "input 'x'" in message
    assert re.search(rf"\b{dtype}\b", message, re.IGNORECASE), message


def test_no_step_is_left_to_the_host():
    """The spec's host-executed steps (which a browser's WebGPU cannot wait for) do not
    exist here: a loop whose trip count the data decides is refused at compile time,
    and a program that compiles reports no host step."""
    g = rlx.Graph("wgpu_host_loop")
    x = g.input("x", (4,))
    g.set_outputs([rlx.control.while_loop(lambda v: v.sum() < 100.0, lambda v: v * 2.0, x)])
    with pytest.raises(rlx.UnsupportedOpError, match="while_loop"):
        compile_for(g)
    g = rlx.Graph("wgpu_no_host")
    x = g.input("x", (4,))
    g.set_outputs([(x * 2.0).sum()])
    cg = compile_for(g)
    assert cg.requires_host_execution() is False
    assert cg.host_execution_summary() is None
    (y,) = cg.run({"x": np.arange(4, dtype=np.float32)})
    assert_close(y, np.float64(12.0))


def test_unsupported_intermediate_dtype_names_its_node():
    """An i16 value inside an f32 graph is refused, naming the cast that makes it: it is
    not computed in 32 bits instead."""
    g = rlx.Graph("wgpu_refuse_cast")
    x = g.input("x", (3,))
    g.set_outputs([x.astype("i16").astype("f32") * 2.0])
    with pytest.raises(rlx.UnsupportedOpError) as info:
        compile_for(g)
    message = str(info.value)
    assert "wgpu" in message and "cast" in message
    assert re.search(r"\bi16\b", message, re.IGNORECASE), message


# --------------------------------------------------------------------------- f16 and bf16

NARROW = {"f16": np.float16, "bf16": rlx.bf16.np}
MANTISSA = {"f16": 11, "bf16": 8}


def same_bits(got: np.ndarray, want: np.ndarray) -> None:
    """Bit-identical 16-bit floats, any nan matching any nan."""
    assert got.dtype == want.dtype
    nan = np.isnan(want.astype(np.float32))
    np.testing.assert_array_equal(np.isnan(got.astype(np.float32)), nan)
    np.testing.assert_array_equal(got.view(np.uint16)[~nan], want.view(np.uint16)[~nan])


def test_every_f16_value_round_trips():
    """All 65,536 f16 bit patterns widen to f32 exactly and narrow back to themselves
    (nans stay nans), and every bf16 pattern does the same."""
    for name in ("f16", "bf16"):
        g = rlx.Graph("wgpu_narrow_widen")
        x = g.input("x", (1 << 16,), name)
        wide = x.astype("f32")
        g.set_outputs([wide, (wide * 1.0).astype(name)])
        values = np.arange(1 << 16, dtype=np.uint16).view(NARROW[name])
        widened, back = compile_for(g).run({"x": values})
        want = values.astype(np.float32)
        nan = np.isnan(want)
        np.testing.assert_array_equal(widened.view(np.uint32)[~nan], want.view(np.uint32)[~nan])
        assert np.isnan(widened[nan]).all()
        same_bits(back, values)


def test_f32_narrows_to_nearest_even_like_numpy():
    """f32 -> f16 / bf16 rounding matches numpy and ml_dtypes bit for bit: ties, the
    overflow threshold, subnormals and values below the smallest subnormal."""
    rng = np.random.default_rng(3)
    values = (rng.standard_normal(1 << 15) * 2.0 ** rng.integers(-30, 20, 1 << 15)).astype(
        np.float32)
    edges = [0.0, -0.0, np.inf, -np.inf, np.nan, 65504.0, 65519.996, 65520.0, 65536.0,
             2.0 ** -24, 2.0 ** -25, 2.0 ** -25 * 1.0000001, 3 * 2.0 ** -26, 2.0 ** -14,
             2.0 ** -14 * (1 - 2.0 ** -12), 1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, 1 + 2.0 ** -8,
             1 + 3 * 2.0 ** -8, 3.3895e38, 3.4e38, 1e-45, -1e-45, 1e-40]
    values[:len(edges)] = edges
    g = rlx.Graph("wgpu_narrow")
    x = g.input("x", values.shape)
    g.set_outputs([x.astype("f16"), x.astype("bf16")])
    half, brain = compile_for(g).run({"x": values})
    with np.errstate(over="ignore", invalid="ignore"):
        same_bits(half, values.astype(np.float16))
        same_bits(brain, values.astype(NARROW["bf16"]))


def nearest(value: int, bits: int) -> float:
    """``value`` rounded to ``bits`` significant bits, ties to even, in exact integer
    arithmetic (converting through f64 would round twice past 2**53)."""
    magnitude = abs(value)
    drop = magnitude.bit_length() - bits
    if drop > 0:
        q, r = divmod(magnitude, 1 << drop)
        half = 1 << (drop - 1)
        q += r > half or (r == half and q & 1)
        magnitude = q << drop
    return float(-magnitude if value < 0 else magnitude)


@pytest.mark.parametrize("name", ["f16", "bf16"])
def test_integers_narrow_with_one_rounding(name):
    big = [2**60 + 2**52 + 1, 2**40 + 2**32 + 1, -(2**63), 2**63 - 1, 2**53 + 2**45 + 3,
           -(2**33 + 2**25 + 1), 65519, 65520, -5, 0]
    small = [1, -3, 2**24 + 1, 2**31 - 1, -(2**31), 16777217 * 127 + 3, 2049, 2051, 65535, 0]
    g = rlx.Graph("wgpu_int_narrow")
    i = g.input("i", (len(small),), "i32")
    u = g.input("u", (len(small),), "u32")
    outs = [i.astype(name), u.astype(name)]
    feeds = {"i": np.array(small, np.int32),
             "u": np.array(small, np.int64).astype(np.uint32)}
    if native_i64_here():
        outs.append(g.input("l", (len(big),), "i64").astype(name))
        feeds["l"] = np.array(big, np.int64)
    g.set_outputs(outs)
    got = compile_for(g).run(feeds)
    for out, key in zip(got, feeds):
        with np.errstate(over="ignore"):
            want = np.array([nearest(int(v), MANTISSA[name]) for v in feeds[key]]).astype(
                NARROW[name])
        same_bits(out, want)


@pytest.mark.parametrize("name", ["f16", "bf16"])
def test_narrow_values_compute_in_f32_and_round_once(name):
    """A bf16 / f16 graph: a product of ones past where narrow accumulation would stop,
    a sum that rounding each partial would lose, a rounding cast inside an f32 chain."""
    k = 4096 if name == "f16" else 1024
    g = rlx.Graph("wgpu_narrow_math")
    a = g.input("a", (2, k), name)
    b = g.input("b", (k, 3), name)
    c = g.input("c", (5,))
    g.set_outputs([a @ b, (a.astype("f32") * 0.5).sum(axis=1).astype(name),
                   c.astype(name).astype("f32") * 2.0])
    cv = np.array([1.0009766, 1 / 3, 70000.0, 1e-8, -2.5], np.float32)
    product, total, rounded = compile_for(g).run(
        {"a": np.ones((2, k), NARROW[name]), "b": np.ones((k, 3), NARROW[name]), "c": cv})
    assert product.dtype == NARROW[name]
    np.testing.assert_array_equal(product.astype(np.float64), np.full((2, 3), k))
    np.testing.assert_array_equal(total.astype(np.float64), np.full(2, k / 2))
    with np.errstate(over="ignore"):
        want = cv.astype(NARROW[name]).astype(np.float32) * np.float32(2.0)
    np.testing.assert_array_equal(rounded, want)


@pytest.mark.parametrize("name", ["f16", "bf16"])
def test_narrow_params_held_two_to_a_word(name):
    """16-bit params, constants and prepared params are held two to a word: odd sizes,
    views starting at odd elements, gathered rows and a param cast in the prepare stage
    read the same values the reference device does."""
    rng = np.random.default_rng(5)
    g = rlx.Graph("wgpu_packed")
    a = g.input("a", (3, 7), name)
    w = g.param("w", (7, 5), name)
    table = g.param("table", (9, 7), name)
    wide = g.param("wide", (5,))                 # f32, narrowed once in the prepare stage
    bias = wide.astype(name)
    picked = rlx.gather(table, g.input("i", (4,), "i32"), axis=0)
    g.set_outputs([a @ w + bias, table[1:6:2, 3:].astype("f32") * 3.0, picked,
                   (a * table[5:8]).sum(axis=1)])
    params = {"w": rng.standard_normal((7, 5)).astype(NARROW[name]),
              "table": rng.standard_normal((9, 7)).astype(NARROW[name]),
              "wide": rng.standard_normal(5).astype(np.float32)}
    feeds = {"a": rng.standard_normal((3, 7)).astype(NARROW[name]),
             "i": np.array([8, 0, 3, 5], np.int32)}
    results = on_reference_and_wgpu(g, params, feeds)[1]
    ulp = 2.0 ** (1 - MANTISSA[name])
    for got, want in zip(results["wgpu"], results["reference"]):
        assert got.dtype == want.dtype
        wanted = want.astype(np.float64)
        np.testing.assert_allclose(got.astype(np.float64), wanted, rtol=ulp, atol=ulp)
    np.testing.assert_array_equal(results["wgpu"][2], params["table"][[8, 0, 3, 5]])


# --------------------------------------------------------------------------- run-time errors

def gather_graph(index_dtype: str = "i32") -> rlx.Graph:
    g = rlx.Graph("wgpu_gather")
    table = g.param("table", (5, 3))
    g.set_outputs([rlx.gather(table, g.input("i", (4,), index_dtype), axis=0) * 2.0])
    return g


TABLE = np.arange(15, dtype=np.float32).reshape(5, 3) / 7


def test_out_of_range_gather_is_an_execution_error_and_the_graph_recovers():
    cg = compile_for(gather_graph())
    cg.set_param("table", TABLE)
    with pytest.raises(rlx.ExecutionError) as info:
        cg.run({"i": np.array([0, 7, 1, 2], np.int32)})
    message = str(info.value)
    assert "gather" in message and "index 7 " in message, message
    # nothing lost: the param and the graph still give the right answer
    good = np.array([4, -1, 0, 2], np.int32)
    (got,) = cg.run({"i": good})
    assert_close(got, 2.0 * TABLE.astype(np.float64)[good])


def test_out_of_range_label_is_an_execution_error_and_the_graph_recovers():
    g = rlx.Graph("wgpu_xent")
    logits = g.input("logits", (3, 4))
    g.set_outputs([rlx.softmax_cross_entropy(logits, g.input("labels", (3,), "i32"))])
    cg = compile_for(g)
    z = rand(np.random.default_rng(2), 3, 4)
    with pytest.raises(rlx.ExecutionError) as info:
        cg.run({"logits": z, "labels": np.array([0, 9, 1], np.int32)})
    message = str(info.value)
    assert "softmax_cross_entropy" in message and "label 9" in message, message
    labels = np.array([3, 0, 1])
    (got,) = cg.run({"logits": z, "labels": labels.astype(np.int32)})
    z64 = z.astype(np.float64)
    logsumexp = np.log(np.exp(z64).sum(axis=1))
    assert_close(got, np.mean(logsumexp - z64[np.arange(3), labels]))


def test_gather_error_names_an_i64_index_beyond_32_bits():
    if not native_i64_here():
        pytest.skip("this adapter holds i64 in 32 bits")
    cg = compile_for(gather_graph("i64"))
    cg.set_param("table", TABLE)
    with pytest.raises(rlx.ExecutionError, match="index 4294967297 "):
        cg.run({"i": np.array([0, 2**32 + 1, 1, 2], np.int64)})


# --------------------------------------------------------------------------- params, clone

def test_params_are_uploaded_when_they_change():
    rng = np.random.default_rng(3)
    cg = compile_for(dense_graph())
    x, w, b = rand(rng, 8, 16), rand(rng, 16, 12), rand(rng, 12)
    cg.set_param("w", w)
    cg.set_param("b", b)
    assert_close(cg.run({"x": x})[0], dense_numpy(x, w, b))
    w2 = rand(rng, 16, 12)
    cg.set_param("w", w2)
    assert_close(cg.run({"x": x})[0], dense_numpy(x, w2, b))
    b2 = rand(rng, 12)
    cg.set_param("b", b2)          # one param of two
    assert_close(cg.run({"x": x})[0], dense_numpy(x, w2, b2))


def test_runs_return_fresh_arrays():
    rng = np.random.default_rng(4)
    cg = compile_for(dense_graph())
    w, b = rand(rng, 16, 12), rand(rng, 12)
    cg.set_param("w", w)
    cg.set_param("b", b)
    xs = [rand(rng, 8, 16) for _ in range(6)]
    results = [cg.run({"x": x})[0] for x in xs]
    for k, (x, got) in enumerate(zip(xs, results)):
        assert_close(got, dense_numpy(x, w, b))
        assert not any(np.shares_memory(got, other) for other in results[k + 1:])
    results[0][:] = 99.0           # a caller's array is its own
    assert_close(cg.run({"x": xs[0]})[0], dense_numpy(xs[0], w, b))


def test_clone_has_buffers_of_its_own():
    rng = np.random.default_rng(5)
    cg = compile_for(dense_graph())
    x, w, b = rand(rng, 8, 16), rand(rng, 16, 12), rand(rng, 12)
    cg.set_param("w", w)
    cg.set_param("b", b)
    cg.run({"x": x})
    twin = cg.clone()
    assert_close(twin.run({"x": x})[0], dense_numpy(x, w, b))   # params came along
    w2 = rand(rng, 16, 12)
    twin.set_param("w", w2)
    x2 = rand(rng, 8, 16)
    assert_close(twin.run({"x": x2})[0], dense_numpy(x2, w2, b))
    assert_close(cg.run({"x": x2})[0], dense_numpy(x2, w, b))
    assert_close(twin.run({"x": x})[0], dense_numpy(x, w2, b))


def test_clone_carries_gpu_handles_and_feeds_then_goes_its_own_way():
    rng = np.random.default_rng(6)
    cg = compile_for(accumulator_graph())
    state = rand(rng, 4, 3).astype(np.float64)
    cg.bind_gpu_handle("state", state.astype(np.float32))
    cg.set_gpu_handle_feed("state", 0)
    for _ in range(2):
        x = rand(rng, 4, 3)
        cg.run({"x": x})
        state = state + x
    twin = cg.clone()
    assert twin.has_gpu_handle("state")
    mine, theirs = state.copy(), state.copy()
    for _ in range(3):
        x, y = rand(rng, 4, 3), rand(rng, 4, 3)
        assert_close(cg.run({"x": x})[0], mine + x)
        assert_close(twin.run({"x": y})[0], theirs + y)
        mine, theirs = mine + x, theirs + y
    assert_close(cg.read_gpu_handle("state"), mine)
    assert_close(twin.read_gpu_handle("state"), theirs)


# --------------------------------------------------------------------------- threads

def _run_in_threads(graphs: list[rlx.CompiledGraph], w: np.ndarray, b: np.ndarray,
                    runs: int = 20) -> None:
    """One thread per graph, ``runs`` runs each with inputs of its own, each result
    checked against numpy; a thread's failure is raised here."""
    failures: list[BaseException] = []

    def work(seed: int, graph: rlx.CompiledGraph) -> None:
        rng = np.random.default_rng(100 + seed)
        try:
            for _ in range(runs):
                x = rand(rng, 8, 16)
                assert_close(graph.run({"x": x})[0], dense_numpy(x, w, b))
        except BaseException as e:     # re-raised in the main thread
            failures.append(e)

    threads = [threading.Thread(target=work, args=(k, g)) for k, g in enumerate(graphs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]


def test_two_threads_share_one_compiled_graph():
    rng = np.random.default_rng(7)
    cg = compile_for(dense_graph())
    w, b = rand(rng, 16, 12), rand(rng, 12)
    cg.set_param("w", w)
    cg.set_param("b", b)
    _run_in_threads([cg, cg], w, b)


def test_two_threads_run_clones_on_the_one_device():
    rng = np.random.default_rng(8)
    cg = compile_for(dense_graph())
    w, b = rand(rng, 16, 12), rand(rng, 12)
    cg.set_param("w", w)
    cg.set_param("b", b)
    _run_in_threads([cg, cg.clone()], w, b)


# --------------------------------------------------------------------------- GPU handles

def test_bound_gpu_handle_is_used_without_a_feed():
    g = rlx.Graph("wgpu_resident_weight")
    x = g.input("x", (4, 6))
    g.set_outputs([x @ g.input("w", (6, 5))])
    cg = compile_for(g)
    rng = np.random.default_rng(9)
    w = rand(rng, 6, 5)
    assert not cg.has_gpu_handle("w")
    assert cg.bind_gpu_handle("w", w) is True
    assert cg.has_gpu_handle("w") and not cg.has_gpu_handle("x")
    np.testing.assert_array_equal(cg.read_gpu_handle("w"), w)
    assert cg.read_gpu_handle("x") is None
    x = rand(rng, 4, 6)
    assert_close(cg.run({"x": x})[0], x.astype(np.float64) @ w)
    w2 = rand(rng, 6, 5)
    cg.bind_gpu_handle("w", w2)                  # rebinding replaces the contents
    assert_close(cg.run({"x": x})[0], x.astype(np.float64) @ w2)
    with pytest.raises(rlx.InputError, match="missing input 'x'"):
        cg.run({})


def test_fed_gpu_handle_accumulates_on_the_device():
    rng = np.random.default_rng(10)
    cg = compile_for(accumulator_graph())
    state = rand(rng, 4, 3)
    assert cg.bind_gpu_handle("state", state)
    assert cg.set_gpu_handle_feed("state", 0) is True
    want = state.astype(np.float64)
    for _ in range(5):
        x = rand(rng, 4, 3)
        total, doubled = cg.run({"x": x})
        assert_close(total, want + x)
        assert_close(doubled, 2.0 * want.sum())    # the state this run read
        want = want + x
        assert_close(cg.read_gpu_handle("state"), want)
    for row in range(4):
        assert_close(cg.read_gpu_handle_row("state", row, 3), want[row])
    assert_close(cg.read_gpu_handle_row("state", 1, 6), want.reshape(-1)[6:12])


def test_run_feed_gpu_handle_feeds_once():
    rng = np.random.default_rng(11)
    cg = compile_for(accumulator_graph())
    state = rand(rng, 4, 3)
    cg.bind_gpu_handle("state", state)
    x = rand(rng, 4, 3)
    want = state.astype(np.float64) + x
    assert_close(cg.run_feed_gpu_handle({"x": x}, "state", 0), want)
    assert_close(cg.read_gpu_handle("state"), want)
    for _ in range(2):             # no feed registered: plain runs leave the state
        assert_close(cg.run({"x": x})[0], want + x)
    assert_close(cg.read_gpu_handle("state"), want)


def test_prepared_gpu_handle_starts_at_zero():
    rng = np.random.default_rng(12)
    cg = compile_for(accumulator_graph())
    assert cg.prepare_resident_gpu_handle("state") is True
    assert cg.has_gpu_handle("state")
    np.testing.assert_array_equal(cg.read_gpu_handle("state"), np.zeros((4, 3), np.float32))
    cg.set_gpu_handle_feed("state", 0)
    want = np.zeros((4, 3))
    for _ in range(3):
        x = rand(rng, 4, 3)
        assert_close(cg.run({"x": x})[0], want + x)
        want = want + x
    assert_close(cg.read_gpu_handle("state"), want)


def test_gpu_handle_misuse_is_an_input_error():
    g = rlx.Graph("wgpu_feed_misfit")
    state = g.input("state", (4, 3))
    g.set_outputs([(state + 1.0).astype("i32"), (state * 2.0).sum(), state.reshape(3, 4) + 1.0])
    cg = compile_for(g)
    ones = np.ones((4, 3), np.float32)
    with pytest.raises(rlx.InputError, match="not resident"):
        cg.set_gpu_handle_feed("state", 2)
    cg.bind_gpu_handle("state", ones)
    with pytest.raises(rlx.InputError, match="does not fit"):
        cg.set_gpu_handle_feed("state", 0)         # i32 output, f32 handle
    with pytest.raises(rlx.InputError, match="does not fit"):
        cg.set_gpu_handle_feed("state", 1)         # one element, twelve
    with pytest.raises(rlx.InputError, match="does not fit"):
        cg.run_feed_gpu_handle({}, "state", 1)
    with pytest.raises(rlx.InputError, match="out of range"):
        cg.set_gpu_handle_feed("state", 3)
    with pytest.raises(rlx.InputError):
        cg.bind_gpu_handle("state", np.ones(5, np.float32))
    with pytest.raises(rlx.InputError, match="outside input 'state'"):
        cg.read_gpu_handle_row("state", 4, 3)
    for call in (lambda: cg.bind_gpu_handle("nope", ones), lambda: cg.has_gpu_handle("nope"),
                 lambda: cg.set_gpu_handle_feed("nope", 2), lambda: cg.read_gpu_handle("nope"),
                 lambda: cg.read_gpu_handle_row("nope", 0, 3),
                 lambda: cg.prepare_resident_gpu_handle("nope"),
                 lambda: cg.run_feed_gpu_handle({}, "nope", 2)):
        with pytest.raises(rlx.InputError, match="unknown input 'nope'"):
            call()
    # a shape of the same dtype and size fits (output 2 is [3, 4]); the failed calls
    # above changed nothing
    assert cg.set_gpu_handle_feed("state", 2) is True
    outs = cg.run({})
    np.testing.assert_array_equal(outs[0], np.full((4, 3), 2, np.int32))
    assert_close(outs[1], 24.0)
    assert_close(cg.read_gpu_handle("state"), np.full((4, 3), 2.0))


def test_an_output_that_is_the_fed_handle_returns_the_value_the_run_read():
    g = rlx.Graph("wgpu_feed_leaf_output")
    state = g.input("state", (4,))
    g.set_outputs([state, state + g.input("x", (4,))])
    cg = compile_for(g)
    state0, x = np.arange(4, dtype=np.float32), np.ones(4, np.float32)
    want = compile_for(g, "reference").run({"state": state0, "x": x})
    cg.bind_gpu_handle("state", state0)
    cg.set_gpu_handle_feed("state", 1)
    got = cg.run({"x": x})
    np.testing.assert_array_equal(got[1], want[1])
    np.testing.assert_array_equal(got[0], want[0])


def test_feeding_a_handle_from_itself_is_a_no_op_or_an_rlx_error():
    g = rlx.Graph("wgpu_feed_itself")
    state = g.input("state", (4,))
    g.set_outputs([state, state + g.input("x", (4,))])
    cg = compile_for(g)
    state0, x = np.arange(4, dtype=np.float32), np.ones(4, np.float32)
    cg.bind_gpu_handle("state", state0)
    assert cg.set_gpu_handle_feed("state", 0)       # a no-op: the handle is the output
    got = cg.run({"x": x})
    np.testing.assert_array_equal(got[0], state0)
    np.testing.assert_array_equal(got[1], state0 + x)
    np.testing.assert_array_equal(cg.read_gpu_handle("state"), state0)


# --------------------------------------------------------------------------- i64

BIG = np.array([2**40 + 3, -(2**35), 2**31, -(2**31) - 1, 2**62, 0], np.int64)


@pytest.fixture
def native_i64():
    if not native_i64_here():
        pytest.skip("this adapter has no 64-bit integers (i64 is held in 32 bits)")


def test_i64_beyond_32_bits_is_exact(native_i64):
    g = rlx.Graph("wgpu_i64")
    x = g.input("x", BIG.shape, "i64")
    g.set_outputs([x + 1, x.sum(), rlx.maximum(x, x * 0 + 2**33)])
    plus, total, top = compile_for(g).run({"x": BIG})
    assert plus.dtype == np.int64
    np.testing.assert_array_equal(plus, BIG + 1)
    assert int(total) == int(BIG.sum())
    np.testing.assert_array_equal(top, np.maximum(BIG, 2**33))


def test_i64_gpu_handle_accumulates_exactly(native_i64):
    cg = compile_for(accumulator_graph(BIG.shape, "i64"))
    cg.bind_gpu_handle("state", BIG)
    np.testing.assert_array_equal(cg.read_gpu_handle("state"), BIG)
    cg.set_gpu_handle_feed("state", 0)
    step = np.array([2**33, 1, -(2**32), 7, -1, 2**45], np.int64)
    want = BIG.copy()
    for _ in range(3):
        total, doubled = cg.run({"x": step})
        np.testing.assert_array_equal(total, want + step)
        assert int(doubled) == int((want * 2).sum())
        want = want + step
    np.testing.assert_array_equal(cg.read_gpu_handle("state"), want)
    np.testing.assert_array_equal(cg.read_gpu_handle_row("state", 2, 2), want[4:6])


# --------------------------------------------------------------------------- models

SENTENCES = [
    "A man is eating food.",
    "The girl is carrying a baby.",
    "Do you like pizza?",
    "",
    "東京は日本の首都です。",
    "def add(a, b):\n    return a + b",
    "Version 2.4.1 fixes bug #1234 (memory leak in the parser).",
    "It was the best of times, it was the worst of times, it was the age of wisdom, "
    "it was the age of foolishness, it was the epoch of belief.",   # past 32 tokens
]


@needs_cpu
@pytest.mark.parametrize("kernels", ["registers", "gpu"])
def test_minilm_matches_cpu(monkeypatch, kernels):
    from rlx.models import ModelNotFoundError, SentenceEncoder

    force_kernels(monkeypatch, kernels)
    embeddings = {}
    for device in ("cpu", "wgpu"):
        try:
            encoder = SentenceEncoder.from_pretrained(device=device, max_length=32,
                                                      max_batch=8)
        except ModelNotFoundError as e:
            pytest.skip(str(e))
        embeddings[device] = encoder.encode(SENTENCES)
    got, want = embeddings["wgpu"], embeddings["cpu"]
    assert got.shape == want.shape == (len(SENTENCES), 384)
    cosine = (got * want).sum(axis=1) / (np.linalg.norm(got, axis=1)
                                         * np.linalg.norm(want, axis=1))
    assert cosine.min() >= 0.99999, cosine
    assert np.abs(got - want).max() <= 1e-4


@needs_cpu
def test_minilm_in_f16_matches_cpu():
    """CompileOptions(precision="f16"): matrix products over f16 weights (held two to a
    word), f32 accumulation, on wgpu as on cpu."""
    from rlx.models import ModelNotFoundError, SentenceEncoder

    embeddings = {}
    for device in ("cpu", "wgpu"):
        try:
            encoder = SentenceEncoder.from_pretrained(
                device=device, max_length=32, max_batch=8,
                options=rlx.CompileOptions(precision="f16"))
        except ModelNotFoundError as e:
            pytest.skip(str(e))
        embeddings[device] = encoder.encode(SENTENCES[:5])
    got, want = embeddings["wgpu"], embeddings["cpu"]
    cosine = (got * want).sum(axis=1) / (np.linalg.norm(got, axis=1)
                                         * np.linalg.norm(want, axis=1))
    assert cosine.min() >= 0.9999, cosine


@needs_cpu
@pytest.mark.parametrize("name", ["mlp", "cnn"])
def test_training_steps_match_cpu(name):
    pytest.importorskip("sklearn")   # tests.optim.test_training loads its digits
    from tests.optim.test_training import CNN, MLP

    model = {"mlp": MLP, "cnn": CNN}[name]
    rng = np.random.default_rng(13)
    batch = {"x": rand(rng, model.batch, *model.image_shape),
             "y": rng.integers(0, 10, model.batch)}
    init = model.init()
    trained = {}
    for device in ("cpu", "wgpu"):
        try:
            trainer = Trainer(model.loss_graph(), {k: v.copy() for k, v in init.items()},
                              Adam(model.lr), device=device)
        except rlx.UnsupportedOpError as e:
            # an adapter without 64-bit integers refuses i64 arithmetic (the CNN's
            # pooling gradient indexes in i64); with them, everything must compile
            if device != "wgpu" or native_i64_here() or "i64" not in str(e):
                raise
            pytest.skip(str(e).splitlines()[0])
        for _ in range(3):
            trainer.step(batch)
        trained[device] = trainer.params()
    for key, value in trained["cpu"].items():
        assert np.abs(value - init[key]).max() > 0, key           # the steps moved it
        np.testing.assert_allclose(trained["wgpu"][key], value, rtol=0, atol=1e-5,
                                   err_msg=key)


# --------------------------------------------------------------------------- rlx devices

def test_rlx_devices_names_the_adapter(capsys):
    import wgpu

    from rlx.cli import main

    assert main(["devices"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines()
             if line.split()[:1] == ["wgpu"]]
    assert len(lines) == 1, lines
    (line,) = lines
    described = backend_class("wgpu")().describe()
    assert described and described in line
    assert ", ".join(CLAIMED) in line
    # the adapter's name, asked of WebGPU directly
    adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
    assert adapter.info["device"] in line


def test_rlx_devices_prints_no_display_noise_without_a_desktop_session():
    """In a process without XDG_RUNTIME_DIR (a server, a container, CI) the Vulkan
    loader's Wayland probe prints an error line while the adapters are enumerated;
    nothing is wrong, and ``rlx devices`` must not show it."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    done = subprocess.run([sys.executable, "-m", "rlx.cli", "devices"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "wgpu" in done.stdout
    assert "XDG_RUNTIME_DIR" not in done.stderr, done.stderr


def test_the_stderr_filter_passes_on_everything_else(capfd):
    """What C code prints to fd 2 while the adapters are enumerated still reaches
    stderr, in order, less the known noise."""
    import os

    from rlx.backends.wgpu.backend import _WSI_NOISE, _stderr_without

    with _stderr_without(_WSI_NOISE):
        os.write(2, b"first line\n" + _WSI_NOISE[0] + b"\nsecond line\nno newline")
    assert capfd.readouterr().err == "first line\nsecond line\nno newline"


def test_a_loop_past_llvmpipes_limit_is_refused_not_cut_short():
    """Mesa's llvmpipe ends a shader's loops after about 65535 iterations, nested and
    consecutive ones counted together: a sum over 70000 elements gave 65535, a cumsum
    along 70000 (a loop bounded at run time) 65535, a cached attention over 500 rows
    of 64-wide heads and a cross entropy of 300 rows x 200 classes wrong numbers. On
    that adapter such kernels are UnsupportedOpErrors at compile; a sum over 60000
    elements still runs."""
    from rlx.backends.wgpu.backend import _Adapter

    g = rlx.Graph("long_sum")
    x = g.input("x", (1, 60000))
    g.set_outputs([x.sum(1)])
    (got,) = rlx.Session("wgpu").compile(g).run({"x": np.ones((1, 60000), np.float32)})
    assert got.tolist() == [60000.0]
    if "llvmpipe" not in str(_Adapter.get()[0].info.get("device", "")):
        pytest.skip("the loop limit is llvmpipe's")
    longer = rlx.Graph("longer_sum")
    x = longer.input("x", (1, 70000))
    longer.set_outputs([x.sum(1)])
    running = rlx.Graph("long_cumsum")
    running.set_outputs([rlx.cumsum(running.input("x", (70000,)), 0)])
    xent = rlx.Graph("wide_xent")
    xent.set_outputs([rlx.softmax_cross_entropy(xent.input("logits", (300, 200)),
                                                xent.input("labels", (300,), "i64"))])
    cached = rlx.Graph("long_cache")
    q, k = cached.input("q", (1, 1, 1, 64)), cached.input("k", (1, 1, 1, 64))
    kc = cached.input("kc", (1, 1, 500, 64))
    cached.set_outputs([rlx.cached_attention(q, k, k, kc, kc,
                                             cached.input("past", (1,), "i32"))])
    for graph in (longer, running, xent, cached):
        with pytest.raises(rlx.UnsupportedOpError, match="loops of up to"):
            rlx.Session("wgpu").compile(graph)


def test_a_product_past_webgpus_grid_is_refused_at_compile():
    g = rlx.Graph("wide_batch")
    a, b = g.input("a", (70000, 5, 2)), g.input("b", (70000, 2, 2))
    g.set_outputs([a @ b])
    with pytest.raises(rlx.UnsupportedOpError, match="WebGPU allows 65535 along each axis"):
        rlx.Session("wgpu").compile(g)
