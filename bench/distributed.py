"""``python -m bench distributed``: what data-parallel training spends on all-reduce.

    python -m bench distributed [--workers 2 4] [--steps 8] [--device cpu]
                                [--bandwidth-gbit 10] [--latency-us 50] [--markdown]

For each worker count it launches that many processes on this machine (gloo over
loopback, as ``torchrun`` would; ``OMP_NUM_THREADS=1`` each) and measures, on rank 0:

* **cnn**: the digits CNN of ``bench/training.py`` (float32, global batch 128 split
  evenly, Adam) trained with :class:`rlx.distributed.DataParallelTrainer`: the median
  step time (forward, backward, all-reduce, Adam) with the all-reduces overlapping the
  backward (``overlap=True``, the default) and after it (``overlap=False``), the median
  time of an all-reduce of its gradient buffer alone (same buckets), and its ratio to
  the step;
* **MiniLM**: the all-MiniLM-L6-v2 encoder (``rlx.models.bert``, its 22.6 M float32
  params, random weights) trained data-parallel on a global batch of 32 sequences of
  128 tokens (mean squared distance of the sentence embeddings to random targets,
  Adam): the median step time (forward, backward, all-reduce of its 90 MB gradient in
  4 MB buckets, Adam; overlapped and after) over ``--minilm-steps`` steps, and the
  median of 3 all-reduces of that buffer alone.

Then, on paper, weak scaling to 8, 32 and 128 machines (each keeps its local batch):
a ring all-reduce of ``B`` bytes over ``p`` machines costs
``2 (p - 1) / p * B / bandwidth + 2 (p - 1) * latency``; the compute per step stays
the measured (or estimated) one, and the table gives the all-reduce share of a step
without overlap.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

from bench import non_negative_float, non_negative_int, positive_float, positive_int

MINILM_GLOBAL_BATCH, MINILM_SEQ = 32, 128
CNN_GLOBAL_BATCH = 128
BUCKET_BYTES = 4 << 20
MACHINES = (8, 32, 128)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=positive_int, nargs="+", default=[2, 4],
                        help="worker process counts (default: 2 4)")
    parser.add_argument("--steps", type=positive_int, default=8,
                        help="timed CNN steps per worker count")
    parser.add_argument("--minilm-steps", type=non_negative_int, default=3,
                        help="timed MiniLM steps per worker count (0: skip MiniLM)")
    parser.add_argument("--device", default="cpu", help="rlx device (default: cpu)")
    parser.add_argument("--bandwidth-gbit", type=positive_float, default=10.0,
                        help="network bandwidth for the scaling estimate (Gbit/s)")
    parser.add_argument("--latency-us", type=non_negative_float, default=50.0,
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


def minilm_trainer(batch: int, device: str, trainer_class):
    """``trainer_class`` (a DataParallelTrainer) over the MiniLM encoder for ``batch``
    sequences of MINILM_SEQ tokens, and a batch of random token ids and targets."""
    import rlx
    from rlx.models.bert import BertConfig, bert_param_shapes, build_bert_encoder
    from rlx.optim import Adam

    config = BertConfig(vocab_size=30522, hidden_size=384, num_hidden_layers=6,
                        num_attention_heads=12, intermediate_size=1536)
    g = build_bert_encoder(config, batch, MINILM_SEQ)
    embedding = g.tensor(g.outputs[0])
    gap = embedding - g.input("target", embedding.shape)
    g.set_outputs([(gap * gap).sum() * (1.0 / batch)])
    rng = np.random.default_rng(0)
    params = {name: (0.02 * rng.standard_normal(shape)).astype(np.float32)
              for name, shape in bert_param_shapes(config).items()}
    trainer = trainer_class(g, params, Adam(1e-4), device=device, bucket_bytes=BUCKET_BYTES,
                            options=rlx.CompileOptions(split_params=False))
    feeds = {"input_ids": rng.integers(0, config.vocab_size, (batch, MINILM_SEQ)),
             "attention_mask": np.ones((batch, MINILM_SEQ), np.int64),
             "token_type_ids": np.zeros((batch, MINILM_SEQ), np.int64),
             "target": rng.standard_normal(embedding.shape).astype(np.float32)}
    return trainer, feeds, sum(int(np.prod(v.shape)) for v in params.values())


def _alternating(trainers: dict, warm: list, timed: list, method: str) -> dict:
    """The median seconds of ``trainer.<method>(batch)`` per trainer, after one call per
    ``warm`` batch, the trainers taking turns on each ``timed`` batch (so that the
    machine's drift falls on both alike)."""
    import rlx.distributed as rd

    for batch in warm:
        for trainer in trainers.values():
            getattr(trainer, method)(batch)
    rd.barrier()
    times: dict = {key: [] for key in trainers}
    for batch in timed:
        for key, trainer in trainers.items():
            started = time.perf_counter()
            getattr(trainer, method)(batch)
            times[key].append(time.perf_counter() - started)
    return {key: float(np.median(t)) for key, t in times.items()}


def worker(out: str, steps: int, minilm_steps: int, device: str) -> None:
    import rlx.distributed as rd
    from bench.training import cnn
    from rlx.optim import Adam, minibatches

    rd.init(timeout=600)
    world = rd.world_size()
    model = cnn(batch=CNN_GLOBAL_BATCH // world)
    rng = np.random.default_rng(0)
    data = {"x": rng.standard_normal((CNN_GLOBAL_BATCH * (steps + 2), 1, 8, 8)).astype(np.float32),
            "y": rng.integers(0, 10, CNN_GLOBAL_BATCH * (steps + 2))}
    batches = list(minibatches(data, CNN_GLOBAL_BATCH)(1))
    trainers = {overlap: rd.DataParallelTrainer(model.loss_graph(), model.init(),
                                                Adam(model.lr), device=device,
                                                bucket_bytes=BUCKET_BYTES, overlap=overlap)
                for overlap in (True, False)}
    cnn_steps = _alternating(trainers, batches[:2], batches[2:], "step")
    grads = np.ones(sum(int(np.prod(s)) for s in model.param_shapes.values()) + 1, np.float32)

    def all_reduce_seconds(buffer, repeat):
        def once():
            rd.BucketedAllReduce(buffer, BUCKET_BYTES // 4).finish()
        once()
        rd.barrier()
        return _median_seconds(once, repeat)

    result = {"world": world, "cnn_step": cnn_steps[True], "cnn_step_after": cnn_steps[False],
              "cnn_all_reduce": all_reduce_seconds(grads, 20), "cnn_elems": int(grads.size)}
    if minilm_steps:
        trainers = {}
        for overlap in (True, False):
            # the local share of the global batch: the trainer averages over the workers
            trainers[overlap], feeds, count = minilm_trainer(
                MINILM_GLOBAL_BATCH // world, device,
                functools.partial(rd.DataParallelTrainer, overlap=overlap))
        # each worker its own local batch
        times = _alternating(trainers, [feeds], [feeds] * minilm_steps, "step_local")
        result |= {"minilm_step": times[True], "minilm_step_after": times[False],
                   "minilm_params": count,
                   "minilm_all_reduce": all_reduce_seconds(np.ones(count, np.float32), 3)}
    if rd.rank() == 0:
        with open(out, "w") as f:
            json.dump(result, f)
    rd.shutdown()


# --------------------------------------------------------------------------- driver

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _launch(world: int, steps: int, minilm_steps: int, device: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "rank0.json")
        port = _free_port()
        procs = []
        for rank in range(world):
            env = dict(os.environ, RANK=str(rank), WORLD_SIZE=str(world),
                       MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), OMP_NUM_THREADS="1")
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "bench.distributed", "worker", out, str(steps),
                 str(minilm_steps), device], env=env))
        codes = [p.wait(timeout=1800) for p in procs]
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
    measured = [_launch(world, args.steps, args.minilm_steps, args.device)
                for world in args.workers]
    rows = []
    for m in measured:
        w = m["world"]
        rows.append([f"cnn (global batch {CNN_GLOBAL_BATCH})", str(w),
                     f"{m['cnn_all_reduce'] * 1e3:.2f}", f"{m['cnn_step'] * 1e3:.2f}",
                     f"{m['cnn_step_after'] * 1e3:.2f}",
                     f"{m['cnn_all_reduce'] / m['cnn_step']:.2f}"])
        if "minilm_step" in m:
            rows.append([f"MiniLM ({m['minilm_params'] / 1e6:.1f} M f32, global batch "
                         f"{MINILM_GLOBAL_BATCH} x {MINILM_SEQ})", str(w),
                         f"{m['minilm_all_reduce'] * 1e3:.0f}", f"{m['minilm_step'] * 1e3:.0f}",
                         f"{m['minilm_step_after'] * 1e3:.0f}",
                         f"{m['minilm_all_reduce'] / m['minilm_step']:.2f}"])
    print(format_table(["workload", "workers", "all-reduce ms", "step ms (overlapped)",
                        "step ms (all-reduce after)", "all-reduce / step"], rows,
                       args.markdown))
    base = measured[0]
    workloads = [("cnn", base["cnn_elems"] * 4,
                  max(base["cnn_step"] - base["cnn_all_reduce"], 1e-6))]
    if "minilm_step" in base:
        workloads.append(("MiniLM", base["minilm_params"] * 4,
                          max(base["minilm_step"] - base["minilm_all_reduce"], 1e-6)))
    print(f"\n# weak scaling on paper: {args.bandwidth_gbit:g} Gbit/s, {args.latency_us:g} us "
          f"per message, ring all-reduce, no overlap; compute per step as measured at "
          f"{base['world']} workers ("
          + ", ".join(f"{name} {compute * 1e3:.2f} ms" for name, _, compute in workloads) + ")")
    paper = []
    for name, nbytes, compute in workloads:
        for p in MACHINES:
            comm = ring_seconds(nbytes, p, args.bandwidth_gbit, args.latency_us)
            paper.append([name, str(p), f"{comm * 1e3:.2f}", f"{comm / (comm + compute):.2f}",
                          f"{p * compute / (compute + comm):.1f}"])
    print(format_table(["workload", "machines", "all-reduce ms", "share of step",
                        "speed-up vs 1"], paper, args.markdown))
    return 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "worker":
        worker(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        parser = argparse.ArgumentParser(prog="python -m bench distributed")
        add_arguments(parser)
        raise SystemExit(main(parser.parse_args()))
