"""``python -m bench control``: an RNN as an rlx.scan against PyTorch and numpy.

    python -m bench control [--threads N [N ...]] [--repeat R] [--workloads KEY ...]
                            [--tiny] [--check-only] [--markdown]

The workload is an Elman RNN, ``h_t = tanh(x_t W + h_{t-1} U + b)`` over T steps, all
hidden states returned. rlx builds it as one ``rlx.scan`` (the loop runs inside the
compiled program); PyTorch runs ``torch.nn.RNN`` (its C++ loop over the same weights)
and numpy a Python loop. Same harness as ``bench micro`` (checked, then timed in
rotating rounds; median ms and rlx / best peer).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import rlx
from bench.workloads import Workload


def _rnn(key: str, steps: int, batch: int, n_in: int, hidden: int) -> Workload:
    rng = np.random.default_rng(0)
    inputs = {"xs": rng.standard_normal((steps, batch, n_in)).astype(np.float32),
              "h0": rng.standard_normal((batch, hidden)).astype(np.float32)}
    params = {"w": (rng.standard_normal((n_in, hidden)) / np.sqrt(n_in)).astype(np.float32),
              "u": (rng.standard_normal((hidden, hidden)) / np.sqrt(hidden)).astype(np.float32),
              "b": (rng.standard_normal(hidden) * 0.1).astype(np.float32)}

    def graph() -> rlx.Graph:
        g = rlx.Graph(key)
        xs, h0 = (g.input(k, v.shape) for k, v in inputs.items())
        w, u, b = (g.param(k, v.shape) for k, v in params.items())
        _, hs = rlx.scan(lambda h, x: (rlx.tanh(x @ w + h @ u + b),) * 2, h0, xs)
        g.set_outputs([hs])
        return g

    def array_fn(xp, i, p):
        h, out = i["h0"], []
        for x in i["xs"]:
            h = xp.np.tanh(x @ p["w"] + h @ p["u"] + p["b"])
            out.append(h)
        return xp.np.stack(out)

    def torch_fn(p):
        import torch

        rnn = torch.nn.RNN(n_in, hidden, nonlinearity="tanh")
        with torch.no_grad():
            rnn.weight_ih_l0.copy_(p["w"].T)
            rnn.weight_hh_l0.copy_(p["u"].T)
            rnn.bias_ih_l0.copy_(p["b"])
            rnn.bias_hh_l0.zero_()
        rnn.requires_grad_(False)
        return lambda xs, h0: rnn(xs, h0[None])[0]

    def no_onnx() -> Any:
        raise NotImplementedError("not built for ONNX Runtime here")

    return Workload(key, f"RNN scan T={steps} batch={batch} {n_in}->{hidden} f32", inputs,
                    params, graph, array_fn, torch_fn, no_onnx, atol=1e-4, rtol=1e-3,
                    rlx_paths=("run_slots", "run"))


def control_workloads(tiny: bool = False) -> list[Workload]:
    if tiny:
        return [_rnn("rnn", 5, 2, 8, 16)]
    return [_rnn("rnn", 128, 1, 128, 256), _rnn("rnn_b16", 64, 16, 256, 512)]


def main(args: argparse.Namespace) -> int:
    from bench.__main__ import machine_description, run_and_report, select, versions
    from bench.peers import NumpyPeer, TorchPeer

    workloads = select(control_workloads(tiny=args.tiny), args.workloads)
    peers = [p for p in (NumpyPeer(), TorchPeer()) if p.missing() is None]
    print(f"machine: {machine_description()}")
    print(f"versions: {versions(peers)}")
    return run_and_report(workloads, peers, args)
