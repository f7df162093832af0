"""Which elementwise loops the cpu backend splits across threads.

A loop is threaded when its work pays for the threads: its element count times the
cost of its math (``cstyle.element_cost``), against ``render.PARALLEL_MIN_ELEMENTS``
plain elements. A server's batched decode step computes silu(gate) * up over 16 x 1536
elements, below the count a plain loop needs, but each element costs about what 8 plain
ones do. Whichever way a loop runs, every element is computed alone, so the results
are the same bits at any thread count; they are checked against float64 numpy.
"""

from __future__ import annotations

import numpy as np
import pytest

import rlx
from rlx.backends.cpu import cstyle
from rlx.backends.cpu.render import PARALLEL_MIN_ELEMENTS

pytestmark = pytest.mark.skipif("cpu" not in rlx.available_devices(),
                                reason="cpu backend needs a C compiler")


def _silu_mul(rows) -> rlx.Graph:
    g = rlx.Graph("silu_mul")
    gate, up = g.input("gate", (rows, 1536)), g.input("up", (rows, 1536))
    g.set_outputs([rlx.silu(gate) * up])
    return g


def _plain(rows) -> rlx.Graph:
    g = rlx.Graph("plain")
    a, b = g.input("gate", (rows, 1536)), g.input("up", (rows, 1536))
    g.set_outputs([a * b + a])
    return g


def _oracle(gate: np.ndarray, up: np.ndarray) -> np.ndarray:
    g = gate.astype(np.float64)
    return g / (1.0 + np.exp(-g)) * up


def _compile(graph: rlx.Graph, threads: int):
    return rlx.Session("cpu", rlx.CompileOptions(num_threads=threads)).compile(graph)


def test_costly_math_counts_more_than_plain_elements():
    assert cstyle.element_cost(["add", "mul"]) == 1
    assert cstyle.element_cost(["silu", "mul"]) > cstyle.element_cost(["exp"]) > 1
    assert 16 * 1536 < PARALLEL_MIN_ELEMENTS <= 16 * 1536 * cstyle.element_cost(["silu"])


def test_a_short_loop_of_costly_math_is_threaded_and_keeps_its_bits(cpu_tier):
    rng = np.random.default_rng(0)
    feeds = {"gate": rng.standard_normal((16, 1536)).astype(np.float32) * 4,
             "up": rng.standard_normal((16, 1536)).astype(np.float32)}
    two = _compile(_silu_mul(16), threads=2)
    assert "omp parallel" in two._exe.source
    one = _compile(_silu_mul(16), threads=1)
    (y2,), (y1,) = two.run(feeds), one.run(feeds)
    np.testing.assert_array_equal(y2, y1)
    np.testing.assert_allclose(y2, _oracle(feeds["gate"], feeds["up"]), rtol=1e-6, atol=1e-7)


def test_a_loop_of_plain_math_as_short_stays_on_one_thread():
    assert "omp parallel" not in _compile(_plain(16), threads=2)._exe.source


@pytest.mark.parametrize("rows", [1, 2, 16, 40])
def test_symbolic_rows_thread_by_the_runs_work(cpu_tier, rows):
    """With a symbolic row count the loop is written threaded and not, chosen at run
    time by the rows present; both give numpy's values, and the bits of one thread."""
    graph = _silu_mul(rlx.Dim("rows", 40))
    cg, one = _compile(graph, threads=2), _compile(graph, threads=1)
    assert f"rlx_active * {1536 * cstyle.element_cost(['silu', 'mul'])} >=" in cg._exe.source
    rng = np.random.default_rng(rows)
    gate = rng.standard_normal((rows, 1536)).astype(np.float32) * 4
    up = rng.standard_normal((rows, 1536)).astype(np.float32)
    (y,) = cg.run({"gate": gate, "up": up})
    assert y.shape == (rows, 1536)
    np.testing.assert_array_equal(y, one.run({"gate": gate, "up": up})[0])
    np.testing.assert_allclose(y, _oracle(gate, up), rtol=1e-6, atol=1e-7)
