"""``python -m bench micro``: rlx against its peers on the micro workloads.

    python -m bench [--isa TIER] micro [--threads N [N ...]] [--repeat R] [--workloads KEY ...]
                          [--peers NAME ...] [--tiny] [--check-only] [--markdown]

For each thread count (default: the usable cores, then 1) and each workload of
:func:`bench.workloads.micro_workloads`, rlx (device cpu) and every installed peer
(numpy, PyTorch eager, torch.compile, ONNX Runtime, JAX) are prepared on the same
inputs in this process. Their results are checked against rlx's (the max abs
difference is printed; a disagreement beyond the workload's tolerance fails the run
with exit status 1), then they are timed in rounds: each round runs every framework
in turn (the order rotates) for ``BLOCK`` timed samples, so that load drifting over
the run hits every framework alike. Before each block the framework runs untimed for
``WARM_SECONDS``: long enough for the previous framework's spinning worker threads
(OpenBLAS, OpenMP, ONNX Runtime) to give up their cores, and for this framework's
threads and the cores' clocks to be up to speed. (Pausing instead of warming makes
every framework slower for several milliseconds on this kind of virtual machine.)
The table gives median milliseconds per call and the ratios to the best peer (below 1:
rlx is faster) of rlx's two entry points: ``run_slots`` (column "rlx": inputs by
position, read-only views of the output buffers) and ``run`` ("rlx run": new output
arrays, what the peers return too).

A workload rlx cannot compile yet (UnsupportedOpError, CompileError) shows as
"unsupported" and the others still run.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from bench import isa as bench_isa
from bench import positive_int
from bench.peers import RlxPeer, Runner, Unsupported, all_peers
from bench.workloads import Workload, micro_workloads

BLOCK = 10           # timed samples per framework per round
WARMUP_CALLS = 3     # untimed calls after preparation
WARM_SECONDS = 0.1   # untimed running before each block


@dataclass
class WorkloadResult:
    """One workload at one thread count: medians (ms), cell texts for frameworks that
    did not run, agreement lines, and failures."""

    workload: Workload
    medians: dict[str, float] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    agreement: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- preparation

def rlx_peers(workload: Workload, device: str) -> list[RlxPeer]:
    return [RlxPeer(path, device) for path in workload.rlx_paths]


def prepare(workload: Workload, frameworks: Sequence, threads: int,
            result: WorkloadResult) -> dict[str, Runner]:
    """Runners for the frameworks that can run ``workload``; the others get a status
    ("n/a", "unsupported", "error") and a note in ``result``."""
    runners = {}
    for framework in frameworks:
        why = framework.missing()
        if why is not None:
            result.status[framework.name] = "n/a"
            continue
        try:
            runner = framework.prepare(workload, threads)
            for _ in range(WARMUP_CALLS):
                runner.call()
        except Unsupported as error:
            result.status[framework.name] = "unsupported"
            result.agreement.append(f"{framework.name}: unsupported ({error})")
            continue
        except Exception as error:  # a peer's failure is reported, not fatal
            result.status[framework.name] = "error"
            message = str(error).strip().splitlines()[0] if str(error).strip() else ""
            result.agreement.append(f"{framework.name}: error ({type(error).__name__}: "
                                    f"{message[:160]})")
            continue
        runners[framework.name] = runner
    return runners


def check_agreement(workload: Workload, runners: dict[str, Runner],
                    result: WorkloadResult) -> None:
    """Compare every runner's output with rlx's (or, without rlx, the first runner's);
    record the max abs difference, and a failure beyond the workload's tolerance."""
    if not runners:
        return
    reference_name = "rlx" if "rlx" in runners else next(iter(runners))
    reference = runners[reference_name].output()
    for name, runner in runners.items():
        if name == reference_name:
            continue
        output = runner.output()
        if output.shape != reference.shape:
            diff, agree = float("inf"), False
        else:
            diff = float(np.max(np.abs(output - reference), initial=0.0))
            agree = bool(np.allclose(output, reference, rtol=workload.rtol, atol=workload.atol))
        verdict = "ok" if agree else "MISMATCH"
        result.agreement.append(f"{name}: max |diff| vs {reference_name} = {diff:.2e} {verdict}")
        if not agree:
            result.status[name] = "MISMATCH"
            result.failures.append(f"{workload.key}: {name} differs from {reference_name} by "
                                   f"{diff:.3g} (atol {workload.atol}, rtol {workload.rtol})")


# --------------------------------------------------------------------------- timing

def measure(runners: dict[str, Runner], calls_per_sample: int, repeat: int) -> dict[str, float]:
    """Median milliseconds per call of each runner over ``repeat`` samples, taken in
    rotating rounds (see the module docstring)."""
    names = list(runners)
    samples: dict[str, list[float]] = {name: [] for name in names}
    rounds = max(1, -(-repeat // BLOCK))
    for round_index in range(rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            call = runners[name].call
            warm_until = time.perf_counter() + WARM_SECONDS
            while time.perf_counter() < warm_until:
                call()
            for _ in range(BLOCK):
                start = time.perf_counter()
                for _ in range(calls_per_sample):
                    call()
                samples[name].append((time.perf_counter() - start) / calls_per_sample)
    return {name: float(np.median(s)) * 1e3 for name, s in samples.items()}


def run_workload(workload: Workload, device: str, peers: Sequence, threads: int,
                 repeat: int, timing: bool) -> WorkloadResult:
    """Prepare, check and (when ``timing``) time one workload at one thread count."""
    result = WorkloadResult(workload)
    runners = prepare(workload, [*rlx_peers(workload, device), *peers], threads, result)
    check_agreement(workload, runners, result)
    valid = {n: r for n, r in runners.items() if result.status.get(n) != "MISMATCH"}
    if timing and valid:
        result.medians = measure(valid, workload.calls_per_sample, repeat)
    return result


def run_suite(workloads: Sequence[Workload], device: str, peers: Sequence, threads: int,
              repeat: int, timing: bool = True, log=print) -> list[WorkloadResult]:
    """Every workload at ``threads`` threads; ``log`` receives progress and agreement lines."""
    results = []
    with contextlib.ExitStack() as stack:
        for peer in peers:
            note = stack.enter_context(peer.limit_threads(threads))
            if note:
                log(f"note: {note}")
        for workload in workloads:
            log(f"[{workload.key}] {workload.title}")
            result = run_workload(workload, device, peers, threads, repeat, timing)
            for line in workload.notes + result.agreement:
                log(f"    {line}")
            results.append(result)
    return results


# --------------------------------------------------------------------------- the table

def _format_ms(ms: float) -> str:
    return f"{ms:.3f}" if ms >= 0.1 else f"{ms:.4f}"


def _columns(results: Sequence[WorkloadResult], peer_names: Sequence[str]) -> list[str]:
    rlx_columns = []
    for result in results:
        for peer in rlx_peers(result.workload, "cpu"):
            if peer.name not in rlx_columns:
                rlx_columns.append(peer.name)
    return rlx_columns + list(peer_names)


def table_rows(results: Sequence[WorkloadResult], peer_names: Sequence[str]
               ) -> tuple[list[str], list[list[str]]]:
    """(header, rows): median ms per framework, the best peer and rlx / best peer."""
    columns = _columns(results, peer_names)
    header = ["workload", *columns, "best peer", "rlx / best", "rlx run / best"]
    rows = []
    for result in results:
        cells = [result.workload.title]
        for name in columns:
            if name in result.medians:
                cells.append(_format_ms(result.medians[name]))
            else:
                cells.append(result.status.get(name, ""))
        timed_peers = {n: ms for n, ms in result.medians.items() if n in peer_names}
        best = min(timed_peers, key=timed_peers.get) if timed_peers else None
        cells.append(best or "-")
        for name in ("rlx", "rlx run"):
            if best is not None and name in result.medians:
                cells.append(f"{result.medians[name] / timed_peers[best]:.2f}")
            else:
                cells.append("-")
        rows.append(cells)
    return header, rows


def format_table(header: list[str], rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                       for i, (c, w) in enumerate(zip(row, widths)))
             for row in [header, *rows]]
    return "\n".join(lines)


# --------------------------------------------------------------------------- machine

def machine_description() -> str:
    """CPU model (lscpu), usable cores and today's date."""
    model = platform.processor() or platform.machine()
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model}, {cores} usable cores, {datetime.date.today().isoformat()}"


def versions(peers: Sequence) -> str:
    """Installed versions of rlx and the peers that run here."""
    import importlib.metadata as md

    import rlx

    parts = [f"rlx {rlx.__version__}", f"numpy {np.__version__}"]
    for module in ("torch", "onnxruntime", "jax"):
        try:
            parts.append(f"{module} {md.version(module)}")
        except md.PackageNotFoundError:
            continue
    return ", ".join(parts)


# --------------------------------------------------------------------------- main

def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--isa", choices=["generic", "avx2", "avx512", "neon"],
                        help="run rlx on this ISA tier and hold the peers to it (bench/isa.py)")
    sub = parser.add_subparsers(dest="command", required=True)
    micro = sub.add_parser("micro", help="the micro workloads against peer frameworks")
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    micro.add_argument("--threads", type=positive_int, nargs="+",
                       default=sorted({usable, 1}, reverse=True),
                       help="thread counts to run at (default: usable cores, then 1)")
    micro.add_argument("--repeat", type=positive_int, default=60,
                       help="timed samples per framework (default 60)")
    micro.add_argument("--workloads", nargs="+", help="workload keys (default: all)")
    micro.add_argument("--peers", nargs="+", help="peer names (default: every installed one)")
    micro.add_argument("--tiny", action="store_true", help="toy sizes (a quick check)")
    micro.add_argument("--check-only", action="store_true", help="check agreement, no timing")
    micro.add_argument("--markdown", action="store_true", help="print tables as markdown")
    micro.add_argument("--device", default="cpu", help="rlx device (default: cpu)")
    # bench.models imports this module's timing code, so it is imported here, not on top
    from bench import models as model_benchmarks
    model_benchmarks.add_arguments(sub.add_parser(
        "models", help="MiniLM and decoder LMs against PyTorch, ONNX Runtime and llama.cpp"))
    from bench import training  # imports this module's timing code too
    training.add_arguments(sub.add_parser(
        "train", help="one training step of a small MLP and CNN against PyTorch"))
    from bench import onnx_models  # imports this module's timing code too
    onnx_models.add_arguments(sub.add_parser(
        "onnx", help="light ResNet-50 and a MiniLM ONNX file against ONNX Runtime"))
    from bench import extents  # imports this module's timing code too
    extents.add_arguments(sub.add_parser(
        "extents", help="one MiniLM program for every size against a program per size"))
    from bench import linalg as linalg_benchmarks  # imports this module's timing code too
    linalg_benchmarks.add_arguments(sub.add_parser(
        "linalg", help="rlx.linalg (f64 solve, cholesky, inv) against numpy and torch"))
    linalg_benchmarks.add_arguments(sub.add_parser(
        "control", help="an RNN as one rlx.scan against torch.nn.RNN and numpy"))
    linalg_benchmarks.add_arguments(sub.add_parser(
        "fft", help="rlx.fft against numpy.fft, scipy.fft and torch.fft"))
    from bench import serving
    serving.add_arguments(sub.add_parser(
        "serve", help="rlx serve under concurrent streams against llama.cpp's server; "
                      "--load: the load test"))
    from bench import speculative
    speculative.add_arguments(sub.add_parser(
        "spec", help="speculative decoding by prompt lookup against plain decoding"))
    from bench import moe
    moe.add_arguments(sub.add_parser(
        "moe", help="an MoE FFN stack (GGML experts): decode / prefill, bytes read per step"))
    from bench import distributed
    distributed.add_arguments(sub.add_parser(
        "distributed", help="data-parallel all-reduce time against step time (gloo)"))
    from bench import start
    start.add_arguments(sub.add_parser(
        "start", help="fresh processes, warm cache: import rlx, rlx embed, rlx generate "
                      "(wall time, peak resident memory against the GGUF file)"))
    from bench import wgpu as wgpu_benchmarks
    wgpu_benchmarks.add_arguments(sub.add_parser(
        "wgpu", help="MiniLM and SmolLM2 on the wgpu device beside cpu and PyTorch"))
    return parser.parse_args(argv)


def select(workloads: list[Workload], keys: Sequence[str] | None) -> list[Workload]:
    """The workloads named by ``keys`` (all when None); SystemExit naming unknown keys."""
    if not keys:
        return workloads
    unknown = set(keys) - {w.key for w in workloads}
    if unknown:
        raise SystemExit(f"unknown workloads {sorted(unknown)}; known: "
                         f"{[w.key for w in workloads]}")
    return [w for w in workloads if w.key in keys]


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    bench_isa.apply(args.isa)
    print(f"isa: {bench_isa.describe()}")
    if args.command == "models":
        from bench import models as model_benchmarks
        return model_benchmarks.main(args)
    if args.command == "train":
        from bench import training
        return training.main(args)
    if args.command == "onnx":
        from bench import onnx_models
        return onnx_models.main(args)
    if args.command == "extents":
        from bench import extents
        return extents.main(args)
    if args.command == "start":
        from bench import start
        return start.main(args)
    if args.command == "linalg":
        from bench import linalg as linalg_benchmarks
        return linalg_benchmarks.main(args)
    if args.command == "serve":
        from bench import serving
        return serving.main(args)
    if args.command == "spec":
        from bench import speculative
        return speculative.main(args)
    if args.command == "control":
        from bench import control
        return control.main(args)
    if args.command == "fft":
        from bench import fft
        return fft.main(args)
    if args.command == "moe":
        from bench import moe
        return moe.main(args)
    if args.command == "distributed":
        from bench import distributed
        return distributed.main(args)
    if args.command == "wgpu":
        from bench import wgpu as wgpu_benchmarks
        return wgpu_benchmarks.main(args)
    workloads = select(micro_workloads(tiny=args.tiny), args.workloads)
    unknown = sorted(set(args.peers or ()) - {p.name for p in all_peers()})
    if unknown:
        raise SystemExit(f"python -m bench micro: unknown peer(s) {', '.join(unknown)}; "
                         f"peers: {', '.join(p.name for p in all_peers())}")
    peers = [p for p in all_peers() if not args.peers or p.name in args.peers]
    installed = [p for p in peers if p.missing() is None]
    print(f"machine: {machine_description()}")
    print(f"versions: {versions(installed)}")
    for peer in peers:
        if peer.missing() is not None:
            print(f"skipped peer {peer.name}: {peer.missing()}")
    if any(p.name == "jax" for p in installed):
        print("note: jax uses its default thread pool whatever --threads says")
    return run_and_report(workloads, installed, args)


def run_and_report(workloads, peers, args) -> int:
    """Run ``workloads`` on rlx and ``peers`` at each of ``args.threads`` (checked first,
    then timed unless ``args.check_only``), print a table per thread count; 1 when
    some result disagreed."""
    failures = []
    tables = []
    for threads in args.threads:
        print(f"\n== threads = {threads}, {args.repeat} samples per framework ==")
        results = run_suite(workloads, args.device, peers, threads, args.repeat,
                            timing=not args.check_only)
        failures += [f"threads={threads} {f}" for r in results for f in r.failures]
        if not args.check_only:
            header, rows = table_rows(results, [p.name for p in peers])
            tables.append(f"threads = {threads}: median ms per call\n"
                          + format_table(header, rows, args.markdown))
    for table in tables:
        print("\n" + table)
    if failures:
        print("\nFAILED: results disagree:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
