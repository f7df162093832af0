"""One worker of a test of the in-graph collectives (rlx.ir.collective_ops), launched as a
subprocess with the variables ``torchrun`` sets (RANK, WORLD_SIZE, MASTER_ADDR,
MASTER_PORT).

    python collective_worker.py ops OUT_DIR           # every op, both devices, and the
                                                      # one-program tensor-parallel MLP
    python collective_worker.py die OUT_DIR DEVICE    # rank 1 kills itself mid-run
    python collective_worker.py mismatch OUT_DIR      # the ranks' calls differ

``ops``: each rank writes ``rank{r}.npz`` with the outputs of ``dm.collective_graph`` on
its own inputs (``dm.collective_inputs``), per device, dtype and overlap, and the in-graph
tensor-parallel MLP's results. ``die``: every rank runs an all-reduce program; rank 1
kills itself at its 4th run and the others write ``rank{r}.json`` with the error they
got and how long the failed run took. ``mismatch``: in each case of :data:`MISMATCHES`
the ranks make calls that differ (in dtype, shape, axis or source; host calls, and
programs built for different shapes), and each rank writes ``rank{r}.json``: per case
the error's class and message, and the result of a correct all-reduce made after it.
``RLX_DIST_TIMEOUT`` sets the collective timeout.
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dist_models as dm  # noqa: E402

import rlx  # noqa: E402
import rlx.distributed as rd  # noqa: E402

DEVICES = ("reference", "cpu")


def ops(out: str) -> None:
    world, rank = rd.world_size(), rd.rank()
    results: dict[str, np.ndarray] = {}
    for device in DEVICES:
        for dtype, overlap in (("f64", False), ("f32", False), ("f64", True), ("f32", True)):
            exe = rlx.Session(device).compile(dm.collective_graph(world, dtype, overlap))
            values = dm.collective_inputs(rank, dtype)
            exe.set_param("w", values["w"])
            got = exe.run({"a": values["a"], "i": values["i"]})
            again = exe.clone().run({"a": values["a"], "i": values["i"]})
            for name, value, second in zip(dm.COLLECTIVE_OUTPUTS, got, again):
                np.testing.assert_array_equal(second, value)
                results[f"{device}{'+overlap' if overlap else ''}/{dtype}/{name}"] = value
        w1, b1, w2, b2, x = dm.tp_weights()
        mlp = rd.TensorParallelMLP(w1, b1, w2, b2, rows=len(x), device=device, in_graph=True)
        results[f"tp/{device}/out"] = mlp(x)
        results[f"tp/{device}/scattered"] = mlp.scattered(x)
        results[f"tp/{device}/hidden"] = mlp.hidden(x)
    np.savez(os.path.join(out, f"rank{rank}.npz"), **results)


def die(out: str, device: str) -> None:
    """Run an all-reduce program until rank 1 kills itself at run 3; the others report
    the error their run raised."""
    g = rlx.Graph("die")
    x = g.input("x", (64,), "f64")
    g.set_outputs([rd.graph_all_reduce(x * 2.0).exp()])
    exe = rlx.Session(device).compile(g)
    runs = iter(range(1000))
    dm.run_until_a_peer_is_lost(out, lambda: exe.run({"x": np.full(64, 0.01 * next(runs))}))


def _program(device: str, shape: tuple[int, ...]) -> rlx.CompiledGraph:
    g = rlx.Graph("mismatch")
    g.set_outputs([rd.graph_all_reduce(g.input("x", shape, "f32") + 1.0)])
    return rlx.Session(device).compile(g)


MISMATCHES = {
    # case: what rank r calls (rank 0 the first form, the others the second)
    "all_reduce dtype": lambda r: rd.all_reduce(np.ones(4, np.float32 if r else np.float64)),
    "all_reduce same bytes": lambda r: rd.all_reduce(np.ones(2, np.float32 if r else np.int32)),
    "all_gather size": lambda r: rd.all_gather(np.arange(2.0 + r)),
    "all_gather shape": lambda r: rd.all_gather(np.zeros((2, 3) if r else (3, 2))),
    "all_gather axis": lambda r: rd.all_gather(np.zeros((2, 2)), axis=min(r, 1)),
    "reduce_scatter op": lambda r: rd.reduce_scatter(np.ones(12), "mean" if r else "sum"),
    "broadcast size": lambda r: rd.broadcast(np.zeros(3 + min(r, 1))),
    "broadcast src": lambda r: rd.broadcast(np.zeros(3), src=min(r, 1)),
    "reduce then gather": lambda r: (rd.all_gather(np.zeros(2)) if r
                                     else rd.all_reduce(np.zeros(2))),
    "programs reference": lambda r: _program("reference", (3 + min(r, 1),)).run(
        {"x": np.zeros(3 + min(r, 1), np.float32)}),
    "programs cpu": lambda r: _program("cpu", (2, 3) if r else (3, 2)).run(
        {"x": np.zeros((2, 3) if r else (3, 2), np.float32)}),
}


def mismatch(out: str) -> None:
    rank = rd.rank()
    report = {}
    for case, call in MISMATCHES.items():
        try:
            call(rank)
            error = None
        except Exception as err:      # noqa: BLE001 - the test checks the class
            error = [type(err).__name__, str(err)]
        after = rd.all_reduce(np.full(2, rank + 1.0)).tolist()
        report[case] = {"error": error, "after": after}
    with open(os.path.join(out, f"rank{rank}.json"), "w") as f:
        json.dump(report, f)


def main() -> None:
    scenario, out = sys.argv[1], sys.argv[2]
    rd.init(timeout=float(os.environ.get("RLX_DIST_TIMEOUT", "30")))
    try:
        if scenario == "ops":
            ops(out)
        elif scenario == "mismatch":
            mismatch(out)
        else:
            die(out, sys.argv[3])
    finally:
        rd.shutdown()


if __name__ == "__main__":
    main()
