"""A short soak (the long one is ``scripts/soak.py``, whose process figures these tests
use): thousands of runs of a small graph leave resident memory flat, and compile /
clone / drop cycles of distinct graphs unmap every shared object they loaded and close
every file they opened.

RSS is read after ``gc.collect()`` and ``malloc_trim(0)`` (``soak.settle``), so memory
the allocators keep for reuse does not count. The bounds leave room for allocator noise
(a few hundred kB) yet sit far below what a real leak costs at these counts: a copy of
the output kept per run would be about 100 MB here, and the first test below checks
that the same measurement does see such a leak."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import numpy as np
import pytest
from tests.helpers import SCRIPTS, script_module

import rlx

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc/self (Linux)")

RUNS = 3000
WARMUP = 200
GROWTH_KB = 2048
ROWS, WIDTH = 64, 128            # output [64, 128] float32: 32 kB per run


@pytest.fixture(scope="module")
def soak():
    yield from script_module("soak")


@pytest.fixture(scope="module")
def layer():
    g = rlx.Graph("soak_layer")
    x = g.input("x", (ROWS, WIDTH))
    w = g.param("w", (WIDTH, WIDTH))
    b = g.param("b", (WIDTH,))
    g.set_outputs([rlx.gelu(x @ w + b)])
    cg = rlx.Session("cpu").compile(g)
    rng = np.random.default_rng(0)
    cg.set_param("w", rng.standard_normal((WIDTH, WIDTH), np.float32) / np.sqrt(WIDTH))
    cg.set_param("b", rng.standard_normal(WIDTH, np.float32))
    feeds = [{"x": rng.standard_normal((ROWS, WIDTH), np.float32)} for _ in range(2)]
    return cg, feeds


def _growth_kb(soak, runs, step) -> int:
    for i in range(WARMUP):
        step(i)
    soak.settle()
    before = soak.rss_kb()
    for i in range(runs):
        step(i)
    soak.settle()
    return soak.rss_kb() - before


def test_the_measure_sees_a_leak_of_one_output_per_run(soak, layer):
    cg, feeds = layer
    kept = []
    # 3000 kept outputs of 32 kB: about 96 MB. (1000, about 32 MB, once grew RSS by
    # 9.6 MB only: a test worker's heap can hold tens of MB freed by earlier tests,
    # which malloc_trim cannot give back and the kept outputs reuse.)
    growth = _growth_kb(soak, RUNS, lambda i: kept.append(cg.run(feeds[i % 2])[0]))
    assert growth > 10 * GROWTH_KB, growth


def test_runs_keep_memory_and_descriptors_flat(soak, layer):
    cg, feeds = layer
    first = cg.run(feeds[0])[0]
    fds = soak.open_fds()
    assert _growth_kb(soak, RUNS, lambda i: cg.run(feeds[i % 2])) < GROWTH_KB
    assert _growth_kb(soak, RUNS, lambda i: cg.run_slots([feeds[i % 2]["x"]])) < GROWTH_KB
    assert soak.open_fds() == fds
    np.testing.assert_array_equal(cg.run(feeds[0])[0], first)


def test_compile_clone_drop_cycles_unmap_their_libraries(soak):
    session = rlx.Session("cpu")
    rng = np.random.default_rng(1)
    widths = [16 + 8 * i for i in range(5)]       # five shared objects, four cycles each
    baseline = soak.mapped_rlx_objects()
    for n in widths:                              # warm-up: compiled (or cached) once
        soak.cycle_once(rlx, session, n, f"soak_{n}", rng)
    gc.collect()
    assert soak.mapped_rlx_objects() == baseline
    soak.settle()
    fds, rss = soak.open_fds(), soak.rss_kb()
    for i in range(20):
        n = widths[i % len(widths)]
        alive, _ = soak.cycle_once(rlx, session, n, f"soak_{n}", rng)
        assert alive >= len(baseline) + 1           # its library was mapped while in use
        gc.collect()
        assert soak.mapped_rlx_objects() - baseline == set(), f"cycle {i}, width {n}"
    soak.settle()
    assert soak.open_fds() == fds
    assert soak.rss_kb() - rss < GROWTH_KB


# A fresh process, so that no other graph keeps the OpenMP runtime loaded: a run on two
# threads starts OpenMP worker threads, which stay in the runtime (spinning, then asleep)
# after the run; dropping the last compiled graph must not unload the runtime under them
# (when it did, the process crashed, or the sleeping workers were stranded, one more per
# reload, and each reload leaked the runtime's per-thread state).
_DROP_AFTER_PARALLEL_RUN = """
import gc, sys
import numpy as np
import rlx
sys.path.insert(0, sys.argv[1])
import soak
g = rlx.Graph("soak_parallel")
x = g.input("x", (256, 256))
w = g.param("w", (256, 256))
g.set_outputs([rlx.gelu(x @ w)])
cg = rlx.Session("cpu").compile(g)
cg.set_param("w", np.full((256, 256), 1 / 256, np.float32))
for _ in range(3):
    cg.run({"x": np.ones((256, 256), np.float32)})
in_use = soak.openmp_runtime_mapped()
del cg
gc.collect()
print(in_use, soak.openmp_runtime_mapped(), soak.mapped_rlx_objects() == set())
"""


def test_dropping_the_last_graph_after_a_parallel_run_keeps_the_openmp_runtime():
    env = dict(os.environ, RLX_NUM_THREADS="2")
    proc = subprocess.run([sys.executable, "-c", _DROP_AFTER_PARALLEL_RUN,
                           SCRIPTS], env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    in_use, still_mapped, unmapped = proc.stdout.split()
    if in_use == "True":
        assert still_mapped == "True"
    assert unmapped == "True"
