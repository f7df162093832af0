"""``python -m bench fft``: rlx.fft against numpy.fft, scipy.fft and torch.fft.

    python -m bench fft [--threads N [N ...]] [--repeat R] [--workloads KEY ...]
                        [--tiny] [--check-only] [--markdown]

The workloads are single transforms of 2^16 points (rfft of float32, fft of complex64),
a prime length (Bluestein) and a batch of short rows. Same harness as ``bench micro``:
results checked against rlx's (max abs difference), then timed in rotating rounds;
median ms and rlx / best peer. numpy.fft computes in double precision whatever the
input; scipy.fft and torch.fft keep single precision, as rlx does.
"""

from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import Any

import numpy as np

import rlx
from bench.peers import NumpyPeer, Runner
from bench.workloads import Workload


class ScipyPeer(NumpyPeer):
    """scipy.fft (pocketfft, single precision kept) through the array-function path."""

    name = "scipy"

    def missing(self) -> str | None:
        import importlib.util

        return None if importlib.util.find_spec("scipy") else "scipy is not installed"

    def prepare(self, workload: Workload, threads: int) -> Runner:
        import scipy.fft

        xp = SimpleNamespace(np=np, fft=scipy.fft)
        return Runner(self.name, lambda: workload.array_fn(xp, workload.inputs, {}))


def _workload(key: str, title: str, x: np.ndarray, kind: str) -> Workload:
    def graph() -> rlx.Graph:
        g = rlx.Graph(key)
        t = g.input("x", x.shape, x.dtype)
        g.set_outputs([getattr(rlx.fft, kind)(t)])
        return g

    def array_fn(xp, i, p):
        return getattr(getattr(xp, "fft", xp.np.fft), kind)(i["x"])

    def torch_fn(p):
        import torch

        return getattr(torch.fft, kind)

    def no_onnx() -> Any:
        raise NotImplementedError("ONNX Runtime's DFT is not built here")

    return Workload(key, title, {"x": x}, {}, graph, array_fn, torch_fn, no_onnx,
                    atol=2e-3 * float(np.sqrt(x.shape[-1])), rtol=1e-4,
                    rlx_paths=("run_slots", "run"))


def fft_workloads(tiny: bool = False) -> list[Workload]:
    rng = np.random.default_rng(0)
    n, prime, rows, row = (64, 61, 2, 16) if tiny else (1 << 16, 4093, 64, 1024)
    real = rng.standard_normal(n).astype(np.float32)
    cplx = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    odd = (rng.standard_normal(prime) + 1j * rng.standard_normal(prime)).astype(np.complex64)
    batch = rng.standard_normal((rows, row)).astype(np.float32)
    return [_workload("rfft", f"rfft f32 [{n}]", real, "rfft"),
            _workload("fft", f"fft c64 [{n}]", cplx, "fft"),
            _workload("fft_prime", f"fft c64 [{prime}] (prime)", odd, "fft"),
            _workload("rfft_rows", f"rfft f32 [{rows},{row}]", batch, "rfft")]


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import machine_description, run_and_report, select, versions
    from bench.peers import TorchPeer

    workloads = select(fft_workloads(tiny=args.tiny), args.workloads)
    peers = [p for p in (NumpyPeer(), ScipyPeer(), TorchPeer()) if p.missing() is None]
    print(f"machine: {machine_description()}")
    print(f"versions: {versions(peers)}")
    return run_and_report(workloads, peers, args)
