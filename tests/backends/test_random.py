"""random_uniform / random_normal: Philox known answers, the rng.py policy, statistics.

The reference for Philox is (a) the known-answer vectors published with Random123
and (b) a scalar pure-Python Philox written here from the algorithm's description,
which the policy formulas of rlx.ir.rng are then applied to.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from tests.helpers import run_graph, tol

import rlx
from rlx.backends.numpy_kernels import KernelContext
from rlx.backends.numpy_kernels.random import philox4x32
from rlx.backends.reference.interpreter import evaluate
from rlx.passes.fusion import one_kernel_per_node

MASK32 = 0xFFFFFFFF
N_STATS = 100_000

# (counter words, key words, output words) from Random123's kat_vectors for philox4x32_10.
KNOWN_ANSWERS = [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((MASK32,) * 4, (MASK32,) * 2, (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
]


def scalar_philox(counter: tuple[int, ...], key: tuple[int, int]) -> list[int]:
    """Philox-4x32-10 on Python ints: 10 rounds, the key bumped after each."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(10):
        p0 = 0xD2511F53 * c0
        p1 = 0xCD9E8D57 * c2
        c0, c1, c2, c3 = ((p1 >> 32) ^ c1 ^ k0, p1 & MASK32, (p0 >> 32) ^ c3 ^ k1, p0 & MASK32)
        k0 = (k0 + 0x9E3779B9) & MASK32
        k1 = (k1 + 0xBB67AE85) & MASK32
    return [c0, c1, c2, c3]


def policy_words(index: int, stream: int, seed: int, run: int = 0) -> list[int]:
    """The Philox words rng.py assigns to element ``index`` of a node with ``stream``."""
    counter = (index, stream, run & MASK32, run >> 32)
    return scalar_philox(counter, (seed & MASK32, seed >> 32))


def policy_unit(word: int) -> float:
    return (2 * (word >> 9) + 1) * 2.0 ** -24


def uniform_graph(shape, low=0.0, high=1.0, dtype="f32", stream=None) -> rlx.Graph:
    g = rlx.Graph("uniform")
    extra = {} if stream is None else {"stream": stream}
    nid = g.add("random_uniform", (), shape=tuple(shape), dtype=dtype, low=low, high=high,
                **extra)
    g.set_outputs([nid])
    return g


def normal_graph(shape, mean=0.0, std=1.0, dtype="f32") -> rlx.Graph:
    g = rlx.Graph("normal")
    g.set_outputs([rlx.random_normal(g, shape, mean, std, dtype)])
    return g


def run_with_context(device: str, graph: rlx.Graph, ctx: KernelContext) -> list[np.ndarray]:
    """Run on the reference interpreter with an explicit run index (advance policy)."""
    if device != "reference":
        pytest.skip("run_index is set directly only on the reference interpreter")
    return evaluate(one_kernel_per_node(graph), {}, ctx)


# --------------------------------------------------------------------------- Philox itself

@pytest.mark.parametrize("counter, key, expected", KNOWN_ANSWERS)
def test_philox_known_answers(counter, key, expected):
    words = philox4x32([np.uint32(c) for c in counter], key)
    assert [int(w) for w in words] == list(expected)
    assert scalar_philox(counter, key) == list(expected)


def test_vectorised_philox_matches_scalar():
    rng = np.random.default_rng(0)
    counters = rng.integers(0, 2 ** 32, (4, 64), dtype=np.uint64).astype(np.uint32)
    key = (int(rng.integers(0, 2 ** 32)), int(rng.integers(0, 2 ** 32)))
    words = philox4x32(list(counters), key)
    for i in range(64):
        expected = scalar_philox(tuple(int(c[i]) for c in counters), key)
        assert [int(w[i]) for w in words] == expected


def test_philox_broadcasts_scalar_counter_words():
    index = np.arange(5, dtype=np.uint32)
    words = philox4x32((index, 7, 0, 1), (3, 4))
    assert all(w.shape == (5,) and w.dtype == np.uint32 for w in words)
    assert [int(words[2][4])] == [scalar_philox((4, 7, 0, 1), (3, 4))[2]]


def test_first_element_of_seed_zero_is_the_zero_known_answer(device):
    w0, w1 = KNOWN_ANSWERS[0][2][:2]
    g = rlx.Graph("kat")
    g.set_outputs([rlx.random_uniform(g, (1,), dtype="f64"),
                   rlx.random_normal(g, (1,), dtype="f64")])
    uniform, normal = run_graph(g, {}, device, seed=0)
    assert uniform.tolist() == [policy_unit(w0)]
    # the normal node is stream 1, so its words are not the known answer; check u1/u2 wiring
    w = policy_words(0, 1, 0)
    radius = math.sqrt(-2.0 * math.log(policy_unit(w[0])))
    expected = radius * math.cos(2.0 * math.pi * policy_unit(w[1]))
    np.testing.assert_allclose(normal, [expected], rtol=1e-14)


# --------------------------------------------------------------------------- uniform

@pytest.mark.parametrize("seed", [0, 123, 2 ** 40 + 5])
def test_uniform_follows_the_policy_exactly(device, seed):
    (out,) = run_graph(uniform_graph((4, 5), -2.0, 3.0, "f64"), {}, device, seed=seed)
    expected = [-2.0 + 5.0 * policy_unit(policy_words(i, 0, seed)[0]) for i in range(20)]
    assert out.dtype == np.float64 and out.shape == (4, 5)
    assert out.ravel().tolist() == expected


def test_uniform_f32_statistics(device):
    (u,) = run_graph(uniform_graph((N_STATS,)), {}, device, seed=7)
    assert u.dtype == np.float32
    assert u.min() > 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) < 0.005
    assert abs(u.var() - 1 / 12) < 0.002
    histogram, _ = np.histogram(u, bins=10, range=(0.0, 1.0))
    assert np.all(np.abs(histogram - N_STATS / 10) < 5 * math.sqrt(N_STATS / 10))


def test_uniform_respects_low_and_high(device):
    (u,) = run_graph(uniform_graph((N_STATS,), -3.0, 5.0, "f64"), {}, device, seed=8)
    assert u.min() >= -3.0 and u.max() < 5.0
    assert abs(u.mean() - 1.0) < 0.04
    assert abs(u.var() - 64 / 12) < 0.1


@pytest.mark.parametrize("dtype", ["f16", "bf16", "f32"])
def test_uniform_rounds_the_f64_value_once(device, dtype):
    (out,) = run_graph(uniform_graph((64,), -1.0, 1.0, dtype), {}, device, seed=9)
    exact = np.array([-1.0 + 2.0 * policy_unit(policy_words(i, 0, 9)[0]) for i in range(64)])
    assert out.dtype == rlx.as_dtype(dtype).np
    np.testing.assert_allclose(out.astype(np.float64), exact, **tol(out.dtype))


# --------------------------------------------------------------------------- normal

def test_normal_follows_box_muller_exactly(device):
    (out,) = run_graph(normal_graph((3, 4), 1.5, 0.5, "f64"), {}, device, seed=11)
    expected = []
    for i in range(12):
        w = policy_words(i, 0, 11)
        radius = math.sqrt(-2.0 * math.log(policy_unit(w[0])))
        expected.append(1.5 + 0.5 * radius * math.cos(2.0 * math.pi * policy_unit(w[1])))
    np.testing.assert_allclose(out.ravel(), expected, rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("mean, std", [(0.0, 1.0), (3.0, 2.0)])
def test_normal_statistics(device, mean, std):
    (x,) = run_graph(normal_graph((N_STATS,), mean, std), {}, device, seed=12)
    assert x.dtype == np.float32
    assert abs(x.mean() - mean) < 0.02 * std
    assert abs(x.std() - std) < 0.012 * std
    assert abs(np.mean(np.abs(x - mean) < std) - 0.6827) < 0.01


@pytest.mark.parametrize("dtype", ["f16", "bf16", "f64"])
def test_normal_dtypes(device, dtype):
    (x,) = run_graph(normal_graph((1000,), dtype=dtype), {}, device, seed=13)
    assert x.dtype == rlx.as_dtype(dtype).np
    assert np.all(np.isfinite(x.astype(np.float64)))
    assert abs(x.astype(np.float64).mean()) < 0.15


# --------------------------------------------------------------------------- reproducibility

def test_same_seed_same_numbers(device):
    first = run_graph(uniform_graph((100,)), {}, device, seed=5)[0]
    again = run_graph(uniform_graph((100,)), {}, device, seed=5)[0]
    np.testing.assert_array_equal(first, again)


def test_different_seed_different_numbers(device):
    a = run_graph(uniform_graph((100,)), {}, device, seed=5)[0]
    b = run_graph(uniform_graph((100,)), {}, device, seed=6)[0]
    assert np.mean(a == b) < 0.05


def test_streams_differ_and_explicit_streams_repeat(device):
    g = rlx.Graph("streams")
    u0 = rlx.random_uniform(g, (100,))
    u1 = rlx.random_uniform(g, (100,))
    u0_again = g.add("random_uniform", (), shape=(100,), dtype="f32", low=0.0, high=1.0,
                     stream=0)
    g.set_outputs([u0, u1, u0_again])
    a, b, c = run_graph(g, {}, device, seed=1)
    assert np.mean(a == b) < 0.05
    np.testing.assert_array_equal(a, c)


def test_stream_is_the_second_counter_word(device):
    (out,) = run_graph(uniform_graph((6,), dtype="f64", stream=9), {}, device, seed=3)
    assert out.tolist() == [policy_unit(policy_words(i, 9, 3)[0]) for i in range(6)]


def test_advance_changes_numbers_between_runs(device):
    graph = uniform_graph((50,), dtype="f64")
    runs = [run_with_context(device, graph, KernelContext(rlx.RngOptions(4, advance=True), k))[0]
            for k in range(3)]
    for i in range(3):
        for j in range(i):
            assert np.mean(runs[i] == runs[j]) < 0.05
    fixed = run_with_context(device, graph, KernelContext(rlx.RngOptions(4), run_index=0))[0]
    np.testing.assert_array_equal(runs[0], fixed)


def test_without_advance_the_run_index_is_ignored(device):
    graph = uniform_graph((50,))
    first = run_with_context(device, graph, KernelContext(rlx.RngOptions(4), run_index=0))[0]
    later = run_with_context(device, graph, KernelContext(rlx.RngOptions(4), run_index=9))[0]
    np.testing.assert_array_equal(first, later)


def test_run_index_uses_both_counter_words(device):
    run = 2 ** 32 + 3
    graph = uniform_graph((8,), dtype="f64")
    ctx = KernelContext(rlx.RngOptions(21, advance=True), run_index=run)
    (out,) = run_with_context(device, graph, ctx)
    assert out.tolist() == [policy_unit(policy_words(i, 0, 21, run)[0]) for i in range(8)]


def test_bad_random_arguments_and_rng_options_are_refused():
    """An empty or reversed range, a negative std, non-finite or non-number bounds, a
    shape that is not ints (one int is one axis), a bool seed or a non-bool advance: clear rlx
    errors (low 2, high 1 ran in (1, 2); advance="no" switched advancing on; shape
    (2.5,) became (2,))."""
    g = rlx.Graph("bad_random")
    for call in (lambda: rlx.random_uniform(g, (3,), low=2.0, high=1.0),
                 lambda: rlx.random_normal(g, (3,), std=-1.0),
                 lambda: rlx.random_uniform(g, (3,), low=float("nan")),
                 lambda: rlx.random_uniform(g, (3,), low="a"),
                 lambda: rlx.random_uniform(g, "3"),
                 lambda: rlx.random_uniform(g, (2.5,))):
        with pytest.raises(rlx.GraphBuildError):
            call()
    assert rlx.random_uniform(g, 3).shape == (3,)     # one int: one axis, as reshape takes it
    for bad in ({"seed": True}, {"seed": 1, "advance": "no"}, {"seed": -1}):
        with pytest.raises(rlx.InputError):
            rlx.RngOptions(**bad)
    with pytest.raises(rlx.GraphBuildError, match="rng must be RngOptions or an int"):
        rlx.CompileOptions(rng="5")
    assert rlx.CompileOptions(rng=5).rng == rlx.RngOptions(seed=5)
    same = rlx.random_uniform(g, (2,), low=1.0, high=1.0)     # numpy gives low
    g.set_outputs([same])
    np.testing.assert_array_equal(rlx.Session("reference").compile(g).run({})[0], [1.0, 1.0])
