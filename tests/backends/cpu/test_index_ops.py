"""The cpu backend's index, layout, rope, pooling and random kernels against the
reference backend.

Comparisons are bit for bit (raw bytes) except random_normal, where the C library's
log/cos may differ from numpy's by an f64 ulp: within one ulp for f32 and narrower
results, 1e-14 relative for f64. Graphs hold many ops each, so one C compile covers
many cases.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rlx

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="no C compiler for the cpu backend")

MOVE_DTYPES = [rlx.f32, rlx.f64, rlx.f16, rlx.bf16, rlx.i8, rlx.i16, rlx.i64, rlx.u32,
               rlx.bool_]
FLOAT_DTYPES = [rlx.f32, rlx.f64, rlx.f16, rlx.bf16]
SEEDS = [0, 1, 2 ** 32, 123456789012345, 2 ** 64 - 1]
UINT_OF_SIZE = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


# --------------------------------------------------------------------------- helpers

def compile_both(graph: rlx.Graph, rng: rlx.RngOptions | None = None,
                 threads: int | None = None) -> tuple:
    """The graph compiled for the reference and the cpu backend."""
    opts = rlx.CompileOptions(rng=rng or rlx.RngOptions(), num_threads=threads)
    return tuple(rlx.Session(device, opts).compile(graph) for device in ("reference", "cpu"))


def run_copy(compiled, feeds: dict) -> list[np.ndarray]:
    """One run's outputs, copied (executables may reuse their output arrays)."""
    return [np.array(out, copy=True) for out in compiled.run(feeds)]


def run_both(graph: rlx.Graph, feeds: dict, threads: int | None = None) -> list[tuple]:
    """(reference, cpu) result pairs of one run of ``graph``."""
    ref, cpu = compile_both(graph, threads=threads)
    return list(zip(run_copy(ref, feeds), run_copy(cpu, feeds), strict=True))


def assert_bits_equal(ref: np.ndarray, cpu: np.ndarray) -> None:
    """Same dtype, shape and bytes."""
    assert cpu.dtype == ref.dtype and cpu.shape == ref.shape
    assert np.ascontiguousarray(cpu).tobytes() == np.ascontiguousarray(ref).tobytes()


def raw_values(rng: np.random.Generator, shape, dtype) -> np.ndarray:
    """Random bytes reinterpreted as ``dtype`` (0/1 for bool): copies must keep every bit
    pattern, nan payloads included."""
    dt = rlx.as_dtype(dtype)
    if dt.is_bool:
        return rng.integers(0, 2, shape).astype(bool)
    uint = UINT_OF_SIZE[dt.itemsize]
    bits = rng.integers(0, np.iinfo(uint).max, shape, dtype=uint, endpoint=True)
    return bits.view(dt.np)


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """|a - b| in units in the last place, for finite same-signed floats."""
    uint = UINT_OF_SIZE[a.dtype.itemsize]
    return np.abs(a.view(uint).astype(np.int64) - b.view(uint).astype(np.int64))


# --------------------------------------------------------------------------- layout ops

@pytest.mark.parametrize("rank", [2, 3, 4, 5])
def test_transposes_match_reference_bit_for_bit(rank):
    rng = np.random.default_rng(rank)
    big = {2: (37, 45), 3: (3, 20, 33), 4: (2, 3, 9, 17), 5: (2, 3, 2, 9, 10)}[rank]
    g = rlx.Graph("transposes")
    feeds = {}
    outputs = []
    for i, dtype in enumerate(MOVE_DTYPES):
        shape = big if i % 2 else tuple(int(d) for d in rng.integers(1, 6, rank))
        feeds[f"x{i}"] = raw_values(rng, shape, dtype)
        x = g.input(f"x{i}", shape, dtype)
        for _ in range(2):
            outputs.append(rlx.transpose(x, tuple(int(p) for p in rng.permutation(rank))))
    g.set_outputs(outputs)
    for ref, cpu in run_both(g, feeds):
        assert_bits_equal(ref, cpu)


SLICE_DTYPES = st.sampled_from([rlx.f32, rlx.bf16, rlx.i8, rlx.i64, rlx.bool_])
BOUNDS = st.one_of(st.none(), st.integers(-8, 8))
STEPS = st.sampled_from([-3, -2, -1, 1, 2, 3])


@st.composite
def slice_cases(draw):
    shape = tuple(draw(st.lists(st.integers(0, 6), min_size=1, max_size=4)))
    keys = [draw(st.tuples(BOUNDS, BOUNDS, STEPS)) for _ in shape]
    return shape, keys, draw(SLICE_DTYPES)


@settings(max_examples=40, deadline=None)
@given(slice_cases())
def test_random_slices_match_reference_and_numpy(case):
    shape, keys, dtype = case
    x = raw_values(np.random.default_rng(len(shape)), shape, dtype)
    g = rlx.Graph("slice")
    starts, stops, steps = (list(column) for column in zip(*keys, strict=True))
    g.set_outputs([rlx.slice(g.input("x", shape, dtype), starts, stops, steps)])
    ((ref, cpu),) = run_both(g, {"x": x})
    assert_bits_equal(ref, cpu)
    assert_bits_equal(x[tuple(slice(*k) for k in keys)], cpu)


def test_large_copies_run_in_parallel_and_match():
    """Big enough to cross the OpenMP threshold: chunked, row and blocked copies."""
    rng = np.random.default_rng(7)
    shape = (48, 40, 36)
    g = rlx.Graph("large")
    x = g.input("x", shape, rlx.f32)
    idx = g.input("idx", (6, 5), rlx.i32)
    g.set_outputs([
        rlx.transpose(x, (2, 0, 1)), rlx.transpose(x, (1, 2, 0)), rlx.transpose(x),
        rlx.flip(x, (0, 2)), rlx.tile(x, (2, 1, 1)), rlx.tile(x, (1, 1, 3)),
        rlx.pad(x, [(1, 2), (3, 0), (2, 2)], mode="reflect"),
        rlx.pad(x, [(0, 0), (1, 1), (5, 1)], mode="edge"),
        rlx.pad(x, [(2, 1), (0, 0), (1, 3)], value=-1.5),
        rlx.concat([x, x], 0), rlx.concat([x, rlx.flip(x, 2)], 2),
        rlx.gather(x, idx, 1), rlx.one_hot(idx, 40, "bf16"),
        rlx.broadcast_to(rlx.slice(x, [0], [1], None, [1]), shape), x[::-1, 1::3, ::-2],
    ])
    feeds = {"x": raw_values(rng, shape, rlx.f32),
             "idx": rng.integers(-40, 40, (6, 5)).astype(np.int32)}
    ref, cpu = compile_both(g, threads=2)
    source = getattr(getattr(cpu, "_exe", None), "source", "")
    assert not source or "#pragma omp parallel" in source
    for want, got in zip(run_copy(ref, feeds), run_copy(cpu, feeds), strict=True):
        assert_bits_equal(want, got)


# --------------------------------------------------------------------------- gather errors

@pytest.mark.parametrize("shape, axis, indices, index_dtype", [
    ((5, 3), 0, [0, 7, 1], rlx.i64),
    ((2, 4), -1, [3, -9], rlx.i8),
    ((2, 4), 1, [4], rlx.u32),
    ((0, 3), 1, [3, 0], rlx.i32),      # empty result: indices are still checked
    ((0, 3), 0, [0], rlx.i32),         # nothing to take from
])
def test_gather_error_message_matches_reference(shape, axis, indices, index_dtype):
    idx = np.array(indices, dtype=rlx.as_dtype(index_dtype).np)
    g = rlx.Graph("gather_error")
    x = g.input("x", shape, rlx.f32)
    g.set_outputs([rlx.gather(x, g.input("idx", idx.shape, index_dtype), axis)])
    feeds = {"x": np.ones(shape, np.float32), "idx": idx}
    messages = []
    for compiled in compile_both(g):
        with pytest.raises(rlx.ExecutionError) as err:
            compiled.run(feeds)
        messages.append(str(err.value))
    assert messages[0] == messages[1]
    assert f"size {shape[axis]}" in messages[1]


def test_gather_runs_again_after_an_error():
    g = rlx.Graph("gather_again")
    g.set_outputs([rlx.gather(g.input("x", (4, 2), rlx.f32), g.input("i", (2,), rlx.i64))])
    _, cpu = compile_both(g)
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    with pytest.raises(rlx.ExecutionError, match="index 4"):
        cpu.run({"x": x, "i": np.array([1, 4])})
    (out,) = run_copy(cpu, {"x": x, "i": np.array([-1, 0])})
    np.testing.assert_array_equal(out, x[[3, 0]])


# --------------------------------------------------------------------------- rope, pooling

@pytest.mark.parametrize("x_dtype, table_dtype", [
    (rlx.f32, rlx.f32), (rlx.f16, rlx.f64), (rlx.bf16, rlx.f32), (rlx.f64, rlx.f16)])
def test_rope_matches_reference_bit_for_bit(x_dtype, table_dtype):
    rng = np.random.default_rng(3)
    g = rlx.Graph("rope")
    x = g.input("x", (2, 3, 5, 12), x_dtype)
    tables = {"full": (5, 6), "partial": (2, 1, 5, 4), "scalar_pos": (1, 2)}
    outputs = []
    feeds = {"x": rng.standard_normal((2, 3, 5, 12)).astype(rlx.as_dtype(x_dtype).np)}
    for name, table in tables.items():
        cos = g.input(f"cos_{name}", table, table_dtype)
        sin = g.input(f"sin_{name}", table, table_dtype)
        for prefix in ("cos", "sin"):
            feeds[f"{prefix}_{name}"] = rng.standard_normal(table).astype(
                rlx.as_dtype(table_dtype).np)
        outputs += [rlx.rope(x, cos, sin), rlx.rope(x, cos, sin, interleaved=True)]
    g.set_outputs(outputs)
    for ref, cpu in run_both(g, feeds):
        assert_bits_equal(ref, cpu)


@pytest.mark.parametrize("dtype", [rlx.f32, rlx.f64, rlx.f16, rlx.bf16, rlx.i32, rlx.u8])
def test_pools_match_reference_bit_for_bit(dtype):
    rng = np.random.default_rng(4)
    dt = rlx.as_dtype(dtype)
    shape = (2, 3, 11, 13)
    values = rng.standard_normal(shape) * 20
    if dt.is_float:
        values[0, 0, 3, 4] = np.nan
    g = rlx.Graph("pools")
    x = g.input("x", shape, dtype)
    outputs = [rlx.max_pool2d(x, 3, 2, 1), rlx.max_pool2d(x, (2, 4), (1, 3), [(1, 0), (0, 3)]),
               rlx.max_pool2d(x, 2), rlx.max_pool2d(x, (3, 2), (1, 3))]   # unpadded
    if dt.is_float:
        for flag in (True, False):
            outputs += [rlx.avg_pool2d(x, 3, 2, 1, count_include_pad=flag),
                        rlx.avg_pool2d(x, (5, 2), 1, [(2, 4), (1, 1)], count_include_pad=flag)]
    g.set_outputs(outputs)
    for ref, cpu in run_both(g, {"x": values.astype(dt.np)}):
        assert_bits_equal(ref, cpu)


def test_large_avg_pools_split_over_threads_match_torch():
    """Pools whose windows hold enough taps in all (a global 7 x 7 pool over 2048
    channels: 2048 outputs of 49 taps) split their outputs over the threads; the result
    matches float64 PyTorch and is the same bits on 1 and 2 threads."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    rng = np.random.default_rng(21)
    values = {"g": rng.standard_normal((1, 2048, 7, 7)).astype(np.float32),
              "s": rng.standard_normal((1, 64, 28, 28)).astype(np.float32)}
    g = rlx.Graph("big_pools")
    glob, small = g.input("g", (1, 2048, 7, 7)), g.input("s", (1, 64, 28, 28))
    g.set_outputs([rlx.avg_pool2d(glob, 7), rlx.avg_pool2d(small, 3, 2, 1)])
    results = {}
    for threads in (1, 2):
        compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(g)
        assert ("omp parallel" in compiled._exe.source) == (threads == 2)
        results[threads] = [np.array(o, copy=True) for o in compiled.run(values)]
    expected = [F.avg_pool2d(torch.from_numpy(values["g"]).double(), 7),
                F.avg_pool2d(torch.from_numpy(values["s"]).double(), 3, 2, 1)]
    for got, two, want in zip(results[1], results[2], expected, strict=True):
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-6, atol=1e-7)
        assert_bits_equal(got, two)


def test_stem_max_pool_over_threads_matches_torch():
    """ResNet's stem pool (3 x 3, stride 2, padding 1 over 64 planes of 112 x 112) runs
    its planes on 2 threads: the values match PyTorch's, nans included, and are the same
    bits on 1 and 2 threads."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(22)
    values = rng.standard_normal((1, 64, 112, 112)).astype(np.float32)
    values[0, 3, 0, 0] = values[0, 40, 57, 18] = values[0, 63, 111, 110] = np.nan
    values[0, 9, 20:23, 30:33] = -np.inf
    g = rlx.Graph("stem_pool")
    g.set_outputs([rlx.max_pool2d(g.input("x", values.shape), 3, 2, 1)])
    results = {}
    for threads in (1, 2):
        compiled = rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(g)
        assert ("omp parallel" in compiled._exe.source) == (threads == 2)
        results[threads] = np.array(compiled.run({"x": values})[0], copy=True)
    want = torch.nn.functional.max_pool2d(torch.from_numpy(values), 3, 2, 1).numpy()
    assert np.isnan(want).sum() >= 3
    np.testing.assert_array_equal(results[1], want)
    assert_bits_equal(results[1], results[2])


def test_max_pool_wider_than_the_row_buffer_matches_torch():
    """A row too wide for the separable pool's stack buffer takes the per-window loop."""
    torch = pytest.importorskip("torch")
    from rlx.backends.cpu.kernels import nn
    values = np.random.default_rng(23).standard_normal((1, 2, 4, nn.POOL_ROW_LIMIT + 7))
    values = values.astype(np.float32)
    values[0, 1, 2, 5] = np.nan
    g = rlx.Graph("wide_pool")
    g.set_outputs([rlx.max_pool2d(g.input("x", values.shape), 3, 2, 1)])
    compiled = rlx.Session("cpu").compile(g)
    assert "buf[" not in compiled._exe.source
    want = torch.nn.functional.max_pool2d(torch.from_numpy(values), 3, 2, 1).numpy()
    np.testing.assert_array_equal(compiled.run({"x": values})[0], want)


PADDED_MAX_POOLS = [
    # (kernel, stride, padding); max_pool2d_indices runs the interior vectorised, the
    # border per position
    (3, 2, 1),                             # ResNet's stem pool
    (3, 1, 1),
    ((2, 3), (2, 1), [(1, 1), (0, 2)]),    # asymmetric pads
    ((5, 4), (3, 2), [(2, 0), (3, 1)]),
    (7, 3, 3),                             # wider than the interior: all border
    ((1, 3), 1, [(0, 0), (2, 2)]),         # padded along one axis only
]


@pytest.mark.parametrize("dtype", [rlx.f32, rlx.f16, rlx.f64, rlx.i32])
@pytest.mark.parametrize("threads", [1, 2])
def test_padded_max_pools_match_reference_bit_for_bit(dtype, threads):
    """Padded max pools, with nan and infinities inside windows both at the border and
    in the interior: the values and the indices max_pool2d's gradient uses."""
    rng = np.random.default_rng(14)
    dt = rlx.as_dtype(dtype)
    shape = (2, 3, 12, 9)
    values = rng.standard_normal(shape) * 20
    if dt.is_float:
        values[0, 0, 0, 0] = values[0, 1, 5, 4] = values[1, 2, 11, 3] = np.nan
        values[0, 2, 0, :] = -np.inf
        values[1, 0, 6, 8] = np.inf
        values[1, 1, 4:7, 3:6] = -np.inf
    values[1, 2, :, 1:3] = values[1, 2, :, 2:3]       # ties between neighbouring taps
    g = rlx.Graph("padded_pools")
    x = g.input("x", shape, dtype)
    outputs = []
    for kernel, stride, padding in PADDED_MAX_POOLS:
        pool = rlx.max_pool2d(x, kernel, stride, padding)
        attrs = {name: pool.node.attr(name) for name in ("kernel", "stride", "padding")}
        outputs += [pool, g.apply("max_pool2d_indices", [x], **attrs)]
    g.set_outputs(outputs)
    for ref, cpu in run_both(g, {"x": values.astype(dt.np)}, threads=threads):
        assert_bits_equal(ref, cpu)


# --------------------------------------------------------------------------- random

def random_graph(kind: str) -> rlx.Graph:
    """Random nodes of every float dtype, explicit streams, unusual ranges."""
    g = rlx.Graph(kind)
    outputs = []
    for i, dtype in enumerate(FLOAT_DTYPES):
        for stream in (0, 5 + i, 2 ** 32 - 1):
            uniform = kind == "random_uniform"      # a narrow range; a small std
            a, b = (-3.0, 7.25) if i % 2 else ((0.5, 0.501) if uniform else (0.5, 1e-3))
            names = ("low", "high") if uniform else ("mean", "std")
            outputs.append(g.add(kind, (), shape=(40, 25), dtype=dtype, stream=stream,
                                 **dict(zip(names, (a, b), strict=True))))
    g.set_outputs(outputs)
    return g


def test_uniform_matches_reference_bit_for_bit_for_every_seed():
    ref, cpu = compile_both(random_graph("random_uniform"))
    for seed in SEEDS:
        for compiled in (ref, cpu):
            compiled.set_rng(rlx.RngOptions(seed))
        for want, got in zip(run_copy(ref, {}), run_copy(cpu, {}), strict=True):
            assert_bits_equal(want, got)


def test_uniform_advance_matches_reference_run_after_run():
    ref, cpu = compile_both(random_graph("random_uniform"), rng=rlx.RngOptions(99, advance=True))
    runs = []
    for _ in range(3):
        pairs = list(zip(run_copy(ref, {}), run_copy(cpu, {}), strict=True))
        for want, got in pairs:
            assert_bits_equal(want, got)
        runs.append(pairs[0][1])
    assert np.mean(runs[0] == runs[1]) < 0.05 and np.mean(runs[1] == runs[2]) < 0.05


def test_uniform_run_counter_uses_both_words():
    ref, cpu = compile_both(random_graph("random_uniform"), rng=rlx.RngOptions(5, advance=True))
    for compiled in (ref, cpu):
        compiled._exe.run_index = 2 ** 32 + 3
    for want, got in zip(run_copy(ref, {}), run_copy(cpu, {}), strict=True):
        assert_bits_equal(want, got)


def test_normal_within_one_ulp_of_reference():
    ref, cpu = compile_both(random_graph("random_normal"))
    for seed in SEEDS[:3]:
        for compiled in (ref, cpu):
            compiled.set_rng(rlx.RngOptions(seed))
        for want, got in zip(run_copy(ref, {}), run_copy(cpu, {}), strict=True):
            assert got.dtype == want.dtype and got.shape == want.shape
            if want.dtype == np.float64:
                np.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-14 * 8)
            else:
                assert ulp_distance(want, got).max() <= 1
