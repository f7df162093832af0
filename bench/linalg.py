"""``python -m bench linalg``: rlx.linalg against numpy.linalg and torch.linalg.

    python -m bench linalg [--threads N [N ...]] [--repeat R] [--workloads KEY ...]
                           [--tiny] [--check-only] [--markdown]

The workloads are f64 factorisations and solves (a fixed seed, well-conditioned
matrices: a random matrix plus ``n`` on the diagonal, or ``m m^T / n + I`` for
cholesky). They run through the micro harness (:func:`bench.__main__.run_suite`):
results are checked against rlx's before timing (max abs difference printed), then
timed in rotating rounds; the table gives median ms and rlx / best peer.

Threads: rlx gets ``CompileOptions(num_threads=N)``, torch ``set_num_threads(N)``,
numpy's BLAS ``threadpoolctl`` limits. rlx runs LAPACK single-threaded inside each
batch element and spreads batch elements over its threads, so a lone matrix uses
one core whatever N is (noted on those rows).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

import numpy as np

import rlx
from bench import positive_int
from bench.workloads import Workload

ONE_CORE = ("rlx: one matrix, so LAPACK runs on one core (OpenBLAS is held at 1 thread "
            "inside rlx programs)")


def _general(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    n = shape[-1]
    return rng.standard_normal(shape) + n * np.eye(n)


def _spd(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    n = shape[-1]
    m = rng.standard_normal(shape)
    return m @ np.swapaxes(m, -1, -2) / n + np.eye(n)


def _no_onnx() -> Any:
    raise NotImplementedError("ONNX has no linear-algebra solve / factorisation ops")


def _workload(key: str, title: str, inputs: dict[str, np.ndarray],
              rlx_fn: Callable[..., rlx.Tensor], np_name: str, torch_name: str,
              batch: int) -> Workload:
    """One linalg workload: ``rlx.linalg.<fn>``, ``numpy.linalg.<np_name>`` and
    ``torch.linalg.<torch_name>`` of the same inputs."""
    def graph() -> rlx.Graph:
        g = rlx.Graph(key)
        args = [g.input(name, a.shape, "f64") for name, a in inputs.items()]
        g.set_outputs([rlx_fn(*args)])
        return g

    def array_fn(xp, i, p):
        return getattr(xp.np.linalg, np_name)(*i.values())

    def torch_fn(p):
        import torch

        return getattr(torch.linalg, torch_name)

    notes = [ONE_CORE] if batch == 1 else []
    return Workload(key, title, inputs, {}, graph, array_fn, torch_fn, _no_onnx,
                    atol=1e-8, rtol=1e-8, notes=notes)


def linalg_workloads(tiny: bool = False) -> list[Workload]:
    """solve (one and n right-hand sides), a batch of small solves, cholesky, inv."""
    n, small, batch, n_inv = (16, 4, 3, 8) if tiny else (512, 64, 64, 256)
    rng = np.random.default_rng(0)
    la = rlx.linalg
    a = _general(rng, (n, n))
    return [
        _workload("solve", f"solve f64 [{n},{n}] x = b[{n}]",
                  {"a": a, "b": rng.standard_normal(n)}, la.solve, "solve", "solve", 1),
        _workload("solve_nrhs", f"solve f64 [{n},{n}] X = B[{n},{n}]",
                  {"a": a, "b": rng.standard_normal((n, n))}, la.solve, "solve", "solve", 1),
        _workload("solve_batch", f"solve f64 {batch} x [{small},{small}] x = b[{small},1]",
                  {"a": _general(rng, (batch, small, small)),
                   "b": rng.standard_normal((batch, small, 1))},
                  la.solve, "solve", "solve", batch),
        _workload("cholesky", f"cholesky f64 [{n},{n}]", {"a": _spd(rng, (n, n))},
                  la.cholesky, "cholesky", "cholesky", 1),
        _workload("inv", f"inv f64 [{n_inv},{n_inv}]", {"a": _general(rng, (n_inv, n_inv))},
                  la.inv, "inv", "inv", 1),
    ]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    parser.add_argument("--threads", type=positive_int, nargs="+",
                        default=sorted({usable, 1}, reverse=True),
                        help="thread counts to run at (default: usable cores, then 1)")
    parser.add_argument("--repeat", type=positive_int, default=30,
                        help="timed samples per framework")
    parser.add_argument("--workloads", nargs="+", help="workload keys (default: all)")
    parser.add_argument("--tiny", action="store_true", help="toy sizes (a quick check)")
    parser.add_argument("--check-only", action="store_true", help="check agreement, no timing")
    parser.add_argument("--markdown", action="store_true", help="print tables as markdown")
    parser.add_argument("--device", default="cpu", help="rlx device (default: cpu)")


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import machine_description, run_and_report, select, versions
    from bench.peers import NumpyPeer, TorchPeer

    workloads = select(linalg_workloads(tiny=args.tiny), args.workloads)
    peers = [p for p in (NumpyPeer(), TorchPeer()) if p.missing() is None]
    print(f"machine: {machine_description()}")
    print(f"versions: {versions(peers)}")
    return run_and_report(workloads, peers, args)
