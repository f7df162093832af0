"""Soak rlx's cpu runtime and check that nothing grows: resident memory, open file
descriptors and the shared objects mapped from the disk cache.

Three phases, each measured after a warm-up (compiles, first-touch of buffers, caches
of the Python and C runtimes filled):

* ``encoder``: one BERT encoder layer of MiniLM's size (hidden 384, 12 heads, FFN 1536,
  sequence 128; the bench harness's ``encoder`` workload) run ``--runs`` times through
  ``CompiledGraph.run`` (a fresh output array per run), two inputs alternated;
* ``decode``: ``--decode-steps`` greedy decode steps of SmolLM2-135M-Instruct (the
  packaged GGUF, float32 weights) with a cache of ``--max-seq`` tokens; when a sequence
  fills the cache the model is reset and a short prompt prefilled again;
* ``cycles``: ``--cycles`` rounds of compile / clone / run / drop, each round compiling
  one of ``--shapes`` distinct graphs (a different shape, so a different shared object)
  and the same fixed graph, so libraries are loaded and unloaded both when they differ
  and when one is loaded again (warm-up: ``--cycle-warmup`` cycles, after each graph's
  first compile). After each drop no ``rlx-cpu-*/*.so`` may remain mapped, and the
  OpenMP runtime the programs load must stay loaded.

Per phase it prints the resident set (``VmRSS``) after warm-up and at the end and their
difference, open file descriptors and mapped rlx shared objects before and after, and
runs per second. Every RSS figure is read after ``gc.collect()`` and glibc's
``malloc_trim(0)``: freed memory that Python's allocator or malloc keeps for reuse is
not a leak, and trimming gives it back to the OS so that what remains is what is still
allocated. The cycle phase also prints the untrimmed figure, to show how much of its
churn the allocators hold on to.

The exit status is 1 when a limit is exceeded: RSS growth after warm-up of
``--max-growth-kb`` (1024) or more in any phase, more open file descriptors at a phase's
end than at its start, or an rlx shared object still mapped after the drop cycles.

    python scripts/soak.py              # 10^5 encoder runs, 10^4 decode steps, 10^3 cycles
    python scripts/soak.py --quick      # a few minutes
    python scripts/soak.py --phases cycles --cycles 200
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("encoder", "decode", "cycles")
MAX_GROWTH_KB = 1024
_RLX_SO = re.compile(r"/rlx-cpu-[^/]*/[^/]+\.so$")
_OPENMP = re.compile(r"/lib(gomp|omp|iomp5)[^/]*\.so")


# ------------------------------------------------------------------ process figures
def _status(field: str) -> int:
    """The number on this process's ``field:`` line of /proc/self/status."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} line in /proc/self/status")


def rss_kb() -> int:
    """This process's resident set in kB (``VmRSS``)."""
    return _status("VmRSS")


def thread_count() -> int:
    """This process's threads (``Threads``)."""
    return _status("Threads")


def open_fds() -> int:
    """Open file descriptors of this process (entries of /proc/self/fd, less the one
    the listing itself opens)."""
    return len(os.listdir("/proc/self/fd")) - 1


def mapped_rlx_objects() -> set[str]:
    """Paths of rlx's compiled shared objects (``.../rlx-cpu-*/<key>.so``) mapped into
    this process (/proc/self/maps)."""
    found = set()
    with open("/proc/self/maps") as f:
        for line in f:
            parts = line.split(maxsplit=5)
            if len(parts) == 6:
                path = parts[5].strip()
                if _RLX_SO.search(path):
                    found.add(path)
    return found


def openmp_runtime_mapped() -> bool:
    """Whether an OpenMP runtime (libgomp, libomp) is mapped into this process. The
    compiled programs load it; it must stay loaded once it has been: its worker threads
    outlive the program that started them."""
    with open("/proc/self/maps") as f:
        return any(_OPENMP.search(line) for line in f)


_LIBC = None


def settle() -> None:
    """Collect garbage and give malloc's free memory back to the OS (glibc's
    ``malloc_trim(0)``; skipped where the C library has none), so that RSS shows what
    is still allocated rather than what the allocators keep for reuse."""
    global _LIBC
    gc.collect()
    if _LIBC is None:
        _LIBC = ctypes.CDLL(ctypes.util.find_library("c") or None)
    trim = getattr(_LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


@dataclass
class Snapshot:
    rss_kb: int
    fds: int
    objects: int
    openmp: bool
    threads: int

    @classmethod
    def take(cls) -> Snapshot:
        settle()
        return cls(rss_kb(), open_fds(), len(mapped_rlx_objects()), openmp_runtime_mapped(),
                   thread_count())


@dataclass
class PhaseResult:
    name: str
    what: str
    runs: int = 0
    seconds: float = 0.0
    start: Snapshot | None = None      # before the phase (fds, objects)
    warm: Snapshot | None = None       # after warm-up
    end: Snapshot | None = None        # after the measured runs
    dropped: Snapshot | None = None    # after the phase's graphs and models are dropped
    openmp_in_use: bool = False      # the OpenMP runtime was mapped while graphs were alive
    notes: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def growth_kb(self) -> int:
        return self.end.rss_kb - self.warm.rss_kb

    def check(self, max_growth_kb: int) -> None:
        if self.growth_kb >= max_growth_kb:
            self.failures.append(f"RSS grew {self.growth_kb} kB after warm-up "
                                 f"(limit < {max_growth_kb} kB)")
        if self.end.fds > self.warm.fds:
            self.failures.append(f"open file descriptors grew after warm-up "
                                 f"{self.warm.fds} -> {self.end.fds}")
        if self.end.threads > self.warm.threads:
            self.failures.append(f"threads grew after warm-up {self.warm.threads} -> "
                                 f"{self.end.threads}")
        if self.dropped.fds > self.start.fds:
            self.failures.append(f"file descriptors left open after the drop: "
                                 f"{self.start.fds} -> {self.dropped.fds}")
        if self.dropped.objects > self.start.objects:
            self.failures.append(f"rlx shared objects left mapped after the drop: "
                                 f"{self.start.objects} -> {self.dropped.objects}")
        if (self.openmp_in_use or self.warm.openmp) and not self.dropped.openmp:
            self.failures.append("the OpenMP runtime was unloaded with the last rlx shared "
                                 "object (its worker threads, still in it, crash the process "
                                 "if they were spinning or stay blocked forever; each reload "
                                 "leaks its per-thread state)")

    def report(self) -> str:
        rate = self.runs / self.seconds if self.seconds > 0 else float("nan")
        lines = [f"[{self.name}] {self.what}",
                 f"  runs {self.runs} in {self.seconds:.1f} s: {rate:.1f} per second",
                 f"  RSS after warm-up {self.warm.rss_kb} kB, at the end {self.end.rss_kb} kB: "
                 f"growth {self.growth_kb:+d} kB",
                 f"  RSS before the phase {self.start.rss_kb} kB, after dropping its graphs "
                 f"{self.dropped.rss_kb} kB",
                 f"  open file descriptors: before {self.start.fds}, after warm-up "
                 f"{self.warm.fds}, at the end {self.end.fds}, after the drop "
                 f"{self.dropped.fds}",
                 f"  mapped rlx shared objects: before {self.start.objects}, after warm-up "
                 f"{self.warm.objects}, at the end {self.end.objects}, after the drop "
                 f"{self.dropped.objects}",
                 f"  threads: before {self.start.threads}, after warm-up {self.warm.threads}, "
                 f"at the end {self.end.threads}, after the drop {self.dropped.threads}",
                 f"  OpenMP runtime mapped: before {_yes(self.start.openmp)}, after warm-up "
                 f"{_yes(self.warm.openmp)}, after the drop {_yes(self.dropped.openmp)}"]
        lines += [f"  {note}" for note in self.notes]
        lines += [f"  FAIL: {failure}" for failure in self.failures]
        return "\n".join(lines)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _timed(result: PhaseResult, count: int, step: Callable[[int], None],
           progress: bool) -> None:
    """Run ``step(i)`` for i < count, timing the whole and printing ten progress lines
    (RSS untrimmed, as the process sees it while running)."""
    tenth = max(count // 10, 1)
    t0 = time.perf_counter()
    for i in range(count):
        step(i)
        if progress and (i + 1) % tenth == 0 and i + 1 < count:
            print(f"    {result.name}: {i + 1}/{count}, RSS {rss_kb()} kB, "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
    result.seconds = time.perf_counter() - t0
    result.runs = count


# ------------------------------------------------------------------ phases
def encoder_phase(runs: int, warmup: int, progress: bool) -> PhaseResult:
    import rlx
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.workloads import EncoderShape, encoder_layer

    work = encoder_layer(EncoderShape())
    result = PhaseResult("encoder", work.title + f", CompiledGraph.run (warm-up {warmup})")
    result.start = Snapshot.take()
    _encoder_runs(rlx, work, result, runs, warmup, progress)
    result.dropped = Snapshot.take()      # the compiled layer is gone with the call's frame
    return result


def _encoder_runs(rlx, work, result: PhaseResult, runs: int, warmup: int,
                  progress: bool) -> None:
    cg = rlx.Session("cpu").compile(work.rlx_graph())
    for name, value in work.params.items():
        cg.set_param(name, value)
    x = work.inputs["x"]
    feeds = [{"x": x}, {"x": np.ascontiguousarray(x[:, ::-1])}]
    first = cg.run(feeds[0])[0]
    for i in range(warmup):
        cg.run(feeds[i % 2])
    result.warm = Snapshot.take()
    _timed(result, runs, lambda i: cg.run(feeds[i % 2]), progress)
    if not np.array_equal(cg.run(feeds[0])[0], first):
        result.failures.append("the last run's output differs from the first run's")
    result.end = Snapshot.take()


def decode_phase(steps: int, max_seq: int, progress: bool) -> PhaseResult:
    from rlx.models import load_decoder, smollm2_gguf_path

    result = PhaseResult("decode", f"SmolLM2-135M-Instruct greedy decode steps, cache of "
                                   f"{max_seq} tokens, reset and prefill when full "
                                   "(warm-up: one full sequence)")
    result.start = Snapshot.take()
    _decode_steps(load_decoder(smollm2_gguf_path(), max_seq=max_seq), result, steps, max_seq,
                  progress)
    result.dropped = Snapshot.take()      # the model is gone with the call's frame
    return result


def _decode_steps(model, result: PhaseResult, steps: int, max_seq: int,
                  progress: bool) -> None:
    from rlx.models.generation import prompt_ids

    prompt = prompt_ids(model, "Once upon a time, in a small village by the sea,")
    state = {"next": 0, "restarts": 0}

    def restart() -> None:
        model.reset(1)
        logits = model.prefill([prompt])
        state["next"] = int(np.argmax(logits[0]))

    def step(_: int) -> None:
        if int(model.lengths[0]) >= max_seq:
            restart()
            state["restarts"] += 1
        logits = model.decode([state["next"]])
        state["next"] = int(np.argmax(logits[0]))

    restart()
    while int(model.lengths[0]) < max_seq:      # warm-up: fill one sequence, then restart
        step(0)
    step(0)
    state["restarts"] = 0
    result.warm = Snapshot.take()
    _timed(result, steps, step, progress)
    result.notes.append(f"sequences restarted {state['restarts']} times "
                        f"(prompt of {len(prompt)} tokens)")
    result.end = Snapshot.take()


def _small_graph(rlx, n: int, name: str):
    """gelu(x @ w + b) with x [8, n], w [n, 24]: a different shared object per n."""
    g = rlx.Graph(name)
    x = g.input("x", (8, n))
    w = g.param("w", (n, 24))
    b = g.param("b", (24,))
    g.set_outputs([rlx.gelu(x @ w + b)])
    return g


def cycle_once(rlx, session, n: int, name: str,
               rng: np.random.Generator) -> tuple[int, bool]:
    """Compile the small graph of width ``n``, set its params, clone it, run both, check
    they agree; return the number of rlx shared objects mapped while they are alive and
    whether an OpenMP runtime was (they are dropped on return)."""
    cg = session.compile(_small_graph(rlx, n, name))
    cg.set_param("w", rng.standard_normal((n, 24), np.float32))
    cg.set_param("b", rng.standard_normal(24, np.float32))
    twin = cg.clone()
    x = rng.standard_normal((8, n), np.float32)
    if not np.array_equal(cg.run({"x": x})[0], twin.run({"x": x})[0]):
        raise AssertionError(f"a clone of graph {name!r} disagrees with its original")
    return len(mapped_rlx_objects()), openmp_runtime_mapped()


def cycles_phase(cycles: int, shapes: int, warmup: int, progress: bool) -> PhaseResult:
    import rlx

    result = PhaseResult("cycles", f"compile / clone / run / drop: each cycle one of "
                                   f"{shapes} distinct small graphs and one fixed graph "
                                   f"(warm-up: each graph compiled once, then {warmup} "
                                   "cycles)")
    session = rlx.Session("cpu")
    rng = np.random.default_rng(0)
    widths = [16 + 8 * i for i in range(shapes)]
    fixed = 12
    result.start = Snapshot.take()
    baseline = mapped_rlx_objects()
    for n in widths + [fixed]:              # fills the disk cache (a gcc run per shape)
        result.openmp_in_use |= cycle_once(rlx, session, n, f"soak_{n}", rng)[1]
    stuck = {"cycles": 0, "alive_max": 0, "openmp_unloads": 0}

    def step(i: int) -> None:
        n = widths[i % shapes]
        for width, name in ((n, f"soak_{n}"), (fixed, "soak_fixed")):
            alive, openmp = cycle_once(rlx, session, width, name, rng)
            stuck["alive_max"] = max(stuck["alive_max"], alive)
            if mapped_rlx_objects() - baseline:       # dropped without a gc pass
                stuck["cycles"] += 1
            if openmp and not openmp_runtime_mapped():
                stuck["openmp_unloads"] += 1

    # the first few hundred compiles grow some of Python's own tables once (tracemalloc
    # shows the interned-strings dict, which the cache paths' names pass through): warm-up
    for i in range(warmup):
        step(i)
    result.openmp_in_use |= stuck["openmp_unloads"] > 0
    stuck.update(cycles=0, openmp_unloads=0)
    result.warm = Snapshot.take()
    _timed(result, cycles, step, progress)
    gc.collect()
    untrimmed = rss_kb()
    result.end = result.dropped = Snapshot.take()
    left = mapped_rlx_objects() - baseline
    result.notes.append(f"RSS at the end before malloc_trim {untrimmed} kB (held by the "
                        f"allocators for reuse: {untrimmed - result.end.rss_kb} kB)")
    result.notes.append(f"rlx shared objects mapped while a graph and its clone were alive: "
                        f"at most {stuck['alive_max']}; drops leaving one mapped: "
                        f"{stuck['cycles']} of {2 * result.runs}; still mapped at the end: "
                        f"{len(left)}; drops that unloaded the OpenMP runtime: "
                        f"{stuck['openmp_unloads']}")
    if stuck["cycles"] or left:
        result.failures.append(f"rlx shared objects still mapped after their graphs were "
                               f"dropped ({stuck['cycles']} drops; at the end: "
                               f"{sorted(left) or 'none'})")
    return result


# ------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100_000, help="encoder-layer runs")
    parser.add_argument("--warmup", type=int, default=200, help="encoder runs before measuring")
    parser.add_argument("--decode-steps", type=int, default=10_000)
    parser.add_argument("--max-seq", type=int, default=256,
                        help="decoder cache capacity (sequences restart when full)")
    parser.add_argument("--cycles", type=int, default=1_000,
                        help="compile / clone / drop cycles")
    parser.add_argument("--shapes", type=int, default=10,
                        help="distinct graphs the cycles rotate through")
    parser.add_argument("--cycle-warmup", type=int, default=300,
                        help="cycles before measuring")
    parser.add_argument("--phases", default=",".join(PHASES),
                        help=f"comma-separated subset of {', '.join(PHASES)}")
    parser.add_argument("--max-growth-kb", type=int, default=MAX_GROWTH_KB,
                        help="RSS growth after warm-up that fails a phase")
    parser.add_argument("--quick", action="store_true",
                        help="2000 runs, 600 decode steps (max-seq 128), 100 cycles")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.decode_steps, args.max_seq, args.cycles = 2000, 600, 128, 100
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    unknown = set(phases) - set(PHASES)
    if unknown:
        parser.error(f"unknown phases {sorted(unknown)}; choose from {', '.join(PHASES)}")

    progress = not args.quiet
    print(f"soak: pid {os.getpid()}, RSS {rss_kb()} kB at start; RSS figures after "
          "gc.collect() and malloc_trim(0)", flush=True)
    results = []
    for phase in phases:
        if phase == "encoder":
            result = encoder_phase(args.runs, args.warmup, progress)
        elif phase == "decode":
            result = decode_phase(args.decode_steps, args.max_seq, progress)
        else:
            result = cycles_phase(args.cycles, args.shapes, args.cycle_warmup, progress)
        result.check(args.max_growth_kb)
        results.append(result)
        print(result.report(), flush=True)
    failed = [r.name for r in results if r.failures]
    print(f"soak: {'FAILED: ' + ', '.join(failed) if failed else 'all phases within limits'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
