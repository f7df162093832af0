"""``python -m bench distributed``: what data-parallel training spends on all-reduce.

    python -m bench distributed [--workers 2 4] [--steps 8] [--device cpu]
                                [--bandwidth-gbit 10] [--latency-us 50] [--markdown]

For each worker count it launches that many processes on this machine (gloo over
loopback, as ``torchrun`` would; ``OMP_NUM_THREADS=1`` each) and measures, on rank 0:

* **cnn**: the digits CNN of ``bench/training.py`` (float32, global batch 128 split
  evenly, Adam) trained with :class:`rlx.distributed.DataParallelTrainer`: the median
  step time (forward, backward, all-reduce, Adam) and the median time of an all-reduce
  of its gradient buffer alone (same buckets), and their ratio;
* **MiniLM-size**: an all-reduce of 22.7 M float32 (all-MiniLM-L6-v2's parameter
  count, 91 MB) in 4 MB buckets. Its step time is not measured (rlx does not train
  MiniLM here); it is *estimated* as ``6 * params * tokens / flops`` for a global
  batch of 32 sequences of 128 tokens split over the workers, with ``flops`` a measured
  float32 matmul rate of one core, plus the measured all-reduce.

Then, on paper, weak scaling to 8, 32 and 128 machines (each keeps its local batch):
a ring all-reduce of ``B`` bytes over ``p`` machines costs
``2 (p - 1) / p * B / bandwidth + 2 (p - 1) * latency``; the compute per step stays
the measured (or estimated) one, and the table gives the all-reduce share of a step
without overlap.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

MINILM_PARAMS = 22_700_000
MINILM_TOKENS = 32 * 128
CNN_GLOBAL_BATCH = 128
BUCKET_BYTES = 4 << 20
MACHINES = (8, 32, 128)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 4],
                        help="worker process counts (default: 2 4)")
    parser.add_argument("--steps", type=int, default=8, help="timed CNN steps per worker count")
    parser.add_argument("--device", default="cpu", help="rlx device (default: cpu)")
    parser.add_argument("--bandwidth-gbit", type=float, default=10.0,
                        help="network bandwidth for the scaling estimate (Gbit/s)")
    parser.add_argument("--latency-us", type=float, default=50.0,
                        help="per-message latency for the scaling estimate (microseconds)")
    parser.add_argument("--markdown", action="store_true", help="print tables as markdown")


# --------------------------------------------------------------------------- worker

def _median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return float(np.median(times))


def _matmul_flops() -> float:
    a = np.random.default_rng(0).standard_normal((512, 512)).astype(np.float32)
    a @ a
    return 2 * 512 ** 3 / _median_seconds(lambda: a @ a, 5)


def worker(out: str, steps: int, device: str) -> None:
    import rlx.distributed as rd
    from bench.training import cnn
    from rlx.optim import Adam, minibatches

    rd.init(timeout=120)
    world = rd.world_size()
    model = cnn(batch=CNN_GLOBAL_BATCH // world)
    rng = np.random.default_rng(0)
    data = {"x": rng.standard_normal((CNN_GLOBAL_BATCH * (steps + 2), 1, 8, 8)).astype(np.float32),
            "y": rng.integers(0, 10, CNN_GLOBAL_BATCH * (steps + 2))}
    trainer = rd.DataParallelTrainer(model.loss_graph(), model.init(), Adam(model.lr),
                                     device=device, bucket_bytes=BUCKET_BYTES)
    batches = list(minibatches(data, CNN_GLOBAL_BATCH)(1))
    for batch in batches[:2]:
        trainer.step(batch)          # warm-up
    rd.barrier()
    step_times = []
    for batch in batches[2:]:
        started = time.perf_counter()
        trainer.step(batch)
        step_times.append(time.perf_counter() - started)
    grads = np.ones(sum(int(np.prod(s)) for s in model.param_shapes.values()) + 1, np.float32)

    def cnn_all_reduce():
        bucketed = rd.BucketedAllReduce(grads, BUCKET_BYTES // 4)
        bucketed.finish()

    rd.barrier()
    cnn_ar = _median_seconds(cnn_all_reduce, 20)
    big = np.ones(MINILM_PARAMS, np.float32)

    def minilm_all_reduce():
        rd.BucketedAllReduce(big, BUCKET_BYTES // 4).finish()

    minilm_all_reduce()
    rd.barrier()
    minilm_ar = _median_seconds(minilm_all_reduce, 3)
    if rd.rank() == 0:
        with open(out, "w") as f:
            json.dump({"world": world, "cnn_step": float(np.median(step_times)),
                       "cnn_all_reduce": cnn_ar, "cnn_elems": int(grads.size),
                       "minilm_all_reduce": minilm_ar, "flops": _matmul_flops()}, f)
    rd.shutdown()


# --------------------------------------------------------------------------- driver

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _launch(world: int, steps: int, device: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "rank0.json")
        port = _free_port()
        procs = []
        for rank in range(world):
            env = dict(os.environ, RANK=str(rank), WORLD_SIZE=str(world),
                       MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), OMP_NUM_THREADS="1")
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "bench.distributed", "worker", out, str(steps), device],
                env=env))
        codes = [p.wait(timeout=600) for p in procs]
        if any(codes):
            raise SystemExit(f"bench distributed: workers exited with {codes}")
        with open(out) as f:
            return json.load(f)


def ring_seconds(nbytes: float, machines: int, bandwidth_gbit: float, latency_us: float) -> float:
    """A ring all-reduce of ``nbytes`` over ``machines``: reduce-scatter then all-gather,
    ``2 (p-1)`` messages of ``nbytes / p`` each."""
    p = machines
    return 2 * (p - 1) / p * nbytes / (bandwidth_gbit * 1e9 / 8) + 2 * (p - 1) * latency_us * 1e-6


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import format_table, machine_description

    print(f"# {machine_description()}; gloo over loopback, one thread per worker")
    measured = [_launch(world, args.steps, args.device) for world in args.workers]
    rows = []
    for m in measured:
        w = m["world"]
        minilm_step = 6 * MINILM_PARAMS * (MINILM_TOKENS / w) / m["flops"] + m["minilm_all_reduce"]
        rows.append([f"cnn (global batch {CNN_GLOBAL_BATCH})", str(w),
                     f"{m['cnn_all_reduce'] * 1e3:.2f}", f"{m['cnn_step'] * 1e3:.2f}",
                     f"{m['cnn_all_reduce'] / m['cnn_step']:.2f}"])
        rows.append([f"MiniLM-size ({MINILM_PARAMS / 1e6:.1f} M f32)", str(w),
                     f"{m['minilm_all_reduce'] * 1e3:.0f}", f"~{minilm_step * 1e3:.0f} (est.)",
                     f"{m['minilm_all_reduce'] / minilm_step:.2f}"])
    print(format_table(["workload", "workers", "all-reduce ms", "step ms",
                        "all-reduce / step"], rows, args.markdown))
    base = measured[0]
    cnn_compute = max(base["cnn_step"] - base["cnn_all_reduce"], 1e-6)
    minilm_compute = 6 * MINILM_PARAMS * (MINILM_TOKENS / base["world"]) / base["flops"]
    print(f"\n# weak scaling on paper: {args.bandwidth_gbit:g} Gbit/s, {args.latency_us:g} us "
          f"per message, ring all-reduce, no overlap; compute per step as measured at "
          f"{base['world']} workers (cnn {cnn_compute * 1e3:.2f} ms, MiniLM-size "
          f"~{minilm_compute * 1e3:.0f} ms)")
    paper = []
    for name, nbytes, compute in (("cnn", base["cnn_elems"] * 4, cnn_compute),
                                  ("MiniLM-size", MINILM_PARAMS * 4, minilm_compute)):
        for p in MACHINES:
            comm = ring_seconds(nbytes, p, args.bandwidth_gbit, args.latency_us)
            paper.append([name, str(p), f"{comm * 1e3:.2f}", f"{comm / (comm + compute):.2f}",
                          f"{p * compute / (compute + comm):.1f}"])
    print(format_table(["workload", "machines", "all-reduce ms", "share of step",
                        "speed-up vs 1"], paper, args.markdown))
    return 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "worker":
        worker(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        parser = argparse.ArgumentParser(prog="python -m bench distributed")
        add_arguments(parser)
        raise SystemExit(main(parser.parse_args()))
